//! The ties the tie-break list leaves, decided (the FIDE checklist's Q204-207): by the
//! arbiter's order, then by a drawing of lots from a recorded seed (C.07 names the drawing
//! of lots as the last resort), for the standings after one round; and the expelled
//! players left out of the Swiss standings (Q197-198). The decisions themselves are kept
//! in the event ([`crate::tournament::TieDecisions`]) and made through `Edit`s whose checks
//! are here.

use crate::generator::random::Random;
use crate::tournament::{ExternalValue, HandOrder, LogKind, Points, TieLots, Tournament};

use super::code::TieBreak;
use super::explain::Breakdown;
use super::field::Field;
use super::ranking::{Options, Standings, compute, default_round};
use super::rules::Rules;
use super::value::Value;

/// The column of an external tie-break (`OTHER_…`): the values the arbiter entered;
/// missing for a player without one (ranks after those with one).
pub(super) fn external_column(t: &Tournament, field: &Field, tb: &TieBreak) -> Vec<Breakdown> {
    let code = tb.external_code().unwrap_or_default();
    field
        .entrants
        .iter()
        .map(
            |e| match t.event.tie_decisions.external_value(&code, e.id) {
                Some(v) => Breakdown {
                    value: Value::Points(v),
                    parts: vec![super::explain::Part::other(
                        Value::Points(v),
                        "entered by the arbiter (external tie-break, checklist Q207)",
                    )],
                },
                None => Breakdown::bare(Value::Missing),
            },
        )
        .collect()
}

/// The key a seed draws for a player: the first value of SplitMix64 seeded with the seed
/// mixed with the pairing number (the same on every machine); lowest first.
pub fn lot_key(seed: u64, player: u32) -> u64 {
    Random::new(seed ^ u64::from(player).wrapping_mul(0xD6E8_FEB8_6659_FD93)).next_u64()
}

/// Splits the groups (positions in the field, best first) still tied: a hand order for
/// `round` whose players are exactly one group orders it; then, with a seed drawn for
/// `round`, every group left is ordered by lot. Groups of one are untouched. Says what
/// it did in `notes`.
pub(super) fn decide(
    t: &Tournament,
    field: &Field,
    round: u32,
    groups: Vec<Vec<usize>>,
    notes: &mut Vec<String>,
) -> Vec<Vec<usize>> {
    let d = &t.event.tie_decisions;
    let id = |i: usize| field.entrants[i].id;
    let mut out = Vec::with_capacity(groups.len());
    for group in groups {
        if group.len() < 2 {
            out.push(group);
            continue;
        }
        let mut ids: Vec<u32> = group.iter().map(|&i| id(i)).collect();
        ids.sort_unstable();
        let order = d.hand_orders.iter().find(|o| {
            o.round == round && {
                let mut listed = o.players.clone();
                listed.sort_unstable();
                listed == ids
            }
        });
        if let Some(order) = order {
            let names: Vec<String> = order.players.iter().map(u32::to_string).collect();
            notes.push(format!(
                "{} ranked by hand: {} ({})",
                ids_tied(&ids),
                names.join(", "),
                order.reason
            ));
            for &p in &order.players {
                out.extend(group.iter().find(|&&i| id(i) == p).map(|&i| vec![i]));
            }
        } else if let Some(seed) = d.lots_for(round) {
            let mut drawn = group.clone();
            drawn.sort_by_key(|&i| (lot_key(seed, id(i)), id(i)));
            let names: Vec<String> = drawn.iter().map(|&i| id(i).to_string()).collect();
            notes.push(format!(
                "{} drawn by lot (seed {seed}): {}",
                ids_tied(&ids),
                names.join(", ")
            ));
            out.extend(drawn.into_iter().map(|i| vec![i]));
        } else {
            out.push(group);
        }
    }
    out
}

/// `3 = 5 = 7`.
fn ids_tied(ids: &[u32]) -> String {
    let ids: Vec<String> = ids.iter().map(u32::to_string).collect();
    ids.join(" = ")
}

/// Whether the standings after `round` leave out `player` as expelled (from a round up
/// to the next one: as withdrawn players are marked, checklist Q170).
pub(super) fn expelled_by(t: &Tournament, player: u32, round: u32) -> Option<u32> {
    t.player(player)?
        .expelled_from
        .filter(|&from| from <= round + 1)
}

/// The standings after `round` as the event ranks them (its list and rules), without the
/// decisions on ties for that round: what a decision is checked against.
fn undecided(t: &Tournament, round: u32) -> Result<Standings, String> {
    let tiebreaks = super::event_tiebreaks(&t.event)
        .map_err(|e| e.to_string())?
        .unwrap_or_else(super::default_tiebreaks);
    let mut bare = t.clone();
    let d = &mut bare.event.tie_decisions;
    d.hand_orders.retain(|o| o.round != round);
    d.lots.retain(|l| l.round != round);
    let options = Options {
        tiebreaks,
        round: Some(round),
        rules: Rules::for_event(&t.event),
    };
    compute(&bare, &options).map_err(|e| e.to_string())
}

