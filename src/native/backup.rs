//! The backup beside a saved file: before a save replaces `event.sarb`, the version it
//! replaces becomes `event.backup.sarb`. If the file is later damaged (a full disk, a
//! broken USB stick, an editor), the version before the last save is still there, and
//! the open error says where.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

/// Where the backup of `path` is kept: `event.sarb` → `event.backup.sarb`.
pub fn backup_path(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_os_string();
    let mut name = stem;
    name.push(".backup");
    if let Some(ext) = path.extension() {
        name.push(".");
        name.push(ext);
    }
    path.with_file_name(name)
}

/// Keeps the current content of `path` (if any) as its backup. The backup is replaced
/// in one rename, so a crash leaves the old backup or the new one; `path` itself is not
/// touched. A hard link costs nothing; where links are not supported, the file is copied.
pub fn keep(path: &Path) -> io::Result<()> {
    if !path.is_file() {
        return Ok(());
    }
    let backup = backup_path(path);
    let mut temp_name = backup.file_name().unwrap_or_default().to_os_string();
    temp_name.push(format!(".tmp-{}", std::process::id()));
    let temp = backup.with_file_name(temp_name);
    let _ = fs::remove_file(&temp);
    let result = fs::hard_link(path, &temp)
        .or_else(|_| {
            fs::copy(path, &temp)?;
            File::open(&temp)?.sync_all()
        })
        .and_then(|()| fs::rename(&temp, &backup));
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backup_names_keep_the_extension() {
        assert_eq!(
            backup_path(Path::new("/x/open.sarb")),
            Path::new("/x/open.backup.sarb")
        );
        assert_eq!(
            backup_path(Path::new("autosave.ron")),
            Path::new("autosave.backup.ron")
        );
        assert_eq!(backup_path(Path::new("event")), Path::new("event.backup"));
    }

    #[test]
    fn the_replaced_version_is_kept() {
        let dir = std::env::temp_dir().join(format!("swiss-arbiter-backup-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("event.sarb");
        keep(&path).expect("nothing to keep is fine");
        assert!(!backup_path(&path).exists());
        fs::write(&path, "one").expect("write");
        keep(&path).expect("keep");
        fs::write(dir.join("other"), "two").expect("write");
        fs::rename(dir.join("other"), &path).expect("replace");
        assert_eq!(
            fs::read_to_string(backup_path(&path)).expect("backup"),
            "one"
        );
        keep(&path).expect("keep again");
        assert_eq!(
            fs::read_to_string(backup_path(&path)).expect("backup"),
            "two"
        );
        assert_eq!(fs::read_dir(&dir).expect("list").count(), 2, "no temp left");
        fs::remove_dir_all(&dir).expect("cleanup");
    }
}
