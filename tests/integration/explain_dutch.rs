//! Explanations and the manual-pairing check on real tournaments: on every round of the
//! Dutch conformance corpora (and the committed fixtures), the engine's own pairing breaks
//! no absolute criterion and follows the colour rules, and no pairing obtained from it by
//! swapping two players of different pairs (or a player and the PAB assignee) that meets
//! the absolute criteria is better on the criteria, bracket by bracket in priority order.

use crate::common;

use std::path::PathBuf;

use swiss_arbiter::formats::trf;
use swiss_arbiter::pairing::{Comparison, Pair, PairingRequest, RoundPairing};
use swiss_arbiter::tournament::SystemId;

/// A small deterministic generator (xorshift), so every run checks the same swaps.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Swaps the players in seats `a` and `b` (seat `2i` is board i's White, `2i+1` its
/// Black, the last seat the PAB).
fn swapped(p: &RoundPairing, a: usize, b: usize) -> RoundPairing {
    let mut seats: Vec<u32> = p.pairs.iter().flat_map(|x| [x.white, x.black]).collect();
    seats.extend(p.bye);
    seats.swap(a, b);
    let boards = p.pairs.len();
    RoundPairing {
        round: p.round,
        pairs: (0..boards)
            .map(|i| Pair {
                white: seats[2 * i],
                black: seats[2 * i + 1],
            })
            .collect(),
        bye: p.bye.map(|_| seats[2 * boards]),
    }
}

#[derive(Default, Debug)]
struct Tally {
    rounds: usize,
    swaps: usize,
    legal: usize,
    worse: usize,
    same: usize,
    problems: Vec<String>,
}

fn check_files(system: SystemId, files: &[PathBuf], swaps_per_round: usize) -> Tally {
    let mut tally = Tally::default();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for file in files {
        let t = trf::read_file(file).unwrap_or_else(|e| panic!("{e}"));
        for round in (1..=t.rounds_recorded()).filter(|&r| t.is_paired(r)) {
            let explainer = match PairingRequest::recorded(&t, system, round).explain() {
                Ok(e) => e,
                Err(e) => {
                    tally
                        .problems
                        .push(format!("{}: round {round}: {e}", file.display()));
                    continue;
                }
            };
            tally.rounds += 1;
            let own = explainer.check(explainer.pairing());
            let place = format!("{}: round {round}", file.display());
            if !own.errors.is_empty() || !own.colour_breaks.is_empty() {
                tally.problems.push(format!(
                    "{place}: the engine's own pairing is flagged: {:?} {:?}",
                    own.errors, own.colour_breaks
                ));
            }
            if own.comparison != Comparison::Equal {
                tally.problems.push(format!(
                    "{place}: the engine's pairing differs from itself: {:?}",
                    own.comparison
                ));
            }
            let p = explainer.pairing();
            let seats = 2 * p.pairs.len() + usize::from(p.bye.is_some());
            if p.pairs.len() < 2 {
                continue;
            }
            for swap in 0..swaps_per_round {
                let a = rng.below(seats);
                let mut b = rng.below(seats);
                while b / 2 == a / 2 {
                    b = rng.below(seats);
                }
                let manual = swapped(p, a, b);
                let check = explainer.check(&manual);
                tally.swaps += 1;
                // The check measures brackets only down to the first difference; the
                // explained check measures every bracket: both must compare alike.
                if swap == 0 {
                    let full = explainer.check_explained(&manual);
                    if full.comparison != check.comparison || full.explanation.is_none() {
                        tally.problems.push(format!(
                            "{place}: swap {}: lazy {:?} but full {:?}",
                            manual.summary(),
                            check.comparison,
                            full.comparison
                        ));
                    }
                }
                if !check.is_valid() {
                    continue;
                }
                tally.legal += 1;
                match &check.comparison {
                    Comparison::Differs { worse: true, .. } => tally.worse += 1,
                    Comparison::SameQuality { .. } => tally.same += 1,
                    other => tally.problems.push(format!(
                        "{place}: swap {} gives {other:?}\n{}",
                        manual.summary(),
                        explainer.explanation().to_text()
                    )),
                }
            }
        }
    }
    tally
}

fn fixtures(prefix: &str) -> Vec<PathBuf> {
    common::trf_files(&common::fixtures_dir())
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect()
}

