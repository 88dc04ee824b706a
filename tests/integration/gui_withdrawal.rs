//! Withdrawing a player in the window (issue 54): from a round whose pairing is a draft,
//! the window asks to remove the draft with the withdrawal, one undoable step; from a
//! published round he sits in, it is refused and nothing changes. A withdrawn player is
//! never left on a board (FIDE General Handling Rules: a withdrawn player is not paired).
#![cfg(feature = "gui")]

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use swiss_arbiter::gui::{ArbiterApp, Command};
use swiss_arbiter::tournament::Tournament;

use crate::common::window::{
    click, harness, open_event_in_progress, open_player_form, pair, step_until, temp_dir, type_into,
};

/// Sixteen players, rounds 1 and 2 played, round 3 paired as a draft; the player on
/// board 1 of round 3 (White).
fn round_three_drafted(h: &mut Harness<'static, ArbiterApp>, dir: &Path) -> u32 {
    open_event_in_progress(h, dir, "club.sarb", (16, 2, 54), |_| {});
    pair(h, 3);
    let t = h.state().tournament();
    assert!(t.is_paired(3) && !t.is_published(3));
    t.boards(3)[0].white
}

/// Opens the players form of `id` and saves it withdrawn from `round`.
fn withdraw_in_form(h: &mut Harness<'static, ArbiterApp>, id: u32, round: u32) {
    open_player_form(h, id);
    type_into(h, "Withdrawn from round", &round.to_string());
    click(h, "Save player");
}

/// Whether `id` is on a board of `round`, or has its pairing-allocated bye.
fn seated(t: &Tournament, id: u32, round: u32) -> bool {
    t.player(id)
        .is_some_and(|p| p.outcome(round).took_part_in_pairing())
}

#[test]
fn withdrawing_from_a_draft_round_removes_the_draft_once_confirmed() {
    let dir = temp_dir("withdraw-draft-window");
    let mut h = harness(&dir);
    h.run_ok();
    let id = round_three_drafted(&mut h, &dir);
    let before = h.state().tournament().clone();

    withdraw_in_form(&mut h, id, 3);
    // The question, before anything changes.
    assert!(
        h.query_by_label_contains("Level 3 warning").is_some(),
        "asked to confirm"
    );
    h.get_by_label_contains("Confirming removes the draft pairing of round 3");
    assert_eq!(h.state().tournament(), &before, "nothing changed yet");

    click(&mut h, "Confirm");
    let t = h.state().tournament().clone();
    assert!(!t.is_paired(3), "the draft is gone");
    assert_eq!(t.player(id).and_then(|p| p.withdrawn_from), Some(3));
    assert!((1..=t.rounds_recorded() + 1).all(|r| !seated(&t, id, r) || r < 3));
    assert_eq!(t.check(), Ok(()));
    let said = h.state().message().expect("a message").text.clone();
    assert!(said.contains("pair the round again"), "{said}");

    // One step: undo takes back both the withdrawal and the removal of the draft.
    let ctx = h.ctx.clone();
    h.state_mut().run(Command::Undo, &ctx);
    h.run_ok();
    assert_eq!(h.state().tournament(), &before);

    // Paired again after the withdrawal, he is not on a board.
    h.state_mut().run(Command::Redo, &ctx);
    h.run_ok();
    pair(&mut h, 3);
    let t = h.state().tournament();
    assert!(!seated(t, id, 3));
    click(&mut h, "Publish");
    assert!(h.state().tournament().is_published(3));
}

#[test]
fn withdrawing_from_a_published_round_he_plays_in_is_refused() {
    let dir = temp_dir("withdraw-published-window");
    let mut h = harness(&dir);
    h.run_ok();
    let id = round_three_drafted(&mut h, &dir);
    click(&mut h, "Publish");
    assert!(h.state().tournament().is_published(3));
    let before = h.state().tournament().clone();

    withdraw_in_form(&mut h, id, 3);
    assert!(
        h.query_by_label_contains("Level 5 warning").is_some(),
        "refused"
    );
    h.get_by_label_contains("withdraw him from round 4");
    click(&mut h, "Close");
    assert_eq!(
        h.state().tournament(),
        &before,
        "a refused change changes nothing"
    );

    // From the next round: accepted without a question.
    withdraw_in_form(&mut h, id, 4);
    step_until(&mut h, "the withdrawal", |app| {
        app.tournament().player(id).and_then(|p| p.withdrawn_from) == Some(4)
    });
    assert!(seated(h.state().tournament(), id, 3), "his board stays");
}
