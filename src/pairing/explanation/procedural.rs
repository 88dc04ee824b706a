//! The explainer of the procedural systems (1998, Lim, Burstein, Dubov, Double-Swiss):
//! each system judges any pairing of the round in its own terms (a [`Judge`]); the
//! structure check, the colour warnings and the comparison with the engine's pairing are
//! the same for all of them.

use crate::pairing::RoundPairing;
use crate::tournament::Tournament;

use super::Explainer;
use super::check::{ColourBreak, Comparison, ManualCheck, Violation};
use super::round::RoundExplanation;
use super::value::Contributor;

/// What a procedural system says about a pairing of a round that pairs each of the
/// round's players once.
pub(crate) trait Judge: Send + Sync {
    /// `pairing` explained: its brackets (score groups) with each criterion's value in
    /// priority order, each board's floats, colour rule and unmet criteria, the PAB.
    /// `engine` when it is the engine's own pairing: the decisions may then say what the
    /// procedure found (which exchange, which relaxation, which candidate).
    fn explain(&self, pairing: &RoundPairing, engine: bool) -> RoundExplanation;

    /// The absolute criteria `pairing` breaks.
    fn absolute(&self, pairing: &RoundPairing) -> Vec<Violation>;

    /// The order that decides between pairings as good on every criterion, as the
    /// comparison names it (`the 4.3 order of candidates`).
    fn order(&self) -> &'static str;
}

/// A procedural system's pairing of a round, explained by its [`Judge`].
pub(crate) struct ProceduralExplainer<J: Judge> {
    judge: J,
    /// The players of the round (the engine's pairing pairs each once), sorted.
    players: Vec<u32>,
    /// Every player of the event, sorted: to tell an absent player from a wrong number.
    known: Vec<u32>,
    pairing: RoundPairing,
    explanation: RoundExplanation,
}

impl<J: Judge> ProceduralExplainer<J> {
    /// Explains `pairing`, the engine's pairing of a round of `t`.
    pub(crate) fn new(judge: J, t: &Tournament, pairing: RoundPairing) -> ProceduralExplainer<J> {
        let mut players: Vec<u32> = ids(&pairing);
        players.sort_unstable();
        let mut known: Vec<u32> = t.players.iter().map(|p| p.id).collect();
        known.sort_unstable();
        let explanation = judge.explain(&pairing, true);
        ProceduralExplainer {
            judge,
            players,
            known,
            pairing,
            explanation,
        }
    }

    /// Why `manual` is not a pairing of the round's players, if it is not.
    fn structure(&self, manual: &RoundPairing) -> Vec<Violation> {
        let mut errors = Vec::new();
        let mut seen = vec![0u32; self.players.len()];
        for id in ids(manual) {
            match self.players.binary_search(&id) {
                Ok(i) => seen[i] += 1,
                Err(_) => errors.push(Violation {
                    article: "C.04.1",
                    text: if self.known.binary_search(&id).is_ok() {
                        format!(
                            "{id} is not in this round (withdrawn, absent or on a requested bye)"
                        )
                    } else {
                        format!("there is no player {id}")
                    },
                }),
            }
        }
        for p in &manual.pairs {
            if p.white == p.black {
                errors.push(Violation {
                    article: "C.04.1",
                    text: format!("{} is paired with himself", p.white),
                });
            }
        }
        if manual.bye.is_some() && self.players.len().is_multiple_of(2) {
            errors.push(Violation {
                article: "C.04.1",
                text: "a pairing-allocated bye although the number of players is even".into(),
            });
        }
        for (&id, &n) in self.players.iter().zip(&seen) {
            if n == 0 {
                errors.push(Violation {
                    article: "C.04.1",
                    text: format!("{id} is neither paired nor given the bye"),
                });
            } else if n > 1 {
                errors.push(Violation {
                    article: "C.04.1",
                    text: format!("{id} appears {n} times"),
                });
            }
        }
        errors
    }
}

impl<J: Judge> Explainer for ProceduralExplainer<J> {
    fn pairing(&self) -> &RoundPairing {
        &self.pairing
    }

    fn explanation(&self) -> &RoundExplanation {
        &self.explanation
    }

    fn check_with(&self, manual: &RoundPairing, explain: bool) -> ManualCheck {
        let errors = self.structure(manual);
        if !errors.is_empty() {
            return ManualCheck::not_a_pairing(manual, errors);
        }
        let explanation = if manual.same_as(&self.pairing) && manual.pairs == self.pairing.pairs {
            self.explanation.clone()
        } else {
            self.judge.explain(manual, false)
        };
        ManualCheck {
            pairing: manual.clone(),
            errors: self.judge.absolute(manual),
            colour_breaks: colour_breaks(&explanation),
            comparison: compare(&explanation, &self.explanation, self.judge.order()),
            explanation: explain.then_some(explanation),
        }
    }
}

