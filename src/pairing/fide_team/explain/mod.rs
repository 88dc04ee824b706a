//! C.04.1 for the Swiss Team system (C.04.6): the pairing of a round explained in the
//! system's own terms, and an arbiter's pairing judged by them.
//!
//! The pairing is of teams; the boards follow from it ([`super::lineup`]). So the
//! explanation names teams where the text does: the brackets' residents and upfloaters
//! and the bye are team pairing numbers; each board names its two players and carries
//! its match's bracket, float and colour rule (4.3), the rule's reason saying which
//! match (1.1) and which board of it the board is. The bracket criteria are C4–C10 measured on the bracket as the engine paired it
//! ([`brackets`]); the bye is explained by 3.4 ([`bye`]).
//!
//! An arbiter's pairing of the players is read back as a team pairing (each board's two
//! teams, the team with White on its first board). It is refused when a team meets two
//! teams, a team-mate or a team it has met (C1); otherwise it is compared with the
//! engine's as the engine decides, the bye first, then bracket by bracket from the top
//! ([`compare`]).

mod brackets;
mod bye;
mod compare;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use crate::pairing::explanation::{ColourBreak, ManualCheck, Violation};
use crate::pairing::explanation::{Explainer, FloatDirection, RoundExplanation};
use crate::pairing::{PairingError, RoundPairing};
use crate::tournament::Tournament;

use super::field::Field;
use super::{TeamPairing, lineup};

/// Pairs `round` of `t` (the tournament as it stood before the round) and explains it.
pub(crate) fn explainer(t: &Tournament, round: u32) -> Result<TeamExplainer, PairingError> {
    super::check_request(t, round)?;
    let field = Field::new(t, round);
    let (brackets, bye) = super::brackets(&field).ok_or(PairingError::NoValidPairing { round })?;
    let pairs: Vec<(usize, usize)> = brackets.iter().flat_map(|b| b.pairs.clone()).collect();
    let teams = super::finish(&field, round, &pairs, bye);
    let boards = lineup::expand(t, &teams).pairing;
    let roster: Roster = t
        .teams
        .iter()
        .flat_map(|team| {
            team.players
                .iter()
                .enumerate()
                .map(move |(place, &p)| (p, (team.id, place)))
        })
        .collect();
    // A line-up recorded for the round (TRF-2026 `300`) places its players on its boards.
    let mut lineups = Lineups::new();
    for team in &t.teams {
        for l in team.lineups.iter().filter(|l| l.round == round) {
            for (board, p) in l.boards.iter().enumerate() {
                if let Some(p) = p {
                    lineups.insert(*p, (board, l.opponent));
                }
            }
        }
    }
    let seats = Seats { roster, lineups };
    let explanation = brackets::explain(&field, &seats, &boards, &teams, Some(&brackets));
    let groups = brackets::groups(&field, &teams, Some(&brackets));
    Ok(TeamExplainer {
        field,
        seats,
        teams,
        groups,
        pairing: boards,
        explanation,
    })
}

/// A Swiss Team round, paired and explained.
pub(crate) struct TeamExplainer {
    field: Field,
    /// The team of each player, his place in its roster, and his board in the round's
    /// line-up.
    seats: Seats,
    /// The engine's team pairing.
    teams: TeamPairing,
    /// The engine's brackets.
    groups: Vec<brackets::Group>,
    /// The engine's boards.
    pairing: RoundPairing,
    explanation: RoundExplanation,
}

