//! The pairings of a published round: by board (board, White with rating and points
//! before the round, result if entered, Black; the byes and absences under the table; in
//! a team event match by match, C.04.6), and by name, every player alphabetically with his
//! board, colour and opponent ("find my board"), as the notice board shows them
//! ([`crate::print::boards`]).

use crate::print::{self, escape};
use crate::tournament::{Colour, Player};

use super::paths::{PagePath, SectionPage};
use super::section::{Section, rating, table};
use super::{SiteOptions, section_page};

/// The links to the other published rounds, and to the same round the other way.
fn round_links(section: &Section, here: &PagePath, round: u32, by_name: bool) -> String {
    let page = |r| {
        if by_name {
            SectionPage::RoundByName(r)
        } else {
            SectionPage::Round(r)
        }
    };
    let mut html = String::from("<p>Round:");
    for &r in &section.rounds {
        if r == round {
            html.push_str(&format!(" <strong>{r}</strong>"));
        } else {
            html.push_str(&format!(
                " <a href=\"{}\">{r}</a>",
                here.href(&section.path(page(r)))
            ));
        }
    }
    let (other, label) = if by_name {
        (SectionPage::Round(round), "by board")
    } else {
        (SectionPage::RoundByName(round), "by name")
    };
    html.push_str(&format!(
        " · <a href=\"{}\">{label}</a></p>\n",
        here.href(&section.path(other))
    ));
    html
}

/// A player's points before `round`.
fn before(section: &Section, p: &Player, round: u32) -> String {
    section.t.score_after(p, round - 1).to_string()
}

/// The pairings of a published round by board.
pub(crate) fn by_board(section: &Section, round: u32, options: &SiteOptions) -> String {
    let kind = SectionPage::Round(round);
    let here = section.path(kind);
    let t = section.t;
    let mut body = format!("<h1>Pairings, round {round}</h1>\n");
    body.push_str(&round_links(section, &here, round, false));
    let boards = print::boards(t, round);
    let board_row = |number: String, b: &print::Board| -> Vec<(&'static str, String)> {
        let side = |id: u32| {
            t.player(id).map_or_else(
                || (String::new(), String::new()),
                |p| (rating(p), before(section, p, round)),
            )
        };
        let (w_rating, w_points) = side(b.white);
        let (b_rating, b_points) = side(b.black);
        vec![
            ("n", number),
            ("", section.player_link(&here, b.white)),
            ("n", w_rating),
            ("n", w_points),
            ("c", escape(&b.result)),
            ("n", b_points),
            ("", section.player_link(&here, b.black)),
            ("n", b_rating),
        ]
    };
    let head = [
        ("n", "Bd"),
        ("", "White"),
        ("n", "Rtg"),
        ("n", "Pts"),
        ("c", "Result"),
        ("n", "Pts"),
        ("", "Black"),
        ("n", "Rtg"),
    ];
    if t.is_team_event() {
        for (i, m) in t.team_matches(round).iter().enumerate() {
            body.push_str(&format!(
                "<h2>Match {}: {} {} – {} {}</h2>\n",
                i + 1,
                section.team_link(&here, m.white),
                m.game_points.0.with_halves(),
                m.game_points.1.with_halves(),
                section.team_link(&here, m.black),
            ));
            let mut rows: Vec<Vec<(&'static str, String)>> = boards
                .get(m.boards.clone())
                .unwrap_or(&[])
                .iter()
                .enumerate()
                .map(|(k, b)| {
                    let number = m.numbers.get(k).map_or(k + 1, |&n| n as usize);
                    board_row(number.to_string(), b)
                })
                .collect();
            let played = m.boards.len();
            for (k, &p) in m.unopposed.iter().enumerate() {
                let number = m
                    .numbers
                    .get(played + k)
                    .map_or_else(String::new, u32::to_string);
                let (r, pts) = t.player(p).map_or_else(
                    || (String::new(), String::new()),
                    |pl| (rating(pl), before(section, pl, round)),
                );
                rows.push(vec![
                    ("n", number),
                    ("", section.player_link(&here, p)),
                    ("n", r),
                    ("n", pts),
                    ("c", "+".to_string()),
                    ("n", String::new()),
                    ("", "no opponent: board won by forfeit".to_string()),
                    ("n", String::new()),
                ]);
            }
            body.push_str(&table(&head, &rows));
        }
        if let Some(team) = t.team_bye(round) {
            body.push_str(&format!(
                "<p>Pairing-allocated bye: {}</p>\n",
                section.team_link(&here, team.id)
            ));
        }
    } else {
        let rows: Vec<_> = boards
            .iter()
            .map(|b| board_row(b.number.to_string(), b))
            .collect();
        body.push_str(&table(&head, &rows));
    }
    let unpaired = print::unpaired(t, round);
    if !unpaired.is_empty() {
        body.push_str("<h2>Not paired</h2>\n<ul>\n");
        for u in &unpaired {
            let points = t
                .player(u.player)
                .map(|p| before(section, p, round))
                .unwrap_or_default();
            body.push_str(&format!(
                "<li>{} ({points}): {}</li>\n",
                section.player_link(&here, u.player),
                escape(u.reason)
            ));
        }
        body.push_str("</ul>\n");
    }
    section_page(
        section,
        kind,
        &format!("Pairings, round {round}"),
        &body,
        options,
    )
}

/// The pairings of a published round by name: every player alphabetically, with his board,
/// colour and opponent.
pub(crate) fn by_name(section: &Section, round: u32, options: &SiteOptions) -> String {
    let kind = SectionPage::RoundByName(round);
    let here = section.path(kind);
    let t = section.t;
    // (player, board, colour, opponent html)
    let mut entries: Vec<(&Player, String, &'static str, String)> = Vec::new();
    for b in print::boards(t, round) {
        for (id, other, colour) in [
            (b.white, b.black, Colour::White),
            (b.black, b.white, Colour::Black),
        ] {
            if let Some(p) = t.player(id) {
                entries.push((
                    p,
                    b.number.to_string(),
                    colour.name(),
                    section.player_link(&here, other),
                ));
            }
        }
    }
    for u in print::unpaired(t, round) {
        if let Some(p) = t.player(u.player) {
            entries.push((p, String::new(), "", escape(u.reason)));
        }
    }
    entries.sort_by_cached_key(|e| {
        (
            print::collation_key(&e.0.name),
            e.0.name.to_lowercase(),
            e.0.id,
        )
    });
    let rows: Vec<_> = entries
        .into_iter()
        .map(|(p, board, colour, opponent)| {
            vec![
                ("", section.player_link(&here, p.id)),
                ("n", board),
                ("", colour.to_string()),
                ("", opponent),
            ]
        })
        .collect();
    let mut body = format!("<h1>Pairings, round {round}, by name</h1>\n");
    body.push_str(&round_links(section, &here, round, true));
    body.push_str(&table(
        &[("", "Name"), ("n", "Bd"), ("", "Colour"), ("", "Opponent")],
        &rows,
    ));
    section_page(
        section,
        kind,
        &format!("Pairings, round {round}, by name"),
        &body,
        options,
    )
}
