//! The questions the app asks before a command runs (unsaved changes, warnings by
//! level, a result under later rounds, leaving FIDE mode, imported rounds, removing a
//! section). A question only pushes commands: nothing changes while it is drawn.

use std::path::PathBuf;

use eframe::egui;

use crate::document::{Edit, LaterRounds};
use crate::plural::count;
use crate::tournament::{Warning, WarningLevel};

use super::super::command::Command;
use super::super::import_check::Finding;
use super::super::views::warning::{self, Answer};
use super::ArbiterApp;

/// A question waiting for the arbiter's answer.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Question {
    /// Unsaved changes; then do this.
    Unsaved(Box<Command>),
    /// An autosave was found at start-up.
    Restore(PathBuf),
    /// Started without a file: open the last event worked on?
    OpenLast(PathBuf),
    /// A result of `round` is about to change although the rounds `later` were paired
    /// from it: their pairings do not follow by themselves.
    LaterRoundsPaired { edit: Box<Edit>, later: LaterRounds },
    /// Record a forfeit or a 0-0 on the board numbered `board`?
    Result { board: usize, edit: Edit },
    /// Remove the section at this index, which has players.
    RemoveSection(usize),
    /// Leave FIDE mode: the consequences first, then (`confirmed`) the reason and the
    /// second confirmation (the checklist's level-4 double warning, Q43).
    LeaveFideMode { confirmed: bool, reason: String },
    /// Imported rounds that do not follow the rules (level 3: kept and logged, or the
    /// import is closed).
    ImportFindings(Vec<Finding>),
    /// The warnings of a command (an edit, pairing round 1) by level, then the command
    /// (`second`: the second step of a level 4).
    Warned {
        then: Box<Command>,
        warnings: Vec<Warning>,
        second: bool,
    },
}

