//! The two conversion tables of the FIDE Rating Regulations (B.02 8.1), in the handbook's
//! own form: the rating changes (8.2, 8.3), the title norms' performance (B.01) and the
//! rating-based tie-breaks (C.07 10.2, 10.3) all read them here.

/// B.02 table 8.1(a), upper half: the rating difference dp for a fractional score p of
/// 0.50, 0.51, ..., 1.00. The lower half is symmetric: dp(p) = -dp(1 - p).
const DP_FROM_HALF: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// B.02 table 8.1(b): the largest rating difference for which the higher-rated player's
/// expected score is 0.50, 0.51, ..., 0.99; above 735 it is 1.00.
const PD_UPPER_BOUNDS: [i32; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// `numerator / denominator` rounded to the nearest whole number, 0.5 up (the rounding of
/// B.02 8.2, the norms' averages of B.01 and C.07 10.1 and 10.2); `denominator` must be positive.
pub(crate) fn round_half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator).div_euclid(2 * denominator)
}

/// B.02 8.1(a): dp for a fractional score given in hundredths (0..=100; values outside are
/// clamped).
pub(crate) fn rating_difference(score_hundredths: i64) -> i32 {
    let p = score_hundredths.clamp(0, 100) as usize;
    if p >= 50 {
        DP_FROM_HALF[p - 50]
    } else {
        -DP_FROM_HALF[50 - p]
    }
}

/// B.02 8.1(b): the expected score, in hundredths, of a player rated `difference` points
/// above (negative: below) the opponent.
pub(crate) fn expected_score(difference: i64) -> i64 {
    let d = difference.abs();
    let above = PD_UPPER_BOUNDS
        .iter()
        .position(|&bound| d <= i64::from(bound))
        .map_or(100, |k| 50 + k as i64);
    if difference >= 0 { above } else { 100 - above }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_round_half_up() {
        assert_eq!(round_half_up(5, 2), 3);
        assert_eq!(round_half_up(7, 3), 2);
        assert_eq!(round_half_up(4999, 10), 500);
        assert_eq!(round_half_up(-5, 2), -2);
    }

    #[test]
    fn dp_table_points() {
        assert_eq!(rating_difference(100), 800);
        assert_eq!(rating_difference(99), 677);
        assert_eq!(rating_difference(83), 273);
        assert_eq!(rating_difference(50), 0);
        assert_eq!(rating_difference(49), -7);
        assert_eq!(rating_difference(0), -800);
        assert_eq!(rating_difference(140), 800);
    }

    #[test]
    fn pd_table_points() {
        assert_eq!(expected_score(0), 50);
        assert_eq!(expected_score(3), 50);
        assert_eq!(expected_score(4), 51);
        assert_eq!(expected_score(-4), 49);
        assert_eq!(expected_score(400), 92);
        assert_eq!(expected_score(735), 99);
        assert_eq!(expected_score(736), 100);
        assert_eq!(expected_score(-2000), 0);
    }
}
