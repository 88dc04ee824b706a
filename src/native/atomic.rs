//! Replacing a file so that a crash at any moment leaves either the old or the new
//! content, never a mix.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

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
    }
    result
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
    fn failure_leaves_old_file() {
        let dir =
            std::env::temp_dir().join(format!("swiss-arbiter-atomic-fail-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("missing-folder").join("event.ron");
        assert!(write_atomically(&path, b"x").is_err());
        fs::remove_dir_all(&dir).expect("cleanup");
    }
}
