//! A draft edited by hand before it is published (issue 54): the same panel and live
//! check as an override, a reason asked in FIDE mode, the draft stays a draft, the
//! edit is recorded for the report, edits that cancel each other leave no trace, the
//! board's explanation says the arbiter set it, and publishing it is confirmed twice.
#![cfg(feature = "gui")]

use crate::common::window::{
    click, harness, open_event_in_progress, pair, reverse_first_board, step_until,
    step_until_enabled, temp_dir, type_into,
};

use egui_kittest::kittest::{NodeT, Queryable};

#[test]
fn a_draft_is_edited_by_hand_then_published_with_its_record() {
    let dir = temp_dir("draft-edit");
    let mut h = harness(&dir);
    open_event_in_progress(&mut h, &dir, "draft.sarb", (12, 2, 8), |_| {});
    pair(&mut h, 3);
    let engine = h.state().tournament().boards(3);
    step_until_enabled(&mut h, "Edit by hand…");
    click(&mut h, "Edit by hand…");
    h.get_by_label("Edit the draft of round 3 by hand");

    // Two players swapped and swapped back: nothing changed, nothing to apply.
    let name = |h: &egui_kittest::Harness<'_, swiss_arbiter::gui::ArbiterApp>, id: u32| {
        let name = &h.state().tournament().player(id).expect("player").name;
        format!("{id} {name}")
    };
    let (a, b) = (name(&h, engine[0].white), name(&h, engine[1].white));
    for _ in 0..2 {
        click(&mut h, &a);
        click(&mut h, &b);
        step_until(&mut h, "the check", |app| !app.is_checking_override());
    }
    assert!(
        h.get_by_label("Apply to the draft")
            .accesskit_node()
            .is_disabled(),
        "a swap and its reverse change nothing"
    );

    // Board 1's colours reversed; in FIDE mode (the default) the reason is asked for.
    reverse_first_board(&mut h);
    assert!(
        h.get_by_label("Apply to the draft")
            .accesskit_node()
            .is_disabled(),
        "no reason yet"
    );
    type_into(&mut h, "Reason", "a player's religious holiday");
    step_until_enabled(&mut h, "Apply to the draft");
    click(&mut h, "Apply to the draft");
    let t = h.state().tournament();
    assert!(!t.is_published(3), "a hand edit keeps the draft a draft");
    let boards = t.boards(3);
    assert_eq!(
        (boards[0].white, boards[0].black),
        (engine[0].black, engine[0].white)
    );
    assert_eq!(t.overrides.len(), 1, "the hand edit is recorded");
    assert_eq!(
        t.overrides[0].changes.len(),
        1,
        "the swap and its reverse are not in the record: {:?}",
        t.overrides[0].changes
    );

    // Board 1's explanation says the arbiter set its colours.
    step_until(&mut h, "the explanation", |app| app.insight(3).is_some());
    h.get_by_label_contains("Why board 1:");
    h.get_by_label_contains("Colours set by the arbiter");

    // Publishing the edited draft shows the rules' pairing and is confirmed twice.
    crate::common::window::publish_override_with(&mut h, "Publish");
    let t = h.state().tournament();
    assert!(t.is_published(3));
    assert_eq!(t.overrides.len(), 1);
}