impl ArbiterApp {
    pub(super) fn question(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        let Some(question) = self.question.clone() else {
            return;
        };
        let mut answered = false;
        egui::Modal::new(egui::Id::unique("question")).show(ctx, |ui| match &question {
            Question::Unsaved(then) => {
                ui.heading("Unsaved changes");
                ui.label("The event has changes that are not saved.");
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        out.push(Command::SaveThen(then.clone()));
                        answered = true;
                    }
                    if ui.button("Discard changes").clicked() {
                        out.push(Command::Discarding(then.clone()));
                        answered = true;
                    }
                    if ui.button("Cancel").clicked() {
                        answered = true;
                    }
                });
            }
            Question::Restore(path) => {
                ui.heading("Restore unsaved work?");
                ui.label(format!(
                    "swiss-arbiter did not close normally. Unsaved work was kept in {}.",
                    path.display()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Restore").clicked() {
                        out.push(Command::RestoreAutosave(path.clone()));
                        answered = true;
                    }
                    if ui.button("Discard").clicked() {
                        out.push(Command::DiscardAutosave(path.clone()));
                        answered = true;
                    }
                });
            }
            Question::OpenLast(path) => {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                );
                ui.heading(format!("Open {name}?"));
                ui.label(format!("The last event you worked on: {}.", path.display()));
                ui.horizontal(|ui| {
                    if ui.button("Open it").clicked() {
                        out.push(Command::OpenPath(path.clone()));
                        answered = true;
                    }
                    if ui.button("Start a new event").clicked() {
                        answered = true;
                    }
                });
            }
            Question::LaterRoundsPaired { edit, later } => {
                self.later_rounds_question(ui, edit, later, out, &mut answered);
            }
            Question::Result { board, edit } => {
                self.result_question(ui, *board, edit, &mut answered, out);
            }
            Question::RemoveSection(index) => {
                self.remove_section_question(ui, *index, &mut answered, out);
            }
            Question::LeaveFideMode { .. } => {
                self.leave_fide_mode_question(ui, &mut answered, out);
            }
            Question::ImportFindings(findings) => {
                self.import_findings_question(ui, findings, &mut answered, out);
            }
            Question::Warned {
                then,
                warnings,
                second,
            } => {
                let fide_mode = self.tournament().event.fide_mode.is_on();
                let what = match &**then {
                    Command::Edit(edit) => edit.describe(),
                    Command::PairRound { round, .. } => format!("Pair round {round}"),
                    _ => String::new(),
                };
                match warning::show(ui, warnings, &what, *second, fide_mode) {
                    Some(Answer::Proceed) => {
                        out.push(Command::Confirmed(then.clone()));
                        answered = true;
                    }
                    Some(Answer::SecondStep) => {
                        if let Some(Question::Warned { second, .. }) = &mut self.question {
                            *second = true;
                        }
                    }
                    Some(Answer::Cancel) => answered = true,
                    Some(Answer::LeaveFideMode) => {
                        out.push(Command::AskLeaveFideMode);
                        answered = true;
                    }
                    None => {}
                }
            }
        });
        if answered {
            self.question = None;
        }
    }

    /// Leaving FIDE mode, said twice: what it means, then the reason and the final word.
    pub(super) fn leave_fide_mode_question(
        &mut self,
        ui: &mut egui::Ui,
        answered: &mut bool,
        out: &mut Vec<Command>,
    ) {
        let round = self.tournament().last_paired_round();
        let Some(Question::LeaveFideMode { confirmed, reason }) = &mut self.question else {
            return;
        };
        if !*confirmed {
            warning::heading(ui, WarningLevel::ConfirmTwice, "Leave FIDE mode?");
            ui.label(
                "In FIDE mode the event is held to what FIDE allows: only the results of the \
                 round being played and the one before it can change, players who must not \
                 meet are set before round 1, the scoring is fixed from round 1 and sound.",
            );
            ui.label(format!(
                "Leaving is recorded in the FIDE report (\"### FIDE mode left @ Round {round}\") \
                 and cannot be undone. An event rated by FIDE should stay in FIDE mode."
            ));
            ui.horizontal(|ui| {
                if ui.button("Continue…").clicked() {
                    *confirmed = true;
                }
                if ui.button("Stay in FIDE mode").clicked() {
                    *answered = true;
                }
            });
            return;
        }
        warning::heading(
            ui,
            WarningLevel::ConfirmTwice,
            "Leaving FIDE mode cannot be undone",
        );
        let l = ui.label("Why (written in the report)");
        ui.text_edit_singleline(reason).labelled_by(l.id);
        ui.horizontal(|ui| {
            let given = !reason.trim().is_empty();
            if ui
                .add_enabled(given, egui::Button::new("Leave FIDE mode for good"))
                .clicked()
            {
                out.push(Command::Edit(Edit::LeaveFideMode(
                    reason.trim().to_string(),
                )));
                *answered = true;
            }
            if ui.button("Stay in FIDE mode").clicked() {
                *answered = true;
            }
        });
    }

    /// Names the imported rounds that do not follow the rules (level 3): kept, and each
    /// recorded in the integrity log, or the imported event is closed.
    pub(super) fn import_findings_question(
        &self,
        ui: &mut egui::Ui,
        findings: &[Finding],
        answered: &mut bool,
        out: &mut Vec<Command>,
    ) {
        warning::heading(
            ui,
            WarningLevel::Confirm,
            "Imported rounds that do not follow the rules",
        );
        ui.label(
            "Each round of the file was paired again from the rounds before it (checklist Q54). \
             These rounds were paired otherwise:",
        );
        egui::ScrollArea::vertical()
            .max_height(240.0)
            .show(ui, |ui| {
                for f in findings {
                    let section = self
                        .doc
                        .sections()
                        .get(f.section)
                        .map_or_else(String::new, |t| format!("{}, ", t.section_name()));
                    ui.label(format!("{section}round {}: {}", f.round, f.detail));
                }
            });
        ui.label("Keeping them records each in the FIDE report (### Import @ Round n).");
        ui.horizontal(|ui| {
            if ui.button("Keep the rounds as recorded").clicked() {
                out.push(Command::KeepImportedRounds(findings.to_vec()));
                *answered = true;
            }
            if ui.button("Close the imported event").clicked() {
                out.push(Command::Discarding(Box::new(Command::New)));
                *answered = true;
            }
        });
    }

    /// Asks before a forfeit or a 0-0 is recorded, naming the board, its players and
    /// what the result means.
    pub(super) fn result_question(
        &self,
        ui: &mut egui::Ui,
        board: usize,
        edit: &Edit,
        answered: &mut bool,
        out: &mut Vec<Command>,
    ) {
        let (round, white, black, results) = match edit {
            Edit::SetResult {
                round,
                white,
                black,
                result,
            } => (*round, *white, *black, vec![*result]),
            Edit::SetMatchResult {
                round,
                white,
                black,
                games,
            } => (*round, *white, *black, games.to_vec()),
            _ => {
                *answered = true;
                return;
            }
        };
        let t = self.tournament();
        let name = |id: u32| {
            t.player(id)
                .map_or(id.to_string(), |p| format!("{id} {}", p.name))
        };
        let text: Vec<&str> = results.iter().map(|r| r.text()).collect();
        let text = text.join(" and ");
        warning::heading(
            ui,
            WarningLevel::Confirm,
            &format!("Record {text} on board {board}?"),
        );
        ui.label(format!(
            "Round {round}, board {board}: {} – {}.",
            name(white),
            name(black)
        ));
        for result in &results {
            if let Some(meaning) = result.needs_confirmation() {
                ui.label(format!("{}: {meaning}.", result.text()));
            }
        }
        ui.horizontal(|ui| {
            if ui.button(format!("Record {text}")).clicked() {
                out.push(Command::Edit(edit.clone()));
                *answered = true;
            }
            if ui.button("Cancel").clicked() {
                *answered = true;
            }
        });
    }

    /// Asks before a section with players is removed.
    pub(super) fn remove_section_question(
        &self,
        ui: &mut egui::Ui,
        index: usize,
        answered: &mut bool,
        out: &mut Vec<Command>,
    ) {
        let Some(section) = self.doc.sections().get(index) else {
            *answered = true;
            return;
        };
        ui.heading(format!("Remove the section {}?", section.section_name()));
        ui.label(format!(
            "It has {} and {}. Undo brings it back until the window closes.",
            count(section.players.len(), "player"),
            count(section.rounds_recorded() as usize, "paired round")
        ));
        ui.horizontal(|ui| {
            if ui.button("Remove the section").clicked() {
                out.push(Command::RemoveSectionConfirmed(index));
                *answered = true;
            }
            if ui.button("Keep it").clicked() {
                *answered = true;
            }
        });
    }

    /// Asks before a result changes under later paired rounds: names each with its state,
    /// and offers to re-pair the last one when it is still a draft.
    pub(super) fn later_rounds_question(
        &self,
        ui: &mut egui::Ui,
        edit: &Edit,
        later: &LaterRounds,
        out: &mut Vec<Command>,
        answered: &mut bool,
    ) {
        let t = self.tournament();
        let round = later.round;
        let named: Vec<String> = later
            .later
            .iter()
            .map(|&r| {
                let state = if t.is_published(r) {
                    "published"
                } else {
                    "draft"
                };
                format!("round {r} ({state})")
            })
            .collect();
        let last = later.later.last().copied().unwrap_or(round);
        let draft = (!t.is_published(last)).then_some(last);
        warning::heading(
            ui,
            WarningLevel::Confirm,
            &format!("Change a result of round {round}?"),
        );
        ui.label(format!("Round {round}, {}.", later.change));
        ui.label(format!(
            "Paired from the results of round {round} and before: {}. Their pairings stay as they are unless paired again.",
            named.join(", ")
        ));
        ui.horizontal(|ui| {
            if let Some(draft) = draft
                && ui
                    .button(format!("Change it and re-pair round {draft}"))
                    .clicked()
            {
                out.push(Command::ApplyEdit(edit.clone()));
                out.push(Command::PairRound {
                    round: draft,
                    repair: true,
                });
                *answered = true;
            }
            if ui.button("Change it").clicked() {
                out.push(Command::ApplyEdit(edit.clone()));
                *answered = true;
            }
            if ui.button("Keep the result").clicked() {
                *answered = true;
            }
        });
    }
}
