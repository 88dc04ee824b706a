//! Rules of C.04.6 in small positions.

use super::*;
use crate::tournament::{BoardResult, Player, Team, TeamColourType};

/// `n` teams of `boards` players each (team `i`'s players are `(i-1)*boards+1..`), a
/// Swiss Team event of `rounds` rounds, White drawn for round 1.
pub(super) fn event(n: u32, boards: u32, rounds: u32) -> Tournament {
    let mut t = Tournament {
        players: (1..=n * boards)
            .map(|id| Player::new(id, format!("P{id}")))
            .collect(),
        teams: (1..=n)
            .map(|i| {
                Team::new(
                    i,
                    format!("T{i}"),
                    ((i - 1) * boards + 1..=i * boards).collect(),
                )
            })
            .collect(),
        ..Tournament::default()
    };
    t.event.system = Some(crate::tournament::SystemId::FideTeam);
    t.event.rounds = Some(rounds);
    t.event.team_scoring.boards = boards;
    t.event.initial_colour = Some(Colour::White);
    t
}

/// Plays `round` as `matches` (white team, black team) with every board won by the
/// given side: `Some(true)` White team wins every board, `Some(false)` loses every board,
/// `None` all drawn; `bye` gets the team PAB.
pub(super) fn play(
    t: &mut Tournament,
    round: u32,
    matches: &[(u32, u32, Option<bool>)],
    bye: Option<u32>,
) {
    let pairing = TeamPairing {
        round,
        matches: matches.iter().map(|&(w, b, _)| (w, b)).collect(),
        bye,
    };
    let boards = lineup::expand(t, &pairing).pairing;
    let pairs: Vec<[u32; 2]> = boards.pairs.iter().map(|p| [p.white, p.black]).collect();
    t.record_pairing(round, &pairs, None);
    let per_match = t.event.team_scoring.boards as usize;
    for (i, p) in boards.pairs.iter().enumerate() {
        let (_, _, winner) = matches[i / per_match];
        // Odd boards (index 1, 3…) have the White team's player on Black.
        let white_team_has_white = (i % per_match).is_multiple_of(2);
        let result = match winner {
            None => BoardResult::Draw,
            Some(w) if w == white_team_has_white => BoardResult::WhiteWins,
            Some(_) => BoardResult::BlackWins,
        };
        t.set_board_result(round, p.white, p.black, result)
            .expect("board");
    }
    if let Some(team) = bye.and_then(|b| t.teams.iter_mut().find(|x| x.id == b)) {
        team.pairing_byes.push(round);
    }
}

fn pairs(t: &Tournament, round: u32) -> (Vec<(u32, u32)>, Option<u32>) {
    let p = pair_teams(t, round).expect("pairs");
    (p.matches, p.bye)
}

fn unordered(t: &Tournament, round: u32) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = pairs(t, round)
        .0
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn round_one_pairs_the_top_half_with_the_bottom_half_and_colours_by_parity() {
    let t = event(6, 4, 5);
    // 1 (odd) takes the initial colour, 2 (even) the other, 3 (odd) White.
    assert_eq!(pairs(&t, 1), (vec![(1, 4), (5, 2), (3, 6)], None));
}

#[test]
fn the_bye_goes_to_the_lowest_team_with_the_largest_tpn_and_never_twice() {
    let mut t = event(5, 2, 5);
    assert_eq!(pairs(&t, 1).1, Some(5));
    play(&mut t, 1, &[(1, 3, None), (4, 2, None)], Some(5));
    // Everybody on 1 match point; 5 had the bye (C2): 4 is the next largest TPN.
    assert_eq!(pairs(&t, 2).1, Some(4));
}

#[test]
fn the_bye_prefers_the_team_that_played_more_matches() {
    let mut t = event(5, 2, 5);
    t.players[8].withdrawn_from = Some(1);
    t.players[9].withdrawn_from = Some(1);
    // Team 5 is absent in round 1.
    play(&mut t, 1, &[(1, 3, None), (4, 2, None)], None);
    t.players[8].withdrawn_from = None;
    t.players[9].withdrawn_from = None;
    // 1–4 have 1 point, 5 has 0: the lowest score takes it.
    assert_eq!(pairs(&t, 2).1, Some(5));
}

