//! A club championship run in the window from the first entry to the last result, as a
//! new arbiter meets it (issue 54): sixteen players with accents and Cyrillic names,
//! entered from a CSV file and the form; a duplicate refused; seven rounds paired,
//! published and entered from the keyboard; the initial colour fixed once round 1 is
//! paired; a bye request; a draft edited by hand, then a withdrawal that removes it; an
//! override; a refused pairing that changes nothing; a draft removed and brought back; a
//! late entry; a forfeit confirmed; the standings, the saved file and the FIDE report read back. Every step
//! waits for the state it needs, never for a time.
#![cfg(feature = "gui")]

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use swiss_arbiter::document::Edit;
use swiss_arbiter::gui::views::View;
use swiss_arbiter::gui::{ArbiterApp, Command};
use swiss_arbiter::tournament::{ByeKind, Colour, Outcome, Tournament};

use crate::common::window::{
    click, harness, open_player_form, pair, press_text, publish_override, reverse_first_board,
    step_until, step_until_enabled, step_until_shown, temp_dir, type_into,
};

const CSV: &str = "Name;Rating;Fed;FIDE ID;Club\n\
Šťastný, Jiří;2311;CZE;301001;ŠK Slavia\n\
Иванов, Сергей;2254;RUS;301002;ŠK Slavia\n\
Müller, Jürgen;2198;GER;301003\n\
Ødegård, Åse;2143;NOR;301004\n\
Łukasiewicz, Paweł;2087;POL;301005\n\
Петрова, Анна;2032;RUS;301006\n\
García Núñez, José;1976;ESP;301007\n\
Öztürk, Çağla;1921;TUR;301008\n";

/// Players entered in the form: name, rating, federation, FIDE ID.
const FORM: [(&str, &str, &str, &str); 8] = [
    ("Dvořák, Tomáš", "2290", "CZE", "301009"),
    ("Кузнецов, Дмитрий", "2230", "RUS", "301010"),
    ("Lefèvre, Hélène", "2170", "FRA", "301011"),
    ("Þórsson, Ólafur", "2110", "ISL", "301012"),
    ("Nováková, Eliška", "2050", "CZE", "301013"),
    ("Смирнова, Ольга", "1990", "RUS", "301014"),
    ("Yılmaz, Emre", "1930", "TUR", "301015"),
    ("Berg, Søren", "1870", "DEN", "301016"),
];

fn run(h: &mut Harness<'static, ArbiterApp>, command: Command) {
    let ctx = h.ctx.clone();
    h.state_mut().run(command, &ctx);
    h.run_ok();
}

