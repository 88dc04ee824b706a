//! The criteria of C.04.3 (2017) as edge-weight fields: C.4 (completion, with the bye
//! eligibility of C.2), C.5 pairs, C.6 PSD (A.8), C.7 look-ahead, C.8–C.11 colours,
//! C.12–C.15 repeated floats, C.16–C.19 their score differences.

use std::collections::BTreeMap;

use crate::matching::Wide;
use crate::tournament::Points;

use super::buckets::{Buckets, bits_for};
use super::criteria;
use super::graph::Graph;
use super::layout::{ColourTable, Fields, PairFields};

/// How a 2017 bracket is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode2017 {
    /// C.7 looks at the following scoregroup (the graph's `next` players): first the
    /// pairs it can make, if `count_next_pairs` (`next_is_last` when it is the last
    /// one, whose pairing must then also leave a legal bye), then the scores of this
    /// bracket's downfloaters it leaves unpaired. 2017 counts both. 2012 has no C.7: a
    /// bracket is paired [`Mode2017::Alone`], and only C.12's other pairings look ahead,
    /// by the second part first, then by both (see [`Edition::Istanbul2012`]).
    LookAhead {
        next_is_last: bool,
        count_next_pairs: bool,
    },
    /// The bracket paired on its own, its following scoregroup left out of the graph and
    /// of the weights (A.8's reference score is still taken from it). Its pairing is the
    /// look-ahead's when [`super::round_2017`] finds that the following scoregroup takes in
    /// its downfloaters as well as it could take in any (see [`super::region`]).
    Alone,
    /// 2012, odd rounds: the bracket paired with A.7.d given way (strong colour
    /// preferences for the same colour may meet), and the scores of its downfloaters the
    /// following scoregroup leaves unpaired weighed below all its own criteria
    /// ([`super::strong_preferences`]).
    StrongWaived,
    /// The bracket must leave the rest of the round completable (C.4: the PPB, the CLB,
    /// the last bracket); the graph's `rest` holds all remaining players.
    Completion,
}

/// Which text the bracket is weighed by. The 2012 text (C.04.3, Istanbul 2012) shares
/// C.4–C.6 with 2017 and differs in the rest:
/// - no C.7 look-ahead. A bracket is paired for its own criteria; when C.1 (a player
///   moved down who finds no opponent in the next bracket) or a next bracket short of
///   pairs sends the pairing back (C.12), its other pairings weigh the scores of the
///   downfloaters the next bracket could leave unpaired, then that bracket's pairs
///   ([`super::backtrack`]); A.7.d gives way to "floaters with a higher score", in the
///   bracket (B.3 is weighed above it) and in the next one
///   ([`super::strong_preferences`]);
/// - colours B.2, A.7.d, X, Z ([`PairFields::allocate_2012`]);
/// - repeated floats as counts only (B.5, B.6), no C.16–C.19 amounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Edition {
    Since2017,
    Istanbul2012,
    /// 2012, the lowest bracket after C.13 merged score brackets into it. It produces no
    /// downfloaters (its leftover gets the bye), so B.5/B.6 for downfloaters are not set
    /// (C.3.e/f: "bracket produces downfloaters"); those for upfloaters are (C.3.g/h:
    /// "heterogeneous score brackets", C.13: "treated as a heterogeneous score
    /// bracket"). JaVaFo 1.4 agrees; in a lowest bracket of one score (with or without
    /// players moved down) it does count the bye as a downfloat, and so does this engine.
    MergedLowest2012,
    /// 2012, the penultimate bracket re-paired so that the lowest can be paired (C.13).
    /// Its procedure pairs the MDPs first (C.6, S1 = M1 MDPs) and, once it has reached
    /// the remainder, lowers P1 but keeps M1 (C.14.b.1); M1 falls only when no pairing
    /// keeps it (C.14.b.2). So the number of MDPs paired weighs above the number of
    /// pairs.
    Penultimate2012,
}

