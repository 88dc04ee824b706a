//! C.7 (2017) / C8 (2026): what the following bracket can do with a bracket's
//! downfloaters: the most pairs, then the downfloaters left unpaired there as low as
//! possible. This is what the engine weighs (the best possible, not what the following
//! bracket is finally paired into, which C.4/C4 may constrain further).

use std::collections::BTreeMap;

use crate::matching::{Matcher, Wide};
use crate::pairing::dutch::buckets::{Buckets, bits_for};
use crate::pairing::dutch::criteria::may_meet;
use crate::pairing::state::RoundState;
use crate::tournament::Points;

/// The best the next bracket can do: players left unpaired, and the downfloaters among
/// them with their values (`value`: score, or A.8 score difference).
pub(super) struct Lookahead {
    pub unpaired: u32,
    pub downfloaters: Vec<(usize, Points)>,
}

type W = Wide<16>;

/// The best pairing of `downfloaters` (who may not meet each other: they are MDPs there)
/// with the next scoregroup `residents`; `None` if the weights would not fit.
pub(super) fn best(
    state: &RoundState,
    downfloaters: &[usize],
    residents: &[usize],
    value: impl Fn(usize) -> Points,
) -> Option<Lookahead> {
    let players: Vec<usize> = downfloaters.iter().chain(residents).copied().collect();
    let m = downfloaters.len();
    let mut counts: BTreeMap<Points, u64> = BTreeMap::new();
    for &d in downfloaters {
        *counts.entry(value(d)).or_default() += 1;
    }
    let buckets = Buckets::new(&counts);
    let pairs_at = buckets.width();
    if pairs_at + bits_for(players.len() as u64) > Matcher::<W>::MAX_WEIGHT_BITS {
        return None;
    }
    let mut matcher = Matcher::<W>::new(players.len());
    for u in 0..players.len() {
        for v in u + 1..players.len() {
            if v < m || !may_meet(state, players[u], players[v]) {
                continue;
            }
            let mut w = W::ZERO;
            w.add_shifted(1, pairs_at);
            if u < m {
                w.add_shifted(1, buckets.bit(value(players[u])));
            }
            matcher.set_weight(u, v, w);
        }
    }
    matcher.solve();
    let unpaired: Vec<usize> = (0..players.len())
        .filter(|&v| matcher.mate(v).is_none())
        .collect();
    Some(Lookahead {
        unpaired: unpaired.len() as u32,
        downfloaters: unpaired
            .iter()
            .filter(|&&v| v < m)
            .map(|&v| (players[v], value(players[v])))
            .collect(),
    })
}
