//! 3.4: the pairing-allocated bye, the first step of the round (3.3.2).

use std::cmp::Reverse;

use super::field::Field;
use super::pairable;

/// The team (a field index) to receive the pairing-allocated bye when the number of teams
/// is odd: among the teams C2 allows (no earlier PAB, no match won by forfeit), the first
/// whose bye leaves the other teams a pairing complying with C1 (3.4.1, C3) in the order
/// of the lowest score (3.4.2), then the most matches played (3.4.3), then the largest
/// TPN (3.4.4). `None` when no team qualifies (3.3.3: the arbiter decides).
pub(crate) fn choose(field: &Field) -> Option<usize> {
    candidates(field).into_iter().find(|&a| {
        let rest: Vec<usize> = (0..field.teams.len()).filter(|&x| x != a).collect();
        pairable(field, &rest)
    })
}

/// The teams C2 allows, in the order of 3.4.2–3.4.4.
pub(crate) fn candidates(field: &Field) -> Vec<usize> {
    let mut candidates: Vec<usize> = (0..field.teams.len())
        .filter(|&a| field.teams[a].bye_eligible)
        .collect();
    candidates.sort_by_key(|&a| {
        let e = &field.teams[a];
        (e.score, Reverse(e.matches), Reverse(e.tpn))
    });
    candidates
}
