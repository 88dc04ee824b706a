//! Every round of every tournament in `../shared/conformance/dutch-2017` (paired by the
//! FIDE-endorsed reference engine) is reproduced exactly: pairs, colours and bye. The
//! committed 2017 fixtures are checked always.

mod common;

use std::path::PathBuf;

use swiss_arbiter::checker::{RoundVerdict, check_tournament};
use swiss_arbiter::pairing;
use swiss_arbiter::tournament::SystemId;
use swiss_arbiter::trf;

fn check_files(files: &[PathBuf]) -> (usize, Vec<String>) {
    let engine = pairing::engine(SystemId::Dutch2017).expect("engine");
    let mut rounds = 0;
    let mut problems = Vec::new();
    for file in files {
        let t = trf::read_file(file).unwrap_or_else(|e| panic!("{e}"));
        for check in check_tournament(&t, engine.as_ref()) {
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

#[test]
fn committed_2017_fixtures_are_reproduced() {
    let files: Vec<PathBuf> = common::trf_files(&common::fixtures_dir())
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("dutch-n"))
        })
        .collect();
    assert!(!files.is_empty());
    let (rounds, problems) = check_files(&files);
    assert!(rounds >= 5, "only {rounds} rounds checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn whole_2017_corpus_is_reproduced() {
    let Some(dir) = common::conformance_dir("dutch-2017") else {
        return;
    };
    let files = common::trf_files(&dir);
    assert_eq!(files.len(), 300, "the 2017 corpus has 300 files");
    let (rounds, problems) = check_files(&files);
    eprintln!("checked {rounds} rounds in {} files", files.len());
    assert!(
        problems.is_empty(),
        "{} rounds differ:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
