//! The window's file actions, through [`crate::formats`]: events (native or TRF), player
//! lists, the TRF export and printed documents. Errors come back as text for the status
//! bar; nothing here panics on a bad file.

use std::path::{Path, PathBuf};

use crate::formats::{self, EventFormat, native, trf::Dialect};
use crate::tournament::{Player, Tournament};

/// Opens an event file with every section: native, or TRF (one section; its paired rounds
/// count as published: TRF has no drafts).
pub fn open(path: &Path) -> Result<Vec<Tournament>, String> {
    formats::open_sections(path).map_err(|e| e.to_string())
}

/// Whether `path` holds a native event (else TRF: saving it means choosing a native file).
pub fn is_native(path: &Path) -> bool {
    formats::is_native_event(path)
}

/// Saves every section in the native format, atomically, keeping the replaced version as
/// a backup.
pub fn save(sections: &[Tournament], path: &Path) -> Result<(), String> {
    native::save_sections(sections, path).map_err(|e| e.to_string())
}

/// Writes a TRF-2026 file, atomically; never over `open_file` (the event's own file).
pub fn export_trf(t: &Tournament, path: &Path, open_file: Option<&Path>) -> Result<(), String> {
    let inputs: Vec<&Path> = open_file.into_iter().collect();
    formats::save(t, path, EventFormat::Trf(Dialect::Trf26), &inputs)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// The native path to save to: the given one with the `.sarb` extension when it has none.
pub fn with_native_extension(path: PathBuf) -> PathBuf {
    if path.extension().is_none() {
        path.with_extension(native::EXTENSION)
    } else {
        path
    }
}

/// Writes a printable document; the extension (`.pdf` or `.html`) chooses the format.
pub fn export_sheet(
    t: &Tournament,
    sheet: crate::print::Sheet,
    path: &Path,
    open_file: Option<&Path>,
) -> Result<(), String> {
    let inputs: Vec<&Path> = open_file.into_iter().collect();
    crate::print::export(t, sheet, None, crate::print::Paper::A4, path, &inputs)
        .map_err(|e| e.to_string())
}

/// Opens a written document with the system's viewer (no shell is involved, so no file
/// name can be taken for a command); a failure only costs the viewer.
pub fn open_in_viewer(path: &Path) -> Result<(), String> {
    opener::open(path).map_err(|e| e.to_string())
}

/// Players from a CSV list or another event file (see [`formats::open_players`]).
pub fn read_players(path: &Path) -> Result<Vec<Player>, String> {
    formats::open_players(path).map_err(|e| e.to_string())
}

/// The file dialogs. Only the desktop uses them; tests call the app with paths.
pub mod dialog {
    use std::path::PathBuf;

    use crate::formats::native;

    /// Asks for an event file to open (native or TRF).
    pub fn open() -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Open an event")
            .add_filter(
                "Events (swiss-arbiter, TRF)",
                &[native::EXTENSION, native::LEGACY_EXTENSION, "trf", "txt"],
            )
            .add_filter("All files", &["*"])
            .pick_file()
    }

    /// Asks for a TRF file to import.
    pub fn import_trf() -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Import a TRF file")
            .add_filter("TRF", &["trf", "txt"])
            .add_filter("All files", &["*"])
            .pick_file()
    }

    /// Asks for a player list to import (CSV, or another event's players).
    pub fn import_players() -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Import players")
            .add_filter(
                "Player lists (CSV, TRF, swiss-arbiter)",
                &["csv", "txt", "trf", native::EXTENSION],
            )
            .add_filter("All files", &["*"])
            .pick_file()
    }

    /// Asks where to save the native file.
    pub fn save_as(name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Save the event")
            .add_filter("swiss-arbiter event", &[native::EXTENSION])
            .set_file_name(format!("{name}.{}", native::EXTENSION))
            .save_file()
    }

    /// Asks where to write a printable document.
    pub fn export_sheet(name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Print to a file")
            .add_filter("PDF", &["pdf"])
            .add_filter("Web page", &["html"])
            .set_file_name(format!("{name}.pdf"))
            .save_file()
    }

    /// Asks where to write a TRF file.
    pub fn export_trf(name: &str) -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Export TRF")
            .add_filter("TRF", &["trf"])
            .set_file_name(format!("{name}.trf"))
            .save_file()
    }
}
