//! FIDE mode (FIDE C.02.03 7 and the acceptance checklist for tournament programs, as the
//! public trackers quote it: Q40-46, Q74, Q81, Q189, Q196): on by default for every event,
//! it holds the event to what FIDE allows. Leaving it is said twice, recorded in the TRF
//! as a `###` line with the round, and cannot be undone.

use serde::{Deserialize, Serialize};

use super::{Event, ScoringSystem, SystemId, Tournament};

/// Whether the event is run in FIDE mode.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FideMode {
    /// In FIDE mode (every event starts so).
    #[default]
    On,
    /// Left, for good: in which round (the last one paired then; 0 before round 1),
    /// when (UTC) and why.
    Left {
        round: u32,
        when: String,
        reason: String,
    },
}

/// The `###` line that records leaving: `FIDE mode left @ Round 3: <reason> (<when>)`.
const LEFT: &str = " FIDE mode left @ Round ";

impl FideMode {
    /// In FIDE mode.
    pub fn is_on(&self) -> bool {
        *self == FideMode::On
    }

    /// The TRF-2026 comment (without `###`) that records leaving; `None` in FIDE mode.
    pub fn comment(&self) -> Option<String> {
        match self {
            FideMode::On => None,
            FideMode::Left {
                round,
                when,
                reason,
            } => Some(format!("{LEFT}{round}: {reason} ({when})")),
        }
    }

    /// Reads the comment [`FideMode::comment`] writes.
    pub fn from_comment(comment: &str) -> Option<FideMode> {
        let rest = comment.strip_prefix(LEFT)?;
        let (round, rest) = rest.split_once(": ")?;
        let (reason, when) = rest.strip_suffix(')')?.rsplit_once(" (")?;
        Some(FideMode::Left {
            round: round.trim().parse().ok()?,
            when: when.to_string(),
            reason: reason.to_string(),
        })
    }
}

/// What FIDE mode refuses, with the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FideModeRefusal {
    #[error(
        "FIDE mode: only the results of the round being played and of the one before it can \
         change (round {round}; the last round paired is {last}; checklist Q189). Leave FIDE \
         mode (Event page) to correct an older round"
    )]
    OldResult { round: u32, last: u32 },
    #[error(
        "FIDE mode: players who must not meet are set before round 1 (checklist Q194-196); \
         round 1 is paired"
    )]
    ProhibitedPairingsAfterStart,
    #[error("FIDE mode: the scoring is fixed once round 1 is paired (checklist Q75-77, Q85-87)")]
    ScoringAfterStart,
    #[error(
        "FIDE mode: two draws ({draws}) would be worth more than a win and a loss ({decisive}); \
         FIDE refuses such a scoring (checklist Q74)"
    )]
    DrawsAboveDecisive { draws: String, decisive: String },
    #[error(
        "FIDE mode: the pairing-allocated bye ({pab}) would be worth more than a win ({win}) \
         (C.04.1 3; checklist Q81)"
    )]
    ByeAboveWin { pab: String, win: String },
}

/// Checklist Q74 and Q81: two draws are worth no more than a win and a loss, and the
/// pairing-allocated bye no more than a win of the pairing it stands for (a game; a match
/// of two games in the Double-Swiss system, C.04.5).
pub fn check_scoring(event: &Event) -> Result<(), FideModeRefusal> {
    let s: &ScoringSystem = &event.scoring;
    let draws = s.draw.tenths() * 2;
    let decisive = s.win.tenths() + s.loss.tenths();
    if draws > decisive {
        return Err(FideModeRefusal::DrawsAboveDecisive {
            draws: (s.draw + s.draw).to_string(),
            decisive: (s.win + s.loss).to_string(),
        });
    }
    let games = if event.system == Some(SystemId::DoubleSwiss) {
        2
    } else {
        1
    };
    let win = s.win.times(games);
    if s.pab.tenths() > win.tenths() {
        return Err(FideModeRefusal::ByeAboveWin {
            pab: s.pab.to_string(),
            win: win.to_string(),
        });
    }
    Ok(())
}

impl Tournament {
    /// The last round with a pairing recorded (0 before round 1).
    pub fn last_paired_round(&self) -> u32 {
        (1..=self.rounds_recorded())
            .rev()
            .find(|&r| self.is_paired(r))
            .unwrap_or(0)
    }

    /// Leaves FIDE mode for good, in the last round paired, saying why.
    pub fn leave_fide_mode(&mut self, reason: &str, when: String) {
        if self.event.fide_mode.is_on() {
            self.event.fide_mode = FideMode::Left {
                round: self.last_paired_round(),
                when,
                reason: reason.trim().replace(['\n', '\r'], " "),
            };
        }
    }

    /// Whether FIDE mode lets a result of `round` change: only in the round being played
    /// and the one before it (checklist Q189).
    pub fn fide_mode_allows_result(&self, round: u32) -> Result<(), FideModeRefusal> {
        let last = self.last_paired_round();
        if self.event.fide_mode.is_on() && round + 1 < last {
            return Err(FideModeRefusal::OldResult { round, last });
        }
        Ok(())
    }

