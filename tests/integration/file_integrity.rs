//! Nothing wrong gets in, nothing written is lost or unreadable: the command line's file
//! doors, one test per way a file was let in or lost before (exit status 0 each time).
//! Every test runs the real binary.

use crate::common::{self, run};

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use swiss_arbiter::formats::{native, trf};
use swiss_arbiter::tournament::{GameResult, Outcome, Tournament};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh folder for one test, removed when the test ends.
struct Folder(PathBuf);

impl std::ops::Deref for Folder {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn folder(test: &str) -> Folder {
    let dir = std::env::temp_dir().join(format!(
        "swiss-arbiter-integrity-{test}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    Folder(dir)
}

fn arg(path: &Path) -> String {
    path.display().to_string()
}

/// The committed event the tests start from: 15 players, 3 of 9 rounds paired.
const FIXTURE: &str = "mastering-dutch-r3.trf";

fn fixture() -> PathBuf {
    common::fixtures_dir().join(FIXTURE)
}

/// The fixture's event.
fn event() -> Tournament {
    trf::read_file(&fixture()).expect("fixture reads")
}

/// The event saved as a native file in `dir`.
fn native_event(dir: &Path) -> PathBuf {
    let path = dir.join("event.sarb");
    native::save(&event(), &path).expect("saved");
    path
}

fn assert_refused(o: &Output, code: i32, words: &[&str]) {
    assert_eq!(o.status.code(), Some(code), "{}", stderr(o));
    let text = stderr(o);
    for word in words {
        assert!(text.contains(word), "expected {word:?} in: {text}");
    }
}

/// A native file that parses but contradicts itself is refused, naming the player and the
/// round, by every command that reads it; it is never paired, converted or written over.
#[test]
fn a_contradictory_native_file_is_never_paired_converted_or_overwritten() {
    let dir = folder("contradiction");
    let good = native::to_string(&event()).expect("serialises");
    let first_id = good.find("id: 2,").expect("player 2");
    let duplicate = format!(
        "{}id: 1,{}",
        &good[..first_id],
        &good[first_id + "id: 2,".len()..]
    );
    let unknown = good.replacen("opponent: 5,", "opponent: 55,", 1);
    // Both players of a game recorded as winners.
    let won = {
        let mut bad = event();
        let opponent = bad.players[0].results[0]
            .opponent()
            .expect("a game in round 1");
        for id in [bad.players[0].id, opponent] {
            if let Some(Outcome::Game { result, .. }) =
                bad.player_mut(id).and_then(|p| p.results.first_mut())
            {
                *result = GameResult::Win;
            }
        }
        // Serialised without the check, as a hand edit would leave it.
        common::unchecked_native_text(&bad)
    };
    let no_players = "(format_version: 1, tournament: (event: (name: \"Open\")))".to_string();
    for (name, text, words) in [
        ("duplicate", duplicate, vec!["used twice"]),
        ("unknown", unknown, vec!["opponent 55 is not a player"]),
        (
            "won",
            won,
            vec!["round 1", "does not record this game the same way"],
        ),
        ("missing", no_players, vec!["`players` part"]),
    ] {
        let path = dir.join(format!("{name}.sarb"));
        std::fs::write(&path, &text).expect("write");
        let p = arg(&path);
        let out = arg(&dir.join(format!("{name}-out.trf")));
        for args in [
            vec!["pair", "--system", "dutch", p.as_str()],
            vec!["convert", p.as_str(), "-o", out.as_str()],
            vec!["standings", p.as_str()],
            vec!["report", p.as_str()],
            vec!["explain", "--system", "dutch", p.as_str()],
        ] {
            let o = run(&args);
            assert_refused(&o, 3, &words);
            assert!(o.stdout.is_empty(), "{name} {args:?}: nothing on stdout");
        }
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            text,
            "{name}: untouched"
        );
        assert!(!dir.join(format!("{name}-out.trf")).exists());
    }
}

/// `-o EVENT.sarb` on any command but a native save is refused (exit 5) and the event is
/// untouched; so is an output over the file read, or over a TRF event.
#[test]
fn no_output_replaces_the_event_it_reads_or_any_other() {
    let dir = folder("over-event");
    let event = native_event(&dir);
    let before = std::fs::read(&event).expect("read");
    let e = arg(&event);
    let trf_event = dir.join("event.trf");
    std::fs::copy(fixture(), &trf_event).expect("copy");
    let t = arg(&trf_event);
    let trf_before = std::fs::read(&trf_event).expect("read");
    // A native event under another name: recognised by its content.
    let disguised = dir.join("notes.txt");
    std::fs::write(&disguised, &before).expect("write");
    let d = arg(&disguised);
    for args in [
        vec!["standings", e.as_str(), "-o", e.as_str()],
        vec!["report", e.as_str(), "-o", e.as_str()],
        vec!["pair", "--system", "dutch", e.as_str(), "-o", e.as_str()],
        vec!["explain", "--system", "dutch", e.as_str(), "-o", e.as_str()],
        vec!["convert", e.as_str(), "-o", e.as_str(), "--to", "trf26"],
        vec!["print", e.as_str(), "--doc", "pairings", "-o", e.as_str()],
        vec!["standings", t.as_str(), "-o", t.as_str()],
        vec!["report", t.as_str(), "-o", t.as_str()],
        vec!["pair", "--system", "dutch", t.as_str(), "-o", t.as_str()],
        vec!["convert", t.as_str(), "-o", t.as_str()],
        vec!["standings", e.as_str(), "-o", t.as_str()],
        vec!["standings", e.as_str(), "-o", d.as_str()],
        vec!["report", e.as_str(), "-o", d.as_str()],
        vec!["--dutch", t.as_str(), "-p", t.as_str()],
    ] {
        let o = run(&args);
        let code = if args[0] == "print" { 3 } else { 5 };
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("nothing was written") || code == 3,
            "{args:?}: {}",
            stderr(&o)
        );
    }
    assert_eq!(
        std::fs::read(&event).expect("read"),
        before,
        "native event untouched"
    );
    assert_eq!(
        std::fs::read(&trf_event).expect("read"),
        trf_before,
        "TRF event untouched"
    );
    assert_eq!(
        std::fs::read(&disguised).expect("read"),
        before,
        "disguised event untouched"
    );
    // A native save of the event over itself is a save: allowed, with a backup.
    let o = run(&["convert", e.as_str(), "-o", e.as_str()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read(native::backup_path(&event)).expect("backup"),
        before
    );
}

#[cfg(unix)]
fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// Links are neither followed nor replaced; FIFOs and devices are written into, never
/// replaced by a regular file; `-` is standard output.
#[cfg(unix)]
#[test]
fn outputs_neither_follow_nor_replace_links_fifos_or_devices() {
    use std::io::Read;
    use std::os::unix::fs::FileTypeExt;
    let dir = folder("special");
    let event = native_event(&dir);
    let e = arg(&event);
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep me").expect("write");
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&victim, &link).expect("symlink");
    let o = run(&["standings", e.as_str(), "-o", arg(&link).as_str()]);
    assert_refused(&o, 5, &["symbolic link"]);
    assert!(is_link(&link));
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "keep me");
    let native_link = dir.join("link.sarb");
    std::os::unix::fs::symlink(&event, &native_link).expect("symlink");
    let o = run(&["convert", e.as_str(), "-o", arg(&native_link).as_str()]);
    assert_refused(&o, 5, &["symbolic link"]);
    assert!(is_link(&native_link));

