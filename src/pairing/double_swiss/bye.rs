//! 3.4: the pairing-allocated bye, chosen before anything else is paired.

use std::cmp::Reverse;

use crate::pairing::feasibility::Remaining;

use super::field::Field;

/// The PAB (a field index) when the number of players is odd: among the players C2
/// allows, those whose bye leaves everyone else pairable (3.4.1, C3), the one with the
/// lowest score (3.4.2), then the most matches played (3.4.3), then the largest pairing
/// number (3.4.4). `None` when no player qualifies.
pub(crate) fn choose(field: &Field) -> Option<usize> {
    let mut candidates: Vec<usize> = (0..field.players.len())
        .filter(|&a| field.players[a].bye_eligible)
        .collect();
    candidates.sort_by_key(|&a| {
        let p = &field.players[a];
        (p.score, Reverse(p.matches), Reverse(p.tpn))
    });
    candidates.into_iter().find(|&a| {
        Remaining::new(field.players.len(), |x, y| field.may_meet(x, y), |x| x == a).feasible(&[])
    })
}
