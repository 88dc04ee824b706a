//! The native file format: the whole tournament as RON (serde), with a format version,
//! written atomically, the replaced versions kept as backups. Nothing is lost: every
//! field of the model is saved. Files are named `*.sarb` (MIME type
//! `application/x-swiss-arbiter`); `*.ron` files from earlier versions still open.
//!
//! A file is accepted only whole: it must name its format version, hold an `event` and a
//! `players` list, and pass the model's consistency check ([`Tournament::check`]). A file
//! that parses but contradicts itself (a pairing number used twice, an opponent who does
//! not exist, a game both players won) is refused with the player and round, like a
//! damaged one, and never paired, converted or written over.

mod backup;

use std::path::{Path, PathBuf};

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use crate::tournament::{Inconsistency, Tournament};

use super::output::{Content, OutputError, Target};

pub use backup::{GENERATIONS, backup_path, backup_paths};

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

/// The version is checked first, through `VersionOnly`; then that the parts every event
/// has are there (the model's own defaults would fill in a missing one silently).
#[derive(Deserialize)]
struct Saved {
    tournament: Tournament,
}

#[derive(Deserialize)]
struct VersionOnly {
    format_version: u32,
}

#[derive(Deserialize)]
struct Parts {
    tournament: TournamentParts,
}

#[derive(Deserialize)]
struct TournamentParts {
    #[serde(default)]
    event: Present,
    #[serde(default)]
    players: Present,
}

/// Whether a part is in the file, whatever it holds (its content is read afterwards).
#[derive(Default)]
struct Present(bool);

impl<'de> Deserialize<'de> for Present {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Present, D::Error> {
        IgnoredAny::deserialize(d).map(|_| Present(true))
    }
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
        "{path}: the event contradicts itself: {problem}{backups}. It is not opened, so that it is never paired, converted or written over"
    )]
    Inconsistent {
        path: String,
        problem: Inconsistency,
        /// Where the earlier versions are, as a sentence (empty when there are none).
        backups: String,
    },
    #[error(
        "{path}: written by a newer swiss-arbiter (file format {found}, this program reads up to {FORMAT_VERSION}); update the program to open it"
    )]
    NewerVersion { path: String, found: u32 },
    #[error("{path}: cannot be written as a swiss-arbiter event: {message}")]
    Serialise { path: String, message: String },
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The tournament as RON text. Fails only if the serialiser does (nothing of the model is
/// known to make it fail; a failure is reported, never written as an empty file).
pub fn to_string(t: &Tournament) -> Result<String, NativeError> {
    let saved = SavedRef {
        format_version: FORMAT_VERSION,
        tournament: t,
    };
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    ron::ser::to_string_pretty(&saved, config).map_err(|e| NativeError::Serialise {
        path: String::new(),
        message: e.to_string(),
    })
}

/// Reads RON text; `path` names the source in errors. The event must be whole and
/// consistent (see the module documentation).
pub fn from_str(text: &str, path: &str) -> Result<Tournament, NativeError> {
    let syntax = |message: String| NativeError::Syntax {
        path: path.to_string(),
        message,
    };
    let ron_error = |e: ron::error::SpannedError| syntax(e.to_string());
    let version: VersionOnly = ron::from_str(text).map_err(ron_error)?;
    if version.format_version > FORMAT_VERSION {
        return Err(NativeError::NewerVersion {
            path: path.to_string(),
            found: version.format_version,
        });
    }
    let parts: Parts = ron::from_str(text).map_err(ron_error)?;
    for (present, part) in [
        (parts.tournament.event.0, "event"),
        (parts.tournament.players.0, "players"),
    ] {
        if !present {
            return Err(syntax(format!(
                "the `{part}` part of the tournament is missing"
            )));
        }
    }
    let saved: Saved = ron::from_str(text).map_err(ron_error)?;
    saved
        .tournament
        .check()
        .map_err(|problem| NativeError::Inconsistent {
            path: path.to_string(),
            problem,
            backups: String::new(),
        })?;
    Ok(saved.tournament)
}

/// Saves durably: the version on disk, if it loads, becomes the newest backup
/// ([`backup_paths`]), then the new content replaces the file atomically through
/// [`Target`] (exclusive temporary file, fsync, rename, folder fsync; permissions kept).
/// When this returns `Ok`, the content survives a crash or a power cut; at any moment
/// before, the file holds the previous version. The path must be a native name and not a
/// symbolic link (see [`super::output`]).
pub fn save(t: &Tournament, path: &Path) -> Result<(), NativeError> {
    let text = to_string(t).map_err(|e| match e {
        NativeError::Serialise { message, .. } => NativeError::Serialise {
            path: path.display().to_string(),
            message,
        },
        other => other,
    })?;
    let target = Target::resolve(path, Content::NativeEvent, &[])?;
    if target.replaces_file() {
        backup::rotate(path, |p| load_unannotated(p).is_ok()).map_err(|source| {
            NativeError::Io {
                path: path.display().to_string(),
                source,
            }
        })?;
    }
    Ok(target.write(text.as_bytes())?)
}

/// Reads a native file, without naming backups in errors.
fn load_unannotated(path: &Path) -> Result<Tournament, NativeError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| NativeError::Io {
        path: name.clone(),
        source,
    })?;
    let text = String::from_utf8(bytes).map_err(|e| NativeError::Syntax {
        path: name.clone(),
        message: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
    })?;
    from_str(&text, &name)
}

