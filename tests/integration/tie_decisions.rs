//! Expelled players (checklist Q197-198), ties ranked by hand and external tie-break values
//! (Q205, Q207) and the ties left drawn by lot from a seed (Q204, Q206), on generated
//! events: what the standings do with each, and that each survives `.sarb` and TRF-2026.

use crate::common;

use swiss_arbiter::document::Edit;
use swiss_arbiter::formats::{native, trf};
use swiss_arbiter::generator::generate;
use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::standings::{self, Options, Rules, Standings, event_tiebreaks};
use swiss_arbiter::tournament::{LogKind, Points, SystemId, Tournament};

/// A generated Dutch event: `players`, `rounds` played of `planned`.
fn event(players: u32, rounds: u32, planned: u32, seed: u64) -> Tournament {
    let mut cfg = common::generated::config(players, rounds, seed, (0.4, 0.02, 0.03));
    cfg.planned_rounds = Some(planned);
    let mut t = generate(&cfg, SystemId::Dutch2026).expect("generated");
    t.event.start_date = "2026/10/01".into();
    t
}

/// The event with this tie-break list (set as it was published before the event).
fn with_list(mut t: Tournament, list: &[&str]) -> Tournament {
    t.event.tiebreaks = list.iter().map(|s| s.to_string()).collect();
    t
}

/// The standings as the event ranks them (its list, its rules, the last complete round).
fn standings_of(t: &Tournament) -> Standings {
    let options = Options {
        tiebreaks: event_tiebreaks(&t.event)
            .expect("list")
            .unwrap_or_else(standings::default_tiebreaks),
        round: None,
        rules: Rules::for_event(&t.event),
    };
    standings::compute(t, &options).expect("standings")
}

/// (rank, id) in rank order.
fn ranks(s: &Standings) -> Vec<(u32, u32)> {
    s.rows.iter().map(|r| (r.rank, r.id)).collect()
}

