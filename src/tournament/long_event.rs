//! Events lasting more than 30 days (FIDE checklist Q210–216, row 86 of
//! `assets/help/fide-checklist.md`).
//!
//! FIDE rates such an event with the rating in force when each game is played, not with
//! the list in force at the start: the FIDE rating regulations (B.02) rate a tournament of
//! over 30 days month by month, and FIDE's TEC manual checks a rating against "the list
//! valid for the month in which the tournament started, for tournaments lasting 30 days or
//! less; the list valid for the current month, otherwise" (as quoted in the Sharly-Chess
//! tracker, issue #1514; the stored texts did not give us B.02's article number). The
//! checklist asks (Q210) for a flag, (Q212–213) several ratings per player, each linked to
//! the rounds it applies in, (Q214–215) rating-based tie-breaks with the first rating
//! (C.07 10, the default) or with the rating of each round, the user choosing, and (Q211)
//! a warning that rating-based tie-breaks are not advised in such an event.
//!
//! The flag is [`Event::long_event`](super::Event); the ratings are
//! [`Player::round_ratings`](super::Player), each a rating in force from a round on.
//! Without the flag neither is read: every output is what it was.

use serde::{Deserialize, Serialize};

use super::{Date, Player, RatingList, Tournament, settle_dates};

/// The flag of an event lasting more than 30 days (checklist Q210) and how its
/// rating-based tie-breaks take ratings (Q214–216).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LongEvent {
    pub tiebreak_ratings: TiebreakRatings,
}

/// Which rating of an opponent the rating-based tie-breaks of C.07 10 (ARO, TPR, PTP,
/// APRO, APPO) count with in an event over 30 days.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TiebreakRatings {
    /// The rating at the start (C.07 10's default; checklist Q214).
    #[default]
    First,
    /// The opponent's rating in the round of the game (checklist Q215).
    PerRound,
}

impl TiebreakRatings {
    /// The name the command line and the `###` line use.
    pub(crate) fn name(self) -> &'static str {
        match self {
            TiebreakRatings::First => "first",
            TiebreakRatings::PerRound => "per-round",
        }
    }

    /// The value named `first` or `per-round`.
    pub(crate) fn from_name(name: &str) -> Option<TiebreakRatings> {
        [TiebreakRatings::First, TiebreakRatings::PerRound]
            .into_iter()
            .find(|t| t.name() == name.trim())
    }
}

/// A player's rating in force from a round on (checklist Q212–213): a new rating list
/// published during the event, or a single player's rating corrected from a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundRating {
    /// The first round it applies in (2 or later: round 1 is the player's `rating`).
    pub from_round: u32,
    pub rating: u16,
}

/// The FIDE list that ratings by round come from, when they come from one: its file and
/// its date (the first day of its month), checked against the round's month (checklist
/// Q137 with Q212-213).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundList {
    pub source: String,
    pub date: Option<super::Date>,
}

/// Why ratings by round cannot be set so.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LongEventError {
    #[error(
        "ratings by round are for an event lasting more than 30 days: set that flag first \
         (checklist Q210)"
    )]
    NotLongEvent,
    #[error(
        "round {0}: a rating by round applies from round 2 on; round 1 is played with the \
         player's rating (change that instead)"
    )]
    FromRound(u32),
    #[error("round {round}: the event has {rounds} rounds")]
    PastTheEnd { round: u32, rounds: u32 },
    #[error("no player has number {0}")]
    NoPlayer(u32),
    #[error("no rating given")]
    NoRatings,
    #[error("player {0} is given two ratings from the same round")]
    Twice(u32),
}

/// The number of days from 1 March of year 0 (a day count, for differences only).
fn day_number(d: Date) -> i64 {
    let (y, m) = if d.month <= 2 {
        (i64::from(d.year) - 1, i64::from(d.month) + 9)
    } else {
        (i64::from(d.year), i64::from(d.month) - 3)
    };
    365 * y + y.div_euclid(4) - y.div_euclid(100)
        + y.div_euclid(400)
        + (153 * m + 2) / 5
        + i64::from(d.day)
}

impl Player {
    /// The rating in force for him in `round` on `list` among his ratings by round (the
    /// latest that starts at or before it), else his rating on the list
    /// ([`Player::rating_for`]).
    fn rating_from_round(&self, list: RatingList, round: u32) -> Option<u16> {
        self.round_ratings
            .iter()
            .filter(|r| r.from_round <= round)
            .max_by_key(|r| r.from_round)
            .map(|r| r.rating)
            .or_else(|| self.rating_for(list))
    }
}

