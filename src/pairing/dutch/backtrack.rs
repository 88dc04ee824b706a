//! C.04.3 (2012) C.12: backtracking to the previous score bracket. A bracket is first
//! paired for its own criteria; C.12 sends the pairing back to it when its downfloaters
//! leave the next score bracket short of pairs, and accepts another pairing of it whose
//! downfloaters, as many and with the same scores, "now allow P1 pairings".

use crate::matching::CardinalityMatcher;
use crate::pairing::state::RoundState;

use super::criteria::may_meet;

/// C.04.3 (2012) C.1/C.12: whether the downfloaters `mdps` leave the next scoregroup
/// `residents` short of pairs. Reading: C.1 first moves down every player of that
/// bracket who can meet no one in it (B.1, B.2; players moved down do not meet each
/// other), without sending the pairing back for him; the others must then all be paired
/// but one at most (P1 = P0, A.6.b). C.12 backtracks only "if there are moved down
/// players": with none, nothing above can help. JaVaFo 1.4 agrees on the whole 2012
/// corpus; counting the next bracket's pairs in every bracket, or counting the players
/// without an opponent, each breaks rounds of it.
pub(super) fn leaves_short(state: &RoundState, mdps: &[usize], residents: &[usize]) -> bool {
    if mdps.is_empty() {
        return false;
    }
    let players: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let m = mdps.len();
    let legal = |a: usize, b: usize| {
        let (a, b) = (a.min(b), a.max(b));
        b >= m && may_meet(state, players[a], players[b])
    };
    let n = players.len();
    let has_opponent = |a: usize| (0..n).any(|b| b != a && legal(a, b));
    let exposed = CardinalityMatcher::new(n, legal).maximise();
    exposed.into_iter().filter(|&v| has_opponent(v)).count() > 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::colour::ColourRules;
    use crate::pairing::state::{PlayerState, RuleVersion};
    use crate::tournament::Colour;

    /// Six players without history but the pairs in `met` (B.1).
    fn state(met: &[(usize, usize)]) -> RoundState {
        let mut forbidden = vec![Vec::new(); 6];
        for &(a, b) in met {
            forbidden[a].push(b);
            forbidden[b].push(a);
        }
        RoundState {
            round: 2,
            rules: RuleVersion::Dutch2012,
            players: (0..6).map(|r| PlayerState::with_colours(r, &[])).collect(),
            forbidden,
            colour_rules: ColourRules::new(RuleVersion::Dutch2012, 2, Colour::White),
        }
    }

    #[test]
    fn short_when_residents_who_could_play_are_left_over() {
        // 0 moves down to 1, 2, 3; 1 and 2 met, and 0 met 1 and 2: 0-3 leaves 1 and 2.
        let s = state(&[(1, 2), (0, 1), (0, 2)]);
        assert!(leaves_short(&s, &[0], &[1, 2, 3]));
        // 4 instead of 0 lets the bracket pair everyone: 4-1, 2-3.
        assert!(!leaves_short(&s, &[4], &[1, 2, 3]));
    }

    #[test]
    fn players_without_any_opponent_are_moved_on_by_c1() {
        // 1 met everyone of the bracket: C.1 moves him down; 0-2 and 3 left is P0.
        let s = state(&[(1, 0), (1, 2), (1, 3)]);
        assert!(!leaves_short(&s, &[0], &[1, 2, 3]));
        // A player moved down who meets no one is moved on as well.
        let s = state(&[(0, 2), (0, 3)]);
        assert!(!leaves_short(&s, &[0, 1], &[2, 3]));
    }

    #[test]
    fn no_backtrack_without_players_moved_down() {
        let s = state(&[(1, 2), (1, 3), (2, 3)]);
        assert!(!leaves_short(&s, &[], &[1, 2, 3]));
    }
}
