//! What one pair does, in the arbiter's words: who floats, which colour rule decided the
//! colours, and every quality criterion the pair does not fully meet.

use crate::pairing::colour::{self, ColourRule, Strength};
use crate::pairing::state::{Float, PlayerState, RoundState, RuleVersion};
use crate::tournament::Colour;

use crate::pairing::explanation::{FloatPair, Note, PairExplanation};

use super::brackets::Board;
use super::criterion::Criterion;
use super::measure::quality;
use crate::pairing::dutch::criteria::PairQuality;
use crate::pairing::dutch::layout::ColourTable;

/// The article of a colour rule under `rules`.
pub(crate) fn colour_article(rule: ColourRule, rules: RuleVersion) -> &'static str {
    if rules != RuleVersion::Dutch2026 {
        return rule.article();
    }
    match rule {
        ColourRule::BothPreferences => "5.2.1",
        ColourRule::StrongerPreference => "5.2.2",
        ColourRule::Alternation => "5.2.3",
        ColourRule::HigherRankedPreference => "5.2.4",
        ColourRule::PairingNumber => "5.2.5",
    }
}

fn strength(s: Strength) -> &'static str {
    match s {
        Strength::Mild => "mild",
        Strength::Strong => "strong",
        Strength::Absolute => "absolute",
    }
}

/// The rounds (1-based) `back` + 1 rounds before `round`.
fn round_back(round: u32, back: usize) -> u32 {
    round.saturating_sub(back as u32 + 1)
}

/// A player of a pair who does not get his colour preference (C.8–C.11; 2026 C10–C13).
pub(super) struct Denial {
    pub(crate) player: usize,
    pub(crate) got: Colour,
    pub(crate) strength: Strength,
    /// The colour difference goes beyond ±2 (C.8 / C10).
    pub(crate) beyond_two: bool,
    /// The same colour a third time in a row (C.9 / C11).
    pub(crate) three_in_a_row: bool,
}

/// The players of `board` denied their colour preference by the board's colours. With the
/// colours E.1–E.5 give there is at most one, and these are the violations the matching
/// weights count (`colour::violations`); an arbiter's colours may deny both.
pub(super) fn denials(state: &RoundState, board: &Board) -> Vec<Denial> {
    [
        (board.white(), Colour::White),
        (board.black(), Colour::Black),
    ]
    .into_iter()
    .filter_map(|(i, got)| {
        let p = &state.players[i];
        let (want, strength) = p.preference.0?;
        let n = p.colours.len();
        (want != got).then(|| Denial {
            player: i,
            got,
            strength,
            beyond_two: p.colour_difference().abs() >= 2,
            three_in_a_row: n >= 2 && p.colours[n - 1] == got && p.colours[n - 2] == got,
        })
    })
    .collect()
}

