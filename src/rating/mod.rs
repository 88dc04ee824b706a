//! The FIDE Rating Regulations (B.02, the text in force from 1 March 2024 with its
//! amendment of 1 October 2025; for rapid and blitz, the rapid and blitz regulations of
//! 2024): which games of the event are rated, each player's development coefficient K,
//! the rating change of a rated player and the first rating of an unrated one.
//!
//! Article numbers follow the 2024 text: 1.1 and 1.2 the standard time controls, 5.1 the
//! games that count, 7.1.4 when a first rating is published, 8.1 the two tables, 8.2 the
//! rating of an unrated player, 8.3 the change of a rated player (8.3.1 the 400-point
//! rule, 8.3.3 K, 8.3.4 the rounding); the rapid and blitz regulations' 1.1 the lists'
//! time controls, 1.2 different times, 7.2.1 an unrated player's standard rating, 7.3.1
//! the 400- and 600-point rules. Rules that came into force on a date follow the event's
//! end date (`rules`). `assets/help/ratings.md` lists every rule and how it is applied.

mod change;
mod game;
mod k_factor;
mod new_player;
pub(crate) mod rules;
pub(crate) mod tables;
pub(crate) mod time_control;

pub use change::{PlayerRating, RatedChange, RatingVerdict, event_ratings};
pub use game::{ExcludedGame, Exclusion, RatedGame};
pub use k_factor::KFactor;
pub(crate) use k_factor::KReason;
pub use new_player::NewRating;
pub(crate) use rules::EventRules;

/// A score or an expected score in hundredths of a point (a win is 100): the unit of the
/// tables of 8.1, so that every sum is exact.
pub(crate) type Hundredths = i64;

/// `hundredths / 100` rounded to the nearest whole number, 0.5 away from zero: B.02 8.3.4
/// ("0.5 is rounded up, whether the change is positive or negative").
pub(crate) fn round_change(hundredths: Hundredths) -> i64 {
    let whole = (hundredths.abs() + 50) / 100;
    if hundredths < 0 { -whole } else { whole }
}

/// Writes hundredths as a decimal with two places (`4.37`, `-0.50`).
pub(crate) fn format_hundredths(value: Hundredths) -> String {
    let sign = if value < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", value.abs() / 100, value.abs() % 100)
}

/// Writes a score in hundredths with one decimal, as TRF writes points: `5.0`, `5.5`.
pub(crate) fn format_score(value: Hundredths) -> String {
    let sign = if value < 0 { "-" } else { "" };
    format!("{sign}{}.{}", value.abs() / 100, value.abs() % 100 / 10)
}

/// The year of a date written `YYYY/MM/DD`, `YYYY-MM-DD`, `YYYY.MM.DD` or `YYYY`.
pub(crate) fn year_of(date: &str) -> Option<i32> {
    let digits: String = date
        .trim()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    (digits.len() == 4).then(|| digits.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_half_rounds_away_from_zero() {
        assert_eq!(round_change(1250), 13);
        assert_eq!(round_change(-1250), -13);
        assert_eq!(round_change(1249), 12);
        assert_eq!(round_change(-1249), -12);
        assert_eq!(round_change(49), 0);
        assert_eq!(round_change(-50), -1);
        assert_eq!(round_change(0), 0);
    }

    #[test]
    fn numbers_are_written_as_fide_writes_them() {
        assert_eq!(format_hundredths(437), "4.37");
        assert_eq!(format_hundredths(-50), "-0.50");
        assert_eq!(format_hundredths(0), "0.00");
        assert_eq!(format_score(550), "5.5");
        assert_eq!(format_score(500), "5.0");
        assert_eq!(format_score(0), "0.0");
    }

    #[test]
    fn years_are_read_from_every_spelling() {
        assert_eq!(year_of("2008/05/01"), Some(2008));
        assert_eq!(year_of("2008"), Some(2008));
        assert_eq!(year_of(" 1999-12-31"), Some(1999));
        assert_eq!(year_of(""), None);
        assert_eq!(year_of("08/05/01"), None);
    }
}
