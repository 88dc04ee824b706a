//! The result of one board as the arbiter enters it, and the two players' outcomes it
//! stands for.

use super::{Colour, GameResult, MatchGame, Outcome};

/// The result of one board, as typed by the arbiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardResult {
    /// No result yet.
    Pending,
    WhiteWins,
    Draw,
    BlackWins,
    /// White wins by forfeit (`+/-`).
    WhiteForfeitWin,
    /// Black wins by forfeit (`-/+`).
    BlackForfeitWin,
    /// Neither player appeared (`-/-`).
    DoubleForfeit,
    /// The game is adjourned (TRF `?` for both players): a draw for the pairing until its
    /// result is entered (C.04.2 3.1; the Rating system of 1998, F.9).
    Adjourned,
    /// A game played and scored ½-0: White a draw's points, Black a loss's (the arbiter's
    /// decision, for instance an illegal act of Black's that ends the game; TRF `=` and
    /// `0`). Each player scores his own result.
    HalfZero,
    /// A game played and scored 0-½ (TRF `0` and `=`).
    ZeroHalf,
    /// A game played and lost by both players, 0-0 (TRF `0` and `0`).
    ZeroZero,
    /// White wins a game that ended before the first move was completed: it counts as
    /// played for the pairing but is not rated (TRF `W` and `L`).
    WhiteWinsNotRated,
    /// A draw before the first move was completed, not rated (TRF `D` and `D`).
    DrawNotRated,
    /// Black wins before the first move was completed, not rated (TRF `L` and `W`).
    BlackWinsNotRated,
}

impl BoardResult {
    /// The result a key stands for: `1` (White wins), `0` (Black wins), `=` or `5` (draw),
    /// `+` (White wins by forfeit), `-` (Black wins by forfeit), `?` or `a` (adjourned).
    /// The unusual scores ½-0, 0-½ and 0-0 have no key: the result menu enters them.
    pub(crate) fn from_key(key: char) -> Option<BoardResult> {
        match key {
            '1' => Some(BoardResult::WhiteWins),
            '0' => Some(BoardResult::BlackWins),
            '=' | '5' => Some(BoardResult::Draw),
            '+' => Some(BoardResult::WhiteForfeitWin),
            '-' => Some(BoardResult::BlackForfeitWin),
            '?' | 'a' | 'A' => Some(BoardResult::Adjourned),
            _ => None,
        }
    }

    /// The results one game of a two-game match (C.04.5) can have: no adjournment and no
    /// unusual score, which a match's record does not hold.
    const MATCH_GAME: [BoardResult; 6] = [
        BoardResult::WhiteWins,
        BoardResult::Draw,
        BoardResult::BlackWins,
        BoardResult::WhiteForfeitWin,
        BoardResult::BlackForfeitWin,
        BoardResult::DoubleForfeit,
    ];

    /// The results only a single game can have: the unusual scores, the adjournment and
    /// the games not rated.
    const SINGLE_GAME_ONLY: [BoardResult; 7] = [
        BoardResult::HalfZero,
        BoardResult::ZeroHalf,
        BoardResult::ZeroZero,
        BoardResult::Adjourned,
        BoardResult::WhiteWinsNotRated,
        BoardResult::DrawNotRated,
        BoardResult::BlackWinsNotRated,
    ];

    /// Every result a board can be given, in the order a menu offers them (without
    /// [`BoardResult::Pending`]): for a game of a two-game match 1-0, ½-½, 0-1 and the
    /// forfeits, for a single game those and the unusual scores and the adjournment.
    pub(crate) fn choices(match_game: bool) -> Vec<BoardResult> {
        let only_single: &[BoardResult] = if match_game {
            &[]
        } else {
            &Self::SINGLE_GAME_ONLY
        };
        [&Self::MATCH_GAME[..], only_single].concat()
    }

