//! A team's page in a team event (C.04.6): its players in board order with their points,
//! its place in the team standings, and its matches round by round (the opposing team,
//! the colour on board 1, the game points of each side).

use crate::print::escape;
use crate::tournament::Colour;

use super::paths::SectionPage;
use super::section::{Section, rating, table};
use super::{SiteOptions, section_page};

/// The page of team `id`; `None` for a number no team has.
pub(crate) fn page(section: &Section, id: u32, options: &SiteOptions) -> Option<String> {
    let kind = SectionPage::Team(id);
    let here = section.path(kind);
    let t = section.t;
    let team = t.team(id)?;
    let last = section.last_round();
    let mut body = format!(
        "<h1>{}</h1>\n<dl class=\"facts\">\n<dt>Pairing number</dt><dd>{}</dd>\n",
        escape(&team.name),
        team.id
    );
    if let Ok(s) = section.team_standings()
        && let Some(row) = s.rows.iter().find(|row| row.team == id)
    {
        body.push_str(&format!(
            "<dt>Rank</dt><dd><a href=\"{}\">{}</a> after round {}</dd>\n<dt>Match points</dt><dd>{}</dd>\n<dt>Game points</dt><dd>{}</dd>\n",
            here.href(&section.path(SectionPage::Standings)),
            row.rank,
            s.round,
            row.match_points,
            row.game_points
        ));
    }
    if let Some(from) = t.team_withdrawn_from(id) {
        body.push_str(&format!("<dt>Withdrawn</dt><dd>from round {from}</dd>\n"));
    }
    body.push_str("</dl>\n<h2>Players</h2>\n");
    let rows: Vec<_> = team
        .players
        .iter()
        .enumerate()
        .map(|(k, &p)| {
            let player = t.player(p);
            vec![
                ("n", (k + 1).to_string()),
                ("n", p.to_string()),
                ("", section.player_link(&here, p)),
                (
                    "",
                    player.map(|p| escape(&p.federation)).unwrap_or_default(),
                ),
                ("n", player.map(rating).unwrap_or_default()),
                (
                    "n",
                    player
                        .map(|p| t.score_after(p, last).to_string())
                        .unwrap_or_default(),
                ),
            ]
        })
        .collect();
    body.push_str(&table(
        &[
            ("n", "#"),
            ("n", "No"),
            ("", "Name"),
            ("", "Fed"),
            ("n", "Rtg"),
            ("n", "Pts"),
        ],
        &rows,
    ));

    body.push_str("<h2>Matches</h2>\n");
    let mut rows = Vec::new();
    for &r in &section.rounds {
        let round_link = format!(
            "<a href=\"{}\">{r}</a>",
            here.href(&section.path(SectionPage::Round(r)))
        );
        let found = t
            .team_matches(r)
            .into_iter()
            .find(|m| m.white == id || m.black == id);
        let row = match found {
            Some(m) => {
                let (other, colour, ours, theirs) = if m.white == id {
                    (m.black, Colour::White, m.game_points.0, m.game_points.1)
                } else {
                    (m.white, Colour::Black, m.game_points.1, m.game_points.0)
                };
                vec![
                    ("n", round_link),
                    ("", section.team_link(&here, other)),
                    ("", colour.name().to_string()),
                    (
                        "c",
                        format!("{} – {}", ours.with_halves(), theirs.with_halves()),
                    ),
                ]
            }
            None => {
                let what = if t.team_bye(r).is_some_and(|b| b.id == id) {
                    "pairing-allocated bye"
                } else {
                    "no match"
                };
                vec![
                    ("n", round_link),
                    ("", what.to_string()),
                    ("", String::new()),
                    ("c", String::new()),
                ]
            }
        };
        rows.push(row);
    }
    if rows.is_empty() {
        body.push_str("<p>No pairing published yet.</p>\n");
    } else {
        body.push_str(&table(
            &[
                ("n", "Rd"),
                ("", "Opponent"),
                ("", "Board 1"),
                ("c", "Game points"),
            ],
            &rows,
        ));
    }
    Some(section_page(section, kind, &team.name, &body, options))
}
