//! The arbiter's exchange of two players' pairing numbers (checklist Q147-154, as the
//! public tracker Sharly Chess #2315 quotes them: manual pairing-number changes, with
//! Level 3/4 warnings). Pairing numbers follow the initial ranking (C.04.2 B); an
//! exchange puts two players against it, so it is warned of (Level 3 before round 1;
//! Level 4 once a round is paired, as the rounds already paired were paired with the old
//! numbers and every later pairing follows the new ones), refused while a draft is open
//! (it was paired with the present numbers), given a reason and logged
//! (`### Renumbering @ Round n: …`). Every reference to the two numbers is rewritten, as
//! [`Tournament::assign_pairing_numbers`] does.

use std::collections::HashMap;

use super::{Tournament, Warning, WarningLevel};

/// Why two pairing numbers cannot be exchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExchangeError {
    #[error("exchange two different pairing numbers ({0} twice)")]
    Same(u32),
    #[error("no player number {0}")]
    NoPlayer(u32),
    #[error(
        "round {round} is a draft paired with the present pairing numbers: publish or remove \
         it before exchanging numbers"
    )]
    DraftOpen { round: u32 },
    #[error("give the reason for exchanging pairing numbers; it goes in the report")]
    ReasonNeeded,
}

impl Tournament {
    /// Whether `a` and `b` can exchange their pairing numbers (the reason given).
    pub(crate) fn exchange_allowed(
        &self,
        a: u32,
        b: u32,
        reason: &str,
    ) -> Result<(), ExchangeError> {
        if a == b {
            return Err(ExchangeError::Same(a));
        }
        for id in [a, b] {
            if self.player(id).is_none() {
                return Err(ExchangeError::NoPlayer(id));
            }
        }
        if let Some(round) = self.draft_round() {
            return Err(ExchangeError::DraftOpen { round });
        }
        if reason.trim().is_empty() {
            return Err(ExchangeError::ReasonNeeded);
        }
        Ok(())
    }

    /// Exchanges the pairing numbers `a` and `b`, rewriting every reference, and logs it
    /// with the reason.
    pub(crate) fn exchange_pairing_numbers(
        &mut self,
        a: u32,
        b: u32,
        reason: &str,
        when: String,
    ) -> Result<(), ExchangeError> {
        self.exchange_allowed(a, b, reason)?;
        let name = |id| self.player(id).map_or_else(String::new, |p| p.name.clone());
        let detail = format!(
            "pairing numbers exchanged by the arbiter: {a} {} ↔ {b} {} (checklist Q147): {}",
            name(a),
            name(b),
            reason.trim()
        );
        self.renumber(&HashMap::from([(a, b), (b, a)]));
        self.log_event(super::LogKind::Renumbering, &detail, when);
        Ok(())
    }

    /// The warnings before `a` and `b` exchange numbers: refused (Level 5) when the model
    /// refuses it for another reason than the missing reason; Level 3 before round 1,
    /// Level 4 once a round is paired (Level 2 outside FIDE mode).
    pub(crate) fn exchange_warnings(&self, a: u32, b: u32) -> Vec<Warning> {
        if let Err(e) = self.exchange_allowed(a, b, "reason") {
            return vec![Warning::new(WarningLevel::Refuse, e.to_string())];
        }
        let last = self.last_paired_round();
        let level = match (self.event.fide_mode.is_on(), last) {
            (false, _) => WarningLevel::Acknowledge,
            (true, 0) => WarningLevel::Confirm,
            (true, _) => WarningLevel::ConfirmTwice,
        };
        let mut text = format!(
            "Pairing numbers {a} and {b} are exchanged: they no longer follow the initial \
             ranking (C.04.2 B; checklist Q147-154). The exchange and its reason are \
             recorded in the FIDE report."
        );
        if last > 0 {
            text.push_str(&format!(
                " Rounds 1-{last} were paired with the old numbers: every later round is \
                 paired with the new ones, and the pairings may differ from what the initial \
                 ranking gives."
            ));
        }
        vec![Warning::new(level, text)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{LogKind, Player};

    #[test]
    fn an_exchange_rewrites_every_reference_and_is_logged() {
        let mut t = Tournament::default();
        for id in 1..=4 {
            t.add_player(Player::new(id, format!("P{id}")))
                .expect("added");
        }
        assert_eq!(t.exchange_warnings(1, 4)[0].level, WarningLevel::Confirm);
        t.record_pairing(1, &[[1, 3], [4, 2]], None);
        assert!(matches!(
            t.exchange_pairing_numbers(1, 4, "why", "now".into()),
            Err(ExchangeError::DraftOpen { round: 1 })
        ));
        t.set_published(1, true).expect("published");
        assert_eq!(
            t.exchange_warnings(1, 4)[0].level,
            WarningLevel::ConfirmTwice
        );
        assert_eq!(
            t.exchange_pairing_numbers(1, 4, " ", "now".into()),
            Err(ExchangeError::ReasonNeeded)
        );
        assert_eq!(
            t.exchange_pairing_numbers(2, 2, "x", "now".into()),
            Err(ExchangeError::Same(2))
        );
        t.exchange_pairing_numbers(1, 4, "registration error", "now".into())
            .expect("exchanged");
        assert_eq!(t.player(1).map(|p| p.name.as_str()), Some("P4"));
        assert_eq!(t.player(4).map(|p| p.name.as_str()), Some("P1"));
        let boards: Vec<(u32, u32)> = t.boards(1).iter().map(|b| (b.white, b.black)).collect();
        assert_eq!(boards, [(4, 3), (1, 2)]);
        assert_eq!(t.check(), Ok(()));
        let entry = t.log.last().expect("logged");
        assert_eq!(entry.kind, LogKind::Renumbering);
        assert!(entry.detail.contains("1 P1 ↔ 4 P4"), "{}", entry.detail);
    }
}
