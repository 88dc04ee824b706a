//! Adjourned games (TRF-2026 `?`, `162` `X`) and the unusual scores ½-0, 0-½ and 0-0
//! (VCL.13): every file format keeps them; an adjourned game is a draw for the pairing
//! (C.04.2 3.1) and blocks the final standings and the rating report; each player of an
//! unusual score is paired, ranked and rated on his own result.

use crate::common::{self, run};

use std::path::PathBuf;
use std::process::Output;

use swiss_arbiter::formats::native;
use swiss_arbiter::formats::trf::{self, Dialect};
use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::rating::{self, Exclusion};
use swiss_arbiter::tournament::{BoardResult, Points, SystemId, Tournament};

/// `mastering-dutch-r3.trf`: 15 players, rounds 1 and 2 played (1-½-0), XXR 9.
fn mastering() -> Tournament {
    trf::read_file(&common::fixtures_dir().join("mastering-dutch-r3.trf")).expect("fixture reads")
}

/// `dutch2026-n010-r04-s3100008.trf`: 10 players, 4 rounds played, scored 3-1-0.
fn four_rounds() -> Tournament {
    trf::read_file(&common::fixtures_dir().join("dutch2026-n010-r04-s3100008.trf"))
        .expect("fixture reads")
}

/// Enters `result` on board `board` (from 1) of `round`; the board's players.
fn enter(t: &mut Tournament, round: u32, board: usize, result: BoardResult) -> (u32, u32) {
    let b = t.boards(round)[board - 1];
    t.set_board_result(round, b.white, b.black, result)
        .expect("a board of the round");
    (b.white, b.black)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-states-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn saved(t: &Tournament, name: &str) -> String {
    let file = temp(name);
    native::save(t, &file).expect("saved");
    file.display().to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// The event with the three unusual scores and an adjourned game in round 2, and an
/// adjourned value (`X`) other than a draw's.
fn every_state() -> Tournament {
    let mut t = mastering();
    enter(&mut t, 2, 1, BoardResult::HalfZero);
    enter(&mut t, 2, 2, BoardResult::ZeroHalf);
    enter(&mut t, 2, 3, BoardResult::ZeroZero);
    enter(&mut t, 2, 4, BoardResult::Adjourned);
    t.event.scoring.adjourned = Some(Points::ZERO);
    assert_eq!(t.check(), Ok(()));
    t
}

#[test]
fn every_result_state_round_trips_through_trf_and_the_native_file() {
    let t = every_state();
    let boards: Vec<BoardResult> = t.boards(2).iter().map(|b| b.result).collect();
    assert_eq!(
        boards[..4],
        [
            BoardResult::HalfZero,
            BoardResult::ZeroHalf,
            BoardResult::ZeroZero,
            BoardResult::Adjourned
        ]
    );

    let text = trf::write(&t, Dialect::Trf26).expect("fits");
    assert!(text.contains(" X 0.0"), "the 162 X value:\n{text}");
    let adjourned_entries = text.lines().filter(|l| l.contains(" ?")).count();
    assert_eq!(adjourned_entries, 2, "both players' entries:\n{text}");
    let again = trf::read(text.as_bytes(), "again.trf").expect("TRF-2026 reads back");
    assert_eq!(again, t, "TRF-2026:\n{text}");

    let text = native::to_string(&t).expect("serialises");
    assert_eq!(
        native::from_str(&text, "again.sarb").expect("reads back"),
        t
    );

    // TRF-16 has no `?` and no `X`: the adjourned game is written drawn, and said so.
    let text = trf::write(&t, Dialect::Trf16).expect("fits");
    assert!(!text.contains(" ?"), "{text}");
    let again = trf::read(text.as_bytes(), "again.trf").expect("TRF-16 reads back");
    assert_eq!(common::trf16_view(&again), common::trf16_view(&t));
    assert!(again.adjourned_games().is_empty());
    let game = t.adjourned_games()[0];
    let dropped = trf::dropped_by_trf(&t, Dialect::Trf16);
    assert!(
        dropped
            .iter()
            .any(|d| d.contains("adjourned") && d.contains(&game.to_string())),
        "{dropped:?}"
    );
    assert!(
        trf::dropped_by_trf(&t, Dialect::Trf26)
            .iter()
            .all(|d| !d.contains("adjourned"))
    );
}

/// An old native file (no `adjourned` field, no `X` value) reads unchanged: the fields are
/// written only when set.
#[test]
fn files_without_the_new_states_are_written_as_before() {
    let t = mastering();
    let text = native::to_string(&t).expect("serialises");
    assert!(!text.contains("adjourned"), "{text}");
    let t = every_state();
    let text = native::to_string(&t).expect("serialises");
    assert!(text.contains("adjourned: true") && text.contains("adjourned: Some(\"0.0\")"));
}

/// C.04.2 3.1: an adjourned game is a draw for the pairing, whatever the adjourned value
/// (`X` 0 here): the history the engines see and the pairing are those of the event with
/// the game drawn, under Dutch 2026 and Burstein, from the library and the command line.
#[test]
fn pairing_with_an_adjourned_game_is_pairing_it_drawn() {
    let mut adjourned = mastering();
    adjourned.event.scoring.adjourned = Some(Points::ZERO);
    let mut drawn = adjourned.clone();
    let players = enter(&mut adjourned, 2, 1, BoardResult::Adjourned);
    assert_eq!(enter(&mut drawn, 2, 1, BoardResult::Draw), players);
    let white = |t: &Tournament| t.player(players.0).map(|p| t.score(p));
    assert_ne!(white(&adjourned), white(&drawn), "X differs from a draw");
    let history = |t: &Tournament| {
        PairingRequest::recorded(t, SystemId::Dutch2026, 3)
            .history()
            .clone()
    };
    assert_eq!(history(&adjourned), history(&drawn));
    for system in [SystemId::Dutch2026, SystemId::Burstein] {
        let pair = |t: &Tournament| {
            let request = PairingRequest::new(t, system, None).expect("round 3 may be paired");
            common::white_black(&request.pair().expect("pairs"))
        };
        assert_eq!(pair(&adjourned), pair(&drawn), "{system:?}");
        let cli = |t: &Tournament, name: &str| {
            let o = run(&["pair", "--system", system.cli_name(), &saved(t, name)]);
            assert!(o.status.success(), "{}", stderr(&o));
            o.stdout
        };
        assert_eq!(
            cli(&adjourned, "adjourned.sarb"),
            cli(&drawn, "drawn.sarb"),
            "{system:?} on the command line"
        );
    }
}

/// Q159-160: `pair --adjourn-missing` marks each game without a result adjourned, one
/// warning each, and pairs as if they were drawn; without it the round is refused.
#[test]
fn pair_adjourns_missing_results_on_request() {
    let mut t = mastering();
    let next = t.next_round();
    PairingRequest::new(&t, SystemId::Dutch2026, None)
        .expect("pairable")
        .pair()
        .expect("pairs")
        .record_into(&mut t);
    t.set_published(next, true).expect("paired");
    let boards = t.boards(next);
    let mut drawn = t.clone();
    for b in &boards {
        drawn
            .set_board_result(next, b.white, b.black, BoardResult::Draw)
            .expect("board");
    }
    let file = saved(&t, "missing.sarb");
    let refused = run(&["pair", "--system", "dutch", &file]);
    assert_eq!(refused.status.code(), Some(3), "{}", stderr(&refused));
    let o = run(&["pair", "--system", "dutch", "--adjourn-missing", &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let warnings: Vec<String> = stderr(&o)
        .lines()
        .filter(|l| l.contains("marked adjourned"))
        .map(String::from)
        .collect();
    assert_eq!(warnings.len(), boards.len(), "{}", stderr(&o));
    for (number, (b, line)) in (1..).zip(boards.iter().zip(&warnings)) {
        let named = format!("round {next}, board {number} ({}-{})", b.white, b.black);
        assert!(line.contains(&named), "{line}");
    }
    let expected = run(&[
        "pair",
        "--system",
        "dutch",
        &saved(&drawn, "drawn-all.sarb"),
    ]);
    assert_eq!(
        o.stdout, expected.stdout,
        "as if every missing game were drawn"
    );
    let unchanged = native::load(std::path::Path::new(&file)).expect("loads");
    assert_eq!(unchanged, t, "the file is not changed");
}

/// Q161, Q169: no rating report and no final standings while an adjourned game remains,
/// naming round and board; standings before the last round show it counted at the `X`
/// value, noted.
#[test]
fn report_and_final_standings_refuse_while_a_game_is_adjourned() {
    let mut t = four_rounds();
    t.event.rounds = Some(4);
    let (white, black) = enter(&mut t, 3, 2, BoardResult::Adjourned);
    let named = format!("round 3, board 2 ({white}-{black})");
    let file = saved(&t, "final.sarb");

    let o = run(&["report", &file]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "round 3 has an adjourned game on board 2 ({white}-{black})"
        )),
        "{}",
        stderr(&o)
    );
    assert!(o.stdout.is_empty());
    let o = run(&["standings", &file]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "{named} is adjourned: no final standings while an adjourned game remains"
        )),
        "{}",
        stderr(&o)
    );
    let pdf = temp("final.pdf").display().to_string();
    let o = run(&["print", "--doc", "standings", &file, "-o", &pdf]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains(&named), "{}", stderr(&o));

    // Provisional: the event has rounds to go; the game counts the X value (a draw's
    // here, 1 in 3-1-0), noted.
    t.event.rounds = Some(9);
    let o = run(&[
        "standings",
        "--format",
        "json",
        &saved(&t, "provisional.sarb"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let notes = json["notes"].to_string();
    assert!(
        notes.contains(&named) && notes.contains("adjourned"),
        "{notes}"
    );
    for id in [white, black] {
        let p = t.player(id).expect("player");
        let before = t.score_after(p, 2);
        let fourth = t.event.scoring.points(p.outcome(4));
        assert_eq!(t.score(p), before + Points::ONE + fourth);
    }

    // Given its result, the game blocks nothing.
    t.event.rounds = Some(4);
    t.set_board_result(3, white, black, BoardResult::WhiteWins)
        .expect("board");
    let o = run(&["report", &saved(&t, "resolved.sarb")]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// B.02: an adjourned game is not rated until it has a result; a game scored ½-0 is rated
/// for each player on his own result.
#[test]
fn ratings_leave_out_adjourned_games_and_rate_each_side_of_an_unusual_score() {
    let t = every_state();
    let ratings = rating::event_ratings(&t);
    let of = |id: u32| ratings.iter().find(|r| r.id == id).expect("player");
    let boards = t.boards(2);
    let adjourned = boards[3];
    for id in [adjourned.white, adjourned.black] {
        assert!(
            of(id)
                .excluded
                .iter()
                .any(|g| g.round == 2 && g.why == Exclusion::Adjourned),
            "player {id}"
        );
        assert!(of(id).games.iter().all(|g| g.round != 2));
    }
    let half_zero = boards[0];
    let score = |id: u32| of(id).games.iter().find(|g| g.round == 2).map(|g| g.score);
    assert_eq!(score(half_zero.white), Some(50));
    assert_eq!(score(half_zero.black), Some(0));
    let zero_zero = boards[2];
    assert_eq!(
        (score(zero_zero.white), score(zero_zero.black)),
        (Some(0), Some(0))
    );
}

/// The final team standings of a team event are refused too while a board is adjourned;
/// an adjourned board of an earlier round does not stop them.
#[test]
fn final_team_standings_refuse_while_a_board_is_adjourned() {
    use swiss_arbiter::standings::event_team_standings;
    let mut t =
        trf::read_file(&common::fixtures_dir().join("fide-team/typea-20teams-6rounds-3boards.trf"))
            .expect("fixture reads");
    t.event.rounds = Some(6);
    let standings_ok = |t: &Tournament| event_team_standings(t, None).expect("teams").is_ok();
    assert!(standings_ok(&t));
    let (white, black) = enter(&mut t, 6, 2, BoardResult::Adjourned);
    let refused = event_team_standings(&t, None)
        .expect("teams")
        .expect_err("refused");
    assert!(
        refused.contains(&format!("round 6, board 2 ({white}-{black}) is adjourned")),
        "{refused}"
    );
    t.event.rounds = Some(7);
    assert!(standings_ok(&t), "provisional");
}
