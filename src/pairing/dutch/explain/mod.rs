//! Explanations of Dutch pairings (C.04.1: the arbiter must be able to explain them), and
//! the check of a pairing chosen by the arbiter. Both come from the evaluators that build
//! the engine's matching weights, so an explanation cannot disagree with the engine:
//! - per pair: who floats, which colour rule decided, each quality criterion not met;
//! - per bracket: residents, MDPs, Limbo, downfloaters, and every criterion's value;
//! - the PAB, and the round's criterion values in priority order.

mod brackets;
mod check;
mod criterion;
mod decisions;
mod lookahead;
mod measure;
mod pairs;

use std::sync::OnceLock;

pub(crate) use criterion::Criterion;

use crate::pairing::explanation::{
    BracketExplanation, BracketRole, ByeExplanation, CriterionValue, Explainer, FloatDirection,
    ManualCheck, RoundExplanation,
};
use crate::pairing::state::{Float, RoundState, RuleVersion};
use crate::pairing::{PairingError, RoundPairing};
use crate::tournament::Tournament;

use super::backtrack::Backtrack;
use super::{Collapsed, Dutch, LowestS1, finish, scoregroups};
use brackets::{Board, Shape};

/// A pairing measured bracket by bracket. A bracket's values are measured when first
/// asked for: the manual check needs only the brackets down to the first that differs
/// from the engine's, and measuring a big bracket (its C.7/C8 look-ahead) is the costly
/// part of a check.
struct Measured {
    shapes: Vec<Shape>,
    boards: Vec<Board>,
    bye: Option<usize>,
    /// The S1 of the collapsed last bracket, if any.
    lowest_s1: Vec<usize>,
    /// 2012: the scoregroup C.13 joined to the lowest bracket, if any.
    joined: Option<Vec<usize>>,
    round_values: Vec<CriterionValue>,
    values: Vec<OnceLock<Vec<CriterionValue>>>,
    looks: Vec<measure::LookCell>,
}

/// The S1 of the collapsed last bracket of `shapes` (the engine's reading of who forms it,
/// applied to this pairing's players); empty without one.
fn lowest_s1(groups: &[Vec<usize>], collapsed: Option<&Collapsed>, shapes: &[Shape]) -> Vec<usize> {
    let (Some(c), Some(last)) = (collapsed, shapes.last()) else {
        return Vec::new();
    };
    match c.s1 {
        LowestS1::MovedDown => last.mdps.clone(),
        LowestS1::Joined => last.mdps.iter().chain(&groups[c.from]).copied().collect(),
        LowestS1::Homogeneous => Vec::new(),
    }
}

impl Measured {
    fn new(
        state: &RoundState,
        groups: &[Vec<usize>],
        collapsed: Option<&Collapsed>,
        boards: Vec<Board>,
        bye: Option<usize>,
    ) -> Measured {
        let mut shapes = brackets::shapes(state, groups, collapsed.map(|c| c.from), &boards);
        let lowest_s1 = lowest_s1(groups, collapsed, &shapes);
        // 2012 C.13: after a join the bracket above the lowest was paired as any other,
        // looking ahead to the joined scoregroup; it was not re-paired for the lowest.
        let joined = collapsed
            .filter(|c| c.s1 != LowestS1::MovedDown)
            .map(|c| groups[c.from].clone());
        if joined.is_some()
            && let Some(above) = shapes.len().checked_sub(2)
        {
            shapes[above].role = BracketRole::Ordinary;
        }
        let mut measured = Measured {
            values: shapes.iter().map(|_| OnceLock::new()).collect(),
            looks: shapes
                .iter()
                .map(|_| measure::LookCell::default())
                .collect(),
            shapes,
            boards,
            bye,
            lowest_s1,
            joined,
            round_values: Vec::new(),
        };
        measured.round_values = measured.round(state).bye_score().into_iter().collect();
        measured
    }

    fn round<'a>(&'a self, state: &'a RoundState) -> measure::Round<'a> {
        measure::Round {
            state,
            shapes: &self.shapes,
            boards: &self.boards,
            bye: self.bye,
            lowest_s1: &self.lowest_s1,
            joined: self.joined.as_deref(),
        }
    }

