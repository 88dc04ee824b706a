//! A bracket's region: the bracket and the scoregroup that follows it, the players whose
//! pairs its look-ahead criteria weigh (2017 C.7, 2026 C8). A big bracket is paired on its
//! own first; this module says when that pairing is the one the region's graph would
//! choose, so the larger graph need not be built.

use crate::matching::CardinalityMatcher;
use crate::pairing::state::RoundState;

use super::criteria::may_meet;

/// The pairs of `group` when `floater` joins it, if they are the best the look-ahead
/// allows any floater of its score: a maximum matching of `group ∪ {floater}` with
/// `floater` paired, and one pair more than `group` alone makes unless `group` alone
/// pairs everyone (then nobody can add a pair). `None` when `floater` does not achieve
/// that.
pub(super) fn pairs_taking_in(
    state: &RoundState,
    floater: usize,
    group: &[usize],
) -> Option<Vec<(usize, usize)>> {
    let vertices: Vec<usize> = group.iter().copied().chain([floater]).collect();
    let legal = |a: usize, b: usize| may_meet(state, vertices[a], vertices[b]);
    let f = group.len();
    let mut matcher = CardinalityMatcher::new(vertices.len(), legal);
    let exposed_with = matcher.maximise().len();
    let with = matcher.save();
    matcher.remove(f);
    let exposed_without = matcher.maximise().len();
    let pairs_of = |m: &CardinalityMatcher| -> Vec<(usize, usize)> {
        (0..vertices.len())
            .filter_map(|a| {
                m.mate(a)
                    .filter(|&b| a < b)
                    .map(|b| (vertices[a], vertices[b]))
            })
            .collect()
    };
    if exposed_with + 1 == exposed_without {
        // One vertex and one pair more: `floater` is paired.
        matcher.restore(with);
        return Some(pairs_of(&matcher));
    }
    if exposed_without > 0 {
        return None;
    }
    // `group` pairs everyone: `floater` takes the place of one partner of a pair.
    let x = (0..f).find(|&x| legal(x, f))?;
    let mut pairs: Vec<(usize, usize)> = pairs_of(&matcher)
        .into_iter()
        .filter(|&(a, b)| a != vertices[x] && b != vertices[x])
        .collect();
    pairs.push((vertices[x], floater));
    Some(pairs)
}

/// The players of `group ∪ {floater}` that `pairs` leaves unpaired.
pub(super) fn left_unpaired(
    group: &[usize],
    floater: usize,
    pairs: &[(usize, usize)],
) -> Vec<usize> {
    group
        .iter()
        .copied()
        .chain([floater])
        .filter(|&p| !pairs.iter().any(|&(a, b)| a == p || b == p))
        .collect()
}
