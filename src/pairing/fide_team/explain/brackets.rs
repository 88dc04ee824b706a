//! A team pairing explained bracket by bracket (3.3.2, 3.5, 3.6), with each board's match,
//! float and colour rule (Article 4).

use std::collections::HashMap;

use crate::pairing::RoundPairing;
use crate::pairing::explanation::{
    BracketExplanation, BracketRole, Contributor, CriterionValue, FloatPair, Note, PairExplanation,
    RoundExplanation, Value,
};
use crate::tournament::{Colour, Points};

use super::super::bracket::pair_cost;
use super::super::colour::{self, ColourRule};
use super::super::field::Field;
use super::super::upfloaters::c6_complies;
use super::super::{Bracket, TeamPairing};
use super::{FLOATS, Seats, bye};

/// One bracket of a team pairing (3.3.2): its residents' score and its matches (field
/// indices).
#[derive(Clone, Debug)]
pub(super) struct Group {
    pub(super) score: Points,
    pub(super) pairs: Vec<(usize, usize)>,
}

impl Group {
    /// The bracket's teams, residents and upfloaters, by TPN.
    pub(super) fn members(&self) -> Vec<usize> {
        let mut members: Vec<usize> = self.pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        members.sort_unstable();
        members
    }

    /// The upfloaters (3.5): the teams with a lower score than the residents, by TPN.
    pub(super) fn upfloaters(&self, field: &Field) -> Vec<usize> {
        let mut up = self.members();
        up.retain(|&a| field.teams[a].score < self.score);
        up
    }

    /// The matches without their colours: each pair the smaller index first, sorted.
    pub(super) fn unordered_pairs(&self) -> Vec<(usize, usize)> {
        let mut pairs: Vec<(usize, usize)> = self
            .pairs
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        pairs.sort_unstable();
        pairs
    }
}

/// The brackets of `teams`, from the top: `engine`, the engine's own record, when it is
/// the engine's pairing. Otherwise as 3.3.2 forms them: the residents are the teams with
/// the top score of those not yet paired, the bracket is they and their opponents (whose
/// scores are lower: the upfloaters); so a match belongs to the bracket of its
/// higher-scored team, and a scoregroup floated up whole makes no bracket.
pub(super) fn groups(field: &Field, teams: &TeamPairing, engine: Option<&[Bracket]>) -> Vec<Group> {
    if let Some(brackets) = engine {
        return brackets
            .iter()
            .map(|b| Group {
                score: b.score,
                pairs: b.pairs.clone(),
            })
            .collect();
    }
    let mut pairs: Vec<(usize, usize)> = teams
        .matches
        .iter()
        .filter_map(|&(w, b)| Some((field.index(w)?, field.index(b)?)))
        .collect();
    let high = |&(a, b): &(usize, usize)| field.teams[a].score.max(field.teams[b].score);
    pairs.sort_by_key(|p| std::cmp::Reverse(high(p)));
    let mut groups: Vec<Group> = Vec::new();
    for p in pairs {
        match groups.last_mut() {
            Some(g) if g.score == high(&p) => g.pairs.push(p),
            _ => groups.push(Group {
                score: high(&p),
                pairs: vec![p],
            }),
        }
    }
    groups
}

