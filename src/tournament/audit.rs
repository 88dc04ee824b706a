//! The audit trail of pairing overrides: every change the arbiter makes to a round's
//! pairing (a published round's, or a draft's before it is published), with the engine's
//! pairing, the check's verdict and the reason given.
//! Kept in the native file and written to the FIDE report as TRF-2026 `###` comments.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::Tournament;

/// One override of a pairing: of a published round, or a draft edited by hand (a
/// manual pairing that differs from the program's is recorded in the report either way,
/// checklist Q68-69).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OverrideRecord {
    pub round: u32,
    /// When it was made (UTC, ISO 8601).
    pub time: String,
    /// What the arbiter changed, edit by edit (e.g. `swap 3 and 17`).
    pub changes: Vec<String>,
    /// The engine's pairing and the published one, as `white-black … bye N`.
    pub engine: String,
    pub published: String,
    /// The check of the published pairing: absolute criteria, and the first criterion
    /// on which it is worse than the engine's.
    pub verdict: String,
    /// The arbiter's reason.
    pub reason: String,
    /// The Level 3 warnings of the pairing the arbiter overrode, each as
    /// [`Tournament::manual_pairing_issues`] words it (checklist Q66): in FIDE mode the
    /// edit is refused while one is missing; each is logged (`### MPA @ Round n: …`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub acknowledged: Vec<String>,
}

impl OverrideRecord {
    /// Before it is published: the engine's pairing shown beside the arbiter's, with the
    /// check, at level 4 (checklist Q68-69: a manual pairing that differs from the
    /// program's is confirmed twice and recorded in the report).
    pub(crate) fn warning(&self) -> super::Warning {
        super::Warning::new(
            super::WarningLevel::ConfirmTwice,
            format!(
                "Round {} is published as the arbiter paired it, not as the rules give it. The \
                 pairing the rules give: {}. Published: {}. Check: {}. The override, with the \
                 reason, is recorded in the FIDE report.",
                self.round, self.engine, self.published, self.verdict
            ),
        )
    }

    /// The record as one TRF comment line (without the `###`).
    pub(crate) fn comment(&self) -> String {
        let one_line = |s: &str| s.replace(['\n', '\r'], " ");
        format!(
            " override of round {} at {}: {}; engine {}; published {}; check: {}; reason: {}",
            self.round,
            self.time,
            one_line(&self.changes.join(", ")),
            self.engine,
            self.published,
            one_line(&self.verdict),
            one_line(&self.reason)
        )
    }

    /// Reads the line [`OverrideRecord::comment`] writes (the changes come back as one
    /// text when one of them held a comma).
    pub(crate) fn from_comment(comment: &str) -> Option<OverrideRecord> {
        let rest = comment.strip_prefix(" override of round ")?;
        let (round, rest) = rest.split_once(" at ")?;
        let (time, rest) = rest.split_once(": ")?;
        let (changes, rest) = rest.split_once("; engine ")?;
        let (engine, rest) = rest.split_once("; published ")?;
        let (published, rest) = rest.split_once("; check: ")?;
        let (verdict, reason) = rest.rsplit_once("; reason: ")?;
        Some(OverrideRecord {
            round: round.parse().ok()?,
            time: time.to_string(),
            changes: changes.split(", ").map(String::from).collect(),
            engine: engine.to_string(),
            published: published.to_string(),
            verdict: verdict.to_string(),
            reason: reason.to_string(),
            acknowledged: Vec::new(),
        })
    }
}

/// `time` as `YYYY-MM-DDTHH:MM:SSZ` (UTC).
pub(crate) fn utc_timestamp(time: SystemTime) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Civil date from days since 1970-01-01 (proleptic Gregorian calendar).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

impl Tournament {
    /// Replaces the pairing of a round by the arbiter's and logs the override. Results
    /// already entered on boards that stay the same are kept; a published round stays
    /// published, a draft stays a draft.
    pub(crate) fn apply_override(
        &mut self,
        boards: &[[u32; 2]],
        bye: Option<u32>,
        record: OverrideRecord,
    ) {
        let round = record.round;
        self.apply_override_with(record, |t| t.record_pairing(round, boards, bye));
    }

    /// Replaces the pairing of a round as `record_pairing` records the arbiter's
    /// (players' boards, or a team pairing with its line-ups), keeps the results already
    /// entered on boards that stay the same, keeps the round published or a draft as it
    /// was and logs the override.
    pub fn apply_override_with(
        &mut self,
        record: OverrideRecord,
        record_pairing: impl FnOnce(&mut Tournament),
    ) {
        let round = record.round;
        let published = self.is_published(round);
        // A draft's earlier hand edits stay with it (recording the pairing drops them).
        let mut hand_edits = if published {
            Vec::new()
        } else {
            self.take_draft_overrides(round)
        };
        let before = self.boards(round);
        record_pairing(self);
        for b in before {
            // A board that no longer exists refuses its result: only kept boards get it.
            let _ = self.set_board_result(round, b.white, b.black, b.result);
        }
        if published {
            let _ = self.set_published(round, true);
            self.overrides.push(record);
        } else {
            hand_edits.push(record);
            self.round_record_mut(round).hand_edits = hand_edits.len() as u32;
            self.overrides.extend(hand_edits);
        }
    }

