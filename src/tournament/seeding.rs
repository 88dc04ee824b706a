//! Pairing numbers (C.04.2 B): players are numbered by rating, then FIDE title, then
//! name. Before round 1 the arbiter may re-sort; a late entry (C.04.2 C) joins with the
//! rounds it missed recorded absent, and everyone is numbered again in the same order.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::{Outcome, Player, SeedingTies, Tournament};
use crate::generator::random::Random;

/// FIDE titles from the strongest, for the second sorting key.
pub(crate) const TITLES: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];

/// C.04.2 B: higher rating first, then the stronger title, then `ties` (alphabetical
/// unless the regulations say otherwise), then the name and the pairing number.
pub(crate) fn seeding_order(ties: SeedingTies, a: &Player, b: &Player) -> Ordering {
    let title = |p: &Player| {
        TITLES
            .iter()
            .position(|t| t.eq_ignore_ascii_case(p.title.trim()))
            .unwrap_or(TITLES.len())
    };
    let by_name = |a: &Player, b: &Player| a.name.to_lowercase().cmp(&b.name.to_lowercase());
    b.rating
        .cmp(&a.rating)
        .then_with(|| title(a).cmp(&title(b)))
        .then_with(|| match ties {
            SeedingTies::Alphabetical => Ordering::Equal,
            // Some(id) before None: the order of (is none, id).
            SeedingTies::FideId => {
                (a.fide_id.is_none(), a.fide_id).cmp(&(b.fide_id.is_none(), b.fide_id))
            }
            SeedingTies::Lots { seed } => lot(seed, a).cmp(&lot(seed, b)),
        })
        .then_with(|| by_name(a, b))
        .then_with(|| a.id.cmp(&b.id))
}

/// A player's lot in the drawing with `seed`: the first value of SplitMix64 (the same on
/// every machine) seeded with `seed` mixed with an FNV-1a hash of who the player is (name,
/// FIDE ID, birth date; not the pairing number, which the draw decides).
fn lot(seed: u64, p: &Player) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let fide_id = p.fide_id.map(|id| id.to_string()).unwrap_or_default();
    for byte in [
        p.name.as_bytes(),
        b"\0",
        fide_id.as_bytes(),
        b"\0",
        p.birth_date.as_bytes(),
    ]
    .concat()
    {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    Random::new(seed ^ hash).next_u64()
}

impl Tournament {
    /// The first two players, by pairing number, whose numbers are against
    /// [`seeding_order`]: `None` when the numbers follow it (C.04.2 B), as after
    /// [`Tournament::assign_pairing_numbers`].
    pub(crate) fn out_of_seeding_order(&self) -> Option<(&Player, &Player)> {
        let mut by_number: Vec<&Player> = self.players.iter().collect();
        by_number.sort_by_key(|p| p.id);
        by_number
            .windows(2)
            .find(|w| seeding_order(self.event.seeding_ties, w[0], w[1]) == Ordering::Greater)
            .map(|w| (w[0], w[1]))
    }

