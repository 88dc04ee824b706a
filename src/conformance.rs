//! The free pairings and tie-break checker (C.02.03 7): re-pair every round of a
//! tournament from the rounds before it and compare with what was recorded (pairs, colours
//! and the pairing-allocated bye; board order is not compared; a team event's matches, the
//! team with White first, and its team with the bye), judge the recorded pairing against
//! the absolute criteria, and compare the final ranks the file records with the standings
//! under its own tie-break list.

mod absolute;
mod team_ranks;

pub(crate) use team_ranks::check_team_standings;

use crate::pairing::{PairingError, PairingRequest, RoundPairing, TeamPairing, Violation};
use crate::tournament::{SystemId, Tournament};

/// The verdict on one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundVerdict {
    Identical,
    /// The engine pairs the round otherwise. For a team event, both are pairings of team
    /// numbers: the matches (the team with White on board 1 first, C.04.6 1.6.1) and the
    /// team with the pairing-allocated bye.
    Different {
        engine: RoundPairing,
        recorded: RoundPairing,
    },
    Error(PairingError),
}

/// One checked round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundConformance {
    pub round: u32,
    pub verdict: RoundVerdict,
    /// The absolute criteria the recorded pairing breaks (C.04.1; the system's articles),
    /// each naming the players (or teams): judged for a round not paired as recorded.
    pub breaches: Vec<Violation>,
}

impl RoundConformance {
    /// Whether the round counts as a difference: the engine pairs it otherwise, or the
    /// recorded pairing breaks an absolute criterion (also when, the history leaving no
    /// legal pairing, the engine cannot pair it: the file's pairing is still judged).
    pub fn differs(&self) -> bool {
        matches!(self.verdict, RoundVerdict::Different { .. }) || !self.breaches.is_empty()
    }
}

/// Checks every paired round of the tournament, in order. Each round is re-paired from the
/// recorded results of the rounds before it, not from the engine's earlier pairings; a
/// team event's rounds are compared match by match (C.04.6).
pub fn check_rounds(t: &Tournament, system: SystemId) -> Vec<RoundConformance> {
    (1..=t.rounds_recorded())
        .filter(|&round| t.is_paired(round))
        .map(|round| check_round(t, system, round))
        .collect()
}

/// Checks the pairing recorded for `round` (paired) of `t` against the engine for
/// `system`, as [`check_rounds`] does for every round (also the re-check of the last
/// round when the number of rounds changes, checklist Q60-61).
pub fn check_round(t: &Tournament, system: SystemId, round: u32) -> RoundConformance {
    let request = PairingRequest::recorded(t, system, round);
    let verdict = if t.is_team_event() && system.pairs_teams() {
        let recorded = TeamPairing::recorded(t, round).as_team_pairs();
        match request.pair_teams() {
            Ok(engine) => compare(engine.as_team_pairs(), recorded),
            Err(e) => RoundVerdict::Error(e),
        }
    } else {
        match request.pair() {
            Ok(engine) => compare(engine, RoundPairing::recorded(t, round)),
            Err(e) => RoundVerdict::Error(e),
        }
    };
    let breaches = match verdict {
        RoundVerdict::Identical => Vec::new(),
        _ => absolute::breaches(t, system, round),
    };
    RoundConformance {
        round,
        verdict,
        breaches,
    }
}

fn compare(engine: RoundPairing, recorded: RoundPairing) -> RoundVerdict {
    if engine.same_as(&recorded) {
        RoundVerdict::Identical
    } else {
        RoundVerdict::Different { engine, recorded }
    }
}

/// The rounds of `t` that `system` does not pair as recorded (checklist Q54-55: every
/// round of an imported event is checked), each with what differs in words: the boards
/// the file has that the engine does not (and the engine's instead), or why the engine
/// could not pair the round.
pub fn nonconforming_rounds(t: &Tournament, system: SystemId) -> Vec<(u32, String)> {
    check_rounds(t, system)
        .into_iter()
        .filter_map(|check| {
            let breaches = check
                .breaches
                .iter()
                .map(|v| format!("; the file breaks {}: {}", v.article, v.text))
                .collect::<String>();
            // A team event's pairings are of team numbers.
            let what = if t.is_team_event() {
                "the matches "
            } else {
                ""
            };
            let detail = match check.verdict {
                RoundVerdict::Identical => return None,
                RoundVerdict::Different { engine, recorded } => format!(
                    "{} pairs it otherwise: the file has {what}{}, the rules give {what}{}",
                    system.title(),
                    only_in(&recorded, &engine),
                    only_in(&engine, &recorded)
                ),
                RoundVerdict::Error(e) => format!("{} cannot pair it: {e}", system.title()),
            };
            Some((check.round, format!("{detail}{breaches}")))
        })
        .collect()
}

