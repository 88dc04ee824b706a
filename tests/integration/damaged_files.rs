//! A damaged or newer-version event file gives a clear message and is never written
//! over; the version before the last save is kept as a backup, and the message says
//! where. Checked through the library, the command line and the desktop app.

use std::path::{Path, PathBuf};
use std::process::Command;

use swiss_arbiter::formats::native::{self, NativeError};
use swiss_arbiter::tournament::{Player, Tournament};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "swiss-arbiter-damaged-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn event(players: u32) -> Tournament {
    let mut t = Tournament::default();
    t.event.name = "Damage Open".to_string();
    t.players = (1..=players)
        .map(|id| Player::new(id, format!("Player {id}")))
        .collect();
    t
}

/// Saved twice (so that a backup exists), then damaged in place by `damage`.
fn damaged_file(dir: &Path, damage: impl Fn(&str) -> Vec<u8>) -> (PathBuf, Vec<u8>) {
    let path = dir.join("event.sarb");
    native::save(&event(3), &path).expect("first save");
    native::save(&event(4), &path).expect("second save");
    let text = std::fs::read_to_string(&path).expect("read");
    let bytes = damage(&text);
    std::fs::write(&path, &bytes).expect("damage");
    (path, bytes)
}

/// A way to damage a file's text.
type Damage = Box<dyn Fn(&str) -> Vec<u8>>;

/// The ways a file gets damaged: cut short (full disk), zeroed tail (power cut on a
/// file system without data journalling), binary noise, a wrong type in a field.
fn damages() -> Vec<(&'static str, Damage)> {
    vec![
        (
            "cut",
            Box::new(|t: &str| t.as_bytes()[..t.len() / 2].to_vec()),
        ),
        (
            "zeroed",
            Box::new(|t: &str| {
                let mut b = t.as_bytes().to_vec();
                let n = b.len();
                b[n / 3..].fill(0);
                b
            }),
        ),
        (
            "noise",
            Box::new(|_: &str| vec![0xFF, 0xFE, 0x00, 0x9C, 0x28]),
        ),
        (
            "wrong type",
            Box::new(|t: &str| t.replacen("id: 2", "id: \"two\"", 1).into_bytes()),
        ),
    ]
}

