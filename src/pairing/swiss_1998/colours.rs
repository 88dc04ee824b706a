//! C.04.1 E.1–E.5: the colours of a pair.

use crate::pairing::colour::{self, ColourRule, ColourRules};
use crate::pairing::state::initial_colour;
use crate::tournament::Tournament;

use super::field::Field;

/// A pair's colours and the rule that gave them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seat {
    /// Whether the higher player (A.2 order) gets White.
    pub(crate) higher_white: bool,
    /// The rule of E.1–E.5 that decided.
    pub(crate) rule: ColourRule,
    /// B.2: the rule's colours would break B.2 for one of them, so they were swapped.
    pub(crate) swapped_for_b2: bool,
}

/// The allocation conventions of this system: E.1–E.4 are the shared allocation (the
/// same four rules as the Dutch system, "higher ranked" in A.2 order, E.3 over played
/// games only as F.2/F.3 say); E.2 knows no degrees of absolute preference (as in the
/// 2012 Dutch text); E.5 is the round-one rule, applied to the higher player's place in
/// A.2 order (in round one his number in S1), and used in later rounds too for two
/// players without any colour history.
pub(crate) fn rules(t: &Tournament) -> ColourRules {
    ColourRules {
        initial: initial_colour(t),
        absolute_by_difference: false,
        later_rounds_reverse_e5: false,
    }
}

/// E.1–E.5 for the pair of field indices `a` and `b`. B.2 stays absolute: should the
/// allocation give a player a colour B.2 forbids him, the pair's colours are swapped.
pub(crate) fn seat(field: &Field, rules: &ColourRules, a: usize, b: usize) -> Seat {
    let (ph, pl) = (&field.players[a.min(b)], &field.players[a.max(b)]);
    let allocation = colour::allocate(&ph.state, &pl.state, rules);
    let legal = |hw: bool| {
        if hw {
            ph.white_ok && pl.black_ok
        } else {
            ph.black_ok && pl.white_ok
        }
    };
    let swapped_for_b2 =
        !legal(allocation.higher_gets_white) && legal(!allocation.higher_gets_white);
    Seat {
        higher_white: allocation.higher_gets_white != swapped_for_b2,
        rule: allocation.rule,
        swapped_for_b2,
    }
}
