//! The native file format: the whole tournament as RON (serde), with a format version,
//! written atomically, the replaced versions kept as backups. Nothing is lost: every
//! field of the model is saved. Files are named `*.sarb` (MIME type
//! `application/x-swiss-arbiter`); `*.ron` files from earlier versions still open.
//!
//! A file holds one tournament (format version 1) or the sections of an event run
//! together (version 2: Open A, Open B, a rapid; each a whole tournament with its own
//! players, system, rounds and tie-breaks). A one-section event is written as version 1,
//! which every earlier release reads.
//!
//! A file is accepted only whole: it must name its format version, hold an `event` and a
//! `players` list in every section, and pass the model's consistency check
//! ([`Tournament::check`]) section by section. A file
//! that parses but contradicts itself (a pairing number used twice, an opponent who does
//! not exist, a game both players won) is refused with the player and round, like a
//! damaged one, and never paired, converted or written over.
//!
//! The window's autosave (its unsaved work, kept against a crash) is a native file too,
//! which also names the event file it is the unsaved work of (`autosave_of: "…"`), so that
//! the restored event is saved back to its own file ([`save_autosave`], [`load_autosave`]).
//! An event file never carries it, and every release ignores it when reading.

mod backup;

use std::path::{Path, PathBuf};

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use crate::tournament::{Inconsistency, Tournament};

use super::output::{Content, OutputError, Target};

pub use backup::{BACKUP_FOLDER, backup_path, backup_paths, legacy_backup_paths};

/// The newest file layout this program writes (for events with several sections; one
/// section is written as [`SINGLE_FORMAT_VERSION`]). Older versions load; newer ones are
/// refused with a message, never overwritten.
pub(crate) const FORMAT_VERSION: u32 = 2;

/// The layout of a one-section event: `tournament: (...)` (the only layout before
/// sections).
pub(crate) const SINGLE_FORMAT_VERSION: u32 = 1;

/// The file extension of native files.
pub(crate) const EXTENSION: &str = "sarb";

/// The extension earlier versions used; such files still open (and save where they are).
pub(crate) const LEGACY_EXTENSION: &str = "ron";

/// Whether a path names a native file (`.sarb`, or `.ron` from earlier versions).
pub(crate) fn is_native_path(path: &Path) -> bool {
    path.extension().is_some_and(|e| {
        e.eq_ignore_ascii_case(EXTENSION) || e.eq_ignore_ascii_case(LEGACY_EXTENSION)
    })
}

#[derive(Serialize)]
struct SingleRef<'a> {
    format_version: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    autosave_of: Option<&'a str>,
    tournament: &'a Tournament,
}

#[derive(Serialize)]
struct SectionsRef<'a> {
    format_version: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    autosave_of: Option<&'a str>,
    sections: &'a [Tournament],
}

/// The event file an autosave is the unsaved work of (none in an event file).
#[derive(Deserialize)]
struct AutosaveOf {
    #[serde(default)]
    autosave_of: Option<String>,
}

/// The version is checked first, through `VersionOnly`; then that the parts every event
/// has are there (the model's own defaults would fill in a missing one silently).
#[derive(Deserialize)]
struct Single {
    tournament: Tournament,
}

#[derive(Deserialize)]
struct Sections {
    sections: Vec<Tournament>,
}

#[derive(Deserialize)]
struct VersionOnly {
    format_version: u32,
}

#[derive(Deserialize)]
struct SingleParts {
    tournament: TournamentParts,
}

#[derive(Deserialize)]
struct SectionsParts {
    sections: Vec<TournamentParts>,
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
    #[error(
        "{path}: the event has {} sections ({}); open it in the window, where each section is paired, or export one section as TRF from there",
        names.len(),
        names.join(", ")
    )]
    Sections { path: String, names: Vec<String> },
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The tournament as RON text (a one-section event).
pub fn to_string(t: &Tournament) -> Result<String, NativeError> {
    sections_to_string(std::slice::from_ref(t))
}

