//! What happened to one player in one round.

use serde::{Deserialize, Serialize};

use super::{Colour, MatchGames};

/// The result of a game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    /// The same game seen from the opponent's side.
    pub const fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }
}

/// A bye decided before the pairing (a requested bye, an announced absence, a withdrawal):
/// the player is not paired in that round (C.04.2, TRF codes `F`, `H`, `Z`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeKind {
    /// Full-point bye (`F`).
    Full,
    /// Half-point bye (`H`).
    Half,
    /// Zero-point bye (`Z`).
    Zero,
}

/// One player's round: whom they met with which colour and how it ended, or why they
/// did not play.
///
/// A two-game match (FIDE Double-Swiss, C.04.5) is the [`Outcome::Match`] variant, with one
/// result per game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Nothing recorded yet: the round has not been paired.
    NotPlayed,
    /// A game played over the board.
    Game {
        opponent: u32,
        colour: Colour,
        result: GameResult,
        /// TRF codes `W`/`D`/`L`: a game that ended before the first move was completed
        /// and is not rated, yet counts as played for the pairing.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        unrated: bool,
        /// An adjourned game (TRF-2026 result `?`): recorded with `result` a draw, it
        /// counts as a draw for the pairing (C.04.2 3.1 and the Rating system of 1998, F.9:
        /// "adjourned games are considered draws for pairing purposes") and is worth the
        /// scoring's adjourned value (`162` symbol `X`) until its result is entered. No
        /// final standings and no rating report while one remains.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        adjourned: bool,
    },
    /// A game that was paired but not played because one or both players did not appear
    /// (TRF `+` / `-`). The scheduled colour is kept, but does not count as played.
    Forfeit {
        opponent: u32,
        colour: Colour,
        won: bool,
    },
    /// Paired, result not entered yet (a TRF entry with an opponent and a blank result).
    Scheduled { opponent: u32, colour: Colour },
    /// A two-game match (C.04.5): `colour` is this player's colour in game 1 (the other
    /// colour in game 2); `games` are the two results from this player's side, pending
    /// until entered. Played unless forfeited (see `MatchGames::is_forfeit`).
    Match {
        opponent: u32,
        colour: Colour,
        games: MatchGames,
    },
    /// The pairing-allocated bye (PAB, C.04.1.c; TRF `U`).
    PairingBye,
    /// A bye decided before the pairing: the player was not paired.
    Bye(ByeKind),
    /// The round was paired without this player and no bye was recorded (a blank TRF entry
    /// in a paired round).
    Absent,
}

impl Outcome {
    /// A rated game played over the board.
    pub const fn game(opponent: u32, colour: Colour, result: GameResult) -> Outcome {
        Outcome::Game {
            opponent,
            colour,
            result,
            unrated: false,
            adjourned: false,
        }
    }

    /// An adjourned game (TRF `?`): a draw for the pairing until its result is entered.
    pub(crate) const fn adjourned(opponent: u32, colour: Colour) -> Outcome {
        Outcome::Game {
            opponent,
            colour,
            result: GameResult::Draw,
            unrated: false,
            adjourned: true,
        }
    }

    /// Whether this is an adjourned game, without a result yet.
    pub const fn is_adjourned(&self) -> bool {
        matches!(
            self,
            Outcome::Game {
                adjourned: true,
                ..
            }
        )
    }

    /// White's and Black's outcomes of a two-game match (C.04.5), `games` from White's side
    /// (White in game 1).
    pub(crate) const fn match_pair(
        white: u32,
        black: u32,
        games: MatchGames,
    ) -> (Outcome, Outcome) {
        (
            Outcome::Match {
                opponent: black,
                colour: Colour::White,
                games,
            },
            Outcome::Match {
                opponent: white,
                colour: Colour::Black,
                games: games.reversed(),
            },
        )
    }

