//! Loading and saving events by file extension, for the command line.

use std::path::Path;

use crate::native;
use crate::tournament::Tournament;
use crate::trf::{self, Dialect};

use super::CliError;

/// Reads a TRF or native file (native when the extension is `.sarb` or `.ron`).
pub fn load(path: &Path) -> Result<Tournament, CliError> {
    if native::is_native_path(path) {
        native::load(path).map_err(|e| CliError::input(e.to_string()))
    } else {
        trf::read_file(path).map_err(|e| CliError::input(e.to_string()))
    }
}

/// The formats an event can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FileFormat {
    /// TRF-16 with the JaVaFo TRF(x) extensions, for older tools.
    Trf16,
    /// TRF-2026 (the default for .trf files).
    Trf26,
    /// The native format (RON).
    Ron,
}

/// Writes an event in the given format (by default: from the extension).
pub fn save(t: &Tournament, path: &Path, format: Option<FileFormat>) -> Result<(), CliError> {
    let format = format.unwrap_or(if native::is_native_path(path) {
        FileFormat::Ron
    } else {
        FileFormat::Trf26
    });
    if format != FileFormat::Ron {
        for warning in trf::dropped_by_trf(t) {
            eprintln!("warning: {warning}");
        }
    }
    let result = match format {
        FileFormat::Ron => return native::save(t, path).map_err(|e| CliError::file(e.to_string())),
        FileFormat::Trf26 => {
            native::write_atomically(path, trf::write(t, Dialect::Trf26).as_bytes())
        }
        FileFormat::Trf16 => {
            native::write_atomically(path, trf::write(t, Dialect::Trf16).as_bytes())
        }
    };
    result.map_err(|e| CliError::file(format!("{}: {e}", path.display())))
}
