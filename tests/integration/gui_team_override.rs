//! Overriding a published team round in the window (C.04.6): the arbiter moves teams
//! between matches and the bye, the check judges the boards the line-ups give, and the
//! published override records the matches, the team bye and the audit record.
#![cfg(feature = "gui")]

use crate::common::window::{click, step_until, temp_dir, type_into};
use crate::gui_team::{open, pair, registered};

use swiss_arbiter::pairing::TeamPairing;

#[test]
fn a_team_round_is_overridden_team_by_team() {
    let dir = temp_dir("team-override");
    let t = registered(5, 3);
    let mut h = open(&dir, &t);
    pair(&mut h, 1);
    click(&mut h, "Publish");
    step_until(&mut h, "the explanation", |app| app.insight(1).is_some());
    let engine = TeamPairing::recorded(h.state().tournament(), 1);
    let bye = engine.bye.expect("five teams: a bye");
    let moved = engine.matches[1].1;

    click(&mut h, "Override…");
    let label = |id: u32| {
        let t = h.state().tournament();
        format!("{id} {}", t.team(id).expect("team").name)
    };
    let (lb, lm) = (label(bye), label(moved));
    click(&mut h, &lb);
    click(&mut h, &lm);
    step_until(&mut h, "the check", |app| !app.is_checking_override());
    type_into(&mut h, "Reason", "team arrived late");
    crate::common::window::publish_override(&mut h);

    let t = h.state().tournament();
    let published = TeamPairing::recorded(t, 1);
    assert_eq!(
        published.bye,
        Some(moved),
        "the bye moved to the swapped team"
    );
    assert!(
        published.matches.iter().any(|&(w, b)| w == bye || b == bye),
        "the former bye team plays"
    );
    assert_eq!(published.matches.len(), 2);
    assert!(t.is_published(1));
    assert!(t.check().is_ok(), "{:?}", t.check());
    assert_eq!(t.overrides.len(), 1);
    let record = &t.overrides[0];
    assert_eq!(record.changes, [format!("teams: swap {bye} and {moved}")]);
    assert_eq!(record.reason, "team arrived late");
    assert!(
        record.published.contains(&format!("bye {moved}")),
        "{}",
        record.published
    );
    // Every board of the round is between the two teams of a published match.
    for b in t.boards(1) {
        let (w, x) = (t.team_of(b.white), t.team_of(b.black));
        assert!(
            published
                .matches
                .iter()
                .any(|&(p, q)| (Some(p), Some(q)) == (w, x) || (Some(q), Some(p)) == (w, x)),
            "board {}-{} between teams {w:?} and {x:?}",
            b.white,
            b.black
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
