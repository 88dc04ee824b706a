//! `swiss-arbiter explain`: the engine's pairing of a round explained pair by pair and
//! bracket by bracket, or an arbiter's pairing checked against it.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::formats::round_pairing;
use crate::pairing::{Explained, PairingRequest, RoundPairing, TeamPairing};
use crate::tournament::SystemId;

use super::{CliError, input, write_output};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ExplainFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub(crate) struct ExplainArgs {
    /// Pairing system: dutch (= dutch-2026), dutch-2026, dutch-2017, dutch-2012,
    /// rating-1998, lim, burstein, dubov, double-swiss; swiss-team for a team event.
    #[arg(long)]
    system: SystemId,
    /// The event (.trf, .sarb or .ron).
    input: PathBuf,
    /// The round (default: the first round with no pairing recorded).
    #[arg(long)]
    round: Option<u32>,
    /// Check this pairing (JaVaFo format: the number of lines, `white black` per board,
    /// `player 0` for the bye; for swiss-team, team numbers per match and `team 0`, as
    /// `pair` writes them) against the rules and the engine's pairing.
    #[arg(long, conflicts_with = "recorded")]
    pairing: Option<PathBuf>,
    /// Check the pairing recorded in the file for the round.
    #[arg(long)]
    recorded: bool,
    #[arg(long, value_enum, default_value = "text")]
    format: ExplainFormat,
    /// Write here instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

/// Runs `explain`. A checked pairing that breaks an absolute criterion exits with 1.
pub(crate) fn run(args: ExplainArgs) -> Result<(), CliError> {
    let t = input::load(&args.input)?;
    let request = PairingRequest::new(&t, args.system, args.round)
        .map_err(|e| CliError::input(e.to_string()))?;
    let round = request.round();
    let manual = match (&args.pairing, args.recorded) {
        (Some(path), _) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
            let pairs = round_pairing::read_javafo(&text, round)
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
            // A team pairing is written with team numbers (as `pair` writes it); the check
            // judges the boards its line-ups give.
            Some(if request.system() == SystemId::FideTeam {
                TeamPairing::from_team_pairs(&pairs).boards_in(&t).pairing
            } else {
                pairs
            })
        }
        (None, true) if t.is_paired(round) => Some(RoundPairing::recorded(&t, round)),
        (None, true) => {
            return Err(CliError::input(format!(
                "round {round} has no pairing recorded in {}",
                args.input.display()
            )));
        }
        (None, false) => None,
    };
    let explainer = request.explain()?;
    let explained = Explained::new(explainer.as_ref(), manual.as_ref());
    let text = match args.format {
        ExplainFormat::Text => explained.to_text(),
        ExplainFormat::Json => {
            serde_json::to_string_pretty(&explained)
                .map_err(|e| CliError::failure(e.to_string()))?
                + "\n"
        }
    };
    let mut inputs = vec![args.input.as_path()];
    inputs.extend(args.pairing.as_deref());
    write_output(args.output.as_deref(), &text, &inputs)?;
    match &explained.manual {
        Some(check) if !check.is_valid() => Err(CliError::failure(format!(
            "the pairing breaks the absolute criteria ({} error{})",
            check.errors.len(),
            if check.errors.len() == 1 { "" } else { "s" }
        ))),
        _ => Ok(()),
    }
}
