//! The starting rank list: the players by pairing number with title, federation, FIDE
//! id and rating.

use crate::tournament::Tournament;

use super::super::document::{Align, Column, Document, Table};
use super::{event_details, rating, table_sheet};

/// The starting rank list.
pub(crate) fn build(t: &Tournament) -> Document {
    let rows = t
        .players
        .iter()
        .map(|p| {
            vec![
                p.id.to_string(),
                p.title.clone(),
                p.name.clone(),
                p.federation.clone(),
                p.fide_id.map(|id| id.to_string()).unwrap_or_default(),
                rating(p),
                p.birth_date.clone(),
            ]
        })
        .collect();
    let mut table = Table {
        columns: vec![
            Column::fixed("No", Align::Right),
            Column::fixed("Title", Align::Left),
            Column::names("Name"),
            Column::fixed("Fed", Align::Left),
            Column::fixed("FIDE id", Align::Right),
            Column::fixed("Rtg", Align::Right),
            Column::fixed("Born", Align::Left),
        ],
        rows,
    };
    table.drop_empty_columns(&["Title", "Fed", "FIDE id", "Born"]);
    table_sheet(
        t,
        "Starting rank list".to_string(),
        event_details(t),
        table,
        vec![format!("{} players.", t.players.len())],
    )
}
