//! How many players (or boards) a generator option touches each round (FIDE's checklist
//! for tournament programs, Q24: byes and forfeits "as a count or a percentage, optionally
//! per round").
//!
//! The syntax: one or more parts separated by commas, each a count (`3`) or a percentage
//! (`5%`, `2.5%`), optionally limited to rounds: `@4` (round 4), `@2-5`, `@3-` (round 3 to
//! the last). A part without rounds covers every round. Two parts may not cover the same
//! round: `3@1-2,10%@5-` is one amount, `3,1@2` is refused.

use std::fmt;
use std::str::FromStr;

/// A count, or a percentage of some base (the players, or the boards of a round).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Size {
    Count(u32),
    /// 0–100.
    Percent(f64),
}

/// One part of an [`Amount`]: a size over rounds `first..=last` (`last` `None`: to the end).
#[derive(Clone, Debug, PartialEq)]
struct Part {
    size: Size,
    first: u32,
    last: Option<u32>,
}

impl Part {
    fn covers(&self, round: u32) -> bool {
        round >= self.first && self.last.is_none_or(|last| round <= last)
    }
}

/// How many players (or boards) a generator option takes in each round: see the module
/// documentation for the syntax. The default is none in every round.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Amount {
    parts: Vec<Part>,
}

impl Amount {
    /// Whether the amount is zero in every round.
    pub(crate) fn is_none(&self) -> bool {
        self.parts.iter().all(|p| match p.size {
            Size::Count(n) => n == 0,
            Size::Percent(p) => p == 0.0,
        })
    }

    /// How many of `base` the amount takes in `round`: the count, or the percentage of
    /// `base` rounded to the nearest whole number (halves up); 0 in a round no part covers.
    pub fn of(&self, round: u32, base: u32) -> u32 {
        match self.parts.iter().find(|p| p.covers(round)).map(|p| p.size) {
            None => 0,
            Some(Size::Count(n)) => n,
            Some(Size::Percent(p)) => (p * f64::from(base) / 100.0 + 0.5).floor() as u32,
        }
    }

    /// The last round a part names, if any: it must be a round the event plays.
    pub(crate) fn last_round_named(&self) -> Option<u32> {
        self.parts.iter().map(|p| p.last.unwrap_or(p.first)).max()
    }
}

impl FromStr for Amount {
    type Err = String;

    fn from_str(text: &str) -> Result<Amount, String> {
        let mut parts: Vec<Part> = Vec::new();
        for piece in text.split(',') {
            let part = parse_part(piece.trim()).map_err(|why| {
                format!("{piece:?}: {why} (expected N or P%, then optionally @R, @R1-R2 or @R1-)")
            })?;
            if let Some(other) = parts.iter().find(|p| overlap(p, &part)) {
                return Err(format!(
                    "{piece:?} covers rounds that {} already covers",
                    PartText(other)
                ));
            }
            parts.push(part);
        }
        Ok(Amount { parts })
    }
}

/// Whether two parts cover a common round.
fn overlap(a: &Part, b: &Part) -> bool {
    let ends_before = |x: &Part, y: &Part| x.last.is_some_and(|last| last < y.first);
    !ends_before(a, b) && !ends_before(b, a)
}

fn parse_part(text: &str) -> Result<Part, String> {
    let (size, rounds) = match text.split_once('@') {
        Some((size, rounds)) => (size.trim(), Some(rounds.trim())),
        None => (text, None),
    };
    let size = match size.strip_suffix('%') {
        Some(percent) => {
            let p: f64 = percent
                .trim()
                .parse()
                .map_err(|_| format!("{percent:?} is not a percentage"))?;
            if !(0.0..=100.0).contains(&p) {
                return Err(format!("{p}% is not between 0% and 100%"));
            }
            Size::Percent(p)
        }
        None => Size::Count(
            size.parse()
                .map_err(|_| format!("{size:?} is not a count or a percentage"))?,
        ),
    };
    let round = |r: &str| match r.trim().parse::<u32>() {
        Ok(0) | Err(_) => Err(format!("{r:?} is not a round number (1, 2, …)")),
        Ok(r) => Ok(r),
    };
    let (first, last) = match rounds {
        None => (1, None),
        Some(rounds) => match rounds.split_once('-') {
            None => {
                let r = round(rounds)?;
                (r, Some(r))
            }
            Some((first, "")) => (round(first)?, None),
            Some((first, last)) => {
                let (first, last) = (round(first)?, round(last)?);
                if last < first {
                    return Err(format!("rounds {first}-{last}: the last comes first"));
                }
                (first, Some(last))
            }
        },
    };
    Ok(Part { size, first, last })
}

/// A part as it is written.
struct PartText<'a>(&'a Part);

impl fmt::Display for PartText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = self.0;
        match part.size {
            Size::Count(n) => write!(f, "{n}")?,
            Size::Percent(p) => write!(f, "{p}%")?,
        }
        match part.last {
            None if part.first == 1 => Ok(()),
            None => write!(f, "@{}-", part.first),
            Some(last) if last == part.first => write!(f, "@{last}"),
            Some(last) => write!(f, "@{}-{last}", part.first),
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}", PartText(part))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amount(text: &str) -> Amount {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn counts_and_percentages_per_round() {
        let a = amount("3@2-4,10%@6-");
        let by_round: Vec<u32> = (1..=8).map(|r| a.of(r, 25)).collect();
        // 10% of 25 is 2.5, rounded up.
        assert_eq!(by_round, [0, 3, 3, 3, 0, 3, 3, 3]);
        assert_eq!(amount("5%").of(1, 30), 2);
        assert_eq!(amount("5%").of(9, 29), 1);
        assert_eq!(amount("2@7").of(7, 0), 2);
        assert_eq!(amount("2@7").of(6, 10), 0);
        assert_eq!(amount("0").of(1, 10), 0);
        assert!(amount("0@1-2,0%@3-").is_none());
        assert!(!amount("1@9").is_none());
        assert_eq!(amount("1@9").last_round_named(), Some(9));
        assert_eq!(amount("1@2-").last_round_named(), Some(2));
        assert_eq!(Amount::default().last_round_named(), None);
    }

    #[test]
    fn written_back_as_read() {
        for text in ["3", "5%", "2.5%@3", "1@2-5,4@7-", "0"] {
            assert_eq!(amount(text).to_string(), text);
        }
    }

    #[test]
    fn bad_amounts_are_named() {
        for (text, why) in [
            ("", "not a count"),
            ("x", "not a count"),
            ("-1", "not a count"),
            ("101%", "between 0% and 100%"),
            ("5%%", "not a percentage"),
            ("3@0", "not a round number"),
            ("3@5-2", "the last comes first"),
            ("3@a", "not a round number"),
            ("3,1@2", "already covers"),
            ("1@2-4,1@4-", "already covers"),
            ("1@3-,1@9", "already covers"),
        ] {
            let e = text.parse::<Amount>().expect_err(text);
            assert!(e.contains(why), "{text}: {e}");
        }
        assert!("1@2-3,1@4-".parse::<Amount>().is_ok());
    }
}
