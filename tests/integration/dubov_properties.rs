//! Properties of the Dubov engine (C.04.4.1, 2026) on tournaments from our own generator:
//! every round holds the absolute criteria [C1]–[C4] — no rematch, no PAB for a player
//! barred by [C2], everyone present paired or given the PAB, and (through [C3] and 5.2,
//! which always grant an absolute colour preference) never a colour difference beyond ±2
//! nor the same colour three times running, last round included — and the same input
//! gives the same output. Also round one of 3.2.3 and 5.2.1, and a round checked by hand.
//! The explanation: every round's pairing checked against its own explainer is valid,
//! follows 5.2 and is equal to the engine's; no legal alternative made by swapping two
//! players of the same score group between boards is better on the criteria.
//!
//! The absolute criteria and determinism are checked by the unit tests of
//! `src/pairing/tests/procedural.rs`, which read the engines' player state.

use crate::common;

use common::generated::config;

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use swiss_arbiter::formats::trf;
use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::tournament::{Colour, SystemId};

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 12,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x0011_4402),
        ..ProptestConfig::default()
    })]

    #[test]
    fn explanations_hold_on_generated_tournaments(
        players in 6u32..40,
        rounds in 3u32..=9,
        seed in any::<u64>(),
        draw in 0.0f64..0.6,
        forfeit in 0.0f64..0.08,
        bye in 0.0f64..0.08,
    ) {
        let cfg = config(players, rounds, seed, (draw, forfeit, bye));
        common::generated::holds(SystemId::Dubov, &cfg, |t, round| {
            common::explained::engine_is_never_beaten(SystemId::Dubov, t, round, usize::MAX)
        })
            .map_err(TestCaseError::fail)?;
    }
}

/// 3.2.3: in round one G1 is the first half by TPN and S1 meets G2 in TPN order; 5.2.1:
/// the higher-ranked player of each pair gets the initial colour when his TPN is odd.
#[test]
fn round_one_top_half_against_bottom_half() {
    for first in [Colour::White, Colour::Black] {
        let t = common::ten_with_two_absent_in_round_one(first, 5);
        let explainer = PairingRequest::recorded(&t, SystemId::Dubov, 1)
            .explain()
            .expect("round one pairs");
        let got = common::white_black(explainer.pairing());
        // G1 = 2, 3, 4, 5 (the first half by TPN of those present), G2 = 6, 7, 8, 10.
        let expected: Vec<(u32, u32)> = [(2, 6), (3, 7), (4, 8), (5, 10)]
            .into_iter()
            .map(|(h, l)| {
                if (h % 2 == 1) == (first == Colour::White) {
                    (h, l)
                } else {
                    (l, h)
                }
            })
            .collect();
        assert_eq!(got, expected, "initial colour {first:?}");
        let board = &explainer.explanation().pairs[0];
        assert_eq!(board.colour_rule, "5.2.1");
        assert!(
            board
                .colour_reason
                .contains("2 (higher ranked) has TPN 2, even")
                && board.colour_reason.contains("C.04.2 2"),
            "{}",
            board.colour_reason
        );
    }
}

/// Round 3 of a 12-player event, checked by hand against the text:
/// - 2 points: 1 and 3, both mild White with the same history: 5.2.5 gives #1 White.
/// - 1½: 4 and 8 have met, so two upfloaters come from the 1-point players 2, 5, 6, 12.
///   Every pair of them leaves one player without his colour ([C7] = 1), and #2 upfloated
///   last round ([C10]), so the first set without him is {5, 6}. G1 = {8} (White seeker),
///   G2 = {4, 5, 6}; G2's middle player #5 shifts (3.2.4.2); S1 by ARO = (5, 8), T2 by
///   TPN: 5–4, 8–6 (8–4 have met).
/// - 1: 2–12. ½: 7, 9, 11 with upfloater 10; G2 = {9} takes G1's middle player #10 (G1
///   by ARO: 11, 10, 7); S1 = (11, 7), T2 = (10, 9) as 11–9 have met.
#[test]
fn a_round_checked_by_hand() {
    let text = "\
012 Hand-checked Dubov round
062 12
072 12
001    1      Player0001                        2661                             2.0    1     6 w 1     5 b 1
001    2      Player0002                        2461                             1.0    2     8 b 0     7 w 1
001    3      Player0003                        2433                             2.0    3     9 w 1    12 b 1
001    4      Player0004                        2413                             1.5    4    10 b 1     8 w =
001    5      Player0005                        2385                             1.0    5    11 w 1     1 w 0
001    6      Player0006                        2308                             1.0    6     1 b 0    10 w 1
001    7      Player0007                        2294                             0.5    7  0000 - H     2 b 0
001    8      Player0008                        2282                             1.5    8     2 w 1     4 b =
001    9      Player0009                        2205                             0.5    9     3 b 0    11 w =
001   10      Player0010                        2162                             0.0   10     4 w 0     6 b 0
001   11      Player0011                        2071                             0.5   11     5 b 0     9 b =
001   12      Player0012                        1983                             1.0   12  0000 - U     3 w 0
XXR 9
";
    let t = trf::read(text.as_bytes(), "hand.trf").expect("valid TRF");
    let r3 = PairingRequest::recorded(&t, SystemId::Dubov, 3)
        .pair()
        .expect("pairs");
    let got: Vec<(u32, u32)> = r3.pairs.iter().map(|p| (p.white, p.black)).collect();
    assert_eq!(got, [(1, 3), (4, 5), (8, 6), (2, 12), (7, 9), (11, 10)]);
    assert_eq!(r3.bye, None);
}
