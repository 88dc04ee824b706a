//! The brackets of any pairing read from the players' scores: who was paired in which
//! score group, who floated where. The procedural systems fill in their criteria, colour
//! rules and decisions on top of it.

use std::collections::BTreeMap;

use crate::pairing::RoundPairing;
use crate::tournament::Points;

use super::round::{
    BracketExplanation, BracketRole, ByeExplanation, FloatDirection, FloatPair, PairExplanation,
    RoundExplanation,
};
use super::value::CriterionValue;

/// A pairing's score groups (highest first), and each board's group.
#[derive(Clone, Debug)]
pub(crate) struct Skeleton {
    pub(crate) brackets: Vec<BracketExplanation>,
    /// Board `i`'s pair, with its bracket and float; colours and notes left empty.
    pub(crate) pairs: Vec<PairExplanation>,
}

impl Skeleton {
    /// Reads `pairing` with each player's score before the round (`score`; players it
    /// does not know score 0). A pair of two scores is made in the bracket `made_in`
    /// picks from the higher and the lower group's index (0 = highest): the lower one
    /// where players float down, the higher one where they float up (Dubov), the one
    /// nearer the median in Lim (across the median: the median group, which both players
    /// float into). The PAB assignee leaves the lowest group.
    pub(crate) fn read(
        pairing: &RoundPairing,
        score: impl Fn(u32) -> Points,
        made_in: impl Fn(usize, usize) -> usize,
        step_by_step: bool,
    ) -> Skeleton {
        let mut ids: Vec<u32> = pairing
            .pairs
            .iter()
            .flat_map(|p| [p.white, p.black])
            .chain(pairing.bye)
            .collect();
        ids.sort_unstable();
        let mut groups: BTreeMap<std::cmp::Reverse<Points>, Vec<u32>> = BTreeMap::new();
        for &id in &ids {
            groups
                .entry(std::cmp::Reverse(score(id)))
                .or_default()
                .push(id);
        }
        let scores: Vec<Points> = groups.keys().map(|k| k.0).collect();
        let group_of = |id: u32| scores.iter().position(|&s| s == score(id)).unwrap_or(0);
        let last = scores.len().saturating_sub(1);
        let mut brackets: Vec<BracketExplanation> = groups
            .into_values()
            .enumerate()
            .map(|(k, residents)| BracketExplanation {
                number: k + 1,
                role: if k == last {
                    BracketRole::Last
                } else {
                    BracketRole::Ordinary
                },
                scores: vec![scores[k]],
                homogeneous: true,
                residents,
                incoming: Vec::new(),
                limbo: Vec::new(),
                outgoing: Vec::new(),
                boards: Vec::new(),
                criteria: Vec::new(),
                decisions: Vec::new(),
            })
            .collect();
        let mut pairs = Vec::with_capacity(pairing.pairs.len());
        for (i, p) in pairing.pairs.iter().enumerate() {
            let (gw, gb) = (group_of(p.white), group_of(p.black));
            let (high, low) = if gw <= gb {
                (p.white, p.black)
            } else {
                (p.black, p.white)
            };
            let (gh, gl) = (gw.min(gb), gw.max(gb));
            let k = made_in(gh, gl).min(last);
            let float = (gh != gl).then(|| FloatPair {
                down: high,
                up: low,
                difference: score(high) - score(low),
            });
            // Each player whose group is not the one the pair is made in floated out of
            // it: one of them, or both when the pair is made in a group between theirs
            // (Lim 2.2: across the median, in the median group). Where players move
            // `step_by_step`, he passed through the groups between, unpaired there: each
            // took him in and moved him on.
            for (mover, from) in [(high, gh), (low, gl)] {
                if gh == gl || from == k {
                    continue;
                }
                brackets[from].outgoing.push(mover);
                let passed = if step_by_step {
                    from.min(k) + 1..from.max(k)
                } else {
                    k..k
                };
                for b in &mut brackets[passed] {
                    b.incoming.push(mover);
                    b.limbo.push(mover);
                    b.outgoing.push(mover);
                    b.homogeneous = false;
                }
                brackets[k].incoming.push(mover);
                brackets[k].homogeneous = false;
            }
            brackets[k].boards.push(i + 1);
            pairs.push(PairExplanation {
                board: i + 1,
                white: p.white,
                black: p.black,
                bracket: k + 1,
                float,
                colour_rule: "",
                colour_reason: String::new(),
                colours_follow_rule: true,
                notes: Vec::new(),
            });
        }
        if let Some(bye) = pairing.bye {
            brackets[group_of(bye)].outgoing.push(bye);
        }
        Skeleton { brackets, pairs }
    }

    /// The explanation of `round` once the system has filled in the brackets and pairs:
    /// the round totals are the brackets' criteria summed.
    pub(crate) fn finish(
        self,
        round: u32,
        rules: &'static str,
        floats: FloatDirection,
        bye: Option<ByeExplanation>,
        round_criteria: Vec<CriterionValue>,
    ) -> RoundExplanation {
        let mut totals = Vec::new();
        for b in &self.brackets {
            CriterionValue::add_to_totals(&mut totals, &b.criteria);
        }
        RoundExplanation {
            round,
            rules,
            floats,
            pairs: self.pairs,
            brackets: self.brackets,
            bye,
            round_criteria,
            totals,
        }
    }

