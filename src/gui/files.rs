//! Reading and writing event files: native RON (through [`crate::native`], saved
//! atomically) and TRF (through [`crate::trf`]). Errors come back as text for the status
//! bar; nothing here panics on a bad file.

use std::path::{Path, PathBuf};

use crate::native;
use crate::tournament::Tournament;
use crate::trf::{self, Dialect};

/// Whether a path names a TRF file rather than a native one.
pub fn is_trf(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("trf") || e.eq_ignore_ascii_case("txt"))
}

/// Opens a native file, or a TRF file by its extension (its paired rounds count as
/// published: TRF has no drafts).
pub fn open(path: &Path) -> Result<Tournament, String> {
    if is_trf(path) {
        trf::read_file(path).map_err(|e| e.to_string())
    } else {
        native::load(path).map_err(|e| e.to_string())
    }
}

/// Saves in the native format, atomically.
pub fn save(t: &Tournament, path: &Path) -> Result<(), String> {
    native::save(t, path).map_err(|e| e.to_string())
}

/// Writes a TRF-2026 file, atomically.
pub fn export_trf(t: &Tournament, path: &Path) -> Result<(), String> {
    native::write_atomically(path, trf::write(t, Dialect::Trf26).as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
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
pub fn export_sheet(t: &Tournament, sheet: crate::print::Sheet, path: &Path) -> Result<(), String> {
    crate::print::export(t, sheet, None, crate::print::Paper::A4, path).map_err(|e| e.to_string())
}

/// Opens a written document with the system's viewer; a failure only costs the viewer.
pub fn open_in_viewer(path: &Path) -> std::io::Result<()> {
    let mut command = if cfg!(target_os = "windows") {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else {
        std::process::Command::new("xdg-open")
    };
    command.arg(path).spawn().map(drop)
}

/// Players from a CSV or TRF file (by extension: `.csv` and `.txt` lists are CSV).
pub fn read_players(path: &Path) -> Result<Vec<crate::tournament::Player>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.display().to_string();
    if is_trf(path) {
        crate::roster::from_trf(&bytes, &name).map_err(|e| e.to_string())
    } else {
        let text = String::from_utf8_lossy(&bytes);
        crate::roster::from_csv(&text, &name).map_err(|e| e.to_string())
    }
}

/// The file dialogs. Only the desktop uses them; tests call the app with paths.
pub mod dialog {
    use std::path::PathBuf;

    use crate::native;

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

    /// Asks for a player list to import (CSV or TRF).
    pub fn import_players() -> Option<PathBuf> {
        rfd::FileDialog::new()
            .set_title("Import players")
            .add_filter("Player lists (CSV, TRF)", &["csv", "txt", "trf"])
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