impl Tournament {
    /// The rating `player` is rated with in `round` on `list`: in an event over 30 days
    /// the rating in force in that round (checklist Q212–213), else his rating on the
    /// list, as always.
    pub(crate) fn rating_in_round(
        &self,
        player: &Player,
        list: RatingList,
        round: u32,
    ) -> Option<u16> {
        if self.event.long_event.is_some() {
            player.rating_from_round(list, round)
        } else {
            player.rating_for(list)
        }
    }

    /// Each player's rating in rounds 1..=`rounds` for the rating-based tie-breaks
    /// (index 0 = round 1), when the event is over 30 days and they count the rating of
    /// each round (checklist Q215); `None` otherwise (they count the first rating).
    pub(crate) fn tiebreak_ratings_by_round(
        &self,
        player: &Player,
        rounds: u32,
    ) -> Option<Vec<Option<u16>>> {
        let long = self.event.long_event?;
        (long.tiebreak_ratings == TiebreakRatings::PerRound).then(|| {
            (1..=rounds)
                .map(|r| player.rating_from_round(RatingList::Standard, r))
                .collect()
        })
    }

    /// How many days the event lasts, first and last day included, from its start and end
    /// dates (or its first and last rounds' dates); `None` when they are not known.
    pub fn duration_in_days(&self) -> Option<i64> {
        let dates = settle_dates(&self.event, Default::default());
        let first = dates.first_day()?;
        let last = dates
            .end
            .or_else(|| dates.rounds.iter().rev().flatten().next().copied())?;
        Some(day_number(last) - day_number(first) + 1)
    }

    /// The event's length in days when it lasts more than 30 days and is not flagged so:
    /// the flag is proposed (checklist Q210).
    pub fn long_event_proposed(&self) -> Option<i64> {
        self.duration_in_days()
            .filter(|&days| days > 30 && self.event.long_event.is_none())
    }

    /// The advice of checklist Q211, when the event is over 30 days and its tie-breaks
    /// include one based on ratings (C.07 10).
    pub fn long_event_tiebreak_advice(&self) -> Option<String> {
        self.event.long_event?;
        let rating_based: Vec<&str> = self
            .event
            .tiebreaks
            .iter()
            .map(String::as_str)
            .filter(|code| {
                let acronym = code.split('/').next().unwrap_or("");
                ["ARO", "AROC", "TPR", "PTP", "APRO", "APPO", "RTNG"]
                    .contains(&acronym.trim().to_ascii_uppercase().as_str())
            })
            .collect();
        (!rating_based.is_empty()).then(|| {
            format!(
                "the event lasts more than 30 days: rating-based tie-breaks ({}) are not \
                 advised, as players' ratings change during it (checklist Q211)",
                rating_based.join(", ")
            )
        })
    }

    /// Records the ratings in force from `from_round` on (a new list, or one player's
    /// rating): each replaces the player's rating by round from that same round, if any.
    /// All or nothing.
    pub(crate) fn set_round_ratings(
        &mut self,
        from_round: u32,
        ratings: &[(u32, u16)],
    ) -> Result<(), LongEventError> {
        if self.event.long_event.is_none() {
            return Err(LongEventError::NotLongEvent);
        }
        if from_round < 2 {
            return Err(LongEventError::FromRound(from_round));
        }
        if let Some(rounds) = self.event.rounds
            && from_round > rounds
        {
            return Err(LongEventError::PastTheEnd {
                round: from_round,
                rounds,
            });
        }
        if ratings.is_empty() {
            return Err(LongEventError::NoRatings);
        }
        for (i, &(id, _)) in ratings.iter().enumerate() {
            if self.player(id).is_none() {
                return Err(LongEventError::NoPlayer(id));
            }
            if ratings[..i].iter().any(|&(other, _)| other == id) {
                return Err(LongEventError::Twice(id));
            }
        }
        for &(id, rating) in ratings {
            if let Some(player) = self.player_mut(id) {
                player.round_ratings.retain(|r| r.from_round != from_round);
                player
                    .round_ratings
                    .push(RoundRating { from_round, rating });
                player.round_ratings.sort_by_key(|r| r.from_round);
            }
        }
        Ok(())
    }
}

