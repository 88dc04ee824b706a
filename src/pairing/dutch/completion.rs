//! C.04.3 A.9 / C.4: can the players not yet paired still be paired completely, leaving
//! at most one player, who may receive the pairing-allocated bye (C.2)?
//!
//! A perfect-matching question on the legal pairs (C.1, C.3), with one extra vertex when
//! the number of players is odd, joined to every player who may receive the bye. The
//! matching is kept from bracket to bracket: fixing a bracket's pairs removes their
//! players, and only the players that left exposed are re-matched.

use crate::matching::CardinalityMatcher;
use crate::pairing::state::{PlayerState, RoundState};

use super::criteria::may_meet;

pub(super) struct Completion {
    matcher: CardinalityMatcher,
    completable: bool,
}

impl Completion {
    /// The check for a round where the PAB may go to players who pass `bye_ok`.
    pub(crate) fn new(state: &RoundState, bye_ok: impl Fn(&PlayerState) -> bool) -> Completion {
        let n = state.players.len();
        let with_bye = n % 2 == 1;
        let legal = |a: usize, b: usize| {
            if b == n {
                return bye_ok(&state.players[a]);
            }
            may_meet(state, a, b)
        };
        let mut matcher = CardinalityMatcher::new(n + usize::from(with_bye), legal);
        let completable = matcher.maximise().is_empty();
        Completion {
            matcher,
            completable,
        }
    }

    /// Whether the players not fixed can be paired completely with a legal bye.
    pub(crate) fn is_completable(&self) -> bool {
        self.completable
    }

    /// Whether the players not fixed can still be paired completely when `pairs` are
    /// among the pairs; nothing is fixed.
    pub(crate) fn extends(&mut self, pairs: &[(usize, usize)]) -> bool {
        self.remove_and_check(pairs, false)
    }

    /// Fixes pairs (player indices) if the rest stays completable; otherwise leaves
    /// everything as it was and answers `false`.
    pub(crate) fn try_fix(&mut self, pairs: &[(usize, usize)]) -> bool {
        self.remove_and_check(pairs, true)
    }

    /// Removes the players of `pairs` and re-matches the rest; keeps the removal only if
    /// `keep` and the rest is complete.
    fn remove_and_check(&mut self, pairs: &[(usize, usize)], keep: bool) -> bool {
        let saved = self.matcher.save();
        for &(a, b) in pairs {
            self.matcher.remove(a);
            self.matcher.remove(b);
        }
        let complete = self.matcher.maximise().is_empty();
        if !(keep && complete) {
            self.matcher.restore(saved);
        }
        complete
    }
}
