//! The players to pair in a Double-Swiss round and what C.04.5 needs to know of each.

use crate::pairing::state::{self, RuleVersion, pairing_score};
use crate::tournament::{ByeKind, Colour, Outcome, Player, Points, Tournament};

/// One player present in the round.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    pub(crate) id: u32,
    /// The tournament pairing number (1-based), as the other engines number players.
    pub(crate) tpn: u32,
    /// The pairing score: match scores so far plus this round's virtual points (C.04.7).
    pub(crate) score: Points,
    /// Matches played: paired rounds that were not forfeited (3.4.3).
    pub(crate) matches: u32,
    /// The game-1 colour of each earlier round in which at least one game was played
    /// (1.6), `None` for the other rounds; index 0 = round 1.
    pub(crate) colours: Vec<Option<Colour>>,
    /// C2: may receive the PAB.
    pub(crate) bye_eligible: bool,
    /// Floated in the previous round: paired with a player of a different pairing score
    /// (C7, C8).
    pub(crate) floated: bool,
}

impl Entrant {
    /// Games-1 played with White (4.3.2).
    pub(crate) fn whites(&self) -> usize {
        self.colours
            .iter()
            .filter(|c| **c == Some(Colour::White))
            .count()
    }

    /// The colour of the most recent round with a colour.
    pub(crate) fn last_colour(&self) -> Option<Colour> {
        self.colours.iter().rev().find_map(|c| *c)
    }
}

/// The round's players, by pairing number, and who may not meet whom.
pub(crate) struct Field {
    pub(crate) round: u32,
    pub(crate) players: Vec<Entrant>,
    /// `forbidden[a]`: whom `a` may not be paired with (C1: met in a game or a match
    /// not forfeited, or a forbidden pair), from the shared state.
    forbidden: Vec<Vec<usize>>,
    /// C7 and C8 apply (not in the last round).
    pub(crate) float_criteria: bool,
    /// The colour drawn before round 1 (4.3.1).
    pub(crate) initial_colour: Colour,
}

impl Field {
    /// The players present in `round` of `t`.
    pub(crate) fn new(t: &Tournament, round: u32) -> Field {
        // The shared state gives presence, numbering, pairing scores and the event's
        // forbidden pairs; the rest is Double-Swiss's own.
        let base = state::round_state(t, round, RuleVersion::Dutch2026);
        let initial_colour = base.colour_rules.initial;
        // The shared state lists the present players in the event's order.
        let present = t.players.iter().filter(|p| state::is_present(p, round));
        let players: Vec<Entrant> = base
            .players
            .iter()
            .zip(present)
            .map(|(s, p)| Entrant {
                id: s.id,
                tpn: s.rank as u32 + 1,
                score: s.score,
                matches: (1..round).filter(|&k| p.outcome(k).is_meeting()).count() as u32,
                colours: (1..round).map(|k| p.outcome(k).played_colour()).collect(),
                bye_eligible: bye_eligible(p, round),
                floated: round > 1 && floated(t, p, round - 1),
            })
            .collect();
        let forbidden = base.forbidden;
        Field {
            round,
            players,
            forbidden,
            float_criteria: round < t.planned_rounds(),
            initial_colour,
        }
    }

    /// C1: `a` and `b` (indices) may be paired: not the same player, never met in a match
    /// that was not forfeited (C.04.5 Preface), not a forbidden pair.
    pub(crate) fn may_meet(&self, a: usize, b: usize) -> bool {
        a != b && !self.forbidden[a].contains(&b)
    }

    /// Ranking order (higher first): score, then pairing number.
    pub(crate) fn ranks_above(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        (std::cmp::Reverse(pa.score), pa.tpn) < (std::cmp::Reverse(pb.score), pb.tpn)
    }
}

/// C2: no PAB for a player who has had a PAB, won a match by forfeit, or had a full-point
/// bye (the "deprecated FPB"). A single game won by forfeit (a round read from TRF) counts
/// as a forfeit win.
fn bye_eligible(p: &Player, round: u32) -> bool {
    !(1..round).any(|k| match p.outcome(k) {
        Outcome::PairingBye | Outcome::Bye(ByeKind::Full) | Outcome::Forfeit { won: true, .. } => {
            true
        }
        Outcome::Match { games, .. } => games.is_forfeit_win(),
        _ => false,
    })
}

/// Whether `p` floated in round `k`: paired (played or forfeited) with an opponent of a
/// different pairing score. A bye is not a float.
fn floated(t: &Tournament, p: &Player, k: u32) -> bool {
    p.outcome(k)
        .opponent()
        .and_then(|o| t.player(o))
        .is_some_and(|o| pairing_score(t, o, k) != pairing_score(t, p, k))
}
