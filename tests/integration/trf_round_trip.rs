//! Every TRF we know of reads without error, and read → write → read gives the same model,
//! in both TRF-2026 and TRF-16.

use crate::common;

use std::path::Path;

use swiss_arbiter::formats::trf::{self, Dialect};
use swiss_arbiter::tournament::Tournament;

fn round_trip(path: &Path) {
    let original = trf::read_file(path).unwrap_or_else(|e| panic!("{e}"));
    let name = path.display().to_string();
    let text26 = trf::write(&original, Dialect::Trf26).expect("fits");
    let again = trf::read(text26.as_bytes(), &name)
        .unwrap_or_else(|e| panic!("TRF-2026 re-read: {e}\n{text26}"));
    assert_eq!(again, original, "TRF-2026 round trip of {name}");
    let text16 = trf::write(&original, Dialect::Trf16).expect("fits");
    let again = trf::read(text16.as_bytes(), &name)
        .unwrap_or_else(|e| panic!("TRF-16 re-read: {e}\n{text16}"));
    assert_eq!(
        common::trf16_view(&again),
        common::trf16_view(&original),
        "TRF-16 round trip of {name}"
    );
}

#[test]
fn committed_fixtures_round_trip() {
    let files = common::trf_files(&common::fixtures_dir());
    assert!(
        files.len() >= 12,
        "expected at least a dozen fixtures, found {}",
        files.len()
    );
    for file in files {
        round_trip(&file);
    }
}

#[test]
fn whole_corpus_round_trips() {
    let mut count = 0;
    for sub in ["dutch-2017", "dutch-2026", "dutch-2012", "examples"] {
        let Some(dir) = common::conformance_dir(sub) else {
            return;
        };
        for file in common::trf_files(&dir) {
            round_trip(&file);
            count += 1;
        }
    }
    assert!(count >= 900, "expected the 900 corpus files, read {count}");
    eprintln!("round-tripped {count} corpus files");
}

/// A Double-Swiss file without a `162` record scores byes and the PAB per match (C.04.5:
/// the PAB is a game won and a game drawn, 1.5), and any scoring of a Double-Swiss event
/// comes back from TRF-2026 as it was written.
#[test]
fn double_swiss_scoring_defaults_and_round_trips() {
    use swiss_arbiter::tournament::{Player, ScoringSystem, SystemId};

    let text = "012 Double\n192 FIDE_DOUBLESWISS\n\
                001    1      Player0001                        2100                             0.0    1\n\
                001    2      Player0002                        2000                             0.0    2\n";
    let t = trf::read(text.as_bytes(), "double.trf").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.event.system, Some(SystemId::DoubleSwiss));
    let expected = ScoringSystem::double_swiss(ScoringSystem::standard());
    assert_eq!(t.event.scoring, expected);
    assert_eq!(t.event.scoring.pab.to_string(), "1.5");

    for scoring in [
        expected,
        ScoringSystem::standard(),
        ScoringSystem::double_swiss(ScoringSystem::three_one_zero()),
    ] {
        let mut t = Tournament::default();
        t.event.system = Some(SystemId::DoubleSwiss);
        t.event.scoring = scoring;
        t.players = (1..=2)
            .map(|id| Player::new(id, format!("P{id}")))
            .collect();
        let text = trf::write(&t, Dialect::Trf26).expect("fits");
        assert_eq!(text.contains("\n162 "), scoring != expected, "{text}");
        let again = trf::read(text.as_bytes(), "again.trf").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again.event.scoring, scoring, "{text}");
    }
}

/// Leaving FIDE mode is a `###` line of TRF-2026 that reads back as the mode (not as a
/// comment); TRF-16 has no comments, and the export says what it loses.
#[test]
fn leaving_fide_mode_round_trips_through_trf_2026_and_is_named_as_lost_in_trf_16() {
    let mut t = trf::read_file(&common::fixtures_dir().join("dutch2026-n010-r04-s3100008.trf"))
        .expect("fixture");
    t.event.comments.push(" a comment of the arbiter".into());
    t.leave_fide_mode("late corrections", "2026-11-26T09:00:00Z".into());
    let text = trf::write(&t, Dialect::Trf26).expect("written");
    let back = trf::read(text.as_bytes(), "left.trf").expect("reads back");
    assert_eq!(back.event.fide_mode, t.event.fide_mode);
    assert_eq!(
        back.event.comments, t.event.comments,
        "the other comments stay"
    );
    assert!(trf::dropped_by_trf(&t, Dialect::Trf26).is_empty());
    let lost = trf::dropped_by_trf(&t, Dialect::Trf16);
    assert!(
        lost.iter().any(|l| l.contains("leaving FIDE mode")),
        "{lost:?}"
    );
}

/// A TRF whose scoring FIDE refuses (two draws above a win and a loss, a PAB above a win)
/// is read as it is, and the reading says so with the checklist's rule (Q74, Q81); out of
/// FIDE mode it says nothing.
#[test]
fn a_scoring_fide_refuses_is_read_and_named() {
    let path = common::fixtures_dir().join("mastering-dutch-r1.trf");
    let text = std::fs::read_to_string(&path).expect("fixture");
    let with = |record: &str| text.replacen('\n', &format!("\n{record}\n"), 1);
    let warnings = |record: &str| {
        let (_, reading) =
            trf::read_reporting(with(record).as_bytes(), "scoring.trf").expect("reads");
        reading.warnings
    };
    assert!(
        warnings("162  W 1.0    D 1.0")
            .iter()
            .any(|w| w.contains("Q74"))
    );
    assert!(
        warnings("162  W 1.0    P 1.5")
            .iter()
            .any(|w| w.contains("Q81"))
    );
    assert!(warnings("162  W 3.0    D 1.0").is_empty(), "3-1-0 is sound");
    let left = "### FIDE mode left @ Round 0: a club event (2026-11-26T09:00:00Z)";
    assert!(warnings(&format!("162  W 1.0    D 1.0\n{left}")).is_empty());
}
