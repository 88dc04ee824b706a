//! A team round's pairing (C.04.6) for the notice board: each match (its teams and the
//! score so far) followed by its boards, board 1 first, and the boards won because the
//! other team had no player; then the team with the bye.

use crate::tournament::Tournament;

use super::super::PrintError;
use super::super::boards::boards;
use super::super::document::{Align, Body, Column, Document, Table};
use super::{event_details, event_name, player, rating};

/// The match sheets of `round` (already checked to be paired).
pub(crate) fn build(t: &Tournament, round: u32) -> Result<Document, PrintError> {
    let columns = vec![
        Column::fixed("Bd", Align::Right),
        Column::fixed("No", Align::Right),
        Column::names("White"),
        Column::fixed("Rtg", Align::Right),
        Column::fixed("Result", Align::Centre),
        Column::names("Black"),
        Column::fixed("Rtg", Align::Right),
        Column::fixed("No", Align::Right),
    ];
    let team_name = |id: u32| t.team(id).map_or_else(String::new, |x| x.name.clone());
    let all = boards(t, round);
    let mut rows = Vec::new();
    for (i, m) in t.team_matches(round).iter().enumerate() {
        rows.push(vec![
            String::new(),
            format!("M{}", i + 1),
            format!("{} {}", m.white, team_name(m.white)),
            String::new(),
            format!(
                "{} - {}",
                m.game_points.0.with_halves(),
                m.game_points.1.with_halves()
            ),
            format!("{} {}", m.black, team_name(m.black)),
            String::new(),
            String::new(),
        ]);
        for (board, b) in all.get(m.boards.clone()).unwrap_or(&[]).iter().enumerate() {
            let white = player(t, b.white)?;
            let black = player(t, b.black)?;
            // The board's number in the match, as the line-ups place it.
            let number = m.numbers.get(board).map_or(board + 1, |&n| n as usize);
            rows.push(vec![
                number.to_string(),
                white.id.to_string(),
                white.name.clone(),
                rating(white),
                b.result.clone(),
                black.name.clone(),
                rating(black),
                black.id.to_string(),
            ]);
        }
        let played = m.boards.len();
        for (k, &p) in m.unopposed.iter().enumerate() {
            let p = player(t, p)?;
            rows.push(vec![
                m.numbers
                    .get(played + k)
                    .map_or_else(String::new, u32::to_string),
                p.id.to_string(),
                p.name.clone(),
                rating(p),
                "+".to_string(),
                "no opponent: board won by forfeit".to_string(),
                String::new(),
                String::new(),
            ]);
        }
    }
    let mut notes = Vec::new();
    if let Some(team) = t.team_bye(round) {
        notes.push(format!("Pairing-allocated bye: {} {}", team.id, team.name));
    }
    Ok(Document {
        event: event_name(t),
        title: format!("Team pairings, round {round}"),
        draft: !t.is_published(round),
        details: event_details(t),
        orientation: None,
        body: Body::Table(Table { columns, rows }),
        notes,
    })
}
