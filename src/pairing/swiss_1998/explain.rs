//! The 1998 "Swiss System Based on Rating" explains its pairings (C.04.1 of 1998): each
//! score bracket's relative criteria B.3–B.6 measured on any pairing ([`criteria`]),
//! what the procedure did there ([`decisions`]), each board's colour rule (E.1–E.5), the
//! bye, and the absolute criteria B.1/B.2.
//!
//! The system is a procedure, not an optimisation: the engine takes the first pairing in
//! the C.6–C.8 order (D.1 transpositions, then D.2 exchanges) that meets the criteria not
//! yet given up. An arbiter's pairing as good on every criterion is therefore of the
//! same quality, the order deciding. Where the procedure's search is narrower than the
//! criteria (D.2 exchanges one or two players only; C.1 moves a player down before any
//! level; the look-ahead of C.12/C.13), an arbiter's pairing may measure better than the
//! engine's: the comparison then says so, and the decisions say what the procedure did.

use crate::pairing::colour::{ColourRule, ColourRules};
use crate::pairing::explanation::Seats;
use crate::pairing::explanation::procedural::{Judge, ProceduralExplainer};
use crate::pairing::explanation::{
    ByeExplanation, Encounters, FloatDirection, Note, PairExplanation, RoundExplanation, Skeleton,
    Violation,
};
use crate::pairing::state::Float;
use crate::pairing::{PairingError, RoundPairing};
use crate::tournament::{Colour, Points, Tournament};

use super::colours::{self, Seat};
use super::criteria::{self, Board, FLOAT_CRITERIA, repeats};
use super::decisions;
use super::field::Field;
use super::trace::Traced;
use super::{finish, trace_field};

/// What the 1998 system says about a pairing of a round.
pub(crate) struct Judge1998 {
    field: Field,
    rules: ColourRules,
    /// Player id to field index.
    index: Seats,
    /// The round two players (ids, smaller first) met in.
    met: Encounters,
    trace: Traced,
}

/// Pairs `round` of `t` (as it stood before the round) with the 1998 engine and
/// explains the pairing.
pub(crate) fn explainer(
    t: &Tournament,
    round: u32,
) -> Result<ProceduralExplainer<Judge1998>, PairingError> {
    PairingError::check_round(round)?;
    explain_field(t, Field::new(t, round), Encounters::before(t, round))
}

/// Pairs `field` (of a round of `t`; `met`: the round each pair of players met in) and
/// explains the pairing.
fn explain_field(
    t: &Tournament,
    field: Field,
    met: Encounters,
) -> Result<ProceduralExplainer<Judge1998>, PairingError> {
    let round = field.round;
    let trace = trace_field(&field).ok_or(PairingError::NoValidPairing { round })?;
    let pairing = finish(t, &field, round, &trace.pairs, trace.bye);
    let index = Seats::new(field.players.iter().map(|p| p.state.id));
    let judge = Judge1998 {
        field,
        rules: colours::rules(t),
        index,
        met,
        trace,
    };
    Ok(ProceduralExplainer::new(judge, t, pairing))
}

impl Judge1998 {
    fn idx(&self, id: u32) -> Option<usize> {
        self.index.of(id)
    }

    fn id(&self, a: usize) -> u32 {
        self.field.players[a].state.id
    }

    fn score(&self, id: u32) -> Points {
        self.idx(id)
            .map_or(Points::ZERO, |a| self.field.players[a].state.score)
    }

    /// The colour rule of the board `pair` and whether its colours follow it.
    fn colours(&self, pair: &mut PairExplanation, w: usize, b: usize) {
        let seat: Seat = colours::seat(&self.field, &self.rules, w, b);
        let (h, l) = (w.min(b), w.max(b));
        let (white, black) = if seat.higher_white { (h, l) } else { (l, h) };
        let gets = format!("{} gets White", self.id(white));
        let pref = |a: usize| self.field.preference(a);
        let granted = |a: usize, c: Colour| pref(a) == Some(c);
        pair.colour_rule = if seat.swapped_for_b2 {
            "B.2"
        } else {
            seat.rule.article()
        };
        pair.colour_reason = if seat.swapped_for_b2 {
            format!(
                "{} would give a player a colour B.2 forbids him: {gets}",
                seat.rule.article()
            )
        } else {
            match seat.rule {
                ColourRule::BothPreferences
                    if granted(white, Colour::White) && granted(black, Colour::Black) =>
                {
                    "both preferences granted".to_string()
                }
                ColourRule::BothPreferences => {
                    let who = if pref(white).is_some() { white } else { black };
                    format!("the only preference, {}'s, granted: {gets}", self.id(who))
                }
                ColourRule::StrongerPreference => {
                    let who = if granted(white, Colour::White) {
                        white
                    } else {
                        black
                    };
                    format!(
                        "the stronger preference, {}'s ({}), granted: {gets}",
                        self.id(who),
                        pref(who).map_or("none", Colour::name)
                    )
                }
                ColourRule::Alternation => format!(
                    "alternating from the latest round in which their colours differed: {gets}"
                ),
                ColourRule::HigherRankedPreference => format!(
                    "the higher-ranked {}'s preference granted: {gets}",
                    self.id(h)
                ),
                ColourRule::PairingNumber => format!(
                    "no colour history to go by: by the higher-ranked {}'s place in A.2 order, {gets}",
                    self.id(h)
                ),
            }
        };
        pair.colours_follow_rule = pair.white == self.id(white) && pair.black == self.id(black);
    }

