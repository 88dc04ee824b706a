//! The open event as a document: its sections, the file it belongs to, whether it has
//! changes not saved, and the history to undo them. Every change to an event, whoever
//! asks for it (the window, the command line, the venue network), is an [`Edit`] that
//! goes through one door, [`Tournament::apply`](crate::tournament::Tournament::apply):
//! the rules are checked, the change is made, the record is checked for consistency
//! and the integrity log is written; a refused edit changes nothing. [`Document`] adds
//! what a file open in a program needs around it: an undo snapshot per edit, the dirty
//! flag and a revision that background work (pairing, explanations, autosave) compares
//! against. Nothing here knows a window.

mod apply;
mod edit;
mod error;
mod history;
mod warnings;

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::tournament::{LogKind, Tournament, utc_timestamp};

pub use apply::Applied;
pub use edit::{Edit, FoundPairing, RatingRefresh};
pub use error::EditError;
pub use history::History;
pub use warnings::LaterRounds;

/// How many edits can be undone.
const UNDO_LIMIT: usize = 200;

/// Every section of the event, with the index of the section a step changed.
type Snapshot = (usize, Vec<Tournament>);

/// The event open in the program: one or more sections (each a whole tournament, saved
/// in one file), the section shown, its file, and the undo history.
#[derive(Debug)]
pub struct Document {
    /// Never empty.
    sections: Vec<Tournament>,
    current: usize,
    path: Option<PathBuf>,
    dirty: bool,
    /// Counts changes, so that caches and background results know what they belong to.
    revision: u64,
    history: History<Snapshot>,
    /// The event as its file holds it (last opened or saved), to tell whether undoing
    /// has come back to it; `None` when the file's content is not known.
    clean: Option<Vec<Tournament>>,
}

impl Default for Document {
    fn default() -> Document {
        Document::new(vec![Tournament::default()], None, false)
    }
}

/// An undo or redo that was made: the section it changed (shown again), and the step in
/// words (the edit's description: "Round 3 pairing removed").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stepped {
    pub section: usize,
    pub what: String,
}

impl Document {
    /// A document of these sections (an empty list gives one empty section), read from
    /// `path` when given; `dirty` when it holds changes its file does not (a restored
    /// autosave).
    pub fn new(sections: Vec<Tournament>, path: Option<PathBuf>, dirty: bool) -> Document {
        let sections = if sections.is_empty() {
            vec![Tournament::default()]
        } else {
            sections
        };
        Document {
            clean: (!dirty).then(|| sections.clone()),
            sections,
            current: 0,
            path,
            dirty,
            revision: 0,
            history: History::new(UNDO_LIMIT),
        }
    }

    /// A document of the sections read from a TRF file named `name`: it belongs to no
    /// native file (changes not saved), and reading it is in each section's integrity
    /// log (checklist Q112).
    pub fn read_from_trf(mut sections: Vec<Tournament>, name: &str) -> Document {
        let when = utc_timestamp(SystemTime::now());
        for t in &mut sections {
            t.log_event(
                LogKind::Import,
                &format!("{name} read as TRF"),
                when.clone(),
            );
        }
        Document::new(sections, None, true)
    }

    /// Replaces the whole document (new, open, restore): the history goes, the revision
    /// moves on (background work for the old one is dropped).
    pub fn replace(&mut self, document: Document) {
        let revision = self.revision + 1;
        *self = Document {
            revision,
            ..document
        };
    }

    /// Every section.
    pub fn sections(&self) -> &[Tournament] {
        &self.sections
    }

    /// The section shown and edited.
    pub fn current(&self) -> &Tournament {
        &self.sections[self.current]
    }

    /// The index of the section shown.
    pub fn current_index(&self) -> usize {
        self.current
    }

    /// Shows another section; false when there is none at `index`.
    pub fn select(&mut self, index: usize) -> bool {
        if index < self.sections.len() {
            self.current = index;
            true
        } else {
            false
        }
    }

    /// The file the event was opened from or saved to.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Whether there are changes the file does not hold.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// The revision: changes with every change to the document.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Applies an edit to the section shown, as one undoable step.
    pub fn apply(&mut self, edit: Edit) -> Result<Applied, EditError> {
        self.apply_to(self.current, edit)
    }

