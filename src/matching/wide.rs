//! [`Wide`]: a fixed-width unsigned integer of `64 * L` bits stored inline, for edge
//! weights that stack many criteria as bit fields.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Shl, Shr, Sub, SubAssign};

use super::weight::Weight;

/// An unsigned integer of `64 * L` bits, stored inline as little-endian `u64` limbs
/// (limb 0 holds the lowest 64 bits). It never allocates and is `Copy`.
///
/// Arithmetic follows the primitive integers: `+` and `-` panic on overflow in debug
/// builds and wrap modulo `2^(64 L)` in release builds; [`Wide::checked_add`] and
/// [`Wide::checked_sub`] report it instead.
///
/// Used as a matching [`Weight`], its capacity is [`Wide::BITS`]` = 64 L` bits, and edge
/// weights must be below `2^(64 L - 2)`: the matcher stores doubled weights and adds two
/// vertex duals of up to twice the largest weight each.
///
/// Field-stacked weights are built with [`Wide::add_shifted`] and [`Wide::set_bit`] (see
/// the test `fields_are_stacked_by_shift_and_bit`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Wide<const L: usize> {
    limbs: [u64; L],
}

/// `a + b + carry`, with the carry out.
#[inline(always)]
fn add_with_carry(a: u64, b: u64, carry: bool) -> (u64, bool) {
    let (s1, c1) = a.overflowing_add(b);
    let (s2, c2) = s1.overflowing_add(u64::from(carry));
    (s2, c1 | c2)
}

/// `a - b - borrow`, with the borrow out.
#[inline(always)]
fn sub_with_borrow(a: u64, b: u64, borrow: bool) -> (u64, bool) {
    let (d1, b1) = a.overflowing_sub(b);
    let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
    (d2, b1 | b2)
}

impl<const L: usize> Wide<L> {
    /// The number of bits: `64 * L`.
    pub(crate) const BITS: u32 = 64 * L as u32;

    /// Zero.
    pub(crate) const ZERO: Self = Self { limbs: [0; L] };

    #[cfg(test)]
    /// The largest value, `2^(64 L) - 1`.
    pub(crate) const MAX: Self = Self {
        limbs: [u64::MAX; L],
    };

    #[cfg(test)]
    /// The value with the given little-endian limbs.
    pub(crate) const fn from_limbs(limbs: [u64; L]) -> Self {
        Self { limbs }
    }

    #[cfg(test)]
    /// The little-endian limbs.
    pub(crate) const fn limbs(&self) -> &[u64; L] {
        &self.limbs
    }

    #[cfg(test)]
    /// The value of a `u128`, or `None` if it does not fit in `64 * L` bits.
    pub(crate) fn from_u128(value: u128) -> Option<Self> {
        let mut out = Self::ZERO;
        let parts = [value as u64, (value >> 64) as u64];
        for (i, part) in parts.into_iter().enumerate() {
            match out.limbs.get_mut(i) {
                Some(limb) => *limb = part,
                None if part != 0 => return None,
                None => {}
            }
        }
        Some(out)
    }

    #[cfg(test)]
    /// The value as a `u128`, or `None` if it is `2^128` or more.
    pub(crate) fn to_u128(self) -> Option<u128> {
        if self.bits() > 128 {
            return None;
        }
        let low = self.limbs.first().copied().unwrap_or(0);
        let high = self.limbs.get(1).copied().unwrap_or(0);
        Some(u128::from(low) | (u128::from(high) << 64))
    }

