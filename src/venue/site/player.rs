//! The players: the list by pairing number, and one page per player with what a public
//! standings list shows of him (name, title, federation, club, rating, pairing number,
//! team), his games round by round, his score, and his rank with each tie-break value
//! worked out (C.07; [`crate::standings::Breakdown::lines`]): "why am I 4th?". Nothing
//! private (see the module [`super`]).

use crate::print::{self, escape};
use crate::tournament::{ByeKind, GameResult, Outcome};

use super::paths::{PagePath, SectionPage};
use super::section::{Section, display_name, rating, table};
use super::{SiteOptions, section_page};

/// The list of players by pairing number.
pub(crate) fn list(section: &Section, options: &SiteOptions) -> String {
    let kind = SectionPage::Players;
    let here = section.path(kind);
    let t = section.t;
    let last = section.last_round();
    let teams = t.is_team_event();
    let mut head = vec![("n", "No"), ("", "Name"), ("", "Fed"), ("n", "Rtg")];
    if teams {
        head.push(("", "Team"));
    }
    head.push(("n", "Pts"));
    let rows: Vec<_> = t
        .players
        .iter()
        .map(|p| {
            let mut cells = vec![
                ("n", p.id.to_string()),
                ("", section.player_link(&here, p.id)),
                ("", escape(&p.federation)),
                ("n", rating(p)),
            ];
            if teams {
                cells.push((
                    "",
                    t.team_of(p.id)
                        .map(|team| section.team_link(&here, team))
                        .unwrap_or_default(),
                ));
            }
            cells.push(("n", t.score_after(p, last).to_string()));
            cells
        })
        .collect();
    let mut body = format!("<h1>Players ({})</h1>\n", t.players.len());
    if last > 0 {
        body.push_str(&format!(
            "<p class=\"note\">Points after round {last}, with the results entered so far.</p>\n"
        ));
    }
    body.push_str(&table(&head, &rows));
    section_page(section, kind, "Players", &body, options)
}

/// A round's result from the player's side as a page shows it, and whether it is in.
fn result_text(section: &Section, outcome: &Outcome) -> String {
    let points = || section.t.event.scoring.points(outcome).with_halves();
    match outcome {
        Outcome::Game {
            adjourned: true, ..
        } => "adjourned".to_string(),
        Outcome::Game { result, .. } => match result {
            GameResult::Win => "1".to_string(),
            GameResult::Draw => "½".to_string(),
            GameResult::Loss => "0".to_string(),
        },
        Outcome::Forfeit { won: true, .. } => "+ (forfeit)".to_string(),
        Outcome::Forfeit { won: false, .. } => "- (forfeit)".to_string(),
        Outcome::Scheduled { .. } => String::new(),
        Outcome::Match { games, .. } if games.is_pending() => String::new(),
        Outcome::Match { .. } => points(),
        Outcome::PairingBye => format!("{} (pairing-allocated bye)", points()),
        Outcome::Bye(ByeKind::Full) => format!("{} (full-point bye)", points()),
        Outcome::Bye(ByeKind::Half) => format!("{} (half-point bye)", points()),
        Outcome::Bye(ByeKind::Zero) => format!("{} (zero-point bye)", points()),
        Outcome::Absent => "absent".to_string(),
        Outcome::NotPlayed => String::new(),
    }
}

