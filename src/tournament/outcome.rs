//! What happened to one player in one round.

use serde::{Deserialize, Serialize};

use super::Colour;

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
/// A two-game match (FIDE Double-Swiss, C.04.5) will be a further variant with one
/// result per game; nothing else in the model depends on a round being a single game.
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
        }
    }

    /// The TRF result character of the outcome (`1 = 0 W D L + -` for games, `U H F Z`
    /// for byes, blank when nothing is recorded yet).
    pub const fn result_code(&self) -> char {
        match self {
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
            | Outcome::Scheduled { opponent, .. } => Some(*opponent),
            _ => None,
        }
    }

    /// The colour of a game played over the board (forfeits have no colour history).
    pub fn played_colour(&self) -> Option<Colour> {
        match self {
            Outcome::Game { colour, .. } => Some(*colour),
            _ => None,
        }
    }

    /// Whether a game was played over the board.
    pub fn is_played(&self) -> bool {
        matches!(self, Outcome::Game { .. })
    }

    /// Whether the player took part in the pairing of this round: paired with an
    /// opponent (even if the game was forfeited) or given the pairing-allocated bye.
    pub fn took_part_in_pairing(&self) -> bool {
        matches!(
            self,
            Outcome::Game { .. }
                | Outcome::Forfeit { .. }
                | Outcome::Scheduled { .. }
                | Outcome::PairingBye
        )
    }

    /// The colour a paired player has or had, played or not.
    pub fn scheduled_colour(&self) -> Option<Colour> {
        match self {
            Outcome::Game { colour, .. }
            | Outcome::Forfeit { colour, .. }
            | Outcome::Scheduled { colour, .. } => Some(*colour),
            _ => None,
        }
    }

    /// Whether anything is recorded for the round.
    pub fn is_recorded(&self) -> bool {
        !matches!(self, Outcome::NotPlayed)
    }
}
