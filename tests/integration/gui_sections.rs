//! One window runs every section of an event (Open A, a rapid): each section has its own
//! players, system and rounds; the file, the autosave and undo hold them all.
#![cfg(feature = "gui")]

use crate::common::window::{click, harness, open_event_in_progress, pair, temp_dir, type_into};

use egui_kittest::kittest::Queryable;
use swiss_arbiter::formats::native;
use swiss_arbiter::gui::{Command, Edit};
use swiss_arbiter::tournament::{Player, SystemId};

#[test]
fn one_window_pairs_two_sections_and_one_file_keeps_both() {
    let dir = temp_dir("sections");
    let mut h = harness(&dir);
    h.run_ok();
    let (open_a, file) = open_event_in_progress(&mut h, &dir, "festival.sarb", (12, 2, 3), |t| {
        t.event.name = "Open A".into();
    });

    // A second section, with the settings of the first and none of its players.
    click(&mut h, "+ Section");
    assert_eq!(h.state().sections().len(), 2);
    assert_eq!(h.state().current_section(), 1);
    let rapid = h.state().tournament();
    assert!(rapid.players.is_empty());
    assert_eq!(rapid.event.rounds, open_a.event.rounds);
    let mut event = rapid.event.clone();
    event.name = "Rapid".into();
    event.system = Some(SystemId::Burstein);
    h.state_mut().apply_edit(Edit::SetEvent(Box::new(event)));
    for id in 1..=10 {
        let mut p = Player::new(id, format!("Rapid player {id}"));
        p.rating = Some(2000 - 10 * id as u16);
        h.state_mut().apply_edit(Edit::AddPlayer(Box::new(p)));
    }
    h.run_ok();
    pair(&mut h, 1);
    assert_eq!(h.state().tournament().boards(1).len(), 5);

    // Back to Open A: its own rounds, paired by its own system.
    click(&mut h, "Open A · 12 players · round 2");
    assert_eq!(h.state().current_section(), 0);
    assert_eq!(h.state().tournament().event.name, "Open A");
    pair(&mut h, 3);
    assert_eq!(h.state().tournament().boards(3).len(), 6);
    assert_eq!(
        h.state().sections()[1].boards(1).len(),
        5,
        "the other section is untouched"
    );

    // Undo goes back through both sections and shows the one each step changed.
    let ctx = h.ctx.clone();
    h.state_mut().run(Command::Undo, &ctx);
    assert_eq!(h.state().current_section(), 0);
    assert!(!h.state().tournament().is_paired(3));
    h.state_mut().run(Command::Undo, &ctx);
    assert_eq!(h.state().current_section(), 1, "the rapid's pairing undone");
    assert!(!h.state().tournament().is_paired(1));
    h.state_mut().run(Command::Redo, &ctx);
    h.state_mut().run(Command::Redo, &ctx);
    assert_eq!(h.state().current_section(), 0);
    assert!(h.state().tournament().is_paired(3));
    assert!(h.state().sections()[1].is_paired(1));
    h.run_ok();

    // The autosave holds every section.
    h.state().flush_autosave();
    let autosave = std::fs::read_dir(&dir)
        .expect("data folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("autosave-"))
                && p.extension().is_some_and(|e| e == "ron")
        })
        .expect("an autosave");
    let kept = native::load_sections(&autosave).expect("the autosave reads");
    assert_eq!(kept, h.state().sections());

    // One file holds both; it opens again with both.
    h.state_mut().save_to(&file, &ctx);
    h.state_mut().finish_writing(&ctx);
    assert!(!h.state().is_dirty());
    let saved = native::load_sections(&file).expect("reads");
    assert_eq!(saved, h.state().sections());
    let mut again = harness(&temp_dir("sections-again"));
    again.state_mut().open_path(&file);
    again.run_ok();
    assert_eq!(again.state().sections(), saved.as_slice());
    again.get_by_label_contains("Rapid · 10 players · round 1");

    // The command line works on one tournament: it names the sections instead.
    let err = swiss_arbiter::formats::open(&file).expect_err("two sections");
    assert!(
        err.to_string().contains("2 sections (Open A, Rapid)"),
        "{err}"
    );
}

#[test]
fn a_section_is_not_left_with_event_edits_not_applied() {
    let dir = temp_dir("sections-pending");
    let mut h = harness(&dir);
    h.run_ok();
    click(&mut h, "+ Section");
    assert_eq!(h.state().current_section(), 1);
    assert_eq!(h.state().tournament().event.name, "Section 2");
    type_into(&mut h, "Name", " rapid");
    click(&mut h, "Untitled · 0 players");
    assert_eq!(
        h.state().current_section(),
        1,
        "the typed name would be lost"
    );
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.error && m.text.contains("changes not applied")),
        "{:?}",
        h.state().message()
    );

    // Removing a section without players needs no question; Undo brings it back.
    let ctx = h.ctx.clone();
    h.state_mut().run(Command::RemoveSection(0), &ctx);
    assert_eq!(h.state().sections().len(), 1, "no players: removed at once");
    assert_eq!(h.state().current_section(), 0);
    h.state_mut().run(Command::Undo, &ctx);
    assert_eq!(h.state().sections().len(), 2);
    assert_eq!(h.state().current_section(), 0, "the section brought back");
    // One with players asks first.
    h.state_mut()
        .apply_edit(Edit::AddPlayer(Box::new(Player::new(1, "Rossi, Marco"))));
    h.state_mut().run(Command::RemoveSection(0), &ctx);
    h.run_ok();
    h.get_by_label("Remove the section Untitled?");
    click(&mut h, "Keep it");
    assert_eq!(h.state().sections().len(), 2);
    h.state_mut().run(Command::RemoveSection(0), &ctx);
    h.run_ok();
    click(&mut h, "Remove the section");
    assert_eq!(h.state().sections().len(), 1);
    assert_eq!(h.state().tournament().event.name, "Section 2");
}
