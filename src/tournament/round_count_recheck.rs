//! The re-check of the last round paired when the number of rounds changes so that it
//! switches between the final round and a round before it (checklist Q60-61, as the
//! public tracker Sharly Chess #2308 quotes them): the rules of the last round differ
//! (e.g. C.04.3 A.7 and the colour criteria for top scorers), so the model pairs that
//! round again with the engine under the new number of rounds and compares it with the
//! pairing recorded, as `swiss-arbiter check` does ([`crate::conformance::check_round`]).
//! When they differ the arbiter gets a Level 3 warning and the event's integrity log a
//! `### Configuration @ Round n: …` line.

use crate::conformance::{RoundVerdict, check_round};

use super::{Event, Tournament, Warning, WarningLevel};

/// The re-check of the last round paired under a new number of rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastRoundRecheck {
    pub round: u32,
    /// Whether the pairing recorded is no longer what the rules give.
    pub differs: bool,
    /// The outcome in words.
    pub text: String,
}

impl Tournament {
    /// Re-checks the last round paired when `new`'s number of rounds makes it switch
    /// between final and not final; `None` when it does not switch (or no round is paired,
    /// or the event is a team event, whose check needs line-ups).
    pub fn recheck_last_round(&self, new: &Event) -> Option<LastRoundRecheck> {
        let last = self.last_paired_round();
        let is_final = |rounds: Option<u32>| rounds == Some(last);
        if last == 0 || is_final(self.event.rounds) == is_final(new.rounds) {
            return None;
        }
        let mut changed = self.clone();
        changed.event.rounds = new.rounds;
        let check = check_round(&changed, changed.pairing_system(), last);
        let (differs, text) = match &check.verdict {
            RoundVerdict::Identical => (
                false,
                format!(
                    "round {last} re-checked with {} rounds: its pairing is still what the \
                     rules give",
                    rounds(new.rounds)
                ),
            ),
            RoundVerdict::Different { engine, recorded } => (
                true,
                format!(
                    "round {last} re-checked with {} rounds: the rules now give {}, the \
                     pairing is {} (checklist Q61)",
                    rounds(new.rounds),
                    engine.summary(),
                    recorded.summary()
                ),
            ),
            RoundVerdict::Error(e) => (
                true,
                format!(
                    "round {last} re-checked with {} rounds: the engine cannot pair it ({e})",
                    rounds(new.rounds)
                ),
            ),
        };
        Some(LastRoundRecheck {
            round: last,
            differs,
            text,
        })
    }

    /// The warning of the re-check: Level 3 when the pairing is no longer what the rules
    /// give (checklist Q61), Level 2 when it still is.
    pub(crate) fn recheck_warning(&self, new: &Event) -> Option<Warning> {
        let recheck = self.recheck_last_round(new)?;
        let (level, advice) = if recheck.differs {
            (
                WarningLevel::Confirm,
                " Re-pair it if it is still a draft, or override it; the re-check is \
                 recorded in the FIDE report.",
            )
        } else {
            (WarningLevel::Acknowledge, "")
        };
        Some(Warning::new(
            level,
            format!("Last round paired: {}.{advice}", recheck.text),
        ))
    }
}

fn rounds(r: Option<u32>) -> String {
    r.map_or_else(|| "no number of".to_string(), |r| r.to_string())
}
