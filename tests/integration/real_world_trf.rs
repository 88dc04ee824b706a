//! Files of real events, as the programs arbiters use wrote them (`tests/fixtures/real-world/`,
//! sources in its README): each opens, is named as the dialect it is in, and the standings
//! give every player the points the file's own points column says.

use std::path::{Path, PathBuf};

use swiss_arbiter::formats::trf::{self, Origin};
use swiss_arbiter::standings::{self, DEFAULT_TEAM_TIEBREAKS, Options, Rules, team_standings};
use swiss_arbiter::tournament::Points;

/// The dialect each fixture must be read as (a name starting `team-` is a team event).
const EXPECTED: &[(&str, Origin)] = &[
    ("cppdubovsystem-crlf-plus-byes.trf", Origin::CppDubovSystem),
    ("javafo-rtg-forfeits.trf", Origin::JaVaFo),
    ("krause-dash-half-byes-plus-bye.trf", Origin::Krause),
    ("krause-dash-half-byes.trf", Origin::Krause),
    ("lichess-swiss-export-21-rounds.trf", Origin::Lichess),
    ("lichess-swiss-export-black1.trf", Origin::Lichess),
    ("lichess-swiss-export-late-and-absent.trf", Origin::Lichess),
    ("sharly-chess-trf26-bye-records.trf", Origin::Trf26),
    (
        "swiss-manager-latin1-crlf-blank-bye.trf",
        Origin::SwissManager,
    ),
    ("swiss-manager-latin1-crlf.trf", Origin::SwissManager),
    ("swiss-manager-ruler-utf8-bom.trf", Origin::SwissManager),
    ("team-fide-trf2025-sample-trf26.trf", Origin::Trf26),
    ("team-sharly-chess-trf26.trf", Origin::Trf26),
    ("team-swiss-manager-league-013.trf", Origin::SwissManager),
    ("trf06-title-letters-colourless-forfeit.trf", Origin::Krause),
];

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/real-world")
}

/// The points column (columns 81-84) of every `001` line, by starting rank, read apart
/// from the reader (a byte that is not UTF-8 stands for one character, as it does there).
fn points_column(bytes: &[u8]) -> Vec<(u32, Points)> {
    let text = String::from_utf8_lossy(bytes);
    text.split(['\r', '\n'])
        .map(|line| line.trim_start_matches('\u{feff}'))
        .filter(|line| line.starts_with("001"))
        .filter_map(|line| {
            let chars: Vec<char> = line.chars().collect();
            let field = |from: usize, to: usize| -> String {
                chars[from - 1..to.min(chars.len())].iter().collect()
            };
            let id = field(5, 8).trim().parse().ok()?;
            let points = field(81, 84).trim().parse().ok()?;
            Some((id, points))
        })
        .collect()
}

#[test]
fn every_real_world_file_is_in_the_table() {
    let mut found: Vec<String> = std::fs::read_dir(folder())
        .expect("tests/fixtures/real-world")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".trf"))
        .collect();
    found.sort();
    let listed: Vec<&str> = EXPECTED.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        found, listed,
        "each fixture needs its expected dialect here"
    );
    let programs: std::collections::HashSet<_> = EXPECTED.iter().map(|e| e.1).collect();
    assert!(EXPECTED.len() >= 10);
    assert!(programs.len() >= 4);
}

#[test]
fn real_world_files_open_as_their_dialect_with_their_own_points() {
    for &(name, origin) in EXPECTED {
        let path = folder().join(name);
        let bytes = std::fs::read(&path).expect("fixture");
        let (t, reading) = trf::read_reporting(&bytes, name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            reading.recognised.origin,
            origin,
            "{name}: {}",
            reading.summary()
        );
        assert!(
            reading
                .summary()
                .starts_with(&format!("read as {origin} ("))
        );

        assert_eq!(
            t.is_team_event(),
            name.starts_with("team-"),
            "{name}: a team event exactly when named so"
        );
        if t.is_team_event() {
            let rows = team_standings(
                &t,
                standings::default_round(&t),
                &DEFAULT_TEAM_TIEBREAKS,
                Rules::for_event(&t.event).edition,
            );
            assert_eq!(rows.len(), t.teams.len(), "{name}: every team is ranked");
        }

        let column = points_column(&bytes);
        assert_eq!(
            column.len(),
            t.players.len(),
            "{name}: every player has a points column"
        );
        let complete = standings::default_round(&t);
        if complete < t.rounds_recorded() {
            // A round still being played has no standings: its scores are the players'
            // totals so far, as the points column counts them.
            println!("{name}: round {} is still being played", complete + 1);
            for (id, points) in column {
                let player = t
                    .player(id)
                    .unwrap_or_else(|| panic!("{name}: player {id}"));
                assert_eq!(t.score(player), points, "{name}: player {id}");
            }
            continue;
        }
        // The standings after every round the file records, as the points column counts.
        let options = Options {
            tiebreaks: standings::default_tiebreaks(),
            round: Some(complete),
            rules: Rules::for_event(&t.event),
        };
        let s = standings::compute(&t, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (id, points) in column {
            let row = s.rows.iter().find(|r| r.id == id);
            let row = row.unwrap_or_else(|| panic!("{name}: player {id} is ranked"));
            assert_eq!(row.points, points, "{name}: player {id}");
        }
    }
}

#[test]
fn real_world_files_read_back_as_they_were_read() {
    // Reading the file this program writes gives the same event: whatever the dialect
    // meant is kept in the program's own terms.
    for &(name, _) in EXPECTED {
        let t = trf::read_file(&folder().join(name)).unwrap_or_else(|e| panic!("{e}"));
        let text = trf::write(&t, trf::Dialect::Trf26).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let again = trf::read(text.as_bytes(), name).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (a, b) in t.players.iter().zip(&again.players) {
            assert_eq!(a.results, b.results, "{name}: player {}", a.id);
        }
        assert_eq!(t.teams, again.teams, "{name}: teams, rosters and line-ups");
        assert_eq!(t.event.team_scoring, again.event.team_scoring, "{name}");
    }
}
