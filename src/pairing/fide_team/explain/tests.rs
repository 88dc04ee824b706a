//! The explanation of a Swiss Team round, and an arbiter's pairing judged by it.

use crate::pairing::explanation::{Comparison, Explainer};
use crate::pairing::fide_team::tests::{event, play};
use crate::pairing::{Pair, RoundPairing};

use super::explainer;

#[test]
fn the_engine_pairing_is_explained_by_bracket_match_and_bye() {
    let mut t = super::super::tests::event(5, 2, 5);
    play(&mut t, 1, &[(1, 3, Some(true)), (4, 2, None)], Some(5));
    let x = explainer(&t, 2).expect("pairs");
    let e = x.explanation();
    // 1 on 2 match points, 2, 4 and 5 on 1, 3 on 0: the bye goes to 3, the lowest.
    assert_eq!(x.team_pairing().and_then(|p| p.bye), Some(3));
    assert_eq!(e.bye.as_ref().map(|b| b.player), Some(3));
    // The top scoregroup {1} takes one upfloater (C4).
    assert_eq!(e.brackets[0].residents, vec![1]);
    assert_eq!(e.brackets[0].incoming.len(), 1);
    assert!(e.pairs.iter().all(|p| p.colours_follow_rule));
    assert_eq!(e.pairs.len(), 4, "two matches of two boards");
    let text = e.to_text();
    assert!(text.contains("C4"), "{text}");
}

#[test]
fn an_arbiter_pairing_is_read_back_as_teams_and_compared() {
    let mut t = event(4, 2, 5);
    play(&mut t, 1, &[(1, 3, Some(true)), (4, 2, Some(true))], None);
    let x = explainer(&t, 2).expect("pairs");
    // The engine's own boards compare equal.
    let own = x.check(x.pairing());
    assert!(own.is_valid());
    assert_eq!(own.comparison, Comparison::Equal);
    // In any board order: each match's board 1 is found from the rosters.
    let mut reversed = x.pairing().clone();
    reversed.pairs.reverse();
    let check = x.check(&reversed);
    assert_eq!(check.comparison, Comparison::Equal);
    assert!(check.colour_breaks.is_empty(), "{:?}", check.colour_breaks);
    // A rematch of teams 1 and 3 is refused (C1).
    let rematch = RoundPairing::of(2, &[(1, 5), (6, 2), (7, 3), (4, 8)], None);
    let check = x.check(&rematch);
    assert!(check.errors.iter().any(|e| e.article == "C1"), "{check:?}");
    // Team-mates on one board are not a pairing.
    let mates = RoundPairing {
        round: 2,
        pairs: vec![Pair { white: 1, black: 2 }],
        bye: None,
    };
    assert!(!x.check(&mates).is_valid());
    // 1-2 and 3-4 (both pairs floating) is worse on C4 than 1-4 and 2-3.
    let floating = RoundPairing::of(2, &[(1, 3), (4, 2), (5, 7), (8, 6)], None);
    let check = x.check(&floating);
    assert!(check.is_valid(), "{check:?}");
    assert!(check.is_worse(), "{:?}", check.comparison);
}

/// A recorded line-up with an empty middle board (TRF-2026 `300`): each board keeps its
/// number, so its colours are judged by its own place in the event's colour sequence
/// (board 4 after an empty board 3 is no colour break).
#[test]
fn a_line_up_with_an_empty_board_keeps_each_board_s_colours() {
    let mut t = event(2, 4, 3);
    // Team 1 gets a reserve (player 9) at the end of its roster.
    t.players
        .push(crate::tournament::Player::new(9, "P9".to_string()));
    t.teams[0].players.push(9);
    let engine = super::super::pair_teams(&t, 1).expect("pairs");
    engine.record_into(&mut t);
    // Team 1 leaves board 3 empty and fields its reserve on board 4.
    t.set_team_lineup(1, 1, vec![Some(1), Some(2), None, Some(9)])
        .expect("a line-up in roster order");
    let recorded = RoundPairing::recorded(&t, 1);
    assert_eq!(recorded.pairs.len(), 3, "boards 1, 2 and 4");
    let x = crate::pairing::PairingRequest::recorded(&t, crate::tournament::SystemId::FideTeam, 1)
        .explain()
        .expect("pairs");
    let check = x.check(&recorded);
    assert!(check.is_valid(), "{check:?}");
    assert!(check.colour_breaks.is_empty(), "{:?}", check.colour_breaks);
}
