//! The graph of one bracket: vertices `0..m0` are the MDPs, `m0..nb` the residents,
//! `nb..nn` the following scoregroup (for the look-ahead criteria), `nn..n` the other
//! remaining players (for completion). Edge weights come from the rule version's
//! criteria table.

use crate::matching::Wide;
use crate::pairing::state::{PlayerState, RoundState, RuleVersion};
use crate::tournament::Points;

use super::backtrack;
use super::bracket::{Bracket, Criteria};
use super::criteria::{may_meet, treated_as_homogeneous};
use super::layout::{Fields, TieBreak};
use super::weights_2017::{Edition, Layout2017, Mode2017};
use super::weights_2026::Layout2026;

/// The quality fields of a bracket, by rule version.
enum Quality<'a> {
    Dutch2017(Layout2017),
    Dutch2026(Layout2026<'a>),
}

/// The 2017 table's edition for a bracket, under the 2012 rules: the lowest bracket
/// merged from several scores (C.13) has no players below it, and either residents of more
/// than one score or the penultimate bracket joined to it as its S1 (whose players all
/// score more than the residents, even when these have one score); the penultimate
/// bracket (C.13) is paired to complete the round with players below it.
fn edition(b: &Bracket) -> Edition {
    if b.state.rules != RuleVersion::Dutch2012 {
        return Edition::Since2017;
    }
    let score = |p: &usize| b.state.players[*p].score;
    let completing = matches!(b.criteria, Criteria::Dutch2017(Mode2017::Completion));
    let several_scores = b
        .residents
        .first()
        .is_some_and(|first| b.residents.iter().any(|p| score(p) != score(first)));
    if completing && !b.rest.is_empty() {
        Edition::Penultimate2012
    } else if completing && b.next.is_empty() && (several_scores || b.mdps_may_meet) {
        Edition::MergedLowest2012
    } else {
        Edition::Istanbul2012
    }
}

pub(super) struct Graph<'a> {
    pub(crate) state: &'a RoundState,
    /// Vertex to player index.
    pub(crate) players: Vec<usize>,
    pub(crate) m0: usize,
    /// The MDPs the B.8 sequence pairs first (D.3, then D.1 against the residents): all
    /// of them, or none in a bracket A.3 treats as homogeneous (2012), whose candidates
    /// come in the homogeneous order (D.1 and D.2 over all its players).
    pub(crate) sequenced_mdps: usize,
    pub(crate) nb: usize,
    pub(crate) nn: usize,
    pub(crate) tie_break: TieBreak,
    /// 2012 C.13: the bracket is the merged lowest one, its S1 the latest added score
    /// bracket (whose players may meet).
    pub(crate) mdps_may_meet: bool,
    quality: Quality<'a>,
    /// 2012 C.12's second pairing: each bracket player's worth to the next scoregroup
    /// when he stays ([`backtrack::stay_credits`]); empty otherwise.
    stay_credits: Vec<u64>,
    /// C.04.3 (2012) C.3.g/h: whether B.5 and B.6 for upfloaters are set; not in a
    /// bracket A.3 treats as homogeneous ([`treated_as_homogeneous`]). The lowest
    /// bracket merged by C.13 sets them for its S1 pairs (`Edition::MergedLowest2012`).
    pub(crate) upfloaters: bool,
    /// Bits needed by the weights.
    pub(crate) total_bits: u32,
}

impl<'a> Graph<'a> {
    pub(crate) fn new(b: &Bracket<'a>) -> Graph<'a> {
        let score = |p: &usize| b.state.players[*p].score;
        let reference = [b.mdps, b.residents, b.next, b.rest]
            .into_iter()
            .flatten()
            .map(score)
            .min()
            .unwrap_or(Points::ZERO);
        let alone = matches!(b.criteria, Criteria::Dutch2017(Mode2017::Alone));
        let next = if alone { &[] } else { b.next };
        let players: Vec<usize> = [b.mdps, b.residents, next, b.rest].concat();
        let m0 = b.mdps.len();
        let nb = m0 + b.residents.len();
        let nn = nb + next.len();
        let mut fields = Fields::new();
        let tie_break = TieBreak::allocate(&mut fields, nb, players.len());
        let scores: Vec<Points> = players.iter().map(score).collect();
        let edition = edition(b);
        // A.3 (2012): "also treated as though it was homogeneous".
        let a3_homogeneous = matches!(edition, Edition::Istanbul2012 | Edition::Penultimate2012)
            && treated_as_homogeneous(b.state, b.mdps, b.residents);
        let quality = match b.criteria {
            Criteria::Dutch2017(mode) => Quality::Dutch2017(Layout2017::new(
                &mut fields,
                *mode,
                &scores,
                reference,
                nb,
                b.state.round,
                edition,
            )),
            Criteria::Dutch2026(round) => Quality::Dutch2026(Layout2026::new(
                &mut fields,
                round,
                &scores[..nn],
                nb,
                players.len(),
            )),
        };
        let backtracking = matches!(
            b.criteria,
            Criteria::Dutch2017(Mode2017::LookAhead {
                count_next_pairs: true,
                ..
            })
        ) && b.state.rules == RuleVersion::Dutch2012;
        let stay_credits = if backtracking {
            backtrack::stay_credits(b.state, &players[..nb], next)
        } else {
            Vec::new()
        };
        Graph {
            state: b.state,
            players,
            m0,
            sequenced_mdps: if a3_homogeneous { 0 } else { m0 },
            nb,
            nn,
            tie_break,
            mdps_may_meet: b.mdps_may_meet,
            quality,
            stay_credits,
            upfloaters: !a3_homogeneous,
            total_bits: fields.total(),
        }
    }

    pub(crate) fn n(&self) -> usize {
        self.players.len()
    }

    pub(crate) fn player(&self, v: usize) -> &PlayerState {
        &self.state.players[self.players[v]]
    }

    pub(crate) fn in_bracket(&self, v: usize) -> bool {
        v < self.nb
    }

    pub(crate) fn in_next(&self, v: usize) -> bool {
        (self.nb..self.nn).contains(&v)
    }

    /// [`backtrack::stay_credits`] of bracket vertex `v` (0 when not weighed).
    pub(crate) fn stay_credit(&self, v: usize) -> u64 {
        self.stay_credits.get(v).copied().unwrap_or(0)
    }

    pub(crate) fn not_bye_eligible(&self, v: usize) -> u64 {
        u64::from(!self.player(v).bye_eligible)
    }

    /// C.1, C.3, and no MDP–MDP pairs (B.3: S1 holds MDPs, S2 residents), unless the
    /// bracket lets them meet.
    fn edge_allowed(&self, u: usize, v: usize) -> bool {
        let (a, b) = (self.players[u], self.players[v]);
        let both_mdps = u < self.m0 && v < self.m0 && !self.mdps_may_meet;
        !both_mdps && may_meet(self.state, a, b)
    }

    /// The quality part of the weight of edge `u < v` (zero: no edge).
    pub(crate) fn base_weight<const L: usize>(&self, u: usize, v: usize) -> Wide<L> {
        let mut w = Wide::<L>::ZERO;
        if self.edge_allowed(u, v) {
            match &self.quality {
                Quality::Dutch2017(layout) => layout.add_weight(self, u, v, &mut w),
                Quality::Dutch2026(layout) => layout.add_weight(self, u, v, &mut w),
            }
        }
        w
    }
}
