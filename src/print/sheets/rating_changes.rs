//! The rating-change list (FIDE B.02 8.2, 8.3): each player's rated games, score,
//! expected score, K and change, with why each K is what it is and which games are not
//! rated.

use crate::formats::rating_changes;
use crate::rating;
use crate::tournament::Tournament;

use super::super::document::{Align, Column, Document, Table};
use super::{event_details, table_sheet};

/// The rating-change list of the games played so far.
pub(crate) fn build(t: &Tournament) -> Document {
    let ratings = rating::event_ratings(t);
    let mut table = Table {
        columns: rating_changes::TABLE_HEADINGS
            .iter()
            .map(|&heading| match heading {
                "Name" => Column::names(heading),
                "Fed" => Column::fixed(heading, Align::Left),
                _ => Column::fixed(heading, Align::Right),
            })
            .collect(),
        rows: rating_changes::table_rows(t, &ratings),
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
