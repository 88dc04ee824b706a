//! C.04.4.1 5.2: the colours of a pair.

use crate::pairing::colour::ColourRule;
use crate::tournament::Colour;

use super::field::{Entrant, Field};

/// 5.2.1–5.2.5 for the pair `higher`/`lower` (field indices, `higher` ranked higher:
/// more points, or equal points and a smaller TPN). Returns whether `higher` gets White.
pub(crate) fn higher_gets_white(field: &Field, higher: usize, lower: usize) -> bool {
    allocate(field, higher, lower).0
}

/// [`higher_gets_white`], with the rule that decides it (`PairingNumber` is 5.2.1,
/// `BothPreferences` 5.2.2, `StrongerPreference` 5.2.3, `Alternation` 5.2.4,
/// `HigherRankedPreference` 5.2.5).
pub(crate) fn allocate(field: &Field, higher: usize, lower: usize) -> (bool, ColourRule) {
    let (h, l) = (&field.players[higher], &field.players[lower]);
    let (colour, rule) = grant(h, l, field.initial);
    (colour == Colour::White, rule)
}

/// The colour of the higher-ranked player `h` against `l`, and the rule giving it.
fn grant(h: &Entrant, l: &Entrant, initial: Colour) -> (Colour, ColourRule) {
    // 5.2.1: neither has played a game: an odd TPN gets the initial colour.
    if h.games() == 0 && l.games() == 0 {
        let colour = if h.tpn() % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
        return (colour, ColourRule::PairingNumber);
    }
    let ((hc, hs), (lc, ls)) = (h.preference, l.preference);
    // 5.2.2: both preferences (a player without games wants Black, 1.6.4).
    if hc != lc {
        return (hc, ColourRule::BothPreferences);
    }
    // 5.2.3: the stronger preference.
    if hs != ls {
        let colour = if hs > ls { hc } else { hc.opposite() };
        return (colour, ColourRule::StrongerPreference);
    }
    // 5.2.4: alternate from the latest round in which one had White and the other Black
    // (histories of played games, aligned from the latest).
    let (hh, lh) = (&h.state.colours, &l.state.colours);
    for back in 1..=hh.len().min(lh.len()) {
        let (a, b) = (hh[hh.len() - back], lh[lh.len() - back]);
        if a != b {
            return (b, ColourRule::Alternation);
        }
    }
    // 5.2.5: the higher-ranked player's preference.
    (hc, ColourRule::HigherRankedPreference)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::dubov::field::test_player;
    use crate::tournament::Colour::{Black as B, White as W};

    fn white(h: Entrant, l: Entrant) -> bool {
        let field = Field::from_players(vec![h, l], &[], 3);
        higher_gets_white(&field, 0, 1)
    }

    #[test]
    fn rule_5_2_1_no_games_odd_tpn_gets_the_initial_colour() {
        assert!(white(
            test_player(1, 0, &[], 0, 0),
            test_player(4, 0, &[], 0, 0)
        ));
        assert!(!white(
            test_player(2, 0, &[], 0, 0),
            test_player(3, 0, &[], 0, 0)
        ));
    }

    #[test]
    fn rule_5_2_2_grants_both_a_newcomer_wants_black() {
        assert!(white(
            test_player(1, 1, &[B], 0, 0),
            test_player(2, 1, &[W], 0, 0)
        ));
        // The lower player has no games: mild Black, so the higher one gets White.
        assert!(white(
            test_player(1, 1, &[B, W, B], 0, 0),
            test_player(2, 1, &[], 0, 0)
        ));
    }

    #[test]
    fn rule_5_2_3_stronger_then_5_2_4_alternation_then_5_2_5() {
        // Strong (CD -1) beats mild.
        assert!(!white(
            test_player(1, 1, &[W, B], 0, 0),
            test_player(2, 1, &[B], 0, 0)
        ));
        // Both mild for White, last differing round: higher B, lower W -> higher W.
        assert!(white(
            test_player(1, 1, &[W, B, W, B], 0, 0),
            test_player(2, 1, &[B, W, W, B], 0, 0)
        ));
        // Identical histories: the higher player's preference.
        assert!(white(
            test_player(1, 1, &[W, B], 0, 0),
            test_player(2, 1, &[W, B], 0, 0)
        ));
    }
}
