//! Events in and out of the command line, through [`crate::formats`].

use std::path::Path;

use crate::formats::{self, EventFormat, FileError, trf::Dialect};
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

/// Reads an event (native or TRF; see [`formats::open`]). For a TRF file, standard error
/// names the dialect it was read as and how codes programs mean differently were read.
pub(crate) fn load(path: &Path) -> Result<Tournament, CliError> {
    let (t, reading) = formats::open_reporting(path)?;
    if let Some(reading) = reading {
        eprintln!("{}: {}", path.display(), reading.summary());
        for warning in &reading.warnings {
            eprintln!("warning: {}: {warning}", path.display());
        }
    }
    Ok(t)
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
