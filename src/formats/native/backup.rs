//! The backups of a saved file, in a hidden folder beside it (so that the event's folder
//! holds the event, not its history): before a save replaces `event.sarb`, the version
//! it replaces becomes `.swiss-arbiter-backups/event.backup.sarb`, the one before that
//! `.swiss-arbiter-backups/event.backup-2.sarb`, and so on for [`GENERATIONS`] versions.
//! If the file is later damaged (a full disk, a broken USB stick, an editor), the
//! versions before the last saves are still there, and the open error says where.
//! Earlier versions of the program kept them beside the file ([`legacy_backup_paths`]):
//! those are still named when a file does not open, and removed with an autosave.
//!
//! Only a version that loads is kept: when the file being replaced is damaged or
//! contradicts itself, the backups are left as they are, so that a save over a damaged
//! file never pushes the last good version out.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// How many earlier versions are kept.
pub(crate) const GENERATIONS: usize = 3;

/// The hidden folder beside a saved file that holds its backups.
pub const BACKUP_FOLDER: &str = ".swiss-arbiter-backups";

/// Where the backups of `path` are kept, newest first: `event.sarb` →
/// `.swiss-arbiter-backups/event.backup.sarb`, `….backup-2.sarb`, `….backup-3.sarb`.
pub fn backup_paths(path: &Path) -> Vec<PathBuf> {
    let folder = path.with_file_name(BACKUP_FOLDER);
    legacy_backup_paths(path)
        .into_iter()
        .map(|legacy| match legacy.file_name() {
            Some(name) => folder.join(name),
            None => legacy,
        })
        .collect()
}

/// Where earlier versions of the program kept the backups of `path`: beside it,
/// `event.backup.sarb`, `event.backup-2.sarb`, `event.backup-3.sarb`.
pub fn legacy_backup_paths(path: &Path) -> Vec<PathBuf> {
    let stem = path.file_stem().unwrap_or_default();
    (1..=GENERATIONS)
        .map(|generation| {
            let mut name = OsString::from(stem);
            name.push(".backup");
            if generation > 1 {
                name.push(format!("-{generation}"));
            }
            if let Some(ext) = path.extension() {
                name.push(".");
                name.push(ext);
            }
            path.with_file_name(name)
        })
        .collect()
}

/// The newest backup of `path`.
pub fn backup_path(path: &Path) -> PathBuf {
    backup_paths(path).swap_remove(0)
}

/// Keeps the content of `path` as its newest backup, moving the older ones down a
/// generation, when `loads(path)`; otherwise leaves the backups alone. Each step is one
/// rename, so a crash leaves every backup whole; `path` itself is not touched. The new
/// backup is a hard link (it costs nothing: the save replaces `path` by a rename, so the
/// link keeps the old content); where links are not supported, a durable copy.
pub(crate) fn rotate(path: &Path, loads: impl Fn(&Path) -> bool) -> io::Result<()> {
    let is_file = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file());
    if !is_file || !loads(path) {
        return Ok(());
    }
    let paths = backup_paths(path);
    let dir = match paths[0].parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    for pair in paths.windows(2).rev() {
        let (newer, older) = (&pair[0], &pair[1]);
        if fs::symlink_metadata(newer).is_ok() {
            fs::rename(newer, older)?;
        }
    }
    let temp = tempfile::Builder::new()
        .prefix(".backup.")
        .suffix(".tmp")
        .make_in(dir, |temp| {
            fs::hard_link(path, temp).or_else(|_| copy_durably(path, temp))
        })?;
    temp.persist(&paths[0]).map_err(|e| e.error)?;
    Ok(())
}

/// Copies `from` to the new file `to` and flushes it to disk (through a handle opened for
/// writing: Windows refuses to flush a read-only one).
fn copy_durably(from: &Path, to: &Path) -> io::Result<()> {
    fs::copy(from, to)?;
    fs::OpenOptions::new().write(true).open(to)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::test_folder as temp_dir;

    #[test]
    fn backup_names_keep_the_extension_in_the_hidden_folder() {
        assert_eq!(
            backup_paths(Path::new("/x/open.sarb")),
            [
                Path::new("/x/.swiss-arbiter-backups/open.backup.sarb"),
                Path::new("/x/.swiss-arbiter-backups/open.backup-2.sarb"),
                Path::new("/x/.swiss-arbiter-backups/open.backup-3.sarb")
            ]
        );
        assert_eq!(
            backup_path(Path::new("autosave.ron")),
            Path::new(".swiss-arbiter-backups/autosave.backup.ron")
        );
        assert_eq!(
            backup_path(Path::new("event")),
            Path::new(".swiss-arbiter-backups/event.backup")
        );
        assert_eq!(
            legacy_backup_paths(Path::new("/x/open.sarb"))[1],
            Path::new("/x/open.backup-2.sarb")
        );
    }

    #[test]
    fn generations_move_down_and_only_versions_that_load_are_kept() {
        let dir = temp_dir("backup");
        let path = dir.join("event.sarb");
        let loads = |p: &Path| fs::read_to_string(p).is_ok_and(|t| !t.contains("damaged"));
        rotate(&path, loads).expect("nothing to keep is fine");
        assert!(!backup_path(&path).exists());
        for version in ["one", "two", "three", "four"] {
            rotate(&path, loads).expect("rotate");
            fs::write(dir.join("new"), version).expect("write");
            fs::rename(dir.join("new"), &path).expect("replace");
        }
        let content = |p: &PathBuf| fs::read_to_string(p).expect("backup");
        let kept: Vec<String> = backup_paths(&path).iter().map(content).collect();
        assert_eq!(kept, ["three", "two", "one"]);
        fs::write(&path, "damaged").expect("damage");
        rotate(&path, loads).expect("rotate");
        let kept: Vec<String> = backup_paths(&path).iter().map(content).collect();
        assert_eq!(kept, ["three", "two", "one"], "a damaged file is no backup");
        let names: Vec<_> = fs::read_dir(&dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(
            names.len(),
            2,
            "the file and the backups' folder: {names:?}"
        );
        let kept = fs::read_dir(dir.join(BACKUP_FOLDER)).expect("list").count();
        assert_eq!(kept, GENERATIONS, "no temporary file left");
        fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn the_copy_is_flushed_through_a_writable_handle() {
        let dir = temp_dir("backup-copy");
        let from = dir.join("event.sarb");
        fs::write(&from, "content").expect("write");
        let to = dir.join("copy");
        copy_durably(&from, &to).expect("copied and flushed");
        assert_eq!(fs::read_to_string(&to).expect("read"), "content");
        fs::remove_dir_all(&dir).expect("cleanup");
    }
}
