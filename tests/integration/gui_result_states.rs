//! The window enters the result states beyond 1-0, ½-½, 0-1 and forfeits: an adjourned
//! game (key `?`), shown as such until its result is entered, and the unusual scores
//! ½-0, 0-½ and 0-0 from a board's result menu.
#![cfg(feature = "gui")]

use crate::common::window::{click, harness, open_event_in_progress, pair, press_text, temp_dir};

use eframe::egui;
use egui_kittest::kittest::Queryable;
use swiss_arbiter::tournament::{BoardResult, LogKind};

#[test]
fn a_game_is_adjourned_shown_and_given_its_result_later() {
    let dir = temp_dir("result-states");
    let mut h = harness(&dir);
    h.run_ok();
    open_event_in_progress(&mut h, &dir, "states.sarb", (8, 2, 27), |_| {});
    pair(&mut h, 3);
    let result = |h: &egui_kittest::Harness<'_, _>, board: usize| {
        let app: &swiss_arbiter::gui::ArbiterApp = h.state();
        app.tournament().boards(3)[board].result
    };

    // `?` adjourns board 1, which shows it; the selection moves on.
    assert!(h.query_by_label("adj.").is_none());
    press_text(&mut h, "?");
    assert_eq!(result(&h, 0), BoardResult::Adjourned);
    h.get_by_label("adj.");
    assert!(h.state().tournament().pending_boards(3) == [2, 3, 4]);

    // Back on board 1, its result replaces the adjournment; no correction is logged.
    h.key_press(egui::Key::ArrowUp);
    h.run_ok();
    press_text(&mut h, "1");
    assert_eq!(result(&h, 0), BoardResult::WhiteWins);
    assert!(h.query_by_label("adj.").is_none());
    assert!(h.state().tournament().adjourned_games().is_empty());
    assert!(
        h.state()
            .tournament()
            .log
            .iter()
            .all(|e| e.kind != LogKind::Correction),
        "an adjourned game given its result is no correction"
    );

    // ½-0 from board 2's result menu (the first board still without a result).
    h.get_all_by_label("—")
        .next()
        .expect("a board without a result")
        .click();
    h.run_ok();
    click(&mut h, "½-0");
    assert_eq!(result(&h, 1), BoardResult::HalfZero);
    h.get_by_label("½-0");
    let t = h.state().tournament();
    let b = t.boards(3)[1];
    let points = |id: u32| t.player(id).map(|p| t.event.scoring.points(p.outcome(3)));
    assert_eq!(
        (points(b.white), points(b.black)),
        (Some(t.event.scoring.draw), Some(t.event.scoring.loss))
    );

    // A win before the first move was completed: played for the pairing, not rated (W/L).
    h.get_all_by_label("—")
        .next()
        .expect("a board without a result")
        .click();
    h.run_ok();
    click(&mut h, "1-0 not rated");
    assert_eq!(result(&h, 2), BoardResult::WhiteWinsNotRated);
    let t = h.state().tournament();
    let b = t.boards(3)[2];
    let text = swiss_arbiter::formats::trf::write(t, swiss_arbiter::formats::trf::Dialect::Trf26)
        .expect("TRF");
    let line = |id: u32| {
        text.lines()
            .find(|l| l.starts_with("001") && l[4..8].trim() == id.to_string())
            .map(str::to_string)
            .unwrap_or_default()
    };
    assert!(
        line(b.white).trim_end().ends_with(" W"),
        "{}",
        line(b.white)
    );
    assert!(
        line(b.black).trim_end().ends_with(" L"),
        "{}",
        line(b.black)
    );
}

