//! Which terms the Cut and Median modifiers drop (C.07 14.1-14.4), with the exception for
//! voluntary unplayed rounds (16.5).

use super::rules::{Edition, Rules};

/// One term of a sum that a cut may drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Term {
    /// What decides significance first: the opponent's score (or rating).
    pub(crate) score: i64,
    /// What the term adds to the sum (equal to `score` for Buchholz).
    pub(crate) value: i64,
    /// The round was voluntarily unplayed (C.07 16.1).
    pub(crate) voluntary: bool,
}

/// How the least significant term is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CutRule {
    /// C.07 14.1: the term of the lowest-scoring opponent; among equal scores, the lowest
    /// term (for SB: the worst result).
    Plain,
    /// C.07 16.5 for BH and FB: the lowest voluntarily unplayed round is cut first.
    BuchholzVoluntaryFirst,
    /// C.07 16.5 for SB: the higher of the lowest voluntarily unplayed round's term and the
    /// least significant term is cut.
    SonnebornBergerHigher,
}

impl CutRule {
    /// The rule for Buchholz-type (`sonneborn_berger` false) or Sonneborn-Berger sums:
    /// C.07 16.5 applies to Swiss events under the 2023 and later texts.
    pub(crate) fn for_sums(rules: Rules, sonneborn_berger: bool) -> CutRule {
        if rules.predetermined || rules.edition == Edition::VirtualOpponent {
            CutRule::Plain
        } else if sonneborn_berger {
            CutRule::SonnebornBergerHigher
        } else {
            CutRule::BuchholzVoluntaryFirst
        }
    }
}

/// The indices of the terms dropped by `low` lowest and `high` highest cuts, in the
/// order they are dropped. Cuts beyond the number of terms drop everything.
pub(crate) fn cut(terms: &[Term], low: u8, high: u8, rule: CutRule) -> Vec<usize> {
    let mut remaining: Vec<usize> = (0..terms.len()).collect();
    let mut dropped = Vec::new();
    let key = |i: &usize| (terms[*i].score, terms[*i].value, *i);
    for _ in 0..low {
        let Some(&least) = remaining.iter().min_by_key(|i| key(i)) else {
            break;
        };
        let lowest_voluntary = remaining
            .iter()
            .filter(|&&i| terms[i].voluntary)
            .min_by_key(|&&i| (terms[i].value, terms[i].score, i))
            .copied();
        let chosen = match (rule, lowest_voluntary) {
            (CutRule::BuchholzVoluntaryFirst, Some(v)) => v,
            (CutRule::SonnebornBergerHigher, Some(v)) if terms[v].value >= terms[least].value => v,
            _ => least,
        };
        remaining.retain(|&i| i != chosen);
        dropped.push(chosen);
    }
    for _ in 0..high {
        let Some(&most) = remaining
            .iter()
            .max_by_key(|&&i| (terms[i].score, terms[i].value, std::cmp::Reverse(i)))
        else {
            break;
        };
        remaining.retain(|&i| i != most);
        dropped.push(most);
    }
    dropped
}

/// The sum of the terms left after `low` lowest and `high` highest cuts, and for each
/// term whether it was cut.
pub(crate) fn sum_after_cuts(terms: &[Term], low: u8, high: u8, rule: CutRule) -> (i64, Vec<bool>) {
    let mut dropped = vec![false; terms.len()];
    for i in cut(terms, low, high, rule) {
        dropped[i] = true;
    }
    let sum = terms
        .iter()
        .zip(&dropped)
        .filter(|(_, d)| !**d)
        .map(|(t, _)| t.value)
        .sum();
    (sum, dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bh(score: i64, voluntary: bool) -> Term {
        Term {
            score,
            value: score,
            voluntary,
        }
    }

    fn sb(score: i64, value: i64, voluntary: bool) -> Term {
        Term {
            score,
            value,
            voluntary,
        }
    }

    #[test]
    fn plain_cuts_drop_the_least_and_most_significant() {
        let terms = [bh(30, false), bh(10, false), bh(50, false), bh(20, false)];
        assert_eq!(cut(&terms, 1, 0, CutRule::Plain), [1]);
        assert_eq!(cut(&terms, 2, 0, CutRule::Plain), [1, 3]);
        assert_eq!(cut(&terms, 1, 1, CutRule::Plain), [1, 2]);
        assert_eq!(cut(&terms, 2, 2, CutRule::Plain).len(), 4);
        assert_eq!(cut(&terms, 3, 3, CutRule::Plain).len(), 4);
    }

    #[test]
    fn buchholz_cuts_voluntary_unplayed_rounds_first() {
        // 16.5: the VUR (a dummy worth 40) goes before the lowest opponent (10).
        let terms = [bh(10, false), bh(40, true), bh(30, false), bh(35, true)];
        assert_eq!(cut(&terms, 1, 0, CutRule::BuchholzVoluntaryFirst), [3]);
        assert_eq!(
            cut(&terms, 3, 0, CutRule::BuchholzVoluntaryFirst),
            [3, 1, 0]
        );
        // Median: the highest is cut from what remains.
        assert_eq!(cut(&terms, 1, 1, CutRule::BuchholzVoluntaryFirst), [3, 1]);
        assert_eq!(
            sum_after_cuts(&terms, 1, 1, CutRule::BuchholzVoluntaryFirst),
            (40, vec![false, true, false, true])
        );
    }

    #[test]
    fn sonneborn_berger_cuts_the_higher_of_the_two_candidates() {
        // Least significant: the lowest-scoring opponent (score 10, product 10).
        // Lowest VUR product: 0 (a zero-point bye): lower, so the least significant goes.
        let terms = [sb(10, 10, false), sb(40, 0, true), sb(30, 30, false)];
        assert_eq!(cut(&terms, 1, 0, CutRule::SonnebornBergerHigher), [0]);
        // A half-point bye against a dummy of 40: product 20 > 10, so the VUR goes.
        let terms = [sb(10, 10, false), sb(40, 20, true), sb(30, 30, false)];
        assert_eq!(cut(&terms, 1, 0, CutRule::SonnebornBergerHigher), [1]);
        // Equal scores: the worst result is the least significant.
        let terms = [sb(20, 20, false), sb(20, 0, false)];
        assert_eq!(cut(&terms, 1, 0, CutRule::Plain), [1]);
    }
}
