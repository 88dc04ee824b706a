//! The pairing-integrity log (the FIDE acceptance checklist's "pairing-integrity breaching
//! events", Q112-115, as the public trackers quote it): what the arbiter did that a
//! checker of the event should know, each written to the TRF-2026 report as one `###` line
//! `<Kind> @ Round <n>: <what> (<UTC time>)` and read back. Pairing overrides have their
//! own, fuller record ([`super::OverrideRecord`]); leaving FIDE mode is the event's mode
//! ([`super::FideMode`]).

use serde::{Deserialize, Serialize};

use super::Tournament;

/// What kind of event the log records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogKind {
    /// A result entered before was changed.
    Correction,
    /// A setting that decides pairings or standings changed after round 1 was paired (the
    /// tie-break list, the scoring, the number of rounds, the acceleration, the system).
    Configuration,
    /// The event was read from a TRF file.
    Import,
    /// A drawing of lots by the program, with its seed (the initial colour).
    Lots,
    /// Pairing numbers regenerated after round 1 (a late entry, C.04.2 C), old → new.
    Renumbering,
    /// A deprecated bye given in FIDE mode (a full-point bye; checklist Q177-179).
    Bye,
    /// A game adjourned, or an adjourned game given its result (checklist Q163).
    Adjournment,
    /// A warning of a manual pairing the arbiter overrode, with his reason (checklist
    /// Q66, Q69: `### MPA @ Round n: …`).
    ManualPairing,
    /// The event taken back to the state before a pairing-integrity-breaching event
    /// (checklist Q114).
    Revert,
    /// A player expelled, with the round and the reason (checklist Q197-198).
    Expulsion,
    /// A rating list applied to the players: which list, its date, every change
    /// (checklist Q134-137).
    Ratings,
}

impl LogKind {
    const ALL: [LogKind; 11] = [
        LogKind::Correction,
        LogKind::Configuration,
        LogKind::Import,
        LogKind::Lots,
        LogKind::Renumbering,
        LogKind::Bye,
        LogKind::Adjournment,
        LogKind::ManualPairing,
        LogKind::Revert,
        LogKind::Expulsion,
        LogKind::Ratings,
    ];

    /// The word the `###` line starts with.
    pub(crate) fn name(self) -> &'static str {
        match self {
            LogKind::Correction => "Correction",
            LogKind::Configuration => "Configuration",
            LogKind::Import => "Import",
            LogKind::Lots => "Lots",
            LogKind::Renumbering => "Renumbering",
            LogKind::Bye => "Bye",
            LogKind::Adjournment => "Adjournment",
            LogKind::ManualPairing => "MPA",
            LogKind::Revert => "Revert",
            LogKind::Expulsion => "Expulsion",
            LogKind::Ratings => "Rating lists",
        }
    }
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub kind: LogKind,
    /// The last round paired when it happened (0 before round 1).
    pub round: u32,
    /// What happened, in one line.
    pub detail: String,
    /// When (UTC, ISO 8601).
    pub(crate) when: String,
}

impl LogEntry {
    /// The TRF-2026 comment (without `###`): ` Correction @ Round 4: … (2026-11-26T10:00:00Z)`.
    pub(crate) fn comment(&self) -> String {
        format!(
            " {} @ Round {}: {} ({})",
            self.kind.name(),
            self.round,
            self.detail,
            self.when
        )
    }

    /// Reads the comment [`LogEntry::comment`] writes.
    pub(crate) fn from_comment(comment: &str) -> Option<LogEntry> {
        let rest = comment.strip_prefix(' ')?;
        let kind = LogKind::ALL
            .into_iter()
            .find(|k| rest.starts_with(&format!("{} @ Round ", k.name())))?;
        let rest = &rest[kind.name().len() + " @ Round ".len()..];
        let (round, rest) = rest.split_once(": ")?;
        let (detail, when) = rest.strip_suffix(')')?.rsplit_once(" (")?;
        Some(LogEntry {
            kind,
            round: round.trim().parse().ok()?,
            detail: detail.to_string(),
            when: when.to_string(),
        })
    }
}

