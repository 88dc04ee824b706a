//! Properties of the Burstein engine (C.04.4.2, 2026) on tournaments from our own
//! generator: every round, seeding rounds (Dutch) and Burstein rounds alike, holds the
//! absolute criteria — no rematch ([C1]), no PAB after a PAB or a win without playing
//! ([C2]), and [C3] as its consequence: no colour difference beyond ±2, no colour three
//! times running (the Burstein text has no exception to it) — everyone present is
//! paired or gets the bye ([C4]), and the same input gives the same output.
//!
//! The absolute criteria and determinism are checked by the unit tests of
//! `src/pairing/tests/procedural.rs`, which read the engines' player state.

use crate::common;

use common::generated::config;

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use swiss_arbiter::generator::{GenerationStopped, generate};
use swiss_arbiter::pairing::{PairingError, PairingRequest};
use swiss_arbiter::tournament::{Points, SystemId};

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 6,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x0004_0403),
        ..ProptestConfig::default()
    })]

    /// C.04.1: every round (seeding rounds by the Dutch explainer, the others by
    /// Burstein's) explains the engine's pairing as valid and equal to itself, and no
    /// pairing made from it by swapping two players of the same score (some with a
    /// board's colours reversed) is reported better than the engine's.
    #[test]
    fn the_explainer_never_prefers_another_pairing(
        players in 8u32..40,
        rounds in 5u32..=9,
        seed in any::<u64>(),
    ) {
        let cfg = config(players, rounds, seed, (0.3, 0.03, 0.03));
        common::generated::holds(SystemId::Burstein, &cfg, |t, round| {
            common::explained::engine_is_never_beaten(SystemId::Burstein, t, round, 12)
        })
        .map_err(TestCaseError::fail)?;
    }
}

/// A round that cannot be paired at all is refused, not mis-paired: four players after
/// three rounds of a round robin have no legal fourth round (the first after the three
/// seeding rounds of a 7-round event).
#[test]
fn exhausted_field_is_refused() {
    let cfg = config(4, 7, 7, (0.3, 0.0, 0.0));
    match generate(&cfg, SystemId::Burstein) {
        Err(GenerationStopped {
            error: PairingError::NoValidPairing { round },
            ..
        }) => assert_eq!(round, 4),
        other => panic!(
            "expected no valid pairing in round 4, got {:?}",
            other.map(|_| ())
        ),
    }
}

/// `text`'s top-level ` + `-separated parts (those inside parentheses are not).
fn top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '+' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(text[start..].trim());
    parts
}

fn tenths(s: &str) -> Option<i64> {
    s.trim()
        .parse::<Points>()
        .ok()
        .map(|p| i64::from(p.tenths()))
}

/// The sum of `text`'s top-level parts, each read from its first word: a score in
/// tenths, or for SB `earned×counted` in hundredths.
fn added_up(text: &str) -> Option<i64> {
    top_level(text)
        .iter()
        .map(|part| {
            let first = part.split_whitespace().next()?;
            match first.split_once('×') {
                Some((earned, counted)) => Some(tenths(earned)? * tenths(counted)?),
                None => tenths(first),
            }
        })
        .sum()
}

/// 1.7 (issue #24): in every round after the seeding rounds of events with forfeits and
/// byes, each player's Index is shown term by term and adds up to the Buchholz and
/// Sonneborn-Berger the 1.8 order uses; a term adjusted by 1.7.2 for an opponent's
/// zero-point byes shows his score and the draws added (`2.0 (R2 9: 1.0 + 2 × 0.5 for
/// his last 2 zero-point byes …)`); unplayed rounds and such byes do occur and are named.
#[test]
fn the_index_adds_up_by_hand() {
    let (mut unplayed, mut byes) = (0, 0);
    for seed in 1..=4 {
        let cfg = config(30, 7, seed, (0.3, 0.05, 0.08));
        let t = generate(&cfg, SystemId::Burstein).expect("7 rounds");
        for round in 4..=7 {
            let explainer = PairingRequest::recorded(&t, SystemId::Burstein, round)
                .explain()
                .expect("pairs");
            for b in &explainer.explanation().brackets {
                let notes: Vec<&str> = b
                    .decisions
                    .iter()
                    .filter(|n| n.article == "1.7")
                    .map(|n| n.text.as_str())
                    .collect();
                assert_eq!(notes.len(), b.residents.len() + b.incoming.len());
                for text in notes {
                    let (_, rest) = text.split_once(": BH ").expect("BH");
                    let (bh, rest) = rest.split_once(" = ").expect("BH terms");
                    let (terms, sb) = rest.split_once("; SB ").expect("SB");
                    let (sb, sb_terms) = sb.split_once(" = ").expect("SB terms");
                    assert_eq!(added_up(terms), tenths(bh), "{text}");
                    let sb: i64 = sb.replace('.', "").parse().expect("SB");
                    assert_eq!(added_up(sb_terms), Some(sb), "{text}");
                    for term in top_level(terms) {
                        if term.contains("unplayed: own score, 1.7.2") {
                            unplayed += 1;
                        }
                        if !term.contains("zero-point bye") {
                            continue;
                        }
                        byes += 1;
                        // `2.0 (R2 9: 1.0 + 2 × 0.5 for his last …)`.
                        let (counted, inside) = term.split_once(" (").expect("a term");
                        let (_, sum) = inside.split_once(": ").expect("his score");
                        let w: Vec<&str> = sum.split_whitespace().collect();
                        let n: i64 = w[2].parse().expect("a count");
                        assert_eq!(
                            tenths(counted),
                            Some(
                                tenths(w[0]).expect("a score") + n * tenths(w[4]).expect("a score")
                            ),
                            "{term}"
                        );
                        assert!(term.ends_with("each counted as a draw, 1.7.2)"), "{term}");
                    }
                }
            }
        }
    }
    assert!(
        unplayed > 0 && byes > 0,
        "{unplayed} unplayed, {byes} bye terms"
    );
}

/// Issue #24, round 1 with players absent (the position of bbpPairings#30): ten
/// registered players, 1 and 9 absent, initial colour Black. Burstein 1.6 pairs its
/// seeding rounds by the Dutch system, so round 1 is a Dutch round: C.04.3 5.2.5 gives
/// the initial colour by the higher ranked player's pairing number, and the Dutch
/// programs FIDE endorsed (bbpPairings, JaVaFo) number the players who take part, which
/// is this engine's Dutch reading. The pairing is theirs (6-2, 3-7, 8-4, 5-10) and the
/// explanation prints that number (2 is number 1, odd), not his TPN of 2.
#[test]
fn round_one_colours_number_the_players_paired() {
    let t = common::ten_with_two_absent_in_round_one(swiss_arbiter::tournament::Colour::Black, 7);
    let explainer = PairingRequest::recorded(&t, SystemId::Burstein, 1)
        .explain()
        .expect("round one pairs");
    let got = common::white_black(explainer.pairing());
    assert_eq!(got, [(6, 2), (3, 7), (8, 4), (5, 10)]);
    let x = explainer.explanation();
    assert_eq!(x.rules, "Dutch 2026 (C.04.3)");
    let board = &x.pairs[0];
    assert_eq!(board.colour_rule, "5.2.5");
    assert!(
        board.colour_reason.contains(
            "2 (higher ranked) has pairing number 1, odd, among the players paired so far"
        ),
        "{}",
        board.colour_reason
    );
    assert!(
        x.pairs[1]
            .colour_reason
            .contains("3 (higher ranked) has pairing number 2, even")
    );
}
