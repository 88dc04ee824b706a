//! Undo and redo: a bounded stack of snapshots of the whole document (every section of
//! the event), taken before every edit. Snapshots are simple and exact; a 2000-player
//! event is a few hundred kilobytes.

use std::collections::VecDeque;

/// The undo and redo stacks of snapshots of a `T`.
#[derive(Debug)]
pub struct History<T> {
    undo: VecDeque<T>,
    redo: Vec<T>,
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

    /// Remembers the state before an edit; the redo stack is dropped.
    pub fn record(&mut self, before: T) {
        if self.undo.len() == self.limit {
            self.undo.pop_front();
        }
        self.undo.push_back(before);
        self.redo.clear();
    }

    /// Goes back one edit. Returns false when there is nothing to undo.
    pub fn undo(&mut self, current: &mut T) -> bool {
        match self.undo.pop_back() {
            Some(before) => {
                self.redo.push(std::mem::replace(current, before));
                true
            }
            None => false,
        }
    }

    /// Reapplies the last undone edit. Returns false when there is nothing to redo.
    pub fn redo(&mut self, current: &mut T) -> bool {
        match self.redo.pop() {
            Some(after) => {
                self.undo.push_back(std::mem::replace(current, after));
                true
            }
            None => false,
        }
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
        h.record(named("a"));
        h.record(named("b"));
        assert!(h.undo(&mut t));
        assert_eq!(t.event.name, "b");
        assert!(h.redo(&mut t));
        assert_eq!(t.event.name, "c");
        h.record(named("c"));
        assert!(!h.can_redo());
        assert!(h.undo(&mut t) && h.undo(&mut t));
        assert_eq!(t.event.name, "b", "the oldest step fell off");
        assert!(!h.undo(&mut t));
    }
}
