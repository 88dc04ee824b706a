//! The prize list after the last round: each prize with its winner and money, the shares
//! of tied players, and the prizes no one could take.

use crate::formats::prize_awards;
use crate::prizes::{self, prize_file::format_amount};
use crate::standings::{Edition, Standings};
use crate::tournament::Tournament;

use super::super::PrintError;
use super::super::document::{Align, Column, Document, Table};
use super::standings::{details, event_standings_under};
use super::table_sheet;

/// The prizes given from the final standings (`round`: default the last complete one).
pub(crate) fn build(
    t: &Tournament,
    round: Option<u32>,
    rules: Option<Edition>,
) -> Result<Document, PrintError> {
    if t.prizes.is_empty() {
        return Err(PrintError::NoPrizes);
    }
    let s = event_standings_under(t, round, rules)?;
    let awards = prizes::award(t, &s, &t.prizes);
    let rows = prize_awards::table_rows(t, &t.prizes, &awards);
    let mut table = Table {
        columns: prize_awards::TABLE_HEADINGS
            .iter()
            .map(|&heading| match heading {
                "Name" => Column::names(heading),
                "Rk" | "No" | "Pts" | "Amount" => Column::fixed(heading, Align::Right),
                _ => Column::fixed(heading, Align::Left),
            })
            .collect(),
        rows,
    };
    table.drop_empty_columns(&["Also", "Shared"]);
    let mut lines = details(t, &s);
    lines.push(prize_awards::rule_text(t.prizes.sharing).to_string());
    Ok(table_sheet(
        t,
        format!("Prizes after round {}", s.round),
        lines,
        table,
        prize_awards::unawarded_lines(&t.prizes, &awards),
    ))
}

/// The prize each player receives, by pairing number, as the standings sheet shows it
/// (`Overall 1: 300`), when `s` are the final standings of an event with a prize list.
pub(crate) fn prize_column(t: &Tournament, s: &Standings) -> Option<Vec<(u32, String)>> {
    let planned = t.event.rounds?;
    if t.prizes.is_empty() || s.round < planned {
        return None;
    }
    let awards = prizes::award(t, s, &t.prizes);
    Some(
        awards
            .awards
            .iter()
            .map(|a| {
                let amount = if a.amount > 0 {
                    format!(": {}", format_amount(a.amount))
                } else {
                    String::new()
                };
                (a.id, format!("{} {}{amount}", a.category.name(), a.place))
            })
            .collect(),
    )
}
