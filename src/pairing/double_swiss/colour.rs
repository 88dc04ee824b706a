//! Article 4: the colours of a match, decided once the round is paired (Double-Swiss has no
//! colour criterion). The player given White plays White in game 1 and Black in game 2.
//!
//! A player's colour in a round is the game-1 colour of a match of which at least one game
//! was played (1.6); rounds without one are skipped.

use crate::tournament::Colour;

use super::field::Entrant;

/// Which rule of 4.3 decided a match's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// 4.3.1: neither player has a colour yet.
    Initial,
    /// 4.3.2: fewer Whites.
    FewerWhites,
    /// 4.3.3: the most recent round in which the two had different colours.
    LastDifference,
    /// 4.3.4: the higher-ranked player alternates.
    HigherAlternates,
    /// 4.3.5: the opponent alternates.
    OpponentAlternates,
}

/// Whether the higher-ranked player `high` gets White against `low` (4.3), and by which
/// rule; `initial` is the colour drawn before round 1.
pub(crate) fn higher_gets_white(high: &Entrant, low: &Entrant, initial: Colour) -> (bool, Rule) {
    let (hw, lw) = (high.whites(), low.whites());
    let (h_last, l_last) = (high.last_colour(), low.last_colour());
    if h_last.is_none() && l_last.is_none() {
        // 4.3.1: the initial colour when the higher-ranked player's number is odd.
        let colour = if high.tpn % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
        return (colour == Colour::White, Rule::Initial);
    }
    if hw != lw {
        return (hw < lw, Rule::FewerWhites);
    }
    let rounds = high.colours.len().min(low.colours.len());
    let differed = (0..rounds)
        .rev()
        .find_map(|k| match (high.colours[k], low.colours[k]) {
            (Some(h), Some(l)) if h != l => Some(h),
            _ => None,
        });
    if let Some(h) = differed {
        return (h == Colour::Black, Rule::LastDifference);
    }
    if let Some(h) = h_last {
        return (h == Colour::Black, Rule::HigherAlternates);
    }
    (l_last == Some(Colour::White), Rule::OpponentAlternates)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Points;
    use Colour::{Black as B, White as W};

    fn entrant(tpn: u32, colours: &[Option<Colour>]) -> Entrant {
        Entrant {
            id: tpn,
            tpn,
            score: Points::ZERO,
            matches: 0,
            colours: colours.to_vec(),
            bye_eligible: true,
            floated: false,
        }
    }

    #[test]
    fn rule_1_initial_colour_by_the_higher_ranked_number() {
        let (odd, even, other) = (
            entrant(3, &[None]),
            entrant(4, &[None]),
            entrant(7, &[None]),
        );
        assert_eq!(higher_gets_white(&odd, &other, W), (true, Rule::Initial));
        assert_eq!(higher_gets_white(&even, &other, W), (false, Rule::Initial));
        assert_eq!(higher_gets_white(&odd, &other, B), (false, Rule::Initial));
    }

    #[test]
    fn rule_2_fewer_whites() {
        let high = entrant(1, &[Some(W), Some(W), Some(B)]);
        let low = entrant(2, &[Some(B), None, Some(W)]);
        assert_eq!(
            higher_gets_white(&high, &low, W),
            (false, Rule::FewerWhites)
        );
        // A player without colours has fewer Whites than one with a White.
        let new = entrant(5, &[None, None]);
        let one = entrant(1, &[Some(W), None]);
        assert_eq!(higher_gets_white(&one, &new, W), (false, Rule::FewerWhites));
    }

    #[test]
    fn rule_3_most_recent_difference() {
        // Equal Whites; round 3 same colours, round 2 differed (high had White).
        let high = entrant(1, &[Some(B), Some(W), Some(B)]);
        let low = entrant(2, &[Some(W), Some(B), Some(B)]);
        assert_eq!(
            higher_gets_white(&high, &low, W),
            (false, Rule::LastDifference)
        );
    }

    #[test]
    fn rule_4_higher_ranked_alternates() {
        // Same colours in every round both played: no difference to go by.
        let high = entrant(1, &[Some(W), None]);
        let low = entrant(2, &[Some(W), None]);
        assert_eq!(
            higher_gets_white(&high, &low, W),
            (false, Rule::HigherAlternates)
        );
        let high = entrant(1, &[None, Some(B)]);
        let low = entrant(2, &[Some(B), None]);
        assert_eq!(
            higher_gets_white(&high, &low, W),
            (true, Rule::HigherAlternates)
        );
    }

    #[test]
    fn rule_5_opponent_alternates() {
        // Equal Whites (none), the higher-ranked player has no colour, the opponent had
        // Black.
        let high = entrant(1, &[None]);
        let low = entrant(2, &[Some(B)]);
        assert_eq!(
            higher_gets_white(&high, &low, W),
            (false, Rule::OpponentAlternates)
        );
    }
}
