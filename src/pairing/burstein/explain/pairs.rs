//! One board of a Burstein pairing: the colour rule of 5.2 that decides it, and the
//! criteria the pair does not meet (a float, [C5]; a colour preference lost, [C8]).

use crate::pairing::Pair;
use crate::pairing::colour::{ColourRule, Strength};
use crate::pairing::explanation::{Note, PairExplanation, Violation};
use crate::tournament::Colour;

use super::super::colour::decide;
use super::BursteinJudge;

fn strength(s: Strength) -> &'static str {
    match s {
        Strength::Mild => "mild",
        Strength::Strong => "strong",
        Strength::Absolute => "absolute",
    }
}

/// Fills in the colour rule, the colours' agreement with it and the notes of board `p`.
pub(super) fn fill(judge: &BursteinJudge, p: &mut PairExplanation) {
    let (Some(w), Some(b)) = (judge.index(p.white), judge.index(p.black)) else {
        return;
    };
    let field = &judge.field;
    let state = |a: usize| &field.players[a].state;
    let decision = decide(field, w, b);
    let (white, _) = decision.white_black();
    let (h, l) = (state(decision.higher), state(decision.lower));
    let rule = decision.allocation.rule;
    let gets = |a: &crate::pairing::state::PlayerState, white: bool| {
        format!("{} gets {}", a.id, if white { "White" } else { "Black" })
    };
    let higher_white = decision.allocation.higher_gets_white;
    p.colour_rule = rule.article_dubov_burstein();
    p.colours_follow_rule = white == w;
    p.colour_reason = match rule {
        ColourRule::BothPreferences => match (h.preference.0, l.preference.0) {
            (Some(_), Some(_)) => format!(
                "both preferences granted: {}, {}",
                gets(h, higher_white),
                gets(l, !higher_white)
            ),
            (Some(_), None) | (None, Some(_)) => {
                let (with, without) = if h.preference.0.is_some() {
                    (h, l)
                } else {
                    (l, h)
                };
                format!(
                    "{}'s preference granted ({} has none): {}",
                    with.id,
                    without.id,
                    gets(h, higher_white)
                )
            }
            (None, None) => gets(h, higher_white),
        },
        ColourRule::StrongerPreference => {
            let (hs, ls) = (h.preference.0.map(|x| x.1), l.preference.0.map(|x| x.1));
            let (winner, s) = if hs >= ls { (h, hs) } else { (l, ls) };
            format!(
                "both want the same colour; the stronger preference ({}) is {}'s: {}",
                s.map_or("none", strength),
                winner.id,
                gets(h, higher_white)
            )
        }
        ColourRule::Alternation => format!(
            "same preference: colours alternate from the last round in which theirs differed: {}",
            gets(h, higher_white)
        ),
        ColourRule::HigherRankedPreference => format!(
            "same preference, same colour history: the higher ranked by 1.8 (Index, then TPN), {}, gets his preference: {}",
            h.id,
            gets(h, higher_white)
        ),
        ColourRule::PairingNumber => format!(
            "neither has played: the higher ranked (more points, then the smaller TPN), {} (TPN {}), gets the {} colour: {}",
            h.id,
            h.rank + 1,
            if h.rank % 2 == 0 { "initial" } else { "other" },
            gets(h, higher_white)
        ),
    };
    // The float is no criterion of this board's bracket: [C5] and [C6] count it in
    // the bracket the floater left; here he is an incoming floater (1.2), paired.
    if let Some(f) = p.float {
        p.notes.push(Note {
            article: "1.2",
            text: format!(
                "{} ({}) is an incoming floater, left unpaired by the {} scoregroup ([C5], [C6] there), and meets {} ({}): score difference {}",
                f.down,
                judge.score(f.down),
                judge.score(f.down),
                f.up,
                judge.score(f.up),
                f.difference
            ),
        });
    }
    if let (Some(c), true) = (
        h.preference.colour(),
        h.preference.colour() == l.preference.colour(),
    ) {
        let loser = if c == Colour::White { p.black } else { p.white };
        p.notes.push(Note {
            article: "[C8]",
            text: format!(
                "{} and {} both want {}: {} does not get his preference",
                p.white,
                p.black,
                c.name(),
                loser
            ),
        });
    }
}

/// [C3] on the board's colours: a player with an absolute colour preference (a colour
/// difference beyond ±1, or the same colour twice running) must get it.
pub(super) fn absolute_colour(judge: &BursteinJudge, p: &Pair) -> Vec<Violation> {
    [(p.white, Colour::White), (p.black, Colour::Black)]
        .into_iter()
        .filter_map(|(id, got)| {
            let s = &judge.field.players[judge.index(id)?].state;
            let (want, st) = s.preference.0?;
            (st == Strength::Absolute && want != got).then(|| Violation {
                article: "[C3]",
                text: format!(
                    "{id} has an absolute colour preference for {} and gets {}: a colour difference beyond 2 or the same colour three times running",
                    want.name(),
                    got.name()
                ),
            })
        })
        .collect()
}
