//! What one candidate pair does to the quality criteria of C.04.3 (2017: C.8–C.19): the
//! single evaluator behind both the matching weights and, later, the explanations.

use crate::pairing::colour::{self, ColourViolations};
use crate::pairing::state::{Float, PlayerState};
use crate::tournament::Colour;

/// The effect of pairing `higher` (earlier in A.2 order) with `lower`.
#[derive(Clone, Copy, Debug)]
pub(super) struct PairQuality {
    /// C.8–C.11, read off the E.1–E.5 allocation.
    pub colours: ColourViolations,
    /// Whether the scores differ: the higher player floats down, the lower one up.
    pub floating: bool,
    /// `[one round back, two rounds back]`: the pair makes the lower player upfloat again
    /// (C.13, C.15).
    pub repeated_upfloat: [bool; 2],
}

/// Evaluates a pair (E.1–E.5 for the colours, A.4 for the floats).
pub(super) fn evaluate(higher: &PlayerState, lower: &PlayerState, initial: Colour) -> PairQuality {
    let allocation = colour::allocate(higher, lower, initial);
    let floating = higher.score > lower.score;
    PairQuality {
        colours: colour::violations(higher, lower, allocation),
        floating,
        repeated_upfloat: [0, 1].map(|k| floating && lower.floats[k] == Float::Up),
    }
}

/// C.04.3 C.3: non-topscorers with the same absolute colour preference shall not meet.
pub(super) fn colour_compatible(a: &PlayerState, b: &PlayerState) -> bool {
    let clash = a.preference.is_absolute()
        && b.preference.is_absolute()
        && a.preference.colour() == b.preference.colour();
    !clash || a.topscorer || b.topscorer
}