impl TeamExplainer {
    /// The team pairing an arbiter's boards make, or why they make none.
    fn read_back(&self, manual: &RoundPairing) -> Result<TeamPairing, Vec<Violation>> {
        let mut errors = Vec::new();
        let mut opponent: HashMap<u32, u32> = HashMap::new();
        // Each match's board 1 (the board of the players first in their rosters) and the
        // team of its White player (1.6.1).
        let mut first_board: HashMap<(u32, u32), (usize, u32)> = HashMap::new();
        // The matches in the order the boards list them.
        let mut order: Vec<(u32, u32)> = Vec::new();
        for p in &manual.pairs {
            let (Some(&(w, wp)), Some(&(b, bp))) = (
                self.seats.roster.get(&p.white),
                self.seats.roster.get(&p.black),
            ) else {
                errors.push(Violation {
                    article: "C.04.6 1.1",
                    text: format!("{}-{}: a player of no team", p.white, p.black),
                });
                continue;
            };
            if w == b {
                errors.push(Violation {
                    article: "C.04.6 1.1",
                    text: format!("{} and {} play for the same team {w}", p.white, p.black),
                });
                continue;
            }
            for (x, y) in [(w, b), (b, w)] {
                match opponent.insert(x, y) {
                    Some(other) if other != y => errors.push(Violation {
                        article: "C.04.6 1.1",
                        text: format!("team {x} meets both team {other} and team {y}"),
                    }),
                    _ => {}
                }
            }
            let place = wp.min(bp);
            let key = (w.min(b), w.max(b));
            if !first_board.contains_key(&key) {
                order.push(key);
            }
            let entry = first_board.entry(key).or_insert((place, w));
            if place < entry.0 {
                *entry = (place, w);
            }
        }
        let matches: Vec<(u32, u32)> = order
            .iter()
            .map(|&(x, y)| match first_board.get(&(x, y)) {
                Some(&(_, white)) if white == y => (y, x),
                _ => (x, y),
            })
            .collect();
        for &(w, b) in &matches {
            if let (Some(a), Some(c)) = (self.field.index(w), self.field.index(b))
                && !self.field.may_meet(a, c)
            {
                errors.push(Violation {
                    article: "C1",
                    text: match self.field.met_in(a, c) {
                        Some(k) => format!("teams {w} and {b} met in round {k}"),
                        None => format!("teams {w} and {b} must not meet (event rule)"),
                    },
                });
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let unpaired: Vec<u32> = self
            .field
            .teams
            .iter()
            .map(|e| e.id)
            .filter(|id| !opponent.contains_key(id))
            .collect();
        let bye = match unpaired.as_slice() {
            [] => None,
            [one] => Some(*one),
            more => {
                return Err(vec![Violation {
                    article: "C.04.6 3.3.1",
                    text: format!("teams {more:?} are not paired"),
                }]);
            }
        };
        if let Some(b) = bye.and_then(|id| self.field.index(id))
            && !self.field.teams[b].bye_eligible
        {
            return Err(vec![Violation {
                article: "C2",
                text: format!(
                    "team {} may not receive the pairing-allocated bye (an earlier PAB or a match won by forfeit)",
                    self.field.teams[b].id
                ),
            }]);
        }
        Ok(TeamPairing {
            round: manual.round,
            matches,
            bye,
        })
    }
}

impl Explainer for TeamExplainer {
    fn pairing(&self) -> &RoundPairing {
        &self.pairing
    }

    /// The engine's pairing of the teams.
    fn team_pairing(&self) -> Option<&TeamPairing> {
        Some(&self.teams)
    }

    /// The matches the arbiter's boards make, in the order the boards list them.
    fn team_pairing_of(&self, manual: &RoundPairing) -> Option<TeamPairing> {
        self.read_back(manual).ok()
    }

    fn explanation(&self) -> &RoundExplanation {
        &self.explanation
    }

    fn check_with(&self, manual: &RoundPairing, explain: bool) -> ManualCheck {
        let teams = match self.read_back(manual) {
            Ok(teams) => teams,
            Err(errors) => return ManualCheck::not_a_pairing(manual, errors),
        };
        let explanation = brackets::explain(&self.field, &self.seats, manual, &teams, None);
        let groups = brackets::groups(&self.field, &teams, None);
        let comparison = compare::compare(
            &self.field,
            &compare::Judged {
                groups: &groups,
                explanation: &explanation,
            },
            &compare::Judged {
                groups: &self.groups,
                explanation: &self.explanation,
            },
        );
        let colour_breaks = explanation
            .pairs
            .iter()
            .filter(|p| !p.colours_follow_rule)
            .map(|p| ColourBreak {
                board: p.board,
                white: p.white,
                black: p.black,
                article: p.colour_rule,
                text: p.colour_reason.clone(),
            })
            .collect();
        ManualCheck {
            pairing: manual.clone(),
            errors: Vec::new(),
            colour_breaks,
            comparison,
            explanation: explain.then_some(explanation),
        }
    }
}

/// Each player's team and place in its roster.
type Roster = HashMap<u32, (u32, usize)>;

/// The board (from 0) a player's line-up of the round gives him, and the team the
/// line-up was made against.
type Lineups = HashMap<u32, (usize, u32)>;

/// Where the players sit: in their rosters, and on the boards of the round's line-ups.
struct Seats {
    roster: Roster,
    lineups: Lineups,
}

impl Seats {
    /// The board (from 0) within its match of the game between `white` and `black`,
    /// teams `tw` and `tb`, when the round's line-ups place both players on it.
    fn lineup_board(&self, (white, tw): (u32, u32), (black, tb): (u32, u32)) -> Option<usize> {
        match (self.lineups.get(&white), self.lineups.get(&black)) {
            (Some(&(a, against_a)), Some(&(b, against_b)))
                if a == b && against_a == tb && against_b == tw =>
            {
                Some(a)
            }
            _ => None,
        }
    }
}

/// The direction the team system's floats are described in.
const FLOATS: FloatDirection = FloatDirection::Up;