    /// What a result is, when it is one the arbiter confirms before it is recorded: a
    /// forfeit (`+/-`, `-/+`, `-/-`) or a game lost by both players (`0-0`), which one key
    /// or click would otherwise record by mistake; `None` for the others.
    pub fn needs_confirmation(self) -> Option<&'static str> {
        match self {
            BoardResult::WhiteForfeitWin => {
                Some("White wins by forfeit: Black did not play, and the game is not played")
            }
            BoardResult::BlackForfeitWin => {
                Some("Black wins by forfeit: White did not play, and the game is not played")
            }
            BoardResult::DoubleForfeit => {
                Some("neither player played: both lose by forfeit, and the game is not played")
            }
            BoardResult::ZeroZero => Some("a game played and lost by both players"),
            _ => None,
        }
    }

    /// How result sheets write it.
    pub const fn text(self) -> &'static str {
        match self {
            BoardResult::Pending => "",
            BoardResult::WhiteWins => "1-0",
            BoardResult::Draw => "½-½",
            BoardResult::BlackWins => "0-1",
            BoardResult::WhiteForfeitWin => "+/-",
            BoardResult::BlackForfeitWin => "-/+",
            BoardResult::DoubleForfeit => "-/-",
            BoardResult::Adjourned => "adj.",
            BoardResult::HalfZero => "½-0",
            BoardResult::ZeroHalf => "0-½",
            BoardResult::ZeroZero => "0-0",
            BoardResult::WhiteWinsNotRated => "1-0 not rated",
            BoardResult::DrawNotRated => "½-½ not rated",
            BoardResult::BlackWinsNotRated => "0-1 not rated",
        }
    }

    /// White's and Black's outcomes for this result.
    pub(super) fn outcomes(self, white: u32, black: u32) -> (Outcome, Outcome) {
        let game = |white_result: GameResult, black_result: GameResult| {
            (
                Outcome::game(black, Colour::White, white_result),
                Outcome::game(white, Colour::Black, black_result),
            )
        };
        let forfeit = |white_won: bool, black_won: bool| {
            (
                Outcome::Forfeit {
                    opponent: black,
                    colour: Colour::White,
                    won: white_won,
                },
                Outcome::Forfeit {
                    opponent: white,
                    colour: Colour::Black,
                    won: black_won,
                },
            )
        };
        let not_rated = |white_result: GameResult| {
            let side = |opponent, colour, result| Outcome::Game {
                opponent,
                colour,
                result,
                unrated: true,
                adjourned: false,
            };
            (
                side(black, Colour::White, white_result),
                side(white, Colour::Black, white_result.reversed()),
            )
        };
        use GameResult::{Draw, Loss, Win};
        match self {
            BoardResult::WhiteWinsNotRated => not_rated(Win),
            BoardResult::DrawNotRated => not_rated(Draw),
            BoardResult::BlackWinsNotRated => not_rated(Loss),
            BoardResult::Pending => (
                Outcome::Scheduled {
                    opponent: black,
                    colour: Colour::White,
                },
                Outcome::Scheduled {
                    opponent: white,
                    colour: Colour::Black,
                },
            ),
            BoardResult::WhiteWins => game(Win, Loss),
            BoardResult::Draw => game(Draw, Draw),
            BoardResult::BlackWins => game(Loss, Win),
            BoardResult::HalfZero => game(Draw, Loss),
            BoardResult::ZeroHalf => game(Loss, Draw),
            BoardResult::ZeroZero => game(Loss, Loss),
            BoardResult::Adjourned => (
                Outcome::adjourned(black, Colour::White),
                Outcome::adjourned(white, Colour::Black),
            ),
            BoardResult::WhiteForfeitWin => forfeit(true, false),
            BoardResult::BlackForfeitWin => forfeit(false, true),
            BoardResult::DoubleForfeit => forfeit(false, false),
        }
    }

    /// One game of a match for the players with White and Black in that game; `None` for
    /// the results a match game cannot have (see [`Self::choices`]).
    pub(super) const fn match_games(self) -> Option<(MatchGame, MatchGame)> {
        use GameResult::{Draw, Loss, Win};
        Some(match self {
            BoardResult::Pending => (MatchGame::Pending, MatchGame::Pending),
            BoardResult::WhiteWins => (MatchGame::Played(Win), MatchGame::Played(Loss)),
            BoardResult::Draw => (MatchGame::Played(Draw), MatchGame::Played(Draw)),
            BoardResult::BlackWins => (MatchGame::Played(Loss), MatchGame::Played(Win)),
            BoardResult::WhiteForfeitWin => (MatchGame::ForfeitWin, MatchGame::ForfeitLoss),
            BoardResult::BlackForfeitWin => (MatchGame::ForfeitLoss, MatchGame::ForfeitWin),
            BoardResult::DoubleForfeit => (MatchGame::DoubleForfeit, MatchGame::DoubleForfeit),
            BoardResult::Adjourned
            | BoardResult::HalfZero
            | BoardResult::ZeroHalf
            | BoardResult::ZeroZero
            | BoardResult::WhiteWinsNotRated
            | BoardResult::DrawNotRated
            | BoardResult::BlackWinsNotRated => return None,
        })
    }

    /// The result of one game of a match, seen from the player with White in that game.
    pub(super) const fn of_match_game(game: MatchGame) -> BoardResult {
        match game {
            MatchGame::Pending => BoardResult::Pending,
            MatchGame::Played(GameResult::Win) => BoardResult::WhiteWins,
            MatchGame::Played(GameResult::Draw) => BoardResult::Draw,
            MatchGame::Played(GameResult::Loss) => BoardResult::BlackWins,
            MatchGame::ForfeitWin => BoardResult::WhiteForfeitWin,
            MatchGame::ForfeitLoss => BoardResult::BlackForfeitWin,
            MatchGame::DoubleForfeit => BoardResult::DoubleForfeit,
        }
    }

    /// The board result recorded in White's and Black's outcomes: each player's own
    /// result, so that ½-0, 0-½ and 0-0 read back as entered.
    pub(super) fn of_board(white: &Outcome, black: &Outcome) -> BoardResult {
        use GameResult::{Draw, Loss, Win};
        match white {
            Outcome::Match { games, .. } => match games.result() {
                None => BoardResult::Pending,
                Some(_) if games.is_forfeit_win() => BoardResult::WhiteForfeitWin,
                Some(_) if games.reversed().is_forfeit_win() => BoardResult::BlackForfeitWin,
                Some(_) if games.is_forfeit() => BoardResult::DoubleForfeit,
                Some(Win) => BoardResult::WhiteWins,
                Some(Draw) => BoardResult::Draw,
                Some(Loss) => BoardResult::BlackWins,
            },
            Outcome::Game {
                adjourned: true, ..
            } => BoardResult::Adjourned,
            Outcome::Game {
                unrated: true,
                result,
                ..
            } => match result {
                Win => BoardResult::WhiteWinsNotRated,
                Draw => BoardResult::DrawNotRated,
                Loss => BoardResult::BlackWinsNotRated,
            },
            Outcome::Game { result, .. } => {
                let theirs = match black {
                    Outcome::Game { result, .. } => Some(*result),
                    _ => None,
                };
                match (result, theirs) {
                    (Draw, Some(Loss)) => BoardResult::HalfZero,
                    (Loss, Some(Draw)) => BoardResult::ZeroHalf,
                    (Loss, Some(Loss)) => BoardResult::ZeroZero,
                    (Win, _) => BoardResult::WhiteWins,
                    (Draw, _) => BoardResult::Draw,
                    (Loss, _) => BoardResult::BlackWins,
                }
            }
            Outcome::Forfeit { won: true, .. } => BoardResult::WhiteForfeitWin,
            Outcome::Forfeit { won: false, .. } => {
                if matches!(black, Outcome::Forfeit { won: true, .. }) {
                    BoardResult::BlackForfeitWin
                } else {
                    BoardResult::DoubleForfeit
                }
            }
            _ => BoardResult::Pending,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The forfeits and 0-0 are confirmed; the results typed all day are not.
    #[test]
    fn forfeits_and_double_losses_are_confirmed() {
        let confirmed: Vec<char> = "10=5+-?"
            .chars()
            .filter(|&k| BoardResult::from_key(k).is_some_and(|r| r.needs_confirmation().is_some()))
            .collect();
        assert_eq!(confirmed, ['+', '-']);
        let menu: Vec<&str> = BoardResult::choices(false)
            .into_iter()
            .filter(|r| r.needs_confirmation().is_some())
            .map(BoardResult::text)
            .collect();
        assert_eq!(menu, ["+/-", "-/+", "-/-", "0-0"]);
    }

    #[test]
    fn keys() {
        assert_eq!(BoardResult::from_key('='), Some(BoardResult::Draw));
        assert_eq!(
            BoardResult::from_key('+'),
            Some(BoardResult::WhiteForfeitWin)
        );
        assert_eq!(BoardResult::from_key('?'), Some(BoardResult::Adjourned));
        assert_eq!(BoardResult::from_key('x'), None);
    }

    /// Every result of a single game reads back from the two outcomes it writes, and each
    /// player's outcome holds his own points.
    #[test]
    fn every_single_game_result_reads_back_from_its_outcomes() {
        let scoring = crate::tournament::ScoringSystem::standard();
        for result in BoardResult::choices(false)
            .into_iter()
            .chain([BoardResult::Pending])
        {
            let (w, b) = result.outcomes(1, 2);
            assert_eq!(BoardResult::of_board(&w, &b), result);
            let points = (scoring.points(&w).tenths(), scoring.points(&b).tenths());
            let expected = match result {
                BoardResult::WhiteWins
                | BoardResult::WhiteForfeitWin
                | BoardResult::WhiteWinsNotRated => (10, 0),
                BoardResult::BlackWins
                | BoardResult::BlackForfeitWin
                | BoardResult::BlackWinsNotRated => (0, 10),
                BoardResult::Draw | BoardResult::Adjourned | BoardResult::DrawNotRated => (5, 5),
                BoardResult::HalfZero => (5, 0),
                BoardResult::ZeroHalf => (0, 5),
                BoardResult::ZeroZero | BoardResult::DoubleForfeit | BoardResult::Pending => (0, 0),
            };
            assert_eq!(points, expected, "{result:?}");
            assert_eq!(
                result.match_games().is_some(),
                result == BoardResult::Pending || BoardResult::choices(true).contains(&result),
                "{result:?}"
            );
        }
    }
}
