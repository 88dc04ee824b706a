//! Who does not play, in exact numbers per round (FIDE's checklist for tournament programs,
//! Q24): byes requested before the pairing (full-point `F`, half-point `H`, zero-point `Z`),
//! withdrawals, and games forfeited by one player or by both; and the unusual scores an
//! arbiter gives (½-0, 0-½, 0-0).

use crate::tournament::{BoardResult, ByeKind, MatchGame, Outcome, Tournament};

use super::amount::Amount;
use super::random::Random;

/// The exact absences of a generated event, each an [`Amount`] per round. Byes and
/// withdrawals count players, a percentage being of the players registered; forfeits count
/// boards (matches under Double-Swiss), a percentage being of the round's boards. The
/// default is none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Absences {
    /// Full-point byes requested for a round (TRF `F`).
    pub full_byes: Amount,
    /// Half-point byes requested for a round (TRF `H`).
    pub half_byes: Amount,
    /// Zero-point byes requested for a round (TRF `Z`): the player comes back.
    pub zero_byes: Amount,
    /// Players who leave the event from this round on (TRF `Z` in every later round).
    pub withdrawals: Amount,
    /// Boards where one player, drawn by lot, does not turn up (TRF `+`/`-`; under
    /// Double-Swiss, both games of the match).
    pub forfeits: Amount,
    /// Boards where neither player turns up (TRF `-`/`-`).
    pub double_forfeits: Amount,
    /// Boards played and scored ½-0, 0-½ or 0-0 by the arbiter (drawn by lot among the
    /// boards not forfeited; single games only).
    pub unusual: Amount,
}

impl Absences {
    /// Whether nothing is asked in any round.
    pub(crate) fn is_none(&self) -> bool {
        self.amounts().iter().all(|(_, a)| a.is_none())
    }

