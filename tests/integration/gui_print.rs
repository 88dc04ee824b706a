//! The window as a new arbiter meets it (issue 54), continued: printing the round of
//! one's choice, saying where a print went when no viewer opens it, confirming a forfeit
//! or a 0-0, a round with only a requested bye not called a draft, a navigation that
//! does not move, and badges as large as the text around them.
#![cfg(feature = "gui")]

use crate::common::window::{
    NO_VIEWER, click, harness, open_event_in_progress, pair, press_text, step_until, temp_dir,
    type_into,
};

use eframe::egui;
use egui::accesskit::{Role, Toggled};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use swiss_arbiter::document::Edit;
use swiss_arbiter::gui::{ArbiterApp, Viewer};
use swiss_arbiter::print::Sheet;
use swiss_arbiter::tournament::{BoardResult, ByeKind};

/// Clicks the entry `label` of an open menu: the one furthest right, where the Print
/// menu's submenus open (the navigation has entries of the same names).
fn click_menu(h: &mut Harness<'static, ArbiterApp>, label: &str) {
    let node = h
        .get_all_by_label(label)
        .max_by(|a, b| a.rect().min.x.total_cmp(&b.rect().min.x))
        .expect("the menu entry");
    node.click();
    h.run_ok();
}

/// Whether the menu entry `label` is the one marked (the default round).
fn marked(h: &Harness<'static, ArbiterApp>, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().toggled() == Some(Toggled::True)
}

/// Replaces the path typed in the prompt by `name` and writes it.
fn write_as(h: &mut Harness<'static, ArbiterApp>, name: &str) {
    h.get_by_role_and_label(Role::TextInput, "File path")
        .focus();
    h.run_ok();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_ok();
    press_text(h, name);
    click(h, "Write");
    let ctx = h.ctx.clone();
    h.state_mut().finish_writing(&ctx);
    h.run_ok();
}

/// File > Print > Pairings lists the paired rounds, the one shown marked; the round
/// chosen is printed and names the file. Standings list only the rounds with every
/// result in.
#[test]
fn the_round_chosen_in_the_menu() {
    let dir = temp_dir("print-round");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "print.sarb", (10, 3, 11), |t| {
        t.event.name = "Print".into();
    });
    click(&mut h, "Round 2 ✔");
    click(&mut h, "File");
    click(&mut h, "Print");
    click_menu(&mut h, "Pairings");
    for round in 1..=3 {
        h.get_by_label(&format!("Round {round}…"));
    }
    assert!(
        h.query_by_label("Round 4…").is_none(),
        "round 4 is not paired"
    );
    assert!(marked(&h, "Round 2…"), "the round shown is the default");
    assert!(!marked(&h, "Round 3…"));
    click(&mut h, "Round 1…");
    let suggested = h
        .get_by_role_and_label(Role::TextInput, "File path")
        .accesskit_node()
        .value()
        .expect("a path")
        .to_string();
    assert!(suggested.contains("pairings-r1"), "{suggested}");
    write_as(&mut h, "round-1.html");
    let html = std::fs::read_to_string(dir.join("round-1.html")).expect("written");
    assert!(html.contains("Round 1 pairings"), "the round chosen");

    // Round 4 paired, no result in: its pairings are the default; the standings go up to
    // round 3.
    pair(&mut h, 4);
    click(&mut h, "File");
    click(&mut h, "Print");
    click_menu(&mut h, "Standings");
    assert!(
        h.query_by_label("After round 4…").is_none(),
        "no result yet"
    );
    assert!(marked(&h, "After round 3…"));
    click(&mut h, "After round 2…");
    write_as(&mut h, "standings-2.html");
    let html = std::fs::read_to_string(dir.join("standings-2.html")).expect("written");
    assert!(html.contains("Standings after round 2"), "the round chosen");
    click(&mut h, "File");
    click(&mut h, "Print");
    click_menu(&mut h, "Result slips");
    assert!(marked(&h, "Round 4…"), "the round shown");
    h.key_press(egui::Key::Escape);
    h.run_ok();
}

/// Without a viewer, the status bar says where the document was written and that no
/// viewer opened it: when the viewer cannot be started, and when it fails (xdg-open
/// without an application for PDF files exits with an error).
#[test]
fn without_a_viewer_says_where_the_file_is() {
    let dir = temp_dir("print-no-viewer");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "viewer.sarb", (10, 1, 11), |_| {});
    let ctx = h.ctx.clone();
    let file = dir.join("ranks.html");
    h.state_mut().print_to(Sheet::RankList, &file, &ctx);
    h.state_mut().finish_writing(&ctx);
    h.run_ok();
    let text = h.state().message().expect("a message").text.clone();
    assert!(text.contains(&file.display().to_string()), "{text}");
    assert!(text.contains("no viewer opened it"), "{text}");
    assert!(text.contains(NO_VIEWER), "{text}");
    h.get_by_label(&text);

    if cfg!(unix) {
        h.state_mut().set_viewer(Viewer::Program("false".into()));
        let file = dir.join("ranks-2.html");
        h.state_mut().print_to(Sheet::RankList, &file, &ctx);
        h.state_mut().finish_writing(&ctx);
        step_until(&mut h, "the viewer's answer", |app| {
            app.message()
                .is_some_and(|m| m.text.contains("no viewer opened it") && m.text.contains("ended"))
        });
        let text = &h.state().message().expect("a message").text;
        assert!(text.contains(&file.display().to_string()), "{text}");
    }
}

