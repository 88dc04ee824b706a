//! Every file the program reads or writes, through one door used by the command line, the
//! desktop application and the library alike.
//!
//! - **Events**: the native format ([`native`], `.sarb`; `.ron` from earlier versions) and
//!   TRF ([`trf`]: TRF-16, JaVaFo's TRF(x), bbpPairings' TRF(bx), TRF-2026). [`open`] picks
//!   the reader by the extension, and by the content for any other name; `save` writes
//!   the format the extension names (`EventFormat::for_path`).
//! - **Player lists** (`roster`: CSV with a header row, or the players of a TRF or native
//!   event), read by `open_players`.
//! - **Outputs**: a round's pairing (`round_pairing`: JaVaFo text, a board list, JSON;
//!   `team_pairing` for a team round) and the standings ([`standings`],
//!   `team_standings`: text, CSV, JSON).
//!
//! Every reader of an event ends with the model's consistency check
//! ([`Tournament::check`]), so a file that parses but contradicts itself is refused with
//! the player and the round, and is never paired, converted or written over. Every writer
//! refuses what its format cannot hold before writing anything ([`trf::write`] says which
//! field of which player does not fit), and every write goes through [`output`], which
//! never replaces the input, an event (unless it saves one), a symbolic link, a FIFO or a
//! device, and replaces regular files atomically with their permissions kept.

// Only the window uses some of this module (the player lists, the reading of all sections);
// without the `gui` feature it would be dead code. The default build still reports it.
#![cfg_attr(not(feature = "gui"), allow(dead_code, unused_imports))]

pub(crate) mod columns;
pub mod native;
pub mod output;
pub(crate) mod prize_awards;
pub mod rating_changes;
pub mod rating_list;
pub(crate) mod roster;
pub(crate) mod round_pairing;
pub mod standings;
pub(crate) mod team_pairing;
pub(crate) mod team_standings;
pub mod trf;

use std::path::Path;

use crate::tournament::{Player, Tournament};

use output::{Content, Sniffed};

/// The formats an event can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EventFormat {
    /// The native format: everything the program knows about the event.
    Native,
    /// TRF, for the rating officer and other programs.
    Trf(trf::Dialect),
}

impl EventFormat {
    /// The format an event written to `path` gets: native for `.sarb`/`.ron`, TRF-2026
    /// otherwise.
    pub(crate) fn for_path(path: &Path) -> EventFormat {
        if native::is_native_path(path) {
            EventFormat::Native
        } else {
            EventFormat::Trf(trf::Dialect::Trf26)
        }
    }
}

