//! TRF-2026 record `330` (a team match forfeited as a whole) and the informative team
//! records `801`/`802`: every forfeited match is written as a `330` and reads back the same,
//! a `330` alone records the match's boards, a `330` the games contradict is refused with
//! its line, and `801`/`802` are named when they are not kept.

use std::path::Path;

use swiss_arbiter::formats::trf::{self, Dialect};
use swiss_arbiter::tournament::{BoardResult, Points, Tournament};

use crate::common::{fixtures_dir, trf_files};

/// A team event's file name, the event and its TRF-2026 text.
fn written(path: &Path) -> (String, Tournament, String) {
    let t = trf::read_file(path).unwrap_or_else(|e| panic!("{e}"));
    let text = trf::write(&t, Dialect::Trf26).expect("fits");
    (path.display().to_string(), t, text)
}

/// Every team fixture, written.
fn team_events() -> Vec<(String, Tournament, String)> {
    trf_files(&fixtures_dir().join("fide-team"))
        .iter()
        .map(|p| written(p))
        .collect()
}

/// A played team event and its TRF-2026 text.
fn sample() -> (Tournament, String) {
    let (_, t, text) = written(&fixtures_dir().join("fide-team/typeb-13teams-9rounds-4boards.trf"));
    (t, text)
}

/// The `330` lines a tournament should get, worked out from its boards here: a match all
/// of whose boards are forfeits and in which not both teams scored.
fn forfeited_matches(t: &Tournament) -> Vec<String> {
    let mut out = Vec::new();
    for round in 1..=t.rounds_recorded() {
        let boards = t.boards(round);
        for m in t.team_matches(round) {
            let forfeits = boards[m.boards.clone()].iter().all(|b| {
                matches!(
                    b.result,
                    BoardResult::WhiteForfeitWin
                        | BoardResult::BlackForfeitWin
                        | BoardResult::DoubleForfeit
                )
            });
            let code = match (
                m.game_points.0 > Points::ZERO,
                m.game_points.1 > Points::ZERO,
            ) {
                _ if !forfeits => continue,
                (true, true) => continue,
                (true, false) => "+-",
                (false, true) => "-+",
                (false, false) => "--",
            };
            out.push(format!(
                "330 {code} {round:>3} {:>3} {:>3}",
                m.white, m.black
            ));
        }
    }
    out
}

#[test]
fn every_forfeited_match_is_written_as_330_and_reads_back_the_same() {
    let mut written = 0;
    for (name, t, text) in team_events() {
        let lines: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("330"))
            .map(str::to_string)
            .collect();
        assert_eq!(lines, forfeited_matches(&t), "{name}");
        written += lines.len();
        let again = trf::read(text.as_bytes(), &name).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again, t, "{name}: read back");
        let text16 = trf::write(&t, Dialect::Trf16).expect("fits");
        assert!(
            !text16.lines().any(|l| l.starts_with("330")),
            "{name}: TRF-16 has no 330"
        );
    }
    assert!(
        written >= 10,
        "the fixtures hold forfeited matches; found {written}"
    );
}

/// Blanks round `round` (columns 92–99 + 10 (r - 1)) of the given players' lines.
fn blank_round(text: &str, round: u32, players: &[u32]) -> String {
    let from = 91 + 10 * (round as usize - 1);
    text.lines()
        .map(|line| {
            let id: Option<u32> = line
                .starts_with("001")
                .then(|| line.get(4..8).and_then(|s| s.trim().parse().ok()))
                .flatten();
            match id {
                Some(id) if players.contains(&id) && line.len() >= from + 8 => {
                    format!("{}{}{}", &line[..from], " ".repeat(8), &line[from + 8..])
                }
                _ => line.to_string(),
            }
        })
        .map(|l| l.trim_end().to_string() + "\n")
        .collect()
}

