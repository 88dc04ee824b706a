//! How `pair` prints a round's pairing (the renderers are in
//! [`crate::formats::round_pairing`]).

use crate::formats::{round_pairing, team_pairing};
use crate::pairing::{RoundPairing, TeamBoards, TeamPairing};
use crate::tournament::Tournament;

use super::CliError;

/// Output formats of `pair`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum PairingFormat {
    /// First line the number of lines, then `white black` per board, `id 0` for the bye
    /// (for a team event: team numbers, a line per match).
    Javafo,
    /// A board list for people (for a team event: each match with its boards).
    Text,
    /// JSON, for other programs.
    Json,
}

/// The pairing in the chosen format.
pub(crate) fn render(
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

/// A team round's pairing (C.04.6) in the chosen format; `t` is the event as it stood
/// before the round, `boards` the boards of the matches.
pub(crate) fn render_teams(
    t: &Tournament,
    pairing: &TeamPairing,
    boards: &TeamBoards,
    format: PairingFormat,
) -> Result<String, CliError> {
    Ok(match format {
        PairingFormat::Javafo => team_pairing::javafo(pairing),
        PairingFormat::Json => {
            team_pairing::json(t, pairing, boards).map_err(|e| CliError::failure(e.to_string()))?
        }
        PairingFormat::Text => team_pairing::match_list(t, pairing, boards),
    })
}
