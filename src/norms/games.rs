//! The games a norm counts (B.01 1.4.2): games played over the board, read from the
//! standings' record of each round, so that forfeits, byes and absences are classified
//! once for the whole program.

use serde::Serialize;

use crate::standings::field::Field;
use crate::standings::round::RoundRecord;
use crate::tournament::{GameResult, MatchGame, Outcome, Player, RatingList, Tournament};

use super::federation::federation_of;
use super::regulations::{Article, NON_FIDE_CODE, NOT_A_FIDE_FEDERATION, UNRATED_ZERO_SCORE};
use super::title::FideTitle;

/// One game counted, with the opponent as the norm report shows him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NormGame {
    pub round: u32,
    /// The opponent's pairing number.
    pub opponent: u32,
    pub name: String,
    pub title: Option<FideTitle>,
    /// The rating in the event (the list at its start); `None`: unrated.
    pub rating: Option<u16>,
    /// `None`: no federation (see `federation_of`).
    pub federation: Option<String>,
    pub result: GameResult,
    /// B.01 1.4.2c: a last-round forfeit win counted as a lost game.
    pub forfeit: bool,
}

impl NormGame {
    /// The result in half-points: 2 for a win, 1 for a draw (norms count 1-½-0, whatever
    /// the event's scoring).
    pub(crate) const fn half_points(&self) -> u32 {
        match self.result {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        }
    }
}

/// A game played over the board that the norm does not include, with the article.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExcludedGame {
    pub(crate) game: NormGame,
    pub article: Article,
    pub why: &'static str,
}

/// A round the applicant won without playing: a forfeit win or a pairing-allocated bye
/// (B.01 1.4.1c, 1.4.2c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct WonUnplayed {
    pub(crate) round: u32,
    /// The opponent who forfeited; `None` for a pairing-allocated bye.
    pub(crate) opponent: Option<u32>,
}

/// What a player's rounds give a norm.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counted {
    /// The games included, in round order.
    pub(crate) games: Vec<NormGame>,
    /// Games played but not included (1.4.2a, 1.4.2b).
    pub(crate) excluded: Vec<ExcludedGame>,
    /// Forfeit wins and pairing-allocated byes.
    pub(crate) won_unplayed: Vec<WonUnplayed>,
}

/// The games `player` played over the board in the rounds of `field`, in round order.
/// Not included (B.01 1.4.2c): forfeits either way (also in a round robin, where the
/// tie-breaks count them as games), byes, absences, games that ended before the first
/// move (not rated), games against a number not in the event. Each game of a two-game
/// match that was played counts. Played but left out, with the reason: games against an
/// opponent of no FIDE federation (1.4.2a) and, in a round robin, against an unrated
/// opponent who scored zero against the rated ones (1.4.2b).
pub(crate) fn games_counted(t: &Tournament, field: &Field, player: u32) -> Counted {
    let mut counted = Counted::default();
    let Some(entrant) = field.entrant(player) else {
        return counted;
    };
    for (i, (record, outcome)) in entrant.records.iter().zip(&entrant.outcomes).enumerate() {
        let round = i as u32 + 1;
        match outcome {
            Outcome::PairingBye => counted.won_unplayed.push(WonUnplayed {
                round,
                opponent: None,
            }),
            Outcome::Forfeit {
                opponent,
                won: true,
                ..
            } => counted.won_unplayed.push(WonUnplayed {
                round,
                opponent: Some(*opponent),
            }),
            _ => {}
        }
        let RoundRecord::Played {
            opponent,
            result,
            forfeit: false,
            ..
        } = *record
        else {
            continue;
        };
        let Some(opponent) = t.player(opponent) else {
            continue;
        };
        let results = match outcome {
            Outcome::Game { unrated: true, .. } => Vec::new(),
            Outcome::Match { games, .. } => [games.first, games.second]
                .into_iter()
                .filter_map(|g| match g {
                    MatchGame::Played(result) => Some(result),
                    _ => None,
                })
                .collect(),
            _ => vec![result],
        };
        let exclusion = excluded_opponent(t, field, opponent);
        for result in results {
            let game = game(round, opponent, result);
            match exclusion {
                Some((article, why)) => counted.excluded.push(ExcludedGame { game, article, why }),
                None => counted.games.push(game),
            }
        }
    }
    counted
}

