//! The window's file actions, through [`crate::formats`]: events (native or TRF), player
//! lists, the TRF export and printed documents. Errors come back as text for the status
//! bar; nothing here panics on a bad file.

use std::path::{Path, PathBuf};

use crate::formats::{self, EventFormat, native, trf::Dialect};
use crate::tournament::{Player, Tournament};

/// Opens an event file with every section: native, or TRF (one section; its paired rounds
/// count as published: TRF has no drafts). For a TRF file, also the dialect it was read as
/// (`read as Swiss-Manager (...)`) and how ambiguous codes were read, one sentence each.
pub fn open(path: &Path) -> Result<(Vec<Tournament>, Vec<String>), String> {
    let (sections, reading) = formats::open_sections_reporting(path).map_err(|e| e.to_string())?;
    let notes = reading.map_or(Vec::new(), |r| {
        std::iter::once(r.summary())
            .chain(r.warnings)
            .chain(r.adjustments.into_iter().map(|a| format!("assumed: {a}")))
            .collect()
    });
    Ok((sections, notes))
}

/// Reads the window's autosave: the sections, and the event file it is the unsaved work
/// of, when it names one.
pub fn open_autosave(path: &Path) -> Result<(Vec<Tournament>, Option<PathBuf>), String> {
    native::load_autosave(path).map_err(|e| e.to_string())
}

/// Whether `path` holds a native event (else TRF: saving it means choosing a native file).
pub fn is_native(path: &Path) -> bool {
    formats::is_native_event(path)
}

/// Saves every section in the native format, atomically, keeping the replaced version as
/// a backup (the native format holds everything: no warnings).
pub fn save(sections: &[Tournament], path: &Path) -> Result<Vec<String>, String> {
    native::save_sections(sections, path)
        .map(|()| Vec::new())
        .map_err(|e| e.to_string())
}

/// Writes a TRF file (TRF-2026, or TRF-16 for programs that read no other), atomically,
/// with each player's rank; never over `open_file` (the event's own file).
/// Returns what TRF does not hold of the event, one sentence each.
pub fn export_trf(
    t: &Tournament,
    path: &Path,
    open_file: Option<&Path>,
    dialect: Dialect,
) -> Result<Vec<String>, String> {
    let inputs: Vec<&Path> = open_file.into_iter().collect();
    // The `001` rank column: each player's place in the standings now, under the event's
    // tie-breaks (as the rating report records it).
    let mut ranked = t.clone();
    let unranked = crate::print::record_ranks(&mut ranked).err();
    let written = if unranked.is_some() { t } else { &ranked };
    let mut warnings = formats::save(written, path, EventFormat::Trf(dialect), &inputs)
        .map_err(|e| e.to_string())?;
    if let Some(e) = unranked {
        warnings.push(format!("the rank column is left empty: {e}"));
    }
    // Checklist Q161, Q169: no FIDE report while results are missing; this file is not one.
    let open: Vec<String> = (1..=t.rounds_recorded())
        .filter(|&r| t.is_paired(r) && !t.pending_boards(r).is_empty())
        .map(|r| r.to_string())
        .collect();
    if !open.is_empty() {
        warnings.push(format!(
            "results are missing in round {}: this TRF is a working file, not the FIDE \
             rating report (written once every result is in)",
            open.join(", ")
        ));
    }
    Ok(warnings)
}

/// The native path to save to: the given one with the `.sarb` extension when it has none.
pub fn with_native_extension(path: PathBuf) -> PathBuf {
    if path.extension().is_none() {
        path.with_extension(native::EXTENSION)
    } else {
        path
    }
}

/// Writes a printable document of `round` (`None`: the sheet's default, as the command
/// line's `print`); the extension (`.pdf` or `.html`) chooses the format. `codes`: the
/// section, venue secret and address whose board QR codes result slips carry.
pub fn export_sheet(
    t: &Tournament,
    (sheet, round): (crate::print::Sheet, Option<u32>),
    path: &Path,
    open_file: Option<&Path>,
    codes: Option<(usize, crate::venue::Secret, String)>,
) -> Result<Vec<String>, String> {
    let inputs: Vec<&Path> = open_file.into_iter().collect();
    let mut doc = crate::print::build(t, sheet, round).map_err(|e| e.to_string())?;
    if let Some((section, secret, url)) = codes {
        let round = round.unwrap_or_else(|| t.last_paired_round());
        doc = doc.with_board_codes(|board| {
            crate::venue::board_url(&url, &secret, section, round, board)
        });
    }
    crate::print::write_document(&doc, crate::print::Paper::A4, path, &inputs)
        .map_err(|e| e.to_string())
}

/// Writes the norm report (B.01, the IT1 figures) of `player` for `norm` to `path`.
pub fn export_norm_report(
    t: &Tournament,
    player: u32,
    norm: crate::norms::NormTitle,
    path: &Path,
    open_file: Option<&Path>,
) -> Result<Vec<String>, String> {
    let norms = crate::norms::check_event(t, &crate::norms::NormOptions::default());
    let check = norms
        .checks
        .iter()
        .find(|c| c.player == player && c.norm == norm)
        .ok_or_else(|| format!("player {player} does not seek the {} title", norm.name()))?;
    let doc = crate::print::build_norm_report(t, &norms, check);
    let inputs: Vec<&Path> = open_file.into_iter().collect();
    crate::print::write_document(&doc, crate::print::Paper::A4, path, &inputs)
        .map_err(|e| e.to_string())
}

