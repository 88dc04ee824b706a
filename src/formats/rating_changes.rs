//! The rating changes of an event (B.02 8.2, 8.3) as text for people and CSV for other
//! programs.

use crate::rating::{
    KReason, PlayerRating, RatingVerdict, format_hundredths, format_score, round_change,
};
use crate::tournament::Tournament;

/// The headings of the rating-change table, as the window and the printed list show it.
pub(crate) const TABLE_HEADINGS: [&str; 13] = [
    "No",
    "Name",
    "Fed",
    "FIDE id",
    "Rtg",
    "K",
    "Games",
    "Score",
    "Expected",
    "Perf.",
    "K × diff",
    "Change",
    "New",
];

/// The cells of the rating-change table under [`TABLE_HEADINGS`], one row per player:
/// for a rated player his K, expected score, K × (score − expected) and the change rounded
/// (8.3.4) with the new rating; for an unrated one his first-rating figure of 8.2 in
/// brackets.
pub(crate) fn table_rows(t: &Tournament, ratings: &[PlayerRating]) -> Vec<Vec<String>> {
    ratings
        .iter()
        .filter_map(|r| {
            let p = t.player(r.id)?;
            let (k, expected, exact, change, new) = match &r.verdict {
                RatingVerdict::Rated(c) => (
                    c.k.value.to_string(),
                    format_hundredths(c.expected),
                    format_hundredths(c.exact),
                    c.change.to_string(),
                    p.rating
                        .map(|own| (i64::from(own) + c.change).to_string())
                        .unwrap_or_default(),
                ),
                RatingVerdict::Unrated(first) => (
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    first
                        .as_ref()
                        .map(|f| format!("({})", f.rating))
                        .unwrap_or_default(),
                ),
            };
            Some(vec![
                p.id.to_string(),
                p.name.clone(),
                p.federation.clone(),
                p.fide_id.map(|id| id.to_string()).unwrap_or_default(),
                p.rating.map(|x| x.to_string()).unwrap_or_default(),
                k,
                r.games.len().to_string(),
                format_score(r.score),
                expected,
                r.performance.map(|x| x.to_string()).unwrap_or_default(),
                exact,
                change,
                new,
            ])
        })
        .collect()
}

/// The CSV header, fixed for other programs.
pub(crate) const CSV_HEADER: &str = "StartNo,FideId,Rating,K,Games,Score,Expected,Change";

/// One row per player in pairing-number order: `Games` and `Score` count only the rated
/// games played over the board, `Expected` is the sum of table 8.1(b)'s expected scores,
/// `Change` is K times (Score minus Expected) rounded as FIDE rounds it (8.3.4). For an
/// unrated player `Rating`, `K`, `Expected` and `Change` are empty (his figure is 8.2's,
/// in the text).
pub fn csv(ratings: &[PlayerRating]) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for r in ratings {
        let fide_id = r.fide_id.map(|id| id.to_string()).unwrap_or_default();
        let (rating, k, expected, change) = match (&r.verdict, r.rating) {
            (RatingVerdict::Rated(c), Some(rating)) => (
                rating.to_string(),
                c.k.value.to_string(),
                format_hundredths(c.expected),
                c.change.to_string(),
            ),
            _ => Default::default(),
        };
        out.push_str(&format!(
            "{},{fide_id},{rating},{k},{},{},{expected},{change}\n",
            r.id,
            r.games.len(),
            format_score(r.score)
        ));
    }
    out
}