#[test]
fn a_rematch_is_never_paired_and_the_bracket_takes_an_upfloater() {
    let mut t = event(4, 2, 5);
    play(&mut t, 1, &[(1, 3, Some(true)), (4, 2, Some(true))], None);
    // 1 and 4 on 2 points, 2 and 3 on 0: 1-4, 2-3.
    assert_eq!(unordered(&t, 2), vec![(1, 4), (2, 3)]);
    play(&mut t, 2, &[(1, 4, Some(true)), (2, 3, Some(true))], None);
    // 1: 4, 4: 2, 2: 2, 3: 0. 4 and 2 already met? No: 4 met 2 in round 1. The 2-point
    // group {2, 4} cannot pair; C4 takes two upfloaters... 1 alone on top takes one.
    let r3 = unordered(&t, 3);
    assert!(!r3.contains(&(2, 4)) && !r3.contains(&(1, 4)) && !r3.contains(&(1, 3)));
    assert_eq!(r3, vec![(1, 2), (3, 4)]);
}

#[test]
fn c8_counts_type_b_mild_preferences_where_type_a_has_none() {
    let mut t = event(4, 2, 5);
    play(&mut t, 1, &[(1, 3, None), (4, 2, None)], None);
    // All on 1 match point. Type A: no preference after one match, so the first
    // identifier, 1-4 2-3; 4.3.8 (the first-team alternates) gives the colours.
    assert_eq!(pairs(&t, 2).0, vec![(4, 1), (2, 3)]);
    // Type B: 1 and 4 mildly want Black, 2 and 3 White: C8 pairs 1-2 and 3-4.
    t.event.team_scoring.colour_preferences = TeamColourType::TypeB;
    assert_eq!(pairs(&t, 2).0, vec![(2, 1), (3, 4)]);
}

#[test]
fn the_initial_colour_is_read_back_from_the_first_round_of_the_teams() {
    let mut t = event(4, 2, 5);
    t.event.initial_colour = None;
    // Team 1 (odd TPN, the first-team of its match) had Black on board 1.
    play(&mut t, 1, &[(3, 1, None), (2, 4, None)], None);
    assert_eq!(crate::pairing::state::initial_colour(&t), Colour::Black);
}

#[test]
fn a_match_of_forfeits_is_played_when_both_teams_appeared() {
    let mut t = event(4, 2, 5);
    play(&mut t, 1, &[(1, 3, None), (4, 2, None)], None);
    // Round 2: 1-4 and 2-3, every board forfeited.
    let boards = [[1, 7], [8, 2], [3, 5], [6, 4]];
    t.record_pairing(2, &boards, None);
    let forfeit = |t: &mut Tournament, w: u32, b: u32, white_wins: bool| {
        let result = if white_wins {
            BoardResult::WhiteForfeitWin
        } else {
            BoardResult::BlackForfeitWin
        };
        t.set_board_result(2, w, b, result).expect("board");
    };
    // 1-4: each team won one board by forfeit: both appeared, the match was played.
    forfeit(&mut t, 1, 7, true);
    forfeit(&mut t, 8, 2, true);
    // 2-3: team 2 won both boards by forfeit: team 3 did not appear.
    forfeit(&mut t, 3, 5, true);
    forfeit(&mut t, 6, 4, false);
    let field = Field::new(&t, 3);
    let (i1, i4) = (field.index(1).expect("1"), field.index(4).expect("4"));
    let (i2, i3) = (field.index(2).expect("2"), field.index(3).expect("3"));
    assert!(!field.may_meet(i1, i4), "1 and 4 played (C1)");
    assert_eq!(field.teams[i1].colours.len(), 2);
    assert!(field.may_meet(i2, i3), "2 and 3 did not play");
    assert_eq!(field.teams[i2].colours.len(), 1);
    assert!(
        !field.teams[i2].bye_eligible,
        "2 won a match by forfeit (C2)"
    );
}

#[test]
fn a_large_event_pairs_every_round_within_the_absolute_criteria() {
    let (n, rounds) = (41, 9);
    let mut t = event(n, 2, rounds);
    let mut seed: u64 = 7;
    let mut random = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % 3
    };
    let mut met = std::collections::HashSet::new();
    let mut byes = Vec::new();
    for round in 1..=rounds {
        let p = pair_teams(&t, round).expect("a pairing");
        assert_eq!(p.matches.len() as u32, n / 2);
        for &(w, b) in &p.matches {
            assert!(met.insert((w.min(b), w.max(b))), "C1: {w}-{b} again");
        }
        let bye = p.bye.expect("an odd field has a bye");
        assert!(!byes.contains(&bye), "C2: {bye} twice");
        byes.push(bye);
        let matches: Vec<(u32, u32, Option<bool>)> = p
            .matches
            .iter()
            .map(|&(w, b)| (w, b, [Some(true), None, Some(false)][random() as usize]))
            .collect();
        play(&mut t, round, &matches, Some(bye));
    }
}

