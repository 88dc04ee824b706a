//! The [`Weight`] trait: the exact, non-negative arithmetic the matcher needs, and its
//! implementations for the primitive integer types.
//!
//! The matcher never needs negative intermediate values: every quantity it stores (edge
//! weights, vertex and blossom duals, slacks) is non-negative, and it only subtracts a
//! value from one at least as large. The wide integer type lives in
//! [`wide`](super::wide).

use std::fmt::Debug;

/// An exact, non-negative number usable as an edge weight.
///
/// Values are non-negative integers below `2^CAPACITY_BITS`. The arithmetic methods work
/// in place to keep wide types cheap to use in the matcher's inner loop.
///
/// Overflow and subtraction below zero are logic errors, with the same meaning as for the
/// primitive integers: they panic in debug builds and wrap in release builds. The matcher
/// avoids both as long as every edge weight is below `2^(CAPACITY_BITS - 2)` (see
/// [`Matcher`](super::Matcher)).
pub(crate) trait Weight: Clone + Ord + Debug {
    /// Every value of the type that the matcher may use is below `2^CAPACITY_BITS`.
    const CAPACITY_BITS: u32;

    /// The value zero (which, as an edge weight, means "no edge").
    fn zero() -> Self;

    #[cfg(test)]
    /// Converts a `u64`. Values that do not fit are a logic error.
    fn from_u64(value: u64) -> Self;

    /// Whether the value is zero.
    fn is_zero(&self) -> bool;

    /// The position of the highest set bit plus one; zero for zero.
    fn bits(&self) -> u32;

    /// `self += rhs`.
    fn add_in_place(&mut self, rhs: &Self);

    /// `self -= rhs`; requires `self >= rhs`.
    fn sub_in_place(&mut self, rhs: &Self);

    /// `self *= 2`.
    fn double_in_place(&mut self);

    /// `self /= 2`, rounding down.
    fn halve_in_place(&mut self);
}

/// Implements [`Weight`] for primitive integers; for signed ones only the non-negative
/// half is used, hence one value bit fewer.
macro_rules! primitive_weight {
    ($($t:ty => $capacity:expr),* $(,)?) => {$(
        impl Weight for $t {
            const CAPACITY_BITS: u32 = $capacity;

            #[inline]
            fn zero() -> Self {
                0
            }

            #[inline]
            #[cfg(test)]
            fn from_u64(value: u64) -> Self {
                debug_assert!(<$t>::try_from(value).is_ok(), "{value} does not fit");
                value as $t
            }

            #[inline]
            fn is_zero(&self) -> bool {
                *self == 0
            }

            #[inline]
            fn bits(&self) -> u32 {
                <$t>::BITS - self.leading_zeros()
            }

            #[inline]
            fn add_in_place(&mut self, rhs: &Self) {
                *self += *rhs;
            }

            #[inline]
            fn sub_in_place(&mut self, rhs: &Self) {
                debug_assert!(*self >= *rhs, "weight subtraction below zero");
                *self -= *rhs;
            }

            #[inline]
            fn double_in_place(&mut self) {
                *self *= 2;
            }

            #[inline]
            fn halve_in_place(&mut self) {
                *self /= 2;
            }
        }
    )*};
}

primitive_weight!(u64 => 64, i64 => 63, u128 => 128, i128 => 127);

#[cfg(test)]
mod tests {
    use super::Weight;

    #[test]
    fn primitive_arithmetic() {
        let mut a = u64::from_u64(7);
        a.add_in_place(&5);
        assert_eq!(a, 12);
        a.sub_in_place(&2);
        assert_eq!(a, 10);
        a.double_in_place();
        assert_eq!(a, 20);
        a.halve_in_place();
        assert_eq!(a, 10);
        assert_eq!(a.bits(), 4);
        assert!(u64::zero().is_zero());
        assert_eq!(i128::from_u64(u64::MAX).bits(), 64);
        assert_eq!(<i64 as Weight>::CAPACITY_BITS, 63);
        let mut b = 5i64;
        b.halve_in_place();
        assert_eq!(b, 2);
    }
}
