//! FIDE mode in the window (issue #27): on for every event; what FIDE does not allow is
//! refused with the rule named; leaving it is asked twice, written to the TRF with the
//! round, shown on the section's tab, and no undo takes it back.
#![cfg(feature = "gui")]

use crate::common::window::{click, harness, open_event_in_progress, temp_dir, type_into};

use egui_kittest::kittest::Queryable;
use swiss_arbiter::formats::trf::{self, Dialect};
use swiss_arbiter::gui::{Command, Edit};
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
