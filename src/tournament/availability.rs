//! Who may sit at a board of a round. A player withdrawn from a round is not paired in it
//! (FIDE General Handling Rules for Swiss Tournaments: a withdrawn player is not paired;
//! C.04.1: the players paired are those present), and a late entry takes part from the
//! round he joins (C.04.2 C). A record with such a player on a board (or given the
//! pairing-allocated bye) contradicts itself: the consistency check reports it for every
//! file read and after every edit, publishing refuses it, and a change to a player that
//! would make it is refused here before anything changes: for a published round outright
//! (a forfeit is entered on his board, and he is withdrawn from the next round), for a
//! draft unless the arbiter agrees to remove the draft pairing.

use std::fmt;

use super::{Player, Tournament, Warning, WarningLevel};

/// Why a player does not take part in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Away {
    /// Withdrawn from this round on.
    Withdrawn { from: u32 },
    /// A late entry who joins the event in this later round (C.04.2 C).
    NotYetEntered { joins: u32 },
}

impl fmt::Display for Away {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Away::Withdrawn { from } => write!(f, "withdrawn from round {from}"),
            Away::NotYetEntered { joins } => write!(f, "a late entry who joins in round {joins}"),
        }
    }
}

/// Why `player` does not take part in `round`, if he does not (his withdrawal and late
/// entry; a bye or an absence recorded for the round is no seat at a board).
pub(crate) fn away(player: &Player, round: u32) -> Option<Away> {
    if let Some(from) = player.withdrawn_from.filter(|&from| round >= from) {
        return Some(Away::Withdrawn { from });
    }
    player
        .late_entry_round
        .filter(|&joins| round < joins)
        .map(|joins| Away::NotYetEntered { joins })
}

/// Where a player sits in a paired round: a board (numbered from 1, in board order), or
/// the pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Board(usize),
    PairingBye,
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Board(board) => write!(f, "on board {board}"),
            Seat::PairingBye => write!(f, "given the pairing-allocated bye"),
        }
    }
}

/// Why a change to a player's record was refused; nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerChangeError {
    #[error("no player number {player}")]
    NoPlayer { player: u32 },
    /// He sits in a published round he would not take part in.
    #[error(
        "round {round} is published with {player} {name} {seat}: he cannot be {away} (a withdrawn player is not paired, FIDE General Handling Rules). Enter a forfeit on his board, and withdraw him from round {next}"
    )]
    PublishedRound {
        player: u32,
        name: String,
        round: u32,
        seat: Seat,
        away: Away,
        next: u32,
    },
    /// He sits in a draft round he would not take part in; removing the draft pairing
    /// (and pairing the round again) resolves it.
    #[error(
        "round {round} is a draft with {player} {name} {seat}, but he would be {away} (a withdrawn player is not paired, FIDE General Handling Rules): remove the draft pairing of round {round} and pair it again"
    )]
    DraftRound {
        player: u32,
        name: String,
        round: u32,
        seat: Seat,
        away: Away,
    },
}

impl Tournament {
    /// Where `player` sits in `round`, if he was paired in it.
    pub(crate) fn seat(&self, player: u32, round: u32) -> Option<Seat> {
        let p = self.player(player)?;
        if !p.outcome(round).took_part_in_pairing() {
            return None;
        }
        let board = self
            .boards(round)
            .iter()
            .position(|b| b.white == player || b.black == player);
        Some(board.map_or(Seat::PairingBye, |i| Seat::Board(i + 1)))
    }

    /// The paired rounds in which `player` (a changed record of a player of the event)
    /// would sit at a board (or have the pairing-allocated bye) though he does not take
    /// part in them: published rounds first, then drafts. Empty when the change
    /// contradicts nothing.
    fn seats_while_away(&self, player: &Player) -> Vec<PlayerChangeError> {
        let mut found: Vec<PlayerChangeError> = (1..=self.rounds_recorded())
            .filter_map(|round| {
                let away = away(player, round)?;
                if !player.outcome(round).took_part_in_pairing() {
                    return None;
                }
                let seat = self.seat(player.id, round).unwrap_or(Seat::PairingBye);
                let name = player.name.clone();
                let id = player.id;
                Some(if self.is_published(round) {
                    PlayerChangeError::PublishedRound {
                        player: id,
                        name,
                        round,
                        seat,
                        away,
                        next: round + 1,
                    }
                } else {
                    PlayerChangeError::DraftRound {
                        player: id,
                        name,
                        round,
                        seat,
                        away,
                    }
                })
            })
            .collect();
        found.sort_by_key(|e| !matches!(e, PlayerChangeError::PublishedRound { .. }));
        found
    }

