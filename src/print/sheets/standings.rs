//! Standings with the event's tie-breaks (its TRF-2026 `212`/`202` list, else the
//! default), under the unplayed-round rules in force at the event's date.

use crate::standings::{self, Edition, Options, Rules, Standings};
use crate::tournament::Tournament;

use super::super::PrintError;
use super::super::document::{Align, Column, Document, Table};
use super::{event_details, player, rating, table_sheet};

/// The standings after `round` (default: the last complete round) with the event's list.
pub(crate) fn event_standings(t: &Tournament, round: Option<u32>) -> Result<Standings, PrintError> {
    event_standings_under(t, round, None)
}

/// [`event_standings`] under the unplayed-round rules `rules` (default: those in force
/// when the event started).
pub(crate) fn event_standings_under(
    t: &Tournament,
    round: Option<u32>,
    rules: Option<Edition>,
) -> Result<Standings, PrintError> {
    let tiebreaks = standings::event_tiebreaks(&t.event)
        .map_err(|e| PrintError::TieBreaks(e.to_string()))?
        .unwrap_or_else(standings::default_tiebreaks);
    let options = Options {
        tiebreaks,
        round,
        rules: Rules {
            edition: rules.unwrap_or_else(|| Rules::for_event(&t.event).edition),
            ..Rules::for_event(&t.event)
        },
    };
    Ok(standings::compute(t, &options)?)
}

/// `Standings after round 5` with the rules and tie-break list under it.
pub(crate) fn details(t: &Tournament, s: &Standings) -> Vec<String> {
    let codes: Vec<String> = s.tiebreaks.iter().map(ToString::to_string).collect();
    let mut details = event_details(t);
    details.push(format!(
        "Tie-breaks (FIDE C.07 {}): {}",
        s.rules.edition,
        codes.join(", ")
    ));
    details
}

/// The standings table.
pub(crate) fn build(
    t: &Tournament,
    round: Option<u32>,
    rules: Option<Edition>,
) -> Result<Document, PrintError> {
    let s = event_standings_under(t, round, rules)?;
    let mut columns = vec![
        Column::fixed("Rk", Align::Right),
        Column::fixed("No", Align::Right),
        Column::fixed("Title", Align::Left),
        Column::names("Name"),
        Column::fixed("Fed", Align::Left),
        Column::fixed("Rtg", Align::Right),
        Column::fixed("Pts", Align::Right),
    ];
    columns.extend(
        s.tiebreaks
            .iter()
            .map(|tb| Column::fixed(&tb.to_string(), Align::Right)),
    );
    let mut rows = Vec::with_capacity(s.rows.len());
    for row in &s.rows {
        let p = player(t, row.id)?;
        let mut cells = vec![
            row.rank.to_string(),
            p.id.to_string(),
            p.title.clone(),
            match p.withdrawn_by(s.round) {
                Some(from) => format!("{} (withdrawn from round {from})", p.name),
                None => p.name.clone(),
            },
            p.federation.clone(),
            rating(p),
            row.points.to_string(),
        ];
        cells.extend(row.tiebreaks.iter().map(|b| b.value.to_string()));
        rows.push(cells);
    }
    // After the last round of an event with a prize list: the prize each player takes.
    if let Some(prizes) = super::prizes::prize_column(t, &s) {
        columns.push(Column::fixed("Prize", Align::Left));
        for (row, cells) in s.rows.iter().zip(&mut rows) {
            let prize = prizes.iter().find(|(id, _)| *id == row.id);
            cells.push(prize.map(|p| p.1.clone()).unwrap_or_default());
        }
    }
    let mut table = Table { columns, rows };
    table.drop_empty_columns(&["Title", "Fed"]);
    Ok(table_sheet(
        t,
        format!("Standings after round {}", s.round),
        details(t, &s),
        table,
        s.notes.clone(),
    ))
}
