//! One window runs every section of an event (Open A, a rapid): each section has its own
//! players, system and rounds; the file, the autosave and undo hold them all.
#![cfg(feature = "gui")]

use crate::common::window::{
    click, harness, open_event_in_progress, pair, reverse_first_board, step_until_enabled,
    step_until_shown, temp_dir, type_into,
};

use eframe::egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use swiss_arbiter::document::Edit;
use swiss_arbiter::formats::native;
use swiss_arbiter::gui::views::View;
use swiss_arbiter::gui::{ArbiterApp, Command};
use swiss_arbiter::print::Sheet;
use swiss_arbiter::tournament::{BoardResult, Outcome, Player, SystemId};

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

/// Adds `count` players named after the section, rated from `top` down, and numbers them.
fn register(h: &mut Harness<'static, ArbiterApp>, prefix: &str, count: u16, top: u16) {
    for i in 1..=count {
        let mut p = Player::new(0, format!("{prefix} player {i:02}"));
        p.rating = Some(top - 9 * i);
        p.federation = ["NED", "GER", "FRA", "ITA"][usize::from(i % 4)].into();
        h.state_mut().apply_edit(Edit::AddPlayer(Box::new(p)));
    }
    h.state_mut().apply_edit(Edit::AssignPairingNumbers);
    h.run_ok();
}

/// Enters a result on every board of `round` still without one (a fixed pattern of
/// wins, losses and draws).
fn play(h: &mut Harness<'static, ArbiterApp>, round: u32) {
    let t = h.state().tournament().clone();
    for (number, board) in (1..).zip(t.boards(round)) {
        if board.result != BoardResult::Pending {
            continue;
        }
        let result = match (number * 7 + round * 3) % 5 {
            0 | 1 => BoardResult::WhiteWins,
            2 | 3 => BoardResult::BlackWins,
            _ => BoardResult::Draw,
        };
        h.state_mut().apply_edit(Edit::SetResult {
            round,
            white: board.white,
            black: board.black,
            result,
        });
    }
    assert!(h.state().tournament().is_complete(round), "round {round}");
}

/// Selects the section whose tab starts with `name`.
fn section(h: &mut Harness<'static, ArbiterApp>, name: &str) {
    h.get_by_label_contains(&format!("{name} · ")).click();
    h.run_ok();
    assert_eq!(h.state().tournament().event.name, name);
}

