//! Restore points: the state of the event before each pairing-integrity-breaching event
//! (checklist Q114, as the public tracker Sharly Chess #2313 quotes it: the arbiter can
//! go back to the state before a PIBE). Every edit that writes the integrity log or
//! records an override keeps the tournament as it was before it, so that
//! [`Edit::RevertTo`](crate::document::Edit::RevertTo) gives it back, even after the
//! event was saved and opened again: the points are kept in the native file, never in
//! TRF.
//!
//! Bounded: at most [`RESTORE_POINTS`] points are kept, the oldest dropped first. Each
//! is one snapshot of the tournament without its own restore points (no nesting), shared
//! (`Arc`) between the copies the window's undo history takes, so that 200 undo steps
//! do not copy them.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{LogKind, Tournament};

/// How many restore points an event keeps (the oldest goes first).
pub const RESTORE_POINTS: usize = 16;

/// The state before one pairing-integrity-breaching event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestorePoint {
    /// Its number, from 1, never reused in the event.
    pub id: u32,
    /// The event in words (the edit that made it).
    pub what: String,
    /// The tournament just before it, without restore points.
    pub before: Arc<Tournament>,
}

/// Why a revert cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RevertError {
    #[error("no restore point {0} (the event keeps the last {RESTORE_POINTS})")]
    NoPoint(u32),
    #[error("give the reason for going back before a pairing-integrity-breaching event")]
    ReasonNeeded,
}

impl Tournament {
    /// Keeps `before` (the tournament before an accepted edit described as `what`) as a
    /// restore point when the edit was a pairing-integrity-breaching event: it wrote the
    /// integrity log or recorded an override.
    pub(crate) fn keep_restore_point(&mut self, mut before: Tournament, what: &str) {
        let logged = self.log.len() != before.log.len() || self.log.last() != before.log.last();
        let overridden = self.overrides.len() > before.overrides.len();
        if !logged && !overridden {
            return;
        }
        let id = self.restore_points.last().map_or(1, |p| p.id + 1);
        before.restore_points.clear();
        self.restore_points.push(RestorePoint {
            id,
            what: what.to_string(),
            before: Arc::new(before),
        });
        if self.restore_points.len() > RESTORE_POINTS {
            let extra = self.restore_points.len() - RESTORE_POINTS;
            self.restore_points.drain(..extra);
        }
    }

    /// Goes back to the state before restore point `id`, saying why: the tournament
    /// becomes what it was then, keeping every restore point (the revert can be reverted
    /// too) and FIDE mode left if it was (leaving is for good); the revert is logged.
    pub(crate) fn revert_to(
        &mut self,
        id: u32,
        reason: &str,
        when: String,
    ) -> Result<(), RevertError> {
        if reason.trim().is_empty() {
            return Err(RevertError::ReasonNeeded);
        }
        let point = self
            .restore_points
            .iter()
            .find(|p| p.id == id)
            .ok_or(RevertError::NoPoint(id))?;
        let what = point.what.clone();
        let mut restored = (*point.before).clone();
        restored.restore_points = std::mem::take(&mut self.restore_points);
        if !self.event.fide_mode.is_on() {
            restored.event.fide_mode = self.event.fide_mode.clone();
        }
        *self = restored;
        let detail = format!(
            "back to the state before restore point {id} ({what}): {}",
            reason.trim()
        );
        self.log_event(LogKind::Revert, &detail, when);
        Ok(())
    }

    /// The tournament as it is, without its restore points and the log entries after
    /// `log_len`: what a revert is compared with.
    #[cfg(test)]
    pub(crate) fn without_restore_points(&self, log_len: usize) -> Tournament {
        let mut t = self.clone();
        t.restore_points.clear();
        t.log.truncate(log_len);
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Player;

    #[test]
    fn only_pibes_keep_a_point_and_the_points_are_bounded() {
        let mut t = Tournament::default();
        t.add_player(Player::new(1, "A")).expect("added");
        let before = t.clone();
        t.event.name = "Open".into();
        t.keep_restore_point(before, "renamed");
        assert!(t.restore_points.is_empty(), "no PIBE");
        for k in 0..RESTORE_POINTS + 3 {
            let before = t.clone();
            t.log_event(LogKind::Configuration, &format!("change {k}"), "now".into());
            t.keep_restore_point(before, &format!("change {k}"));
        }
        assert_eq!(t.restore_points.len(), RESTORE_POINTS);
        assert_eq!(t.restore_points[0].id, 4, "the oldest went first");
        assert!(
            t.restore_points
                .iter()
                .all(|p| p.before.restore_points.is_empty()),
            "no nesting"
        );
        let err = t.revert_to(1, "why", "now".into()).expect_err("dropped");
        assert_eq!(err, RevertError::NoPoint(1));
        assert_eq!(
            t.revert_to(5, " ", "now".into()),
            Err(RevertError::ReasonNeeded)
        );
        let target = t.restore_points[1].before.clone();
        t.revert_to(5, "typo", "now".into()).expect("reverted");
        assert_eq!(t.without_restore_points(target.log.len()), *target);
        assert_eq!(t.log.last().map(|e| e.kind), Some(LogKind::Revert));
    }
}