fn ids(p: &RoundPairing) -> Vec<u32> {
    p.pairs
        .iter()
        .flat_map(|p| [p.white, p.black])
        .chain(p.bye)
        .collect()
}

/// Boards whose colours are not the colour rules'.
fn colour_breaks(e: &RoundExplanation) -> Vec<ColourBreak> {
    e.pairs
        .iter()
        .filter(|p| !p.colours_follow_rule)
        .map(|p| ColourBreak {
            board: p.board,
            white: p.white,
            black: p.black,
            article: p.colour_rule,
            text: format!("{}: {}", p.colour_rule, p.colour_reason),
        })
        .collect()
}

/// Compares the round's criteria, then the brackets from the first: a bracket paired
/// alike in both (the same players, pairs and floaters) is passed over, since a criterion
/// that differs there (Burstein [C7], the next bracket's floaters) only reflects a
/// difference further down. The first bracket that differs decides: its first criterion
/// that differs, with the players of that bracket behind it; where every value is the
/// same, the system's `order`.
fn compare(
    manual: &RoundExplanation,
    engine: &RoundExplanation,
    order: &'static str,
) -> Comparison {
    if let Some(c) =
        Comparison::first_difference(&manual.round_criteria, &engine.round_criteria, None)
    {
        return c;
    }
    for k in 0..manual.brackets.len().min(engine.brackets.len()) {
        if Made::of(manual, k) == Made::of(engine, k) {
            continue;
        }
        let (m, e) = (&manual.brackets[k], &engine.brackets[k]);
        let mut c = Comparison::first_difference(&m.criteria, &e.criteria, Some(k + 1));
        if let Some(Comparison::Differs { responsible, .. }) = &mut c {
            let list = std::mem::take(responsible);
            *responsible = Made::of(manual, k).responsible(&Made::of(engine, k), list);
        }
        return c.unwrap_or(Comparison::SameQuality {
            bracket: k + 1,
            order,
        });
    }
    if manual.bye.as_ref().map(|b| b.player) != engine.bye.as_ref().map(|b| b.player) {
        return Comparison::SameQuality {
            bracket: manual.brackets.len(),
            order,
        };
    }
    Comparison::Equal
}

/// What a pairing made of one bracket: its players, its pairs (unordered: colours are
/// no bracket criterion of these systems) and the players leaving it.
#[derive(PartialEq, Eq)]
struct Made {
    /// Residents and incoming floaters, sorted.
    members: Vec<u32>,
    /// Each pair as (lower id, higher id), sorted.
    pairs: Vec<(u32, u32)>,
    /// The players leaving it, sorted.
    outgoing: Vec<u32>,
}

impl Made {
    fn of(e: &RoundExplanation, k: usize) -> Made {
        let b = &e.brackets[k];
        let mut members: Vec<u32> = b.residents.iter().chain(&b.incoming).copied().collect();
        members.sort_unstable();
        let mut pairs: Vec<(u32, u32)> = b
            .boards
            .iter()
            .filter_map(|&board| e.pairs.get(board - 1))
            .map(|p| (p.white.min(p.black), p.white.max(p.black)))
            .collect();
        pairs.sort_unstable();
        let mut outgoing = b.outgoing.clone();
        outgoing.sort_unstable();
        Made {
            members,
            pairs,
            outgoing,
        }
    }

    /// The players of this bracket who make the difference from `engine`'s: those
    /// among the criterion's `contributors` (the arbiter's, not the engine's) who are in
    /// the bracket; when none is (a criterion about the next bracket, as Burstein's [C7]),
    /// the floaters and pairs the arbiter's bracket has and the engine's has not.
    fn responsible(&self, engine: &Made, contributors: Vec<Contributor>) -> Vec<Contributor> {
        let member = |p: &u32| self.members.binary_search(p).is_ok();
        let here: Vec<Contributor> = contributors
            .into_iter()
            .filter(|c| match c {
                Contributor::Player(p) => member(p),
                Contributor::Pair(w, b) => member(w) && member(b),
            })
            .collect();
        if !here.is_empty() {
            return here;
        }
        let floaters = self
            .outgoing
            .iter()
            .filter(|p| !engine.outgoing.contains(p))
            .map(|&p| Contributor::Player(p));
        let pairs = self
            .pairs
            .iter()
            .filter(|p| !engine.pairs.contains(p))
            .map(|&(a, b)| Contributor::Pair(a, b));
        floaters.chain(pairs).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::explanation::{CriterionValue, FloatDirection, Skeleton, Value};
    use crate::tournament::{Player, Points};

    /// Six players, 1 and 2 on a point: a judge whose one criterion counts floats and
    /// whose colour rule gives White to the lower number; 1 and 3 have met.
    struct Floats;

    fn score(id: u32) -> Points {
        Points::from_tenths(if id <= 2 { 10 } else { 0 })
    }

    impl Judge for Floats {
        fn explain(&self, pairing: &RoundPairing, _engine: bool) -> RoundExplanation {
            let mut s = Skeleton::downward(pairing, score);
            for b in &mut s.brackets {
                b.criteria = vec![CriterionValue {
                    article: "[C5]",
                    summary: "floaters",
                    value: Value::Count(b.outgoing.len() as u32),
                    contributors: Vec::new(),
                }];
            }
            for p in &mut s.pairs {
                p.colour_rule = "5.1";
                p.colours_follow_rule = p.white < p.black;
            }
            RoundExplanation {
                round: pairing.round,
                rules: "test",
                floats: FloatDirection::Down,
                pairs: s.pairs,
                brackets: s.brackets,
                bye: None,
                round_criteria: Vec::new(),
                totals: Vec::new(),
            }
        }

        fn absolute(&self, pairing: &RoundPairing) -> Vec<Violation> {
            pairing
                .pairs
                .iter()
                .filter(|p| p.white.min(p.black) == 1 && p.white.max(p.black) == 3)
                .map(|_| Violation {
                    article: "[C1]",
                    text: "1 and 3 met".into(),
                })
                .collect()
        }

        fn order(&self) -> &'static str {
            "the test order"
        }
    }

