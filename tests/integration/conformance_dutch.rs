//! Every round of every tournament in `../shared/conformance/dutch-2017` and
//! `dutch-2026` (paired by the reference engines) is reproduced exactly: pairs, colours
//! and bye. The committed fixtures of each version are checked always.

use crate::common;

use std::path::PathBuf;

use swiss_arbiter::conformance::{RoundVerdict, check_rounds};
use swiss_arbiter::formats::trf;
use swiss_arbiter::tournament::SystemId;

fn check_files(system: SystemId, files: &[PathBuf]) -> (usize, Vec<String>) {
    let mut rounds = 0;
    let mut problems = Vec::new();
    for file in files {
        let t = trf::read_file(file).unwrap_or_else(|e| panic!("{e}"));
        for check in check_rounds(&t, system) {
            rounds += 1;
            match check.verdict {
                RoundVerdict::Identical => {}
                RoundVerdict::Different { engine, recorded } => problems.push(format!(
                    "{}: round {}: engine {} | file {}",
                    file.display(),
                    check.round,
                    engine.summary(),
                    recorded.summary()
                )),
                RoundVerdict::Error(e) => {
                    problems.push(format!("{}: round {}: {e}", file.display(), check.round))
                }
            }
        }
    }
    (rounds, problems)
}

fn committed_fixtures(system: SystemId, prefix: &str) {
    let files: Vec<PathBuf> = common::trf_files(&common::fixtures_dir())
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    assert!(!files.is_empty());
    let (rounds, problems) = check_files(system, &files);
    assert!(rounds >= 3, "only {rounds} rounds checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn whole_corpus(system: SystemId) {
    let Some(dir) = common::conformance_dir(system.cli_name()) else {
        return;
    };
    let files = common::trf_files(&dir);
    assert_eq!(files.len(), 300, "each corpus has 300 files");
    let (rounds, problems) = check_files(system, &files);
    eprintln!("{system}: checked {rounds} rounds in {} files", files.len());
    assert!(
        problems.is_empty(),
        "{} rounds differ:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn committed_2017_fixtures_are_reproduced() {
    committed_fixtures(SystemId::Dutch2017, "dutch2017-");
}

#[test]
fn committed_2026_fixtures_are_reproduced() {
    committed_fixtures(SystemId::Dutch2026, "dutch2026-");
}

/// The fixture that pairs differently under the two rule versions really does.
#[test]
fn rule_versions_differ_where_they_should() {
    let path = common::fixtures_dir().join("dutch2026-n005-r03-s3100063.trf");
    let (_, problems) = check_files(SystemId::Dutch2017, &[path]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("round 2"), "{}", problems[0]);
}

#[test]
fn whole_2017_corpus_is_reproduced() {
    whole_corpus(SystemId::Dutch2017);
}

#[test]
fn whole_2026_corpus_is_reproduced() {
    whole_corpus(SystemId::Dutch2026);
}
