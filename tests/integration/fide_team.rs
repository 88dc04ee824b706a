//! The Swiss Team Pairing System (C.04.6, 2026) against FIDE's reference program: every
//! round of tournaments paired by Gacrux (`tests/fixtures/fide-team/README.md`) is paired
//! again from the rounds before it and must come out the same: the same matches, the
//! same team with White (board 1), the same team with the pairing-allocated bye.
//!
//! `FIDE_TEAM_CORPUS=<dir>` runs every `.trf` of another directory instead and prints
//! each difference (the measure of a larger generated corpus).

use std::path::{Path, PathBuf};

use swiss_arbiter::formats::trf;
use swiss_arbiter::pairing::{PairingRequest, TeamPairing};
use swiss_arbiter::tournament::{Colour, SystemId, TeamOutcome, Tournament};

use crate::common::fixtures_dir;

/// The team pairing recorded for `round` (played or still to play): each match with the
/// team whose first player on the board list has White (1.6.1), and the team PAB.
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
                    Some(o.scheduled_colour() == Some(Colour::White))
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
        let request = PairingRequest::recorded(&t, SystemId::FideTeam, round);
        let expected = recorded(&t, round);
        match request.pair_teams() {
            Ok(ours) => {
                let explainer = request.explain();
                if let Ok(x) = &explainer
                    && x.team_pairing() != Some(&ours)
                {
                    differences.push(format!(
                        "{} round {round}: the explainer's teams {:?}, the engine's {ours:?}",
                        path.display(),
                        x.team_pairing()
                    ));
                }
                let explained = explainer.map(|x| x.pairing().clone());
                let engine = request.pair();
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
                    // In the same order: the boards a file records without an order are
                    // shown and printed match after match, as the engine orders them.
                    let boards = request.team_boards(&ours).pairing;
                    let recorded_boards = swiss_arbiter::pairing::RoundPairing::recorded(&t, round);
                    if boards.pairs != recorded_boards.pairs {
                        differences.push(format!(
                            "{} round {round}: the boards differ: ours {}, recorded {}",
                            path.display(),
                            boards.summary(),
                            recorded_boards.summary()
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
        && let Ok(p) = PairingRequest::recorded(&t, SystemId::FideTeam, round).pair_teams()
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

/// Team events from our own generator (reserves, players unavailable, teams
/// withdrawing, boards forfeited, every variant of the system): each round as recorded
/// is what the engine pairs again from the rounds before it, the TRF-2026 written reads
/// back as the same event, and the read-back event pairs the same. A round with no legal
/// pairing stops the generation; the rounds before it must hold the same way.
#[test]
fn generated_team_events_pair_again_and_read_back_the_same() {
    use swiss_arbiter::generator::teams::{TeamEvent, generate};
    use swiss_arbiter::generator::{GenerationStopped, GeneratorConfig};
    use swiss_arbiter::tournament::{ScoringSystem, TeamScoring};

    let codes = [
        "FIDE_TEAM_TYPEA_MP_GP",
        "FIDE_TEAM_TYPEB_GP_MP",
        "FIDE_TEAM_MP",
        "FIDE_TEAM_TYPEB_MP_GP",
    ];
    let mut rounds_checked = 0;
    for seed in 1..=12u64 {
        let mut scoring = TeamScoring::default();
        assert!(scoring.apply_trf_system_code(codes[seed as usize % codes.len()]));
        let event = TeamEvent {
            teams: 7 + seed as u32 % 8,
            boards: 2 + seed as u32 % 4,
            reserves: seed as u32 % 3,
            scoring,
        };
        let config = GeneratorConfig {
            players: 0,
            rounds: 7,
            planned_rounds: None,
            seed,
            draw_rate: 0.3,
            results: Default::default(),
            forfeit_rate: [0.0, 0.03, 0.1][seed as usize % 3],
            bye_rate: [0.0, 0.05, 0.15][seed as usize / 3 % 3],
            scoring: ScoringSystem::standard(),
            baku: false,
            absences: Default::default(),
        };
        let t = match generate(&config, &event) {
            Ok(t) => t,
            Err(GenerationStopped { partial, .. }) => *partial,
        };
        assert!(t.is_team_event() && t.check().is_ok(), "seed {seed}");
        let name = PathBuf::from(format!("generated seed {seed}"));
        let (rounds, differences) = replay_event(&name, &t);
        assert!(differences.is_empty(), "{differences:#?}");
        rounds_checked += rounds;
        let text = trf::write(&t, trf::Dialect::Trf26).expect("written");
        let again = trf::read(text.as_bytes(), "written").expect("reads back");
        assert_eq!(again.teams, t.teams, "seed {seed}: the teams");
        for (a, b) in again.players.iter().zip(&t.players) {
            assert_eq!(a.results, b.results, "seed {seed}: player {}", a.id);
        }
        let (_, differences) = replay_event(&name, &again);
        assert!(differences.is_empty(), "{differences:#?}");
    }
    assert!(
        rounds_checked >= 60,
        "only {rounds_checked} rounds generated"
    );
}

/// Pairing a recorded round again replaces it whole: the team bye moves with the
/// pairing, boards won by forfeit are not kept as byes decided before pairing, and the
/// same history gives the same pairing.
#[test]
fn a_recorded_team_round_is_paired_again_from_scratch() {
    let path = fixtures_dir()
        .join("fide-team")
        .join("typea-mp-gp-13teams-5rounds-3boards-reserves-absent-teams.trf");
    let bytes = std::fs::read(&path).expect("fixture");
    let t = trf::read(&bytes, "fixture").expect("opens");
    for round in 1..=t.rounds_recorded() {
        let request = PairingRequest::recorded(&t, SystemId::FideTeam, round);
        let first = request.pair_teams().expect("pairs");
        let mut paired = request.history().clone();
        let boards = first.record_into(&mut paired);
        assert_eq!(paired.team_rounds().outcomes.len(), t.teams.len());
        for &p in &boards.unopposed {
            assert!(
                matches!(
                    paired.player(p).map(|p| p.outcome(round)),
                    Some(swiss_arbiter::tournament::Outcome::Bye(_))
                ),
                "round {round}: player {p} wins his board by forfeit"
            );
        }
        let byes: Vec<u32> = paired
            .teams
            .iter()
            .filter(|team| team.pairing_byes.contains(&round))
            .map(|team| team.id)
            .collect();
        assert_eq!(
            byes,
            first.bye.into_iter().collect::<Vec<_>>(),
            "round {round}"
        );
        let again = PairingRequest::recorded(&paired, SystemId::FideTeam, round)
            .pair_teams()
            .expect("pairs again");
        assert_eq!(again, first, "round {round}");
        assert_eq!(recorded(&paired, round).bye, first.bye, "round {round}");
        assert_eq!(
            sorted(&recorded(&paired, round)),
            sorted(&first),
            "round {round}"
        );
    }
}

/// In a team event a `240` record names teams (TRF-2026): `240 Z` for a team is the
/// absence of each of its players, as `0 - Z` on each of them is.
#[test]
fn record_240_names_a_team_in_a_team_event() {
    let path = fixtures_dir()
        .join("fide-team")
        .join("typea-mp-gp-13teams-5rounds-3boards-reserves-absent-teams.trf");
    let text = std::fs::read_to_string(&path).expect("fixture");
    let t = trf::read(text.as_bytes(), "fixture").expect("opens");
    // Team 3 is absent in round 3: every player of its roster has `0 - Z` there.
    let roster = t.team(3).expect("team 3").players.clone();
    let column = 91 + 2 * 10;
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        let id: Option<u32> = line
            .strip_prefix("001")
            .and_then(|_| line.get(4..8))
            .and_then(|n| n.trim().parse().ok());
        if id.is_some_and(|id| roster.contains(&id)) {
            assert_eq!(
                line.get(column..column + 8).map(str::trim_start),
                Some("0 - Z"),
                "{line}"
            );
            let mut blanked = line.to_string();
            blanked.replace_range(column..column + 8, "        ");
            lines.push(blanked.trim_end().to_string());
        } else {
            lines.push(line.to_string());
        }
    }
    lines.push("240 Z   3    3".to_string());
    let again = trf::read(lines.join("\n").as_bytes(), "240").expect("opens");
    for (a, b) in again.players.iter().zip(&t.players) {
        assert_eq!(a.results, b.results, "player {}", a.id);
    }
    let wrong = lines.join("\n").replace("240 Z   3    3", "240 Z   3   99");
    let e = trf::read(wrong.as_bytes(), "240").expect_err("no team 99");
    assert!(
        e.to_string().contains("no team has pairing number 99"),
        "{e}"
    );
    // A team's half-point bye (TRF-2026 240 H names the team) is the team's.
    let half = lines.join("\n").replace("240 Z   3    3", "240 H   3    3");
    let read = trf::read(half.as_bytes(), "240").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        read.team(3).map(|x| x.requested_byes.clone()),
        Some(vec![(3, swiss_arbiter::tournament::ByeKind::Half)])
    );
}
