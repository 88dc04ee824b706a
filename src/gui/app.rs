//! The application: the open document, undo history, the background pairing, and the
//! layout (menu, navigation, central view, status bar). Views push [`Command`]s; they are
//! run here, after the frame, and every edit goes through [`ArbiterApp::apply_edit`]
//! (undo snapshot, autosave).

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::pairing::{PairingRequest, RoundPairing};
use crate::tournament::{LogKind, Tournament, Warning, WarningLevel};

use super::autosave::Autosaver;
use super::command::{Command, FileAction};
use super::edit::Edit;
use super::files;
use super::files::dialog::Asked;
use super::history::History;
use super::import_check::{Finding, ImportCheck};
use super::instance::{Instance, Request};
use super::storage::{self, Storage};
use super::views::event::EventForm;
use super::views::path_prompt::{self, PathPrompt};
use super::views::players::PlayersState;
use super::views::prizes::PrizesForm;
use super::views::rating_list::FideSearch;
use super::views::round::{Progress, RoundState};
use super::views::standings::StandingsCache;
use super::views::teams::TeamsState;
use super::views::warning::{self, Answer};
use super::views::{self, View};
use super::worker::{FileJob, Insight, Job, PairingJob, Writing};

/// How many edits can be undone.
const UNDO_LIMIT: usize = 200;

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

