//! The menu bar, the keyboard shortcuts and the status bar: they only push commands.

use eframe::egui;

use crate::formats::trf::Dialect;

use super::super::command::Command;
use super::super::views::View;
use super::super::views::help::GUIDES;
use super::super::views::venue::VenueCommand;
use super::ArbiterApp;

impl ArbiterApp {
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) -> Vec<Command> {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let table = [
            (Modifiers::COMMAND, Key::N, Command::New),
            (Modifiers::COMMAND, Key::O, Command::Open),
            (
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::S,
                Command::SaveAs,
            ),
            (Modifiers::COMMAND, Key::S, Command::Save),
            (Modifiers::COMMAND | Modifiers::SHIFT, Key::Z, Command::Redo),
            (Modifiers::COMMAND, Key::Z, Command::Undo),
            (Modifiers::COMMAND, Key::Y, Command::Redo),
        ];
        ctx.input_mut(|i| {
            table
                .into_iter()
                .filter(|(m, k, _)| i.consume_shortcut(&KeyboardShortcut::new(*m, *k)))
                .map(|(_, _, c)| c)
                .collect()
        })
    }

    pub(super) fn menu(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                menu_item(ui, "New", "Ctrl+N", Command::New, out);
                menu_item(ui, "Open…", "Ctrl+O", Command::Open, out);
                menu_item(ui, "Save", "Ctrl+S", Command::Save, out);
                menu_item(ui, "Save As…", "Ctrl+Shift+S", Command::SaveAs, out);
                ui.separator();
                menu_item(ui, "Import TRF…", "", Command::ImportTrf, out);
                menu_item(
                    ui,
                    "Export TRF…",
                    "",
                    Command::ExportTrf(Dialect::Trf26),
                    out,
                );
                menu_item(
                    ui,
                    "Export TRF-16…",
                    "",
                    Command::ExportTrf(Dialect::Trf16),
                    out,
                );
                ui.separator();
                let venue = match self.venue_waiting() {
                    Some(n) if n > 0 => format!("Venue network… ({n} waiting)"),
                    _ => "Venue network…".to_string(),
                };
                menu_item(ui, &venue, "", Command::Venue(VenueCommand::Show), out);
                menu_item(ui, "Publish site…", "", Command::PublishSite, out);
                ui.separator();
                ui.menu_button("Print", |ui| self.print_menu(ui, out));
                ui.separator();
                ui.menu_button("Recent", |ui| {
                    let recent = self.storage.recent();
                    if recent.is_empty() {
                        ui.label("No recent files");
                    }
                    for path in recent {
                        if ui.button(path.display().to_string()).clicked() {
                            out.push(Command::OpenPath(path));
                            ui.close();
                        }
                    }
                });
                ui.separator();
                menu_item(ui, "Quit", "", Command::Quit, out);
            });
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(
                        self.doc.can_undo(),
                        egui::Button::new("Undo").shortcut_text("Ctrl+Z"),
                    )
                    .clicked()
                {
                    out.push(Command::Undo);
                    ui.close();
                }
                if ui
                    .add_enabled(
                        self.doc.can_redo(),
                        egui::Button::new("Redo").shortcut_text("Ctrl+Y"),
                    )
                    .clicked()
                {
                    out.push(Command::Redo);
                    ui.close();
                }
            });
            ui.menu_button("Section", |ui| {
                menu_item(ui, "Add a section", "", Command::AddSection, out);
                let removable = self.doc.sections().len() > 1;
                let remove = format!("Remove {}…", self.tournament().section_name());
                if ui
                    .add_enabled(removable, egui::Button::new(remove))
                    .clicked()
                {
                    out.push(Command::RemoveSection(self.doc.current_index()));
                    ui.close();
                }
            });
            ui.menu_button("View", theme_choice);
            ui.menu_button("Help", |ui| {
                for (i, guide) in GUIDES.iter().enumerate() {
                    menu_item(ui, guide.title, "", Command::ShowHelp(i), out);
                }
            });
        });
    }

    /// The Print menu: a sheet of the whole event prints at once; a sheet of a round
    /// opens the list of the rounds it can be printed for, latest first, the default one
    /// (the round shown, else the last) marked.
    fn print_menu(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        use crate::print::{RoundKind, Sheet};
        let t = self.tournament();
        let viewed = match self.view {
            View::Round(round) => Some(round),
            _ => None,
        };
        for (label, sheet) in [
            ("Pairings", Sheet::Pairings),
            ("Alphabetical list", Sheet::Alphabetical),
            ("Result slips", Sheet::Slips),
            ("Standings", Sheet::Standings),
            ("Crosstable", Sheet::Crosstable),
            ("Starting rank list", Sheet::RankList),
            ("Rating changes", Sheet::RatingChanges),
            ("Prizes", Sheet::Prizes),
        ] {
            let Some(kind) = sheet.round_kind() else {
                let print = Command::Print { sheet, round: None };
                menu_item(ui, &format!("{label}…"), "", print, out);
                continue;
            };
            ui.menu_button(label, |ui| {
                let rounds = sheet.rounds(t);
                if rounds.is_empty() {
                    ui.label(match kind {
                        RoundKind::Paired => "No round is paired yet",
                        RoundKind::After => "No round has all its results yet",
                    });
                }
                let default = sheet.default_round(t, viewed);
                for round in rounds.into_iter().rev() {
                    let text = match kind {
                        RoundKind::Paired => format!("Round {round}…"),
                        RoundKind::After => format!("After round {round}…"),
                    };
                    let button = egui::Button::new(text).selected(Some(round) == default);
                    if ui.add(button).clicked() {
                        let round = Some(round);
                        out.push(Command::Print { sheet, round });
                        ui.close();
                    }
                }
            });
        }
    }

    pub(super) fn status_bar(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let file = self
                .doc
                .path()
                .as_ref()
                .map_or("Untitled".to_string(), |p| p.display().to_string());
            ui.label(file);
            if self.doc.is_dirty() {
                ui.label("● unsaved changes");
            }
            if let Some(job) = &self.writing {
                ui.separator();
                ui.spinner();
                ui.label(format!("Writing… ({:.1} s)", job.elapsed().as_secs_f32()));
            }
            if self.import_check.running() {
                ui.separator();
                ui.spinner();
                ui.label("Checking the imported rounds…");
            } else if let Some(verdict) = &self.import_verdict {
                ui.separator();
                ui.label(verdict);
            }
            if let Some(waiting) = self.venue_waiting() {
                ui.separator();
                let text = format!("Venue network: {waiting} waiting");
                if waiting > 0 {
                    ui.colored_label(ui.visuals().warn_fg_color, text);
                } else {
                    ui.label(text);
                }
            }
            if let Some(job) = &self.job {
                ui.separator();
                ui.spinner();
                ui.label(format!(
                    "Pairing round {} ({:.1} s)",
                    job.round,
                    job.elapsed().as_secs_f32()
                ));
            }
            if let Some(m) = &self.message {
                ui.separator();
                if m.error {
                    ui.colored_label(ui.visuals().error_fg_color, &m.text);
                } else {
                    ui.label(&m.text);
                }
            }
        });
    }
}

/// The theme, named in words: egui's own buttons draw icons that the embedded fonts do
/// not hold (two showed as empty boxes).
fn theme_choice(ui: &mut egui::Ui) {
    use egui::ThemePreference;
    let mut preference = ui.options(|o| o.theme_preference);
    for (value, label) in [
        (ThemePreference::System, "Theme as the system"),
        (ThemePreference::Light, "Light theme"),
        (ThemePreference::Dark, "Dark theme"),
    ] {
        ui.selectable_value(&mut preference, value, label);
    }
    ui.ctx().set_theme(preference);
}

/// A menu entry that sends `command`.
fn menu_item(
    ui: &mut egui::Ui,
    label: &str,
    shortcut: &str,
    command: Command,
    out: &mut Vec<Command>,
) {
    let button = match shortcut {
        "" => egui::Button::new(label),
        keys => egui::Button::new(label).shortcut_text(keys),
    };
    if ui.add(button).clicked() {
        out.push(command);
        ui.close();
    }
}
