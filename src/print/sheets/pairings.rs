//! Pairings by board for the notice board: round, board, each player's pairing number,
//! name, rating and points before the round, and the result (blank until entered).

use crate::tournament::Tournament;

use super::super::PrintError;
use super::super::boards::{boards, unpaired};
use super::super::document::{Align, Body, Column, Document, Table};
use super::{event_details, event_name, player, rating};

/// The pairings of `round` (already checked to be paired).
pub(crate) fn build(t: &Tournament, round: u32) -> Result<Document, PrintError> {
    let before = round - 1;
    let columns = vec![
        Column::fixed("Bd", Align::Right),
        Column::fixed("No", Align::Right),
        Column::names("White"),
        Column::fixed("Rtg", Align::Right),
        Column::fixed("Pts", Align::Right),
        Column::fixed("Result", Align::Centre),
        Column::fixed("Pts", Align::Right),
        Column::names("Black"),
        Column::fixed("Rtg", Align::Right),
        Column::fixed("No", Align::Right),
    ];
    let mut rows = Vec::new();
    for board in boards(t, round) {
        let white = player(t, board.white)?;
        let black = player(t, board.black)?;
        rows.push(vec![
            board.number.to_string(),
            white.id.to_string(),
            white.name.clone(),
            rating(white),
            t.score_after(white, before).to_string(),
            board.result,
            t.score_after(black, before).to_string(),
            black.name.clone(),
            rating(black),
            black.id.to_string(),
        ]);
    }
    for u in unpaired(t, round) {
        let p = player(t, u.player)?;
        rows.push(vec![
            String::new(),
            p.id.to_string(),
            p.name.clone(),
            rating(p),
            t.score_after(p, before).to_string(),
            String::new(),
            String::new(),
            u.reason.to_string(),
            String::new(),
            String::new(),
        ]);
    }
    Ok(Document {
        event: event_name(t),
        title: format!("Pairings, round {round}"),
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
