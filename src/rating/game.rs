//! Which games of the event are rated, and what each one counts with.
//!
//! B.02 (2024) 5.1: unplayed games are not counted, "any game where both players have made
//! at least one move will be rated": forfeits, byes and games decided in less than one
//! move (TRF `W`/`D`/`L`) are not. A game is rated for a player only against a rated
//! opponent (8.2 and 8.3 take the opponent's rating; an unrated opponent who earns a
//! rating is still "counted as an unrated player" in his opponents' ratings, 8.2.4).
//!
//! The time control (TRF `222`) excludes games too: 3 minutes or less for 60 moves is not
//! rated at all (rapid and blitz 1.1.2), a control of another list is not rated on the
//! event's, rapid and blitz games with different times are not rated (1.2), and a standard
//! game is rated only when each player has the minimum of B.02 1.1 for the two players'
//! ratings and a first control of at least 30 moves (1.2).

use super::Hundredths;
use super::rules::EventRules;
use super::tables::expected_score;
use super::time_control::{ControlClass, FIRST_CONTROL_MOVES, minutes};
use crate::tournament::{GameResult, MatchGame, Outcome, Player, RatingList, Tournament};

/// A game that counts for the player's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    pub round: u32,
    pub opponent: u32,
    pub(crate) opponent_rating: u16,
    /// 100 for a win, 50 for a draw, 0 for a loss, whatever the event's scoring.
    pub score: Hundredths,
    /// For a rated player: his rating minus the opponent's as the table of 8.1(b) is read,
    /// after the 400-point rule (8.3.1).
    pub(crate) counted_difference: Option<i64>,
    /// For a rated player: his expected score in this game (8.1(b)).
    pub expected: Option<Hundredths>,
}

/// A game played over the board that does not count for the player's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExcludedGame {
    pub round: u32,
    pub(crate) opponent: u32,
    pub why: Exclusion,
}

/// Why a game played over the board is not rated for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exclusion {
    /// The opponent has no rating on the event's list (8.2, 8.3).
    UnratedOpponent,
    /// Recorded as decided before one move was made (TRF `W`, `D`, `L`; B.02 5.1).
    LessThanOneMove,
    /// Rapid and blitz: a rating gap of 600 or more with a player above 2600 (the rapid
    /// and blitz regulations 7.3.1, from 1 December 2024).
    RapidBlitzGap { difference: i64 },
    /// The control gives 3 minutes or less for 60 moves: no list rates it (rapid and blitz
    /// 1.1.2: blitz is "more than 3 minutes").
    TooFastControl { seconds: u64 },
    /// The control is of another list than the event's (B.02 1.1; rapid and blitz 1.1.1,
    /// 1.1.2).
    ControlOfAnotherList {
        control: RatingList,
        list: RatingList,
    },
    /// Rapid and blitz 1.2: the players have different playing times.
    DifferentTimes,
    /// B.02 1.1: a player has less than the minimum for 60 moves that the higher of the
    /// two ratings requires (120 minutes from 2400, 90 from 1800, else 60).
    StandardTimeTooShort {
        seconds: u64,
        needed_minutes: u64,
        /// The higher rating of the two players (`None`: neither is rated).
        highest: Option<u16>,
    },
    /// B.02 1.2: the first control names fewer than 30 moves.
    FirstControlUnder30Moves { moves: u32 },
    /// Adjourned (TRF `?`): rated once its result is entered (B.02 rates the result of a
    /// game; an adjourned game has none yet).
    Adjourned,
}

impl Exclusion {
    /// The reason, with its article, for a person.
    pub(crate) fn describe(self) -> String {
        match self {
            Exclusion::UnratedOpponent => "the opponent is unrated (B.02 8.2, 8.3)".into(),
            Exclusion::LessThanOneMove => {
                "decided before one move was made (B.02 5.1; TRF W/D/L)".into()
            }
            Exclusion::Adjourned => {
                "adjourned: rated once its result is entered (B.02; TRF ?)".into()
            }
            Exclusion::RapidBlitzGap { difference } => format!(
                "a gap of {difference} points with a player above 2600 is not rated in rapid \
                 and blitz (rapid and blitz regulations 7.3.1, from 1 December 2024)"
            ),
            Exclusion::TooFastControl { seconds } => format!(
                "the time control gives {} for 60 moves, 3 minutes or less: not rated on any \
                 list (blitz is more than 3 minutes, rapid and blitz 1.1.2)",
                minutes(seconds)
            ),
            Exclusion::ControlOfAnotherList { control, list } => format!(
                "the time control is a {} control: not rated on the {} list ({})",
                control.name(),
                list.name(),
                match list {
                    RatingList::Standard => "B.02 1.1",
                    RatingList::Rapid => "rapid and blitz 1.1.1",
                    RatingList::Blitz => "rapid and blitz 1.1.2",
                }
            ),
            Exclusion::DifferentTimes => "the players have different playing times: not rated \
                                          (rapid and blitz 1.2)"
                .into(),
            Exclusion::StandardTimeTooShort {
                seconds,
                needed_minutes,
                highest,
            } => {
                let why = match highest {
                    Some(r) if r >= 1800 => format!("a player is rated {r}"),
                    Some(_) => "both players are rated below 1800".to_string(),
                    None => "neither player is rated (counted as below 1800)".to_string(),
                };
                format!(
                    "{} for 60 moves; {why}, so each player must have at least \
                     {needed_minutes} minutes (B.02 1.1)",
                    minutes(seconds)
                )
            }
            Exclusion::FirstControlUnder30Moves { moves } => format!(
                "the first time control names {moves} moves; it must name at least \
                 {FIRST_CONTROL_MOVES} (B.02 1.2)"
            ),
        }
    }
}

