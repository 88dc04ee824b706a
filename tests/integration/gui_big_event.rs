//! A big event in the window: open it, show every view, enter a result (which autosaves)
//! and save, with the time of each step and the frame times of each view. Needs an event
//! file, so it is ignored by default:
//!
//! ```text
//! swiss-arbiter generate --system dutch-2026 --players 5000 --rounds 13 --seed 7 -o big.trf
//! BIG_EVENT=big.trf cargo test --release --test gui_big_event -- --ignored --nocapture
//! ```
//!
//! Frame times are the app's own work (layout and tessellation, no GPU).
#![cfg(feature = "gui")]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use eframe::egui;
use egui_kittest::Harness;
use swiss_arbiter::document::Edit;
use swiss_arbiter::gui::views::View;
use swiss_arbiter::gui::{AppOptions, ArbiterApp, Command};
use swiss_arbiter::tournament::BoardResult;

use crate::common::window::frame_times;

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = f();
    eprintln!("{what}: {:.2?}", start.elapsed());
    value
}

#[test]
#[ignore = "needs BIG_EVENT=path to a big event; see the module comment"]
fn a_big_event_opens_renders_and_saves_without_freezing() {
    let file = PathBuf::from(std::env::var("BIG_EVENT").expect("BIG_EVENT=path"));
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let options = AppOptions {
        data_dir: Some(dir.join("data")),
        dialogs: false,
    };
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .build_ui_state(
            |ui, app: &mut ArbiterApp| app.frame(ui),
            ArbiterApp::new(options),
        );
    h.run_ok();
    timed("open (TRF, then the first autosave)", || {
        h.state_mut().open_path(&file)
    });
    let players = h.state().tournament().players.len();
    let last = h.state().tournament().next_round().saturating_sub(1);
    eprintln!("{players} players, {last} rounds");
    assert!(players > 0 && last > 0, "{:?}", h.state().message());
    let ctx = egui::Context::default();
    let mut worst_median = Duration::ZERO;
    for (name, view) in [
        ("event", View::Event),
        ("players", View::Players),
        ("last round", View::Round(last)),
        ("standings", View::Standings),
        ("crosstable", View::Crosstable),
    ] {
        h.state_mut().run(Command::Navigate(view), &ctx);
        let first = Instant::now();
        h.step();
        let first = first.elapsed();
        let (median, slowest) = frame_times(&mut h, 20);
        eprintln!(
            "{name}: first frame {first:.2?}, then median {median:.2?}, slowest {slowest:.2?}"
        );
        worst_median = worst_median.max(median);
    }
    let board = h.state().tournament().boards(last)[0];
    let result = if board.result == BoardResult::Draw {
        BoardResult::WhiteWins
    } else {
        BoardResult::Draw
    };
    timed("enter a result (undo snapshot + autosave)", || {
        h.state_mut().apply_edit(Edit::SetResult {
            round: last,
            white: board.white,
            black: board.black,
            result,
        })
    });
    let saved = dir.join("big.sarb");
    // Saving runs in the background: the frames drawn meanwhile are the window's
    // responsiveness, the time until written the save's.
    // The first frame after an edit recomputes the shown view's tables: not the save's.
    timed("first frame after the edit", || h.step());
    let ctx = h.ctx.clone();
    timed("save (until written)", || {
        h.state_mut().save_to(&saved, &ctx);
        let mut frames = Vec::new();
        while h.state().is_writing() {
            let start = Instant::now();
            h.step();
            frames.push(start.elapsed());
        }
        frames.sort();
        eprintln!(
            "frames while saving: {}, slowest {:?}",
            frames.len(),
            frames.last().copied().unwrap_or_default()
        );
    });
    let size = std::fs::metadata(&saved).map_or(0, |m| m.len());
    eprintln!("native file: {:.1} MB", size as f64 / 1e6);
    assert!(!h.state().is_dirty(), "{:?}", h.state().message());
    // Figures, not thresholds: frame times depend on the machine's load.
    eprintln!("slowest median frame of a view: {worst_median:.2?}");
    pair_and_explain(&mut h);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Pairs the next round, when the event plans one, and times the pairing until recorded
/// and the explanation until shown: one solve serves both (the explanation is written
/// from the pairing job's explainer).
fn pair_and_explain(h: &mut Harness<'_, ArbiterApp>) {
    let next = h.state().tournament().next_round();
    if h.state()
        .tournament()
        .event
        .rounds
        .is_some_and(|r| next > r)
    {
        eprintln!("no round left to pair");
        return;
    }
    let ctx = h.ctx.clone();
    h.state_mut()
        .run(Command::Navigate(View::Round(next)), &ctx);
    h.step();
    let start = Instant::now();
    h.state_mut().run(
        Command::PairRound {
            round: next,
            repair: false,
        },
        &ctx,
    );
    let deadline = start + Duration::from_secs(1800);
    let mut frames = 0;
    while h.state().is_pairing() {
        assert!(Instant::now() < deadline, "the pairing never finished");
        h.step();
        frames += 1;
        std::thread::sleep(Duration::from_millis(10));
    }
    let paired = start.elapsed();
    assert!(
        h.state().tournament().is_paired(next),
        "{:?}",
        h.state().message()
    );
    while h.state().insight(next).is_none() {
        assert!(
            Instant::now() < deadline,
            "no explanation: {:?}",
            h.state().message()
        );
        h.step();
        frames += 1;
        std::thread::sleep(Duration::from_millis(10));
    }
    eprintln!(
        "round {next}: paired in {paired:.2?}, explained {:.2?} later; {frames} frames drawn meanwhile",
        start.elapsed() - paired
    );
}