    /// Whether FIDE mode lets the event's settings become `new`: players who must not meet
    /// only before round 1 (Q196), the scoring fixed from round 1 (Q75-77) and sound
    /// (Q74, Q81).
    pub fn fide_mode_allows_event(&self, new: &Event) -> Result<(), FideModeRefusal> {
        if !self.event.fide_mode.is_on() {
            return Ok(());
        }
        let started = self.is_paired(1);
        if started && new.forbidden_pairs != self.event.forbidden_pairs {
            return Err(FideModeRefusal::ProhibitedPairingsAfterStart);
        }
        if new.scoring != self.event.scoring {
            if started {
                return Err(FideModeRefusal::ScoringAfterStart);
            }
            check_scoring(new)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, Player, Points};

    fn paired(rounds: u32) -> Tournament {
        let mut t = Tournament {
            players: (1..=4)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        for round in 1..=rounds {
            t.record_pairing(round, &[[1, 2], [3, 4]], None);
            t.round_records[round as usize - 1].published = true;
            for [w, b] in [[1, 2], [3, 4]] {
                t.set_board_result(round, w, b, BoardResult::Draw)
                    .expect("board");
            }
        }
        t
    }

    #[test]
    fn leaving_is_written_and_read_back_as_a_comment() {
        let mut t = paired(3);
        assert!(t.event.fide_mode.is_on());
        t.leave_fide_mode(
            "club rules: results of round 1 corrected",
            "2026-11-26T10:00:00Z".into(),
        );
        let comment = t.event.fide_mode.comment().expect("left");
        assert_eq!(
            comment,
            " FIDE mode left @ Round 3: club rules: results of round 1 corrected (2026-11-26T10:00:00Z)"
        );
        assert_eq!(
            FideMode::from_comment(&comment),
            Some(t.event.fide_mode.clone())
        );
        assert_eq!(FideMode::from_comment(" something else"), None);
        // Leaving twice keeps the first record.
        let first = t.event.fide_mode.clone();
        t.leave_fide_mode("again", "later".into());
        assert_eq!(t.event.fide_mode, first);
    }

    #[test]
    fn only_the_last_two_rounds_results_change_in_fide_mode() {
        let mut t = paired(4);
        assert!(t.fide_mode_allows_result(4).is_ok());
        assert!(t.fide_mode_allows_result(3).is_ok());
        let refused = t.fide_mode_allows_result(2).expect_err("round 2 is old");
        assert!(refused.to_string().contains("Q189"), "{refused}");
        t.leave_fide_mode("test", "now".into());
        assert!(t.fide_mode_allows_result(1).is_ok());
    }

    #[test]
    fn prohibited_pairings_and_scoring_are_fixed_from_round_one() {
        let mut before = paired(0);
        let mut event = before.event.clone();
        event.scoring = ScoringSystem::from_win_draw_loss(
            Points::from_tenths(30),
            Points::from_tenths(10),
            Points::ZERO,
        );
        assert!(
            before.fide_mode_allows_event(&event).is_ok(),
            "3-1-0 before round 1"
        );
        let mut bad = event.clone();
        bad.scoring.draw = Points::from_tenths(20);
        let refused = before.fide_mode_allows_event(&bad).expect_err("4 > 3");
        assert!(refused.to_string().contains("Q74"), "{refused}");
        bad = event.clone();
        bad.scoring.pab = Points::from_tenths(40);
        assert!(matches!(
            before.fide_mode_allows_event(&bad),
            Err(FideModeRefusal::ByeAboveWin { .. })
        ));
        // A Double-Swiss PAB stands for a match: a game won and a game drawn is fine.
        let mut double = event.clone();
        double.system = Some(SystemId::DoubleSwiss);
        double.scoring = ScoringSystem::double_swiss(ScoringSystem::standard());
        assert!(before.fide_mode_allows_event(&double).is_ok());
        before.event = event.clone();
        let started = {
            let mut t = paired(1);
            t.event = event.clone();
            t
        };
        let mut changed = event.clone();
        changed.scoring = ScoringSystem::standard();
        assert_eq!(
            started.fide_mode_allows_event(&changed),
            Err(FideModeRefusal::ScoringAfterStart)
        );
        changed = event.clone();
        changed
            .forbidden_pairs
            .push(crate::tournament::ForbiddenGroup {
                players: vec![1, 2],
                first_round: Some(2),
                last_round: Some(5),
            });
        assert_eq!(
            started.fide_mode_allows_event(&changed),
            Err(FideModeRefusal::ProhibitedPairingsAfterStart)
        );
        assert!(before.fide_mode_allows_event(&changed).is_ok());
        let mut left = started.clone();
        left.leave_fide_mode("test", "now".into());
        assert!(left.fide_mode_allows_event(&changed).is_ok());
    }
}