/// A player's page; `None` for a pairing number nobody has.
pub(crate) fn page(section: &Section, id: u32, options: &SiteOptions) -> Option<String> {
    let kind = SectionPage::Player(id);
    let here = section.path(kind);
    let t = section.t;
    let p = t.player(id)?;
    let mut body = format!(
        "<h1>{}</h1>\n<dl class=\"facts\">\n",
        escape(&display_name(p))
    );
    let mut fact = |term: &str, html: String| {
        if !html.is_empty() {
            body.push_str(&format!("<dt>{}</dt><dd>{html}</dd>\n", escape(term)));
        }
    };
    fact("Pairing number", p.id.to_string());
    fact("Title", escape(p.title.trim()));
    fact("Federation", escape(&p.federation));
    fact("Club", escape(p.club.trim()));
    fact("Rating", rating(p));
    if let Some(team) = t.team_of(p.id) {
        fact("Team", section.team_link(&here, team));
    }
    if let Some(from) = p.withdrawn_from.filter(|&r| r <= section.last_round() + 1) {
        fact("Withdrawn", format!("from round {from}"));
    }
    body.push_str("</dl>\n");

    // His games, round by round.
    body.push_str("<h2>Games</h2>\n");
    let rows: Vec<_> = section
        .rounds
        .iter()
        .map(|&r| {
            let outcome = p.outcome(r);
            let board = print::boards(t, r)
                .into_iter()
                .find(|b| b.white == id || b.black == id)
                .map(|b| b.number.to_string())
                .unwrap_or_default();
            let (opponent, opp_rating) = match outcome.opponent() {
                Some(o) => (
                    section.player_link(&here, o),
                    t.player(o).map(rating).unwrap_or_default(),
                ),
                None => (String::new(), String::new()),
            };
            let colour = outcome
                .scheduled_colour()
                .map(|c| c.name().to_string())
                .unwrap_or_default();
            vec![
                (
                    "n",
                    format!(
                        "<a href=\"{}\">{r}</a>",
                        here.href(&section.path(SectionPage::Round(r)))
                    ),
                ),
                ("n", board),
                ("", colour),
                ("", opponent),
                ("n", opp_rating),
                ("c", escape(&result_text(section, outcome))),
            ]
        })
        .collect();
    if rows.is_empty() {
        body.push_str("<p>No pairing published yet.</p>\n");
    } else {
        body.push_str(&table(
            &[
                ("n", "Rd"),
                ("n", "Bd"),
                ("", "Colour"),
                ("", "Opponent"),
                ("n", "Rtg"),
                ("c", "Result"),
            ],
            &rows,
        ));
        let last = section.last_round();
        body.push_str(&format!(
            "<p>Score: <strong>{}</strong> after round {last} (results entered so far).</p>\n",
            t.score_after(p, last)
        ));
    }

    // His place, and why.
    if !t.is_team_event() {
        body.push_str(&rank_and_tiebreaks(section, &here, id));
    }
    Some(section_page(section, kind, &p.name, &body, options))
}

/// His rank in the standings and each tie-break's value with the terms that make it (C.07).
fn rank_and_tiebreaks(section: &Section, here: &PagePath, id: u32) -> String {
    let standings_link = format!(
        "<a href=\"{}\">standings</a>",
        here.href(&section.path(SectionPage::Standings))
    );
    let mut html = String::from("<h2>Standing</h2>\n");
    let s = match section.standings() {
        Ok(s) => s,
        Err(e) => {
            html.push_str(&format!("<p class=\"error\">{}</p>\n", escape(e)));
            return html;
        }
    };
    let Some(row) = s.rows.iter().find(|row| row.id == id) else {
        html.push_str(&format!("<p>Not in the {standings_link}.</p>\n"));
        return html;
    };
    html.push_str(&format!(
        "<p>Rank <strong>{}</strong> of {} in the {standings_link} after round {}, with <strong>{}</strong> points.</p>\n",
        row.rank,
        s.rows.len(),
        s.round,
        row.points
    ));
    if !s.tiebreaks.is_empty() {
        html.push_str(&format!(
            "<p class=\"note\">Players equal on points are ranked by the tie-breaks in this order (FIDE C.07 {}). Each value, and how it is made (R: round, vs: opponent's pairing number):</p>\n",
            s.rules.edition
        ));
    }
    for (tb, breakdown) in s.tiebreaks.iter().zip(&row.tiebreaks) {
        html.push_str(&format!(
            "<h3>{}: {}</h3>\n",
            escape(&tb.to_string()),
            escape(&breakdown.value.to_string())
        ));
        let lines = breakdown.lines();
        if !lines.is_empty() {
            html.push_str("<ul class=\"why\">\n");
            for line in lines {
                html.push_str(&format!("<li>{}</li>\n", escape(&line)));
            }
            html.push_str("</ul>\n");
        }
    }
    html.push_str(&ranking_notes(&s.notes));
    html
}

/// The standings' notes (a tie-break dropped, and why).
fn ranking_notes(notes: &[String]) -> String {
    notes
        .iter()
        .map(|n| format!("<p class=\"note\">{}</p>\n", escape(n)))
        .collect()
}
