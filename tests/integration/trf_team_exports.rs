//! Team exports from the wild (issue 56): Swiss-Manager's `0000 - -` on a board won by
//! default, FIDE's TRF-2025 team sample adapted to TRF-2026 (`250` in match points only,
//! `299` abnormal points, `240` team byes), and the value of the teams' pairing-allocated
//! bye taken from the file's own team totals.

use std::path::Path;

use swiss_arbiter::formats::native;
use swiss_arbiter::formats::trf::{self, Dialect};
use swiss_arbiter::standings::{DEFAULT_TEAM_TIEBREAKS, Rules, team_standings};
use swiss_arbiter::tournament::{ByeKind, Outcome, Points, Tournament};

use crate::common::fixtures_dir;

/// A `001` line: name in 15-47, points in 81-84, rank in 86-89, round 1 from 92.
fn player(id: u32, points: &str, entries: &[&str]) -> String {
    let name = format!("Player {id}");
    format!(
        "001 {id:>4}      {name:<33}{:33}{points:>4} {id:>4}  {}",
        "",
        entries.join("  ")
    )
}

/// A `013` record: the name in 5-36, the players from 37 every 5 columns.
fn team(name: &str, players: &[u32]) -> String {
    let players: Vec<String> = players.iter().map(|p| format!("{p:>4}")).collect();
    format!("013 {name:<32}{}", players.join(" "))
}

/// Four teams of two boards in Swiss-Manager's way: in round 1 team D has nobody for
/// board 2, so C's player 6 wins it by default, written `0000 - -` with the point in his
/// points column; D's player 8 sat out, also `0000 - -`, without a point.
fn empty_board_event(six: &str) -> String {
    [
        "012 Team league with an empty board".to_string(),
        player(1, "1.5", &["   3 w 1", "   5 w ="]),
        player(2, "1.5", &["   4 b =", "   6 b 1"]),
        player(3, "0.5", &["   1 b 0", "   7 w ="]),
        player(4, "0.5", &["   2 w =", "   8 b 0"]),
        player(5, "0.5", &["   7 w 0", "   1 b ="]),
        player(6, six, &["0000 - -", "   2 w 0"]),
        player(7, "1.5", &["   5 b 1", "   3 b ="]),
        player(8, "1.0", &["0000 - -", "   4 w 1"]),
        team("A", &[1, 2]),
        team("B", &[3, 4]),
        team("C", &[5, 6]),
        team("D", &[7, 8]),
    ]
    .join("\n")
}

#[test]
fn a_board_won_by_default_written_0000_dash_dash_counts_where_the_points_column_says() {
    let (t, reading) = trf::read_reporting(empty_board_event("1.0").as_bytes(), "league.trf")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(t.is_team_event());
    let six = t.player(6).expect("player 6");
    let eight = t.player(8).expect("player 8");
    assert_eq!(
        *six.outcome(1),
        Outcome::Bye(ByeKind::Full),
        "board won by default"
    );
    assert_eq!(
        *eight.outcome(1),
        Outcome::Bye(ByeKind::Zero),
        "absence kept"
    );
    // Every player's points column is his results' sum.
    for line in empty_board_event("1.0")
        .lines()
        .filter(|l| l.starts_with("001"))
    {
        let id: u32 = line[4..8].trim().parse().expect("id");
        let points: Points = line[80..84].trim().parse().expect("points");
        assert_eq!(
            t.score(t.player(id).expect("player")),
            points,
            "player {id}"
        );
    }
    let warned: Vec<&String> = reading
        .warnings
        .iter()
        .filter(|w| w.contains("`0000 - -` read as a board won by default"))
        .collect();
    assert_eq!(warned.len(), 1, "{:?}", reading.warnings);
    assert!(warned[0].starts_with("line 7:"), "{}", warned[0]);
    // Team C's round 1: a game lost and a board won, 1 - 1 against D.
    let rows = team_standings(
        &t,
        2,
        &DEFAULT_TEAM_TIEBREAKS,
        Rules::for_event(&t.event).edition,
    );
    let c = rows.iter().find(|r| r.team == 3).expect("team C");
    assert_eq!(c.game_points, Points::from_tenths(15));
    // Written back and read again, the board stays won.
    let text = trf::write(&t, Dialect::Trf26).expect("fits");
    let again = trf::read(text.as_bytes(), "again.trf").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        again.player(6).map(|p| p.results.clone()),
        Some(six.results.clone())
    );
}