    /// The criterion values of bracket `k`, in priority order.
    fn values(&self, state: &RoundState, k: usize) -> &[CriterionValue] {
        self.values[k].get_or_init(|| self.round(state).bracket(k, &self.looks[k]))
    }

    /// Takes bracket `k`'s look-ahead (C.7/C8, the costly measure) from `other` when it
    /// is bound to be the same: the same downfloaters offered to the same next bracket,
    /// the same players below and (2026) a PAB on the same score; and (2012) what C.12
    /// made of its own pairing when the bracket holds the same players.
    fn borrow_lookahead(&self, state: &RoundState, other: &Measured, k: usize) {
        let same_players = self.shapes[k].mdps == other.shapes[k].mdps
            && self.shapes[k].residents == other.shapes[k].residents;
        if let Some(known) = other.looks[k].backtrack.get().filter(|_| same_players) {
            let _ = self.looks[k].backtrack.set(known.clone());
        }
        let sorted = |m: &Measured| {
            let mut v = m.shapes[k].leftovers.clone();
            v.sort_unstable();
            v
        };
        let next = |m: &Measured| m.shapes.get(k + 1).map(|s| s.residents.clone());
        let bye_score = |m: &Measured| m.bye.map(|b| state.players[b].score);
        let alike = self.shapes.len() == other.shapes.len()
            && self.shapes[k].role == other.shapes[k].role
            && sorted(self) == sorted(other)
            && next(self) == next(other)
            && bye_score(self) == bye_score(other);
        // Only a weighed look-ahead: the fallback for brackets too wide to weigh reads
        // the next bracket's actual pairing.
        let weighed = |l: &&Option<measure::Look>| l.as_ref().is_some_and(|l| l.best.is_some());
        if let Some(known) = other.looks[k].look.get().filter(weighed).filter(|_| alike) {
            let _ = self.looks[k].look.set(known.clone());
        }
    }

    /// Whether bracket `k` is paired alike in both pairings, colours and the PAB of its
    /// leftovers included: then every value of it is the same in both (the players
    /// below it are the same too), without measuring it.
    fn same_bracket(&self, other: &Measured, k: usize) -> bool {
        let boards = |m: &Measured| {
            let mut v: Vec<(usize, usize, bool)> = m.shapes[k]
                .boards
                .iter()
                .map(|&b| {
                    (
                        m.boards[b].higher,
                        m.boards[b].lower,
                        m.boards[b].higher_white,
                    )
                })
                .collect();
            v.sort_unstable();
            v
        };
        let bye_here = |m: &Measured| m.bye.filter(|b| m.shapes[k].leftovers.contains(b));
        self.shapes[k].mdps == other.shapes[k].mdps
            && self.shapes[k].residents == other.shapes[k].residents
            && boards(self) == boards(other)
            && bye_here(self) == bye_here(other)
    }