/// Explains board `index` (0-based) of a pairing, made in `bracket`; `merged` when that
/// is the 2012 lowest bracket merged by C.13 (its score differences count by the D.4
/// B.3 factor, and it produces no downfloaters for B.5/B.6); `waived` when A.7.d gave
/// way in that bracket (2012); `upfloaters` unless that bracket sets no B.5/B.6 for
/// upfloaters (2012 A.3, C.3.g/h).
pub(super) fn explain(
    state: &RoundState,
    index: usize,
    board: &Board,
    bracket: usize,
    merged: bool,
    waived: bool,
    upfloaters: bool,
) -> PairExplanation {
    let rules = state.rules;
    let (h, l) = (&state.players[board.higher], &state.players[board.lower]);
    let allocation = colour::allocate(h, l, &state.colour_rules);
    let q = quality(state, board);
    let (white, black) = (&state.players[board.white()], &state.players[board.black()]);
    let mut notes: Vec<(Criterion, Note)> = Vec::new();
    let mut note = |c: Criterion, text: String| {
        notes.push((
            c,
            Note {
                article: c.article(rules),
                text,
            },
        ))
    };
    let float = (h.score > l.score).then(|| FloatPair {
        down: h.id,
        up: l.id,
        difference: h.score - l.score,
    });
    if let Some(f) = float {
        let c = if rules == RuleVersion::Dutch2026 {
            Criterion::DownfloaterScores
        } else if merged {
            Criterion::B3Factor
        } else {
            Criterion::Psd
        };
        note(
            c,
            format!(
                "{} ({}) floats down to meet {} ({}): score difference {}",
                h.id, h.score, l.id, l.score, f.difference
            ),
        );
    }
    let colour_notes = if rules == RuleVersion::Dutch2012 {
        colour_notes_2012(state, board, &q, waived)
    } else {
        Vec::new()
    };
    for (c, text) in colour_notes {
        note(c, text);
    }
    for d in denials(state, board)
        .into_iter()
        .filter(|_| rules != RuleVersion::Dutch2012)
    {
        let p = &state.players[d.player];
        if d.beyond_two {
            note(
                Criterion::ColourBeyondTwo,
                format!(
                    "{}'s colour difference goes beyond 2 (topscorer pairing)",
                    p.id
                ),
            );
        }
        if d.three_in_a_row {
            note(
                Criterion::ThreeInARow,
                format!(
                    "{} gets {} for the third time in a row (topscorer pairing)",
                    p.id,
                    d.got.name()
                ),
            );
        }
        note(
            Criterion::Preference,
            format!(
                "{} wanted {} ({} preference), gets {}",
                p.id,
                d.got.opposite().name(),
                strength(d.strength),
                d.got.name()
            ),
        );
        if d.strength == Strength::Strong {
            note(
                Criterion::StrongPreference,
                format!(
                    "{}'s strong preference for {} is not granted",
                    p.id,
                    d.got.opposite().name()
                ),
            );
        }
    }
    for back in 0..2 {
        let round = round_back(state.round, back);
        let (count, amount) = if back == 0 {
            (
                [Criterion::RepeatedDownfloat, Criterion::RepeatedUpfloat],
                [
                    Criterion::RepeatedDownfloatScores,
                    Criterion::RepeatedUpfloatScores,
                ],
            )
        } else {
            (
                [
                    Criterion::DownfloatTwoRoundsBefore,
                    Criterion::UpfloatTwoRoundsBefore,
                ],
                [
                    Criterion::DownfloatTwoRoundsBeforeScores,
                    Criterion::UpfloatTwoRoundsBeforeScores,
                ],
            )
        };
        let amounts = rules != RuleVersion::Dutch2012;
        if let Some(f) = float {
            if h.floats[back] == Float::Down && !merged {
                note(
                    count[0],
                    format!(
                        "{} receives a downfloat again (also in round {round})",
                        h.id
                    ),
                );
            }
            if h.floats[back] == Float::Down && amounts {
                note(
                    amount[0],
                    format!(
                        "{}'s repeated downfloat: score difference {}",
                        h.id, f.difference
                    ),
                );
            }
            if q.repeated_upfloat[back] && upfloaters {
                note(
                    count[1],
                    format!("{} receives an upfloat again (also in round {round})", l.id),
                );
            }
            if q.repeated_upfloat[back] && amounts {
                note(
                    amount[1],
                    format!(
                        "{}'s repeated upfloat: score difference {}",
                        l.id, f.difference
                    ),
                );
            }
        }
    }
    let priority = |c: Criterion| {
        Criterion::bracket_order(rules)
            .iter()
            .position(|&x| x == c)
            .unwrap_or(0)
    };
    notes.sort_by_key(|(c, _)| priority(*c));
    PairExplanation {
        board: index + 1,
        white: white.id,
        black: black.id,
        bracket: bracket + 1,
        float,
        colour_rule: colour_article(allocation.rule, rules),
        colour_reason: colour_reason(h, l, allocation),
        colours_follow_rule: allocation.higher_gets_white == board.higher_white,
        notes: notes.into_iter().map(|(_, n)| n).collect(),
    }
}