#[test]
fn a_0000_dash_dash_the_points_column_does_not_count_stays_an_absence() {
    let t = trf::read(empty_board_event("0.0").as_bytes(), "league.trf")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        *t.player(6).expect("6").outcome(1),
        Outcome::Bye(ByeKind::Zero)
    );
    // A points column no reading explains is still refused.
    let err = trf::read(empty_board_event("0.5").as_bytes(), "league.trf").expect_err("refused");
    assert!(err.to_string().contains("points column"), "{err}");
}

fn sample_path() -> std::path::PathBuf {
    fixtures_dir().join("real-world/team-fide-trf2025-sample-trf26.trf")
}

/// The `310` totals (match points in 55-60, game points in 62-67) by team number.
fn totals_310(text: &str) -> Vec<(u32, Points, Points)> {
    text.lines()
        .filter(|l| l.starts_with("310"))
        .map(|l| {
            let field = |a: usize, b: usize| l[a - 1..b].trim().to_string();
            (
                field(5, 7).parse().expect("team"),
                field(55, 60).parse().expect("match points"),
                field(62, 67).parse().expect("game points"),
            )
        })
        .collect()
}

#[test]
fn fides_team_sample_keeps_its_acceleration_abnormal_points_and_team_byes() {
    let (t, reading) = trf::read_file_reporting(&sample_path()).unwrap_or_else(|e| panic!("{e}"));
    assert!(t.is_team_event());
    let e = &t.event;
    // 250 in match points only.
    assert_eq!(e.acceleration.virtual_points.len(), 4);
    assert!(
        e.acceleration
            .virtual_points
            .iter()
            .all(|v| v.match_points.is_some() && v.points == Points::ZERO)
    );
    // 299: one result set for team 1 in round 1, one value without a round.
    assert_eq!(e.abnormal_points.len(), 2);
    assert_eq!(
        (e.abnormal_points[0].kind, e.abnormal_points[0].round),
        ('+', Some(1))
    );
    assert_eq!(e.abnormal_points[0].ids, vec![1]);
    assert_eq!(e.abnormal_points[1].round, None);
    // 240: team 3's full-point bye in round 1, team 39's half-point byes.
    let georgia = t.team(3).expect("team 3");
    assert!(
        georgia.players.iter().all(
            |&p| !matches!(t.player(p).map(|p| p.outcome(1)), Some(o) if o.opponent().is_some())
        )
    );
    // 22 teams named on the 240 F and H lines; team 50 also has the round 3 PAB (320),
    // which is kept, and said.
    let byes: usize = t.teams.iter().map(|x| count_byes(&t, x.id)).sum();
    assert_eq!(byes, 21);
    assert!(
        reading
            .warnings
            .iter()
            .any(|w| w.contains("team 50 has the pairing-allocated bye of round 3")),
        "{:?}",
        reading.warnings
    );
    assert_eq!(
        t.team(3).map(|x| x.requested_byes.clone()),
        Some(vec![(1, ByeKind::Full)])
    );
}

fn count_byes(t: &Tournament, team: u32) -> usize {
    let rows = t.team_rounds();
    let index = t.teams.iter().position(|x| x.id == team).expect("team");
    rows.outcomes[index]
        .iter()
        .filter(|o| matches!(o, swiss_arbiter::tournament::TeamOutcome::Bye { .. }))
        .count()
}

