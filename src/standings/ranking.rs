//! The standings: players ranked by score, then by each tie-break of the list in turn
//! among the players still tied (C.07). Players equal on everything share the place (the
//! regulations leave lots or shared places to the tournament rules; sharing is the one a
//! program can publish).

use std::cmp::Ordering;

use crate::tournament::{AdjournedGame, Outcome, Points, Tournament};

use super::average_buchholz::average_opponents_buchholz;
use super::buchholz::buchholz;
use super::code::{Kind, TieBreak};
use super::direct_encounter::direct_encounter;
use super::explain::Breakdown;
use super::field::Field;
use super::koya::koya;
use super::own_record::own_record;
use super::progressive::progressive_scores;
use super::rating::{
    average_of_opponents, average_rating, own_rating, perfect_performance, performance_rating,
    ratings_usable,
};
use super::rules::Rules;
use super::sonneborn_berger::sonneborn_berger;
use super::value::Value;

/// What to rank by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The tie-breaks, in order.
    pub tiebreaks: Vec<TieBreak>,
    /// Standings after this round (default: the last round with every result entered).
    pub round: Option<u32>,
    pub rules: Rules,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The place; players equal on score and every tie-break share it.
    pub rank: u32,
    /// Pairing number.
    pub id: u32,
    pub points: Points,
    /// One per tie-break of the list, in its order.
    pub tiebreaks: Vec<Breakdown>,
}

/// The standings after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub round: u32,
    pub(crate) rules: Rules,
    pub tiebreaks: Vec<TieBreak>,
    /// In rank order; players sharing a place by pairing number.
    pub rows: Vec<Row>,
    /// What the reader should know (a tie-break dropped, and why).
    pub notes: Vec<String>,
    /// The expelled players left out of the ranks, with the round they were expelled
    /// from (checklist Q197-198).
    pub expelled: Vec<(u32, u32)>,
}

/// Why the standings cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    #[error("round {round} is not recorded: the event has {recorded} rounds")]
    RoundNotRecorded { round: u32, recorded: u32 },
    #[error(
        "round {round}: the result of player {player}'s game against {opponent} is not entered"
    )]
    ResultMissing {
        round: u32,
        player: u32,
        opponent: u32,
    },
    #[error(
        "{game} is adjourned: no final standings while an adjourned game remains; enter its result first"
    )]
    Adjourned { game: AdjournedGame },
}

/// The player and opponent of the first game of `round` without a result.
fn missing_result(t: &Tournament, round: u32) -> Option<(u32, u32)> {
    t.players.iter().find_map(|p| match p.outcome(round) {
        Outcome::Scheduled { opponent, .. } => Some((p.id, *opponent)),
        Outcome::Match {
            opponent, games, ..
        } if games.is_pending() => Some((p.id, *opponent)),
        _ => None,
    })
}

/// The adjourned games of rounds 1..=`round`, one note each for provisional standings,
/// where they count the scoring's adjourned value (TRF-2026 `162` `X`). The standings
/// after the event's last round are final, and refused while one remains.
pub(super) fn adjourned_notes(t: &Tournament, round: u32) -> Result<Vec<String>, StandingsError> {
    let adjourned: Vec<AdjournedGame> = (1..=round).flat_map(|r| t.adjourned_in(r)).collect();
    match adjourned.first() {
        Some(&game) if round >= t.planned_rounds() => Err(StandingsError::Adjourned { game }),
        _ => Ok(adjourned
            .iter()
            .map(|game| {
                format!(
                    "{game}: adjourned, counted {} each until its result is entered (provisional standings)",
                    t.event.scoring.adjourned_points()
                )
            })
            .collect()),
    }
}

/// The last round that was paired and has every result entered (0 if none).
pub fn default_round(t: &Tournament) -> u32 {
    (1..=t.rounds_recorded())
        .rev()
        .find(|&r| t.is_paired(r) && missing_result(t, r).is_none())
        .unwrap_or(0)
}

