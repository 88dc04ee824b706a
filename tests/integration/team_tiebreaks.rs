//! Team tie-breaks (C.07) against FIDE's reference, Gacrux's tie-break checker: for every
//! Swiss Team tournament of `tests/fixtures/team-tiebreaks/` (generated and paired by
//! Gacrux, see the README there), every team and every code, our value equals the
//! checker's (`NAME.expected.csv`), and so does the rank; the direct encounter and its
//! extended form, whose printed values follow another convention, are checked through the
//! ranks they give (`NAME.expected-de.csv`).

use std::path::{Path, PathBuf};

use swiss_arbiter::formats::trf;
use swiss_arbiter::standings::{Edition, TeamRow, TeamTieBreak, team_standings};
use swiss_arbiter::tournament::Tournament;

use crate::common::fixtures_dir;

fn fixtures() -> Vec<PathBuf> {
    let dir = fixtures_dir().join("team-tiebreaks");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    files
}

/// The checker's CSV: the codes after `StartNo,Rank,PTS` and, per team, its rank and
/// values (the primary score first).
struct Expected {
    codes: Vec<String>,
    teams: Vec<(u32, u32, Vec<String>)>,
}

fn expected(path: &Path, suffix: &str) -> Expected {
    let name = path.with_extension(suffix);
    let text = std::fs::read_to_string(&name).unwrap_or_else(|e| panic!("{}: {e}", name.display()));
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    assert_eq!(
        header[..3],
        ["StartNo", "Rank", "PTS"],
        "{}",
        name.display()
    );
    let teams = lines
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            let number = |i: usize| cells[i].parse::<u32>().expect("a number");
            (
                number(0),
                number(1),
                cells[2..].iter().map(|c| c.to_string()).collect(),
            )
        })
        .collect();
    Expected {
        codes: header[3..].iter().map(|c| c.to_string()).collect(),
        teams,
    }
}

/// Our code for one of the checker's (it spells the totals MPTS and GPTS).
fn our_code(code: &str) -> &str {
    match code {
        "MPTS" => "MP",
        "GPTS" => "GP",
        other => other,
    }
}

fn standings(t: &Tournament, codes: &[String]) -> Vec<TeamRow> {
    let tiebreaks: Vec<TeamTieBreak> = codes
        .iter()
        .map(|c| TeamTieBreak::parse(our_code(c)).unwrap_or_else(|| panic!("code {c}")))
        .collect();
    team_standings(
        t,
        t.rounds_recorded(),
        &tiebreaks,
        Edition::in_force_on(&t.event.start_date),
    )
}

/// A printed decimal as (digits without the point, decimals).
fn decimal(text: &str) -> Option<(i128, u32)> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits: i128 = format!("{whole}{fraction}").parse().ok()?;
    Some((digits, fraction.len() as u32))
}

/// The same number, the one printed with more decimals rounded half up to the other's
/// (the checker prints averages to three decimals from nine rounds on, we print two); the
/// checker's `-0` is its "no value" (an average over no played match), our empty cell.
fn same(theirs: &str, ours: &str) -> bool {
    if theirs == "-0" {
        return ours.is_empty();
    }
    let (Some((a, da)), Some((b, db))) = (decimal(theirs), decimal(ours)) else {
        return theirs == ours;
    };
    let round = |n: i128, from: u32, to: u32| {
        let scale = 10i128.pow(from - to);
        (2 * n + n.signum() * scale).div_euclid(2 * scale)
    };
    let to = da.min(db);
    round(a, da, to) == round(b, db, to)
}

/// Every difference between the checker's table and ours, as lines to print.
fn differences(path: &Path, suffix: &str, compare_values: bool) -> Vec<String> {
    let t = trf::read_file(path).unwrap_or_else(|e| panic!("{e}"));
    let want = expected(path, suffix);
    let rows = standings(&t, &want.codes);
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let name = name.unwrap_or_default();
    let mut out = Vec::new();
    assert_eq!(rows.len(), want.teams.len(), "{name}: teams");
    for (team, rank, values) in &want.teams {
        let Some(row) = rows.iter().find(|r| r.team == *team) else {
            out.push(format!("{name}: team {team} missing"));
            continue;
        };
        if row.rank != *rank {
            out.push(format!(
                "{name}: team {team} ranks {} (checker {rank})",
                row.rank
            ));
        }
        if !compare_values {
            continue;
        }
        let primary = match swiss_arbiter::standings::primary_score(&t) {
            swiss_arbiter::standings::TeamScore::Match => row.match_points,
            swiss_arbiter::standings::TeamScore::Game => row.game_points,
        };
        let ours = std::iter::once(primary.to_string())
            .chain(row.tiebreaks.iter().map(ToString::to_string));
        let codes = std::iter::once("PTS").chain(want.codes.iter().map(String::as_str));
        for ((code, theirs), ours) in codes.zip(values).zip(ours) {
            if !same(theirs, &ours) {
                out.push(format!(
                    "{name}: team {team} {code} = {ours} (checker {theirs})"
                ));
            }
        }
    }
    out
}