    /// Whether the value is zero.
    #[inline]
    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.iter().all(|&limb| limb == 0)
    }

    /// The position of the highest set bit plus one; zero for zero.
    pub(crate) fn bits(&self) -> u32 {
        for (i, &limb) in self.limbs.iter().enumerate().rev() {
            if limb != 0 {
                return 64 * i as u32 + (64 - limb.leading_zeros());
            }
        }
        0
    }

    #[cfg(test)]
    /// Whether bit `bit` is set (false beyond [`Wide::BITS`]).
    pub(crate) fn bit(&self, bit: u32) -> bool {
        self.limbs
            .get((bit / 64) as usize)
            .is_some_and(|&limb| limb >> (bit % 64) & 1 == 1)
    }

    /// The lowest `bits` bits as a `u64`.
    ///
    /// # Panics
    /// If `bits > 64`.
    pub(crate) fn low_u64(&self, bits: u32) -> u64 {
        assert!(bits <= 64, "{bits} bits do not fit in a u64");
        let limb = self.limbs.first().copied().unwrap_or(0);
        if bits == 64 {
            limb
        } else {
            limb & ((1 << bits) - 1)
        }
    }

    /// Clears the lowest `bits` bits (all of them when `bits >= BITS`).
    pub(crate) fn clear_low(&mut self, bits: u32) {
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let start = 64 * i as u32;
            if bits >= start + 64 {
                *limb = 0;
            } else if bits > start {
                *limb &= u64::MAX << (bits - start);
            }
        }
    }

    /// Sets bit `bit`.
    ///
    /// # Panics
    /// If `bit >= Self::BITS`.
    pub(crate) fn set_bit(&mut self, bit: u32) {
        assert!(bit < Self::BITS, "bit {bit} out of range for Wide<{L}>");
        self.limbs[(bit / 64) as usize] |= 1 << (bit % 64);
    }

    /// Adds `value << bit_offset`, carrying into the higher limbs: the cheap way to fill a
    /// bit field of a stacked weight.
    ///
    /// # Panics
    /// If the sum does not fit in `64 * L` bits.
    pub(crate) fn add_shifted(&mut self, value: u64, bit_offset: u32) {
        if value == 0 {
            return;
        }
        let overflow = || panic!("Wide<{L}>::add_shifted({value}, {bit_offset}) overflows");
        if bit_offset >= Self::BITS {
            overflow();
        }
        let first = (bit_offset / 64) as usize;
        let shift = bit_offset % 64;
        let low = value << shift;
        let high = if shift == 0 { 0 } else { value >> (64 - shift) };
        let mut carry = false;
        for (i, limb) in self.limbs.iter_mut().enumerate().skip(first) {
            let addend = match i - first {
                0 => low,
                1 => high,
                _ => 0,
            };
            if addend == 0 && !carry && i > first + 1 {
                break;
            }
            (*limb, carry) = add_with_carry(*limb, addend, carry);
        }
        let high_lost = first + 1 >= L && high != 0;
        if carry || high_lost {
            overflow();
        }
    }

    /// `self + rhs` and whether it overflowed (the sum is then taken modulo `2^(64 L)`).
    #[inline]
    pub(crate) fn overflowing_add(mut self, rhs: Self) -> (Self, bool) {
        let mut carry = false;
        for (a, b) in self.limbs.iter_mut().zip(rhs.limbs) {
            (*a, carry) = add_with_carry(*a, b, carry);
        }
        (self, carry)
    }

    /// `self - rhs` and whether it went below zero (the difference is then taken modulo
    /// `2^(64 L)`).
    #[inline]
    pub(crate) fn overflowing_sub(mut self, rhs: Self) -> (Self, bool) {
        let mut borrow = false;
        for (a, b) in self.limbs.iter_mut().zip(rhs.limbs) {
            (*a, borrow) = sub_with_borrow(*a, b, borrow);
        }
        (self, borrow)
    }

    #[cfg(test)]
    /// `self + rhs`, or `None` on overflow.
    pub(crate) fn checked_add(self, rhs: Self) -> Option<Self> {
        match self.overflowing_add(rhs) {
            (sum, false) => Some(sum),
            (_, true) => None,
        }
    }

    #[cfg(test)]
    /// `self - rhs`, or `None` if `rhs > self`.
    pub(crate) fn checked_sub(self, rhs: Self) -> Option<Self> {
        match self.overflowing_sub(rhs) {
            (difference, false) => Some(difference),
            (_, true) => None,
        }
    }
}

impl<const L: usize> Default for Wide<L> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        for (a, b) in self.limbs.iter().zip(&other.limbs).rev() {
            if a != b {
                return a.cmp(b);
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> fmt::Debug for Wide<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wide(0x")?;
        let mut started = false;
        for &limb in self.limbs.iter().rev() {
            if started {
                write!(f, "_{limb:016x}")?;
            } else if limb != 0 {
                write!(f, "{limb:x}")?;
                started = true;
            }
        }
        if !started {
            write!(f, "0")?;
        }
        write!(f, ")")
    }
}

impl<const L: usize> From<u64> for Wide<L> {
    /// The value of a `u64` (`Wide<0>` does not compile here).
    fn from(value: u64) -> Self {
        const { assert!(L > 0, "Wide<0> holds no value") };
        let mut out = Self::ZERO;
        out.limbs[0] = value;
        out
    }
}

impl<const L: usize> Add for Wide<L> {
    type Output = Self;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        let (sum, overflow) = self.overflowing_add(rhs);
        debug_assert!(!overflow, "Wide<{L}> addition overflow");
        sum
    }
}

