//! Files of real events open in the window (egui_kittest) as they open in the command line:
//! the status bar names the dialect each was read as, with the same words, and the window
//! shows the event.
#![cfg(feature = "gui")]

use egui_kittest::kittest::Queryable;
use swiss_arbiter::formats::trf;

use crate::common::fixtures_dir;
use crate::common::window::{harness, temp_dir};

#[test]
fn every_real_export_opens_in_the_window_named_with_its_dialect() {
    let mut files: Vec<_> = std::fs::read_dir(fixtures_dir().join("real-world"))
        .expect("tests/fixtures/real-world")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.push(fixtures_dir().join("teams/swiss-manager-greek-team-cup-2024.trf"));
    files.sort();
    assert!(files.len() >= 15, "the real exports are there");

    let dir = temp_dir("real-world");
    let mut h = harness(&dir);
    for path in &files {
        let (expected, reading) = trf::read_file_reporting(path).expect("opens in the CLI");
        h.state_mut().open_path(path);
        h.run_ok();
        let message = h.state().message().expect("a status after opening");
        assert!(!message.error, "{}: {}", path.display(), message.text);
        assert!(
            message.text.contains(&reading.summary()),
            "{}: the window says {:?}",
            path.display(),
            message.text
        );
        // The dialect is on screen, not only in the model.
        h.get_by_label_contains(&format!("read as {}", reading.recognised.origin));
        assert_eq!(h.state().tournament().players, expected.players);
        assert_eq!(h.state().tournament().teams, expected.teams);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
