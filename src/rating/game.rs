//! Which games of the event are rated, and what each one counts with.
//!
//! B.02 (2024) 4 and 8: only games played over the board are rated; forfeits, byes and
//! games decided in less than one move (TRF `W`/`D`/`L`) are not. A game is rated for a
//! player only against a rated opponent (8.2 and 8.3 take the opponent's rating; an unrated
//! opponent who earns a rating is still "counted as an unrated player" in his opponents'
//! ratings, 8.2.4).

use super::Hundredths;
use super::tables::expected_score;
use crate::tournament::{GameResult, MatchGame, Outcome, Player, RatingList, Tournament};

/// A game that counts for the player's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    pub round: u32,
    pub opponent: u32,
    pub opponent_rating: u16,
    /// 100 for a win, 50 for a draw, 0 for a loss, whatever the event's scoring.
    pub score: Hundredths,
    /// For a rated player: his rating minus the opponent's as the table of 8.1(b) is read,
    /// after the 400-point rule (8.3.1).
    pub counted_difference: Option<i64>,
    /// For a rated player: his expected score in this game (8.1(b)).
    pub expected: Option<Hundredths>,
}

/// A game played over the board that does not count for the player's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExcludedGame {
    pub round: u32,
    pub opponent: u32,
    pub why: Exclusion,
}

/// Why a game played over the board is not rated for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exclusion {
    /// The opponent has no rating on the event's list (8.2, 8.3).
    UnratedOpponent,
    /// Recorded as decided before one move was made (TRF `W`, `D`, `L`; B.02 4.1).
    LessThanOneMove,
    /// Rapid and blitz: a rating gap of 600 or more with a player above 2600 (the rapid
    /// and blitz regulations, from 1 December 2024).
    RapidBlitzGap { difference: i64 },
    /// Adjourned (TRF `?`): rated once its result is entered (B.02 rates the result of a
    /// game; an adjourned game has none yet).
    Adjourned,
}

impl Exclusion {
    /// The reason, with its article, for a person.
    pub fn describe(self) -> String {
        match self {
            Exclusion::UnratedOpponent => "the opponent is unrated (B.02 8.2, 8.3)".into(),
            Exclusion::LessThanOneMove => {
                "decided before one move was made (B.02 4.1; TRF W/D/L)".into()
            }
            Exclusion::Adjourned => {
                "adjourned: rated once its result is entered (B.02; TRF ?)".into()
            }
            Exclusion::RapidBlitzGap { difference } => format!(
                "a gap of {difference} points with a player above 2600 is not rated in rapid \
                 and blitz (rapid and blitz regulations, from 1 December 2024)"
            ),
        }
    }
}

/// B.02 8.3.1: the rating difference a player's expected score is read with. A difference
/// of more than 400 points counts as 400, except (standard list, from 1 October 2025) for a
/// player rated 2650 or more; in rapid and blitz the 400-point rule always applies.
pub fn counted_difference(own: i64, opponent: i64, list: RatingList) -> i64 {
    let difference = own - opponent;
    let capped = list != RatingList::Standard || own < 2650;
    if capped {
        difference.clamp(-400, 400)
    } else {
        difference
    }
}

/// The player's games played over the board, split into those rated for him and those
/// that are not, in round order (both games of a two-game match, C.04.5, count).
pub fn games_of(t: &Tournament, player: &Player) -> (Vec<RatedGame>, Vec<ExcludedGame>) {
    let list = t.event.rating_list;
    let mut rated = Vec::new();
    let mut excluded = Vec::new();
    for (round, outcome) in (1..).zip(&player.results) {
        for (opponent, result, own) in over_the_board(outcome) {
            let opponent_rating = t.player(opponent).and_then(|p| p.rating);
            let why = match opponent_rating {
                _ if own.is_some() => own,
                None => Some(Exclusion::UnratedOpponent),
                Some(theirs) => rapid_blitz_gap(player.rating, theirs, list),
            };
            if let Some(why) = why {
                excluded.push(ExcludedGame {
                    round,
                    opponent,
                    why,
                });
                continue;
            }
            let opponent_rating = opponent_rating.unwrap_or_default();
            let counted = player
                .rating
                .map(|own| counted_difference(own.into(), opponent_rating.into(), list));
            rated.push(RatedGame {
                round,
                opponent,
                opponent_rating,
                score: score_of(result),
                counted_difference: counted,
                expected: counted.map(expected_score),
            });
        }
    }
    (rated, excluded)
}

/// The games of a round played over the board: (opponent, the player's own result, why
/// the game itself is not rated: decided before one move, or adjourned).
///
/// Each player is rated on the result he got, as the rating report (TRF) records it for
/// him: a game scored ½-0, 0-½ or 0-0 (VCL.13) counts ½ for the player given the draw
/// and 0 for the one given the loss, so the two scores need not add up to one game's.
fn over_the_board(outcome: &Outcome) -> Vec<(u32, GameResult, Option<Exclusion>)> {
    match outcome {
        Outcome::Game {
            opponent,
            result,
            unrated,
            adjourned,
            ..
        } => {
            let own = if *adjourned {
                Some(Exclusion::Adjourned)
            } else {
                unrated.then_some(Exclusion::LessThanOneMove)
            };
            vec![(*opponent, *result, own)]
        }
        Outcome::Match {
            opponent, games, ..
        } => [games.first, games.second]
            .into_iter()
            .filter_map(|game| match game {
                MatchGame::Played(result) => Some((*opponent, result, None)),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn rapid_blitz_gap(own: Option<u16>, theirs: u16, list: RatingList) -> Option<Exclusion> {
    let own = i64::from(own?);
    let theirs = i64::from(theirs);
    let difference = (own - theirs).abs();
    (list != RatingList::Standard && difference >= 600 && own.max(theirs) > 2600)
        .then_some(Exclusion::RapidBlitzGap { difference })
}

fn score_of(result: GameResult) -> Hundredths {
    match result {
        GameResult::Win => 100,
        GameResult::Draw => 50,
        GameResult::Loss => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_400_point_rule_spares_players_from_2650_on_the_standard_list_only() {
        assert_eq!(counted_difference(2200, 1700, RatingList::Standard), 400);
        assert_eq!(counted_difference(1700, 2200, RatingList::Standard), -400);
        assert_eq!(counted_difference(2649, 2100, RatingList::Standard), 400);
        assert_eq!(counted_difference(2650, 2100, RatingList::Standard), 550);
        assert_eq!(counted_difference(2650, 2100, RatingList::Rapid), 400);
        assert_eq!(counted_difference(2100, 2650, RatingList::Standard), -400);
    }

    #[test]
    fn rapid_and_blitz_drop_wide_gaps_with_a_player_above_2600() {
        assert!(rapid_blitz_gap(Some(2700), 2100, RatingList::Blitz).is_some());
        assert!(rapid_blitz_gap(Some(2100), 2700, RatingList::Rapid).is_some());
        assert!(rapid_blitz_gap(Some(2700), 2101, RatingList::Rapid).is_none());
        assert!(rapid_blitz_gap(Some(2600), 2000, RatingList::Rapid).is_none());
        assert!(rapid_blitz_gap(Some(2700), 2100, RatingList::Standard).is_none());
        assert!(rapid_blitz_gap(None, 2700, RatingList::Rapid).is_none());
    }
}
