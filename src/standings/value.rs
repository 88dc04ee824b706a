//! Exact tie-break values and how they print: scores to the tenth, Sonneborn-Berger
//! products to the hundredth, whole counts and ratings, and averages kept as fractions.

use std::cmp::Ordering;
use std::fmt;

use crate::tournament::Points;

/// The value of a tie-break for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A score or a sum of scores (PTS, BH, FB, PS, KS, STD), exact to the tenth.
    Points(Points),
    /// A sum of products of two scores (SB), exact to the hundredth.
    Hundredths(i64),
    /// A number of rounds or games (WIN, WON, BPG, BWG, REP), a pairing number (TPN) or a
    /// place among tied players (DE).
    Count(u32),
    /// A rating or a rating average rounded as the regulations say (ARO, TPR, PTP, APRO,
    /// APPO, RTNG).
    Rating(i32),
    /// An average of tenths kept exact (AOB): `sum / count` tenths; printed to 0.01.
    Average { sum: i64, count: i64 },
    /// No value: no games to average, or a rating-based tie-break dropped because unrated
    /// players take part (C.07 10). Ranks below every value.
    Missing,
}

impl Value {
    /// The value as an exact fraction (numerator, denominator) in a common unit, so that
    /// any two values of one tie-break compare exactly.
    fn fraction(self) -> Option<(i128, i128)> {
        match self {
            // Tenths scaled to hundredths so that scores and products share a unit.
            Value::Points(p) => Some((i128::from(p.tenths()) * 10, 1)),
            Value::Hundredths(h) => Some((i128::from(h), 1)),
            Value::Count(n) => Some((i128::from(n) * 100, 1)),
            Value::Rating(r) => Some((i128::from(r) * 100, 1)),
            Value::Average { sum, count } if count > 0 => {
                Some((i128::from(sum) * 10, i128::from(count)))
            }
            Value::Average { .. } | Value::Missing => None,
        }
    }

    /// Orders two values so that `Greater` means "ranks higher": the larger value when
    /// `higher_is_better`, else the smaller. A missing value ranks last.
    pub fn rank_cmp(self, other: Value, higher_is_better: bool) -> Ordering {
        match (self.fraction(), other.fraction()) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            (Some((a, da)), Some((b, db))) => {
                let order = (a * db).cmp(&(b * da));
                if higher_is_better {
                    order
                } else {
                    order.reverse()
                }
            }
        }
    }
}

/// A non-negative fraction rounded to `decimals` places, half up, as text.
fn decimal(numerator: i128, denominator: i128, decimals: u32) -> String {
    let scale = 10i128.pow(decimals);
    let negative = (numerator < 0) != (denominator < 0);
    let (n, d) = (numerator.abs(), denominator.abs());
    let scaled = (2 * n * scale + d) / (2 * d);
    let sign = if negative && scaled != 0 { "-" } else { "" };
    let whole = scaled / scale;
    if decimals == 0 {
        return format!("{sign}{whole}");
    }
    let frac = scaled % scale;
    format!("{sign}{whole}.{frac:0width$}", width = decimals as usize)
}

/// Printed with the decimals the regulations use: scores `4.5`, products `12.25`, whole
/// numbers, averages `4.33`; a missing value prints as nothing.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match *self {
            Value::Points(p) => p.to_string(),
            Value::Hundredths(h) => decimal(i128::from(h), 100, 2),
            Value::Count(n) => n.to_string(),
            Value::Rating(r) => r.to_string(),
            Value::Average { sum, count } if count > 0 => {
                decimal(i128::from(sum), i128::from(count) * 10, 2)
            }
            Value::Average { .. } | Value::Missing => String::new(),
        };
        f.pad(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_with_the_decimals_of_the_regulations() {
        assert_eq!(Value::Points(Points::from_tenths(45)).to_string(), "4.5");
        assert_eq!(Value::Hundredths(1225).to_string(), "12.25");
        assert_eq!(Value::Hundredths(300).to_string(), "3.00");
        assert_eq!(Value::Hundredths(-25).to_string(), "-0.25");
        assert_eq!(Value::Count(3).to_string(), "3");
        assert_eq!(Value::Rating(2350).to_string(), "2350");
        // 13/3 points = 130/3 tenths.
        let aob = Value::Average { sum: 130, count: 3 };
        assert_eq!(aob.to_string(), "4.33");
        assert_eq!(Value::Average { sum: 45, count: 2 }.to_string(), "2.25");
        assert_eq!(Value::Average { sum: 1, count: 8 }.to_string(), "0.01");
        assert_eq!(Value::Missing.to_string(), "");
    }

    #[test]
    fn compares_exactly() {
        let a = Value::Average { sum: 130, count: 3 }; // 4.333...
        let b = Value::Average {
            sum: 433,
            count: 10,
        }; // 4.33
        assert_eq!(a.rank_cmp(b, true), Ordering::Greater);
        assert_eq!(b.rank_cmp(a, false), Ordering::Greater);
        assert_eq!(
            Value::Missing.rank_cmp(Value::Rating(0), true),
            Ordering::Less
        );
        assert_eq!(
            Value::Missing.rank_cmp(Value::Rating(0), false),
            Ordering::Less
        );
        assert_eq!(
            Value::Count(2).rank_cmp(Value::Count(2), true),
            Ordering::Equal
        );
    }
}
