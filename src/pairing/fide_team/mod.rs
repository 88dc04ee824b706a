//! The FIDE Swiss Team Pairing System (C.04.6, in force since 1 February 2026).
//!
//! Teams are paired; a match is one game per board between their players. The round is
//! paired as 3.3.2 prescribes:
//! 1. with an odd number of teams, the pairing-allocated bye first ([`bye`], 3.4);
//! 2. then, while teams are left, the top scoregroup of those left (the residents) and
//!    the first valid set of upfloaters ([`upfloaters`], 3.5), paired by the first
//!    pairing identifier complying with C1 and best with C8–C10 ([`bracket`], 3.6);
//! 3. colours by Article 4 ([`colour`]); matches ordered by the higher score of the pair,
//!    then the sum of the scores, then the smaller TPN (C.04.2); boards by [`lineup`].
//!
//! Criteria: C1 no rematch (a match forfeited as a whole does not count, C.04.2 3.5), no
//! pair the event forbids (`260`, team pairing numbers in a team event); C2 no PAB after a PAB or a match won by forfeit; C3 the round stays
//! completable; C4 fewest upfloaters; C5 highest upfloater scores; C6 the following
//! scoregroup stays pairable with the fewest upfloaters; C7 fewest upfloaters who floated
//! in the previous round; C8 fewest teams without the colour they prefer; C9 (Type B)
//! fewest without a strong preference; C10 fewest upfloaters' opponents who floated in
//! the previous round. C7 and C10 lapse in the last two rounds.
//!
//! Interpretations, each chosen in one place:
//! - Scores: match points (2-1-0 by default, the PAB a drawn match) or game points, as the
//!   event says (`TeamScoring::primary`), from the matches of the rounds before
//!   ([`field`]). An accelerated team event (C.04.7) is refused.
//! - A match is played unless it was forfeited as a whole: at least one of its games was
//!   played over the board, or both teams appeared (each won a board, by forfeit). Only
//!   played matches give a colour (the board-1 player's, 1.6.1), count as meetings (C1)
//!   and as matches played (3.4.3, 4.3.1), and make floaters (1.5). An unplayed match won
//!   on game points is a match won by forfeit (C2).
//! - C5, C6, C7: see [`upfloaters`]; the identifier: see [`bracket`].
//! - C8 and C9 count a pair whose two teams prefer the same colour (one of them will not
//!   get it), C9 when both preferences are strong.

pub(crate) mod bracket;
pub(crate) mod bye;
pub(crate) mod colour;
pub(crate) mod explain;
pub(crate) mod field;
pub(crate) mod lineup;
pub(crate) mod upfloaters;

pub use lineup::TeamBoards;

use std::cmp::Reverse;

use serde::Serialize;

use crate::matching::CardinalityMatcher;
use crate::pairing::explanation::Explainer;
use crate::pairing::{PairingError, PairingSystem, RoundPairing};
use crate::tournament::{Colour, Points, Tournament};

use field::Field;

/// The Swiss Team system.
pub(crate) struct FideTeam;

/// The pairing of a round between teams.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TeamPairing {
    pub round: u32,
    /// `(white, black)` team pairing numbers, in board order: the team with White has
    /// White on board 1 (1.6.1).
    pub matches: Vec<(u32, u32)>,
    /// The team with the pairing-allocated bye (3.4).
    pub bye: Option<u32>,
}

impl TeamPairing {
    /// Records this pairing in `t` as a draft (see [`Tournament::record_team_pairing`]):
    /// the boards of each match as [`lineup::expand`] fields them from the players
    /// available once the round's previous pairing is removed, the boards won by forfeit,
    /// and the team's pairing-allocated bye. Returns the boards recorded.
    pub fn record_into(&self, t: &mut Tournament) -> lineup::TeamBoards {
        t.clear_pairing(self.round);
        let boards = lineup::expand(t, self);
        let pairs: Vec<[u32; 2]> = boards
            .pairing
            .pairs
            .iter()
            .map(|p| [p.white, p.black])
            .collect();
        t.record_team_pairing(self.round, &pairs, self.bye, &boards.unopposed);
        boards
    }