    /// Each amount with the name of its option.
    fn amounts(&self) -> [(&'static str, &Amount); 7] {
        [
            ("fpb", &self.full_byes),
            ("hpb", &self.half_byes),
            ("zpb", &self.zero_byes),
            ("withdrawals", &self.withdrawals),
            ("forfeits", &self.forfeits),
            ("double-forfeits", &self.double_forfeits),
            ("unusual", &self.unusual),
        ]
    }

    /// The byes of `round`: full, half and zero, out of `players` registered.
    fn byes(&self, round: u32, players: u32) -> [(ByeKind, u32); 3] {
        [
            (ByeKind::Full, self.full_byes.of(round, players)),
            (ByeKind::Half, self.half_byes.of(round, players)),
            (ByeKind::Zero, self.zero_byes.of(round, players)),
        ]
    }

    /// Refuses what an event of `players` players and `rounds` rounds cannot hold: a round
    /// named past the last, more withdrawals and byes in a round than players still in the
    /// event, more forfeits than boards. The message names the round and the figures.
    pub fn validate(&self, players: u32, rounds: u32) -> Result<(), String> {
        for (name, amount) in self.amounts() {
            if let Some(last) = amount.last_round_named().filter(|&r| r > rounds) {
                return Err(format!(
                    "--{name} {amount}: round {last}, but the event plays {rounds} rounds"
                ));
            }
        }
        let mut active = players;
        for round in 1..=rounds {
            let leaving = self.withdrawals.of(round, players);
            let byes: u32 = self.byes(round, players).iter().map(|(_, n)| n).sum();
            if leaving + byes > active {
                return Err(format!(
                    "round {round}: {leaving} withdrawals and {byes} byes asked, but {active} \
                     players are still in the event"
                ));
            }
            active -= leaving;
            let boards = (active - byes) / 2;
            let forfeits = self.forfeits.of(round, boards);
            let doubles = self.double_forfeits.of(round, boards);
            let unusual = self.unusual.of(round, boards);
            if forfeits + doubles + unusual > boards {
                return Err(format!(
                    "round {round}: {forfeits} forfeits, {doubles} double forfeits and \
                     {unusual} unusual scores asked, but the round has {boards} boards"
                ));
            }
            if forfeits + doubles > boards {
                return Err(format!(
                    "round {round}: {forfeits} forfeits and {doubles} double forfeits asked, \
                     but the round has {boards} boards"
                ));
            }
        }
        Ok(())
    }

    /// Records the withdrawals and requested byes of `round`, before it is paired: each
    /// kind given to players drawn by lot among those still in the event with nothing
    /// recorded for the round, withdrawals first.
    pub(super) fn record_requests(&self, t: &mut Tournament, round: u32, rng: &mut Random) {
        let players = t.players.len() as u32;
        let leaving = self.withdrawals.of(round, players);
        for id in draw(rng, free_players(t, round), leaving) {
            if let Some(p) = t.player_mut(id) {
                p.withdrawn_from = Some(round);
                p.set_outcome(round, Outcome::Bye(ByeKind::Zero));
            }
        }
        for (kind, count) in self.byes(round, players) {
            for id in draw(rng, free_players(t, round), count) {
                if let Some(p) = t.player_mut(id) {
                    p.set_outcome(round, Outcome::Bye(kind));
                }
            }
        }
    }

    /// For each of the `boards` boards of `round`, the result forced by an absence, from
    /// White's side: `ForfeitWin` (Black did not turn up), `ForfeitLoss` (White did not),
    /// `DoubleForfeit`; `None` where both play. The boards and the absent side are drawn by
    /// lot. Forfeits never take more than the boards (a percentage rounded up cannot).
    pub(super) fn forfeited_boards(
        &self,
        round: u32,
        boards: usize,
        rng: &mut Random,
    ) -> Vec<Option<MatchGame>> {
        let mut forced = vec![None; boards];
        let count = boards as u32;
        let forfeits = self.forfeits.of(round, count).min(count);
        let doubles = self.double_forfeits.of(round, count).min(count - forfeits);
        let chosen = draw(rng, (0..count).collect(), forfeits + doubles);
        for (i, &board) in chosen.iter().enumerate() {
            forced[board as usize] = Some(if i as u32 >= forfeits {
                MatchGame::DoubleForfeit
            } else if rng.chance(0.5) {
                MatchGame::ForfeitWin
            } else {
                MatchGame::ForfeitLoss
            });
        }
        forced
    }
}

impl Absences {
    /// The unusual scores of `round` (checklist Q24: the generator gives ½-0, 0-½ and 0-0),
    /// one per board drawn by lot among those `played` (not forfeited), each score drawn
    /// too; `None` elsewhere.
    pub(super) fn unusual_boards(
        &self,
        round: u32,
        played: &[bool],
        rng: &mut Random,
    ) -> Vec<Option<BoardResult>> {
        let mut scores = vec![None; played.len()];
        let pool: Vec<u32> = (0..played.len() as u32)
            .filter(|&i| played[i as usize])
            .collect();
        let count = self.unusual.of(round, played.len() as u32);
        for board in draw(rng, pool, count) {
            scores[board as usize] = Some(
                [
                    BoardResult::HalfZero,
                    BoardResult::ZeroHalf,
                    BoardResult::ZeroZero,
                ][rng.range(0, 2) as usize],
            );
        }
        scores
    }
}

/// The players still in the event with nothing recorded for `round`.
fn free_players(t: &Tournament, round: u32) -> Vec<u32> {
    t.players
        .iter()
        .filter(|p| p.withdrawn_from.is_none_or(|w| w > round))
        .filter(|p| matches!(p.outcome(round), Outcome::NotPlayed))
        .map(|p| p.id)
        .collect()
}

/// `count` of `pool` drawn by lot (a partial Fisher-Yates shuffle), in the order drawn;
/// all of them when there are fewer.
fn draw(rng: &mut Random, mut pool: Vec<u32>, count: u32) -> Vec<u32> {
    let count = (count as usize).min(pool.len());
    for i in 0..count {
        let j = i + rng.range(0, (pool.len() - 1 - i) as u32) as usize;
        pool.swap(i, j);
    }
    pool.truncate(count);
    pool
}
