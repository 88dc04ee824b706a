//! The desktop app driven through its widgets (egui_kittest, AccessKit): create an event,
//! add 9 players, pair and enter two rounds, publish, view standings and crosstable, save
//! and reopen; autosave restore; the window keeps drawing while a big round is paired.
#![cfg(feature = "gui")]

use crate::common;
use crate::common::window::{
    click, event_in_progress, harness, open_event_in_progress, pair, press_text,
    reverse_first_board, step_until, step_until_shown, temp_dir, type_into,
};

use std::path::{Path, PathBuf};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use swiss_arbiter::document::Edit;
use swiss_arbiter::formats::trf::Dialect;
use swiss_arbiter::generator::{GeneratorConfig, generate};
use swiss_arbiter::gui::{ArbiterApp, Command};
use swiss_arbiter::standings;
use swiss_arbiter::tournament::{
    BoardResult, ByeKind, Outcome, Player, ScoringSystem, SystemId, Tournament,
};

const PLAYERS: [(&str, &str); 9] = [
    ("Müller, Łukasz", "2450"),
    ("Иванов, Иван", "2390"),
    ("Παπαδόπουλος, Νίκος", "2310"),
    ("Smith, Anna", "2280"),
    ("García, Pablo", "2205"),
    ("Dubois, Claire", "2150"),
    ("Novák, Petr", "2010"),
    ("Jensen, Ida", "1985"),
    ("Rossi, Marco", "1900"),
];