/// A forfeit typed with one key, and a 0-0 chosen in the result menu, are confirmed
/// first, naming the board and its players; the other results go in at once.
#[test]
fn forfeits_and_double_losses_are_confirmed() {
    let dir = temp_dir("confirm-forfeit");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "forfeit.sarb", (10, 1, 11), |_| {});
    pair(&mut h, 2);
    let t = h.state().tournament().clone();
    let boards = t.boards(2);
    let name = |id: u32| format!("{id} {}", t.player(id).expect("player").name);
    let players = format!(
        "Round 2, board 1: {} – {}.",
        name(boards[0].white),
        name(boards[0].black)
    );

    press_text(&mut h, "+");
    h.get_by_label("Record +/- on board 1?");
    h.get_by_label(&players);
    assert_eq!(
        h.state().tournament().boards(2)[0].result,
        BoardResult::Pending,
        "nothing recorded while asked"
    );
    // Keys typed while asked are not results.
    press_text(&mut h, "1");
    assert_eq!(
        h.state().tournament().boards(2)[1].result,
        BoardResult::Pending
    );
    click(&mut h, "Cancel");
    assert!(h.query_by_label("Record +/- on board 1?").is_none());
    assert_eq!(
        h.state().tournament().boards(2)[0].result,
        BoardResult::Pending
    );
    h.key_press(egui::Key::ArrowUp);
    h.run_ok();
    press_text(&mut h, "+");
    click(&mut h, "Record +/-");
    assert_eq!(
        h.state().tournament().boards(2)[0].result,
        BoardResult::WhiteForfeitWin
    );
    // A normal result: one key.
    press_text(&mut h, "1");
    assert_eq!(
        h.state().tournament().boards(2)[1].result,
        BoardResult::WhiteWins
    );
    // 0-0 from the menu of board 3.
    h.get_all_by_label("—")
        .next()
        .expect("board 3's result")
        .click();
    h.run_ok();
    click(&mut h, "0-0");
    h.get_by_label("Record 0-0 on board 3?");
    click(&mut h, "Record 0-0");
    assert_eq!(
        h.state().tournament().boards(2)[2].result,
        BoardResult::ZeroZero
    );
}

/// A bye requested for the next round does not make it a draft: the section's tab names
/// the last paired round and the byes requested, the navigation the round as not paired.
#[test]
fn a_requested_bye_is_not_a_draft_round() {
    let dir = temp_dir("bye-not-draft");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "bye.sarb", (10, 1, 11), |_| {});
    h.state_mut().apply_edit(Edit::RequestBye {
        player: 1,
        round: 2,
        bye: Some(ByeKind::Half),
    });
    h.run_ok();
    assert!(!h.state().tournament().is_paired(2));
    assert!(
        h.query_by_label_contains("round 2 draft").is_none(),
        "round 2 is not paired"
    );
    h.get_by_label_contains("· round 1 · byes requested");
    h.get_by_label("Round 2");
}

/// The mark of Event-page changes not applied does not move the navigation's entries.
#[test]
fn the_changes_mark_keeps_the_navigation_in_place() {
    let dir = temp_dir("pending-mark");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "mark.sarb", (10, 1, 11), |_| {});
    let before = h.get_by_label("Players (10)").rect();
    type_into(&mut h, "Name", "Renamed");
    h.get_by_label("● changes not applied");
    assert_eq!(h.get_by_label("Players (10)").rect(), before);
}

/// A board's badges are drawn at the size of the text beside them.
#[test]
fn badges_are_as_large_as_the_text() {
    let dir = temp_dir("badges");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "badges.sarb", (11, 2, 11), |_| {});
    pair(&mut h, 3);
    step_until(&mut h, "the explanation", |app| {
        app.insight(3)
            .is_some_and(|i| i.recorded.explanation.is_some())
    });
    let t = h.state().tournament().clone();
    let explanation = h
        .state()
        .insight(3)
        .and_then(|i| i.recorded.explanation.clone());
    let rows = swiss_arbiter::gui::views::round::pair_rows(&t, 3, explanation.as_ref());
    let badge = rows
        .iter()
        .flat_map(|r| &r.badges)
        .next()
        .expect("a board with a badge")
        .text
        .clone();
    let text = h.get_by_label("Board").rect().height();
    let shown = h
        .get_all_by_label(&badge)
        .next()
        .expect("the badge")
        .rect()
        .height();
    assert!(
        shown >= text - 0.5,
        "badge {badge:?} {shown} high, the text {text}"
    );
}
