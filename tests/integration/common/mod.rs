//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod fuzz;
pub mod mangle;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use swiss_arbiter::tournament::{Tournament, VirtualPoints};

/// `../shared/conformance/<sub>` when present; `None` when the shared folder is absent,
/// after saying so in `cargo test`'s output ([`skipped`]).
pub fn conformance_dir(sub: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/conformance")
        .join(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    skipped(format_args!(
        "{} is absent (the shared corpus is not beside the repository)",
        dir.display()
    ));
    None
}

/// Says in `cargo test`'s output that the running test skips (all or part of its work),
/// and why: written to the process's standard error directly, which the test harness does
/// not capture (it captures `eprintln!`), so the line shows even when the test passes.
pub fn skipped(reason: std::fmt::Arguments) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(std::io::stderr(), "SKIPPED: {test}: {reason}");
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
pub mod compared;
pub mod explained;
pub mod generated;
pub mod venue;
pub mod webdriver;
pub mod window;

/// What TRF-16 can hold: no comments, no system code, tie-breaks or encoded time control,
/// and virtual points only per player and round (`XXA`).
pub fn trf16_view(t: &Tournament) -> Tournament {
    let mut view = t.clone();
    // No `?` and no 162 `X`: an adjourned game is written as the draw it counts as.
    view.draw_adjourned_games();
    let e = &mut view.event;
    e.scoring.adjourned = None;
    e.comments.clear();
    e.system = None;
    e.other_system_code = None;
    e.acceleration.baku = false;
    e.tiebreaks.clear();
    e.encoded_time_control.clear();
    let last_round = t.last_accelerated_round();
    let mut expanded = Vec::new();
    for player in &t.players {
        for round in 1..=last_round {
            let points = t.virtual_points(player.id, round);
            if points.tenths() != 0 {
                expanded.push(VirtualPoints {
                    points,
                    match_points: None,
                    first_round: round,
                    last_round: round,
                    first_player: player.id,
                    last_player: player.id,
                });
            }
        }
    }
    e.acceleration.virtual_points = expanded;
    view
}

/// The tournament as a native file's text without the check a save runs, as an older
/// version or a hand edit would leave it (to make a wrong file for a test).
pub fn unchecked_native_text(t: &Tournament) -> String {
    #[derive(serde::Serialize)]
    struct Saved<'a> {
        format_version: u32,
        tournament: &'a Tournament,
    }
    ron::ser::to_string_pretty(
        &Saved {
            format_version: 1,
            tournament: t,
        },
        ron::ser::PrettyConfig::new().struct_names(false),
    )
    .expect("serialises")
}

/// The position of bbpPairings#30: ten registered players rated 2390 down to 2300, 1 and 9
/// absent (zero-point bye) from round 1, the initial colour `first`.
pub fn ten_with_two_absent_in_round_one(
    first: swiss_arbiter::tournament::Colour,
    rounds: u32,
) -> Tournament {
    use swiss_arbiter::tournament::{ByeKind, Outcome, Player};
    let mut t = Tournament::default();
    t.event.initial_colour = Some(first);
    t.event.rounds = Some(rounds);
    for id in 1..=10u32 {
        let mut p = Player::new(id, format!("Player{id:02}"));
        p.rating = Some(2400 - id as u16 * 10);
        if id == 1 || id == 9 {
            p.results = vec![Outcome::Bye(ByeKind::Zero)];
        }
        t.players.push(p);
    }
    t
}

/// The pairs of a pairing as (White, Black).
pub fn white_black(pairing: &swiss_arbiter::pairing::RoundPairing) -> Vec<(u32, u32)> {
    pairing.pairs.iter().map(|p| (p.white, p.black)).collect()
}

/// Runs the command line with `args` and returns what it did.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Generates the team event the team tests share at `path`: FIDE team Swiss (C.04.6),
/// 10 teams of 4 boards, 5 rounds, seed 5.
pub fn generate_team_event(path: &Path) {
    let path = path.display().to_string();
    let o = run(&[
        "generate",
        "--system",
        "fide-team",
        "--teams",
        "10",
        "--boards",
        "4",
        "--rounds",
        "5",
        "--seed",
        "5",
        "-o",
        &path,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}
