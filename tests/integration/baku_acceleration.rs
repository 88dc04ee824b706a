//! Baku acceleration (C.04.7) against FIDE's own implementation: tournaments generated
//! and paired round by round by the `gacrux` package with Baku acceleration (its explicit
//! `250` records) are reproduced by our 2026 engine, and our Baku method computes the same
//! group A and virtual points as those records.

use crate::common;

use std::path::PathBuf;

use swiss_arbiter::conformance::{RoundVerdict, check_rounds};
use swiss_arbiter::formats::trf;
use swiss_arbiter::tournament::SystemId;

fn files() -> Vec<PathBuf> {
    let files = common::trf_files(&common::fixtures_dir().join("baku"));
    assert!(files.len() >= 10, "expected the accelerated fixtures");
    files
}

#[test]
fn gacrux_accelerated_tournaments_are_reproduced() {
    let mut rounds = 0;
    for file in files() {
        let t = trf::read_file(&file).unwrap_or_else(|e| panic!("{e}"));
        for check in check_rounds(&t, SystemId::Dutch2026) {
            rounds += 1;
            assert_eq!(
                check.verdict,
                RoundVerdict::Identical,
                "{} round {}",
                file.display(),
                check.round
            );
        }
    }
    assert!(rounds >= 80, "only {rounds} rounds");
}

#[test]
fn our_baku_method_gives_the_recorded_virtual_points() {
    for file in files() {
        let recorded = trf::read_file(&file).unwrap_or_else(|e| panic!("{e}"));
        assert!(!recorded.event.acceleration.virtual_points.is_empty());
        let mut computed = recorded.clone();
        computed.event.acceleration.virtual_points.clear();
        computed.event.acceleration.baku = true;
        for player in &recorded.players {
            for round in 1..=recorded.planned_rounds() {
                assert_eq!(
                    computed.virtual_points(player.id, round),
                    recorded.virtual_points(player.id, round),
                    "{}: player {} round {round}",
                    file.display(),
                    player.id
                );
            }
        }
    }
}
