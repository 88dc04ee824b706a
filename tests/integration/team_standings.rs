//! Team events read from a real export: the Greek inter-club team cup of 2024, written by
//! Swiss-Manager as TRF-16 with `013` team records. Its official final standings
//! (published; `tests/fixtures/teams/*.json`) are an independent check of how matches are
//! formed from board games, of match and game points, of the team bye and of the team
//! tie-breaks (EGGSB and Buchholz on match points, C.07 16's dummy opponent for the bye).

use std::path::Path;

use swiss_arbiter::formats::{native, trf};
use swiss_arbiter::standings::{
    DEFAULT_TEAM_TIEBREAKS, Edition, TeamRow, TeamTieBreak, team_standings,
};
use swiss_arbiter::tournament::{Points, Tournament};

use crate::common::fixtures_dir;

const EVENT: &str = "teams/swiss-manager-greek-team-cup-2024";

fn event() -> (Tournament, Vec<u8>) {
    let path = fixtures_dir().join(format!("{EVENT}.trf"));
    let bytes = std::fs::read(&path).expect("fixture");
    let (t, reading) =
        trf::read_reporting(&bytes, &path.display().to_string()).expect("the export opens");
    // Its `142` is Swiss-Manager's, as its column ruler shows: no TRF-2026 file.
    assert_eq!(
        reading.recognised.origin,
        trf::Origin::SwissManager,
        "{}",
        reading.summary()
    );
    (t, bytes)
}

fn standings(t: &Tournament) -> Vec<TeamRow> {
    let tiebreaks: Vec<TeamTieBreak> = ["GP", "EGGSB", "BH"]
        .iter()
        .map(|c| TeamTieBreak::parse(c).expect("code"))
        .collect();
    team_standings(
        t,
        t.rounds_recorded(),
        &tiebreaks,
        Edition::in_force_on(&t.event.start_date),
    )
}

fn points(value: &serde_json::Value) -> String {
    let v = value.as_f64().expect("a number");
    // The official table prints EGGSB with up to two decimals, scores with one.
    let hundredths = (v * 100.0).round() as i64;
    match hundredths % 100 {
        0 => format!("{}", hundredths / 100),
        r if r % 10 == 0 => format!("{}.{}", hundredths / 100, r / 10),
        r => format!("{}.{r:02}", hundredths / 100),
    }
}

/// Drops trailing zeros of a printed value: "547.50" and "547.5" are one number.
fn trimmed(text: &str) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text.to_string()
    }
}

#[test]
fn the_greek_team_cup_gives_the_official_team_standings() {
    let (t, _) = event();
    assert!(t.is_team_event());
    assert_eq!(t.teams.len(), 15);
    let official: serde_json::Value = serde_json::from_slice(
        &std::fs::read(fixtures_dir().join(format!("{EVENT}.json"))).expect("json"),
    )
    .expect("parses");
    let rows = standings(&t);
    let table = official["final_standings"].as_array().expect("table");
    assert_eq!(rows.len(), table.len());
    for (row, expected) in rows.iter().zip(table) {
        let name = expected["team"].as_str().expect("name");
        assert_eq!(row.name, name, "rank {}", row.rank);
        assert_eq!(
            u64::from(row.rank),
            expected["rank"].as_u64().expect("rank"),
            "{name}"
        );
        let got = (row.won, row.drawn, row.lost);
        let want = (
            expected["won"].as_u64().expect("won") as u32,
            expected["drawn"].as_u64().expect("drawn") as u32,
            expected["lost"].as_u64().expect("lost") as u32,
        );
        assert_eq!(got, want, "{name}: won, drawn, lost");
        assert_eq!(
            trimmed(&row.match_points.to_string()),
            points(&expected["match_points"]),
            "{name}: MP"
        );
        assert_eq!(
            trimmed(&row.game_points.to_string()),
            points(&expected["game_points"]),
            "{name}: GP"
        );
        assert_eq!(
            trimmed(&row.tiebreaks[1].to_string()),
            points(&expected["EGGSB"]),
            "{name}: EGGSB"
        );
        assert_eq!(
            trimmed(&row.tiebreaks[2].to_string()),
            points(&expected["BH_match_points"]),
            "{name}: BH"
        );
    }
}

#[test]
fn every_players_points_equal_the_files_points_column() {
    let (t, bytes) = event();
    let text = String::from_utf8(bytes).expect("UTF-8");
    let mut checked = 0;
    for line in text.lines().filter(|l| l.starts_with("001")) {
        let chars: Vec<char> = line.chars().collect();
        let field = |from: usize, to: usize| chars[from - 1..to].iter().collect::<String>();
        let id: u32 = field(5, 8).trim().parse().expect("id");
        let column: Points = field(81, 84).trim().parse().expect("points");
        let player = t.player(id).expect("player");
        assert_eq!(t.score(player), column, "player {id}");
        checked += 1;
    }
    assert_eq!(checked, 129);
}

#[test]
fn the_team_event_written_back_gives_the_same_standings() {
    let (t, _) = event();
    let before = standings(&t);
    for dialect in [trf::Dialect::Trf16, trf::Dialect::Trf26] {
        let text = trf::write(&t, dialect).expect("writes");
        let again = trf::read(text.as_bytes(), "written.trf").expect("reads back");
        assert_eq!(again.teams, t.teams, "{dialect:?}");
        assert_eq!(standings(&again), before, "{dialect:?}");
    }
    let dir = std::env::temp_dir().join(format!("sa-teams-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("event.sarb");
    native::save(&t, &file).expect("saves");
    let loaded = native::load(Path::new(&file)).expect("loads");
    assert_eq!(loaded, t);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_team_bye_and_the_default_tie_breaks_follow_the_event_scoring() {
    let (mut t, _) = event();
    let byes: usize = t.teams.iter().map(|team| team.pairing_byes.len()).sum();
    assert_eq!(
        byes, 7,
        "one team without an opponent in each of the 7 rounds"
    );
    // The organiser may score the bye as a won match with every board won instead.
    t.event.team_scoring.bye_match_points = Some(Points::whole(2));
    t.event.team_scoring.bye_game_points = Some(Points::whole(6));
    let rows = team_standings(&t, 7, &DEFAULT_TEAM_TIEBREAKS, Edition::Dummy2023);
    let heraklion = rows.iter().find(|r| r.name == "ΟΑΑΗ").expect("team");
    assert_eq!(heraklion.match_points, Points::whole(11), "ΟΑΑΗ had no bye");
    let herodotos = rows
        .iter()
        .find(|r| r.name == "Α.Σ.ΗΡΟΔΟΤΟΣ")
        .expect("team");
    assert_eq!(herodotos.match_points, Points::whole(4));
    assert_eq!(herodotos.game_points, Points::from_tenths(175));
}
