//! `swiss-arbiter check`: the pairings checker over files and folders.

use std::path::{Path, PathBuf};

use crate::conformance::{RoundVerdict, check_rounds, check_standings};
use crate::pairing::{Explained, PairingRequest};
use crate::tournament::SystemId;

use super::{CliError, input, print_out};

/// Expands folders into their `.trf` files (sorted); files are kept as given.
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let entries = std::fs::read_dir(path)
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("trf")))
                .collect();
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// Checks every file; prints one line per difference or error and the closing summary.
/// With `explain`, each differing round is followed by the check of the file's pairing
/// against the engine's, both explained. With `tiebreaks`, the final ranks of each file
/// that gives a tie-break list are checked too.
pub(crate) fn run(
    system: Option<SystemId>,
    paths: &[PathBuf],
    explain: bool,
    tiebreaks: bool,
) -> Result<(), CliError> {
    let files = expand(paths)?;
    let say = |line: String| print_out(&format!("{line}\n"));
    let (mut rounds, mut identical, mut different, mut errors) = (0usize, 0usize, 0usize, 0usize);
    for file in &files {
        let t = match input::load(file) {
            Ok(t) => t,
            Err(e) => {
                say(format!("{}: error: {}", display(file), e.message))?;
                errors += 1;
                continue;
            }
        };
        // The system asked, else the file's own (VCL.03: the default is named).
        let system = system.unwrap_or_else(|| t.pairing_system());
        for check in check_rounds(&t, system) {
            rounds += 1;
            match check.verdict {
                RoundVerdict::Identical => identical += 1,
                RoundVerdict::Different { engine, recorded } => {
                    different += 1;
                    say(format!(
                        "{}: round {}: engine {} | file {}",
                        display(file),
                        check.round,
                        engine.summary(),
                        recorded.summary()
                    ))?;
                    if explain {
                        match PairingRequest::recorded(&t, system, check.round).explain() {
                            Ok(e) => say(Explained::new(e.as_ref(), Some(&recorded)).to_text())?,
                            Err(e) => say(format!("  (no explanation: {e})"))?,
                        }
                    }
                }
                RoundVerdict::Error(e) => {
                    errors += 1;
                    say(format!(
                        "{}: round {}: error: {e}",
                        display(file),
                        check.round
                    ))?;
                }
            }
        }
    }
    say(format!(
        "checked {rounds} rounds in {} files: {identical} identical, {different} different, {errors} errors",
        files.len()
    ))?;
    let (standings, ranks_wrong) = if tiebreaks {
        standings_summary(&files, &say)?
    } else {
        (0, 0)
    };
    if standings > 0 {
        say(format!(
            "checked the final ranks of {standings} files against their tie-break lists: \
             {ranks_wrong} ranks differ"
        ))?;
    }
    if different + errors + ranks_wrong == 0 {
        Ok(())
    } else {
        Err(CliError::failure(format!(
            "{different} rounds differ, {ranks_wrong} ranks differ, {errors} errors"
        )))
    }
}

/// The tie-break check of every file that gives a tie-break list and final ranks: one
/// line per rank the standings do not give. Returns the files checked and the ranks that
/// differ (an error counts as one).
fn standings_summary(
    files: &[PathBuf],
    say: &dyn Fn(String) -> Result<(), CliError>,
) -> Result<(usize, usize), CliError> {
    let (mut checked, mut wrong) = (0, 0);
    for file in files {
        let Ok(t) = input::load(file) else {
            continue;
        };
        match check_standings(&t) {
            None => {}
            Some(Err(e)) => {
                checked += 1;
                wrong += 1;
                say(format!("{}: standings: error: {e}", display(file)))?;
            }
            Some(Ok(check)) => {
                checked += 1;
                wrong += check.differences.len();
                for d in &check.differences {
                    let computed = match d.computed {
                        (a, b) if a == b => format!("{a}"),
                        (a, b) => format!("{a}-{b} (tied)"),
                    };
                    say(format!(
                        "{}: standings after round {} ({}): player {} ranked {} in the file, \
                         {computed} by C.07",
                        display(file),
                        check.round,
                        check.tiebreaks.join(","),
                        d.id,
                        d.recorded
                    ))?;
                }
            }
        }
    }
    Ok((checked, wrong))
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