/// The groups of players sharing a place, by pairing number.
fn tied_groups(s: &Standings) -> Vec<Vec<u32>> {
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for (k, row) in s.rows.iter().enumerate() {
        if k > 0 && s.rows[k - 1].rank == row.rank {
            if let Some(last) = groups.last_mut() {
                last.push(row.id);
            }
        } else {
            groups.push(vec![row.id]);
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

impl Tournament {
    /// The round a decision on ties is about: `round`, else the last complete one.
    pub(crate) fn tie_round(&self, round: Option<u32>) -> u32 {
        round.unwrap_or_else(|| default_round(self))
    }

    /// Ranks players still tied after the whole tie-break list by hand (checklist Q205),
    /// in the standings after `round`, logged with the reason. Refused, changing nothing,
    /// unless the players are exactly the players sharing one place.
    pub(crate) fn order_ties_by_hand(
        &mut self,
        round: u32,
        players: Vec<u32>,
        reason: &str,
        when: String,
    ) -> Result<(), String> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(
                "give the reason for ranking players by hand; it goes in the report".into(),
            );
        }
        let s = undecided(self, round)?;
        let mut sorted = players.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let groups = tied_groups(&s);
        if sorted.len() != players.len() || !groups.contains(&sorted) {
            let tied: Vec<String> = groups.iter().map(|g| ids_tied(g)).collect();
            return Err(format!(
                "players {} are not the players tied for one place after round {round} \
                 (tied: {}); only a tie the tie-break list leaves is ranked by hand",
                ids_tied(&players),
                if tied.is_empty() {
                    "none".to_string()
                } else {
                    tied.join("; ")
                }
            ));
        }
        let d = &mut self.event.tie_decisions;
        d.hand_orders
            .retain(|o| o.round != round || !o.players.iter().any(|p| sorted.contains(p)));
        let order: Vec<String> = players.iter().map(u32::to_string).collect();
        d.hand_orders.push(HandOrder {
            round,
            players,
            reason: reason.to_string(),
        });
        self.log_event(
            LogKind::Configuration,
            &format!(
                "tie of {} after round {round} ranked by hand: {} ({reason})",
                ids_tied(&sorted),
                order.join(", ")
            ),
            when,
        );
        Ok(())
    }

    /// Enters the values of an external tie-break `code` (`OTHER_<NAME>`, MTB26), replacing
    /// those entered before under it (checklist Q207), logged with the reason.
    pub(crate) fn set_external_values(
        &mut self,
        code: &str,
        values: Vec<(u32, Points)>,
        reason: &str,
        when: String,
    ) -> Result<(), String> {
        let tb: TieBreak = code.parse().map_err(|e: super::CodeError| e.to_string())?;
        let Some(code) = tb.external_code() else {
            return Err(format!(
                "{code:?}: an external tie-break is named OTHER_<NAME> (MTB26 self-defined codes)"
            ));
        };
        if let Some((p, _)) = values.iter().find(|(p, _)| self.player(*p).is_none()) {
            return Err(format!("no player number {p}"));
        }
        let d = &mut self.event.tie_decisions;
        d.external.retain(|v| !v.code.eq_ignore_ascii_case(&code));
        let shown: Vec<String> = values.iter().map(|(p, v)| format!("{p} = {v}")).collect();
        d.external
            .extend(values.into_iter().map(|(player, value)| ExternalValue {
                code: code.clone(),
                player,
                value,
            }));
        self.log_event(
            LogKind::Configuration,
            &format!(
                "external tie-break {code}: {} ({})",
                if shown.is_empty() {
                    "values removed".to_string()
                } else {
                    shown.join(", ")
                },
                reason.trim()
            ),
            when,
        );
        Ok(())
    }

    /// Draws by lot, with `seed`, the order of the players still tied in the standings
    /// after `round` (checklist Q204, Q206: the same seed gives the same order on every
    /// machine), and logs the seed, who was tied and the order drawn (`### Lots @ Round n`).
    /// Refused when no tie is left.
    pub(crate) fn draw_tie_lots(
        &mut self,
        round: u32,
        seed: u64,
        when: String,
    ) -> Result<(), String> {
        let mut with_orders = self.clone();
        with_orders
            .event
            .tie_decisions
            .lots
            .retain(|l| l.round != round);
        let tiebreaks = super::event_tiebreaks(&self.event)
            .map_err(|e| e.to_string())?
            .unwrap_or_else(super::default_tiebreaks);
        let options = Options {
            tiebreaks,
            round: Some(round),
            rules: Rules::for_event(&self.event),
        };
        let s = compute(&with_orders, &options).map_err(|e| e.to_string())?;
        let groups = tied_groups(&s);
        if groups.is_empty() {
            return Err(format!(
                "no tie is left in the standings after round {round}"
            ));
        }
        let drawn: Vec<String> = groups
            .iter()
            .map(|g| {
                let mut order = g.clone();
                order.sort_by_key(|&p| (lot_key(seed, p), p));
                let order: Vec<String> = order.iter().map(u32::to_string).collect();
                format!("{} → {}", ids_tied(g), order.join(", "))
            })
            .collect();
        let d = &mut self.event.tie_decisions;
        d.lots.retain(|l| l.round != round);
        d.lots.push(TieLots { round, seed });
        self.log_event(
            LogKind::Lots,
            &format!(
                "ties of the standings after round {round} drawn by lot with seed {seed} \
                 (SplitMix64 of the seed and the pairing number, lowest first): {}",
                drawn.join("; ")
            ),
            when,
        );
        Ok(())
    }
}
