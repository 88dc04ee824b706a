//! The section bar: one tab per section of the event (Open A, Open B, a rapid), each a
//! whole tournament with its own players, system, rounds and tie-breaks, and a button
//! that adds a section.

use eframe::egui;

use crate::gui::command::Command;
use crate::tournament::Tournament;

/// Draws the tabs; the one of `current` is selected.
pub fn show(ui: &mut egui::Ui, sections: &[Tournament], current: usize, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Sections:");
        for (index, section) in sections.iter().enumerate() {
            let label = format!(
                "{} · {}{}{}",
                section.section_name(),
                crate::plural::count(section.players.len(), "player"),
                round_state(section),
                if section.event.fide_mode.is_on() {
                    ""
                } else {
                    " · not FIDE mode"
                }
            );
            if ui.selectable_label(index == current, label).clicked() && index != current {
                out.push(Command::SelectSection(index));
            }
        }
        if ui
            .button("+ Section")
            .on_hover_text("Add a section to this event (its own players, system and rounds)")
            .clicked()
        {
            out.push(Command::AddSection);
        }
    });
}

/// The last paired round and whether it is still a draft, e.g. " · round 3 draft"; then
/// " · byes requested" when byes are requested for a round not paired yet. A requested
/// bye is recorded in its round before the round is paired: that round is not paired
/// (it was once named here as the last round, and as a draft).
fn round_state(t: &Tournament) -> String {
    let paired = t.last_paired_round();
    let state = match paired {
        0 => String::new(),
        round if !t.is_published(round) => format!(" · round {round} draft"),
        round => format!(" · round {round}"),
    };
    if t.rounds_recorded() > paired {
        format!("{state} · byes requested")
    } else {
        state
    }
}
