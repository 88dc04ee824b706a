//! Captains' line-ups through `swiss-arbiter serve`: a captain's code (made with
//! `venue add-code --captain`) opens the team's page, hands in the round's line-up for
//! the arbiter, and is refused for another team or a malformed form, changing nothing.

use std::path::Path;

use swiss_arbiter::document::Document;
use swiss_arbiter::venue::Venue;

use crate::common::venue::{self, Served, get, post};

fn captain_code(event: &Path, team: &str) -> String {
    let out = crate::common::run(&[
        "venue",
        "add-code",
        event.to_str().unwrap(),
        "--label",
        "Captain",
        "--captain",
        team,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// The line-up form's fields for `players` (0: nobody).
fn form<'a>(code: &'a str, key: &'a str, players: &[u32]) -> Vec<(String, String)> {
    let mut fields = vec![
        ("c".to_string(), code.to_string()),
        ("key".into(), key.into()),
    ];
    for (i, p) in players.iter().enumerate() {
        let value = if *p == 0 {
            String::new()
        } else {
            p.to_string()
        };
        fields.push((format!("b{}", i + 1), value));
    }
    fields
}

fn send(addr: &str, team: u32, fields: &[(String, String)]) -> venue::Response {
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    post(addr, &format!("/lineup/1/2/{team}"), &fields)
}

#[test]
fn a_captain_hands_in_the_line_up_for_the_arbiter() {
    let dir = venue::folder("captains");
    let t = venue::team_event();
    let path = venue::save(&dir, std::slice::from_ref(&t));
    let code = captain_code(&path, "1");
    let list = crate::common::run(&["venue", "codes", path.to_str().unwrap()]);
    assert!(
        String::from_utf8_lossy(&list.stdout).contains("captain of team 1"),
        "{}",
        String::from_utf8_lossy(&list.stdout)
    );
    // A team that is not in the event has no captain.
    let none = crate::common::run(&[
        "venue",
        "add-code",
        path.to_str().unwrap(),
        "--label",
        "Nobody",
        "--captain",
        "99",
    ]);
    assert!(!none.status.success());

    let team = t.team(1).expect("team 1");
    let current = t.team_lineup(2, 1).expect("team 1 plays round 2").boards;
    assert_eq!(current.len(), 4);
    // The new line-up: the last board left empty (a forfeit the captain announces), or
    // the reserve on it when the team has one.
    let mut players: Vec<u32> = current.iter().map(|p| p.unwrap_or(0)).collect();
    players[3] = team.players.get(4).copied().unwrap_or(0);

    let served = Served::start(&path, &[]);
    let page = get(&served.addr, &format!("/captain?c={code}"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("<select name=\"b4\""), "{}", page.body);
    assert!(page.body.contains(&team.name), "{}", page.body);
    assert_eq!(get(&served.addr, &format!("/deputy?c={code}")).status, 200);

    let key = "captain-lineup-0001";
    let sent = send(&served.addr, 1, &form(&code, key, &players));
    assert_eq!(
        (sent.status, sent.outcome()),
        (202, "queued"),
        "{}",
        sent.body
    );
    assert!(sent.body.contains("waits for the arbiter"), "{}", sent.body);
    let again = send(&served.addr, 1, &form(&code, key, &players));
    assert_eq!((again.status, again.outcome()), (202, "queued"), "a retry");

    // Refused, nothing kept: another team's, a malformed form, the roster's order
    // broken, a cross-site form.
    let other = send(
        &served.addr,
        2,
        &form(&code, "captain-lineup-0002", &players),
    );
    assert_eq!(other.status, 403, "{}", other.body);
    let mut bad = form(&code, "captain-lineup-0003", &players);
    bad[2].1 = "abc".into();
    assert_eq!(send(&served.addr, 1, &bad).status, 422);
    let mut swapped = players.clone();
    swapped.swap(0, 1);
    let order = send(
        &served.addr,
        1,
        &form(&code, "captain-lineup-0004", &swapped),
    );
    assert_eq!(
        (order.status, order.outcome()),
        (422, "refused"),
        "{}",
        order.body
    );
    let body = form(&code, "captain-lineup-0005", &swapped)
        .iter()
        .map(|(n, v)| format!("{n}={}", venue::encode(v)))
        .collect::<Vec<_>>()
        .join("&");
    let cross = venue::request(
        &served.addr,
        "POST",
        "/lineup/1/2/1",
        &[
            ("Content-Type", "application/x-www-form-urlencoded"),
            ("Sec-Fetch-Site", "cross-site"),
        ],
        body.as_bytes(),
    )
    .expect("an answer");
    assert_eq!(cross.status, 403);
    served.stop();

    // The event is unchanged until the arbiter accepts; the line-up waits for him,
    // once.
    let sections = swiss_arbiter::formats::native::load_sections(&path).expect("reads");
    assert_eq!(
        sections[0].team_lineup(2, 1).expect("plays").boards,
        current
    );
    let mut doc = Document::new(sections, Some(path.clone()), false);
    let (v, _) = Venue::open(&path, &mut doc).expect("the venue opens");
    let waiting = v.lineups(doc.sections());
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    let expected: Vec<Option<u32>> = players.iter().map(|&p| (p != 0).then_some(p)).collect();
    assert_eq!(waiting[0].players, expected);
    doc.apply_to(0, Venue::lineup_edit(&waiting[0]))
        .expect("the arbiter accepts it");
    assert_eq!(
        doc.current().team_lineup(2, 1).expect("plays").boards,
        expected
    );
}
