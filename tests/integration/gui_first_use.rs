//! The window as a new arbiter meets it (issue 54): a draft pairing removed from the
//! round's page, unsaved work restored to its own file after a crash, the players' table
//! and form (with their clubs, and club-mates kept apart), the window's title, and counts
//! written in words that agree with them.
#![cfg(feature = "gui")]

use crate::common::window::{
    click, harness, open_event_in_progress, pair, press_text, step_until, temp_dir, type_into,
};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use swiss_arbiter::document::Edit;
use swiss_arbiter::gui::Command;
use swiss_arbiter::tournament::{BoardResult, ByeKind, ForbiddenGroup};

/// *Remove pairing…* on a draft round asks first, naming the round; the pairing goes
/// through the model's edit, Undo brings it back and says what it undid. A round with a
/// result or a published one keeps its pairing, and the refusal says why.
#[test]
fn a_draft_pairing_is_removed_from_its_page_and_undo_brings_it_back() {
    let dir = temp_dir("remove-pairing");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "remove.sarb", (12, 2, 8), |_| {});
    pair(&mut h, 3);
    let draft = h.state().tournament().clone();
    assert!(!draft.is_published(3));
    // The late entry's message names the button.
    click(&mut h, "Players (12)");
    click(&mut h, "Add player");
    h.get_by_label_contains("remove its pairing (Remove pairing… on the page of round 3)");
    click(&mut h, "Close");
    click(&mut h, "Round 3 · draft");

    // Asked first, naming the round; kept, nothing changes.
    click(&mut h, "Remove pairing…");
    h.get_by_label("Remove the pairing of round 3?");
    click(&mut h, "Keep the pairing");
    assert!(h.query_by_label("Remove the pairing of round 3?").is_none());
    assert_eq!(h.state().tournament(), &draft);
    // Removed.
    click(&mut h, "Remove pairing…");
    click(&mut h, "Remove the pairing");
    let t = h.state().tournament();
    assert!(!t.is_paired(3), "{:?}", h.state().message());
    assert!(t.is_published(2), "the round before as it was");
    assert_eq!(
        h.state().message().map(|m| m.text.as_str()),
        Some("Round 3 pairing removed")
    );
    h.get_by_label("Pair round 3");
    // Undo brings it back, and says what it undid.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_ok();
    assert_eq!(h.state().tournament(), &draft, "the draft is back");
    assert_eq!(
        h.state().message().map(|m| m.text.as_str()),
        Some("Undone: Round 3 pairing removed")
    );

    // A result entered: the button says why it is disabled, and the edit is refused.
    assert_eq!(draft.boards(3)[0].result, BoardResult::Pending);
    press_text(&mut h, "1");
    let with_result = h.state().tournament().clone();
    assert_eq!(with_result.boards(3)[0].result, BoardResult::WhiteWins);
    assert!(
        h.get_by_label("Remove pairing…")
            .accesskit_node()
            .is_disabled()
    );
    let ctx = h.ctx.clone();
    h.state_mut()
        .run(Command::Edit(Edit::ClearPairing(3)), &ctx);
    h.run_ok();
    assert_eq!(h.state().tournament(), &with_result, "nothing changed");
    let message = h.state().message().expect("a message");
    assert!(
        message.error && message.text.contains("round 3 has 1 result entered"),
        "{message:?}"
    );

    // Published: no button, and the edit is refused.
    click(&mut h, "Publish");
    assert!(h.state().tournament().is_published(3));
    assert!(h.query_by_label("Remove pairing…").is_none());
    let published = h.state().tournament().clone();
    h.state_mut()
        .run(Command::Edit(Edit::ClearPairing(3)), &ctx);
    h.run_ok();
    assert_eq!(h.state().tournament(), &published, "nothing changed");
    let message = h.state().message().expect("a message");
    assert!(
        message.error && message.text.contains("round 3 is published"),
        "{message:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// After a crash, the restored work belongs to its own file again: Save writes it there
/// (it came back as "Untitled", and the arbiter had to Save As over his own file).
#[test]
fn restored_work_is_saved_to_its_own_file() {
    let dir = temp_dir("restore-file");
    let file = dir.join("club-2026.sarb");
    let changed = {
        let mut h = harness(&dir);
        open_event_in_progress(&mut h, &dir, "club-2026.sarb", (8, 1, 3), |_| {});
        pair(&mut h, 2);
        assert!(h.state().is_dirty());
        h.state().flush_autosave();
        h.state().tournament().clone()
        // Dropped without closing: a crash.
    };
    let mut h = harness(&dir);
    h.run_ok();
    h.get_by_label("Restore unsaved work?");
    click(&mut h, "Restore");
    assert_eq!(h.state().tournament(), &changed);
    assert_eq!(h.state().path(), Some(file.as_path()), "its own file");
    assert!(h.state().is_dirty(), "the file does not hold the work yet");
    h.get_by_label_contains("Unsaved work restored; Save writes it to");
    assert_eq!(h.state().title(), "● club-2026.sarb — swiss-arbiter");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run_ok();
    assert!(
        h.query_by_label("Save the event").is_none(),
        "Save, not Save As"
    );
    step_until(&mut h, "the save", |app| !app.is_writing());
    assert!(!h.state().is_dirty());
    assert_eq!(
        swiss_arbiter::formats::native::load(&file).expect("saved"),
        changed
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Clicking a player's name opens his form (the name's text took the click); Enter in the
/// form saves it as its Save button does; a long name is shown whole.
#[test]
fn a_name_clicked_opens_the_form_and_enter_saves_it() {
    let dir = temp_dir("players-form");
    let mut h = harness(&dir);
    h.run_ok();
    click(&mut h, "Players (0)");
    click(&mut h, "Add player");
    // Enter saves a new player, and the form waits for the next one.
    type_into(&mut h, "Name", "Smith, Anna");
    type_into(&mut h, "Rating", "2280");
    h.key_press(egui::Key::Enter);
    h.run_ok();
    assert_eq!(
        h.state().tournament().players.len(),
        1,
        "{:?}",
        h.state().message()
    );
    assert_eq!(h.state().tournament().players[0].rating, Some(2280));
    let long = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine";
    type_into(&mut h, "Name", long);
    h.key_press(egui::Key::Enter);
    h.run_ok();
    assert_eq!(h.state().tournament().players.len(), 2);
    click(&mut h, "Close");
    assert!(h.query_by_label("Player 1").is_none());

    // A click on the name opens the form.
    click(&mut h, "Smith, Anna");
    h.get_by_label("Player 1");
    // Enter in a field saves the change and closes the form.
    type_into(&mut h, "Federation", "ENG");
    h.key_press(egui::Key::Enter);
    h.run_ok();
    assert_eq!(h.state().tournament().players[0].federation, "ENG");
    assert!(h.query_by_label("Player 1").is_none(), "closed once saved");

    // The long name is shown whole: its label is as wide as the text.
    let style = h.ctx.global_style();
    let font = egui::TextStyle::Body.resolve(&style);
    let text_width = h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(long.to_string(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    let shown = h.get_by_label(long).rect().width();
    assert!(
        shown + 0.5 >= text_width,
        "the name is cut: {shown} of {text_width} points"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The window's title names the event's file, and marks unsaved changes.
#[test]
fn the_title_names_the_file_and_marks_unsaved_changes() {
    let dir = temp_dir("title");
    let mut h = harness(&dir);
    h.run_ok();
    assert_eq!(h.state().title(), "Untitled — swiss-arbiter");
    open_event_in_progress(&mut h, &dir, "spring open.sarb", (6, 1, 4), |_| {});
    assert_eq!(h.state().title(), "spring open.sarb — swiss-arbiter");
    h.state_mut().apply_edit(Edit::RequestBye {
        player: 1,
        round: 2,
        bye: Some(ByeKind::Half),
    });
    // The next frame gives the window its new title.
    h.step();
    let titles: Vec<&str> = h
        .output()
        .viewport_output
        .values()
        .flat_map(|v| &v.commands)
        .filter_map(|c| match c {
            egui::ViewportCommand::Title(title) => Some(title.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(titles, ["● spring open.sarb — swiss-arbiter"]);
    assert_eq!(h.state().title(), "● spring open.sarb — swiss-arbiter");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_ok();
    assert_eq!(
        h.state().title(),
        "spring open.sarb — swiss-arbiter",
        "undone to the file"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// One player is "1 player", one board "1 board": counts agree with their nouns.
#[test]
fn one_of_a_thing_is_written_in_the_singular() {
    let dir = temp_dir("singular");
    let csv = dir.join("one.csv");
    std::fs::write(&csv, "Name;Rating\nSmith, Anna;2280\n").expect("write");
    let mut h = harness(&dir);
    h.run_ok();
    click(&mut h, "Players (0)");
    h.state_mut().import_players_from(&csv);
    h.run_ok();
    h.get_by_label("Imported 1 player");
    h.state_mut().import_players_from(&csv);
    h.run_ok();
    h.get_by_label_contains("no new player: the one player read is in the event already");
    click(&mut h, "Add player");
    type_into(&mut h, "Name", "Jones, Bob");
    click(&mut h, "Save player");
    click(&mut h, "Close");
    pair(&mut h, 1);
    let message = h.state().message().expect("a message").text.clone();
    assert!(message.ends_with(": 1 board (draft)"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Started without a file, the window offers the last event worked on (a file that still
/// exists); "Start a new event" leaves the empty event, and with no recent file nothing
/// is asked.
#[test]
fn a_start_without_a_file_offers_the_last_event() {
    let dir = temp_dir("last-event");
    let file = dir.join("club-2026.sarb");
    {
        let mut h = harness(&dir);
        h.state_mut().offer_last_event();
        h.run_ok();
        assert!(
            h.query_by_label_contains("The last event").is_none(),
            "none yet"
        );
        open_event_in_progress(&mut h, &dir, "club-2026.sarb", (8, 1, 3), |_| {});
    }
    let mut h = harness(&dir);
    h.state_mut().offer_last_event();
    h.run_ok();
    h.get_by_label("Open club-2026.sarb?");
    click(&mut h, "Start a new event");
    assert_eq!(h.state().path(), None);

    let mut h = harness(&dir);
    h.state_mut().offer_last_event();
    h.run_ok();
    click(&mut h, "Open it");
    assert_eq!(h.state().path(), Some(file.as_path()));
    assert_eq!(h.state().title(), "club-2026.sarb — swiss-arbiter");

    // A file that is gone is not offered.
    std::fs::remove_file(&file).unwrap();
    let mut h = harness(&dir);
    h.state_mut().offer_last_event();
    h.run_ok();
    assert!(h.query_by_label_contains("The last event").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// *Export TRF…* and *Export TRF-16…* write each player's rank in the standings (`001`
/// columns 86-89), which the rating officer reads.
#[test]
fn the_window_exports_trf_2026_and_trf_16_with_ranks() {
    use swiss_arbiter::formats::trf::Dialect;
    let dir = temp_dir("export-ranks");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "club.sarb", (8, 2, 3), |_| {});
    click(&mut h, "File");
    h.get_by_label("Export TRF-16…");
    h.get_by_label("Export TRF…");
    h.key_press(egui::Key::Escape);
    h.run_ok();
    let ctx = h.ctx.clone();
    let mut texts = Vec::new();
    for (name, dialect) in [("a.trf", Dialect::Trf26), ("b.trf", Dialect::Trf16)] {
        h.state_mut().export_trf_to(&dir.join(name), dialect, &ctx);
        h.state_mut().finish_writing(&ctx);
        let text = std::fs::read_to_string(dir.join(name)).expect("written");
        let ranks: Vec<u32> = text
            .lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| {
                l.get(85..89)
                    .and_then(|r| r.trim().parse().ok())
                    .unwrap_or_else(|| panic!("{name}: no rank in {l:?}"))
            })
            .collect();
        assert_eq!(ranks.len(), 8, "{name}");
        assert!(
            ranks.iter().all(|r| (1..=8).contains(r)),
            "{name}: {ranks:?}"
        );
        assert!(ranks.contains(&1), "{name}: {ranks:?}");
        texts.push(text);
    }
    assert_ne!(texts[0], texts[1], "two dialects");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The rounds' dates are entered on the event page (TRF `132`, which the rating report
/// needs); a date TRF cannot write is refused with the reason and changes nothing.
#[test]
fn round_dates_are_entered_on_the_event_page() {
    let dir = temp_dir("round-dates");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "club.sarb", (8, 2, 3), |_| {});
    h.get_by_label("Round dates");
    type_into(&mut h, "Round dates", "26/11/28, 26/11/29");
    click(&mut h, "Apply changes");
    assert_eq!(
        h.state().tournament().event.round_dates,
        vec!["26/11/28".to_string(), "26/11/29".to_string()]
    );
    let before = h.state().tournament().clone();
    type_into(&mut h, "Round dates", ", 28.11.2026");
    click(&mut h, "Apply changes");
    h.get_by_label_contains("is not a date as TRF writes it");
    assert_eq!(h.state().tournament(), &before, "nothing changed");
    let ctx = h.ctx.clone();
    let file = dir.join("dated.trf");
    h.state_mut()
        .export_trf_to(&file, swiss_arbiter::formats::trf::Dialect::Trf26, &ctx);
    h.state_mut().finish_writing(&ctx);
    let text = std::fs::read_to_string(&file).expect("written");
    assert!(
        text.lines()
            .any(|l| l.starts_with("132") && l.contains("26/11/28") && l.contains("26/11/29")),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A player's club is typed in his form and shown in the players' list (issue 54: there
/// was no club field); *Keep club-mates apart…* on the Event page makes the group of a
/// club's players who must not meet, for the rounds chosen, and asked again says that
/// nothing is left to add.
#[test]
fn a_club_is_registered_and_club_mates_are_kept_apart() {
    let dir = temp_dir("clubs");
    let mut h = harness(&dir);
    h.run_ok();
    click(&mut h, "Players (0)");
    click(&mut h, "Add player");
    for (name, club) in [
        ("Smith, Anna", "SK Rochade"),
        ("Jones, Bob", "Turm Berlin"),
        ("Brown, Carl", "SK Rochade"),
    ] {
        type_into(&mut h, "Name", name);
        type_into(&mut h, "Club", club);
        click(&mut h, "Save player");
    }
    click(&mut h, "Close");
    let clubs: Vec<&str> = h
        .state()
        .tournament()
        .players
        .iter()
        .map(|p| p.club.as_str())
        .collect();
    assert_eq!(clubs, ["SK Rochade", "Turm Berlin", "SK Rochade"]);
    // The list has a Club column, with each player's club.
    h.get_by_role_and_label(Role::Button, "Club");
    assert_eq!(h.get_all_by_label("SK Rochade").count(), 2);
    h.get_by_label("Turm Berlin");

    click(&mut h, "Event");
    click(&mut h, "Keep club-mates apart…");
    h.get_by_label("1 club with two players or more");
    type_into(&mut h, "until round", "3");
    click(&mut h, "Add the club groups");
    assert_eq!(
        h.state().tournament().event.forbidden_pairs,
        [ForbiddenGroup {
            players: vec![1, 3],
            first_round: Some(1),
            last_round: Some(3),
        }]
    );
    assert_eq!(
        h.state().message().map(|m| m.text.as_str()),
        Some("Club-mates kept apart in rounds 1–3")
    );
    h.get_by_label("1 Smith, Anna, 3 Brown, Carl (rounds 1–3)");

    // The same again: nothing to add, and the message says so.
    let before = h.state().tournament().clone();
    click(&mut h, "Keep club-mates apart…");
    type_into(&mut h, "until round", "3");
    click(&mut h, "Add the club groups");
    assert_eq!(h.state().tournament(), &before, "nothing changed");
    let message = h.state().message().expect("a message");
    assert!(
        message.error && message.text.contains("kept apart in those rounds already"),
        "{message:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
