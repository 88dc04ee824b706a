//! Rating changes (FIDE B.02 8.2, 8.3) and the `ratings` command: a hand-worked event whose
//! every figure is computed in the comments, the CSV contract, and invariants on
//! generated events (each game's two expected scores make one point; only games over the
//! board against rated opponents count).

use swiss_arbiter::generator::generate;
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
    // The same games on the rapid list, with no time control recorded (nothing to check
    // it against): the 400-point rule still applies to 1 (under 2650), so the figures
    // stay; the K of a junior stays 40 (the rules are the same).
    let dir = tempfile::tempdir().expect("temp dir");
    let uncontrolled = variant(&dir, "no-control.trf", &[("222", None)], &[]);
    let o = run(&[
        "ratings",
        &uncontrolled,
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
    // With the fixture's 90 + 30 the games are standard games: rapid and blitz 1.1.1 rates
    // as rapid only "less than 60 minutes", so none is rated on the rapid list.
    let o = run(&["ratings", &hand_worked(), "--list", "rapid"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("the time control is a standard control: not rated on the rapid list"),
        "{text}"
    );
}

/// The hand-worked event with header records replaced (`None`: removed) and ratings
/// changed (pairing number, rating; `None`: unrated), written to `dir`.
fn variant(
    dir: &tempfile::TempDir,
    name: &str,
    records: &[(&str, Option<&str>)],
    ratings: &[(u32, Option<u16>)],
) -> String {
    let text = std::fs::read_to_string(hand_worked()).expect("fixture");
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        let code = line.get(..3).unwrap_or_default();
        if let Some((_, value)) = records.iter().find(|(c, _)| *c == code) {
            if let Some(value) = value {
                lines.push(format!("{code} {value}"));
            }
            continue;
        }
        let mut line = line.to_string();
        if code == "001" {
            let id: u32 = line[4..8].trim().parse().expect("pairing number");
            if let Some((_, rating)) = ratings.iter().find(|(p, _)| *p == id) {
                let rating = rating.map(|r| r.to_string()).unwrap_or_default();
                line.replace_range(48..52, &format!("{rating:>4}"));
            }
        }
        lines.push(line);
    }
    for (code, value) in records {
        if let Some(value) = value
            && !lines.iter().any(|l| l.starts_with(code))
        {
            lines.insert(1, format!("{code} {value}"));
        }
    }
    let path = dir.path().join(name);
    std::fs::write(&path, lines.join("\n") + "\n").expect("write");
    path.display().to_string()
}

fn csv_of(path: &str) -> String {
    let o = run(&["ratings", path, "--format", "csv"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn text_of(path: &str) -> String {
    let o = run(&["ratings", path]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// B.02 8.3.1, "Effective from 1 October 2025: A difference in rating of more than 400
/// points shall be counted for rating purposes as though it were a difference of 400
/// points for players rated below 2650. For players rated 2650 and above, the difference
/// between ratings shall be used in all cases"; before it, the 2024 text: "A difference in
/// rating of more than 400 points shall be counted for rating purposes as though it were a
/// difference of 400 points." Player 1 rated 2700 beats 3 (1700) and draws 2 (2100):
/// - ending 30 September 2025: both gaps count as 400, expected 0.92 + 0.92 = 1.84;
///   1.5 - 1.84 = -0.34, x 10 = -3.40, change -3;
/// - ending 1 October 2025: 1000 (expected 1.00) and 600 (0.98), 1.98; 1.5 - 1.98 = -0.48,
///   x 10 = -4.80, change -5.
///
/// Player 2 (2100, under 2650) counts his gap of 600 as 400 either way: 0.5 - 0.08 = 0.42,
/// x 40 = 16.80, change +17.
#[test]
fn the_2650_exemption_applies_to_events_ending_from_1_october_2025() {
    let dir = tempfile::tempdir().expect("temp dir");
    let event = |name, end| {
        variant(
            &dir,
            name,
            &[("042", Some("2025/09/28")), ("052", Some(end))],
            &[(1, Some(2700))],
        )
    };
    let before = csv_of(&event("before.trf", "2025/09/30"));
    assert!(
        before.contains("\n1,1503014,2700,10,2,1.5,1.84,-3\n"),
        "{before}"
    );
    assert!(
        before.contains("\n2,1700001,2100,40,1,0.5,0.08,17\n"),
        "{before}"
    );
    let from = event("from.trf", "2025-10-01");
    let after = csv_of(&from);
    assert!(
        after.contains("\n1,1503014,2700,10,2,1.5,1.98,-5\n"),
        "{after}"
    );
    assert!(
        after.contains("\n2,1700001,2100,40,1,0.5,0.08,17\n"),
        "{after}"
    );
    let text = text_of(&from);
    assert!(text.contains("B.02 8.3.1 (from 1 October 2025)"), "{text}");
    // The reader keeps dates in TRF-2026's form (`2025-10-01` is read as 2025/10/01).
    assert!(text.contains("the event ends 2025/10/01"), "{text}");
}

/// An event with no date is rated with the rules in force today, and says it assumed so;
/// without a date the junior rule cannot be checked either (B.02 8.3.3), and K's note says
/// so.
#[test]
fn an_event_without_a_date_takes_todays_rules_and_says_it_is_assumed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let undated = variant(
        &dir,
        "undated.trf",
        &[("042", None), ("052", None)],
        &[(1, Some(2700))],
    );
    let csv = csv_of(&undated);
    assert!(csv.contains("\n1,1503014,2700,10,2,1.5,1.98,-5\n"), "{csv}");
    let text = text_of(&undated);
    assert!(
        text.contains("assumed: the event has no date, so the rules in force today apply"),
        "{text}"
    );
    assert!(
        text.contains("assumed not a junior: the event has no date"),
        "{text}"
    );
}

/// Rapid and blitz 1.1.2: "for a blitz game all the moves must be made in a fixed time of
/// more than 3 minutes but not more than 10 minutes for each player; or the time allotted
/// plus 60 times any increment must be more than 3 minutes but not more than 10 minutes"
/// (quoted with "+" written "plus"). 3 + 0 is not blitz and no list rates it; 3 + 2 (5
/// minutes for 60 moves) is blitz.
#[test]
fn a_3_minute_event_is_not_rated_and_3_plus_2_is_blitz() {
    let dir = tempfile::tempdir().expect("temp dir");
    let three = variant(&dir, "3+0.trf", &[("222", Some("180"))], &[]);
    let t = swiss_arbiter::formats::trf::read(
        std::fs::read(&three).expect("file").as_slice(),
        "3+0.trf",
    )
    .expect("reads");
    assert_ne!(t.event.rating_list, RatingList::Blitz, "3 + 0 is not blitz");
    let csv = csv_of(&three);
    assert!(csv.contains("\n1,1503014,2450,10,0,0.0,0.00,0\n"), "{csv}");
    assert!(csv.contains("\n4,,,,0,0.0,,\n"), "{csv}");
    let text = text_of(&three);
    assert!(
        text.contains("3 minutes or less: not rated on any list (blitz is more than 3 minutes, rapid and blitz 1.1.2)"),
        "{text}"
    );
    let blitz = variant(&dir, "3+2.trf", &[("222", Some("180+2"))], &[]);
    let t = swiss_arbiter::formats::trf::read(
        std::fs::read(&blitz).expect("file").as_slice(),
        "3+2.trf",
    )
    .expect("reads");
    assert_eq!(t.event.rating_list, RatingList::Blitz);
    let csv = csv_of(&blitz);
    assert!(csv.contains("\n1,1503014,2450,10,2,1.5,1.81,-3\n"), "{csv}");
    assert!(text_of(&blitz).contains("Rated on the blitz list"));
}

/// B.02 1.1: "Where at least one of the players in the game has a rating 1800 or higher,
/// each player must have a minimum of 90 minutes. Where both of the players in the game
/// are rated below 1800, each player must have a minimum of 60 minutes." 60 minutes + 15
/// seconds a move is 75 minutes for 60 moves: a standard control (the event is on the
/// standard list), but the games of player 1, rated 1850, are not rated; the unrated 4's
/// games against 2 (1750) and 3 (1700) are.
#[test]
fn a_75_minute_control_is_standard_but_not_for_a_game_with_an_1850() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = variant(
        &dir,
        "75.trf",
        &[("222", Some("3600+15"))],
        &[(1, Some(1850)), (2, Some(1750))],
    );
    let t =
        swiss_arbiter::formats::trf::read(std::fs::read(&path).expect("file").as_slice(), "75.trf")
            .expect("reads");
    assert_eq!(t.event.rating_list, RatingList::Standard);
    let ratings = rating::event_ratings(&t);
    let one = &ratings[0];
    assert!(one.games.is_empty(), "{one:?}");
    assert_eq!(one.excluded.len(), 2);
    let four = &ratings[3];
    assert_eq!(four.games.len(), 2, "{four:?}");
    let text = text_of(&path);
    assert!(
        text.contains(
            "75 minutes for 60 moves; a player is rated 1850, so each player must have at \
             least 90 minutes (B.02 1.1)"
        ),
        "{text}"
    );
    // 3 (1700) against the unrated 4: the 60 minutes of "both ... below 1800" suffice;
    // for 3 the game is not rated because 4 is unrated, not because of the time.
    assert!(
        text.contains("Player 3: round 2 against 4 not rated: the opponent is unrated"),
        "{text}"
    );
}

/// Rapid and blitz 7.3.1: "Effective from 1 December 2024: Games played between players
/// with a rating difference of 600 points or more shall not be rated if at least one of
/// the players is rated above 2600 on the relevant list." Rapid (15 + 10), player 1 rated
/// 2650: his win over 3 (1700, 950 apart) is rated in an event ending 30 November 2024 and
/// not in one ending 1 December 2024; his draw with 2 (2100, 550 apart) is rated in both.
#[test]
fn the_600_point_rule_of_rapid_and_blitz_applies_from_1_december_2024() {
    let dir = tempfile::tempdir().expect("temp dir");
    let event = |name, end| {
        let path = variant(
            &dir,
            name,
            &[
                ("222", Some("900+10")),
                ("042", Some("2024/11/29")),
                ("052", Some(end)),
            ],
            &[(1, Some(2650))],
        );
        let t =
            swiss_arbiter::formats::trf::read(std::fs::read(&path).expect("file").as_slice(), name)
                .expect("reads");
        assert_eq!(t.event.rating_list, RatingList::Rapid);
        (rating::event_ratings(&t), path)
    };
    let (before, _) = event("before.trf", "2024/11/30");
    assert_eq!(before[0].games.len(), 2, "{:?}", before[0]);
    let (after, path) = event("after.trf", "2024/12/01");
    assert_eq!(after[0].games.len(), 1, "{:?}", after[0]);
    assert_eq!(after[0].games[0].opponent, 2);
    let text = text_of(&path);
    assert!(
        text.contains("a gap of 950 points with a player above 2600"),
        "{text}"
    );
    // Rapid and blitz 7.2.1: the unrated 4 has no standard rating recorded (TRF holds none).
    assert!(
        text.contains("player(s) 4, unrated on the rapid list: they are rated as unrated"),
        "{text}"
    );
}

fn generated(players: u32, rounds: u32, seed: u64) -> Tournament {
    let cfg = common::generated::config(players, rounds, seed, (0.3, 0.05, 0.05));
    match generate(&cfg, SystemId::Dutch2026) {
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

/// Rapid and blitz 7.2.1: "If an unrated player has a standard rating at the beginning of a
/// rapid or blitz tournament, their standard rating is used for rating calculation. Such a
/// player is considered to be rated." Two players of a rapid event (July 2026): 1 rated
/// 1800 on the rapid list; 2 unrated there, 1900 standard. 1 beats 2: for 1, D = -100,
/// expected 0.36, 1 - 0.36 = 0.64, x 20 = 12.80, +13; for 2, D = +100, expected 0.64,
/// -0.64 x 20 = -12.80, -13. Before, 2 was unrated: 1's game was not rated (an unrated
/// opponent) and 2 had a first-rating figure instead.
#[test]
fn an_unrated_rapid_player_is_rated_with_his_standard_rating() {
    let mut t = Tournament::default();
    t.event.rating_list = RatingList::Rapid;
    t.event.end_date = "2026/07/10".into();
    t.event.encoded_time_control = "900+10".into();
    let mut one = swiss_arbiter::tournament::Player::new(1, "Rapid, Rated");
    one.rating = Some(1800);
    one.birth_date = "1980".into();
    let mut two = swiss_arbiter::tournament::Player::new(2, "Rapid, Unrated");
    two.standard_rating = Some(1900);
    two.birth_date = "1980".into();
    one.set_outcome(
        1,
        Outcome::game(
            2,
            swiss_arbiter::tournament::Colour::White,
            swiss_arbiter::tournament::GameResult::Win,
        ),
    );
    two.set_outcome(
        1,
        Outcome::game(
            1,
            swiss_arbiter::tournament::Colour::Black,
            swiss_arbiter::tournament::GameResult::Loss,
        ),
    );
    t.players = vec![one, two];
    let ratings = rating::event_ratings(&t);
    let change = |i: usize| match &ratings[i].verdict {
        RatingVerdict::Rated(r) => Some((r.expected, r.change)),
        RatingVerdict::Unrated(_) => None,
    };
    assert_eq!(change(0), Some((36, 13)));
    assert_eq!(change(1), Some((64, -13)));
    assert_eq!(ratings[1].rating, Some(1900));
    // Without the standard rating: unrated, the game not rated for 1.
    t.players[1].standard_rating = None;
    let ratings = rating::event_ratings(&t);
    assert_eq!(ratings[0].games.len(), 0);
    assert!(matches!(ratings[1].verdict, RatingVerdict::Unrated(_)));
}
