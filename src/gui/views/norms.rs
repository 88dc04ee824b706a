//! Title norms (FIDE B.01): the players who made a norm or came close, each with the
//! figures of FIDE's norm report and every requirement with its article.

use eframe::egui;

use crate::gui::command::Command;
use crate::norms::{self, figure_lines, requirement_cells, verdict};
use crate::tournament::Tournament;

use super::standings::{Shown, computing};

/// Draws the norm checks: norms met first, then those within a point.
pub fn show(ui: &mut egui::Ui, t: &Tournament, shown: &Shown, out: &mut Vec<Command>) {
    let Some(table) = computing(ui, "Title norms", shown) else {
        return;
    };
    let Ok(table) = table else {
        ui.heading("Title norms");
        ui.label("The standings could not be computed; see the Standings page.");
        return;
    };
    let event = &table.norms;
    ui.heading(format!(
        "Title norms after round {} (FIDE B.01)",
        t.rounds_recorded()
    ));
    for line in norms::event_lines(event) {
        ui.label(line);
    }
    let mut close: Vec<&norms::NormCheck> =
        event.checks.iter().filter(|c| norms::is_close(c)).collect();
    close.sort_by_key(|c| (!c.met, c.player));
    if close.is_empty() {
        ui.label("No player has made a norm or come within a point of one.");
        return;
    }
    ui.label(
        "Norms met, then those missed only on the score, by a point or less. Each has its \
         report to sign (the figures of FIDE's form IT1).",
    );
    egui::ScrollArea::vertical().show(ui, |ui| {
        for c in close {
            let title = format!(
                "{} — {} norm: {}",
                norms::applicant(c),
                c.norm.name(),
                verdict(c)
            );
            egui::CollapsingHeader::new(title)
                .id_salt(("norm", c.player, c.norm.name()))
                .default_open(c.met)
                .show(ui, |ui| {
                    if ui.button("Print the norm report…").clicked() {
                        out.push(Command::PrintNorm {
                            player: c.player,
                            norm: c.norm,
                        });
                    }
                    for line in figure_lines(c) {
                        ui.label(line);
                    }
                    egui::Grid::new(("norm-rows", c.player, c.norm.name()))
                        .striped(true)
                        .show(ui, |ui| {
                            for heading in ["Article", "Requirement", "Figure", "Needed", ""] {
                                ui.strong(heading);
                            }
                            ui.end_row();
                            for r in &c.requirements {
                                let cells = requirement_cells(r);
                                for (i, cell) in cells.iter().enumerate() {
                                    if i == 4 && !r.met {
                                        ui.colored_label(ui.visuals().error_fg_color, cell);
                                    } else {
                                        ui.label(cell);
                                    }
                                }
                                ui.end_row();
                            }
                        });
                });
        }
    });
}
