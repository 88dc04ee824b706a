//! How `pair` prints a round's pairing (the renderers are in
//! [`crate::formats::round_pairing`]).

use crate::formats::round_pairing;
use crate::pairing::RoundPairing;
use crate::tournament::Tournament;

use super::CliError;

/// Output formats of `pair`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PairingFormat {
    /// First line the number of lines, then `white black` per board, `id 0` for the bye.
    Javafo,
    /// A board list for people.
    Text,
    /// JSON, for other programs.
    Json,
}

/// The pairing in the chosen format.
pub fn render(
    t: &Tournament,
    pairing: &RoundPairing,
    format: PairingFormat,
) -> Result<String, CliError> {
    Ok(match format {
        PairingFormat::Javafo => round_pairing::javafo(pairing),
        PairingFormat::Json => {
            round_pairing::json(t, pairing).map_err(|e| CliError::failure(e.to_string()))?
        }
        PairingFormat::Text => round_pairing::board_list(t, pairing),
    })
}
