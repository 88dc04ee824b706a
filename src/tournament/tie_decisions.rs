//! The arbiter's decisions on the ties the tie-break list leaves (the FIDE checklist's
//! Q204-207, as the public trackers quote it): players still tied ranked by hand, tie-break
//! values computed elsewhere (a play-off, an armageddon) entered under an MTB26 `OTHER_…`
//! code, and a drawing of lots from a recorded seed (C.07 names the drawing of lots as
//! the last resort). Each is kept in the event and written to the TRF-2026 report as one
//! `###` line of our own, read back (TRF-2026 has no record for them).

use serde::{Deserialize, Serialize};

use super::{Points, Tournament};

/// Players still tied after the whole tie-break list in the standings after `round`,
/// ranked by the arbiter in this order (checklist Q205).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandOrder {
    pub round: u32,
    /// Best first.
    pub players: Vec<u32>,
    pub reason: String,
}

/// One player's value of an external tie-break (checklist Q207): `code` is the MTB26
/// self-defined code `OTHER_<NAME>` the tie-break list names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExternalValue {
    pub code: String,
    pub player: u32,
    pub value: Points,
}

/// A drawing of lots for the ties still left in the standings after `round` (checklist
/// Q204, Q206): the seed makes it the same on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieLots {
    pub round: u32,
    pub seed: u64,
}

/// Every decision of the event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TieDecisions {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hand_orders: Vec<HandOrder>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub external: Vec<ExternalValue>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lots: Vec<TieLots>,
}

impl TieDecisions {
    pub(crate) fn is_empty(&self) -> bool {
        self.hand_orders.is_empty() && self.external.is_empty() && self.lots.is_empty()
    }

    /// The external value of `player` under `code` (upper case), if entered.
    pub(crate) fn external_value(&self, code: &str, player: u32) -> Option<Points> {
        self.external
            .iter()
            .find(|v| v.player == player && v.code.eq_ignore_ascii_case(code))
            .map(|v| v.value)
    }

    /// The seed drawn for the standings after `round`.
    pub(crate) fn lots_for(&self, round: u32) -> Option<u64> {
        self.lots.iter().find(|l| l.round == round).map(|l| l.seed)
    }
}

const EXPELLED: &str = " Expelled: ";
const ORDER: &str = " Tie order @ Round ";
const VALUE: &str = " Tie-break value ";
const LOTS: &str = " Tie lots @ Round ";

/// The `###` lines (without the marker) of the expulsions and of the decisions on ties:
/// ` Expelled: 12 from round 5: <reason>`, ` Tie order @ Round 9: 3,5,7: <reason>`,
/// ` Tie-break value OTHER_PO: 12 = 1.5`, ` Tie lots @ Round 9: seed 12345`.
pub(crate) fn comments(t: &Tournament) -> Vec<String> {
    let d = &t.event.tie_decisions;
    let expelled = t.players.iter().filter_map(|p| {
        let from = p.expelled_from?;
        let reason = t
            .log
            .iter()
            .rev()
            .filter(|l| l.kind == super::LogKind::Expulsion)
            .find_map(|l| expulsion_reason(&l.detail, p.id))
            .unwrap_or_default();
        Some(format!("{EXPELLED}{} from round {from}: {reason}", p.id))
    });
    let orders = d.hand_orders.iter().map(|o| {
        let ids: Vec<String> = o.players.iter().map(u32::to_string).collect();
        format!("{ORDER}{}: {}: {}", o.round, ids.join(","), o.reason)
    });
    let values = d
        .external
        .iter()
        .map(|v| format!("{VALUE}{}: {} = {}", v.code, v.player, v.value));
    let lots = d
        .lots
        .iter()
        .map(|l| format!("{LOTS}{}: seed {}", l.round, l.seed));
    expelled.chain(orders).chain(values).chain(lots).collect()
}

/// The reason of an `Expulsion` log entry about `player` (`12 Name expelled from round 5:
/// reason`).
pub(crate) fn expulsion_reason(detail: &str, player: u32) -> Option<String> {
    let (head, reason) = detail.split_once(": ")?;
    (head.split(' ').next()? == player.to_string()).then(|| reason.to_string())
}

