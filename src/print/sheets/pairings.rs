//! Pairings by board for the notice board, titled with the round and its date (when
//! recorded): board, each player's pairing number, name, federation (when the event
//! records any), rating and points before the round, and the result (blank until
//! entered).

use crate::tournament::{Player, Tournament};

use super::super::PrintError;
use super::super::boards::{boards, unpaired};
use super::super::document::{Align, Body, Column, Document, Table};
use super::{event_details, event_name, player, rating};

/// The pairings of `round` (already checked to be paired).
pub(crate) fn build(t: &Tournament, round: u32) -> Result<Document, PrintError> {
    let before = round - 1;
    let boards = boards(t, round);
    let unpaired = unpaired(t, round);
    // The federation columns, unless nobody in the round has one.
    let ids = boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(unpaired.iter().map(|u| u.player));
    let feds = ids
        .filter_map(|id| t.player(id))
        .any(|p| !p.federation.is_empty());
    let fed = |p: &Player| feds.then(|| p.federation.clone());
    let columns = [
        Some(Column::fixed("Bd", Align::Right)),
        Some(Column::fixed("No", Align::Right)),
        Some(Column::names("White")),
        feds.then(|| Column::fixed("Fed", Align::Left)),
        Some(Column::fixed("Rtg", Align::Right)),
        Some(Column::fixed("Pts", Align::Right)),
        Some(Column::fixed("Result", Align::Centre)),
        Some(Column::fixed("Pts", Align::Right)),
        Some(Column::names("Black")),
        feds.then(|| Column::fixed("Fed", Align::Left)),
        Some(Column::fixed("Rtg", Align::Right)),
        Some(Column::fixed("No", Align::Right)),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut rows = Vec::new();
    for board in boards {
        let white = player(t, board.white)?;
        let black = player(t, board.black)?;
        let row = [
            Some(board.number.to_string()),
            Some(white.id.to_string()),
            Some(white.name.clone()),
            fed(white),
            Some(rating(white)),
            Some(t.score_after(white, before).to_string()),
            Some(board.result),
            Some(t.score_after(black, before).to_string()),
            Some(black.name.clone()),
            fed(black),
            Some(rating(black)),
            Some(black.id.to_string()),
        ];
        rows.push(row.into_iter().flatten().collect());
    }
    for u in unpaired {
        let p = player(t, u.player)?;
        let row = [
            Some(String::new()),
            Some(p.id.to_string()),
            Some(p.name.clone()),
            fed(p),
            Some(rating(p)),
            Some(t.score_after(p, before).to_string()),
            Some(String::new()),
            Some(String::new()),
            Some(u.reason.to_string()),
            feds.then(String::new),
            Some(String::new()),
            Some(String::new()),
        ];
        rows.push(row.into_iter().flatten().collect());
    }
    Ok(Document {
        event: event_name(t),
        title: title(t, round),
        draft: !t.is_published(round),
        details: event_details(t),
        orientation: None,
        body: Body::Table(Table { columns, rows }),
        // The acceleration in force for this round (checklist Q108).
        notes: if round <= t.last_accelerated_round() {
            t.acceleration_rules()
        } else {
            Vec::new()
        },
    })
}

/// `Round 5 pairings`, with the round's date when the event records it.
fn title(t: &Tournament, round: u32) -> String {
    let date = t
        .event
        .round_dates
        .get(round as usize - 1)
        .map(|d| d.trim())
        .filter(|d| !d.is_empty());
    match date {
        Some(date) => format!("Round {round} pairings, {date}"),
        None => format!("Round {round} pairings"),
    }
}