/// Field offsets for one bracket.
pub(super) struct Layout2017 {
    edition: Edition,
    mode: Mode2017,
    /// Downfloater SDs are measured from one point below this score (A.8).
    reference: Points,
    buckets: Buckets,
    completion: Option<u32>,
    pairs: u32,
    /// C.14.b (2012), the penultimate bracket: pairs with an MDP, above the pairs.
    mdp_pairs: Option<u32>,
    psd: u32,
    /// D.4 (2012): the B.3 factor of the merged lowest bracket, in place of the PSD.
    b3_factor: Option<u32>,
    /// C.13/D.4 (2012): the merged lowest bracket is heterogeneous with the latest added
    /// score bracket as S1, so it pairs S1 against S2 first (C.6: P = M1 pairs). C.4
    /// puts the players of S1 left out of the M1 in S2, so a pair of two S1 players is
    /// one of those M1 pairs too: M1 is the number of pairs with an S1 player. The B.3
    /// factor orders the pairings among those with the largest M1, as it orders the
    /// homogeneous remainder. Above the B.3 factor, below the number of pairs.
    s1_pairs: Option<u32>,
    next_pairs: u32,
    /// What one pair of the next bracket counts in `next_pairs`: 1, or 2 where half
    /// pairs count too (2012).
    next_unit: u64,
    next_psd: u32,
    /// C.8–C.19.
    pair: PairFields,
    psd_width: u32,
    /// Every player of the bracket has the same score: the PSD (C.6) and the float
    /// amounts (C.16–C.19) are then fixed by the fields above them and are not weighed
    /// ([`Layout2017::new`]).
    one_score: bool,
}

impl Layout2017 {
    /// `scores`: the graph's players; `reference`: the lowest score of the bracket and the
    /// players after it that the bracket is paired with or for (A.8 measures a
    /// downfloater's SD from one point below it).
    pub(crate) fn new(
        fields: &mut Fields,
        mode: Mode2017,
        scores: &[Points],
        reference: Points,
        bracket: usize,
        round: u32,
        edition: Edition,
    ) -> Layout2017 {
        let buckets = score_difference_buckets(&scores[..bracket], reference);
        let nb = bracket as u64;
        let n = scores.len() as u64;
        let pcb = bits_for(nb / 2);
        let d = buckets.width();
        // With one score in the bracket every pair has SD 0 and every downfloater the
        // same SD, so among candidates with as many pairs (C.5, weighed above) the PSD is
        // the same; nobody floats inside the bracket, so C.16–C.19 charge each pair the
        // same, and each player who downfloated before the same amount, a multiple of the
        // C.12/C.14 counts weighed above them. Leaving them out changes no comparison and
        // narrows the weights of the largest brackets.
        let one_score = scores[..bracket].windows(2).all(|w| w[0] == w[1]);
        let (down_amount, up_amount) = if one_score {
            (0, 0)
        } else {
            (d + 1, d + pcb + 1)
        };
        // The look-ahead's downfloater scores: with A.7.d given way, below the pair
        // criteria; C.7 (2017) and C.12's pairing (2012), above them.
        let waived = mode == Mode2017::StrongWaived;
        let below = fields.take(if waived { d + 1 } else { 0 });
        let pair = match edition {
            Edition::Since2017 => {
                PairFields::allocate(fields, pcb, bits_for(nb), down_amount, up_amount)
            }
            Edition::Istanbul2012 | Edition::MergedLowest2012 | Edition::Penultimate2012 => {
                let odd_round = round % 2 == 1;
                let table = ColourTable::Istanbul2012 {
                    odd_round,
                    a7d: odd_round && !waived,
                };
                PairFields::allocate_2012(fields, pcb, bits_for(nb), table)
            }
        };
        // C.7 is weighed only when the bracket looks ahead.
        let looks_ahead = matches!(mode, Mode2017::LookAhead { .. });
        let next_psd = if waived {
            below
        } else {
            fields.take(if looks_ahead { d + 1 } else { 0 })
        };
        // 2012 counts the next bracket's pairs in half pairs, beside C.1's players
        // without an opponent (`backtrack::stay_credits`).
        let next_unit = if edition == Edition::Since2017 { 1 } else { 2 };
        let next_pairs = fields.take(if looks_ahead {
            bits_for(next_unit * 3 * (n / 2) + (next_unit - 1) * n + 1)
        } else {
            0
        });
        let b3_factor = (edition == Edition::MergedLowest2012).then(|| {
            let widest = scores
                .iter()
                .map(|&s| b3_cost(s, reference))
                .max()
                .unwrap_or(0);
            fields.take(bits_for(n * widest + 1))
        });
        let psd = fields.take(if one_score { 0 } else { d + 1 });
        let s1_pairs = (edition == Edition::MergedLowest2012).then(|| fields.take(pcb));
        let pairs = fields.take(pcb);
        let mdp_pairs = (edition == Edition::Penultimate2012).then(|| fields.take(pcb));
        let completion =
            (mode == Mode2017::Completion).then(|| fields.take(bits_for(3 * (n / 2) + 1)));
        Layout2017 {
            edition,
            mode,
            reference,
            buckets,
            completion,
            pairs,
            mdp_pairs,
            psd,
            b3_factor,
            s1_pairs,
            next_pairs,
            next_unit,
            next_psd,
            pair,
            psd_width: d,
            one_score,
        }
    }