/// `teams` (whose boards are `boards`) explained. `engine` is the engine's own bracket
/// record, which also gives its decisions; without it (an arbiter's pairing) the
/// brackets are formed as [`groups`] says.
pub(super) fn explain(
    field: &Field,
    seats: &Seats,
    boards: &RoundPairing,
    teams: &TeamPairing,
    engine: Option<&[Bracket]>,
) -> RoundExplanation {
    let index = |id: u32| field.index(id);
    let groups = groups(field, teams, engine);
    let mut levels: Vec<Points> = field.teams.iter().map(|e| e.score).collect();
    levels.sort_unstable();
    levels.dedup();
    let bye = teams.bye.and_then(index);
    let mut left: Vec<usize> = (0..field.teams.len()).filter(|&a| Some(a) != bye).collect();
    let mut brackets = Vec::new();
    let mut totals: Vec<CriterionValue> = Vec::new();
    let mut bracket_of: HashMap<usize, usize> = HashMap::new();
    for (n, g) in groups.iter().enumerate() {
        let members = g.members();
        left.retain(|a| !members.contains(a));
        for &a in &members {
            bracket_of.insert(a, n + 1);
        }
        let following = levels.iter().copied().filter(|&s| s < g.score).max();
        let criteria = criteria(field, g, c6_complies(field, &left, following));
        CriterionValue::add_to_totals(&mut totals, &criteria);
        let (mut residents, mut incoming): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
        for &a in &members {
            let e = &field.teams[a];
            if e.score == g.score {
                residents.push(e.id);
            } else {
                incoming.push(e.id);
            }
        }
        residents.sort_unstable();
        incoming.sort_unstable();
        let mut decisions = Vec::new();
        if let Some(b) = engine.and_then(|e| e.get(n)) {
            decisions.push(Note {
                article: "3.5.5",
                text: if b.choice.upfloaters.is_empty() {
                    "no upfloater is needed: the top scoregroup pairs among itself".to_string()
                } else {
                    format!(
                        "upfloaters {:?}: the first legal set of the fewest upfloaters (C4) with the highest scores (C5) in the order of 3.5.4{}",
                        b.choice
                            .upfloaters
                            .iter()
                            .map(|&a| field.teams[a].id)
                            .collect::<Vec<_>>(),
                        match b.choice.passed_over {
                            0 => String::new(),
                            k => format!(
                                ", after {k} legal set(s) that did worse on C6 or C7"
                            ),
                        }
                    )
                },
            });
            decisions.push(Note {
                article: "3.6.4",
                text: "the first pairing identifier (top members by TPN, then their opponents) among the pairings with the fewest C8, C9 and C10 failures, in that order".to_string(),
            });
        }
        brackets.push(BracketExplanation {
            number: n + 1,
            role: if n + 1 == groups.len() {
                BracketRole::Last
            } else {
                BracketRole::Ordinary
            },
            scores: vec![g.score],
            homogeneous: incoming.is_empty(),
            residents,
            incoming,
            limbo: Vec::new(),
            outgoing: Vec::new(),
            boards: Vec::new(),
            criteria,
            decisions,
        });
    }
    // Each match's boards in board order: the boards of the round's line-ups, else by the
    // players' places in their rosters.
    let roster = &seats.roster;
    let mut by_match: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for p in &boards.pairs {
        if let (Some(&(tw, wp)), Some(&(tb, bp))) = (roster.get(&p.white), roster.get(&p.black)) {
            by_match
                .entry((tw.min(tb), tw.max(tb)))
                .or_default()
                .push(wp.min(bp));
        }
    }
    for places in by_match.values_mut() {
        places.sort_unstable();
    }
    let mut pairs = Vec::new();
    for (i, p) in boards.pairs.iter().enumerate() {
        let (Some(&(tw, wp)), Some(&(tb, bp))) = (roster.get(&p.white), roster.get(&p.black))
        else {
            continue;
        };
        let (Some(a), Some(b)) = (index(tw), index(tb)) else {
            continue;
        };
        // The board within the match: 0 for board 1.
        let board_in_match = seats
            .lineup_board((p.white, tw), (p.black, tb))
            .or_else(|| {
                by_match
                    .get(&(tw.min(tb), tw.max(tb)))
                    .and_then(|places| places.iter().position(|&x| x == wp.min(bp)))
            })
            .unwrap_or(0);
        let bracket = bracket_of.get(&a).copied().unwrap_or(0);
        if let Some(x) = brackets.get_mut(bracket.wrapping_sub(1)) {
            x.boards.push(i + 1);
        }
        pairs.push(board(
            field,
            (p.white, p.black),
            tw,
            (a, b),
            board_in_match,
            i + 1,
            bracket,
        ));
    }
    let round_criteria = bye.map_or_else(Vec::new, |b| bye::criteria(field, b));
    RoundExplanation {
        round: field.round,
        rules: "Swiss Team 2026 (C.04.6)",
        floats: FLOATS,
        pairs,
        brackets,
        bye: bye.map(|b| bye::explain(field, b, engine.is_some())),
        round_criteria,
        totals,
    }
}

