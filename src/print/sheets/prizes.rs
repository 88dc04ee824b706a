//! The prize list after the last round: each prize with its winner and money, the shares
//! of tied players, and the prizes no one could take.

use crate::prizes::prize_file::format_amount;
use crate::prizes::{self, Awards};
use crate::standings::Standings;
use crate::tournament::{Sharing, Tournament};

use super::super::PrintError;
use super::super::document::{Align, Column, Document, Table};
use super::standings::{details, event_standings};
use super::table_sheet;

/// The prizes given from the final standings (`round`: default the last complete one).
pub fn build(t: &Tournament, round: Option<u32>) -> Result<Document, PrintError> {
    if t.prizes.is_empty() {
        return Err(PrintError::NoPrizes);
    }
    let s = event_standings(t, round)?;
    let awards = prizes::award(t, &s, &t.prizes);
    let currency = t.prizes.currency.trim();
    let money = |cents: i64| match currency {
        "" => format_amount(cents),
        c => format!("{} {c}", format_amount(cents)),
    };
    let rows = awards
        .awards
        .iter()
        .map(|a| {
            let name = t.player(a.id).map(|p| p.name.clone()).unwrap_or_default();
            let shared = if a.shared_with.is_empty() {
                String::new()
            } else {
                let ids: Vec<String> = a.shared_with.iter().map(u32::to_string).collect();
                format!(
                    "place {}: {}; with {}",
                    a.place,
                    money(a.announced),
                    ids.join(", ")
                )
            };
            vec![
                format!("{} {}", a.category.name(), a.place),
                a.rank.to_string(),
                a.id.to_string(),
                name,
                a.points.to_string(),
                money(a.amount),
                a.label.clone(),
                shared,
            ]
        })
        .collect();
    let mut table = Table {
        columns: vec![
            Column::fixed("Prize", Align::Left),
            Column::fixed("Rk", Align::Right),
            Column::fixed("No", Align::Right),
            Column::names("Name"),
            Column::fixed("Pts", Align::Right),
            Column::fixed("Amount", Align::Right),
            Column::fixed("Also", Align::Left),
            Column::fixed("Shared", Align::Left),
        ],
        rows,
    };
    table.drop_empty_columns(&["Also", "Shared"]);
    let mut lines = details(t, &s);
    lines.push(rule(t.prizes.sharing).to_string());
    Ok(table_sheet(
        t,
        format!("Prizes after round {}", s.round),
        lines,
        table,
        unawarded(&awards, &money),
    ))
}

/// The prize each player receives, by pairing number, as the standings sheet shows it
/// (`Overall 1: 300`), when `s` are the final standings of an event with a prize list.
pub fn prize_column(t: &Tournament, s: &Standings) -> Option<Vec<(u32, String)>> {
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

fn rule(sharing: Sharing) -> &'static str {
    match sharing {
        Sharing::TieBreaks => "One prize per player; ties decided by the tie-breaks.",
        Sharing::Equal => {
            "One prize per player; money shared equally among players tied on points."
        }
        Sharing::Hort => {
            "One prize per player; Hort system: half of each place's money by the tie-breaks, \
             half shared equally among players tied on points."
        }
    }
}

fn unawarded(awards: &Awards, money: &dyn Fn(i64) -> String) -> Vec<String> {
    let mut notes: Vec<String> = awards
        .unawarded
        .iter()
        .map(|(category, place, amount)| {
            format!(
                "Not awarded, no eligible player left: {} {place} ({}).",
                category.name(),
                money(*amount)
            )
        })
        .collect();
    notes.extend(awards.notes.iter().cloned());
    notes
}