    /// The explanation; `engine` when this is the engine's own pairing, whose PAB is on
    /// the lowest score a legal pairing allows (C5), which the text then says.
    fn explanation(&self, state: &RoundState, engine: bool) -> RoundExplanation {
        let ids =
            |list: &[usize]| -> Vec<u32> { list.iter().map(|&p| state.players[p].id).collect() };
        let bracket_of = |b: usize| {
            self.shapes
                .iter()
                .position(|s| s.boards.contains(&b))
                .unwrap_or(0)
        };
        let pairs = self
            .boards
            .iter()
            .enumerate()
            .map(|(i, board)| {
                let k = bracket_of(i);
                let round = self.round(state);
                let waived = matches!(
                    round.backtrack(k, &self.looks[k]),
                    Some(Backtrack::StrongWaived { .. })
                );
                let upfloaters = !round.treated_as_homogeneous(k);
                pairs::explain(state, i, board, k, round.merged_2012(k), waived, upfloaters)
            })
            .collect();
        let brackets = self
            .shapes
            .iter()
            .enumerate()
            .map(|(k, shape)| {
                let criteria = self.values(state, k);
                let scores = shape.scores(state);
                let limbo: Vec<usize> = shape
                    .mdps
                    .iter()
                    .copied()
                    .filter(|p| shape.leftovers.contains(p))
                    .collect();
                BracketExplanation {
                    number: k + 1,
                    role: shape.role,
                    homogeneous: shape.mdps.is_empty() && scores.len() == 1,
                    scores,
                    residents: ids(&shape.residents),
                    incoming: ids(&shape.mdps),
                    limbo: ids(&limbo),
                    outgoing: ids(&shape.leftovers),
                    boards: shape.boards.iter().map(|b| b + 1).collect(),
                    criteria: criteria.to_vec(),
                    decisions: decisions::of_2012(
                        state,
                        shape,
                        criteria,
                        self.round(state).backtrack(k, &self.looks[k]),
                        self.round(state).treated_as_homogeneous(k),
                    ),
                }
            })
            .collect();
        let mut totals: Vec<CriterionValue> = Vec::new();
        for k in 0..self.shapes.len() {
            CriterionValue::add_to_totals(&mut totals, self.values(state, k));
        }
        if state.rules == RuleVersion::Dutch2012 {
            // B.3 and its D.4 factor are measured in different brackets: the first
            // bracket with each need not list them in priority order.
            let order = Criterion::bracket_order(state.rules);
            totals.sort_by_key(|v| order.iter().position(|c| c.summary() == v.summary));
        }
        RoundExplanation {
            round: state.round,
            rules: match state.rules {
                RuleVersion::Dutch2012 => "Dutch 2012 (Istanbul)",
                RuleVersion::Dutch2017 => "Dutch 2017 (C.04.3)",
                RuleVersion::Dutch2026 => "Dutch 2026 (C.04.3)",
            },
            floats: FloatDirection::Down,
            pairs,
            brackets,
            bye: self.bye.map(|b| bye_explanation(state, b, engine)),
            round_criteria: self.round_values.clone(),
            totals,
        }
    }
}

/// The article for `rules` among the 2012, 2017 and 2026 ones.
fn by_version(
    rules: RuleVersion,
    of_2012: &'static str,
    of_2017: &'static str,
    of_2026: &'static str,
) -> &'static str {
    match rules {
        RuleVersion::Dutch2012 => of_2012,
        RuleVersion::Dutch2017 => of_2017,
        RuleVersion::Dutch2026 => of_2026,
    }
}

/// Why the PAB assignee could receive it, also when the 2012 bar of B.1.b was set aside
/// for the round, for the players who scored without playing the fewest times (see
/// [`Dutch`]'s pairing: no legal pairing otherwise).
fn bye_explanation(state: &RoundState, bye: usize, engine: bool) -> ByeExplanation {
    let p = &state.players[bye];
    let rules = state.rules;
    let since_2026 = rules == RuleVersion::Dutch2026;
    let games = p.colours.len();
    let mut reasons = vec![format!(
        "score {}, {games} game{} played, {} round{} without a game",
        p.score,
        if games == 1 { "" } else { "s" },
        p.unplayed_rounds,
        if p.unplayed_rounds == 1 { "" } else { "s" },
    )];
    reasons.push(if state.bye_bar_lifted {
        "B.1.b set aside for this round, as little as it takes: with everyone who scored without playing barred from the bye, no pairing meets the absolute criteria, so only those who did so the fewest times may take it".to_string()
    } else if p.bye_eligible {
        by_version(
            rules,
            "eligible (B.1.b): no earlier point or half point without playing",
            "eligible (C.2): no earlier pairing-allocated bye or forfeit win",
            "eligible (C2): no earlier round scored a win's points without a game",
        )
        .to_string()
    } else {
        by_version(
            rules,
            "not eligible for the bye (B.1.b)",
            "not eligible for the PAB (C.2 / C2)",
            "not eligible for the PAB (C.2 / C2)",
        )
        .to_string()
    });
    if since_2026 {
        reasons.push(format!(
            "C5 compares the PAB assignee's score ({}), C9 his unplayed rounds ({})",
            p.score, p.unplayed_rounds
        ));
    }
    let lower = |eligible: bool| -> Vec<String> {
        state
            .players
            .iter()
            .filter(|q| q.score < p.score && q.bye_eligible == eligible)
            .map(|q| format!("{} ({})", q.id, q.score))
            .collect()
    };
    let barred = lower(false);
    if !barred.is_empty() {
        reasons.push(format!(
            "on lower scores, may not receive it ({}): {}",
            by_version(rules, "B.1.b", "C.2", "C2"),
            barred.join(", ")
        ));
    }
    let eligible = lower(true);
    if !eligible.is_empty() {
        reasons.push(if engine {
            format!(
                "on lower scores and eligible, but no legal pairing of the others leaves one of them for the PAB ({}): {}",
                by_version(rules, "B.1, B.2, C.13", "C.4", "C4/C5"),
                eligible.join(", ")
            )
        } else {
            format!("on lower scores and eligible: {}", eligible.join(", "))
        });
    }
    reasons.push("the player left over when the last bracket is paired".to_string());
    if p.floats[0] == Float::Down {
        let article = by_version(rules, "B.5", "C.12", "C14");
        reasons.push(format!(
            "had a downfloat in round {} too ({article})",
            state.round.saturating_sub(1)
        ));
    }
    ByeExplanation {
        player: p.id,
        score: p.score,
        reasons,
    }
}

