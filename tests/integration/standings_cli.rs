//! The `standings` command's contract: the CSV header and rows other programs read, the
//! JSON document, the text table, the default list, and exit codes on bad input.

use crate::common::{self, run};

fn fixture(name: &str) -> String {
    common::fixtures_dir()
        .join("standings")
        .join(name)
        .display()
        .to_string()
}

fn stdout_of(args: &[&str]) -> String {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).to_string()
}

#[test]
fn csv_has_the_codes_as_header_and_one_row_per_player_in_rank_order() {
    let file = fixture("unplayed-rounds.trf");
    let out = stdout_of(&[
        "standings",
        &file,
        "--tiebreaks",
        "BH/C1,BH,SB,DE",
        "--format",
        "csv",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Rank,StartNo,PTS,BH/C1,BH,SB,DE");
    assert_eq!(lines[1], "1,2,3.0,7.5,8.0,5.50,1");
    assert_eq!(lines[2], "2,3,2.5,7.5,9.5,5.75,1");
    assert_eq!(lines.len(), 8);
}

#[test]
fn the_default_list_is_the_events_else_ours() {
    // The round robin has `202 DE,SB,KS`.
    let rr = stdout_of(&["standings", &fixture("round-robin.trf"), "--format", "csv"]);
    assert!(rr.starts_with("Rank,StartNo,PTS,DE,SB,KS\n"), "{rr}");
    let swiss = stdout_of(&[
        "standings",
        &fixture("unplayed-rounds.trf"),
        "--format",
        "csv",
    ]);
    assert!(
        swiss.starts_with("Rank,StartNo,PTS,BH/C1,BH,SB,DE,WIN\n"),
        "{swiss}"
    );
}

#[test]
fn rules_and_round_options() {
    let file = fixture("unplayed-rounds.trf");
    let csv = |extra: &[&str]| {
        let mut args = vec!["standings", &file, "--tiebreaks", "BH", "--format", "csv"];
        args.extend_from_slice(extra);
        stdout_of(&args)
    };
    // Player 2's forfeit win: a dummy capped at 0.5 (2026) or the own 3.0 (2023).
    assert!(csv(&["--rules", "2026"]).contains("\n1,2,3.0,8.0\n"));
    assert!(csv(&["--rules", "2024"]).contains("\n1,2,3.0,10.5\n"));
    assert!(csv(&["--rules", "pre-2023"]).contains(",2,3.0,8.5\n"));
    assert!(csv(&["--round", "2"]).contains(",2,1.5,0.5\n"));
}

#[test]
fn json_carries_values_breakdowns_and_the_crosstable() {
    let out = stdout_of(&[
        "standings",
        &fixture("unplayed-rounds.trf"),
        "--tiebreaks",
        "BH",
        "--format",
        "json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["round"], 4);
    assert_eq!(doc["rules"], "2026");
    let first = &doc["standings"][0];
    assert_eq!(first["id"], 2);
    assert_eq!(first["points"], "3.0");
    assert_eq!(first["tiebreaks"][0]["code"], "BH");
    assert_eq!(first["tiebreaks"][0]["value"], "8.0");
    let forfeit = &first["tiebreaks"][0]["parts"][1];
    assert_eq!(forfeit["round"], 2);
    assert_eq!(forfeit["amount"], "0.5");
    assert!(forfeit["note"].as_str().is_some_and(|n| n.contains("16.4")));
    assert_eq!(first["rounds"][1]["result"], "+");
    assert_eq!(first["rounds"][3]["running"], "3.0");
}

#[test]
fn text_has_a_crosstable_and_explains_a_player() {
    let out = stdout_of(&[
        "standings",
        &fixture("unplayed-rounds.trf"),
        "--tiebreaks",
        "BH/C1",
        "--explain",
        "7",
    ]);
    assert!(out.contains("Standings after round 4"), "{out}");
    // Player 7 (rank 6): lost to player 3 (who shares rank 2 with player 1) with White,
    // then the PAB; opponents are named by pairing number, which no one shares.
    let line = out
        .lines()
        .find(|l| l.contains("Golf, Greta"))
        .expect("player 7");
    assert!(line.contains(" 3w0 ") && line.contains(" U "), "{line}");
    assert!(out.contains("Player 7: rank 6, 1.0 points"), "{out}");
    assert!(out.contains("R3 1.0: dummy opponent"), "{out}");
    assert!(out.contains("[cut]"), "{out}");
}

#[test]
fn bad_input_is_refused_with_exit_code_3() {
    let file = fixture("unplayed-rounds.trf");
    for args in [
        vec!["standings", file.as_str(), "--tiebreaks", "BH,XYZ"],
        vec!["standings", file.as_str(), "--tiebreaks", "SB/M1"],
        vec!["standings", file.as_str(), "--round", "9"],
        vec!["standings", file.as_str(), "--explain", "99"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert!(!o.stderr.is_empty());
    }
    let o = run(&["standings", &file, "--rules", "1999"]);
    assert_eq!(o.status.code(), Some(2), "clap refuses an unknown edition");
}

/// Checklist Q170: the standings say who withdrew, in the text and on the printed
/// sheet; no one else is marked.
#[test]
fn withdrawn_players_are_marked_in_the_standings() {
    use swiss_arbiter::generator::{GeneratorConfig, generate};
    use swiss_arbiter::tournament::{ScoringSystem, SystemId};

    let config = GeneratorConfig {
        players: 24,
        rounds: 5,
        planned_rounds: None,
        seed: 7,
        draw_rate: 0.3,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        absences: Default::default(),
        scoring: ScoringSystem::standard(),
        baku: false,
    };
    let mut t = generate(&config, SystemId::Dutch2026).expect("generated");
    // Player 5 is withdrawn from round 6, the next one.
    t.players[4].withdrawn_from = Some(6);
    let name = t.players[4].name.clone();
    let dir = std::env::temp_dir().join(format!("sa-withdrawn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("event.sarb");
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");
    let file = file.display().to_string();

    let text = stdout_of(&["standings", &file]);
    assert!(
        text.contains(&format!("Withdrawn: 5 {name} (from round 6)")),
        "{text}"
    );
    assert_eq!(text.matches("(from round").count(), 1, "{text}");

    let html = dir.join("standings.html");
    let o = run(&[
        "print",
        &file,
        "--doc",
        "standings",
        "-o",
        &html.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = std::fs::read_to_string(&html).expect("written");
    assert!(
        page.contains(&format!("{name} (withdrawn from round 6)")),
        "{page}"
    );
    assert_eq!(page.matches("withdrawn from round").count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}