/// The 2012 colour requirements the pair does not meet (C.3.b–d), as the engine's
/// evaluator reads them (`q`): B.2 (two absolute preferences for the same colour, allowed
/// for topscorers only), A.7.d in odd rounds (two strong or absolute ones), X (A.8.a: a
/// preference not granted) and, in even rounds, Z (A.8.b: a strong or absolute preference
/// not granted). `waived`: A.7.d gave way in the pair's bracket.
fn colour_notes_2012(
    state: &RoundState,
    board: &Board,
    q: &PairQuality,
    waived: bool,
) -> Vec<(Criterion, String)> {
    let (h, l) = (&state.players[board.higher], &state.players[board.lower]);
    let odd_round = state.round % 2 == 1;
    let met = q.colour_criteria_met(ColourTable::Istanbul2012 {
        odd_round,
        a7d: odd_round,
    });
    let mut notes = Vec::new();
    let colour = h.preference.colour().map(Colour::name).unwrap_or_default();
    if !met[0] {
        notes.push((
            Criterion::TopscorersSameAbsolute,
            format!(
                "{} and {} both have an absolute preference for {colour}: allowed for topscorers only (C.10.g)",
                h.id, l.id
            ),
        ));
    }
    if !met[1] {
        let how = if waived {
            "A.7.d gave way in this bracket (see its note)"
        } else {
            "treated alike in an odd round"
        };
        notes.push((
            Criterion::SameStrong,
            format!(
                "{} and {} both have a strong or absolute preference for {colour}, {how}",
                h.id, l.id
            ),
        ));
    }
    for d in denials(state, board) {
        let p = &state.players[d.player];
        let want = d.got.opposite().name();
        notes.push((
            Criterion::PairsX,
            format!(
                "{} wanted {want} ({} preference), gets {}",
                p.id,
                strength(d.strength),
                d.got.name()
            ),
        ));
        if !odd_round && d.strength >= Strength::Strong {
            notes.push((
                Criterion::PairsZ,
                format!(
                    "{}'s {} preference for {want} is not granted",
                    p.id,
                    strength(d.strength)
                ),
            ));
        }
    }
    notes
}

/// Why the colour rule gives the colours it gives.
fn colour_reason(h: &PlayerState, l: &PlayerState, a: colour::Allocation) -> String {
    let (hc, lc) = if a.higher_gets_white {
        (Colour::White, Colour::Black)
    } else {
        (Colour::Black, Colour::White)
    };
    let (winner, colour) = match a.rule {
        ColourRule::BothPreferences => {
            return "both colour preferences granted".to_string();
        }
        ColourRule::StrongerPreference => {
            if h.preference.colour() == Some(hc) {
                (h, hc)
            } else {
                (l, lc)
            }
        }
        ColourRule::Alternation => {
            return format!(
                "alternated from the last round their colours differed: {} gets {}",
                h.id,
                hc.name()
            );
        }
        ColourRule::HigherRankedPreference => (h, hc),
        ColourRule::PairingNumber => {
            // The number the rule reads: the place among the players who take part in
            // this pairing or took part in an earlier one (`PlayerState::rank`), as
            // every endorsed Dutch program numbers them.
            let number = h.rank + 1;
            let odd = number % 2 == 1;
            return format!(
                "no preference to follow: {} (higher ranked) has pairing number {number}, {}, among the players paired so far (those absent from every pairing are not numbered): he gets {}, {}",
                h.id,
                if odd { "odd" } else { "even" },
                hc.name(),
                if odd {
                    "the initial colour"
                } else {
                    "the opposite of the initial colour"
                }
            );
        }
    };
    let how = match a.rule {
        ColourRule::StrongerPreference => "the stronger preference",
        _ => "the higher-ranked player's preference",
    };
    format!("{how}: {} gets {}", winner.id, colour.name())
}
