//! The FIDE rating list in the window: a list loaded in the background, a player found by
//! name and registered from it (issue #26).
#![cfg(feature = "gui")]

use crate::common::window::{click, harness, step_until, step_until_shown, temp_dir, type_into};

use egui_kittest::kittest::Queryable;

const LIST: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\r\n\
1503014        Carlsen, Magnus                                              NOR M   GM                           2823  0   10 2801  12  10 2860  0   10 1990      \r\n\
8603677        Ding, Liren                                                  CHN M   GM                           2723  11  10 2693  0   10 2736  0   10 1992      \r\n";

#[test]
fn a_player_is_found_in_the_fide_list_and_registered() {
    let dir = temp_dir("rating-list");
    let list = dir.join("players_list_foa.txt");
    std::fs::write(&list, LIST).expect("write the list");
    let mut h = harness(&dir);
    h.run_ok();
    click(&mut h, "Players (0)");
    click(&mut h, "From the FIDE list");
    type_into(&mut h, "FIDE rating list", &list.display().to_string());
    click(&mut h, "Load");
    step_until_shown(&mut h, &format!("{}: 2 players", list.display()));
    type_into(&mut h, "Find", "liren d");
    step_until_shown(&mut h, "8603677  Ding, Liren  CHN GM  2723  1992");
    click(&mut h, "8603677  Ding, Liren  CHN GM  2723  1992");
    click(&mut h, "Save player");
    step_until(&mut h, "the player", |app| {
        app.tournament().players.len() == 1
    });
    let p = &h.state().tournament().players[0];
    assert_eq!(
        (p.name.as_str(), p.fide_id, p.rating, p.k_factor),
        ("Ding, Liren", Some(8603677), Some(2723), Some(10))
    );
    assert_eq!(
        (
            p.title.as_str(),
            p.federation.as_str(),
            p.birth_date.as_str()
        ),
        ("GM", "CHN", "1992")
    );

    // Carlsen registered by hand with an old rating and no title; the update from the list
    // sets both, lists the changes, and is one step to undo.
    let mut carlsen = swiss_arbiter::tournament::Player::new(2, "Carlsen, Magnus");
    carlsen.fide_id = Some(1503014);
    carlsen.rating = Some(2800);
    h.state_mut()
        .apply_edit(swiss_arbiter::document::Edit::AddPlayer(Box::new(carlsen)));
    h.run_ok();
    click(&mut h, "Update the event's players from this list");
    // The list's date is not known (FIDE's combined file does not say it), nor the
    // event's start: the check of the list in force at the start (checklist Q137) cannot
    // be made, and the window says so before the update: in FIDE mode (the default)
    // the arbiter confirms it.
    assert!(h.query_by_label_contains("cannot be checked").is_some());
    assert!(h.state().tournament().event.fide_mode.is_on());
    click(&mut h, "Confirm");
    let updated = h.state().tournament().player(2).expect("Carlsen").clone();
    assert_eq!((updated.rating, updated.title.as_str()), (Some(2823), "GM"));
    assert!(h.query_by_label_contains("Last update:").is_some());
    let ctx = h.ctx.clone();
    h.state_mut().run(swiss_arbiter::gui::Command::Undo, &ctx);
    h.run_ok();
    assert_eq!(
        h.state().tournament().player(2).expect("Carlsen").rating,
        Some(2800)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
