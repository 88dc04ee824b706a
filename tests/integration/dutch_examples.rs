//! The hand-checked examples of `conformance/examples/EXPECTED.md` (committed in
//! `tests/fixtures/`), for the rule versions our engines implement.

use crate::common;

use swiss_arbiter::formats::trf;
use swiss_arbiter::pairing::{Pair, PairingRequest, RoundPairing};
use swiss_arbiter::tournament::{SystemId, Tournament};

/// Parses `1-8, 9-2, bye 15` into a pairing.
fn expected(text: &str) -> RoundPairing {
    let mut pairing = RoundPairing::default();
    for item in text.split(',').map(str::trim) {
        if let Some(bye) = item.strip_prefix("bye ") {
            pairing.bye = Some(bye.parse().expect("bye"));
        } else {
            let (w, b) = item.split_once('-').expect("pair");
            pairing.pairs.push(Pair {
                white: w.parse().expect("white"),
                black: b.parse().expect("black"),
            });
        }
    }
    pairing
}

fn check(system: SystemId, file: &str, want: &str) {
    let path = common::fixtures_dir().join(file);
    let t = trf::read_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let round = t.next_round();
    let got = PairingRequest::recorded(&t, system, round)
        .pair()
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let want = expected(want);
    assert!(
        got.same_as(&want),
        "{system} {file}: got {}, expected {}",
        got.summary(),
        want.summary()
    );
}

#[test]
fn mastering_the_dutch_round_1() {
    check(
        SystemId::Dutch2017,
        "mastering-dutch-r1.trf",
        "1-8, 9-2, 3-10, 11-4, 5-12, 13-6, 7-14, bye 15",
    );
}

#[test]
fn mastering_the_dutch_round_2_with_a_half_point_bye() {
    check(
        SystemId::Dutch2017,
        "mastering-dutch-r2.trf",
        "14-1, 15-3, 4-13, 2-5, 12-9, 10-7, 8-11",
    );
}

#[test]
fn mastering_the_dutch_round_3_with_an_absent_player() {
    check(
        SystemId::Dutch2017,
        "mastering-dutch-r3.trf",
        "1-4, 3-2, 13-8, 9-14, 12-15, 6-5, 11-10",
    );
}

#[test]
fn round_1_ranks_only_the_players_present() {
    check(
        SystemId::Dutch2017,
        "round1-absent-players.trf",
        "6-2, 3-7, 8-4, 5-10",
    );
}

#[test]
fn bye_under_2017_rules_is_not_the_lowest_score() {
    // EXPECTED.md: Dutch 2017 gives 1-3, 6-2, bye 5 (2026 C5 would give the bye to 6).
    check(
        SystemId::Dutch2017,
        "dutch-2026-c5-bye-score.trf",
        "1-3, 6-2, bye 5",
    );
}

#[test]
fn bye_to_the_player_with_fewest_unplayed_games() {
    check(
        SystemId::Dutch2017,
        "dutch-2026-c9-bye-unplayed.trf",
        "2-1, 3-5, bye 4",
    );
}

#[test]
fn rules_2026_give_the_same_answers_on_the_mastering_examples() {
    check(
        SystemId::Dutch2026,
        "mastering-dutch-r1.trf",
        "1-8, 9-2, 3-10, 11-4, 5-12, 13-6, 7-14, bye 15",
    );
    check(
        SystemId::Dutch2026,
        "mastering-dutch-r2.trf",
        "14-1, 15-3, 4-13, 2-5, 12-9, 10-7, 8-11",
    );
    check(
        SystemId::Dutch2026,
        "mastering-dutch-r3.trf",
        "1-4, 3-2, 13-8, 9-14, 12-15, 6-5, 11-10",
    );
    check(
        SystemId::Dutch2026,
        "round1-absent-players.trf",
        "6-2, 3-7, 8-4, 5-10",
    );
}

#[test]
fn c5_2026_bye_goes_to_the_lowest_possible_score() {
    check(
        SystemId::Dutch2026,
        "dutch-2026-c5-bye-score.trf",
        "1-5, 3-2, bye 6",
    );
}

#[test]
fn c9_2026_bye_goes_to_the_fewest_unplayed_games() {
    check(
        SystemId::Dutch2026,
        "dutch-2026-c9-bye-unplayed.trf",
        "2-1, 3-5, bye 4",
    );
}

/// C2 (2026, Basic Rule 4): a player who already received a PAB may not receive another.
/// One reference engine gives player 5 a second PAB here; the legal answer follows.
#[test]
fn no_second_pab_a() {
    check(
        SystemId::Dutch2026,
        "second-pab-a.trf",
        "4-2, 7-5, 6-3, bye 8",
    );
}

/// As above: player 3 already had the PAB in round 2.
#[test]
fn no_second_pab_b() {
    check(
        SystemId::Dutch2026,
        "second-pab-b.trf",
        "5-1, 8-2, 3-9, bye 7",
    );
}

/// Forbidden pairs (`XXP`, TRF-2026 `260`) are honoured, within their round range.
#[test]
fn forbidden_pairs_are_honoured() {
    use swiss_arbiter::tournament::ForbiddenGroup;
    let path = common::fixtures_dir().join("mastering-dutch-r1.trf");
    let t = trf::read_file(&path).unwrap_or_else(|e| panic!("{e}"));
    let pair = |t: &Tournament| PairingRequest::recorded(t, SystemId::Dutch2026, 1).pair();
    let meets = |p: &RoundPairing, a: u32, b: u32| {
        p.pairs
            .iter()
            .any(|x| (x.white, x.black) == (a, b) || (x.white, x.black) == (b, a))
    };
    let free = pair(&t).expect("pairs");
    assert!(
        meets(&free, 1, 8),
        "without the ban, 1 meets 8: {}",
        free.summary()
    );
    for (first_round, last_round, banned) in [
        (None, None, true),
        (Some(2), None, false),
        (Some(1), Some(1), true),
    ] {
        let mut t = t.clone();
        t.event.forbidden_pairs.push(ForbiddenGroup {
            players: vec![1, 8],
            first_round,
            last_round,
        });
        let p = pair(&t).expect("pairs");
        assert_eq!(
            meets(&p, 1, 8),
            !banned,
            "{first_round:?}..{last_round:?}: {}",
            p.summary()
        );
        assert_eq!(p.pairs.len(), 7);
        assert!(p.bye.is_some());
    }
}