/// Loads a native file. Nothing is written: a damaged, contradictory or newer file stays
/// as it is, and the error names the backups when there are any.
pub fn load(path: &Path) -> Result<Tournament, NativeError> {
    let backups = || {
        let kept: Vec<String> = backup_paths(path)
            .iter()
            .filter(|p| p.is_file())
            .map(|p| p.display().to_string())
            .collect();
        match kept.as_slice() {
            [] => String::new(),
            [one] => format!(". The version before the last save is kept in {one}"),
            [newest, older @ ..] => format!(
                ". The version before the last save is kept in {newest} (older ones in {})",
                older.join(", ")
            ),
        }
    };
    match load_unannotated(path) {
        Err(NativeError::Syntax { path, message }) => Err(NativeError::Syntax {
            path,
            message: format!("{message}{}", backups()),
        }),
        Err(NativeError::Inconsistent { path, problem, .. }) => Err(NativeError::Inconsistent {
            path,
            problem,
            backups: backups(),
        }),
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

    fn text() -> String {
        to_string(&sample()).expect("serialises")
    }

    #[test]
    fn ron_round_trips_exactly() {
        let text = text();
        assert!(text.contains("format_version: 1"), "{text}");
        assert!(text.contains("\"0.5\""), "points are saved as text: {text}");
        assert_eq!(from_str(&text, "x.ron").expect("reads back"), sample());
    }

    #[test]
    fn newer_version_is_refused() {
        let text = text().replace("format_version: 1", "format_version: 99");
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
    fn a_missing_part_is_refused_not_defaulted() {
        for (part, text) in [
            ("players", "(format_version: 1, tournament: (event: ()))"),
            ("event", "(format_version: 1, tournament: (players: []))"),
        ] {
            let err = from_str(text, "part.sarb").expect_err("must refuse");
            assert!(err.to_string().contains(&format!("`{part}` part")), "{err}");
        }
        let empty = from_str(
            "(format_version: 1, tournament: (event: (), players: []))",
            "e",
        )
        .expect("a new event without players is whole");
        assert!(empty.players.is_empty());
    }

    #[test]
    fn a_contradictory_file_is_refused_with_player_and_round() {
        let both_won = text().replacen("result: Draw", "result: Win", 2);
        let err = from_str(&both_won, "won.sarb").expect_err("both won");
        let message = err.to_string();
        assert!(
            message.contains("player 1, round 1: opponent 2") && message.contains("never paired"),
            "{message}"
        );
        let twice = text().replace("id: 2,", "id: 1,");
        let err = from_str(&twice, "twice.sarb").expect_err("number used twice");
        assert!(err.to_string().contains("used twice"), "{err}");
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
