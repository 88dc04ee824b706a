//! No command line makes the program panic: random sequences of real subcommands, flags
//! and values (real, damaged, missing and folder paths; numbers in and out of range;
//! arbitrary text) only ever give an exit status, and every file written is complete
//! (no temporary file left beside it).

#[path = "integration/common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::sync::OnceLock;

use clap::Parser;
use proptest::prelude::*;
use swiss_arbiter::cli;
use swiss_arbiter::formats::{native, trf};

/// A folder with the inputs the tokens name; outputs go there too.
fn workdir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("swiss-arbiter-cli-fuzz-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let fixture = common::fixtures_dir().join("dutch2012-n007-r06-k51x121.trf");
        let _ = std::fs::copy(&fixture, dir.join("event.trf"));
        if let Ok(t) = trf::read_file(&fixture) {
            let _ = native::save(&t, &dir.join("event.ron"));
            let text = native::to_string(&t).expect("serialises");
            let _ = std::fs::write(dir.join("cut.ron"), &text[..text.len() / 2]);
        }
        let _ = std::fs::write(dir.join("garbage.trf"), b"012 \xff\xfe\n001    1 m");
        // Relative paths among the random words (`-o 0.3`) must land here, not in the
        // repository; this binary has only one test, so changing folder is safe.
        let _ = std::env::set_current_dir(&dir);
        dir
    })
}

fn path(name: &str) -> String {
    workdir().join(name).display().to_string()
}

fn first_word() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec![
            "convert", "pair", "check", "bench", "standings", "print", "report", "generate",
        ]).prop_map(String::from),
        1 => prop::sample::select(vec!["--dutch", "--burstein", "--help", "--version", "help", ""])
            .prop_map(String::from),
        1 => ".{0,8}",
    ]
}

fn word() -> impl Strategy<Value = String> {
    let flags = prop::sample::select(vec![
        "--system",
        "--round",
        "-o",
        "--output",
        "--to",
        "--format",
        "--repeat",
        "--players",
        "--rounds",
        "--seed",
        "--draw-rate",
        "--forfeit-rate",
        "--bye-rate",
        "--fpb",
        "--hpb",
        "--zpb",
        "--withdrawals",
        "--forfeits",
        "--double-forfeits",
        "--pab",
        "--scoring",
        "--baku",
        "--doc",
        "--paper",
        "--trf16",
        "--tiebreaks",
        "--rules",
        "--unrated-rating",
        "--predetermined",
        "--explain",
        "-p",
        "-c",
        "--",
        "-",
    ])
    .prop_map(String::from);
    let values = prop::sample::select(vec![
        "dutch",
        "dutch-2026",
        "dutch-2017",
        "dutch-2012",
        "burstein",
        "lim",
        "dubov",
        "rating-1998",
        "0",
        "1",
        "2",
        "3",
        "7",
        "12",
        "-1",
        "+2",
        "1.5",
        "0.3",
        "nan",
        "inf",
        "4294967296",
        "99999999999999999999",
        "trf",
        "trf16",
        "ron",
        "native",
        "javafo",
        "json",
        "csv",
        "text",
        "a4",
        "letter",
        "pairings",
        "alpha",
        "slips",
        "standings",
        "crosstable",
        "ranklist",
        "1-0.5-0",
        "3-1-0",
        "BH,SB,DE",
        "BH:C1",
        "3@2-5",
        "5%",
        "1@2-,50%@1",
        "100%@0-",
        "é",
        "",
    ])
    .prop_map(String::from);
    let inputs = prop::sample::select(vec![
        "event.trf",
        "event.ron",
        "cut.ron",
        "garbage.trf",
        "missing.trf",
        ".",
    ])
    .prop_map(path);
    let outputs = prop::sample::select(vec![
        "out.trf",
        "out.ron",
        "out.pdf",
        "out.html",
        "out.txt",
        "out",
        "no-folder/out.trf",
    ])
    .prop_map(path);
    prop_oneof![4 => flags, 4 => values, 3 => inputs, 2 => outputs, 1 => ".{0,6}"]
}

/// Runs the arguments as `main` does, without clap printing help into the test output.
fn run(args: &[String]) {
    if matches!(
        args.get(1).map(String::as_str),
        Some("--dutch" | "--burstein")
    ) {
        let _ = cli::main(args.to_vec());
    } else if let Ok(parsed) = cli::Cli::try_parse_from(args) {
        let _ = cli::run(parsed);
    }
}

proptest! {
    // A fixed seed keeps CI reproducible; see `common::fuzz` for long runs.
    #![proptest_config(common::fuzz::config(1000, 0xC11_2026))]

    #[test]
    fn no_command_line_panics(first in first_word(), rest in proptest::collection::vec(word(), 0..8)) {
        let dir = workdir(); // first: it also makes the working folder
        let mut args = vec!["swiss-arbiter".to_string(), first];
        args.extend(rest);
        run(&args);
        let leftovers: Vec<String> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|name| name.starts_with('.') && name.ends_with(".tmp"))
                    .collect()
            })
            .unwrap_or_default();
        prop_assert!(leftovers.is_empty(), "temporary files left: {:?} after {:?}", leftovers, args);
        // No command destroys an event: the two events of the folder still read as events
        // (an event may replace another event of its kind, nothing else may).
        prop_assert!(trf::read_file(&dir.join("event.trf")).is_ok(), "event.trf destroyed by {:?}", args);
        prop_assert!(native::load(&dir.join("event.ron")).is_ok(), "event.ron destroyed by {:?}", args);
    }
}
