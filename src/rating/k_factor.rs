//! B.02 8.3.3: the development coefficient K.
//!
//! "K = 40 for a player new to the rating list until they have completed events with at
//! least 30 games. K = 20 as long as a player's rating remains under 2400. K = 10 once a
//! player's published rating has reached 2400 and remains at that level subsequently, even
//! if the rating drops below 2400. K = 40 for all players until the end of the year of
//! their 18th birthday, as long as their rating remains under 2300." Then the 700 limit.
//! The rapid and blitz regulations take the same rules.
//!
//! Where several lines apply, in this order: a published rating of 2400 at any time gives
//! 10; a junior under 2300 gets 40; fewer than 30 rated games 40; otherwise 20. Two of
//! these need the player's history (has he ever been published at 2400, how many games
//! has he completed), which only FIDE's list knows: it publishes each player's current K
//! (B.02 7.1.2), and when the event has it (the rating list import sets it) that K is
//! FIDE's own figure and wins. Without it the history is not known: a rating of 2400 or
//! more now is a published 2400; below it the player is assumed to have 30 games or more
//! and never to have reached 2400, and [`KFactor::describe`] says so. The list's number
//! of games is that of its last rating period only, so it cannot tell the 30 games.

use super::year_of;
use crate::tournament::{Player, Tournament};

/// A player's K for this event, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KFactor {
    /// The K the change is computed with (after the 700 limit).
    pub value: u8,
    /// The K before the 700 limit.
    pub(crate) base: u8,
    pub(crate) reason: KReason,
    /// Whether the 700 limit lowered `base` to `value`.
    pub(crate) limited: bool,
}

/// Why the player has his K.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KReason {
    /// The K the event's FIDE list publishes for him (B.02 7.1.2 lists K among the
    /// published fields); it already knows his games and whether he ever reached 2400.
    List,
    /// Rated 2400 or more on the event's list: a published rating that has reached 2400
    /// (K = 10).
    Rating2400,
    /// Until the end of the year of his 18th birthday, while rated under 2300: K = 40.
    Junior { birth_year: i32 },
    /// K = 20 while rated under 2400. Assumed: at least 30 rated games, never 2400
    /// before (neither is in the event's file; FIDE's list would say); and, when `age`
    /// says so, not a junior.
    Under2400 { age: AgeCheck },
}

/// Whether the junior rule could be checked for a player who is not given 40 by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AgeCheck {
    /// Checked: past the year of his 18th birthday, or rated 2300 or more.
    Checked,
    /// The file has no birth year: assumed not a junior.
    NoBirthYear,
    /// The event has no readable date: assumed not a junior.
    NoEventDate,
}

impl KFactor {
    /// K with its reason and article, for a person.
    pub(crate) fn describe(&self) -> String {
        let why = match self.reason {
            KReason::List => "as the event's FIDE list publishes it (B.02 7.1.2)".to_string(),
            KReason::Rating2400 => {
                "rated 2400 or more: 10 once a published rating has reached 2400 (B.02 8.3.3)"
                    .to_string()
            }
            KReason::Junior { birth_year } => format!(
                "born {birth_year}: 40 until the end of the year of the 18th birthday while \
                 under 2300 (B.02 8.3.3)"
            ),
            KReason::Under2400 { age } => {
                let junior = match age {
                    AgeCheck::Checked => "",
                    AgeCheck::NoBirthYear => "; assumed not a junior: no birth year",
                    AgeCheck::NoEventDate => "; assumed not a junior: the event has no date",
                };
                format!(
                    "under 2400 (B.02 8.3.3); assumed: 30 rated games or more and never 2400 \
                     before: the file does not say (FIDE's list publishes K){junior}"
                )
            }
        };
        if self.limited {
            format!(
                "K = {} ({why}), lowered to {} so that K times the games does not exceed 700 \
                 (B.02 8.3.3)",
                self.base, self.value
            )
        } else {
            format!("K = {} ({why})", self.value)
        }
    }
}