/// C4–C10 of one bracket, in the order of 2.3.
fn criteria(field: &Field, g: &Group, c6: bool) -> Vec<CriterionValue> {
    let mut upfloaters = Vec::new();
    let mut differences = Vec::new();
    let (mut c7, mut c8, mut c9, mut c10) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut n7, mut n8, mut n9, mut n10) = (0, 0, 0, 0);
    for &(a, b) in &g.pairs {
        let (ta, tb) = (&field.teams[a], &field.teams[b]);
        let pair = Contributor::Pair(ta.id, tb.id);
        for e in [ta, tb] {
            if e.score < g.score {
                upfloaters.push(Contributor::Player(e.id));
                differences.push(g.score - e.score);
                if field.float_criteria && e.floated {
                    n7 += 1;
                    c7.push(Contributor::Player(e.id));
                }
            }
        }
        let cost = pair_cost(field, g.score, a, b);
        for (n, list, value) in [
            (&mut n8, &mut c8, cost.c8),
            (&mut n9, &mut c9, cost.c9),
            (&mut n10, &mut c10, cost.c10),
        ] {
            if value > 0 {
                *n += value;
                list.push(pair);
            }
        }
    }
    let value = |article, summary, value, contributors| CriterionValue {
        article,
        summary,
        value,
        contributors,
    };
    vec![
        value(
            "C4",
            "upfloaters",
            Value::Count(upfloaters.len() as u32),
            upfloaters.clone(),
        ),
        value(
            "C5",
            "score differences of the pairs with upfloaters",
            Value::scores(differences),
            upfloaters,
        ),
        value(
            "C6",
            "the following scoregroup cannot be paired with its fewest upfloaters",
            Value::Count(u32::from(!c6)),
            Vec::new(),
        ),
        value(
            "C7",
            "upfloaters who floated in the previous round",
            Value::Count(n7),
            c7,
        ),
        value(
            "C8",
            "teams without the colour they prefer",
            Value::Count(n8),
            c8,
        ),
        value(
            "C9",
            "teams without the colour they strongly prefer",
            Value::Count(n9),
            c9,
        ),
        value(
            "C10",
            "upfloaters' opponents who floated in the previous round",
            Value::Count(n10),
            c10,
        ),
    ]
}

/// One board (`white`, `black`, the White player's team `white_of`): the match of teams
/// `a` and `b` (field indices) it belongs to, its float, and the colour rule of the match.
fn board(
    field: &Field,
    (white, black): (u32, u32),
    white_of: u32,
    (a, b): (usize, usize),
    board_in_match: usize,
    board: usize,
    bracket: usize,
) -> PairExplanation {
    let (ta, tb) = (&field.teams[a], &field.teams[b]);
    let (first, second) = if colour::is_first_team(field, ta, tb) {
        (ta, tb)
    } else {
        (tb, ta)
    };
    let (c, rule) = colour::first_team_colour(field, first, second);
    let white_team = if c == Colour::White {
        first.id
    } else {
        second.id
    };
    // Each board's colours follow the event's sequence from the White team's board 1.
    let white_here = if field.scoring.colour_on_board(board_in_match) == Colour::White {
        white_team
    } else if white_team == ta.id {
        tb.id
    } else {
        ta.id
    };
    let float = (ta.score != tb.score).then(|| {
        let (down, up) = if ta.score > tb.score {
            (white, black)
        } else {
            (black, white)
        };
        FloatPair {
            down,
            up,
            difference: ta.score.max(tb.score) - ta.score.min(tb.score),
        }
    });
    let mut notes = Vec::new();
    if float.is_some() {
        notes.push(Note {
            article: "C4",
            text: format!(
                "team {} floats up",
                if ta.score < tb.score { ta.id } else { tb.id }
            ),
        });
    }
    PairExplanation {
        board,
        white,
        black,
        bracket,
        float,
        colour_rule: rule.article(),
        // Which match the board belongs to (1.1), then the match's colour rule.
        colour_reason: format!(
            "board {} of the match of teams {} and {}; {}",
            board_in_match + 1,
            ta.id,
            tb.id,
            reason(first.id, second.id, white_team, rule)
        ),
        colours_follow_rule: white_here == white_of,
        notes,
    }
}

/// The colour rule of a match in words.
fn reason(first: u32, second: u32, white_team: u32, rule: ColourRule) -> String {
    let gets = format!("team {white_team} has White on board 1");
    let why = match rule {
        ColourRule::Initial => format!(
            "neither team has played a match: the first-team {first} gets the initial colour if its TPN is odd, the other colour if even"
        ),
        ColourRule::OnlyPreference => "only one team has a colour preference".to_string(),
        ColourRule::OppositePreferences => "the two teams prefer different colours".to_string(),
        ColourRule::OnlyStrong => "only one team's preference is strong".to_string(),
        ColourRule::ColourDifference => "White to the lower colour difference".to_string(),
        ColourRule::LastDifference => {
            "the colours reverse those of the last match in which the two had different colours"
                .to_string()
        }
        ColourRule::FirstTeamPreference => format!("the first-team {first}'s preference"),
        ColourRule::FirstTeamAlternates => {
            format!("the first-team {first} alternates from its last colour")
        }
        ColourRule::OtherTeamAlternates => {
            format!("team {second} alternates from its last colour")
        }
    };
    format!("{why}: {gets}")
}