    /// The relative criteria the board does not meet, in priority order.
    fn notes(&self, pair: &mut PairExplanation, w: usize, b: usize) {
        if let Some(f) = pair.float {
            pair.notes.push(Note {
                article: "B.3",
                text: format!(
                    "{} ({}) floats down to meet {} ({})",
                    f.down,
                    self.score(f.down),
                    f.up,
                    self.score(f.up)
                ),
            });
        }
        if self.field.colour_clash(w, b) {
            let c = self.field.preference(w).map_or("", Colour::name);
            pair.notes.push(Note {
                article: "B.4",
                text: format!(
                    "{} and {} both prefer {c}: one preference not granted (counts against x)",
                    pair.white, pair.black
                ),
            });
        }
        let Some(f) = pair.float else { return };
        for &(article, _, float, back, _) in &FLOAT_CRITERIA {
            let who = if float == Float::Down { f.down } else { f.up };
            if self
                .idx(who)
                .is_some_and(|a| repeats(&self.field, a, float, back))
            {
                let way = if float == Float::Down { "down" } else { "up" };
                pair.notes.push(Note {
                    article,
                    text: format!(
                        "{who} floats {way} as in round {}",
                        self.field.round.saturating_sub(back as u32 + 1)
                    ),
                });
            }
        }
    }

    /// Who received the bye, and why (A.5, B.1.b, C.13).
    fn bye(&self, bye: u32, engine: bool) -> ByeExplanation {
        let score = self.score(bye);
        let mut reasons = Vec::new();
        let Some(a) = self.idx(bye) else {
            return ByeExplanation {
                player: bye,
                score,
                reasons,
            };
        };
        let state = &self.field.players[a].state;
        let lowest = self.field.players.last().map(|p| p.state.score);
        reasons.push(if lowest == Some(score) {
            format!("score {score}: in the lowest score bracket")
        } else {
            format!("score {score}: moved down to the lowest score bracket")
        });
        reasons.push(if state.bye_eligible {
            "eligible (B.1.b): no earlier point without playing".to_string()
        } else {
            "not eligible (B.1.b): already received a point without playing".to_string()
        });
        let below = |eligible: bool| -> Vec<String> {
            self.field.players[a + 1..]
                .iter()
                .filter(|p| p.state.bye_eligible == eligible)
                .map(|p| p.state.id.to_string())
                .collect()
        };
        let barred = below(false);
        if !barred.is_empty() {
            reasons.push(format!(
                "ranked lower in A.2 order but already had a point without playing (B.1.b): {}",
                barred.join(", ")
            ));
        }
        let eligible = below(true);
        if !eligible.is_empty() {
            reasons.push(if engine {
                format!(
                    "ranked lower and eligible, but the first pairing of the lowest bracket that completes the round leaves {bye} (C.6–C.8, C.13): {}",
                    eligible.join(", ")
                )
            } else {
                format!("ranked lower and eligible: {}", eligible.join(", "))
            });
        } else {
            reasons.push("the lowest-ranked eligible player (F.4)".to_string());
        }
        if repeats(&self.field, a, Float::Down, 0) {
            reasons.push(format!(
                "the bye is a downfloat (A.5), as {bye}'s float in round {} (B.5)",
                self.field.round.saturating_sub(1)
            ));
        }
        ByeExplanation {
            player: bye,
            score,
            reasons,
        }
    }
}

