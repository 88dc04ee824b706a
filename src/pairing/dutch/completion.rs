//! C.04.3 A.9 / C.4: can the players not yet paired still be paired completely, leaving
//! at most one player, who may receive the pairing-allocated bye (C.2)?
//!
//! One matcher over the whole field with weight `1 + [u not bye-eligible] + [v not
//! bye-eligible]` on every legal pair: its maximum is `⌊n/2⌋ + (number of players who may
//! not get the bye)` exactly when a complete pairing with a legal bye exists. Pairs made in
//! earlier brackets are fixed in it, so each check re-solves only what changed.

use crate::matching::Matcher;
use crate::pairing::state::RoundState;

use super::criteria::colour_compatible;

pub(super) struct Completion {
    matcher: Matcher<u64>,
    /// Players (indices) whose pair is final.
    fixed: Vec<bool>,
    not_eligible: Vec<u64>,
}

impl Completion {
    pub fn new(state: &RoundState) -> Completion {
        let n = state.players.len();
        let not_eligible: Vec<u64> = state.players.iter().map(|p| u64::from(!p.bye_eligible)).collect();
        let mut matcher = Matcher::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if !state.have_met_or_forbidden(a, b) && colour_compatible(&state.players[a], &state.players[b]) {
                    matcher.set_weight(a, b, 1 + not_eligible[a] + not_eligible[b]);
                }
            }
        }
        matcher.solve();
        Completion {
            matcher,
            fixed: vec![false; n],
            not_eligible,
        }
    }

    /// Whether the players not fixed can be paired completely with a legal bye.
    pub fn is_completable(&self) -> bool {
        let mut expected = 0;
        let mut free = 0;
        for v in 0..self.fixed.len() {
            if self.fixed[v] {
                if let Some(u) = self.matcher.mate(v)
                    && v < u
                {
                    expected += 1 + self.not_eligible[v] + self.not_eligible[u];
                }
            } else {
                free += 1;
                expected += self.not_eligible[v];
            }
        }
        expected += free / 2;
        self.matcher.total_weight() == expected
    }

    /// Fixes pairs (player indices) if the rest stays completable; otherwise leaves
    /// everything as it was and answers `false`.
    pub fn try_fix(&mut self, pairs: &[(usize, usize)]) -> bool {
        let n = self.fixed.len();
        let mut changed: Vec<(usize, usize, u64)> = Vec::new();
        for &(a, b) in pairs {
            for x in 0..n {
                for y in [a, b] {
                    if x != a && x != b {
                        let old = self.matcher.weight(y, x);
                        if old != 0 {
                            changed.push((y, x, old));
                            self.matcher.set_weight(y, x, 0);
                        }
                    }
                }
            }
            self.fixed[a] = true;
            self.fixed[b] = true;
        }
        self.matcher.solve();
        if self.is_completable() {
            return true;
        }
        for &(a, b) in pairs {
            self.fixed[a] = false;
            self.fixed[b] = false;
        }
        for (u, v, w) in changed {
            self.matcher.set_weight(u, v, w);
        }
        self.matcher.solve();
        false
    }
}
