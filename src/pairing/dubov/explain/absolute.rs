//! The absolute criteria of the Dubov system a pairing breaks: [C1] no rematch (and no
//! pair the event forbids), [C2] no PAB after a PAB, a forfeit win or a full-point bye,
//! [C3] no pair of players with the same absolute colour preference.

use crate::pairing::RoundPairing;
use crate::pairing::colour::Strength;
use crate::pairing::explanation::Violation;

use super::DubovJudge;

/// Each violation of [C1]–[C3] in `pairing` (a pairing of the round's players).
pub(crate) fn violations(j: &DubovJudge, pairing: &RoundPairing) -> Vec<Violation> {
    let field = &j.field;
    let mut errors = Vec::new();
    for p in &pairing.pairs {
        let (Some(w), Some(b)) = (j.at(p.white), j.at(p.black)) else {
            continue;
        };
        if field.compatible(w, b) {
            continue;
        }
        let (pw, pb) = (field.players[w].preference, field.players[b].preference);
        if let Some(v) = j.met.violation("[C1]", p.white, p.black, false) {
            errors.push(v);
        } else if pw.1 == Strength::Absolute && pb.1 == Strength::Absolute && pw.0 == pb.0 {
            errors.push(Violation {
                article: "[C3]",
                text: format!(
                    "{} and {} both have an absolute colour preference for {:?}",
                    p.white, p.black, pw.0
                ),
            });
        } else {
            errors.extend(j.met.violation("[C1]", p.white, p.black, true));
        }
    }
    if let Some(id) = pairing.bye
        && let Some(b) = j.at(id)
        && !field.players[b].state.bye_eligible
    {
        let when = j
            .barred
            .get(&id)
            .map_or_else(String::new, |k| format!(" (round {k})"));
        errors.push(Violation {
            article: "[C2]",
            text: format!(
                "{id} may not receive the PAB: he already had a PAB, a forfeit win or a full-point bye{when}"
            ),
        });
    }
    errors
}
