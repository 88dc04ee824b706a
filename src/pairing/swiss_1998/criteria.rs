//! The 1998 relative criteria measured on any pairing of a score bracket, in the order
//! the procedure gives them up: fewer pairings (C.14) last, then B.3, B.4 (beyond x),
//! B.5 and B.6 for upfloats (C.10), B.5 and B.6 for downfloats (C.9) first.
//!
//! The procedure does not minimise counts: it takes the first pairing (D.1 then D.2
//! order) acceptable with the fewest criteria given up. So B.4 is measured as the
//! colour clashes beyond A.8's x (within x, B.4 "is ignored"), and B.5/B.6 as whether the
//! pairing needs each one given up, cumulatively in C.9/C.10's order (a pairing that
//! breaks B.5 for downfloats needs B.6 for downfloats given up too): a pairing with fewer
//! float repeats under a criterion the engine also had to give up is as good.

use crate::pairing::explanation::{BracketExplanation, Contributor, CriterionValue, Value};
use crate::pairing::state::Float;
use crate::tournament::Points;

use super::bracket::x_of;
use super::field::Field;

/// The four float criteria, most important first, with the C.9/C.10 level (1 = given up
/// first) at which each is given up.
pub(crate) const FLOAT_CRITERIA: [(&str, &str, Float, usize, u8); 4] = [
    (
        "B.5",
        "upfloats as in the last round (given up last, C.10)",
        Float::Up,
        0,
        4,
    ),
    (
        "B.6",
        "upfloats as two rounds before (C.10)",
        Float::Up,
        1,
        3,
    ),
    (
        "B.5",
        "downfloats as in the last round (C.9)",
        Float::Down,
        0,
        2,
    ),
    (
        "B.6",
        "downfloats as two rounds before (given up first, C.9)",
        Float::Down,
        1,
        1,
    ),
];

/// Whether `a`'s `float` this round repeats his float `back` + 1 rounds ago (B.5 with
/// `back` 0, B.6 with 1); players over 50% in the last round are exempt (note to B.6).
pub(crate) fn repeats(field: &Field, a: usize, float: Float, back: usize) -> bool {
    let s = &field.players[a].state;
    !s.topscorer && s.floats[back] == float
}

/// A pair of field indices made in the bracket, as (white, black).
pub(crate) type Board = (usize, usize);

/// The bracket's players and pairs as field indices: `group` is its players as the
/// procedure saw them (residents and players moved down into it), `incoming` those moved
/// down into it, `boards` the pairs made in it, `outgoing` those it moved down (or the
/// bye).
pub(crate) struct Members {
    pub(crate) group: Vec<usize>,
    pub(crate) incoming: Vec<usize>,
    pub(crate) boards: Vec<Board>,
    pub(crate) outgoing: Vec<usize>,
}

impl Members {
    /// A.3: a heterogeneous bracket of which fewer than half came from higher brackets
    /// pairs its players moved down first; otherwise it is treated as homogeneous.
    fn pairs_moved_down_first(&self) -> bool {
        let moved = self.incoming.len();
        moved > 0 && 2 * moved < self.group.len()
    }
}

/// B.4 beyond x as the procedure allows it: in a heterogeneous bracket (A.3: fewer than
/// half moved down) the pairs of the players moved down may leave min(x, their number)
/// preferences unmet, x of the whole bracket (A.8), and the homogeneous remainder its
/// own x; otherwise the bracket's x.
fn clashes_beyond_x(field: &Field, m: &Members, clashes: &[Board]) -> usize {
    let x = x_of(field, &m.group);
    if !m.pairs_moved_down_first() {
        return clashes.len().saturating_sub(x);
    }
    let moved = m.incoming.len();
    let first = |&(w, b): &Board| m.incoming.contains(&w) || m.incoming.contains(&b);
    let settled: Vec<usize> = m
        .boards
        .iter()
        .filter(|board| first(board))
        .flat_map(|&(w, b)| [w, b])
        .collect();
    let remainder: Vec<usize> = m
        .group
        .iter()
        .copied()
        .filter(|a| !settled.contains(a))
        .collect();
    let (of_moved, of_rest) = clashes
        .iter()
        .partition::<Vec<&Board>, _>(|board| first(board));
    of_moved.len().saturating_sub(x.min(moved))
        + of_rest.len().saturating_sub(x_of(field, &remainder))
}

