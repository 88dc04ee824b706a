//! What the 1998 procedure did in each score bracket, recorded as it pairs the round so
//! that the explanation can say it (which level of C.9–C.11/C.14, which D.2 exchange,
//! which D.1 transposition, who was moved down at once by C.1). The pairing itself does
//! not depend on it.

use super::Pairs;
use super::bracket::Level;
use super::exchanges::Exchange;

/// One accepted pairing of S1 against S2: the players moved down against the rest of a
/// heterogeneous bracket, or a homogeneous (remainder) group.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    /// How far the relative criteria had been given up.
    pub(crate) level: Level,
    /// The x the pairing was allowed (A.8, raised by C.11, lowered by C.14).
    pub(crate) x: usize,
    /// The number of pairings made (A.6, lowered by C.14).
    pub(crate) p: usize,
    /// The D.2 exchange S1 and S2 were made by, if any.
    pub(crate) exchange: Option<Exchange>,
    /// S1 and S2 in A.2 order (field indices) before any transposition.
    pub(crate) s1: Vec<usize>,
    pub(crate) s2: Vec<usize>,
    /// The pairs (S1 player, S2 player) in S1 order: S2's transposition.
    pub(crate) pairs: Pairs,
    /// A.3: the step paired the players moved down (S1) first.
    pub(crate) moved_down_first: bool,
}

/// How the lowest bracket, or a bracket no D.1/D.2 pairing fits, was completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fallback {
    /// A pairing of the procedure was accepted.
    None,
    /// C.13: the lowest bracket paired by any legal pairing (see the module notes).
    LowestAnyPairing,
    /// C.14 with nothing accepted: the whole bracket moved down.
    AllDown,
}

/// One score bracket as the procedure paired it.
#[derive(Clone, Debug)]
pub(crate) struct BracketTrace {
    /// C.1: players without a possible opponent in the bracket, moved down at once.
    pub(crate) onward: Vec<usize>,
    /// A.3: how many of the bracket's players (C.1's excepted) were moved down into it.
    pub(crate) moved_down: usize,
    /// How many players the bracket had after C.1.
    pub(crate) size: usize,
    /// C.12: no pairing moved down only players who find an opponent below, so the
    /// first pairing that lets the lower brackets be completed was taken.
    pub(crate) c12_relaxed: bool,
    pub(crate) steps: Vec<Step>,
    pub(crate) fallback: Fallback,
}

/// The round as the procedure paired it.
#[derive(Clone, Debug)]
pub(crate) struct Traced {
    pub(crate) pairs: Pairs,
    pub(crate) bye: Option<usize>,
    /// One per score group, highest first.
    pub(crate) brackets: Vec<BracketTrace>,
}