#[test]
fn every_team_tiebreak_equals_the_checkers_on_every_fixture() {
    let files = fixtures();
    assert!(files.len() >= 5, "{} fixtures", files.len());
    let mut found = Vec::new();
    let mut compared = 0;
    for path in &files {
        found.extend(differences(path, "expected.csv", true));
        compared += expected(path, "expected.csv").codes.len();
    }
    assert!(compared >= 5 * 40, "{compared} code columns");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn direct_encounter_ranks_as_the_checker_does() {
    let mut found = Vec::new();
    for path in &fixtures() {
        found.extend(differences(path, "expected-de.csv", false));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn rounding_and_missing_values_compare_as_numbers() {
    assert!(same("86.444", "86.44"));
    assert!(same("86.445", "86.45"));
    assert!(!same("86.444", "86.45"));
    assert!(same("81.00", "81.00"));
    assert!(same("-0", ""));
    assert!(!same("0", ""));
    assert!(!same("54.0", "52.0"));
}

/// Where we part from the checker, from the rule text: the team pairing-allocated bye is
/// worth a drawn match, half the boards in game points (C.04.6 3.4, TRF-2026 `320`), so
/// it is ½ on every board. C.07 7.1 counts the rounds or games "for which the points of a
/// win were awarded" (`WIN:GP`: none of the bye's boards), and 12.1 (`BC`) weighs the
/// points the team scored on each board (here 1 × ½ + 2 × ½). The checker counts the bye
/// as a win on every board (`WIN:GP` 2, `BC` 3) while its own game points say 1.
/// And on any event: a team never has more board wins than game points.
#[test]
fn the_team_bye_is_half_a_point_on_every_board_not_a_win() {
    use swiss_arbiter::generator::GeneratorConfig;
    use swiss_arbiter::generator::teams::{TeamEvent, generate};
    use swiss_arbiter::tournament::{ScoringSystem, TeamScoring};

    let event = |teams: u32, boards: u32| TeamEvent {
        teams,
        boards,
        reserves: 0,
        scoring: TeamScoring::default(),
    };
    let config = |rounds: u32, seed: u64| GeneratorConfig {
        players: 0,
        rounds,
        planned_rounds: None,
        seed,
        draw_rate: 0.3,
        results: Default::default(),
        forfeit_rate: 0.05,
        bye_rate: 0.0,
        scoring: ScoringSystem::standard(),
        baku: false,
        absences: Default::default(),
    };
    let codes = ["GP".to_string(), "WIN:GP".to_string(), "BC".to_string()];
    let t = generate(&config(1, 1), &event(3, 2)).expect("one round of three teams");
    let bye = (1..=3)
        .find(|&id| t.team(id).is_some_and(|team| team.pairing_byes == [1]))
        .expect("a team has the bye");
    let rows = standings(&t, &codes);
    let row = rows.iter().find(|r| r.team == bye).expect("the bye team");
    let values: Vec<String> = row.tiebreaks.iter().map(ToString::to_string).collect();
    assert_eq!(
        values,
        ["1.0", "0", "1.5"],
        "GP, WIN:GP, BC of the team with the bye"
    );

    for seed in 1..=20 {
        let Ok(t) = generate(&config(7, seed), &event(9, 4)) else {
            continue;
        };
        for row in standings(&t, &codes) {
            let wins: u32 = row.tiebreaks[1].to_string().parse().expect("a count");
            assert!(
                swiss_arbiter::tournament::Points::whole(wins as i32) <= row.game_points,
                "seed {seed}, team {}: {wins} board wins, {} game points",
                row.team,
                row.game_points
            );
        }
    }
}
