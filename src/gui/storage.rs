//! The application's own folder (the platform data folder from [`crate::formats::native::data_dir`],
//! or a folder given by tests): the list of recent files and the autosave, written after
//! every change and offered back after a crash.

use std::path::{Path, PathBuf};

use crate::formats::native;
use crate::formats::output::{self, Content};
use crate::tournament::Tournament;

/// How many recent files the File menu lists.
const RECENT_LIMIT: usize = 8;

/// The application folder. Every method works (and does nothing) without one.
#[derive(Clone, Debug)]
pub struct Storage {
    dir: Option<PathBuf>,
}

impl Storage {
    /// The folder `dir`, created on first write.
    pub fn new(dir: Option<PathBuf>) -> Storage {
        Storage { dir }
    }

    fn file(&self, name: &str) -> Option<PathBuf> {
        self.dir.as_ref().map(|d| d.join(name))
    }

    fn write(&self, name: &str, text: &str) -> Result<(), String> {
        let (Some(dir), Some(path)) = (&self.dir, self.file(name)) else {
            return Ok(());
        };
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        output::write(&path, text.as_bytes(), Content::Document, &[]).map_err(|e| e.to_string())
    }

    /// The recent files, most recent first.
    pub fn recent(&self) -> Vec<PathBuf> {
        self.file("recent.txt")
            .and_then(|p| std::fs::read_to_string(p).ok())
            .map(|text| {
                text.lines()
                    .filter(|l| !l.is_empty())
                    .map(PathBuf::from)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Puts a file at the top of the recent files.
    pub fn add_recent(&self, path: &Path) -> Result<(), String> {
        let mut list = self.recent();
        list.retain(|p| p != path);
        list.insert(0, path.to_path_buf());
        list.truncate(RECENT_LIMIT);
        let text: Vec<String> = list.iter().map(|p| p.display().to_string()).collect();
        self.write("recent.txt", &(text.join("\n") + "\n"))
    }

    /// The autosave file, when one is left over.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.file("autosave.ron").filter(|p| p.is_file())
    }

    /// Writes the autosave through [`native::save`], the durable path every save takes.
    pub fn autosave(&self, t: &Tournament) -> Result<(), String> {
        let (Some(dir), Some(path)) = (&self.dir, self.file("autosave.ron")) else {
            return Ok(());
        };
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        native::save(t, &path).map_err(|e| e.to_string())
    }

    /// Removes the autosave and its backups: the work is saved or deliberately discarded.
    pub fn clear_autosave(&self) {
        if let Some(path) = self.autosave_path() {
            // A leftover autosave only costs an extra restore offer.
            for backup in native::backup_paths(&path) {
                let _ = std::fs::remove_file(backup);
            }
            let _ = std::fs::remove_file(path);
        }
    }

    /// Renames an autosave that cannot be restored (damaged, or from a newer version) to
    /// `autosave-unreadable-SECONDS.ron`, so that no later autosave replaces it; returns
    /// the new name.
    pub fn set_aside_autosave(&self) -> Option<PathBuf> {
        let path = self.autosave_path()?;
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let kept = path.with_file_name(format!("autosave-unreadable-{seconds}.ron"));
        std::fs::rename(&path, &kept).ok().map(|()| kept)
    }
}
