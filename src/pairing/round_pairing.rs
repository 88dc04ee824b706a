//! The result of pairing a round.

use serde::Serialize;

use crate::tournament::Tournament;

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
    /// A pairing of `round` from `(white, black)` pairing numbers.
    pub fn of(round: u32, pairs: &[(u32, u32)], bye: Option<u32>) -> RoundPairing {
        RoundPairing {
            round,
            pairs: pairs
                .iter()
                .map(|&(white, black)| Pair { white, black })
                .collect(),
            bye,
        }
    }

    /// The pairing recorded in a tournament for `round` (played, forfeited or scheduled
    /// games, and the PAB), in board order.
    pub fn recorded(t: &Tournament, round: u32) -> RoundPairing {
        RoundPairing {
            round,
            pairs: t
                .boards(round)
                .into_iter()
                .map(|b| Pair {
                    white: b.white,
                    black: b.black,
                })
                .collect(),
            bye: t.pairing_bye(round),
        }
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
}
