//! The conditions an event must meet for any of its results to be a norm (B.01 1.1, 0.5,
//! 1.5.4): checked from the file where it records them (round dates, the encoded time
//! control, the rating list, the start date), declared by the arbiter where it cannot.

use std::collections::BTreeMap;

use crate::rating::time_control::TimeControl;
use crate::tournament::{Event, RatingList};

use super::regulations::{
    DECLARED_CONDITIONS, HOURS_OF_PLAY, HOURS_OF_PLAY_MAX_MINUTES, ROUNDS_PER_DAY,
    ROUNDS_PER_DAY_MAX, SAME_TIME_CONTROL, STANDARD_RATING, TEXT_FROM, TIME_CONTROL,
    TIME_FOR_60_MOVES_MIN_MINUTES,
};
use super::requirements::{Bound, Requirement};

/// The regulations in force when the event started (B.01 1.5.4): the check implements
/// only the 2024 text.
const REGULATIONS_IN_FORCE: super::regulations::Article =
    super::regulations::Article { number: "1.5.4" };

/// The most rounds played on one day, from the round dates (TRF `132`) of the rounds
/// recorded; `None` when a round has no date.
fn most_rounds_on_a_day(event: &Event, rounds: u32) -> Option<u64> {
    let mut days: BTreeMap<&str, u64> = BTreeMap::new();
    for round in 0..rounds as usize {
        let date = event.round_dates.get(round).map(|d| d.trim())?;
        if date.is_empty() {
            return None;
        }
        *days.entry(date).or_default() += 1;
    }
    days.into_values().max()
}

/// The date `YYYY/MM/DD` (or `-`, `.`) as (year, month, day).
fn date(text: &str) -> Option<(i32, u32, u32)> {
    let mut parts = text.trim().split(['/', '-', '.']);
    let year = parts.next()?.parse().ok()?;
    let month = parts.next()?.parse().ok()?;
    let day = parts.next()?.parse().ok()?;
    Some((year, month, day))
}

/// The conditions of `event` over its first `rounds` rounds, as rows of the report.
pub(crate) fn conditions(event: &Event, rounds: u32) -> Vec<Requirement> {
    let count = |c: u64| Some(i64::try_from(c).unwrap_or(i64::MAX));
    let declared_if_unknown = |figure: Option<u64>, bound: Bound| {
        figure.map_or((None, Bound::Declared), |f| (count(f), bound))
    };
    let started = date(&event.start_date);
    let mut rows = vec![Requirement::new(
        REGULATIONS_IN_FORCE,
        "the event started under the 2024 text (start date)",
        started.map(|(y, m, d)| i64::from(y) * 10_000 + i64::from(m) * 100 + i64::from(d)),
        match started {
            Some(_) => Bound::AtLeast(
                i64::from(TEXT_FROM.0) * 10_000
                    + i64::from(TEXT_FROM.1) * 100
                    + i64::from(TEXT_FROM.2),
            ),
            None => Bound::Declared,
        },
    )];
    rows.push(Requirement::new(
        STANDARD_RATING,
        "rated on the standard list (1 = yes)",
        Some(i64::from(event.rating_list == RatingList::Standard)),
        Bound::AtLeast(1),
    ));
    // The shorter of the two players' times when they differ (1.1.3b fails then anyway).
    let control = TimeControl::parse(&event.encoded_time_control)
        .ok()
        .flatten();
    let per_player = control.map(|c| c.seconds_for_60_moves);
    let (figure, bound) = declared_if_unknown(
        per_player.map(|s| s / 60),
        Bound::AtLeast(TIME_FOR_60_MOVES_MIN_MINUTES as i64),
    );
    rows.push(Requirement::new(
        TIME_CONTROL,
        "minutes per player for 60 moves (TRF 222)",
        figure,
        bound,
    ));
    let (figure, bound) = declared_if_unknown(
        control.map(|c| u64::from(c.different_times)),
        Bound::AtMost(0),
    );
    rows.push(Requirement::new(
        SAME_TIME_CONTROL,
        "time controls differing between players",
        figure,
        bound,
    ));
    let busiest = most_rounds_on_a_day(event, rounds);
    let (figure, bound) = declared_if_unknown(busiest, Bound::AtMost(ROUNDS_PER_DAY_MAX as i64));
    rows.push(Requirement::new(
        ROUNDS_PER_DAY,
        "most rounds on one day (TRF 132)",
        figure,
        bound,
    ));
    let minutes = busiest
        .zip(per_player)
        .map(|(rounds, seconds)| rounds * 2 * seconds / 60);
    let (figure, bound) =
        declared_if_unknown(minutes, Bound::AtMost(HOURS_OF_PLAY_MAX_MINUTES as i64));
    rows.push(Requirement::new(
        HOURS_OF_PLAY,
        "minutes of play on the busiest day (60 moves)",
        figure,
        bound,
    ));
    rows.extend(
        DECLARED_CONDITIONS
            .into_iter()
            .map(|(article, what)| Requirement::new(article, what, None, Bound::Declared)),
    );
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(event: &Event, rounds: u32) -> Vec<&'static str> {
        conditions(event, rounds)
            .into_iter()
            .filter(|r| !r.met)
            .map(|r| r.article.number)
            .collect()
    }

    #[test]
    fn checked_where_the_file_says_declared_where_it_does_not() {
        let mut event = Event {
            start_date: "2025/03/01".into(),
            ..Event::default()
        };
        assert!(
            failed(&event, 9).is_empty(),
            "nothing known, nothing failed"
        );
        let rows = conditions(&event, 9);
        assert!(
            rows.iter()
                .any(|r| r.bound == Bound::Declared && r.article.number == "1.1.5")
        );
        // 1.1.3: three rounds on one day; 1.1.3: 90 + 30 s is 120 minutes for 60 moves (met).
        event.encoded_time_control = "5400+30".into();
        event.round_dates = [
            "2025/03/01",
            "2025/03/01",
            "2025/03/02",
            "2025/03/02",
            "2025/03/02",
        ]
        .map(String::from)
        .to_vec();
        // Three rounds of 120 minutes a player: 3 × 2 × 120 = 720 minutes, 1.1.2 met.
        assert_eq!(failed(&event, 5), ["1.1.3"]);
        // 120 minutes + 30 s: 150 minutes a player, 900 minutes for three rounds.
        event.encoded_time_control = "7200+30".into();
        assert_eq!(failed(&event, 5), ["1.1.3", "1.1.2"]);
        // Two rounds a day: 600 minutes.
        event.round_dates.truncate(2);
        assert!(failed(&event, 2).is_empty());
        event.encoded_time_control = "3600+30".into();
        assert_eq!(failed(&event, 2), ["1.1.3"], "90 minutes for 60 moves");
        // Different times: the shorter (60 minutes) is too short, and 1.1.3b fails.
        event.encoded_time_control = "W5400+30-B3600+30".into();
        assert_eq!(failed(&event, 2), ["1.1.3", "1.1.3b"]);
        event.encoded_time_control = "W5400+30-B5400+30".into();
        assert!(
            failed(&event, 2).is_empty(),
            "the same time written for each"
        );
        event.encoded_time_control.clear();
        event.rating_list = RatingList::Rapid;
        assert_eq!(failed(&event, 2), ["0.5"]);
        event.rating_list = RatingList::Standard;
        event.start_date = "2023/12/31".into();
        assert_eq!(failed(&event, 2), ["1.5.4"], "the 2023 text applies");
    }
}