    /// The TRF result character of the outcome (`1 = 0 W D L + -` for games, `?` for an
    /// adjourned game, `U H F Z` for byes, blank when nothing is recorded yet). A two-game match, which TRF cannot
    /// hold, gets the character of its outcome: `+`/`-` for a forfeited match, else `1`,
    /// `=` or `0` as the match was won, drawn or lost ([`MatchGames::result`]); blank
    /// while a game is pending.
    pub(crate) const fn result_code(&self) -> char {
        match self {
            Outcome::Match { games, .. } => match games.result() {
                None => ' ',
                Some(GameResult::Win) if games.is_forfeit() => '+',
                Some(_) if games.is_forfeit() => '-',
                Some(GameResult::Win) => '1',
                Some(GameResult::Draw) => '=',
                Some(GameResult::Loss) => '0',
            },
            Outcome::Game {
                adjourned: true, ..
            } => '?',
            Outcome::Game {
                result, unrated, ..
            } => match (result, unrated) {
                (GameResult::Win, false) => '1',
                (GameResult::Draw, false) => '=',
                (GameResult::Loss, false) => '0',
                (GameResult::Win, true) => 'W',
                (GameResult::Draw, true) => 'D',
                (GameResult::Loss, true) => 'L',
            },
            Outcome::Forfeit { won: true, .. } => '+',
            Outcome::Forfeit { won: false, .. } => '-',
            Outcome::PairingBye => 'U',
            Outcome::Bye(ByeKind::Full) => 'F',
            Outcome::Bye(ByeKind::Half) => 'H',
            Outcome::Bye(ByeKind::Zero) => 'Z',
            Outcome::NotPlayed | Outcome::Absent | Outcome::Scheduled { .. } => ' ',
        }
    }

    /// The opponent of a paired game, played or forfeited.
    pub fn opponent(&self) -> Option<u32> {
        match self {
            Outcome::Game { opponent, .. }
            | Outcome::Forfeit { opponent, .. }
            | Outcome::Scheduled { opponent, .. }
            | Outcome::Match { opponent, .. } => Some(*opponent),
            _ => None,
        }
    }

    /// The colour of a game played over the board (forfeits have no colour history); for
    /// a match, the game-1 colour when at least one of its games was played (C.04.5 1.6).
    pub(crate) fn played_colour(&self) -> Option<Colour> {
        match self {
            Outcome::Game { colour, .. } => Some(*colour),
            Outcome::Match { colour, games, .. } if games.any_played() => Some(*colour),
            _ => None,
        }
    }

    /// In a team event, whether the player sits at a board of his team's match: a game
    /// with an opponent (played, forfeited or still without a result), or a board won for
    /// want of an opponent, which is recorded as a full-point bye (C.04.6 3.4 gives the
    /// pairing-allocated bye to teams only).
    pub(crate) fn holds_team_board(&self) -> bool {
        self.opponent().is_some() || *self == Outcome::Bye(ByeKind::Full)
    }

    /// Whether a game was played over the board (for a match: at least one of its games).
    pub(crate) fn is_played(&self) -> bool {
        match self {
            Outcome::Game { .. } => true,
            Outcome::Match { games, .. } => games.any_played(),
            _ => false,
        }
    }

    /// Whether the two players met, so that they may not be paired again (C.04.1 b): a
    /// game played over the board, or a match that was not forfeited (C.04.5 Preface).
    pub fn is_meeting(&self) -> bool {
        match self {
            Outcome::Game { .. } => true,
            Outcome::Match { games, .. } => !games.is_pending() && !games.is_forfeit(),
            _ => false,
        }
    }

    /// Whether the player took part in the pairing of this round: paired with an
    /// opponent (even if the game was forfeited) or given the pairing-allocated bye.
    pub fn took_part_in_pairing(&self) -> bool {
        matches!(
            self,
            Outcome::Game { .. }
                | Outcome::Forfeit { .. }
                | Outcome::Scheduled { .. }
                | Outcome::Match { .. }
                | Outcome::PairingBye
        )
    }

    /// The colour a paired player has or had, played or not.
    pub fn scheduled_colour(&self) -> Option<Colour> {
        match self {
            Outcome::Game { colour, .. }
            | Outcome::Forfeit { colour, .. }
            | Outcome::Scheduled { colour, .. }
            | Outcome::Match { colour, .. } => Some(*colour),
            _ => None,
        }
    }

    /// Whether anything is recorded for the round.
    pub(crate) fn is_recorded(&self) -> bool {
        !matches!(self, Outcome::NotPlayed)
    }
}
