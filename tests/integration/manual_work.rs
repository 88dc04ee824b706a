//! Manual work in FIDE mode (issue 57): a hand-made pairing that breaks a rule is a
//! Level 3 warning the arbiter overrides with a reason (checklist Q66), the arbiter's
//! exchange of pairing numbers (Q147-154), the way back to the state before a
//! pairing-integrity-breaching event that survives the native file (Q114), the re-check
//! of the last round when the number of rounds changes (Q57-61) and players not eligible
//! for a half-point bye (Q175-176). Each invariant: a refused edit changes nothing.

use swiss_arbiter::document::{Edit, EditError};
use swiss_arbiter::formats::native;
use swiss_arbiter::formats::trf::{Dialect, write};
use swiss_arbiter::tournament::{
    BoardResult, ByeKind, LogKind, OverrideRecord, Player, Tournament, Warning,
};

/// Whether `w` is of this level (`Confirm`: Level 3; `ConfirmTwice`: 4; `Refuse`: 5).
fn is(w: &Warning, level: &str) -> bool {
    format!("{w:?}").contains(&format!("level: {level},"))
}

/// Six rated players in FIDE mode, five rounds planned; `rounds` published and drawn.
fn event(rounds: &[&[[u32; 2]]]) -> Tournament {
    let mut t = Tournament::default();
    t.event.rounds = Some(5);
    for (i, name) in ["A", "B", "C", "D", "E", "F"].into_iter().enumerate() {
        let mut p = Player::new(0, name);
        p.rating = Some(2400 - 50 * i as u16);
        t.apply(Edit::AddPlayer(Box::new(p))).expect("added");
    }
    for (k, boards) in rounds.iter().enumerate() {
        let round = k as u32 + 1;
        t.record_pairing(round, boards, None);
        t.set_published(round, true).expect("published");
        for &[w, b] in boards.iter() {
            t.set_board_result(round, w, b, BoardResult::Draw)
                .expect("board");
        }
    }
    t
}

/// Applies an edit that must be refused, and checks that it changed nothing.
fn refused(t: &mut Tournament, edit: Edit) -> EditError {
    let before = t.clone();
    let e = t.apply(edit).expect_err("refused");
    assert_eq!(*t, before, "a refused edit changes nothing");
    e
}

fn record(round: u32, reason: &str, acknowledged: Vec<String>) -> Box<OverrideRecord> {
    Box::new(OverrideRecord {
        round,
        changes: vec!["by hand".into()],
        reason: reason.into(),
        acknowledged,
        ..OverrideRecord::default()
    })
}

/// Q66: a rematch in a hand-made pairing is a Level 3 warning, not a block; the override
/// is refused (changing nothing) until the arbiter acknowledges it, then logged as
/// `### MPA` with the reason, in the log and in the TRF-2026 report.
#[test]
fn a_rematch_by_hand_is_a_level_3_warning_overridden_with_a_reason() {
    let mut t = event(&[&[[1, 4], [5, 2], [3, 6]]]);
    t.record_pairing(2, &[[2, 3], [4, 5], [6, 1]], None);
    let boards = vec![[4, 1], [2, 3], [6, 5]];
    let edit = |acknowledged| Edit::Override {
        boards: boards.clone(),
        bye: None,
        record: record(2, "players' request", acknowledged),
    };
    let warnings = edit(Vec::new()).warnings(&t);
    let level3: Vec<_> = warnings.iter().filter(|w| is(w, "Confirm")).collect();
    assert_eq!(level3.len(), 1, "{warnings:?}");
    assert!(
        format!("{:?}", level3[0]).contains("1 met in round 1"),
        "{warnings:?}"
    );
    let e = refused(&mut t, edit(Vec::new()));
    assert!(matches!(e, EditError::NotAcknowledged(_)), "{e}");
    let issues = t.manual_pairing_issues(2, &boards, None);
    t.apply(edit(issues.clone())).expect("acknowledged");
    assert!(
        t.boards(2).iter().any(|b| (b.white, b.black) == (4, 1)),
        "paired as the arbiter asked"
    );
    let logged: Vec<_> = t
        .log
        .iter()
        .filter(|e| e.kind == LogKind::ManualPairing)
        .collect();
    assert_eq!(
        logged.len(),
        issues.len(),
        "every overridden warning is logged"
    );
    let report = write(&t, Dialect::Trf26).expect("TRF-2026");
    for issue in &issues {
        assert!(
            report
                .lines()
                .any(|l| l.starts_with("### MPA @ Round 2: ") && l.contains(issue.as_str())),
            "{issue} in {report}"
        );
    }
}

/// Q147-154: two players exchange their numbers; every reference follows, the exchange
/// is logged with its reason, warned of at Level 4 once a round is paired.
#[test]
fn pairing_numbers_are_exchanged_with_every_reference_and_logged() {
    let mut t = event(&[&[[1, 4], [5, 2], [3, 6]]]);
    let exchange = |reason: &str| Edit::ExchangePairingNumbers {
        a: 2,
        b: 5,
        reason: reason.into(),
    };
    assert!(is(&exchange("x").warnings(&t)[0], "ConfirmTwice"));
    refused(&mut t, exchange(""));
    refused(
        &mut t,
        Edit::ExchangePairingNumbers {
            a: 2,
            b: 9,
            reason: "x".into(),
        },
    );
    let (b, e) = (t.player(2).cloned(), t.player(5).cloned());
    t.apply(exchange("ratings entered the wrong way"))
        .expect("exchanged");
    assert_eq!(t.player(5).map(|p| &p.name), b.as_ref().map(|p| &p.name));
    assert_eq!(t.player(2).map(|p| &p.name), e.as_ref().map(|p| &p.name));
    assert_eq!(t.player(5).and_then(|p| p.outcome(1).opponent()), Some(2));
    assert_eq!(t.log.last().map(|e| e.kind), Some(LogKind::Renumbering));
}

