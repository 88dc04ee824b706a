//! A team event's standings (C.04.6, C.07): the teams ranked by match points with the
//! event's team tie-breaks.

use crate::standings::{self, EventTeamStandings};
use crate::tournament::Tournament;

use super::super::PrintError;
use super::super::document::{Align, Column, Document, Table};
use super::{event_details, table_sheet};

/// The team standings of `t` after `round` (default: the last round recorded) with the
/// event's team tie-breaks; an error for an event without teams or with a list that
/// names an unknown code.
pub(crate) fn team_standings(
    t: &Tournament,
    round: Option<u32>,
) -> Result<EventTeamStandings, PrintError> {
    standings::event_team_standings(t, round)
        .unwrap_or_else(|| Err("this event has no teams".to_string()))
        .map_err(PrintError::TieBreaks)
}

/// The column under a heading of the team tables ([`standings::TEAM_TABLE_HEADINGS`],
/// [`standings::TeamCrosstable::headings`]): the team's name takes the room left, a
/// round is centred, the rest are numbers.
pub(crate) fn team_column(heading: &str) -> Column {
    match heading {
        "Team" => Column::names(heading),
        "Rank" => Column::fixed("Rk", Align::Right),
        round if round.starts_with('R') && round[1..].parse::<u32>().is_ok() => {
            Column::fixed(round, Align::Centre)
        }
        _ => Column::fixed(heading, Align::Right),
    }
}

/// The lines under the title: the event's, then the tie-break list and its rules.
pub(crate) fn team_details(t: &Tournament, s: &EventTeamStandings) -> Vec<String> {
    let codes: Vec<String> = s.tiebreaks.iter().map(|tb| tb.code()).collect();
    let mut details = event_details(t);
    details.push(format!(
        "Tie-breaks (FIDE C.07 {}): MP, {}",
        s.edition,
        codes.join(", ")
    ));
    details
}

/// The team standings after `round` (default: the last round recorded).
pub(crate) fn build(t: &Tournament, round: Option<u32>) -> Result<Document, PrintError> {
    let s = team_standings(t, round)?;
    let shown = standings::tiebreak_columns(&s.tiebreaks);
    let columns: Vec<Column> = standings::TEAM_TABLE_HEADINGS
        .iter()
        .map(|&heading| team_column(heading))
        .chain(
            shown
                .iter()
                .map(|&k| Column::fixed(&s.tiebreaks[k].code(), Align::Right)),
        )
        .collect();
    let rows = s.rows.iter().map(|row| row.cells(&shown)).collect();
    Ok(table_sheet(
        t,
        format!("Team standings after round {}", s.round),
        team_details(t, &s),
        Table { columns, rows },
        Vec::new(),
    ))
}
