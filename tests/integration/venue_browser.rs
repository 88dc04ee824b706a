//! The venue network in a real browser: two phones (headless Chromium at 375×812 through
//! `chromedriver`) enter and confirm a board's result through `swiss-arbiter serve` on
//! loopback, with screenshots of the pages under `target/venue-screenshots/` to look at.
//! Skips when Chromium or its driver is not installed (`.ci/run` installs them).

use std::time::Instant;

use swiss_arbiter::tournament::BoardResult;

use crate::common::venue::{self, Served, board_path};
use crate::common::webdriver::{self, Driver, Session, base64_decode, screenshots_dir};

/// The board's page is laid out at the phone's width (not zoomed out from a desktop's)
/// and its controls are big enough for a fingertip.
fn fits_a_phone(s: &Session) {
    let width = s.execute("return document.documentElement.clientWidth");
    assert!(
        width.as_f64().is_some_and(|w| w <= 400.0),
        "the page is laid out {width} px wide on a 375 px phone (a viewport meta tag?)"
    );
    let smallest = s.execute(
        "return Math.min(...[...document.querySelectorAll('form button, form label')]\
         .map(e => e.getBoundingClientRect().height))",
    );
    assert!(
        smallest.as_f64().is_some_and(|h| h >= 40.0),
        "the form's buttons and labels are {smallest} px high at the least: too small to tap"
    );
}

#[test]
fn venue_browser_base64_decodes() {
    assert_eq!(base64_decode("TWFu"), b"Man");
    assert_eq!(base64_decode("TWE="), b"Ma");
    assert_eq!(base64_decode("TQ=="), b"M");
    assert_eq!(base64_decode("aGVsbG8gd29ybGQ"), b"hello world");
    assert_eq!(base64_decode("aGVs\nbG8="), b"hello");
    assert_eq!(base64_decode(""), b"");
}

#[test]
fn venue_browser_two_phones_enter_and_confirm() {
    if !webdriver::available() {
        println!("SKIPPED: chromium/chromedriver not installed (.ci/run installs them)");
        return;
    }
    let started = Instant::now();
    let dir = venue::folder("browser");
    let shots = screenshots_dir();
    let sections = venue::event(16, 2, 11, false);
    let before = sections[0].boards(3);
    assert!(before.len() > 1);
    assert!(before.iter().all(|b| b.result == BoardResult::Pending));
    let path = venue::save(&dir, &sections);
    let served = Served::start(&path, &[]);
    let base = format!("http://{}", served.addr);
    let board_url = format!("{base}{}", board_path(&path, 3, 1));
    let mut saved = Vec::new();

    let driver = Driver::start();
    // White's phone.
    let a = Session::new(&driver, &dir.join("profile-white"));
    a.set_window_rect(375, 812);
    a.goto(&board_url);
    let page = a.wait_for("<form");
    assert!(page.contains("Board 1"), "{page}");
    saved.push(a.screenshot_to(&shots, "board-empty.png"));
    fits_a_phone(&a);
    a.click(&a.find("input[name=side][value=white]"));
    a.click(&a.find("button[name=result][value='1-0']"));
    let page = a.wait_for("Your opponent confirms it");
    assert!(page.contains("Saved"), "{page}");
    saved.push(a.screenshot_to(&shots, "board-waiting.png"));

    // Black's phone: sees White's entry and confirms it.
    let b = Session::new(&driver, &dir.join("profile-black"));
    b.set_window_rect(375, 812);
    b.goto(&board_url);
    let page = b.wait_for("White entered");
    assert!(
        page.contains("White entered <strong>1-0</strong>"),
        "Black's phone shows White's entry: {page}"
    );
    b.click(&b.find("input[name=side][value=black]"));
    b.click(&b.find("button[name=result][value='1-0']"));
    let page = b.wait_for("Result recorded");
    assert!(!page.contains("<form"), "no form once recorded: {page}");
    saved.push(b.screenshot_to(&shots, "board-recorded.png"));

    // The public pages: the index, and its standings when it links to them.
    b.goto(&format!("{base}/"));
    saved.push(b.screenshot_to(&shots, "index.png"));
    let standings = b.find_all("a").into_iter().find(|link| {
        let text = b.text(link).to_lowercase();
        let href = b.attribute(link, "href").unwrap_or_default().to_lowercase();
        text.contains("standings") || href.contains("standings")
    });
    match standings {
        Some(link) => {
            b.click(&link);
            saved.push(b.screenshot_to(&shots, "standings.png"));
        }
        None => println!("the index links to no standings (a placeholder): index.png only"),
    }

    // White's phone still shows the form of its entry: sending it again (a double tap,
    // a resend) changes nothing; the board then shows the result and no form.
    a.click(&a.find("input[name=side][value=white]"));
    a.click(&a.find("button[name=result][value='1-0']"));
    let page = a.wait_for("Result: <strong>1-0</strong>");
    assert!(!page.contains("<form"), "no form once recorded: {page}");
    a.goto(&board_url);
    let page = a.wait_for("Result: <strong>1-0</strong>");
    assert!(!page.contains("<form"), "no form once recorded: {page}");
    assert!(!page.contains("entered"), "no entry left waiting: {page}");
    saved.push(a.screenshot_to(&shots, "board-again.png"));

    drop(a);
    drop(b);
    drop(driver);
    served.stop();
    let after = venue::recorded(&path);
    let boards = after[0].boards(3);
    assert_eq!(boards.len(), before.len());
    assert_eq!(boards[0].result, BoardResult::WhiteWins, "board 1: 1-0");
    for (i, board) in boards.iter().enumerate().skip(1) {
        assert_eq!(
            board.result,
            BoardResult::Pending,
            "board {} got no result",
            i + 1
        );
    }
    for shot in &saved {
        println!("screenshot: {}", shot.display());
    }
    println!("venue_browser took {:?}", started.elapsed());
}
