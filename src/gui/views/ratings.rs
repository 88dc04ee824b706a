//! The rating changes (FIDE B.02 8.2, 8.3) of the games played so far, computed with the
//! standings on a background thread.

use eframe::egui;
use egui_extras::Column;

use crate::formats::rating_changes;
use crate::rating::{RatingVerdict, format_hundredths, format_score};
use crate::tournament::Tournament;

use super::standings::{Shown, computing};
use super::text_table;

/// The table's headings and widths.
const HEADINGS: [(&str, f32); 11] = [
    ("No", 45.0),
    ("Name", 220.0),
    ("Rtg", 55.0),
    ("K", 35.0),
    ("Games", 50.0),
    ("Score", 50.0),
    ("Expected", 70.0),
    ("Perf.", 55.0),
    ("K × diff", 70.0),
    ("Change", 60.0),
    ("New", 60.0),
];

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
    let rows: Vec<Vec<String>> = table
        .ratings
        .iter()
        .map(|r| {
            let player = t.player(r.id);
            let rating = r.rating.map(|x| x.to_string()).unwrap_or_default();
            let mut cells = vec![
                r.id.to_string(),
                player.map(|p| p.name.clone()).unwrap_or_default(),
                rating,
            ];
            let (k, expected, exact, change, new) = match &r.verdict {
                RatingVerdict::Rated(c) => (
                    c.k.value.to_string(),
                    format_hundredths(c.expected),
                    format_hundredths(c.exact),
                    c.change.to_string(),
                    r.rating
                        .map(|own| (i64::from(own) + c.change).to_string())
                        .unwrap_or_default(),
                ),
                RatingVerdict::Unrated(first) => (
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    first
                        .as_ref()
                        .map(|f| format!("({})", f.rating))
                        .unwrap_or_default(),
                ),
            };
            cells.extend([
                k,
                r.games.len().to_string(),
                format_score(r.score),
                expected,
                r.performance.map(|p| p.to_string()).unwrap_or_default(),
                exact,
                change,
                new,
            ]);
            cells
        })
        .collect();
    let mut columns: Vec<(String, Column)> = HEADINGS
        .iter()
        .map(|&(heading, width)| {
            let column = if heading == "Name" {
                Column::initial(width).at_least(120.0).clip(true)
            } else {
                Column::exact(width)
            };
            (heading.to_string(), column)
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
