//! Driving the window in tests (egui_kittest, AccessKit): a harness over a data folder of
//! its own, typing, clicking, waiting for background work, and events in progress.
#![cfg(feature = "gui")]

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use swiss_arbiter::generator::{GeneratorConfig, generate};
use swiss_arbiter::gui::{AppOptions, ArbiterApp, Viewer};
use swiss_arbiter::tournament::{ScoringSystem, SystemId, Tournament};

pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "swiss-arbiter-window-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

pub fn harness(data_dir: &Path) -> Harness<'static, ArbiterApp> {
    harness_sized(data_dir, egui::vec2(1200.0, 800.0))
}

/// A window of this size (a tall one shows long board lists whole: rows out of sight are
/// not laid out, so not in the AccessKit tree).
pub fn harness_sized(data_dir: &Path, size: egui::Vec2) -> Harness<'static, ArbiterApp> {
    let options = AppOptions {
        data_dir: Some(data_dir.to_path_buf()),
        dialogs: false,
    };
    let mut app = ArbiterApp::new(options);
    // No test opens a viewer on the machine running it.
    app.set_viewer(Viewer::Program(NO_VIEWER.into()));
    Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut ArbiterApp| app.frame(ui), app)
}

/// The viewer of the window's tests: a program that is not there.
pub const NO_VIEWER: &str = "swiss-arbiter-test-no-viewer";

/// The most frames a test steps while it waits for a state: a safety net only. Between
/// frames the window's background work is waited for ([`ArbiterApp::wait_for_background`]),
/// so a state that depends on it comes within a few frames whatever the machine's speed.
const MAX_FRAMES: usize = 1000;

