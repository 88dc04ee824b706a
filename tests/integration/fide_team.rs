//! The Swiss Team Pairing System (C.04.6, 2026) against FIDE's reference program: every
//! round of tournaments paired by Gacrux (`tests/fixtures/fide-team/README.md`) is paired
//! again from the rounds before it and must come out the same: the same matches, the
//! same team with White (board 1), the same team with the pairing-allocated bye.
//!
//! `FIDE_TEAM_CORPUS=<dir>` runs every `.trf` of another directory instead and prints
//! each difference (the measure of a larger generated corpus).

use std::path::{Path, PathBuf};

use swiss_arbiter::formats::trf;
use swiss_arbiter::pairing::fide_team::{TeamPairing, lineup, pair_teams};
use swiss_arbiter::pairing::{self, history_for_round};
use swiss_arbiter::tournament::{Colour, SystemId, TeamOutcome, Tournament};

use crate::common::fixtures_dir;

/// The team pairing recorded for `round`: each match with the team whose first player on
/// the board list had White (1.6.1), and the team PAB.
fn recorded(t: &Tournament, round: u32) -> TeamPairing {
    let rounds = t.team_rounds();
    let mut matches = Vec::new();
    let mut bye = None;
    for (i, team) in t.teams.iter().enumerate() {
        match rounds.outcomes[i].get(round as usize - 1) {
            Some(TeamOutcome::Match { opponent, .. }) => {
                let white = team.players.iter().find_map(|&p| {
                    let o = t.player(p)?.outcome(round);
                    o.opponent()?;
                    Some(matches!(
                        o,
                        swiss_arbiter::tournament::Outcome::Game {
                            colour: Colour::White,
                            ..
                        } | swiss_arbiter::tournament::Outcome::Forfeit {
                            colour: Colour::White,
                            ..
                        }
                    ))
                });
                if white == Some(true) {
                    matches.push((team.id, *opponent));
                }
            }
            Some(TeamOutcome::PairingBye) => bye = Some(team.id),
            _ => {}
        }
    }
    TeamPairing {
        round,
        matches,
        bye,
    }
}

fn sorted(p: &TeamPairing) -> (Vec<(u32, u32)>, Option<u32>) {
    let mut m = p.matches.clone();
    m.sort_unstable();
    (m, p.bye)
}

/// Pairs every round of the file again; returns (rounds, differences as text).
fn replay(path: &Path) -> (u32, Vec<String>) {
    let bytes = std::fs::read(path).expect("fixture");
    let t = trf::read(&bytes, &path.display().to_string()).expect("the file opens");
    replay_event(path, &t)
}

/// Pairs every round of `t` again (read from `path`).
fn replay_event(path: &Path, t: &Tournament) -> (u32, Vec<String>) {
    let t = t.clone();
    let mut differences = Vec::new();
    let rounds = t.rounds_recorded();
    for round in 1..=rounds {
        let history = history_for_round(&t, round);
        let expected = recorded(&t, round);
        match pair_teams(&history, round) {
            Ok(ours) => {
                let explained = pairing::explainer(&history, SystemId::FideTeam, round)
                    .map(|x| x.pairing().clone());
                let engine = pairing::engine(SystemId::FideTeam).pair(&history, round);
                if explained != engine {
                    differences.push(format!(
                        "{} round {round}: the explainer pairs {explained:?}, the engine {engine:?}",
                        path.display()
                    ));
                }
                if sorted(&ours) != sorted(&expected) {
                    differences.push(format!(
                        "{} round {round}: ours {:?} bye {:?}, recorded {:?} bye {:?}",
                        path.display(),
                        sorted(&ours).0,
                        ours.bye,
                        sorted(&expected).0,
                        expected.bye
                    ));
                } else {
                    // The boards are the recorded ones: the first players of each roster,
                    // board 1 to the team with White, alternating.
                    let boards = lineup::expand(&history, &ours).pairing;
                    let recorded_boards = swiss_arbiter::pairing::RoundPairing::recorded(&t, round);
                    let mut a = boards.pairs.clone();
                    let mut b = recorded_boards.pairs.clone();
                    a.sort();
                    b.sort();
                    if a != b {
                        differences.push(format!(
                            "{} round {round}: the boards differ",
                            path.display()
                        ));
                    }
                }
            }
            Err(e) => differences.push(format!("{} round {round}: {e}", path.display())),
        }
    }
    // A file named `…-unpairable-r<N>.trf` stops before a round Gacrux could not pair
    // (C.04.6 3.3.3: the arbiter decides): neither can we.
    let name = path.file_stem().map(|s| s.to_string_lossy().to_string());
    if let Some(round) = name
        .as_deref()
        .and_then(|n| n.rsplit_once("-unpairable-r"))
        .and_then(|(_, r)| r.parse::<u32>().ok())
        && let Ok(p) = pair_teams(&history_for_round(&t, round), round)
    {
        differences.push(format!(
            "{} round {round}: Gacrux found no pairing, we pair {:?} bye {:?}",
            path.display(),
            p.matches,
            p.bye
        ));
    }
    (rounds, differences)
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_round_of_gacrux_tournaments_is_reproduced() {
    let (dir, strict) = match std::env::var_os("FIDE_TEAM_CORPUS") {
        Some(dir) => (PathBuf::from(dir), false),
        None => (fixtures_dir().join("fide-team"), true),
    };
    let mut total = 0;
    let mut differences = Vec::new();
    let files = files(&dir);
    assert!(!files.is_empty(), "no .trf in {}", dir.display());
    for path in &files {
        let (rounds, d) = replay(path);
        total += rounds;
        differences.extend(d);
    }
    println!(
        "{} files, {total} rounds, {} reproduced, {} differ",
        files.len(),
        total as usize - differences.len(),
        differences.len()
    );
    for d in &differences {
        println!("{d}");
    }
    if strict {
        assert!(differences.is_empty(), "{differences:#?}");
    }
}

/// Written back as TRF-2026 (`192` with the event's settings, `310`, `320` with the
/// teams' byes, `352`) and read again, every fixture pairs the same.
#[test]
fn the_fixtures_written_back_pair_the_same() {
    for path in files(&fixtures_dir().join("fide-team")) {
        let bytes = std::fs::read(&path).expect("fixture");
        let t = trf::read(&bytes, &path.display().to_string()).expect("the file opens");
        let text = trf::write(&t, trf::Dialect::Trf26).expect("written");
        assert!(
            text.contains(&format!("192 {}", t.event.team_scoring.trf_system_code())),
            "{}",
            path.display()
        );
        let again = trf::read(text.as_bytes(), "written").expect("read back");
        assert_eq!(
            again.event.team_scoring,
            t.event.team_scoring,
            "{}",
            path.display()
        );
        let (_, differences) = replay_event(&path, &again);
        assert!(differences.is_empty(), "{differences:#?}");
    }
}
