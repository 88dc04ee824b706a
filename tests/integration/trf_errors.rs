//! Malformed TRF input gives an error naming file, line, column and what was expected;
//! never a panic.

use swiss_arbiter::formats::trf;

const GOOD: &str = "\
012 Test
001    1      Alpha, A                          2200                             1.0    1     2 w 1
001    2      Beta, B                           2100                             0.0    2     1 b 0
";

fn error_of(text: &str) -> String {
    match trf::read(text.as_bytes(), "event.trf") {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn good_input_reads() {
    let t = trf::read(GOOD.as_bytes(), "event.trf").expect("valid");
    assert_eq!(t.players.len(), 2);
}

#[test]
fn truncated_round_entry() {
    let text = GOOD.replace("     2 w 1\n", "     2\n");
    let e = error_of(&text);
    assert_eq!(
        e,
        "event.trf:2:97: expected colour w or b for a game against 2, found ' '"
    );
}

#[test]
fn bad_rating_column() {
    let text = GOOD.replace("2200", "22x0");
    assert_eq!(
        error_of(&text),
        "event.trf:2:49: expected a rating (0-9999) in columns 49-52, found \"22x0\""
    );
}

#[test]
fn unknown_result_code() {
    let text = GOOD.replace("2 w 1", "2 w 7");
    assert_eq!(
        error_of(&text),
        "event.trf:2:99: expected a result 1, =, 0, +, -, W, D, L or ? (adjourned) for a game against 2, found '7'"
    );
}

/// `?` is an adjourned game (TRF-2026), worth the `162` `X` value (by default a draw's);
/// on both sides only.
#[test]
fn adjourned_result_code() {
    let text = GOOD
        .replace("2 w 1", "2 w ?")
        .replace("1 b 0", "1 b ?")
        .replace("1.0    1", "0.5    1")
        .replace("0.0    2", "0.5    2");
    let t = trf::read(text.as_bytes(), "event.trf").expect("? reads");
    assert!(t.players.iter().all(|p| p.outcome(1).is_adjourned()));
    assert_eq!(t.adjourned_games().len(), 1);
    let one_side = GOOD
        .replace("2 w 1", "2 w ?")
        .replace("1.0    1", "0.5    1");
    assert!(error_of(&one_side).contains("one has the game adjourned, the other a result"));
}

#[test]
fn duplicate_pairing_number() {
    let text = format!("{GOOD}001    2      Copy, B                           2100\n");
    assert_eq!(
        error_of(&text),
        "event.trf:4:5: starting rank 2 is used twice (first on line 3)"
    );
}

#[test]
fn opponent_that_does_not_point_back() {
    let text = format!(
        "{GOOD}001    3      Gamma, C                          2000                             0.0    3     1 b 0\n"
    );
    let e = error_of(&text);
    assert_eq!(
        e,
        "event.trf:4:92: player 3, round 1: opponent 1 does not record this game the same way (the opponent's entry names 2)"
    );
}

/// Results that neither mirror each other nor make one of the unusual scores ½-0, 0-½,
/// 0-0 (VCL.13) are refused, named; those scores read, each player with his own points.
#[test]
fn results_that_do_not_mirror() {
    let with = |white: char, black: char, points: (&str, &str)| {
        GOOD.replace("2 w 1", &format!("2 w {white}"))
            .replace("1 b 0", &format!("1 b {black}"))
            .replace("1.0    1", &format!("{}    1", points.0))
            .replace("0.0    2", &format!("{}    2", points.1))
    };
    for (white, black, points, named) in [
        ('1', '1', ("1.0", "1.0"), "results Win and Win"),
        ('1', '=', ("1.0", "0.5"), "results Win and Draw"),
        ('=', '1', ("0.5", "1.0"), "results Draw and Win"),
        ('0', '1', ("0.0", "1.0"), ""),
    ] {
        let text = with(white, black, points);
        if named.is_empty() {
            assert!(trf::read(text.as_bytes(), "event.trf").is_ok(), "{text}");
        } else {
            assert!(error_of(&text).contains(named), "{white}/{black}");
        }
    }
    for (white, black, points) in [
        ('=', '0', ("0.5", "0.0")),
        ('0', '=', ("0.0", "0.5")),
        ('0', '0', ("0.0", "0.0")),
    ] {
        let text = with(white, black, points);
        let t = trf::read(text.as_bytes(), "event.trf")
            .unwrap_or_else(|e| panic!("{white}/{black} reads: {e}"));
        let score = |i: usize| t.score(&t.players[i]).to_string();
        assert_eq!((score(0), score(1)), (points.0.into(), points.1.into()));
    }
}

#[test]
fn points_that_do_not_add_up() {
    let text = GOOD.replace("1.0    1", "1.5    1");
    let e = error_of(&text);
    assert!(
        e.starts_with(
            "event.trf:2:81: player 1: the points column says 1.5, but the results add up to 1.0"
        ),
        "{e}"
    );
}

#[test]
fn bye_for_the_round_about_to_be_paired_may_be_counted_or_not() {
    for points in ["1.5", "1.0"] {
        let text = GOOD.replace(
            "1.0    1     2 w 1",
            &format!("{points}    1     2 w 1  0000 - H"),
        );
        let t = trf::read(text.as_bytes(), "event.trf").unwrap_or_else(|e| panic!("{points}: {e}"));
        assert_eq!(t.next_round(), 2);
    }
}

#[test]
fn bye_code_with_an_opponent() {
    let text = GOOD.replace("2 w 1", "2 w U");
    assert!(error_of(&text).contains("found 'U'"));
}

#[test]
fn team_records_that_contradict_the_games_are_refused_clearly() {
    let one_team = format!("{GOOD}013 {:<32}{:>4} {:>4}\n", "Team A", 1, 2);
    assert_eq!(
        error_of(&one_team),
        "event.trf:2:92: team 1, round 1: player 1 meets a player of his own team"
    );
    let unknown = format!("{GOOD}013 {:<32}{:>4} {:>4}\n", "Team A", 1, 3);
    assert_eq!(
        error_of(&unknown),
        "event.trf:4:5: team \"Team A\" names player 3, who has no player record (001)"
    );
    let bad_id = format!("{GOOD}310  x  Team A\n");
    assert_eq!(
        error_of(&bad_id),
        "event.trf:4:5: expected the team's pairing number, found \"x\""
    );
    let no_team = format!("{GOOD}320  1.0  2.0    1\n");
    assert!(error_of(&no_team).contains("the file names no team"));
    let forfeited = format!("{GOOD}330 +-   1   1   2\n");
    assert!(error_of(&forfeited).contains("330, 352 and 362 are for team events"));
}

#[test]
fn two_teams_read_as_one_match_per_round() {
    let text = format!(
        "{GOOD}013 {:<32}{:>4}\n013 {:<32}{:>4}\n",
        "Team A", 1, "Team B", 2
    );
    let t = trf::read(text.as_bytes(), "event.trf").expect("reads");
    assert_eq!(t.teams.len(), 2);
    assert_eq!(t.team_of(2), Some(2));
}

#[test]
fn bad_scoring_record() {
    let text = format!("162  W 3.0    Q 1.0\n{GOOD}");
    assert_eq!(
        error_of(&text),
        "event.trf:1:15: expected a scoring symbol W, D, L, A, P or X, found \"Q\""
    );
}

#[test]
fn no_players() {
    assert_eq!(
        error_of("012 Empty\n"),
        "event.trf:1:1: expected at least one player record (001)"
    );
}

#[test]
fn missing_file_is_reported() {
    let e = trf::read_file(std::path::Path::new("/nonexistent/event.trf")).expect_err("missing");
    assert!(
        e.to_string()
            .starts_with("/nonexistent/event.trf:0:0: cannot read the file"),
        "{e}"
    );
}

#[test]
fn scoring_values_of_ten_points_or_more_fill_their_columns() {
    let text = format!(
        "162  W10.0    D 5.0\n{}",
        GOOD.replace("1.0    1", "10.0   1")
    );
    let t = trf::read(text.as_bytes(), "event.trf").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.event.scoring.win.to_string(), "10.0");
    assert_eq!(t.event.scoring.draw.to_string(), "5.0");
}
