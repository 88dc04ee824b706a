//! C.04.1 C.2–C.11 and C.14 for one score bracket: S1 and S2 (A.6), x (A.8), the
//! transpositions (D.1) and exchanges (D.2), and the order in which the relative
//! criteria are given up.

use std::cell::RefCell;

use crate::matching::CardinalityMatcher;
use crate::pairing::state::Float;
use crate::tournament::Colour;

use super::exchanges::{Exchange, exchanges};
use super::field::Field;
use super::trace::Step;
use super::transpositions::{Accept, Transpositions};

/// How far the relative criteria have been given up (C.9–C.11, C.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Level {
    /// C.14: how many fewer pairings than A.6's p are made.
    pub(crate) p_drop: usize,
    /// C.11: how much x has been increased beyond A.8's value.
    pub(crate) x_extra: usize,
    /// C.9 and C.10, cumulative: 0 all float criteria; 1 without B.6 for downfloats;
    /// 2 also without B.5 for downfloats; 3 also without B.6 for upfloats; 4 also
    /// without B.5 for upfloats.
    pub(crate) floats: u8,
}

/// Interpretation (C.9–C.11, C.14), chosen here and nowhere else: the criteria are given
/// up in this order — first B.6 then B.5 for downfloats (C.9), then B.6 then B.5 for
/// upfloats (C.10), then x is raised one at a time up to p (C.11), then p is lowered by
/// one (C.14) with x lowered with it when A.8's x was positive, and the float criteria
/// and x are tried afresh for each p.
fn levels(max_drop: usize, max_extra: usize) -> impl Iterator<Item = Level> {
    (0..=max_drop).flat_map(move |p_drop| {
        (0..=max_extra).flat_map(move |x_extra| {
            (0..=4).map(move |floats| Level {
                p_drop,
                x_extra,
                floats,
            })
        })
    })
}

/// A.8: x = max(w, b) − q with q = ⌈n/2⌉, never below zero.
pub(crate) fn x_of(field: &Field, group: &[usize]) -> usize {
    let count = |c| {
        group
            .iter()
            .filter(|&&a| field.preference(a) == Some(c))
            .count()
    };
    let (w, b) = (count(Colour::White), count(Colour::Black));
    w.max(b).saturating_sub(group.len().div_ceil(2))
}

/// B.5/B.6 for a downfloat of `a` at `level` (players over 50% in the last round are
/// exempt, note to B.6).
fn may_float_down(field: &Field, a: usize, floats: u8) -> bool {
    let s = &field.players[a].state;
    s.topscorer
        || ((floats >= 2 || s.floats[0] != Float::Down)
            && (floats >= 1 || s.floats[1] != Float::Down))
}

/// B.5/B.6 for an upfloat of `a`.
fn may_float_up(field: &Field, a: usize, floats: u8) -> bool {
    let s = &field.players[a].state;
    s.topscorer
        || ((floats >= 4 || s.floats[0] != Float::Up) && (floats >= 3 || s.floats[1] != Float::Up))
}

/// B.1, B.2 and (for unequal scores, A.4) B.5/B.6 for a pair.
fn may_pair(field: &Field, a: usize, b: usize, floats: u8) -> bool {
    if !field.compatible(a, b) {
        return false;
    }
    let (high, low) = if a < b { (a, b) } else { (b, a) };
    let (sh, sl) = (
        field.players[high].state.score,
        field.players[low].state.score,
    );
    sh == sl || (may_float_down(field, high, floats) && may_float_up(field, low, floats))
}

/// The pairing of one score bracket.
pub(crate) struct Bracket<'a> {
    pub(crate) field: &'a Field,
    /// The bracket's players in A.2 order (field indices, ascending).
    pub(crate) players: Vec<usize>,
    /// How many of them were moved down from higher brackets (they come first).
    pub(crate) moved_down: usize,
    /// The steps of the pairing last accepted (moved-down players first, then the
    /// homogeneous group or remainder), for the explanation.
    pub(crate) steps: RefCell<Vec<Step>>,
}

