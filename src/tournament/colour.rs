//! The two piece colours.

use serde::{Deserialize, Serialize};

/// The colour a player has (or is scheduled to have) in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// The other colour.
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// `W` or `B`.
    pub(crate) const fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }

    /// `White` or `Black`, for sentences.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
        }
    }
}