impl Tournament {
    /// Records `detail` in the log, in the last round paired.
    pub(crate) fn log_event(&mut self, kind: LogKind, detail: &str, when: String) {
        self.log_event_in(kind, self.last_paired_round(), detail, when);
    }

    /// Records `detail` in the log, about `round`.
    pub(crate) fn log_event_in(&mut self, kind: LogKind, round: u32, detail: &str, when: String) {
        self.log.push(LogEntry {
            kind,
            round,
            detail: detail.replace(['\n', '\r'], " ").trim().to_string(),
            when,
        });
    }

    /// What changed between the event's settings and `new` that decides pairings or
    /// standings, in words (`tie-breaks BH,SB → SB,BH`); empty when nothing did.
    pub(crate) fn configuration_changes(&self, new: &super::Event) -> Vec<String> {
        let old = &self.event;
        let mut changes = Vec::new();
        if old.tiebreaks != new.tiebreaks {
            let list = |l: &[String]| match l.join(",") {
                list if list.is_empty() => "(none)".to_string(),
                list => list,
            };
            changes.push(format!(
                "tie-breaks {} → {}",
                list(&old.tiebreaks),
                list(&new.tiebreaks)
            ));
        }
        if old.unrated_tiebreak_rating != new.unrated_tiebreak_rating {
            let r = |r: Option<u16>| r.map_or("left out".to_string(), |r| r.to_string());
            changes.push(format!(
                "unrated players in rating tie-breaks {} → {}",
                r(old.unrated_tiebreak_rating),
                r(new.unrated_tiebreak_rating)
            ));
        }
        if old.rounds != new.rounds {
            let n = |r: Option<u32>| r.map_or("not set".to_string(), |r| r.to_string());
            changes.push(format!("rounds {} → {}", n(old.rounds), n(new.rounds)));
        }
        if old.scoring != new.scoring {
            let s =
                |s: &super::ScoringSystem| format!("{}-{}-{} PAB {}", s.win, s.draw, s.loss, s.pab);
            changes.push(format!("scoring {} → {}", s(&old.scoring), s(&new.scoring)));
        }
        if old.acceleration != new.acceleration {
            changes.push("acceleration changed".to_string());
        }
        if old.system != new.system {
            let n = |s: Option<super::SystemId>| s.map_or("not set", |s| s.title());
            changes.push(format!("system {} → {}", n(old.system), n(new.system)));
        }
        if old.forbidden_pairs != new.forbidden_pairs {
            changes.push("players who must not meet changed".to_string());
        }
        if (&old.rating_method, old.unlisted_rating) != (&new.rating_method, new.unlisted_rating) {
            changes.push(format!(
                "rating method {} → {}",
                old.rating_method_words(),
                new.rating_method_words()
            ));
        }
        changes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_line() {
        for kind in LogKind::ALL {
            let entry = LogEntry {
                kind,
                round: 4,
                detail: "board 3-7: 1-0 → ½-½ (scoresheet)".into(),
                when: "2026-11-26T10:00:00Z".into(),
            };
            let line = entry.comment();
            assert!(line.starts_with(&format!(" {} @ Round 4: ", kind.name())));
            assert_eq!(LogEntry::from_comment(&line), Some(entry));
        }
        assert_eq!(LogEntry::from_comment(" a comment"), None);
        assert_eq!(LogEntry::from_comment(" Import @ Round x: y (z)"), None);
    }

    #[test]
    fn configuration_changes_are_said_in_words() {
        let t = Tournament::default();
        let mut new = t.event.clone();
        assert!(t.configuration_changes(&new).is_empty());
        new.tiebreaks = vec!["BH".into(), "SB".into()];
        new.rounds = Some(9);
        assert_eq!(
            t.configuration_changes(&new),
            ["tie-breaks (none) → BH,SB", "rounds not set → 9"]
        );
        new.unrated_tiebreak_rating = Some(1000);
        assert_eq!(
            t.configuration_changes(&new)[1],
            "unrated players in rating tie-breaks left out → 1000"
        );
    }
}
