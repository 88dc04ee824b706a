//! A two-game match (FIDE Double-Swiss, C.04.5): every round the same two players play two
//! games, the player given White in game 1 has Black in game 2.

use serde::{Deserialize, Serialize};

use super::{GameResult, Points, ScoringSystem};

/// One game of a match, from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchGame {
    /// No result yet.
    Pending,
    /// Played over the board.
    Played(GameResult),
    /// Not played: the opponent did not appear.
    ForfeitWin,
    /// Not played: this player did not appear.
    ForfeitLoss,
    /// Not played: neither player appeared (each scores a forfeit loss).
    DoubleForfeit,
}

impl MatchGame {
    /// The same game from the opponent's side.
    pub(crate) const fn reversed(self) -> MatchGame {
        match self {
            MatchGame::Played(result) => MatchGame::Played(result.reversed()),
            MatchGame::ForfeitWin => MatchGame::ForfeitLoss,
            MatchGame::ForfeitLoss => MatchGame::ForfeitWin,
            other => other,
        }
    }

    /// The points the game is worth to this player under `scoring` (a game's values; a
    /// pending game is worth nothing yet).
    pub(crate) const fn points(self, scoring: &ScoringSystem) -> Points {
        match self {
            MatchGame::Pending => Points::ZERO,
            MatchGame::Played(result) => scoring.game(result),
            MatchGame::ForfeitWin => scoring.forfeit_win,
            MatchGame::ForfeitLoss | MatchGame::DoubleForfeit => scoring.forfeit_loss,
        }
    }

    /// +1 for a game won (over the board or by forfeit), -1 for a game lost, 0 for a draw,
    /// a pending game and a game neither player appeared for.
    const fn balance(self) -> i32 {
        match self {
            MatchGame::Played(GameResult::Win) | MatchGame::ForfeitWin => 1,
            MatchGame::Played(GameResult::Loss) | MatchGame::ForfeitLoss => -1,
            _ => 0,
        }
    }

    /// Whether this player did not appear for the game.
    const fn forfeited_by_me(self) -> bool {
        matches!(self, MatchGame::ForfeitLoss | MatchGame::DoubleForfeit)
    }

    /// Whether the opponent did not appear for the game.
    const fn forfeited_by_opponent(self) -> bool {
        matches!(self, MatchGame::ForfeitWin | MatchGame::DoubleForfeit)
    }
}

/// The two games of a match, from one player's side: `first` is game 1 (played with the
/// match colour), `second` game 2 (played with the other colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchGames {
    pub first: MatchGame,
    pub second: MatchGame,
}

impl MatchGames {
    /// A match paired, no game result entered yet.
    pub(crate) const SCHEDULED: MatchGames = MatchGames {
        first: MatchGame::Pending,
        second: MatchGame::Pending,
    };

    /// The two games.
    pub(crate) const fn new(first: MatchGame, second: MatchGame) -> MatchGames {
        MatchGames { first, second }
    }

    /// The same match from the opponent's side.
    pub(crate) const fn reversed(self) -> MatchGames {
        MatchGames {
            first: self.first.reversed(),
            second: self.second.reversed(),
        }
    }

    /// Whether a result is still missing for either game.
    pub const fn is_pending(self) -> bool {
        matches!(self.first, MatchGame::Pending) || matches!(self.second, MatchGame::Pending)
    }

    /// Whether at least one game was played over the board. C.04.5 1.6 (as read here): a
    /// player has had a colour in a match only then, the colour of game 1.
    pub(crate) const fn any_played(self) -> bool {
        matches!(self.first, MatchGame::Played(_)) || matches!(self.second, MatchGame::Played(_))
    }

    /// C.04.5 Preface: the match is forfeited only when a player forfeited both games
    /// (then, and only then, the two may be paired again). Choice: a match in which each
    /// player forfeited one game is not a forfeited match; it counts as a meeting, without a
    /// colour (no game was played).
    pub(crate) const fn is_forfeit(self) -> bool {
        (self.first.forfeited_by_me() && self.second.forfeited_by_me())
            || (self.first.forfeited_by_opponent() && self.second.forfeited_by_opponent())
    }

    /// Whether this player won a forfeited match: the opponent forfeited both games and this
    /// player did not (C.04.5 C2: no PAB after a forfeit match win).
    pub(crate) const fn is_forfeit_win(self) -> bool {
        self.is_forfeit() && !(self.first.forfeited_by_me() && self.second.forfeited_by_me())
    }

    /// The match score: the sum of the two games' points under the event's scoring.
    pub(crate) const fn points(self, scoring: &ScoringSystem) -> Points {
        Points::from_tenths(
            self.first.points(scoring).tenths() + self.second.points(scoring).tenths(),
        )
    }

    /// The match's outcome for this player when both results are in: won when more games
    /// were won than lost (forfeits included), drawn when as many, lost otherwise. A game
    /// neither player appeared for is won by neither (it scores a forfeit loss for both),
    /// so the two players' outcomes always mirror each other.
    pub(crate) const fn result(self) -> Option<GameResult> {
        if self.is_pending() {
            return None;
        }
        let balance = self.first.balance() + self.second.balance();
        Some(if balance > 0 {
            GameResult::Win
        } else if balance < 0 {
            GameResult::Loss
        } else {
            GameResult::Draw
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use MatchGame::*;

    #[test]
    fn match_score_is_the_sum_of_the_games() {
        let s = ScoringSystem::standard();
        let m = MatchGames::new(Played(GameResult::Win), Played(GameResult::Draw));
        assert_eq!(m.points(&s), Points::from_tenths(15));
        assert_eq!(m.reversed().points(&s), Points::HALF);
        assert_eq!(m.result(), Some(GameResult::Win));
        let football = ScoringSystem::three_one_zero();
        assert_eq!(m.points(&football), Points::whole(4));
        let half_forfeit = MatchGames::new(ForfeitWin, Played(GameResult::Loss));
        assert_eq!(half_forfeit.points(&s), Points::ONE);
        assert_eq!(half_forfeit.result(), Some(GameResult::Draw));
        assert_eq!(MatchGames::SCHEDULED.result(), None);
        assert_eq!(
            MatchGames::new(Played(GameResult::Win), Pending).result(),
            None
        );
        let with_double = MatchGames::new(Played(GameResult::Win), DoubleForfeit);
        assert_eq!(with_double.result(), Some(GameResult::Win));
        assert_eq!(with_double.reversed().result(), Some(GameResult::Loss));
    }

    #[test]
    fn a_match_is_forfeited_only_when_a_player_forfeited_both_games() {
        assert!(MatchGames::new(ForfeitWin, ForfeitWin).is_forfeit_win());
        assert!(MatchGames::new(ForfeitLoss, ForfeitLoss).is_forfeit());
        assert!(!MatchGames::new(ForfeitLoss, ForfeitLoss).is_forfeit_win());
        assert!(MatchGames::new(DoubleForfeit, DoubleForfeit).is_forfeit());
        assert!(!MatchGames::new(DoubleForfeit, DoubleForfeit).is_forfeit_win());
        assert!(MatchGames::new(DoubleForfeit, ForfeitWin).is_forfeit_win());
        // One game played: a meeting, with a colour.
        let one_played = MatchGames::new(ForfeitWin, Played(GameResult::Draw));
        assert!(!one_played.is_forfeit() && one_played.any_played());
        // Each forfeited one game: a meeting without a colour.
        let crossed = MatchGames::new(ForfeitWin, ForfeitLoss);
        assert!(!crossed.is_forfeit() && !crossed.any_played());
        assert!(!MatchGames::SCHEDULED.is_forfeit());
    }
}