impl<const L: usize> AddAssign for Wide<L> {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<const L: usize> Sub for Wide<L> {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        let (difference, overflow) = self.overflowing_sub(rhs);
        debug_assert!(!overflow, "Wide<{L}> subtraction below zero");
        difference
    }
}

impl<const L: usize> SubAssign for Wide<L> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl<const L: usize> Shl<u32> for Wide<L> {
    type Output = Self;
    /// Shifts left by `shift` bits; bits shifted beyond [`Wide::BITS`] are lost, and a
    /// shift of `BITS` or more gives zero.
    fn shl(self, shift: u32) -> Self {
        let limb_shift = (shift / 64) as usize;
        let bit_shift = shift % 64;
        let mut out = Self::ZERO;
        for i in (limb_shift..L).rev() {
            let src = i - limb_shift;
            let mut limb = self.limbs[src] << bit_shift;
            if bit_shift != 0 && src > 0 {
                limb |= self.limbs[src - 1] >> (64 - bit_shift);
            }
            out.limbs[i] = limb;
        }
        out
    }
}

impl<const L: usize> Shr<u32> for Wide<L> {
    type Output = Self;
    /// Shifts right by `shift` bits (rounding down); a shift of `BITS` or more gives zero.
    fn shr(self, shift: u32) -> Self {
        let limb_shift = (shift / 64) as usize;
        let bit_shift = shift % 64;
        let mut out = Self::ZERO;
        for i in 0..L.saturating_sub(limb_shift) {
            let src = i + limb_shift;
            let mut limb = self.limbs[src] >> bit_shift;
            if bit_shift != 0 && src + 1 < L {
                limb |= self.limbs[src + 1] << (64 - bit_shift);
            }
            out.limbs[i] = limb;
        }
        out
    }
}

impl<const L: usize> Weight for Wide<L> {
    const CAPACITY_BITS: u32 = Self::BITS;

    #[inline]
    fn zero() -> Self {
        Self::ZERO
    }

    #[cfg(test)]
    fn from_u64(value: u64) -> Self {
        Self::from(value)
    }

    #[inline]
    fn is_zero(&self) -> bool {
        Wide::is_zero(self)
    }

    fn bits(&self) -> u32 {
        Wide::bits(self)
    }

    #[inline]
    fn add_in_place(&mut self, rhs: &Self) {
        *self += *rhs;
    }

    #[inline]
    fn sub_in_place(&mut self, rhs: &Self) {
        *self -= *rhs;
    }

    #[inline]
    fn double_in_place(&mut self) {
        *self = *self << 1;
    }

    #[inline]
    fn halve_in_place(&mut self) {
        *self = *self >> 1;
    }
}

#[cfg(test)]
mod tests {
    use super::Wide;
    use crate::matching::Weight;

    #[test]
    fn fields_are_stacked_by_shift_and_bit() {
        let mut w = Wide::<3>::ZERO;
        w.add_shifted(5, 130); // a field at bits 130..
        w.add_shifted(u64::MAX, 60); // a field straddling limbs 0 and 1
        w.set_bit(0);
        assert_eq!(w.bits(), 133);
    }

    fn w2(value: u128) -> Wide<2> {
        match Wide::<2>::from_u128(value) {
            Some(w) => w,
            None => unreachable!("a u128 always fits two limbs"),
        }
    }

    /// A deterministic stream of u128 values with many edge cases.
    fn samples() -> Vec<u128> {
        let mut out = vec![
            0,
            1,
            2,
            u64::MAX as u128,
            1u128 << 64,
            u128::MAX,
            u128::MAX - 1,
        ];
        let mut state = 0x1234_5678_9abc_def0_u64;
        for _ in 0..200 {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            let shift = z % 128;
            out.push((u128::from(z) * u128::from(z.rotate_left(17))) >> shift);
        }
        out
    }

    #[test]
    fn add_sub_match_u128() {
        let values = samples();
        for &a in &values {
            for &b in &values {
                let (sum, carry) = a.overflowing_add(b);
                assert_eq!(w2(a).overflowing_add(w2(b)), (w2(sum), carry));
                let (difference, borrow) = a.overflowing_sub(b);
                assert_eq!(w2(a).overflowing_sub(w2(b)), (w2(difference), borrow));
                assert_eq!(w2(a).cmp(&w2(b)), a.cmp(&b), "{a} vs {b}");
                assert_eq!(
                    w2(a).checked_add(w2(b)).map(|w| w.to_u128()),
                    a.checked_add(b).map(Some)
                );
                assert_eq!(
                    w2(a).checked_sub(w2(b)).map(|w| w.to_u128()),
                    a.checked_sub(b).map(Some)
                );
            }
        }
    }