#[test]
fn a_whole_event_through_the_window() {
    let dir = temp_dir("flow");
    let mut h = harness(&dir);
    h.run_ok();

    // Event.
    type_into(&mut h, "Name", "Club Open");
    type_into(&mut h, "Place", "Basel");
    click(&mut h, "Apply changes");
    assert_eq!(h.state().tournament().event.name, "Club Open");
    assert_eq!(h.state().tournament().event.city, "Basel");

    // Players, entered in reverse rating order, then numbered by rating.
    click(&mut h, "Players (0)");
    click(&mut h, "Add player");
    for (name, rating) in PLAYERS.iter().rev() {
        type_into(&mut h, "Name", name);
        type_into(&mut h, "Rating", rating);
        click(&mut h, "Save player");
    }
    assert_eq!(h.state().tournament().players.len(), 9);
    assert_eq!(h.state().tournament().players[0].name, "Rossi, Marco");
    click(&mut h, "Close");
    click(&mut h, "Assign pairing numbers");
    let names: Vec<&str> = h
        .state()
        .tournament()
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, PLAYERS.map(|(n, _)| n));
    h.get_by_label("Παπαδόπουλος, Νίκος");

    // Round 1: pair, enter results with the keyboard, undo and redo.
    pair(&mut h, 1);
    let t = h.state().tournament();
    assert_eq!(t.boards(1).len(), 4);
    assert!(
        t.pairing_bye(1).is_some(),
        "9 players: one pairing-allocated bye"
    );
    assert!(!t.is_published(1));
    h.get_by_label("draft");
    for key in ["1", "=", "0"] {
        press_text(&mut h, key);
    }
    // Up to board 3 and back down to board 4.
    h.key_press(egui::Key::ArrowUp);
    h.run_ok();
    h.key_press(egui::Key::ArrowDown);
    h.run_ok();
    // A forfeit is confirmed first.
    press_text(&mut h, "+");
    click(&mut h, "Record +/-");
    let results: Vec<BoardResult> = h
        .state()
        .tournament()
        .boards(1)
        .iter()
        .map(|b| b.result)
        .collect();
    assert_eq!(
        results,
        [
            BoardResult::WhiteWins,
            BoardResult::Draw,
            BoardResult::BlackWins,
            BoardResult::WhiteForfeitWin
        ]
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_ok();
    assert_eq!(
        h.state().tournament().boards(1)[3].result,
        BoardResult::Pending
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run_ok();
    assert!(h.state().tournament().is_complete(1));
    h.get_by_label("+/-");
    click(&mut h, "Publish");
    assert!(h.state().tournament().is_published(1));

    // Round 2: a draft re-pairs in one click; published, it asks first.
    pair(&mut h, 2);
    let first = h.state().tournament().boards(2);
    click(&mut h, "Re-pair");
    step_until(&mut h, "the re-pairing", |app| !app.is_pairing());
    assert_eq!(
        h.state().tournament().boards(2),
        first,
        "the engine is deterministic"
    );
    click(&mut h, "Publish");
    click(&mut h, "Re-pair…");
    h.get_by_label("Re-pair round 2?");
    click(&mut h, "Keep pairing");
    assert!(h.query_by_label("Re-pair round 2?").is_none());
    assert!(h.state().tournament().is_published(2));

    // Badges and the selected pair's explanation come from the explanation.
    step_until(&mut h, "the explanation", |app| app.insight(2).is_some());
    h.get_by_label_contains("Why board 1:");

    // Override: a swap that makes a rematch is refused; reversing colours only warns.
    click(&mut h, "Override…");
    let t = h.state().tournament();
    let round2 = t.boards(2);
    let board_of = |p: u32| round2.iter().position(|b| b.white == p || b.black == p);
    let (b, c) = t
        .boards(1)
        .iter()
        .find_map(|x| {
            let (a, b) = (x.white, x.black);
            let (board_a, board_b) = (board_of(a)?, board_of(b)?);
            let opposite = |board: usize, p: u32| {
                let y = &round2[board];
                if y.white == p { y.black } else { y.white }
            };
            (board_a != board_b).then(|| (b, opposite(board_a, a)))
        })
        .expect("two round-1 opponents on different boards in round 2");
    let label = |h: &Harness<'_, ArbiterApp>, id: u32| {
        let name = &h.state().tournament().player(id).expect("player").name;
        format!("{id} {name}")
    };
    let (lb, lc) = (label(&h, b), label(&h, c));
    click(&mut h, &lb);
    click(&mut h, &lc);
    step_until(&mut h, "the check", |app| !app.is_checking_override());
    // Said by the check and by the Level 3 warning.
    assert!(h.get_all_by_label_contains("met in round 1").count() >= 2);
    type_into(&mut h, "Reason", "arbiter test");
    click(&mut h, "Publish override");
    assert!(
        h.state().tournament().overrides.is_empty(),
        "a rematch is not published unless the arbiter confirms it"
    );
    // In FIDE mode it is a Level 3 warning the arbiter may confirm (checklist Q66).
    h.get_by_label_contains("Level 3 — round 2:");
    let publish_disabled = |h: &Harness<'_, ArbiterApp>| {
        h.get_by_label("Publish override")
            .accesskit_node()
            .is_disabled()
    };
    assert!(publish_disabled(&h), "not confirmed yet");
    h.get_by_label_contains("I confirm pairing so").click();
    h.run_ok();
    assert!(!publish_disabled(&h), "confirmed, with a reason");
    // Swap back, then reverse board 1's colours.
    click(&mut h, &lb);
    click(&mut h, &lc);
    step_until(&mut h, "the check", |app| !app.is_checking_override());
    assert!(h.query_by_label_contains("met in round 1").is_none());
    reverse_first_board(&mut h);
    h.get_by_label_contains("Warning — WORSE");
    crate::common::window::publish_override(&mut h);
    let t = h.state().tournament();
    assert_eq!(t.overrides.len(), 1);
    assert_eq!(t.overrides[0].reason, "arbiter test");
    assert!(
        t.overrides[0].verdict.contains("WORSE"),
        "{}",
        t.overrides[0].verdict
    );
    assert_eq!(
        (t.boards(2)[0].white, t.boards(2)[0].black),
        (round2[0].black, round2[0].white)
    );
    assert!(t.is_published(2));
    for key in ["=", "1", "1", "0"] {
        press_text(&mut h, key);
    }
    let t = h.state().tournament();
    assert!(t.is_complete(2));
    assert!(t.inconsistencies().is_empty());
    for p in &t.players {
        let opponents: Vec<u32> = p.results.iter().filter_map(Outcome::opponent).collect();
        let mut unique = opponents.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(opponents.len(), unique.len(), "no rematch for {}", p.name);
    }

    // Standings and crosstable come from the library.
    click(&mut h, "Standings");
    // Computed on a background thread: on a loaded machine, after the click's frames.
    step_until_shown(&mut h, "Standings after round 2");
    h.get_by_label("BH/C1");
    click(&mut h, "Crosstable");
    h.get_by_label("R2");
    h.get_by_label("Total");
    // Rank 1's row: the cells the library computes are on screen.
    let t = h.state().tournament().clone();
    let options = standings::Options {
        tiebreaks: standings::default_tiebreaks(),
        round: None,
        rules: standings::Rules::for_event(&t.event),
    };
    let table = standings::compute(&t, &options).expect("standings");
    let lines = standings::crosstable(&t, &table);
    for cell in &lines[0].rounds {
        let text = Some(cell.text())
            .filter(|t| !t.is_empty())
            .unwrap_or_else(|| "–".into());
        assert!(h.query_all_by_label(&text).count() >= 1, "cell {text}");
    }

    // Print: the menu's command writes the document the library renders, on a
    // background thread.
    let sheet = dir.join("pairings.html");
    let ctx = h.ctx.clone();
    h.state_mut()
        .print_to(swiss_arbiter::print::Sheet::Pairings, &sheet, &ctx);
    step_until(&mut h, "the printing", |app| !app.is_writing());
    let html = std::fs::read_to_string(&sheet).expect("the pairings page was written");
    let first = &h.state().tournament().players[0].name;
    assert!(
        html.contains(&swiss_arbiter::print::escape(first)),
        "{first} on the sheet"
    );
    h.state_mut().print_to(
        swiss_arbiter::print::Sheet::Standings,
        &dir.join("x.doc"),
        &ctx,
    );
    h.state_mut().finish_writing(&ctx);
    assert!(
        h.state().message().is_some_and(|m| m.error),
        "an unknown document type is an error: {:?}",
        h.state().message()
    );

    // Save (in the background) and reopen.
    let file = dir.join("club-open.ron");
    h.state_mut().save_to(&file, &ctx);
    assert!(h.state().is_dirty(), "not saved until written");
    step_until(&mut h, "the save", |app| !app.is_writing());
    assert!(!h.state().is_dirty());
    h.get_by_label_contains("Saved ");
    // An edit undone is back to the saved state: no "unsaved changes" left behind.
    let round = h.state().tournament().next_round();
    h.state_mut().apply_edit(Edit::RequestBye {
        player: 1,
        round,
        bye: Some(ByeKind::Half),
    });
    h.run_ok();
    assert!(h.state().is_dirty(), "{:?}", h.state().message());
    h.get_by_label("● unsaved changes");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_ok();
    assert!(!h.state().is_dirty(), "undone to the saved state");
    assert!(h.query_by_label("● unsaved changes").is_none());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    h.run_ok();
    assert!(h.state().is_dirty(), "redone");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_ok();
    h.state().flush_autosave();
    let saved = h.state().tournament().clone();
    let mut reopened = harness(&dir);
    reopened.run_ok();
    assert!(
        reopened.query_by_label("Restore unsaved work?").is_none(),
        "saved: no autosave offer"
    );
    reopened.state_mut().open_path(&file);
    reopened.run_ok();
    assert_eq!(reopened.state().tournament(), &saved);
    reopened.get_by_label("Round 2 ✔");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unsaved_work_is_offered_back_after_a_crash() {
    let dir = temp_dir("restore");
    {
        let mut h = harness(&dir);
        h.run_ok();
        type_into(&mut h, "Name", "Lost Open");
        click(&mut h, "Apply changes");
        assert!(h.state().is_dirty());
        // Dropped without closing: a crash.
    }
    let mut h = harness(&dir);
    h.run_ok();
    h.get_by_label("Restore unsaved work?");
    click(&mut h, "Restore");
    assert_eq!(h.state().tournament().event.name, "Lost Open");
    assert!(h.state().is_dirty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_file_is_a_message_not_a_panic() {
    let dir = temp_dir("bad");
    let file = dir.join("broken.ron");
    std::fs::write(&file, "(format_version: 1, tournament: (players: [oops]))").expect("write");
    let mut h = harness(&dir);
    h.run_ok();
    h.state_mut().open_path(&file);
    h.run_ok();
    let message = h.state().message().expect("a message");
    assert!(message.error && message.text.contains("not a swiss-arbiter event file"));
    assert!(h.state().tournament().players.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quitting_with_unsaved_changes_asks_first_and_edits_undo() {
    let dir = temp_dir("quit");
    let mut h = harness(&dir);
    h.run_ok();
    type_into(&mut h, "Name", "Spring Open");
    click(&mut h, "Apply changes");
    click(&mut h, "File");
    click(&mut h, "Quit");
    h.get_by_label("Unsaved changes");
    click(&mut h, "Cancel");
    assert!(h.query_by_label("Unsaved changes").is_none());
    assert!(h.state().is_dirty(), "nothing was lost");

    // Players: a requested bye, then late entry after round 1 renumbers everyone.
    click(&mut h, "Players (0)");
    click(&mut h, "Add player");
    for (name, rating) in [
        ("Alpha, A", "2000"),
        ("Beta, B", "1900"),
        ("Gamma, C", "1800"),
    ] {
        type_into(&mut h, "Name", name);
        type_into(&mut h, "Rating", rating);
        click(&mut h, "Save player");
    }
    click(&mut h, "Close");
    pair(&mut h, 1);
    assert_eq!(h.state().tournament().pairing_bye(1), Some(3));
    // A late entry renumbers the players: the draft is published first.
    click(&mut h, "Publish");
    click(&mut h, "Players (3)");
    click(&mut h, "Add player");
    h.get_by_label("Late entry (joins in round 2)");
    type_into(&mut h, "Name", "Delta, D");
    type_into(&mut h, "Rating", "1950");
    click(&mut h, "Save player");
    let t = h.state().tournament();
    assert_eq!(t.players[1].name, "Delta, D", "numbered by rating");
    assert_eq!(t.players[1].outcome(1), &Outcome::Absent);
    assert!(t.inconsistencies().is_empty());

    // Undo from the Edit menu takes the late entry back.
    click(&mut h, "Edit");
    // The menu entry's name includes its shortcut.
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Undo")))
        .click();
    h.run_ok();
    assert_eq!(h.state().tournament().players.len(), 3);

    // Quit, answered "Save": the window closes once the file is written, with the edit
    // made just before.
    let file = dir.join("spring.sarb");
    let ctx = h.ctx.clone();
    h.state_mut().save_to(&file, &ctx);
    step_until(&mut h, "the save", |app| !app.is_writing());
    let board = h.state().tournament().boards(1)[0];
    h.state_mut().apply_edit(Edit::SetResult {
        round: 1,
        white: board.white,
        black: board.black,
        result: BoardResult::Draw,
    });
    click(&mut h, "File");
    click(&mut h, "Quit");
    click(&mut h, "Save");
    step_until(&mut h, "the save and quit", ArbiterApp::is_quitting);
    assert!(!h.state().is_dirty());
    let saved = swiss_arbiter::formats::native::load(&file).expect("saved");
    assert_eq!(&saved, h.state().tournament());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn players_are_imported_from_csv_and_trf_into_the_open_event() {
    let dir = temp_dir("import");
    let csv = dir.join("entries.csv");
    std::fs::write(
        &csv,
        "Name;Rating;Fed\nMüller, Łukasz;2450;GER\n\"Smith; Anna\";2280;ENG\n",
    )
    .expect("write");
    let mut h = harness(&dir);
    h.run_ok();
    click(&mut h, "Players (0)");
    h.get_by_label("Import players…");
    h.state_mut().import_players_from(&csv);
    h.run_ok();
    assert_eq!(h.state().tournament().players.len(), 2);
    h.get_by_label("Smith; Anna");
    // The same list again adds nobody and says so.
    h.state_mut().import_players_from(&csv);
    h.run_ok();
    assert_eq!(h.state().tournament().players.len(), 2);
    h.get_by_label_contains("in the event already");
    // A TRF file's players, without their results.
    let trf = common_fixture("dutch2026-n010-r04-s3100008.trf");
    h.state_mut().import_players_from(&trf);
    h.run_ok();
    let t = h.state().tournament();
    assert_eq!(t.players.len(), 12);
    assert!(t.players.iter().all(|p| p.results.is_empty()));
    // A bad line is a message naming the line and column.
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "name,rating\nX,high\n").expect("write");
    h.state_mut().import_players_from(&bad);
    h.run_ok();
    h.get_by_label_contains("bad.csv:2:3");
    assert_eq!(h.state().tournament().players.len(), 12);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The window's doors: a native file that contradicts itself is refused naming the
/// player (it used to open, and pair one player on two boards); a round past the planned
/// ones says why instead of offering to pair it; a player list with a value FIDE's report
/// cannot hold names its line and column.
#[test]
fn what_is_wrong_is_refused_in_the_window_with_the_reason() {
    let dir = temp_dir("refused");
    let mut h = harness(&dir);
    h.run_ok();
    let cfg = GeneratorConfig {
        players: 8,
        rounds: 2,
        planned_rounds: None,
        seed: 3,
        draw_rate: 0.2,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        baku: false,
        absences: Default::default(),
        scoring: ScoringSystem::standard(),
    };
    let t = generate(&cfg, SystemId::Dutch2026).expect("generated");
    let mut twice = t.clone();
    twice.players[1].id = twice.players[0].id;
    let file = dir.join("twice.sarb");
    std::fs::write(&file, common::unchecked_native_text(&twice)).expect("write");
    h.state_mut().open_path(&file);
    h.run_ok();
    let message = h.state().message().expect("a message");
    assert!(
        message.error && message.text.contains("pairing number 1 is used twice"),
        "{}",
        message.text
    );
    assert!(h.state().tournament().players.is_empty(), "not opened");

    let file = dir.join("done.sarb");
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");
    h.state_mut().open_path(&file);
    h.run_ok();
    // No entry for a round after the last planned one; asked anyway, it says why not.
    h.get_by_label("Round 2 ✔");
    assert!(h.query_by_label("Round 3").is_none());
    let ctx = h.ctx.clone();
    h.state_mut().run(
        Command::PairRound {
            round: 3,
            repair: false,
        },
        &ctx,
    );
    h.run_ok();
    h.get_by_label_contains("round 3 is beyond the event's 2 rounds");
    assert!(!h.state().tournament().is_paired(3));

    let csv = dir.join("wide.csv");
    std::fs::write(&csv, "name;fed\nAnn;GERMANY\n").expect("write");
    h.state_mut().import_players_from(&csv);
    h.run_ok();
    h.get_by_label_contains("wide.csv:2:5: Federation");
    assert_eq!(h.state().tournament().players.len(), 8);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Double-Swiss event (C.04.5): two keys enter a match's two games, the match score is
/// shown, and exporting TRF says what the format drops.
#[test]
fn double_swiss_matches_take_two_results_per_board() {
    let dir = temp_dir("double-swiss");
    let mut t = Tournament::default();
    t.event.system = Some(SystemId::DoubleSwiss);
    t.event.scoring = ScoringSystem::double_swiss(ScoringSystem::standard());
    t.players = (1..=4)
        .map(|id| Player::new(id, format!("P{id}")))
        .collect();
    t.record_pairing(1, &[[1, 3], [4, 2]], None);
    let file = dir.join("double.sarb");
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");
    let mut h = harness(&dir);
    h.run_ok();
    h.state_mut().open_path(&file);
    h.run_ok();
    click(&mut h, "Round 1 · draft");
    // Board 1: game 1 won by 1 (White), game 2 drawn.
    press_text(&mut h, "1");
    assert_eq!(
        h.state().tournament().boards(1)[0].games,
        Some([BoardResult::Pending; 2]),
        "one key is game 1 only"
    );
    press_text(&mut h, "=");
    let t = h.state().tournament();
    assert_eq!(
        t.boards(1)[0].games,
        Some([BoardResult::WhiteWins, BoardResult::Draw])
    );
    h.get_by_label("1.5-0.5");
    // Board 2: game 2 written with its colours: 2 has White and wins.
    press_text(&mut h, "0");
    press_text(&mut h, "1");
    assert_eq!(
        h.state().tournament().boards(1)[1].games,
        Some([BoardResult::BlackWins, BoardResult::WhiteWins])
    );
    h.get_by_label("0.0-2.0");
    assert!(h.state().tournament().is_complete(1));
    let ctx = h.ctx.clone();
    h.state_mut()
        .export_trf_to(&dir.join("double.trf"), Dialect::Trf26, &ctx);
    // The warnings are those of the event written, whatever is shown when it is done.
    h.state_mut().run(Command::AddSection, &ctx);
    h.state_mut().finish_writing(&ctx);
    assert!(
        h.state()
            .message()
            .is_some_and(|m| m.text.contains("Warning: TRF holds one result per round")),
        "{:?}",
        h.state().message()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn common_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Choosing Double-Swiss in the event view gives its scoring (C.04.5: the PAB a game won
/// and a game drawn, byes per match); back to Dutch, the standard scoring.
#[test]
fn the_scoring_follows_the_chosen_system() {
    let dir = temp_dir("scoring");
    let mut h = harness(&dir);
    h.run_ok();
    let choose = |h: &mut Harness<'_, ArbiterApp>, system: &str| {
        click(h, "Pairing system");
        click(h, system);
        click(h, "Apply changes");
    };
    choose(&mut h, "Double-Swiss (C.04.5)");
    let e = &h.state().tournament().event;
    assert_eq!(e.system, Some(SystemId::DoubleSwiss));
    assert_eq!(
        e.scoring,
        ScoringSystem::double_swiss(ScoringSystem::standard())
    );
    choose(&mut h, "Lim (C.04.4.3)");
    assert_eq!(
        h.state().tournament().event.scoring,
        ScoringSystem::standard()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A procedural system's round is explained in the window too (Dubov: the selected
/// board's colour rule and score group), and an override swap is checked against the
/// engine's pairing.
#[test]
fn a_dubov_round_is_explained_and_an_override_checked() {
    let dir = temp_dir("dubov");
    let cfg = GeneratorConfig {
        players: 14,
        rounds: 3,
        planned_rounds: None,
        seed: 11,
        draw_rate: 0.2,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        baku: false,
        absences: Default::default(),
        scoring: ScoringSystem::standard(),
    };
    let t = generate(&cfg, SystemId::Dubov).expect("generated");
    let file = dir.join("dubov.sarb");
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");
    let mut h = harness(&dir);
    h.run_ok();
    h.state_mut().open_path(&file);
    h.run_ok();
    click(&mut h, "Round 3 ✔");
    step_until(&mut h, "the explanation", |app| app.insight(3).is_some());
    h.get_by_label_contains("Why board 1:");
    h.get_by_label_contains("Colours: 5.2.");
    h.get_by_label_contains("Bracket 1 (score");
    let recorded = &h.state().insight(3).expect("explained").recorded;
    assert!(recorded.is_valid(), "{}", recorded.verdict());

    click(&mut h, "Override…");
    let boards = h.state().tournament().boards(3);
    let label = |h: &Harness<'_, ArbiterApp>, id: u32| {
        let name = &h.state().tournament().player(id).expect("player").name;
        format!("{id} {name}")
    };
    let (a, b) = (label(&h, boards[0].white), label(&h, boards[1].white));
    click(&mut h, &a);
    click(&mut h, &b);
    step_until(&mut h, "the check", |app| !app.is_checking_override());
    assert!(
        h.query_by_label_contains("Refused —").is_some()
            || h.query_by_label_contains("engine's").is_some(),
        "the swap is checked"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Round 1 with the players numbered as they were entered (C.04.2 B not applied): the
/// round view names two players out of order and asks to assign pairing numbers first,
/// instead of pairing the 2830 GM against an unrated player without a word.
#[test]
fn round_one_asks_for_pairing_numbers_first() {
    let dir = temp_dir("unnumbered");
    let mut h = harness(&dir);
    let mut t = Tournament::default();
    // Three rounds: four players cannot play more (a fourth is named before round 1).
    t.event.rounds = Some(3);
    for (id, name, rating) in [
        (1, "Unrated, Una", None),
        (2, "Club, Carl", Some(1800)),
        (3, "Grand, Greta", Some(2830)),
        (4, "Master, Max", Some(2400)),
    ] {
        let mut p = Player::new(id, name);
        p.rating = rating;
        t.players.push(p);
    }
    let file = dir.join("entered.sarb");
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");
    h.state_mut().open_path(&file);
    h.run_ok();
    click(&mut h, "Round 1");
    h.get_by_label_contains("Pairing numbers are not in the C.04.2 order");
    h.get_by_label_contains("1 Unrated, Una (unrated) is numbered before 2 Club, Carl (1800)");
    assert!(h.query_by_label("Pair round 1").is_none());
    click(&mut h, "Assign pairing numbers and pair round 1");
    step_until(&mut h, "the pairing", |app| {
        !app.is_pairing() && app.tournament().is_paired(1)
    });
    let t = h.state().tournament();
    assert_eq!(t.players[0].name, "Grand, Greta");
    let greta = t.players[0].outcome(1).opponent().and_then(|o| t.player(o));
    assert_eq!(
        greta.map(|p| p.name.as_str()),
        Some("Club, Carl"),
        "1 meets 3 of 4"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Changing a result of a round that a later round was paired from asks first, naming the
/// later rounds and whether each is a draft or published; a draft last round can be paired
/// again in the same click (the change used to be taken silently).
#[test]
fn a_result_under_a_later_paired_round_asks_first() {
    let dir = temp_dir("later-paired");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "later.sarb", (8, 2, 5), |t| {
        t.round_records[1].published = false;
    });
    click(&mut h, "Round 1 ✔");
    let before = h.state().tournament().boards(1)[0].result;
    let (key, after) = if before == BoardResult::WhiteWins {
        ("0", BoardResult::BlackWins)
    } else {
        ("1", BoardResult::WhiteWins)
    };
    press_text(&mut h, key);
    h.get_by_label("Change a result of round 1?");
    h.get_by_label_contains("round 2 (draft)");
    // The question names the board, its players and both results.
    let board = h.state().tournament().boards(1)[0];
    let change = format!(
        "Round 1, board 1, {} {} – {} ",
        board.white,
        h.state()
            .tournament()
            .player(board.white)
            .expect("white")
            .name,
        board.black
    );
    h.get_by_label_contains(&change);
    h.get_by_label_contains(&format!(": {} → {}.", before.text(), after.text()));
    click(&mut h, "Keep the result");
    assert_eq!(h.state().tournament().boards(1)[0].result, before);

    // Entering moved on to board 2, as after any result: back to board 1.
    h.key_press(egui::Key::ArrowUp);
    h.run_ok();
    press_text(&mut h, key);
    click(&mut h, "Change it and re-pair round 2");
    step_until(&mut h, "the re-pairing", |app| {
        !app.is_pairing() && app.tournament().is_paired(2)
    });
    assert_eq!(h.state().tournament().boards(1)[0].result, after);
    assert!(!h.state().tournament().is_complete(2), "paired again");

    // Published: no re-pairing offered; the change is taken on purpose.
    click(&mut h, "Round 2 · draft");
    click(&mut h, "Publish");
    click(&mut h, "Round 1 ✔");
    h.key_press(egui::Key::ArrowUp);
    h.run_ok();
    press_text(&mut h, "=");
    h.get_by_label_contains("round 2 (published)");
    assert!(h.query_by_label("Change it and re-pair round 2").is_none());
    click(&mut h, "Change it");
    assert_eq!(
        h.state().tournament().boards(1)[0].result,
        BoardResult::Draw
    );
    assert!(h.state().tournament().is_published(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A group of players who must not meet is typed with commas or spaces ("5 7" was refused
/// without saying why); a wrong entry says how to list the numbers.
#[test]
fn groups_who_must_not_meet_take_spaces_or_commas() {
    let dir = temp_dir("groups");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "groups.sarb", (8, 1, 5), |_| {});
    // Round 1 is paired: FIDE mode sets such groups before round 1 only (Q196).
    h.state_mut()
        .apply_edit(Edit::LeaveFideMode("groups after round 1".into()));
    h.run_ok();
    // Opening an event shows its Event page.
    type_into(&mut h, "Players", "5  7,8");
    click(&mut h, "Add group");
    type_into(&mut h, "Players", "3 x");
    click(&mut h, "Add group");
    h.get_by_label_contains("\"x\" is not a pairing number (list numbers with commas or spaces");
    click(&mut h, "Apply changes");
    let groups = &h.state().tournament().event.forbidden_pairs;
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].players, [5, 7, 8]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The View menu names the themes in words (two of egui's icons had no glyph in the
/// embedded fonts and showed as empty boxes), and choosing one applies it.
#[test]
fn themes_are_chosen_by_name() {
    let dir = temp_dir("themes");
    let mut h = harness(&dir);
    h.run_ok();
    click(&mut h, "View");
    click(&mut h, "Dark theme");
    assert_eq!(
        h.ctx.options(|o| o.theme_preference),
        egui::ThemePreference::Dark
    );
    click(&mut h, "View");
    click(&mut h, "Light theme");
    assert_eq!(
        h.ctx.options(|o| o.theme_preference),
        egui::ThemePreference::Light
    );
    click(&mut h, "View");
    h.get_by_label("Theme as the system");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Edits on the Event page that are not applied are shown as such, and pairing waits for
/// them instead of ignoring them (a group who must not meet, added but not applied, was
/// silently left out of the pairing).
#[test]
fn pairing_waits_for_event_edits_not_applied() {
    let dir = temp_dir("pending");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "pending.sarb", (8, 1, 5), |_| {});
    // Round 1 is paired: FIDE mode sets such groups before round 1 only (Q196).
    h.state_mut()
        .apply_edit(Edit::LeaveFideMode("groups after round 1".into()));
    h.run_ok();
    assert!(h.query_by_label("● changes not applied").is_none());
    type_into(&mut h, "Players", "1, 2");
    click(&mut h, "Add group");
    h.get_by_label("● changes not applied");
    click(&mut h, "Round 2");
    click(&mut h, "Pair round 2");
    h.run_ok();
    assert!(!h.state().is_pairing() && !h.state().tournament().is_paired(2));
    let message = h.state().message().expect("a message");
    assert!(
        message.error && message.text.contains("changes not applied"),
        "{}",
        message.text
    );
    click(&mut h, "Event");
    click(&mut h, "Apply changes");
    assert!(h.query_by_label("● changes not applied").is_none());
    pair(&mut h, 2);
    let t = h.state().tournament();
    assert_ne!(
        t.players[0].outcome(2).opponent(),
        Some(2),
        "the group applied"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two windows at once each autosave in a slot of their own: the second neither offers
/// the first's work back nor can discard it (its "Discard" deleted the first window's
/// autosave), and opens the file it was started with; when the first crashes, the next
/// window offers its work back, once.
#[test]
fn a_second_window_leaves_the_first_ones_autosave_alone() {
    let dir = temp_dir("two-windows");
    let mut first = harness(&dir);
    first.run_ok();
    type_into(&mut first, "Name", "First Open");
    click(&mut first, "Apply changes");
    first.state().flush_autosave();

    let t = event_in_progress((6, 1, 2));
    let file = dir.join("second.sarb");
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");
    let mut second = harness(&dir);
    second.run_ok();
    assert!(second.query_by_label("Restore unsaved work?").is_none());
    second.state_mut().open_at_start(&file);
    second.run_ok();
    assert_eq!(second.state().tournament(), &t, "the file it was given");
    click(&mut second, "Round 1 ✔");
    second.state().flush_autosave();

    // The first window crashes: the next one offers its work back.
    drop(first);
    let mut third = harness(&dir);
    third.run_ok();
    third.get_by_label("Restore unsaved work?");
    click(&mut third, "Restore");
    assert_eq!(third.state().tournament().event.name, "First Open");
    third.state().flush_autosave();
    let mut fourth = harness(&dir);
    fourth.run_ok();
    assert!(
        fourth.query_by_label("Restore unsaved work?").is_none(),
        "restored once, now the third window's own"
    );
    assert_eq!(second.state().tournament(), &t);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Clicking a board's number or a player's name selects that board (the text took the
/// click and the selection stayed where it was): the next result typed goes to it.
#[test]
fn clicking_a_name_or_a_board_number_selects_the_board() {
    let dir = temp_dir("select");
    let mut h = harness(&dir);
    let (t, _) = open_event_in_progress(&mut h, &dir, "select.sarb", (8, 1, 9), |_| {});
    click(&mut h, "Round 1 ✔");
    let boards = h.state().tournament().boards(1);
    // A key that changes the board's result.
    let changing = |board: usize| match boards[board].result {
        BoardResult::Draw => ("1", BoardResult::WhiteWins),
        _ => ("=", BoardResult::Draw),
    };
    let black = boards[2].black;
    let name = format!("{black} {}", t.player(black).expect("black").name);
    click(&mut h, &name);
    let (key, result) = changing(2);
    press_text(&mut h, key);
    assert_eq!(h.state().tournament().boards(1)[2].result, result);
    h.get_by_label("4").click();
    h.run_ok();
    let (key, result) = changing(3);
    press_text(&mut h, key);
    assert_eq!(h.state().tournament().boards(1)[3].result, result);
    assert_eq!(h.state().tournament().boards(1)[0].result, boards[0].result);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_opened_while_the_window_runs_comes_to_this_window() {
    use swiss_arbiter::gui::instance::{self, Launch};
    let dir = temp_dir("launch");
    let mut h = harness(&dir);
    let Launch::First(first) = instance::launch(Some(&dir), None) else {
        panic!("the first launch runs the window");
    };
    h.state_mut().take_launches(first);
    h.run_ok();
    let file = dir.join("open-b.sarb");
    let mut t = event_in_progress((10, 1, 4));
    t.event.name = "Open B".into();
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");

    // A double-click on the file: the launch hands it over and ends.
    assert!(matches!(
        instance::launch(Some(&dir), Some(&file)),
        Launch::Handed
    ));
    step_until(&mut h, "the file handed over", |app| {
        app.path() == Some(file.as_path())
    });
    assert_eq!(h.state().tournament(), &t);

    // With unsaved changes, the window asks before it opens the next one.
    let mut renamed = t.event.clone();
    renamed.name = "Open B (renamed)".into();
    h.state_mut().apply_edit(Edit::SetEvent(Box::new(renamed)));
    assert!(h.state().is_dirty());
    let other = dir.join("open-c.sarb");
    swiss_arbiter::formats::native::save(&event_in_progress((8, 1, 5)), &other).expect("saved");
    assert!(matches!(
        instance::launch(Some(&dir), Some(&other)),
        Launch::Handed
    ));
    // Handed over means in the window's queue: the next frame asks.
    step_until_shown(&mut h, "Unsaved changes");
    assert_eq!(h.state().path(), Some(file.as_path()), "nothing opened yet");
    click(&mut h, "Discard changes");
    assert_eq!(h.state().path(), Some(other.as_path()));
}

#[test]
fn without_a_file_dialog_the_path_is_typed() {
    let dir = temp_dir("typed-path");
    let mut h = harness(&dir);
    let (t, _) = open_event_in_progress(&mut h, &dir, "first.sarb", (10, 1, 6), |t| {
        t.event.name = "Typed".into();
    });
    // Save As: the folder of the open file and the event's name are suggested.
    click(&mut h, "File");
    h.get_by_label_contains("Save As…").click();
    h.run_ok();
    h.get_by_label("Save the event");
    click(&mut h, "Save");
    let ctx = h.ctx.clone();
    h.state_mut().finish_writing(&ctx);
    h.run_ok();
    let saved = dir.join("Typed.sarb");
    assert_eq!(h.state().path(), Some(saved.as_path()));
    assert_eq!(
        swiss_arbiter::formats::native::load(&saved).expect("saved"),
        t
    );
    // Print: a relative name typed lands in that folder, with the extension chosen.
    click(&mut h, "File");
    click(&mut h, "Print");
    click(&mut h, "Starting rank list…");
    h.get_by_role_and_label(Role::TextInput, "File path")
        .focus();
    h.run_ok();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run_ok();
    press_text(&mut h, "standings-now.html");
    click(&mut h, "Write");
    h.state_mut().finish_writing(&ctx);
    let html = std::fs::read_to_string(dir.join("standings-now.html")).expect("written");
    assert!(html.contains("Typed"), "the event's rank list");
    // Cancel leaves everything as it was.
    click(&mut h, "File");
    h.get_by_label_contains("Open…").click();
    h.run_ok();
    h.get_by_label("Open an event");
    click(&mut h, "Cancel");
    assert!(h.query_by_label("Open an event").is_none());
    assert_eq!(h.state().path(), Some(saved.as_path()));
}

#[test]
fn a_late_entry_waits_until_the_draft_is_published() {
    let dir = temp_dir("late-draft");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "late.sarb", (12, 2, 8), |_| {});
    pair(&mut h, 3);
    let draft = h.state().tournament().clone();
    assert!(!draft.is_published(3));
    let mut late = Player::new(0, "Late, Lou");
    late.rating = Some(2900);
    let entry = Edit::LateEntry {
        player: Box::new(late),
        round: 4,
    };
    // The form says so before anything is typed, and does not save.
    click(&mut h, "Players (12)");
    click(&mut h, "Add player");
    h.get_by_label_contains("Round 3 is a draft, paired with the pairing numbers");
    type_into(&mut h, "Name", "Late, Lou");
    click(&mut h, "Save player");
    assert_eq!(h.state().tournament(), &draft, "nothing saved");
    assert_eq!(
        h.get_by_role_and_label(Role::TextInput, "Name").value(),
        Some("Late, Lou".to_string()),
        "what was typed stays"
    );
    // Sent anyway, the edit is refused with the reason.
    let ctx = h.ctx.clone();
    h.state_mut().run(Command::Edit(entry.clone()), &ctx);
    assert_eq!(h.state().tournament(), &draft, "no number changed");
    let message = h.state().message().expect("a message");
    assert!(
        message.error && message.text.contains("round 3 is a draft"),
        "{message:?}"
    );
    h.state_mut().run(Command::Edit(Edit::Publish(3)), &ctx);
    h.state_mut().run(Command::Edit(entry), &ctx);
    let t = h.state().tournament();
    assert_eq!(t.players.len(), 13);
    assert_eq!(t.player(1).map(|p| p.name.as_str()), Some("Late, Lou"));
}
