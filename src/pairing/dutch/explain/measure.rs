//! The value of every quality criterion in each bracket of a pairing, measured with the
//! same pair evaluator that builds the matching weights (`criteria::evaluate_coloured`)
//! and charged where the weights charge it: a downfloater's repeated float in the bracket
//! that lets him float, an upfloater's in the bracket where he meets the MDP.

use std::sync::OnceLock;

use crate::pairing::colour::{self, Allocation};
use crate::pairing::state::{Float, RoundState, RuleVersion};
use crate::tournament::Points;

use super::brackets::{Board, Shape};
use super::criterion::Criterion;
use super::lookahead;
use super::pairs::denials;
use crate::pairing::colour::Strength;
use crate::pairing::dutch::backtrack::{self, Backtrack};
use crate::pairing::dutch::criteria::{self, PairQuality};
use crate::pairing::dutch::layout::ColourTable;
use crate::pairing::dutch::round_2017;
use crate::pairing::explanation::BracketRole;
use crate::pairing::explanation::{Contributor, CriterionValue, Value};

/// The pair criteria of a board, with the colours it actually has.
pub(super) fn quality(state: &RoundState, board: &Board) -> PairQuality {
    let (h, l) = (&state.players[board.higher], &state.players[board.lower]);
    let rule = colour::allocate(h, l, &state.colour_rules).rule;
    criteria::evaluate_coloured(
        h,
        l,
        Allocation {
            higher_gets_white: board.higher_white,
            rule,
        },
    )
}

/// Collects a criterion's value and contributors.
struct Tally {
    count: u32,
    scores: Vec<Points>,
    contributors: Vec<Contributor>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            count: 0,
            scores: Vec::new(),
            contributors: Vec::new(),
        }
    }
}

/// A bracket's look-ahead (C.7 / C8; 2012: C.12's), once measured.
#[derive(Clone, Debug)]
pub(super) struct Look {
    /// The next bracket's index.
    pub(crate) next: usize,
    /// Whether the next bracket's pairs count before the downfloaters' scores.
    pub(crate) count_pairs: bool,
    /// The best the next bracket can do; `None` when too wide to weigh.
    pub(crate) best: Option<lookahead::Lookahead>,
}

/// What bracket `k`'s look-ahead criteria need, each measured when first asked for (see
/// [`Round::bracket`]); `None` inside where they do not apply.
#[derive(Default)]
pub(super) struct LookCell {
    /// 2012: what C.12 made of the bracket's own pairing ([`Round::backtrack`]).
    pub(crate) backtrack: OnceLock<Option<Backtrack>>,
    pub(crate) look: OnceLock<Option<Look>>,
}

/// Everything the measures of one bracket need.
pub(super) struct Round<'a> {
    pub(crate) state: &'a RoundState,
    pub(crate) shapes: &'a [Shape],
    pub(crate) boards: &'a [Board],
    pub(crate) bye: Option<usize>,
    /// The S1 of the collapsed last bracket (see `Measured`).
    pub(crate) lowest_s1: &'a [usize],
    /// 2012: the scoregroup of the penultimate bracket C.13 joined to the lowest, which
    /// the bracket above looked ahead to when it was paired.
    pub(crate) joined: Option<&'a [usize]>,
}

