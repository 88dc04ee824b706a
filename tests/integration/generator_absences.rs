//! The generator's exact absences (FIDE's checklist for tournament programs, Q24): in each
//! round of a generated event, as many full-, half- and zero-point byes, withdrawals,
//! forfeits and double forfeits as asked, for every individual system; the event, written
//! as TRF and read back, re-pairs identically under our checker; `generate` refuses what a
//! field cannot hold with exit 2 and writes ranks `check --tiebreaks` reads directly.

use swiss_arbiter::conformance::{RoundVerdict, check_rounds};
use swiss_arbiter::formats::trf::{self, Dialect};
use swiss_arbiter::generator::absences::Absences;
use swiss_arbiter::generator::amount::Amount;
use swiss_arbiter::generator::{GeneratorConfig, generate};
use swiss_arbiter::tournament::{ByeKind, MatchGame, Outcome, ScoringSystem, SystemId, Tournament};

use crate::common::run;

/// What one round holds: full, half and zero-point byes (withdrawn players apart),
/// withdrawals starting in it, boards with one player absent, boards with both.
#[derive(Debug, PartialEq, Eq)]
struct Counts {
    fpb: u32,
    hpb: u32,
    zpb: u32,
    withdrawals: u32,
    forfeits: u32,
    double_forfeits: u32,
    /// Boards scored ½-0, 0-½ or 0-0.
    unusual: u32,
}

/// Counts what round `round` of `t` holds, from the results alone.
fn counted(t: &Tournament, round: u32) -> Counts {
    let mut c = Counts {
        fpb: 0,
        hpb: 0,
        zpb: 0,
        withdrawals: 0,
        forfeits: 0,
        double_forfeits: 0,
        unusual: 0,
    };
    let absent = |t: &Tournament, id: u32| match t.player(id).map(|p| p.outcome(round)) {
        Some(Outcome::Forfeit { won, .. }) => !won,
        Some(Outcome::Match { games, .. }) => {
            matches!(
                games.first,
                MatchGame::ForfeitLoss | MatchGame::DoubleForfeit
            )
        }
        _ => false,
    };
    for p in &t.players {
        let withdrawn = p.withdrawn_from.is_some_and(|w| w <= round);
        if p.withdrawn_from == Some(round) {
            c.withdrawals += 1;
        }
        match p.outcome(round) {
            Outcome::Bye(_) if withdrawn => {}
            Outcome::Bye(ByeKind::Full) => c.fpb += 1,
            Outcome::Bye(ByeKind::Half) => c.hpb += 1,
            Outcome::Bye(ByeKind::Zero) => c.zpb += 1,
            Outcome::Game {
                opponent, result, ..
            } if p.id < *opponent => {
                let theirs = t.player(*opponent).map(|q| q.outcome(round));
                if let Some(Outcome::Game { result: other, .. }) = theirs
                    && *other != result.reversed()
                {
                    c.unusual += 1;
                }
            }
            Outcome::Forfeit { opponent, .. } | Outcome::Match { opponent, .. }
                if p.id < *opponent =>
            {
                match (absent(t, p.id), absent(t, *opponent)) {
                    (true, true) => c.double_forfeits += 1,
                    (true, false) | (false, true) => c.forfeits += 1,
                    (false, false) => {}
                }
            }
            _ => {}
        }
    }
    c
}

fn amount(text: &str) -> Amount {
    text.parse().expect(text)
}

/// Every individual system our generator pairs.
const SYSTEMS: [SystemId; 8] = [
    SystemId::Dutch2026,
    SystemId::Dutch2017,
    SystemId::Dutch2012,
    SystemId::Rating1998,
    SystemId::Burstein,
    SystemId::Dubov,
    SystemId::Lim,
    SystemId::DoubleSwiss,
];