impl Judge for Judge1998 {
    fn explain(&self, pairing: &RoundPairing, engine: bool) -> RoundExplanation {
        let mut s = Skeleton::moved_down_step_by_step(pairing, |id| self.score(id));
        let boards: Vec<Option<Board>> = pairing
            .pairs
            .iter()
            .map(|p| Some((self.idx(p.white)?, self.idx(p.black)?)))
            .collect();
        for (pair, board) in s.pairs.iter_mut().zip(&boards) {
            if let &Some((w, b)) = board {
                self.colours(pair, w, b);
                self.notes(pair, w, b);
            }
        }
        let last = s.brackets.len().saturating_sub(1);
        for (k, bracket) in s.brackets.iter_mut().enumerate() {
            let members = criteria::members(bracket, &boards, |id| self.idx(id));
            bracket.criteria = criteria::measure(&self.field, &members);
            if engine && let Some(trace) = self.trace.brackets.get(k) {
                bracket.decisions = decisions::bracket(&self.field, trace, k == last);
            }
        }
        s.finish(
            pairing.round,
            "FIDE Swiss System Based on Rating 1998",
            FloatDirection::Down,
            pairing.bye.map(|b| self.bye(b, engine)),
            Vec::new(),
        )
    }

    fn absolute(&self, pairing: &RoundPairing) -> Vec<Violation> {
        let mut out = Vec::new();
        for p in &pairing.pairs {
            let (Some(w), Some(b)) = (self.idx(p.white), self.idx(p.black)) else {
                continue;
            };
            out.extend(self.met.violation(
                "B.1.a",
                p.white,
                p.black,
                !self.field.compatible(w, b) && self.b2_allows(w, b),
            ));
            for (a, c) in [(w, Colour::White), (b, Colour::Black)] {
                if let Some(v) = self.b2(a, c) {
                    out.push(v);
                }
            }
        }
        if let Some(bye) = pairing.bye
            && self
                .idx(bye)
                .is_some_and(|a| !self.field.players[a].state.bye_eligible)
        {
            out.push(Violation {
                article: "B.1.b",
                text: format!("{bye} already received a point without playing"),
            });
        }
        out
    }

    fn order(&self) -> &'static str {
        "the C.6–C.8 order (D.1 transpositions of S2, then D.2 exchanges)"
    }
}

impl Judge1998 {
    /// Whether some colours of the pair satisfy B.2 for both.
    fn b2_allows(&self, w: usize, b: usize) -> bool {
        self.b2(w, Colour::White).is_none() && self.b2(b, Colour::Black).is_none()
            || self.b2(w, Colour::Black).is_none() && self.b2(b, Colour::White).is_none()
    }

