//! Replacing a file so that a crash at any moment leaves either the old or the new
//! content, never a mix.

use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// A temporary file this old was left by a process that died while saving.
const STALE: Duration = Duration::from_secs(60);

/// Writes `bytes` to a temporary file beside `path`, flushes it to disk, then renames it
/// over `path` (and, on Unix, syncs the directory so the rename itself is durable).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let mut temp_name = name.to_os_string();
    temp_name.push(format!(".tmp-{}", std::process::id()));
    let temp = dir.join(temp_name);
    let result = (|| {
        let mut file = File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)?;
        #[cfg(unix)]
        File::open(dir)?.sync_all()?;
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    } else {
        remove_stale_temps(dir, name);
    }
    result
}

/// Removes `NAME.tmp-*` files left beside the file by processes killed while saving.
/// Recent ones are left alone: another instance may be saving right now.
fn remove_stale_temps(dir: &Path, name: &OsStr) {
    let mut prefix = name.to_os_string();
    prefix.push(".tmp-");
    let prefix = prefix.to_string_lossy().into_owned();
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.filter_map(Result::ok) {
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| now.duration_since(t).is_ok_and(|age| age > STALE));
        if stale && entry.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_content_and_leaves_no_temp_file() {
        let dir = std::env::temp_dir().join(format!("swiss-arbiter-atomic-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("event.ron");
        write_atomically(&path, b"first").expect("first write");
        write_atomically(&path, b"second").expect("second write");
        assert_eq!(fs::read(&path).expect("read back"), b"second");
        let names: Vec<_> = fs::read_dir(&dir)
            .expect("list")
            .filter_map(|e| e.ok())
            .collect();
        assert_eq!(names.len(), 1, "temporary files left behind");
        fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn temporary_files_of_killed_saves_are_removed_once_stale() {
        let dir =
            std::env::temp_dir().join(format!("swiss-arbiter-atomic-stale-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("event.sarb");
        let stale = dir.join("event.sarb.tmp-1");
        let recent = dir.join("event.sarb.tmp-2");
        let other = dir.join("other.sarb.tmp-3");
        for p in [&stale, &recent, &other] {
            fs::write(p, "half a fi").expect("leftover");
        }
        let old = SystemTime::now() - Duration::from_secs(3600);
        for p in [&stale, &other] {
            File::options()
                .write(true)
                .open(p)
                .and_then(|f| f.set_modified(old))
                .expect("age the leftover");
        }
        write_atomically(&path, b"new").expect("write");
        assert!(!stale.exists(), "a stale leftover of this file is removed");
        assert!(
            recent.exists(),
            "a recent one may belong to a save in progress"
        );
        assert!(
            other.exists(),
            "other files' leftovers are not ours to remove"
        );
        fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn failure_leaves_old_file() {
        let dir =
            std::env::temp_dir().join(format!("swiss-arbiter-atomic-fail-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("missing-folder").join("event.ron");
        assert!(write_atomically(&path, b"x").is_err());
        fs::remove_dir_all(&dir).expect("cleanup");
    }
}
