//! The brackets of a round as a given pairing forms them (C.04.3 A.3, A.9): scoregroups
//! top down, each bracket holding its residents and the players moved down to it; a pair
//! belongs to the bracket of its lower player, and the players of a bracket who are not
//! paired in it float down (the last bracket's leftover gets the PAB).

use crate::pairing::explanation::BracketRole;
use crate::pairing::state::RoundState;
use crate::tournament::Points;

/// A pair as player indices: `higher` first in A.2 order (score, then pairing number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub(crate) higher: usize,
    pub(crate) lower: usize,
    pub(crate) higher_white: bool,
}

impl Board {
    pub(crate) fn new(state: &RoundState, white: usize, black: usize) -> Board {
        let key = |i: usize| {
            let p = &state.players[i];
            (std::cmp::Reverse(p.score), p.rank)
        };
        if key(white) <= key(black) {
            Board {
                higher: white,
                lower: black,
                higher_white: true,
            }
        } else {
            Board {
                higher: black,
                lower: white,
                higher_white: false,
            }
        }
    }

    pub(crate) fn white(&self) -> usize {
        if self.higher_white {
            self.higher
        } else {
            self.lower
        }
    }

    pub(crate) fn black(&self) -> usize {
        if self.higher_white {
            self.lower
        } else {
            self.higher
        }
    }
}

/// One bracket of a pairing, as player indices and board indices.
#[derive(Clone, Debug)]
pub(super) struct Shape {
    pub(crate) role: BracketRole,
    pub(crate) mdps: Vec<usize>,
    pub(crate) residents: Vec<usize>,
    /// Indices into the pairing's boards.
    pub(crate) boards: Vec<usize>,
    /// Players of the bracket not paired in it: the downfloaters (MDPs among them are
    /// the Limbo), or, in the last bracket, the PAB assignee.
    pub(crate) leftovers: Vec<usize>,
}

impl Shape {
    /// The residents' scores, highest first, each once (several in a merged bracket).
    pub(crate) fn scores(&self, state: &RoundState) -> Vec<Points> {
        let mut scores: Vec<Points> = self
            .residents
            .iter()
            .map(|&p| state.players[p].score)
            .collect();
        scores.dedup();
        scores
    }
}

/// The brackets of `boards` over `groups` (scoregroups in A.2 order), the groups from
/// `collapsed_from` on merged into one (2017 CLB).
pub(super) fn shapes(
    state: &RoundState,
    groups: &[Vec<usize>],
    collapsed_from: Option<usize>,
    boards: &[Board],
) -> Vec<Shape> {
    let mut residents: Vec<Vec<usize>> = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        match collapsed_from {
            Some(c) if i > c => {
                if let Some(last) = residents.last_mut() {
                    last.extend(group);
                }
            }
            _ => residents.push(group.clone()),
        }
    }
    let mut bracket_of = vec![0; state.players.len()];
    for (b, members) in residents.iter().enumerate() {
        for &p in members {
            bracket_of[p] = b;
        }
    }
    let count = residents.len();
    let mut carried: Vec<usize> = Vec::new();
    let mut shapes = Vec::with_capacity(count);
    for (b, members) in residents.into_iter().enumerate() {
        let here: Vec<usize> = boards
            .iter()
            .enumerate()
            .filter(|(_, x)| bracket_of[x.higher].max(bracket_of[x.lower]) == b)
            .map(|(i, _)| i)
            .collect();
        let paired = |p: usize| {
            here.iter()
                .any(|&i| boards[i].higher == p || boards[i].lower == p)
        };
        let leftovers: Vec<usize> = carried
            .iter()
            .chain(&members)
            .copied()
            .filter(|&p| !paired(p))
            .collect();
        let role = if b + 1 == count {
            if collapsed_from.is_some() && b > 0 {
                BracketRole::Collapsed
            } else {
                BracketRole::Last
            }
        } else if collapsed_from.is_some() && b + 2 == count {
            BracketRole::Penultimate
        } else {
            BracketRole::Ordinary
        };
        shapes.push(Shape {
            role,
            mdps: std::mem::take(&mut carried),
            residents: members,
            boards: here,
            leftovers: leftovers.clone(),
        });
        carried = leftovers;
    }
    shapes
}