#[test]
fn an_event_without_teams_or_with_acceleration_is_refused() {
    let mut t = event(4, 2, 5);
    t.event.acceleration.baku = true;
    assert!(matches!(
        pair_teams(&t, 1),
        Err(PairingError::InvalidRequest { .. })
    ));
    t.event.acceleration.baku = false;
    t.teams.clear();
    assert!(matches!(
        pair_teams(&t, 1),
        Err(PairingError::InvalidRequest { .. })
    ));
}

#[test]
fn a_forbidden_pair_of_teams_is_never_paired() {
    let mut t = event(4, 2, 5);
    t.event
        .forbidden_pairs
        .push(crate::tournament::ForbiddenGroup {
            players: vec![1, 3],
            first_round: None,
            last_round: None,
        });
    // 1-3 2-4 is the first identifier; with 1-3 forbidden, 1-4 2-3 is the next.
    assert_eq!(unordered(&t, 1), vec![(1, 4), (2, 3)]);
}

/// An arbiter's override of a published team round, made with the individual edits on
/// team numbers: the boards follow the new matches, the team bye moves, results of
/// matches that stay are kept, and the override is logged.
#[test]
fn a_team_override_records_matches_bye_and_keeps_results_of_unchanged_matches() {
    use crate::pairing::PairingChange;
    use crate::tournament::OverrideRecord;

    let mut t = event(5, 2, 3);
    let engine = pair_teams(&t, 1).expect("pairs");
    engine.record_into(&mut t);
    t.set_published(1, true).expect("paired");
    assert_eq!(TeamPairing::recorded(&t, 1), engine);
    // A result on the first match's first board, which the override keeps.
    let kept = t.boards(1)[0];
    t.set_board_result(1, kept.white, kept.black, BoardResult::WhiteWins)
        .expect("board");

    // The bye team swaps with a team of the second match.
    let bye = engine.bye.expect("five teams: a bye");
    let moved = engine.matches[1].0;
    let mut pairs = engine.as_team_pairs();
    PairingChange::Swap(bye, moved)
        .apply(&mut pairs, &mut Vec::new())
        .expect("swap");
    let manual = TeamPairing::from_team_pairs(&pairs);
    assert_eq!(manual.bye, Some(moved));
    let boards = manual.boards_in(&t);
    manual.record_override(
        &mut t,
        OverrideRecord {
            round: 1,
            changes: vec![format!("teams: swap {bye} and {moved}")],
            ..OverrideRecord::default()
        },
    );

    assert_eq!(TeamPairing::recorded(&t, 1), manual);
    let recorded: Vec<(u32, u32)> = t.boards(1).iter().map(|b| (b.white, b.black)).collect();
    let expected: Vec<(u32, u32)> = boards
        .pairing
        .pairs
        .iter()
        .map(|p| (p.white, p.black))
        .collect();
    assert_eq!(recorded, expected, "the boards boards_in announced");
    assert!(t.team(moved).expect("team").pairing_byes.contains(&1));
    assert!(!t.team(bye).expect("team").pairing_byes.contains(&1));
    assert_eq!(
        t.boards(1)[0].result,
        BoardResult::WhiteWins,
        "unchanged match kept"
    );
    assert!(
        t.boards(1)[1..]
            .iter()
            .all(|b| b.result == BoardResult::Pending),
        "changed matches start without results"
    );
    assert!(t.is_published(1));
    assert_eq!(t.overrides.len(), 1);
    assert!(t.check().is_ok());
}

/// The boards follow the event's colour sequence (TRF-2026 `352`): with `WBBW` the team
/// with White on board 1 has Black on boards 2 and 3 and White on board 4; without one,
/// the colours alternate.
#[test]
fn the_boards_follow_the_events_colour_sequence() {
    let mut t = event(2, 4, 1);
    let pairing = TeamPairing {
        round: 1,
        matches: vec![(1, 2)],
        bye: None,
    };
    let first_team_white = |t: &Tournament| -> Vec<bool> {
        lineup::expand(t, &pairing)
            .pairing
            .pairs
            .iter()
            .map(|p| t.team_of(p.white) == Some(1))
            .collect()
    };
    assert_eq!(first_team_white(&t), [true, false, true, false]);
    t.event.team_scoring.board_colours =
        [Colour::White, Colour::Black, Colour::Black, Colour::White].to_vec();
    assert_eq!(first_team_white(&t), [true, false, false, true]);
}
