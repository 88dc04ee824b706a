//! The result of pairing a round.

use serde::Serialize;

use crate::tournament::{Colour, Outcome, Tournament};

/// One board: who has White, who has Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Pair {
    pub white: u32,
    pub black: u32,
}

/// The pairing of one round: boards in C.04.2 order and the pairing-allocated bye.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoundPairing {
    pub round: u32,
    pub pairs: Vec<Pair>,
    pub bye: Option<u32>,
}

impl RoundPairing {
    /// The pairing recorded in a tournament for `round` (played, forfeited or scheduled
    /// games, and the PAB), boards ordered by the white player's number.
    pub fn recorded(t: &Tournament, round: u32) -> RoundPairing {
        let mut pairs = Vec::new();
        let mut bye = None;
        for player in &t.players {
            match player.outcome(round) {
                Outcome::PairingBye => bye = Some(player.id),
                outcome => {
                    if let (Some(opponent), Some(Colour::White)) =
                        (outcome.opponent(), outcome.scheduled_colour())
                    {
                        pairs.push(Pair {
                            white: player.id,
                            black: opponent,
                        });
                    }
                }
            }
        }
        RoundPairing { round, pairs, bye }
    }

    /// Records this pairing in the tournament as a draft, boards in this order (see
    /// [`Tournament::record_pairing`]).
    pub fn record_into(&self, t: &mut Tournament) {
        let boards: Vec<[u32; 2]> = self.pairs.iter().map(|p| [p.white, p.black]).collect();
        t.record_pairing(self.round, &boards, self.bye);
    }

    /// The same pairs and bye, whatever the board order.
    pub fn same_as(&self, other: &RoundPairing) -> bool {
        let mut a = self.pairs.clone();
        let mut b = other.pairs.clone();
        a.sort();
        b.sort();
        a == b && self.bye == other.bye
    }

    /// `white-black` pairs and the bye on one line, for messages.
    pub fn summary(&self) -> String {
        let mut parts: Vec<String> = self
            .pairs
            .iter()
            .map(|p| format!("{}-{}", p.white, p.black))
            .collect();
        if let Some(bye) = self.bye {
            parts.push(format!("bye {bye}"));
        }
        parts.join(" ")
    }

    /// JaVaFo / bbpPairings output: the number of lines, then `white black` per board,
    /// then `id 0` for the bye.
    pub fn javafo(&self) -> String {
        let count = self.pairs.len() + usize::from(self.bye.is_some());
        let mut text = format!("{count}\n");
        for pair in &self.pairs {
            text.push_str(&format!("{} {}\n", pair.white, pair.black));
        }
        if let Some(bye) = self.bye {
            text.push_str(&format!("{bye} 0\n"));
        }
        text
    }
}
