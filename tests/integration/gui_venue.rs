//! The venue network run from the window: the window is the one writer, answering the
//! phones' submissions between frames; a result queued for the arbiter is accepted with
//! one key; an unsaved event or a refused submission starts or changes nothing.
#![cfg(feature = "gui")]

use std::net::SocketAddr;
use std::path::Path;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use swiss_arbiter::gui::ArbiterApp;
use swiss_arbiter::tournament::BoardResult;
use swiss_arbiter::venue::Venue;

use crate::common::venue::{self, Response, post};
use crate::common::window::{
    click, harness, open_venue_window, set_venue_port, start_venue_on_any_port, step_until,
    step_until_shown, temp_dir,
};

/// The round the events of these tests wait for (two played, the third published).
const ROUND: u32 = 3;

/// Steps frames while a phone's request runs on its thread (the window answers it in
/// its frames), then returns the answer.
fn step_while(h: &mut Harness<'static, ArbiterApp>, phone: JoinHandle<Response>) -> Response {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !phone.is_finished() {
        assert!(Instant::now() < deadline, "the phone got no answer");
        h.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    h.run_ok();
    phone.join().expect("the phone's thread")
}

/// A player's entry for a board of [`ROUND`], sent from a thread.
fn enter(
    addr: SocketAddr,
    event: &Path,
    board: usize,
    side: &'static str,
    result: &'static str,
    token: Option<&str>,
) -> JoinHandle<Response> {
    let token = match token {
        Some(t) => t.to_string(),
        None => Venue::secret_of(event)
            .expect("the venue state is beside the event")
            .board_token(0, ROUND, board),
    };
    let key = format!("gui-test-{side}-{board}-{result}-entry");
    std::thread::spawn(move || {
        post(
            &addr.to_string(),
            &format!("/board/1/{ROUND}/{board}"),
            &[
                ("t", &token),
                ("side", side),
                ("result", result),
                ("key", &key),
            ],
        )
    })
}

/// The window with an event saved as `sections` in a new folder named after `name`;
/// returns the folder, the event's path and the window.
fn opened(
    name: &str,
    sections: &[swiss_arbiter::tournament::Tournament],
) -> (
    std::path::PathBuf,
    std::path::PathBuf,
    Harness<'static, ArbiterApp>,
) {
    let dir = venue::folder(name);
    let path = venue::save(&dir, sections);
    let mut h = harness(&temp_dir(name));
    h.run_ok();
    h.state_mut().open_path(&path);
    h.run_ok();
    (dir, path, h)
}

fn board_result(h: &Harness<'static, ArbiterApp>, board: usize) -> BoardResult {
    h.state().sections()[0].boards(ROUND)[board - 1].result
}

#[test]
fn a_result_both_players_entered_is_queued_and_accepted_with_a() {
    let (dir, path, mut h) = opened("gui-accept", &venue::event(10, 2, 41, false));
    open_venue_window(&mut h);
    let addr = start_venue_on_any_port(&mut h);
    click(&mut h, "Queue every result for me");
    assert_eq!(h.state().venue_waiting(), Some(0));

    let white = step_while(&mut h, enter(addr, &path, 1, "white", "1-0", None));
    assert_eq!(
        white.status, 202,
        "waiting for the opponent: {}",
        white.body
    );
    assert_eq!(board_result(&h, 1), BoardResult::Pending);
    step_until_shown(&mut h, "White entered 1-0; not confirmed by the opponent");
    let black = step_while(&mut h, enter(addr, &path, 1, "black", "1-0", None));
    assert!((200..300).contains(&black.status), "{}", black.body);

    // Held for the arbiter, by his choice: nothing recorded yet.
    step_until_shown(&mut h, "1-0 confirmed by both players");
    assert_eq!(board_result(&h, 1), BoardResult::Pending);
    assert_eq!(h.state().venue_waiting(), Some(1));
    h.get_by_label("Venue network: 1 waiting");

    // One key accepts it, through the window's edit path (undoable, autosaved).
    h.key_press(egui::Key::A);
    h.run_ok();
    assert_eq!(board_result(&h, 1), BoardResult::WhiteWins);
    assert_eq!(h.state().venue_waiting(), Some(0));
    assert!(h.state().is_dirty());
    assert!(h.query_by_label("1-0 confirmed by both players").is_none());

    // A save folds the journal: the file alone holds the result.
    let ctx = h.ctx.clone();
    h.state_mut().save_to(&path, &ctx);
    step_until(&mut h, "the save", |app| !app.is_writing());
    assert!(!h.state().is_dirty());
    let journal = std::fs::read(dir.join("event.sarb.journal")).expect("the journal");
    assert!(
        journal.is_empty(),
        "the journal is folded into the saved file"
    );
    let on_file = swiss_arbiter::formats::native::load_sections(&path).expect("saved");
    assert_eq!(on_file[0].boards(ROUND)[0].result, BoardResult::WhiteWins);
}

