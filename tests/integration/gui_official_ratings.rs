//! Official ratings in the window (checklist Q116-145): the German DWZ list applied from
//! the players view, the FIDON method chosen and applied, one player's ratings listed in
//! his form with the list his rating is taken from picked there; each one edit, undone
//! in one step.
#![cfg(feature = "gui")]

use std::path::Path;

use crate::common::window::{click, harness, open_player_form, step_until, temp_dir, type_into};

use egui_kittest::kittest::Queryable;
use swiss_arbiter::tournament::{ListId, LogKind, Player};

fn assert_shown(h: &egui_kittest::Harness<'static, swiss_arbiter::gui::ArbiterApp>, text: &str) {
    assert!(
        h.query_by_label_contains(text).is_some(),
        "{text:?} not shown"
    );
}

/// The player whose name starts with `name`.
fn named<'a>(t: &'a swiss_arbiter::tournament::Tournament, name: &str) -> &'a Player {
    t.players
        .iter()
        .find(|p| p.name.starts_with(name))
        .expect(name)
}

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/ratings")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn a_national_list_and_the_method_seed_the_open_from_the_window() {
    let dir = temp_dir("official-ratings");
    let mut h = harness(&dir);
    h.run_ok();
    h.state_mut().open_path(Path::new(&fixture("dwz-open.trf")));
    h.run_ok();
    click(&mut h, "Players (12)");
    click(&mut h, "Ratings and lists");
    assert_shown(&h, "Tournament ratings: FIDE (the FIDE rating only)");

    // A date that is no date is said, and nothing is applied.
    let logged = h.state().tournament().log.len();
    type_into(&mut h, "Custom list (CSV)", &fixture("dwz-spieler.csv"));
    type_into(&mut h, "Custom list date", "soon");
    click(&mut h, "Apply the custom list");
    assert!(h.query_by_label_contains("expected a date").is_some());
    assert_eq!(h.state().tournament().log.len(), logged);

    type_into(&mut h, "National list (DWZ)", &fixture("dwz-spieler.csv"));
    type_into(&mut h, "National list date", "2026-11-20");
    click(&mut h, "Apply the national list");
    // Read on a background thread; applied as one edit once read.
    step_until(&mut h, "the national list", |app| {
        app.tournament().log.len() > logged
    });
    let t = h.state().tournament();
    let dorn = named(t, "Dorn");
    let ger = ListId::National("GER".into());
    let dwz = dorn.official_rating(&ger).expect("his DWZ");
    assert_eq!((dwz.rating, dwz.date.as_str()), (1950, "2026-11-20"));
    assert_eq!(dorn.rating, None, "FIDE's method: no FIDE rating");
    assert_eq!(t.log.last().map(|e| e.kind), Some(LogKind::Ratings));
    assert_shown(&h, "Last list applied:");

    // FIDON: Dorn's DWZ seeds him, before round 1 the players are numbered again.
    click(&mut h, "Rating method");
    click(&mut h, "FIDON");
    click(&mut h, "Apply the method");
    let t = h.state().tournament();
    let dorn = named(t, "Dorn");
    assert_eq!((dorn.rating, dorn.id), (Some(1950), 5));
    assert_shown(&h, "Tournament ratings: FIDON");

    // Carstens (FIDE 1900, DWZ 2000): his form lists both; the arbiter rates him by his
    // DWZ; undone in one step.
    let carstens = named(t, "Carstens").id;
    open_player_form(&mut h, carstens);
    assert_shown(&h, "Tournament rating 1900, by the event's method");
    click(&mut h, "Rate by the national GER list");
    let picked = h
        .state()
        .tournament()
        .player(carstens)
        .expect("him")
        .clone();
    assert_eq!(
        (picked.rating, picked.rating_pick.clone()),
        (Some(2000), Some(ger))
    );
    assert_shown(
        &h,
        "Tournament rating 2000, by the national GER list, picked",
    );
    let ctx = h.ctx.clone();
    h.state_mut().run(swiss_arbiter::gui::Command::Undo, &ctx);
    h.run_ok();
    let back = h
        .state()
        .tournament()
        .player(carstens)
        .expect("him")
        .clone();
    assert_eq!((back.rating, back.rating_pick), (Some(1900), None));
    let _ = std::fs::remove_dir_all(&dir);
}
