//! 3.6: pairing the bracket (the top scoregroup and its upfloaters) by the first Pairing
//! Identifier that complies with C1 and best with C8.
//!
//! Reading of 3.6.2–3.6.4: in each pair the member with the smaller pairing number is the
//! pair's "top" member; the identifier lists the top members in pairing-number order,
//! then each top member's opponent in the same order. Identifiers are compared
//! lexicographically. Among the pairings with the fewest C8 failures, the first
//! identifier is built greedily: each contender, in pairing-number order, is a top member
//! if any such pairing allows it; then each top member takes the smallest pairing number
//! any such pairing allows ([`first_identifier`]).

use crate::pairing::first_identifier::first_identifier;

use super::field::Field;

/// The pairs (field indices, the smaller pairing number first) of the bracket `players`
/// (field indices, by pairing number), of which `upfloaters` are upfloaters; `None` when
/// the bracket cannot be paired. A pair fails C8 when one is an upfloater and the other
/// floated in the previous round.
pub(crate) fn pair(
    field: &Field,
    players: &[usize],
    upfloaters: &[usize],
) -> Option<Vec<(usize, usize)>> {
    let upfloater: Vec<bool> = players.iter().map(|a| upfloaters.contains(a)).collect();
    let floated_opponent =
        |x: usize, y: usize| upfloater[x] && !upfloater[y] && field.players[players[y]].floated;
    let pairs = first_identifier(players.len(), 1, |top, bottom| {
        if !field.may_meet(players[top], players[bottom]) {
            return None;
        }
        let c8 = field.float_criteria
            && (floated_opponent(top, bottom) || floated_opponent(bottom, top));
        Some(vec![u32::from(c8)])
    })?;
    Some(
        pairs
            .into_iter()
            .map(|(top, bottom)| (players[top], players[bottom]))
            .collect(),
    )
}