    /// Applies an edit to a section, as one undoable step; a refused edit changes
    /// nothing.
    pub fn apply_to(&mut self, section: usize, edit: Edit) -> Result<Applied, EditError> {
        let mut applied = self.apply_all(vec![(section, edit)])?;
        Ok(applied.remove(0))
    }

    /// Applies edits to sections, in order, as one undoable step: all of them or, when
    /// one is refused, none (the document is then as it was).
    pub fn apply_all(&mut self, edits: Vec<(usize, Edit)>) -> Result<Vec<Applied>, EditError> {
        let Some(&(first, _)) = edits.first() else {
            return Ok(Vec::new());
        };
        let before = self.sections.clone();
        let mut applied: Vec<Applied> = Vec::with_capacity(edits.len());
        for (section, edit) in edits {
            let done = match self.sections.get_mut(section) {
                Some(t) => t.apply(edit),
                None => Err(EditError::NoSection(section)),
            };
            match done {
                Ok(a) => applied.push(a),
                Err(e) => {
                    self.sections = before;
                    return Err(e);
                }
            }
        }
        let what = applied
            .iter()
            .map(|a| a.summary.as_str())
            .collect::<Vec<_>>()
            .join("; ");
        self.history.record((first, before), what);
        self.changed();
        Ok(applied)
    }

    /// Adds a section with the settings of the one shown (place, dates, arbiters, system,
    /// rounds, scoring, tie-breaks), without its players, groups who must not meet or
    /// acceleration, and shows it (one undoable step).
    pub fn add_section(&mut self) -> usize {
        let mut event = self.current().event.clone();
        event.name = format!("Section {}", self.sections.len() + 1);
        event.forbidden_pairs.clear();
        event.acceleration = Default::default();
        self.history.record(
            (self.current, self.sections.clone()),
            format!("{} added", event.name),
        );
        self.sections.push(Tournament {
            event,
            ..Tournament::default()
        });
        self.current = self.sections.len() - 1;
        self.changed();
        self.current
    }

    /// Removes a section (one undoable step) and returns it; the last one stays.
    pub fn remove_section(&mut self, index: usize) -> Option<Tournament> {
        if self.sections.len() < 2 || index >= self.sections.len() {
            return None;
        }
        self.history.record(
            (index, self.sections.clone()),
            format!("Section {} removed", self.sections[index].section_name()),
        );
        let removed = self.sections.remove(index);
        if self.current > index || self.current == self.sections.len() {
            self.current = self.current.saturating_sub(1);
        }
        self.changed();
        Some(removed)
    }

    /// Goes back one step; the section it changed is shown.
    pub fn undo(&mut self) -> Option<Stepped> {
        self.step(History::undo)
    }

    /// Makes again the last step undone; the section it changed is shown.
    pub fn redo(&mut self) -> Option<Stepped> {
        self.step(History::redo)
    }

    /// Undoes or redoes one step (`step`: [`History::undo`] or [`History::redo`]).
    /// Leaving FIDE mode is for good: no step takes a section back into it.
    fn step(
        &mut self,
        step: fn(&mut History<Snapshot>, &mut Snapshot) -> Option<String>,
    ) -> Option<Stepped> {
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
        let what = stepped?;
        self.changed();
        Some(Stepped {
            section: self.current,
            what,
        })
    }

    /// Records that `written` (the sections as they were at `revision`) is now in the
    /// file at `path`: clean when nothing changed since.
    pub fn saved(&mut self, written: Vec<Tournament>, revision: u64, path: PathBuf) {
        self.clean = Some(written);
        if revision == self.revision {
            self.dirty = false;
        }
        self.path = Some(path);
    }

    /// Forgets the changes not saved, without undoing them: the arbiter chose to
    /// discard them before the document is replaced.
    pub fn discard_changes(&mut self) {
        self.dirty = false;
    }

    /// Marks a change: dirty unless the event is back to what its file holds (undone
    /// to the saved state), new revision.
    fn changed(&mut self) {
        self.current = self.current.min(self.sections.len().saturating_sub(1));
        self.dirty = self.clean.as_ref() != Some(&self.sections);
        self.revision += 1;
    }
}
