//! The absolute criteria a recorded round breaks (C.04.1; each system's own articles), so
//! that the checker judges the file's pairing, not only the engine's. When the engine can
//! pair the round, the file's pairing goes through the check of an arbiter's pairing
//! (`Explainer::check`, as `explain --recorded` does). When the recorded history leaves
//! the engine no legal pairing (C.04.3 A.9: the arbiter had to decide), there is no
//! engine's pairing to check against, and the file's pairing is judged on the criteria
//! every system shares: no two players (or teams) meet twice, no forbidden pair meets, no
//! second pairing-allocated bye.

use crate::pairing::{PairingRequest, RoundPairing, TeamPairing, Violation};
use crate::tournament::{Outcome, SystemId, Tournament};

/// The breaches of the absolute criteria by the pairing recorded for `round` of `t`
/// under `system`, each naming the players (or teams) and the article.
pub(super) fn breaches(t: &Tournament, system: SystemId, round: u32) -> Vec<Violation> {
    if t.is_team_event() {
        return team_breaches(t, system, round);
    }
    let recorded = RoundPairing::recorded(t, round);
    match PairingRequest::recorded(t, system, round).explain() {
        Ok(explainer) => explainer.check(&recorded).errors,
        Err(_) => shared_breaches(t, system, round, &recorded),
    }
}

/// The rematch criterion's article in `system`: Dutch 2026 C1, 2017 C.1, 2012 B.1.a;
/// the Rating system of 1998 B.1.a; Lim 2.1; Burstein and Dubov [C1]; Double-Swiss and
/// the Swiss Team system C1.
fn rematch_article(system: SystemId) -> &'static str {
    match system {
        SystemId::Dutch2026 | SystemId::DoubleSwiss | SystemId::FideTeam => "C1",
        SystemId::Dutch2017 => "C.1",
        SystemId::Dutch2012 | SystemId::Rating1998 => "B.1.a",
        SystemId::Lim => "2.1",
        SystemId::Burstein | SystemId::Dubov => "[C1]",
    }
}

/// The article barring a second pairing-allocated bye in `system`: Dutch 2026 C2, 2017
/// C.2, 2012 B.1.b; 1998 B.1.b; Lim C.04.1.c; Burstein and Dubov [C2]; Double-Swiss and
/// the Swiss Team system C2.
fn bye_article(system: SystemId) -> &'static str {
    match system {
        SystemId::Dutch2026 | SystemId::DoubleSwiss | SystemId::FideTeam => "C2",
        SystemId::Dutch2017 => "C.2",
        SystemId::Dutch2012 | SystemId::Rating1998 => "B.1.b",
        SystemId::Lim => "C.04.1.c",
        SystemId::Burstein | SystemId::Dubov => "[C2]",
    }
}

/// The round before `round` in which `a` met `b` over the board (a forfeit is no meeting).
fn met_in(t: &Tournament, a: u32, b: u32, round: u32) -> Option<u32> {
    let player = t.player(a)?;
    (1..round).find(|&k| {
        let outcome = player.outcome(k);
        outcome.is_meeting() && outcome.opponent() == Some(b)
    })
}

/// Whether the event forbids `a` and `b` to meet in `round` (C.04.1, `XXP` / `260`).
fn forbidden(t: &Tournament, a: u32, b: u32, round: u32) -> bool {
    t.event.forbidden_pairs.iter().any(|group| {
        group.applies_in(round) && group.players.contains(&a) && group.players.contains(&b)
    })
}

/// The criteria every individual system shares, on the recorded pairing alone.
fn shared_breaches(
    t: &Tournament,
    system: SystemId,
    round: u32,
    recorded: &RoundPairing,
) -> Vec<Violation> {
    let mut found = Vec::new();
    for pair in &recorded.pairs {
        let (a, b) = (pair.white, pair.black);
        let text = match met_in(t, a, b, round) {
            Some(k) => format!("{a} and {b} met in round {k}"),
            None if forbidden(t, a, b, round) => {
                format!("{a} and {b} may not meet (forbidden pair)")
            }
            None => continue,
        };
        found.push(Violation {
            article: rematch_article(system),
            text,
        });
    }
    if let Some(bye) = recorded.bye
        && let Some(k) = t
            .player(bye)
            .and_then(|p| (1..round).find(|&k| *p.outcome(k) == Outcome::PairingBye))
    {
        found.push(Violation {
            article: bye_article(system),
            text: format!("{bye} already received the pairing-allocated bye in round {k}"),
        });
    }
    found
}

/// A team event (C.04.6): two teams meet twice (C1), or a team receives the
/// pairing-allocated bye a second time (C2).
fn team_breaches(t: &Tournament, system: SystemId, round: u32) -> Vec<Violation> {
    let recorded = TeamPairing::recorded(t, round);
    let mut found = Vec::new();
    for &(a, b) in &recorded.matches {
        let met = (1..round).find(|&k| {
            t.team_matches(k)
                .iter()
                .any(|m| (m.white, m.black) == (a, b) || (m.white, m.black) == (b, a))
        });
        if let Some(k) = met {
            found.push(Violation {
                article: rematch_article(system),
                text: format!("teams {a} and {b} met in round {k}"),
            });
        }
    }
    if let Some(team) = recorded
        .bye
        .and_then(|id| t.teams.iter().find(|x| x.id == id))
        && let Some(&k) = team.pairing_byes.iter().filter(|&&k| k < round).min()
    {
        found.push(Violation {
            article: bye_article(system),
            text: format!(
                "team {} already received the pairing-allocated bye in round {k}",
                team.id
            ),
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf;

    /// Six players; round 5 pairs 1-6, 2-4 and 5-3 again, the history leaving the engine no
    /// legal pairing (3 and 4 both need Black, C3).
    fn six_players() -> Tournament {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/check/round5-repeats-1-6.trf"
        );
        trf::read_file(std::path::Path::new(path)).expect("fixture")
    }

    #[test]
    fn a_rematch_is_named_with_its_round_and_article_without_the_engine() {
        let t = six_players();
        assert!(
            PairingRequest::recorded(&t, SystemId::Dutch2026, 5)
                .pair()
                .is_err()
        );
        let texts: Vec<String> = breaches(&t, SystemId::Dutch2026, 5)
            .iter()
            .map(|v| format!("{}: {}", v.article, v.text))
            .collect();
        assert_eq!(
            texts,
            [
                "C1: 1 and 6 met in round 3",
                "C1: 2 and 4 met in round 2",
                "C1: 5 and 3 met in round 4"
            ]
        );
        let dutch_2017 = breaches(&t, SystemId::Dutch2017, 5);
        assert!(dutch_2017.iter().all(|v| v.article == "C.1"));
    }

    #[test]
    fn a_round_the_engine_pairs_is_judged_by_the_systems_own_check() {
        let t = six_players();
        // Round 4 is the engine's own pairing: nothing breaks.
        assert_eq!(breaches(&t, SystemId::Dutch2026, 4), Vec::new());
    }
}
