//! `swiss-arbiter check`: the pairings checker over files and folders.

use std::path::{Path, PathBuf};

use crate::conformance::{
    RoundVerdict, StandingsConformance, check_rounds, check_standings, check_team_standings,
};
use crate::formats::{self, trf};
use crate::pairing::{Explained, PairingRequest, RoundPairing};
use crate::standings::Edition;
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
/// that gives a tie-break list are checked too, under the unplayed-round rules `rules`
/// when given, else those in force when each event started.
pub(crate) fn run(
    system: Option<SystemId>,
    paths: &[PathBuf],
    explain: bool,
    tiebreaks: bool,
    rules: Option<Edition>,
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
            let (file, round) = (display(file), check.round);
            if check.differs() {
                different += 1;
            }
            match &check.verdict {
                RoundVerdict::Identical => identical += 1,
                RoundVerdict::Different { engine, recorded } => {
                    let what = if t.is_team_event() { "matches " } else { "" };
                    say(format!(
                        "{file}: round {round}: engine {what}{} | file {what}{}",
                        engine.summary(),
                        recorded.summary()
                    ))?;
                }
                // The history left no legal pairing; the file's pairing is judged below.
                RoundVerdict::Error(e) if !check.breaches.is_empty() => {
                    say(format!(
                        "{file}: round {round}: the engine cannot pair it: {e}"
                    ))?;
                }
                RoundVerdict::Error(e) => {
                    errors += 1;
                    say(format!("{file}: round {round}: error: {e}"))?;
                }
            }
            for breach in &check.breaches {
                say(format!(
                    "{file}: round {round}: the file breaks {}: {}",
                    breach.article, breach.text
                ))?;
            }
            if explain && matches!(check.verdict, RoundVerdict::Different { .. }) {
                let recorded = RoundPairing::recorded(&t, round);
                match PairingRequest::recorded(&t, system, round).explain() {
                    Ok(e) => say(Explained::new(e.as_ref(), Some(&recorded)).to_text())?,
                    Err(e) => say(format!("  (no explanation: {e})"))?,
                }
            }
        }
    }
    say(format!(
        "checked {rounds} rounds in {} files: {identical} identical, {different} different, {errors} errors",
        files.len()
    ))?;
    let (standings, ranks_wrong) = if tiebreaks {
        standings_summary(&files, rules, &say)?
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

/// The tie-break check of every file that gives a tie-break list and final ranks (for a
/// team event, ranks for its teams): one line per rank the standings do not give. Returns
/// the files checked and the ranks that differ (an error counts as one).
fn standings_summary(
    files: &[PathBuf],
    rules: Option<Edition>,
    say: &dyn Fn(String) -> Result<(), CliError>,
) -> Result<(usize, usize), CliError> {
    let (mut checked, mut wrong) = (0, 0);
    for file in files {
        let Ok(t) = input::load(file) else {
            continue;
        };
        let check = if t.is_team_event() {
            recorded_team_ranks(file).and_then(|ranks| {
                let edition = super::standings::edition(&t, rules, file);
                check_team_standings(&t, &ranks, Some(edition))
            })
        } else if t.players.iter().all(|p| p.rank.is_some()) {
            check_standings(&t, Some(super::standings::edition(&t, rules, file)))
        } else {
            None
        };
        match check {
            None => {}
            Some(Err(e)) => {
                checked += 1;
                wrong += 1;
                say(format!("{}: standings: error: {e}", display(file)))?;
            }
            Some(Ok(check)) => {
                checked += 1;
                wrong += check.differences.len();
                for line in difference_lines(&check) {
                    say(format!("{}: {line}", display(file)))?;
                }
            }
        }
    }
    Ok((checked, wrong))
}

/// The ranks a TRF file records for its teams (`310`); none for a native file, whose
/// teams carry no recorded rank, or an unreadable one.
fn recorded_team_ranks(file: &Path) -> Option<Vec<(u32, u32)>> {
    if formats::is_native_event(file) {
        return None;
    }
    trf::recorded_team_ranks(&std::fs::read(file).ok()?)
}

/// One line per rank the standings do not give.
fn difference_lines(check: &StandingsConformance) -> Vec<String> {
    let who = if check.teams { "team" } else { "player" };
    check
        .differences
        .iter()
        .map(|d| {
            let computed = match d.computed {
                (a, b) if a == b => format!("{a}"),
                (a, b) => format!("{a}-{b} (tied)"),
            };
            format!(
                "standings after round {} ({}): {who} {} ranked {} in the file, {computed} by C.07",
                check.round,
                check.tiebreaks.join(","),
                d.id,
                d.recorded
            )
        })
        .collect()
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
