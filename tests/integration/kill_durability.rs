//! Nothing acknowledged is lost and the file is never corrupt, whenever the process dies.
//!
//! This test binary runs itself as the editing process (the ignored test `editor`): it
//! applies a stream of edits to an event, saves each through [`native::save`] (the path
//! the desktop's autosave and Save take), and prints `ack N` once edit N is durable. The
//! test kills it (SIGKILL on Unix) at random moments, then checks that the file and its
//! backup read, that every acknowledged edit is there, and that nothing else is. The next
//! editor continues from the file, as the application does after a crash.
//!
//! `KILL_TEST_ROUNDS=500 cargo test --no-default-features --test kill_durability` kills
//! more often (the default, 15, takes a few seconds).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use swiss_arbiter::formats::native;
use swiss_arbiter::generator::{GeneratorConfig, generate};
use swiss_arbiter::tournament::{Player, ScoringSystem, SystemId, Tournament};

/// The environment variable that turns the `editor` test into the editing process.
const FILE_VAR: &str = "KILL_TEST_FILE";

/// The name edit `n` gives the player it adds.
fn edit_name(n: u32) -> String {
    format!("Edit {n:06}")
}

/// The event the editor starts from: 60 players, four rounds played.
fn starting_event() -> Tournament {
    let config = GeneratorConfig {
        players: 60,
        rounds: 4,
        planned_rounds: None,
        seed: 11,
        draw_rate: 0.3,
        results: Default::default(),
        forfeit_rate: 0.02,
        bye_rate: 0.02,
        scoring: ScoringSystem::standard(),
        baku: false,
        absences: Default::default(),
    };
    generate(&config, SystemId::Dutch2026).expect("the generator pairs 4 rounds")
}

/// The edits the file holds, in order: the numbers in the added players' names.
fn edits_in(t: &Tournament) -> Vec<u32> {
    t.players
        .iter()
        .filter_map(|p| p.name.strip_prefix("Edit ")?.parse().ok())
        .collect()
}

/// The editing process: adds one player per edit, saving each, until it is killed (or
/// after 100 000 edits). Not a test on its own; see the module comment.
#[test]
#[ignore = "run by `nothing_acknowledged_is_lost_when_killed` as a child process"]
fn editor() {
    let Some(path) = std::env::var_os(FILE_VAR).map(PathBuf::from) else {
        return;
    };
    let mut t = if path.exists() {
        native::load(&path).expect("the file left by a killed editor must read")
    } else {
        starting_event()
    };
    let mut stdout = std::io::stdout();
    let first = edits_in(&t).last().map_or(0, |n| n + 1);
    for n in first..first + 100_000 {
        let id = t.players.iter().map(|p| p.id).max().unwrap_or(0) + 1;
        let mut player = Player::new(id, edit_name(n));
        player.rating = Some(1000 + (n % 1500) as u16);
        t.players.push(player);
        native::save(&t, &path).expect("save");
        // Written straight to the pipe (not through the test harness's capture).
        writeln!(stdout, "ack {n}").expect("ack");
        stdout.flush().expect("flush");
    }
}

/// A small random generator (xorshift), seeded from the clock and printed, so that a
/// failing run can be repeated with `KILL_TEST_SEED`.
struct Random(u64);

impl Random {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % below
    }
}

/// Runs one editor until it has acknowledged a few edits plus a random delay, then kills
/// it; returns the last acknowledged edit.
fn run_and_kill(path: &Path, random: &mut Random) -> Option<u32> {
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "kill_durability::editor",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(FILE_VAR, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the editor");
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(n) = line
                .strip_prefix("ack ")
                .and_then(|n| n.parse::<u32>().ok())
                && tx.send(n).is_err()
            {
                break;
            }
        }
    });
    // Wait for the first acknowledgement (the editor has started), then kill it at a
    // random moment within the next 40 ms: before, during or after a save.
    let mut last = rx.recv_timeout(Duration::from_secs(60)).ok();
    let deadline = Instant::now() + Duration::from_micros(random.next(40_000));
    while let Some(wait) = deadline.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(wait) {
            Ok(n) => last = Some(n),
            Err(_) => break,
        }
    }
    child.kill().expect("kill");
    let _ = child.wait();
    let _ = reader.join();
    // Acknowledgements already in the pipe were printed before the kill.
    last.into_iter().chain(rx.try_iter()).max()
}

#[test]
fn nothing_acknowledged_is_lost_when_killed() {
    let rounds: u32 = std::env::var("KILL_TEST_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(15);
    let seed = std::env::var("KILL_TEST_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                | 1
        });
    let mut random = Random(seed);
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("event.sarb");
    let started = Instant::now();
    let base = starting_event().players.len();

    let mut acknowledged = 0;
    let mut ahead = 0;
    let mut highest: Option<u32> = None;
    for round in 0..rounds {
        let acked = run_and_kill(&path, &mut random);
        let t = native::load(&path)
            .unwrap_or_else(|e| panic!("seed {seed}, kill {round}: the file is corrupt: {e}"));
        let edits = edits_in(&t);
        let expected_prefix: Vec<u32> = (0..edits.len() as u32).collect();
        assert_eq!(
            edits, expected_prefix,
            "seed {seed}: edits out of order or missing"
        );
        assert_eq!(
            t.players.len(),
            base + edits.len(),
            "seed {seed}: the event itself changed"
        );
        if let Some(acked) = acked {
            let saved = edits.len() as u32;
            assert!(
                saved > acked,
                "seed {seed}, kill {round}: edit {acked} was acknowledged but the file has only {saved} edits"
            );
            // At most the edit being acknowledged when the kill came is there unannounced.
            assert!(
                saved <= acked + 2,
                "seed {seed}: edits appeared from nowhere"
            );
            acknowledged += acked + 1 - highest.map_or(0, |h| h + 1);
            ahead += saved - (acked + 1);
            highest = Some(acked);
        }
        for backup in native::backup_paths(&path).iter().filter(|p| p.exists()) {
            native::load(backup)
                .unwrap_or_else(|e| panic!("seed {seed}, kill {round}: a backup is corrupt: {e}"));
        }
        // Only the file, its backups and temporary files of killed saves (`.NAME.*.tmp`,
        // removed by a later save once a minute old) are in the folder.
        let kept: Vec<String> = std::iter::once(path.clone())
            .chain(native::backup_paths(&path))
            .filter_map(|p| Some(p.file_name()?.to_string_lossy().into_owned()))
            .collect();
        let strays: Vec<String> = std::fs::read_dir(&dir)
            .map(|d| {
                d.filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| !kept.contains(n) && n != native::BACKUP_FOLDER)
                    .filter(|n| !(n.starts_with('.') && n.ends_with(".tmp")))
                    .collect()
            })
            .unwrap_or_default();
        assert!(
            strays.is_empty(),
            "seed {seed}: unexpected files {strays:?}"
        );
    }
    eprintln!(
        "kill test (seed {seed}): {rounds} kills, {acknowledged} acknowledged edits all kept, {ahead} saved edits unacknowledged at the kill, {:.1?}",
        started.elapsed()
    );
    assert!(
        acknowledged >= u64::from(rounds) as u32,
        "every editor acknowledged an edit"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
