//! Undo and redo: a bounded stack of snapshots of the whole document (every section of
//! the event), taken before every edit, each with the edit's description (what Undo and
//! Redo say they did). Snapshots are simple and exact; a 2000-player event is a few
//! hundred kilobytes.

use std::collections::VecDeque;

/// The undo and redo stacks of snapshots of a `T`, each with the description of the step
/// it undoes or redoes.
#[derive(Debug)]
pub struct History<T> {
    undo: VecDeque<(T, String)>,
    redo: Vec<(T, String)>,
    limit: usize,
}

impl<T> History<T> {
    /// A history that keeps at most `limit` steps to undo.
    pub fn new(limit: usize) -> History<T> {
        History {
            undo: VecDeque::new(),
            redo: Vec::new(),
            limit: limit.max(1),
        }
    }

    /// Remembers the state before an edit, and the edit (`what`, its description); the
    /// redo stack is dropped.
    pub fn record(&mut self, before: T, what: String) {
        if self.undo.len() == self.limit {
            self.undo.pop_front();
        }
        self.undo.push_back((before, what));
        self.redo.clear();
    }

    /// Goes back one edit; returns its description, `None` when there is nothing to undo.
    pub fn undo(&mut self, current: &mut T) -> Option<String> {
        let (before, what) = self.undo.pop_back()?;
        self.redo
            .push((std::mem::replace(current, before), what.clone()));
        Some(what)
    }

    /// Reapplies the last undone edit; returns its description, `None` when there is
    /// nothing to redo.
    pub fn redo(&mut self, current: &mut T) -> Option<String> {
        let (after, what) = self.redo.pop()?;
        self.undo
            .push_back((std::mem::replace(current, after), what.clone()));
        Some(what)
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Forgets everything (a new or opened file).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Tournament;

    fn named(name: &str) -> Tournament {
        let mut t = Tournament::default();
        t.event.name = name.into();
        t
    }

    #[test]
    fn undo_redo_and_limit() {
        let mut h = History::new(2);
        let mut t = named("c");
        h.record(named("a"), "a to b".into());
        h.record(named("b"), "b to c".into());
        assert_eq!(h.undo(&mut t).as_deref(), Some("b to c"));
        assert_eq!(t.event.name, "b");
        assert_eq!(h.redo(&mut t).as_deref(), Some("b to c"), "the same step");
        assert_eq!(t.event.name, "c");
        h.record(named("c"), "c to d".into());
        assert!(!h.can_redo());
        assert_eq!(h.undo(&mut t).as_deref(), Some("c to d"));
        assert_eq!(h.undo(&mut t).as_deref(), Some("b to c"));
        assert_eq!(t.event.name, "b", "the oldest step fell off");
        assert!(h.undo(&mut t).is_none());
    }
}