/// The boards and the bye of `a` that `b` does not have, in words.
fn only_in(a: &RoundPairing, b: &RoundPairing) -> String {
    let mut parts: Vec<String> = a
        .pairs
        .iter()
        .filter(|p| !b.pairs.contains(p))
        .map(|p| format!("{}-{}", p.white, p.black))
        .collect();
    if a.bye != b.bye {
        parts.push(a.bye.map_or("no bye".into(), |bye| format!("bye {bye}")));
    }
    parts.join(" ")
}

/// A recorded rank that the standings do not give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RankDifference {
    /// Pairing number (of a team, in a team event).
    pub(crate) id: u32,
    /// The rank in the file (TRF 001, columns 86-89).
    pub(crate) recorded: u32,
    /// The places the standings give the player: one, or the range of a tie that no
    /// tie-break of the list breaks (any order within it is the drawing of lots).
    pub(crate) computed: (u32, u32),
}

/// The tie-break checker (C.02.03 7: a checker of pairings *and* tie-breaks): the ranks a
/// file records, compared with the standings after its last round under C.07 with the
/// file's own tie-break list (TRF-2026 `212`, else `202`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StandingsConformance {
    pub(crate) round: u32,
    /// The order of the standings: `PTS`, then the file's list.
    pub(crate) tiebreaks: Vec<String>,
    /// The players compared (the teams, for a team event).
    pub(crate) players: usize,
    /// Whether the ranks are a team event's (TRF-2026 `310`): `id` is then a team's
    /// pairing number.
    pub(crate) teams: bool,
    pub(crate) differences: Vec<RankDifference>,
}

/// Checks the recorded ranks: `None` when there is nothing to check (an individual event
/// whose file gives a tie-break list and a rank for every player after a complete last
/// round is checked; a file without them is not, and a team event's ranks are checked by
/// [`check_team_standings`]). An error when the list cannot be read or the standings cannot
/// be computed.
pub(crate) fn check_standings(
    t: &Tournament,
    edition: Option<crate::standings::Edition>,
) -> Option<Result<StandingsConformance, String>> {
    use crate::standings::{self, Options, Rules};
    let round = t.rounds_recorded();
    if t.is_team_event()
        || round == 0
        || standings::default_round(t) != round
        || t.players.iter().any(|p| p.rank.is_none())
    {
        return None;
    }
    let tiebreaks = match standings::event_tiebreaks(&t.event) {
        Ok(Some(list)) => list,
        Ok(None) => return None,
        Err(e) => return Some(Err(format!("the tie-break list: {e}"))),
    };
    let names: Vec<String> = std::iter::once("PTS".to_string())
        .chain(tiebreaks.iter().map(ToString::to_string))
        .collect();
    let options = Options {
        tiebreaks,
        round: Some(round),
        rules: Rules {
            edition: edition.unwrap_or_else(|| Rules::for_event(&t.event).edition),
            ..Rules::for_event(&t.event)
        },
    };
    let table = match standings::compute(t, &options) {
        Ok(table) => table,
        Err(e) => return Some(Err(e.to_string())),
    };
    let computed: Vec<(u32, u32)> = table.rows.iter().map(|r| (r.id, r.rank)).collect();
    let differences = rank_differences(&computed, |id| t.player(id)?.rank);
    Some(Ok(StandingsConformance {
        round,
        tiebreaks: names,
        players: table.rows.len(),
        teams: false,
        differences,
    }))
}

/// The recorded ranks that the computed ones do not give. `computed` holds `(id, rank)`
/// per row of the standings, tied rows sharing a rank: a recorded rank anywhere within a
/// tie that no tie-break breaks is given (the order within it is the drawing of lots).
/// `recorded` is the file's rank of an id, if it has one.
pub(crate) fn rank_differences(
    computed: &[(u32, u32)],
    recorded: impl Fn(u32) -> Option<u32>,
) -> Vec<RankDifference> {
    computed
        .iter()
        .filter_map(|&(id, rank)| {
            let tied = computed.iter().filter(|r| r.1 == rank).count() as u32;
            let places = (rank, rank + tied - 1);
            let recorded = recorded(id)?;
            (recorded < places.0 || recorded > places.1).then_some(RankDifference {
                id,
                recorded,
                computed: places,
            })
        })
        .collect()
}
