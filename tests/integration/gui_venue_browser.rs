//! The venue network run from the window, with real phones: headless Chromium (two
//! sessions at 375×812, each with a profile of its own: two phones) opens a board's page
//! from the address its QR code holds; White enters the result and Black confirms it while
//! the window answers them between its frames. With "Queue every result for me" chosen
//! the result waits in the window's queue; the arbiter accepts it there, the board holds
//! it, and the standings page the same server serves shows the winner's new score.
//! Screenshots of the phones' pages go to `target/venue-screenshots/window-*.png`.
//! Skips when Chromium or its driver is not installed.
#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};
use std::thread::ScopedJoinHandle;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use swiss_arbiter::gui::ArbiterApp;
use swiss_arbiter::tournament::{Board, BoardResult, Tournament};
use swiss_arbiter::venue::{Venue, board_url};

use crate::common::skipped;
use crate::common::venue;
use crate::common::webdriver::{self, Driver, Session, WAIT, screenshots_dir};
use crate::common::window::{click, harness, open_venue_window, start_venue_on_any_port, temp_dir};

/// The round waiting for its results (two played, the third published).
const ROUND: u32 = 3;

/// The most the browser's part of a step may take while the window answers it.
const PHONES: Duration = Duration::from_secs(120);

/// An event of eight players, two rounds played, the third published with every result
/// entered but board 1's: its result completes the round, so the standings move on to it.
fn event(dir: &Path) -> PathBuf {
    let mut sections = venue::event(8, 2, 19, false);
    let t = &mut sections[0];
    let boards = t.boards(ROUND);
    assert!(boards.len() > 1, "{boards:?}");
    for b in &boards[1..] {
        t.set_board_result(ROUND, b.white, b.black, BoardResult::Draw)
            .expect("a board of the round");
    }
    assert_eq!(t.boards(ROUND)[0].result, BoardResult::Pending);
    venue::save(dir, &sections)
}