    /// Numbers every player 1..n in [`seeding_order`], rewriting every reference to a
    /// pairing number (opponents, forbidden pairs, board orders, team rosters and
    /// line-ups). Returns the numbers that changed, `(old, new)` in the old order.
    pub(crate) fn assign_pairing_numbers(&mut self) -> Vec<(u32, u32)> {
        let mut order: Vec<&Player> = self.players.iter().collect();
        let ties = self.event.seeding_ties;
        order.sort_by(|a, b| seeding_order(ties, a, b));
        let new_id: HashMap<u32, u32> = order
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i as u32 + 1))
            .collect();
        self.renumber(&new_id);
        let mut changed: Vec<(u32, u32)> = new_id.into_iter().filter(|(o, n)| o != n).collect();
        changed.sort_unstable();
        changed
    }

    /// Gives every player `new_id[old]` (a player not in it keeps his number), rewriting
    /// every reference to a pairing number: opponents, forbidden pairs, board orders,
    /// team rosters and line-ups. The numbers given must stay unique.
    pub(crate) fn renumber(&mut self, new_id: &HashMap<u32, u32>) {
        let map = |id: &mut u32| {
            if let Some(&n) = new_id.get(id) {
                *id = n;
            }
        };
        for player in &mut self.players {
            map(&mut player.id);
            for outcome in &mut player.results {
                match outcome {
                    Outcome::Game { opponent, .. }
                    | Outcome::Forfeit { opponent, .. }
                    | Outcome::Scheduled { opponent, .. }
                    | Outcome::Match { opponent, .. } => map(opponent),
                    _ => {}
                }
            }
        }
        for group in &mut self.event.forbidden_pairs {
            group.players.iter_mut().for_each(map);
        }
        for record in &mut self.round_records {
            record.boards.iter_mut().flatten().for_each(map);
        }
        for team in &mut self.teams {
            team.players.iter_mut().for_each(map);
            for lineup in &mut team.lineups {
                lineup.boards.iter_mut().flatten().for_each(map);
            }
        }
        self.players.sort_by_key(|p| p.id);
    }

    /// The first round paired but not published (a draft), if any.
    pub(crate) fn draft_round(&self) -> Option<u32> {
        (1..=self.rounds_recorded()).find(|&r| self.is_paired(r) && !self.is_published(r))
    }

    /// Refuses a late entry while a draft is open: it was paired with the present pairing
    /// numbers, which a late entry changes for everyone below the newcomer (C.04.2 C).
    fn late_entry_allowed(&self) -> Result<(), LateEntryError> {
        match self.draft_round() {
            Some(round) => Err(LateEntryError::DraftOpen { round }),
            None => Ok(()),
        }
    }

    /// Adds a player who joins in `round` (C.04.2 C): the paired rounds before it are
    /// recorded absent, then every player is numbered again (pairing numbers stay
    /// provisional until the entry list closes). Refused while a round is a draft. Once
    /// round 4 is paired no one is renumbered any more (C.04.2 (2026) 2.3; the FIDE
    /// checklist's VCL.09): the newcomer takes the next number. In a team event the player
    /// always takes the next number (C.04.6 pairs teams; see `super::team_entry`). Without
    /// renumbering, a draft is no obstacle.
    ///
    /// Returns the pairing numbers of the players already in the event that changed,
    /// `(old, new)` (empty without renumbering).
    pub fn add_late_entry(
        &mut self,
        mut player: Player,
        round: u32,
    ) -> Result<Vec<(u32, u32)>, LateEntryError> {
        if let Some(registered) = self.registered_as(&player) {
            return Err(LateEntryError::AlreadyRegistered {
                player: registered,
                name: player.name,
            });
        }
        let renumber = !self.is_team_event() && !self.pairing_numbers_frozen();
        if renumber {
            self.late_entry_allowed()?;
        }
        player.id = self.players.iter().map(|p| p.id).max().unwrap_or(0) + 1;
        for earlier in 1..round {
            if self.is_paired(earlier) && !player.outcome(earlier).is_recorded() {
                player.set_outcome(earlier, Outcome::Absent);
            }
        }
        player.late_entry_round = (round > 1).then_some(round);
        let newcomer = player.id;
        self.players.push(player);
        if !renumber {
            return Ok(Vec::new());
        }
        let mut changed = self.assign_pairing_numbers();
        changed.retain(|&(old, _)| old != newcomer);
        Ok(changed)
    }

    /// The pairing number of the registered player `player` is: the same FIDE ID, or the
    /// same name and birth date. A player is entered once (C.04.2 B: one pairing number
    /// per player).
    pub fn registered_as(&self, player: &Player) -> Option<u32> {
        let fide_id = player.fide_id.filter(|&id| id != 0);
        self.players
            .iter()
            .find(|q| {
                (fide_id.is_some() && q.fide_id == fide_id)
                    || (q.name.trim() == player.name.trim() && q.birth_date == player.birth_date)
            })
            .map(|q| q.id)
    }

    /// C.04.2 (2026) 2.3: pairing numbers are not re-assigned once round 4 is paired.
    pub(crate) fn pairing_numbers_frozen(&self) -> bool {
        self.is_paired(4)
    }
}

/// Why a player cannot join the event now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LateEntryError {
    /// A late entry renumbers the players (C.04.2 C: the newcomer takes his place in the
    /// ranking), and the draft was paired with the numbers as they are.
    #[error(
        "round {round} is a draft paired with the numbers a late entry changes (C.04.2 C); publish it first, or remove its pairing"
    )]
    DraftOpen { round: u32 },
    /// The player is in the event already (the same FIDE ID, or the same name and birth
    /// date): a player has one pairing number (C.04.2 B).
    #[error("{name} is registered already, as number {player}")]
    AlreadyRegistered { player: u32, name: String },
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Imported {
    pub(crate) added: usize,
    /// Names of players skipped because the event has them already.
    pub(crate) skipped: Vec<String>,
}

