//! The command-line contract: commands, output formats, summary line and exit codes.

use crate::common::{self, run};

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs a command that must succeed.
fn run_ok(args: &[&str]) -> Output {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn fixture(name: &str) -> String {
    common::fixtures_dir().join(name).display().to_string()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// A temporary file's path as a string argument.
fn path(name: &str) -> String {
    temp(name).display().to_string()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

#[test]
fn pair_in_javafo_format() {
    let o = run_ok(&[
        "pair",
        "--system",
        "dutch-2017",
        &fixture("mastering-dutch-r1.trf"),
    ]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "8", "first line counts the pairs and the bye");
    assert_eq!(lines[1..].len(), 8);
    assert!(lines.contains(&"9 2"));
    assert_eq!(
        *lines.last().expect("bye line"),
        "15 0",
        "the bye comes last"
    );
}

#[test]
fn pair_an_earlier_round_ignores_later_ones() {
    let o = run_ok(&[
        "pair",
        "--system",
        "dutch-2017",
        &fixture("mastering-dutch-r3.trf"),
        "--round",
        "1",
    ]);
    assert!(stdout(&o).lines().any(|l| l == "1 8"), "{}", stdout(&o));
}

#[test]
fn pair_text_and_json_formats() {
    let file = fixture("mastering-dutch-r2.trf");
    let pair = |format| run_ok(&["pair", "--system", "dutch-2017", &file, "--format", format]);
    let o = pair("text");
    assert!(stdout(&o).starts_with("Round 2\n"), "{}", stdout(&o));
    assert!(stdout(&o).contains("Robert"));
    let json: serde_json::Value = serde_json::from_str(&stdout(&pair("json"))).expect("valid JSON");
    assert_eq!(json["round"], 2);
    assert_eq!(json["boards"].as_array().map(Vec::len), Some(7));
}

#[test]
fn check_prints_the_summary_line_and_exit_status() {
    let o = run(&[
        "check",
        "--system",
        "dutch-2017",
        &fixture("mastering-dutch-r3.trf"),
    ]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert_eq!(
        stdout(&o).trim(),
        "checked 2 rounds in 1 files: 2 identical, 0 different, 0 errors"
    );
    // A file whose round 1 was paired differently: one line for the round, status 1.
    let text = std::fs::read_to_string(fixture("mastering-dutch-r1.trf")).expect("fixture");
    let altered = text
        .lines()
        .map(|l| {
            let id: u32 = l.get(4..8).and_then(|s| s.trim().parse().ok()).unwrap_or(0);
            if l.starts_with("001") && id <= 14 {
                let opp = if id % 2 == 1 { id + 1 } else { id - 1 };
                let colour = if id % 2 == 1 { "w" } else { "b" };
                let result = if id % 2 == 1 { "1" } else { "0" };
                let points = if id % 2 == 1 { "1.0" } else { "0.0" };
                format!(
                    "{}{points:>4}{}  {opp:>4} {colour} {result}",
                    &l[..80],
                    &l[84..89]
                )
            } else if l.starts_with("001") {
                format!("{} 1.0{}  0000 - U", &l[..80], &l[84..89])
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let path = temp("altered.trf");
    std::fs::write(&path, altered).expect("write");
    let o = run(&[
        "check",
        "--system",
        "dutch-2017",
        &path.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("round 1: engine "), "{out}");
    assert!(
        out.ends_with("checked 1 rounds in 1 files: 0 identical, 1 different, 0 errors\n"),
        "{out}"
    );
}

#[test]
fn convert_between_formats() {
    let (ron, back) = (path("event.ron"), path("event.trf"));
    run_ok(&["convert", &fixture("trf26-features.trf"), "-o", &ron]);
    run_ok(&["convert", &ron, "-o", &back, "--to", "trf16"]);
    let text = std::fs::read_to_string(&back).expect("written");
    assert!(
        text.contains("XXR 5") && text.contains("Müller, Łukasz"),
        "{text}"
    );
}

#[test]
fn generate_then_check_is_identical() {
    let out = path("generated.trf");
    let args = [
        "--players",
        "31",
        "--rounds",
        "7",
        "--seed",
        "9",
        "-o",
        &out,
    ];
    run_ok(&[&["generate", "--system", "dutch-2017"][..], &args[..]].concat());
    let o = run_ok(&["check", "--system", "dutch-2017", &out]);
    assert!(stdout(&o).contains("7 identical, 0 different, 0 errors"));
}

/// A team event: `generate --system swiss-team` writes a TRF-2026 team tournament that
/// `check` reproduces; `pair` gives its matches (JaVaFo's format with team numbers, the
/// team with White on board 1 first, `team 0` for the bye) as the file records them;
/// the individual systems refuse a team event, and the team system an individual one.
#[test]
fn a_team_event_is_generated_paired_and_checked_with_the_team_system() {
    let out = path("teams.trf");
    let team_args = ["--teams", "12", "--rounds", "9", "--boards", "4"];
    let tail = ["--reserves", "2", "--seed", "5", "-o", &out];
    run_ok(
        &[
            &["generate", "--system", "swiss-team"][..],
            &team_args,
            &tail,
        ]
        .concat(),
    );
    let text = std::fs::read_to_string(&out).expect("written");
    assert!(text.contains("192 FIDE_TEAM_TYPEA_MP_GP") && text.contains("\n310 "));
    let o = run_ok(&["check", "--system", "swiss-team", &out]);
    assert!(
        stdout(&o).contains("checked 9 rounds in 1 files: 9 identical, 0 different, 0 errors"),
        "{}",
        stdout(&o)
    );

    let t = swiss_arbiter::formats::trf::read(text.as_bytes(), "teams").expect("reads");
    let rounds = t.team_rounds();
    let pair = |round: u32, format: &str| {
        let round = round.to_string();
        let args = ["pair", "--system", "swiss-team", "--round", &round];
        stdout(&run_ok(&[&args[..], &["--format", format, &out]].concat()))
    };
    for round in [1u32, 5, 9] {
        let printed = pair(round, "javafo");
        let lines: Vec<(u32, u32)> = printed
            .lines()
            .skip(1)
            .map(|l| {
                let (a, b) = l.split_once(' ').expect("two numbers");
                (a.parse().expect("team"), b.parse().expect("team"))
            })
            .collect();
        assert_eq!(
            printed.lines().next(),
            Some(lines.len().to_string().as_str())
        );
        for (i, team) in t.teams.iter().enumerate() {
            let expected = match rounds.outcomes[i][round as usize - 1] {
                swiss_arbiter::tournament::TeamOutcome::Match { opponent, .. } => Some(opponent),
                swiss_arbiter::tournament::TeamOutcome::PairingBye => Some(0),
                swiss_arbiter::tournament::TeamOutcome::NotPaired
                | swiss_arbiter::tournament::TeamOutcome::Bye { .. } => None,
            };
            let printed_opponent = lines
                .iter()
                .find_map(|&(a, b)| (a == team.id).then_some(b).or((b == team.id).then_some(a)));
            assert_eq!(
                printed_opponent, expected,
                "round {round}, team {}",
                team.id
            );
        }
        let text = pair(round, "text");
        assert!(text.contains("Match 1: "), "{text}");
    }

    let o = run(&["pair", "--system", "dutch", &out]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("pair it with the Swiss Team system"),
        "{}",
        stderr(&o)
    );
    let individual = fixture("mastering-dutch-r1.trf");
    let o = run(&["pair", "--system", "swiss-team", &individual]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("this event has none"), "{}", stderr(&o));
    let o = run(&[&["generate", "--system", "dutch"][..], &team_args, &tail].concat());
    assert!(!o.status.success(), "--teams with an individual system");
    let o = run(&[
        "generate",
        "--system",
        "swiss-team",
        "--rounds",
        "3",
        "-o",
        &out,
    ]);
    assert!(!o.status.success(), "the team system without --teams");
}

/// `explain --system swiss-team --pairing F` reads the team pairing as `pair` writes it
/// (team numbers, `team 0` for the bye) and judges the boards its line-ups give: the
/// engine's own is as good as itself; round 1's matches again in round 5 are rematches (C1)
/// and exit 1.
#[test]
fn a_team_pairing_written_by_pair_is_checked_by_explain() {
    let out = path("teams-explain.trf");
    run_ok(&[
        "generate",
        "--system",
        "swiss-team",
        "--teams",
        "11",
        "--rounds",
        "5",
        "--boards",
        "3",
        "--seed",
        "8",
        "-o",
        &out,
    ]);
    let written = |round: &str, name: &str| {
        let o = run_ok(&["pair", "--system", "swiss-team", "--round", round, &out]);
        let file = path(name);
        std::fs::write(&file, stdout(&o)).expect("written");
        file
    };
    let explain = |pairing: &str| {
        run(&[
            "explain",
            "--system",
            "swiss-team",
            "--round",
            "5",
            "--pairing",
            pairing,
            &out,
        ])
    };
    let o = explain(&written("5", "teams-r5.txt"));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("as good as the engine's on every criterion"),
        "{}",
        stdout(&o)
    );
    let o = explain(&written("1", "teams-r1.txt"));
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("met in round 1"), "{}", stdout(&o));
}

/// Baku acceleration survives export to TRF-16 as `XXA` lines: the exported file pairs
/// the same.
#[test]
fn baku_tournament_exported_as_trf16_pairs_the_same() {
    let (native, old) = (path("baku.trf"), path("baku16.trf"));
    let args = [
        "--players",
        "21",
        "--rounds",
        "7",
        "--seed",
        "3",
        "--baku",
        "-o",
        &native,
    ];
    run_ok(&[&["generate", "--system", "dutch-2026"][..], &args[..]].concat());
    assert!(
        std::fs::read_to_string(&native)
            .expect("written")
            .contains("192 FIDE_DUTCH_2025_BAKU")
    );
    run_ok(&["convert", &native, "-o", &old, "--to", "trf16"]);
    assert!(
        std::fs::read_to_string(&old)
            .expect("written")
            .contains("\nXXA ")
    );
    let o = run_ok(&["check", "--system", "dutch-2026", &old]);
    assert!(
        stdout(&o).contains("7 identical, 0 different, 0 errors"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn javafo_compatible_form() {
    let out = path("compat.txt");
    run_ok(&["--dutch", &fixture("mastering-dutch-r1.trf"), "-p", &out]);
    let text = std::fs::read_to_string(&out).expect("written");
    assert!(
        text.starts_with("8\n") && text.contains("\n15 0\n"),
        "{text}"
    );
    let o = run(&["--dutch", &fixture("mastering-dutch-r3.trf"), "-c"]);
    assert!(o.status.success(), "{}", stdout(&o));
    let o = run(&["--dutch", &fixture("mastering-dutch-r1.trf"), "-x"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("usage"));
}

/// Runs a command that must fail with `code` and say `message` on stderr.
fn assert_fails(args: &[&str], code: i32, message: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}");
    assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
}

/// Every system explains its pairings; Dutch 2012 in the articles of its own text.
#[test]
fn dutch_2012_explains_in_its_own_terms() {
    let file = fixture("dutch2012-n011-r05-k51x152.trf");
    let o = run(&["explain", "--system", "dutch-2012", &file, "--round", "3"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(text.contains("Dutch 2012 (Istanbul)"), "{text}");
    assert!(text.contains("B.3") && !text.contains("C.7"), "{text}");
}

#[test]
fn errors_go_to_stderr_with_a_status() {
    let file = fixture("mastering-dutch-r1.trf");
    assert_fails(
        &["pair", "--system", "swiss", &file],
        2,
        "unknown pairing system",
    );
    assert_fails(
        &["convert", "/nonexistent.trf", "-o", "/tmp/x.trf"],
        3,
        "/nonexistent.trf:0:0: cannot read the file",
    );
    for sub in ["convert", "pair", "check", "generate", "bench"] {
        let o = run(&[sub, "--help"]);
        assert!(
            o.status.success() && stdout(&o).contains("Usage"),
            "{sub} --help"
        );
    }
}

#[test]
fn explain_the_engine_pairing_as_text_and_json() {
    let file = fixture("dutch2026-n010-r04-s3100008.trf");
    let text = stdout(&run_ok(&[
        "explain",
        "--system",
        "dutch-2026",
        &file,
        "--round",
        "3",
    ]));
    assert!(
        text.starts_with("Round 3 · Dutch 2026 (C.04.3) · 5 boards"),
        "{text}"
    );
    assert!(text.contains("Bracket 1 · score"), "{text}");
    assert!(text.contains("Round, in priority order:"), "{text}");
    let json = stdout(&run_ok(&[
        "explain",
        "--system",
        "dutch-2026",
        &file,
        "--round",
        "3",
        "--format",
        "json",
    ]));
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(
        value["explanation"]["pairs"].as_array().map(Vec::len),
        Some(5)
    );
    assert_eq!(value["pairing"]["round"], 3);
}

#[test]
fn explain_checks_an_arbiters_pairing() {
    let file = fixture("dutch2026-n010-r04-s3100008.trf");
    // The recorded round 3 is the engine's: as good on every criterion.
    let same = stdout(&run_ok(&[
        "explain",
        "--system",
        "dutch-2026",
        &file,
        "--round",
        "3",
        "--recorded",
    ]));
    assert!(same.contains("Absolute criteria: all met"), "{same}");
    assert!(
        same.contains("as good as the engine's on every criterion"),
        "{same}"
    );
    // Round 2's pairing used again in round 3: every pair is a rematch.
    let round2 = stdout(&run_ok(&[
        "pair",
        "--system",
        "dutch-2026",
        &file,
        "--round",
        "2",
    ]));
    let pairing = temp("round2.txt");
    std::fs::write(&pairing, round2).expect("write");
    let pairing = pairing.display().to_string();
    let o = run(&[
        "explain",
        "--system",
        "dutch-2026",
        &file,
        "--round",
        "3",
        "--pairing",
        &pairing,
    ]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(text.contains("ERRORS (absolute criteria"), "{text}");
    assert!(
        text.contains("C1: ") && text.contains("met in round 2"),
        "{text}"
    );
    // A malformed pairing file names its line and column.
    let bad = temp("bad.txt");
    std::fs::write(&bad, "1\n3 x\n").expect("write");
    assert_fails(
        &[
            "explain",
            "--system",
            "dutch-2026",
            &file,
            "--pairing",
            &bad.display().to_string(),
        ],
        3,
        "line 2, column 3: expected a player number",
    );
}

/// Generates a 15-player, 5-round event with `system` (seed 3) into the file `name`.
fn generate_15_players_5_rounds(system: &str, name: &str) -> String {
    let out = path(name);
    run_ok(&[
        "generate",
        "--system",
        system,
        "--players",
        "15",
        "--rounds",
        "5",
        "--seed",
        "3",
        "-o",
        &out,
    ]);
    out
}

/// The procedural systems (and Burstein, 2 seeding rounds of 5) work through the same
/// commands: generate a tournament, check that every round re-pairs identically, pair
/// its next round.
#[test]
fn generate_check_and_pair_with_the_procedural_systems() {
    for system in ["rating-1998", "lim", "burstein", "dubov"] {
        let out = generate_15_players_5_rounds(system, &format!("{system}.trf"));
        let o = run_ok(&["check", "--system", system, &out]);
        assert!(
            stdout(&o).contains("5 identical"),
            "{system}: {}",
            stdout(&o)
        );
        let o = run_ok(&["pair", "--system", system, &out, "--round", "5"]);
        let text = stdout(&o);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], (lines.len() - 1).to_string(), "{system}: {text}");
        assert!(lines.len() >= 7, "{system}: {text}");
    }
}

/// Double-Swiss (C.04.5) through the commands: the generator writes two-game matches (the
/// native file keeps them), every round re-pairs identically, the next round pairs, and
/// exporting TRF warns about what the format cannot hold.
#[test]
fn generate_check_pair_and_export_double_swiss() {
    let out = generate_15_players_5_rounds("double-swiss", "double-swiss.sarb");
    let text = std::fs::read_to_string(&out).expect("written");
    assert!(
        text.contains("Match("),
        "two-game matches in the native file"
    );
    let o = run_ok(&["check", "--system", "double-swiss", &out]);
    assert!(stdout(&o).contains("5 identical"), "{}", stdout(&o));
    let o = run_ok(&["pair", "--system", "double-swiss", &out, "--round", "5"]);
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines[0], "8", "7 matches and the PAB: {lines:?}");
    let trf = path("double-swiss.trf");
    let o = run_ok(&["convert", &out, "-o", &trf]);
    assert!(
        stderr(&o).contains("warning: TRF holds one result per round"),
        "{}",
        stderr(&o)
    );
    let written = std::fs::read_to_string(&trf).expect("written");
    assert!(written.contains("192 FIDE_DOUBLESWISS"), "{written}");
}

/// A reader that stops early (`| head`) ends the output, not the program: no panic on the
/// closed pipe, and the exit status is the command's own.
#[test]
fn a_closed_output_pipe_is_no_panic() {
    let file = fixture("dutch2012-n047-r09-k51x177.trf");
    for args in [
        vec![
            "bench",
            "--system",
            "dutch-2012",
            &file,
            "--round",
            "8",
            "--explain",
        ],
        vec!["pair", "--system", "dutch-2012", &file, "--round", "8"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // Close the reading end before the command has paired anything.
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("the binary ends");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(o.status.success(), "{args:?}: {stderr}");
    }
}

/// A round is paired from the results of the rounds before it: with a result missing in
/// an earlier round, `pair` refuses and names the round and the boards (it used to pair
/// the next round as if the pending games had not been played); pairing that round again
/// is still allowed; a draft with every result in is refused until it is published.
#[test]
fn pair_refuses_a_round_after_one_with_results_missing() {
    use swiss_arbiter::formats::{native, trf};
    use swiss_arbiter::tournament::{BoardResult, SystemId};
    let mut t = trf::read_file(&common::fixtures_dir().join("mastering-dutch-r3.trf"))
        .expect("fixture reads");
    let next = t.next_round();
    swiss_arbiter::pairing::PairingRequest::recorded(&t, SystemId::Dutch2026, next)
        .pair()
        .expect("pairs")
        .record_into(&mut t);
    let file = temp("results-missing.sarb");
    native::save(&t, &file).expect("saved");
    let file = file.display().to_string();
    assert_fails(
        &["pair", "--system", "dutch", &file],
        3,
        &format!(
            "round {} cannot be paired yet: round {next} has no result on boards 1, 2",
            next + 1
        ),
    );
    let next_round = next.to_string();
    let again = run_ok(&["pair", "--system", "dutch", &file, "--round", &next_round]);
    assert!(!stdout(&again).is_empty());

    // Every result in, the round still a draft: refused until it is published.
    let mut t = native::load(std::path::Path::new(&file)).expect("loads");
    for board in t.boards(next) {
        t.set_board_result(next, board.white, board.black, BoardResult::Draw)
            .expect("board");
    }
    native::save(&t, std::path::Path::new(&file)).expect("saved");
    assert_fails(
        &["pair", "--system", "dutch", &file],
        3,
        &format!("round {next} is a draft (its pairing is not published); publish it first"),
    );
    t.set_published(next, true).expect("paired");
    native::save(&t, std::path::Path::new(&file)).expect("saved");
    run_ok(&["pair", "--system", "dutch", &file]);
}

/// `generate --planned-rounds` leaves an event in progress: its next round is paired and
/// timed (a round past the planned ones is refused, so a 1-round event has none to bench);
/// fewer planned rounds than played is refused.
#[test]
fn generate_an_event_in_progress() {
    let file = path("in-progress.trf");
    let args = [
        "--players",
        "20",
        "--rounds",
        "1",
        "--seed",
        "3",
        "-o",
        &file,
    ];
    let generate = |planned: &'static str| {
        let mut command = [&["generate", "--system", "dutch-2026"][..], &args[..]].concat();
        command.extend(["--planned-rounds", planned]);
        command
    };
    run_ok(&generate("5"));
    let o = run_ok(&["pair", "--system", "dutch-2026", &file]);
    assert_eq!(stdout(&o).lines().next(), Some("10"), "round 2: 10 pairs");
    run_ok(&["bench", "--system", "dutch-2026", &file, "--repeat", "1"]);
    assert_fails(
        &generate("0"),
        3,
        "--planned-rounds 0: from --rounds (1) to 999",
    );
}

/// VCL.03: without `--system`, `check` and `pair` use the system the file names (TRF-2026
/// 192), else FIDE Dutch 2026; the default is never silently another system.
#[test]
fn check_and_pair_default_to_the_files_own_system() {
    let dir = std::env::temp_dir().join(format!("sa-default-system-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("dubov.trf");
    let file_s = file.to_str().expect("path");
    let made = run(&[
        "generate",
        "--system",
        "dubov",
        "--players",
        "20",
        "--rounds",
        "5",
        "--seed",
        "3",
        "-o",
        file_s,
    ]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    assert!(
        std::fs::read_to_string(&file)
            .expect("written")
            .contains("\n192 FIDE_DUBOV"),
        "the file names its system"
    );
    let own = run(&["check", file_s]);
    assert!(own.status.success(), "{}", stdout(&own));
    assert!(
        stdout(&own).contains("5 identical, 0 different"),
        "{}",
        stdout(&own)
    );
    let dutch = run(&["check", "--system", "dutch", file_s]);
    assert!(
        !dutch.status.success(),
        "the Dutch system pairs a Dubov event otherwise"
    );
    let paired = run(&["pair", "--round", "5", file_s]);
    let as_dubov = run(&["pair", "--system", "dubov", "--round", "5", file_s]);
    assert!(paired.status.success());
    assert_eq!(stdout(&paired), stdout(&as_dubov));
    let _ = std::fs::remove_dir_all(&dir);
}