/// An event's sections as RON text: version 1 for one section, 2 for several (see the
/// module documentation). Fails only if the serialiser does (nothing of the model is known
/// to make it fail; a failure is reported, never written as an empty file).
pub(crate) fn sections_to_string(sections: &[Tournament]) -> Result<String, NativeError> {
    to_text(sections, None)
}

/// The sections as RON text; `autosave_of` names the event file of an autosave.
fn to_text(sections: &[Tournament], autosave_of: Option<&str>) -> Result<String, NativeError> {
    // LF on every platform (ron's default is CRLF on Windows): a file is the same bytes
    // whichever system wrote it.
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .new_line("\n");
    let text = match sections {
        [one] => ron::ser::to_string_pretty(
            &SingleRef {
                format_version: SINGLE_FORMAT_VERSION,
                autosave_of,
                tournament: one,
            },
            config,
        ),
        several => ron::ser::to_string_pretty(
            &SectionsRef {
                format_version: FORMAT_VERSION,
                autosave_of,
                sections: several,
            },
            config,
        ),
    };
    text.map_err(|e| NativeError::Serialise {
        path: String::new(),
        message: e.to_string(),
    })
}

/// Reads RON text holding one tournament; `path` names the source in errors. An event of
/// several sections is refused, naming them ([`NativeError::Sections`]).
pub fn from_str(text: &str, path: &str) -> Result<Tournament, NativeError> {
    single(sections_from_str(text, path)?, path)
}

/// The one section of an event, or the error naming its sections.
fn single(mut sections: Vec<Tournament>, path: &str) -> Result<Tournament, NativeError> {
    if sections.len() == 1
        && let Some(t) = sections.pop()
    {
        return Ok(t);
    }
    Err(NativeError::Sections {
        path: path.to_string(),
        names: sections.iter().map(Tournament::section_name).collect(),
    })
}

/// Reads RON text: the sections of an event (one for a version-1 file); `path` names the
/// source in errors. Every section must be whole and consistent (see the module
/// documentation).
pub(crate) fn sections_from_str(text: &str, path: &str) -> Result<Vec<Tournament>, NativeError> {
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
    let several = version.format_version >= 2;
    let parts = if several {
        let parts: SectionsParts = ron::from_str(text).map_err(ron_error)?;
        if parts.sections.is_empty() {
            return Err(syntax("the event has no section".into()));
        }
        parts.sections
    } else {
        let parts: SingleParts = ron::from_str(text).map_err(ron_error)?;
        vec![parts.tournament]
    };
    for (index, section) in parts.iter().enumerate() {
        for (present, part) in [(section.event.0, "event"), (section.players.0, "players")] {
            if !present {
                let whose = if several {
                    format!(" of section {}", index + 1)
                } else {
                    String::new()
                };
                return Err(syntax(format!(
                    "the `{part}` part of the tournament{whose} is missing"
                )));
            }
        }
    }
    let mut sections = if several {
        let saved: Sections = ron::from_str(text).map_err(ron_error)?;
        saved.sections
    } else {
        let saved: Single = ron::from_str(text).map_err(ron_error)?;
        vec![saved.tournament]
    };
    // Earlier versions kept TRF-2026's rating records (172, NRS) as written, unread.
    for section in &mut sections {
        super::trf::adopt_kept_records(section);
    }
    for (index, section) in sections.iter().enumerate() {
        section
            .check()
            .map_err(|problem| NativeError::Inconsistent {
                path: if several {
                    format!("{path} (section {}, {})", index + 1, section.section_name())
                } else {
                    path.to_string()
                },
                problem,
                backups: String::new(),
            })?;
    }
    Ok(sections)
}

/// Saves a one-section event durably; see `save_sections`.
pub fn save(t: &Tournament, path: &Path) -> Result<(), NativeError> {
    save_sections(std::slice::from_ref(t), path)
}

/// Saves durably: the version on disk, if it loads, becomes the newest backup
/// ([`backup_paths`]), then the new content replaces the file atomically through
/// [`Target`] (exclusive temporary file, fsync, rename, folder fsync; permissions kept).
/// When this returns `Ok`, the content survives a crash or a power cut; at any moment
/// before, the file holds the previous version. The path must be a native name and not a
/// symbolic link (see [`super::output`]).
pub(crate) fn save_sections(sections: &[Tournament], path: &Path) -> Result<(), NativeError> {
    save_text(sections, None, path)
}

