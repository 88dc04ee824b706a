//! Captains' line-ups: kept for the arbiter, durably and once; refused, with nothing
//! changed, outside the code's team or the competition's rules.

use std::path::{Path, PathBuf};

use crate::document::{Document, Edit, FoundPairing};
use crate::formats::native;
use crate::pairing::TeamPairing;
use crate::tournament::{Colour, Player, SystemId, Team, Tournament};
use crate::venue::{
    BoardKey, Choice, Credential, LineupSubmission, Outcome, Request, Rights, Side, Submission,
    Venue,
};

/// Three teams of five players (four boards and a reserve; team `i` has players
/// `5i-4..=5i`); round 1 paired (teams 1 and 2 meet, team 3 has the bye), published
/// when `published`; saved in `dir`.
fn team_event(dir: &Path, published: bool) -> (PathBuf, Document) {
    let mut t = Tournament {
        players: (1..=15)
            .map(|id| Player::new(id, format!("P{id}")))
            .collect(),
        teams: (1..=3)
            .map(|i| Team::new(i, format!("T{i}"), (5 * i - 4..=5 * i).collect()))
            .collect(),
        ..Tournament::default()
    };
    t.event.system = Some(SystemId::FideTeam);
    t.event.rounds = Some(3);
    t.event.team_scoring.boards = 4;
    t.event.initial_colour = Some(Colour::White);
    let mut doc = Document::new(vec![t], None, false);
    doc.apply(Edit::RecordPairing(Box::new(FoundPairing::Teams(
        TeamPairing {
            round: 1,
            matches: vec![(1, 2)],
            bye: Some(3),
        },
    ))))
    .unwrap();
    if published {
        doc.apply(Edit::Publish(1)).unwrap();
    }
    let path = dir.join("teams.sarb");
    native::save_sections(doc.sections(), &path).unwrap();
    let doc = Document::new(doc.sections().to_vec(), Some(path.clone()), false);
    (path, doc)
}

fn lineup(code: &str, team: u32, players: &[u32], key: &str) -> LineupSubmission {
    LineupSubmission {
        key: key.to_string(),
        code: code.to_string(),
        section: 0,
        round: 1,
        team,
        players: players.iter().map(|&p| (p != 0).then_some(p)).collect(),
    }
}

fn boards(doc: &Document, team: u32) -> Vec<Option<u32>> {
    doc.current().team_lineup(1, team).unwrap().boards
}

#[test]
fn a_captains_lineup_waits_for_the_arbiter_durably_and_once() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut doc) = team_event(dir.path(), true);
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    let code = venue
        .add_code("Captain T1", 0, (0, 0), Rights::Captain { team: 1 }, 100)
        .unwrap();
    let before = boards(&doc, 1);
    assert_eq!(before, vec![Some(1), Some(2), Some(3), Some(4)]);

    // The reserve plays board 4.
    let sent = lineup(&code, 1, &[1, 2, 3, 5], "lineup-0001");
    let reply = venue.handle(&mut doc, Request::Lineup(sent.clone()), 10);
    assert_eq!(
        (reply.status, reply.outcome),
        (202, Outcome::Queued),
        "{reply:?}"
    );
    assert_eq!(
        boards(&doc, 1),
        before,
        "the arbiter accepts it, not the phone"
    );
    let waiting = venue.lineups(doc.sections());
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0].players, sent.players);

    // A double tap: the same answer, one item.
    let seq = venue.last_seq();
    assert_eq!(venue.submit_lineup(doc.sections(), sent, 11), reply);
    assert_eq!(venue.last_seq(), seq);
    assert_eq!(venue.lineups(doc.sections()).len(), 1);

    // A crash: the line-up is still there.
    drop(venue);
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    let waiting = venue.lineups(doc.sections());
    assert_eq!(waiting.len(), 1, "kept through a restart");

    // A second line-up of the team replaces the first.
    let again = lineup(&code, 1, &[1, 2, 4, 5], "lineup-0002");
    assert_eq!(
        venue
            .submit_lineup(doc.sections(), again.clone(), 12)
            .outcome,
        Outcome::Queued
    );
    let waiting = venue.lineups(doc.sections());
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0].players, again.players);

    // The arbiter accepts it through the one door.
    doc.apply_to(0, Venue::lineup_edit(&waiting[0])).unwrap();
    venue.resolve_lineup(waiting[0].id).unwrap();
    assert_eq!(boards(&doc, 1), again.players);
    assert!(venue.lineups(doc.sections()).is_empty());
    assert!(doc.current().check().is_ok());

    // Sending the line-up the team has changes nothing.
    let same = lineup(&code, 1, &[1, 2, 4, 5], "lineup-0003");
    let seq = venue.last_seq();
    let reply = venue.submit_lineup(doc.sections(), same, 13);
    assert_eq!(reply.outcome, Outcome::Unchanged);
    assert_eq!(venue.last_seq(), seq);
}

