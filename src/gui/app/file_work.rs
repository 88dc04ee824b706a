//! Files: opening, restoring an autosave, saving, exporting and printing (written on a
//! background thread, one at a time), and asking which file.

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::document::Document;
use crate::formats::trf::Dialect;

use super::super::command::{Command, FileAction};
use super::super::files;
use super::super::files::dialog::Asked;
use super::super::storage;
use super::super::views::View;
use super::super::views::path_prompt::{self, PathPrompt};
use super::super::worker::{FileJob, Job, Writing};
use super::ArbiterApp;
use super::questions::Question;
use super::section_views::SectionViews;

impl ArbiterApp {
    /// Restores an autosave that no running window owns: the event comes back with its
    /// file, its changes not saved (Save writes them there), and is kept in this window's
    /// own autosave before the leftover goes; one that cannot be read is set aside.
    pub(super) fn restore_autosave(&mut self, path: &Path) {
        match files::open_autosave(path) {
            Ok((sections, file)) => {
                self.replace(Document::new(sections, file, true));
                // Durable in this window's own autosave before the leftover
                // goes.
                self.autosaver.save(self.doc.sections(), self.doc.path());
                self.autosaver.flush();
                match self.autosaver.take_error() {
                    None => {
                        storage::discard(path);
                        match self.doc.path() {
                            Some(file) => self.info(format!(
                                "Unsaved work restored; Save writes it to {}",
                                file.display()
                            )),
                            None => self.info("Unsaved work restored; save it to a file"),
                        }
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

    /// Replaces the document (new, open, restore); the first section is shown, and
    /// everything that belonged to the old one (background work, questions about it,
    /// what the views held) goes.
    pub(super) fn replace(&mut self, document: Document) {
        // The venue network belongs to the event replaced.
        self.stop_venue();
        self.doc.replace(document);
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
        self.views = SectionViews::default();
        if !matches!(self.view, View::Event | View::Players | View::Teams) {
            self.view = View::Event;
        }
    }

    /// Opens a native or TRF file. A bad file leaves the open event as it was.
    pub fn open_path(&mut self, path: &Path) {
        match files::open(path) {
            Ok((sections, notes)) => {
                let trf = !files::is_native(path);
                let document = if trf {
                    let name = path.file_name().map_or_else(
                        || path.display().to_string(),
                        |n| n.to_string_lossy().into(),
                    );
                    Document::read_from_trf(sections, &name)
                } else {
                    Document::new(sections, Some(path.to_path_buf()), false)
                };
                self.replace(document);
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
                    self.document_changed();
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
        let sections = self.doc.sections().to_vec();
        self.saving = Some(sections.clone());
        self.venue_saving(&path);
        self.start_writing(Writing::Save, path, ctx, move |p| files::save(&sections, p));
    }

    /// Starts writing the tournament as TRF-2026.
    pub fn export_trf_to(&mut self, path: &Path, dialect: Dialect, ctx: &egui::Context) {
        let t = self.tournament().clone();
        let open_file = self.doc.path().map(Path::to_path_buf);
        self.start_writing(Writing::ExportTrf, path.to_path_buf(), ctx, move |p| {
            files::export_trf(&t, p, open_file.as_deref(), dialect)
        });
    }

    /// Starts writing a printable document of the sheet's default round to `path` (see
    /// [`ArbiterApp::print_round_to`]).
    pub fn print_to(&mut self, sheet: crate::print::Sheet, path: &Path, ctx: &egui::Context) {
        self.print_round_to(sheet, None, path, ctx);
    }

    /// Starts writing a printable document of `round` (`None`: the sheet's default) to
    /// `path` (PDF or HTML by its extension); it opens in the system's viewer when
    /// written. While the venue network runs, result slips carry their boards' QR codes.
    pub fn print_round_to(
        &mut self,
        sheet: crate::print::Sheet,
        round: Option<u32>,
        path: &Path,
        ctx: &egui::Context,
    ) {
        let t = self.tournament().clone();
        let open_file = self.doc.path().map(Path::to_path_buf);
        let section = self.doc.current_index();
        let codes = self
            .venue_board_codes()
            .filter(|_| sheet == crate::print::Sheet::Slips)
            .map(|(secret, url)| (section, secret, url));
        self.start_writing(Writing::Print, path.to_path_buf(), ctx, move |p| {
            files::export_sheet(&t, (sheet, round), p, open_file.as_deref(), codes)
        });
    }

    /// Writes on a background thread; one file at a time (a write still under way is
    /// waited for first).
    pub(super) fn start_writing(
        &mut self,
        what: Writing,
        path: PathBuf,
        ctx: &egui::Context,
        work: impl FnOnce(&Path) -> Result<Vec<String>, String> + Send + 'static,
    ) {
        self.finish_writing(ctx);
        match FileJob::write(what, path, self.doc.revision(), ctx, work) {
            Ok(job) => self.writing = Some(job),
            Err(e) => self.error(e),
        }
    }

    /// Whether a file is being written.
    pub fn is_writing(&self) -> bool {
        self.writing.is_some()
    }

    /// Waits for the file being written, if any, and reports it (before quitting, and
    /// for tests).
    pub fn finish_writing(&mut self, ctx: &egui::Context) {
        if let Some(job) = self.writing.take() {
            let revision = job.revision;
            self.written(revision, job.wait(), ctx);
        }
    }

    pub(super) fn poll_writing(&mut self, ctx: &egui::Context) {
        let Some(result) = self.writing.as_ref().and_then(FileJob::poll) else {
            return;
        };
        if let Some(job) = self.writing.take() {
            self.written(job.revision, result, ctx);
        }
    }

    /// A file is written (`revision`: the document's when the write started).
    pub(super) fn written(
        &mut self,
        revision: u64,
        result: Result<(Writing, PathBuf, Vec<String>), String>,
        ctx: &egui::Context,
    ) {
        match result {
            Ok((Writing::Save, path, _)) => {
                // Edits made while it was written are not in the file.
                let written = self.saving.take().unwrap_or_default();
                self.doc.saved(written, revision, path.clone());
                if self.doc.is_dirty() {
                    // Changed while it was written: the autosave names the new file.
                    self.autosaver.save(self.doc.sections(), self.doc.path());
                } else {
                    // Saved: the autosave goes (queued after any snapshot still being
                    // written; not waited for, which could take seconds on a big event).
                    self.autosaver.clear();
                }
                let _ = self.storage.add_recent(&path);
                self.info(format!("Saved {}", path.display()));
                self.venue_saved(&path);
                if let Some(then) = self.after_save.take() {
                    self.run(then, ctx);
                }
            }
            Ok((Writing::Print, path, _)) => {
                self.show_written(format!("Wrote {}", path.display()), &path, ctx);
            }
            Ok((Writing::Site, dir, pages)) => {
                let written = format!("Published {} to {}", pages.join(""), dir.display());
                self.show_written(written, &dir.join("index.html"), ctx);
            }
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

    /// Says `written` and opens `file` in the viewer; when no viewer opens it (none
    /// installed, or none for its type), the status bar says so after `written` (which
    /// says where the file is).
    fn show_written(&mut self, written: String, file: &Path, ctx: &egui::Context) {
        match files::open_in_viewer(file, &self.viewer) {
            Ok(None) => self.info(written),
            Ok(Some(mut child)) => {
                self.info(written.clone());
                let wait = move || child.wait().map_err(|e| e.to_string());
                match Job::spawn("viewer".into(), 0, self.doc.revision(), ctx, wait) {
                    Ok(job) => self.viewing = Some(Viewing { written, job }),
                    Err(e) => self.info(no_viewer(&written, &e)),
                }
            }
            Err(e) => self.info(no_viewer(&written, &e)),
        }
    }

    /// The viewer's answer: a failure is said (see [`ArbiterApp::show_written`]).
    pub(super) fn poll_viewer(&mut self) {
        let Some(result) = self.viewing.as_ref().and_then(|v| v.job.poll()) else {
            return;
        };
        let Some(viewing) = self.viewing.take() else {
            return;
        };
        match result {
            Ok(status) if status.success() => {}
            Ok(status) => self.info(no_viewer(
                &viewing.written,
                &format!("the viewer ended with {status}"),
            )),
            Err(e) => self.info(no_viewer(&viewing.written, &e)),
        }
    }

    /// Sets what opens printed documents (tests: a program that is not there).
    pub fn set_viewer(&mut self, viewer: files::Viewer) {
        self.viewer = viewer;
    }

    pub(super) fn file_stem(&self) -> String {
        let name = self.tournament().event.name.trim();
        if name.is_empty() {
            "event".into()
        } else {
            name.replace(['/', '\\', ':'], "-")
        }
    }

    /// Asks for the file of `action`: in the system's dialog, or by its path where no
    /// dialog can be shown (said in the prompt, with what to install) and in tests.
    pub(super) fn ask_file(&mut self, action: FileAction, ctx: &egui::Context) {
        let name = match action {
            FileAction::Print(sheet, round) => {
                format!(
                    "{} {}",
                    self.file_stem(),
                    sheet.file_name(self.tournament(), round)
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
            let folder = self
                .doc
                .path()
                .and_then(Path::parent)
                .filter(|p| !p.as_os_str().is_empty());
            match files::dialog::ask(&action, folder, &name) {
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
        let folder = path_prompt::folder_of(self.doc.path());
        self.path_prompt = Some(PathPrompt::new(action, folder, &name, why));
    }
}

/// A viewer started on a written file: what the status bar said, and the wait for the
/// program's exit.
pub(super) struct Viewing {
    pub(super) written: String,
    pub(super) job: Job<std::process::ExitStatus, String>,
}

/// `written` (which says where the file is), and that no viewer opened it.
fn no_viewer(written: &str, why: &str) -> String {
    format!("{written}, but no viewer opened it ({why}): open it from its folder")
}