    /// B.2 for `a` receiving `c` (not for a player over 50% in the last round).
    fn b2(&self, a: usize, c: Colour) -> Option<Violation> {
        let e = &self.field.players[a];
        let ok = if c == Colour::White {
            e.white_ok
        } else {
            e.black_ok
        };
        if ok {
            return None;
        }
        let cd = e.state.colour_difference() + if c == Colour::White { 1 } else { -1 };
        let (article, what) = if cd.abs() > 2 {
            ("B.2.a", format!("colour difference {cd:+}"))
        } else {
            ("B.2.b", "the same colour three times in a row".to_string())
        };
        Some(Violation {
            article,
            text: format!("{} with {}: {what}", e.state.id, c.name()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::explanation::{Comparison, Explainer};
    use crate::pairing::state::PlayerState;
    use crate::tournament::{Colour::Black as B, Colour::White as W, Player};

    const NONE: &[Colour] = &[];

    /// `histories.len()` players on 0 points with these colour histories; `met` have
    /// met (in round 1).
    fn explained(histories: &[&[Colour]], met: &[(u32, u32)]) -> ProceduralExplainer<Judge1998> {
        let states = histories
            .iter()
            .enumerate()
            .map(|(i, c)| PlayerState::with_colours(i, c))
            .collect();
        let mut t = Tournament::default();
        for id in 1..=histories.len() as u32 {
            t.players.push(Player::new(id, format!("P{id}")));
        }
        let field = Field::from_states(states, met);
        explain_field(&t, field, Encounters::in_round_one(met)).expect("pairable")
    }

    fn pairing(pairs: &[(u32, u32)], bye: Option<u32>) -> RoundPairing {
        RoundPairing::of(2, pairs, bye)
    }

    fn decisions(e: &ProceduralExplainer<Judge1998>) -> Vec<String> {
        e.explanation().brackets[0]
            .decisions
            .iter()
            .map(|n| format!("{}: {}", n.article, n.text))
            .collect()
    }

    /// C.7 / D.1: 1 has met 5, so S2 is transposed to 6-5-7-8.
    #[test]
    fn a_transposition_is_named() {
        let e = explained(&[NONE; 8], &[(1, 5)]);
        let d = decisions(&e);
        assert!(
            d.contains(&"D.1: S2 transposed: 5 and 6 exchanged".to_string()),
            "{d:?}"
        );
        assert!(d.contains(&"A.6: S1 (1, 2, 3, 4), S2 (5, 6, 7, 8); p = 4, x = 0".to_string()));
        assert!(
            d.iter()
                .any(|n| n.starts_with("B.3–B.6: no relative criterion"))
        );
    }

    /// C.8 / D.2 a): 4 has met all of S2, so 4 and 5 are exchanged.
    #[test]
    fn an_exchange_is_named() {
        let e = explained(&[NONE; 8], &[(4, 5), (4, 6), (4, 7), (4, 8)]);
        let d = decisions(&e);
        assert!(
            d.iter()
                .any(|n| n.starts_with("D.2: exchange of 4 from S1 with 5 from S2")),
            "{d:?}"
        );
    }

    /// Nine players: the ninth is S2's leftover and receives the bye (A.5, F.4).
    #[test]
    fn the_bye_is_explained() {
        let e = explained(&[NONE; 9], &[]);
        let bye = e.explanation().bye.as_ref().expect("a bye");
        assert_eq!(bye.player, 9);
        assert!(
            bye.reasons.iter().any(|r| r.contains("(F.4)")),
            "{:?}",
            bye.reasons
        );
        assert!(decisions(&e).contains(&"A.5: 9 left unpaired: the bye".to_string()));
    }

    /// 1–4 played White, 5–8 Black: x = 0 and S1 against S2 grants every preference.
    /// Pairing the top half among themselves gives four pairs whose both players prefer
    /// Black or White: worse at B.4. Another grant-all pairing is as good: the D.1 order
    /// decides. Reversed colours break E.1.
    #[test]
    fn alternatives_are_compared_at_b4_or_by_the_order() {
        let e = explained(&[&[W], &[W], &[W], &[W], &[B], &[B], &[B], &[B]], &[]);
        let engine = e.pairing().clone();
        assert_eq!(e.check(&engine).comparison, Comparison::Equal);
        let worse = e.check(&pairing(&[(1, 2), (3, 4), (5, 6), (7, 8)], None));
        match &worse.comparison {
            Comparison::Differs {
                bracket: Some(1),
                article: "B.4",
                worse: true,
                ..
            } => {}
            other => panic!("expected worse at B.4, got {other:?}"),
        }
        let same = e.check(&pairing(&[(6, 1), (5, 2), (7, 3), (8, 4)], None));
        assert!(same.colour_breaks.is_empty());
        assert_eq!(
            same.comparison,
            Comparison::SameQuality {
                bracket: 1,
                order: "the C.6–C.8 order (D.1 transpositions of S2, then D.2 exchanges)"
            }
        );
        let reversed = e.check(&pairing(&[(1, 5), (6, 2), (7, 3), (8, 4)], None));
        assert_eq!(reversed.colour_breaks.len(), 1);
        assert_eq!(reversed.colour_breaks[0].article, "E.1");
        assert_eq!(reversed.comparison, Comparison::Equal);
    }

    /// B.1.a: a rematch is refused, naming the round; B.2: a third White in a row, a
    /// colour difference of +3.
    #[test]
    fn absolute_criteria_are_reported() {
        let e = explained(&[NONE; 8], &[(1, 5)]);
        let check = e.check(&pairing(&[(1, 5), (2, 6), (3, 7), (4, 8)], None));
        assert!(!check.is_valid());
        assert_eq!(check.errors[0].article, "B.1.a");
        assert_eq!(check.errors[0].text, "1 and 5 met in round 1");
        let e = explained(&[&[B, W, W], &[W, W], NONE, NONE], &[]);
        let check = e.check(&pairing(&[(1, 3), (2, 4)], None));
        let texts: Vec<String> = check
            .errors
            .iter()
            .map(|v| format!("{}: {}", v.article, v.text))
            .collect();
        assert_eq!(
            texts,
            [
                "B.2.b: 1 with White: the same colour three times in a row",
                "B.2.a: 2 with White: colour difference +3"
            ]
        );
    }
}
