//! Which regulations the tie-breaks follow: the edition of the unplayed-round rules, the
//! kind of event, and what rating unrated players count with.

use std::fmt;
use std::str::FromStr;

use crate::tournament::Event;

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
    /// C.07 in force from 1 March 2026: Art. 16 with the dummy's score capped (16.4).
    Dummy2026,
}

impl Edition {
    /// The edition in force on a date written `YYYY/MM/DD` (TRF-2026) or `YYYY-MM-DD`,
    /// `YYYY.MM.DD` (older files): 2026 from 1 March 2026, else 2023. An unreadable date
    /// gives the rules in force now. The pre-2023 rule is never chosen by date: it is an
    /// explicit option for old events.
    pub fn in_force_on(date: &str) -> Edition {
        let digits: Vec<u32> = date
            .split(['/', '-', '.'])
            .map(|part| part.trim().parse().unwrap_or(0))
            .collect();
        match digits.as_slice() {
            [year, month, _] if *year > 1900 && (1..=12).contains(month) => {
                if (*year, *month) < (2026, 3) {
                    Edition::Dummy2023
                } else {
                    Edition::Dummy2026
                }
            }
            _ => Edition::Dummy2026,
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
    /// The rules for an event: the edition in force at its start date, pre-determined
    /// pairings when its TRF-2026 `192` code is a round robin, and its rating for unrated
    /// players.
    pub fn for_event(event: &Event) -> Rules {
        let code = event
            .other_system_code
            .as_deref()
            .unwrap_or_default()
            .to_ascii_uppercase();
        Rules {
            edition: Edition::in_force_on(&event.start_date),
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
        assert_eq!(Edition::in_force_on("2019.05.10"), Edition::Dummy2023);
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
