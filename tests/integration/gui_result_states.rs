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
}