/// Steps frames until `what` holds (`reached` tells), waiting between frames for the
/// background work under way (a pairing, an explanation, a check, a file): the state
/// the test needs, never a time. Fails, naming `what`, after [`MAX_FRAMES`] frames.
fn step_until_state(
    harness: &mut Harness<'_, ArbiterApp>,
    what: &str,
    reached: impl Fn(&Harness<'_, ArbiterApp>) -> bool,
) {
    for _ in 0..MAX_FRAMES {
        if reached(harness) {
            harness.run_ok();
            return;
        }
        harness.state_mut().wait_for_background();
        harness.step();
    }
    panic!(
        "{what}: not reached in {MAX_FRAMES} frames, the window's background work done between them"
    );
}

/// Steps until `done` holds (background work is invisible to `run`).
pub fn step_until(
    harness: &mut Harness<'_, ArbiterApp>,
    what: &str,
    done: impl Fn(&ArbiterApp) -> bool,
) {
    step_until_state(harness, what, |h| done(h.state()));
}

/// Steps until a label reads `label` (a view computed in the background).
pub fn step_until_shown(harness: &mut Harness<'_, ArbiterApp>, label: &str) {
    step_until_state(harness, &format!("the label {label:?}"), |h| {
        h.query_by_label(label).is_some()
    });
}

/// Steps until the widget labelled `label` is shown and enabled (a button that waits for
/// background work is shown disabled, saying why, until the work is done).
pub fn step_until_enabled(harness: &mut Harness<'_, ArbiterApp>, label: &str) {
    step_until_state(harness, &format!("{label:?} enabled"), |h| {
        h.query_by_label(label)
            .is_some_and(|node| !node.accesskit_node().is_disabled())
    });
}

pub fn type_into(harness: &mut Harness<'_, ArbiterApp>, label: &str, text: &str) {
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .focus();
    harness.run_ok();
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .type_text(text);
    harness.run_ok();
}

pub fn click(harness: &mut Harness<'_, ArbiterApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run_ok();
}

pub fn press_text(harness: &mut Harness<'_, ArbiterApp>, text: &str) {
    harness.event(egui::Event::Text(text.into()));
    harness.run_ok();
}

pub fn pair(harness: &mut Harness<'_, ArbiterApp>, round: u32) {
    click(harness, &format!("Round {round}"));
    click(harness, &format!("Pair round {round}"));
    step_until(harness, "the pairing", |app| {
        !app.is_pairing() && app.tournament().is_paired(round)
    });
}

/// A Dutch 2026 event of `players` with `rounds` played of 5 planned.
pub fn event_in_progress((players, rounds, seed): (u32, u32, u64)) -> Tournament {
    let cfg = GeneratorConfig {
        players,
        rounds,
        planned_rounds: Some(5),
        seed,
        draw_rate: 0.2,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        baku: false,
        absences: Default::default(),
        scoring: ScoringSystem::standard(),
    };
    generate(&cfg, SystemId::Dutch2026).expect("generated")
}

/// [`event_in_progress`] changed by `prepare`, saved in `dir` as `name` and opened in `h`;
/// returns it and its file.
pub fn open_event_in_progress(
    h: &mut Harness<'static, ArbiterApp>,
    dir: &Path,
    name: &str,
    spec: (u32, u32, u64),
    prepare: impl FnOnce(&mut Tournament),
) -> (Tournament, PathBuf) {
    let mut t = event_in_progress(spec);
    prepare(&mut t);
    let file = dir.join(name);
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");
    h.state_mut().open_path(&file);
    h.run_ok();
    (t, file)
}

/// In override mode: reverses the colours of the first board, and waits for the check.
pub fn reverse_first_board(harness: &mut Harness<'_, ArbiterApp>) {
    harness
        .get_all_by_label("⇄ colours")
        .next()
        .expect("a colours button")
        .click();
    harness.run_ok();
    step_until(harness, "the check", |app| !app.is_checking_override());
}

/// The median and slowest of `frames` frames (figures to print, not to assert on).
pub fn frame_times(h: &mut Harness<'_, ArbiterApp>, frames: usize) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..frames)
        .map(|_| {
            let start = Instant::now();
            h.step();
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[frames / 2], times[frames - 1])
}

/// Publishes the override being edited: the level-4 warning shows the engine's pairing
/// (checklist Q68-69) and is confirmed twice.
pub fn publish_override(harness: &mut Harness<'_, ArbiterApp>) {
    publish_override_with(harness, "Publish override");
}

/// Clicks `button`, which publishes a pairing changed by hand, and confirms the level-4
/// warning twice (see [`publish_override`]).
pub fn publish_override_with(harness: &mut Harness<'_, ArbiterApp>, button: &str) {
    click(harness, button);
    assert!(
        harness.query_by_label_contains("Level 4 warning").is_some(),
        "an override is confirmed twice"
    );
    assert!(
        harness
            .query_by_label_contains("The pairing the rules give:")
            .is_some()
    );
    click(harness, "Continue…");
    click(harness, "Make the change");
}

/// Opens the venue network's window from the File menu.
pub fn open_venue_window(h: &mut Harness<'static, ArbiterApp>) {
    click(h, "File");
    click(h, "Venue network…");
}

/// Replaces the port typed in the venue network's window.
pub fn set_venue_port(h: &mut Harness<'static, ArbiterApp>, port: &str) {
    h.get_by_role_and_label(Role::TextInput, "Port").focus();
    h.run_ok();
    for _ in 0..8 {
        h.key_press(egui::Key::Backspace);
    }
    h.get_by_role_and_label(Role::TextInput, "Port")
        .type_text(port);
    h.run_ok();
}

/// Starts the venue network on any free loopback port; returns its address.
pub fn start_venue_on_any_port(h: &mut Harness<'static, ArbiterApp>) -> SocketAddr {
    set_venue_port(h, "0");
    click(h, "Start");
    let addr = h.state().venue_address().expect("the venue network runs");
    assert!(addr.ip().is_loopback(), "loopback by default: {addr}");
    assert_ne!(addr.port(), 0);
    addr
}

/// Opens the form of player `id` from the players list: a click on his row, beside the
/// name (the name's own text takes the click for selecting it).
pub fn open_player_form(h: &mut Harness<'static, ArbiterApp>, id: u32) {
    let ctx = h.ctx.clone();
    h.state_mut().run(
        swiss_arbiter::gui::Command::Navigate(swiss_arbiter::gui::views::View::Players),
        &ctx,
    );
    h.run_ok();
    let name = h
        .state()
        .tournament()
        .player(id)
        .expect("player")
        .name
        .clone();
    let rect = h.get_by_label(&name).rect();
    let pos = egui::pos2(rect.right() + 8.0, rect.center().y);
    h.event(egui::Event::PointerMoved(pos));
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::default(),
        });
    }
    h.run_ok();
    assert!(
        h.query_by_label(&format!("Player {id}")).is_some(),
        "the form of player {id} is open"
    );
}