/// Takes the lines [`comments`] writes out of the event's comments, into the players and
/// the event. A line that does not read (or names no player) stays a comment.
pub(crate) fn read_comments(t: &mut Tournament) {
    let comments = std::mem::take(&mut t.event.comments);
    for comment in comments {
        if !read_comment(t, &comment) {
            t.event.comments.push(comment);
        }
    }
}

fn read_comment(t: &mut Tournament, comment: &str) -> bool {
    if let Some(rest) = comment.strip_prefix(EXPELLED) {
        let Some((head, _reason)) = rest.split_once(": ") else {
            return false;
        };
        let Some((id, from)) = head.split_once(" from round ") else {
            return false;
        };
        let (Ok(id), Ok(from)) = (id.trim().parse::<u32>(), from.trim().parse::<u32>()) else {
            return false;
        };
        let Some(p) = t.player_mut(id) else {
            return false;
        };
        p.expelled_from = Some(from);
        p.withdrawn_from = Some(p.withdrawn_from.map_or(from, |w| w.min(from)));
        return true;
    }
    let d = &mut t.event.tie_decisions;
    if let Some(rest) = comment.strip_prefix(ORDER) {
        let mut parts = rest.splitn(3, ": ");
        let (Some(round), Some(ids), reason) = (parts.next(), parts.next(), parts.next()) else {
            return false;
        };
        let players: Result<Vec<u32>, _> = ids.split(',').map(|i| i.trim().parse()).collect();
        let (Ok(round), Ok(players)) = (round.trim().parse(), players) else {
            return false;
        };
        d.hand_orders.push(HandOrder {
            round,
            players,
            reason: reason.unwrap_or_default().to_string(),
        });
        return true;
    }
    if let Some(rest) = comment.strip_prefix(VALUE) {
        let Some((code, rest)) = rest.split_once(": ") else {
            return false;
        };
        let Some((player, value)) = rest.split_once(" = ") else {
            return false;
        };
        let (Ok(player), Ok(value)) = (player.trim().parse(), value.trim().parse()) else {
            return false;
        };
        d.external.push(ExternalValue {
            code: code.trim().to_string(),
            player,
            value,
        });
        return true;
    }
    if let Some(rest) = comment.strip_prefix(LOTS) {
        let Some((round, seed)) = rest.split_once(": seed ") else {
            return false;
        };
        let (Ok(round), Ok(seed)) = (round.trim().parse(), seed.trim().parse()) else {
            return false;
        };
        d.lots.push(TieLots { round, seed });
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{LogKind, Player};

    #[test]
    fn every_line_reads_back() {
        let mut t = Tournament {
            players: (1..=3).map(|i| Player::new(i, format!("P{i}"))).collect(),
            ..Tournament::default()
        };
        t.players[1].expelled_from = Some(4);
        t.players[1].withdrawn_from = Some(4);
        t.log_event(
            LogKind::Expulsion,
            "2 P2 expelled from round 4: cheating: phone",
            "now".into(),
        );
        let d = &mut t.event.tie_decisions;
        d.hand_orders.push(HandOrder {
            round: 3,
            players: vec![3, 1],
            reason: "play-off: 3 won".into(),
        });
        d.external.push(ExternalValue {
            code: "OTHER_PO".into(),
            player: 1,
            value: Points::from_tenths(15),
        });
        d.lots.push(TieLots { round: 3, seed: 42 });
        let lines = comments(&t);
        assert_eq!(lines[0], " Expelled: 2 from round 4: cheating: phone");
        let mut u = t.clone();
        u.event.tie_decisions = TieDecisions::default();
        u.players[1].expelled_from = None;
        u.players[1].withdrawn_from = None;
        u.event.comments = lines.clone();
        u.event.comments.push(" Tie order @ Round x: 1: y".into());
        read_comments(&mut u);
        assert_eq!(u.event.tie_decisions, t.event.tie_decisions);
        assert_eq!(u.players, t.players);
        assert_eq!(u.event.comments, [" Tie order @ Round x: 1: y"]);
    }
}