    // A FIFO: the output goes into it, and it stays a FIFO.
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            std::fs::File::open(&fifo)
                .and_then(|mut f| f.read_to_string(&mut text))
                .expect("read the FIFO");
            text
        })
    };
    let o = run(&[
        "standings",
        e.as_str(),
        "--format",
        "csv",
        "-o",
        arg(&fifo).as_str(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = reader.join().expect("reader");
    assert!(text.starts_with("Rank,StartNo,PTS"), "{text}");
    assert!(
        std::fs::symlink_metadata(&fifo)
            .expect("fifo")
            .file_type()
            .is_fifo()
    );

    // A character device: as root, a null device node of our own (never the system's).
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if is_root {
        let null = dir.join("null");
        let made = Command::new("mknod")
            .args([arg(&null).as_str(), "c", "1", "3"])
            .status()
            .expect("mknod runs");
        assert!(made.success());
        let o = run(&["report", e.as_str(), "-o", arg(&null).as_str()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let kind = std::fs::symlink_metadata(&null).expect("node").file_type();
        assert!(kind.is_char_device(), "the device node is still one");
    } else {
        common::skipped(format_args!("the device-node case needs root (mknod)"));
    }

    // `-` is standard output.
    let o = run(&["standings", e.as_str(), "--format", "csv", "-o", "-"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("Rank,StartNo,PTS"));
    assert!(!Path::new("-").exists(), "no file named -");
}

/// A full disk behind standard output is a failure (exit 5), not a report cut in the
/// middle of a line with exit 0.
#[cfg(target_os = "linux")]
#[test]
fn standard_output_errors_are_failures() {
    let dir = folder("stdout");
    let e = arg(&native_event(&dir));
    for args in [
        vec!["report", e.as_str()],
        vec!["standings", e.as_str()],
        vec!["pair", "--system", "dutch", e.as_str()],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let o = Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
            .args(&args)
            .stdout(Stdio::from(full))
            .output()
            .expect("runs");
        assert_refused(&o, 5, &["standard output", "incomplete"]);
    }
}

/// What TRF's columns cannot hold is refused before anything is written, naming the player
/// and the field; the FIDE report of every accepted event reads back.
#[test]
fn what_trf_cannot_hold_is_refused_before_writing() {
    let dir = folder("misfits");
    let mut t = event();
    t.players[0].federation = "GERMANY".into();
    t.players[1].rating = Some(12_000);
    t.players[2].fide_id = Some(123_456_789_012);
    t.event.name = "Open\n001    9      Forged".into();
    let path = dir.join("wide.sarb");
    native::save(&t, &path).expect("the native format holds it all");
    let p = arg(&path);
    let out = dir.join("wide.trf");
    let o_arg = arg(&out);
    for args in [
        vec!["convert", p.as_str(), "-o", o_arg.as_str()],
        vec!["report", p.as_str(), "-o", o_arg.as_str()],
        vec!["report", p.as_str()],
    ] {
        let o = run(&args);
        assert_refused(
            &o,
            5,
            &[
                "Federation",
                "\"GERMANY\"",
                "Rating",
                "12000",
                "FIDE ID",
                "line break",
            ],
        );
        assert!(o.stdout.is_empty(), "{args:?}: no partial report");
        assert!(!out.exists(), "{args:?}: nothing written");
    }
    let fine = dir.join("fine.sarb");
    native::save(&event(), &fine).expect("save");
    let report = run(&["report", arg(&fine).as_str()]);
    assert!(report.status.success(), "{}", stderr(&report));
    trf::read(&report.stdout, "report.trf").expect("the FIDE report reads back");
}

/// `generate --players 10000 -o g.trf`: refused at once (TRF numbers players up to 9999),
/// instead of writing a file its own reader refuses.
#[test]
fn generate_refuses_more_players_than_trf_can_number() {
    let dir = folder("generate");
    let out = dir.join("g.trf");
    let started = Instant::now();
    let o = run(&[
        "generate",
        "--system",
        "dutch",
        "--players",
        "10000",
        "--rounds",
        "1",
        "-o",
        arg(&out).as_str(),
    ]);
    assert_refused(&o, 5, &["9999", ".sarb"]);
    assert!(!out.exists());
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "refused before pairing anything"
    );
}

/// A damaged event does not push the good versions out of the backups; the file's
/// permissions survive a save.
#[cfg(unix)]
#[test]
fn backups_keep_good_versions_and_saves_keep_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("backups");
    let event = native_event(&dir);
    let e = arg(&event);
    let o = run(&["convert", e.as_str(), "-o", e.as_str()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let good = std::fs::read(native::backup_path(&event)).expect("backup");
    std::fs::write(&event, "(format_version: 1, tournament: (players: [oops").expect("damage");
    let o = run(&["pair", "--system", "dutch", e.as_str()]);
    assert_refused(&o, 3, &["event.backup.sarb"]);
    let fixture = arg(&fixture());
    let o = run(&["convert", fixture.as_str(), "-o", e.as_str()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read(native::backup_path(&event)).expect("backup"),
        good,
        "the damaged file did not replace the good backup"
    );
    std::fs::set_permissions(&event, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let o = run(&["convert", fixture.as_str(), "-o", e.as_str()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mode = std::fs::metadata(&event)
        .expect("meta")
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600, "a private event stays private");
}

/// A round after the next one, or beyond the planned rounds, is refused with the reason;
/// an absurd round number is refused at once.
#[test]
fn rounds_beyond_the_next_or_the_planned_ones_are_refused() {
    let dir = folder("rounds");
    let done = dir.join("done.trf");
    let o = run(&[
        "generate",
        "--system",
        "dutch",
        "--players",
        "8",
        "--rounds",
        "2",
        "-o",
        arg(&done).as_str(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Both planned rounds are paired: the next round is past them.
    let done = arg(&done);
    for command in ["pair", "explain", "bench"] {
        let o = run(&[command, "--system", "dutch", done.as_str()]);
        assert_refused(&o, 3, &["round 3 is beyond the event's 2 rounds"]);
    }
    let fixture = arg(&fixture());
    let started = Instant::now();
    for round in ["30", "4294967295"] {
        let o = run(&[
            "pair",
            "--system",
            "dutch",
            fixture.as_str(),
            "--round",
            round,
        ]);
        assert_refused(&o, 3, &["cannot be paired yet"]);
    }
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "refused, not attempted"
    );
    // An earlier round may be paired again.
    let o = run(&[
        "pair",
        "--system",
        "dutch",
        fixture.as_str(),
        "--round",
        "3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// Hostile input stays cheap: a 1 MB player record is refused at its column (it took
/// 10-17 s to pair before); a large field with many groups of players who must not meet is
/// paired with the groups looked up, not scanned for every pair (minutes before).
#[test]
fn hostile_inputs_are_refused_or_paired_in_bounded_time() {
    let dir = folder("hostile");
    let line = |id: u32, entries: &str| {
        format!(
            "001 {id:>4}      {:<33} 2000 GER             {:<10}           {entries}",
            format!("P{id}, X"),
            ""
        )
    };
    let long = format!(
        "012 Cliff\nXXR 5\n{}\n{}\n",
        line(1, &"  0000 - H".repeat(100_000)),
        line(2, "")
    );
    let path = dir.join("long.trf");
    std::fs::write(&path, long).expect("write");
    let started = Instant::now();
    let o = run(&["pair", "--system", "dutch", arg(&path).as_str()]);
    assert_refused(&o, 3, &["long.trf:3:", "at most 999 rounds"]);
    assert!(started.elapsed() < Duration::from_secs(30));

    // 2000 players in 6000 groups of five who must not meet, round 1.
    let mut text = String::from("012 Groups\nXXR 9\n");
    let mut seed = 7u64;
    for _ in 0..6000 {
        let group: Vec<String> = (0..5)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                ((seed >> 33) % 2000 + 1).to_string()
            })
            .collect();
        text.push_str(&format!("XXP {}\n", group.join(" ")));
    }
    for id in 1..=2000 {
        text.push_str(&line(id, ""));
        text.push('\n');
    }
    let path = dir.join("groups.trf");
    std::fs::write(&path, text).expect("write");
    let started = Instant::now();
    let o = run(&["pair", "--system", "dutch", arg(&path).as_str()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "paired in {:.1?} (a generous bound for a loaded machine; over a minute before)",
        started.elapsed()
    );
}