    #[test]
    fn carries_cross_limbs() {
        let mut w = Wide::<3>::from_limbs([u64::MAX, u64::MAX, 0]);
        w += Wide::from(1u64);
        assert_eq!(w.limbs(), &[0, 0, 1]);
        w -= Wide::from(1u64);
        assert_eq!(w.limbs(), &[u64::MAX, u64::MAX, 0]);
        let top = Wide::<3>::from_limbs([0, 0, 1]);
        assert!(top > Wide::from_limbs([u64::MAX, u64::MAX, 0]));
        assert!(Wide::<3>::from_limbs([5, 0, 1]) > Wide::from_limbs([6, 0, 0]));
        assert_eq!(
            Wide::<3>::MAX.overflowing_add(Wide::from(1u64)),
            (Wide::ZERO, true)
        );
        assert_eq!(
            Wide::<3>::ZERO.overflowing_sub(Wide::from(1u64)),
            (Wide::MAX, true)
        );
    }

    #[test]
    fn shifts_match_u128() {
        for &a in &samples() {
            for shift in [0, 1, 5, 63, 64, 65, 100, 127, 128, 200] {
                let expected_shl = if shift >= 128 { 0 } else { a << shift };
                let expected_shr = if shift >= 128 { 0 } else { a >> shift };
                assert_eq!(w2(a) << shift, w2(expected_shl), "{a} << {shift}");
                assert_eq!(w2(a) >> shift, w2(expected_shr), "{a} >> {shift}");
            }
            assert_eq!(w2(a).bits(), 128 - a.leading_zeros());
        }
        let w = Wide::<4>::from_limbs([1, 0, 0, 0]) << 255;
        assert_eq!(w.limbs(), &[0, 0, 0, 1 << 63]);
        assert_eq!(w.bits(), 256);
        assert_eq!(w >> 255, Wide::from(1u64));
    }

    #[test]
    fn bit_fields() {
        let mut w = Wide::<3>::ZERO;
        w.add_shifted(0b101, 62);
        assert_eq!(w.limbs(), &[1 << 62, 1, 0]);
        w.add_shifted(3, 62); // 0b101 + 0b11 = 0b1000 at offset 62
        assert_eq!(w.limbs(), &[0, 2, 0]);
        w.add_shifted(7, 130);
        assert_eq!(w.limbs(), &[0, 2, 28]);
        assert!(w.bit(65));
        assert!(!w.bit(64));
        assert!(!w.bit(1000));
        w.set_bit(191);
        assert_eq!(w.bits(), 192);
        assert_eq!(Wide::<3>::ZERO.bits(), 0);
        let mut c = Wide::<2>::from_limbs([u64::MAX, 0]);
        c.add_shifted(1, 0);
        assert_eq!(c.limbs(), &[0, 1]);
        assert_eq!(
            Wide::<2>::from_u128(u128::MAX).map(|w| w.to_u128()),
            Some(Some(u128::MAX))
        );
        assert_eq!(Wide::<1>::from_u128(1 << 64), None);
        assert_eq!(Wide::<3>::from_limbs([0, 0, 1]).to_u128(), None);
        assert_eq!(
            format!("{:?}", Wide::<2>::from_limbs([1, 2])),
            "Wide(0x2_0000000000000001)"
        );
        assert_eq!(format!("{:?}", Wide::<2>::ZERO), "Wide(0x0)");
    }

    #[test]
    #[should_panic(expected = "overflows")]
    fn add_shifted_overflow_panics() {
        let mut w = Wide::<2>::ZERO;
        w.add_shifted(2, 127);
    }

    #[test]
    fn weight_impl() {
        let mut a = <Wide<2> as Weight>::from_u64(u64::MAX);
        a.double_in_place();
        assert_eq!(a.to_u128(), Some(2 * u128::from(u64::MAX)));
        a.halve_in_place();
        assert_eq!(a.to_u128(), Some(u128::from(u64::MAX)));
        a.add_in_place(&Wide::from(1u64));
        assert_eq!(a.limbs(), &[0, 1]);
        a.sub_in_place(&Wide::from(1u64));
        assert_eq!(a.limbs(), &[u64::MAX, 0]);
        assert_eq!(<Wide<3> as Weight>::CAPACITY_BITS, 192);
    }
}
