//! The rating-change list (FIDE B.02 8.2, 8.3): each player's rated games, score,
//! expected score, K and change, with why each K is what it is and which games are not
//! rated.

use crate::formats::rating_changes;
use crate::rating::{self, RatingVerdict, format_hundredths, format_score};
use crate::tournament::Tournament;

use super::super::document::{Align, Column, Document, Table};
use super::{event_details, rating, table_sheet};

/// The rating-change list of the games played so far.
pub fn build(t: &Tournament) -> Document {
    let ratings = rating::event_ratings(t);
    let rows = ratings
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
                RatingVerdict::Unrated(Some(first)) => (
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    format!("({})", first.rating),
                ),
                RatingVerdict::Unrated(None) => Default::default(),
            };
            Some(vec![
                p.id.to_string(),
                p.name.clone(),
                p.federation.clone(),
                p.fide_id.map(|id| id.to_string()).unwrap_or_default(),
                rating(p),
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
        .collect();
    let mut table = Table {
        columns: vec![
            Column::fixed("No", Align::Right),
            Column::names("Name"),
            Column::fixed("Fed", Align::Left),
            Column::fixed("FIDE id", Align::Right),
            Column::fixed("Rtg", Align::Right),
            Column::fixed("K", Align::Right),
            Column::fixed("Games", Align::Right),
            Column::fixed("Score", Align::Right),
            Column::fixed("Exp.", Align::Right),
            Column::fixed("Perf.", Align::Right),
            Column::fixed("K×diff", Align::Right),
            Column::fixed("Chg", Align::Right),
            Column::fixed("New", Align::Right),
        ],
        rows,
    };
    table.drop_empty_columns(&["Fed", "FIDE id"]);
    let mut details = event_details(t);
    details.push(format!(
        "FIDE {} list; games played over the board against rated opponents (B.02 8.2, 8.3)",
        t.event.rating_list.name()
    ));
    table_sheet(
        t,
        "Rating changes".to_string(),
        details,
        table,
        rating_changes::notes(&ratings),
    )
}
