//! Every round of every tournament in `../shared/conformance/dutch-2012` (paired round by
//! round by JaVaFo 1.4, the engine FIDE endorsed for the Istanbul 2012 rules) is
//! re-paired: pairs, colours and bye must be identical, except for the rounds listed in
//! [`KNOWN_DIFFERENCES`]. The committed `dutch2012-*` fixtures are checked always.

mod common;

use std::path::PathBuf;

use swiss_arbiter::checker::{RoundVerdict, check_tournament};
use swiss_arbiter::pairing;
use swiss_arbiter::tournament::SystemId;
use swiss_arbiter::trf;

/// Corpus rounds this engine still pairs differently from JaVaFo 1.4 (file stem, round).
/// All of them are decided at the bottom of the field. In several of them JaVaFo floats a
/// player whom no one in the next bracket can meet although another set of downfloaters
/// of the same size and scores exists, where this engine applies C.1/C.12 (another set);
/// counting the next bracket's pairs instead of such stranded players reproduces five of
/// them but breaks about thirty other rounds, so the reading stays open. A round that
/// starts to agree must be removed from this list; one that starts to differ fails the
/// test.
const KNOWN_DIFFERENCES: &[(&str, u32)] = &[
    ("dutch2012-n014-r12-k51x73", 9),
    ("dutch2012-n015-r11-k51x52", 8),
    ("dutch2012-n015-r12-k51x167", 11),
    ("dutch2012-n020-r09-k51x153", 8),
    ("dutch2012-n020-r13-k51x155", 7),
    ("dutch2012-n023-r13-k51x110", 12),
    ("dutch2012-n024-r13-k51x119", 13),
    ("dutch2012-n047-r09-k51x177", 8),
];

/// Checks every round of `files`: the number of rounds and, per differing round, its file
/// stem, round and a description.
fn check_files(files: &[PathBuf]) -> (usize, Vec<(String, u32, String)>) {
    let engine = pairing::engine(SystemId::Dutch2012);
    let mut rounds = 0;
    let mut problems = Vec::new();
    for file in files {
        let t = trf::read_file(file).unwrap_or_else(|e| panic!("{e}"));
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        for check in check_tournament(&t, engine.as_ref()) {
            rounds += 1;
            let detail = match check.verdict {
                RoundVerdict::Identical => continue,
                RoundVerdict::Different { engine, recorded } => {
                    format!("engine {} | file {}", engine.summary(), recorded.summary())
                }
                RoundVerdict::Error(e) => e.to_string(),
            };
            problems.push((stem.clone(), check.round, detail));
        }
    }
    (rounds, problems)
}

fn report(problems: &[(String, u32, String)]) -> String {
    problems
        .iter()
        .map(|(stem, round, detail)| format!("{stem}: round {round}: {detail}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The fixtures cover the 2012 readings: forfeit losses are not floats (B.1.b), E.5 after
/// round 1, E.2 between absolute preferences, the bye bar lifted when nobody may take
/// the bye, the C.1/C.12 look-ahead, the merged lowest bracket and its B.3 factor (D.4),
/// and C.13's join of a penultimate bracket that cannot keep its MDPs paired (n014 x217
/// round 6, n023 x311 rounds 6 and 7: a homogeneous merged bracket; n040 x243 round 13:
/// a heterogeneous one whose S1 players meet each other).
#[test]
fn committed_2012_fixtures_are_reproduced() {
    let files: Vec<PathBuf> = common::trf_files(&common::fixtures_dir())
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("dutch2012-"))
        })
        .collect();
    assert!(files.len() >= 11, "{files:?}");
    let (rounds, problems) = check_files(&files);
    assert!(rounds >= 30, "only {rounds} rounds checked");
    assert!(problems.is_empty(), "{}", report(&problems));
}

/// The 2012 rules pair some fixture rounds differently from the 2017 rules, so the
/// fixtures really test the 2012 rule-set.
#[test]
fn fixtures_tell_2012_from_2017() {
    let path = common::fixtures_dir().join("dutch2012-n011-r05-k51x152.trf");
    let t = trf::read_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let engine = pairing::engine(SystemId::Dutch2017);
    let differing = check_tournament(&t, engine.as_ref())
        .into_iter()
        .filter(|c| c.verdict != RoundVerdict::Identical)
        .count();
    assert!(differing > 0);
}

#[test]
fn whole_2012_corpus_is_reproduced() {
    let Some(dir) = common::conformance_dir(SystemId::Dutch2012.cli_name()) else {
        return;
    };
    let files = common::trf_files(&dir);
    assert_eq!(files.len(), 300, "the corpus has 300 files");
    let (rounds, problems) = check_files(&files);
    eprintln!(
        "dutch-2012: checked {rounds} rounds in {} files, {} known differences",
        files.len(),
        problems.len()
    );
    let unexpected: Vec<_> = problems
        .iter()
        .filter(|(stem, round, _)| !KNOWN_DIFFERENCES.contains(&(stem.as_str(), *round)))
        .cloned()
        .collect();
    assert!(unexpected.is_empty(), "{}", report(&unexpected));
    let now_identical: Vec<_> = KNOWN_DIFFERENCES
        .iter()
        .filter(|(stem, round)| !problems.iter().any(|(s, r, _)| s == stem && r == round))
        .collect();
    assert!(
        now_identical.is_empty(),
        "now identical, remove from KNOWN_DIFFERENCES: {now_identical:?}"
    );
}
