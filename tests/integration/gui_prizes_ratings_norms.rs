//! The window's pages for the end of an event: the prize list typed and applied (one
//! undoable edit), the prizes given from the standings, the rating changes and the title
//! norms, each computed off the UI thread with the standings.
#![cfg(feature = "gui")]

use crate::common::window::{click, harness, open_event_in_progress, step_until_shown, temp_dir};

use eframe::egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use swiss_arbiter::gui::{ArbiterApp, Command};
use swiss_arbiter::tournament::{PrizeCategory, Sharing};

/// Types into the multi-line prize list.
fn type_lines(h: &mut Harness<'_, ArbiterApp>, text: &str) {
    h.get_by_role_and_label(Role::MultilineTextInput, "Prize list")
        .focus();
    h.run_ok();
    h.get_by_role_and_label(Role::MultilineTextInput, "Prize list")
        .type_text(text);
    h.run_ok();
}

#[test]
fn the_prize_list_is_typed_applied_and_given_and_the_rating_and_norm_pages_show() {
    let dir = temp_dir("prizes");
    let mut h = harness(&dir);
    h.run_ok();
    let (t, _) = open_event_in_progress(&mut h, &dir, "prizes.sarb", (14, 5, 11), |t| {
        t.event.end_date = "2026/05/05".into();
    });

    click(&mut h, "Prizes");
    step_until_shown(&mut h, "No prize list yet.");
    // A bad line is refused with its line and column, and nothing changes.
    type_lines(&mut h, "Overall,1,500\nJuniors,1,50\n");
    click(&mut h, "Apply prize list");
    // The lines typed follow the heading line the editor starts with.
    assert!(
        h.query_by_label_contains("prize list:3:1: \"Juniors\" is not a category")
            .is_some(),
        "the error names the line and column"
    );
    assert!(h.state().tournament().prizes.is_empty());
    click(&mut h, "Revert");

    type_lines(&mut h, "Overall,1,500,Cup\nOverall,2,250\nUnrated,1,40\n");
    click(&mut h, "Apply prize list");
    let prizes = &h.state().tournament().prizes;
    assert_eq!(prizes.prizes.len(), 3);
    assert_eq!(prizes.prizes[0].category, PrizeCategory::Overall);
    assert_eq!(prizes.prizes[0].label, "Cup");
    step_until_shown(&mut h, "Overall 1");
    assert!(h.query_by_label_contains("(the last round)").is_some());
    assert!(
        h.query_by_label_contains("Not awarded, no eligible player left: Unrated 1")
            .is_some(),
        "every generated player is rated"
    );

    // The rules are edits too, and undo takes the list back.
    let mut list = h.state().tournament().prizes.clone();
    list.sharing = Sharing::Hort;
    h.state_mut()
        .apply_edit(swiss_arbiter::document::Edit::SetPrizes(Box::new(list)));
    assert_eq!(h.state().tournament().prizes.sharing, Sharing::Hort);
    let ctx = h.ctx.clone();
    h.state_mut().run(Command::Undo, &ctx);
    h.state_mut().run(Command::Undo, &ctx);
    h.run_ok();
    assert!(h.state().tournament().prizes.is_empty());
    assert_eq!(t.prizes, h.state().tournament().prizes);

    click(&mut h, "Rating changes");
    step_until_shown(&mut h, "Rating changes (standard list, FIDE B.02)");
    assert!(h.query_by_label("Change").is_some());

    click(&mut h, "Title norms");
    step_until_shown(&mut h, "Title norms after round 5 (FIDE B.01)");
    std::fs::remove_dir_all(&dir).ok();
}

/// A GM norm met (the hand-worked event of the norms tests): the page opens it with its
/// figures, and its report is written from the button (IT1 figures, to sign).
#[test]
fn a_norm_met_is_shown_and_its_report_printed() {
    let dir = temp_dir("norm-report");
    let mut h = harness(&dir);
    h.run_ok();
    let t = crate::norms::event(&crate::norms::MET);
    let file = dir.join("norm.sarb");
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");
    h.state_mut().open_path(&file);
    h.run_ok();
    click(&mut h, "Title norms");
    step_until_shown(&mut h, "Title norms after round 9 (FIDE B.01)");
    assert!(h.query_by_label_contains("GM norm: MET").is_some());
    // The GM norm comes first (the IM norm of the same games is met too).
    h.get_all_by_label("Print the norm report…")
        .next()
        .expect("a button per norm met")
        .click();
    h.run_ok();
    h.get_by_role_and_label(Role::TextInput, "File path")
        .focus();
    h.run_ok();
    h.key_press_modifiers(eframe::egui::Modifiers::COMMAND, eframe::egui::Key::A);
    h.run_ok();
    h.get_by_role_and_label(Role::TextInput, "File path")
        .type_text("gm-norm.html");
    h.run_ok();
    click(&mut h, "Write");
    let ctx = h.ctx.clone();
    h.state_mut().finish_writing(&ctx);
    let html = std::fs::read_to_string(dir.join("gm-norm.html")).expect("written");
    assert!(html.contains("2650"), "the performance is on the report");
    std::fs::remove_dir_all(&dir).ok();
}
