//! Teams joining a team event (C.04.6), before round 1 or late, leaving it before they
//! have played, and withdrawing from it.
//!
//! C.04.6 (Preface) applies C.04.2 2.4–2.5 to teams: a late entry scores nothing for the
//! rounds it missed (unless the competition's rules say otherwise) and is paired from
//! the round it arrives in. C.04.6 leaves the initial order of teams to the competition
//! (C.04.2 2.1–2.3 do not apply to teams), and after round 1 every record of the event
//! (TRF-2026 `310`, `300`, `320`, the players' games) names teams and players by number:
//! a late team and its players take the next numbers, and no one is renumbered.

use super::{SystemId, Team, Tournament};

/// Why a team cannot be added or removed now. Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamEntryError {
    #[error("a team needs a name")]
    NoName,
    #[error("there is a team {0} already")]
    NameTaken(String),
    #[error(
        "round {round} is a draft paired without the new team: publish it (the team then plays from round {next}) or remove its pairing (the team then plays in round {round})",
        next = round + 1
    )]
    DraftOpen { round: u32 },
    #[error("there is no team number {team}")]
    NoTeam { team: u32 },
    #[error("team {team} has played: it can no longer be removed (withdraw it instead)")]
    HasPlayed { team: u32 },
    #[error(
        "round {round} is paired already: a team withdraws from a round not yet paired (round {next} or later; remove round {round}'s pairing first to withdraw it from that round)",
        next = round + 1
    )]
    RoundPaired { round: u32 },
    #[error("team {team} is not withdrawn from a round still to be paired")]
    NotWithdrawn { team: u32 },
    #[error("rounds are numbered from 1")]
    RoundZero,
}