impl Bracket<'_> {
    /// Offers the bracket's pairings to `accept` in the order of C.4–C.14 until one is
    /// accepted; false when none is (the caller then moves the whole bracket down or
    /// gives up).
    ///
    /// A.3: a bracket of which at least half came from higher brackets is paired as a
    /// homogeneous one. Otherwise the players moved down form S1 (A.6) and are paired
    /// first; the rest is a homogeneous remainder (C.6). C.10: while the remainder
    /// cannot be paired at the current level, the moved-down players' opponents are
    /// changed (the search backtracks over them in D.1 order) before any criterion of
    /// the remainder is given up.
    pub(crate) fn pair(&self, accept: &mut Accept) -> bool {
        self.steps.borrow_mut().clear();
        let m = self.moved_down;
        if m == 0 || 2 * m >= self.players.len() {
            return self.homogeneous(&self.players, accept);
        }
        let rest = self.players.len() - m;
        let x_bracket = x_of(self.field, &self.players);
        for level in levels(rest / 2, rest / 2 + m) {
            let x = (x_bracket + level.x_extra).min(m);
            let allowed = |a: usize, b: usize| may_pair(self.field, a, b, level.floats);
            let preference = |a: usize| self.field.preference(a);
            let search = Transpositions {
                s1: &self.players[..m],
                s2: &self.players[m..],
                allowed: &allowed,
                preference: &preference,
                max_clashes: x,
            };
            let found = search.search(&mut |pairs, remainder| {
                let ok = self.homogeneous_at(remainder, level, &mut |more, down| {
                    let mut all = pairs.to_vec();
                    all.extend_from_slice(more);
                    accept(&all, down)
                });
                if ok {
                    self.steps.borrow_mut().insert(
                        0,
                        Step {
                            level,
                            x,
                            p: m,
                            exchange: None,
                            s1: self.players[..m].to_vec(),
                            s2: self.players[m..].to_vec(),
                            pairs: pairs.to_vec(),
                            moved_down_first: true,
                        },
                    );
                }
                ok
            });
            if found {
                return true;
            }
        }
        // C.14 in a heterogeneous bracket: the moved-down players cannot all be paired at
        // any level; the bracket is then paired as a homogeneous one.
        self.homogeneous(&self.players, accept)
    }

    /// A homogeneous (remainder) group, every level in turn; at p = 0 the whole group is
    /// moved down (C.14).
    fn homogeneous(&self, group: &[usize], accept: &mut Accept) -> bool {
        let half = group.len() / 2;
        levels(half, half)
            .filter(|l| {
                l.x_extra == 0
                    || x_of(self.field, group).saturating_sub(l.p_drop) + l.x_extra
                        <= half - l.p_drop
            })
            .any(|level| self.homogeneous_at(group, level, accept))
    }

    /// C.4–C.8 for a homogeneous group at one level: S1 the p highest players, S2 the
    /// rest; every transposition (D.1) of each exchange (D.2) in turn.
    fn homogeneous_at(&self, group: &[usize], level: Level, accept: &mut Accept) -> bool {
        let n = group.len();
        let Some(p) = (n / 2).checked_sub(level.p_drop) else {
            return false;
        };
        let x0 = x_of(self.field, group);
        // C.14: "if the original value of x was greater than zero decrease x by 1 as well".
        let x = (x0.saturating_sub(level.p_drop) + level.x_extra).min(p);
        if p == 0 {
            let ok = self.leftovers_may_float(group, level) && accept(&[], group);
            if ok {
                self.steps.borrow_mut().push(Step {
                    level,
                    x,
                    p,
                    exchange: None,
                    s1: Vec::new(),
                    s2: group.to_vec(),
                    pairs: Vec::new(),
                    moved_down_first: false,
                });
            }
            return ok;
        }
        if !self.enough_pairs(group, p, level) {
            return false;
        }
        let allowed = |a: usize, b: usize| may_pair(self.field, a, b, level.floats);
        let preference = |a: usize| self.field.preference(a);
        let mut split = |s1: &[usize], s2: &[usize], exchange: Option<&Exchange>| {
            Transpositions {
                s1,
                s2,
                allowed: &allowed,
                preference: &preference,
                max_clashes: x,
            }
            .search(&mut |pairs, down| {
                let ok = self.leftovers_may_float(down, level) && accept(pairs, down);
                if ok {
                    self.steps.borrow_mut().push(Step {
                        level,
                        x,
                        p,
                        exchange: exchange.cloned(),
                        s1: s1.to_vec(),
                        s2: s2.to_vec(),
                        pairs: pairs.to_vec(),
                        moved_down_first: false,
                    });
                }
                ok
            })
        };
        if split(&group[..p], &group[p..], None) {
            return true;
        }
        for exchange in exchanges(p, n) {
            let mut s1: Vec<usize> = (0..p)
                .filter(|i| !exchange.from_s1.contains(i))
                .chain(exchange.from_s2.iter().copied())
                .map(|i| group[i])
                .collect();
            let mut s2: Vec<usize> = (p..n)
                .filter(|i| !exchange.from_s2.contains(i))
                .chain(exchange.from_s1.iter().copied())
                .map(|i| group[i])
                .collect();
            // A.9.b: after each exchange both S1 and S2 are ordered according to A.2.
            s1.sort_unstable();
            s2.sort_unstable();
            if split(&s1, &s2, Some(&exchange)) {
                return true;
            }
        }
        false
    }

    /// B.5/B.6: the players moved down receive a downfloat.
    fn leftovers_may_float(&self, down: &[usize], level: Level) -> bool {
        down.iter()
            .all(|&a| may_float_down(self.field, a, level.floats))
    }

    /// Whether the group holds p disjoint pairs allowed at this level at all (whatever the
    /// split), so that hopeless levels skip the exchanges.
    fn enough_pairs(&self, group: &[usize], p: usize, level: Level) -> bool {
        let mut matcher = CardinalityMatcher::new(group.len(), |u, v| {
            may_pair(self.field, group[u], group[v], level.floats)
        });
        let exposed = matcher.maximise().len();
        (group.len() - exposed) / 2 >= p
    }
}