#[test]
fn an_unsaved_event_starts_no_venue_network() {
    let mut h = harness(&temp_dir("venue-unsaved"));
    h.run_ok();
    open_venue_window(&mut h);
    click(&mut h, "Start");
    let said = "Save the event first: the venue network keeps what phones send beside its file";
    assert!(
        h.query_all_by_label(said).next().is_some(),
        "the window says why"
    );
    assert_eq!(h.state().venue_problem_shown(), Some(said));
    assert!(h.state().venue_address().is_none());
    assert!(h.state().venue_waiting().is_none());
    assert!(h.query_by_label("Stop").is_none());
}

#[test]
fn a_refused_entry_changes_nothing() {
    let (_dir, path, mut h) = opened("gui-refused", &venue::event(8, 2, 5, false));
    let before = h.state().sections().to_vec();
    open_venue_window(&mut h);
    let addr = start_venue_on_any_port(&mut h);

    let wrong = "abcdefghjkmnpqrstuvw";
    let answer = step_while(&mut h, enter(addr, &path, 1, "white", "1-0", Some(wrong)));
    assert_ne!(answer.status, 200, "{}", answer.body);
    assert_eq!(h.state().sections(), &before[..]);
    assert!(!h.state().is_dirty());
    assert_eq!(h.state().venue_waiting(), Some(0));
}

#[test]
fn a_port_in_use_is_said_plainly() {
    let dir = venue::folder("gui-in-use");
    let path = venue::save(&dir, &venue::event(8, 2, 9, false));
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().expect("its address").port();
    let mut h = harness(&temp_dir("venue-in-use"));
    h.run_ok();
    h.state_mut().open_path(&path);
    h.run_ok();
    open_venue_window(&mut h);
    set_venue_port(&mut h, &port.to_string());
    click(&mut h, "Start");
    assert!(h.state().venue_address().is_none());
    let problem = h
        .state()
        .venue_problem_shown()
        .unwrap_or_default()
        .to_string();
    assert!(problem.contains("in use"), "{problem}");
    drop(taken);
}

#[test]
fn a_deputy_code_is_shown_once_and_revoked() {
    let (_dir, path, mut h) = opened("gui-deputy", &venue::event(8, 2, 13, false));
    open_venue_window(&mut h);
    start_venue_on_any_port(&mut h);
    h.get_by_role_and_label(Role::TextInput, "Whose code")
        .focus();
    h.run_ok();
    h.get_by_role_and_label(Role::TextInput, "Whose code")
        .type_text("Deputy Ann");
    h.run_ok();
    click(&mut h, "Make a code");
    h.get_by_label("The code of Deputy Ann (shown only now):");
    // The deputy's address, and its QR code.
    assert_eq!(h.query_all_by_label_contains("/deputy?c=").count(), 2);
    h.get_by_label_contains("Deputy Ann: section 1, boards 1–10");
    click(&mut h, "Done");
    assert!(h.query_by_label_contains("/deputy?c=").is_none());
    click(&mut h, "Revoke");
    assert!(h.query_by_label_contains("Deputy Ann: section 1").is_none());
    let secret_kept = Venue::secret_of(&path).is_ok();
    assert!(secret_kept, "the venue state is kept beside the event");
}

/// Requests from a thread: `reads` page loads, then nothing else.
fn reader(addr: SocketAddr, reads: usize) -> JoinHandle<Vec<u16>> {
    std::thread::spawn(move || {
        (0..reads)
            .map(|i| {
                let path = ["/", "/api/revision", "/live.js"][i % 3];
                venue::get(&addr.to_string(), path).status
            })
            .collect()
    })
}

#[test]
fn the_window_keeps_drawing_while_phones_load_the_server() {
    let boards = 60;
    let (_dir, path, mut h) = opened("gui-load", &venue::event(boards as u32 * 2, 2, 43, false));
    open_venue_window(&mut h);
    let addr = start_venue_on_any_port(&mut h);

    // Pages are the server's alone: they are answered while the window draws nothing.
    let statuses = reader(addr, 60).join().expect("the reader");
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");

    // Readers and players at once, while the window keeps drawing its frames: results
    // are recorded between frames, and every frame comes back.
    let secret = Venue::secret_of(&path).unwrap();
    let readers: Vec<_> = (0..4).map(|_| reader(addr, 60)).collect();
    let players = std::thread::spawn(move || {
        (1..=boards)
            .flat_map(|board| ["white", "black"].map(move |side| (board, side)))
            .map(|(board, side)| {
                post(
                    &addr.to_string(),
                    &format!("/board/1/{ROUND}/{board}"),
                    &[
                        ("t", &secret.board_token(0, ROUND, board)),
                        ("side", side),
                        ("result", "½-½"),
                        ("key", &format!("gui-load-{board}-{side}")),
                    ],
                )
                .status
            })
            .collect::<Vec<u16>>()
    });
    let started = Instant::now();
    let deadline = started + Duration::from_secs(120);
    let (mut frames, mut slowest) = (0u32, Duration::ZERO);
    while !(players.is_finished() && readers.iter().all(JoinHandle::is_finished)) {
        assert!(Instant::now() < deadline, "the phones got no answer");
        let frame = Instant::now();
        h.step();
        slowest = slowest.max(frame.elapsed());
        frames += 1;
    }
    eprintln!(
        "venue window under load: {frames} frames in {:.1} s, the slowest {:.0} ms",
        started.elapsed().as_secs_f64(),
        slowest.as_secs_f64() * 1000.0
    );
    for r in readers {
        assert!(r.join().unwrap().iter().all(|s| *s == 200));
    }
    let statuses = players.join().unwrap();
    assert!(
        statuses.iter().all(|s| (200..300).contains(s)),
        "{statuses:?}"
    );
    h.run_ok();
    let results: Vec<BoardResult> = h.state().sections()[0]
        .boards(ROUND)
        .into_iter()
        .map(|b| b.result)
        .collect();
    assert!(
        results.iter().all(|r| *r == BoardResult::Draw),
        "{results:?}"
    );
}