fn said(h: &Harness<'static, ArbiterApp>) -> String {
    h.state()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

fn add_in_form(
    h: &mut Harness<'static, ArbiterApp>,
    (name, rating, fed, id): (&str, &str, &str, &str),
) {
    click(h, "Add player");
    type_into(h, "Name", name);
    type_into(h, "Rating", rating);
    type_into(h, "Federation", fed);
    type_into(h, "FIDE ID", id);
    click(h, "Save player");
}

/// Opens the page of `round` and enters every board's result from the keyboard: White
/// wins, a draw and Black wins in turn (one key each: `1`, `=`, `0`).
fn enter_results(h: &mut Harness<'static, ArbiterApp>, round: u32) {
    run(h, Command::Navigate(View::Round(round)));
    let boards = h.state().tournament().boards(round).len();
    for i in 0..boards {
        press_text(h, ["1", "=", "0"][i % 3]);
    }
    assert!(
        h.state().tournament().is_complete(round),
        "round {round}: every result in from the keyboard"
    );
}

/// Pairs `round`, publishes it and enters its results.
fn play(h: &mut Harness<'static, ArbiterApp>, round: u32) {
    pair(h, round);
    click(h, "Publish");
    assert!(h.state().tournament().is_published(round));
    enter_results(h, round);
}

/// Whether `id` is on a board of `round`, or has its pairing-allocated bye.
fn seated(t: &Tournament, id: u32, round: u32) -> bool {
    t.player(id)
        .is_some_and(|p| p.outcome(round).took_part_in_pairing())
}

fn register(h: &mut Harness<'static, ArbiterApp>, dir: &Path) {
    // The event's name and seven rounds.
    run(h, Command::Navigate(View::Event));
    type_into(h, "Name", "Club championship 2026");
    click(h, "Apply changes");
    // Seven rounds (a drag value: set through the same edit the page sends).
    let mut event = h.state().tournament().event.clone();
    event.rounds = Some(7);
    run(h, Command::Edit(Edit::SetEvent(Box::new(event))));
    assert_eq!(h.state().tournament().event.name, "Club championship 2026");
    assert_eq!(h.state().tournament().event.rounds, Some(7), "{}", said(h));

    // Eight from a CSV file, eight in the form.
    let csv = dir.join("entries.csv");
    std::fs::write(&csv, CSV).expect("write");
    click(h, "Players (0)");
    h.state_mut().import_players_from(&csv);
    h.run_ok();
    h.get_by_label("Imported 8 players");
    for entry in FORM {
        add_in_form(h, entry);
    }
    click(h, "Close");
    let t = h.state().tournament();
    assert_eq!(t.players.len(), 16);
    h.get_by_label("Иванов, Сергей");
    let clubs = t.players.iter().filter(|p| p.club == "ŠK Slavia").count();
    assert_eq!(clubs, 2, "the CSV's club column is read");
    h.get_by_label("Þórsson, Ólafur");

    // The same player from the form again (name and FIDE ID): refused, nobody renumbered.
    let before = h.state().tournament().clone();
    add_in_form(h, FORM[1]);
    assert_eq!(
        h.state().tournament(),
        &before,
        "a duplicate changes nothing"
    );
    assert!(said(h).contains("registered already"), "{}", said(h));
    if h.query_by_label("Close").is_some() {
        click(h, "Close");
    }
}

#[test]
fn a_club_championship_runs_from_registration_to_the_report() {
    let dir = temp_dir("club-championship");
    let mut h = harness(&dir);
    h.run_ok();
    register(&mut h, &dir);

    // Round 1: the players were entered out of rating order: numbered, then paired.
    click(&mut h, "Round 1");
    click(&mut h, "Assign pairing numbers and pair round 1");
    step_until(&mut h, "round 1 paired", |app| {
        !app.is_pairing() && app.tournament().is_paired(1)
    });
    let t = h.state().tournament();
    assert_eq!(
        t.player(1).expect("1").name,
        "Šťastný, Jiří",
        "the top seed"
    );
    click(&mut h, "Publish");
    enter_results(&mut h, 1);

    // The initial colour is a fact of round 1 now.
    let mut event = h.state().tournament().event.clone();
    let before = h.state().tournament().clone();
    let top_seed_white = before.boards(1)[0].white == 1;
    event.initial_colour = Some(if top_seed_white {
        Colour::Black
    } else {
        Colour::White
    });
    run(&mut h, Command::Edit(Edit::SetEvent(Box::new(event))));
    assert_eq!(h.state().tournament(), &before);
    assert!(said(&h).contains("initial colour is fixed"), "{}", said(&h));

    // Round 2: a half-point bye requested; the round is still not paired.
    let resting = 16;
    run(
        &mut h,
        Command::Edit(Edit::RequestBye {
            player: resting,
            round: 2,
            bye: Some(ByeKind::Half),
        }),
    );
    assert!(!h.state().tournament().is_paired(2));
    assert!(
        h.query_by_label_contains("round 2 draft").is_none(),
        "a bye request is not a draft pairing"
    );
    play(&mut h, 2);
    let t = h.state().tournament();
    assert_eq!(
        t.player(resting).map(|p| p.outcome(2).clone()),
        Some(Outcome::Bye(ByeKind::Half)),
        "his bye, not a board"
    );

    // Round 3: a draft edited by hand, then a withdrawal from it removes the draft (and
    // its hand edit) once confirmed; paired again without him.
    pair(&mut h, 3);
    step_until_enabled(&mut h, "Edit by hand…");
    click(&mut h, "Edit by hand…");
    reverse_first_board(&mut h);
    type_into(&mut h, "Reason", "colours asked by both players");
    step_until_enabled(&mut h, "Apply to the draft");
    click(&mut h, "Apply to the draft");
    assert_eq!(h.state().tournament().overrides.len(), 1);
    let leaving = h.state().tournament().boards(3)[1].white;
    open_player_form(&mut h, leaving);
    type_into(&mut h, "Withdrawn from round", "3");
    click(&mut h, "Save player");
    h.get_by_label_contains("Confirming removes the draft pairing of round 3");
    click(&mut h, "Confirm");
    let t = h.state().tournament();
    assert!(!t.is_paired(3), "the draft went with the withdrawal");
    assert!(t.overrides.is_empty(), "and its hand edit with it");
    pair(&mut h, 3);
    assert!(!seated(h.state().tournament(), leaving, 3));
    click(&mut h, "Publish");
    // An override of the published round: board 1's colours, with the reason.
    step_until_enabled(&mut h, "Override…");
    click(&mut h, "Override…");
    reverse_first_board(&mut h);
    type_into(&mut h, "Reason", "board 1 misprinted, played as it stood");
    publish_override(&mut h);
    assert_eq!(h.state().tournament().overrides.len(), 1);
    enter_results(&mut h, 3);

    // Round 4 as a draft: round 5 cannot be paired from it, and asking changes nothing.
    pair(&mut h, 4);
    let before = h.state().tournament().clone();
    run(
        &mut h,
        Command::PairRound {
            round: 5,
            repair: false,
        },
    );
    // Told first (the draft's games would be adjourned), then refused: nothing changed.
    h.get_by_label_contains("7 games without a result: marked adjourned");
    click(&mut h, "OK");
    step_until(&mut h, "the refusal", |app| !app.is_pairing());
    assert_eq!(
        h.state().tournament(),
        &before,
        "a refused pairing changes nothing"
    );
    assert!(
        said(&h).starts_with("Round 5 is not paired"),
        "{}",
        said(&h)
    );
    // The draft removed, and brought back by Undo.
    click(&mut h, "Round 4 · draft");
    click(&mut h, "Remove pairing…");
    click(&mut h, "Remove the pairing");
    assert!(!h.state().tournament().is_paired(4));
    run(&mut h, Command::Undo);
    assert!(
        said(&h).contains("Undone: Round 4 pairing removed"),
        "{}",
        said(&h)
    );
    assert_eq!(h.state().tournament(), &before);
    click(&mut h, "Publish");
    enter_results(&mut h, 4);

    // A late entry joins in round 5.
    run(&mut h, Command::Navigate(View::Players));
    add_in_form(&mut h, ("Новиков, Пётр", "1800", "RUS", "301017"));
    if h.query_by_label("Close").is_some() {
        click(&mut h, "Close");
    }
    let t = h.state().tournament();
    assert_eq!(t.players.len(), 17, "{}", said(&h));
    let late = t
        .players
        .iter()
        .find(|p| p.name == "Новиков, Пётр")
        .expect("late entry");
    assert_eq!(late.late_entry_round, Some(5));

    // Round 5: a forfeit typed with one key is asked about first, naming the board.
    pair(&mut h, 5);
    click(&mut h, "Publish");
    press_text(&mut h, "+");
    h.get_by_label("Record +/- on board 1?");
    click(&mut h, "Record +/-");
    let first = h.state().tournament().boards(5)[0];
    assert_eq!(first.result.text(), "+/-");
    press_text(&mut h, "1");
    let t = h.state().tournament();
    let rest = t.boards(5).len() - 2;
    for i in 0..rest {
        press_text(&mut h, ["=", "0", "1"][i % 3]);
    }
    assert!(h.state().tournament().is_complete(5));
    for round in 6..=7 {
        play(&mut h, round);
    }
    let t = h.state().tournament().clone();
    assert_eq!(t.check(), Ok(()));
    assert!(
        !(3..=7).any(|r| seated(&t, leaving, r)),
        "a withdrawn player is never seated"
    );

    // The standings are computed (in the background) and shown, the withdrawn player
    // marked.
    click(&mut h, "Standings");
    step_until_shown(&mut h, "Standings after round 7");
    let withdrawn = format!(
        "{} · withdrawn from round 3",
        t.player(leaving).expect("p").name
    );
    h.get_by_label(&withdrawn);

    // Saved and read back; the FIDE report written and read back.
    let file = dir.join("club.sarb");
    let ctx = h.ctx.clone();
    h.state_mut().save_to(&file, &ctx);
    step_until(&mut h, "the save", |app| {
        !app.is_writing() && !app.is_dirty()
    });
    let saved = swiss_arbiter::formats::native::load(&file).expect("saved");
    assert_eq!(&saved, h.state().tournament());
    let trf = dir.join("club.trf");
    h.state_mut()
        .export_trf_to(&trf, swiss_arbiter::formats::trf::Dialect::Trf26, &ctx);
    step_until(&mut h, "the export", |app| !app.is_writing());
    let text = std::fs::read_to_string(&trf).expect("report");
    assert!(text.contains("Иванов, Сергей"));
    assert!(
        text.contains("### override of round 3"),
        "the override is in the report"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
