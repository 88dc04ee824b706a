//! The arbiter's changes of a round pairing (the override workflow): swap two players
//! (the PAB assignee included), swap a board's colours, unpair a board, pair two unpaired
//! players, give the PAB to an unpaired player. Changes only rearrange the pairing; whether
//! the result is legal and how good it is comes from the check
//! ([`crate::pairing::Explainer::check`]). Not to be confused with a change to the event
//! itself, which is the window's `Edit`.

use super::{Pair, RoundPairing};

/// One change of a round pairing by the arbiter; players by pairing number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairingChange {
    /// The two players exchange places (board and colour, or the PAB).
    Swap(u32, u32),
    /// The board where this player sits gets its colours reversed.
    SwapColours(u32),
    /// The board where this player sits is dissolved; both players become unpaired.
    Unpair(u32),
    /// Two unpaired players are paired, the first with White.
    Pair { white: u32, black: u32 },
    /// An unpaired player receives the PAB (the previous assignee becomes unpaired).
    GiveBye(u32),
}

impl PairingChange {
    /// The change in words, for the audit trail.
    pub fn describe(&self) -> String {
        match self {
            PairingChange::Swap(a, b) => format!("swap {a} and {b}"),
            PairingChange::SwapColours(p) => format!("reverse the colours of {p}'s board"),
            PairingChange::Unpair(p) => format!("unpair {p}'s board"),
            PairingChange::Pair { white, black } => format!("pair {white} (White) with {black}"),
            PairingChange::GiveBye(p) => format!("give the PAB to {p}"),
        }
    }

    /// Applies the change to `pairing`; `unpaired` holds the players taken off their
    /// boards by earlier changes. Returns why the change does not apply.
    pub fn apply(self, pairing: &mut RoundPairing, unpaired: &mut Vec<u32>) -> Result<(), String> {
        apply(pairing, unpaired, self)
    }
}

/// Where a player sits in a pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seat {
    White(usize),
    Black(usize),
    Bye,
}

fn seat(p: &RoundPairing, id: u32) -> Option<Seat> {
    if p.bye == Some(id) {
        return Some(Seat::Bye);
    }
    p.pairs.iter().enumerate().find_map(|(i, b)| {
        if b.white == id {
            Some(Seat::White(i))
        } else if b.black == id {
            Some(Seat::Black(i))
        } else {
            None
        }
    })
}

fn put(p: &mut RoundPairing, s: Seat, id: u32) {
    match s {
        Seat::White(i) => p.pairs[i].white = id,
        Seat::Black(i) => p.pairs[i].black = id,
        Seat::Bye => p.bye = Some(id),
    }
}

fn board(s: Seat) -> Option<usize> {
    match s {
        Seat::White(i) | Seat::Black(i) => Some(i),
        Seat::Bye => None,
    }
}

/// Applies `edit` to `pairing`; `unpaired` holds the players taken off their boards by
/// earlier changes. Returns why the change does not apply.
fn apply(
    pairing: &mut RoundPairing,
    unpaired: &mut Vec<u32>,
    edit: PairingChange,
) -> Result<(), String> {
    let seated = |p: &RoundPairing, id: u32| {
        seat(p, id).ok_or_else(|| format!("{id} has no board and no bye in this pairing"))
    };
    let free = |unpaired: &Vec<u32>, id: u32| {
        unpaired
            .iter()
            .position(|&u| u == id)
            .ok_or_else(|| format!("{id} is not among the unpaired players"))
    };
    match edit {
        PairingChange::Swap(a, b) => {
            let (sa, sb) = (seated(pairing, a)?, seated(pairing, b)?);
            if a == b || (board(sa).is_some() && board(sa) == board(sb)) {
                return Err(format!(
                    "{a} and {b} sit at the same board: reverse its colours instead"
                ));
            }
            put(pairing, sa, b);
            put(pairing, sb, a);
        }
        PairingChange::SwapColours(p) => {
            let i = board(seated(pairing, p)?).ok_or_else(|| format!("{p} has the PAB"))?;
            let Pair { white, black } = pairing.pairs[i];
            pairing.pairs[i] = Pair {
                white: black,
                black: white,
            };
        }
        PairingChange::Unpair(p) => match seated(pairing, p)? {
            Seat::Bye => {
                pairing.bye = None;
                unpaired.push(p);
            }
            s => {
                let i = board(s).unwrap_or_default();
                let b = pairing.pairs.remove(i);
                unpaired.extend([b.white, b.black]);
            }
        },
        PairingChange::Pair { white, black } => {
            if white == black {
                return Err(format!("{white} cannot meet himself"));
            }
            free(unpaired, white)?;
            free(unpaired, black)?;
            unpaired.retain(|&u| u != white && u != black);
            pairing.pairs.push(Pair { white, black });
        }
        PairingChange::GiveBye(p) => {
            let i = free(unpaired, p)?;
            unpaired.remove(i);
            if let Some(old) = pairing.bye.replace(p) {
                unpaired.push(old);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing() -> RoundPairing {
        RoundPairing {
            round: 2,
            pairs: vec![Pair { white: 1, black: 2 }, Pair { white: 3, black: 4 }],
            bye: Some(5),
        }
    }

    #[test]
    fn swaps_move_players_between_boards_and_the_bye() {
        let (mut p, mut free) = (pairing(), Vec::new());
        apply(&mut p, &mut free, PairingChange::Swap(2, 3)).expect("swap");
        assert_eq!(p.summary(), "1-3 2-4 bye 5");
        apply(&mut p, &mut free, PairingChange::Swap(5, 1)).expect("swap with the bye");
        assert_eq!(p.summary(), "5-3 2-4 bye 1");
        apply(&mut p, &mut free, PairingChange::SwapColours(4)).expect("colours");
        assert_eq!(p.summary(), "5-3 4-2 bye 1");
        assert!(apply(&mut p, &mut free, PairingChange::Swap(4, 2)).is_err());
        assert!(apply(&mut p, &mut free, PairingChange::Swap(4, 9)).is_err());
    }

    #[test]
    fn unpair_then_force_a_pair_and_move_the_bye() {
        let (mut p, mut free) = (pairing(), Vec::new());
        apply(&mut p, &mut free, PairingChange::Unpair(1)).expect("unpair");
        apply(&mut p, &mut free, PairingChange::Unpair(3)).expect("unpair");
        assert_eq!(free, vec![1, 2, 3, 4]);
        apply(
            &mut p,
            &mut free,
            PairingChange::Pair { white: 1, black: 4 },
        )
        .expect("pair");
        apply(&mut p, &mut free, PairingChange::GiveBye(2)).expect("bye");
        assert_eq!(free, vec![3, 5]);
        apply(
            &mut p,
            &mut free,
            PairingChange::Pair { white: 5, black: 3 },
        )
        .expect("pair");
        assert_eq!(p.summary(), "1-4 5-3 bye 2");
        assert!(free.is_empty());
        assert!(
            apply(
                &mut p,
                &mut free,
                PairingChange::Pair { white: 1, black: 2 }
            )
            .is_err()
        );
    }
}
