//! Who met whom before a round: the rematch criterion every system has (Dutch and Dubov
//! [C1], 1998 B.1.a, Lim 2.1), named with the round the two players met in.

use std::collections::HashMap;

use crate::tournament::Tournament;

use super::check::Violation;

/// The round each pair of players (ids, smaller first) met in.
#[derive(Clone, Debug, Default)]
pub(crate) struct Encounters(HashMap<(u32, u32), u32>);

impl Encounters {
    /// The meetings before `round` of `t` (the latest round, if a pair met twice).
    pub(crate) fn before(t: &Tournament, round: u32) -> Encounters {
        let mut met = HashMap::new();
        for p in &t.players {
            for k in 1..round {
                let outcome = p.outcome(k);
                if let Some(o) = outcome.opponent().filter(|_| outcome.is_meeting()) {
                    met.insert(key(p.id, o), k);
                }
            }
        }
        Encounters(met)
    }

    #[cfg(test)]
    /// `pairs` (ids) met in round 1: the positions of unit tests.
    pub(crate) fn in_round_one(pairs: &[(u32, u32)]) -> Encounters {
        Encounters(pairs.iter().map(|&(a, b)| (key(a, b), 1)).collect())
    }

    /// The round `a` and `b` met in.
    pub(crate) fn round(&self, a: u32, b: u32) -> Option<u32> {
        self.0.get(&key(a, b)).copied()
    }

    /// The violation of the rematch criterion (`article`) by the pair `a`-`b`: they met,
    /// or, when `forbidden`, the event forbids the pair.
    pub(crate) fn violation(
        &self,
        article: &'static str,
        a: u32,
        b: u32,
        forbidden: bool,
    ) -> Option<Violation> {
        let text = match self.round(a, b) {
            Some(k) => format!("{a} and {b} met in round {k}"),
            None if forbidden => format!("{a} and {b} may not meet (forbidden pair)"),
            None => return None,
        };
        Some(Violation { article, text })
    }
}

fn key(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rematch_names_the_round_and_a_forbidden_pair_the_rule() {
        let e = Encounters::in_round_one(&[(4, 2)]);
        assert_eq!(e.round(2, 4), Some(1));
        let v = e.violation("[C1]", 2, 4, false).expect("a rematch");
        assert_eq!(
            (v.article, v.text.as_str()),
            ("[C1]", "2 and 4 met in round 1")
        );
        assert!(e.violation("[C1]", 1, 3, false).is_none());
        let v = e.violation("2.1", 1, 3, true).expect("forbidden");
        assert_eq!(v.text, "1 and 3 may not meet (forbidden pair)");
    }
}