/// Q114: each PIBE keeps the state before it; `RevertTo` gives it back exactly (but for
/// the revert's own log line and the restore points), also after a `.sarb` round trip,
/// and the points are not in TRF.
#[test]
fn a_revert_gives_back_the_state_before_a_pibe_after_a_native_round_trip() {
    let mut t = event(&[&[[1, 4], [5, 2], [3, 6]]]);
    assert!(t.restore_points.is_empty());
    let before = t.clone();
    t.apply(Edit::ExchangePairingNumbers {
        a: 1,
        b: 6,
        reason: "test".into(),
    })
    .expect("exchanged");
    t.apply(Edit::SetResult {
        round: 1,
        white: 6,
        black: 4,
        result: BoardResult::WhiteWins,
    })
    .expect("corrected");
    assert_eq!(
        t.restore_points.len(),
        2,
        "two PIBEs: an exchange, a correction"
    );
    let text = native::to_string(&t).expect("native");
    let mut read = native::from_str(&text, "event.sarb").expect("read");
    assert_eq!(read, t, "the restore points survive the native file");
    let trf = write(&t, Dialect::Trf26).expect("TRF");
    assert!(!trf.contains("restore"), "no snapshot in TRF");
    let point = read.restore_points[0].id;
    refused(
        &mut read,
        Edit::RevertTo {
            point: 99,
            reason: "x".into(),
        },
    );
    read.apply(Edit::RevertTo {
        point,
        reason: "the exchange was a mistake".into(),
    })
    .expect("reverted");
    let mut back = read.clone();
    back.restore_points.clear();
    back.log.truncate(before.log.len());
    assert_eq!(back, before, "exactly the state before the exchange");
    assert_eq!(read.log.last().map(|e| e.kind), Some(LogKind::Revert));
    assert_eq!(
        read.restore_points.len(),
        3,
        "the revert is itself a restore point"
    );
}

/// Q60-61: the last round paired switches from a round before the last to the last; the
/// model re-checks it with the engine and says the outcome, logged with the change.
#[test]
fn the_last_round_is_rechecked_when_it_becomes_the_final_one() {
    let mut t = event(&[&[[1, 4], [5, 2], [3, 6]], &[[2, 3], [4, 5], [6, 1]]]);
    let mut fewer = t.event.clone();
    fewer.rounds = Some(2);
    let recheck = t
        .recheck_last_round(&fewer)
        .expect("round 2 becomes the last");
    assert_eq!(recheck.round, 2);
    assert!(
        recheck.text.contains("round 2 re-checked with 2 rounds"),
        "{recheck:?}"
    );
    let warnings = Edit::SetEvent(Box::new(fewer.clone())).warnings(&t);
    assert!(
        warnings
            .iter()
            .any(|w| format!("{w:?}").contains("re-checked")),
        "{warnings:?}"
    );
    let mut more = t.event.clone();
    more.rounds = Some(7);
    assert_eq!(t.recheck_last_round(&more), None, "no switch");
    t.apply(Edit::SetEvent(Box::new(fewer))).expect("changed");
    assert!(
        t.log
            .iter()
            .any(|e| e.kind == LogKind::Configuration && e.detail.contains("re-checked")),
        "{:?}",
        t.log
    );
}

/// Q175-176: a player marked not eligible for a half-point bye cannot be given one
/// (refused, changing nothing, with a Level 5 warning); cleared, he can.
#[test]
fn a_player_not_eligible_for_a_half_point_bye_is_refused_one() {
    let mut t = event(&[&[[1, 4], [5, 2], [3, 6]]]);
    t.apply(Edit::SetHpbIneligible {
        player: 3,
        ineligible: true,
    })
    .expect("marked");
    let bye = Edit::RequestBye {
        player: 3,
        round: 2,
        bye: Some(ByeKind::Half),
    };
    assert!(is(&bye.warnings(&t)[0], "Refuse"));
    let e = refused(&mut t, bye.clone());
    assert!(matches!(e, EditError::HpbIneligible(_)), "{e}");
    t.apply(Edit::RequestBye {
        player: 3,
        round: 2,
        bye: Some(ByeKind::Zero),
    })
    .expect("a zero-point bye is no half-point bye");
    let text = native::to_string(&t).expect("native");
    assert!(native::from_str(&text, "e.sarb").expect("read").players[2].hpb_ineligible);
    refused(
        &mut t,
        Edit::SetHpbIneligible {
            player: 9,
            ineligible: true,
        },
    );
    t.apply(Edit::SetHpbIneligible {
        player: 3,
        ineligible: false,
    })
    .expect("cleared");
    t.apply(bye).expect("eligible again");
}
