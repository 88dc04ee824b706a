//! C.7 (2017) / C8 (2026): what the following bracket can do with a bracket's
//! downfloaters: the most pairs, then the downfloaters left unpaired there as low as
//! possible (2012, C.1/C.12: only the second part). This is what the engine weighs: the best possible, not what the following
//! bracket is finally paired into. Under the 2026 rules the engine weighs it inside a
//! complete pairing of everyone below (C4, with the PAB to a bye candidate, C5), and so
//! does this measure.

use std::collections::BTreeMap;

use crate::matching::{CardinalityMatcher, Matcher, Wide};
use crate::pairing::dutch::buckets::{Buckets, bits_for};
use crate::pairing::dutch::criteria::may_meet;
use crate::pairing::state::RoundState;
use crate::tournament::Points;

/// The best the next bracket can do: players left unpaired, and the downfloaters among
/// them with their values (`value`: score, or A.8 score difference).
#[derive(Clone, Debug)]
pub(super) struct Lookahead {
    pub(crate) unpaired: u32,
    pub(crate) downfloaters: Vec<(usize, Points)>,
}

/// The players below the bracket and how they must be completed (2026).
pub(super) struct Completion<'a> {
    /// Everyone below the following scoregroup.
    pub(crate) rest: &'a [usize],
    /// May be left over for the PAB.
    pub(crate) bye_ok: &'a dyn Fn(usize) -> bool,
}

/// The best pairing of `downfloaters` (who may not meet each other: they are MDPs there)
/// with the next scoregroup `residents`, the most pairs first if `count_pairs`, within a
/// complete pairing of `completion` when given; `None` if the weights would not fit.
pub(super) fn best(
    state: &RoundState,
    downfloaters: &[usize],
    residents: &[usize],
    value: &dyn Fn(usize) -> Points,
    count_pairs: bool,
    completion: Option<&Completion>,
) -> Option<Lookahead> {
    let local = solve(
        state,
        downfloaters,
        residents,
        &[],
        value,
        count_pairs,
        None,
    )?;
    let Some(c) = completion else {
        return Some(local.0);
    };
    // The local optimum is also the optimum among complete pairings if one extends it.
    let players: Vec<usize> = downfloaters.iter().chain(residents).copied().collect();
    let left: Vec<usize> = local
        .1
        .iter()
        .map(|&v| players[v])
        .chain(c.rest.iter().copied())
        .collect();
    if completable(state, &left, downfloaters, c.bye_ok) {
        return Some(local.0);
    }
    solve(
        state,
        downfloaters,
        residents,
        c.rest,
        value,
        count_pairs,
        Some(c.bye_ok),
    )
    .map(|s| s.0)
}

/// Whether `players` can all be paired, one of them left for the PAB (`bye_ok`) when
/// their number is odd; two of the bracket's `downfloaters` may not meet (that would be
/// a pair of the bracket itself).
fn completable(
    state: &RoundState,
    players: &[usize],
    downfloaters: &[usize],
    bye_ok: &dyn Fn(usize) -> bool,
) -> bool {
    let n = players.len();
    let legal = |a: usize, b: usize| {
        let (a, b) = (a.min(b), a.max(b));
        if b == n {
            return bye_ok(players[a]);
        }
        let both = downfloaters.contains(&players[a]) && downfloaters.contains(&players[b]);
        !both && may_meet(state, players[a], players[b])
    };
    CardinalityMatcher::new(n + n % 2, legal)
        .maximise()
        .is_empty()
}

/// The weighted matching: completion first (when `bye_ok` is given), then pairs in the
/// next bracket (if `count_pairs`), then the paired downfloaters' values. Returns the measure and the
/// vertices of downfloaters and residents left unmatched; `None` when the weights would
/// not fit. The narrowest weights that hold the fields are used (the matcher's time
/// grows with their width).
fn solve(
    state: &RoundState,
    downfloaters: &[usize],
    residents: &[usize],
    rest: &[usize],
    value: &dyn Fn(usize) -> Points,
    count_pairs: bool,
    bye_ok: Option<&dyn Fn(usize) -> bool>,
) -> Option<(Lookahead, Vec<usize>)> {
    let parts = (downfloaters, residents, rest);
    solve_in::<2>(state, parts, value, count_pairs, bye_ok)
        .or_else(|| solve_in::<16>(state, parts, value, count_pairs, bye_ok))
}

/// [`solve`] with weights of `64 L` bits.
fn solve_in<const L: usize>(
    state: &RoundState,
    (downfloaters, residents, rest): (&[usize], &[usize], &[usize]),
    value: &dyn Fn(usize) -> Points,
    count_pairs: bool,
    bye_ok: Option<&dyn Fn(usize) -> bool>,
) -> Option<(Lookahead, Vec<usize>)> {
    let players: Vec<usize> = downfloaters
        .iter()
        .chain(residents)
        .chain(rest)
        .copied()
        .collect();
    let (m, region) = (downfloaters.len(), downfloaters.len() + residents.len());
    let mut counts: BTreeMap<Points, u64> = BTreeMap::new();
    for &d in downfloaters {
        *counts.entry(value(d)).or_default() += 1;
    }
    let buckets = Buckets::new(&counts);
    let pairs_at = buckets.width();
    let complete_at = pairs_at + bits_for(region as u64);
    let n = players.len() as u64;
    if complete_at + bits_for(3 * n + 1) > Matcher::<Wide<L>>::MAX_WEIGHT_BITS {
        return None;
    }
    let mut matcher = Matcher::<Wide<L>>::new(players.len());
    for u in 0..players.len() {
        for v in u + 1..players.len() {
            if v < m || !may_meet(state, players[u], players[v]) {
                continue;
            }
            let mut w = Wide::<L>::ZERO;
            if let Some(ok) = bye_ok {
                let charge = |x: usize| u64::from(!ok(players[x]));
                w.add_shifted(1 + charge(u) + charge(v), complete_at);
            }
            if v < region {
                if count_pairs {
                    w.add_shifted(1, pairs_at);
                }
                if u < m {
                    w.add_shifted(1, buckets.bit(value(players[u])));
                }
            }
            if !w.is_zero() {
                matcher.set_weight(u, v, w);
            }
        }
    }
    matcher.solve();
    let in_region = |v: &usize| *v < region;
    let unmatched: Vec<usize> = (0..region)
        .filter(|&v| matcher.mate(v).is_none_or(|x| !in_region(&x)))
        .collect();
    Some((
        Lookahead {
            unpaired: unmatched.len() as u32,
            downfloaters: unmatched
                .iter()
                .filter(|&&v| v < m)
                .map(|&v| (players[v], value(players[v])))
                .collect(),
        },
        unmatched,
    ))
}