    /// A.8: a downfloater's score difference, from one point below the reference score.
    fn downfloat_sd(&self, score: Points) -> Points {
        score - self.reference + Points::ONE
    }

    /// The quality fields of the allowed edge `u < v`.
    pub(crate) fn add_weight<const L: usize>(
        &self,
        g: &Graph,
        u: usize,
        v: usize,
        w: &mut Wide<L>,
    ) {
        let bit =
            |w: &mut Wide<L>, at: u32, sd: Points| w.add_shifted(1, at + self.buckets.bit(sd));
        let completion_value = 1 + g.not_bye_eligible(u) + g.not_bye_eligible(v);
        if let Some(at) = self.completion {
            w.add_shifted(completion_value, at);
        }
        let look = match self.mode {
            Mode2017::LookAhead {
                next_is_last,
                count_next_pairs,
            } => Some((next_is_last, count_next_pairs)),
            Mode2017::StrongWaived => Some((false, false)),
            Mode2017::Alone | Mode2017::Completion => None,
        };
        if let Some((next_is_last, count_next_pairs)) = look {
            if count_next_pairs && next_is_last {
                w.add_shifted(self.next_unit * completion_value, self.next_pairs);
            } else if count_next_pairs && !g.in_bracket(v) {
                w.add_shifted(self.next_unit, self.next_pairs);
            }
            if count_next_pairs && g.in_bracket(v) {
                w.add_shifted(g.stay_credit(u) + g.stay_credit(v), self.next_pairs);
            }
            for x in [u, v] {
                if g.in_bracket(x) {
                    bit(w, self.next_psd, self.downfloat_sd(g.player(x).score));
                }
            }
        }
        if !g.in_bracket(v) {
            return;
        }
        let (h, l) = (g.player(u), g.player(v));
        let sd = h.score - l.score;
        let mut minus = Wide::<L>::ZERO;
        w.add_shifted(1, self.pairs);
        if let Some(at) = self.mdp_pairs.filter(|_| u < g.m0) {
            w.add_shifted(1, at);
        }
        if let Some(at) = self.s1_pairs.filter(|_| u < g.m0) {
            w.add_shifted(1, at);
        }
        if let Some(at) = self.b3_factor {
            // Every player is charged as if given the bye; a pair earns that back less
            // its own squared difference.
            let sd = sd.tenths().unsigned_abs() as u64;
            let saved = b3_cost(h.score, self.reference) + b3_cost(l.score, self.reference);
            w.add_shifted(saved - sd * sd, at);
        } else if !self.one_score {
            // (With one score the PSD is fixed by the number of pairs, see `new`.)
            bit(w, self.psd, self.downfloat_sd(h.score));
            bit(w, self.psd, self.downfloat_sd(l.score));
            bit(&mut minus, self.psd, sd);
        }
        let q = criteria::evaluate(h, l, &g.state.colour_rules);
        // C.04.3 (2012) C.3.e–h: the repeated-float requirements are set for the
        // downfloaters of a bracket that produces some, and for the upfloaters of a
        // heterogeneous bracket, not one A.3 treats as homogeneous (`g.upfloaters`).
        // The merged lowest bracket produces none, and only its pairs with an S1 player
        // have an upfloater: its remainder is homogeneous, paired by the B.3 factor
        // alone (D.4), whatever the scores of its players.
        let merged = self.edition == Edition::MergedLowest2012;
        self.pair
            .add_counts(w, &q, !merged, g.upfloaters && (!merged || u < g.m0));
        for k in (0..2).filter(|_| self.edition == Edition::Since2017 && !self.one_score) {
            let (h_down, l_down) = q.had_downfloat[k];
            if l_down {
                bit(
                    w,
                    self.pair.repeated_down_amount[k],
                    self.downfloat_sd(l.score),
                );
            }
            if h_down {
                bit(
                    w,
                    self.pair.repeated_down_amount[k],
                    self.downfloat_sd(h.score),
                );
                if q.floating {
                    bit(&mut minus, self.pair.repeated_down_amount[k], sd);
                }
            }
            w.add_shifted(1, self.pair.repeated_up_amount[k] + self.psd_width);
            if q.repeated_upfloat[k] {
                bit(&mut minus, self.pair.repeated_up_amount[k], sd);
            }
        }
        *w -= minus;
    }
}

