//! The application: the open [`Document`], the background work, and the layout (menu,
//! section bar, navigation, central view, status bar). Views draw from a read-only
//! tournament and push [`Command`]s; they run here, after the frame, in one place
//! ([`ArbiterApp::run`], `app/dispatch.rs`), and every change to the event is an
//! [`Edit`] applied through the document (undo snapshot, consistency check, integrity
//! log), then autosaved. The parts of the app are in `app/`: the commands
//! (`dispatch`), files (`file_work`), background jobs (`jobs`), the questions asked
//! (`questions`), the menus (`menu`) and the venue network (`venue`).

mod dispatch;
mod file_work;
mod jobs;
mod menu;
mod questions;
mod section_views;
mod venue;

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::document::{Document, Edit};
use crate::tournament::Tournament;

use super::autosave::Autosaver;
use super::command::{Command, FileAction};
use super::import_check::ImportCheck;
use super::instance::{Instance, Request};
use super::storage::Storage;
use super::views::path_prompt::{self, PathPrompt};
use super::views::rating_list::FideSearch;
use super::views::round::Progress;
use super::views::{self, View};
use super::worker::{FileJob, Insight, Job, PairingJob};
use questions::Question;
use section_views::SectionViews;

/// How the app is started.
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    /// The folder for autosave and recent files (`None`: none kept).
    pub data_dir: Option<PathBuf>,
    /// Use native file dialogs (off in tests, which pass paths).
    pub dialogs: bool,
}

impl AppOptions {
    /// The desktop: the platform data folder and native dialogs.
    pub fn desktop() -> AppOptions {
        AppOptions {
            data_dir: crate::formats::native::data_dir(),
            dialogs: true,
        }
    }
}

/// A line in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub error: bool,
}

/// The running application.
pub struct ArbiterApp {
    /// The open event: its sections, file, dirty flag, revision and undo history.
    doc: Document,
    /// The section the pairing under way belongs to.
    pairing_section: usize,
    job: Option<PairingJob>,
    /// Explaining the shown round (after pairing, or for a round loaded from a file).
    insight_job: Option<Job<Insight>>,
    /// The check of an imported event's rounds, and its verdict when every round passed.
    import_check: ImportCheck,
    import_verdict: Option<String>,
    /// The last explanation: the round and the revision it belongs to.
    insight: Option<(u32, u64, Insight)>,
    /// A file being written (save, print, export): a big event takes seconds.
    writing: Option<FileJob>,
    /// What opens printed documents and published sites.
    viewer: super::files::Viewer,
    /// The viewer started on a written file, until it says whether it opened it.
    viewing: Option<file_work::Viewing>,
    /// The snapshot a save under way is writing.
    saving: Option<Vec<Tournament>>,
    /// What to do once the save under way has succeeded (the command that asked
    /// "Unsaved changes?", e.g. Quit).
    after_save: Option<Command>,
    view: View,
    message: Option<Message>,
    question: Option<Question>,
    storage: Storage,
    autosaver: Autosaver,
    options: AppOptions,
    quitting: bool,
    fonts_installed: bool,
    /// What the views hold of the section shown (forms, selection, standings): reset
    /// as a whole when another section or event is shown.
    views: SectionViews,
    /// The FIDE rating list loaded in the players view; kept when another event opens.
    fide: FideSearch,
    /// The requests of later launches (files double-clicked while this window runs).
    launches: Option<Instance>,
    /// A file path being typed (no dialog could be shown, or dialogs are off).
    path_prompt: Option<PathPrompt>,
    /// The guide shown from the Help menu (an index into [`views::help::GUIDES`]).
    help: Option<usize>,
    /// The venue network: its server while it runs, and its window.
    venue: venue::VenueWindow,
    /// The title the window was last given (see [`window_title`]).
    title: String,
}

impl ArbiterApp {
    /// A new app with an empty event; offers to restore an autosave left behind.
    pub fn new(options: AppOptions) -> ArbiterApp {
        let storage = Storage::new(options.data_dir.clone());
        let question = storage.leftover().map(Question::Restore);
        ArbiterApp {
            doc: Document::default(),
            pairing_section: 0,
            job: None,
            insight_job: None,
            import_check: ImportCheck::default(),
            import_verdict: None,
            insight: None,
            writing: None,
            viewer: super::files::Viewer::default(),
            viewing: None,
            saving: None,
            after_save: None,
            view: View::Event,
            message: None,
            question,
            autosaver: Autosaver::new(storage.clone()),
            storage,
            options,
            quitting: false,
            fonts_installed: false,
            views: SectionViews::default(),
            fide: FideSearch::default(),
            launches: None,
            path_prompt: None,
            help: None,
            venue: venue::VenueWindow::default(),
            title: String::new(),
        }
    }

