//! The crosstable (wall chart): per player in rank order, each round's opponent by pairing
//! number (unique, where ranks may be shared), colour and result, then the score.
//! Landscape when too wide for portrait. The tie-break values are on the standings sheet,
//! so that names stay whole here (13 rounds and five tie-breaks do not fit A4 with them).

use crate::standings::{self, Edition};
use crate::tournament::Tournament;

use super::super::PrintError;
use super::super::document::{Align, Column, Document, Table};
use super::standings::{details, event_standings_under};
use super::{player, rating, table_sheet};

/// The crosstable after `round` (default: the last complete round).
pub(crate) fn build(
    t: &Tournament,
    round: Option<u32>,
    rules: Option<Edition>,
) -> Result<Document, PrintError> {
    let s = event_standings_under(t, round, rules)?;
    let lines = standings::crosstable(t, &s);
    let mut columns = vec![
        Column::fixed("Rk", Align::Right),
        Column::fixed("No", Align::Right),
        Column::names("Name"),
        Column::fixed("Rtg", Align::Right),
    ];
    columns.extend((1..=s.round).map(|r| Column::fixed(&r.to_string(), Align::Centre)));
    columns.push(Column::fixed("Pts", Align::Right));
    let mut rows = Vec::with_capacity(lines.len());
    for line in &lines {
        let p = player(t, line.id)?;
        let mut cells = vec![
            line.rank.to_string(),
            line.id.to_string(),
            line.name.clone(),
            rating(p),
        ];
        cells.extend(line.rounds.iter().map(standings::Cell::text));
        cells.push(line.points.to_string());
        rows.push(cells);
    }
    let mut notes = vec![
        "Each round: the opponent's pairing number (No), colour (w, b) and result (1 win, = draw, 0 loss; \
         + - forfeit; U pairing-allocated bye; F H Z full, half, zero-point bye)."
            .to_string(),
    ];
    notes.extend(s.notes.iter().cloned());
    Ok(table_sheet(
        t,
        format!("Crosstable after round {}", s.round),
        details(t, &s),
        Table { columns, rows },
        notes,
    ))
}