fn assert_clean(system: SystemId, tally: &Tally) {
    eprintln!(
        "{system:?}: {tally:?}",
        tally = (
            tally.rounds,
            tally.swaps,
            tally.legal,
            tally.worse,
            tally.same
        )
    );
    assert!(
        tally.problems.is_empty(),
        "{} problems, the first:\n{}",
        tally.problems.len(),
        tally
            .problems
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(tally.legal > 0, "no legal swap was tried");
}

#[test]
fn committed_fixtures_explain_and_swaps_are_never_better() {
    for (system, prefix) in [
        (SystemId::Dutch2026, "dutch2026"),
        (SystemId::Dutch2017, "dutch2017"),
    ] {
        let tally = check_files(system, &fixtures(prefix), 40);
        assert!(tally.rounds >= 3);
        assert_clean(system, &tally);
    }
}

/// Swaps tried per round: `EXPLAIN_SWAPS`, or `default`.
fn swaps_per_round(default: usize) -> usize {
    std::env::var("EXPLAIN_SWAPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The check at scale: `EXPLAIN_DIR=W` checks the tournaments of an endorsement run's work
/// folder (`tests/endorsement/run.py --work W`: W/2017/A, W/2017/B, …) in place of the
/// corpus, for example
/// `EXPLAIN_DIR=W EXPLAIN_SWAPS=20 cargo test --release --test integration explain_dutch`.
fn endorsement_files(system: SystemId) -> Option<Vec<PathBuf>> {
    let work = PathBuf::from(std::env::var_os("EXPLAIN_DIR")?);
    let version = system.cli_name().trim_start_matches("dutch-");
    let files = ["A", "B"]
        .iter()
        .flat_map(|d| common::trf_files(&work.join(version).join(d)))
        .collect();
    Some(files)
}

fn whole_corpus(system: SystemId) {
    let swaps = swaps_per_round(4);
    let tally = if let Some(files) = endorsement_files(system) {
        check_files(system, &files, swaps)
    } else {
        let Some(dir) = common::conformance_dir(system.cli_name()) else {
            return;
        };
        let tally = check_files(system, &common::trf_files(&dir), swaps);
        assert!(tally.rounds >= 2000, "only {} rounds", tally.rounds);
        tally
    };
    assert_clean(system, &tally);
}

/// Dutch 2012 (Istanbul): the committed fixtures and the first 20 files of the JaVaFo 1.4
/// corpus (the whole corpus would take minutes in debug).
#[test]
fn dutch_2012_explains_and_swaps_are_never_better() {
    if let Some(files) = endorsement_files(SystemId::Dutch2012) {
        let tally = check_files(SystemId::Dutch2012, &files, swaps_per_round(40));
        assert_clean(SystemId::Dutch2012, &tally);
        return;
    }
    let mut files = fixtures("dutch2012");
    match common::conformance_dir(SystemId::Dutch2012.cli_name()) {
        Some(dir) => files.extend(common::trf_files(&dir).into_iter().take(20)),
        None => eprintln!("dutch-2012 corpus absent: only the committed fixtures are checked"),
    }
    let tally = check_files(SystemId::Dutch2012, &files, 40);
    assert!(tally.rounds >= 40, "only {} rounds", tally.rounds);
    assert_clean(SystemId::Dutch2012, &tally);
}

#[test]
fn corpus_2026_explains_and_swaps_are_never_better() {
    whole_corpus(SystemId::Dutch2026);
}

#[test]
fn corpus_2017_explains_and_swaps_are_never_better() {
    whole_corpus(SystemId::Dutch2017);
}

/// Arbiter's pairings that the explainer once judged better than the engine's, each found
/// by a swap on a fresh tournament that bbpPairings 5.0.1 pairs as we do, round by round:
/// - a CLB resident paired down in it (27, on 9.0, against 15, on 7.0) floats down as
///   the previous round, when his half-point bye counted as a downfloat (A.4): worse at
///   C.12, which the explainer counted only for the players leaving a bracket;
/// - a player floated into the last bracket (27) is paired there in the look-ahead only
///   if the pairing leaves the PAB to a player who may receive it (C.2); neither of the
///   others may: his C.7 is the engine's, and he downfloated two rounds before (C.14).
#[test]
fn swaps_once_judged_better_are_worse() {
    assert_worse(
        "dutch2017-n030-r12-clb-resident-paired-down.trf",
        10,
        &[
            (4, 2),
            (3, 8),
            (1, 13),
            (20, 9),
            (23, 17),
            (21, 11),
            (27, 15),
            (24, 14),
            (26, 22),
        ],
        19,
        "C.12",
    );
    assert_worse(
        "dutch2017-n039-r15-last-bracket-keeps-a-legal-pab.trf",
        8,
        &[
            (4, 3),
            (6, 5),
            (7, 1),
            (9, 13),
            (11, 21),
            (8, 18),
            (10, 23),
            (20, 37),
            (22, 16),
            (28, 24),
            (25, 29),
            (34, 35),
            (38, 33),
            (31, 39),
        ],
        27,
        "C.14",
    );
}

/// The arbiter's pairing `pairs` (White, Black) with the PAB to `bye` of round `round` of
/// the Dutch 2017 fixture `name` is legal and worse than the engine's, first at `article`.
fn assert_worse(name: &str, round: u32, pairs: &[(u32, u32)], bye: u32, article: &str) {
    let path = common::fixtures_dir().join(name);
    let t = trf::read_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let explainer = PairingRequest::recorded(&t, SystemId::Dutch2017, round)
        .explain()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let manual = RoundPairing {
        round,
        pairs: pairs
            .iter()
            .map(|&(white, black)| Pair { white, black })
            .collect(),
        bye: Some(bye),
    };
    let check = explainer.check(&manual);
    assert!(check.is_valid(), "{name}: {:?}", check.errors);
    match check.comparison {
        Comparison::Differs {
            worse: true,
            article: found,
            ..
        } if found == article => {}
        other => panic!("{name}: {other:?}"),
    }
}
