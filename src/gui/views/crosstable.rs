//! The crosstable view: rank, name, rating, and per round the opponent's rank, the colour
//! and the result, then the total.

use eframe::egui;
use egui_extras::{Column, TableBuilder};

use crate::standings::Cell;

use super::standings::Table;

/// One round of a crosstable line: `12w1` (opponent rank 12, White, won), or the bye code.
pub fn cell_text(cell: &Cell) -> String {
    match (cell.opponent_rank, cell.colour) {
        (Some(rank), Some(colour)) => format!(
            "{rank}{}{}",
            colour.letter().to_ascii_lowercase(),
            cell.result
        ),
        _ => match cell.result {
            ' ' => "–".to_string(),
            code => code.to_string(),
        },
    }
}

/// Draws the crosstable.
pub fn show(ui: &mut egui::Ui, table: &Result<Table, String>) {
    ui.heading("Crosstable");
    let table = match table {
        Ok(table) => table,
        Err(e) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
            return;
        }
    };
    let rounds = table.standings.round as usize;
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    egui::ScrollArea::horizontal().show(ui, |ui| {
        TableBuilder::new(ui)
            .id_salt("crosstable")
            .striped(true)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::exact(45.0))
            .column(Column::initial(220.0).at_least(120.0).clip(true))
            .column(Column::exact(55.0))
            .columns(Column::exact(55.0), rounds)
            .column(Column::exact(50.0))
            .header(row_height, |mut header| {
                let labels = ["Rank".to_string(), "Name".into(), "Rating".into()]
                    .into_iter()
                    .chain((1..=rounds).map(|r| format!("R{r}")))
                    .chain(std::iter::once("Total".to_string()));
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
                        ui.label(&line.name);
                    });
                    row.col(|ui| {
                        ui.label(line.rating.map(|r| r.to_string()).unwrap_or_default());
                    });
                    for cell in &line.rounds {
                        row.col(|ui| {
                            ui.monospace(cell_text(cell));
                        });
                    }
                    row.col(|ui| {
                        ui.strong(line.points.to_string());
                    });
                });
            });
    });
}