/// The bracket's criteria, in priority order.
pub(crate) fn measure(field: &Field, m: &Members) -> Vec<CriterionValue> {
    let outgoing = &m.outgoing;
    let id = |a: usize| field.players[a].state.id;
    let score = |a: usize| field.players[a].state.score;
    let mut differences: Vec<Points> = Vec::new();
    let mut floated: Vec<Contributor> = Vec::new();
    let mut clashes: Vec<Board> = Vec::new();
    // (player, float) of everyone who floats in or out of the bracket.
    let mut floats: Vec<(usize, Float)> = outgoing.iter().map(|&a| (a, Float::Down)).collect();
    for &(w, b) in &m.boards {
        if score(w) != score(b) {
            let (high, low) = if score(w) > score(b) { (w, b) } else { (b, w) };
            differences.push(score(high) - score(low));
            floated.push(Contributor::Pair(id(w), id(b)));
            floats.push((high, Float::Down));
            floats.push((low, Float::Up));
        }
        if field.colour_clash(w, b) {
            clashes.push((w, b));
        }
    }
    let excess = clashes_beyond_x(field, m, &clashes) as u32;
    // A.3: the players moved down are paired first whenever possible.
    let passed_on: Vec<usize> = if m.pairs_moved_down_first() {
        m.incoming
            .iter()
            .copied()
            .filter(|a| outgoing.contains(a))
            .collect()
    } else {
        Vec::new()
    };
    let players = |article, summary, list: &[usize]| CriterionValue {
        article,
        summary,
        value: Value::Count(list.len() as u32),
        contributors: list.iter().map(|&a| Contributor::Player(id(a))).collect(),
    };
    let mut values = vec![
        players(
            "A.3",
            "players moved down left unpaired (paired first whenever possible)",
            &passed_on,
        ),
        players(
            "C.14",
            "players moved down (pairings fewer than p)",
            outgoing,
        ),
        CriterionValue {
            article: "B.3",
            summary: "score differences of the pairs",
            value: Value::scores(differences),
            contributors: floated,
        },
        CriterionValue {
            article: "B.4",
            summary: "colour preferences not granted beyond x (A.8)",
            value: Value::Count(excess),
            contributors: if excess > 0 {
                clashes
                    .iter()
                    .map(|&(w, b)| Contributor::Pair(id(w), id(b)))
                    .collect()
            } else {
                Vec::new()
            },
        },
    ];
    let offenders: Vec<Vec<u32>> = FLOAT_CRITERIA
        .iter()
        .map(|&(_, _, float, back, _)| {
            floats
                .iter()
                .filter(|&&(a, f)| f == float && repeats(field, a, f, back))
                .map(|&(a, _)| id(a))
                .collect()
        })
        .collect();
    // C.9/C.10 give the criteria up cumulatively: the level needed is the highest one.
    let needed = FLOAT_CRITERIA
        .iter()
        .zip(&offenders)
        .filter(|(_, o)| !o.is_empty())
        .map(|(c, _)| c.4)
        .max()
        .unwrap_or(0);
    for (&(article, summary, _, _, level), players) in FLOAT_CRITERIA.iter().zip(offenders) {
        values.push(CriterionValue {
            article,
            summary,
            value: Value::Count(u32::from(needed >= level)),
            contributors: players.into_iter().map(Contributor::Player).collect(),
        });
    }
    values
}

/// The players of `bracket` (of the round's `boards`, `None` for a player the round
/// does not know) as field indices.
pub(crate) fn members(
    bracket: &BracketExplanation,
    boards: &[Option<Board>],
    index: impl Fn(u32) -> Option<usize>,
) -> Members {
    let indices = |ids: &[u32]| -> Vec<usize> { ids.iter().filter_map(|&p| index(p)).collect() };
    let incoming = indices(&bracket.incoming);
    let mut group = indices(&bracket.residents);
    group.extend(&incoming);
    group.sort_unstable();
    Members {
        group,
        incoming,
        boards: bracket
            .boards
            .iter()
            .filter_map(|&b| boards.get(b - 1).copied().flatten())
            .collect(),
        outgoing: indices(&bracket.outgoing),
    }
}
