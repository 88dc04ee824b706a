//! The owner's rules in process: what a submission changes, what a restart replays, and
//! that a refused submission changes nothing.

use std::path::Path;

use crate::document::{Document, Edit, FoundPairing};
use crate::formats::native;
use crate::generator::{GeneratorConfig, generate};
use crate::pairing::PairingRequest;
use crate::tournament::{BoardResult, ScoringSystem, SystemId};

use super::*;

/// Ten players, two rounds played, round 3 published without results, saved in `dir`.
fn event(dir: &Path) -> (std::path::PathBuf, Document) {
    let config = GeneratorConfig {
        players: 10,
        rounds: 2,
        planned_rounds: Some(5),
        seed: 3,
        draw_rate: 0.3,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        absences: Default::default(),
        scoring: ScoringSystem::standard(),
        baku: false,
    };
    let t = generate(&config, SystemId::Dutch2026).unwrap();
    let mut doc = Document::new(vec![t], None, false);
    let pairing = PairingRequest::new(doc.current(), SystemId::Dutch2026, Some(3))
        .unwrap()
        .pair()
        .unwrap();
    doc.apply(Edit::RecordPairing(Box::new(FoundPairing::Players(
        pairing,
    ))))
    .unwrap();
    doc.apply(Edit::Publish(3)).unwrap();
    let path = dir.join("e.sarb");
    native::save_sections(doc.sections(), &path).unwrap();
    (
        path.clone(),
        Document::new(doc.sections().to_vec(), Some(path), false),
    )
}

fn entry(secret: &Secret, board: usize, side: Side, result: Choice, key: &str) -> Submission {
    Submission {
        key: key.to_string(),
        credential: Credential::Board {
            token: secret.board_token(0, 3, board),
            side,
        },
        section: 0,
        round: 3,
        board,
        result,
    }
}

fn result(doc: &Document, board: usize) -> BoardResult {
    doc.current().boards(3)[board - 1].result
}

#[test]
fn a_restart_replays_what_was_acknowledged_once() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut doc) = event(dir.path());
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    let s = venue.secret().clone();
    let w = venue.submit(
        &mut doc,
        entry(&s, 1, Side::White, Choice::Draw, "key-00001"),
        10,
    );
    assert_eq!(w.outcome, Outcome::Waiting);
    let b = venue.submit(
        &mut doc,
        entry(&s, 1, Side::Black, Choice::Draw, "key-00002"),
        11,
    );
    assert_eq!(b.outcome, Outcome::Recorded);
    assert_eq!(result(&doc, 1), BoardResult::Draw);
    let w2 = venue.submit(
        &mut doc,
        entry(&s, 2, Side::White, Choice::WhiteWins, "key-00003"),
        12,
    );
    assert_eq!(w2.outcome, Outcome::Waiting);
    let secret = s.clone();
    drop(venue);

    // A crash: the event file was never saved. The journal brings both back, once.
    for _ in 0..2 {
        let mut again = Document::new(
            native::load_sections(&path).unwrap(),
            Some(path.clone()),
            false,
        );
        let (mut venue, replayed) = Venue::open(&path, &mut again).unwrap();
        let s = venue.secret().clone();
        assert_eq!(replayed, 3);
        assert_eq!(venue.secret(), &secret, "printed tokens stay valid");
        assert_eq!(result(&again, 1), BoardResult::Draw);
        assert_eq!(
            venue
                .entries_on(&board_key(again.current(), 0, 3, 2).unwrap())
                .len(),
            1
        );
        // A retried submission gets its first answer and changes nothing.
        let before = again.revision();
        let repeat = venue.submit(
            &mut again,
            entry(&s, 1, Side::Black, Choice::Draw, "key-00002"),
            20,
        );
        assert_eq!(repeat, b);
        assert_eq!(again.revision(), before);
    }

    // Saved and folded: the journal is empty, the state keeps the waiting entry.
    let mut doc = Document::new(
        native::load_sections(&path).unwrap(),
        Some(path.clone()),
        false,
    );
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    native::save_sections(doc.sections(), &path).unwrap();
    venue.fold(venue.last_seq()).unwrap();
    drop(venue);
    let mut doc = Document::new(
        native::load_sections(&path).unwrap(),
        Some(path.clone()),
        false,
    );
    let (venue, replayed) = Venue::open(&path, &mut doc).unwrap();
    assert_eq!(replayed, 0);
    assert_eq!(result(&doc, 1), BoardResult::Draw);
    assert_eq!(
        venue.waiting(doc.sections()).len(),
        1,
        "White's entry on board 2"
    );
}