    /// The matches as pairs of team numbers and the team with the bye, for the outputs
    /// written for individual pairings (JaVaFo's: `white black` per match, `team 0`) and
    /// for the arbiter's edits of a team pairing ([`crate::pairing::edit`] on team
    /// numbers).
    pub fn as_team_pairs(&self) -> RoundPairing {
        RoundPairing::of(self.round, &self.matches, self.bye)
    }

    /// The team pairing that pairs of team numbers make (the inverse of
    /// [`TeamPairing::as_team_pairs`]).
    pub fn from_team_pairs(pairs: &RoundPairing) -> TeamPairing {
        TeamPairing {
            round: pairs.round,
            matches: pairs.pairs.iter().map(|p| (p.white, p.black)).collect(),
            bye: pairs.bye,
        }
    }

    /// The team pairing recorded for `round` of `t`: its matches (the team with White on
    /// board 1 first, 1.6.1) in board order, and the team with the pairing-allocated bye.
    pub fn recorded(t: &Tournament, round: u32) -> TeamPairing {
        TeamPairing {
            round,
            matches: t
                .team_matches(round)
                .iter()
                .map(|m| (m.white, m.black))
                .collect(),
            bye: t.team_bye(round).map(|team| team.id),
        }
    }

    /// The boards this pairing would get in `t` if it replaced the round's pairing: the
    /// boards [`TeamPairing::record_into`] records, without recording them.
    pub fn boards_in(&self, t: &Tournament) -> lineup::TeamBoards {
        let mut cleared = t.clone();
        cleared.clear_pairing(self.round);
        lineup::expand(&cleared, self)
    }

    /// Replaces the published pairing of the round by this one, an arbiter's override:
    /// the boards as [`TeamPairing::record_into`] records them, the results of boards
    /// that stay the same kept, the override logged (see
    /// [`Tournament::apply_override_with`]).
    pub fn record_override(&self, t: &mut Tournament, record: crate::tournament::OverrideRecord) {
        t.apply_override_with(record, |t| {
            self.record_into(t);
        });
    }
}

impl PairingSystem for FideTeam {
    /// The board pairs of the team pairing ([`pair_teams`], [`lineup::expand`]). The
    /// team with the pairing-allocated bye, and a player whose opponent's team has no
    /// player for his board, are in no pair: `bye` stays `None` (the team's bye is in
    /// [`TeamPairing::bye`]).
    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        let teams = pair_teams(t, round)?;
        Ok(lineup::expand(t, &teams).pairing)
    }

    fn explain(&self, t: &Tournament, round: u32) -> Result<Box<dyn Explainer>, PairingError> {
        Ok(Box::new(explain::explainer(t, round)?))
    }
}

/// Pairs the teams of `round` of `t` from the rounds before it. An event without teams is
/// refused.
pub(crate) fn pair_teams(t: &Tournament, round: u32) -> Result<TeamPairing, PairingError> {
    check_request(t, round)?;
    let field = Field::new(t, round);
    let (pairs, bye) = pair_field(&field).ok_or(PairingError::NoValidPairing { round })?;
    Ok(finish(&field, round, &pairs, bye))
}

/// Rounds are numbered from 1, the event has teams, and no acceleration (not implemented
/// for teams: refused rather than ignored).
fn check_request(t: &Tournament, round: u32) -> Result<(), PairingError> {
    PairingError::check_round(round)?;
    let refuse = |reason: &str| {
        Err(PairingError::InvalidRequest {
            round,
            reason: reason.to_string(),
        })
    };
    if !t.is_team_event() {
        return refuse("the Swiss Team system (C.04.6) pairs teams, and this event has none");
    }
    let acceleration = &t.event.acceleration;
    if acceleration.baku || !acceleration.virtual_points.is_empty() {
        return refuse(
            "this program does not accelerate team events (C.04.7): pair without the acceleration, or by hand",
        );
    }
    Ok(())
}

