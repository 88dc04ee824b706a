//! The standings as text: a table for people, CSV for other programs, JSON with every
//! tie-break's breakdown.

use crate::standings::{self, Cell, Row, Standings, TieBreak};
use crate::tournament::Tournament;

fn codes(tiebreaks: &[TieBreak]) -> Vec<String> {
    tiebreaks.iter().map(ToString::to_string).collect()
}

/// `Rank,StartNo,PTS,<tie-break codes>`, one row per player in rank order.
pub fn csv(s: &Standings) -> String {
    let mut out = String::from("Rank,StartNo,PTS");
    for code in codes(&s.tiebreaks) {
        out.push(',');
        out.push_str(&code);
    }
    out.push('\n');
    for row in &s.rows {
        out.push_str(&format!("{},{},{}", row.rank, row.id, row.points));
        for b in &row.tiebreaks {
            out.push_str(&format!(",{}", b.value));
        }
        out.push('\n');
    }
    out
}

/// The standings for people: a table with each player's rounds (opponent's pairing
/// number, colour, result) and tie-break values, the notes, and, for `explain`, how each of that player's
/// tie-breaks is made.
pub fn text(t: &Tournament, s: &Standings, explain: Option<&Row>) -> String {
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
    out.push_str(header.trim_end());
    out.push('\n');
    for (line, row) in lines.iter().zip(&s.rows) {
        let rating = line.rating.map(|r| r.to_string()).unwrap_or_default();
        let name: String = line.name.chars().take(28).collect();
        let mut text = format!(
            "{:>4} {:>4}  {:<28} {:>4} {:>5}",
            line.rank, line.id, name, rating, line.points
        );
        for r in 0..s.round as usize {
            let cell = line.rounds.get(r).map(Cell::text).unwrap_or_default();
            text.push_str(&format!(" {cell:>6}"));
        }
        for b in &row.tiebreaks {
            text.push_str(&format!(" {:>7}", b.value));
        }
        out.push_str(text.trim_end());
        out.push('\n');
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
        "standings": players,
    });
    Ok(serde_json::to_string_pretty(&value)? + "\n")
}
