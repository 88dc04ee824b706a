//! Running the commands the views and the menu push, after the frame, in one place.

use std::path::Path;

use eframe::egui;

use crate::document::{Document, Edit};
use crate::plural;
use crate::tournament::Warning;

use super::super::command::{Command, FileAction};
use super::super::files;
use super::super::storage;
use super::super::views::View;
use super::super::worker::Writing;
use super::ArbiterApp;
use super::questions::Question;
use super::section_views::SectionViews;

impl ArbiterApp {
    /// Runs a command from the views or the menu.
    pub fn run(&mut self, command: Command, ctx: &egui::Context) {
        let needs_confirmation = matches!(
            command,
            Command::New
                | Command::Open
                | Command::OpenPath(_)
                | Command::ImportTrf
                | Command::Quit
        );
        if needs_confirmation && self.doc.is_dirty() && self.question.is_none() {
            self.question = Some(Question::Unsaved(Box::new(command)));
            return;
        }
        match command {
            // The arbiter chose to discard the changes not saved: the command replaces
            // the document (or quits) without asking again.
            Command::Discarding(then) => {
                self.doc.discard_changes();
                self.run(*then, ctx);
            }
            Command::SaveThen(then) => {
                // It runs once the file is written; if saving fails the document stays
                // dirty and nothing else happens.
                self.after_save = Some(*then);
                self.run(Command::Save, ctx);
            }
            Command::Edit(_) | Command::PairRound { .. } => {
                // The model says which edit to ask about (a withdrawal from a draft round
                // asks to remove the draft with it).
                let command = match command {
                    Command::Edit(edit) => Command::Edit(edit.as_asked(self.tournament())),
                    other => other,
                };
                let warnings = self.warnings_of(&command);
                if warnings.is_empty() {
                    self.run(Command::Confirmed(Box::new(command)), ctx);
                } else {
                    self.question = Some(Question::Warned {
                        then: Box::new(command),
                        warnings,
                        second: false,
                    });
                }
            }
            Command::Confirmed(confirmed) => match *confirmed {
                Command::Edit(edit) => match edit.later_rounds_paired(self.tournament()) {
                    Some(later) => {
                        self.question = Some(Question::LaterRoundsPaired {
                            edit: Box::new(edit),
                            later,
                        });
                    }
                    None => self.apply_edit(edit),
                },
                Command::PairRound { round, repair } => self.start_pairing(round, repair, ctx),
                other => self.run(other, ctx),
            },
            Command::ApplyEdit(edit) => self.apply_edit(edit),
            Command::AskResult { board, edit } => {
                self.question = Some(Question::Result { board, edit });
            }
            Command::KeepImportedRounds(findings) => {
                let count = findings.len();
                let edits = findings
                    .into_iter()
                    .map(|f| {
                        let edit = Edit::KeepImportedRound {
                            round: f.round,
                            detail: f.detail,
                        };
                        (f.section, edit)
                    })
                    .collect();
                match self.doc.apply_all(edits) {
                    Ok(_) => {
                        self.document_changed();
                        self.info(format!(
                            "{} recorded as not following the rules",
                            plural::count(count, "imported round")
                        ));
                    }
                    Err(e) => self.error(e.to_string()),
                }
            }
            Command::Navigate(view) => self.view = view,
            Command::ShowHelp(guide) => self.help = Some(guide),
            Command::CancelPairing => {
                if let Some(job) = self.job.take() {
                    self.info(format!("Pairing of round {} cancelled", job.round));
                }
            }
            Command::Undo => self.step(false),
            Command::Redo => self.step(true),
            Command::SelectSection(index) => self.select_section(index),
            Command::AddSection => self.add_section(),
            Command::RemoveSection(index) => {
                let section = self.doc.sections().get(index);
                if section.is_some_and(|t| !t.players.is_empty()) {
                    self.question = Some(Question::RemoveSection(index));
                } else {
                    self.remove_section(index);
                }
            }
            Command::RemoveSectionConfirmed(index) => self.remove_section(index),
            Command::New => {
                self.replace(Document::default());
                self.autosaver.clear();
                self.view = View::Event;
                self.info("New event");
            }
            Command::Open => self.ask_file(FileAction::Open, ctx),
            Command::ImportTrf => self.ask_file(FileAction::ImportTrf, ctx),
            Command::ImportPlayers => self.ask_file(FileAction::ImportPlayers, ctx),
            Command::SaveAs => self.ask_file(FileAction::SaveAs, ctx),
            Command::ExportTrf(dialect) => self.ask_file(FileAction::ExportTrf(dialect), ctx),
            Command::PublishSite => self.ask_file(FileAction::PublishSite, ctx),
            Command::Print { sheet, round } => self.ask_file(FileAction::Print(sheet, round), ctx),
            Command::Venue(command) => self.run_venue(command, ctx),
            Command::AskLeaveFideMode => {
                self.question = Some(Question::LeaveFideMode {
                    confirmed: false,
                    reason: String::new(),
                });
            }
            Command::PrintNorm { player, norm } => {
                self.ask_file(FileAction::PrintNorm { player, norm }, ctx)
            }
            Command::OpenPath(path) => self.open_path(&path),
            Command::Save => match self.doc.path().map(Path::to_path_buf) {
                Some(path) => self.save_to(&path, ctx),
                None => self.run(Command::SaveAs, ctx),
            },
            Command::FileChosen(action, path) => match action {
                FileAction::Open | FileAction::ImportTrf => self.open_path(&path),
                FileAction::ImportPlayers => self.import_players_from(&path),
                FileAction::SaveAs => self.save_to(&path, ctx),
                FileAction::ExportTrf(dialect) => self.export_trf_to(&path, dialect, ctx),
                FileAction::Print(sheet, round) => self.print_round_to(sheet, round, &path, ctx),
                FileAction::BoardCards => self.board_cards_to(&path, ctx),
                FileAction::PublishSite => {
                    let sections = self.doc.sections().to_vec();
                    self.start_writing(Writing::Site, path, ctx, move |dir| {
                        crate::venue::publish(&sections, dir)
                            .map(|pages| vec![crate::plural::count(pages, "page")])
                    });
                }
                FileAction::PrintNorm { player, norm } => {
                    let t = self.tournament().clone();
                    let open_file = self.doc.path().map(Path::to_path_buf);
                    self.start_writing(Writing::Print, path, ctx, move |p| {
                        files::export_norm_report(&t, player, norm, p, open_file.as_deref())
                    });
                }
            },
            Command::RestoreAutosave(path) => self.restore_autosave(&path),
            Command::DiscardAutosave(path) => storage::discard(&path),
            Command::Quit => {
                self.finish_writing(ctx);
                self.autosaver.clear();
                self.quitting = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    /// What the arbiter is warned of before `command` runs (the model's warnings, by
    /// level): an edit's, and before round 1 is paired whether every round can be.
    pub(super) fn warnings_of(&self, command: &Command) -> Vec<Warning> {
        let t = self.tournament();
        match command {
            Command::Edit(edit) => edit.warnings(t),
            Command::PairRound { round, .. } => t.pairing_warnings(*round),
            _ => Vec::new(),
        }
    }

    /// Undoes (or `redo`es) one step and shows the section it changed.
    pub(super) fn step(&mut self, redo: bool) {
        let shown = self.doc.current_index();
        let stepped = if redo {
            self.doc.redo()
        } else {
            self.doc.undo()
        };
        if let Some(stepped) = stepped {
            self.document_changed();
            if stepped.section != shown {
                self.section_shown();
            }
            let done = if redo { "Redone" } else { "Undone" };
            // The section is named when there are several (the step may have shown another).
            let section = match self.doc.sections().len() {
                1 => String::new(),
                _ => format!(" (section {})", self.tournament().section_name()),
            };
            self.info(format!("{done}: {}{section}", stepped.what));
        }
    }

    /// Shows another section. Refused while the Event page holds edits not applied,
    /// which belong to the section shown.
    pub(super) fn select_section(&mut self, index: usize) {
        if index >= self.doc.sections().len() || index == self.doc.current_index() {
            return;
        }
        if self.views.event.is_pending(&self.tournament().event) {
            self.error(
                "The Event page has changes not applied; apply or revert them before changing section",
            );
            return;
        }
        self.doc.select(index);
        self.section_shown();
        self.info(format!("Section {}", self.tournament().section_name()));
    }

    /// Forgets what the views held of the section shown before (selection, explanation,
    /// standings); a round view whose round this section has not paired goes to Players.
    pub(super) fn section_shown(&mut self) {
        self.insight_job = None;
        self.insight = None;
        self.views = SectionViews::default();
        if let View::Round(round) = self.view
            && !self.tournament().is_paired(round)
            && round != self.tournament().next_round()
        {
            self.view = View::Players;
        }
    }

    /// Adds a section with the settings of the one shown, without its players (see
    /// [`Document::add_section`]), and shows its Event page (one undoable step).
    pub(super) fn add_section(&mut self) {
        self.doc.add_section();
        self.document_changed();
        self.section_shown();
        self.view = View::Event;
        self.info("Section added: name it on the Event page and add its players");
    }

    /// Removes a section (one undoable step); the last one stays.
    pub(super) fn remove_section(&mut self, index: usize) {
        if self.doc.sections().len() < 2 || index >= self.doc.sections().len() {
            return;
        }
        if self.job.is_some() {
            self.error("A round is being paired; remove the section once it is done");
            return;
        }
        let Some(removed) = self.doc.remove_section(index) else {
            return;
        };
        self.document_changed();
        self.section_shown();
        self.info(format!(
            "Section {} removed (Undo brings it back)",
            removed.section_name()
        ));
    }

    /// Adds the players of a CSV or TRF file to the event (one undoable edit).
    pub fn import_players_from(&mut self, path: &Path) {
        match files::read_players(path) {
            Ok(players) => self.apply_edit(Edit::ImportPlayers(players)),
            Err(e) => self.error(e),
        }
    }
}
