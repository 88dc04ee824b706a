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
    /// (C.13, C.15; 2026: C15, C17).
    pub repeated_upfloat: [bool; 2],
    /// `[one round back, two rounds back]`: whether the higher and the lower player
    /// received a downfloat then.
    pub had_downfloat: [(bool, bool); 2],
}

impl PairQuality {
    /// The colour criteria in priority order (2017: C.8–C.11; 2026: C10–C13): whether the
    /// pair meets each.
    pub fn colour_criteria_met(&self) -> [bool; 4] {
        let c = &self.colours;
        [
            !c.cd_beyond_two,
            !c.three_in_a_row,
            !c.preference,
            !c.strong_preference,
        ]
    }

    /// Of the two players, how many downfloated `k + 1` rounds ago and are kept from
    /// downfloating again by this pair (C.12/C.14; 2026: C14/C16): the lower one always,
    /// the higher one unless it is paired down.
    pub fn downfloats_avoided(&self, k: usize) -> u64 {
        let (h_down, l_down) = self.had_downfloat[k];
        u64::from(l_down) + u64::from(!self.floating && h_down)
    }
}

/// Evaluates a pair (E.1–E.5 for the colours, A.4 for the floats).
pub(super) fn evaluate(higher: &PlayerState, lower: &PlayerState, initial: Colour) -> PairQuality {
    let allocation = colour::allocate(higher, lower, initial);
    let floating = higher.score > lower.score;
    PairQuality {
        colours: colour::violations(higher, lower, allocation),
        floating,
        repeated_upfloat: [0, 1].map(|k| floating && lower.floats[k] == Float::Up),
        had_downfloat: [0, 1].map(|k| {
            (
                higher.floats[k] == Float::Down,
                lower.floats[k] == Float::Down,
            )
        }),
    }
}

/// C.04.3 C.3: non-topscorers with the same absolute colour preference shall not meet.
pub(super) fn colour_compatible(a: &PlayerState, b: &PlayerState) -> bool {
    let clash = a.preference.is_absolute()
        && b.preference.is_absolute()
        && a.preference.colour() == b.preference.colour();
    !clash || a.topscorer || b.topscorer
}
