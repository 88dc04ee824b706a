//! The crosstable (wall chart): per player in rank order, each round's opponent by rank,
//! colour and result, then the score. Landscape when too wide for portrait. The
//! tie-break values are on the standings, so that names stay whole here.

use crate::standings;
use crate::tournament::Tournament;

use super::super::PrintError;
use super::super::document::{Align, Body, Column, Document, Table};
use super::standings::{details, event_standings};
use super::{event_name, player, rating};

/// One round of the wall chart: opponent's rank, colour (`w`/`b`) and result code
/// (`1 = 0`, `+ -` forfeits, `U` pairing-allocated bye, `F H Z` byes); empty when absent.
fn cell_text(cell: &standings::Cell) -> String {
    let rank = cell
        .opponent_rank
        .map(|r| r.to_string())
        .unwrap_or_default();
    let colour = cell
        .colour
        .map(|c| c.letter().to_ascii_lowercase().to_string())
        .unwrap_or_default();
    format!("{rank}{colour}{}", cell.result).trim().to_string()
}

/// The crosstable after `round` (default: the last complete round).
pub fn build(t: &Tournament, round: Option<u32>) -> Result<Document, PrintError> {
    let s = event_standings(t, round)?;
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
        cells.extend(line.rounds.iter().map(cell_text));
        cells.push(line.points.to_string());
        rows.push(cells);
    }
    let mut notes = vec![
        "Each round: the opponent's rank, colour (w, b) and result (1 win, = draw, 0 loss; \
         + - forfeit; U pairing-allocated bye; F H Z full, half, zero-point bye)."
            .to_string(),
    ];
    notes.extend(s.notes.iter().cloned());
    Ok(Document {
        event: event_name(t),
        title: format!("Crosstable after round {}", s.round),
        draft: false,
        details: details(t, &s),
        orientation: None,
        body: Body::Table(Table { columns, rows }),
        notes,
    })
}