    /// Whether `player` may replace the record with his pairing number: `Ok` when he sits
    /// at no board of a round he would not take part in; else the first such round,
    /// published rounds first ([`PlayerChangeError::PublishedRound`] cannot be resolved,
    /// [`PlayerChangeError::DraftRound`] by removing the draft).
    pub(crate) fn player_change_allowed(&self, player: &Player) -> Result<(), PlayerChangeError> {
        if self.player(player.id).is_none() {
            return Err(PlayerChangeError::NoPlayer { player: player.id });
        }
        let player = self.keeping_paired_rounds(player.clone());
        match self.seats_while_away(&player).into_iter().next() {
            Some(refused) => Err(refused),
            None => Ok(()),
        }
    }

    /// What the arbiter is told before `player` replaces his record: a refusal (level 5)
    /// when he sits in a published round he would not take part in; when he sits only in
    /// drafts, and `remove_drafts`, the confirmation (level 3) that those draft pairings
    /// are removed with the change.
    pub(crate) fn player_change_warnings(
        &self,
        player: &Player,
        remove_drafts: bool,
    ) -> Vec<Warning> {
        match self.player_change_allowed(player) {
            Ok(()) => Vec::new(),
            Err(PlayerChangeError::DraftRound {
                player: id,
                name,
                round,
                seat,
                away,
            }) if remove_drafts => vec![Warning::new(
                WarningLevel::Confirm,
                format!(
                    "Round {round} is a draft with {id} {name} {seat}, and he would be {away}: a withdrawn player is not paired (FIDE General Handling Rules). Confirming removes the draft pairing of round {round} and makes the change, in one step (Undo takes both back); then pair round {round} again."
                ),
            )],
            Err(e) => vec![Warning::new(WarningLevel::Refuse, e.to_string())],
        }
    }

    /// Replaces the record of the player with `player`'s pairing number (personal data,
    /// withdrawal, late entry round, requested byes). Refused, with nothing changed, when
    /// he would sit at a board of a round he does not take part in (see
    /// `Self::player_change_allowed`); with `remove_drafts`, the draft pairings that
    /// seat him so are removed with the change (all or nothing: a published round still
    /// refuses it). Returns the rounds whose draft pairing was removed.
    pub fn change_player(
        &mut self,
        player: Player,
        remove_drafts: bool,
    ) -> Result<Vec<u32>, PlayerChangeError> {
        if self.player(player.id).is_none() {
            return Err(PlayerChangeError::NoPlayer { player: player.id });
        }
        let player = self.keeping_paired_rounds(player);
        let conflicts = self.seats_while_away(&player);
        let mut drafts = Vec::new();
        for conflict in conflicts {
            match conflict {
                PlayerChangeError::DraftRound { round, .. } if remove_drafts => drafts.push(round),
                refused => return Err(refused),
            }
        }
        if let Some(slot) = self.player_mut(player.id) {
            *slot = player;
        }
        // The latest draft first: an earlier round is never cleared under a later one.
        drafts.sort_unstable();
        for &round in drafts.iter().rev() {
            self.clear_pairing(round);
        }
        Ok(drafts)
    }

    /// `player` with the outcomes of the rounds already paired as his record holds them:
    /// a change to a player is his personal data, withdrawal and requested byes, while
    /// the games of a round change only through its boards. A form opened before a round
    /// was paired (or a draft removed) cannot write its old copy of a board over them.
    fn keeping_paired_rounds(&self, mut player: Player) -> Player {
        let Some(held) = self.player(player.id) else {
            return player;
        };
        let last = self.last_paired_round().max(player.results.len() as u32);
        for round in 1..=last {
            let board = self.is_paired(round) || player.outcome(round).took_part_in_pairing();
            if board && player.outcome(round) != held.outcome(round) {
                player.set_outcome(round, held.outcome(round).clone());
            }
        }
        player
    }

