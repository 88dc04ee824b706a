//! One board in Dubov terms: the colour rule of 5.2 that decides its colours, and each
//! quality criterion it does not meet ([C5] its upfloat, [C7], [C8]–[C10]).

use crate::pairing::colour::ColourRule;
use crate::pairing::dubov::colour::allocate;
use crate::pairing::explanation::{Note, PairExplanation};
use crate::tournament::Colour;

use super::DubovJudge;

/// Fills in the colour rule and the notes of board `p` (its float is the skeleton's).
pub(crate) fn explain(j: &DubovJudge, p: &mut PairExplanation) {
    let (Some(w), Some(b)) = (j.at(p.white), j.at(p.black)) else {
        return;
    };
    let field = &j.field;
    // Field order is the ranking: the smaller index ranks higher.
    let (h, l) = (w.min(b), w.max(b));
    let (higher_white, rule) = allocate(field, h, l);
    p.colour_rule = rule.article_dubov_burstein();
    p.colours_follow_rule = higher_white == (h == w);
    let (hp, lp) = (&field.players[h], &field.players[l]);
    let higher_colour = if higher_white {
        Colour::White
    } else {
        Colour::Black
    };
    let (hid, lid) = (hp.state.id, lp.state.id);
    p.colour_reason = match rule {
        ColourRule::PairingNumber => format!(
            "neither has played: {hid} (higher ranked) has TPN {}, {}: he gets {} ({}; the TPN of C.04.2 2, which absent players keep)",
            hp.tpn(),
            if hp.tpn() % 2 == 1 { "odd" } else { "even" },
            higher_colour.name(),
            if hp.tpn() % 2 == 1 {
                "the initial colour"
            } else {
                "the opposite of the initial colour"
            },
        ),
        ColourRule::BothPreferences => "both colour preferences granted".to_string(),
        ColourRule::StrongerPreference => {
            let (winner, colour) = if hp.preference.0 == higher_colour {
                (hid, higher_colour)
            } else {
                (lid, higher_colour.opposite())
            };
            format!("the stronger preference: {winner} gets {}", colour.name())
        }
        ColourRule::Alternation => format!(
            "alternated from the last round their colours differed: {hid} gets {}",
            higher_colour.name()
        ),
        ColourRule::HigherRankedPreference => format!(
            "the higher-ranked player's preference: {hid} gets {}",
            higher_colour.name()
        ),
    };
    let mut notes = Vec::new();
    if let Some(f) = p.float {
        notes.push(Note {
            article: "[C5]",
            text: format!(
                "{} ({}) floats up to meet {} ({}): score difference {}",
                f.up,
                j.score(f.up),
                f.down,
                j.score(f.down),
                f.difference
            ),
        });
    }
    if field.same_preference(w, b) {
        let wanted = field.players[w].preference.0;
        let denied = if wanted == Colour::White {
            p.black
        } else {
            p.white
        };
        let newcomers = if field.players[w].games() + field.players[b].games() == 0 {
            " (1.6.4: no game yet)"
        } else {
            ""
        };
        notes.push(Note {
            article: "[C7]",
            text: format!(
                "{} and {} both seek {}{newcomers}: {denied} does not get it",
                p.white,
                p.black,
                wanted.name()
            ),
        });
    }
    let up = p
        .float
        .and_then(|f| j.at(f.up))
        .filter(|_| !field.last_round);
    if let Some(u) = up {
        let e = &field.players[u];
        if e.is_maximum_upfloater(field.max_t) {
            notes.push(Note {
                article: "[C8]",
                text: format!(
                    "{} is a maximum upfloater (upfloated {} times, MaxT {})",
                    e.state.id, e.upfloats, field.max_t
                ),
            });
            notes.push(Note {
                article: "[C9]",
                text: format!("{}'s {} upfloats count", e.state.id, e.upfloats),
            });
        }
        if e.upfloated_last_round {
            notes.push(Note {
                article: "[C10]",
                text: format!(
                    "{} upfloated in round {} too",
                    e.state.id,
                    j.round.saturating_sub(1)
                ),
            });
        }
    }
    p.notes = notes;
}
