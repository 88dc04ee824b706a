//! The window keeps drawing while a large round is paired on the background thread, Cancel
//! discards the result, and the players table lays out only the visible rows of 2000
//! players. The tests assert behaviour (the frame that starts a pairing returns before it,
//! input is taken while it runs, hidden rows are not built) and print frame times as
//! figures only: a frame-time threshold fails on a loaded machine. The pairing test uses
//! 400 players by default (about 0.1 s in a debug build, dozens of frames);
//! `GUI_PAIRING_PLAYERS=3000` gives a larger figure.
#![cfg(feature = "gui")]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use swiss_arbiter::generator::{GeneratorConfig, generate};
use swiss_arbiter::gui::views::View;
use swiss_arbiter::gui::{AppOptions, ArbiterApp};
use swiss_arbiter::tournament::{ScoringSystem, SystemId};

use crate::common::window::frame_times;

/// A generated event of `players` with round 1 played, opened in the app.
fn event_after_round_one(players: u32, name: &str) -> (Harness<'static, ArbiterApp>, PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "swiss-arbiter-responsive-{name}-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let config = GeneratorConfig {
        players,
        rounds: 1,
        planned_rounds: None,
        seed: 7,
        draw_rate: 0.3,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        scoring: ScoringSystem::standard(),
        baku: false,
        absences: Default::default(),
    };
    let mut t = generate(&config, SystemId::Dutch2026).expect("round 1 pairs");
    t.event.rounds = Some(9);
    let file = dir.join("big.ron");
    swiss_arbiter::formats::native::save(&t, &file).expect("save");
    let options = AppOptions {
        data_dir: Some(dir.clone()),
        dialogs: false,
    };
    let mut h = Harness::builder()
        .with_size(egui::vec2(1200.0, 800.0))
        .build_ui_state(
            |ui, app: &mut ArbiterApp| app.frame(ui),
            ArbiterApp::new(options),
        );
    h.state_mut().open_path(&file);
    h.run_ok();
    (h, dir)
}

#[test]
fn the_players_table_stays_smooth_with_2000_players() {
    let (mut h, dir) = event_after_round_one(2000, "players");
    let (baseline, _) = frame_times(&mut h, 30);
    h.get_by_label("Players (2000)").click();
    h.run_ok();
    let (median, slowest) = frame_times(&mut h, 30);
    h.get_by_label("Rating").click();
    h.run_ok();
    h.get_by_role_and_label(Role::TextInput, "Filter").focus();
    h.run_ok();
    h.get_by_role_and_label(Role::TextInput, "Filter")
        .type_text("Player19");
    h.run_ok();
    let (filtered, _) = frame_times(&mut h, 10);
    eprintln!(
        "2000 players: median frame {median:.2?}, slowest {slowest:.2?}; filtered {filtered:.2?}; event view {baseline:.2?}"
    );
    // Player1900..Player1999 match, highest rating first; rows far below are not laid out.
    h.get_by_label("Player1900, Test");
    assert!(
        h.query_by_label("Player1999, Test").is_none(),
        "only visible rows are built"
    );
    assert!(
        h.query_by_label("Player0001, Test").is_none(),
        "filtered out"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn frames_keep_coming_while_a_large_round_is_paired() {
    let players: u32 = std::env::var("GUI_PAIRING_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let (mut h, dir) = event_after_round_one(players, "responsive");
    h.get_by_label("Round 2").click();
    h.run_ok();

    // Cancel: the result is discarded and the round stays unpaired. Frame by frame, not
    // `run_ok`, which runs until the pairing has arrived on a fast machine.
    h.get_by_label("Pair round 2").click();
    h.step();
    h.step();
    assert!(h.state().is_pairing());
    h.get_by_label("Cancel").click();
    h.step();
    assert!(!h.state().is_pairing());
    h.run_ok();
    assert!(!h.state().tournament().is_paired(2));

    h.get_by_label("Pair round 2").click();
    h.step();
    // The frame that started the pairing returned without waiting for it.
    assert!(
        h.state().is_pairing(),
        "the click's frame waited for the pairing"
    );
    let started = Instant::now();
    let players_label = format!("Players ({players})");
    let mut times = Vec::new();
    let mut looked_at_players = false;
    while h.state().is_pairing() {
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "pairing never finished"
        );
        if !looked_at_players {
            // The arbiter can look at the players meanwhile: the click is taken while the
            // round is still being paired.
            h.get_by_label(&players_label).click();
            looked_at_players = true;
        }
        let frame = Instant::now();
        h.step();
        times.push(frame.elapsed());
        std::thread::sleep(Duration::from_millis(10));
    }
    let took = started.elapsed();
    h.run_ok();
    // Figures only: frame times depend on the machine's load (see the module comment).
    let frames = times.len();
    let mut sorted = times.clone();
    sorted.sort();
    if let (Some(median), Some(slowest)) = (sorted.get(frames / 2), sorted.last()) {
        eprintln!(
            "paired {players} players in {took:.2?}; {frames} frames meanwhile, median {median:.2?}, slowest {slowest:.2?}"
        );
    }
    assert!(looked_at_players, "no frame was drawn while pairing");
    assert!(h.state().tournament().is_paired(2));
    assert_eq!(h.state().tournament().boards(2).len(), players as usize / 2);
    // The view the arbiter chose while the pairing ran is kept when the result arrives.
    assert_eq!(h.state().view(), View::Players);
    h.get_by_role_and_label(Role::TextInput, "Filter");
    let _ = std::fs::remove_dir_all(&dir);
}
