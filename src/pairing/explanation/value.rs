//! A quality criterion's value in a bracket or a round, whatever the system: smaller is
//! always better, and who contributes to it.

use serde::Serialize;

use crate::tournament::Points;

/// How far a pairing is from meeting a criterion: a count, a list of scores (or score
/// differences) compared from the largest down, or a sum in hundredths of a point (the
/// squared score differences of Dutch 2012 D.4). Smaller is better.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum Value {
    Count(u32),
    Scores(Vec<Points>),
    Hundredths(u64),
}

impl Value {
    /// Scores sorted from the largest down (the order the criteria compare them in).
    pub fn scores(mut scores: Vec<Points>) -> Value {
        scores.sort_unstable_by(|a, b| b.cmp(a));
        Value::Scores(scores)
    }

    /// Whether the criterion is fully met.
    pub fn is_met(&self) -> bool {
        match self {
            Value::Count(n) => *n == 0,
            Value::Scores(s) => s.is_empty(),
            Value::Hundredths(h) => *h == 0,
        }
    }

    /// Adds another bracket's value (round totals).
    pub fn add(&mut self, other: &Value) {
        match (self, other) {
            (Value::Count(a), Value::Count(b)) => *a += b,
            (Value::Hundredths(a), Value::Hundredths(b)) => *a += b,
            (Value::Scores(a), Value::Scores(b)) => {
                a.extend(b);
                a.sort_unstable_by(|x, y| y.cmp(x));
            }
            _ => {}
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Count(n) => write!(f, "{n}"),
            Value::Scores(s) if s.is_empty() => write!(f, "none"),
            Value::Scores(s) => {
                let parts: Vec<String> = s.iter().map(Points::to_string).collect();
                write!(f, "[{}]", parts.join(", "))
            }
            Value::Hundredths(h) => write!(f, "{}.{:02}", h / 100, h % 100),
        }
    }
}

/// Someone a criterion's value comes from: a pair (white, black) or a single player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Contributor {
    Pair(u32, u32),
    Player(u32),
}

impl std::fmt::Display for Contributor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contributor::Pair(w, b) => write!(f, "{w}-{b}"),
            Contributor::Player(p) => write!(f, "{p}"),
        }
    }
}

/// A criterion's value in a bracket (or the round), with who contributes to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CriterionValue {
    /// The article in the system's text (`C12`, `[C6]`, `B.5`).
    pub article: &'static str,
    /// What the criterion minimises, in a few words.
    pub summary: &'static str,
    pub value: Value,
    pub contributors: Vec<Contributor>,
}

impl CriterionValue {
    /// Adds `values` (a bracket's, in priority order) to round totals kept per criterion:
    /// the values add up, bracket by bracket; each contributor is named once, though a
    /// floater who passes through several brackets counts in each.
    pub fn add_to_totals(totals: &mut Vec<CriterionValue>, values: &[CriterionValue]) {
        for v in values {
            let i = match totals
                .iter()
                .position(|t| t.article == v.article && t.summary == v.summary)
            {
                Some(i) => {
                    totals[i].value.add(&v.value);
                    i
                }
                None => {
                    totals.push(CriterionValue {
                        contributors: Vec::new(),
                        ..v.clone()
                    });
                    totals.len() - 1
                }
            };
            let named = &mut totals[i].contributors;
            for c in &v.contributors {
                if !named.contains(c) {
                    named.push(*c);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_compare_from_the_largest_down() {
        let p = |t: i32| Points::from_tenths(t);
        let a = Value::scores(vec![p(5), p(10)]);
        let b = Value::scores(vec![p(10)]);
        let c = Value::scores(vec![p(20)]);
        assert!(b < a, "fewer at the same top is better");
        assert!(a < c, "a lower top score is better");
        assert!(Value::Count(1) < Value::Count(2));
    }

    #[test]
    fn hundredths_show_as_decimals_and_add_up() {
        let mut v = Value::Hundredths(425);
        assert_eq!(v.to_string(), "4.25");
        v.add(&Value::Hundredths(100));
        assert_eq!(v.to_string(), "5.25");
        assert_eq!(Value::Hundredths(5).to_string(), "0.05");
        assert!(!v.is_met() && Value::Hundredths(0).is_met());
    }

    #[test]
    fn totals_add_up_per_criterion() {
        let v = |article, n| CriterionValue {
            article,
            summary: "s",
            value: Value::Count(n),
            contributors: vec![Contributor::Player(n)],
        };
        let mut totals = Vec::new();
        CriterionValue::add_to_totals(&mut totals, &[v("C6", 1), v("C7", 2)]);
        CriterionValue::add_to_totals(&mut totals, &[v("C6", 3)]);
        assert_eq!(totals.len(), 2);
        assert_eq!(totals[0].value, Value::Count(4));
        assert_eq!(totals[0].contributors.len(), 2);
    }

    /// A floater who passes through two brackets counts in both, and is named once.
    #[test]
    fn totals_name_a_contributor_once() {
        let floaters = |ids: &[u32]| CriterionValue {
            article: "[C5]",
            summary: "floaters",
            value: Value::Count(ids.len() as u32),
            contributors: ids.iter().map(|&p| Contributor::Player(p)).collect(),
        };
        let mut totals = Vec::new();
        CriterionValue::add_to_totals(&mut totals, &[floaters(&[12])]);
        CriterionValue::add_to_totals(&mut totals, &[floaters(&[6, 12])]);
        CriterionValue::add_to_totals(&mut totals, &[floaters(&[6, 6])]);
        assert_eq!(totals[0].value, Value::Count(5));
        assert_eq!(
            totals[0].contributors,
            [Contributor::Player(12), Contributor::Player(6)]
        );
    }
}
