//! Expelled players (the FIDE checklist's Q197-198, as the public trackers quote them): a
//! state of its own, distinct from a withdrawal. An expelled player is not paired from the
//! round he is expelled from (he is withdrawn from it, as the pairing rules treat a player
//! who no longer takes part) and is left out of the Swiss standings, whose ranks close up
//! ([`crate::standings::compute`]). His games stay in the record: C.07 (2026) names no
//! rule of its own for an expelled player, so they count for his opponents as a withdrawn
//! player's do (C.07 16.1: every round after a withdrawal is a zero-point bye; 16.2.5 and
//! 16.3.2: his opponents see those rounds as draws).

use super::{LogKind, Tournament};

impl Tournament {
    /// Expels `player` from round `from` on, for `reason`, logged (`### Expulsion @ Round
    /// n: …`). Refused, changing nothing, without a reason, for an unknown or already
    /// expelled player, and for a round already paired (expel from the next one).
    pub(crate) fn expel(
        &mut self,
        player: u32,
        from: u32,
        reason: &str,
        when: String,
    ) -> Result<(), String> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err("give the reason for the expulsion; it goes in the report".into());
        }
        let Some(p) = self.player(player) else {
            return Err(format!("no player number {player}"));
        };
        if let Some(before) = p.expelled_from {
            return Err(format!(
                "player {player} is expelled already, from round {before}"
            ));
        }
        if from == 0 || self.is_paired(from) {
            return Err(format!(
                "round {from} is paired already: expel player {player} from round {} or later",
                self.last_paired_round() + 1
            ));
        }
        let mut changed = p.clone();
        changed.expelled_from = Some(from);
        changed.withdrawn_from = Some(changed.withdrawn_from.map_or(from, |w| w.min(from)));
        let name = changed.name.clone();
        self.change_player(changed, false)
            .map_err(|e| e.to_string())?;
        self.log_event(
            LogKind::Expulsion,
            &format!("{player} {name} expelled from round {from}: {reason}"),
            when,
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Player;

    #[test]
    fn an_expulsion_is_refused_for_a_paired_round_and_logged_otherwise() {
        let mut t = Tournament {
            players: (1..=4).map(|i| Player::new(i, format!("P{i}"))).collect(),
            ..Tournament::default()
        };
        t.record_pairing(1, &[[1, 2], [3, 4]], None);
        assert!(t.expel(2, 1, "cheating", "now".into()).is_err());
        assert!(t.expel(2, 2, " ", "now".into()).is_err());
        assert!(t.expel(9, 2, "cheating", "now".into()).is_err());
        t.expel(2, 2, "cheating", "now".into()).expect("expelled");
        let p = t.player(2).expect("player");
        assert_eq!((p.expelled_from, p.withdrawn_from), (Some(2), Some(2)));
        let entry = t.log.last().expect("logged");
        assert_eq!(entry.kind, LogKind::Expulsion);
        assert_eq!(entry.detail, "2 P2 expelled from round 2: cheating");
        assert!(t.expel(2, 3, "again", "now".into()).is_err());
    }
}
