//! Which regulations the tie-breaks follow: the edition of the unplayed-round rules, the
//! kind of event, and what rating unrated players count with.

use std::fmt;
use std::str::FromStr;

use crate::tournament::{Date, DateLines, Event, read_date, settle_dates};

/// The text that decides how unplayed rounds count (the other tie-break definitions did
/// not change between editions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edition {
    /// Before C.07 (2023): a player's own unplayed round is a game against a virtual
    /// opponent who had the player's score before the round, got the complementary result
    /// and drew every later round; opponents' unplayed games count as draws. For events
    /// that started before 1 July 2023.
    VirtualOpponent,
    /// C.07 in force from 1 July 2023 and its 2024-08 revision: Art. 16 with the dummy
    /// opponent scoring the player's own final score.
    Dummy2023,
    /// C.07 (2026) in force from 1 March 2026: Art. 16 with the dummy's score capped (16.4).
    Dummy2026,
}

/// The first day of C.07 (2023): approved 04/08/2022, in force from 1 July 2023
/// (https://handbook.fide.com/chapter/TieBreakRegulations2023; /work/shared/rules
/// `notes-formats-and-rules.md` §6). Events that started earlier follow the rules before it.
const C07_2023_IN_FORCE: Date = Date {
    year: 2023,
    month: 7,
    day: 1,
};

/// The first day of C.07 (2026): the March 2026 edition
/// (https://handbook.fide.com/chapter/TieBreakRegulations032026; `notes-formats-and-rules.md`
/// §6 gives the edition's month, not its day: the first of the month is taken).
const C07_2026_IN_FORCE: Date = Date {
    year: 2026,
    month: 3,
    day: 1,
};

impl Edition {
    /// The edition in force on `date`: before C.07 (2023) until 30 June 2023, C.07 (2023,
    /// with its 2024 revisions) from 1 July 2023, C.07 (2026) from 1 March 2026.
    pub fn in_force(date: Date) -> Edition {
        if date < C07_2023_IN_FORCE {
            Edition::VirtualOpponent
        } else if date < C07_2026_IN_FORCE {
            Edition::Dummy2023
        } else {
            Edition::Dummy2026
        }
    }

    /// The edition in force on a date written in any form the date reader knows
    /// (`tournament::date`: `YYYY/MM/DD`, `30/09/2011`, `Apr 18, 2026`, …); an unreadable
    /// date gives the rules in force today.
    pub fn in_force_on(date: &str) -> Edition {
        Edition::in_force(read_date(date).unwrap_or_else(Date::today))
    }

    /// The edition in force when `event` started (its start date, else its first round's
    /// date: the event's dates read together); when they cannot tell, the rules in force
    /// today, with the warning to show the arbiter.
    pub fn of_event(event: &Event) -> (Edition, Option<String>) {
        match settle_dates(event, DateLines::default()).first_day() {
            Some(day) => (Edition::in_force(day), None),
            None => {
                let edition = Edition::in_force(Date::today());
                let why = if event.start_date.trim().is_empty() {
                    "the event has no start date".to_string()
                } else {
                    format!("the start date {:?} is not a date", event.start_date.trim())
                };
                (
                    edition,
                    Some(format!(
                        "{why}: tie-breaks follow C.07 {edition}, the rules in force today; choose others with --rules 2026, 2023 or pre-2023"
                    )),
                )
            }
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::VirtualOpponent => "pre-2023",
            Edition::Dummy2023 => "2023",
            Edition::Dummy2026 => "2026",
        })
    }
}

/// Why a text is not an edition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown tie-break rules {0:?}: expected 2026, 2024, 2023 or pre-2023")]
pub struct UnknownEdition(pub(crate) String);

impl FromStr for Edition {
    type Err = UnknownEdition;
    fn from_str(text: &str) -> Result<Edition, UnknownEdition> {
        match text.trim().to_ascii_lowercase().as_str() {
            "2026" => Ok(Edition::Dummy2026),
            "2023" | "2024" => Ok(Edition::Dummy2023),
            "pre-2023" | "2022" | "2009" | "virtual" => Ok(Edition::VirtualOpponent),
            _ => Err(UnknownEdition(text.to_string())),
        }
    }
}

/// The rules the tie-breaks of one event follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub edition: Edition,
    /// Pairings fixed in advance (round robin): forfeits count as played games except for
    /// rating-based tie-breaks and, when lost, for the player's own record (C.07 15.2);
    /// Art. 16 does not apply.
    pub predetermined: bool,
    /// The rating an unrated player counts with in rating-based tie-breaks, when the
    /// tournament rules say so (C.07 10). `None`: those tie-breaks are dropped if any
    /// player is unrated.
    pub unrated_rating: Option<u16>,
}

