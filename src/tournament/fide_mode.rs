//! FIDE mode (FIDE C.02.03 7 and the acceptance checklist for tournament programs, as the
//! public trackers quote it: Q40-46, Q74, Q81, Q189, Q196): on by default for every event,
//! it holds the event to what FIDE allows. Leaving it is said twice, recorded in the TRF
//! as a `###` line with the round, and cannot be undone.

use serde::{Deserialize, Serialize};

use super::{BoardResult, ByeKind, Event, Outcome, Points, ScoringSystem, SystemId, Tournament};
use super::{Warning, WarningLevel};

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
    pub(crate) fn comment(&self) -> Option<String> {
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
    pub(crate) fn from_comment(comment: &str) -> Option<FideMode> {
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
    #[error(
        "FIDE mode: the pairing-allocated bye ({pab}) must be worth what a pairing's games can \
         score ({scores}; checklist Q83-84)"
    )]
    ByeNotAScore { pab: String, scores: String },
    #[error("FIDE mode: the acceleration is fixed once round 1 is paired (checklist Q109-110)")]
    AccelerationAfterStart,
    #[error("FIDE mode: the pairing system is fixed once round 1 is paired (C.04.2; VCL.05)")]
    SystemAfterStart,
    #[error(
        "FIDE mode: the rating method is fixed once round 1 is paired: it decides the \
         tournament ratings and so the pairing numbers (C.04.2 B; checklist Q145)"
    )]
    RatingMethodAfterStart,
    /// A player's tournament rating taken from another list after round 1 (checklist
    /// Q128-129, Q145).
    #[error(
        "FIDE mode: the list a player's tournament rating comes from is fixed once round 1 \
         is paired, as the rating method is (C.04.2 B; checklist Q145)"
    )]
    RatingPickAfterStart,
}

/// Checklist Q74 and Q81: two draws are worth no more than a win and a loss, and the
/// pairing-allocated bye no more than a win of the pairing it stands for (a game; a match
/// of two games in the Double-Swiss system, C.04.5).
pub(crate) fn check_scoring(event: &Event) -> Result<(), FideModeRefusal> {
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
    let scores = pairing_scores(s, games);
    if !scores.contains(&s.pab) {
        let list: Vec<String> = scores.iter().map(Points::to_string).collect();
        return Err(FideModeRefusal::ByeNotAScore {
            pab: s.pab.to_string(),
            scores: list.join(", "),
        });
    }
    Ok(())
}

/// What one player can score in a pairing of `games` games (one; two in the Double-Swiss):
/// every sum of a win, a draw or a loss per game, highest first. With the standard scoring
/// and one game: 1, ½ and 0 (checklist Q83).
fn pairing_scores(s: &ScoringSystem, games: i32) -> Vec<Points> {
    let mut scores = vec![Points::ZERO];
    for _ in 0..games {
        scores = scores
            .iter()
            .flat_map(|&sum| [sum + s.win, sum + s.draw, sum + s.loss])
            .collect();
    }
    scores.sort_by(|a, b| b.cmp(a));
    scores.dedup();
    scores
}