/// A question waiting for the arbiter's answer.
#[derive(Clone, Debug, PartialEq)]
enum Question {
    /// Unsaved changes; then do this.
    Unsaved(Box<Command>),
    /// An autosave was found at start-up.
    Restore(PathBuf),
    /// A result of `round` is about to change although the rounds `later` were paired
    /// from it: their pairings do not follow by themselves.
    LaterRoundsPaired {
        edit: Box<Edit>,
        round: u32,
        later: Vec<u32>,
    },
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

/// Every section of the event, with the index of the section an edit changed.
type Snapshot = (usize, Vec<Tournament>);

/// The running application.
pub struct ArbiterApp {
    /// The event's sections (never empty): each a whole tournament, saved in one file.
    sections: Vec<Tournament>,
    /// The section shown and edited.
    current: usize,
    /// The section the pairing under way belongs to.
    pairing_section: usize,
    path: Option<PathBuf>,
    dirty: bool,
    /// Counts edits, so that caches and background results know what they belong to.
    revision: u64,
    /// Snapshots of every section, each with the section the step changed (shown again
    /// when it is undone or redone).
    history: History<Snapshot>,
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
    /// The event as its file holds it (last opened or saved), to tell whether undoing
    /// has come back to it; `None` when the file's content is not known.
    clean: Option<Vec<Tournament>>,
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
    event_form: EventForm,
    players: PlayersState,
    /// The FIDE rating list loaded in the players view; kept when another event opens.
    fide: FideSearch,
    teams: TeamsState,
    round: RoundState,
    standings: StandingsCache,
    prizes: PrizesForm,
    /// The requests of later launches (files double-clicked while this window runs).
    launches: Option<Instance>,
    /// A file path being typed (no dialog could be shown, or dialogs are off).
    path_prompt: Option<PathPrompt>,
}

impl ArbiterApp {
    /// A new app with an empty event; offers to restore an autosave left behind.
    pub fn new(options: AppOptions) -> ArbiterApp {
        let storage = Storage::new(options.data_dir.clone());
        let question = storage.leftover().map(Question::Restore);
        ArbiterApp {
            sections: vec![Tournament::default()],
            current: 0,
            pairing_section: 0,
            path: None,
            dirty: false,
            revision: 0,
            history: History::new(UNDO_LIMIT),
            job: None,
            insight_job: None,
            import_check: ImportCheck::default(),
            import_verdict: None,
            insight: None,
            writing: None,
            clean: Some(vec![Tournament::default()]),
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
            event_form: EventForm::default(),
            players: PlayersState::default(),
            fide: FideSearch::default(),
            teams: TeamsState::default(),
            round: RoundState::default(),
            standings: StandingsCache::default(),
            prizes: PrizesForm::default(),
            launches: None,
            path_prompt: None,
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
        &self.sections[self.current]
    }

    /// Every section of the open event.
    pub fn sections(&self) -> &[Tournament] {
        &self.sections
    }

    /// The index of the section shown.
    pub fn current_section(&self) -> usize {
        self.current
    }

    /// The file the tournament was opened from or saved to.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether there are changes not saved to the file.
    pub fn is_dirty(&self) -> bool {
        self.dirty
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
        self.round
            .overriding
            .as_ref()
            .is_some_and(|d| d.checking.is_some())
    }

    /// The view shown.
    pub fn view(&self) -> View {
        self.view
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

    /// Marks a change: dirty unless the event is back to what its file holds (undone to
    /// the saved state), new revision, autosave (or none, when clean).
    fn changed(&mut self) {
        self.current = self.current.min(self.sections.len().saturating_sub(1));
        self.dirty = self.clean.as_ref() != Some(&self.sections);
        self.revision += 1;
        if self.dirty {
            self.autosaver.save(&self.sections);
        } else {
            // The file holds it all: nothing to restore after a crash.
            self.autosaver.clear();
        }
    }

    /// Applies an edit with an undo snapshot; a refused edit changes nothing.
    pub fn apply_edit(&mut self, edit: Edit) {
        let before = self.sections[self.current].clone();
        let description = edit.describe();
        // An edit that would leave the record contradicting itself is refused like any
        // other: nothing that is wrong reaches an engine, a sheet or the file.
        let section = &mut self.sections[self.current];
        let applied = edit.apply(section).and_then(|()| {
            section
                .check()
                .map_err(|e| format!("refused: the event would contradict itself ({e})"))
        });
        match applied {
            Ok(()) => {
                let mut snapshot = self.sections.clone();
                snapshot[self.current] = before;
                self.history.record((self.current, snapshot));
                self.changed();
                self.info(description);
            }
            Err(e) => {
                self.sections[self.current] = before;
                self.error(e);
            }
        }
    }

    /// What the arbiter is warned of before `command` runs (the model's warnings, by
    /// level): an edit's, and before round 1 is paired whether every round can be.
    fn warnings_of(&self, command: &Command) -> Vec<Warning> {
        let t = self.tournament();
        match command {
            Command::Edit(edit) => edit.warnings(t),
            Command::PairRound { round, .. } => t.pairing_warnings(*round),
            _ => Vec::new(),
        }
    }

    /// The question to ask before `edit` changes a result of a round that later paired
    /// rounds were paired from (C.04.1: a pairing follows from the results before it).
    fn later_rounds_paired(&self, edit: &Edit) -> Option<Question> {
        let t = self.tournament();
        let round = match *edit {
            Edit::SetResult {
                round,
                white,
                black,
                result,
            } => {
                // An adjourned game's end has its own warning (Q163).
                if t.adjournment_ended_by(round, white, black, result)
                    .is_some()
                {
                    return None;
                }
                let board = t.boards(round).into_iter().find(|b| b.white == white)?;
                (board.result != result).then_some(round)?
            }
            Edit::SetMatchResult {
                round,
                white,
                games,
                ..
            } => {
                let board = t.boards(round).into_iter().find(|b| b.white == white)?;
                (board.games != Some(games)).then_some(round)?
            }
            _ => return None,
        };
        let later: Vec<u32> = (round + 1..).take_while(|&r| t.is_paired(r)).collect();
        (!later.is_empty()).then(|| Question::LaterRoundsPaired {
            edit: Box::new(edit.clone()),
            round,
            later,
        })
    }

    /// Restores an autosave that no running window owns: kept in this window's own
    /// autosave before the leftover goes; one that cannot be read is set aside.
    fn restore_autosave(&mut self, path: &Path) {
        match files::open(path) {
            Ok((sections, _)) => {
                self.replace(sections, None, true);
                // Durable in this window's own autosave before the leftover
                // goes.
                self.autosaver.save(&self.sections);
                self.autosaver.flush();
                match self.autosaver.take_error() {
                    None => {
                        storage::discard(path);
                        self.info("Unsaved work restored; save it to a file");
                    }
                    Some(e) => self.error(format!(
                        "Unsaved work restored, but it could not be autosaved ({e}); it stays in {} until saved",
                        path.display()
                    )),
                }
            }
            Err(e) => {
                // Set aside, so that the next offer does not show it again.
                let kept = self.storage.set_aside(path);
                self.error(format!(
                    "Cannot restore the autosave: {e}. It is kept as {}",
                    kept.map_or_else(|| path.display().to_string(), |p| p.display().to_string())
                ));
            }
        }
    }

    /// Replaces the document (new, open, restore); the first section is shown.
    fn replace(&mut self, sections: Vec<Tournament>, path: Option<PathBuf>, dirty: bool) {
        self.clean = (!dirty).then(|| sections.clone());
        self.sections = if sections.is_empty() {
            vec![Tournament::default()]
        } else {
            sections
        };
        self.current = 0;
        self.path = path;
        self.dirty = dirty;
        self.revision += 1;
        self.history.clear();
        self.job = None;
        self.insight_job = None;
        self.insight = None;
        self.import_check.clear();
        self.import_verdict = None;
        // A question about the document replaced goes with it.
        self.question = self
            .question
            .take()
            .filter(|q| matches!(q, Question::Unsaved(_) | Question::Restore(_)));
        self.round = RoundState::default();
        self.players = PlayersState::default();
        self.teams = TeamsState::default();
        self.standings = StandingsCache::default();
        if !matches!(self.view, View::Event | View::Players | View::Teams) {
            self.view = View::Event;
        }
    }

    /// Adds the players of a CSV or TRF file to the event (one undoable edit).
    pub fn import_players_from(&mut self, path: &Path) {
        match files::read_players(path) {
            Ok(players) => self.apply_edit(Edit::ImportPlayers(players)),
            Err(e) => self.error(e),
        }
    }

    /// Opens a native or TRF file. A bad file leaves the open event as it was.
    pub fn open_path(&mut self, path: &Path) {
        match files::open(path) {
            Ok((mut sections, notes)) => {
                let trf = !files::is_native(path);
                if trf {
                    // Reading an event from TRF is in the integrity log (checklist Q112).
                    let name = path.file_name().map_or_else(
                        || path.display().to_string(),
                        |n| n.to_string_lossy().into(),
                    );
                    for t in &mut sections {
                        t.log_event(
                            LogKind::Import,
                            &format!("{name} read as TRF"),
                            crate::tournament::utc_timestamp(std::time::SystemTime::now()),
                        );
                    }
                }
                let native_path = (!trf).then(|| path.to_path_buf());
                self.replace(sections, native_path, trf);
                if let Err(e) = self.storage.add_recent(path) {
                    self.error(e);
                } else {
                    // The dialect the file was read as, then how ambiguous codes were read.
                    let mut text = format!("Opened {}", path.display());
                    for (i, note) in notes.iter().enumerate() {
                        text.push_str(if i == 0 { ": " } else { ". Warning: " });
                        text.push_str(note);
                    }
                    self.info(text);
                }
                self.autosaver.clear();
                if trf {
                    self.changed();
                    // Every imported round is re-paired and compared (checklist Q54).
                    self.import_check.request();
                }
            }
            Err(e) => self.error(e),
        }
    }

    /// Starts saving to a native file (atomically, on a background thread); when it is
    /// written it becomes the document's file. See [`ArbiterApp::finish_writing`].
    pub fn save_to(&mut self, path: &Path, ctx: &egui::Context) {
        let path = files::with_native_extension(path.to_path_buf());
        let sections = self.sections.clone();
        self.saving = Some(sections.clone());
        self.start_writing(Writing::Save, path, ctx, move |p| files::save(&sections, p));
    }

    /// Starts writing the tournament as TRF-2026.
    pub fn export_trf_to(&mut self, path: &Path, ctx: &egui::Context) {
        let t = self.tournament().clone();
        let open_file = self.path.clone();
        self.start_writing(Writing::ExportTrf, path.to_path_buf(), ctx, move |p| {
            files::export_trf(&t, p, open_file.as_deref())
        });
    }

    /// Starts writing a printable document to `path` (PDF or HTML by its extension); it
    /// opens in the system's viewer when written.
    pub fn print_to(&mut self, sheet: crate::print::Sheet, path: &Path, ctx: &egui::Context) {
        let t = self.tournament().clone();
        let open_file = self.path.clone();
        self.start_writing(Writing::Print, path.to_path_buf(), ctx, move |p| {
            files::export_sheet(&t, sheet, p, open_file.as_deref())
        });
    }

    /// Writes on a background thread; one file at a time (a write still under way is
    /// waited for first).
    fn start_writing(
        &mut self,
        what: Writing,
        path: PathBuf,
        ctx: &egui::Context,
        work: impl FnOnce(&Path) -> Result<Vec<String>, String> + Send + 'static,
    ) {
        self.finish_writing(ctx);
        match FileJob::write(what, path, self.revision, ctx, work) {
            Ok(job) => self.writing = Some(job),
            Err(e) => self.error(e),
        }
    }

    /// Whether a file is being written.
    pub fn is_writing(&self) -> bool {
        self.writing.is_some()
    }

    /// Whether the explanation of a round (and the check of its recorded pairing) is being
    /// computed: until it is, the round cannot be overridden.
    pub fn is_explaining(&self) -> bool {
        self.insight_job.is_some()
    }

    /// Waits until every piece of background work under way has delivered its result:
    /// the pairing, the explanation, an override's check, the import check, a file, the
    /// standings, the rating list. Each result is taken on the next frame. Returns whether
    /// anything was under way. Tests call it between frames: they wait for the work the
    /// state they need depends on, never for a time.
    pub fn wait_for_background(&mut self) -> bool {
        let mut waited = false;
        if let Some(job) = &self.job {
            job.wait_ready();
            waited = true;
        }
        if let Some(job) = &self.insight_job {
            job.wait_ready();
            waited = true;
        }
        let checking = self
            .round
            .overriding
            .as_ref()
            .and_then(|d| d.checking.as_ref());
        if let Some(job) = checking {
            job.wait_ready();
            waited = true;
        }
        if let Some(job) = &self.writing {
            job.wait_ready();
            waited = true;
        }
        waited |= self.import_check.wait_ready();
        waited |= self.standings.wait_ready();
        waited |= self.fide.wait_ready();
        waited
    }

    /// Waits for the file being written, if any, and reports it (before quitting, and
    /// for tests).
    pub fn finish_writing(&mut self, ctx: &egui::Context) {
        if let Some(job) = self.writing.take() {
            let revision = job.revision;
            self.written(revision, job.wait(), ctx);
        }
    }

    fn poll_writing(&mut self, ctx: &egui::Context) {
        let Some(result) = self.writing.as_ref().and_then(FileJob::poll) else {
            return;
        };
        if let Some(job) = self.writing.take() {
            self.written(job.revision, result, ctx);
        }
    }

    /// A file is written (`revision`: the document's when the write started).
    fn written(
        &mut self,
        revision: u64,
        result: Result<(Writing, PathBuf, Vec<String>), String>,
        ctx: &egui::Context,
    ) {
        match result {
            Ok((Writing::Save, path, _)) => {
                // Edits made while it was written are not in the file.
                self.clean = self.saving.take();
                if revision == self.revision {
                    self.dirty = false;
                    // Saved: the autosave goes (queued after any snapshot still being
                    // written; not waited for, which could take seconds on a big event).
                    self.autosaver.clear();
                }
                let _ = self.storage.add_recent(&path);
                self.info(format!("Saved {}", path.display()));
                self.path = Some(path);
                if let Some(then) = self.after_save.take() {
                    self.run(then, ctx);
                }
            }
            Ok((Writing::Print, path, _)) => match files::open_in_viewer(&path) {
                Ok(()) => self.info(format!("Wrote {}", path.display())),
                Err(e) => self.info(format!("Wrote {} (no viewer: {e})", path.display())),
            },
            Ok((Writing::ExportTrf, path, warnings)) => {
                // What TRF cannot hold (the games of Double-Swiss matches) is named, as
                // the written snapshot had it.
                let mut text = format!("Exported {}", path.display());
                for warning in warnings {
                    text.push_str(". Warning: ");
                    text.push_str(&warning);
                }
                self.info(text);
            }
            Err(e) => {
                self.after_save = None;
                self.error(e);
            }
        }
    }

    fn file_stem(&self) -> String {
        let name = self.tournament().event.name.trim();
        if name.is_empty() {
            "event".into()
        } else {
            name.replace(['/', '\\', ':'], "-")
        }
    }

    /// Asks for the file of `action`: in the system's dialog, or by its path where no
    /// dialog can be shown (said in the prompt, with what to install) and in tests.
    fn ask_file(&mut self, action: FileAction, ctx: &egui::Context) {
        let name = match action {
            FileAction::Print(sheet) => {
                format!(
                    "{} {}",
                    self.file_stem(),
                    sheet.file_name(self.tournament())
                )
            }
            FileAction::PrintNorm { player, norm } => format!(
                "{} norm-{}-{player}",
                self.file_stem(),
                norm.name().to_lowercase()
            ),
            _ => self.file_stem(),
        };
        let mut why = None;
        if self.options.dialogs {
            match files::dialog::ask(&action, &name) {
                Asked::Picked(path) => return self.run(Command::FileChosen(action, path), ctx),
                Asked::Cancelled => {
                    // Not saved: nothing waits for it.
                    self.after_save = None;
                    return;
                }
                Asked::Unavailable => {
                    why = Some(
                        "No file dialog could be shown: install zenity or a desktop portal (xdg-desktop-portal-gtk). Type the path instead."
                            .to_string(),
                    );
                }
            }
        }
        let folder = path_prompt::folder_of(self.path.as_deref());
        self.path_prompt = Some(PathPrompt::new(action, folder, &name, why));
    }

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
        if needs_confirmation && self.dirty && self.question.is_none() {
            self.question = Some(Question::Unsaved(Box::new(command)));
            return;
        }
        match command {
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
                Command::Edit(edit) => {
                    if let Some(question) = self.later_rounds_paired(&edit) {
                        self.question = Some(question);
                    } else {
                        self.apply_edit(edit);
                    }
                }
                Command::PairRound { round, repair } => {
                    // Games without a result are adjourned first (the arbiter was told).
                    if !self.tournament().games_missing_before(round).is_empty() {
                        self.apply_edit(Edit::AdjournMissing(round));
                    }
                    self.start_pairing(round, repair, ctx);
                }
                other => self.run(other, ctx),
            },
            Command::Navigate(view) => self.view = view,
            Command::CancelPairing => {
                if let Some(job) = self.job.take() {
                    self.info(format!("Pairing of round {} cancelled", job.round));
                }
            }
            Command::Undo => self.step(History::undo, "Undone"),
            Command::Redo => self.step(History::redo, "Redone"),
            Command::SelectSection(index) => self.select_section(index),
            Command::AddSection => self.add_section(),
            Command::RemoveSection(index) => {
                let section = self.sections.get(index);
                if section.is_some_and(|t| !t.players.is_empty()) {
                    self.question = Some(Question::RemoveSection(index));
                } else {
                    self.remove_section(index);
                }
            }
            Command::New => {
                self.replace(vec![Tournament::default()], None, false);
                self.autosaver.clear();
                self.view = View::Event;
                self.info("New event");
            }
            Command::Open => self.ask_file(FileAction::Open, ctx),
            Command::ImportTrf => self.ask_file(FileAction::ImportTrf, ctx),
            Command::ImportPlayers => self.ask_file(FileAction::ImportPlayers, ctx),
            Command::SaveAs => self.ask_file(FileAction::SaveAs, ctx),
            Command::ExportTrf => self.ask_file(FileAction::ExportTrf, ctx),
            Command::Print(sheet) => self.ask_file(FileAction::Print(sheet), ctx),
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
            Command::Save => match self.path.clone() {
                Some(path) => self.save_to(&path, ctx),
                None => self.run(Command::SaveAs, ctx),
            },
            Command::FileChosen(action, path) => match action {
                FileAction::Open | FileAction::ImportTrf => self.open_path(&path),
                FileAction::ImportPlayers => self.import_players_from(&path),
                FileAction::SaveAs => self.save_to(&path, ctx),
                FileAction::ExportTrf => self.export_trf_to(&path, ctx),
                FileAction::Print(sheet) => self.print_to(sheet, &path, ctx),
                FileAction::PrintNorm { player, norm } => {
                    let t = self.tournament().clone();
                    let open_file = self.path.clone();
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

    /// Undoes or redoes one step (`step`: [`History::undo`] or [`History::redo`]) and
    /// shows the section it changed.
    fn step(&mut self, step: fn(&mut History<Snapshot>, &mut Snapshot) -> bool, done: &str) {
        let shown = self.current;
        // Leaving FIDE mode is for good: no undo or redo takes a section back into it.
        let left: Vec<_> = self
            .sections
            .iter()
            .map(|t| t.event.fide_mode.clone())
            .collect();
        let mut now = (self.current, std::mem::take(&mut self.sections));
        let stepped = step(&mut self.history, &mut now);
        (self.current, self.sections) = now;
        for (t, mode) in self.sections.iter_mut().zip(left) {
            if !mode.is_on() && t.event.fide_mode.is_on() {
                t.event.fide_mode = mode;
            }
        }
        if stepped {
            self.changed();
            if self.current != shown {
                self.section_shown();
            }
            self.info(format!("{done} ({})", self.tournament().section_name()));
        }
    }

    /// Shows another section. Refused while the Event page holds edits not applied,
    /// which belong to the section shown.
    fn select_section(&mut self, index: usize) {
        if index >= self.sections.len() || index == self.current {
            return;
        }
        if self.event_form.is_pending(&self.tournament().event) {
            self.error(
                "The Event page has changes not applied; apply or revert them before changing section",
            );
            return;
        }
        self.current = index;
        self.section_shown();
        self.info(format!("Section {}", self.tournament().section_name()));
    }

    /// Forgets what the views held of the section shown before (selection, explanation,
    /// standings); a round view whose round this section has not paired goes to Players.
    fn section_shown(&mut self) {
        self.insight_job = None;
        self.insight = None;
        self.round = RoundState::default();
        self.players = PlayersState::default();
        self.teams = TeamsState::default();
        self.standings = StandingsCache::default();
        if let View::Round(round) = self.view
            && !self.tournament().is_paired(round)
            && round != self.tournament().next_round()
        {
            self.view = View::Players;
        }
    }

    /// Adds a section with the settings of the one shown (place, dates, arbiters, system,
    /// rounds, scoring, tie-breaks), without its players, groups who must not meet or
    /// acceleration, and shows its Event page (one undoable step).
    fn add_section(&mut self) {
        let mut event = self.tournament().event.clone();
        event.name = format!("Section {}", self.sections.len() + 1);
        event.forbidden_pairs.clear();
        event.acceleration = Default::default();
        let before = self.sections.clone();
        self.history.record((self.current, before));
        self.sections.push(Tournament {
            event,
            ..Tournament::default()
        });
        self.current = self.sections.len() - 1;
        self.changed();
        self.section_shown();
        self.view = View::Event;
        self.info("Section added: name it on the Event page and add its players");
    }

    /// Removes a section (one undoable step); the last one stays.
    fn remove_section(&mut self, index: usize) {
        if self.sections.len() < 2 || index >= self.sections.len() {
            return;
        }
        if self.job.is_some() {
            self.error("A round is being paired; remove the section once it is done");
            return;
        }
        let before = self.sections.clone();
        self.history.record((index, before));
        let removed = self.sections.remove(index);
        if self.current > index || self.current == self.sections.len() {
            self.current = self.current.saturating_sub(1);
        }
        self.changed();
        self.section_shown();
        self.info(format!(
            "Section {} removed (Undo brings it back)",
            removed.section_name()
        ));
    }

    fn start_pairing(&mut self, round: u32, repair: bool, ctx: &egui::Context) {
        if let Some(job) = &self.job {
            if self.pairing_section != self.current {
                let busy = format!(
                    "Round {} of {} is being paired; pair this section once it is done",
                    job.round,
                    self.sections[self.pairing_section].section_name()
                );
                self.error(busy);
            }
            return;
        }
        if self.event_form.is_pending(&self.tournament().event) {
            self.error(format!(
                "Round {round} is not paired: the Event page has changes not applied (groups who must not meet, rules); apply or revert them first, so that the pairing follows what is shown"
            ));
            return;
        }
        let system = self.tournament().pairing_system();
        let mut base = self.tournament().clone();
        if repair {
            base.clear_pairing(round);
        }
        let request = match PairingRequest::new(&base, system, Some(round)) {
            Ok(request) => request,
            Err(why) => {
                self.error(format!("Round {round} is not paired: {why}"));
                return;
            }
        };
        match PairingJob::start(request, self.revision, ctx) {
            Ok(job) => {
                self.job = Some(job);
                self.pairing_section = self.current;
                self.view = View::Round(round);
                self.info(format!("Pairing round {round} with {}", system.title()));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    /// The explanation of `round` for the current revision, if computed.
    pub fn insight(&self, round: u32) -> Option<&Insight> {
        current_insight(&self.insight, round, self.revision)
    }

    /// Starts explaining the shown round when it is paired, its system explains, and no
    /// explanation for this revision exists or is being computed.
    fn want_insight(&mut self, ctx: &egui::Context) {
        let View::Round(round) = self.view else {
            return;
        };
        let system = self.tournament().pairing_system();
        let running = self
            .insight_job
            .as_ref()
            .is_some_and(|j| j.round == round && j.revision == self.revision);
        if running
            || self.job.is_some()
            || self.insight(round).is_some()
            || !self.tournament().is_paired(round)
        {
            return;
        }
        let t = self.tournament();
        let request = PairingRequest::recorded(t, system, round);
        match Job::explain(
            request,
            RoundPairing::recorded(t, round),
            self.revision,
            ctx,
        ) {
            Ok(job) => self.insight_job = Some(job),
            Err(e) => self.error(e.to_string()),
        }
    }

    /// Takes the explanation when the thread has delivered it.
    fn poll_insight(&mut self) {
        let Some(result) = self.insight_job.as_ref().and_then(Job::poll) else {
            return;
        };
        let Some(job) = self.insight_job.take() else {
            return;
        };
        match result {
            Ok(insight) if job.revision == self.revision => {
                self.insight = Some((job.round, job.revision, insight));
            }
            Ok(_) => {}
            Err(e) => self.error(format!("Round {}: no explanation: {e}", job.round)),
        }
    }

    /// Takes the pairing result when the thread has delivered it.
    fn poll_pairing(&mut self, ctx: &egui::Context) {
        let Some(result) = self.job.as_ref().and_then(PairingJob::poll) else {
            return;
        };
        let Some(job) = self.job.take() else {
            return;
        };
        if job.revision != self.revision {
            self.error(format!(
                "The event changed while round {} was being paired; pair it again",
                job.round
            ));
            return;
        }
        match result {
            Ok(explainer) => {
                let pairing = explainer.pairing().clone();
                let teams = explainer.team_pairing().cloned();
                let section = self.pairing_section;
                let Some(mut paired) = self.sections.get(section).cloned() else {
                    return;
                };
                // A team pairing is recorded as a whole: its boards, the boards won by
                // forfeit and the team's pairing-allocated bye.
                match &teams {
                    Some(teams) => {
                        teams.record_into(&mut paired);
                    }
                    None => pairing.record_into(&mut paired),
                }
                if let Err(e) = paired.check() {
                    self.error(format!(
                        "Round {}: the pairing found contradicts the event ({e}); it was not recorded",
                        job.round
                    ));
                    return;
                }
                let before = self.sections.clone();
                self.sections[section] = paired;
                self.history.record((section, before));
                self.changed();
                self.round.selected = 0;
                // The explanation comes from the same solve (C.04.1: every pair explained).
                let recorded = RoundPairing::recorded(self.tournament(), job.round);
                match Job::from_pairing(explainer, recorded, self.revision, ctx) {
                    Ok(insight) => self.insight_job = Some(insight),
                    Err(e) => self.error(e.to_string()),
                }
                let matches = teams.map_or_else(String::new, |teams| {
                    format!("{} matches, ", teams.matches.len())
                });
                self.info(format!(
                    "Round {} paired in {:.1} s: {matches}{} boards (draft)",
                    job.round,
                    job.elapsed().as_secs_f32(),
                    pairing.pairs.len()
                ));
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    fn shortcuts(&mut self, ctx: &egui::Context) -> Vec<Command> {
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

    fn menu(&self, ui: &mut egui::Ui, out: &mut Vec<Command>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                menu_item(ui, "New", "Ctrl+N", Command::New, out);
                menu_item(ui, "Open…", "Ctrl+O", Command::Open, out);
                menu_item(ui, "Save", "Ctrl+S", Command::Save, out);
                menu_item(ui, "Save As…", "Ctrl+Shift+S", Command::SaveAs, out);
                ui.separator();
                menu_item(ui, "Import TRF…", "", Command::ImportTrf, out);
                menu_item(ui, "Export TRF…", "", Command::ExportTrf, out);
                ui.separator();
                ui.menu_button("Print", |ui| {
                    use crate::print::Sheet;
                    for (label, sheet) in [
                        ("Pairings…", Sheet::Pairings),
                        ("Alphabetical list…", Sheet::Alphabetical),
                        ("Result slips…", Sheet::Slips),
                        ("Standings…", Sheet::Standings),
                        ("Crosstable…", Sheet::Crosstable),
                        ("Starting rank list…", Sheet::RankList),
                        ("Rating changes…", Sheet::RatingChanges),
                        ("Prizes…", Sheet::Prizes),
                    ] {
                        menu_item(ui, label, "", Command::Print(sheet), out);
                    }
                });
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
                        self.history.can_undo(),
                        egui::Button::new("Undo").shortcut_text("Ctrl+Z"),
                    )
                    .clicked()
                {
                    out.push(Command::Undo);
                    ui.close();
                }
                if ui
                    .add_enabled(
                        self.history.can_redo(),
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
                let removable = self.sections.len() > 1;
                let remove = format!("Remove {}…", self.tournament().section_name());
                if ui
                    .add_enabled(removable, egui::Button::new(remove))
                    .clicked()
                {
                    out.push(Command::RemoveSection(self.current));
                    ui.close();
                }
            });
            ui.menu_button("View", theme_choice);
        });
    }

    fn status_bar(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let file = self
                .path
                .as_ref()
                .map_or("Untitled".to_string(), |p| p.display().to_string());
            ui.label(file);
            if self.dirty {
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

    fn question(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
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
                        // The command runs once the file is written; if saving fails
                        // the document stays dirty and nothing else happens.
                        self.after_save = Some((**then).clone());
                        out.push(Command::Save);
                        answered = true;
                    }
                    if ui.button("Discard changes").clicked() {
                        self.dirty = false;
                        out.push((**then).clone());
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
            Question::LaterRoundsPaired { edit, round, later } => {
                self.later_rounds_question(ui, edit, *round, later, out, &mut answered);
            }
            Question::RemoveSection(index) => {
                self.remove_section_question(ui, *index, &mut answered);
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
    fn leave_fide_mode_question(
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
    fn import_findings_question(
        &mut self,
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
                        .sections
                        .get(f.section)
                        .map_or_else(String::new, |t| format!("{}, ", t.section_name()));
                    ui.label(format!("{section}round {}: {}", f.round, f.detail));
                }
            });
        ui.label("Keeping them records each in the FIDE report (### Import @ Round n).");
        ui.horizontal(|ui| {
            if ui.button("Keep the rounds as recorded").clicked() {
                let before = self.sections.clone();
                let when = crate::tournament::utc_timestamp(std::time::SystemTime::now());
                for f in findings {
                    if let Some(t) = self.sections.get_mut(f.section) {
                        let detail = format!("round {} as recorded: {}", f.round, f.detail);
                        t.log_event_in(LogKind::Import, f.round, &detail, when.clone());
                    }
                }
                self.history.record((self.current, before));
                self.changed();
                self.info(format!(
                    "{} imported rounds recorded as not following the rules",
                    findings.len()
                ));
                *answered = true;
            }
            if ui.button("Close the imported event").clicked() {
                self.dirty = false;
                out.push(Command::New);
                *answered = true;
            }
        });
    }

    /// Takes the check of an imported event when the thread has delivered it.
    fn poll_import_check(&mut self) {
        match self.import_check.poll(self.revision) {
            None => {}
            // Shown in the status bar (the message stays the arbiter's last action).
            Some(Ok(report)) if report.findings.is_empty() => {
                self.import_verdict = Some(format!(
                    "Imported rounds checked: all {} follow the rules",
                    report.rounds
                ));
            }
            Some(Ok(report)) => self.question = Some(Question::ImportFindings(report.findings)),
            Some(Err(e)) => self.error(format!("The imported rounds could not be checked: {e}")),
        }
    }

    /// Asks before a section with players is removed.
    fn remove_section_question(&mut self, ui: &mut egui::Ui, index: usize, answered: &mut bool) {
        let Some(section) = self.sections.get(index) else {
            *answered = true;
            return;
        };
        ui.heading(format!("Remove the section {}?", section.section_name()));
        ui.label(format!(
            "It has {} players and {} paired rounds. Undo brings it back until the window closes.",
            section.players.len(),
            section.rounds_recorded()
        ));
        ui.horizontal(|ui| {
            if ui.button("Remove the section").clicked() {
                self.remove_section(index);
                *answered = true;
            }
            if ui.button("Keep it").clicked() {
                *answered = true;
            }
        });
    }

    /// Asks before a result changes under later paired rounds: names each with its state,
    /// and offers to re-pair the last one when it is still a draft.
    fn later_rounds_question(
        &mut self,
        ui: &mut egui::Ui,
        edit: &Edit,
        round: u32,
        later: &[u32],
        out: &mut Vec<Command>,
        answered: &mut bool,
    ) {
        let t = self.tournament();
        let named: Vec<String> = later
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
        let last = later.last().copied().unwrap_or(round);
        let draft = (!t.is_published(last)).then_some(last);
        warning::heading(
            ui,
            WarningLevel::Confirm,
            &format!("Change a result of round {round}?"),
        );
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
                self.apply_edit(edit.clone());
                out.push(Command::PairRound {
                    round: draft,
                    repair: true,
                });
                *answered = true;
            }
            if ui.button("Change it").clicked() {
                self.apply_edit(edit.clone());
                *answered = true;
            }
            if ui.button("Keep the result").clicked() {
                *answered = true;
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
        self.import_check.want(&self.sections, self.revision, ctx);
        self.poll_writing(ctx);
        self.serve_launches(ctx);
        self.want_insight(ctx);
        if let Some(e) = self.autosaver.take_error() {
            self.error(format!("Autosave failed: {e}"));
        }
        if self.job.is_some() || self.insight_job.is_some() || self.writing.is_some() {
            // The elapsed time ticks; the result itself also asks for a repaint.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.quitting {
            if self.dirty {
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
        egui::Panel::top("menu").show(ui, |ui| self.menu(ui, &mut out));
        egui::Panel::top("sections").show(ui, |ui| {
            views::sections::show(ui, &self.sections, self.current, &mut out);
        });
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::Panel::left("navigation")
            .resizable(false)
            .default_size(170.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    let t = &self.sections[self.current];
                    let pending = self.event_form.is_pending(&t.event);
                    views::navigation::show(ui, t, self.view, pending, &mut out);
                });
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let t = &self.sections[self.current];
            match self.view {
                View::Event => views::event::show(ui, t, &mut self.event_form, &mut out),
                View::Players => {
                    views::players::show(ui, t, &mut self.players, &mut self.fide, &mut out)
                }
                View::Teams => views::teams::show(ui, t, &mut self.teams, &mut out),
                View::Round(round) => {
                    let pairing_here = self.pairing_section == self.current;
                    let progress = self
                        .job
                        .as_ref()
                        .filter(|_| pairing_here)
                        .map(|j| Progress {
                            round: j.round,
                            elapsed: j.elapsed(),
                        });
                    let insight = current_insight(&self.insight, round, self.revision);
                    let explaining = self.insight_job.as_ref().is_some_and(|j| j.round == round);
                    views::round::show(
                        ui,
                        t,
                        round,
                        progress,
                        insight,
                        explaining,
                        &mut self.round,
                        &mut out,
                    );
                }
                View::Standings => {
                    let shown = self.standings.get(t, self.revision, &ctx);
                    views::standings::show(ui, t, &shown);
                }
                View::Crosstable => {
                    let shown = self.standings.get(t, self.revision, &ctx);
                    views::crosstable::show(ui, &shown);
                }
                View::RatingChanges => {
                    let shown = self.standings.get(t, self.revision, &ctx);
                    views::ratings::show(ui, t, &shown);
                }
                View::Norms => {
                    let shown = self.standings.get(t, self.revision, &ctx);
                    views::norms::show(ui, t, &shown, &mut out);
                }
                View::Prizes => {
                    let shown = self.standings.get(t, self.revision, &ctx);
                    views::prizes::show(ui, t, &mut self.prizes, &shown, &mut out);
                }
            }
        });
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