/// Why games against `opponent` are not included, if they are not (1.4.2a, 1.4.2b).
fn excluded_opponent(
    t: &Tournament,
    field: &Field,
    opponent: &Player,
) -> Option<(Article, &'static str)> {
    if opponent
        .federation
        .trim()
        .eq_ignore_ascii_case(NON_FIDE_CODE)
    {
        return Some((NOT_A_FIDE_FEDERATION, "opponent of no FIDE federation"));
    }
    let zero_against_rated = || {
        let Some(entrant) = field.entrant(opponent.id) else {
            return false;
        };
        let mut rated_games = entrant.records.iter().filter_map(|r| match *r {
            RoundRecord::Played {
                opponent, result, ..
            } => t
                .player(opponent)
                .filter(|o| o.fide_rating(RatingList::Standard).is_some())
                .map(|_| result),
            RoundRecord::Unplayed { .. } => None,
        });
        let mut any = false;
        let zero = rated_games.all(|result| {
            any = true;
            result == GameResult::Loss
        });
        any && zero
    };
    let unrated = opponent.fide_rating(RatingList::Standard).is_none();
    (field.rules.predetermined && unrated && zero_against_rated()).then_some((
        UNRATED_ZERO_SCORE,
        "unrated opponent who scored zero against the rated players (round robin)",
    ))
}

pub(super) fn game(round: u32, opponent: &Player, result: GameResult) -> NormGame {
    NormGame {
        round,
        opponent: opponent.id,
        name: opponent.name.clone(),
        title: FideTitle::parse(&opponent.title),
        // FIDE's rating (B.01), never a national tournament rating.
        rating: opponent.fide_rating(RatingList::Standard),
        federation: federation_of(opponent),
        result,
        forfeit: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::Rules;
    use crate::tournament::{ByeKind, Colour, MatchGames};

    #[test]
    fn only_games_over_the_board_count() {
        let mut t = Tournament::default();
        for id in 1..=5 {
            t.players.push(Player::new(id, format!("P{id}")));
        }
        t.players[0].results = vec![
            Outcome::game(2, Colour::White, GameResult::Win),
            Outcome::Forfeit {
                opponent: 3,
                colour: Colour::Black,
                won: true,
            },
            Outcome::PairingBye,
            Outcome::Bye(ByeKind::Half),
            Outcome::Game {
                opponent: 4,
                colour: Colour::White,
                result: GameResult::Win,
                unrated: true,
                adjourned: false,
            },
            Outcome::Match {
                opponent: 5,
                colour: Colour::Black,
                games: MatchGames::new(MatchGame::Played(GameResult::Draw), MatchGame::ForfeitWin),
            },
            Outcome::game(99, Colour::White, GameResult::Loss),
        ];
        let field = Field::new(&t, 7, Rules::for_event(&t.event));
        let counted: Vec<(u32, u32, GameResult)> = games_counted(&t, &field, 1)
            .games
            .iter()
            .map(|g| (g.round, g.opponent, g.result))
            .collect();
        assert_eq!(counted, [(1, 2, GameResult::Win), (6, 5, GameResult::Draw)]);
        assert!(games_counted(&t, &field, 42).games.is_empty());
        assert_eq!(
            games_counted(&t, &field, 1).won_unplayed,
            [
                WonUnplayed {
                    round: 2,
                    opponent: Some(3)
                },
                WonUnplayed {
                    round: 3,
                    opponent: None
                }
            ]
        );
    }
}
