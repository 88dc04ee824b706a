//! FIDE mode in the window (issue #27): on for every event; what FIDE does not allow is
//! refused with the rule named; leaving it is asked twice, written to the TRF with the
//! round, shown on the section's tab, and no undo takes it back.
#![cfg(feature = "gui")]

use crate::common::window::{click, harness, open_event_in_progress, temp_dir, type_into};

use egui_kittest::kittest::Queryable;
use swiss_arbiter::document::Edit;
use swiss_arbiter::formats::trf::{self, Dialect};
use swiss_arbiter::gui::Command;
use swiss_arbiter::tournament::{BoardResult, FideMode, ForbiddenGroup};

#[test]
fn fide_mode_refuses_with_the_rule_and_is_left_twice_asked_for_good() {
    let dir = temp_dir("fide-mode");
    let mut h = harness(&dir);
    let (t, _) = open_event_in_progress(&mut h, &dir, "fide.sarb", (10, 4, 3), |_| {});
    assert!(t.event.fide_mode.is_on(), "every event starts in FIDE mode");

    // A result of round 1 while round 4 is played: refused, the rule named.
    let board = t.boards(1)[0];
    let other = if board.result == BoardResult::Draw {
        BoardResult::WhiteWins
    } else {
        BoardResult::Draw
    };
    let correction = Edit::SetResult {
        round: 1,
        white: board.white,
        black: board.black,
        result: other,
    };
    h.state_mut().apply_edit(correction.clone());
    h.run_ok();
    let message = h.state().message().expect("a message").text.clone();
    assert!(message.contains("Q189"), "{message}");
    assert_eq!(h.state().tournament().boards(1)[0].result, board.result);

    // Players who must not meet, after round 1: refused.
    let mut event = t.event.clone();
    event.forbidden_pairs.push(ForbiddenGroup {
        players: vec![1, 2],
        first_round: None,
        last_round: None,
    });
    h.state_mut().apply_edit(Edit::SetEvent(Box::new(event)));
    h.run_ok();
    let message = h.state().message().expect("a message").text.clone();
    assert!(message.contains("before round 1"), "{message}");
    assert!(h.state().tournament().event.forbidden_pairs.is_empty());

    // Leaving (on the Event page, shown since the event was opened): what it means, then
    // the reason and the final word.
    click(&mut h, "Leave FIDE mode…");
    click(&mut h, "Stay in FIDE mode");
    assert!(h.state().tournament().event.fide_mode.is_on());
    click(&mut h, "Leave FIDE mode…");
    click(&mut h, "Continue…");
    type_into(
        &mut h,
        "Why (written in the report)",
        "club rules allow late corrections",
    );
    click(&mut h, "Leave FIDE mode for good");
    let mode = h.state().tournament().event.fide_mode.clone();
    assert!(
        matches!(&mode, FideMode::Left { round: 4, reason, .. } if reason == "club rules allow late corrections"),
        "{mode:?}"
    );
    assert!(
        h.query_by_label_contains("· not FIDE mode").is_some(),
        "the tab says so"
    );

    // No undo takes it back, and what FIDE mode refused is now allowed.
    let ctx = h.ctx.clone();
    h.state_mut().run(Command::Undo, &ctx);
    h.run_ok();
    assert_eq!(h.state().tournament().event.fide_mode, mode);
    h.state_mut().apply_edit(correction);
    h.run_ok();
    assert_eq!(h.state().tournament().boards(1)[0].result, other);

    // The FIDE report says so, and reads back as left.
    let text = trf::write(h.state().tournament(), Dialect::Trf26).expect("TRF");
    assert!(
        text.lines()
            .any(|l| l
                .starts_with("### FIDE mode left @ Round 4: club rules allow late corrections (")),
        "{text}"
    );
    let back = trf::read(text.as_bytes(), "back.trf").expect("reads back");
    assert_eq!(back.event.fide_mode, mode);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The checklist's pairing-integrity events (Q112-113) through the window: a TRF import,
/// a pairing override, a result correction and a tie-break change each leave a `###` line
/// in the exported TRF, which reads them back; what FIDE mode forbids is still refused.
#[test]
fn an_import_an_override_a_correction_and_a_tiebreak_change_are_logged_in_the_trf() {
    use crate::common::window::{event_in_progress, pair, reverse_first_board};

    let dir = temp_dir("integrity-log");
    let mut h = harness(&dir);
    h.run_ok();
    let mut t = event_in_progress((10, 3, 8));
    t.event.rounds = Some(5);
    let file = dir.join("fide.trf");
    std::fs::write(&file, trf::write(&t, Dialect::Trf26).expect("TRF")).expect("written");
    h.state_mut().open_path(&file);
    h.run_ok();

    pair(&mut h, 4);
    click(&mut h, "Publish");
    // *Override…* is offered once the round's explanation is ready.
    crate::common::window::step_until(&mut h, "the explanation", |app| app.insight(4).is_some());
    click(&mut h, "Override…");
    reverse_first_board(&mut h);
    type_into(&mut h, "Reason", "a player's medical needs");
    crate::common::window::publish_override(&mut h);
    assert_eq!(h.state().tournament().overrides.len(), 1);

    let board = h.state().tournament().boards(3)[0];
    let other = if board.result == BoardResult::Draw {
        BoardResult::WhiteWins
    } else {
        BoardResult::Draw
    };
    h.state_mut().apply_edit(Edit::SetResult {
        round: 3,
        white: board.white,
        black: board.black,
        result: other,
    });
    let mut event = h.state().tournament().event.clone();
    event.tiebreaks = vec!["BH".into(), "SB".into()];
    h.state_mut().apply_edit(Edit::SetEvent(Box::new(event)));
    // Forbidden in FIDE mode: a result of round 1 while round 4 is played.
    let old = h.state().tournament().boards(1)[0];
    h.state_mut().apply_edit(Edit::SetResult {
        round: 1,
        white: old.white,
        black: old.black,
        result: BoardResult::DoubleForfeit,
    });
    h.run_ok();
    assert!(
        h.state()
            .message()
            .expect("a message")
            .text
            .contains("Q189")
    );

    let t = h.state().tournament().clone();
    let text = trf::write(&t, Dialect::Trf26).expect("TRF");
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("###")).collect();
    for expected in [
        "### override of round 4 at ",
        "### Import @ Round 3: fide.trf read as TRF (",
        &format!(
            "### Correction @ Round 4: round 3, board {}-{}: {} → {} (",
            board.white,
            board.black,
            board.result.text(),
            other.text()
        ),
        "### Configuration @ Round 4: tie-breaks (none) → BH,SB (",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(expected)),
            "{expected:?} in {lines:#?}"
        );
    }
    let back = trf::read(text.as_bytes(), "back.trf").expect("reads back");
    assert_eq!(back.overrides, t.overrides);
    assert_eq!(back.log, t.log);
    assert!(
        back.event.comments.is_empty(),
        "no line read back as a mere comment"
    );
    // Round 4's results are not in: the export says it is no FIDE report (Q161, Q169).
    let ctx = h.ctx.clone();
    h.state_mut()
        .export_trf_to(&dir.join("working.trf"), Dialect::Trf26, &ctx);
    h.state_mut().finish_writing(&ctx);
    let message = h.state().message().expect("a message").text.clone();
    assert!(
        message.contains("results are missing in round 4: this TRF is a working file"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The initial colour drawn by lot in the window: the seed is in the FIDE report, and
/// drawing again from it gives the same colour (checklist Q204, Q206).
#[test]
fn the_initial_colour_is_drawn_by_lot_from_a_seed_the_report_keeps() {
    use swiss_arbiter::tournament::{LogKind, initial_colour_from_seed, seed_of};

    let dir = temp_dir("lots");
    let mut h = harness(&dir);
    h.run_ok();
    for id in 1..=2 {
        let p = swiss_arbiter::tournament::Player::new(id, format!("Player {id}"));
        h.state_mut().apply_edit(Edit::AddPlayer(Box::new(p)));
    }
    h.run_ok();
    click(&mut h, "Draw by lot");
    let t = h.state().tournament().clone();
    let colour = t.event.initial_colour.expect("drawn");
    let text = trf::write(&t, Dialect::Trf26).expect("TRF");
    let back = trf::read(text.as_bytes(), "lots.trf").expect("reads back");
    let entry = back
        .log
        .iter()
        .find(|e| e.kind == LogKind::Lots)
        .expect("the draw in the report");
    assert!(
        text.contains("### Lots @ Round 0: initial colour"),
        "{text}"
    );
    let seed = seed_of(&entry.detail).expect("its seed");
    assert_eq!(initial_colour_from_seed(seed), colour);
    assert_eq!(back.event.initial_colour, Some(colour), "152 says it too");

    // The order of players equal on rating and title, drawn by lot too (Q146).
    click(&mut h, "Draw the order by lot");
    let t = h.state().tournament();
    let swiss_arbiter::tournament::SeedingTies::Lots { seed } = t.event.seeding_ties else {
        panic!("drawn: {:?}", t.event.seeding_ties);
    };
    let entry = t.log.last().expect("logged");
    assert_eq!(entry.kind, LogKind::Lots);
    assert_eq!(seed_of(&entry.detail), Some(seed));
    assert!(entry.detail.starts_with("ties of the initial ranking"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Warnings graded by level (checklist Q218-221, the TEC Manual's levels) and the check
/// of an imported event (Q54-55), through the window: an imported round that the rules do
/// not give is named at level 3 and, kept, is in the report as `### Import @ Round n`; a
/// tie-break change after round 1 is confirmed twice (level 4, Q201); a change of the
/// acceleration is refused (level 5, Q109), offering to leave FIDE mode; a full-point
/// bye is acknowledged and logged (level 2, Q177-179); a second half-point bye is
/// confirmed (level 3, Q174).
#[test]
fn warnings_are_graded_by_level_and_an_imported_round_is_checked() {
    use crate::common::window::{event_in_progress, step_until, step_until_shown};
    use swiss_arbiter::tournament::{ByeKind, Colour, LogKind, Outcome};

    let dir = temp_dir("warning-levels");
    let mut h = harness(&dir);
    h.run_ok();
    let mut t = event_in_progress((10, 3, 21));
    // Round 2's first board with its colours reversed: no longer what the rules give.
    let board = t.boards(2)[0];
    for id in [board.white, board.black] {
        let p = t.players.iter_mut().find(|p| p.id == id).expect("player");
        if let Outcome::Game { colour, .. } = &mut p.results[1] {
            *colour = if *colour == Colour::White {
                Colour::Black
            } else {
                Colour::White
            };
        }
    }
    let file = dir.join("imported.trf");
    std::fs::write(&file, trf::write(&t, Dialect::Trf26).expect("TRF")).expect("written");
    h.state_mut().open_path(&file);
    step_until(&mut h, "the import check", |app| !app.is_checking_import());
    step_until_shown(&mut h, "Imported rounds that do not follow the rules");
    assert!(h.query_by_label_contains("Level 3 warning").is_some());
    assert!(
        h.query_by_label_contains("round 2: Dutch (C.04.3, 2026 rules) pairs it otherwise")
            .is_some()
    );
    click(&mut h, "Keep the rounds as recorded");
    let logged = |h: &egui_kittest::Harness<'_, swiss_arbiter::gui::ArbiterApp>, kind: LogKind| {
        h.state()
            .tournament()
            .log
            .iter()
            .filter(|e| e.kind == kind)
            .cloned()
            .collect::<Vec<_>>()
    };
    let imports = logged(&h, LogKind::Import);
    assert!(
        imports
            .iter()
            .any(|e| e.round == 2 && e.detail.starts_with("round 2 as recorded: ")),
        "{imports:#?}"
    );
    assert!(
        imports.iter().all(|e| e.round != 1),
        "round 1 follows the rules"
    );

    let ctx = h.ctx.clone();
    // Level 4: the tie-break list after round 1, asked twice.
    let mut event = h.state().tournament().event.clone();
    event.tiebreaks = vec!["BH".into(), "SB".into()];
    h.state_mut()
        .run(Command::Edit(Edit::SetEvent(Box::new(event.clone()))), &ctx);
    h.run_ok();
    assert!(h.query_by_label_contains("Level 4 warning").is_some());
    assert!(h.query_by_label_contains("Q201-202").is_some());
    click(&mut h, "Continue…");
    assert!(h.state().tournament().event.tiebreaks.is_empty(), "not yet");
    click(&mut h, "Make the change");
    assert_eq!(h.state().tournament().event.tiebreaks, event.tiebreaks);
    assert_eq!(logged(&h, LogKind::Configuration).len(), 1);

    // Level 5: the acceleration after round 1 is refused; leaving FIDE mode is offered.
    let mut accelerated = h.state().tournament().event.clone();
    accelerated.acceleration.baku = true;
    h.state_mut()
        .run(Command::Edit(Edit::SetEvent(Box::new(accelerated))), &ctx);
    h.run_ok();
    assert!(h.query_by_label_contains("Level 5 warning").is_some());
    assert!(h.query_by_label_contains("Q109-110").is_some());
    assert_eq!(
        h.query_all_by_label("Leave FIDE mode…").count(),
        2,
        "the Event page's button, and the warning's"
    );
    click(&mut h, "Close");
    assert!(!h.state().tournament().event.acceleration.baku);

    // Level 2: a full-point bye in round 4, acknowledged and in the report.
    let player = h.state().tournament().players[0].id;
    let bye = |kind| {
        Command::Edit(Edit::RequestBye {
            player,
            round: 4,
            bye: Some(kind),
        })
    };
    h.state_mut().run(bye(ByeKind::Full), &ctx);
    h.run_ok();
    assert!(h.query_by_label_contains("Level 2 warning").is_some());
    click(&mut h, "OK");
    assert_eq!(
        h.state()
            .tournament()
            .player(player)
            .map(|p| p.outcome(4).clone()),
        Some(Outcome::Bye(ByeKind::Full))
    );
    assert_eq!(logged(&h, LogKind::Bye).len(), 1);

    // Level 3: a second half-point bye, cancelled.
    let second = Command::Edit(Edit::RequestBye {
        player,
        round: 5,
        bye: Some(ByeKind::Half),
    });
    h.state_mut().run(bye(ByeKind::Half), &ctx);
    h.run_ok();
    assert!(
        h.query_by_label_contains("Level").is_none(),
        "a first one is fine"
    );
    h.state_mut().run(second, &ctx);
    h.run_ok();
    assert!(h.query_by_label_contains("Level 3 warning").is_some());
    click(&mut h, "Cancel");
    assert_eq!(
        h.state()
            .tournament()
            .player(player)
            .map(|p| p.outcome(5).clone()),
        Some(Outcome::NotPlayed)
    );

    let text = trf::write(h.state().tournament(), Dialect::Trf26).expect("TRF");
    for expected in [
        "### Import @ Round 2: round 2 as recorded: Dutch (C.04.3, 2026 rules) pairs it otherwise",
        "### Configuration @ Round 3: tie-breaks (none) → BH,SB (",
        "### Bye @ Round 3: full-point bye for ",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(expected)),
            "{expected:?} in {text}"
        );
    }
    let back = trf::read(text.as_bytes(), "back.trf").expect("reads back");
    assert_eq!(back.log, h.state().tournament().log);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Checklist Q62: before round 1, the window says when the planned rounds cannot all be
/// paired (level 2), and pairs once the arbiter has read it.
#[test]
fn too_many_rounds_for_the_field_are_named_before_round_one() {
    use crate::common::window::step_until;

    let dir = temp_dir("round-count");
    let mut h = harness(&dir);
    h.run_ok();
    for id in 1..=4 {
        let p = swiss_arbiter::tournament::Player::new(id, format!("Player {id}"));
        h.state_mut().apply_edit(Edit::AddPlayer(Box::new(p)));
    }
    let mut event = h.state().tournament().event.clone();
    event.rounds = Some(5);
    h.state_mut().apply_edit(Edit::SetEvent(Box::new(event)));
    let ctx = h.ctx.clone();
    let pair_one = Command::PairRound {
        round: 1,
        repair: false,
    };
    h.state_mut().run(pair_one.clone(), &ctx);
    h.run_ok();
    assert!(h.query_by_label_contains("Level 2 warning").is_some());
    assert!(
        h.query_by_label_contains("4 players can play at most 3")
            .is_some()
    );
    click(&mut h, "Cancel");
    assert!(!h.state().is_pairing() && !h.state().tournament().is_paired(1));
    h.state_mut().run(pair_one, &ctx);
    h.run_ok();
    click(&mut h, "OK");
    step_until(&mut h, "round 1", |app| app.tournament().is_paired(1));
    let _ = std::fs::remove_dir_all(&dir);
}
