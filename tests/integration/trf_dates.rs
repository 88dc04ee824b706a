//! The header dates of real exports (`042`, `052`, `132`) in the forms other programs write
//! them (`tests/fixtures/dates/`, one construct per file, with the players of
//! `standings/unplayed-rounds.trf`): read as dates, written by `convert --to trf26` in
//! TRF-2026's forms (`042`/`052` `YYYY/MM/DD`, `132` `YY/MM/DD`), and deciding which
//! tie-break rules (C.07 edition) the standings follow. Every real export in
//! `real-world/` and `teams/` goes through the native file and TRF-2026 with its dates
//! valid and its standings unchanged.

use std::path::{Path, PathBuf};

use crate::common::{self, run};
use swiss_arbiter::formats::native;
use swiss_arbiter::formats::trf::{self, Dialect};
use swiss_arbiter::standings::{self, DEFAULT_TEAM_TIEBREAKS, Options, Rules, team_standings};
use swiss_arbiter::tournament::{Date, Tournament};

fn fixture(name: &str) -> PathBuf {
    common::fixtures_dir().join("dates").join(name)
}

/// `YYYY/MM/DD` (`long`) or `YY/MM/DD`, a real day.
fn is_trf_date(text: &str, long: bool) -> bool {
    let parts: Vec<&str> = text.split('/').collect();
    let [y, m, d] = parts.as_slice() else {
        return false;
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let year_digits = if long { 4 } else { 2 };
    digits(y, year_digits)
        && digits(m, 2)
        && digits(d, 2)
        && Date::new(
            y.parse::<i32>().unwrap() + if long { 0 } else { 2000 },
            m.parse().unwrap(),
            d.parse().unwrap(),
        )
        .is_some()
}

/// The `042`, `052` and `132` values of TRF text (132 by its round columns).
fn dates_of(text: &str) -> (Option<String>, Option<String>, Vec<String>) {
    let value = |code: &str| {
        text.lines()
            .find(|l| l.starts_with(code))
            .map(|l| l[4..].trim().to_string())
    };
    let rounds = text
        .lines()
        .find(|l| l.starts_with("132"))
        .map(|l| {
            (0..)
                .map(|r| 91 + 10 * r)
                .take_while(|&c| c < l.len())
                .map(|c| l[c..(c + 8).min(l.len())].trim().to_string())
                .collect()
        })
        .unwrap_or_default();
    (value("042"), value("052"), rounds)
}

fn convert_to_trf26(input: &Path, name: &str) -> (String, String) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let out = dir.path().join(format!("{name}.trf"));
    let o = run(&[
        "convert",
        &input.display().to_string(),
        "-o",
        &out.display().to_string(),
        "--to",
        "trf26",
    ]);
    assert!(
        o.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    (
        std::fs::read_to_string(&out).expect("written"),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn each_form_converts_to_trf26_dates() {
    let r = |dates: &[&str]| dates.iter().map(|d| d.to_string()).collect::<Vec<_>>();
    for (name, start, end, rounds) in [
        (
            "day-first-slashes-2011.trf",
            "2011/09/30",
            "2011/10/02",
            r(&["11/09/30", "11/10/01", "11/10/01", "11/10/02"]),
        ),
        ("month-names-2026.trf", "2026/04/18", "2026/04/19", r(&[])),
        (
            "dots-and-blanks-2005.trf",
            "2005/07/28",
            "2005/07/31",
            r(&["05/07/28", "05/07/29", "05/07/30", "05/07/31"]),
        ),
        (
            "iso-and-dots-2024.trf",
            "2024/01/15",
            "2024/01/20",
            r(&["24/01/15", "24/01/16", "24/01/18", "24/01/20"]),
        ),
        (
            "ambiguous-day-month-2010.trf",
            "2010/06/05",
            "2010/06/07",
            r(&[]),
        ),
        (
            "two-digit-year-first-2024.trf",
            "2024/01/01",
            "2024/01/03",
            r(&["24/01/01", "24/01/02", "24/01/02", "24/01/03"]),
        ),
    ] {
        let (text, _) = convert_to_trf26(&fixture(name), name);
        let (s, e, rs) = dates_of(&text);
        assert_eq!(s.as_deref(), Some(start), "{name}: 042");
        assert_eq!(e.as_deref(), Some(end), "{name}: 052");
        assert_eq!(rs, rounds, "{name}: 132");
        // What was written reads back to the same dates and writes the same text.
        let again = trf::read(text.as_bytes(), name).expect("reads back");
        assert_eq!(trf::write(&again, Dialect::Trf26).expect("writes"), text);
    }
}

#[test]
fn what_cannot_be_told_is_said_naming_the_lines() {
    let warnings = |name: &str| {
        let bytes = std::fs::read(fixture(name)).expect("fixture");
        trf::read_reporting(&bytes, name).expect("reads").1.warnings
    };
    // Settled by the other dates: nothing to say.
    for name in [
        "day-first-slashes-2011.trf",
        "dots-and-blanks-2005.trf",
        "iso-and-dots-2024.trf",
        "month-names-2026.trf",
    ] {
        let w = warnings(name);
        assert!(!w.iter().any(|w| w.contains("(042)")), "{name}: {w:?}");
    }
    let w = warnings("ambiguous-day-month-2010.trf");
    assert!(
        w.iter().any(
            |w| w.starts_with("lines 2, 3: the start date (042) and the end date (052)")
                && w.contains("month, day, year")
        ),
        "{w:?}"
    );
    let w = warnings("unreadable-start-date.trf");
    assert!(
        w.iter().any(
            |w| w.starts_with("line 2: the start date (042) \"next spring\"")
                && w.contains("kept as written")
        ),
        "{w:?}"
    );
    // Kept as written in what is written.
    let (text, _) = convert_to_trf26(&fixture("unreadable-start-date.trf"), "unreadable");
    assert_eq!(dates_of(&text).0.as_deref(), Some("next spring"));
}

/// Player 2's Buchholz in the players of `standings/unplayed-rounds.trf`: his forfeit win
/// counts against a virtual opponent (before C.07 2023), a dummy with his own score
/// (C.07 2023) or a capped dummy (C.07 2026).
const BH_OF_2: [(&str, &str); 3] = [("pre-2023", "8.5"), ("2023", "10.5"), ("2026", "8.0")];

#[test]
fn the_tie_break_rules_are_those_in_force_when_the_event_started() {
    for (name, edition) in [
        ("day-first-slashes-2011.trf", "pre-2023"),
        ("dots-and-blanks-2005.trf", "pre-2023"),
        ("ambiguous-day-month-2010.trf", "pre-2023"),
        ("iso-and-dots-2024.trf", "2023"),
        ("two-digit-year-first-2024.trf", "2023"),
        ("month-names-2026.trf", "2026"),
    ] {
        let file = fixture(name).display().to_string();
        let o = run(&["standings", &file, "--tiebreaks", "BH"]);
        assert!(o.status.success(), "{name}");
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            text.starts_with(&format!(
                "Standings after round 4 (tie-break rules: C.07 {edition}): PTS, BH"
            )),
            "{name}: {text}"
        );
        assert!(
            !String::from_utf8_lossy(&o.stderr).contains("tie-breaks follow"),
            "{name}"
        );
        let csv = |extra: &[&str]| {
            let mut args = vec!["standings", &file, "--tiebreaks", "BH", "--format", "csv"];
            args.extend_from_slice(extra);
            String::from_utf8_lossy(&run(&args).stdout).into_owned()
        };
        let bh = BH_OF_2.iter().find(|(e, _)| *e == edition).unwrap().1;
        assert!(csv(&[]).contains(&format!(",2,3.0,{bh}\n")), "{name}");
        // The override wins over the dates, and the JSON names the rules used.
        for (other, bh) in BH_OF_2 {
            assert!(
                csv(&["--rules", other]).contains(&format!(",2,3.0,{bh}\n")),
                "{name} --rules {other}"
            );
        }
        let json = String::from_utf8_lossy(
            &run(&["standings", &file, "--tiebreaks", "BH", "--format", "json"]).stdout,
        )
        .into_owned();
        assert!(
            json.contains(&format!("\"rules\": \"{edition}\"")),
            "{name}: {json}"
        );
    }
}

#[test]
fn undated_events_get_todays_rules_with_one_warning_saying_how_to_choose() {
    let file = fixture("unreadable-start-date.trf").display().to_string();
    let o = run(&["standings", &file, "--tiebreaks", "BH"]);
    assert!(o.status.success());
    let stderr = String::from_utf8_lossy(&o.stderr);
    let about_rules: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("tie-breaks follow"))
        .collect();
    assert_eq!(about_rules.len(), 1, "{stderr}");
    let line = about_rules[0];
    assert!(line.starts_with("warning: "), "{line}");
    assert!(line.contains("\"next spring\" is not a date"), "{line}");
    assert!(
        line.contains("C.07 2026") && line.contains("--rules"),
        "{line}"
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("(tie-break rules: C.07 2026)"));
    // Chosen: nothing to warn about.
    let o = run(&["standings", &file, "--tiebreaks", "BH", "--rules", "2023"]);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("tie-breaks follow"));
    assert!(String::from_utf8_lossy(&o.stdout).contains("(tie-break rules: C.07 2023)"));
}