impl Tournament {
    /// The last round with a pairing recorded (0 before round 1).
    pub(crate) fn last_paired_round(&self) -> u32 {
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
    pub(crate) fn fide_mode_allows_result(&self, round: u32) -> Result<(), FideModeRefusal> {
        let last = self.last_paired_round();
        if self.event.fide_mode.is_on() && round + 1 < last {
            return Err(FideModeRefusal::OldResult { round, last });
        }
        Ok(())
    }

    /// Whether FIDE mode lets `result` be entered on the board `white`-`black` of `round`:
    /// as [`Tournament::fide_mode_allows_result`], except that an adjourned game gets its
    /// result whenever it ends (checklist Q157-163).
    pub(crate) fn fide_mode_allows_board_result(
        &self,
        round: u32,
        white: u32,
        black: u32,
        result: BoardResult,
    ) -> Result<(), FideModeRefusal> {
        if self
            .adjournment_ended_by(round, white, black, result)
            .is_some()
        {
            return Ok(());
        }
        self.fide_mode_allows_result(round)
    }

    /// The warnings before `result` is entered on a board: refused at level 5 where FIDE
    /// mode does not allow it, confirmed at level 3 when an adjourned game ends other than
    /// drawn.
    pub(crate) fn result_warnings(
        &self,
        round: u32,
        white: u32,
        black: u32,
        result: BoardResult,
    ) -> Vec<Warning> {
        match self.fide_mode_allows_board_result(round, white, black, result) {
            Err(refusal) => vec![refusal.into()],
            Ok(()) => self.adjournment_result_warnings(round, white, black, result),
        }
    }

    /// Whether FIDE mode lets the event's settings become `new`: players who must not meet
    /// only before round 1 (Q196), the scoring fixed from round 1 (Q75-77) and sound
    /// (Q74, Q81).
    /// Whether FIDE mode lets a player's tournament rating come from another list now:
    /// only before round 1 (checklist Q128-129, Q145).
    pub(crate) fn fide_mode_allows_rating_pick(&self) -> Result<(), FideModeRefusal> {
        if self.event.fide_mode.is_on() && self.is_paired(1) {
            return Err(FideModeRefusal::RatingPickAfterStart);
        }
        Ok(())
    }

    pub(crate) fn fide_mode_allows_event(&self, new: &Event) -> Result<(), FideModeRefusal> {
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
        if started && new.acceleration != self.event.acceleration {
            return Err(FideModeRefusal::AccelerationAfterStart);
        }
        if started && new.system != self.event.system {
            return Err(FideModeRefusal::SystemAfterStart);
        }
        if started
            && (&new.rating_method, new.unlisted_rating)
                != (&self.event.rating_method, self.event.unlisted_rating)
        {
            return Err(FideModeRefusal::RatingMethodAfterStart);
        }
        Ok(())
    }

    /// The warnings before the event's settings become `new`: what FIDE mode refuses
    /// (level 5), and a level-4 warning for a change of the number of rounds (checklist
    /// Q57-61) or of the tie-break list (Q201-202) once round 1 is paired (both then
    /// logged, [`Tournament::configuration_changes`]).
    pub(crate) fn event_change_warnings(&self, new: &Event) -> Vec<Warning> {
        if let Err(refusal) = self.fide_mode_allows_event(new) {
            return vec![refusal.into()];
        }
        let last = self.last_paired_round();
        if last == 0 {
            return Vec::new();
        }
        let mut warnings = Vec::new();
        let old = &self.event;
        if new.rounds != old.rounds {
            let n = |r: Option<u32>| r.map_or("not set".to_string(), |r| r.to_string());
            let final_round = |r: Option<u32>| r == Some(last);
            let mut text = format!(
                "The number of rounds changes from {} to {} after round {last} was paired \
                 (checklist Q57-61). It is recorded in the FIDE report as a ### Configuration \
                 line.",
                n(old.rounds),
                n(new.rounds)
            );
            if final_round(old.rounds) != final_round(new.rounds) {
                text.push_str(&format!(
                    " Round {last} was paired {}; the rules for the last round differ (e.g. \
                     C.04.3 A.7, colours): check its pairing, and re-pair it if it is still a \
                     draft.",
                    if final_round(old.rounds) {
                        "as the last round"
                    } else {
                        "as a round before the last"
                    }
                ));
            }
            warnings.push(Warning::new(WarningLevel::ConfirmTwice, text));
            // The model re-checks the round itself (checklist Q60-61).
            warnings.extend(self.recheck_warning(new));
        }
        if new.tiebreaks != old.tiebreaks {
            let list = |l: &[String]| match l.join(", ") {
                l if l.is_empty() => "(none)".to_string(),
                l => l,
            };
            warnings.push(Warning::new(
                WarningLevel::ConfirmTwice,
                format!(
                    "The tie-break list announced before round 1 changes after round {last} \
                     (C.07; checklist Q201-202): {} becomes {}. The standings change for \
                     every round; the change is recorded in the FIDE report with the previous \
                     list.",
                    list(&old.tiebreaks),
                    list(&new.tiebreaks)
                ),
            ));
        }
        if (&new.rating_method, new.unlisted_rating) != (&old.rating_method, old.unlisted_rating) {
            warnings.push(Warning::new(
                WarningLevel::Confirm,
                format!(
                    "The rating method changes after round {last} (checklist Q145): {} becomes \
                     {}. The tournament ratings change, and the tie-breaks and prizes that read \
                     them; the pairing numbers stay. The change is recorded in the FIDE report.",
                    old.rating_method_words(),
                    new.rating_method_words()
                ),
            ));
        }
        warnings
    }

    /// The warnings before `round` is paired: games adjourned or to adjourn (Q159-160,
    /// Q168), and before round 1 whether every planned round can be paired (Q62).
    pub(crate) fn pairing_warnings(&self, round: u32) -> Vec<Warning> {
        let mut warnings = self.adjournment_warnings(round);
        if round == 1 {
            warnings.extend(self.round_count_warnings());
        }
        warnings
    }

    /// Before round 1 is paired: whether the planned rounds can all be paired (checklist
    /// Q62). No two players meet twice (C.04.1 b) and no one gets a second
    /// pairing-allocated bye (C.04.1 c), so n players can play at most n - 1 rounds (n
    /// rounds when n is odd, one bye each); a level-2 warning when more are planned.
    pub(crate) fn round_count_warnings(&self) -> Vec<Warning> {
        let Some(planned) = self.event.rounds else {
            return Vec::new();
        };
        let n = self
            .players
            .iter()
            .filter(|p| p.withdrawn_from != Some(1))
            .count() as u32;
        let most = if n.is_multiple_of(2) {
            n.saturating_sub(1)
        } else {
            n
        };
        if planned <= most {
            return Vec::new();
        }
        vec![Warning::new(
            WarningLevel::Acknowledge,
            format!(
                "{planned} rounds are planned, but {} can play at most {most} without \
                 two of them meeting twice or one getting a second bye (C.04.1; checklist \
                 Q62): the last rounds cannot be paired.",
                crate::plural::count(n as usize, "player")
            ),
        )]
    }

    /// The warnings before `player`'s requested bye in `round` becomes `bye`, in FIDE mode:
    /// a full-point bye is deprecated (level 2, logged; checklist Q177-179), a second
    /// half-point bye is confirmed (level 3; Q174).
    pub(crate) fn bye_warnings(
        &self,
        player: u32,
        round: u32,
        bye: Option<ByeKind>,
    ) -> Vec<Warning> {
        let Some(p) = self.player(player) else {
            return Vec::new();
        };
        if !self.event.fide_mode.is_on() {
            return Vec::new();
        }
        match bye {
            Some(ByeKind::Full) => vec![Warning::new(
                WarningLevel::Acknowledge,
                format!(
                    "A full-point bye for {} in round {round} is deprecated in FIDE-rated \
                     events (checklist Q177-179); it is recorded in the FIDE report.",
                    p.name
                ),
            )],
            Some(ByeKind::Half) => {
                let earlier: Vec<String> = (1..=p.results.len() as u32)
                    .filter(|&r| r != round && *p.outcome(r) == Outcome::Bye(ByeKind::Half))
                    .map(|r| r.to_string())
                    .collect();
                if earlier.is_empty() {
                    return Vec::new();
                }
                vec![Warning::new(
                    WarningLevel::Confirm,
                    format!(
                        "{} has a half-point bye already (round {}); check that the \
                         regulations allow another in round {round} (checklist Q174).",
                        p.name,
                        earlier.join(", ")
                    ),
                )]
            }
            _ => Vec::new(),
        }
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

    /// Q189 with Q157-163: an adjourned game gets its result whenever it ends, however
    /// old its round; any other result of that round is still refused.
    #[test]
    fn an_adjourned_game_of_an_old_round_gets_its_result() {
        let mut t = paired(4);
        t.set_board_result(1, 1, 2, BoardResult::Adjourned)
            .expect("board");
        assert_eq!(
            t.fide_mode_allows_board_result(1, 1, 2, BoardResult::WhiteWins),
            Ok(())
        );
        assert!(
            t.fide_mode_allows_board_result(1, 3, 4, BoardResult::WhiteWins)
                .is_err()
        );
        assert!(
            t.fide_mode_allows_board_result(1, 1, 2, BoardResult::Pending)
                .is_err(),
            "an adjournment is not taken back in an old round"
        );
        let warnings = t.result_warnings(1, 1, 2, BoardResult::BlackWins);
        assert_eq!(
            warnings.iter().map(|w| w.level).collect::<Vec<_>>(),
            [WarningLevel::Confirm],
            "rounds 2-4 were paired from it"
        );
        assert!(t.result_warnings(1, 1, 2, BoardResult::Draw).is_empty());
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

    #[test]
    fn the_bye_is_a_score_a_pairing_can_give() {
        let before = paired(0);
        let with_pab = |scoring: ScoringSystem, pab: i32| {
            let mut event = before.event.clone();
            event.scoring = ScoringSystem {
                pab: Points::from_tenths(pab),
                ..scoring
            };
            before.fide_mode_allows_event(&event)
        };
        let standard = ScoringSystem::standard();
        for pab in [10, 5, 0] {
            assert!(with_pab(standard, pab).is_ok(), "{pab} tenths (Q83)");
        }
        let refused = with_pab(standard, 3).expect_err("0.3 is no game's score");
        assert!(refused.to_string().contains("1.0, 0.5, 0.0"), "{refused}");
        let three = ScoringSystem::from_win_draw_loss(
            Points::from_tenths(30),
            Points::from_tenths(10),
            Points::ZERO,
        );
        assert!(with_pab(three, 10).is_ok(), "a draw's worth");
        assert!(matches!(
            with_pab(three, 20),
            Err(FideModeRefusal::ByeNotAScore { .. })
        ));
        let mut double = before.clone();
        double.event.system = Some(SystemId::DoubleSwiss);
        let double_swiss = ScoringSystem::double_swiss(standard);
        for (pab, fine) in [(15, true), (5, true), (20, true), (12, false)] {
            let mut event = double.event.clone();
            event.scoring = ScoringSystem {
                pab: Points::from_tenths(pab),
                ..double_swiss
            };
            assert_eq!(double.fide_mode_allows_event(&event).is_ok(), fine, "{pab}");
        }
    }

    #[test]
    fn acceleration_and_system_are_fixed_from_round_one() {
        for rounds in [0, 1] {
            let t = paired(rounds);
            let mut accelerated = t.event.clone();
            accelerated.acceleration.baku = true;
            let mut other = t.event.clone();
            other.system = Some(SystemId::Dubov);
            let started = rounds > 0;
            assert_eq!(
                t.fide_mode_allows_event(&accelerated),
                if started {
                    Err(FideModeRefusal::AccelerationAfterStart)
                } else {
                    Ok(())
                }
            );
            assert_eq!(
                t.fide_mode_allows_event(&other),
                if started {
                    Err(FideModeRefusal::SystemAfterStart)
                } else {
                    Ok(())
                }
            );
            let warnings = t.event_change_warnings(&accelerated);
            assert_eq!(
                warnings.iter().map(|w| w.level).collect::<Vec<_>>(),
                if started {
                    vec![WarningLevel::Refuse]
                } else {
                    vec![]
                }
            );
        }
    }

    #[test]
    fn rounds_and_tiebreaks_changed_after_round_one_are_confirmed_twice() {
        let mut t = paired(3);
        t.event.rounds = Some(5);
        let mut fewer = t.event.clone();
        fewer.rounds = Some(3);
        let warnings = t.event_change_warnings(&fewer);
        assert_eq!(
            warnings.len(),
            2,
            "with the re-check (Q60-61): {warnings:?}"
        );
        assert_eq!(warnings[0].level, WarningLevel::ConfirmTwice);
        assert!(warnings[1].text.contains("re-checked"), "{warnings:?}");
        assert!(warnings[0].text.contains("from 5 to 3"), "{warnings:?}");
        assert!(
            warnings[0].text.contains("as a round before the last"),
            "round 3 becomes the last: {warnings:?}"
        );
        let mut more = t.event.clone();
        more.rounds = Some(7);
        let warnings = t.event_change_warnings(&more);
        assert!(
            !warnings[0].text.contains("the last round differ"),
            "{warnings:?}"
        );
        let mut listed = t.event.clone();
        listed.tiebreaks = vec!["BH".into()];
        let warnings = t.event_change_warnings(&listed);
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].text.contains("Q201-202"), "{warnings:?}");
        assert!(
            paired(0).event_change_warnings(&listed).is_empty(),
            "before round 1"
        );
    }

    #[test]
    fn more_rounds_than_the_players_can_play_are_named_before_round_one() {
        let mut t = paired(0);
        assert!(t.round_count_warnings().is_empty(), "no rounds planned");
        for (rounds, warned) in [(3, false), (4, true)] {
            t.event.rounds = Some(rounds);
            assert_eq!(!t.round_count_warnings().is_empty(), warned, "{rounds}");
        }
        t.players.push(crate::tournament::Player::new(5, "P5"));
        t.event.rounds = Some(5);
        assert!(
            t.round_count_warnings().is_empty(),
            "five players, a bye each"
        );
        t.players[4].withdrawn_from = Some(1);
        let warning = t.round_count_warnings();
        assert!(
            warning[0].text.contains("4 players can play at most 3"),
            "{warning:?}"
        );
    }

    #[test]
    fn a_full_point_bye_is_acknowledged_and_a_second_half_point_bye_confirmed() {
        let mut t = paired(2);
        assert_eq!(
            t.bye_warnings(1, 3, Some(ByeKind::Full))
                .iter()
                .map(|w| w.level)
                .collect::<Vec<_>>(),
            [WarningLevel::Acknowledge]
        );
        assert!(t.bye_warnings(1, 3, Some(ByeKind::Half)).is_empty());
        t.set_requested_bye(1, 3, Some(ByeKind::Half)).expect("bye");
        assert!(
            t.bye_warnings(1, 3, Some(ByeKind::Half)).is_empty(),
            "the same one"
        );
        let second = t.bye_warnings(1, 4, Some(ByeKind::Half));
        assert_eq!(second.len(), 1);
        assert_eq!(second[0].level, WarningLevel::Confirm);
        assert!(second[0].text.contains("round 3"), "{second:?}");
        assert!(t.bye_warnings(1, 4, Some(ByeKind::Zero)).is_empty());
        t.leave_fide_mode("club event", "now".into());
        assert!(t.bye_warnings(1, 4, Some(ByeKind::Full)).is_empty());
    }
}
