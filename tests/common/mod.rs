//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod fuzz;
pub mod mangle;

use std::path::{Path, PathBuf};

/// `../shared/conformance/<sub>` when present; `None` (with a message saying the test
/// skips) when the shared folder is absent.
pub fn conformance_dir(sub: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/conformance")
        .join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED: {} is absent (the shared corpus is not beside the repository)",
            dir.display()
        );
        None
    }
}

/// The `.trf` files of a folder, sorted.
pub fn trf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "trf"));
    files.sort();
    files
}

/// The committed fixtures folder.
pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}
pub mod absolute_criteria;
pub mod explained;
pub mod generated;
