//! The native file format: the whole tournament as RON (serde), with a format version,
//! written atomically, the replaced version kept as a backup. Nothing is lost: every
//! field of the model is saved. Files are named `*.sarb` (MIME type
//! `application/x-swiss-arbiter`); `*.ron` files from earlier versions still open.

mod atomic;
mod backup;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::tournament::Tournament;

pub use atomic::write_atomically;
pub use backup::backup_path;

/// The version of the file layout this program writes. Older versions load; newer ones
/// are refused with a message, never overwritten.
pub const FORMAT_VERSION: u32 = 1;

/// The file extension of native files.
pub const EXTENSION: &str = "sarb";

/// The extension earlier versions used; such files still open (and save where they are).
pub const LEGACY_EXTENSION: &str = "ron";

/// Whether a path names a native file (`.sarb`, or `.ron` from earlier versions).
pub fn is_native_path(path: &Path) -> bool {
    path.extension().is_some_and(|e| {
        e.eq_ignore_ascii_case(EXTENSION) || e.eq_ignore_ascii_case(LEGACY_EXTENSION)
    })
}

#[derive(Serialize)]
struct SavedRef<'a> {
    format_version: u32,
    tournament: &'a Tournament,
}

/// The version is checked first, through `VersionOnly`.
#[derive(Deserialize)]
struct Saved {
    tournament: Tournament,
}

#[derive(Deserialize)]
struct VersionOnly {
    format_version: u32,
}

/// Why a native file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum NativeError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}: not a swiss-arbiter event file: {message}")]
    Syntax { path: String, message: String },
    #[error(
        "{path}: written by a newer swiss-arbiter (file format {found}, this program reads up to {FORMAT_VERSION}); update the program to open it"
    )]
    NewerVersion { path: String, found: u32 },
}

/// The tournament as RON text.
pub fn to_string(t: &Tournament) -> String {
    let saved = SavedRef {
        format_version: FORMAT_VERSION,
        tournament: t,
    };
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    // Serialising plain data (strings, integers, enums, vectors) cannot fail.
    ron::ser::to_string_pretty(&saved, config).unwrap_or_default()
}

/// Reads RON text; `path` names the source in errors.
pub fn from_str(text: &str, path: &str) -> Result<Tournament, NativeError> {
    let syntax = |e: ron::error::SpannedError| NativeError::Syntax {
        path: path.to_string(),
        message: e.to_string(),
    };
    let version: VersionOnly = ron::from_str(text).map_err(syntax)?;
    if version.format_version > FORMAT_VERSION {
        return Err(NativeError::NewerVersion {
            path: path.to_string(),
            found: version.format_version,
        });
    }
    let saved: Saved = ron::from_str(text).map_err(syntax)?;
    Ok(saved.tournament)
}

/// Saves durably: the version on disk is kept as the backup ([`backup_path`]), then the
/// new content replaces the file atomically (temporary file, fsync, rename, directory
/// fsync). When this returns `Ok`, the content survives a crash or a power cut; at any
/// moment before, the file holds the previous version.
pub fn save(t: &Tournament, path: &Path) -> Result<(), NativeError> {
    let io = |source| NativeError::Io {
        path: path.display().to_string(),
        source,
    };
    backup::keep(path).map_err(io)?;
    write_atomically(path, to_string(t).as_bytes()).map_err(io)
}

/// Loads a native file. Nothing is written: a damaged or newer file stays as it is, and
/// the error names the backup when there is one.
pub fn load(path: &Path) -> Result<Tournament, NativeError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| NativeError::Io {
        path: name.clone(),
        source,
    })?;
    let text = String::from_utf8(bytes).map_err(|e| NativeError::Syntax {
        path: name.clone(),
        message: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
    });
    match text.and_then(|text| from_str(&text, &name)) {
        Err(NativeError::Syntax { path: p, message }) => {
            let backup = backup_path(path);
            let message = if backup.is_file() {
                format!(
                    "{message}. The version before the last save is kept in {}",
                    backup.display()
                )
            } else {
                message
            };
            Err(NativeError::Syntax { path: p, message })
        }
        other => other,
    }
}

/// The platform's data folder for this application (autosaves, recent files):
/// `~/.local/share/swiss-arbiter` on Linux, `~/Library/Application Support/...` on macOS,
/// `%APPDATA%\...` on Windows.
pub fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("org", "swiss-arbiter", "swiss-arbiter")
        .map(|d| d.data_dir().to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Colour, GameResult, Outcome, Player, Points};

    fn sample() -> Tournament {
        let mut t = Tournament::default();
        t.event.name = "Open «Ελλάδα»".to_string();
        t.event.rounds = Some(9);
        t.event.scoring.pab = Points::HALF;
        let mut a = Player::new(1, "Müller, Łukasz");
        a.rating = Some(2400);
        a.results
            .push(Outcome::game(2, Colour::White, GameResult::Draw));
        let mut b = Player::new(2, "Иванов, Иван");
        b.results
            .push(Outcome::game(1, Colour::Black, GameResult::Draw));
        t.players = vec![a, b];
        t
    }

    #[test]
    fn ron_round_trips_exactly() {
        let t = sample();
        let text = to_string(&t);
        assert!(text.contains("format_version: 1"), "{text}");
        assert!(text.contains("\"0.5\""), "points are saved as text: {text}");
        assert_eq!(from_str(&text, "x.ron").expect("reads back"), t);
    }

    #[test]
    fn newer_version_is_refused() {
        let text = to_string(&sample()).replace("format_version: 1", "format_version: 99");
        let err = from_str(&text, "new.ron").expect_err("must refuse");
        assert!(err.to_string().contains("newer swiss-arbiter"), "{err}");
    }

    #[test]
    fn garbage_is_a_clear_error() {
        let err = from_str(
            "(format_version: 1, tournament: (players: [oops]))",
            "bad.ron",
        )
        .expect_err("must refuse");
        assert!(
            err.to_string()
                .starts_with("bad.ron: not a swiss-arbiter event file"),
            "{err}"
        );
    }

    #[test]
    fn save_and_load_from_disk() {
        let dir = std::env::temp_dir().join(format!("swiss-arbiter-native-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("event.ron");
        save(&sample(), &path).expect("save");
        assert_eq!(load(&path).expect("load"), sample());
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
