//! The standings (players ranked by score, then by each tie-break of the event's list in
//! turn, FIDE C.07) and the crosstable; in a team event the team standings and crosstable
//! (C.04.6, C.07), as the printed sheets give them. After the last round with every result
//! entered, never counting a draft round; when they cannot be worked out, the page says
//! why.

use crate::print::escape;
use crate::standings::{self as ranking, crosstable as cross, team_crosstable};

use super::paths::SectionPage;
use super::section::{Section, rating, table};
use super::{SiteOptions, section_page};

/// The page's body for an error: the reason, in plain words.
fn error(message: &str) -> String {
    format!("<p class=\"error\">{}</p>\n", escape(message))
}

/// Notes under a table.
fn notes(notes: &[String]) -> String {
    notes
        .iter()
        .map(|n| format!("<p class=\"note\">{}</p>\n", escape(n)))
        .collect()
}

/// The standings page.
pub(crate) fn standings(section: &Section, options: &SiteOptions) -> String {
    let kind = SectionPage::Standings;
    let here = section.path(kind);
    let t = section.t;
    let mut body = String::new();
    if t.is_team_event() {
        match section.team_standings() {
            Err(e) => body.push_str(&format!("<h1>Team standings</h1>\n{}", error(e))),
            Ok(s) => {
                body.push_str(&format!(
                    "<h1>Team standings after round {}</h1>\n",
                    s.round
                ));
                let codes: Vec<String> = s.tiebreaks.iter().map(|tb| tb.code()).collect();
                body.push_str(&format!(
                    "<p class=\"note\">Tie-breaks (FIDE C.07 {}): MP, {}</p>\n",
                    s.edition,
                    escape(&codes.join(", "))
                ));
                let shown = ranking::tiebreak_columns(&s.tiebreaks);
                let mut head: Vec<(&str, &str)> = vec![
                    ("n", "Rk"),
                    ("n", "No"),
                    ("", "Team"),
                    ("n", "W"),
                    ("n", "D"),
                    ("n", "L"),
                    ("n", "MP"),
                    ("n", "GP"),
                ];
                let shown_codes: Vec<String> =
                    shown.iter().map(|&k| s.tiebreaks[k].code()).collect();
                head.extend(shown_codes.iter().map(|c| ("n", c.as_str())));
                let rows: Vec<_> = s
                    .rows
                    .iter()
                    .map(|row| {
                        let mut cells = vec![
                            ("n", row.rank.to_string()),
                            ("n", row.team.to_string()),
                            ("", section.team_link(&here, row.team)),
                            ("n", row.won.to_string()),
                            ("n", row.drawn.to_string()),
                            ("n", row.lost.to_string()),
                        ];
                        cells.extend(
                            row.score_cells(&shown)
                                .into_iter()
                                .map(|c| ("n", escape(&c))),
                        );
                        cells
                    })
                    .collect();
                body.push_str(&table(&head, &rows));
            }
        }
    } else {
        match section.standings() {
            Err(e) => body.push_str(&format!("<h1>Standings</h1>\n{}", error(e))),
            Ok(s) => {
                body.push_str(&format!("<h1>Standings after round {}</h1>\n", s.round));
                let codes: Vec<String> = s.tiebreaks.iter().map(ToString::to_string).collect();
                body.push_str(&format!(
                    "<p class=\"note\">Tie-breaks (FIDE C.07 {}): {}. A player's page shows how each value is made.</p>\n",
                    s.rules.edition,
                    escape(&codes.join(", "))
                ));
                let mut head: Vec<(&str, &str)> = vec![
                    ("n", "Rk"),
                    ("n", "No"),
                    ("", "Name"),
                    ("", "Fed"),
                    ("n", "Rtg"),
                    ("n", "Pts"),
                ];
                head.extend(codes.iter().map(|c| ("n", c.as_str())));
                let rows: Vec<_> = s
                    .rows
                    .iter()
                    .map(|row| {
                        let p = t.player(row.id);
                        let mut name = section.player_link(&here, row.id);
                        if let Some(from) = p.and_then(|p| p.withdrawn_by(s.round)) {
                            name.push_str(&format!(" (withdrawn from round {from})"));
                        }
                        let mut cells = vec![
                            ("n", row.rank.to_string()),
                            ("n", row.id.to_string()),
                            ("", name),
                            ("", p.map(|p| escape(&p.federation)).unwrap_or_default()),
                            ("n", p.map(rating).unwrap_or_default()),
                            ("n", row.points.to_string()),
                        ];
                        cells.extend(row.tiebreaks.iter().map(|b| ("n", b.value.to_string())));
                        cells
                    })
                    .collect();
                body.push_str(&table(&head, &rows));
                body.push_str(&notes(&s.notes));
            }
        }
    }
    section_page(section, kind, "Standings", &body, options)
}

