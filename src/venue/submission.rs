//! What a phone sends and what it is told: a result for a board, with the credential that
//! allows it and a key that makes a retried submission count once.

use serde::{Deserialize, Serialize};

use crate::tournament::BoardResult;

/// A board of a round, by its players (a board number changes if the pairing does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BoardKey {
    /// From 0.
    pub section: usize,
    pub round: u32,
    /// From 1, as published.
    pub board: usize,
    pub white: u32,
    pub black: u32,
}

impl BoardKey {
    /// The result the board holds now in `sections`; `None` when its players no longer
    /// meet there (the pairing changed).
    pub fn result_in(&self, sections: &[crate::tournament::Tournament]) -> Option<BoardResult> {
        sections
            .get(self.section)?
            .boards(self.round)
            .into_iter()
            .find(|b| b.white == self.white && b.black == self.black)
            .map(|b| b.result)
    }
}

/// The player entering a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub(crate) fn parse(text: &str) -> Option<Side> {
        match text {
            "white" => Some(Side::White),
            "black" => Some(Side::Black),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// A result as entered from a phone: the three results of a game played (players) and,
/// for deputies, the forfeits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Choice {
    WhiteWins,
    Draw,
    BlackWins,
    WhiteForfeitWin,
    BlackForfeitWin,
    DoubleForfeit,
}

impl Choice {
    /// Every choice, with its form value.
    pub const ALL: [Choice; 6] = [
        Choice::WhiteWins,
        Choice::Draw,
        Choice::BlackWins,
        Choice::WhiteForfeitWin,
        Choice::BlackForfeitWin,
        Choice::DoubleForfeit,
    ];

    /// The form value (also the text shown).
    pub fn text(self) -> &'static str {
        match self {
            Choice::WhiteWins => "1-0",
            Choice::Draw => "½-½",
            Choice::BlackWins => "0-1",
            Choice::WhiteForfeitWin => "+/-",
            Choice::BlackForfeitWin => "-/+",
            Choice::DoubleForfeit => "-/-",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<Choice> {
        match text {
            "1/2" | "=" | "draw" => return Some(Choice::Draw),
            _ => {}
        }
        Choice::ALL.into_iter().find(|c| c.text() == text)
    }

    /// A game's result, which the players may enter; forfeits are a deputy's or the
    /// arbiter's to record.
    pub fn is_played(self) -> bool {
        matches!(self, Choice::WhiteWins | Choice::Draw | Choice::BlackWins)
    }

    pub fn board_result(self) -> BoardResult {
        match self {
            Choice::WhiteWins => BoardResult::WhiteWins,
            Choice::Draw => BoardResult::Draw,
            Choice::BlackWins => BoardResult::BlackWins,
            Choice::WhiteForfeitWin => BoardResult::WhiteForfeitWin,
            Choice::BlackForfeitWin => BoardResult::BlackForfeitWin,
            Choice::DoubleForfeit => BoardResult::DoubleForfeit,
        }
    }

    /// The choice a board's result is, if it is one.
    pub(crate) fn of(result: BoardResult) -> Option<Choice> {
        Choice::ALL.into_iter().find(|c| c.board_result() == result)
    }
}

/// What allows a submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    /// A board's token (the QR code on its slip and card) and the player's side.
    Board { token: String, side: Side },
    /// A deputy's or helper's code.
    Deputy(String),
}

/// A result sent for a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// Made by the page that sent it, once per form: a repeat is answered as the first.
    pub key: String,
    pub credential: Credential,
    /// From 0.
    pub section: usize,
    pub round: u32,
    /// From 1.
    pub board: usize,
    pub result: Choice,
}

/// A team's line-up for a round, sent by its captain (C.04.6: a captain hands in who
/// plays on which board before the match; TRF-2026 `300`). It always goes to the
/// arbiter, who accepts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineupSubmission {
    /// As [`Submission::key`].
    pub key: String,
    /// The captain's code.
    pub code: String,
    /// From 0.
    pub section: usize,
    pub round: u32,
    /// The team's pairing number.
    pub team: u32,
    /// The player on each board, from board 1 (`None`: the board left empty).
    pub players: Vec<Option<u32>>,
}

/// What a phone asks of the owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A board's result.
    Result(Submission),
    /// A team's line-up.
    Lineup(LineupSubmission),
}

/// Whether a key is one a form makes: 8 to 64 letters, digits, `-` or `_`.
pub(crate) fn is_key(key: &str) -> bool {
    (8..=64).contains(&key.len())
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// What became of a submission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The result is in the event (and durable).
    Recorded,
    /// Saved, waiting for the opponent's confirmation.
    Waiting,
    /// Saved, in the arbiter's queue.
    Queued,
    /// The board already has this result: nothing to do.
    Unchanged,
    /// Refused: nothing changed.
    Refused,
    /// Not saved (the disk refused): nothing changed; send again.
    Failed,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Recorded => "recorded",
            Outcome::Waiting => "waiting",
            Outcome::Queued => "queued",
            Outcome::Unchanged => "unchanged",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
        }
    }
}

/// The answer to a submission: an HTTP status, the outcome and a sentence for the phone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    pub status: u16,
    pub outcome: Outcome,
    pub message: String,
}

impl Reply {
    pub(crate) fn new(status: u16, outcome: Outcome, message: impl Into<String>) -> Reply {
        Reply {
            status,
            outcome,
            message: message.into(),
        }
    }

    pub(crate) fn refused(status: u16, message: impl Into<String>) -> Reply {
        Reply::new(status, Outcome::Refused, message)
    }
}