impl Round<'_> {
    /// The players bracket `k` looks ahead to: the next bracket's residents (2012: the
    /// joined scoregroup alone, when the next bracket is the lowest after a join).
    fn next_residents(&self, k: usize) -> Option<&[usize]> {
        let next = self.shapes.get(k + 1)?;
        Some(match self.joined {
            Some(group) if k + 2 == self.shapes.len() => group,
            _ => &next.residents,
        })
    }

    fn id(&self, p: usize) -> u32 {
        self.state.players[p].id
    }

    fn pair(&self, b: usize) -> Contributor {
        let board = &self.boards[b];
        Contributor::Pair(self.id(board.white()), self.id(board.black()))
    }

    fn score(&self, p: usize) -> Points {
        self.state.players[p].score
    }

    /// A.8 (2017): a downfloater's score difference is measured from one point below
    /// the lowest score of the players the bracket is paired with: the following
    /// scoregroup (look-ahead), everyone below (PPB) or the bracket itself (last).
    fn downfloat_difference(&self, k: usize, p: usize) -> Points {
        let lowest = |s: &Shape| s.residents.iter().map(|&r| self.score(r)).min();
        let reference = self
            .shapes
            .get(k + 1)
            .and_then(lowest)
            .or_else(|| lowest(&self.shapes[k]))
            .unwrap_or(Points::ZERO);
        self.score(p) - reference + Points::ONE
    }

    /// 2012: whether bracket `k` is the lowest one merged by C.13 from several score
    /// brackets, paired by the D.4 B.3 factor and producing no downfloaters (the CLB the
    /// engine pairs with `Edition::MergedLowest2012`).
    pub(crate) fn merged_2012(&self, k: usize) -> bool {
        let shape = &self.shapes[k];
        let score = |p: &usize| self.score(*p);
        self.state.rules == RuleVersion::Dutch2012
            && shape.role == BracketRole::Collapsed
            && shape
                .residents
                .first()
                .is_some_and(|first| shape.residents.iter().any(|p| score(p) != score(first)))
    }

    /// 2012 A.3: whether bracket `k`, not the merged lowest one, is treated as
    /// homogeneous, at least half of its players (after C.1) having been moved down; it
    /// then sets no B.5/B.6 for upfloaters (C.3.g/h), as the engine weighs it.
    pub(crate) fn treated_as_homogeneous(&self, k: usize) -> bool {
        let shape = &self.shapes[k];
        self.state.rules == RuleVersion::Dutch2012
            && !self.merged_2012(k)
            && criteria::treated_as_homogeneous(self.state, &shape.mdps, &shape.residents)
    }

    /// D.4 (2012): the B.3 factor of bracket `k`, in hundredths of a point squared: each
    /// pair's squared score difference, and for its leftover (the PAB assignee) the
    /// square of his score less one point below the bracket's lowest score.
    fn b3_factor(&self, k: usize, t: &mut Tally) {
        let shape = &self.shapes[k];
        let lowest = shape
            .mdps
            .iter()
            .chain(&shape.residents)
            .map(|&p| self.score(p))
            .min()
            .unwrap_or(Points::ZERO);
        let square = |d: Points| {
            let d = d.tenths().unsigned_abs();
            d * d
        };
        for &b in &shape.boards {
            let board = &self.boards[b];
            let sd = self.score(board.higher) - self.score(board.lower);
            if sd > Points::ZERO {
                t.count += square(sd);
                t.contributors.push(self.pair(b));
            }
        }
        for &p in &shape.leftovers {
            t.count += square(self.score(p) - lowest + Points::ONE);
            t.contributors.push(Contributor::Player(self.id(p)));
        }
    }

    /// Whether the scoregroup `players` is the lowest: nobody scores less.
    fn is_lowest(&self, players: &[usize]) -> bool {
        let lowest = self.state.players.iter().map(|p| p.score).min();
        players.iter().map(|&p| self.score(p)).min() == lowest
    }

    /// 2012 C.12: what became of bracket `k`'s own pairing, for the players moved down
    /// to it (the engine's question, asked again: see [`round_2017::backtracked`]);
    /// `None` under the other versions and where C.12 does not look ahead (the PPB and
    /// the lowest bracket). The next scoregroup is the lowest when nobody scores less.
    pub(crate) fn backtrack<'c>(&self, k: usize, cell: &'c LookCell) -> Option<&'c Backtrack> {
        let known = cell.backtrack.get_or_init(|| {
            let shape = &self.shapes[k];
            if self.state.rules != RuleVersion::Dutch2012 || shape.role != BracketRole::Ordinary {
                return None;
            }
            let next = self.next_residents(k)?;
            let lowest = self.is_lowest(next);
            round_2017::backtracked(
                self.state,
                &shape.mdps,
                &shape.residents,
                next,
                lowest,
                true,
            )
            .ok()
            .map(|(_, b)| b)
        });
        known.as_ref()
    }

    /// 2012 A.7.d: whether it gave way in bracket `k` to the next bracket.
    fn strong_waived(&self, k: usize, cell: &LookCell) -> bool {
        matches!(
            self.backtrack(k, cell),
            Some(Backtrack::StrongWaived { .. })
        )
    }

    /// The criteria of bracket `k`, in descending priority; `look` holds its look-ahead
    /// once measured (or known: see `Measured::borrow_lookahead`).
    pub(crate) fn bracket(&self, k: usize, look: &LookCell) -> Vec<CriterionValue> {
        let rules = self.state.rules;
        Criterion::bracket_order(rules)
            .iter()
            .filter_map(|&c| {
                let t = self.tally(k, c, look)?;
                let value = match c {
                    Criterion::Psd
                    | Criterion::DownfloaterScores
                    | Criterion::NextBracketScores
                    | Criterion::StrongWaivedScores
                    | Criterion::RepeatedDownfloatScores
                    | Criterion::RepeatedUpfloatScores
                    | Criterion::DownfloatTwoRoundsBeforeScores
                    | Criterion::UpfloatTwoRoundsBeforeScores => Value::scores(t.scores),
                    Criterion::B3Factor => Value::Hundredths(u64::from(t.count)),
                    _ => Value::Count(t.count),
                };
                Some(CriterionValue {
                    article: c.article(rules),
                    summary: c.summary(),
                    value,
                    contributors: t.contributors,
                })
            })
            .collect()
    }

    /// 2026 C5: the PAB assignee's score.
    pub(crate) fn bye_score(&self) -> Option<CriterionValue> {
        if self.state.rules != RuleVersion::Dutch2026 {
            return None;
        }
        let bye = self.bye?;
        Some(CriterionValue {
            article: Criterion::ByeScore.article(self.state.rules),
            summary: Criterion::ByeScore.summary(),
            value: Value::Scores(vec![self.score(bye)]),
            contributors: vec![Contributor::Player(self.id(bye))],
        })
    }

    /// A downfloater's value in the look-ahead: 2026 his score, 2017 his A.8 difference.
    fn lookahead_value(&self, k: usize, p: usize) -> Points {
        if self.state.rules == RuleVersion::Dutch2026 {
            self.score(p)
        } else {
            self.downfloat_difference(k, p)
        }
    }

    /// C.7 / C8 for bracket `k`: what the next bracket can do with the downfloaters;
    /// `None` where the criterion does not apply (2017: PPB, CLB, last bracket; 2026:
    /// last bracket). 2012 has no C.7: only a pairing that C.12 replaced looks ahead, as
    /// it was looked for ([`Backtrack::Replaced`]), and C.1 moves on the residents who
    /// can meet no one, who are then not counted as unpaired ([`backtrack::stranded`]).
    fn lookahead(&self, k: usize, cell: &LookCell) -> Option<Look> {
        let shape = &self.shapes[k];
        let since_2026 = self.state.rules == RuleVersion::Dutch2026;
        let count_pairs = match self.state.rules {
            RuleVersion::Dutch2012 => match self.backtrack(k, cell)? {
                Backtrack::Replaced {
                    count_next_pairs, ..
                } => *count_next_pairs,
                Backtrack::StrongWaived { .. } => false,
                Backtrack::NotCalled | Backtrack::Kept(_) => return None,
            },
            _ => true,
        };
        let applies = if since_2026 {
            shape.role != BracketRole::Last
        } else {
            shape.role == BracketRole::Ordinary
        };
        let next = self.next_residents(k).filter(|_| applies)?;
        let value = |p: usize| self.lookahead_value(k, p);
        // 2026: within a complete pairing of everyone below (C4), the PAB to a player
        // eligible on the PAB assignee's score or lower (C5). 2017 (and 2012, counting
        // pairs): when the next bracket is the last, its pairing must leave the PAB to
        // a player who may receive it (C.2).
        let completing = since_2026 || (count_pairs && self.is_lowest(next));
        let rest: Vec<usize> = self
            .shapes
            .iter()
            .skip(k + 2)
            .flat_map(|s| s.residents.iter().copied())
            .collect();
        let bye_score = self.bye.map(|b| self.score(b));
        let bye_ok = |p: usize| {
            let q = &self.state.players[p];
            q.bye_eligible && (!since_2026 || bye_score.is_some_and(|s| q.score <= s))
        };
        let completion = lookahead::Completion {
            rest: &rest,
            bye_ok: &bye_ok,
        };
        let mut best = lookahead::best(
            self.state,
            &shape.leftovers,
            next,
            &value,
            count_pairs,
            completing.then_some(&completion),
        );
        if let Some(best) = best
            .as_mut()
            .filter(|_| self.state.rules == RuleVersion::Dutch2012)
        {
            best.unpaired -= backtrack::stranded(self.state, &shape.leftovers, next) as u32;
        }
        Some(Look {
            next: k + 1,
            count_pairs,
            best,
        })
    }

    /// One criterion in bracket `k`; `None` where it does not apply. `look` caches the
    /// look-ahead, shared by the two parts of C.7 / C8.
    fn tally(&self, k: usize, c: Criterion, look: &LookCell) -> Option<Tally> {
        use Criterion::*;
        let shape = &self.shapes[k];
        let since_2026 = self.state.rules == RuleVersion::Dutch2026;
        let merged = self.merged_2012(k);
        let odd_round = self.state.round % 2 == 1;
        let mut t = Tally::new();
        let player = |t: &mut Tally, p: usize, score: Points| {
            t.count += 1;
            t.scores.push(score);
            t.contributors.push(Contributor::Player(self.id(p)));
        };
        match c {
            ByeScore => return None,
            Downfloaters | DownfloaterScores => {
                for &p in &shape.leftovers {
                    player(&mut t, p, self.score(p));
                }
            }
            Psd if merged => return None,
            PenultimateMdpsUnpaired if shape.role != BracketRole::Penultimate => return None,
            PenultimateMdpsUnpaired => {
                for &p in shape.mdps.iter().filter(|p| shape.leftovers.contains(p)) {
                    player(&mut t, p, self.score(p));
                }
            }
            MergedS1Unpaired if !merged => return None,
            MergedS1Unpaired => {
                // C.4: of two S1 players paired together, the lower (A.2) is in S2.
                let s1 = &self.lowest_s1;
                let among_m1 = |p: usize| {
                    shape.boards.iter().any(|&b| {
                        let board = &self.boards[b];
                        board.higher == p || (board.lower == p && !s1.contains(&board.higher))
                    })
                };
                for &p in s1.iter().filter(|&&p| !among_m1(p)) {
                    player(&mut t, p, self.score(p));
                }
            }
            B3Factor if !merged => return None,
            B3Factor => self.b3_factor(k, &mut t),
            SameStrong if !odd_round || self.strong_waived(k, look) => return None,
            NextBracketUnpaired | NextBracketScores if self.strong_waived(k, look) => {
                return None;
            }
            StrongWaivedScores if !self.strong_waived(k, look) => return None,
            PairsZ if odd_round => return None,
            TopscorersSameAbsolute | SameStrong | PairsX | PairsZ => {
                let table = ColourTable::Istanbul2012 {
                    odd_round,
                    a7d: odd_round,
                };
                for &b in &shape.boards {
                    let board = &self.boards[b];
                    let denied = denials(self.state, board);
                    // B.2 and A.7.d read the preferences alone; X and Z the colours
                    // given (an arbiter's colours may deny both players).
                    let fails = match c {
                        PairsX => !denied.is_empty(),
                        PairsZ => denied.iter().any(|d| d.strength >= Strength::Strong),
                        _ => {
                            let met = quality(self.state, board).colour_criteria_met(table);
                            !met[usize::from(c == SameStrong)]
                        }
                    };
                    if fails {
                        t.count += 1;
                        t.contributors.push(self.pair(b));
                    }
                }
            }
            RepeatedDownfloat | DownfloatTwoRoundsBefore if merged => return None,
            Psd => {
                // Pairs of equal scores add zeros, which never decide a comparison
                // once C.5 has fixed the number of pairs: they are left out.
                for &b in &shape.boards {
                    let board = &self.boards[b];
                    let sd = self.score(board.higher) - self.score(board.lower);
                    if sd > Points::ZERO {
                        t.scores.push(sd);
                        t.contributors.push(self.pair(b));
                    }
                }
                for &p in &shape.leftovers {
                    t.scores.push(self.downfloat_difference(k, p));
                    t.contributors.push(Contributor::Player(self.id(p)));
                }
            }
            NextBracketUnpaired | NextBracketScores | StrongWaivedScores => {
                let Look {
                    next,
                    count_pairs,
                    best,
                } = look.look.get_or_init(|| self.lookahead(k, look)).as_ref()?;
                if c == NextBracketUnpaired && !count_pairs {
                    return None;
                }
                let value = |p: usize| self.lookahead_value(k, p);
                match best {
                    Some(best) if c == NextBracketUnpaired => t.count = best.unpaired,
                    Some(best) => {
                        for &(p, v) in &best.downfloaters {
                            player(&mut t, p, v);
                        }
                    }
                    // Too wide to weigh: what the next bracket was paired into.
                    None => {
                        for &p in &self.shapes[*next].leftovers {
                            if c == NextBracketUnpaired || shape.leftovers.contains(&p) {
                                player(&mut t, p, value(p));
                            }
                        }
                    }
                }
            }
            ByeUnplayed => {
                if !since_2026 {
                    return None;
                }
                // Only where the bracket's one downfloater is the PAB assignee (he floats
                // to the last bracket, where everyone else is paired).
                let bye = self.bye?;
                if shape.leftovers == [bye] {
                    t.count = self.state.players[bye].unplayed_rounds;
                    t.contributors.push(Contributor::Player(self.id(bye)));
                }
            }
            ColourBeyondTwo | ThreeInARow | Preference | StrongPreference => {
                for &b in &shape.boards {
                    for d in denials(self.state, &self.boards[b]) {
                        let counts = match c {
                            ColourBeyondTwo => d.beyond_two,
                            ThreeInARow => d.three_in_a_row,
                            Preference => true,
                            _ => d.strength == Strength::Strong,
                        };
                        if counts {
                            t.count += 1;
                            t.contributors.push(self.pair(b));
                        }
                    }
                }
            }
            RepeatedDownfloat
            | DownfloatTwoRoundsBefore
            | RepeatedDownfloatScores
            | DownfloatTwoRoundsBeforeScores => {
                let back = usize::from(matches!(
                    c,
                    DownfloatTwoRoundsBefore | DownfloatTwoRoundsBeforeScores
                ));
                let amounts = matches!(c, RepeatedDownfloatScores | DownfloatTwoRoundsBeforeScores);
                let had = |p: usize| self.state.players[p].floats[back] == Float::Down;
                // The count (C.12/C14) charges the residents who float down from the
                // bracket (or in it, below); MDPs, who floated down already, are a
                // constant here.
                for &p in shape.leftovers.iter().filter(|&&p| had(p)) {
                    if amounts {
                        let score = if since_2026 {
                            self.score(p)
                        } else {
                            self.downfloat_difference(k, p)
                        };
                        player(&mut t, p, score);
                    } else if shape.residents.contains(&p) {
                        player(&mut t, p, self.score(p));
                    }
                }
                if !amounts {
                    // In a bracket of several scores (the CLB), a resident paired down
                    // in it floats down too.
                    for &b in &shape.boards {
                        let board = &self.boards[b];
                        let h = board.higher;
                        if self.score(h) > self.score(board.lower)
                            && shape.residents.contains(&h)
                            && had(h)
                        {
                            t.count += 1;
                            t.contributors.push(self.pair(b));
                        }
                    }
                }
                if amounts && !since_2026 {
                    // C.16/C.18: an MDP who floated before is charged his pair's SD.
                    for &b in &shape.boards {
                        let board = &self.boards[b];
                        let sd = self.score(board.higher) - self.score(board.lower);
                        if had(board.higher) && sd > Points::ZERO {
                            t.scores.push(sd);
                            t.contributors.push(self.pair(b));
                        }
                    }
                }
            }
            RepeatedUpfloat | UpfloatTwoRoundsBefore if self.treated_as_homogeneous(k) => {
                return None;
            }
            RepeatedUpfloat
            | UpfloatTwoRoundsBefore
            | RepeatedUpfloatScores
            | UpfloatTwoRoundsBeforeScores => {
                let back = usize::from(matches!(
                    c,
                    UpfloatTwoRoundsBefore | UpfloatTwoRoundsBeforeScores
                ));
                // 2012: in the merged lowest bracket only a pair with an S1 player has an
                // upfloater; its remainder is homogeneous (C.3.g/h, D.4).
                let with_s1 = |b: &Board| {
                    [b.higher, b.lower]
                        .iter()
                        .any(|p| self.lowest_s1.contains(p))
                };
                for &b in &shape.boards {
                    let board = &self.boards[b];
                    if merged && !with_s1(board) {
                        continue;
                    }
                    let q = quality(self.state, board);
                    if q.repeated_upfloat[back] {
                        t.count += 1;
                        t.scores.push(if since_2026 {
                            self.score(board.higher)
                        } else {
                            self.score(board.higher) - self.score(board.lower)
                        });
                        t.contributors.push(self.pair(b));
                    }
                }
            }
        }
        Some(t)
    }
}
