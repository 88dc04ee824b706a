//! `swiss-arbiter bench`: time the pairing of one round (run it on a release build).

use std::path::Path;
use std::time::{Duration, Instant};

use crate::pairing::edit::{self, Edit};
use crate::pairing::{self, RoundPairing, history_for_round, round_to_pair};
use crate::tournament::{SystemId, Tournament};

use super::{CliError, input, print_out};

/// Pairs `round` of the file `repeat` times; prints the fastest and median wall time, the
/// peak memory of the process, and whether the result equals the round recorded in the
/// file (when it has one). With `explain`, then times the explanation and the check of
/// three arbiter's edits.
pub fn run(
    system: SystemId,
    path: &Path,
    round: Option<u32>,
    repeat: u32,
    explain: bool,
) -> Result<(), CliError> {
    let t = input::load(path)?;
    let engine = pairing::engine(system);
    let round = round_to_pair(&t, round).map_err(|e| CliError::input(e.to_string()))?;
    let history = history_for_round(&t, round);
    let mut times: Vec<Duration> = Vec::new();
    let mut last = None;
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        let pairing = engine.pair(&history, round)?;
        times.push(start.elapsed());
        last = Some(pairing);
    }
    times.sort();
    let players = history.players.len();
    print_out(&format!(
        "{} {} round {round}: {players} players, {} runs: fastest {:.3} s, median {:.3} s, peak memory {}\n",
        system,
        path.display(),
        times.len(),
        times[0].as_secs_f64(),
        times[times.len() / 2].as_secs_f64(),
        peak_memory().unwrap_or_else(|| "unknown".to_string())
    ))?;
    if t.is_paired(round)
        && let Some(pairing) = last
    {
        let recorded = RoundPairing::recorded(&t, round);
        let verdict = if pairing.same_as(&recorded) {
            "identical to the file"
        } else {
            "DIFFERENT from the file"
        };
        print_out(&format!("pairing {verdict}\n"))?;
    }
    if explain {
        explain_and_check(system, &history, round)?;
    }
    Ok(())
}

/// Times the explanation of the round, then the check of one swap of two neighbouring
/// boards' Black players at the top, the middle and the bottom of the pairing (what the
/// GUI does after each override edit).
fn explain_and_check(system: SystemId, history: &Tournament, round: u32) -> Result<(), CliError> {
    let start = Instant::now();
    let explainer = pairing::explainer(history, system, round)?;
    print_out(&format!(
        "explanation: {:.3} s\n",
        start.elapsed().as_secs_f64()
    ))?;
    let engine = explainer.pairing();
    let boards = engine.pairs.len();
    if boards < 2 {
        return Ok(());
    }
    for (place, board) in [
        ("top", 0),
        ("middle", boards / 2 - 1),
        ("bottom", boards - 2),
    ] {
        let mut manual = engine.clone();
        let swap = Edit::Swap(engine.pairs[board].black, engine.pairs[board + 1].black);
        let mut unpaired = Vec::new();
        if edit::apply(&mut manual, &mut unpaired, swap).is_err() {
            continue;
        }
        let start = Instant::now();
        let check = explainer.check(&manual);
        print_out(&format!(
            "check of an edit at the {place} ({}): {:.3} s: {}\n",
            swap.describe(),
            start.elapsed().as_secs_f64(),
            check.verdict()
        ))?;
    }
    Ok(())
}

/// The process's peak resident memory (Linux: `VmHWM`).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line.trim_start_matches("VmHWM:").trim().to_string())
}
