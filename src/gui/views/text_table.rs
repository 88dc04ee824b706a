//! A table of text cells under headings, as the team tables draw what the standings
//! module writes (the team standings, the team crosstable): one row per line, striped,
//! with the rows out of sight not laid out.

use eframe::egui;
use egui_extras::{Column, TableBuilder};

/// Draws `rows` (each a line's cells) under `columns` (heading and width); a column past
/// a row's cells stays empty, and one without a heading has none (a filler at the right). `cell` draws one cell: the
/// column's heading and the text.
pub fn show(
    ui: &mut egui::Ui,
    id_salt: &str,
    columns: &[(String, Column)],
    rows: &[Vec<String>],
    cell: impl Fn(&mut egui::Ui, &str, &str),
) {
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    let mut table = TableBuilder::new(ui)
        .id_salt(id_salt)
        .striped(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for (_, width) in columns {
        table = table.column(*width);
    }
    table
        .header(row_height, |mut header| {
            for (heading, _) in columns {
                header.col(|ui| {
                    if !heading.is_empty() {
                        ui.strong(heading);
                    }
                });
            }
        })
        .body(|body| {
            body.rows(row_height, rows.len(), |mut row| {
                let cells = &rows[row.index()];
                for (i, (heading, _)) in columns.iter().enumerate() {
                    row.col(|ui| {
                        if let Some(text) = cells.get(i) {
                            cell(ui, heading, text);
                        }
                    });
                }
            });
        });
}
