//! B.02 8.3.3: the development coefficient K.

use super::year_of;
use crate::tournament::{Player, Tournament};

/// A player's K for this event, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KFactor {
    /// The K the change is computed with (after the 700 limit).
    pub value: u8,
    /// The K before the 700 limit.
    pub base: u8,
    pub reason: KReason,
    /// Whether the 700 limit lowered `base` to `value`.
    pub limited: bool,
}

/// Why the player has his K.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KReason {
    /// The K the event's FIDE list publishes for him (B.02 7.1.2 lists K among the
    /// published fields); it already knows his games and whether he ever reached 2400.
    List,
    /// Rated 2400 or more (K = 10 once a published rating has reached 2400).
    Rating2400,
    /// Until the end of the year of his 18th birthday, while rated under 2300: K = 40.
    Junior { birth_year: i32 },
    /// K = 20 while rated under 2400. Assumed: at least 30 rated games, never 2400
    /// before (neither is in the event's file; FIDE's list would say).
    Under2400,
}

impl KFactor {
    /// K with its reason and article, for a person.
    pub fn describe(&self) -> String {
        let why = match self.reason {
            KReason::List => "as the event's FIDE list publishes it".to_string(),
            KReason::Rating2400 => "rated 2400 or more (B.02 8.3.3)".to_string(),
            KReason::Junior { birth_year } => format!(
                "born {birth_year}: 40 until the end of the year of the 18th birthday while \
                 under 2300 (B.02 8.3.3)"
            ),
            KReason::Under2400 => "under 2400 (B.02 8.3.3); assumed: 30 rated games or more \
                                   and never 2400 before (the file does not say)"
                .to_string(),
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

/// B.02 8.3.3: the player's K for `games` rated games in the event. The list's K when the
/// event has it; otherwise 10 from 2400, 40 for a junior under 2300 (until the end of the
/// year of his 18th birthday, judged by the event's end date, else its start date), and 20
/// otherwise. Then the 700 limit: when K times the games exceeds 700, K is the largest whole
/// number for which it does not (the games of the rating period, of which the event's
/// are the part this program knows).
pub fn k_factor(t: &Tournament, player: &Player, rating: u16, games: usize) -> KFactor {
    let event_year = year_of(&t.event.end_date).or_else(|| year_of(&t.event.start_date));
    let birth_year = year_of(&player.birth_date).filter(|&y| y > 0);
    let (base, reason) = match player.k_factor {
        Some(k) if k > 0 => (k, KReason::List),
        _ if rating >= 2400 => (10, KReason::Rating2400),
        _ => match (event_year, birth_year) {
            (Some(now), Some(born)) if now - born <= 18 && rating < 2300 => {
                (40, KReason::Junior { birth_year: born })
            }
            _ => (20, KReason::Under2400),
        },
    };
    let games = u32::try_from(games).unwrap_or(u32::MAX).max(1);
    let value = if u32::from(base) * games > 700 {
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

    #[test]
    fn k_follows_rating_and_age() {
        let t = event("2026/07/10");
        let k = |born, rating| k_factor(&t, &player(born, None), rating, 9);
        assert_eq!(k("2008", 2250).value, 40, "18 in 2026");
        assert_eq!(k("2007/12/31", 2250).value, 20, "19 in 2026");
        assert_eq!(k("2010", 2300).value, 20, "a junior from 2300");
        assert_eq!(k("2010", 2400).value, 10);
        assert_eq!(k("1980", 2399).value, 20);
        assert_eq!(k("", 1800).reason, KReason::Under2400);
    }

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
    }
}