/// Ranks the players of `t` by score and the tie-breaks of `options`, in order (C.07).
pub fn compute(t: &Tournament, options: &Options) -> Result<Standings, StandingsError> {
    let round = options.round.unwrap_or_else(|| default_round(t));
    let recorded = t.rounds_recorded();
    if round > recorded {
        return Err(StandingsError::RoundNotRecorded { round, recorded });
    }
    if let Some((r, (player, opponent))) =
        (1..=round).find_map(|r| missing_result(t, r).map(|m| (r, m)))
    {
        return Err(StandingsError::ResultMissing {
            round: r,
            player,
            opponent,
        });
    }
    let mut notes = adjourned_notes(t, round)?;
    let field = Field::new(t, round, options.rules);
    let fore = field.fore();
    let usable = ratings_usable(&field);
    let mut columns: Vec<Vec<Breakdown>> = options
        .tiebreaks
        .iter()
        .map(|tb| {
            if tb.kind.uses_ratings() && !usable {
                notes.push(format!(
                    "{tb} dropped: unrated players take part and no rating is set for them (C.07 10)"
                ));
                vec![Breakdown::bare(Value::Missing); field.entrants.len()]
            } else if tb.external_code().is_some() {
                super::tie_decisions::external_column(t, &field, tb)
            } else {
                column(&field, &fore, tb)
            }
        })
        .collect();

    // Every position in the field, by score, then split by each tie-break in turn.
    let everyone: Vec<usize> = (0..field.entrants.len()).collect();
    let mut groups = split(everyone, |a, b| {
        field.entrants[a].score.cmp(&field.entrants[b].score)
    });
    for (k, tb) in options.tiebreaks.iter().enumerate() {
        if tb.kind == Kind::DirectEncounter {
            for group in &groups {
                let ids: Vec<u32> = group.iter().map(|&i| field.entrants[i].id).collect();
                let places = direct_encounter(&field, &ids, tb.forfeits_as_played);
                for (&i, place) in group.iter().zip(places) {
                    columns[k][i] = place;
                }
            }
        }
        let column = &columns[k];
        let better = tb.higher_is_better();
        groups = groups
            .into_iter()
            .flat_map(|group| {
                split(group, |a, b| {
                    column[a].value.rank_cmp(column[b].value, better)
                })
            })
            .collect();
    }

    // The ties the list leaves, decided by hand or by lot (checklist Q204-207).
    let groups = super::tie_decisions::decide(t, &field, round, groups, &mut notes);
    // Expelled players are left out and the ranks close up (checklist Q197-198); their
    // games still count for their opponents (the field keeps them).
    let mut expelled = Vec::new();
    let groups: Vec<Vec<usize>> = groups
        .into_iter()
        .map(|group| {
            group
                .into_iter()
                .filter(|&i| {
                    let id = field.entrants[i].id;
                    let out = super::tie_decisions::expelled_by(t, id, round);
                    expelled.extend(out.map(|from| (id, from)));
                    out.is_none()
                })
                .collect::<Vec<usize>>()
        })
        .filter(|group| !group.is_empty())
        .collect();
    expelled.sort_unstable();

    let mut rows = Vec::with_capacity(field.entrants.len());
    for group in groups {
        let rank = rows.len() as u32 + 1;
        for i in group {
            let e = &field.entrants[i];
            rows.push(Row {
                rank,
                id: e.id,
                points: e.score,
                tiebreaks: columns.iter().map(|c| c[i].clone()).collect(),
            });
        }
    }
    Ok(Standings {
        round,
        rules: options.rules,
        tiebreaks: options.tiebreaks.clone(),
        rows,
        notes,
        expelled,
    })
}

/// Sorts a group best first by `cmp` (`Greater`: ranks higher; ties by position, that is
/// pairing number) and cuts it where the order is strict.
pub(super) fn split(
    mut group: Vec<usize>,
    cmp: impl Fn(usize, usize) -> Ordering,
) -> Vec<Vec<usize>> {
    group.sort_by(|&a, &b| cmp(b, a).then(a.cmp(&b)));
    let mut out: Vec<Vec<usize>> = Vec::new();
    for i in group {
        match out.last_mut() {
            Some(last) if cmp(last[0], i) == Ordering::Equal => last.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// Every player's value of one tie-break (DE is filled in by the ranking, group by group).
fn column(field: &Field, fore: &Field, tb: &TieBreak) -> Vec<Breakdown> {
    let each = |f: &dyn Fn(&super::field::Entrant) -> Breakdown| -> Vec<Breakdown> {
        field.entrants.iter().map(f).collect()
    };
    match tb.kind {
        // DE is filled in by the ranking, OTHER_ from the event's values (`compute`).
        Kind::DirectEncounter | Kind::Other => {
            vec![Breakdown::bare(Value::Missing); field.entrants.len()]
        }
        Kind::Wins
        | Kind::GamesWon
        | Kind::BlackGames
        | Kind::BlackWins
        | Kind::RoundsElected
        | Kind::StandardPoints
        | Kind::PairingNumber => each(&|e| own_record(field, e, tb.kind)),
        Kind::ProgressiveScores => each(&|e| progressive_scores(e, tb)),
        Kind::Buchholz => each(&|e| buchholz(field, e, tb)),
        Kind::ForeBuchholz => fore
            .entrants
            .iter()
            .map(|e| buchholz(fore, e, tb))
            .collect(),
        Kind::AverageOpponentsBuchholz => {
            let source = if tb.fore { fore } else { field };
            let plain = TieBreak::plain(Kind::Buchholz);
            let bh: Vec<Breakdown> = source
                .entrants
                .iter()
                .map(|e| buchholz(source, e, &plain))
                .collect();
            each(&|e| average_opponents_buchholz(field, e, &bh))
        }
        Kind::SonnebornBerger => each(&|e| sonneborn_berger(field, e, tb)),
        Kind::Koya => each(&|e| koya(field, e, tb)),
        Kind::AverageRating => each(&|e| average_rating(field, e, tb)),
        Kind::PerformanceRating => each(&|e| performance_rating(field, e)),
        Kind::PerfectPerformance => each(&|e| perfect_performance(field, e)),
        Kind::AveragePerformance => {
            let tpr = each(&|e| performance_rating(field, e));
            each(&|e| average_of_opponents(field, e, &tpr, "the opponent's TPR"))
        }
        Kind::AveragePerfectPerformance => {
            let ptp = each(&|e| perfect_performance(field, e));
            each(&|e| average_of_opponents(field, e, &ptp, "the opponent's PTP"))
        }
        Kind::Rating => each(&|e| own_rating(field, e)),
    }
}
