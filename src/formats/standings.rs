//! The standings as text: a table for people, CSV for other programs, JSON with every
//! tie-break's breakdown.

use super::columns;
use crate::rating::{PlayerRating, RatingVerdict};
use crate::standings::{self, Cell, Row, Standings, TieBreak};
use crate::tournament::Tournament;

/// The K and the rating change (B.02 8.3) of player `id`, as the standings' extra
/// columns show them; empty for an unrated player.
fn rating_cells(ratings: &[PlayerRating], id: u32) -> (String, String) {
    ratings
        .iter()
        .find(|r| r.id == id)
        .and_then(|r| match &r.verdict {
            RatingVerdict::Rated(c) => Some((c.k.value.to_string(), c.change.to_string())),
            RatingVerdict::Unrated(_) => None,
        })
        .unwrap_or_default()
}

fn codes(tiebreaks: &[TieBreak]) -> Vec<String> {
    tiebreaks.iter().map(ToString::to_string).collect()
}

/// `Rank,StartNo,PTS,<tie-break codes>`, one row per player in rank order; with
/// `ratings`, two more columns, `K,RtgChange` (B.02 8.3; empty for unrated players).
pub fn csv(s: &Standings, ratings: Option<&[PlayerRating]>) -> String {
    let mut out = String::from("Rank,StartNo,PTS");
    for code in codes(&s.tiebreaks) {
        out.push(',');
        out.push_str(&code);
    }
    if ratings.is_some() {
        out.push_str(",K,RtgChange");
    }
    out.push('\n');
    for row in &s.rows {
        out.push_str(&format!("{},{},{}", row.rank, row.id, row.points));
        for b in &row.tiebreaks {
            out.push_str(&format!(",{}", b.value));
        }
        if let Some(ratings) = ratings {
            let (k, change) = rating_cells(ratings, row.id);
            out.push_str(&format!(",{k},{change}"));
        }
        out.push('\n');
    }
    out
}

/// The standings for people: a table with each player's rounds (opponent's pairing
/// number, colour, result) and tie-break values (with `ratings`, each player's K and
/// rating change), the notes, and, for `explain`, how each of that player's tie-breaks
/// is made.
pub fn text(
    t: &Tournament,
    s: &Standings,
    ratings: Option<&[PlayerRating]>,
    explain: Option<&Row>,
) -> String {
    let lines = standings::crosstable(t, s);
    let codes = codes(&s.tiebreaks);
    let mut out = format!(
        "Standings after round {} (tie-break rules: C.07 {}{}): PTS, {}\n\n",
        s.round,
        s.rules.edition,
        if s.rules.predetermined {
            ", pre-determined pairings"
        } else {
            ""
        },
        codes.join(", ")
    );
    let mut header = format!(
        "{:>4} {:>4}  {:<28} {:>4} {:>5}",
        "Rank", "No", "Name", "Rtg", "Pts"
    );
    for r in 1..=s.round {
        header.push_str(&format!(" {:>6}", format!("R{r}")));
    }
    for code in &codes {
        header.push_str(&format!(" {code:>7}"));
    }
    if ratings.is_some() {
        header.push_str(&format!(" {:>3} {:>4}", "K", "Chg"));
    }
    out.push_str(header.trim_end());
    out.push('\n');
    for (line, row) in lines.iter().zip(&s.rows) {
        let rating = line.rating.map(|r| r.to_string()).unwrap_or_default();
        let name = columns::clip(&line.name, 28);
        let mut text = format!(
            "{:>4} {:>4}  {} {:>4} {:>5}",
            line.rank, line.id, name, rating, line.points
        );
        for r in 0..s.round as usize {
            let cell = line.rounds.get(r).map(Cell::text).unwrap_or_default();
            text.push_str(&format!(" {cell:>6}"));
        }
        for b in &row.tiebreaks {
            text.push_str(&format!(" {:>7}", b.value));
        }
        if let Some(ratings) = ratings {
            let (k, change) = rating_cells(ratings, row.id);
            text.push_str(&format!(" {k:>3} {change:>4}"));
        }
        out.push_str(text.trim_end());
        out.push('\n');
    }
    let withdrawn: Vec<String> = s
        .rows
        .iter()
        .filter_map(|row| {
            let p = t.player(row.id)?;
            let from = p.withdrawn_by(s.round)?;
            Some(format!("{} {} (from round {from})", p.id, p.name))
        })
        .collect();
    if !withdrawn.is_empty() {
        out.push_str(&format!("\nWithdrawn: {}\n", withdrawn.join("; ")));
    }
    // Left out of the ranks (checklist Q197-198).
    let expelled: Vec<String> = s
        .expelled
        .iter()
        .map(|&(id, from)| {
            let name = t.player(id).map_or("", |p| p.name.as_str());
            format!("{id} {name} (from round {from}), left out of the standings")
        })
        .collect();
    if !expelled.is_empty() {
        out.push_str(&format!("\nExpelled: {}\n", expelled.join("; ")));
    }
    for note in &s.notes {
        out.push_str(&format!("\nNote: {note}"));
    }
    if !s.notes.is_empty() {
        out.push('\n');
    }
    if let Some(row) = explain {
        out.push_str(&format!(
            "\nPlayer {}: rank {}, {} points\n",
            row.id, row.rank, row.points
        ));
        for (code, b) in codes.iter().zip(&row.tiebreaks) {
            out.push_str(&format!("  {code} = {}\n", b.value));
            for line in b.lines() {
                out.push_str(&format!("      {line}\n"));
            }
        }
    }
    out
}

/// Everything, with each tie-break's breakdown, for other programs and the GUI.
pub fn json(t: &Tournament, s: &Standings) -> Result<String, serde_json::Error> {
    let codes = codes(&s.tiebreaks);
    let lines = standings::crosstable(t, s);
    let players: Vec<serde_json::Value> = lines
        .iter()
        .zip(&s.rows)
        .map(|(line, row)| {
            let tiebreaks: Vec<serde_json::Value> = codes
                .iter()
                .zip(&row.tiebreaks)
                .map(|(code, b)| {
                    serde_json::json!({
                        "code": code,
                        "value": b.value.to_string(),
                        "parts": b.parts,
                    })
                })
                .collect();
            serde_json::json!({
                "rank": line.rank,
                "id": line.id,
                "name": line.name,
                "rating": line.rating,
                "points": line.points.to_string(),
                "tiebreaks": tiebreaks,
                "rounds": line.rounds,
            })
        })
        .collect();
    let value = serde_json::json!({
        "round": s.round,
        "rules": s.rules.edition.to_string(),
        "predetermined": s.rules.predetermined,
        "unrated_rating": s.rules.unrated_rating,
        "tiebreaks": codes,
        "notes": s.notes,
        "expelled": s.expelled.iter().map(|&(id, from)| serde_json::json!({"id": id, "from": from})).collect::<Vec<_>>(),
        "standings": players,
    });
    Ok(serde_json::to_string_pretty(&value)? + "\n")
}