/// The crosstable page: per player (per team) in the order of the standings, each round's
/// opponent by pairing number, colour and result, linked to the opponent's page.
pub(crate) fn crosstable(section: &Section, options: &SiteOptions) -> String {
    let kind = SectionPage::Crosstable;
    let here = section.path(kind);
    let t = section.t;
    let mut body = String::new();
    if t.is_team_event() {
        match section.team_standings() {
            Err(e) => body.push_str(&format!("<h1>Team crosstable</h1>\n{}", error(e))),
            Ok(s) => {
                let x = team_crosstable(t, s);
                body.push_str(&format!(
                    "<h1>Team crosstable after round {}</h1>\n",
                    s.round
                ));
                let headings = x.headings();
                let head: Vec<(&str, &str)> = headings
                    .iter()
                    .map(|h| (if h == "Team" { "" } else { "n" }, h.as_str()))
                    .collect();
                let rows: Vec<_> = x
                    .lines
                    .iter()
                    .map(|line| {
                        let mut cells = vec![
                            ("n", line.row.rank.to_string()),
                            ("n", line.row.team.to_string()),
                            ("", section.team_link(&here, line.row.team)),
                        ];
                        for c in &line.rounds {
                            let text = escape(&c.text());
                            cells.push((
                                "c",
                                match c.opponent {
                                    Some(o) if t.team(o).is_some() => format!(
                                        "<a href=\"{}\">{text}</a>",
                                        here.href(&section.path(SectionPage::Team(o)))
                                    ),
                                    _ => text,
                                },
                            ));
                        }
                        cells.extend(
                            line.row
                                .score_cells(&x.columns)
                                .into_iter()
                                .map(|c| ("n", escape(&c))),
                        );
                        cells
                    })
                    .collect();
                body.push_str(&table(&head, &rows));
            }
        }
    } else {
        match section.standings() {
            Err(e) => body.push_str(&format!("<h1>Crosstable</h1>\n{}", error(e))),
            Ok(s) => {
                body.push_str(&format!("<h1>Crosstable after round {}</h1>\n", s.round));
                body.push_str(
                    "<p class=\"note\">Each round: the opponent's pairing number, the colour (w/b) and the result.</p>\n",
                );
                let rounds: Vec<String> = (1..=s.round).map(|r| format!("R{r}")).collect();
                let mut head: Vec<(&str, &str)> = vec![
                    ("n", "Rk"),
                    ("n", "No"),
                    ("", "Name"),
                    ("n", "Rtg"),
                    ("n", "Pts"),
                ];
                head.extend(rounds.iter().map(|r| ("c", r.as_str())));
                let rows: Vec<_> = cross(t, s)
                    .iter()
                    .map(|line| {
                        let p = t.player(line.id);
                        let mut cells = vec![
                            ("n", line.rank.to_string()),
                            ("n", line.id.to_string()),
                            ("", section.player_link(&here, line.id)),
                            ("n", p.map(rating).unwrap_or_default()),
                            ("n", line.points.to_string()),
                        ];
                        for c in &line.rounds {
                            let text = escape(&c.text());
                            cells.push((
                                "c",
                                match c.opponent {
                                    Some(o) if t.player(o).is_some() => format!(
                                        "<a href=\"{}\">{text}</a>",
                                        here.href(&section.path(SectionPage::Player(o)))
                                    ),
                                    _ => text,
                                },
                            ));
                        }
                        cells
                    })
                    .collect();
                body.push_str(&table(&head, &rows));
            }
        }
    }
    section_page(section, kind, "Crosstable", &body, options)
}