#[test]
fn a_refused_submission_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut doc) = event(dir.path());
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    let s = venue.secret().clone();
    let journal = std::fs::read(state::with_suffix(&path, ".journal")).unwrap();
    let sections = doc.sections().to_vec();
    let wrong_board = Submission {
        board: 2,
        ..entry(&s, 1, Side::White, Choice::WhiteWins, "key-10001")
    };
    let forfeit = entry(&s, 1, Side::White, Choice::WhiteForfeitWin, "key-10002");
    let no_round = Submission {
        round: 4,
        ..entry(&s, 1, Side::White, Choice::WhiteWins, "key-10003")
    };
    let deputy = Submission {
        credential: Credential::Deputy("0123456789ab".into()),
        ..entry(&s, 1, Side::White, Choice::WhiteWins, "key-10004")
    };
    for (sub, status) in [
        (wrong_board, 403),
        (forfeit, 422),
        (no_round, 404),
        (deputy, 403),
    ] {
        let reply = venue.submit(&mut doc, sub, 5);
        assert_eq!(
            (reply.status, reply.outcome),
            (status, Outcome::Refused),
            "{}",
            reply.message
        );
    }
    assert_eq!(doc.sections(), &sections[..]);
    assert_eq!(
        std::fs::read(state::with_suffix(&path, ".journal")).unwrap(),
        journal
    );
    assert!(venue.waiting(doc.sections()).is_empty());
}

#[test]
fn a_code_expires_and_a_revoked_one_stays_revoked_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut doc) = event(dir.path());
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    let s = venue.secret().clone();
    let code = venue
        .add_code("Anna", 0, (1, 5), Rights::FillBlank, 100)
        .unwrap();
    let sub = |key: &str| Submission {
        credential: Credential::Deputy(grouped(&code).to_uppercase()),
        ..entry(&s, 1, Side::White, Choice::BlackWins, key)
    };
    let late = venue.submit(&mut doc, sub("key-20001"), 100);
    assert_eq!((late.status, late.outcome), (403, Outcome::Refused));
    let ok = venue.submit(&mut doc, sub("key-20002"), 99);
    assert_eq!(ok.outcome, Outcome::Recorded, "{}", ok.message);
    assert!(venue.revoke(1).unwrap());
    drop(venue);
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    assert!(venue.codes()[0].revoked);
    assert_eq!(venue.codes()[0].writes, 1);
    let revoked = Submission {
        board: 2,
        ..sub("key-20003")
    };
    assert_eq!(venue.submit(&mut doc, revoked, 50).status, 403);
}

#[test]
fn a_player_cannot_overwrite_the_arbiters_result() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut doc) = event(dir.path());
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    let s = venue.secret().clone();
    let board = board_key(doc.current(), 0, 3, 1).unwrap();
    doc.apply(Edit::SetResult {
        round: 3,
        white: board.white,
        black: board.black,
        result: BoardResult::Draw,
    })
    .unwrap();
    for (side, key) in [(Side::White, "key-30001"), (Side::Black, "key-30002")] {
        let r = venue.submit(&mut doc, entry(&s, 1, side, Choice::WhiteWins, key), 5);
        assert_eq!(r.outcome, Outcome::Queued);
    }
    assert_eq!(result(&doc, 1), BoardResult::Draw);
    assert_eq!(
        venue.waiting(doc.sections()).len(),
        2,
        "both disputes for the arbiter"
    );
}

#[test]
fn one_program_at_a_time_owns_the_venue_network() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut doc) = event(dir.path());
    let (venue, _) = Venue::open(&path, &mut doc).unwrap();
    let second = Venue::open(&path, &mut doc).unwrap_err();
    assert_eq!(second.kind(), std::io::ErrorKind::WouldBlock);
    assert!(second.to_string().contains("already running"), "{second}");
    drop(venue);
    assert!(
        Venue::open(&path, &mut doc).is_ok(),
        "released when the first closes"
    );
}