/// B.02 8.3.3: the player's K for `games` rated games in the event, `rating` being the
/// rating he is rated with. The list's K when the event has it; otherwise 10 from 2400, 40
/// for a junior under 2300 (until the end of the year of his 18th birthday, judged by the
/// event's end date, else its start date), and 20 otherwise (see the module
/// documentation). Then the 700 limit: when K times the games exceeds 700, K is the
/// largest whole number for which it does not (the games of the rating period, of which
/// the event's are the part this program knows).
pub(crate) fn k_factor(t: &Tournament, player: &Player, rating: u16, games: usize) -> KFactor {
    let event_year = year_of(&t.event.end_date).or_else(|| year_of(&t.event.start_date));
    let birth_year = year_of(&player.birth_date).filter(|&y| y > 0);
    let (base, reason) = match player.k_factor {
        Some(k) if k > 0 => (k, KReason::List),
        _ if rating >= 2400 => (10, KReason::Rating2400),
        _ => match (event_year, birth_year) {
            (Some(now), Some(born)) if now - born <= 18 && rating < 2300 => {
                (40, KReason::Junior { birth_year: born })
            }
            // From 2300 the junior rule does not apply, whatever the age.
            _ if rating >= 2300 => (
                20,
                KReason::Under2400 {
                    age: AgeCheck::Checked,
                },
            ),
            (_, None) => (
                20,
                KReason::Under2400 {
                    age: AgeCheck::NoBirthYear,
                },
            ),
            (None, Some(_)) => (
                20,
                KReason::Under2400 {
                    age: AgeCheck::NoEventDate,
                },
            ),
            (Some(_), Some(_)) => (
                20,
                KReason::Under2400 {
                    age: AgeCheck::Checked,
                },
            ),
        },
    };
    let games = u32::try_from(games).unwrap_or(u32::MAX).max(1);
    let value = if u32::from(base).saturating_mul(games) > 700 {
        u8::try_from(700 / games).unwrap_or(base)
    } else {
        base
    };
    KFactor {
        value,
        base,
        reason,
        limited: value != base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(end: &str) -> Tournament {
        let mut t = Tournament::default();
        t.event.end_date = end.into();
        t
    }

    fn player(born: &str, k: Option<u8>) -> Player {
        let mut p = Player::new(1, "Junior, A");
        p.birth_date = born.into();
        p.k_factor = k;
        p
    }

    /// B.02 8.3.3: "K = 40 for all players until the end of the year of their 18th
    /// birthday, as long as their rating remains under 2300." "K = 20 as long as a
    /// player's rating remains under 2400." "K = 10 once a player's published rating has
    /// reached 2400".
    #[test]
    fn k_follows_rating_and_age() {
        let t = event("2026/07/10");
        let k = |born, rating| k_factor(&t, &player(born, None), rating, 9);
        assert_eq!(k("2008", 2250).value, 40, "18 in 2026");
        assert_eq!(k("2008", 2250).reason, KReason::Junior { birth_year: 2008 });
        assert_eq!(k("2007/12/31", 2250).value, 20, "19 in 2026");
        assert_eq!(k("2010", 2300).value, 20, "a junior from 2300");
        assert_eq!(k("2010", 2400).value, 10);
        assert_eq!(
            k("2010", 2400).reason,
            KReason::Rating2400,
            "2400 comes first"
        );
        assert_eq!(k("1980", 2399).value, 20);
        assert_eq!(
            k("", 1800).reason,
            KReason::Under2400 {
                age: AgeCheck::NoBirthYear
            }
        );
    }

    /// B.02 8.3.3: "K = 10 once a player's published rating has reached 2400 and remains
    /// at that level subsequently, even if the rating drops below 2400." The history is
    /// FIDE's list's: its K of 10 for a player now rated 2380 is kept (7.1.2 publishes "the
    /// current value of K"); without it, a player under 2400 is assumed never to have
    /// reached 2400, and the note says so.
    #[test]
    fn a_published_2400_is_known_from_the_list_and_assumed_otherwise() {
        let t = event("2026/07/10");
        let former = k_factor(&t, &player("1970", Some(10)), 2380, 9);
        assert_eq!((former.value, former.reason), (10, KReason::List));
        let unknown = k_factor(&t, &player("1970", None), 2380, 9);
        assert_eq!(unknown.value, 20);
        let note = unknown.describe();
        assert!(
            note.contains(
                "assumed: 30 rated games or more and never 2400 before: the file does not say"
            ),
            "{note}"
        );
    }

    /// B.02 8.3.3: "K = 40 for a player new to the rating list until they have completed
    /// events with at least 30 games." The list's K of 40 for a 35-year-old is that rule
    /// (FIDE counts his games); the file alone cannot tell it.
    #[test]
    fn a_new_player_keeps_40_from_the_list() {
        let t = event("2026/07/10");
        let new = k_factor(&t, &player("1991", Some(40)), 1650, 7);
        assert_eq!((new.value, new.reason), (40, KReason::List));
    }

    /// The junior rule needs the event's date and the birth year; without either it is
    /// not applied, and the note says which is missing.
    #[test]
    fn an_undated_event_or_an_unknown_birth_year_is_said_to_be_assumed() {
        let undated = k_factor(&event(""), &player("2012", None), 1500, 5);
        assert_eq!(undated.value, 20);
        assert!(
            undated
                .describe()
                .contains("assumed not a junior: the event has no date"),
            "{}",
            undated.describe()
        );
        let unborn = k_factor(&event("2026/01/01"), &player("", None), 1500, 5);
        assert!(
            unborn
                .describe()
                .contains("assumed not a junior: no birth year"),
            "{}",
            unborn.describe()
        );
        let adult = k_factor(&event("2026/01/01"), &player("1960", None), 1500, 5);
        assert!(!adult.describe().contains("not a junior"));
    }

    /// B.02 8.3.3: "If the number of games (n) for a player on any list for a rating period
    /// multiplied by K (as defined above) exceeds 700, then K shall be the largest whole
    /// number such that K x n does not exceed 700."
    #[test]
    fn the_list_k_wins_and_the_700_limit_lowers_it() {
        let t = event("2026/07/10");
        let listed = k_factor(&t, &player("1980", Some(40)), 2450, 9);
        assert_eq!((listed.value, listed.reason), (40, KReason::List));
        let many = k_factor(&t, &player("1980", Some(40)), 1800, 18);
        assert_eq!((many.base, many.value, many.limited), (40, 38, true));
        let exactly = k_factor(&t, &player("1980", Some(40)), 1800, 17);
        assert_eq!(
            (exactly.value, exactly.limited),
            (40, false),
            "40 x 17 = 680"
        );
        assert!(many.describe().contains("700"));
        let endless = k_factor(&t, &player("1980", None), 1800, usize::MAX);
        assert_eq!(endless.value, 0, "no panic on absurd counts");
    }
}