    /// At a start without a file: offers to open the last event worked on (the first of
    /// the recent files that still exists), unless the restore of unsaved work is asked.
    pub fn offer_last_event(&mut self) {
        if self.question.is_some() {
            return;
        }
        if let Some(path) = self.storage.recent().into_iter().find(|p| p.is_file()) {
            self.question = Some(Question::OpenLast(path));
        }
    }

    /// Takes the files of later launches: each is opened here (asking first about
    /// unsaved changes), once no question is waiting.
    pub fn take_launches(&mut self, instance: Instance) {
        self.launches = Some(instance);
    }

    /// Runs what later launches asked, unless a question waits for an answer (the
    /// requests wait with it).
    fn serve_launches(&mut self, ctx: &egui::Context) {
        while self.question.is_none() {
            let Some(request) = self.launches.as_ref().and_then(Instance::next_request) else {
                return;
            };
            if let Request::Open(path) = request {
                self.run(Command::OpenPath(path), ctx);
            }
        }
    }

    /// Waits until the autosave has written every change made so far.
    pub fn flush_autosave(&self) {
        self.autosaver.flush();
    }

    /// Opens the file the program was started with (a double-click in the file manager),
    /// unless unsaved work from a crash waits to be restored: that question comes first.
    pub fn open_at_start(&mut self, path: &Path) {
        if matches!(self.question, Some(Question::Restore(_))) {
            self.info(format!(
                "Restore or discard the unsaved work first, then open {}",
                path.display()
            ));
        } else {
            self.open_path(path);
        }
    }

    /// The section shown (the open tournament).
    pub fn tournament(&self) -> &Tournament {
        self.doc.current()
    }

    /// Every section of the open event.
    pub fn sections(&self) -> &[Tournament] {
        self.doc.sections()
    }

    /// The index of the section shown.
    pub fn current_section(&self) -> usize {
        self.doc.current_index()
    }

    /// The file the tournament was opened from or saved to.
    pub fn path(&self) -> Option<&Path> {
        self.doc.path()
    }

    /// Whether there are changes not saved to the file.
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    /// Whether a pairing is being computed.
    pub fn is_pairing(&self) -> bool {
        self.job.is_some()
    }

    /// Whether the window is closing (Quit was confirmed).
    pub fn is_quitting(&self) -> bool {
        self.quitting
    }

    /// Whether the rounds of an imported event are being checked (checklist Q54).
    pub fn is_checking_import(&self) -> bool {
        self.import_check.running()
    }

    /// Whether the check of an override edit is under way.
    pub fn is_checking_override(&self) -> bool {
        self.views
            .round
            .overriding
            .as_ref()
            .is_some_and(|d| d.checking.is_some())
    }

    /// The view shown.
    pub fn view(&self) -> View {
        self.view
    }

    /// The title the window was given: the event's file name, marked while it has
    /// changes not saved.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The last status message.
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    fn info(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: false,
        });
    }

    fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: true,
        });
    }

    /// Follows a change of the document: autosaved while it holds changes its file does
    /// not, the autosave dropped once it is back to the file.
    fn document_changed(&mut self) {
        if self.doc.is_dirty() {
            self.autosaver.save(self.doc.sections(), self.doc.path());
        } else {
            // The file holds it all: nothing to restore after a crash.
            self.autosaver.clear();
        }
    }

    /// Applies an edit to the section shown (one undoable step); a refused edit changes
    /// nothing and says why in the status bar.
    pub fn apply_edit(&mut self, edit: Edit) {
        match self.doc.apply(edit) {
            Ok(applied) => {
                self.document_changed();
                self.info(applied.summary);
            }
            Err(e) => self.error(e.to_string()),
        }
    }
}

impl eframe::App for ArbiterApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.tick(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }
}

