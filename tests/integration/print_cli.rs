//! `swiss-arbiter print` and `report`: files written by extension, clear errors with the
//! command line's exit codes (2 bad arguments, 3 invalid input, 5 file not writable).

use crate::common::{self, run};

use std::path::PathBuf;
use std::process::Output;

fn fixture() -> String {
    common::fixtures_dir()
        .join("dutch2026-n010-r04-s3100008.trf")
        .display()
        .to_string()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-print-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn writes_pdf_and_html_by_extension() {
    for (doc, ext) in [
        ("pairings", "pdf"),
        ("alpha", "html"),
        ("slips", "pdf"),
        ("standings", "htm"),
        ("crosstable", "pdf"),
        ("ranklist", "pdf"),
    ] {
        let out = temp(&format!("{doc}.{ext}"));
        let o = run(&[
            "print",
            &fixture(),
            "--doc",
            doc,
            "--paper",
            "letter",
            "-o",
            &out.display().to_string(),
        ]);
        assert!(o.status.success(), "{doc}: {}", stderr(&o));
        let bytes = std::fs::read(&out).expect("output written");
        if ext == "pdf" {
            assert!(bytes.starts_with(b"%PDF-"), "{doc}");
        } else {
            assert!(bytes.starts_with(b"<!DOCTYPE html>"), "{doc}");
        }
    }
}

#[test]
fn errors_are_clear_and_coded() {
    let out = temp("x.pdf").display().to_string();
    let cases: [(&[&str], i32, &str); 5] = [
        (
            &["print", &fixture(), "--doc", "pairings", "-o", "out.txt"],
            3,
            ".pdf or .html",
        ),
        (
            &[
                "print",
                &fixture(),
                "--doc",
                "pairings",
                "--round",
                "7",
                "-o",
                &out,
            ],
            3,
            "round 7 is not paired",
        ),
        (
            &["print", &fixture(), "--doc", "wallchart", "-o", &out],
            2,
            "expected one of pairings, alpha",
        ),
        (
            &[
                "print",
                &fixture(),
                "--doc",
                "alpha",
                "--paper",
                "a3",
                "-o",
                &out,
            ],
            2,
            "expected a4 or letter",
        ),
        (
            &[
                "print",
                &fixture(),
                "--doc",
                "ranklist",
                "-o",
                "/nonexistent-dir/x.pdf",
            ],
            5,
            "/nonexistent-dir/x.pdf",
        ),
    ];
    for (args, code, message) in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn the_rating_report_carries_ranks_and_tiebreaks() {
    let o = run(&["report", &fixture()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("\n212 PTS,"), "{text}");
    let ranks: Vec<u32> = text
        .lines()
        .filter(|l| l.starts_with("001"))
        .filter_map(|l| l.get(85..89)?.trim().parse().ok())
        .collect();
    assert_eq!(ranks.len(), 10, "{text}");
    assert!(ranks.contains(&1));
    let old = run(&["report", &fixture(), "--trf16"]);
    assert!(old.status.success());
    let old = String::from_utf8_lossy(&old.stdout);
    assert!(old.contains("\nXXS ") && !old.contains("\n162"), "{old}");
}

/// The FIDE report is made from the rounds played: a draft round or a missing result is
/// refused with the round named (it used to be reported, ranked on the rounds before it);
/// a bye requested for a round not paired yet is not in anyone's points nor in the file;
/// the system is named in `092` when the event leaves it empty; missing round dates and
/// FIDE IDs are said on standard error.
#[test]
fn the_rating_report_holds_only_rounds_played() {
    use swiss_arbiter::formats::{native, trf};
    use swiss_arbiter::tournament::{ByeKind, Outcome, SystemId};
    let mut t = trf::read_file(&common::fixtures_dir().join("dutch2026-n010-r04-s3100008.trf"))
        .expect("fixture reads");
    t.event.tournament_type.clear();
    t.event.system = Some(SystemId::Dutch2026);
    t.event.rounds = Some(9);
    let next = t.next_round();
    let requested = next + 1;
    t.players[0].set_outcome(requested, Outcome::Bye(ByeKind::Half));
    let points = t.score_after(&t.players[0], next - 1);
    let file = temp("future-bye.sarb");
    native::save(&t, &file).expect("saved");
    let arg = file.display().to_string();
    let o = run(&["report", &arg]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report = trf::read(&o.stdout, "report.trf").expect("the report reads back");
    let first = &report.players[0];
    assert_eq!(
        report.score(first),
        points,
        "the requested bye is not counted"
    );
    assert!(first.results.len() < requested as usize);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("\n092 Swiss system: Dutch"), "{text}");
    assert!(
        stderr(&o).contains("warning: no date for round(s) 1, 2, 3"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("without a FIDE ID"), "{}", stderr(&o));

    // The next round paired as a draft: refused, nothing on standard output.
    swiss_arbiter::pairing::PairingRequest::recorded(&t, SystemId::Dutch2026, next)
        .pair()
        .expect("pairs")
        .record_into(&mut t);
    native::save(&t, &file).expect("saved");
    let o = run(&["report", &arg]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("round {next} is a draft")),
        "{}",
        stderr(&o)
    );
    assert!(o.stdout.is_empty());
    // Published, its results still missing: refused too.
    t.round_records[next as usize - 1].published = true;
    native::save(&t, &file).expect("saved");
    let o = run(&["report", &arg]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("without a result"), "{}", stderr(&o));
}

/// Checklist Q108: the acceleration in force is printed with the pairings of the rounds it
/// applies to, and not after them.
#[test]
fn the_pairings_of_an_accelerated_round_print_its_rules() {
    use swiss_arbiter::generator::{GeneratorConfig, generate};
    use swiss_arbiter::tournament::{ScoringSystem, SystemId};

    let config = GeneratorConfig {
        players: 24,
        rounds: 7,
        planned_rounds: None,
        seed: 11,
        draw_rate: 0.3,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        absences: Default::default(),
        scoring: ScoringSystem::standard(),
        baku: true,
    };
    let t = generate(&config, SystemId::Dutch2026).expect("generated");
    let file = temp("accelerated.sarb");
    swiss_arbiter::formats::native::save(&t, &file).expect("saved");
    let page = |round: &str| {
        let out = temp(&format!("accelerated-{round}.html"));
        let o = run(&[
            "print",
            &file.display().to_string(),
            "--doc",
            "pairings",
            "--round",
            round,
            "-o",
            &out.display().to_string(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(&out).expect("written")
    };
    // Seven rounds: accelerated up to round 4 (⌈7/2⌉), a win's points up to round 2.
    let accelerated = page("4");
    assert!(
        accelerated.contains("Baku acceleration (C.04.7): group A is players 1-12"),
        "{accelerated}"
    );
    assert!(accelerated.contains("players 1-12: 0.5 virtual points in rounds 3-4"));
    assert!(
        !page("5").contains("virtual points"),
        "round 5 is not accelerated"
    );
}

/// A name with characters no installed font has (private-use code points): the PDF is
/// still written, and the command line names them in a warning (issue 54).
#[test]
fn characters_no_font_has_print_with_a_warning() {
    let text = std::fs::read_to_string(fixture()).expect("fixture");
    // Same number of characters: the TRF's columns are counted in characters.
    let text = text.replacen(
        "Test0001 Player0001",
        "Test0001 Player\u{F0000}\u{F0001}\u{F0002}\u{F0003}",
        1,
    );
    let event = temp("private-use.trf");
    std::fs::write(&event, text).expect("write event");
    let out = temp("private-use.pdf");
    let o = run(&[
        "print",
        &event.display().to_string(),
        "--doc",
        "alpha",
        "-o",
        &out.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&out).expect("output written");
    assert!(bytes.starts_with(b"%PDF-"));
    let err = stderr(&o);
    assert!(
        err.contains("warning: no font on this machine has 4 character(s)"),
        "{err}"
    );
    assert!(err.contains("U+F0000"), "{err}");
}