/// Every team's match and game points in the standings after the last round.
fn team_points(t: &Tournament) -> Vec<(u32, Points, Points)> {
    let rounds = t.rounds_recorded();
    let mut rows: Vec<(u32, Points, Points)> = team_standings(
        t,
        rounds,
        &DEFAULT_TEAM_TIEBREAKS,
        Rules::for_event(&t.event).edition,
    )
    .into_iter()
    .map(|r| (r.team, r.match_points, r.game_points))
    .collect();
    rows.sort_unstable_by_key(|r| r.0);
    rows
}

#[test]
fn fides_team_sample_ranks_every_team_on_the_totals_its_file_gives() {
    let text = std::fs::read_to_string(sample_path()).expect("fixture");
    let t = trf::read_file(&sample_path()).unwrap_or_else(|e| panic!("{e}"));
    let mut file = totals_310(&text);
    file.sort_unstable_by_key(|r| r.0);
    assert_eq!(file.len(), 50);
    // The file's totals count what its other records do not say, for a few teams: a
    // match neither team appeared for (`330 --`) as lost by both (this program: a 0 - 0
    // draw), a result set by `299` as not set, and for team 47 the half-point bye of
    // round 3 its `802` line shows and no `240` gives.
    let mut apart: Vec<u32> = vec![47];
    for line in text.lines() {
        if line.starts_with("330 --") {
            apart.push(line[11..14].trim().parse().expect("team"));
            apart.push(line[15..18].trim().parse().expect("team"));
        }
    }
    for a in t.event.abnormal_points.iter().filter(|a| a.round.is_some()) {
        apart.extend(&a.ids);
    }
    assert!(apart.len() <= 7, "{apart:?}");
    let ours = team_points(&t);
    for (row, stated) in ours.iter().zip(&file) {
        if !apart.contains(&row.0) {
            assert_eq!(row, stated, "team {}", row.0);
        }
    }
}