/// A table for people (the change exactly and as rounded, the performance and, for
/// unrated players, the first rating of 8.2), then why each player's K is what it is and
/// which games are not rated. With `detail`, that player's games one by one.
pub(crate) fn text(
    t: &Tournament,
    ratings: &[PlayerRating],
    detail: Option<&PlayerRating>,
) -> String {
    let mut out = format!(
        "Rating changes on the {} list (FIDE B.02 8.2, 8.3)\n\n",
        t.event.rating_list.name()
    );
    // The window's and the printed list's table, in columns as wide as their cells.
    let rows = table_rows(t, ratings);
    let widths: Vec<usize> = TABLE_HEADINGS
        .iter()
        .enumerate()
        .map(|(c, heading)| {
            rows.iter()
                .map(|row| row[c].chars().count())
                .chain([heading.chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let headings: Vec<String> = TABLE_HEADINGS.iter().map(|h| h.to_string()).collect();
    for row in std::iter::once(&headings).chain(&rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &width))| {
                let pad = " ".repeat(width - cell.chars().count());
                if TABLE_HEADINGS[c] == "Name" || TABLE_HEADINGS[c] == "Fed" {
                    format!("{cell}{pad}")
                } else {
                    format!("{pad}{cell}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    let notes = notes(ratings);
    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            out.push_str(&format!("{note}\n"));
        }
    }
    if let Some(r) = detail {
        out.push_str(&detail_text(r));
    }
    out
}

/// What the table does not say: why each player's K is what it is (one line per reason,
/// naming its players; the list's own K needs none), each unrated player's figure of
/// 8.2, and each game played over the board that is not rated, with the article.
pub(crate) fn notes(ratings: &[PlayerRating]) -> Vec<String> {
    // One note per K reason, naming its players; then each unrated player and each
    // game not rated.
    let mut k_notes: Vec<(String, Vec<u32>)> = Vec::new();
    let mut notes = Vec::new();
    for r in ratings {
        match &r.verdict {
            RatingVerdict::Rated(c) if c.k.limited || c.k.reason != KReason::List => {
                let why = c.k.describe();
                match k_notes.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, ids)) => ids.push(r.id),
                    None => k_notes.push((why, vec![r.id])),
                }
            }
            RatingVerdict::Unrated(Some(first)) => notes.push(format!(
                "Player {}: unrated; Ru = {} + dp({}) = {} with two hypothetical draws \
                 against 1800: {}",
                r.id,
                first.average,
                format_hundredths(first.percentage),
                first.rating,
                first.status.describe()
            )),
            _ => {}
        }
        for game in &r.excluded {
            notes.push(format!(
                "Player {}: round {} against {} not rated: {}",
                r.id,
                game.round,
                game.opponent,
                game.why.describe()
            ));
        }
    }
    let k_notes = k_notes.into_iter().map(|(why, ids)| {
        let ids: Vec<String> = ids.iter().map(u32::to_string).collect();
        let who = if ids.len() == 1 { "Player" } else { "Players" };
        format!("{who} {}: {why}", ids.join(", "))
    });
    k_notes.chain(notes).collect()
}

fn detail_text(r: &PlayerRating) -> String {
    let mut out = format!("\nPlayer {}: rated games\n", r.id);
    out.push_str(&format!(
        "{:>5} {:>4} {:>5} {:>6} {:>5} {:>8}\n",
        "Round", "Opp", "OppR", "Result", "Diff", "Expected"
    ));
    for g in &r.games {
        let diff = g
            .counted_difference
            .map(|d| d.to_string())
            .unwrap_or_default();
        let expected = g.expected.map(format_hundredths).unwrap_or_default();
        let line = format!(
            "{:>5} {:>4} {:>5} {:>6} {diff:>5} {expected:>8}",
            g.round,
            g.opponent,
            g.opponent_rating,
            format_score(g.score)
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if let RatingVerdict::Rated(c) = &r.verdict {
        out.push_str(&format!(
            "Score {} - expected {} = {}; {} ; {} x {} = {}, rounded {} (B.02 8.3.4)\n",
            format_score(r.score),
            format_hundredths(c.expected),
            format_hundredths(r.score - c.expected),
            c.k.describe(),
            c.k.value,
            format_hundredths(r.score - c.expected),
            format_hundredths(c.exact),
            signed(&round_change(c.exact).to_string())
        ));
    }
    out
}

fn signed(number: &str) -> String {
    if number.starts_with('-') || number.trim_start_matches(['0', '.']).is_empty() {
        number.to_string()
    } else {
        format!("+{number}")
    }
}
