//! A team event's standings (C.04.6, C.07): the teams ranked by match points with the
//! event's team tie-breaks.

use crate::standings::{self, EventTeamStandings};
use crate::tournament::Tournament;

use super::super::PrintError;
use super::super::document::{Align, Body, Column, Document, Table};
use super::{event_details, event_name};

/// The team standings after `round` (default: the last round recorded).
pub fn build(t: &Tournament, round: Option<u32>) -> Result<Document, PrintError> {
    let s: EventTeamStandings = standings::event_team_standings(t, round)
        .unwrap_or_else(|| Err("this event has no teams".to_string()))
        .map_err(PrintError::TieBreaks)?;
    let codes: Vec<String> = s.tiebreaks.iter().map(|tb| tb.code()).collect();
    let shown = standings::tiebreak_columns(&s.tiebreaks);
    let mut columns: Vec<Column> = standings::TEAM_TABLE_HEADINGS
        .iter()
        .map(|&heading| match heading {
            "Team" => Column::names(heading),
            "Rank" => Column::fixed("Rk", Align::Right),
            _ => Column::fixed(heading, Align::Right),
        })
        .collect();
    columns.extend(
        shown
            .iter()
            .map(|&k| Column::fixed(&codes[k], Align::Right)),
    );
    let rows = s.rows.iter().map(|row| row.cells(&shown)).collect();
    let mut details = event_details(t);
    details.push(format!(
        "Tie-breaks (FIDE C.07 {}): MP, {}",
        s.edition,
        codes.join(", ")
    ));
    Ok(Document {
        event: event_name(t),
        title: format!("Team standings after round {}", s.round),
        draft: false,
        details,
        orientation: None,
        body: Body::Table(Table { columns, rows }),
        notes: Vec::new(),
    })
}