    /// Reads a pairing of a system whose players float down (the pair is made in the
    /// lower player's group).
    pub(crate) fn downward(pairing: &RoundPairing, score: impl Fn(u32) -> Points) -> Skeleton {
        Skeleton::read(pairing, score, |_, low| low, false)
    }

    /// [`Skeleton::downward`], for a system that moves an unpaired player down one
    /// bracket at a time (1998 A.3: each bracket he passes through took him in and moved
    /// him on).
    pub(crate) fn moved_down_step_by_step(
        pairing: &RoundPairing,
        score: impl Fn(u32) -> Points,
    ) -> Skeleton {
        Skeleton::read(pairing, score, |_, low| low, true)
    }

    /// Reads a pairing of a system whose players float up (Dubov: the pair is made in
    /// the higher player's group).
    pub(crate) fn upward(pairing: &RoundPairing, score: impl Fn(u32) -> Points) -> Skeleton {
        Skeleton::read(pairing, score, |high, _| high, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(pairs: &[(u32, u32)], bye: Option<u32>) -> RoundPairing {
        RoundPairing::of(2, pairs, bye)
    }

    /// 1 to 3 on 1 point, 4 and 5 on 0.
    fn score(id: u32) -> Points {
        Points::from_tenths(if id <= 3 { 10 } else { 0 })
    }

    #[test]
    fn a_downfloat_is_made_in_the_lower_group() {
        // 2 floats down to meet 4; 5 gets the PAB.
        let s = Skeleton::downward(&pairing(&[(1, 3), (4, 2)], Some(5)), score);
        assert_eq!(s.brackets.len(), 2);
        assert_eq!(s.brackets[0].outgoing, vec![2]);
        assert_eq!(s.brackets[0].boards, vec![1]);
        assert!(s.brackets[0].homogeneous);
        assert_eq!(s.brackets[1].incoming, vec![2]);
        assert_eq!(s.brackets[1].boards, vec![2]);
        assert_eq!(s.brackets[1].outgoing, vec![5]);
        assert_eq!(s.brackets[1].role, BracketRole::Last);
        let f = s.pairs[1].float.expect("2 meets 4 across groups");
        assert_eq!((f.down, f.up), (2, 4));
        assert_eq!(f.difference, Points::from_tenths(10));
        assert!(s.pairs[0].float.is_none());
    }

    #[test]
    fn an_upfloat_is_made_in_the_higher_group() {
        // 4 floats up to meet 3.
        let s = Skeleton::upward(&pairing(&[(1, 2), (4, 3)], Some(5)), score);
        assert_eq!(s.brackets[0].incoming, vec![4]);
        assert_eq!(s.brackets[0].boards, vec![1, 2]);
        assert!(!s.brackets[0].homogeneous);
        assert_eq!(s.brackets[1].outgoing, vec![4, 5]);
        assert!(s.brackets[1].boards.is_empty());
    }

    /// 1 on 2 points, 2 and 3 on 1, 4 and 5 on 0.
    fn three_groups(id: u32) -> Points {
        Points::whole(match id {
            1 => 2,
            2 | 3 => 1,
            _ => 0,
        })
    }

    #[test]
    fn a_floater_passes_through_the_groups_between() {
        // 1 floats past the 1-point group to meet 4; 2-3 and 5's PAB stay home.
        let s =
            Skeleton::moved_down_step_by_step(&pairing(&[(1, 4), (2, 3)], Some(5)), three_groups);
        assert_eq!(s.brackets[0].outgoing, vec![1]);
        assert_eq!(s.brackets[1].incoming, vec![1]);
        assert_eq!(s.brackets[1].limbo, vec![1]);
        assert_eq!(s.brackets[1].outgoing, vec![1]);
        assert_eq!(s.brackets[1].boards, vec![2]);
        assert_eq!(s.brackets[2].incoming, vec![1]);
        assert_eq!(s.brackets[2].boards, vec![1]);
        // Where a floater is taken straight to his pair's group, the group between
        // never had him.
        let direct = Skeleton::downward(&pairing(&[(1, 4), (2, 3)], Some(5)), three_groups);
        assert!(direct.brackets[1].incoming.is_empty());
        assert!(direct.brackets[1].outgoing.is_empty());
    }

    #[test]
    fn across_the_median_both_players_float_into_the_median_group() {
        // Lim: 1 (2 points) meets 4 (0) in the 1-point group between them.
        let s = Skeleton::read(
            &pairing(&[(1, 4), (2, 3)], Some(5)),
            three_groups,
            |_, _| 1,
            true,
        );
        assert_eq!(s.brackets[0].outgoing, vec![1]);
        assert_eq!(s.brackets[2].outgoing, vec![4, 5]);
        assert_eq!(s.brackets[1].incoming, vec![1, 4]);
        assert!(s.brackets[1].limbo.is_empty());
        assert_eq!(s.brackets[1].boards, vec![1, 2]);
    }
}