#[test]
fn each_round_holds_the_byes_withdrawals_and_forfeits_asked() {
    let absences = Absences {
        full_byes: amount("1@2-3,5%@6-"),
        half_byes: amount("2@1-4,10%@5-"),
        zero_byes: amount("1@3"),
        withdrawals: amount("1@2,2@5"),
        forfeits: amount("1@1-2,10%@3-"),
        double_forfeits: amount("1@4-"),
        unusual: amount("1@2-"),
    };
    let mut rounds_checked = 0;
    for system in SYSTEMS {
        // A two-game match holds no unusual score.
        let absences = match system {
            SystemId::DoubleSwiss => Absences {
                unusual: Amount::default(),
                ..absences.clone()
            },
            _ => absences.clone(),
        };
        for seed in 1..=4u64 {
            let players = 24 + 5 * seed as u32;
            let rounds = 7;
            absences.validate(players, rounds).expect("a valid plan");
            let config = GeneratorConfig {
                players,
                rounds,
                planned_rounds: None,
                seed,
                draw_rate: 0.3,
                results: Default::default(),
                forfeit_rate: 0.0,
                bye_rate: 0.0,
                absences: absences.clone(),
                scoring: ScoringSystem::for_system(ScoringSystem::standard(), Some(system)),
                baku: false,
            };
            let t = match generate(&config, system) {
                Ok(t) => t,
                Err(stopped) => *stopped.partial,
            };
            let played = (1..=rounds).take_while(|&r| t.is_paired(r)).count() as u32;
            assert!(played >= 5, "{system} seed {seed}: stopped after {played}");
            for round in 1..=played {
                // The boards are those of the present players; a PAB when they are odd.
                let boards = t
                    .players
                    .iter()
                    .filter(|p| {
                        !matches!(
                            p.outcome(round),
                            Outcome::Bye(_) | Outcome::PairingBye | Outcome::NotPlayed
                        )
                    })
                    .count() as u32
                    / 2;
                let asked = Counts {
                    fpb: absences.full_byes.of(round, players),
                    hpb: absences.half_byes.of(round, players),
                    zpb: absences.zero_byes.of(round, players),
                    withdrawals: absences.withdrawals.of(round, players),
                    forfeits: absences.forfeits.of(round, boards),
                    double_forfeits: absences.double_forfeits.of(round, boards),
                    unusual: absences.unusual.of(round, boards),
                };
                assert_eq!(
                    counted(&t, round),
                    asked,
                    "{system} seed {seed} round {round}"
                );
                rounds_checked += 1;
            }
            // The file FIDE's checker would read re-pairs identically under ours (TRF holds
            // one result per round: a Double-Swiss match's two games are checked as made).
            let text = trf::write(&t, Dialect::Trf26).expect("writes");
            let back = trf::read(text.as_bytes(), "generated.trf").expect("reads back");
            let checked = if system == SystemId::DoubleSwiss {
                &t
            } else {
                &back
            };
            for check in check_rounds(checked, system) {
                assert_eq!(
                    check.verdict,
                    RoundVerdict::Identical,
                    "{system} seed {seed} round {}",
                    check.round
                );
            }
            // The same seed, the same event.
            let again = match generate(&config, system) {
                Ok(t) => t,
                Err(stopped) => *stopped.partial,
            };
            assert_eq!(trf::write(&again, Dialect::Trf26).expect("writes"), text);
        }
    }
    assert!(rounds_checked >= 8 * 4 * 5);
}

/// The counter above sees what it is meant to: a bye, a withdrawal and a forfeit changed
/// by hand change its figures.
#[test]
fn the_counts_see_a_change() {
    let config = GeneratorConfig {
        players: 20,
        rounds: 3,
        planned_rounds: None,
        seed: 9,
        draw_rate: 0.3,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        absences: Absences {
            half_byes: amount("2@2"),
            forfeits: amount("1@3"),
            ..Absences::default()
        },
        scoring: ScoringSystem::standard(),
        baku: false,
    };
    let mut t = generate(&config, SystemId::Dutch2026).expect("generates");
    assert_eq!(counted(&t, 2).hpb, 2);
    assert_eq!(counted(&t, 3).forfeits, 1);
    let (bye, played) = {
        let bye = t
            .players
            .iter()
            .find(|p| p.outcome(2) == &Outcome::Bye(ByeKind::Half))
            .expect("a bye")
            .id;
        let played = t
            .players
            .iter()
            .find(|p| matches!(p.outcome(3), Outcome::Game { .. }))
            .expect("a game")
            .id;
        (bye, played)
    };
    if let Some(p) = t.player_mut(bye) {
        p.set_outcome(2, Outcome::Bye(ByeKind::Full));
        p.withdrawn_from = Some(3);
    }
    let c = counted(&t, 2);
    assert_eq!((c.hpb, c.fpb), (1, 1));
    assert_eq!(counted(&t, 3).withdrawals, 1);
    let Outcome::Game {
        opponent, colour, ..
    } = t.player(played).expect("player").outcome(3).clone()
    else {
        unreachable!()
    };
    let forfeit = |won| Outcome::Forfeit {
        opponent,
        colour,
        won,
    };
    if let Some(p) = t.player_mut(played) {
        p.set_outcome(3, forfeit(false));
    }
    assert_eq!(counted(&t, 3).forfeits, 2);
}