#[test]
fn fides_team_sample_round_trips_through_trf_2026_and_the_native_format() {
    let t = trf::read_file(&sample_path()).unwrap_or_else(|e| panic!("{e}"));
    let text = trf::write(&t, Dialect::Trf26).expect("fits");
    let again = trf::read(text.as_bytes(), "again.trf").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.event.acceleration, t.event.acceleration);
    assert_eq!(again.event.abnormal_points, t.event.abnormal_points);
    assert_eq!(again.teams, t.teams);
    assert_eq!(again.players, t.players);
    assert_eq!(team_points(&again), team_points(&t));

    let dir = std::env::temp_dir().join(format!("trf-team-exports-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("sample.sarb");
    native::save(&t, &file).expect("saved");
    let loaded = native::load(Path::new(&file)).expect("loads");
    assert_eq!(loaded.event, t.event);
    assert_eq!(loaded.teams, t.teams);
    assert_eq!(loaded.players, t.players);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An eleven-team event Gacrux paired with game points first, rewritten as a file that
/// credits every board of the team with the pairing-allocated bye: each of its players
/// has `0000 - U` and a point for it in his points column, and the `310` totals count the
/// bye as a won match with every board won. `bye_value` is what `320` says (columns
/// 5-13; blank: nothing). Returns the text and the totals it gives.
fn credited_bye_event(bye_value: &str) -> (String, Vec<(u32, Points, Points)>) {
    let path = fixtures_dir()
        .join("fide-team/typea-gp-mp-11teams-7rounds-2boards-absent-and-forfeited-teams.trf");
    let original = trf::read_file(&path).unwrap_or_else(|e| panic!("{e}"));
    // The bye as the original file values it: a drawn match, one board's worth of game
    // points.
    let s = &original.event.team_scoring;
    assert_eq!(
        (s.bye_match_points, s.bye_game_points),
        (Some(Points::ONE), Some(Points::ONE))
    );
    let byes: Vec<(u32, u32)> = original
        .teams
        .iter()
        .flat_map(|team| team.pairing_byes.iter().map(move |&r| (team.id, r)))
        .collect();
    assert!(byes.len() >= 3, "{byes:?}");
    let mut totals = team_points(&original);
    for (team, _) in &byes {
        let row = totals.iter_mut().find(|r| r.0 == *team).expect("team");
        row.1 += Points::ONE;
        row.2 += Points::ONE;
    }
    let text = std::fs::read_to_string(&path).expect("fixture");
    let mut out = Vec::new();
    for line in text.lines() {
        let mut chars: Vec<char> = line.chars().collect();
        let put = |chars: &mut Vec<char>, column: usize, text: &str| {
            if chars.len() < column - 1 + text.len() {
                chars.resize(column - 1 + text.len(), ' ');
            }
            for (i, c) in text.chars().enumerate() {
                chars[column - 1 + i] = c;
            }
        };
        if line.starts_with("320") {
            put(&mut chars, 5, &format!("{bye_value:<9}"));
        } else if line.starts_with("310") {
            let id: u32 = line[4..7].trim().parse().expect("team");
            let (_, mp, gp) = totals.iter().find(|r| r.0 == id).expect("totals");
            put(
                &mut chars,
                55,
                &format!("{:>6} {:>6}", mp.to_string(), gp.to_string()),
            );
        } else if line.starts_with("001") {
            let id: u32 = line[4..8].trim().parse().expect("player");
            let team = original.team_of(id).expect("a team's player");
            let rounds: Vec<u32> = byes.iter().filter(|b| b.0 == team).map(|b| b.1).collect();
            if !rounds.is_empty() {
                let points: Points = line[80..84].trim().parse().expect("points");
                let credited = points + Points::whole(rounds.len() as i32);
                put(&mut chars, 81, &format!("{:>4}", credited.to_string()));
                for r in rounds {
                    put(&mut chars, 92 + 10 * (r as usize - 1), "0000 - U");
                }
            }
        }
        out.push(chars.into_iter().collect::<String>().trim_end().to_string());
    }
    (out.join("\n") + "\n", totals)
}

#[test]
fn the_bye_is_worth_what_the_files_team_totals_count_when_the_file_does_not_say() {
    let (text, totals) = credited_bye_event("");
    let (t, reading) =
        trf::read_reporting(text.as_bytes(), "credited.trf").unwrap_or_else(|e| panic!("{e}"));
    let s = &t.event.team_scoring;
    assert_eq!(
        s.bye_match_points,
        Some(Points::whole(2)),
        "{:?}",
        reading.warnings
    );
    assert_eq!(s.bye_game_points, Some(Points::whole(2)));
    // The next round is paired on these scores: the file's totals, team by team.
    assert_eq!(team_points(&t), totals);
    for what in ["2.0 match points", "2.0 game points"] {
        assert!(
            reading
                .warnings
                .iter()
                .any(|w| w.contains(&format!("read as worth {what}"))),
            "{what}: {:?}",
            reading.warnings
        );
    }
    // Written back, the value is the event's and reads back the same.
    let written = trf::write(&t, Dialect::Trf26).expect("fits");
    let again = trf::read(written.as_bytes(), "again.trf").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.event.team_scoring, t.event.team_scoring);
    assert_eq!(team_points(&again), totals);
}

#[test]
fn the_events_own_bye_value_wins_and_totals_that_disagree_are_said() {
    let (text, totals) = credited_bye_event(" 1.0  1.0");
    let (t, reading) =
        trf::read_reporting(text.as_bytes(), "stated.trf").unwrap_or_else(|e| panic!("{e}"));
    let s = &t.event.team_scoring;
    assert_eq!(
        (s.bye_match_points, s.bye_game_points),
        (Some(Points::ONE), Some(Points::ONE))
    );
    assert_ne!(team_points(&t), totals);
    assert!(
        reading.warnings.iter().any(|w| w.contains(
            "count the pairing-allocated bye as 2.0 match points, but the event gives it 1.0"
        )),
        "{:?}",
        reading.warnings
    );
}