impl Rules {
    /// The rules for an event: the edition in force when it started ([`Edition::of_event`];
    /// the rules in force today when its dates cannot tell), pre-determined
    /// pairings when its TRF-2026 `192` code is a round robin, and its rating for unrated
    /// players.
    pub fn for_event(event: &Event) -> Rules {
        let code = event
            .other_system_code
            .as_deref()
            .unwrap_or_default()
            .to_ascii_uppercase();
        Rules {
            edition: Edition::of_event(event).0,
            predetermined: code.contains("ROUNDROBIN"),
            unrated_rating: event.unrated_tiebreak_rating,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edition_by_start_date() {
        assert_eq!(Edition::in_force_on("2025/11/02"), Edition::Dummy2023);
        assert_eq!(Edition::in_force_on("2026-02-28"), Edition::Dummy2023);
        assert_eq!(Edition::in_force_on("2026/03/01"), Edition::Dummy2026);
        assert_eq!(Edition::in_force_on(""), Edition::Dummy2026);
        assert_eq!(Edition::in_force_on("soon"), Edition::Dummy2026);
        // C.07 (2023) is in force from 1 July 2023: earlier events follow the rules before
        // it (this line said C.07 2023 before the dates were read by the regulation).
        assert_eq!(Edition::in_force_on("2019.05.10"), Edition::VirtualOpponent);
        assert_eq!(Edition::in_force_on("2023/06/30"), Edition::VirtualOpponent);
        assert_eq!(Edition::in_force_on("2023/07/01"), Edition::Dummy2023);
        assert_eq!(Edition::in_force_on("30/09/2011"), Edition::VirtualOpponent);
        assert_eq!(
            Edition::in_force_on("28. 07. 2005"),
            Edition::VirtualOpponent
        );
        assert_eq!(Edition::in_force_on("Apr 18, 2026"), Edition::Dummy2026);
        assert_eq!(Edition::in_force_on("28/02/2026"), Edition::Dummy2023);
    }

    /// Every day has one edition, and editions never go back in time.
    #[test]
    fn editions_follow_each_other_in_time() {
        let order = |e: Edition| match e {
            Edition::VirtualOpponent => 0,
            Edition::Dummy2023 => 1,
            Edition::Dummy2026 => 2,
        };
        let mut last = 0;
        for year in 1990..2030 {
            for month in 1..=12 {
                for day in [1, 15, 28] {
                    let date = Date::new(year, month, day).unwrap();
                    let now = order(Edition::in_force(date));
                    assert!(now >= last, "{date}");
                    last = now;
                }
            }
        }
        assert_eq!(last, 2);
    }

    #[test]
    fn an_event_without_dates_gets_todays_rules_with_a_warning() {
        let mut event = Event::default();
        let (edition, warning) = Edition::of_event(&event);
        assert_eq!(edition, Edition::in_force(Date::today()));
        let warning = warning.expect("a warning");
        assert!(
            warning.contains("no start date") && warning.contains("--rules"),
            "{warning}"
        );
        event.start_date = "--CPP DUBOV (START DATE)--".into();
        assert!(Edition::of_event(&event).1.is_some());
        // The first round's date tells when the start date does not.
        event.round_dates = vec!["11.25.02".into()];
        event.end_date = "27.02.2011".into();
        assert_eq!(Edition::of_event(&event), (Edition::VirtualOpponent, None));
        event.start_date = "25.02.2011".into();
        assert_eq!(Edition::of_event(&event), (Edition::VirtualOpponent, None));
        assert_eq!(Rules::for_event(&event).edition, Edition::VirtualOpponent);
    }

    #[test]
    fn edition_names() {
        assert_eq!("2024".parse(), Ok(Edition::Dummy2023));
        assert_eq!("pre-2023".parse(), Ok(Edition::VirtualOpponent));
        assert_eq!(
            "2026".parse::<Edition>().map(|e| e.to_string()),
            Ok("2026".into())
        );
        assert!("2025".parse::<Edition>().is_err());
    }

    #[test]
    fn round_robins_are_predetermined_and_the_unrated_rating_is_the_events() {
        let mut event = Event {
            other_system_code: Some("FIDE_ROUNDROBIN".into()),
            ..Event::default()
        };
        assert!(Rules::for_event(&event).predetermined);
        event.other_system_code = Some("FIDE_DUBOV".into());
        assert!(!Rules::for_event(&event).predetermined);
        assert_eq!(Rules::for_event(&event).unrated_rating, None);
        event.unrated_tiebreak_rating = Some(1000);
        assert_eq!(Rules::for_event(&event).unrated_rating, Some(1000));
    }
}