/// Steps the window's frames (it answers the phones' submissions between them) until the
/// browser's thread is done; returns what the thread returned, or passes its panic on.
fn step_while<T>(h: &mut Harness<'static, ArbiterApp>, phones: ScopedJoinHandle<'_, T>) -> T {
    let deadline = Instant::now() + PHONES;
    while !phones.is_finished() {
        assert!(
            Instant::now() < deadline,
            "the phones were not done within {PHONES:?}"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    h.run_ok();
    phones
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// A player's line of the standings page the browser shows: the page's heading and his
/// points (`None` when the page has no such line).
fn standing(s: &Session, player: u32) -> Option<(String, String)> {
    let found = s.execute(&format!(
        "const a = [...document.querySelectorAll('tbody a')]\
           .find(a => a.getAttribute('href') === 'player-{player}.html');\
         if (!a) return null;\
         const row = a.closest('tr');\
         const heads = [...row.closest('table').querySelectorAll('thead th')]\
           .map(th => th.textContent.trim());\
         const h1 = document.querySelector('h1');\
         return [h1 ? h1.textContent : '', row.cells[heads.indexOf('Pts')].textContent.trim()];"
    ));
    let text = |i: usize| found[i].as_str().map(str::to_string);
    Some((text(0)?, text(1)?))
}

/// The board of [`ROUND`] the phones play on, as the window's model has it.
fn board_one(h: &Harness<'static, ArbiterApp>) -> Board {
    h.state().sections()[0].boards(ROUND)[0]
}

fn name(t: &Tournament, id: u32) -> String {
    t.player(id).expect("a player of the event").name.clone()
}

#[test]
fn gui_venue_browser_phones_enter_the_arbiter_accepts_standings_follow() {
    if !webdriver::available() {
        skipped(format_args!(
            "chromium/chromedriver not installed (apt-get install chromium chromium-driver)"
        ));
        return;
    }
    let started = Instant::now();
    let dir = venue::folder("gui-browser");
    let path = event(&dir);
    let shots = screenshots_dir();
    let mut saved = Vec::new();

    // The window runs the venue network on the loopback, and holds every result for the
    // arbiter.
    let mut h = harness(&temp_dir("venue-browser"));
    h.run_ok();
    h.state_mut().open_path(&path);
    h.run_ok();
    open_venue_window(&mut h);
    let addr = start_venue_on_any_port(&mut h);
    click(&mut h, "Queue every result for me");
    assert_eq!(h.state().venue_waiting(), Some(0));
    let base = format!("http://{addr}");
    h.get_by_label(&format!("QR code of {base}"));

    // Board 1's address, as its QR code on the result slip holds it.
    let secret = Venue::secret_of(&path).expect("the venue state is beside the event");
    let board = board_url(&base, &secret, 0, ROUND, 1);
    let one = board_one(&h);
    assert_eq!(one.result, BoardResult::Pending);
    let winner = one.white;
    let t = h.state().sections()[0].clone();
    let (white_name, black_name) = (name(&t, one.white), name(&t, one.black));
    let points_before = t.score_after(t.player(winner).unwrap(), ROUND - 1);

    let driver = Driver::start();
    let white = Session::new(&driver, &dir.join("profile-white"));
    let black = Session::new(&driver, &dir.join("profile-black"));
    white.set_window_rect(375, 812);
    black.set_window_rect(375, 812);

    // The phones: White enters 1-0, Black sees it and confirms it; then the standings,
    // from the index's link.
    let (standings_url, before) = std::thread::scope(|scope| {
        let phones = scope.spawn(|| {
            let mut saved = Vec::new();
            white.goto(&board);
            let page = white.wait_for("<form");
            assert!(page.contains("Board 1"), "{page}");
            white.click(&white.find("input[name=side][value=white]"));
            white.click(&white.find("button[name=result][value='1-0']"));
            white.wait_for("Your opponent confirms it");
            saved.push(white.screenshot_to(&shots, "window-board-white-entered.png"));

            black.goto(&board);
            black.wait_for("White entered <strong>1-0</strong>");
            saved.push(black.screenshot_to(&shots, "window-board-black-sees-entry.png"));
            black.click(&black.find("input[name=side][value=black]"));
            black.click(&black.find("button[name=result][value='1-0']"));
            let page = black.wait_for("the arbiter records it");
            assert!(
                !page.contains("Result: <strong>"),
                "held for the arbiter, not recorded: {page}"
            );
            saved.push(black.screenshot_to(&shots, "window-board-black-confirmed.png"));
            // Reopened, the board says its result is with the arbiter and offers no
            // form to enter it again.
            black.goto(&board);
            let page = black.wait_for("Both players entered <strong>1-0</strong>");
            assert!(!page.contains("<form"), "no form while held: {page}");

            black.goto(&format!("{base}/"));
            let link = black
                .find_all("a")
                .into_iter()
                .find(|a| {
                    black
                        .attribute(a, "href")
                        .is_some_and(|href| href.contains("standings"))
                })
                .expect("the index links to the standings");
            black.click(&link);
            black.wait_for("<h1>Standings after round");
            let before = standing(&black, winner).expect("the winner's line of the standings");
            saved.push(black.screenshot_to(&shots, "window-standings-before.png"));
            (black.url(), before, saved)
        });
        let (url, before, shots) = step_while(&mut h, phones);
        saved.extend(shots);
        (url, before)
    });
    assert!(before.0.contains("after round 2"), "{before:?}");
    assert_eq!(before.1, points_before.to_string(), "{before:?}");

    // The window's queue holds the board, confirmed by both; nothing is recorded yet.
    assert_eq!(board_one(&h).result, BoardResult::Pending);
    assert_eq!(h.state().venue_waiting(), Some(1));
    h.get_by_label("Venue network: 1 waiting");
    h.get_by_label(&format!(
        "Board 1 (round {ROUND}): {white_name} – {black_name}"
    ));
    h.get_by_label("1-0 confirmed by both players");
    skipped(format_args!(
        "no picture of the queue: egui_kittest's `wgpu` and `snapshot` features are off \
         in this build (Cargo.toml's dev-dependencies)"
    ));

    // The arbiter accepts it with the queue's button.
    click(&mut h, "Accept 1-0");
    assert_eq!(board_one(&h).result, BoardResult::WhiteWins);
    assert_eq!(h.state().venue_waiting(), Some(0));
    assert!(h.query_by_label("1-0 confirmed by both players").is_none());
    assert!(h.state().is_dirty());
    let t = h.state().sections()[0].clone();
    let points_after = t.score(t.player(winner).unwrap());
    let expected = points_after.to_string();

    // The standings the server shows follow: the winner's point is counted.
    let after = std::thread::scope(|scope| {
        let phones = scope.spawn(|| {
            let mut saved = Vec::new();
            let deadline = Instant::now() + WAIT;
            let after = loop {
                black.goto(&standings_url);
                let shown = standing(&black, winner);
                if let Some(shown) = shown.as_ref().filter(|s| s.1 == expected) {
                    break shown.clone();
                }
                assert!(
                    Instant::now() < deadline,
                    "the standings did not show {expected} for player {winner} within \
                     {WAIT:?}: {shown:?}"
                );
                std::thread::sleep(Duration::from_millis(200));
            };
            saved.push(black.screenshot_to(&shots, "window-standings-after.png"));

            white.goto(&board);
            let page = white.wait_for("Result: <strong>1-0</strong>");
            assert!(!page.contains("<form"), "no form once recorded: {page}");
            assert!(!page.contains("entered"), "no entry left waiting: {page}");
            saved.push(white.screenshot_to(&shots, "window-board-accepted.png"));
            (after, saved)
        });
        let (after, shots) = step_while(&mut h, phones);
        saved.extend(shots);
        after
    });
    assert!(after.0.contains("after round 3"), "{after:?}");
    let number = |text: &str| text.parse::<f64>().expect("points");
    assert_eq!(
        number(&after.1),
        number(&before.1) + 1.0,
        "{before:?} {after:?}"
    );

    drop(white);
    drop(black);
    drop(driver);
    for shot in &saved {
        println!("screenshot: {}", shot.display());
    }
    println!("gui_venue_browser took {:?}", started.elapsed());
}