impl ArbiterApp {
    /// One whole frame (what eframe does with `logic` then `ui`), for tests that drive the
    /// app without a window.
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        self.tick(ui.ctx());
        self.draw(ui);
    }

    /// Work that does not draw: fonts on the first frame, the pairing result, the close
    /// request.
    fn tick(&mut self, ctx: &egui::Context) {
        if !self.fonts_installed {
            super::fonts::install(ctx);
            self.fonts_installed = true;
        }
        self.poll_pairing(ctx);
        self.poll_insight();
        if self.question.is_none() {
            self.poll_import_check();
        }
        self.import_check
            .want(self.doc.sections(), self.doc.revision(), ctx);
        self.poll_writing(ctx);
        self.poll_viewer();
        self.poll_venue();
        self.serve_launches(ctx);
        self.want_insight(ctx);
        if let Some(e) = self.autosaver.take_error() {
            self.error(format!("Autosave failed: {e}"));
        }
        if self.job.is_some() || self.insight_job.is_some() || self.writing.is_some() {
            // The elapsed time ticks; the result itself also asks for a repaint.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        let title = window_title(&self.doc);
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.quitting {
            if self.doc.is_dirty() {
                ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                self.question = Some(Question::Unsaved(Box::new(Command::Quit)));
            } else {
                self.finish_writing(ctx);
                self.autosaver.clear();
            }
        }
    }

    /// Draws the window and runs the commands of this frame.
    fn draw(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let mut out = self.shortcuts(&ctx);
        self.venue_keys(&ctx, &mut out);
        egui::Panel::top("menu").show(ui, |ui| self.menu(ui, &mut out));
        egui::Panel::top("sections").show(ui, |ui| {
            views::sections::show(ui, self.doc.sections(), self.doc.current_index(), &mut out);
        });
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::Panel::left("navigation")
            .resizable(false)
            .default_size(170.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    let t = self.doc.current();
                    let pending = self.views.event.is_pending(&t.event);
                    views::navigation::show(ui, t, self.view, pending, &mut out);
                });
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let t = self.doc.current();
            match self.view {
                View::Event => views::event::show(ui, t, &mut self.views.event, &mut out),
                View::Players => {
                    views::players::show(ui, t, &mut self.views.players, &mut self.fide, &mut out)
                }
                View::Teams => views::teams::show(ui, t, &mut self.views.teams, &mut out),
                View::Round(round) => {
                    let pairing_here = self.pairing_section == self.doc.current_index();
                    let progress = self
                        .job
                        .as_ref()
                        .filter(|_| pairing_here)
                        .map(|j| Progress {
                            round: j.round,
                            elapsed: j.elapsed(),
                        });
                    let insight = current_insight(&self.insight, round, self.doc.revision());
                    let explaining = self.insight_job.as_ref().is_some_and(|j| j.round == round);
                    views::round::show(
                        ui,
                        t,
                        round,
                        progress,
                        insight,
                        explaining,
                        &mut self.views.round,
                        &mut out,
                    );
                }
                View::Standings => {
                    let shown = self.views.standings.get(t, self.doc.revision(), &ctx);
                    views::standings::show(ui, t, &shown);
                }
                View::Crosstable => {
                    let shown = self.views.standings.get(t, self.doc.revision(), &ctx);
                    views::crosstable::show(ui, &shown);
                }
                View::RatingChanges => {
                    let shown = self.views.standings.get(t, self.doc.revision(), &ctx);
                    views::ratings::show(ui, t, &shown);
                }
                View::Norms => {
                    let shown = self.views.standings.get(t, self.doc.revision(), &ctx);
                    views::norms::show(ui, t, &shown, &mut out);
                }
                View::Prizes => {
                    let shown = self.views.standings.get(t, self.doc.revision(), &ctx);
                    views::prizes::show(ui, t, &mut self.views.prizes, &shown, &mut out);
                }
            }
        });
        views::help::show(&ctx, &mut self.help);
        self.venue_window(&ctx, &mut out);
        self.question(&ctx, &mut out);
        if let Some(prompt) = &mut self.path_prompt
            && path_prompt::show(&ctx, prompt, &mut out)
        {
            if prompt.action == FileAction::SaveAs
                && !matches!(out.last(), Some(Command::FileChosen(..)))
            {
                // Not saved: nothing waits for it.
                self.after_save = None;
            }
            self.path_prompt = None;
        }
        if !out.is_empty() {
            // The commands change what is drawn: show it at once, not on the next input.
            ctx.request_repaint();
        }
        for command in out {
            self.run(command, &ctx);
        }
    }
}

/// The window's title: the event's file name (`Untitled` before it is saved), with a mark
/// while it has changes not saved: `● club-2026.sarb — swiss-arbiter`.
fn window_title(doc: &Document) -> String {
    let name = doc
        .path()
        .and_then(Path::file_name)
        .map_or_else(|| "Untitled".into(), |n| n.to_string_lossy());
    let mark = if doc.is_dirty() { "● " } else { "" };
    format!("{mark}{name} — swiss-arbiter")
}

/// The explanation held, if it is of `round` at `revision` (a free function: the view
/// borrows it while the rest of the application state is borrowed mutably).
fn current_insight(
    held: &Option<(u32, u64, Insight)>,
    round: u32,
    revision: u64,
) -> Option<&Insight> {
    held.as_ref()
        .filter(|(r, at, _)| *r == round && *at == revision)
        .map(|(_, _, insight)| insight)
}
