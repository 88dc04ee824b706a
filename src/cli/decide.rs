//! `swiss-arbiter decide`: the arbiter's decisions the standings follow, each one `Edit`
//! through the model's door, logged, written to a new event file: an expulsion
//! (checklist Q197-198), a tie ranked by hand (Q205), external tie-break values (Q207),
//! the ties left drawn by lot from a seed (Q204, Q206).

use std::path::PathBuf;

use crate::document::Edit;
use crate::tournament::Points;

use super::{CliError, input};

/// Options of `decide`.
#[derive(clap::Args, Debug)]
pub(crate) struct DecideArgs {
    #[command(subcommand)]
    pub(crate) what: Decision,
}

/// What to decide; every decision reads `EVENT` and writes the event with it to `-o`.
#[derive(clap::Subcommand, Debug)]
pub(crate) enum Decision {
    /// Expel a player from a round not yet paired: not paired from it, left out of the
    /// standings (his games still count for his opponents, C.07 16).
    Expel {
        event: PathBuf,
        /// The player's pairing number.
        #[arg(long)]
        player: u32,
        /// The first round he does not play.
        #[arg(long)]
        from: u32,
        #[arg(long)]
        reason: String,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Rank by hand the players still tied for one place after the whole tie-break list.
    Order {
        event: PathBuf,
        /// Pairing numbers, best first, comma-separated: exactly the players tied.
        #[arg(long, value_delimiter = ',', required = true)]
        players: Vec<u32>,
        #[arg(long)]
        reason: String,
        /// The standings after this round (default: the last complete round).
        #[arg(long)]
        round: Option<u32>,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Enter the values of an external tie-break OTHER_<NAME> (play-off, armageddon),
    /// then name it in the tie-break list; replaces the values entered under that code.
    External {
        event: PathBuf,
        /// The code, e.g. OTHER_PLAYOFF (MTB26 self-defined tie-break).
        #[arg(long)]
        code: String,
        /// `ID=VALUE` pairs, comma-separated, e.g. 3=1,7=0.
        #[arg(long, value_delimiter = ',')]
        values: Vec<String>,
        #[arg(long, default_value = "")]
        reason: String,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Draw by lot, with a seed (recorded and logged), the order of the ties left.
    Lots {
        event: PathBuf,
        #[arg(long)]
        seed: u64,
        /// The standings after this round (default: the last complete round).
        #[arg(long)]
        round: Option<u32>,
        #[arg(short, long)]
        output: PathBuf,
    },
}

/// Runs `decide`.
pub(crate) fn run(args: &DecideArgs) -> Result<(), CliError> {
    let (event, output, edit) = match &args.what {
        Decision::Expel {
            event,
            player,
            from,
            reason,
            output,
        } => (
            event,
            output,
            Edit::ExpelPlayer {
                player: *player,
                from: *from,
                reason: reason.clone(),
            },
        ),
        Decision::Order {
            event,
            players,
            reason,
            round,
            output,
        } => (
            event,
            output,
            Edit::OrderTiesByHand {
                round: *round,
                players: players.clone(),
                reason: reason.clone(),
            },
        ),
        Decision::External {
            event,
            code,
            values,
            reason,
            output,
        } => (
            event,
            output,
            Edit::SetExternalTieBreak {
                code: code.clone(),
                values: values
                    .iter()
                    .map(|v| external_value(v))
                    .collect::<Result<_, _>>()?,
                reason: reason.clone(),
            },
        ),
        Decision::Lots {
            event,
            seed,
            round,
            output,
        } => (
            event,
            output,
            Edit::DrawTieLots {
                round: *round,
                seed: *seed,
            },
        ),
    };
    let mut t = input::load(event)?;
    let applied = t.apply(edit).map_err(|e| CliError::input(e.to_string()))?;
    input::save(&t, output, None, &[event])?;
    if let Some(entry) = t.log.last().filter(|_| applied.logged > 0) {
        eprintln!("{}: {}", applied.summary, entry.detail);
    } else {
        eprintln!("{}", applied.summary);
    }
    Ok(())
}

/// `3=1.5` → (3, 1.5 points).
fn external_value(text: &str) -> Result<(u32, Points), CliError> {
    let bad = || CliError::input(format!("--values: expected ID=VALUE, found {text:?}"));
    let (id, value) = text.split_once('=').ok_or_else(bad)?;
    Ok((
        id.trim().parse().map_err(|_| bad())?,
        value.trim().parse().map_err(|_| bad())?,
    ))
}
