//! Files of real events, as the programs arbiters use wrote them (`tests/fixtures/real-world/`,
//! sources in its README): each opens, is named as the dialect it is in, and the standings
//! give every player the points the file's own points column says.

use std::path::{Path, PathBuf};

use swiss_arbiter::formats::trf::{self, Origin};
use swiss_arbiter::standings::{self, Options, Rules};
use swiss_arbiter::tournament::Points;

/// What each fixture is: the dialect it must be read as, or a team event (`None`), which
/// opens once team support lands.
const EXPECTED: &[(&str, Option<Origin>)] = &[
    (
        "cppdubovsystem-crlf-plus-byes.trf",
        Some(Origin::CppDubovSystem),
    ),
    ("javafo-rtg-forfeits.trf", Some(Origin::JaVaFo)),
    ("krause-dash-half-byes-plus-bye.trf", Some(Origin::Krause)),
    ("krause-dash-half-byes.trf", Some(Origin::Krause)),
    ("lichess-swiss-export-21-rounds.trf", Some(Origin::Lichess)),
    ("lichess-swiss-export-black1.trf", Some(Origin::Lichess)),
    (
        "lichess-swiss-export-late-and-absent.trf",
        Some(Origin::Lichess),
    ),
    ("sharly-chess-trf26-bye-records.trf", Some(Origin::Trf26)),
    (
        "swiss-manager-latin1-crlf-blank-bye.trf",
        Some(Origin::SwissManager),
    ),
    ("swiss-manager-latin1-crlf.trf", Some(Origin::SwissManager)),
    (
        "swiss-manager-ruler-utf8-bom.trf",
        Some(Origin::SwissManager),
    ),
    ("team-sharly-chess-trf26.trf", None),
    ("team-swiss-manager-league-013.trf", None),
    (
        "trf06-title-letters-colourless-forfeit.trf",
        Some(Origin::Krause),
    ),
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
    let programs: std::collections::HashSet<_> = EXPECTED.iter().filter_map(|e| e.1).collect();
    assert!(EXPECTED.iter().filter(|e| e.1.is_some()).count() >= 10);
    assert!(programs.len() >= 4);
}

#[test]
fn real_world_files_open_as_their_dialect_with_their_own_points() {
    for &(name, expected) in EXPECTED {
        let path = folder().join(name);
        let bytes = std::fs::read(&path).expect("fixture");
        let Some(origin) = expected else {
            println!(
                "SKIPPED: real_world_trf: {name} is a team event; it opens once team support lands"
            );
            continue;
        };
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

        // The standings after every round the file records, as the points column counts.
        let options = Options {
            tiebreaks: standings::default_tiebreaks(),
            round: Some(t.rounds_recorded()),
            rules: Rules::for_event(&t.event),
        };
        let s = standings::compute(&t, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
        let column = points_column(&bytes);
        assert_eq!(
            column.len(),
            t.players.len(),
            "{name}: every player has a points column"
        );
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
    for &(name, expected) in EXPECTED {
        if expected.is_none() {
            continue;
        }
        let t = trf::read_file(&folder().join(name)).unwrap_or_else(|e| panic!("{e}"));
        let text = trf::write(&t, trf::Dialect::Trf26).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let again = trf::read(text.as_bytes(), name).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (a, b) in t.players.iter().zip(&again.players) {
            assert_eq!(a.results, b.results, "{name}: player {}", a.id);
        }
    }
}