impl Tournament {
    /// Adds a team with this name, no players yet and the next team number; the event
    /// becomes a team event paired with the Swiss Team system. After round 1 it is a late
    /// entry (C.04.6 Preface, C.04.2 2.4–2.5): it met no one in the rounds already paired
    /// (no match points, no game points: [`super::TeamOutcome::NotPaired`]) and is paired
    /// from [`Self::next_round`] on, with the players its roster gets (players on no team
    /// were recorded absent in the paired rounds; late entries are,
    /// [`Self::add_late_entry`]). Refused while a round is a draft: it was paired without
    /// the team. Returns the team's number.
    pub fn add_team(&mut self, name: &str) -> Result<u32, TeamEntryError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(TeamEntryError::NoName);
        }
        if self.teams.iter().any(|x| x.name.eq_ignore_ascii_case(name)) {
            return Err(TeamEntryError::NameTaken(name.to_string()));
        }
        if let Some(round) = self.draft_round() {
            return Err(TeamEntryError::DraftOpen { round });
        }
        let id = self.teams.iter().map(|x| x.id).max().unwrap_or(0) + 1;
        self.teams.push(Team::new(id, name, Vec::new()));
        if !self.event.system.is_some_and(SystemId::pairs_teams) {
            self.event.system = Some(SystemId::FideTeam);
        }
        Ok(id)
    }

    /// Removes a team that has not played yet (its players stay registered); the event
    /// is no team event any more when it was the last.
    pub(crate) fn remove_team(&mut self, team: u32) -> Result<(), TeamEntryError> {
        if self.team(team).is_none() {
            return Err(TeamEntryError::NoTeam { team });
        }
        if self.team_has_played(team) {
            return Err(TeamEntryError::HasPlayed { team });
        }
        self.teams.retain(|x| x.id != team);
        if self.teams.is_empty() && self.event.system.is_some_and(SystemId::pairs_teams) {
            self.event.system = None;
        }
        Ok(())
    }

    /// Withdraws a team from round `from` on: every player of its roster is withdrawn
    /// from that round, so the team has no players to field and is not paired again (it
    /// has no match, [`super::TeamOutcome::NotPaired`], as a withdrawn player has no game;
    /// C.04.6's Preface applies C.04.2 to teams). `from` must not be paired yet. A player
    /// already withdrawn from an earlier round keeps his round.
    pub(crate) fn withdraw_team(&mut self, team: u32, from: u32) -> Result<(), TeamEntryError> {
        let roster = self.roster_of(team)?;
        if from == 0 {
            return Err(TeamEntryError::RoundZero);
        }
        if self.is_paired(from) {
            return Err(TeamEntryError::RoundPaired { round: from });
        }
        for id in roster {
            if let Some(p) = self.player_mut(id) {
                p.withdrawn_from = Some(p.withdrawn_from.map_or(from, |w| w.min(from)));
            }
        }
        Ok(())
    }

    /// Takes back a team's withdrawal from a round not yet paired: its players withdrawn
    /// from such a round play again (a withdrawal that has taken effect in a paired round
    /// stays, as the rounds recorded say).
    pub(crate) fn cancel_team_withdrawal(&mut self, team: u32) -> Result<(), TeamEntryError> {
        let roster = self.roster_of(team)?;
        let next = self.next_round();
        let pending: Vec<u32> = roster
            .into_iter()
            .filter(|&id| {
                self.player(id)
                    .is_some_and(|p| p.withdrawn_from.is_some_and(|w| w >= next))
            })
            .collect();
        if pending.is_empty() {
            return Err(TeamEntryError::NotWithdrawn { team });
        }
        for id in pending {
            if let Some(p) = self.player_mut(id) {
                p.withdrawn_from = None;
            }
        }
        Ok(())
    }

    /// The round from which every player of a team is withdrawn (the latest of their
    /// rounds), if all are.
    pub fn team_withdrawn_from(&self, team: u32) -> Option<u32> {
        let team = self.team(team)?;
        team.players
            .iter()
            .map(|&id| self.player(id).and_then(|p| p.withdrawn_from))
            .collect::<Option<Vec<u32>>>()?
            .into_iter()
            .max()
    }

    fn roster_of(&self, team: u32) -> Result<Vec<u32>, TeamEntryError> {
        self.team(team)
            .map(|x| x.players.clone())
            .ok_or(TeamEntryError::NoTeam { team })
    }

    /// Whether a team has been in a paired round: a match (a game, or a board won for
    /// want of an opponent), the pairing-allocated bye or a recorded line-up. From then on
    /// its board order is fixed: players join its roster only at the end.
    pub(crate) fn team_has_played(&self, team: u32) -> bool {
        let Some(team) = self.team(team) else {
            return false;
        };
        !team.pairing_byes.is_empty()
            || !team.lineups.is_empty()
            || team
                .players
                .iter()
                .filter_map(|&p| self.player(p))
                .any(|p| p.results.iter().any(super::Outcome::holds_team_board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::PairingRequest;
    use crate::tournament::team_lineup::LineupError;
    use crate::tournament::{BoardResult, Colour, Outcome, Player, Points, TeamOutcome};

    /// Pairs `round` with the Swiss Team engine, records it and enters every board (White
    /// wins on odd boards of the list, draws on even ones).
    fn play(t: &mut Tournament, round: u32) -> crate::pairing::TeamPairing {
        let pairing = PairingRequest::new(t, SystemId::FideTeam, Some(round))
            .expect("a round to pair")
            .pair_teams()
            .expect("paired");
        pairing.record_into(t);
        for (i, b) in t.boards(round).into_iter().enumerate() {
            let result = if i % 2 == 0 {
                BoardResult::WhiteWins
            } else {
                BoardResult::Draw
            };
            t.set_board_result(round, b.white, b.black, result)
                .expect("board");
        }
        t.set_published(round, true).expect("paired");
        pairing
    }

    /// Four teams of four players (16 players), two rounds played.
    fn two_rounds_played() -> Tournament {
        let mut t = Tournament::default();
        for id in 1..=16 {
            t.players.push(Player::new(id, format!("P{id}")));
        }
        for i in 1..=4u32 {
            t.add_team(&format!("T{i}")).expect("team");
            t.teams[i as usize - 1].players = (4 * i - 3..=4 * i).collect();
        }
        t.event.rounds = Some(5);
        t.event.team_scoring.boards = 4;
        t.event.initial_colour = Some(Colour::White);
        play(&mut t, 1);
        play(&mut t, 2);
        t
    }

    /// A team arriving after round 2: its players take numbers 17–20 (no one is
    /// renumbered), are absent with 0 points in rounds 1 and 2, the team has no match
    /// and no points there, and the engine pairs it from round 3 on.
    fn late_team() -> Tournament {
        let mut t = two_rounds_played();
        let before: Vec<(u32, String)> = t.players.iter().map(|p| (p.id, p.name.clone())).collect();
        for k in 1..=4 {
            t.add_late_entry(Player::new(0, format!("Late {k}")), 3)
                .expect("late entry");
        }
        let id = t.add_team("Latecomers").expect("late team");
        assert_eq!(id, 5);
        t.teams[4].players = vec![17, 18, 19, 20];
        let now: Vec<(u32, String)> = t.players.iter().map(|p| (p.id, p.name.clone())).collect();
        assert_eq!(&now[..16], &before[..], "no one renumbered");
        assert_eq!(t.player(17).map(|p| p.name.as_str()), Some("Late 1"));
        assert_eq!(t.check(), Ok(()));
        t
    }

    #[test]
    fn a_late_team_scores_nothing_for_the_rounds_it_missed_and_is_paired_next() {
        let mut t = late_team();
        for p in 17..=20 {
            let p = t.player(p).expect("late player");
            assert_eq!(p.outcome(1), &Outcome::Absent);
            assert_eq!(p.outcome(2), &Outcome::Absent);
            assert_eq!(p.late_entry_round, Some(3));
        }
        let rounds = t.team_rounds();
        assert_eq!(rounds.outcomes[4], [TeamOutcome::NotPaired; 2]);
        assert_eq!(t.team_scores_before(3).get(&5), Some(&Points::ZERO));
        assert!(!t.team_has_played(5));
        let pairing = play(&mut t, 3);
        let in_round =
            pairing.bye == Some(5) || pairing.matches.iter().any(|&(w, b)| w == 5 || b == 5);
        assert!(in_round, "the late team is paired: {pairing:?}");
        assert_eq!(
            pairing.matches.len(),
            2,
            "five teams: two matches and a bye"
        );
        assert!(t.team_has_played(5));
        assert_eq!(t.check(), Ok(()));
        play(&mut t, 4);
        assert_eq!(t.check(), Ok(()));
    }

    #[test]
    fn a_late_team_round_trips_through_trf_and_pairs_the_same() {
        use crate::formats::trf::{self, Dialect};
        let mut t = late_team();
        play(&mut t, 3);
        let text = trf::write(&t, Dialect::Trf26).expect("fits");
        let back = trf::read(text.as_bytes(), "late.trf").expect("reads back");
        assert_eq!(back.teams, t.teams);
        for p in &t.players {
            assert_eq!(
                back.player(p.id).map(|q| &q.results),
                Some(&p.results),
                "player {}",
                p.id
            );
        }
        let next = |t: &Tournament| {
            PairingRequest::new(t, SystemId::FideTeam, Some(4))
                .expect("round 4")
                .pair_teams()
                .expect("paired")
        };
        assert_eq!(next(&back), next(&t));
    }

    #[test]
    fn teams_are_refused_with_a_reason() {
        let mut t = two_rounds_played();
        assert_eq!(t.add_team(" "), Err(TeamEntryError::NoName));
        assert_eq!(
            t.add_team("t1"),
            Err(TeamEntryError::NameTaken("t1".into()))
        );
        assert_eq!(t.remove_team(1), Err(TeamEntryError::HasPlayed { team: 1 }));
        assert_eq!(t.remove_team(9), Err(TeamEntryError::NoTeam { team: 9 }));
        let id = t.add_team("Gone").expect("added");
        t.remove_team(id).expect("not played yet");
        // A draft round was paired without the new team.
        let mut draft = t.clone();
        PairingRequest::new(&draft, SystemId::FideTeam, Some(3))
            .expect("round 3")
            .pair_teams()
            .expect("paired")
            .record_into(&mut draft);
        let err = draft.add_team("Late").expect_err("a draft");
        assert_eq!(err, TeamEntryError::DraftOpen { round: 3 });
        assert!(err.to_string().contains("round 4"), "{err}");
        // A late player cannot be fielded before the round he joins.
        let mut t = late_team();
        assert!(matches!(
            t.set_team_lineup(2, 5, vec![Some(17), None, None, None]),
            Err(LineupError::NoMatch { .. })
        ));
    }

    /// A team withdrawn from round 3 (after two rounds) is not paired in round 3: its
    /// players are withdrawn from round 3, it has no match there, the other three teams
    /// are paired with one bye; a paired round refuses the withdrawal; taking it back
    /// pairs the team again. A player withdrawn earlier keeps his round.
    #[test]
    fn a_withdrawn_team_is_not_paired_again_and_the_withdrawal_can_be_taken_back() {
        let mut t = two_rounds_played();
        assert_eq!(
            t.withdraw_team(4, 2),
            Err(TeamEntryError::RoundPaired { round: 2 })
        );
        assert_eq!(t.withdraw_team(4, 0), Err(TeamEntryError::RoundZero));
        assert_eq!(
            t.withdraw_team(9, 3),
            Err(TeamEntryError::NoTeam { team: 9 })
        );
        // A player already withdrawn from an earlier round (here round 3, before the
        // team's round 4) keeps his round. Not from a round he played: a withdrawn
        // player is not paired, and the record would contradict itself.
        let mut v = two_rounds_played();
        v.player_mut(16).expect("player").withdrawn_from = Some(3);
        v.withdraw_team(4, 4).expect("withdrawn");
        assert_eq!(v.team_withdrawn_from(4), Some(4));
        assert_eq!(v.player(16).and_then(|p| p.withdrawn_from), Some(3));
        assert!(v.check().is_ok());
        t.withdraw_team(4, 3).expect("withdrawn");
        assert_eq!(t.team_withdrawn_from(4), Some(3));
        assert!(t.check().is_ok());
        let round3 = play(&mut t, 3);
        assert!(
            round3.matches.iter().all(|&(w, b)| w != 4 && b != 4) && round3.bye != Some(4),
            "{round3:?}"
        );
        assert_eq!(round3.matches.len(), 1);
        assert!(round3.bye.is_some());
        assert_eq!(t.team_rounds().outcomes[3][2], TeamOutcome::NotPaired);
        // Round 3 is paired: the withdrawal has taken effect and stays.
        assert_eq!(
            t.cancel_team_withdrawal(4),
            Err(TeamEntryError::NotWithdrawn { team: 4 })
        );
        // Withdrawn from round 3, then taken back before round 3 is paired: paired.
        let mut u = two_rounds_played();
        u.withdraw_team(2, 3).expect("withdrawn");
        u.cancel_team_withdrawal(2).expect("taken back");
        assert_eq!(u.team_withdrawn_from(2), None);
        let round3 = play(&mut u, 3);
        assert_eq!(round3.matches.len(), 2);
    }
}
