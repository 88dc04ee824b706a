//! The `###` lines of our own for what TRF-2026 has no record for, as far as we know, in
//! the rating data: the flag of an event over 30 days (checklist Q210), the ratings in
//! force from a round on (Q212–213) and the corrections for the rating report only
//! (Q192–193). They follow the integrity log's form (`<What> @ Round <n>: …`, see
//! `tournament::integrity_log`), are written after it and read back; TRF-16 has no
//! comments and drops them (`fit::dropped_by_trf` says so).
//!
//! ```text
//! ### Over 30 days: rating tie-breaks per-round
//! ### Ratings @ Round 5: 1 2210, 3 2150
//! ### Rating correction @ Round 3: 4-7 1-0 not rated; found unplayed
//! ```

use crate::tournament::{
    Event, LongEvent, RatingCorrection, RoundRating, TiebreakRatings, Tournament, result_from_text,
};

const OVER_30_DAYS: &str = " Over 30 days: rating tie-breaks ";
const RATINGS: &str = " Ratings @ Round ";
const CORRECTION: &str = " Rating correction @ Round ";

/// The lines (without `###`) for `t`, in that order: the flag, the ratings by round (one
/// line per round, players by number), the corrections. None for an event without them.
pub(crate) fn comments(t: &Tournament) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(long) = t.event.long_event {
        lines.push(format!("{OVER_30_DAYS}{}", long.tiebreak_ratings.name()));
    }
    let mut rounds: Vec<u32> = t
        .players
        .iter()
        .flat_map(|p| p.round_ratings.iter().map(|r| r.from_round))
        .collect();
    rounds.sort_unstable();
    rounds.dedup();
    for round in rounds {
        let ratings: Vec<String> = t
            .players
            .iter()
            .filter_map(|p| {
                let r = p.round_ratings.iter().find(|r| r.from_round == round)?;
                Some(format!("{} {}", p.id, r.rating))
            })
            .collect();
        lines.push(format!("{RATINGS}{round}: {}", ratings.join(", ")));
    }
    // The result in ASCII (`1/2` for `½`), as TRF writes results elsewhere.
    for c in &t.event.rating_corrections {
        let line = format!(
            "{CORRECTION}{}: {}-{} {}; {}",
            c.round,
            c.white,
            c.black,
            c.result.text().replace('½', "1/2"),
            c.reason
        );
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// What the `###` lines of the rating data held, until the players are read.
#[derive(Debug, Default)]
pub(crate) struct RatingComments {
    /// (line, player, rating from a round on).
    ratings: Vec<(usize, u32, RoundRating)>,
}

impl RatingComments {
    /// Reads one `###` line (without the marker) into `event` or `self`: `Ok(true)` when it
    /// is one of ours, `Ok(false)` when it is not (a comment), an error (column, message)
    /// when it starts as ours and does not read.
    pub(crate) fn read(
        &mut self,
        comment: &str,
        line: usize,
        event: &mut Event,
    ) -> Result<bool, (usize, String)> {
        if let Some(rest) = comment.strip_prefix(OVER_30_DAYS) {
            let tiebreak_ratings = TiebreakRatings::from_name(rest).ok_or_else(|| {
                (
                    4,
                    format!(
                        "expected first or per-round after \"###{OVER_30_DAYS}\", found {rest:?}"
                    ),
                )
            })?;
            event.long_event = Some(LongEvent { tiebreak_ratings });
            return Ok(true);
        }
        if let Some(rest) = comment.strip_prefix(RATINGS) {
            let bad = || {
                (
                    4,
                    format!(
                        "expected \"###{RATINGS}<n>: <player> <rating>, …\", found \"###{comment}\""
                    ),
                )
            };
            let (round, list) = rest.split_once(": ").ok_or_else(bad)?;
            let from_round: u32 = round.trim().parse().map_err(|_| bad())?;
            for pair in list.split(',') {
                let (id, rating) = pair.trim().split_once(' ').ok_or_else(bad)?;
                let id: u32 = id.parse().map_err(|_| bad())?;
                let rating: u16 = rating.trim().parse().map_err(|_| bad())?;
                self.ratings
                    .push((line, id, RoundRating { from_round, rating }));
            }
            return Ok(true);
        }
        if let Some(rest) = comment.strip_prefix(CORRECTION) {
            let bad = || {
                (
                    4,
                    format!(
                        "expected \"###{CORRECTION}<n>: <white>-<black> <result>; <reason>\", found \"###{comment}\""
                    ),
                )
            };
            let (round, rest) = rest.split_once(": ").ok_or_else(bad)?;
            let (board, rest) = rest.split_once(' ').ok_or_else(bad)?;
            let (result, reason) = rest.split_once(';').ok_or_else(bad)?;
            let (white, black) = board.split_once('-').ok_or_else(bad)?;
            event.rating_corrections.push(RatingCorrection {
                round: round.trim().parse().map_err(|_| bad())?,
                white: white.parse().map_err(|_| bad())?,
                black: black.parse().map_err(|_| bad())?,
                result: result_from_text(result).ok_or_else(bad)?,
                reason: reason.trim().to_string(),
            });
            return Ok(true);
        }
        Ok(false)
    }

    /// Gives the players their ratings by round; an unknown player is an error (line,
    /// message).
    pub(crate) fn apply(self, t: &mut Tournament) -> Result<(), (usize, String)> {
        for (line, id, rating) in self.ratings {
            let player = t.player_mut(id).ok_or_else(|| {
                (
                    line,
                    format!("expected a starting rank of a player, found {id}"),
                )
            })?;
            player
                .round_ratings
                .retain(|r| r.from_round != rating.from_round);
            player.round_ratings.push(rating);
            player.round_ratings.sort_by_key(|r| r.from_round);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, Player};

    #[test]
    fn the_lines_read_back() {
        let mut t = Tournament::default();
        for id in 1..=3 {
            t.players.push(Player::new(id, format!("P{id}")));
        }
        t.event.long_event = Some(LongEvent {
            tiebreak_ratings: TiebreakRatings::PerRound,
        });
        t.players[0].round_ratings = vec![
            RoundRating {
                from_round: 3,
                rating: 2010,
            },
            RoundRating {
                from_round: 5,
                rating: 2020,
            },
        ];
        t.players[2].round_ratings = vec![RoundRating {
            from_round: 5,
            rating: 1500,
        }];
        t.event.rating_corrections.push(RatingCorrection {
            round: 2,
            white: 1,
            black: 3,
            result: BoardResult::WhiteWinsNotRated,
            reason: "found unplayed; both signed".into(),
        });
        let lines = comments(&t);
        assert_eq!(lines[2], " Ratings @ Round 5: 1 2020, 3 1500");
        let mut back = Tournament {
            players: t
                .players
                .iter()
                .map(|p| Player::new(p.id, p.name.clone()))
                .collect(),
            ..Tournament::default()
        };
        let mut reader = RatingComments::default();
        for (i, line) in lines.iter().enumerate() {
            assert_eq!(reader.read(line, i, &mut back.event), Ok(true), "{line}");
        }
        reader.apply(&mut back).expect("players known");
        assert_eq!(back.event.long_event, t.event.long_event);
        assert_eq!(back.event.rating_corrections, t.event.rating_corrections);
        assert_eq!(back.players, t.players);
        assert_eq!(comments(&back), lines);
        let mut event = Event::default();
        assert_eq!(reader_of(" a comment", &mut event), Ok(false));
        assert!(reader_of(" Ratings @ Round x: 1 2", &mut event).is_err());
        assert!(reader_of(" Rating correction @ Round 2: 1-3 2-0; no", &mut event).is_err());
        assert!(reader_of(" Over 30 days: rating tie-breaks sometimes", &mut event).is_err());
        assert_eq!(event, Event::default(), "nothing read from bad lines");
    }

    fn reader_of(line: &str, event: &mut Event) -> Result<bool, (usize, String)> {
        RatingComments::default().read(line, 1, event)
    }
}
