//! The application's own folder (the platform data folder from [`crate::formats::native::data_dir`],
//! or a folder given by tests): the list of recent files and the autosaves, written after
//! every change and offered back after a crash.
//!
//! Each running window autosaves into a slot of its own, `autosave-N.ron`, and holds the
//! lock on `autosave-N.lock` while it runs; the operating system releases it when the
//! window ends, crash included. So a window offers back only what no running window owns
//! (a slot whose lock is free, a leftover set aside at start, the single `autosave.ron`
//! of earlier versions), and neither restoring nor discarding in one window can touch the
//! work of another.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::formats::native;
use crate::formats::output::{self, Content};
use crate::tournament::Tournament;

/// How many recent files the File menu lists.
const RECENT_LIMIT: usize = 8;

/// How many windows may autosave at once, each in its own slot.
const SLOTS: u32 = 64;

/// A window's autosave slot: its number, and the lock held while the window runs.
#[derive(Debug)]
struct Slot {
    number: u32,
    _lock: File,
}

/// The application folder. Every method works (and does nothing) without one.
#[derive(Clone, Debug)]
pub struct Storage {
    dir: Option<PathBuf>,
    /// `None` without a folder, or when no slot could be locked (the single
    /// `autosave.ron` is used then).
    slot: Option<Arc<Slot>>,
}

/// Whether the lock on `path` is free (no running window holds it).
fn lock_is_free(path: &Path) -> bool {
    OpenOptions::new()
        .write(true)
        .open(path)
        .is_ok_and(|file| file.try_lock().is_ok())
}

fn seconds_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Storage {
    /// The folder `dir` (created now), with the first autosave slot no running window
    /// holds. A leftover in that slot (a window of it crashed) is set aside as
    /// `autosave-left-…`, so that this window's autosaves never replace it.
    pub fn new(dir: Option<PathBuf>) -> Storage {
        let slot = dir.as_deref().and_then(claim_slot);
        Storage { dir, slot }
    }

    /// This window's autosave file name.
    fn own_name(&self) -> String {
        match &self.slot {
            Some(slot) => format!("autosave-{}.ron", slot.number),
            None => "autosave.ron".to_string(),
        }
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

    /// This window's autosave file, when written.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.file(&self.own_name()).filter(|p| p.is_file())
    }

    /// An autosave that no running window owns (left by a crash), to offer back.
    pub fn leftover(&self) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        let own = self.own_name();
        let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
            .ok()?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| {
                let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                    return false;
                };
                if name == own || !name.ends_with(".ron") || name.contains(".backup") {
                    return false;
                }
                let stem = name.trim_end_matches(".ron");
                stem == "autosave"
                    || stem.starts_with("autosave-left-")
                    || stem
                        .strip_prefix("autosave-")
                        .is_some_and(|n| n.parse::<u32>().is_ok())
                        && lock_is_free(&path.with_extension("lock"))
            })
            .collect();
        found.sort();
        found.into_iter().next()
    }

    /// Writes this window's autosave (every section of the event, and the event's file
    /// when it has one, `event_file`) through [`native::save_autosave`], the durable path
    /// every save takes.
    pub fn autosave(
        &self,
        sections: &[Tournament],
        event_file: Option<&Path>,
    ) -> Result<(), String> {
        let (Some(dir), Some(path)) = (&self.dir, self.file(&self.own_name())) else {
            return Ok(());
        };
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        native::save_autosave(sections, &path, event_file).map_err(|e| e.to_string())
    }

    /// Removes this window's autosave and its backups: the work is saved or discarded.
    pub fn clear_autosave(&self) {
        if let Some(path) = self.autosave_path() {
            discard(&path);
        }
    }

    /// Renames an autosave that cannot be restored (damaged, or from a newer version) to
    /// `autosave-unreadable-SECONDS.ron`, so that no later autosave replaces it; returns
    /// the new name.
    pub fn set_aside(&self, path: &Path) -> Option<PathBuf> {
        let kept = path.with_file_name(format!("autosave-unreadable-{}.ron", seconds_now()));
        std::fs::rename(path, &kept).ok().map(|()| kept)
    }
}

/// Removes an autosave and its backups (a leftover only costs an extra restore offer).
pub fn discard(path: &Path) {
    let backups = native::backup_paths(path);
    for backup in backups.iter().chain(&native::legacy_backup_paths(path)) {
        let _ = std::fs::remove_file(backup);
    }
    // The backups' folder goes with its last backup.
    if let Some(folder) = backups.first().and_then(|b| b.parent()) {
        let _ = std::fs::remove_dir(folder);
    }
    let _ = std::fs::remove_file(path);
}

/// Locks the first free slot in `dir`; sets aside the autosave a crashed window left in it.
fn claim_slot(dir: &Path) -> Option<Arc<Slot>> {
    std::fs::create_dir_all(dir).ok()?;
    (1..=SLOTS).find_map(|number| {
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(format!("autosave-{number}.lock")))
            .ok()?;
        lock.try_lock().ok()?;
        let left = dir.join(format!("autosave-{number}.ron"));
        if left.is_file() {
            let kept = dir.join(format!("autosave-left-{}-{number}.ron", seconds_now()));
            let _ = std::fs::rename(&left, kept);
        }
        Some(Arc::new(Slot {
            number,
            _lock: lock,
        }))
    })
}