/// Three sections paired side by side through five rounds in one window (issue #20's
/// venue run): Open A (60, Dutch 2026) with a late entry and an override, Open B (40,
/// Dutch 2026 with Baku acceleration) with a withdrawal, a Burstein rapid of 20; prints
/// of each. With `SWISS_ARBITER_KEEP=folder` the event and the prints are kept there.
#[test]
fn three_sections_through_five_rounds() {
    let dir = temp_dir("three-sections");
    let keep = std::env::var_os("SWISS_ARBITER_KEEP").map(std::path::PathBuf::from);
    let out = keep.clone().unwrap_or_else(|| dir.join("out"));
    std::fs::create_dir_all(&out).expect("output folder");
    let mut h = harness(&dir);
    h.run_ok();
    let ctx = h.ctx.clone();

    // The sections: each its own settings.
    let mut event = h.state().tournament().event.clone();
    event.name = "Open A".into();
    event.city = "Utrecht".into();
    event.chief_arbiter = "IA Test".into();
    event.rounds = Some(5);
    event.system = Some(SystemId::Dutch2026);
    h.state_mut().apply_edit(Edit::SetEvent(Box::new(event)));
    register(&mut h, "Open A", 60, 2700);
    for (name, system, baku, count, top) in [
        ("Open B", SystemId::Dutch2026, true, 40, 2100),
        ("Rapid", SystemId::Burstein, false, 20, 2300),
    ] {
        click(&mut h, "+ Section");
        let mut event = h.state().tournament().event.clone();
        event.name = name.into();
        event.system = Some(system);
        event.acceleration.baku = baku;
        h.state_mut().apply_edit(Edit::SetEvent(Box::new(event)));
        register(&mut h, name, count, top);
    }
    assert_eq!(h.state().sections().len(), 3);

    for round in 1..=5 {
        for name in ["Open A", "Open B", "Rapid"] {
            section(&mut h, name);
            if name == "Open A" && round == 3 {
                // A late entry, before round 3 is paired.
                let mut late = Player::new(0, "Open A late entry");
                late.rating = Some(2500);
                let entry = Edit::LateEntry {
                    player: Box::new(late),
                    round: 3,
                };
                h.state_mut().run(Command::Edit(entry), &ctx);
                assert_eq!(h.state().tournament().players.len(), 61);
            }
            if name == "Open B" && round == 4 {
                // A withdrawal from round 4.
                let t = h.state().tournament();
                let mut gone = t.player(7).expect("player 7").clone();
                gone.withdrawn_from = Some(4);
                h.state_mut().apply_edit(Edit::UpdatePlayer(Box::new(gone)));
            }
            h.state_mut().run(Command::Navigate(View::Players), &ctx);
            h.run_ok();
            pair(&mut h, round);
            click(&mut h, "Publish");
            assert!(h.state().tournament().is_published(round), "{name} {round}");
            if name == "Open A" && round == 2 {
                // An override: board 1's colours reversed, published with a reason.
                // *Override…* is shown at once, disabled until the round's explanation
                // (computed in the background) is ready.
                h.get_by_label("Override…");
                step_until_enabled(&mut h, "Override…");
                click(&mut h, "Override…");
                reverse_first_board(&mut h);
                type_into(&mut h, "Reason", "colour reversed at the board");
                crate::common::window::publish_override(&mut h);
                assert_eq!(h.state().tournament().overrides.len(), 1);
            }
            play(&mut h, round);
        }
    }

    // Each section as it should be, and untouched by the others.
    let sections = h.state().sections().to_vec();
    let late = &sections[0];
    assert_eq!(late.players.len(), 61);
    let newcomer = late
        .players
        .iter()
        .find(|p| p.name == "Open A late entry")
        .expect("entered");
    assert_eq!(newcomer.late_entry_round, Some(3));
    assert_eq!(newcomer.outcome(2), &Outcome::Absent);
    let id = newcomer.id;
    assert!(
        (3..=5).all(|r| late
            .boards(r)
            .iter()
            .any(|x| x.white == id || x.black == id)),
        "the late entry plays from round 3"
    );
    let b = &sections[1];
    assert!(b.event.acceleration.baku);
    let gone = b.player(7).expect("player 7");
    assert!((4..=5).all(|r| b.boards(r).iter().all(|x| x.white != 7 && x.black != 7)));
    assert_eq!(gone.withdrawn_from, Some(4));
    assert_eq!(sections[2].event.system, Some(SystemId::Burstein));
    for t in &sections {
        assert!((1..=5).all(|r| t.is_complete(r) && t.is_published(r)));
        assert!(t.inconsistencies().is_empty());
    }

    // The event is over: no entry for a round after the last planned one.
    h.run_ok();
    h.get_by_label("Round 5 ✔");
    assert!(h.query_by_label_contains("Round 6").is_none());

    // Prints of every section, and one file holding the event.
    for (index, name) in ["Open A", "Open B", "Rapid"].into_iter().enumerate() {
        section(&mut h, name);
        assert_eq!(h.state().current_section(), index);
        for (sheet, what) in [
            (Sheet::Pairings, "pairings-r5"),
            (Sheet::Standings, "standings"),
            (Sheet::Crosstable, "crosstable"),
        ] {
            let path = out.join(format!("{name} {what}.pdf"));
            h.state_mut().print_to(sheet, &path, &ctx);
            h.state_mut().finish_writing(&ctx);
            let head = std::fs::read(&path).expect("printed");
            assert!(head.starts_with(b"%PDF"), "{}", path.display());
        }
    }
    let file = out.join("festival.sarb");
    h.state_mut().save_to(&file, &ctx);
    h.state_mut().finish_writing(&ctx);
    assert_eq!(native::load_sections(&file).expect("reads back"), sections);
    if keep.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Prize lines typed and not applied belong to the section they were typed in: another
/// section shown (added, or picked from the bar) starts from its own prize list, and
/// *Apply* cannot write them into it.
#[test]
fn prize_lines_typed_for_one_section_are_not_applied_to_another() {
    let dir = temp_dir("sections-prizes");
    let mut h = harness(&dir);
    h.run_ok();
    h.state_mut()
        .apply_edit(Edit::AddPlayer(Box::new(Player::new(1, "Rossi, Marco"))));
    let prizes = |h: &mut Harness<'static, ArbiterApp>| {
        if h.state().view() != View::Prizes {
            click(h, "Prizes");
        }
    };
    let typed = |h: &mut Harness<'static, ArbiterApp>| {
        prizes(h);
        step_until_shown(h, "No prize list yet.");
        let lines = Role::MultilineTextInput;
        h.get_by_role_and_label(lines, "Prize list").focus();
        h.run_ok();
        h.get_by_role_and_label(lines, "Prize list")
            .type_text("Overall,1,500\n");
        h.run_ok();
        assert!(
            !h.get_by_label("Apply prize list")
                .accesskit_node()
                .is_disabled()
        );
    };
    let not_pending = |h: &mut Harness<'static, ArbiterApp>| {
        prizes(h);
        step_until_shown(h, "No prize list yet.");
        assert!(
            h.get_by_label("Apply prize list")
                .accesskit_node()
                .is_disabled(),
            "the lines typed for the other section are not pending here"
        );
    };
    typed(&mut h);
    click(&mut h, "+ Section");
    assert_eq!(h.state().current_section(), 1);
    not_pending(&mut h);
    typed(&mut h);
    // One player is "1 player".
    h.get_by_label_contains("Untitled · 1 player").click();
    h.run_ok();
    assert_eq!(h.state().current_section(), 0);
    not_pending(&mut h);
    assert!(h.state().sections().iter().all(|t| t.prizes.is_empty()));
    assert!(h.query_by_label_contains("1 players").is_none());
}

/// The Help menu shows the user guide (compiled in, read without a network).
#[test]
fn the_help_menu_shows_the_user_guide() {
    let dir = temp_dir("help");
    let mut h = harness(&dir);
    h.run_ok();
    click(&mut h, "Help");
    click(&mut h, "User guide");
    assert!(
        h.query_by_label("User guide: the desktop application")
            .is_some(),
        "the guide's title heading is shown"
    );
}
