//! The event's public pages written as a static site ([`super::site`]): every page of
//! every section under a folder, linked by relative links, to open from the folder or to
//! put on any web server (`swiss-arbiter publish`, and *File → Publish site…*).
//!
//! The folder is the site's own: a folder that exists, is not empty and was not made by a
//! previous publish (it has no [`MARKER`] file) is refused, and nothing in it changes.
//! Each page is written to a temporary file beside it and renamed into place, and never
//! outside the folder (a symbolic link inside it is refused). Pages a previous publish
//! wrote (listed in the marker) that the event no longer has are removed.

use std::fs;
use std::io::Write;
use std::path::{Component, Path, PathBuf};

use crate::tournament::Tournament;

use super::site::{SiteOptions, site};

/// The file that marks a folder as written by publish: the list of the pages it wrote.
pub(crate) const MARKER: &str = ".swiss-arbiter-site";

/// Writes the site of `sections` into `dir`; returns how many pages it wrote. On an
/// error the message says what was not written.
pub fn publish(sections: &[Tournament], dir: &Path) -> Result<usize, String> {
    let pages = site(sections, &SiteOptions { live: false });
    let earlier = prepare(dir)?;
    let written: Vec<String> = pages.iter().map(|p| p.path.clone()).collect();
    // The marker first: a publish cut short leaves a folder the next one accepts.
    write_atomically(dir, MARKER, marker_text(&written).as_bytes())?;
    for page in &pages {
        write_atomically(dir, &page.path, page.html.as_bytes())?;
    }
    for old in earlier.iter().filter(|old| !written.contains(old)) {
        if let Some(path) = inside(dir, old) {
            let _ = fs::remove_file(path);
        }
    }
    Ok(pages.len())
}

/// The marker's text: a line saying what it is, then one page path a line.
fn marker_text(pages: &[String]) -> String {
    let mut text = String::from("# Written by swiss-arbiter publish; its pages:\n");
    for page in pages {
        text.push_str(page);
        text.push('\n');
    }
    text
}

/// Checks that `dir` may be written (missing, an empty folder, or one with the marker) and
/// creates it; returns the pages the previous publish listed.
fn prepare(dir: &Path) -> Result<Vec<String>, String> {
    match fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            return Ok(Vec::new());
        }
        Err(e) => return Err(format!("{}: {e}", dir.display())),
        Ok(meta) if !meta.is_dir() => {
            return Err(format!(
                "{}: not a folder: publish writes the site into a folder of its own",
                dir.display()
            ));
        }
        Ok(_) => {}
    }
    let mut entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if entries.next().is_none() {
        return Ok(Vec::new());
    }
    match fs::read_to_string(dir.join(MARKER)) {
        Ok(text) => Ok(text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(str::to_string)
            .collect()),
        Err(_) => Err(format!(
            "{}: the folder is not empty and was not written by publish (no {MARKER} file): \
             nothing written; choose a new or empty folder",
            dir.display()
        )),
    }
}

/// `relative` (a `/`-separated page path) under `dir`, or `None` when it would leave it
/// (an absolute path, `..`).
fn inside(dir: &Path, relative: &str) -> Option<PathBuf> {
    let path = Path::new(relative);
    path.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then(|| dir.join(path))
}

/// Writes `bytes` to `relative` under `dir`: its folders created (never through a
/// symbolic link), a temporary file beside it, then renamed into place.
fn write_atomically(dir: &Path, relative: &str, bytes: &[u8]) -> Result<(), String> {
    let fail = |path: &Path, e: &dyn std::fmt::Display| {
        format!("{}: {e}; the site is incomplete", path.display())
    };
    let target = inside(dir, relative)
        .ok_or_else(|| format!("{relative}: a page path outside the folder (not written)"))?;
    // Each folder between `dir` and the file: created, or an existing real folder.
    let mut folder = dir.to_path_buf();
    let parts: Vec<&str> = relative.split('/').collect();
    for part in &parts[..parts.len().saturating_sub(1)] {
        folder.push(part);
        match fs::symlink_metadata(&folder) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(fail(
                    &folder,
                    &"not a folder (a link or a file is in the way)",
                ));
            }
            Err(_) => fs::create_dir(&folder).map_err(|e| fail(&folder, &e))?,
        }
    }
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, &target)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&temporary);
        return Err(fail(&target, &e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_never_leave_the_folder() {
        let dir = Path::new("/site");
        assert_eq!(
            inside(dir, "s1/round-1.html"),
            Some(dir.join("s1/round-1.html"))
        );
        assert_eq!(inside(dir, "../x.html"), None);
        assert_eq!(inside(dir, "/etc/x.html"), None);
        assert_eq!(inside(dir, "s1/../../x.html"), None);
    }
}