/// Saves the window's unsaved work as `save_sections` saves an event, naming the event
/// file it belongs to (`autosave_of`; none for an event never saved, or one whose path is
/// not UTF-8 text).
pub(crate) fn save_autosave(
    sections: &[Tournament],
    path: &Path,
    autosave_of: Option<&Path>,
) -> Result<(), NativeError> {
    save_text(sections, autosave_of.and_then(Path::to_str), path)
}

/// Writes the sections durably (see `save_sections`).
fn save_text(
    sections: &[Tournament],
    autosave_of: Option<&str>,
    path: &Path,
) -> Result<(), NativeError> {
    let text = to_text(sections, autosave_of).map_err(|e| match e {
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

/// Reads a native file's sections, without naming backups in errors.
fn load_unannotated(path: &Path) -> Result<Vec<Tournament>, NativeError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| NativeError::Io {
        path: name.clone(),
        source,
    })?;
    let text = String::from_utf8(bytes).map_err(|e| NativeError::Syntax {
        path: name.clone(),
        message: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
    })?;
    sections_from_str(&text, &name)
}

/// Loads an autosave written by [`save_autosave`] (or any native file): its sections, and
/// the event file it is the unsaved work of, when it names one.
pub(crate) fn load_autosave(
    path: &Path,
) -> Result<(Vec<Tournament>, Option<PathBuf>), NativeError> {
    let sections = load_sections(path)?;
    let autosave_of = std::fs::read_to_string(path)
        .ok()
        .and_then(|text| ron::from_str::<AutosaveOf>(&text).ok())
        .and_then(|a| a.autosave_of)
        .filter(|p| !p.is_empty())
        .map(PathBuf::from);
    Ok((sections, autosave_of))
}

/// Loads a native file of one section; an event of several is refused, naming them.
pub fn load(path: &Path) -> Result<Tournament, NativeError> {
    single(load_sections(path)?, &path.display().to_string())
}

/// Loads a native file's sections. Nothing is written: a damaged, contradictory or newer
/// file stays as it is, and the error names the backups when there are any.
pub fn load_sections(path: &Path) -> Result<Vec<Tournament>, NativeError> {
    let backups = || {
        let kept: Vec<String> = backup_paths(path)
            .iter()
            .chain(&legacy_backup_paths(path))
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
pub(crate) fn data_dir() -> Option<PathBuf> {
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

    /// A player's club is kept (TRF has no record for it); a file without clubs is
    /// written as before, and files from before clubs read without one.
    #[test]
    fn the_club_round_trips_and_is_absent_when_empty() {
        assert!(!text().contains("club"), "{}", text());
        let mut t = sample();
        t.players[0].club = "SK Rochade «Kuppenheim»".into();
        let saved = to_string(&t).expect("serialises");
        assert!(saved.contains("club: "), "{saved}");
        let read = from_str(&saved, "x.sarb").expect("reads back");
        assert_eq!(read.players[0].club, "SK Rochade «Kuppenheim»");
        assert_eq!(read, t);
        assert_eq!(
            from_str(&text(), "x.sarb").expect("old file").players[0].club,
            ""
        );
    }

    /// An autosave names the event file it belongs to (a restored event saves there); an
    /// event file does not, and reading an autosave as an event ignores it.
    #[test]
    fn an_autosave_names_its_event_file() {
        let dir =
            std::env::temp_dir().join(format!("swiss-arbiter-autosave-of-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let event = dir.join("club 2026.sarb");
        let autosave = dir.join("autosave-1.ron");
        for sections in [vec![sample()], three_sections()] {
            save_autosave(&sections, &autosave, Some(&event)).expect("written");
            assert_eq!(
                load_autosave(&autosave).expect("read"),
                (sections.clone(), Some(event.clone()))
            );
            assert_eq!(
                load_sections(&autosave).expect("an event file too"),
                sections
            );
            save_sections(&sections, &event).expect("written");
            let text = std::fs::read_to_string(&event).expect("read");
            assert!(!text.contains("autosave_of"), "{text}");
            assert_eq!(load_autosave(&event).expect("read"), (sections, None));
        }
        save_autosave(&[sample()], &autosave, None).expect("written");
        assert_eq!(
            load_autosave(&autosave).expect("read").1,
            None,
            "never saved"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Two saves keep the first version as a backup in the hidden folder beside the file:
    /// the event's folder shows only the event. A file that does not open names its
    /// backups, in the folder and (from earlier versions) beside it.
    #[test]
    fn backups_are_kept_out_of_sight_and_named_when_a_file_does_not_open() {
        let dir = crate::formats::test_folder("backup-folder");
        let event = dir.join("club.sarb");
        let first = sample();
        let mut second = sample();
        second.event.name = "Second".into();
        save(&first, &event).expect("saved");
        save(&second, &event).expect("saved again");
        let visible: Vec<String> = std::fs::read_dir(&dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        assert_eq!(visible, ["club.sarb"]);
        let backup = dir.join(BACKUP_FOLDER).join("club.backup.sarb");
        assert_eq!(backup_path(&event), backup);
        assert_eq!(load(&backup).expect("the first version"), first);
        // An old backup beside the file, and the file damaged: both are named.
        let legacy = dir.join("club.backup-2.sarb");
        std::fs::copy(&backup, &legacy).expect("an old backup");
        std::fs::write(&event, "(format_version: 1, oops").expect("damaged");
        let err = load(&event).expect_err("damaged").to_string();
        assert!(err.contains(&backup.display().to_string()), "{err}");
        assert!(err.contains(&legacy.display().to_string()), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn lines_end_with_lf_on_every_platform() {
        let text = sections_to_string(&three_sections()).expect("serialises");
        assert!(!text.contains('\r') && text.lines().count() > 20, "{text}");
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

    fn three_sections() -> Vec<Tournament> {
        let mut b = sample();
        b.event.name = "Open B".into();
        b.players.truncate(1);
        b.players[0].results.clear();
        let mut rapid = Tournament::default();
        rapid.event.name = "Rapid".into();
        vec![sample(), b, rapid]
    }

    #[test]
    fn sections_round_trip_and_one_section_stays_version_1() {
        let sections = three_sections();
        let text = sections_to_string(&sections).expect("serialises");
        assert!(text.contains("format_version: 2"), "{text}");
        assert_eq!(sections_from_str(&text, "e.sarb").expect("reads"), sections);
        // One section: the layout every earlier release reads.
        let one = sections_to_string(&sections[..1]).expect("serialises");
        assert!(one.contains("format_version: 1") && one.contains("tournament:"));
        assert_eq!(one, text_of(&sections[0]));
        assert_eq!(
            sections_from_str(&one, "one.sarb").expect("reads"),
            sections[..1]
        );
    }

    fn text_of(t: &Tournament) -> String {
        to_string(t).expect("serialises")
    }

    #[test]
    fn a_one_tournament_reader_refuses_sections_by_name() {
        let text = sections_to_string(&three_sections()).expect("serialises");
        let err = from_str(&text, "festival.sarb").expect_err("three sections");
        let message = err.to_string();
        assert!(
            message.contains("3 sections (Open «Ελλάδα», Open B, Rapid)"),
            "{message}"
        );
    }

    #[test]
    fn every_section_is_checked_whole_and_named() {
        let text = sections_to_string(&three_sections()).expect("serialises");
        let no_sections = "(format_version: 2, sections: [])";
        let err = sections_from_str(no_sections, "e").expect_err("no section");
        assert!(err.to_string().contains("no section"), "{err}");
        let missing = "(format_version: 2, sections: [(event: (), players: []), (event: ())])";
        let err = sections_from_str(missing, "e").expect_err("a part missing");
        assert!(
            err.to_string()
                .contains("`players` part of the tournament of section 2"),
            "{err}"
        );
        let both_won = text.replacen("result: Draw", "result: Win", 2);
        let err = sections_from_str(&both_won, "won.sarb").expect_err("both won");
        assert!(
            err.to_string()
                .starts_with("won.sarb (section 1, Open «Ελλάδα»): the event contradicts"),
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