#[test]
fn generate_then_check_with_every_option_for_every_system() {
    let dir = std::env::temp_dir().join(format!("sa-gen-absences-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    for system in [
        "dutch-2026",
        "dutch-2017",
        "dutch-2012",
        "burstein",
        "dubov",
        "lim",
        "double-swiss",
        "rating-1998",
    ] {
        // TRF holds one result per round, not a Double-Swiss match's two games.
        let extension = if system == "double-swiss" {
            "sarb"
        } else {
            "trf"
        };
        let file = dir.join(format!("{system}.{extension}"));
        let file_s = file.to_str().expect("path");
        // ½-0, 0-½, 0-0 on single games (a match holds none).
        let unusual: &[&str] = if system == "double-swiss" {
            &[]
        } else {
            &["--unusual", "1@2-"]
        };
        let made = run(&[
            "generate",
            "--system",
            system,
            "--players",
            "31",
            "--rounds",
            "7",
            "--seed",
            "4",
            "--fpb",
            "1@3",
            "--hpb",
            "5%",
            "--zpb",
            "1@2-3",
            "--withdrawals",
            "1@4",
            "--forfeits",
            "1@1-4,10%@5-",
            "--double-forfeits",
            "1@6",
            "--pab",
            "0.5",
            "--tiebreaks",
            "BH/C1,BH,SB",
            "-o",
            file_s,
        ]
        .iter()
        .chain(unusual)
        .copied()
        .collect::<Vec<&str>>());
        assert!(
            made.status.success(),
            "{system}: {}",
            String::from_utf8_lossy(&made.stderr)
        );
        if extension == "trf" {
            let text = std::fs::read_to_string(&file).expect("written");
            assert!(text.contains("\n212 PTS,BH/C1,BH,SB\n"), "{system}: {text}");
            assert!(text.contains(" P 0.5"), "{system}: the PAB value: {text}");
        }
        let checked = run(&["check", "--system", system, "--tiebreaks", file_s]);
        let out = String::from_utf8_lossy(&checked.stdout);
        assert!(checked.status.success(), "{system}: {out}");
        assert!(
            out.contains("checked 7 rounds in 1 files: 7 identical, 0 different, 0 errors"),
            "{system}: {out}"
        );
        assert!(
            out.contains(
                "checked the final ranks of 1 files against their tie-break lists: 0 ranks differ"
            ),
            "{system}: {out}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn amounts_a_field_cannot_hold_are_refused_with_exit_2() {
    let out = std::env::temp_dir().join(format!("sa-gen-refused-{}.trf", std::process::id()));
    let out_s = out.to_str().expect("path");
    for (option, value, why) in [
        ("--hpb", "11", "byes asked, but 10 players"),
        ("--fpb", "1@8", "round 8, but the event plays 5 rounds"),
        ("--zpb", "2@4-3", "the last comes first"),
        ("--withdrawals", "4@2-4", "round 4: 4 withdrawals"),
        ("--forfeits", "6", "the round has 5 boards"),
        ("--double-forfeits", "120%", "between 0% and 100%"),
        ("--hpb", "1,2@3", "already covers"),
        (
            "--unusual",
            "6@2",
            "unusual scores asked, but the round has 5 boards",
        ),
        ("--pab", "2", "from 0 to a win"),
    ] {
        let o = run(&[
            "generate",
            "--system",
            "dutch",
            "--players",
            "10",
            "--rounds",
            "5",
            option,
            value,
            "-o",
            out_s,
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{option} {value}: {err}");
        assert!(err.contains(why), "{option} {value}: {err}");
        assert!(!out.exists(), "{option} {value}: a file was written");
    }
}

/// `crosstest` generates and checks a grid of tournaments in one process: a table line per
/// system, every round identical, and with --write the files another checker reads, the
/// same for the same seed.
#[test]
fn crosstest_checks_a_grid_and_writes_its_files() {
    let dir = std::env::temp_dir().join(format!("sa-crosstest-{}", std::process::id()));
    let dir_s = dir.to_str().expect("path");
    let o = run(&[
        "crosstest",
        "--system",
        "dutch-2026,dubov",
        "--n",
        "6",
        "--seed",
        "3",
        "--jobs",
        "2",
        "--write",
        dir_s,
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    for system in ["dutch-2026", "dubov"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(system))
            .unwrap_or_else(|| panic!("{system}: {out}"));
        let figures: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(figures[1], "6", "{line}");
        assert_eq!(figures[2], figures[3], "rounds = identical: {line}");
        assert_eq!(&figures[4..6], ["0", "0"], "{line}");
        for i in 0..6 {
            assert!(
                dir.join(format!("{system}-{i}.trf")).exists(),
                "{system}-{i}"
            );
        }
    }
    let first = std::fs::read(dir.join("dubov-4.trf")).expect("written");
    let again = run(&[
        "crosstest",
        "--system",
        "dubov",
        "--seed",
        "3",
        "--first",
        "4",
        "--n",
        "1",
        "--write",
        dir_s,
    ]);
    assert!(again.status.success());
    assert_eq!(
        std::fs::read(dir.join("dubov-4.trf")).expect("written"),
        first
    );
    let refused = run(&["crosstest", "--system", "swiss-team", "--n", "1"]);
    assert_eq!(refused.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Checklist row 76: the generator's played results follow the model asked for. Over
/// 300 players and 9 rounds (1350 games) the counts of White's wins, draws and Black's
/// wins are within four standard deviations of what the model's probabilities give game
/// by game, under the TEC statistical model and under the Elo model; and the TEC model
/// gives White the advantage the Elo model does not.
#[test]
fn results_follow_the_chosen_model() {
    use swiss_arbiter::generator::ResultModel;
    use swiss_arbiter::tournament::{Colour, GameResult};
    let mut white_share = Vec::new();
    for model in [ResultModel::Tec, ResultModel::Elo] {
        let config = GeneratorConfig {
            players: 300,
            rounds: 9,
            planned_rounds: None,
            seed: 5,
            draw_rate: 0.3,
            results: model,
            forfeit_rate: 0.0,
            bye_rate: 0.0,
            absences: Absences::default(),
            scoring: ScoringSystem::standard(),
            baku: false,
        };
        let t = generate(&config, SystemId::Dutch2026).unwrap_or_else(|_| panic!("{model:?}"));
        let (mut observed, mut expected, mut variance) = ([0.0f64; 3], [0.0f64; 3], [0.0f64; 3]);
        for p in &t.players {
            for outcome in &p.results {
                let Outcome::Game {
                    opponent,
                    colour: Colour::White,
                    result,
                    ..
                } = outcome
                else {
                    continue;
                };
                let rating =
                    |id: u32| f64::from(t.player(id).and_then(|p| p.rating).unwrap_or(1500));
                let probabilities = model.probabilities(rating(p.id), rating(*opponent), 0.3);
                let index = match result {
                    GameResult::Win => 0,
                    GameResult::Draw => 1,
                    GameResult::Loss => 2,
                };
                observed[index] += 1.0;
                for (k, q) in probabilities.iter().enumerate() {
                    expected[k] += q;
                    variance[k] += q * (1.0 - q);
                }
            }
        }
        assert!(observed.iter().sum::<f64>() >= 1300.0, "{observed:?}");
        for k in 0..3 {
            assert!(
                (observed[k] - expected[k]).abs() <= 4.0 * variance[k].sqrt(),
                "{model:?}: observed {observed:?}, expected {expected:?}"
            );
        }
        white_share.push((observed[0] + observed[1] / 2.0) / observed.iter().sum::<f64>());
    }
    assert!(white_share[0] > white_share[1] + 0.02, "{white_share:?}");
}