/// Every fixture of real exports (`real-world/`, `teams/`) and of date forms.
fn exports() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["real-world", "teams", "dates"] {
        files.extend(common::trf_files(&common::fixtures_dir().join(dir)));
    }
    files.sort();
    files
}

/// The standings (players' or teams') as text, to compare.
fn standings_of(t: &Tournament) -> String {
    let round = standings::default_round(t);
    if t.is_team_event() {
        let rows = team_standings(
            t,
            round,
            &DEFAULT_TEAM_TIEBREAKS,
            Rules::for_event(&t.event).edition,
        );
        return format!("{rows:?}");
    }
    let options = Options {
        tiebreaks: standings::default_tiebreaks(),
        round: Some(round),
        rules: Rules::for_event(&t.event),
    };
    match standings::compute(t, &options) {
        Ok(s) => format!("{:?}", s.rows),
        Err(e) => format!("no standings: {e}"),
    }
}

#[test]
fn real_exports_go_through_the_native_file_and_trf26_with_valid_dates() {
    let files = exports();
    assert!(files.len() >= 20, "{files:?}");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).expect("fixture");
        let (t, reading) =
            trf::read_reporting(&bytes, &name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let before = standings_of(&t);
        // The native file holds the event as read.
        let native_text = native::to_string(&t).unwrap_or_else(|e| panic!("{name}: {e}"));
        let from_native =
            native::from_str(&native_text, &name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(from_native, t, "{name}: the native file reads back equal");
        // TRF-2026 from the native file: dates in TRF-2026's forms, or kept as written
        // where the reading said it could not read them.
        let text =
            trf::write(&from_native, Dialect::Trf26).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let (start, end, rounds) = dates_of(&text);
        for (code, date) in [("042", start), ("052", end)] {
            if let Some(date) = date {
                assert!(
                    is_trf_date(&date, true)
                        || reading
                            .warnings
                            .iter()
                            .any(|w| w.contains(&format!("({code}) {date:?}"))),
                    "{name}: {code} {date:?}"
                );
            }
        }
        for (r, date) in rounds.iter().enumerate() {
            assert!(
                date.is_empty()
                    || is_trf_date(date, false)
                    || reading
                        .warnings
                        .iter()
                        .any(|w| w.contains(&format!("round {} (132)", r + 1))),
                "{name}: round {} {date:?}",
                r + 1
            );
        }
        // And read again: the same standings.
        let again = trf::read(text.as_bytes(), &name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.event.start_date, t.event.start_date, "{name}");
        assert_eq!(again.event.round_dates, t.event.round_dates, "{name}");
        assert_eq!(standings_of(&again), before, "{name}: standings");
    }
}

#[test]
fn printed_standings_name_the_rules_of_the_dates_or_the_ones_chosen() {
    let file = fixture("day-first-slashes-2011.trf").display().to_string();
    let dir = tempfile::tempdir().expect("temporary folder");
    let out = dir.path().join("standings.html").display().to_string();
    for (extra, named) in [
        (None, "FIDE C.07 pre-2023"),
        (Some("2026"), "FIDE C.07 2026"),
    ] {
        let mut args = vec!["print", &file, "--doc", "standings", "-o", &out];
        if let Some(rules) = extra {
            args.extend(["--rules", rules]);
        }
        let o = run(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let html = std::fs::read_to_string(&out).expect("printed");
        assert!(html.contains(named), "{extra:?}: {named}");
    }
}
