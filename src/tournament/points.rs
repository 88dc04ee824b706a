//! Exact scores. Chess scores are multiples of a tenth of a point in every scoring system
//! FIDE uses (1-½-0, 3-1-0, 2-1-0, ...), so they are stored as an integer number of tenths:
//! sums never drift, and comparisons are exact.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A score, in tenths of a point (`Points::from_tenths(15)` is 1.5 points).
/// Saved as text (`"1.5"`) so that files stay readable and exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i32);

impl Serialize for Points {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Points, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// One whole point.
    pub const ONE: Points = Points(10);
    /// Half a point.
    pub(crate) const HALF: Points = Points(5);

    /// A score from a number of tenths.
    pub const fn from_tenths(tenths: i32) -> Points {
        Points(tenths)
    }

    /// A score from a whole number of points.
    pub const fn whole(points: i32) -> Points {
        Points(points * 10)
    }

    /// The score as a number of tenths.
    pub const fn tenths(self) -> i32 {
        self.0
    }

    /// The score multiplied by a whole factor.
    pub(crate) const fn times(self, factor: i32) -> Points {
        Points(self.0 * factor)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points(self.0 - rhs.0)
    }
}

impl SubAssign for Points {
    fn sub_assign(&mut self, rhs: Points) {
        self.0 -= rhs.0;
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(-self.0)
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// Written with one decimal, as TRF does: `1.5`, `10.0`, `-0.5`.
impl Points {
    /// The score as result sheets write it, with halves: `1½`, `½`, `2`.
    pub fn with_halves(self) -> String {
        let tenths = self.0;
        match (tenths / 10, tenths % 10) {
            (0, 5) => "½".to_string(),
            (whole, 5) => format!("{whole}½"),
            _ => self.to_string().trim_end_matches(".0").to_string(),
        }
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let text = format!("{sign}{}.{}", abs / 10, abs % 10);
        f.pad(&text)
    }
}

/// Why a text is not a score.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a score such as 1, 1.5 or 10.0 (at most one decimal), found {0:?}")]
pub struct ParsePointsError(pub(crate) String);

/// Reads `1`, `1.5`, `1,5`, `.5`, `-0.5`; at most one decimal (two if the second is 0).
impl FromStr for Points {
    type Err = ParsePointsError;
    fn from_str(text: &str) -> Result<Points, ParsePointsError> {
        let err = || ParsePointsError(text.to_string());
        let trimmed = text.trim();
        let (negative, body) = match trimmed.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, trimmed.strip_prefix('+').unwrap_or(trimmed)),
        };
        let (int_part, frac_part) = match body.find(['.', ',']) {
            Some(i) => (&body[..i], &body[i + 1..]),
            None => (body, ""),
        };
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(err());
        }
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(int_part) || !all_digits(frac_part) || int_part.len() > 6 {
            return Err(err());
        }
        let whole: i32 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().map_err(|_| err())?
        };
        let frac_digits = frac_part.trim_end_matches('0');
        let tenth: i32 = match frac_digits.len() {
            0 => 0,
            1 => i32::from(frac_digits.as_bytes()[0] - b'0'),
            _ => return Err(err()),
        };
        let value = whole * 10 + tenth;
        Ok(Points(if negative { -value } else { value }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_scores() {
        for (text, tenths) in [
            ("1", 10),
            ("1.5", 15),
            ("0.5", 5),
            (".5", 5),
            ("10.0", 100),
            ("3,0", 30),
            ("-0.5", -5),
            ("2.50", 25),
        ] {
            assert_eq!(
                text.parse::<Points>(),
                Ok(Points::from_tenths(tenths)),
                "{text}"
            );
        }
        assert_eq!(Points::from_tenths(15).to_string(), "1.5");
        assert_eq!(Points::from_tenths(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>5}", Points::from_tenths(100)), " 10.0");
    }

    #[test]
    fn rejects_non_scores() {
        for text in ["", "x", "1.25", "1.5.0", "-", ".", "1e3", "1234567"] {
            assert!(
                text.parse::<Points>().is_err(),
                "{text:?} should be rejected"
            );
        }
    }

    #[test]
    fn sums_are_exact() {
        let total: Points = std::iter::repeat_n(Points::from_tenths(1), 30).sum();
        assert_eq!(total, Points::whole(3));
    }
}