/// The index of each present player's id.
fn index_of(state: &RoundState, id: u32) -> Option<usize> {
    state.players.iter().position(|p| p.id == id)
}

/// A Dutch round paired and explained once, ready to check any number of arbiter's
/// pairings against it (the override workflow checks every edit).
pub(crate) struct DutchExplainer {
    history: Tournament,
    state: RoundState,
    groups: Vec<Vec<usize>>,
    collapsed: Option<Collapsed>,
    engine: Measured,
    pairing: RoundPairing,
    /// Written when first asked for: measuring every bracket costs more than the solve
    /// on the largest fields, and the pairing is wanted first.
    explanation: OnceLock<RoundExplanation>,
}

impl Explainer for DutchExplainer {
    fn pairing(&self) -> &RoundPairing {
        &self.pairing
    }

    fn explanation(&self) -> &RoundExplanation {
        self.explanation
            .get_or_init(|| self.engine.explanation(&self.state, true))
    }

    /// Measures the arbiter's brackets only down to the first that differs from the
    /// engine's (what the comparison needs), unless `explain`.
    fn check_with(&self, manual: &RoundPairing, explain: bool) -> ManualCheck {
        check::check(
            &self.state,
            &self.history,
            manual,
            |boards, bye| {
                Measured::new(
                    &self.state,
                    &self.groups,
                    self.collapsed.as_ref(),
                    boards,
                    bye,
                )
            },
            &self.engine,
            explain,
        )
    }
}

impl Dutch {
    /// Pairs `round` of `t` (the tournament as it stood before the round), ready to
    /// explain the pairing and check others against it from the same solve.
    pub(crate) fn explainer(
        &self,
        t: &Tournament,
        round: u32,
    ) -> Result<DutchExplainer, PairingError> {
        let (state, paired) = self.solve(t, round)?;
        let pairing = finish(t, &state, round, &paired);
        let groups = scoregroups(&state);
        let boards: Vec<Board> = pairing
            .pairs
            .iter()
            .filter_map(|p| {
                Some(Board::new(
                    &state,
                    index_of(&state, p.white)?,
                    index_of(&state, p.black)?,
                ))
            })
            .collect();
        let engine = Measured::new(
            &state,
            &groups,
            paired.collapsed.as_ref(),
            boards,
            paired.bye,
        );
        Ok(DutchExplainer {
            history: t.clone(),
            state,
            groups,
            collapsed: paired.collapsed,
            engine,
            pairing,
            explanation: OnceLock::new(),
        })
    }
}

#[cfg(test)]
mod tests;