    /// Every player sitting at a board (or given the pairing-allocated bye) of `round`
    /// though he does not take part in it, with why.
    pub(crate) fn seated_while_away(&self, round: u32) -> Vec<(u32, Away)> {
        self.players
            .iter()
            .filter(|p| p.outcome(round).took_part_in_pairing())
            .filter_map(|p| Some((p.id, away(p, round)?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, Outcome};

    /// Six players, rounds 1 and 2 published and played, round 3 a draft: 1-2, 3-4, 5-6.
    fn three_rounds() -> Tournament {
        let mut t = Tournament::default();
        for id in 1..=6 {
            t.add_player(Player::new(id, format!("Player {id}")))
                .expect("added");
        }
        let rounds: [[[u32; 2]; 3]; 3] = [
            [[1, 4], [5, 2], [3, 6]],
            [[2, 3], [4, 5], [6, 1]],
            [[1, 2], [3, 4], [5, 6]],
        ];
        for (round, boards) in (1..).zip(rounds) {
            t.record_pairing(round, &boards, None);
            if round < 3 {
                t.set_published(round, true).expect("paired");
                for [w, b] in boards {
                    t.set_board_result(round, w, b, BoardResult::Draw)
                        .expect("board");
                }
            }
        }
        assert!(t.check().is_ok());
        t
    }

    fn withdrawn(t: &Tournament, id: u32, from: u32) -> Player {
        let mut p = t.player(id).expect("player").clone();
        p.withdrawn_from = Some(from);
        p
    }

    #[test]
    fn a_withdrawal_from_a_draft_round_is_refused_unless_the_draft_goes() {
        let mut t = three_rounds();
        let before = t.clone();
        let gone = withdrawn(&t, 5, 3);
        let err = t.change_player(gone.clone(), false).expect_err("refused");
        assert!(
            matches!(
                err,
                PlayerChangeError::DraftRound {
                    player: 5,
                    round: 3,
                    seat: Seat::Board(3),
                    ..
                }
            ),
            "{err}"
        );
        assert!(
            err.to_string()
                .contains("remove the draft pairing of round 3")
        );
        assert_eq!(t, before, "a refused change changes nothing");
        let warnings = t.player_change_warnings(&gone, true);
        assert_eq!(warnings[0].level, WarningLevel::Confirm);
        assert!(
            warnings[0]
                .text
                .contains("removes the draft pairing of round 3")
        );

        assert_eq!(t.change_player(gone, true), Ok(vec![3]));
        assert!(!t.is_paired(3), "the draft is gone");
        assert_eq!(t.player(5).and_then(|p| p.withdrawn_from), Some(3));
        assert!(t.check().is_ok());
        assert!((1..=2).all(|r| t.is_complete(r)), "earlier rounds kept");
    }

    #[test]
    fn a_withdrawal_from_a_published_round_he_sits_in_is_refused() {
        let mut t = three_rounds();
        t.set_published(3, true).expect("paired");
        let before = t.clone();
        let err = t
            .change_player(withdrawn(&t, 5, 3), true)
            .expect_err("refused");
        assert!(
            matches!(
                err,
                PlayerChangeError::PublishedRound {
                    round: 3,
                    next: 4,
                    ..
                }
            ),
            "{err}"
        );
        assert!(
            err.to_string().contains("withdraw him from round 4"),
            "{err}"
        );
        assert_eq!(t, before, "a refused change changes nothing");
        // With a result pending or entered, the same; a withdrawal from an earlier round
        // he played is refused too.
        t.set_board_result(3, 5, 6, BoardResult::BlackForfeitWin)
            .expect("forfeit");
        let before = t.clone();
        for from in [2, 3] {
            t.change_player(withdrawn(&t, 5, from), true)
                .expect_err("refused");
            assert_eq!(t, before);
        }
        let warnings = t.player_change_warnings(&withdrawn(&t, 5, 3), true);
        assert_eq!(warnings[0].level, WarningLevel::Refuse);
        // From the next round: accepted.
        assert_eq!(t.change_player(withdrawn(&t, 5, 4), false), Ok(vec![]));
        assert!(t.check().is_ok());
    }

    #[test]
    fn publishing_refuses_a_draft_seating_a_withdrawn_or_absent_player() {
        let mut t = three_rounds();
        t.player_mut(6).expect("player").withdrawn_from = Some(3);
        let before = t.clone();
        let err = t.set_published(3, true).expect_err("refused");
        assert!(err.to_string().contains("withdrawn from round 3"), "{err}");
        assert_eq!(t, before);
        t.player_mut(6).expect("player").withdrawn_from = None;
        t.player_mut(4).expect("player").late_entry_round = Some(4);
        let err = t.set_published(3, true).expect_err("refused");
        assert!(err.to_string().contains("joins in round 4"), "{err}");
        t.player_mut(4).expect("player").late_entry_round = None;
        t.set_published(3, true).expect("publishes");
    }

    #[test]
    fn the_consistency_check_names_a_withdrawn_player_on_a_board() {
        let mut t = three_rounds();
        t.player_mut(5).expect("player").withdrawn_from = Some(3);
        assert_eq!(
            t.check(),
            Err(crate::tournament::Inconsistency::PairedWhileAway {
                player: 5,
                round: 3,
                away: Away::Withdrawn { from: 3 },
            })
        );
        // A bye or an absence in a round he no longer plays is no contradiction.
        t.clear_pairing(3);
        t.player_mut(5)
            .expect("player")
            .set_outcome(3, Outcome::Bye(crate::tournament::ByeKind::Zero));
        assert!(t.check().is_ok());
    }

    /// An event file holding the contradiction is refused when read, the rule named.
    #[test]
    fn a_file_seating_a_withdrawn_player_is_reported() {
        let mut t = three_rounds();
        t.set_published(3, true).expect("paired");
        t.player_mut(5).expect("player").withdrawn_from = Some(3);
        let text = crate::formats::native::to_string(&t).expect("written");
        let err = crate::formats::native::from_str(&text, "club.sarb").expect_err("refused");
        let said = err.to_string();
        assert!(
            said.contains("player 5, round 3: paired, but withdrawn from round 3"),
            "{said}"
        );
        t.player_mut(5).expect("player").withdrawn_from = Some(4);
        let text = crate::formats::native::to_string(&t).expect("written");
        let read = crate::formats::native::from_str(&text, "club.sarb").expect("read");
        assert_eq!(read, t);
    }
}
