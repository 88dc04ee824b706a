//! C.04.4.2 2.2–2.3: the criteria [C4]–[C8] as one edge weight, so that a maximum-weight
//! matching is a pairing that satisfies them best, in their order of priority. A weight
//! is a row of bit fields, most significant first:
//! - completion (only when every player still to pair is in the graph): one per pair,
//!   so that the optimum pairs everyone ([C4]);
//! - [C5]: one per pair inside the bracket;
//! - [C6]: per score of the bracket, highest first, the number of its players paired
//!   inside the bracket. Floater scores "taken in descending order" compare as a
//!   sequence, highest first; with the number of floaters fixed by [C5] that is the
//!   same as pairing as many players of the highest score as possible, then of the next;
//! - [C7]: the following bracket (this bracket's floaters and the next scoregroup)
//!   weighed by [C5] and [C6] in the same way: its pairs, then its players paired per
//!   score. Interpretation: "every criterion from [C1] to [C6] is complied with" is read
//!   as the next bracket reaching the best [C5], then [C6], it can reach; [C8] of the
//!   next bracket plays no part;
//! - [C8]: one per pair inside the bracket in which both players get their colour
//!   preference (a pair of players preferring the same colour leaves one without it).

use crate::matching::Wide;
use crate::tournament::Points;

/// Where a player of the graph stands relative to the bracket being paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// In the bracket (resident or incoming floater).
    Bracket,
    /// A resident of the next scoregroup.
    Next,
    /// Further down.
    Below,
}

/// The bit fields of one bracket's weights.
pub(crate) struct Layout {
    field_bits: u32,
    completion: bool,
    bracket_scores: Vec<Points>,
    next_scores: Vec<Points>,
}

impl Layout {
    /// A layout for a graph of `vertices` players: `bracket_scores` and `next_scores`
    /// are the scores present in the bracket and in the next bracket (the bracket's
    /// scores and the next scoregroup's).
    pub(crate) fn new(
        vertices: usize,
        completion: bool,
        mut bracket_scores: Vec<Points>,
        mut next_scores: Vec<Points>,
    ) -> Layout {
        for scores in [&mut bracket_scores, &mut next_scores] {
            scores.sort_unstable_by(|a, b| b.cmp(a));
            scores.dedup();
        }
        Layout {
            // Every field counts at most `vertices`; one spare bit keeps sums apart.
            field_bits: usize::BITS - vertices.leading_zeros() + 1,
            completion,
            bracket_scores,
            next_scores,
        }
    }

    fn fields(&self) -> u32 {
        (usize::from(self.completion) + 3 + self.bracket_scores.len() + self.next_scores.len())
            as u32
    }

    /// The number of bits a weight needs.
    pub(crate) fn bits(&self) -> u32 {
        self.fields() * self.field_bits
    }

    /// The weight of the pair `a`-`b` (roles and scores), `clash` when both prefer the
    /// same colour. Zero when the pair counts for nothing here.
    pub(crate) fn weight<const L: usize>(
        &self,
        a: (Role, Points),
        b: (Role, Points),
        clash: bool,
    ) -> Wide<L> {
        let mut w = Wide::<L>::default();
        let b_ = self.field_bits;
        // Offsets, least significant first: C8, C7 scores, C7 pairs, C6 scores, C5,
        // completion.
        let c7_scores = b_;
        let c7_pairs = c7_scores + b_ * self.next_scores.len() as u32;
        let c6_scores = c7_pairs + b_;
        let c5 = c6_scores + b_ * self.bracket_scores.len() as u32;
        let completion = c5 + b_;
        // Field k of a score list, highest score most significant.
        let score_field = |base: u32, scores: &[Points], s: Points| {
            scores
                .iter()
                .position(|&x| x == s)
                .map(|k| base + b_ * (scores.len() - 1 - k) as u32)
        };
        if self.completion {
            w.add_shifted(1, completion);
        }
        match (a.0, b.0) {
            (Role::Bracket, Role::Bracket) => {
                w.add_shifted(1, c5);
                for s in [a.1, b.1] {
                    if let Some(at) = score_field(c6_scores, &self.bracket_scores, s) {
                        w.add_shifted(1, at);
                    }
                }
                if !clash {
                    w.add_shifted(1, 0);
                }
            }
            (Role::Bracket | Role::Next, Role::Next) | (Role::Next, Role::Bracket) => {
                w.add_shifted(1, c7_pairs);
                for s in [a.1, b.1] {
                    if let Some(at) = score_field(c7_scores, &self.next_scores, s) {
                        w.add_shifted(1, at);
                    }
                }
            }
            _ => {}
        }
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: Points = Points::ONE;
    const TWO: Points = Points::whole(2);

    /// Priorities: a bracket pair beats any number of next-bracket pairs; pairing the
    /// higher-scored floater beats pairing a resident; a pair without colour clash beats
    /// one with.
    #[test]
    fn fields_in_priority_order() {
        let layout = Layout::new(8, false, vec![TWO, ONE], vec![TWO, ONE, Points::ZERO]);
        let w = |a, b, clash| layout.weight::<4>(a, b, clash);
        let bracket_pair = w((Role::Bracket, ONE), (Role::Bracket, ONE), true);
        let next_pair = w((Role::Next, Points::ZERO), (Role::Bracket, TWO), false);
        let mut many = Wide::<4>::default();
        for _ in 0..4 {
            many += next_pair;
        }
        assert!(bracket_pair > many);
        let with_floater = w((Role::Bracket, TWO), (Role::Bracket, ONE), true);
        assert!(with_floater > w((Role::Bracket, ONE), (Role::Bracket, ONE), false));
        assert!(
            w((Role::Bracket, ONE), (Role::Bracket, ONE), false)
                > w((Role::Bracket, ONE), (Role::Bracket, ONE), true)
        );
        assert!(w((Role::Below, ONE), (Role::Next, ONE), false).is_zero());
    }
}