/// What opens the documents the window writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Viewer {
    /// The system's viewer (xdg-open on Linux, the file's association elsewhere).
    #[default]
    System,
    /// This program, given the file (tests: one that is not there, or fails).
    Program(PathBuf),
}

/// A viewer asked to open a file, whose answer comes later: the program started, whose
/// failure (xdg-open finding no application for the file) shows in its exit status.
pub type Starting = std::process::Child;

/// Opens a written document with `viewer` (no shell is involved, so no file name can be
/// taken for a command); a failure only costs the viewer. `Ok(Some(child))`: the
/// program started, and says by its exit status whether a viewer took the file (on
/// Linux, xdg-open exits with an error when no application opens it, which the opener
/// crate does not wait for).
pub fn open_in_viewer(path: &Path, viewer: &Viewer) -> Result<Option<Starting>, String> {
    use std::process::{Command, Stdio};
    let program = match viewer {
        Viewer::Program(program) => program.as_path(),
        Viewer::System if cfg!(all(unix, not(target_os = "macos"))) => Path::new("xdg-open"),
        Viewer::System => return opener::open(path).map(|()| None).map_err(|e| e.to_string()),
    };
    let started = Command::new(program)
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match started {
        Ok(child) => Ok(Some(child)),
        // No xdg-open installed: the opener crate's own copy of it.
        Err(_) if *viewer == Viewer::System => {
            opener::open(path).map(|()| None).map_err(|e| e.to_string())
        }
        Err(e) => Err(format!("{} cannot be started: {e}", program.display())),
    }
}

/// Players from a CSV list or another event file (see [`formats::open_players`]).
pub fn read_players(path: &Path) -> Result<Vec<Player>, String> {
    formats::open_players(path).map_err(|e| e.to_string())
}

/// The file dialogs of the system (the desktop; tests and machines without a dialog
/// helper type the path instead).
pub mod dialog {
    use std::path::{Path, PathBuf};
    use std::time::{Duration, Instant};

    use crate::formats::native;
    use crate::gui::command::FileAction;

    /// What the dialog gave.
    #[derive(Debug, PartialEq, Eq)]
    pub enum Asked {
        Picked(PathBuf),
        Cancelled,
        /// No dialog could be shown (Linux without a desktop portal or zenity: rfd then
        /// returns at once, as if cancelled).
        Unavailable,
    }

    /// Faster than anyone can cancel a dialog: nothing was shown.
    const NOT_SHOWN: Duration = Duration::from_millis(300);

    /// Shows the dialog for `action`, in `folder` when given (the open event's), suggesting
    /// the file name `name` where one is written.
    pub fn ask(action: &FileAction, folder: Option<&Path>, name: &str) -> Asked {
        let all = |d: rfd::FileDialog| d.add_filter("All files", &["*"]);
        let mut dialog = rfd::FileDialog::new().set_title(action.title());
        if let Some(folder) = folder {
            dialog = dialog.set_directory(folder);
        }
        let start = Instant::now();
        let picked = match action {
            FileAction::Open => all(dialog.add_filter(
                "Events (swiss-arbiter, TRF)",
                &[native::EXTENSION, native::LEGACY_EXTENSION, "trf", "txt"],
            ))
            .pick_file(),
            FileAction::ImportTrf => all(dialog.add_filter("TRF", &["trf", "txt"])).pick_file(),
            FileAction::ImportPlayers => all(dialog.add_filter(
                "Player lists (CSV, TRF, swiss-arbiter)",
                &["csv", "txt", "trf", native::EXTENSION],
            ))
            .pick_file(),
            FileAction::SaveAs => dialog
                .add_filter("swiss-arbiter event", &[native::EXTENSION])
                .set_file_name(format!("{name}.{}", native::EXTENSION))
                .save_file(),
            FileAction::Print(..) | FileAction::PrintNorm { .. } => dialog
                .add_filter("PDF", &["pdf"])
                .add_filter("Web page", &["html"])
                .set_file_name(format!("{name}.pdf"))
                .save_file(),
            FileAction::PublishSite => dialog.pick_folder(),
            FileAction::BoardCards => dialog
                .add_filter("Web page", &["html"])
                .set_file_name(format!("{name} board cards.html"))
                .save_file(),
            FileAction::ExportTrf(_) => dialog
                .add_filter("TRF", &["trf"])
                .set_file_name(format!("{name}.trf"))
                .save_file(),
        };
        match picked {
            Some(path) => Asked::Picked(path),
            None if cfg!(all(unix, not(target_os = "macos"))) && start.elapsed() < NOT_SHOWN => {
                Asked::Unavailable
            }
            None => Asked::Cancelled,
        }
    }
}
