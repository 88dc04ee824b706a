//! The team crosstable view of a team event (C.04.6): per team in the order of the team
//! standings, each round's opposing team, the colour on board 1 and the game points
//! ([`TeamCell::text`](crate::standings::TeamCell::text), as printed), then match points,
//! game points and the tie-breaks as in the team standings.

use eframe::egui;
use egui_extras::Column;

use crate::standings::TeamCrosstable;

use super::text_table;

/// Draws the team crosstable.
pub fn show(ui: &mut egui::Ui, x: &TeamCrosstable) {
    ui.heading(format!("Team crosstable after round {}", x.round));
    ui.label(
        "Each round: the opposing team's number, the colour on board 1 (w, b) and the game \
         points; + - a match forfeited as a whole; U the pairing-allocated bye.",
    );
    let rounds = x.round as usize;
    let columns: Vec<(String, Column)> = x
        .headings()
        .into_iter()
        .enumerate()
        .map(|(i, heading)| {
            let width = match i {
                0 | 1 => Column::exact(45.0),
                2 => Column::initial(160.0).at_least(100.0).clip(true),
                i if i < 3 + rounds => Column::exact(62.0),
                _ => Column::exact(55.0),
            };
            (heading, width)
        })
        .collect();
    let rows: Vec<Vec<String>> = x.lines.iter().map(|line| x.cells(line)).collect();
    egui::ScrollArea::horizontal().show(ui, |ui| {
        text_table::show(
            ui,
            "team-crosstable",
            &columns,
            &rows,
            |ui, heading, text| {
                match heading {
                    "MP" => {
                        ui.strong(text);
                    }
                    // A round: as in the players' crosstable.
                    _ if heading.starts_with('R') && heading != "Rank" => {
                        ui.monospace(if text.is_empty() { "–" } else { text });
                    }
                    _ => {
                        ui.label(text);
                    }
                }
            },
        );
    });
}