    fn pairing(pairs: &[(u32, u32)]) -> RoundPairing {
        RoundPairing::of(2, pairs, None)
    }

    fn explainer() -> ProceduralExplainer<Floats> {
        let mut t = Tournament::default();
        for id in 1..=7 {
            t.players.push(Player::new(id, format!("P{id}")));
        }
        ProceduralExplainer::new(Floats, &t, pairing(&[(1, 2), (3, 4), (5, 6)]))
    }

    #[test]
    fn the_engines_own_pairing_is_equal() {
        let e = explainer();
        let check = e.check(&pairing(&[(1, 2), (3, 4), (5, 6)]));
        assert!(check.is_valid());
        assert_eq!(check.comparison, Comparison::Equal);
        assert!(check.colour_breaks.is_empty());
    }

    #[test]
    fn a_worse_pairing_names_the_bracket_and_criterion() {
        let check = explainer().check_explained(&pairing(&[(1, 4), (2, 3), (5, 6)]));
        assert!(check.is_valid());
        match &check.comparison {
            Comparison::Differs {
                bracket: Some(1),
                article: "[C5]",
                worse: true,
                ..
            } => {}
            other => panic!("expected worse at [C5] in bracket 1, got {other:?}"),
        }
        assert!(check.explanation.is_some());
    }

    #[test]
    fn colours_and_absolute_criteria_are_reported() {
        let check = explainer().check(&pairing(&[(2, 1), (3, 4), (5, 6)]));
        assert_eq!(check.colour_breaks.len(), 1);
        assert_eq!(check.colour_breaks[0].board, 1);
        assert_eq!(check.comparison, Comparison::Equal);
        let check = explainer().check(&pairing(&[(1, 3), (2, 4), (5, 6)]));
        assert!(!check.is_valid());
        assert_eq!(check.errors[0].article, "[C1]");
    }

    #[test]
    fn the_same_quality_names_the_order() {
        let e = explainer();
        // The same pairs with other colours: equal, with a colour warning.
        let same = e.check(&pairing(&[(1, 2), (4, 3), (5, 6)]));
        assert_eq!(same.comparison, Comparison::Equal);
        assert_eq!(same.colour_breaks.len(), 1);
        // Other pairs in bracket 2, no float: the order decides.
        let other = e.check(&pairing(&[(1, 2), (3, 5), (4, 6)]));
        assert_eq!(
            other.comparison,
            Comparison::SameQuality {
                bracket: 2,
                order: "the test order"
            }
        );
        assert!(other.comparison_text().contains("the test order"));
    }

    #[test]
    fn a_pairing_of_other_players_is_not_compared() {
        let e = explainer();
        let check = e.check(&pairing(&[(1, 2), (3, 4), (5, 7)]));
        assert_eq!(check.comparison, Comparison::NotCompared);
        let texts: Vec<&str> = check.errors.iter().map(|v| v.text.as_str()).collect();
        assert!(texts.iter().any(|t| t.contains("7 is not in this round")));
        assert!(texts.iter().any(|t| t.contains("6 is neither paired")));
        let check = e.check(&pairing(&[(1, 2), (3, 4), (5, 9)]));
        assert!(check.errors.iter().any(|v| v.text.contains("no player 9")));
        let check = e.check(&pairing(&[(1, 2), (3, 4), (5, 5)]));
        assert!(check.errors.iter().any(|v| v.text.contains("with himself")));
    }
}
