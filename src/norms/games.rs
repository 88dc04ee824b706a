//! The games a norm counts (B.01 1.42d): games played over the board, read from the
//! standings' record of each round, so that forfeits, byes and absences are classified
//! once for the whole program.

use serde::Serialize;

use crate::standings::field::Field;
use crate::standings::round::RoundRecord;
use crate::tournament::{GameResult, MatchGame, Outcome, Player, Tournament};

use super::federation::federation_of;
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
    /// `None`: no federation (see [`federation_of`]).
    pub federation: Option<String>,
    pub result: GameResult,
}

impl NormGame {
    /// The result in half-points: 2 for a win, 1 for a draw (norms count 1-½-0, whatever
    /// the event's scoring).
    pub const fn half_points(&self) -> u32 {
        match self.result {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        }
    }
}

/// The games `player` played over the board in the rounds of `field`, in round order.
/// Not counted (B.01 1.42d): forfeits either way (also in a round robin, where the
/// tie-breaks count them as games), byes, absences, games that ended before the first
/// move (not rated), games against a number not in the event. Each game of a two-game
/// match that was played counts.
pub fn games_counted(t: &Tournament, field: &Field, player: u32) -> Vec<NormGame> {
    let Some(entrant) = field.entrant(player) else {
        return Vec::new();
    };
    let mut games = Vec::new();
    for (i, (record, outcome)) in entrant.records.iter().zip(&entrant.outcomes).enumerate() {
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
        games.extend(
            results
                .into_iter()
                .map(|result| game(i as u32 + 1, opponent, result)),
        );
    }
    games
}

fn game(round: u32, opponent: &Player, result: GameResult) -> NormGame {
    NormGame {
        round,
        opponent: opponent.id,
        name: opponent.name.clone(),
        title: FideTitle::parse(&opponent.title),
        rating: opponent.rating,
        federation: federation_of(opponent),
        result,
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
            .iter()
            .map(|g| (g.round, g.opponent, g.result))
            .collect();
        assert_eq!(counted, [(1, 2, GameResult::Win), (6, 5, GameResult::Draw)]);
        assert!(games_counted(&t, &field, 42).is_empty());
    }
}
