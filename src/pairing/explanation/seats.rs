//! Where each player of a round sits in a system's field: explanations read pairings by
//! player id, the systems' fields count players by index.

use std::collections::HashMap;

/// Each player's index in a field, by id.
#[derive(Clone, Debug, Default)]
pub(crate) struct Seats(HashMap<u32, usize>);

impl Seats {
    /// The seats of the ids in field order.
    pub(crate) fn new(ids: impl IntoIterator<Item = u32>) -> Seats {
        Seats(ids.into_iter().enumerate().map(|(i, id)| (id, i)).collect())
    }

    /// The field index of player `id`, if he is in the round.
    pub(crate) fn of(&self, id: u32) -> Option<usize> {
        self.0.get(&id).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_map_to_field_order() {
        let s = Seats::new([7, 3, 9]);
        assert_eq!(
            (s.of(7), s.of(3), s.of(9), s.of(1)),
            (Some(0), Some(1), Some(2), None)
        );
    }
}