/// B.02 8.3.1: the rating difference a player's expected score is read with. A difference
/// of more than 400 points counts as 400, except (standard list, from 1 October 2025: the
/// event's rules say whether that text applies) for a player rated 2650 or more; in rapid
/// and blitz the 400-point rule always applies (7.3.1).
pub(crate) fn counted_difference(own: i64, opponent: i64, rules: &EventRules) -> i64 {
    let difference = own - opponent;
    if rules.caps_400(own) {
        difference.clamp(-400, 400)
    } else {
        difference
    }
}

/// The player's games played over the board, split into those rated for him and those
/// that are not, in round order (both games of a two-game match, C.04.5, count).
pub(crate) fn games_of(
    t: &Tournament,
    rules: &EventRules,
    player: &Player,
) -> (Vec<RatedGame>, Vec<ExcludedGame>) {
    let event_wide = control_exclusion(rules);
    let mut rated = Vec::new();
    let mut excluded = Vec::new();
    for (round, outcome) in (1..).zip(&player.results) {
        // A correction for the rating report only replaces the recorded outcome here
        // (checklist Q192-193); in an event over 30 days each game is rated with the
        // ratings of its round (checklist Q212-213).
        let corrected = t.rated_outcome(player.id, round);
        for (opponent, result, own) in over_the_board(corrected.as_ref().unwrap_or(outcome)) {
            let opponent_rating = t
                .player(opponent)
                .and_then(|p| t.rating_in_round(p, rules.list, round));
            let own_rating = t.rating_in_round(player, rules.list, round);
            let why = own
                .or(event_wide)
                .or_else(|| {
                    opponent_rating
                        .is_none()
                        .then_some(Exclusion::UnratedOpponent)
                })
                .or_else(|| standard_time(rules, own_rating, opponent_rating))
                .or_else(|| {
                    opponent_rating.and_then(|theirs| rapid_blitz_gap(own_rating, theirs, rules))
                });
            if let Some(why) = why {
                excluded.push(ExcludedGame {
                    round,
                    opponent,
                    why,
                });
                continue;
            }
            let opponent_rating = opponent_rating.unwrap_or_default();
            let counted =
                own_rating.map(|own| counted_difference(own.into(), opponent_rating.into(), rules));
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

/// What the event's time control excludes for every game: 3 minutes or less (rapid and
/// blitz 1.1.2), a control of another list (B.02 1.1; rapid and blitz 1.1.1, 1.1.2),
/// different times in rapid and blitz (1.2), a first control under 30 moves in standard
/// (B.02 1.2). Nothing without a readable control.
fn control_exclusion(rules: &EventRules) -> Option<Exclusion> {
    let control = rules.time_control()?;
    match (control.class(), rules.list) {
        (ControlClass::TooFast, _) => Some(Exclusion::TooFastControl {
            seconds: control.seconds_for_60_moves,
        }),
        // A shorter control on the standard list is B.02 1.1's, game by game.
        (ControlClass::List(_), RatingList::Standard) => control
            .first_control_moves
            .filter(|&m| m < FIRST_CONTROL_MOVES)
            .map(|moves| Exclusion::FirstControlUnder30Moves { moves }),
        (_, _) if control.different_times => Some(Exclusion::DifferentTimes),
        (ControlClass::List(of_control), list) if of_control != list => {
            Some(Exclusion::ControlOfAnotherList {
                control: of_control,
                list,
            })
        }
        _ => None,
    }
}

/// B.02 1.1 for one standard game: each player must have 120 minutes for 60 moves if one
/// of them is rated 2400 or more, 90 if one is rated 1800 or more, 60 if "both of the
/// players in the game are rated below 1800". An unrated player counts as below 1800 (the
/// text names only ratings; read so that a 60-minute event rates its new players).
/// Ratings are those of the event's list at its start.
fn standard_time(rules: &EventRules, own: Option<u16>, theirs: Option<u16>) -> Option<Exclusion> {
    let control = rules.time_control()?;
    if rules.list != RatingList::Standard {
        return None;
    }
    let highest = own.max(theirs);
    let needed_minutes = match highest {
        Some(r) if r >= 2400 => 120,
        Some(r) if r >= 1800 => 90,
        _ => 60,
    };
    (control.seconds_for_60_moves < needed_minutes * 60).then_some(
        Exclusion::StandardTimeTooShort {
            seconds: control.seconds_for_60_moves,
            needed_minutes,
            highest,
        },
    )
}

/// Rapid and blitz 7.3.1 (from 1 December 2024): "Games played between players with a
/// rating difference of 600 points or more shall not be rated if at least one of the
/// players is rated above 2600 on the relevant list."
fn rapid_blitz_gap(own: Option<u16>, theirs: u16, rules: &EventRules) -> Option<Exclusion> {
    let own = i64::from(own?);
    let theirs = i64::from(theirs);
    let difference = (own - theirs).abs();
    (rules.gap_600_applies() && difference >= 600 && own.max(theirs) > 2600)
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

    fn rules(list: RatingList, end: &str, control: &str) -> EventRules {
        let mut t = Tournament::default();
        t.event.rating_list = list;
        t.event.end_date = end.into();
        t.event.encoded_time_control = control.into();
        EventRules::of(&t)
    }

    /// B.02 8.3.1 (from 1 October 2025): "A difference in rating of more than 400 points
    /// shall be counted for rating purposes as though it were a difference of 400 points
    /// for players rated below 2650. For players rated 2650 and above, the difference
    /// between ratings shall be used in all cases".
    #[test]
    fn the_400_point_rule_spares_players_from_2650_on_the_standard_list_only() {
        let standard = rules(RatingList::Standard, "2025/10/01", "");
        assert_eq!(counted_difference(2200, 1700, &standard), 400);
        assert_eq!(counted_difference(1700, 2200, &standard), -400);
        assert_eq!(counted_difference(2649, 2100, &standard), 400);
        assert_eq!(counted_difference(2650, 2100, &standard), 550);
        assert_eq!(counted_difference(2100, 2650, &standard), -400);
        // Rapid and blitz 7.3.1: "A difference in rating of more than 400 points shall be
        // counted ... as though it were a difference of 400 points" (no exemption).
        let rapid = rules(RatingList::Rapid, "2025/10/01", "");
        assert_eq!(counted_difference(2650, 2100, &rapid), 400);
    }

    /// B.02 8.3.1 as applied from 1 March 2024 to 30 September 2025: "A difference in
    /// rating of more than 400 points shall be counted for rating purposes as though it
    /// were a difference of 400 points." For every player: an event ending on 30 September
    /// 2025 caps the 2700's gap, one ending on 1 October does not.
    #[test]
    fn before_october_2025_the_400_point_rule_applies_from_2650_too() {
        let old = rules(RatingList::Standard, "2025/09/30", "");
        assert_eq!(counted_difference(2700, 2100, &old), 400);
        let new = rules(RatingList::Standard, "2025-10-01", "");
        assert_eq!(counted_difference(2700, 2100, &new), 600);
    }

    /// Rapid and blitz 7.3.1: "Effective from 1 December 2024: Games played between
    /// players with a rating difference of 600 points or more shall not be rated if at
    /// least one of the players is rated above 2600 on the relevant list."
    #[test]
    fn rapid_and_blitz_drop_wide_gaps_with_a_player_above_2600() {
        let blitz = rules(RatingList::Blitz, "2024/12/01", "");
        let rapid = rules(RatingList::Rapid, "2026/01/10", "");
        assert!(rapid_blitz_gap(Some(2700), 2100, &blitz).is_some());
        assert!(rapid_blitz_gap(Some(2100), 2700, &rapid).is_some());
        assert!(rapid_blitz_gap(Some(2700), 2101, &rapid).is_none());
        assert!(rapid_blitz_gap(Some(2600), 2000, &rapid).is_none());
        assert!(rapid_blitz_gap(None, 2700, &rapid).is_none());
        let standard = rules(RatingList::Standard, "2026/01/10", "");
        assert!(rapid_blitz_gap(Some(2700), 2100, &standard).is_none());
        // Before 1 December 2024 the rule is not in force: the game is rated.
        let before = rules(RatingList::Blitz, "2024/11/30", "");
        assert!(rapid_blitz_gap(Some(2700), 2100, &before).is_none());
        // No date: the rules of today, assumed.
        let undated = rules(RatingList::Rapid, "", "");
        assert!(undated.gap_600.assumed());
        assert!(rapid_blitz_gap(Some(2700), 2100, &undated).is_some());
    }

    /// Rapid and blitz 1.1.2: blitz is "more than 3 minutes but not more than 10
    /// minutes"; 3 + 0 is not rated on any list, 3 + 2 (5 minutes for 60 moves) is blitz.
    #[test]
    fn three_minutes_is_not_rated_three_plus_two_is_blitz() {
        let three = rules(RatingList::Blitz, "2026/03/01", "180");
        assert_eq!(
            control_exclusion(&three),
            Some(Exclusion::TooFastControl { seconds: 180 })
        );
        assert!(
            Exclusion::TooFastControl { seconds: 180 }
                .describe()
                .contains("3 minutes or less: not rated")
        );
        assert_eq!(
            control_exclusion(&rules(RatingList::Blitz, "2026/03/01", "180+2")),
            None
        );
        // The same 3 + 0 on the standard list is not rated either.
        assert!(control_exclusion(&rules(RatingList::Standard, "", "180")).is_some());
    }

    /// Rapid and blitz 1.1.1: rapid is "more than 10 minutes but less than 60 minutes";
    /// 1.2: "Games where the players have different playing times are not rated."
    #[test]
    fn a_control_of_another_list_or_different_times_are_not_rated() {
        assert_eq!(
            control_exclusion(&rules(RatingList::Rapid, "", "5400+30")),
            Some(Exclusion::ControlOfAnotherList {
                control: RatingList::Standard,
                list: RatingList::Rapid
            })
        );
        assert_eq!(
            control_exclusion(&rules(RatingList::Blitz, "", "900+10")),
            Some(Exclusion::ControlOfAnotherList {
                control: RatingList::Rapid,
                list: RatingList::Blitz
            })
        );
        assert_eq!(
            control_exclusion(&rules(RatingList::Blitz, "", "W300-B240")),
            Some(Exclusion::DifferentTimes)
        );
        assert_eq!(
            control_exclusion(&rules(RatingList::Rapid, "", "900+10")),
            None
        );
    }

    /// B.02 1.1: "Where at least one of the players in the game has a rating of 2400 or
    /// higher, each player must have a minimum of 120 minutes. Where at least one ... has a
    /// rating 1800 or higher, ... 90 minutes. Where both of the players in the game are
    /// rated below 1800, ... 60 minutes." 75 minutes for 60 moves (60 + 15 s a move):
    /// standard, rated between two 1700s, not with an 1850.
    #[test]
    fn a_75_minute_control_rates_only_games_of_players_below_1800() {
        let r = rules(RatingList::Standard, "2026/05/01", "3600+15");
        assert_eq!(control_exclusion(&r), None);
        assert_eq!(standard_time(&r, Some(1700), Some(1799)), None);
        assert_eq!(standard_time(&r, None, Some(1700)), None);
        let excluded = standard_time(&r, Some(1700), Some(1850)).expect("excluded");
        assert_eq!(
            excluded,
            Exclusion::StandardTimeTooShort {
                seconds: 4500,
                needed_minutes: 90,
                highest: Some(1850)
            }
        );
        assert!(excluded.describe().contains("75 minutes for 60 moves"));
        assert!(
            excluded
                .describe()
                .contains("at least 90 minutes (B.02 1.1)")
        );
        // 100 minutes: enough from 1800, not from 2400.
        let r = rules(RatingList::Standard, "", "6000");
        assert_eq!(standard_time(&r, Some(2399), Some(1500)), None);
        assert!(standard_time(&r, Some(2400), Some(1500)).is_some());
        assert_eq!(
            standard_time(&rules(RatingList::Standard, "", "7200"), Some(2800), None),
            None
        );
        // A 25-minute control on the standard list: no game is rated.
        let rapid = rules(RatingList::Standard, "", "1500");
        assert!(standard_time(&rapid, Some(1400), Some(1400)).is_some());
        // No control recorded: nothing to check.
        assert_eq!(
            standard_time(&rules(RatingList::Standard, "", ""), Some(2500), None),
            None
        );
    }

    /// B.02 1.2: "Where a certain number of moves is specified in the first time control,
    /// it shall be at least 30 moves."
    #[test]
    fn a_first_control_of_fewer_than_30_moves_is_not_rated() {
        assert_eq!(
            control_exclusion(&rules(RatingList::Standard, "", "25/5400:3600+30")),
            Some(Exclusion::FirstControlUnder30Moves { moves: 25 })
        );
        assert_eq!(
            control_exclusion(&rules(RatingList::Standard, "", "30/5400:3600+30")),
            None
        );
    }
}