/// Checklist Q159-163, Q168 through the window: a round is paired over a game without a
/// result once the arbiter has read that it is adjourned (level 2), the adjournment is in
/// the report, and its decisive end after the next round was paired is confirmed (level
/// 3) and logged.
#[test]
fn a_round_is_paired_over_a_missing_result_which_is_adjourned_then_ended() {
    use crate::common::window::step_until;
    use swiss_arbiter::document::Edit;
    use swiss_arbiter::gui::Command;

    let dir = temp_dir("adjourn-and-pair");
    let mut h = harness(&dir);
    h.run_ok();
    open_event_in_progress(&mut h, &dir, "adjourn.sarb", (8, 2, 31), |t| {
        t.event.rounds = Some(6);
    });
    pair(&mut h, 3);
    click(&mut h, "Publish");
    let boards = h.state().tournament().boards(3);
    let ctx = h.ctx.clone();
    for b in &boards[1..] {
        h.state_mut().run(
            Command::Edit(Edit::SetResult {
                round: 3,
                white: b.white,
                black: b.black,
                result: BoardResult::Draw,
            }),
            &ctx,
        );
    }
    h.run_ok();
    click(&mut h, "Round 4");
    click(&mut h, "Adjourn them and pair round 4");
    assert!(
        h.query_by_label_contains("Level 2 warning").is_some(),
        "{:?} {:?}",
        h.state().message(),
        h.state().tournament().boards(3)
    );
    let named = format!("round 3, board 1 ({}-{})", boards[0].white, boards[0].black);
    assert!(
        h.query_by_label_contains("1 game without a result")
            .is_some()
    );
    assert!(h.query_by_label_contains(&named).is_some(), "{named}");
    click(&mut h, "OK");
    step_until(&mut h, "round 4", |app| {
        !app.is_pairing() && app.tournament().is_paired(4)
    });
    let t = h.state().tournament();
    assert_eq!(t.boards(3)[0].result, BoardResult::Adjourned);
    assert!(
        t.log
            .iter()
            .any(|e| e.kind == LogKind::Adjournment && e.detail.starts_with(&named)),
        "{:?}",
        t.log
    );
    click(&mut h, "Publish");

    // The game ends 1-0 after round 4 was paired with it drawn: confirmed, then logged.
    let end = Edit::SetResult {
        round: 3,
        white: boards[0].white,
        black: boards[0].black,
        result: BoardResult::WhiteWins,
    };
    h.state_mut().run(Command::Edit(end), &ctx);
    h.run_ok();
    assert!(h.query_by_label_contains("Level 3 warning").is_some());
    assert!(h.query_by_label_contains("Round 4 was paired").is_some());
    click(&mut h, "Confirm");
    let t = h.state().tournament();
    assert_eq!(t.boards(3)[0].result, BoardResult::WhiteWins);
    assert!(t.log.iter().any(|e| e.kind == LogKind::Adjournment
        && e.detail == format!("{named}: adjourned game ended 1-0")));
    let text = swiss_arbiter::formats::trf::write(t, swiss_arbiter::formats::trf::Dialect::Trf26)
        .expect("TRF");
    assert!(
        text.contains(&format!(
            "### Adjournment @ Round 4: {named}: adjourned game ended 1-0"
        )),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A pairing refused changes nothing (all or nothing): with round 3 an unpublished draft
/// without results, *Adjourn them and pair round 4* is refused because round 3 is a
/// draft, and its games are not left adjourned, nor logged.
#[test]
fn a_refused_pairing_leaves_no_game_adjourned() {
    let dir = temp_dir("adjourn-refused");
    let mut h = harness(&dir);
    h.run_ok();
    open_event_in_progress(&mut h, &dir, "refused.sarb", (8, 2, 31), |t| {
        t.event.rounds = Some(6);
    });
    pair(&mut h, 3);
    let before = h.state().tournament().clone();
    click(&mut h, "Round 4");
    click(&mut h, "Adjourn them and pair round 4");
    if h.query_by_label("OK").is_some() {
        click(&mut h, "OK");
    }
    h.state_mut().wait_for_background();
    h.run_ok();
    assert!(!h.state().is_pairing());
    let message = h.state().message().cloned();
    assert!(
        message
            .as_ref()
            .is_some_and(|m| m.error && m.text.contains("Round 4 is not paired")),
        "{message:?}"
    );
    let t = h.state().tournament();
    assert!(
        t.boards(3).iter().all(|b| b.result == BoardResult::Pending),
        "{:?}",
        t.boards(3)
    );
    assert_eq!(*t, before, "the refused pairing changed the event");
    let _ = std::fs::remove_dir_all(&dir);
}
