//! The criteria of C.04.3 in force since February 2026 as edge-weight fields:
//! C4 completion in every bracket with the PAB on the lowest possible score (C5, through
//! "bye candidates"), C6 pairs, C7 scores paired (the downfloaters' scores, descending),
//! C8 the same in the following bracket, C9 the PAB assignee's unplayed games, C10–C13
//! colours, C14–C17 repeated floats (resident downfloaters; opponents of MDPs), C18–C21
//! their scores.

use std::collections::BTreeMap;

use crate::matching::Wide;
use crate::pairing::state::PlayerState;
use crate::tournament::Points;

use super::buckets::{Buckets, bits_for};
use super::criteria;
use super::graph::Graph;
use super::layout::{Fields, PairFields};

/// What the 2026 criteria need to know about the whole round.
#[derive(Clone, Debug)]
pub(super) struct Round2026 {
    /// C5: the lowest score at which a complete pairing can give the PAB (`None` when the
    /// number of players is even).
    pub(crate) bye_score: Option<Points>,
    /// C9 applies: the bracket's single downfloater is to be the PAB assignee.
    pub(crate) single_downfloater_is_bye: bool,
    /// Whether C9 applied when the round's weights were first set; pairs outside the
    /// bracket and its follower keep that weight.
    pub(crate) single_downfloater_is_bye_at_start: bool,
    /// C9: players on the bye score ranked by games played, most first (ties share the
    /// last rank of their group); the matching leaves the lowest rank for the PAB.
    pub(crate) unplayed_rank: BTreeMap<usize, u64>,
    /// C4 is weighed in the matching, whose graph then holds every player not yet paired.
    /// When `false` the graph holds the bracket and the following scoregroup only, and the
    /// caller verifies that its matching extends to a complete pairing.
    pub(crate) weigh_completion: bool,
}

impl Round2026 {
    /// C2 and C5: may receive the PAB in a pairing that gives it on the lowest score.
    pub(crate) fn bye_candidate(&self, p: &PlayerState) -> bool {
        p.bye_eligible && p.score <= self.bye_score.unwrap_or(Points::ZERO)
    }

    fn c9_rank(&self, p: &PlayerState) -> u64 {
        if self.bye_score == Some(p.score) {
            self.unplayed_rank
                .get(&p.colours.len())
                .copied()
                .unwrap_or(0)
        } else {
            0
        }
    }
}

/// Field offsets for one bracket.
pub(super) struct Layout2026<'a> {
    round: &'a Round2026,
    buckets: Buckets,
    completion: u32,
    pairs: u32,
    scores: u32,
    next_pairs: u32,
    next_scores: u32,
    unplayed: u32,
    /// C10–C21.
    pair: PairFields,
    /// Every player of the bracket has the same score: C7 and C18–C21 are then fixed by
    /// the fields above them and are not weighed ([`Layout2026::new`]).
    one_score: bool,
}

impl<'a> Layout2026<'a> {
    /// `region_scores`: the scores of the bracket and the following scoregroup, the only
    /// players whose scores earn credit in C7, C8 and C18–C21.
    pub(crate) fn new(
        fields: &mut Fields,
        round: &'a Round2026,
        region_scores: &[Points],
        bracket: usize,
        vertices: usize,
    ) -> Layout2026<'a> {
        let mut counts: BTreeMap<Points, u64> = BTreeMap::new();
        for &s in region_scores {
            *counts.entry(s).or_default() += 1;
        }
        let buckets = Buckets::new(&counts);
        let nb = bracket as u64;
        let n = vertices as u64;
        let pcb = bits_for(nb / 2);
        let sb = buckets.width() + 1;
        let at_bye = round.unplayed_rank.len() as u64 + 1;
        // With one score in the bracket, C7 credits every pair alike, and C18–C21 credit
        // each pair alike and each player who downfloated before alike (a multiple of the
        // C14/C16 counts weighed above): among candidates with as many pairs (C6) they
        // change no comparison, and leaving them out narrows the weights.
        let one_score = region_scores[..bracket].windows(2).all(|w| w[0] == w[1]);
        let own = if one_score { 0 } else { sb };
        let pair = PairFields::allocate(fields, pcb, bits_for(nb), own, own);
        let unplayed = fields.take(bits_for(2 * at_bye * n) + 1);
        let next_scores = fields.take(sb);
        let next_pairs = fields.take(bits_for(n / 2));
        let scores = fields.take(own);
        let pairs = fields.take(pcb);
        let completion = fields.take(if round.weigh_completion {
            bits_for(3 * (n / 2) + 1)
        } else {
            0
        });
        Layout2026 {
            round,
            buckets,
            completion,
            pairs,
            scores,
            next_pairs,
            next_scores,
            unplayed,
            pair,
            one_score,
        }
    }

    /// The quality fields of the allowed edge `u < v`.
    pub(crate) fn add_weight<const L: usize>(
        &self,
        g: &Graph,
        u: usize,
        v: usize,
        w: &mut Wide<L>,
    ) {
        let r = self.round;
        let (h, l) = (g.player(u), g.player(v));
        let bit = |w: &mut Wide<L>, at: u32, s: Points| w.add_shifted(1, at + self.buckets.bit(s));
        if r.weigh_completion {
            w.add_shifted(
                1 + u64::from(!r.bye_candidate(h)) + u64::from(!r.bye_candidate(l)),
                self.completion,
            );
        }
        let in_region = g.in_bracket(v) || g.in_next(v);
        let c9 = if in_region {
            r.single_downfloater_is_bye
        } else {
            r.single_downfloater_is_bye_at_start
        };
        if c9 {
            w.add_shifted(r.c9_rank(h) + r.c9_rank(l), self.unplayed);
        }
        if g.in_next(v) {
            w.add_shifted(1, self.next_pairs);
            bit(w, self.next_scores, h.score);
        }
        if !g.in_bracket(v) {
            return;
        }
        w.add_shifted(1, self.pairs);
        let q = criteria::evaluate(h, l, &g.state.colour_rules);
        self.pair.add_counts(w, &q, true, true);
        if self.one_score {
            return;
        }
        bit(w, self.scores, h.score);
        for k in 0..2 {
            let (h_down, l_down) = q.had_downfloat[k];
            if !q.repeated_upfloat[k] {
                bit(w, self.pair.repeated_up_amount[k], h.score);
            }
            if l_down {
                bit(w, self.pair.repeated_down_amount[k], l.score);
            }
            if h_down {
                bit(w, self.pair.repeated_down_amount[k], h.score);
            }
        }
    }
}
