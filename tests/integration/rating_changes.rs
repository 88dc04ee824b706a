//! Rating changes (FIDE B.02 8.2, 8.3) and the `ratings` command: a hand-worked event whose
//! every figure is computed in the comments, the CSV contract, and invariants on
//! generated events (each game's two expected scores make one point; only games over the
//! board against rated opponents count).

use swiss_arbiter::generator::generate;
use swiss_arbiter::pairing;
use swiss_arbiter::rating::{self, RatingVerdict};
use swiss_arbiter::tournament::{Outcome, RatingList, SystemId, Tournament};

use crate::common::{self, run};

fn hand_worked() -> String {
    common::fixtures_dir()
        .join("ratings")
        .join("hand-worked.trf")
        .display()
        .to_string()
}

/// The event of `tests/fixtures/ratings/hand-worked.trf` (standard time control, July
/// 2026), worked with tables 8.1(a) and 8.1(b):
/// - 1, 2450, K 10 (2400 or more): beat 3 (1700; the gap of 750 counts as 400, expected
///   0.92), drew 2 (2100; 350, expected 0.89), won by forfeit against 4 (not a game).
///   1.5 - 1.81 = -0.31, x 10 = -3.10, change -3.
/// - 2, 2100, born 2009 (18 in 2026, under 2300: K 40): beat 4 (unrated: not rated for
///   him), drew 1 (-350, expected 0.11), beat 3 before a move was made (`W`: not rated).
///   0.5 - 0.11 = 0.39, x 40 = 15.60, change +16.
/// - 3, 1700, no birth date (K 20): lost to 1 (-400, 0.08), lost to the unrated 4, lost
///   to 2 by `L`. 0 - 0.08 = -0.08, x 20 = -1.60, change -2 (0.5 and more away from zero).
/// - 4, unrated: lost to 2 (2100), beat 3 (1700), lost by forfeit to 1. Two games against
///   rated opponents, 1 point; with the two draws against 1800, Ra = 7400 / 4 = 1850 and
///   p = 2 / 4 = 0.50, Ru = 1850; too few games for a first rating.
#[test]
fn the_hand_worked_event_gives_the_figures_computed_by_hand() {
    let o = run(&["ratings", &hand_worked(), "--format", "csv"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "StartNo,FideId,Rating,K,Games,Score,Expected,Change\n\
         1,1503014,2450,10,2,1.5,1.81,-3\n\
         2,1700001,2100,40,1,0.5,0.11,16\n\
         3,,1700,20,1,0.0,0.08,-2\n\
         4,,,,2,1.0,,\n"
    );
    let text = run(&["ratings", &hand_worked(), "--player", "2"]);
    let text = String::from_utf8_lossy(&text.stdout);
    for expected in [
        "15.60",
        "2116",
        "(1850)",
        "decided before one move was made",
        "the opponent is unrated",
        "born 2009",
        "a first rating needs 5",
        "Player 2: rated games",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
}

#[test]
fn the_list_is_taken_from_the_command_line() {
    // The same games on the rapid list: the 400-point rule still applies to 1 (under
    // 2650), so the figures stay; the K of a junior stays 40 (the rules are the same).
    let o = run(&[
        "ratings",
        &hand_worked(),
        "--format",
        "csv",
        "--list",
        "rapid",
    ]);
    let csv = String::from_utf8_lossy(&o.stdout);
    assert!(csv.contains("2,1700001,2100,40,1,0.5,0.11,16"), "{csv}");
    let bad = run(&["ratings", &hand_worked(), "--list", "bullet"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("standard, rapid or blitz"));
}

fn generated(players: u32, rounds: u32, seed: u64) -> Tournament {
    let cfg = common::generated::config(players, rounds, seed, (0.3, 0.05, 0.05));
    let engine = pairing::engine(SystemId::Dutch2026);
    match generate(&cfg, engine.as_ref()) {
        Ok(t) => t,
        Err(stopped) => *stopped.partial,
    }
}

/// Over the board, against a rated opponent: what counts (B.02 8.2, 8.3).
fn rated_games_of(t: &Tournament, id: u32) -> usize {
    let player = t.player(id).expect("player");
    player
        .results
        .iter()
        .filter(|o| match o {
            Outcome::Game {
                opponent, unrated, ..
            } => !unrated && t.player(*opponent).is_some_and(|p| p.rating.is_some()),
            _ => false,
        })
        .count()
}

#[test]
fn on_generated_events_each_game_shares_one_expected_point_and_only_rated_games_count() {
    for seed in 1..=12 {
        let mut t = generated(14 + seed as u32 * 3, 7, seed);
        // Some unrated players, some juniors, one player above 2650 (no 400-point rule).
        for (i, p) in t.players.iter_mut().enumerate() {
            match i % 5 {
                0 if i > 0 => p.rating = None,
                1 => p.birth_date = "2012".into(),
                _ => {}
            }
        }
        t.players[0].rating = Some(2700);
        t.event.end_date = "2026/09/30".into();
        let ratings = rating::event_ratings(&t);
        assert_eq!(ratings.len(), t.players.len());
        let mut balance = 0i64;
        for r in &ratings {
            assert_eq!(
                r.games.len(),
                rated_games_of(&t, r.id),
                "seed {seed}, player {}",
                r.id
            );
            let score: i64 = r.games.iter().map(|g| g.score).sum();
            assert_eq!(score, r.score);
            if let RatingVerdict::Rated(c) = &r.verdict {
                assert_eq!(c.exact, i64::from(c.k.value) * (r.score - c.expected));
                assert!((c.change * 100 - c.exact).abs() <= 50, "{c:?}");
                // Games between two players under 2650: the two expected scores make a
                // point, so over all of them score minus expected balances out.
                let below_2650 = |id: u32| t.player(id).and_then(|p| p.rating) < Some(2650);
                if below_2650(r.id) {
                    for g in r.games.iter().filter(|g| below_2650(g.opponent)) {
                        balance += g.score - g.expected.expect("rated");
                    }
                }
            }
        }
        assert_eq!(balance, 0, "seed {seed}");
        let csv = swiss_arbiter::formats::rating_changes::csv(&ratings);
        assert_eq!(csv.lines().count(), t.players.len() + 1);
        assert!(csv.lines().skip(1).all(|l| l.split(',').count() == 8));
    }
}

#[test]
fn the_event_list_follows_the_time_control_of_a_trf() {
    let text = std::fs::read_to_string(hand_worked()).expect("fixture");
    let rapid = text.replace("222 5400+30", "222 900+10");
    let t = swiss_arbiter::formats::trf::read(rapid.as_bytes(), "rapid.trf").expect("reads");
    assert_eq!(t.event.rating_list, RatingList::Rapid);
    let t = swiss_arbiter::formats::trf::read(text.as_bytes(), "standard.trf").expect("reads");
    assert_eq!(t.event.rating_list, RatingList::Standard);
}

#[test]
fn the_standings_carry_k_and_the_rating_change_on_request() {
    let o = run(&[
        "standings",
        &hand_worked(),
        "--format",
        "csv",
        "--rating-changes",
        "--tiebreaks",
        "BH",
    ]);
    let csv = String::from_utf8_lossy(&o.stdout);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("Rank,StartNo,PTS,BH,K,RtgChange"));
    let rows: Vec<&str> = lines.collect();
    assert!(
        rows.iter()
            .any(|r| r.starts_with("1,2,2.5,") && r.ends_with(",40,16")),
        "{csv}"
    );
    assert!(
        rows.iter()
            .any(|r| r.contains(",4,1.0,") && r.ends_with(",,")),
        "{csv}"
    );
    // After round 1 only: Junior's win over the unrated 4 is all he has, so no change.
    let early = run(&[
        "standings",
        &hand_worked(),
        "--format",
        "csv",
        "--rating-changes",
        "--round",
        "1",
    ]);
    let early = String::from_utf8_lossy(&early.stdout);
    assert!(
        early
            .lines()
            .any(|r| r.split(',').nth(1) == Some("2") && r.ends_with(",40,0")),
        "{early}"
    );
    let plain = run(&["standings", &hand_worked(), "--format", "csv"]);
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("RtgChange"));
}
