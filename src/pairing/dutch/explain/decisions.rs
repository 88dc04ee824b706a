//! The decisions of the 2012 procedure (C.04.3, Istanbul 2012) a bracket's pairing shows:
//! P1 or M1 lowered (C.14), the lowest score brackets joined or the penultimate one
//! re-paired (C.13), the bracket called back from the next one (C.12), and the
//! requirements dropped (C.10.a–d, f, g). Each is read off the pairing and its measured
//! criteria (C.12: the engine's question asked again of the bracket), never assumed; the
//! 2017 and 2026 texts have no such procedure and get none.

use crate::pairing::explanation::{BracketRole, CriterionValue, Note, Value};
use crate::pairing::state::{RoundState, RuleVersion};
use crate::tournament::Points;

use super::brackets::Shape;
use super::criterion::Criterion;
use crate::pairing::dutch::backtrack::{Backtrack, CallBack};
use crate::pairing::dutch::criteria::a3_counts;

/// The requirements C.10 drops, with the article dropping each and what it concerns.
const DROPPED: [(Criterion, &str, &str); 6] = [
    (
        Criterion::TopscorersSameAbsolute,
        "C.10.g",
        "B.2 dropped for topscorers",
    ),
    (Criterion::SameStrong, "C.10.f", "A.7.d dropped"),
    (
        Criterion::RepeatedDownfloat,
        "C.10.d",
        "B.5 for downfloaters dropped",
    ),
    (
        Criterion::DownfloatTwoRoundsBefore,
        "C.10.c",
        "B.6 for downfloaters dropped",
    ),
    (
        Criterion::RepeatedUpfloat,
        "C.10.b",
        "B.5 for upfloaters dropped",
    ),
    (
        Criterion::UpfloatTwoRoundsBefore,
        "C.10.a",
        "B.6 for upfloaters dropped",
    ),
];

/// The players `list`, by their numbers.
fn ids(state: &RoundState, list: &[usize]) -> String {
    let ids: Vec<String> = list
        .iter()
        .map(|&p| state.players[p].id.to_string())
        .collect();
    ids.join(", ")
}

/// The scores of `list`, highest first.
fn scores(state: &RoundState, list: &[usize]) -> String {
    let mut scores: Vec<_> = list.iter().map(|&p| state.players[p].score).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    let scores: Vec<String> = scores.iter().map(ToString::to_string).collect();
    scores.join(", ")
}

/// Why C.12 was called back, in words: the own pairing's downfloaters and what they do
/// to the next score bracket.
fn call_text(state: &RoundState, call: &CallBack) -> String {
    let ids = |list: &[usize]| ids(state, list);
    let why = if !call.incompatible.is_empty() {
        format!(
            "and {} can meet no one there (C.1)",
            ids(&call.incompatible)
        )
    } else if call.without_opponent > 0 {
        format!(
            "and {} of them find no opponent there once the others are paired (C.1)",
            call.without_opponent
        )
    } else {
        "which leaves the next score bracket without a P1 pairing".to_string()
    };
    format!(
        "its own pairing floats {} to the next score bracket, {why}",
        ids(&call.own)
    )
}

/// What C.12 (or A.7.d, giving way to the next bracket) made of a bracket's own pairing,
/// as a note (none when it stands uncalled).
fn backtrack_note(state: &RoundState, backtrack: &Backtrack) -> Option<Note> {
    let text = match backtrack {
        Backtrack::NotCalled => return None,
        Backtrack::StrongWaived { own, unpaired } => {
            return Some(Note {
                article: "A.7.d",
                text: format!(
                    "strong colour preferences not treated as absolute: the pairing that \
                     does so floats {} down, and the next score bracket can pair only {} \
                     of them, leaving {} on {} to float on (floaters with a higher score)",
                    ids(state, own),
                    own.len() - unpaired.len(),
                    if unpaired.len() == 1 {
                        "a player"
                    } else {
                        "players"
                    },
                    scores(state, unpaired)
                ),
            });
        }
        Backtrack::Kept(call) => format!(
            "{}; no other pairing of this bracket lets the next one pair better, so it stands",
            call_text(state, call)
        ),
        Backtrack::Replaced {
            call,
            count_next_pairs,
        } => format!(
            "{}; this bracket was paired again for the next one ({})",
            call_text(state, call),
            if *count_next_pairs {
                "its pairs, then the scores of the downfloaters it pairs"
            } else {
                "the scores of the downfloaters it pairs"
            }
        ),
    };
    Some(Note {
        article: "C.12",
        text,
    })
}

/// The 2012 decisions of `shape`, whose criteria measured `criteria`, whose own
/// pairing C.12 treated as `backtrack`, and which A.3 treats as homogeneous if
/// `homogeneous`; none under the other rule versions.
pub(super) fn of_2012(
    state: &RoundState,
    shape: &Shape,
    criteria: &[CriterionValue],
    backtrack: Option<&Backtrack>,
    homogeneous: bool,
) -> Vec<Note> {
    if state.rules != RuleVersion::Dutch2012 {
        return Vec::new();
    }
    let mut notes: Vec<Note> = backtrack
        .and_then(|b| backtrack_note(state, b))
        .into_iter()
        .collect();
    let scores = shape.scores(state);
    match shape.role {
        BracketRole::Collapsed if scores.len() > 1 => {
            let listed: Vec<String> = scores.iter().map(Points::to_string).collect();
            notes.push(Note {
                article: "C.13",
                text: format!(
                    "the score brackets {} joined into the lowest score bracket; its pairs are chosen by the B.3 factor (D.4)",
                    listed.join(", ")
                ),
            });
        }
        BracketRole::Collapsed => notes.push(Note {
            article: "C.13",
            text: "the lowest score bracket, paired once the penultimate one allows it".to_string(),
        }),
        BracketRole::Penultimate => notes.push(Note {
            article: "C.13",
            text: "the penultimate score bracket, paired so that the lowest score bracket can be paired".to_string(),
        }),
        _ => {}
    }
    if homogeneous {
        let (moved_down, players) = a3_counts(state, &shape.mdps, &shape.residents);
        notes.push(Note {
            article: "A.3",
            text: format!(
                "{moved_down} of its {players} players (counted after C.1) were moved down, at \
                 least half: treated as homogeneous, so B.5 and B.6 for upfloaters are not \
                 set (C.3.g/h), and among equal candidates the first in the homogeneous \
                 order (D.1, D.2) is taken"
            ),
        });
    }
    let p0 = (shape.mdps.len() + shape.residents.len()) / 2;
    let pairs = shape.boards.len();
    if pairs < p0 {
        notes.push(Note {
            article: "C.14",
            text: format!("P = {pairs}: P1 lowered from P0 = {p0} (A.6.b)"),
        });
    }
    let m0 = shape.mdps.len();
    let m1 = shape
        .mdps
        .iter()
        .filter(|p| !shape.leftovers.contains(p))
        .count();
    if m1 < m0 {
        notes.push(Note {
            article: "C.14.b",
            text: format!("M1 = {m1}: of the M0 = {m0} players moved down, {m1} paired"),
        });
    }
    for (criterion, article, what) in DROPPED {
        let count = criteria
            .iter()
            .find(|v| v.summary == criterion.summary())
            .map(|v| &v.value);
        if let Some(Value::Count(n @ 1..)) = count {
            notes.push(Note {
                article,
                text: format!("{what} ({n} {})", if *n == 1 { "case" } else { "cases" }),
            });
        }
    }
    notes
}