/// D.4 (2012): "getting the bye is equivalent to face an opponent with one point less than
/// the lowest ranked player": the squared difference, in tenths of a point, a player on
/// `score` adds to the B.3 factor when left unpaired in a bracket whose lowest score is
/// `lowest`.
fn b3_cost(score: Points, lowest: Points) -> u64 {
    let d = (score - lowest + Points::ONE).tenths().unsigned_abs() as u64;
    d * d
}

/// Every score difference a PSD-like field can hold, with its largest multiplicity: each
/// bracket player's downfloater SD, and each pair SD as often as pairs can have it (pairs
/// of one score class: half of it; of two classes: the smaller; never more than half the
/// bracket). Tight counts keep the weights of the largest brackets narrow.
fn score_difference_buckets(scores: &[Points], reference: Points) -> Buckets {
    let mut classes: BTreeMap<Points, u64> = BTreeMap::new();
    for &s in scores {
        *classes.entry(s).or_default() += 1;
    }
    let mut counts: BTreeMap<Points, u64> = BTreeMap::new();
    for (&s, &c) in &classes {
        *counts.entry(s - reference + Points::ONE).or_default() += c;
    }
    let mut pair_sds: BTreeMap<Points, u64> = BTreeMap::new();
    for (&high, &c_high) in &classes {
        for (&low, &c_low) in classes.range(..=high) {
            let pairs = if low == high {
                c_high / 2
            } else {
                c_high.min(c_low)
            };
            *pair_sds.entry(high - low).or_default() += pairs;
        }
    }
    let half = (scores.len() / 2) as u64;
    for (sd, pairs) in pair_sds {
        *counts.entry(sd).or_default() += pairs.min(half);
    }
    Buckets::new(&counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The weight a pair earns in the B.3-factor field of a bracket whose lowest score is
    /// `lowest`; the matching maximises the sum.
    fn earned(h: &str, l: &str, lowest: Points) -> u64 {
        let (h, l): (Points, Points) = (h.parse().expect("score"), l.parse().expect("score"));
        let sd = (h - l).tenths().unsigned_abs() as u64;
        b3_cost(h, lowest) + b3_cost(l, lowest) - sd * sd
    }

    /// D.4's example: A 3.0; B, C 2.5; D 2.0; E 1.5; F 1.0. Png2 (AF, BC, DE, B.3 factor
    /// 4.25) beats Png1 (AF, BD, CE, 5.25), by the difference of the factors.
    #[test]
    fn b3_factor_of_the_d4_example() {
        let lowest = Points::whole(1);
        let png1 =
            earned("3", "1", lowest) + earned("2.5", "2", lowest) + earned("2.5", "1.5", lowest);
        let png2 =
            earned("3", "1", lowest) + earned("2.5", "2.5", lowest) + earned("2", "1.5", lowest);
        assert_eq!(png2 - png1, 100);
    }

    /// D.4: the bye counts as meeting a player one point below the lowest ranked one.
    #[test]
    fn bye_costs_like_an_opponent_one_point_below() {
        let lowest = Points::whole(1);
        assert_eq!(b3_cost(lowest, lowest), 100);
        assert_eq!(b3_cost(Points::from_tenths(25), lowest), 25 * 25);
    }
}
