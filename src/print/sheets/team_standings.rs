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
    let mut columns = vec![
        Column::fixed("Rk", Align::Right),
        Column::fixed("No", Align::Right),
        Column::names("Team"),
        Column::fixed("W", Align::Right),
        Column::fixed("D", Align::Right),
        Column::fixed("L", Align::Right),
        Column::fixed("MP", Align::Right),
        Column::fixed("GP", Align::Right),
    ];
    columns.extend(codes.iter().map(|code| Column::fixed(code, Align::Right)));
    let rows = s
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![
                row.rank.to_string(),
                row.team.to_string(),
                row.name.clone(),
                row.won.to_string(),
                row.drawn.to_string(),
                row.lost.to_string(),
                row.match_points.to_string(),
                row.game_points.to_string(),
            ];
            cells.extend(row.tiebreaks.iter().map(ToString::to_string));
            cells
        })
        .collect();
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
