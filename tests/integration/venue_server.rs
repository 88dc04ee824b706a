//! The venue network through `swiss-arbiter serve` on loopback: results entered and
//! confirmed from the boards, deputies' codes, hostile requests refused with nothing
//! changed, kills during submissions, and a load of phones.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use swiss_arbiter::tournament::BoardResult;

use crate::common::venue::{self, Served, board_path, get, post, request};

/// A form key, unique per test and number.
fn key(tag: &str, n: u64) -> String {
    format!("{tag}-{n:010}")
}

/// The token in a board's path.
fn token(path: &str) -> &str {
    path.split("t=").nth(1).expect("a token")
}

fn results(path: &Path, round: u32) -> Vec<BoardResult> {
    venue::recorded(path)[0]
        .boards(round)
        .into_iter()
        .map(|b| b.result)
        .collect()
}

/// Submits a player's result for a board of round 3.
fn submit(
    addr: &str,
    event: &Path,
    board: usize,
    side: &str,
    result: &str,
    key: &str,
) -> venue::Response {
    let path = board_path(event, 3, board);
    post(
        addr,
        &format!("/board/1/3/{board}"),
        &[
            ("t", token(&path)),
            ("side", side),
            ("result", result),
            ("key", key),
        ],
    )
}

fn prepared(name: &str, players: u32, draft: bool) -> (PathBuf, PathBuf) {
    let dir = venue::folder(name);
    let path = venue::save(&dir, &venue::event(players, 2, 7, draft));
    (dir, path)
}

#[test]
fn a_result_entered_by_one_player_and_confirmed_by_the_other_is_recorded_once() {
    let (_dir, event) = prepared("confirm", 16, false);
    let served = Served::start(&event, &[]);
    let addr = served.addr.clone();
    let page = get(&addr, &board_path(&event, 3, 1));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains("Board 1") && page.body.contains("<form"),
        "{}",
        page.body
    );
    assert_eq!(page.header("referrer-policy"), Some("no-referrer"));

    let white = submit(&addr, &event, 1, "white", "1-0", &key("c", 1));
    assert_eq!(
        (white.status, white.outcome()),
        (202, "waiting"),
        "{}",
        white.body
    );
    // A double tap: the same key, the same answer, nothing more.
    let again = submit(&addr, &event, 1, "white", "1-0", &key("c", 1));
    assert_eq!((again.status, again.outcome()), (202, "waiting"));
    let page = get(&addr, &board_path(&event, 3, 1));
    assert!(page.body.contains("White entered"), "{}", page.body);

    let black = submit(&addr, &event, 1, "black", "1-0", &key("c", 2));
    assert_eq!(
        (black.status, black.outcome()),
        (200, "recorded"),
        "{}",
        black.body
    );
    let late = submit(&addr, &event, 1, "black", "1-0", &key("c", 3));
    assert_eq!(late.outcome(), "unchanged");
    // A claim against the recorded result goes to the arbiter and changes nothing.
    let claim = submit(&addr, &event, 1, "black", "0-1", &key("c", 4));
    assert_eq!((claim.status, claim.outcome()), (202, "queued"));

    // Killed at once: what was acknowledged is in the file and journal.
    served.kill();
    let after = results(&event, 3);
    assert_eq!(after[0], BoardResult::WhiteWins);
    assert!(
        after[1..].iter().all(|r| *r == BoardResult::Pending),
        "{after:?}"
    );
}