#[test]
fn a_lineup_outside_the_code_or_the_rules_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut doc) = team_event(dir.path(), true);
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    let captain = venue
        .add_code("Captain T1", 0, (0, 0), Rights::Captain { team: 1 }, 100)
        .unwrap();
    let deputy = venue
        .add_code("Deputy", 0, (1, 8), Rights::Correct, 100)
        .unwrap();
    let expired = venue
        .add_code("Old", 0, (0, 0), Rights::Captain { team: 1 }, 5)
        .unwrap();
    let white = doc.current().boards(1)[0].white;
    let black = doc.current().boards(1)[0].black;
    let before = doc.sections().to_vec();
    let seq = venue.last_seq();
    let cases: Vec<(&str, Request, u16)> = vec![
        (
            "another team's line-up",
            Request::Lineup(lineup(&captain, 2, &[6, 7, 8, 9], "refused-001")),
            403,
        ),
        (
            "a deputy's code",
            Request::Lineup(lineup(&deputy, 1, &[1, 2, 3, 5], "refused-002")),
            403,
        ),
        (
            "an expired code",
            Request::Lineup(lineup(&expired, 1, &[1, 2, 3, 5], "refused-003")),
            403,
        ),
        (
            "no code",
            Request::Lineup(lineup("", 1, &[1, 2, 3, 5], "refused-004")),
            403,
        ),
        (
            "out of the roster's order",
            Request::Lineup(lineup(&captain, 1, &[2, 1, 3, 4], "refused-005")),
            422,
        ),
        (
            "a player of another team",
            Request::Lineup(lineup(&captain, 1, &[1, 2, 3, 6], "refused-006")),
            422,
        ),
        (
            "a player on two boards",
            Request::Lineup(lineup(&captain, 1, &[1, 2, 3, 3], "refused-007")),
            422,
        ),
        (
            "too few boards",
            Request::Lineup(lineup(&captain, 1, &[1, 2, 3], "refused-008")),
            422,
        ),
        (
            "a round not paired",
            Request::Lineup(LineupSubmission {
                round: 2,
                ..lineup(&captain, 1, &[1, 2, 3, 5], "refused-009")
            }),
            409,
        ),
        (
            "a result with a captain's code",
            Request::Result(Submission {
                key: "refused-010".into(),
                credential: Credential::Deputy(captain.clone()),
                section: 0,
                round: 1,
                board: 1,
                result: Choice::WhiteWins,
            }),
            403,
        ),
    ];
    for (what, request, status) in cases {
        let reply = venue.handle(&mut doc, request, 10);
        assert_eq!(
            (reply.status, reply.outcome),
            (status, Outcome::Refused),
            "{what}: {}",
            reply.message
        );
        assert_eq!(doc.sections(), &before[..], "{what}: the event changed");
        assert_eq!(venue.last_seq(), seq, "{what}: the journal grew");
        assert!(venue.lineups(doc.sections()).is_empty(), "{what}");
    }

    // Once a result of the match is in, the line-up can no longer change, and a line-up
    // waiting for it leaves the arbiter's queue.
    let ok = venue.submit_lineup(
        doc.sections(),
        lineup(&captain, 1, &[1, 2, 3, 5], "lineup-0100"),
        10,
    );
    assert_eq!(ok.outcome, Outcome::Queued, "{}", ok.message);
    let key = BoardKey {
        section: 0,
        round: 1,
        board: 1,
        white,
        black,
    };
    let board = crate::venue::board_key(doc.current(), 0, 1, 1).unwrap();
    assert_eq!(board, key);
    let token = venue.secret().board_token(0, 1, 1);
    for (side, k) in [(Side::White, "result-0001"), (Side::Black, "result-0002")] {
        let sub = Submission {
            key: k.into(),
            credential: Credential::Board {
                token: token.clone(),
                side,
            },
            section: 0,
            round: 1,
            board: 1,
            result: Choice::Draw,
        };
        venue.submit(&mut doc, sub, 11);
    }
    assert_eq!(
        key.result_in(doc.sections()),
        Some(crate::tournament::BoardResult::Draw)
    );
    assert!(venue.lineups(doc.sections()).is_empty());
    let late = venue.submit_lineup(
        doc.sections(),
        lineup(&captain, 1, &[1, 2, 4, 5], "lineup-0101"),
        12,
    );
    assert_eq!((late.status, late.outcome), (409, Outcome::Refused));
}

#[test]
fn a_draft_round_takes_no_lineup() {
    let dir = tempfile::tempdir().unwrap();
    let (path, mut doc) = team_event(dir.path(), false);
    let (mut venue, _) = Venue::open(&path, &mut doc).unwrap();
    let code = venue
        .add_code("Captain T2", 0, (0, 0), Rights::Captain { team: 2 }, 100)
        .unwrap();
    let reply = venue.submit_lineup(
        doc.sections(),
        lineup(&code, 2, &[6, 7, 8, 10], "lineup-0200"),
        10,
    );
    assert_eq!((reply.status, reply.outcome), (409, Outcome::Refused));
    assert!(reply.message.contains("not published"), "{}", reply.message);
}
