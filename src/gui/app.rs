//! The application state and its top-level layout.

use eframe::egui;

use crate::tournament::Tournament;

/// The running application.
#[derive(Default)]
pub struct ArbiterApp {
    /// The open event.
    pub tournament: Tournament,
}

impl eframe::App for ArbiterApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::Panel::top("title").show(ui, |ui| {
            ui.heading("swiss-arbiter");
        });
        egui::CentralPanel::default().show(ui, |ui| {
            if self.tournament.players.is_empty() {
                ui.label("No event open.");
            } else {
                ui.label(format!(
                    "{}: {} players",
                    self.tournament.event.name,
                    self.tournament.players.len()
                ));
            }
        });
    }
}