impl Tournament {
    /// Adds `players` not yet in the event (same FIDE ID, or same name and birth date):
    /// before round 1 with the next pairing numbers, afterwards as late entries from the
    /// next round (C.04.2 C; everyone is renumbered, so not while a round is a draft).
    pub(crate) fn import_players(
        &mut self,
        players: Vec<Player>,
    ) -> Result<Imported, LateEntryError> {
        if self.is_paired(1) && !self.is_team_event() && !self.pairing_numbers_frozen() {
            self.late_entry_allowed()?;
        }
        let mut imported = Imported::default();
        for player in players {
            if self.registered_as(&player).is_some() {
                imported.skipped.push(player.name);
                continue;
            }
            if self.is_paired(1) {
                let round = self.next_round();
                self.add_late_entry(player, round)?;
            } else {
                let mut player = player;
                player.id = self.players.iter().map(|p| p.id).max().unwrap_or(0) + 1;
                self.players.push(player);
            }
            imported.added += 1;
        }
        Ok(imported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Colour, ForbiddenGroup, GameResult};

    fn player(id: u32, name: &str, rating: Option<u16>, title: &str) -> Player {
        let mut p = Player::new(id, name);
        p.rating = rating;
        p.title = title.into();
        p
    }

    #[test]
    fn rating_then_title_then_name() {
        let mut t = Tournament {
            players: vec![
                player(1, "Zed", Some(2000), ""),
                player(2, "Bee", Some(2100), "FM"),
                player(3, "Ann", Some(2100), "FM"),
                player(4, "Cat", Some(2100), "IM"),
                player(5, "Dan", None, "GM"),
            ],
            ..Tournament::default()
        };
        t.event.forbidden_pairs.push(ForbiddenGroup {
            players: vec![1, 5],
            first_round: None,
            last_round: None,
        });
        t.assign_pairing_numbers();
        let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Cat", "Ann", "Bee", "Zed", "Dan"]);
        assert_eq!(t.event.forbidden_pairs[0].players, [4, 5]);
    }

    #[test]
    fn numbers_against_the_seeding_order_are_found() {
        let mut t = Tournament {
            players: vec![
                player(1, "Low", Some(1500), ""),
                player(2, "High", Some(2830), "GM"),
                player(3, "Unrated", None, ""),
            ],
            ..Tournament::default()
        };
        let (a, b) = t.out_of_seeding_order().expect("1500 before 2830");
        assert_eq!((a.id, b.id), (1, 2));
        t.assign_pairing_numbers();
        assert!(t.out_of_seeding_order().is_none());
        assert_eq!(t.players[0].name, "High");
    }

    /// Checklist Q146: players equal on rating and title are ordered by name, by FIDE ID
    /// or by a drawing of lots from a recorded seed, which gives the same order again and
    /// does not depend on the pairing numbers the players had.
    #[test]
    fn ties_of_the_initial_ranking_follow_the_chosen_order() {
        let field = || {
            let mut players: Vec<Player> = ["Delta", "alpha", "Charlie", "Bravo", "Echo"]
                .iter()
                .enumerate()
                .map(|(i, name)| player(i as u32 + 1, name, Some(2000), ""))
                .collect();
            for (p, id) in players
                .iter_mut()
                .zip([Some(30), Some(50), None, Some(10), None])
            {
                p.fide_id = id;
            }
            players.push(player(6, "Zulu", Some(2100), ""));
            Tournament {
                players,
                ..Tournament::default()
            }
        };
        let names = |ties: SeedingTies| {
            let mut t = field();
            t.event.seeding_ties = ties;
            t.assign_pairing_numbers();
            assert!(t.out_of_seeding_order().is_none());
            t.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>()
        };
        assert_eq!(
            names(SeedingTies::Alphabetical),
            ["Zulu", "alpha", "Bravo", "Charlie", "Delta", "Echo"]
        );
        assert_eq!(
            names(SeedingTies::FideId),
            ["Zulu", "Bravo", "Delta", "alpha", "Charlie", "Echo"]
        );
        let drawn: Vec<Vec<String>> = (0..8)
            .map(|seed| names(SeedingTies::Lots { seed }))
            .collect();
        for (seed, order) in drawn.iter().enumerate() {
            assert_eq!(order[0], "Zulu", "the rating comes first");
            assert_eq!(*order, names(SeedingTies::Lots { seed: seed as u64 }));
            // The same draw whatever the numbers were: the field reversed.
            let mut t = field();
            t.players.reverse();
            for (i, p) in t.players.iter_mut().enumerate() {
                p.id = i as u32 + 1;
            }
            t.event.seeding_ties = SeedingTies::Lots { seed: seed as u64 };
            t.assign_pairing_numbers();
            let again: Vec<String> = t.players.iter().map(|p| p.name.clone()).collect();
            assert_eq!(again, *order, "seed {seed}");
        }
        assert!(
            drawn.iter().any(|o| *o != drawn[0]),
            "different seeds draw different orders"
        );
        let mut t = field();
        t.draw_seeding_ties(42, "2026-11-26T10:00:00Z".into())
            .expect("before round 1");
        assert_eq!(t.event.seeding_ties, SeedingTies::Lots { seed: 42 });
        let entry = t.log.last().expect("logged");
        assert_eq!(super::super::seed_of(&entry.detail), Some(42));
        t.record_pairing(1, &[[1, 2]], None);
        assert!(t.draw_seeding_ties(43, "later".into()).is_err());
    }

    /// A (2000) and B (1900), paired in round 1 (a draft).
    fn a_and_b_paired() -> Tournament {
        let mut t = Tournament {
            players: vec![
                player(1, "A", Some(2000), ""),
                player(2, "B", Some(1900), ""),
            ],
            ..Tournament::default()
        };
        t.record_pairing(1, &[[1, 2]], None);
        t
    }

    #[test]
    fn late_entry_rewrites_opponents() {
        let mut t = a_and_b_paired();
        t.set_board_result(1, 1, 2, crate::tournament::BoardResult::WhiteWins)
            .expect("board");
        t.set_published(1, true).expect("paired");
        let renumbered = t
            .add_late_entry(player(0, "Late", Some(1950), ""), 2)
            .expect("no draft");
        assert_eq!(
            renumbered,
            [(2, 3)],
            "B moves down; the newcomer is not listed"
        );
        assert_eq!(t.players[1].name, "Late");
        assert_eq!(t.players[1].outcome(1), &Outcome::Absent);
        assert_eq!(t.players[1].late_entry_round, Some(2));
        assert_eq!(
            t.players[2].outcome(1),
            &Outcome::game(1, Colour::Black, GameResult::Loss)
        );
        assert_eq!(t.boards(1)[0].black, 3);
        assert!(t.inconsistencies().is_empty());
    }

    #[test]
    fn no_late_entry_renumbers_a_draft() {
        let mut t = a_and_b_paired();
        assert_eq!(t.draft_round(), Some(1));
        let before = t.clone();
        let err = t
            .add_late_entry(player(0, "Late", Some(1950), ""), 2)
            .expect_err("round 1 is a draft");
        assert_eq!(err, LateEntryError::DraftOpen { round: 1 });
        assert!(err.to_string().contains("publish it first"), "{err}");
        let err = t
            .import_players(vec![player(0, "Late", Some(1950), "")])
            .expect_err("round 1 is a draft");
        assert_eq!(err, LateEntryError::DraftOpen { round: 1 });
        assert_eq!(t, before, "nothing changed, no number");
        t.set_published(1, true).expect("paired");
        t.add_late_entry(player(0, "Late", Some(1950), ""), 2)
            .expect("published");
        assert_eq!(t.boards(1)[0].black, 3, "numbered in place");
    }

    /// Once round 4 is paired, a late entry takes the next number and no one else's
    /// changes, even a stronger newcomer's (C.04.2 (2026) 2.3; VCL.09); a draft is then no
    /// obstacle.
    #[test]
    fn after_round_four_a_late_entry_takes_the_next_number() {
        let mut t = a_and_b_paired();
        t.set_published(1, true).expect("paired");
        for round in 2..=4 {
            t.record_pairing(round, &[[2, 1]], None);
        }
        assert_eq!(t.draft_round(), Some(2));
        let before: Vec<(u32, String)> = t.players.iter().map(|p| (p.id, p.name.clone())).collect();
        let renumbered = t
            .add_late_entry(player(0, "Strong", Some(2500), ""), 5)
            .expect("no renumbering, so the draft is no obstacle");
        assert!(renumbered.is_empty());
        let after: Vec<(u32, String)> = t.players.iter().map(|p| (p.id, p.name.clone())).collect();
        assert_eq!(after[..2], before[..]);
        assert_eq!(after[2], (3, "Strong".to_string()));
        assert_eq!(t.player(3).expect("new").outcome(4), &Outcome::Absent);
        // Round 3 only: a stronger newcomer still takes his place in the ranking.
        let mut early = a_and_b_paired();
        early.set_published(1, true).expect("paired");
        let renumbered = early
            .add_late_entry(player(0, "Strong", Some(2500), ""), 2)
            .expect("published");
        assert_eq!(early.players[0].name, "Strong", "renumbered before round 4");
        assert_eq!(renumbered, [(1, 2), (2, 3)], "A and B move down");
    }

    #[test]
    fn import_skips_known_players_and_enters_late_after_round_one() {
        let mut t = Tournament::default();
        t.import_players(vec![Player::new(0, "A"), Player::new(0, "B")])
            .expect("before round 1");
        assert_eq!(t.players.iter().map(|p| p.id).collect::<Vec<_>>(), [1, 2]);
        t.record_pairing(1, &[[1, 2]], None);
        t.set_published(1, true).expect("paired");
        let done = t
            .import_players(vec![Player::new(0, "A"), Player::new(0, "C")])
            .expect("round 1 published");
        assert_eq!(done.added, 1);
        assert_eq!(done.skipped, ["A"]);
        let c = t.players.iter().find(|p| p.name == "C").expect("C entered");
        assert_eq!(c.late_entry_round, Some(2));
    }
}