#[test]
fn a_captains_line_up_is_accepted_from_the_queue() {
    let dir = venue::folder("gui-captain");
    let t = venue::team_event();
    let path = venue::save(&dir, std::slice::from_ref(&t));
    let mut h = harness(&temp_dir("venue-captain"));
    h.run_ok();
    h.state_mut().open_path(&path);
    h.run_ok();
    open_venue_window(&mut h);
    let addr = start_venue_on_any_port(&mut h);
    h.get_by_role_and_label(Role::TextInput, "Whose code")
        .focus();
    h.run_ok();
    h.get_by_role_and_label(Role::TextInput, "Whose code")
        .type_text("Captain Ann");
    h.run_ok();
    click(&mut h, "hand in a team's line-ups");
    click(&mut h, "Make a code");
    let url = h
        .query_all_by_label_contains("/captain?c=")
        .filter_map(|n| n.accesskit_node().value().or(n.accesskit_node().label()))
        .find(|l| l.starts_with("http"))
        .expect("the captain's address is shown");
    let code = url.split("c=").nth(1).expect("a code").to_string();
    h.get_by_label_contains("Captain Ann: section 1, captain of team 1");

    // The captain leaves board 4 empty (or fields the reserve there).
    let current = t.team_lineup(2, 1).expect("team 1 plays").boards;
    let mut players: Vec<String> = current
        .iter()
        .map(|p| p.map(|p| p.to_string()).unwrap_or_default())
        .collect();
    players[3] = t
        .team(1)
        .expect("team 1")
        .players
        .get(4)
        .map(|p| p.to_string())
        .unwrap_or_default();
    let expected: Vec<Option<u32>> = players.iter().map(|p| p.parse().ok()).collect();
    let phone = std::thread::spawn(move || {
        let mut fields = vec![("c", code.as_str()), ("key", "gui-captain-lineup-1")];
        let names = ["b1", "b2", "b3", "b4"];
        fields.extend(names.iter().zip(&players).map(|(n, p)| (*n, p.as_str())));
        post(&addr.to_string(), "/lineup/1/2/1", &fields)
    });
    let answer = step_while(&mut h, phone);
    assert_eq!(
        (answer.status, answer.outcome()),
        (202, "queued"),
        "{}",
        answer.body
    );
    assert_eq!(
        h.state()
            .tournament()
            .team_lineup(2, 1)
            .expect("plays")
            .boards,
        current,
        "not before the arbiter accepts it"
    );
    h.get_by_label("Line-ups from captains: 1");
    assert_eq!(h.state().venue_waiting(), Some(1), "counted as waiting");
    click(&mut h, "Accept line-up");
    assert_eq!(h.state().venue_waiting(), Some(0));
    assert_eq!(
        h.state()
            .tournament()
            .team_lineup(2, 1)
            .expect("plays")
            .boards,
        expected
    );
    assert!(
        h.query_by_label_contains("Line-ups from captains")
            .is_none()
    );
    assert!(h.state().tournament().check().is_ok());
}

#[test]
fn the_site_is_published_from_the_file_menu_and_refuses_a_foreign_folder() {
    let (dir, _path, mut h) = opened("gui-publish", &venue::event(8, 2, 13, false));
    let ctx = h.ctx.clone();
    let publish_to = |h: &mut Harness<'static, ArbiterApp>, folder: &Path| {
        click(h, "File");
        click(h, "Publish site…");
        h.get_by_role_and_label(Role::TextInput, "File path")
            .focus();
        h.run_ok();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.run_ok();
        crate::common::window::press_text(h, folder.to_str().expect("a text path"));
        click(h, "Publish");
        h.state_mut().finish_writing(&ctx);
        h.run_ok();
    };
    let site = dir.join("site");
    publish_to(&mut h, &site);
    let index = std::fs::read_to_string(site.join("index.html")).expect("the index is written");
    assert!(index.contains("Round 3"), "the published round is listed");
    assert!(site.join("s1/standings.html").exists());
    h.get_by_label_contains("Published ");

    // A folder holding other files is refused and left as it was.
    let foreign = dir.join("documents");
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("letter.txt"), "keep me").unwrap();
    publish_to(&mut h, &foreign);
    let names: Vec<_> = std::fs::read_dir(&foreign)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("letter.txt")]);
    h.get_by_label_contains("not written by publish");
}
