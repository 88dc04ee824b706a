//! Score-difference buckets: an encoding of multisets of score differences as one wide
//! integer whose order is the order of C.04.3 A.8 (PSDs compared as lists sorted from the
//! highest value down).
//!
//! Each distinct value gets a bucket of bits wide enough to count its largest possible
//! number of occurrences; larger values sit in higher bits. Adding `2^pos(d)` once per
//! occurrence of `d` then gives an integer that compares like the sorted list.

use std::collections::BTreeMap;

use crate::tournament::Points;

/// Bit positions for a set of score differences.
#[derive(Clone, Debug, Default)]
pub(super) struct Buckets {
    position: BTreeMap<Points, u32>,
    width: u32,
}

/// The number of bits needed to count up to `n`.
pub(super) fn bits_for(n: u64) -> u32 {
    64 - n.leading_zeros()
}

impl Buckets {
    /// Buckets for values that occur at most `count` times each.
    pub(crate) fn new(counts: &BTreeMap<Points, u64>) -> Buckets {
        let mut position = BTreeMap::new();
        let mut width = 0;
        for (value, count) in counts {
            position.insert(*value, width);
            width += bits_for(*count);
        }
        Buckets { position, width }
    }

    /// The total width in bits.
    pub(crate) fn width(&self) -> u32 {
        self.width
    }

    /// The bit of one occurrence of `value`; values were all registered, so a miss is a
    /// bug in the caller, answered with the top bucket rather than a panic.
    pub(crate) fn bit(&self, value: Points) -> u32 {
        self.position
            .get(&value)
            .copied()
            .unwrap_or_else(|| self.width.saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn larger_values_sit_higher_and_counts_fit() {
        let mut counts = BTreeMap::new();
        counts.insert(Points::from_tenths(0), 3);
        counts.insert(Points::from_tenths(5), 1);
        counts.insert(Points::from_tenths(10), 4);
        let b = Buckets::new(&counts);
        assert_eq!(b.bit(Points::from_tenths(0)), 0);
        assert_eq!(b.bit(Points::from_tenths(5)), 2);
        assert_eq!(b.bit(Points::from_tenths(10)), 3);
        assert_eq!(b.width(), 6);
        // {1.0} > {0.5, 0.5, 0.0...}: one occurrence of the largest value outweighs any
        // number of smaller ones.
        let one_big = 1u64 << b.bit(Points::from_tenths(10));
        let smalls = (1u64 << b.bit(Points::from_tenths(5))) + 3 * (1u64 << b.bit(Points::ZERO));
        assert!(one_big > smalls);
    }
}
