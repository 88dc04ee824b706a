//! Team standings as text (a table for people, and the team crosstable), CSV and JSON
//! (for other programs).

use super::columns;
use crate::standings::{
    Edition, TeamCrosstable, TeamRow, TeamScore, TeamTieBreak, tiebreak_columns,
};

/// `Rank,Team,Name,W,D,L,MP,GP,<tie-break codes>`, one row per team in rank order.
pub(crate) fn csv(rows: &[TeamRow], tiebreaks: &[TeamTieBreak]) -> String {
    let mut out = String::from("Rank,Team,Name,W,D,L,MP,GP");
    for tb in tiebreaks {
        out.push(',');
        out.push_str(&tb.code());
    }
    out.push('\n');
    for row in rows {
        let name = if row.name.contains([',', '"']) {
            format!("\"{}\"", row.name.replace('"', "\"\""))
        } else {
            row.name.clone()
        };
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{}",
            row.rank,
            row.team,
            name,
            row.won,
            row.drawn,
            row.lost,
            row.match_points,
            row.game_points
        ));
        for value in &row.tiebreaks {
            out.push_str(&format!(",{value}"));
        }
        out.push('\n');
    }
    out
}

/// The team crosstable for people (C.04.6): its headings and each team's cells
/// ([`TeamCrosstable::cells`], as the window and the printed sheet show them), each
/// column as wide as its widest cell, the team's name to the left, the rest to the right.
pub(crate) fn crosstable_text(x: &TeamCrosstable) -> String {
    let headings = x.headings();
    let rows: Vec<Vec<String>> = x.lines.iter().map(|line| x.cells(line)).collect();
    let widths: Vec<usize> = headings
        .iter()
        .enumerate()
        .map(|(i, heading)| {
            rows.iter()
                .filter_map(|row| row.get(i))
                .chain([heading])
                .map(|cell| columns::width(cell))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| -> String {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, &width))| {
                if headings.get(i).is_some_and(|h| h == "Team") {
                    columns::left(cell, width)
                } else {
                    columns::right(cell, width)
                }
            })
            .collect();
        format!("{}\n", padded.join("  ").trim_end())
    };
    let mut out = format!("Team crosstable after round {}\n\n", x.round);
    out.push_str(&line(&headings));
    for row in &rows {
        out.push_str(&line(row));
    }
    out
}

/// The team standings for people: rank, team, matches won, drawn and lost, match and game
/// points, and the tie-breaks. The heading names the order: the primary score, then the
/// tie-breaks; a tie-break that is one of the two scores (`GP`, `MPvGP`...) is not given a
/// second column beside the MP and GP columns.
pub(crate) fn text(
    rows: &[TeamRow],
    tiebreaks: &[TeamTieBreak],
    primary: TeamScore,
    round: u32,
    edition: Edition,
) -> String {
    let order: Vec<String> = tiebreaks.iter().map(|tb| tb.code()).collect();
    let first = match primary {
        TeamScore::Match => "MP",
        TeamScore::Game => "GP",
    };
    let mut out = format!(
        "Team standings after round {round} (tie-break rules: C.07 {edition}): {first}, {}\n\n",
        order.join(", ")
    );
    let shown = tiebreak_columns(tiebreaks);
    let codes: Vec<&String> = shown.iter().map(|&k| &order[k]).collect();
    let width = rows
        .iter()
        .map(|r| columns::width(&r.name))
        .max()
        .unwrap_or(0)
        .max(4);
    out.push_str(&format!(
        "Rank  No  {}   W  D  L    MP    GP",
        columns::left("Team", width)
    ));
    for code in &codes {
        out.push_str(&format!(" {code:>8}"));
    }
    out.push('\n');
    for row in rows {
        let pad = width.saturating_sub(columns::width(&row.name));
        out.push_str(&format!(
            "{:>4} {:>3}  {}{}  {:>2} {:>2} {:>2} {:>5} {:>5}",
            row.rank,
            row.team,
            row.name,
            " ".repeat(pad),
            row.won,
            row.drawn,
            row.lost,
            row.match_points.to_string(),
            row.game_points.to_string()
        ));
        for &k in &shown {
            out.push_str(&format!(" {:>8}", row.tiebreaks[k].to_string()));
        }
        out.push('\n');
    }
    out
}

/// `{"round": R, "rules": edition, "tiebreaks": [codes], "teams": [{rank, team, name, won, drawn, lost,
/// match_points, game_points, tiebreaks: [values as printed]}]}`.
pub(crate) fn json(
    rows: &[TeamRow],
    tiebreaks: &[TeamTieBreak],
    round: u32,
    edition: Edition,
) -> Result<String, serde_json::Error> {
    let teams: Vec<serde_json::Value> = rows
        .iter()
        .map(|row| {
            serde_json::json!({
                "rank": row.rank,
                "team": row.team,
                "name": row.name,
                "won": row.won,
                "drawn": row.drawn,
                "lost": row.lost,
                "match_points": row.match_points.to_string(),
                "game_points": row.game_points.to_string(),
                "tiebreaks": row.tiebreaks.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })
        })
        .collect();
    let codes: Vec<String> = tiebreaks.iter().map(|tb| tb.code()).collect();
    serde_json::to_string_pretty(&serde_json::json!({
        "round": round,
        "rules": edition.to_string(),
        "tiebreaks": codes,
        "teams": teams,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::teams::{TeamEvent, config, generate};
    use crate::standings::{event_team_standings, team_crosstable};

    /// Every team's cells stand on one line, in order and aligned under the headings.
    #[test]
    fn the_crosstable_text_has_a_line_per_team_under_its_headings() {
        let t = generate(&config(5, 4), &TeamEvent::new(7, 4)).expect("generated");
        let s = event_team_standings(&t, None)
            .expect("a team event")
            .expect("standings");
        let x = team_crosstable(&t, &s);
        let text = crosstable_text(&x);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Team crosstable after round 5");
        let header = lines[2];
        assert!(header.starts_with("Rank  No  Team"), "{header}");
        assert_eq!(lines.len(), 3 + x.lines.len());
        for (line, text) in x.lines.iter().zip(&lines[3..]) {
            let words: Vec<&str> = text.split_whitespace().collect();
            let cells: Vec<String> = x.cells(line);
            assert_eq!(words.join(" "), cells.join(" "), "{text}");
            // The last column ends where its heading does.
            assert_eq!(text.chars().count(), header.chars().count(), "{text}");
        }
    }
}