/// Pairs of field indices.
pub(crate) type Pairs = Vec<(usize, usize)>;

/// One bracket as it was paired (for explanations).
#[derive(Clone, Debug)]
pub(crate) struct Bracket {
    /// The residents' score.
    pub(crate) score: Points,
    /// The upfloaters (3.5) and what C6 and C7 said of them.
    pub(crate) choice: upfloaters::Choice,
    /// The pairs of the bracket (3.6), field indices.
    pub(crate) pairs: Pairs,
}

/// The pairs (field indices) and the PAB of the round, `None` when no pairing complies
/// with C1–C3.
pub(crate) fn pair_field(field: &Field) -> Option<(Pairs, Option<usize>)> {
    let (brackets, bye) = brackets(field)?;
    Some((brackets.into_iter().flat_map(|b| b.pairs).collect(), bye))
}

/// The round bracket by bracket (3.3.2) and the PAB.
pub(crate) fn brackets(field: &Field) -> Option<(Vec<Bracket>, Option<usize>)> {
    let bye = if field.teams.len() % 2 == 1 {
        Some(bye::choose(field)?)
    } else {
        None
    };
    let mut levels: Vec<Points> = field.teams.iter().map(|e| e.score).collect();
    levels.sort_unstable();
    levels.dedup();
    let mut left: Vec<usize> = (0..field.teams.len()).filter(|&a| Some(a) != bye).collect();
    let mut out = Vec::new();
    while let Some(top) = left.iter().map(|&a| field.teams[a].score).max() {
        let (mut residents, lower): (Vec<usize>, Vec<usize>) =
            left.iter().partition(|&&a| field.teams[a].score == top);
        residents.sort_by_key(|&a| field.teams[a].tpn);
        let choice = upfloaters::choose(field, &residents, &lower, &levels)?;
        let mut members: Vec<usize> = residents
            .iter()
            .chain(&choice.upfloaters)
            .copied()
            .collect();
        members.sort_by_key(|&a| field.teams[a].tpn);
        let pairs = bracket::pair(field, &members, top)?;
        left.retain(|a| !members.contains(a));
        out.push(Bracket {
            score: top,
            choice,
            pairs,
        });
    }
    Some((out, bye))
}

/// Whether the teams `teams` (field indices) can all be paired among themselves (C1).
pub(crate) fn pairable(field: &Field, teams: &[usize]) -> bool {
    if teams.len() % 2 == 1 {
        return false;
    }
    let mut matcher =
        CardinalityMatcher::new(teams.len(), |u, v| field.may_meet(teams[u], teams[v]));
    matcher.maximise().is_empty()
}

/// Colours (Article 4) and match order.
fn finish(field: &Field, round: u32, pairs: &[(usize, usize)], bye: Option<usize>) -> TeamPairing {
    let mut matches: Vec<((u32, u32), _)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (ta, tb) = (&field.teams[a], &field.teams[b]);
            let (first, second) = if colour::is_first_team(field, ta, tb) {
                (ta, tb)
            } else {
                (tb, ta)
            };
            let (c, _) = colour::first_team_colour(field, first, second);
            let ids = if c == Colour::White {
                (first.id, second.id)
            } else {
                (second.id, first.id)
            };
            let high = ta.score.max(tb.score);
            (
                ids,
                (
                    Reverse(high),
                    Reverse(ta.score + tb.score),
                    ta.tpn.min(tb.tpn),
                ),
            )
        })
        .collect();
    matches.sort_by_key(|m| m.1);
    TeamPairing {
        round,
        matches: matches.into_iter().map(|m| m.0).collect(),
        bye: bye.map(|b| field.teams[b].id),
    }
}

#[cfg(test)]
mod tests;
