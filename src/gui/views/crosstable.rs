//! The crosstable view: rank, pairing number, name, rating, per round the opponent's
//! pairing number, the colour and the result ([`Cell::text`], as printed), then the total
//! and the tie-break values as in the standings. A team event shows the team crosstable
//! instead ([`super::team_crosstable`]).

use eframe::egui;
use egui_extras::{Column, TableBuilder};

use super::standings::{Shown, computing};
use super::team_crosstable;

/// Draws the crosstable.
pub fn show(ui: &mut egui::Ui, shown: &Shown) {
    let Some(table) = computing(ui, "Crosstable", shown) else {
        return;
    };
    let table = match table {
        Ok(table) => table,
        Err(e) => {
            ui.heading("Crosstable");
            ui.colored_label(ui.visuals().error_fg_color, e);
            return;
        }
    };
    if let Some(teams) = &table.team_crosstable {
        team_crosstable::show(ui, teams);
        return;
    }
    ui.heading("Crosstable");
    let rounds = table.standings.round as usize;
    let codes: Vec<String> = table
        .standings
        .tiebreaks
        .iter()
        .map(ToString::to_string)
        .collect();
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    egui::ScrollArea::horizontal().show(ui, |ui| {
        TableBuilder::new(ui)
            .id_salt("crosstable")
            .striped(true)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::exact(45.0))
            .column(Column::exact(45.0))
            .column(Column::initial(220.0).at_least(120.0).clip(true))
            .column(Column::exact(55.0))
            .columns(Column::exact(55.0), rounds)
            .column(Column::exact(50.0))
            .columns(Column::exact(60.0), codes.len())
            .header(row_height, |mut header| {
                let labels = [
                    "Rank".to_string(),
                    "No".into(),
                    "Name".into(),
                    "Rating".into(),
                ]
                .into_iter()
                .chain((1..=rounds).map(|r| format!("R{r}")))
                .chain(std::iter::once("Total".to_string()))
                .chain(codes.iter().cloned());
                for label in labels {
                    header.col(|ui| {
                        ui.strong(label);
                    });
                }
            })
            .body(|body| {
                body.rows(row_height, table.crosstable.len(), |mut row| {
                    let line = &table.crosstable[row.index()];
                    row.col(|ui| {
                        ui.label(line.rank.to_string());
                    });
                    row.col(|ui| {
                        ui.label(line.id.to_string());
                    });
                    row.col(|ui| {
                        ui.label(&line.name);
                    });
                    row.col(|ui| {
                        ui.label(line.rating.map(|r| r.to_string()).unwrap_or_default());
                    });
                    for cell in &line.rounds {
                        row.col(|ui| {
                            let text = cell.text();
                            ui.monospace(if text.is_empty() { "–".into() } else { text });
                        });
                    }
                    row.col(|ui| {
                        ui.strong(line.points.to_string());
                    });
                    let values = table
                        .standings
                        .rows
                        .iter()
                        .find(|r| r.id == line.id)
                        .map(|r| r.tiebreaks.as_slice())
                        .unwrap_or_default();
                    for value in values {
                        row.col(|ui| {
                            ui.label(value.value.to_string());
                        });
                    }
                });
            });
    });
}