#[test]
fn a_330_alone_records_the_forfeited_match_on_the_boards() {
    let mut rebuilt = 0;
    for (name, t, text) in team_events() {
        let forfeited = forfeited_matches(&t);
        for round in 1..=t.rounds_recorded() {
            let boards = t.boards(round);
            for m in t.team_matches(round) {
                let players: Vec<u32> = boards[m.boards.clone()]
                    .iter()
                    .flat_map(|b| [b.white, b.black])
                    .collect();
                if !forfeited.iter().any(|l| {
                    l[7..10].trim() == round.to_string() && l[11..14].trim() == m.white.to_string()
                }) {
                    continue;
                }
                // The boards in roster order are what a lone 330 rebuilds.
                let in_roster_order = |team: u32| {
                    let on_boards: Vec<u32> = boards[m.boards.clone()]
                        .iter()
                        .map(|b| {
                            if t.team_of(b.white) == Some(team) {
                                b.white
                            } else {
                                b.black
                            }
                        })
                        .collect();
                    let roster = &t.team(team).expect("team").players;
                    roster.len() >= on_boards.len() && roster[..on_boards.len()] == on_boards[..]
                };
                if !in_roster_order(m.white) || !in_roster_order(m.black) {
                    continue;
                }
                let stripped = blank_round(&text, round, &players);
                let (again, reading) = trf::read_reporting(stripped.as_bytes(), &name)
                    .unwrap_or_else(|e| panic!("{name} round {round}: {e}\n{stripped}"));
                assert_eq!(again, t, "{name}: round {round} rebuilt from its 330");
                assert!(
                    reading
                        .warnings
                        .iter()
                        .any(|w| w.contains("forfeited as a whole")),
                    "{name}: the rebuilt match is reported: {:?}",
                    reading.warnings
                );
                rebuilt += 1;
            }
        }
    }
    assert!(
        rebuilt >= 3,
        "forfeited matches rebuilt from a 330: {rebuilt}"
    );
}

#[test]
fn a_330_the_games_contradict_is_refused_with_its_line() {
    let (t, text) = sample();
    let lines = text.lines().count() + 1;
    let played = &t.team_matches(1)[0];
    let error = |record: String| {
        let bad = format!("{text}{record}\n");
        trf::read(bad.as_bytes(), "event.trf")
            .expect_err("refused")
            .to_string()
    };
    let said = error(format!(
        "330 +-   1 {:>3} {:>3}",
        played.white, played.black
    ));
    assert!(
        said.starts_with(&format!("event.trf:{lines}:5: record 330 says round 1"))
            && said.ends_with("record it as played"),
        "{said}"
    );
    let other = t
        .teams
        .iter()
        .map(|x| x.id)
        .find(|&id| id != played.white && id != played.black)
        .expect("a third team");
    let said = error(format!("330 +-   1 {:>3} {other:>3}", played.white));
    assert!(
        said.contains("but the players' lines pair them as"),
        "{said}"
    );
    let said = error("330 +-   1   1  99".to_string());
    assert_eq!(
        said,
        format!("event.trf:{lines}:16: record 330: team 99 has no team record (310 or 013)")
    );
    let said = error("330 x-   1   1   2".to_string());
    assert!(
        said.starts_with(&format!("event.trf:{lines}:5: expected the forfeit")),
        "{said}"
    );
}

#[test]
fn informative_team_records_are_named_and_not_kept() {
    let (t, text) = sample();
    let with = format!("{text}801   1 anything at all\n802   1   2 more\n");
    let (again, reading) = trf::read_reporting(with.as_bytes(), "event.trf").expect("reads");
    assert_eq!(again, t);
    let n = text.lines().count();
    assert!(
        reading.warnings.iter().any(|w| w.starts_with(&format!(
            "line(s) {}, {}: informative team records (801, 802) not kept",
            n + 1,
            n + 2
        ))),
        "{:?}",
        reading.warnings
    );
    let written = trf::write(&again, Dialect::Trf26).expect("fits");
    assert!(!written.lines().any(|l| l.starts_with("80")));
}
