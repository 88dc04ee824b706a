//! The rating changes (FIDE B.02 8.2, 8.3) of the games played so far, computed with the
//! standings on a background thread.

use eframe::egui;
use egui_extras::Column;

use crate::formats::rating_changes;
use crate::tournament::Tournament;

use super::standings::{Shown, computing};
use super::text_table;

/// Draws the rating changes.
pub fn show(ui: &mut egui::Ui, t: &Tournament, shown: &Shown) {
    let Some(table) = computing(ui, "Rating changes", shown) else {
        return;
    };
    let Ok(table) = table else {
        ui.heading("Rating changes");
        ui.label("The standings could not be computed; see the Standings page.");
        return;
    };
    ui.heading(format!(
        "Rating changes ({} list, FIDE B.02)",
        t.event.rating_list.name()
    ));
    ui.label(
        "Games played over the board against rated opponents. The printed list: File → \
         Print → Rating changes.",
    );
    let rows = rating_changes::table_rows(t, &table.ratings);
    let mut columns: Vec<(String, Column)> = rating_changes::TABLE_HEADINGS
        .iter()
        .map(|&heading| {
            let width = match heading {
                "Name" => Column::initial(220.0).at_least(120.0).clip(true),
                "FIDE id" => Column::exact(80.0),
                "Expected" | "K × diff" => Column::exact(70.0),
                "K" | "Fed" => Column::exact(40.0),
                _ => Column::exact(55.0),
            };
            (heading.to_string(), width)
        })
        .collect();
    columns.push((String::new(), Column::remainder()));
    let notes = rating_changes::notes(&table.ratings);
    let height = (ui.available_height() - 24.0 * notes.len().min(8) as f32).max(120.0);
    ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
        text_table::show(
            ui,
            "rating-changes",
            &columns,
            &rows,
            |ui, heading, text| {
                if heading == "Change" {
                    ui.strong(text);
                } else {
                    ui.label(text);
                }
            },
        );
    });
    egui::ScrollArea::vertical()
        .id_salt("rating-notes")
        .show(ui, |ui| {
            for note in notes {
                ui.label(note);
            }
        });
}
