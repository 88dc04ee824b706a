//! The navigation panel: Event, Players, Teams, one entry per round, Standings, Crosstable,
//! Rating changes, Title norms, Prizes.

use eframe::egui;

use crate::tournament::Tournament;

use super::View;
use crate::gui::command::Command;

/// The rounds listed: the planned ones (and any recorded beyond them); without a planned
/// number, up to the next round to pair. No entry for a round after the last planned one,
/// which is never paired.
pub fn listed_rounds(t: &Tournament) -> u32 {
    match t.event.rounds {
        None | Some(0) => t.next_round().max(1),
        Some(planned) => planned.max(t.rounds_recorded()),
    }
}

/// Draws the navigation entries.
/// `event_pending`: the Event page holds edits not applied, said under its entry, on a
/// line kept for it: the other entries stay where they are when it shows.
pub fn show(
    ui: &mut egui::Ui,
    t: &Tournament,
    current: View,
    event_pending: bool,
    out: &mut Vec<Command>,
) {
    let mut entry = |ui: &mut egui::Ui, view: View, label: String| {
        if ui.selectable_label(current == view, label).clicked() {
            out.push(Command::Navigate(view));
        }
    };
    entry(ui, View::Event, "Event".into());
    let line = egui::vec2(
        ui.available_width(),
        ui.text_style_height(&egui::TextStyle::Small),
    );
    ui.allocate_ui_with_layout(
        line,
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_min_size(line);
            if event_pending {
                let mark = egui::RichText::new("● changes not applied")
                    .small()
                    .color(ui.visuals().warn_fg_color);
                ui.label(mark);
            }
        },
    );
    entry(ui, View::Players, format!("Players ({})", t.players.len()));
    entry(ui, View::Teams, format!("Teams ({})", t.teams.len()));
    ui.separator();
    for round in 1..=listed_rounds(t) {
        let state = if !t.is_paired(round) {
            ""
        } else if !t.is_published(round) {
            " · draft"
        } else if t.is_complete(round) {
            " ✔"
        } else {
            " · published"
        };
        entry(ui, View::Round(round), format!("Round {round}{state}"));
    }
    ui.separator();
    entry(ui, View::Standings, "Standings".into());
    entry(ui, View::Crosstable, "Crosstable".into());
    ui.separator();
    entry(ui, View::RatingChanges, "Rating changes".into());
    entry(ui, View::Norms, "Title norms".into());
    if !t.is_team_event() {
        entry(ui, View::Prizes, "Prizes".into());
    }
}