/// The flag in words, for the status bar and the log.
pub(crate) fn describe_long_event(flag: Option<LongEvent>) -> String {
    match flag {
        None => "Event not flagged as lasting more than 30 days".into(),
        Some(long) => format!(
            "Event flagged as lasting more than 30 days; rating tie-breaks with {}",
            match long.tiebreak_ratings {
                TiebreakRatings::First => "the first rating",
                TiebreakRatings::PerRound => "the rating of each round",
            }
        ),
    }
}

impl Tournament {
    /// Sets or takes away the flag (the door's [`Edit::SetLongEvent`]
    /// (crate::document::Edit)); after round 1 the change is logged, as it decides
    /// tie-breaks. Taking the flag away keeps the ratings by round, unread.
    pub(crate) fn set_long_event(&mut self, flag: Option<LongEvent>, when: String) {
        let changed = self.event.long_event != flag;
        self.event.long_event = flag;
        if changed && self.is_paired(1) {
            let detail = describe_long_event(flag);
            self.log_event(super::LogKind::Configuration, &detail, when);
        }
    }

    /// Records ratings by round ([`Tournament::set_round_ratings`]), logged after round 1.
    pub(crate) fn record_round_ratings(
        &mut self,
        from_round: u32,
        ratings: &[(u32, u16)],
        list: Option<&RoundList>,
        when: String,
    ) -> Result<(), LongEventError> {
        self.set_round_ratings(from_round, ratings)?;
        if let Some(list) = list {
            // The list applied, with its date, whenever it is (checklist Q134-137).
            let dated = list
                .date
                .map_or("date not known".to_string(), |d| d.to_string());
            let detail = format!(
                "FIDE list {} ({dated}): {} from round {from_round}",
                list.source,
                crate::plural::count(ratings.len(), "rating")
            );
            self.log_event(super::LogKind::Ratings, &detail, when.clone());
        }
        if self.is_paired(1) {
            let list: Vec<String> = ratings.iter().map(|(id, r)| format!("{id} {r}")).collect();
            let detail = format!("ratings from round {from_round}: {}", list.join(", "));
            self.log_event(super::LogKind::Configuration, &detail, when);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(start: &str, end: &str) -> Tournament {
        let mut t = Tournament::default();
        t.event.start_date = start.into();
        t.event.end_date = end.into();
        t
    }

    #[test]
    fn the_flag_is_proposed_past_30_days() {
        assert_eq!(
            event("2026/01/01", "2026/01/30").long_event_proposed(),
            None
        );
        assert_eq!(
            event("2026/01/01", "2026/01/31").long_event_proposed(),
            Some(31)
        );
        assert_eq!(
            event("2026/02/20", "2026/03/31").duration_in_days(),
            Some(40)
        );
        assert_eq!(
            event("2024/02/01", "2024/03/01").duration_in_days(),
            Some(30)
        );
        assert_eq!(event("", "").duration_in_days(), None);
        let mut flagged = event("2026/01/01", "2026/03/01");
        flagged.event.long_event = Some(LongEvent::default());
        assert_eq!(flagged.long_event_proposed(), None, "already flagged");
    }

    #[test]
    fn a_rating_applies_from_its_round_only_in_a_long_event() {
        let mut t = Tournament::default();
        let mut p = Player::new(1, "A");
        p.rating = Some(2000);
        t.players.push(p);
        let err = t.set_round_ratings(5, &[(1, 2100)]).expect_err("no flag");
        assert_eq!(err, LongEventError::NotLongEvent);
        t.event.long_event = Some(LongEvent::default());
        assert_eq!(
            t.set_round_ratings(1, &[(1, 2100)]),
            Err(LongEventError::FromRound(1))
        );
        assert_eq!(
            t.set_round_ratings(5, &[(2, 2100)]),
            Err(LongEventError::NoPlayer(2))
        );
        assert_eq!(
            t.set_round_ratings(5, &[(1, 2100), (1, 1)]),
            Err(LongEventError::Twice(1))
        );
        t.set_round_ratings(5, &[(1, 2100)]).expect("set");
        t.set_round_ratings(3, &[(1, 2050)]).expect("set");
        let p = &t.players[0];
        let at = |r| t.rating_in_round(p, RatingList::Standard, r);
        assert_eq!(
            [at(1), at(2), at(3), at(4), at(5), at(9)],
            [
                Some(2000),
                Some(2000),
                Some(2050),
                Some(2050),
                Some(2100),
                Some(2100)
            ]
        );
        let mut off = t.clone();
        off.event.long_event = None;
        assert_eq!(
            off.rating_in_round(&off.players[0], RatingList::Standard, 9),
            Some(2000)
        );
    }
}
