//! Properties of the Lim engine (C.04.4.3) on tournaments from our own generator: the
//! absolute criteria hold (no rematch, no second PAB, and 2.1's colours — never the
//! same colour three times running, never three more of one colour — except in the last
//! round, rule 6), everyone present is paired or gets the bye, and the same input gives
//! the same output. Also the round-one example of 7.2.
//!
//! The absolute criteria and determinism are checked by the unit tests of
//! `src/pairing/tests/procedural.rs`, which read the engines' player state.

use crate::common;

use common::generated::config;

use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::tournament::{Colour, Player, SystemId, Tournament};

/// 40 players by rating, #1's colour drawn as `first`.
fn forty(first: Colour) -> Tournament {
    let mut t = Tournament::default();
    t.event.initial_colour = Some(first);
    t.event.rounds = Some(7);
    for id in 1..=40u32 {
        let mut p = Player::new(id, format!("Player{id:02}"));
        p.rating = Some(2600 - id as u16 * 10);
        t.players.push(p);
    }
    t
}

fn summary(first: Colour) -> Vec<(u32, u32)> {
    let r1 = PairingRequest::recorded(&forty(first), SystemId::Lim, 1)
        .pair()
        .expect("round one pairs");
    assert_eq!(r1.bye, None);
    let mut pairs: Vec<(u32, u32)> = r1.pairs.iter().map(|p| (p.white, p.black)).collect();
    pairs.sort_by_key(|&(w, b)| w.min(b));
    pairs
}

/// 7.2: "1 v 21, 22 v 2, 3 v 23, 24 v 4, … 40 v 20" when #1 has White, the mirror when
/// he has Black (White first).
#[test]
fn round_one_forty_players() {
    let white: Vec<(u32, u32)> = (1..=20)
        .map(|i| if i % 2 == 1 { (i, i + 20) } else { (i + 20, i) })
        .collect();
    assert_eq!(summary(Colour::White), white);
    let black: Vec<(u32, u32)> = white.iter().map(|&(w, b)| (b, w)).collect();
    assert_eq!(summary(Colour::Black), black);
}

/// 7.1: in round one the lowest-rated player gets the PAB (not necessarily the last
/// pairing number).
#[test]
fn round_one_bye_to_the_lowest_rated() {
    let mut t = forty(Colour::White);
    t.players.truncate(39);
    t.players[10].rating = Some(1000);
    let r1 = PairingRequest::recorded(&t, SystemId::Lim, 1)
        .pair()
        .expect("pairs");
    assert_eq!(r1.bye, Some(11));
}

/// The explanation (C.04.1: pairings must be explainable): on generated events, every
/// round's engine pairing checked against its own explainer is valid and `Equal`, and
/// reversing a board's colours gives exactly one colour break and the same quality.
/// A valid arbiter's pairing made by swapping two players of the same score group
/// between boards (with either colours) that keeps every group's floaters is never
/// reported better than the engine's: with the floaters fixed, the engine's group
/// pairing has the fewest pairs due the same colour (5.2). A swap that floats another
/// player may be better at 5.2: the procedure chooses the floater by 3.2–3.10 before
/// looking at the colours of the remaining pairs (see `pairing::lim::explain`).
#[test]
fn explanations_of_generated_rounds() {
    use swiss_arbiter::pairing::{Comparison, Pair, RoundPairing};
    use swiss_arbiter::tournament::Points;
    let mut compared = 0;
    for seed in 1..=8u64 {
        let cfg = config(14 + 3 * seed as u32, 6, seed, (0.3, 0.03, 0.03));
        let t = match swiss_arbiter::generator::generate(&cfg, SystemId::Lim) {
            Ok(t) => t,
            Err(stopped) => *stopped.partial,
        };
        for round in 1..=t.rounds_recorded() {
            let e = PairingRequest::recorded(&t, SystemId::Lim, round)
                .explain()
                .expect("explains");
            let recorded = RoundPairing::recorded(&t, round);
            let own = e.check(&recorded);
            assert!(own.is_valid(), "round {round}: {:?}", own.errors);
            assert_eq!(
                own.comparison,
                Comparison::Equal,
                "seed {seed} round {round}"
            );
            let ex = e.explanation();
            let score = |id: u32| -> Option<Points> {
                ex.brackets
                    .iter()
                    .find(|b| b.residents.contains(&id))
                    .map(|b| b.scores[0])
            };
            let outgoing = |x: &swiss_arbiter::pairing::RoundExplanation| {
                let mut v: Vec<(usize, Vec<u32>)> = x
                    .brackets
                    .iter()
                    .map(|b| {
                        let mut o = b.outgoing.clone();
                        o.sort_unstable();
                        (b.number, o)
                    })
                    .collect();
                v.sort();
                v
            };
            let pairs = &recorded.pairs;
            for i in 0..pairs.len() {
                let mut reversed = recorded.clone();
                reversed.pairs[i] = Pair {
                    white: pairs[i].black,
                    black: pairs[i].white,
                };
                let check = e.check(&reversed);
                assert_eq!(check.colour_breaks.len(), 1);
                assert_eq!(check.comparison, Comparison::Equal);
                for j in i + 1..pairs.len() {
                    for (a, b) in [(true, true), (true, false), (false, true), (false, false)] {
                        let x = if a { pairs[i].white } else { pairs[i].black };
                        let y = if b { pairs[j].white } else { pairs[j].black };
                        if score(x) != score(y) {
                            continue;
                        }
                        let mut alt = recorded.clone();
                        let swap = |p: &mut Pair| {
                            for s in [&mut p.white, &mut p.black] {
                                *s = if *s == x {
                                    y
                                } else if *s == y {
                                    x
                                } else {
                                    *s
                                };
                            }
                        };
                        swap(&mut alt.pairs[i]);
                        swap(&mut alt.pairs[j]);
                        let check = e.check_explained(&alt);
                        if !check.is_valid() {
                            continue;
                        }
                        let explained = check.explanation.as_ref().expect("explained");
                        if outgoing(explained) != outgoing(ex) {
                            continue;
                        }
                        compared += 1;
                        assert!(
                            !matches!(check.comparison, Comparison::Differs { worse: false, .. }),
                            "seed {seed} round {round}: swapping {x} and {y} is better: {}",
                            check.comparison_text()
                        );
                    }
                }
            }
        }
    }
    assert!(compared > 100, "only {compared} alternatives compared");
}
