//! C.04.4.2 5.2: the colours of a pair, by the shared allocation (`pairing::colour`),
//! which applies 5.2.2–5.2.5 in that order, and 5.2.1 when neither has played.

use crate::pairing::colour::{Allocation, allocate};

use super::field::Field;

/// The pair `a`-`b` as (White, Black).
/// - 5.2.1 (neither has played a game): the higher ranked is the one with more points,
///   then the smaller TPN; an odd TPN gets the initial colour.
/// - 5.2.2 both preferences, 5.2.3 the stronger one (absolute over strong over mild;
///   the text knows no degrees of absolute), 5.2.4 alternation from the most recent
///   round in which their colours differed, 5.2.5 the higher ranked player's preference,
///   where "higher ranked" is the 1.8 order (Index, then TPN).
pub(crate) fn colours(field: &Field, a: usize, b: usize) -> (usize, usize) {
    decide(field, a, b).white_black()
}

/// How 5.2 decides the colours of a pair: who ranks higher for 5.2 and the shared
/// allocation's verdict (its rule names the article, see [`article`]).
pub(crate) struct Decision {
    pub(crate) higher: usize,
    pub(crate) lower: usize,
    pub(crate) allocation: Allocation,
}

impl Decision {
    /// (White, Black).
    pub(crate) fn white_black(&self) -> (usize, usize) {
        if self.allocation.higher_gets_white {
            (self.higher, self.lower)
        } else {
            (self.lower, self.higher)
        }
    }
}

/// The 5.2 decision for the pair `a`-`b` (see [`colours`]).
pub(crate) fn decide(field: &Field, a: usize, b: usize) -> Decision {
    let (pa, pb) = (&field.players[a].state, &field.players[b].state);
    let a_higher = if pa.colours.is_empty() && pb.colours.is_empty() {
        (pa.score, std::cmp::Reverse(pa.rank)) > (pb.score, std::cmp::Reverse(pb.rank))
    } else {
        field.rank_key(a) < field.rank_key(b)
    };
    let (higher, lower) = if a_higher { (a, b) } else { (b, a) };
    let allocation = allocate(
        &field.players[higher].state,
        &field.players[lower].state,
        &field.colour_rules,
    );
    Decision {
        higher,
        lower,
        allocation,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::burstein::field::Entrant;
    use crate::pairing::burstein::field::tests::entrant;
    use crate::pairing::colour::ColourPreference;
    use crate::tournament::Colour::{self, Black as B, White as W};

    fn with(mut e: Entrant, colours: &[Colour]) -> Entrant {
        e.state.colours = colours.to_vec();
        e.state.preference = ColourPreference::from_history(colours);
        e
    }

    /// 5.2.1: neither has played; the higher ranked (more points) has TPN 2 (even), so
    /// he gets the colour opposite to the initial one (White): Black.
    #[test]
    fn neither_played() {
        let field = Field::from_parts(vec![entrant(0, 0, 0, 0), entrant(1, 2, 0, 0)], &[]);
        assert_eq!(colours(&field, 0, 1), (0, 1));
    }

    /// 5.2.5: same preference, same history: the higher ranked by Index (player 2, with
    /// fewer points but the larger Buchholz) gets his preference.
    #[test]
    fn higher_index_gets_preference() {
        let field = Field::from_parts(
            vec![
                with(entrant(0, 2, 10, 0), &[B]),
                with(entrant(1, 0, 20, 0), &[B]),
            ],
            &[],
        );
        assert_eq!(colours(&field, 0, 1), (1, 0));
        // 5.2.3: the stronger preference wins over the rank.
        let field = Field::from_parts(
            vec![
                with(entrant(0, 2, 10, 0), &[B, W, B]),
                with(entrant(1, 0, 20, 0), &[W, B]),
            ],
            &[],
        );
        assert_eq!(colours(&field, 0, 1), (0, 1));
    }
}