    /// Takes out the hand edits of a draft `round` (the last `RoundRecord::hand_edits`
    /// overrides of that round): when its pairing is removed or paired again they go
    /// with it, as they changed a pairing that is no longer there. A published round's
    /// overrides stay: the players saw them.
    pub(crate) fn take_draft_overrides(&mut self, round: u32) -> Vec<OverrideRecord> {
        if self.is_published(round) {
            return Vec::new();
        }
        let mut left = self.round_record(round).hand_edits as usize;
        if left == 0 {
            return Vec::new();
        }
        self.round_record_mut(round).hand_edits = 0;
        let mut taken = Vec::new();
        let mut kept = Vec::with_capacity(self.overrides.len());
        for o in std::mem::take(&mut self.overrides).into_iter().rev() {
            if left > 0 && o.round == round {
                left -= 1;
                taken.push(o);
            } else {
                kept.push(o);
            }
        }
        kept.reverse();
        taken.reverse();
        self.overrides = kept;
        taken
    }

    /// Whether a change to `round`'s pairing by hand needs the arbiter's reason: an
    /// override of a published pairing always (the players saw the other one), a draft's
    /// hand edit in FIDE mode (checklist Q66: a manual change is logged with its reason).
    pub fn override_needs_reason(&self, round: u32) -> bool {
        self.is_published(round) || self.event.fide_mode.is_on()
    }

    /// The latest hand edit of `round`'s pairing while it is a draft: publishing it
    /// publishes a pairing that is not the program's, which the arbiter confirms
    /// (checklist Q68-69).
    pub(crate) fn draft_override(&self, round: u32) -> Option<&OverrideRecord> {
        if !self.is_paired(round) || self.is_published(round) {
            return None;
        }
        if self.round_record(round).hand_edits == 0 {
            return None;
        }
        self.overrides.iter().rev().find(|o| o.round == round)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, Player};
    use std::time::Duration;

    #[test]
    fn timestamps_are_utc_iso_8601() {
        let at = |s| utc_timestamp(UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(at(1_795_269_845), "2026-11-21T14:04:05Z");
    }

    /// Four players, round 1 paired 1-3 4-2 and published.
    fn round_one_published() -> Tournament {
        let mut t = Tournament::default();
        for id in 1..=4 {
            t.add_player(Player::new(id, format!("P{id}")))
                .expect("new id");
        }
        t.record_pairing(1, &[[1, 3], [4, 2]], None);
        t.set_published(1, true).expect("paired");
        t
    }

    #[test]
    fn an_override_keeps_unchanged_results_and_is_logged() {
        let mut t = round_one_published();
        t.set_board_result(1, 1, 3, BoardResult::WhiteWins)
            .expect("board");
        let record = OverrideRecord {
            round: 1,
            time: "2026-11-21T14:04:05Z".into(),
            changes: vec!["colours of board 2".into()],
            engine: "1-3 4-2".into(),
            published: "1-3 2-4".into(),
            verdict: "absolute criteria met".into(),
            reason: "arbiter's\\ndecision".replace("\\n", "\n"),
            acknowledged: Vec::new(),
        };
        t.apply_override(&[[1, 3], [2, 4]], None, record);
        let boards = t.boards(1);
        assert_eq!(boards[0].result, BoardResult::WhiteWins);
        assert_eq!((boards[1].white, boards[1].black), (2, 4));
        assert!(t.is_published(1));
        assert_eq!(t.overrides.len(), 1);
        let line = t.overrides[0].comment();
        assert!(!line.contains('\n'));
        assert!(line.contains("reason: arbiter's decision"), "{line}");
    }

    fn record(round: u32, change: &str) -> OverrideRecord {
        OverrideRecord {
            round,
            changes: vec![change.into()],
            ..OverrideRecord::default()
        }
    }

    #[test]
    fn a_drafts_hand_edits_stay_a_draft_and_go_with_its_pairing() {
        // Round 1, published and overridden: that record is the players' history.
        let mut t = round_one_published();
        t.apply_override(&[[1, 3], [2, 4]], None, record(1, "published"));
        // Round 2, a draft edited twice by hand: it stays a draft, both edits kept.
        t.record_pairing(2, &[[1, 2], [3, 4]], None);
        t.apply_override(&[[2, 1], [3, 4]], None, record(2, "first"));
        t.apply_override(&[[2, 1], [4, 3]], None, record(2, "second"));
        assert!(!t.is_published(2), "a hand edit keeps the draft a draft");
        assert_eq!(t.round_record(2).hand_edits, 2);
        assert_eq!(
            t.draft_override(2).map(|o| o.changes[0].as_str()),
            Some("second")
        );
        assert_eq!(t.draft_override(1), None, "round 1 is published");
        // Paired again: the draft's edits go, round 1's override stays.
        t.record_pairing(2, &[[1, 2], [3, 4]], None);
        let kept: Vec<&str> = t.overrides.iter().map(|o| o.changes[0].as_str()).collect();
        assert_eq!(kept, ["published"]);
        assert_eq!(t.draft_override(2), None);
        // Edited, then published: the record stays, as the published round's.
        t.apply_override(&[[2, 1], [3, 4]], None, record(2, "kept"));
        t.set_published(2, true).expect("paired");
        assert_eq!(t.draft_override(2), None);
        t.record_pairing(2, &[[1, 2], [3, 4]], None);
        assert_eq!(
            t.overrides.len(),
            2,
            "a published round's records stay: {:?}",
            t.overrides
        );
    }
}
