//! The absolute criteria the procedural systems (1998 rating system, Lim, Dubov, Burstein,
//! Double-Swiss) share, checked on a recorded round: no rematch, no PAB for a player the
//! system bars from it, no colour difference beyond ±2 and no colour three times in a row
//! (for players the system does not exempt), everyone present paired or given the bye.

use std::collections::HashSet;

use crate::pairing::state::{PlayerState, RoundState, RuleVersion, is_present, round_state};
use crate::pairing::{RoundPairing, history_for_round};
use crate::tournament::{Colour, Tournament};

/// Checks round `round` as recorded; `exempt(player, last_round)` says whom the colour
/// criteria do not bind. No PAB after a point scored without playing (C.04.1.c as the 2026
/// Dutch text words it).
pub(super) fn check_round(
    t: &Tournament,
    round: u32,
    exempt: impl Fn(&PlayerState, bool) -> bool,
) -> Result<(), String> {
    check_round_with(t, round, exempt, |p| p.bye_eligible)
}

/// [`check_round`] with the system's own PAB bar: `may_have_bye(player)`.
pub(super) fn check_round_with(
    t: &Tournament,
    round: u32,
    exempt: impl Fn(&PlayerState, bool) -> bool,
    may_have_bye: impl Fn(&PlayerState) -> bool,
) -> Result<(), String> {
    // Met opponents, the 2026 PAB eligibility and the "over 50%" flag come from the shared
    // state.
    let colours_hold = |state: &RoundState, last_round: bool, a: usize, b: usize| {
        for (i, colour) in [(a, Colour::White), (b, Colour::Black)] {
            let p = &state.players[i];
            if exempt(p, last_round) {
                continue;
            }
            let mut colours = p.colours.clone();
            colours.push(colour);
            let cd: i32 = colours
                .iter()
                .map(|c| if *c == Colour::White { 1 } else { -1 })
                .sum();
            if cd.abs() > 2 {
                return Err(format!(
                    "round {round}: {} reaches colour difference {cd}",
                    p.id
                ));
            }
            if colours.len() >= 3 && colours[colours.len() - 3..].iter().all(|c| *c == colour) {
                return Err(format!(
                    "round {round}: {} gets {colour:?} three times in a row",
                    p.id
                ));
            }
        }
        Ok(())
    };
    check_seats(t, round, RuleVersion::Dutch2026, colours_hold, may_have_bye)
}

/// Round `round` as recorded, read against the players' state under `rules`: every board
/// seats two players present, nobody twice, no rematch or forbidden pair (C1), and
/// `board(state, last_round, a, b)` holds on it; the bye goes to a player present whom `may_have_bye`
/// allows; everyone present is seated.
pub(super) fn check_seats(
    t: &Tournament,
    round: u32,
    rules: RuleVersion,
    board: impl Fn(&RoundState, bool, usize, usize) -> Result<(), String>,
    may_have_bye: impl Fn(&PlayerState) -> bool,
) -> Result<(), String> {
    let pairing = RoundPairing::recorded(t, round);
    let history = history_for_round(t, round);
    let state = round_state(&history, round, rules);
    let last_round = round == history.planned_rounds();
    let index = |id: u32| state.players.iter().position(|p| p.id == id);
    let mut seen = HashSet::new();
    for pair in &pairing.pairs {
        let (Some(a), Some(b)) = (index(pair.white), index(pair.black)) else {
            return Err(format!(
                "round {round}: {}-{} pairs an absent player",
                pair.white, pair.black
            ));
        };
        if !seen.insert(a) || !seen.insert(b) {
            return Err(format!("round {round}: a player is paired twice"));
        }
        if state.have_met_or_forbidden(a, b) {
            return Err(format!(
                "round {round}: rematch {}-{} (C1)",
                pair.white, pair.black
            ));
        }
        board(&state, last_round, a, b)?;
    }
    if let Some(bye) = pairing.bye {
        let Some(i) = index(bye) else {
            return Err(format!("round {round}: bye to absent player {bye}"));
        };
        if !may_have_bye(&state.players[i]) {
            return Err(format!("round {round}: PAB to {bye}, who may not have it"));
        }
        seen.insert(i);
    }
    let present = t.players.iter().filter(|p| is_present(p, round)).count();
    if seen.len() != present {
        return Err(format!(
            "round {round}: {} of {present} players present were paired",
            seen.len()
        ));
    }
    Ok(())
}
