//! Captains' line-ups from the network. In a team event each captain hands in who plays
//! on which board of the round's match (C.04.6, Preface: players "can be substituted or
//! shifted between the various boards"; TRF-2026 `300`). A captain's code is scoped to
//! one team of one section; what it sends is checked against the event as it is now
//! (the round published, the match without results, the competition's board order:
//! [`Tournament::set_team_lineup`]) and always waits for the arbiter, who accepts it in
//! the window through the one door ([`Edit::SetLineup`]).

use std::io;

use crate::document::Edit;
use crate::tournament::Tournament;

use super::super::journal::Change;
use super::super::state::{LineupItem, Rights};
use super::super::submission::{LineupSubmission, Outcome, Reply};
use super::Venue;

impl Venue {
    /// Handles a captain's line-up: checks it, keeps it durably for the arbiter, answers.
    /// `now`: Unix seconds. A refused or failed submission changes nothing.
    pub fn submit_lineup(
        &mut self,
        sections: &[Tournament],
        sub: LineupSubmission,
        now: u64,
    ) -> Reply {
        if let Some(reply) = self.state.answer(&sub.key) {
            return reply.clone();
        }
        let item = match self.decide_lineup(sections, &sub, now) {
            Ok(Some(item)) => item,
            Ok(None) => {
                return Reply::new(
                    200,
                    Outcome::Unchanged,
                    "This is the team's line-up already.",
                );
            }
            Err(reply) => return reply,
        };
        let reply = Reply::new(
            202,
            Outcome::Queued,
            format!(
                "Line-up for round {} saved: the arbiter accepts it.",
                sub.round
            ),
        );
        let record = self.record(
            Some(sub.key),
            Some(reply.clone()),
            Change::LineupQueued(item),
        );
        match self.write(record) {
            Ok(()) => reply,
            Err(e) => Reply::new(
                503,
                Outcome::Failed,
                format!("Not saved ({e}); nothing changed: send it again."),
            ),
        }
    }

    /// The line-up to keep for the arbiter; `Ok(None)` when the team already has it.
    fn decide_lineup(
        &self,
        sections: &[Tournament],
        sub: &LineupSubmission,
        now: u64,
    ) -> Result<Option<LineupItem>, Reply> {
        let code = self.check_code(&sub.code, now)?;
        let Rights::Captain { team } = code.rights else {
            return Err(Reply::refused(
                403,
                "This code enters results; line-ups are handed in with a captain's code.",
            ));
        };
        if code.section != sub.section || team != sub.team {
            return Err(Reply::refused(
                403,
                "This code hands in the line-ups of another team.",
            ));
        }
        let t = sections
            .get(sub.section)
            .ok_or_else(|| Reply::refused(404, "No such section."))?;
        if !t.is_published(sub.round) {
            return Err(Reply::refused(
                409,
                format!(
                    "Round {} is not published: line-ups are handed in once its pairing is.",
                    sub.round
                ),
            ));
        }
        if let Err(e) = t.lineup_changeable(sub.round, sub.team) {
            return Err(Reply::refused(409, format!("Refused: {e}.")));
        }
        if t.team_lineup(sub.round, sub.team)
            .is_some_and(|l| l.boards == sub.players)
        {
            return Ok(None);
        }
        let edit = Edit::SetLineup {
            round: sub.round,
            team: sub.team,
            players: sub.players.clone(),
        };
        if let Err(e) = t.allows(&edit) {
            return Err(Reply::refused(422, format!("Refused: {e}.")));
        }
        Ok(Some(LineupItem {
            id: self.state.next_item,
            section: sub.section,
            round: sub.round,
            team: sub.team,
            players: sub.players.clone(),
            code: code.id,
            at: now,
        }))
    }

    /// The captains' line-ups waiting for the arbiter, oldest first; those of matches
    /// that can no longer change (a result entered since) are left out.
    pub fn lineups(&self, sections: &[Tournament]) -> Vec<LineupItem> {
        let mut out: Vec<LineupItem> = self
            .state
            .lineups
            .iter()
            .filter(|l| {
                sections
                    .get(l.section)
                    .is_some_and(|t| t.lineup_changeable(l.round, l.team).is_ok())
            })
            .cloned()
            .collect();
        out.sort_by_key(|l| (l.at, l.id));
        out
    }

    /// The arbiter accepted (through the one door) or dismissed a line-up: it leaves the
    /// queue, durably.
    pub fn resolve_lineup(&mut self, id: u64) -> io::Result<()> {
        let record = self.record(None, None, Change::LineupResolved { id });
        self.write(record)
    }

    /// The edit that accepts a line-up.
    pub fn lineup_edit(item: &LineupItem) -> Edit {
        Edit::SetLineup {
            round: item.round,
            team: item.team,
            players: item.players.clone(),
        }
    }
}

#[cfg(test)]
mod tests;