/// Why a file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error(transparent)]
    Trf(#[from] trf::TrfError),
    #[error(transparent)]
    Native(#[from] native::NativeError),
    #[error(transparent)]
    Roster(#[from] roster::RosterError),
    #[error(transparent)]
    Unwritable(#[from] trf::Unwritable),
    #[error(transparent)]
    Output(#[from] output::OutputError),
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

impl FileError {
    /// Whether the input was at fault (unreadable, malformed, contradictory), rather than
    /// a file that could not or may not be written.
    pub(crate) fn is_input(&self) -> bool {
        match self {
            FileError::Trf(_) | FileError::Roster(_) | FileError::Io { .. } => true,
            FileError::Native(e) => !matches!(
                e,
                native::NativeError::Output(_) | native::NativeError::Serialise { .. }
            ),
            FileError::Unwritable(_) | FileError::Output(_) => false,
        }
    }
}

/// Which reader a file needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reader {
    Native,
    Trf,
    Csv,
}

fn has_extension(path: &Path, ext: &str) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
}

/// The reader of an event file: native for `.sarb`/`.ron` or native content, TRF
/// otherwise (whose errors then say what was expected where).
fn event_reader(path: &Path) -> Reader {
    if native::is_native_path(path) || output::sniff(path) == Some(Sniffed::Native) {
        Reader::Native
    } else {
        Reader::Trf
    }
}

/// Reads an event: native or TRF (see `event_reader`), checked whole.
pub fn open(path: &Path) -> Result<Tournament, FileError> {
    match event_reader(path) {
        Reader::Native => Ok(native::load(path)?),
        _ => Ok(trf::read_file(path)?),
    }
}

/// Reads an event like [`open`], with, for a TRF file, what the reading found out about it
/// (its dialect and how ambiguous codes were read; see [`trf::Reading`]).
pub(crate) fn open_reporting(path: &Path) -> Result<(Tournament, Option<trf::Reading>), FileError> {
    match event_reader(path) {
        Reader::Native => Ok((native::load(path)?, None)),
        _ => {
            let (t, reading) = trf::read_file_reporting(path)?;
            Ok((t, Some(reading)))
        }
    }
}

/// Reads an event with all its sections (a native file holds one or several,
/// [`native::load_sections`]; a TRF file one), with, for a TRF file, what the reading found
/// out about it (see [`trf::Reading`]).
pub(crate) fn open_sections_reporting(
    path: &Path,
) -> Result<(Vec<Tournament>, Option<trf::Reading>), FileError> {
    match event_reader(path) {
        Reader::Native => Ok((native::load_sections(path)?, None)),
        _ => {
            let (t, reading) = trf::read_file_reporting(path)?;
            Ok((vec![t], Some(reading)))
        }
    }
}

/// Whether `path` is an event file to open (as the file manager starts the program with
/// one): an existing file named `.sarb`, `.ron` or `.trf`, or whose content is an event.
pub fn is_event_file(path: &Path) -> bool {
    path.is_file()
        && (native::is_native_path(path)
            || has_extension(path, "trf")
            || output::sniff(path).is_some())
}

/// Whether an event read from `path` is in the native format (else TRF: its rounds count
/// as published, and saving it means choosing a native file).
pub(crate) fn is_native_event(path: &Path) -> bool {
    event_reader(path) == Reader::Native
}

/// Writes an event to `path` in `format`; `inputs` are the files the command read, which a
/// TRF write never replaces. Returns what the format does not hold of the event, one
/// sentence each, for the arbiter (nothing for the native format).
pub(crate) fn save(
    t: &Tournament,
    path: &Path,
    format: EventFormat,
    inputs: &[&Path],
) -> Result<Vec<String>, FileError> {
    match format {
        EventFormat::Native => {
            native::save(t, path)?;
            Ok(Vec::new())
        }
        EventFormat::Trf(dialect) => {
            let text = trf::write(t, dialect)?;
            output::write(path, text.as_bytes(), Content::Event, inputs)?;
            Ok(trf::dropped_by_trf(t, dialect))
        }
    }
}

/// The reader of a player list: CSV for `.csv`, TRF for `.trf`, native for `.sarb`/`.ron`;
/// any other name by its content (TRF or native if it looks like one, else CSV).
fn players_reader(path: &Path, head: &[u8]) -> Reader {
    if has_extension(path, "csv") {
        Reader::Csv
    } else if has_extension(path, "trf") {
        Reader::Trf
    } else if native::is_native_path(path) {
        Reader::Native
    } else {
        match output::sniff_bytes(head) {
            Some(Sniffed::Native) => Reader::Native,
            Some(Sniffed::Trf) => Reader::Trf,
            None => Reader::Csv,
        }
    }
}

/// Players to add to an event, without their results: a CSV list, or the players of a TRF
/// or native event (see [`players_reader`]).
pub(crate) fn open_players(path: &Path) -> Result<Vec<Player>, FileError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| FileError::Io {
        path: name.clone(),
        source,
    })?;
    let head = &bytes[..bytes.len().min(4096)];
    Ok(match players_reader(path, head) {
        Reader::Csv => roster::from_csv(&String::from_utf8_lossy(&bytes), &name)?,
        Reader::Trf => roster::registration(trf::read(&bytes, &name)?),
        Reader::Native => roster::registration(native::load(path)?),
    })
}

/// A fresh folder for a unit test of file handling (`swiss-arbiter-NAME-PID`).
#[cfg(test)]
pub(crate) fn test_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_lists_are_read_by_extension_then_content() {
        let trf = b"012 Open\n001    1      Ann\n";
        let csv = b"name,rating\nAnn,2000\n";
        let native = b"(format_version: 1, tournament: ())";
        for (name, head, reader) in [
            ("list.csv", &trf[..], Reader::Csv),
            ("list.trf", &csv[..], Reader::Trf),
            ("list.sarb", &csv[..], Reader::Native),
            ("list.txt", &csv[..], Reader::Csv),
            ("list.txt", &trf[..], Reader::Trf),
            ("list", &native[..], Reader::Native),
        ] {
            assert_eq!(players_reader(Path::new(name), head), reader, "{name}");
        }
    }
}