/// The groups of two or more players sharing a place.
fn ties(s: &Standings) -> Vec<Vec<u32>> {
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for (k, row) in s.rows.iter().enumerate() {
        match groups.last_mut() {
            Some(last) if k > 0 && s.rows[k - 1].rank == row.rank => last.push(row.id),
            _ => groups.push(vec![row.id]),
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// A generated event with the list `WIN` (many ties) and at least one tie at the end.
fn tied_event(seed: u64) -> Option<(Tournament, Vec<Vec<u32>>)> {
    let t = with_list(event(12, 5, 5, seed), &["WIN"]);
    let tied = ties(&standings_of(&t));
    (!tied.is_empty()).then_some((t, tied))
}

/// Both files read back with the decisions and the standings they give.
fn round_trips(t: &Tournament) {
    let text = trf::write(t, trf::Dialect::Trf26).expect("fits TRF-2026");
    let back = trf::read(text.as_bytes(), "decisions.trf").expect("reads");
    assert_eq!(back.event.tie_decisions, t.event.tie_decisions, "{text}");
    let expelled = |t: &Tournament| -> Vec<Option<u32>> {
        t.players.iter().map(|p| p.expelled_from).collect()
    };
    assert_eq!(expelled(&back), expelled(t));
    assert_eq!(ranks(&standings_of(&back)), ranks(&standings_of(t)));
    let sarb = native::to_string(t).expect("native");
    let again = native::from_str(&sarb, "decisions.sarb").expect("reads");
    assert_eq!(again.event.tie_decisions, t.event.tie_decisions);
    assert_eq!(expelled(&again), expelled(t));
    assert_eq!(ranks(&standings_of(&again)), ranks(&standings_of(t)));
}

/// An expelled player is left out of the ranks, which close up; every other player keeps
/// the values he had with the player merely withdrawn (C.07 16: his games count for his
/// opponents as a withdrawn player's); he is not paired from the round he was expelled
/// from; the reason is in the log; both files keep it.
#[test]
fn an_expelled_player_leaves_the_standings_but_counts_for_his_opponents() {
    for seed in 1..=4 {
        let t = event(10, 3, 5, seed);
        let before = standings_of(&t);
        let x = before.rows[before.rows.len() / 2].id;
        let mut expelled = t.clone();
        expelled
            .apply(Edit::ExpelPlayer {
                player: x,
                from: 4,
                reason: "used a phone".into(),
            })
            .expect("expelled");
        let entry = expelled.log.last().expect("logged");
        assert_eq!(entry.kind, LogKind::Expulsion);
        assert!(entry.detail.ends_with("used a phone"), "{}", entry.detail);
        let mut withdrawn = t.clone();
        let mut p = withdrawn.player(x).expect("player").clone();
        p.withdrawn_from = Some(4);
        withdrawn
            .apply(Edit::UpdatePlayer(Box::new(p)))
            .expect("withdrawn");

        let s = standings_of(&expelled);
        let w = standings_of(&withdrawn);
        assert!(s.rows.iter().all(|r| r.id != x), "expelled {x} is ranked");
        assert_eq!(s.expelled, [(x, 4)]);
        assert_eq!(s.rows.len() + 1, w.rows.len());
        let old_x = w.rows.iter().find(|r| r.id == x).expect("ranked").rank;
        for row in &s.rows {
            let old = w.rows.iter().find(|r| r.id == row.id).expect("same player");
            assert_eq!(row.tiebreaks, old.tiebreaks, "player {}", row.id);
            assert_eq!(row.points, old.points);
            let closed_up = old.rank - u32::from(old_x < old.rank);
            assert_eq!(row.rank, closed_up, "player {}", row.id);
        }
        let text = swiss_arbiter::formats::standings::text(&expelled, &s, None, None);
        assert!(
            text.contains("Expelled: ") && text.contains("left out"),
            "{text}"
        );

        let pairing = PairingRequest::new(&expelled, SystemId::Dutch2026, Some(4))
            .expect("request")
            .pair()
            .expect("paired");
        let seated = common::white_black(&pairing)
            .into_iter()
            .any(|(w, b)| w == x || b == x)
            || pairing.bye == Some(x);
        assert!(!seated, "expelled player {x} paired in round 4");

        let mut refused = expelled.clone();
        assert!(
            refused
                .apply(Edit::ExpelPlayer {
                    player: before.rows[0].id,
                    from: 3,
                    reason: "late".into(),
                })
                .is_err(),
            "round 3 is paired"
        );
        assert_eq!(refused, expelled, "a refused edit changes nothing");
        round_trips(&expelled);
    }
}

/// A tie ranked by hand orders exactly those players, in that order, and nobody else
/// moves; players who are not tied are refused and nothing changes. External values
/// (`OTHER_…`) order a tie by the values.
#[test]
fn ties_are_ranked_by_hand_or_by_external_values_and_only_ties() {
    let mut checked = 0;
    for seed in 1..=30 {
        let Some((t, tied)) = tied_event(seed) else {
            continue;
        };
        checked += 1;
        let before = standings_of(&t);
        let group = &tied[0];
        let reversed: Vec<u32> = group.iter().rev().copied().collect();
        let mut by_hand = t.clone();
        by_hand
            .apply(Edit::OrderTiesByHand {
                round: None,
                players: reversed.clone(),
                reason: "play-off".into(),
            })
            .expect("a tie");
        let s = standings_of(&by_hand);
        let first = before
            .rows
            .iter()
            .find(|r| r.id == group[0])
            .expect("row")
            .rank;
        for (k, id) in reversed.iter().enumerate() {
            let row = s.rows.iter().find(|r| r.id == *id).expect("row");
            assert_eq!(row.rank, first + k as u32, "player {id}");
        }
        for row in s.rows.iter().filter(|r| !group.contains(&r.id)) {
            let old = before.rows.iter().find(|r| r.id == row.id).expect("row");
            assert_eq!(row.rank, old.rank, "player {} moved", row.id);
        }
        assert!(s.notes.iter().any(|n| n.contains("ranked by hand")));

        // Not tied: the leader and the last player.
        let (top, last) = (&before.rows[0], &before.rows[before.rows.len() - 1]);
        if top.rank != last.rank {
            let mut refused = by_hand.clone();
            let err = refused
                .apply(Edit::OrderTiesByHand {
                    round: None,
                    players: vec![last.id, top.id],
                    reason: "no".into(),
                })
                .expect_err("not tied");
            assert!(err.to_string().contains("not the players tied"), "{err}");
            assert_eq!(refused, by_hand, "a refused edit changes nothing");
        }
        // Part of a tie is no tie either.
        if group.len() > 2 {
            let mut refused = t.clone();
            refused
                .apply(Edit::OrderTiesByHand {
                    round: None,
                    players: group[..2].to_vec(),
                    reason: "part".into(),
                })
                .expect_err("part of a tie");
            assert_eq!(refused, t);
        }

        // External values: the last of the group highest.
        let mut external = with_list(t.clone(), &["WIN", "OTHER_PLAYOFF"]);
        let values: Vec<(u32, Points)> = reversed
            .iter()
            .enumerate()
            .map(|(k, &id)| (id, Points::whole(10 - k as i32)))
            .collect();
        external
            .apply(Edit::SetExternalTieBreak {
                code: "other_playoff".into(),
                values,
                reason: "armageddon".into(),
            })
            .expect("entered");
        let e = standings_of(&external);
        for (k, id) in reversed.iter().enumerate() {
            let row = e.rows.iter().find(|r| r.id == *id).expect("row");
            assert_eq!(row.rank, first + k as u32, "player {id}");
        }
        let mut bad = external.clone();
        assert!(
            bad.apply(Edit::SetExternalTieBreak {
                code: "BH".into(),
                values: vec![],
                reason: String::new(),
            })
            .is_err()
        );
        assert_eq!(bad, external);
        round_trips(&by_hand);
        round_trips(&external);
    }
    assert!(checked >= 5, "only {checked} events with a tie");
}

/// The drawing of lots: the same seed gives the same order; some other seed another; it
/// never reorders players who were not tied; the log names the seed, the tie and the order.
#[test]
fn lots_repeat_with_their_seed_and_only_break_ties() {
    let mut checked = 0;
    for seed in 31..=60 {
        let Some((t, tied)) = tied_event(seed) else {
            continue;
        };
        checked += 1;
        let before = standings_of(&t);
        let draw = |lot: u64| {
            let mut d = t.clone();
            d.apply(Edit::DrawTieLots {
                round: None,
                seed: lot,
            })
            .expect("ties left");
            d
        };
        let a = draw(2026);
        let s = standings_of(&a);
        assert_eq!(ranks(&s), ranks(&standings_of(&draw(2026))), "repeatable");
        assert!(ties(&s).is_empty(), "a tie is left");
        let entry = a.log.last().expect("logged");
        assert_eq!(entry.kind, LogKind::Lots);
        assert!(entry.detail.contains("seed 2026"), "{}", entry.detail);
        let named = tied[0].iter().map(u32::to_string).collect::<Vec<_>>();
        assert!(
            entry.detail.contains(&named.join(" = ")),
            "{}",
            entry.detail
        );
        // Players not tied keep their order.
        for x in &before.rows {
            for y in &before.rows {
                if x.rank < y.rank {
                    let pos = |id| s.rows.iter().position(|r| r.id == id);
                    assert!(pos(x.id) < pos(y.id), "{} and {} swapped", x.id, y.id);
                }
            }
        }
        let order =
            |t: &Tournament| -> Vec<u32> { standings_of(t).rows.iter().map(|r| r.id).collect() };
        assert!(
            (0..40).any(|other| order(&draw(other)) != order(&a)),
            "every seed draws the same order"
        );
        round_trips(&a);
    }
    assert!(checked >= 5, "only {checked} events with a tie");
    // No tie left: refused, nothing changes.
    let mut t = with_list(event(8, 3, 3, 7), &["TPN"]);
    let kept = t.clone();
    t.apply(Edit::DrawTieLots {
        round: None,
        seed: 1,
    })
    .expect_err("no tie");
    assert_eq!(t, kept);
}