#[test]
fn a_damaged_file_names_its_backup_and_is_left_alone() {
    for (name, damage) in damages() {
        let dir = temp_dir(&format!("damaged-{}", name.replace(' ', "-")));
        let (path, bytes) = damaged_file(&dir, damage);
        let err = native::load(&path).expect_err(name);
        assert!(matches!(err, NativeError::Syntax { .. }), "{name}: {err}");
        let text = err.to_string();
        assert!(
            text.contains("not a swiss-arbiter event file"),
            "{name}: {text}"
        );
        assert!(
            text.contains("event.backup.sarb"),
            "{name}: the backup is named: {text}"
        );
        assert_eq!(
            std::fs::read(&path).expect("read"),
            bytes,
            "{name}: file untouched"
        );
        let backup = native::load(&native::backup_path(&path)).expect("the backup reads");
        assert_eq!(
            backup,
            event(3),
            "{name}: the backup is the version before the last save"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_newer_file_is_refused_and_left_alone() {
    let dir = temp_dir("newer");
    let path = dir.join("future.sarb");
    let text = native::to_string(&event(2))
        .expect("serialises")
        .replace("format_version: 1", "format_version: 7");
    std::fs::write(&path, &text).expect("write");
    let err = native::load(&path).expect_err("newer");
    assert!(
        matches!(err, NativeError::NewerVersion { found: 7, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("update the program"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_reports_a_damaged_file_and_writes_nothing() {
    let dir = temp_dir("damaged-cli");
    let (path, bytes) = damaged_file(&dir, |t| t.as_bytes()[..t.len() - 20].to_vec());
    let out = dir.join("out.sarb");
    let result = Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
        .arg("convert")
        .arg(&path)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("run");
    assert_eq!(result.status.code(), Some(3), "invalid input");
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(
        stderr.contains("not a swiss-arbiter event file"),
        "{stderr}"
    );
    assert!(stderr.contains("event.backup.sarb"), "{stderr}");
    assert!(!out.exists());
    assert_eq!(std::fs::read(&path).expect("read"), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn legacy_ron_files_still_open() {
    let dir = temp_dir("legacy");
    let path = dir.join("old.ron");
    std::fs::write(&path, native::to_string(&event(2)).expect("serialises")).expect("write");
    let converted = dir.join("old.trf");
    let status = Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
        .arg("convert")
        .arg(&path)
        .arg("-o")
        .arg(&converted)
        .status()
        .expect("run");
    assert!(status.success());
    assert!(
        std::fs::read_to_string(&converted)
            .expect("trf")
            .contains("Player 2")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "gui")]
mod desktop {
    use super::*;
    use eframe::egui;
    use egui_kittest::Harness;
    use swiss_arbiter::document::Edit;
    use swiss_arbiter::gui::{AppOptions, ArbiterApp, Command as AppCommand};

    fn harness(data_dir: &Path) -> Harness<'static, ArbiterApp> {
        let options = AppOptions {
            data_dir: Some(data_dir.to_path_buf()),
            dialogs: false,
        };
        Harness::builder()
            .with_size(egui::vec2(1200.0, 800.0))
            .build_ui_state(
                |ui, app: &mut ArbiterApp| app.frame(ui),
                ArbiterApp::new(options),
            )
    }

    #[test]
    fn opening_a_damaged_file_keeps_the_open_event_and_its_file() {
        let dir = temp_dir("damaged-gui");
        let good = dir.join("good.sarb");
        native::save(&event(2), &good).expect("save");
        let (bad, bytes) = damaged_file(&dir, |t| t.as_bytes()[..t.len() / 2].to_vec());
        let mut h = harness(&dir.join("data"));
        h.run_ok();
        h.state_mut().open_path(&good);
        h.state_mut()
            .apply_edit(Edit::AddPlayer(Box::new(Player::new(3, "Late, Lucy"))));
        h.state_mut().open_path(&bad);
        h.run_ok();
        let message = h.state().message().expect("a message");
        assert!(message.error, "{message:?}");
        assert!(
            message.text.contains("event.backup.sarb"),
            "{}",
            message.text
        );
        assert_eq!(
            h.state().path(),
            Some(good.as_path()),
            "still the good file"
        );
        assert_eq!(h.state().tournament().players.len(), 3, "the edit is kept");
        let ctx = egui::Context::default();
        h.state_mut().run(AppCommand::Save, &ctx);
        h.state_mut().finish_writing(&ctx);
        assert_eq!(
            std::fs::read(&bad).expect("read"),
            bytes,
            "never overwritten"
        );
        assert_eq!(native::load(&good).expect("saved").players.len(), 3);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_autosave_from_a_newer_version_is_set_aside_not_overwritten() {
        let dir = temp_dir("newer-autosave");
        let newer = native::to_string(&event(5))
            .expect("serialises")
            .replace("format_version: 1", "format_version: 9");
        std::fs::write(dir.join("autosave.ron"), &newer).expect("write");
        let mut h = harness(&dir);
        h.run_ok();
        h.state_mut().run(
            AppCommand::RestoreAutosave(dir.join("autosave.ron")),
            &egui::Context::default(),
        );
        let message = h.state().message().expect("a message").clone();
        assert!(
            message.error && message.text.contains("newer swiss-arbiter"),
            "{message:?}"
        );
        assert!(
            message.text.contains("autosave-unreadable-"),
            "{}",
            message.text
        );
        // Work goes on, autosaving; the newer file survives.
        for id in 1..=3 {
            h.state_mut()
                .apply_edit(Edit::AddPlayer(Box::new(Player::new(id, format!("P{id}")))));
        }
        let kept: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("list")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_string_lossy().contains("autosave-unreadable-"))
            .collect();
        assert_eq!(kept.len(), 1, "{kept:?}");
        assert_eq!(std::fs::read_to_string(&kept[0]).expect("read"), newer);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
