//! A team event's crosstable (C.04.6): per team in the order of the team standings, each
//! round's opposing team by number, the colour on board 1 and the match's game points,
//! then match points, game points and the tie-breaks as on the team standings sheet.
//! Landscape when too wide for portrait, as the players' crosstable.

use crate::standings;
use crate::tournament::Tournament;

use super::super::PrintError;
use super::super::document::{Column, Document, Table};
use super::table_sheet;
use super::team_standings::{team_column, team_details, team_standings};

/// The team crosstable after `round` (default: the last round recorded).
pub(crate) fn build(t: &Tournament, round: Option<u32>) -> Result<Document, PrintError> {
    let s = team_standings(t, round)?;
    let crosstable = standings::team_crosstable(t, &s);
    let columns: Vec<Column> = crosstable
        .headings()
        .iter()
        .map(|heading| team_column(heading))
        .collect();
    let rows = crosstable
        .lines
        .iter()
        .map(|line| crosstable.cells(line))
        .collect();
    Ok(table_sheet(
        t,
        format!("Team crosstable after round {}", s.round),
        team_details(t, &s),
        Table { columns, rows },
        vec![
            "Each round: the opposing team's number (No), the colour on board 1 (w, b) and the \
             game points the team scored; + - the match forfeited as a whole (won, lost); \
             U pairing-allocated bye; blank: no match."
                .to_string(),
        ],
    ))
}