#[test]
fn disagreeing_players_are_queued_and_nothing_is_recorded() {
    let (_dir, event) = prepared("disagree", 16, false);
    let served = Served::start(&event, &[]);
    let addr = served.addr.clone();
    let white = submit(&addr, &event, 2, "white", "1-0", &key("d", 1));
    assert_eq!(white.outcome(), "waiting");
    let black = submit(&addr, &event, 2, "black", "0-1", &key("d", 2));
    assert_eq!(
        (black.status, black.outcome()),
        (202, "queued"),
        "{}",
        black.body
    );
    // The board now waits for the arbiter: its page says so, offers no form, and a
    // new entry (a player changing his mind) is refused.
    let page = get(&addr, &board_path(&event, 3, 2));
    assert!(
        page.body
            .contains("White entered <strong>1-0</strong>, Black <strong>0-1</strong>"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("<form"), "{}", page.body);
    let again = submit(&addr, &event, 2, "white", "0-1", &key("d", 3));
    assert_eq!(
        (again.status, again.outcome()),
        (409, "refused"),
        "{}",
        again.body
    );
    served.stop();
    assert!(
        results(&event, 3)
            .iter()
            .all(|r| *r == BoardResult::Pending)
    );
}

/// Makes a deputy's code with the command line; returns it.
fn add_code(event: &Path, boards: &str, rights: &str, hours: &str) -> String {
    let out = crate::common::run(&[
        "venue",
        "add-code",
        event.to_str().unwrap(),
        "--label",
        "Deputy",
        "--boards",
        boards,
        "--rights",
        rights,
        "--hours",
        hours,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn a_deputy_code_writes_its_boards_only_and_never_the_arbiters_results() {
    let (_dir, event) = prepared("deputy", 16, false);
    let fill = add_code(&event, "1-3", "fill", "2");
    let correct = add_code(&event, "1-8", "correct", "2");
    let served = Served::start(&event, &[]);
    let addr = served.addr.clone();
    let page = get(&addr, &format!("/deputy?c={fill}"));
    assert_eq!(page.status, 200, "{}", page.body);
    let write = |code: &str, board: usize, result: &str, n: u64| {
        post(
            &addr,
            &format!("/deputy/1/3/{board}"),
            &[("c", code), ("result", result), ("key", &key("p", n))],
        )
    };
    assert_eq!(write(&fill, 1, "1-0", 1).outcome(), "recorded");
    // Outside the code's boards.
    assert_eq!(write(&fill, 4, "1-0", 2).status, 403);
    // Fill-blank cannot change a result; correct can change one from the network.
    assert_eq!(write(&fill, 1, "0-1", 3).status, 409);
    assert_eq!(write(&correct, 1, "+/-", 4).outcome(), "recorded");
    served.stop();
    let after = results(&event, 3);
    assert_eq!(after[0], BoardResult::WhiteForfeitWin);
    assert!(after[1..].iter().all(|r| *r == BoardResult::Pending));
}

/// A hostile request: what it is, method, path, headers, body, the status expected.
type Case<'a> = (
    &'a str,
    &'a str,
    String,
    Vec<(&'a str, &'a str)>,
    String,
    u16,
);

#[test]
fn hostile_requests_are_refused_and_change_nothing() {
    let (_dir, event) = prepared("hostile", 16, false);
    let revoked = add_code(&event, "1-8", "correct", "2");
    let out = crate::common::run(&["venue", "revoke", event.to_str().unwrap(), "1"]);
    assert!(out.status.success());
    let expired = add_code(&event, "1-8", "correct", "0");
    let narrow = add_code(&event, "5-6", "fill", "2");
    let before = std::fs::read(&event).unwrap();
    let served = Served::start(&event, &["--failures-per-minute", "100000"]);
    let addr = served.addr.clone();
    let b1 = board_path(&event, 3, 1);
    let b2 = board_path(&event, 3, 2);
    let good = |t: &str| {
        format!(
            "t={t}&side=white&result=1-0&key={}",
            key("h", 1 + t.len() as u64)
        )
    };
    let form = [("Content-Type", "application/x-www-form-urlencoded")];
    let big = format!(
        "t={}&side=white&result=1-0&key=abcdefgh&x={}",
        token(&b1),
        "y".repeat(10_000)
    );
    let cases: Vec<Case> = vec![
        (
            "no code",
            "GET",
            "/board/1/3/1".into(),
            vec![],
            String::new(),
            403,
        ),
        (
            "a wrong code",
            "GET",
            "/board/1/3/1?t=aaaaaaaaaaaaaaaa".into(),
            vec![],
            String::new(),
            403,
        ),
        (
            "another board's code",
            "GET",
            format!("/board/1/3/1?t={}", token(&b2)),
            vec![],
            String::new(),
            403,
        ),
        (
            "another round's code",
            "GET",
            format!("/board/1/2/1?t={}", token(&b1)),
            vec![],
            String::new(),
            403,
        ),
        (
            "no such board",
            "GET",
            format!("/board/1/3/99?t={}", token(&b1)),
            vec![],
            String::new(),
            403,
        ),
        (
            "a write with no code",
            "POST",
            "/board/1/3/1".into(),
            form.to_vec(),
            "side=white&result=1-0&key=abcdefghij".into(),
            403,
        ),
        (
            "a write with another board's code",
            "POST",
            "/board/1/3/1".into(),
            form.to_vec(),
            good(token(&b2)),
            403,
        ),
        (
            "a forfeit from a player",
            "POST",
            "/board/1/3/1".into(),
            form.to_vec(),
            format!("t={}&side=white&result=%2B%2F-&key=abcdefghij", token(&b1)),
            422,
        ),
        (
            "no key",
            "POST",
            "/board/1/3/1".into(),
            form.to_vec(),
            format!("t={}&side=white&result=1-0", token(&b1)),
            422,
        ),
        (
            "a malformed body",
            "POST",
            "/board/1/3/1".into(),
            form.to_vec(),
            "%%%&&&=\u{0}".into(),
            422,
        ),
        (
            "another content type",
            "POST",
            "/board/1/3/1".into(),
            vec![("Content-Type", "application/json")],
            "{}".into(),
            415,
        ),
        (
            "an oversized body",
            "POST",
            "/board/1/3/1".into(),
            form.to_vec(),
            big,
            413,
        ),
        (
            "a cross-site form (Origin)",
            "POST",
            "/board/1/3/1".into(),
            vec![form[0], ("Origin", "http://evil.example")],
            good(token(&b1)),
            403,
        ),
        (
            "a cross-site form (Sec-Fetch-Site)",
            "POST",
            "/board/1/3/1".into(),
            vec![form[0], ("Sec-Fetch-Site", "cross-site")],
            good(token(&b1)),
            403,
        ),
        (
            "a revoked code",
            "POST",
            "/deputy/1/3/1".into(),
            form.to_vec(),
            format!("c={revoked}&result=1-0&key=abcdefghij"),
            403,
        ),
        (
            "an expired code",
            "POST",
            "/deputy/1/3/1".into(),
            form.to_vec(),
            format!("c={expired}&result=1-0&key=abcdefghik"),
            403,
        ),
        (
            "a code of other boards",
            "POST",
            "/deputy/1/3/1".into(),
            form.to_vec(),
            format!("c={narrow}&result=1-0&key=abcdefghil"),
            403,
        ),
        (
            "an unknown code's page",
            "GET",
            "/deputy?c=zzzzzzzzzzzz".into(),
            vec![],
            String::new(),
            403,
        ),
        (
            "path traversal",
            "GET",
            "/../event.sarb".into(),
            vec![],
            String::new(),
            404,
        ),
        (
            "encoded traversal",
            "GET",
            "/s1/..%2F..%2Fevent.sarb".into(),
            vec![],
            String::new(),
            404,
        ),
        (
            "the event file",
            "GET",
            "/event.sarb".into(),
            vec![],
            String::new(),
            404,
        ),
        (
            "the venue state",
            "GET",
            "/event.sarb.venue".into(),
            vec![],
            String::new(),
            404,
        ),
        (
            "a hidden name",
            "GET",
            "/.venue".into(),
            vec![],
            String::new(),
            404,
        ),
    ];
    for (what, method, path, headers, body, status) in &cases {
        let r = request(&addr, method, path, headers, body.as_bytes()).expect("an answer");
        assert_eq!(r.status, *status, "{what}: {} {path}: {}", r.status, r.body);
    }
    // A request line far over any page name.
    let long = format!("/{}", "a".repeat(20_000));
    let r = request(&addr, "GET", &long, &[], b"").expect("an answer");
    assert!((400..500).contains(&r.status), "a long path: {}", r.status);
    served.stop();
    assert_eq!(
        std::fs::read(&event).unwrap(),
        before,
        "the event file is unchanged"
    );
    assert!(
        results(&event, 3)
            .iter()
            .all(|r| *r == BoardResult::Pending)
    );
}

#[test]
fn a_draft_round_takes_no_result() {
    let (_dir, event) = prepared("draft", 16, true);
    let before = std::fs::read(&event).unwrap();
    let served = Served::start(&event, &[]);
    let page = get(&served.addr, &board_path(&event, 3, 1));
    assert_eq!(page.status, 409, "{}", page.body);
    let r = submit(&served.addr, &event, 1, "white", "1-0", &key("f", 1));
    assert_eq!((r.status, r.outcome()), (409, "refused"), "{}", r.body);
    served.stop();
    assert_eq!(std::fs::read(&event).unwrap(), before);
}

#[test]
fn a_flood_from_one_address_is_held_back() {
    let (_dir, event) = prepared("flood", 16, false);
    let served = Served::start(&event, &["--requests-per-minute", "40"]);
    let statuses: Vec<u16> = (0..60)
        .map(|_| get(&served.addr, "/api/revision").status)
        .collect();
    assert!(statuses[..40].iter().all(|s| *s == 200), "{statuses:?}");
    assert!(statuses[40..].iter().all(|s| *s == 429), "{statuses:?}");
    drop(served);
    // Guessing codes: after ten wrong ones, even the right one waits.
    let served = Served::start(&event, &[]);
    for _ in 0..10 {
        assert_eq!(
            get(&served.addr, "/board/1/3/1?t=wrongwrongwrong1").status,
            403
        );
    }
    assert_eq!(get(&served.addr, &board_path(&event, 3, 1)).status, 429);
}

/// A small random generator (xorshift), seeded by the test.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

const RESULTS: [(&str, BoardResult); 3] = [
    ("1-0", BoardResult::WhiteWins),
    ("½-½", BoardResult::Draw),
    ("0-1", BoardResult::BlackWins),
];

#[test]
fn results_acknowledged_before_a_kill_are_in_the_file_after_restart() {
    let kills: u32 = std::env::var("VENUE_KILLS")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(30);
    let (_dir, event) = prepared("kills", 600, false);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    eprintln!("venue kill test: seed {seed}");
    let mut rng = Rng(seed);
    let boards = 300;
    let mut acknowledged: HashMap<usize, BoardResult> = HashMap::new();
    let mut sent: HashMap<usize, BoardResult> = HashMap::new();
    let mut next_board = 1;
    let mut done = 0;
    for kill in 0..kills {
        done = kill + 1;
        let served = Served::start(&event, &[]);
        let addr = served.addr.clone();
        let (tx, rx) = mpsc::channel();
        let start_board = next_board;
        let choices: Vec<usize> = (0..boards).map(|_| (rng.next() % 3) as usize).collect();
        let ev = event.clone();
        let submitter = std::thread::spawn(move || {
            for board in start_board..=boards {
                let (text, result) = RESULTS[choices[board - 1]];
                let path = board_path(&ev, 3, board);
                let form = |side: &str, n: u64| {
                    format!(
                        "t={}&side={side}&result={}&key={}",
                        token(&path),
                        venue::encode(text),
                        key(&format!("k{board}"), n)
                    )
                };
                let send = |body: String| {
                    request(
                        &addr,
                        "POST",
                        &format!("/board/1/3/{board}"),
                        &[("Content-Type", "application/x-www-form-urlencoded")],
                        body.as_bytes(),
                    )
                };
                if tx.send((board, None)).is_err() {
                    return;
                }
                let Ok(_) = send(form("white", 1)) else {
                    return;
                };
                // The confirmation is about to go: from here the result may be recorded.
                if tx.send((board, Some((result, false)))).is_err() {
                    return;
                }
                match send(form("black", 2)) {
                    Ok(r) if r.outcome() == "recorded" => {
                        let _ = tx.send((board, Some((result, true))));
                    }
                    _ => return,
                }
            }
        });
        std::thread::sleep(Duration::from_millis(5 + rng.next() % 100));
        served.kill();
        let _ = submitter.join();
        for (board, what) in rx.try_iter() {
            next_board = next_board.max(board + 1);
            match what {
                Some((result, true)) => {
                    acknowledged.insert(board, result);
                }
                Some((result, false)) => {
                    sent.insert(board, result);
                }
                None => {}
            }
        }
        if next_board > boards {
            eprintln!("every board submitted after {} kills", kill + 1);
            break;
        }
    }
    assert_eq!(done, kills, "the boards ran out before the last kill");
    let after = results(&event, 3);
    for (board, result) in &acknowledged {
        assert_eq!(after[board - 1], *result, "board {board} was acknowledged");
    }
    for (i, result) in after.iter().enumerate() {
        if *result != BoardResult::Pending {
            assert_eq!(
                sent.get(&(i + 1)),
                Some(result),
                "board {} has a result never confirmed",
                i + 1
            );
        }
    }
    eprintln!(
        "venue kill test: {done} kills; {} results acknowledged, {} confirmations sent, all acknowledged ones kept",
        acknowledged.len(),
        sent.len()
    );
    assert!(
        !acknowledged.is_empty(),
        "some submissions were acknowledged between kills"
    );
}

/// The `p`-th percentile of sorted durations.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[test]
fn a_thousand_phones_read_while_three_hundred_boards_are_confirmed() {
    let phones = 1000;
    let boards = 300;
    let (_dir, event) = prepared("load", boards as u32 * 2, false);
    let served = Served::start(
        &event,
        &[
            "--requests-per-minute",
            "100000000",
            "--failures-per-minute",
            "100000000",
        ],
    );
    let addr = served.addr.clone();
    let secret = swiss_arbiter::venue::Venue::secret_of(&event).unwrap();
    // The work: each phone reads three pages; each board gets White's entry and Black's
    // confirmation; one submission in twenty is sent twice (a retry).
    #[derive(Clone)]
    enum Work {
        Read(&'static str),
        Submit {
            board: usize,
            side: &'static str,
            retry: bool,
        },
    }
    let mut work = Vec::new();
    for _ in 0..phones {
        work.extend([
            Work::Read("/"),
            Work::Read("/api/revision"),
            Work::Read("/live.js"),
        ]);
    }
    let mut rng = Rng(0x5eed);
    for board in 1..=boards {
        for side in ["white", "black"] {
            work.push(Work::Submit {
                board,
                side,
                retry: rng.next().is_multiple_of(20),
            });
        }
    }
    // Interleave reads and writes; a board's two entries stay in order within a worker.
    let queue = Arc::new(Mutex::new(work.into_iter().rev().collect::<Vec<_>>()));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let replies = Arc::new(Mutex::new(Vec::new()));
    let started = Instant::now();
    let workers: Vec<_> = (0..16)
        .map(|_| {
            let (queue, latencies, replies, addr) = (
                queue.clone(),
                latencies.clone(),
                replies.clone(),
                addr.clone(),
            );
            let secret = secret.clone();
            std::thread::spawn(move || {
                loop {
                    let Some(item) = queue.lock().unwrap().pop() else {
                        return;
                    };
                    match item {
                        Work::Read(path) => {
                            let t = Instant::now();
                            let r = request(&addr, "GET", path, &[], b"").expect("a page");
                            assert_eq!(r.status, 200, "{path}");
                            latencies.lock().unwrap().push(t.elapsed());
                        }
                        Work::Submit { board, side, retry } => {
                            let body = format!(
                                "t={}&side={side}&result=1-0&key={}",
                                secret.board_token(0, 3, board),
                                key(&format!("l{board}{side}"), 1)
                            );
                            let send = || {
                                let t = Instant::now();
                                let r = request(
                                    &addr,
                                    "POST",
                                    &format!("/board/1/3/{board}"),
                                    &[("Content-Type", "application/x-www-form-urlencoded")],
                                    body.as_bytes(),
                                )
                                .expect("an answer");
                                latencies.lock().unwrap().push(t.elapsed());
                                r
                            };
                            let first = send();
                            let outcome = first.outcome().to_string();
                            if retry {
                                let again = send();
                                assert_eq!(
                                    again.outcome(),
                                    outcome,
                                    "a retry gets the first answer"
                                );
                            }
                            replies.lock().unwrap().push((board, side, outcome));
                        }
                    }
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("a worker");
    }
    let elapsed = started.elapsed();
    served.stop();
    let mut latencies = latencies.lock().unwrap().clone();
    latencies.sort();
    eprintln!(
        "venue load: {} requests in {:.2} s ({:.0}/s); p50 {:.1} ms, p99 {:.1} ms",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.5).as_secs_f64() * 1000.0,
        percentile(&latencies, 0.99).as_secs_f64() * 1000.0,
    );
    // Each board: one entry waiting, one recording (whichever came second), once.
    let replies = replies.lock().unwrap();
    let mut recorded = HashSet::new();
    for (board, _, outcome) in replies.iter() {
        if outcome == "recorded" {
            assert!(recorded.insert(*board), "board {board} recorded twice");
        } else {
            assert_eq!(outcome, "waiting", "board {board}");
        }
    }
    assert_eq!(recorded.len(), boards);
    let after = results(&event, 3);
    assert_eq!(after.len(), boards);
    assert!(after.iter().all(|r| *r == BoardResult::WhiteWins));
}

#[test]
fn result_slips_carry_each_boards_code() {
    let (dir, event) = prepared("slips", 16, false);
    let html = dir.join("slips.html");
    let run = |args: &[&str]| crate::common::run(args);
    let ev = event.to_str().unwrap();
    let out = run(&[
        "print",
        ev,
        "--doc",
        "slips",
        "--venue-url",
        "http://192.168.1.20:8080",
        "-o",
        html.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&html).unwrap();
    let secret = swiss_arbiter::venue::Venue::secret_of(&event).unwrap();
    let boards = venue::recorded(&event)[0].boards(3).len();
    assert_eq!(text.matches("<svg").count(), boards);
    for board in 1..=boards {
        let url = swiss_arbiter::venue::board_url("http://192.168.1.20:8080", &secret, 0, 3, board);
        assert!(text.contains(&url), "board {board}: {url}");
    }
    // The codes open the boards on the server.
    let served = Served::start(&event, &[]);
    let first = swiss_arbiter::venue::board_url("", &secret, 0, 3, 1);
    assert_eq!(get(&served.addr, &first).status, 200);
    drop(served);
    // The PDF carries them as vector paths: larger than the slips without.
    let (with, without) = (dir.join("with.pdf"), dir.join("without.pdf"));
    let pdf = |path: &Path, extra: &[&str]| {
        let mut args = vec!["print", ev, "--doc", "slips", "-o", path.to_str().unwrap()];
        args.extend_from_slice(extra);
        assert!(run(&args).status.success());
        std::fs::metadata(path).unwrap().len()
    };
    assert!(pdf(&with, &["--venue-url", "http://10.0.0.2:8080"]) > pdf(&without, &[]));
    // Refused: another document, an address that is not one.
    for extra in [
        vec!["--doc", "pairings", "--venue-url", "http://10.0.0.2:8080"],
        vec!["--doc", "slips", "--venue-url", "10.0.0.2:8080"],
    ] {
        let mut args = vec!["print", ev, "-o", "never.html"];
        args.extend(extra);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn idle_and_trickling_connections_are_bounded_and_timed_out() {
    use std::io::{Read, Write};
    use swiss_arbiter::document::Document;
    use swiss_arbiter::venue::{Limits, Server, Venue};

    let dir = venue::folder("connections");
    let path = venue::save(&dir, &venue::event(8, 2, 7, false));
    let mut doc = Document::new(
        swiss_arbiter::formats::native::load_sections(&path).unwrap(),
        Some(path.clone()),
        false,
    );
    let (v, _) = Venue::open(&path, &mut doc).unwrap();
    let limits = Limits {
        connections_per_address: 4,
        // Long enough that the fifth connection below is tried before the four slow ones
        // are cut, on a loaded machine too; the test waits for the cut, not a time.
        header_timeout: Duration::from_secs(3),
        ..Limits::default()
    };
    let bind = "127.0.0.1:0".parse().unwrap();
    let (server, _jobs) =
        Server::start(bind, limits, v.view(doc.sections(), 1), Box::new(|| {})).unwrap();
    let addr = server.addr().to_string();
    assert_eq!(get(&addr, "/").status, 200);

    // Four connections trickle a request's first line and never finish its headers.
    let mut slow: Vec<std::net::TcpStream> = (0..4)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&addr).unwrap();
            s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
            s
        })
        .collect();
    // The address has no slot left: a fifth connection is closed unanswered.
    let refused = request(&addr, "GET", "/", &[], b"");
    assert!(
        refused.is_err(),
        "a fifth connection is served: {refused:?}"
    );
    // Past the header deadline the server closes the trickling ones, and the address
    // is served again.
    for s in &mut slow {
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut buf = [0u8; 256];
        let closed = matches!(s.read(&mut buf), Ok(0) | Err(_))
            || String::from_utf8_lossy(&buf).starts_with("HTTP/1.1 408");
        assert!(closed, "a connection trickling its headers stays open");
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match request(&addr, "GET", "/", &[], b"") {
            Ok(r) if r.status == 200 => break,
            _ => assert!(
                Instant::now() < deadline,
                "the address is never served again"
            ),
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(server);
}
