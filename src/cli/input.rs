//! Events in and out of the command line, through [`crate::formats`].

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::formats::trf::{Dialect, Importance, Reading};
use crate::formats::{self, EventFormat, FileError};
use crate::tournament::Tournament;

use super::CliError;

impl From<FileError> for CliError {
    fn from(e: FileError) -> CliError {
        if e.is_input() {
            CliError::input(e.to_string())
        } else {
            CliError::file(e.to_string())
        }
    }
}

/// Whether the command was asked for every word about the reading of its files
/// (`--verbose`).
static VERBOSE: AtomicBool = AtomicBool::new(false);

/// Says every word about the reading of files (`--verbose`), or only what matters.
pub(crate) fn set_verbose(verbose: bool) {
    VERBOSE.store(verbose, Ordering::Relaxed);
}

/// Reads an event (native or TRF; see [`formats::open`]). For a TRF file, standard error
/// names the dialect it was read as when it is not a standard one, and says each reading
/// that could have gone another way ([`Importance::Important`]); with `--verbose`, the
/// dialect and every reading always.
pub(crate) fn load(path: &Path) -> Result<Tournament, CliError> {
    let (t, reading) = formats::open_reporting(path)?;
    report(path, reading.as_ref());
    Ok(t)
}

/// Says on standard error what matters of the reading of `path` (every word with
/// `--verbose`), as [`load`] does; nothing for a native file.
pub(crate) fn report(path: &Path, reading: Option<&Reading>) {
    if let Some(reading) = reading {
        let file = path.display().to_string();
        for line in reading_lines(reading, &file, VERBOSE.load(Ordering::Relaxed)) {
            eprintln!("{line}");
        }
    }
}

/// What standard error says about the reading of `file`: the dialect when it matters or
/// when `verbose`, then the warnings that are important, or all of them when `verbose`.
fn reading_lines(reading: &Reading, file: &str, verbose: bool) -> Vec<String> {
    let mut lines = Vec::new();
    if verbose || reading.dialect_matters() {
        lines.push(format!("{file}: {}", reading.summary()));
    }
    for warning in &reading.warnings {
        if verbose || reading.importance(warning) == Importance::Important {
            lines.push(format!("warning: {file}: {warning}"));
        }
    }
    // What the format cannot say and the reading assumed (checklist Q48, Q50).
    if verbose {
        for adjustment in &reading.adjustments {
            lines.push(format!("assumed: {file}: {adjustment}"));
        }
    }
    lines
}

/// The formats an event can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum FileFormat {
    /// TRF-16 with the JaVaFo TRF(x) extensions, for older tools.
    Trf16,
    /// TRF-2026 (the default for .trf files).
    Trf26,
    /// The native format (RON; files named .sarb).
    Ron,
}

/// Writes an event in the given format (by default: from the extension); `inputs` are the
/// files the command read. What the format does not hold is said on standard error.
pub(crate) fn save(
    t: &Tournament,
    path: &Path,
    format: Option<FileFormat>,
    inputs: &[&Path],
) -> Result<(), CliError> {
    let format = match format {
        None => EventFormat::for_path(path),
        Some(FileFormat::Ron) => EventFormat::Native,
        Some(FileFormat::Trf26) => EventFormat::Trf(Dialect::Trf26),
        Some(FileFormat::Trf16) => EventFormat::Trf(Dialect::Trf16),
    };
    for warning in formats::save(t, path, format, inputs)? {
        eprintln!("warning: {warning}");
    }
    Ok(())
}

/// Writes an event already made into TRF text (the FIDE report) to `path`: like a TRF save,
/// it never replaces a file the command read nor a native event.
pub(crate) fn write_event_text(path: &Path, text: &str, inputs: &[&Path]) -> Result<(), CliError> {
    formats::output::write(
        path,
        text.as_bytes(),
        formats::output::Content::Event,
        inputs,
    )
    .map_err(|e| CliError::from(FileError::from(e)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf;

    const JAVAFO: &str = "012 Open\nXXR 2\n\
001    1      Ann                               2000                             1.0    1  0000 - +\n\
001    2      Bob                               1900                             0.0    2  0000 - -\n";

    fn lines(text: &str, verbose: bool) -> Vec<String> {
        let (_, reading) = trf::read_reporting(text.as_bytes(), "f.trf").expect("reads");
        reading_lines(&reading, "f.trf", verbose)
    }

    #[test]
    fn a_standard_reading_is_said_only_when_asked() {
        assert_eq!(lines(JAVAFO, false), Vec::<String>::new());
        let all = lines(JAVAFO, true);
        assert!(
            all[0].starts_with("f.trf: read as JaVaFo TRF(x) ("),
            "{all:?}"
        );
        assert!(
            all.iter()
                .any(|l| l.contains("read as the pairing-allocated bye")),
            "{all:?}"
        );
    }

    #[test]
    fn another_programs_dialect_and_a_reading_the_points_decided_are_said() {
        let vega = JAVAFO.replacen("XXR 2", "192 Vega 8.5.2\nXXR 2", 1);
        let said = lines(&vega, false);
        assert!(said[0].starts_with("f.trf: read as Vega ("), "{said:?}");
        // Ann's points column counts nothing for `0000 - +`: the full-point reading does
        // not add up either, so the points column decides nothing; Bob's counts half a
        // point for `0000 - -`, which only the half-point bye gives.
        let decided = JAVAFO.replacen("0.0    2  0000 - -", "0.5    2  0000 - -", 1);
        let said = lines(&decided, false);
        assert!(
            said.iter()
                .any(|l| l.contains("the points column adds up only so")),
            "{said:?}"
        );
    }
}
