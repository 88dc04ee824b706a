//! The tie-break half of the free checker (`check --tiebreaks`, C.02.03 7): the final ranks
//! a FIDE report records are compared with the standings under the report's own tie-break
//! list; our own reports pass, and a rank moved by hand is named.

use crate::common::run;

#[test]
fn a_report_s_final_ranks_pass_and_a_rank_changed_by_hand_is_named() {
    let dir = std::env::temp_dir().join(format!("sa-check-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let event = dir.join("event.trf");
    let report = dir.join("report.trf");
    let (event_s, report_s) = (
        event.to_str().expect("path"),
        report.to_str().expect("path"),
    );
    let made = run(&[
        "generate",
        "--system",
        "dutch-2026",
        "--players",
        "23",
        "--rounds",
        "7",
        "--seed",
        "5",
        "-o",
        event_s,
    ]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let reported = run(&["report", event_s, "-o", report_s]);
    assert!(
        reported.status.success(),
        "{}",
        String::from_utf8_lossy(&reported.stderr)
    );

    let checked = run(&["check", "--system", "dutch-2026", "--tiebreaks", report_s]);
    let out = String::from_utf8_lossy(&checked.stdout);
    assert!(checked.status.success(), "{out}");
    assert!(
        out.contains(
            "checked the final ranks of 1 files against their tie-break lists: 0 ranks differ"
        ),
        "{out}"
    );

    // Rank 1 and the last rank swapped by hand: both named, and the exit says so.
    let text = std::fs::read_to_string(&report).expect("report");
    let ranks: Vec<(usize, u32)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("001"))
        .map(|(i, l)| (i, l[85..89].trim().parse().expect("a rank")))
        .collect();
    let first = ranks.iter().find(|r| r.1 == 1).expect("rank 1").0;
    let last_rank = ranks.iter().map(|r| r.1).max().expect("ranks");
    let last = ranks.iter().find(|r| r.1 == last_rank).expect("the last").0;
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let (a, b) = (
        lines[first][85..89].to_string(),
        lines[last][85..89].to_string(),
    );
    lines[first].replace_range(85..89, &b);
    lines[last].replace_range(85..89, &a);
    let changed = dir.join("changed.trf");
    std::fs::write(&changed, lines.join("\n") + "\n").expect("write");
    let checked = run(&[
        "check",
        "--system",
        "dutch-2026",
        "--tiebreaks",
        changed.to_str().expect("path"),
    ]);
    let out = String::from_utf8_lossy(&checked.stdout);
    assert!(!checked.status.success(), "{out}");
    assert!(
        out.contains(&format!("ranked {last_rank} in the file, 1 by C.07")),
        "{out}"
    );
    assert!(out.contains("2 ranks differ"), "{out}");
    // Without --tiebreaks only the pairings are checked.
    let pairings = run(&[
        "check",
        "--system",
        "dutch-2026",
        changed.to_str().expect("path"),
    ]);
    assert!(pairings.status.success());
    std::fs::remove_dir_all(&dir).ok();
}
