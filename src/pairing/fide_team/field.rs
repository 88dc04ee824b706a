//! The teams to pair in a round of the Swiss Team system and what C.04.6 needs to know of
//! each, read from the matches of the rounds before (see
//! [`crate::tournament::TeamRounds`]).

use crate::pairing::state;
use crate::tournament::{
    Colour, Points, TeamColourType, TeamOutcome, TeamScore, TeamScoring, Tournament,
};

/// One team present in the round.
#[derive(Clone, Debug)]
pub(crate) struct Entrant {
    /// The team's pairing number in the event (`Team::id`).
    pub(crate) id: u32,
    /// The Tournament Pairing Number (1.1): the team's place among all the event's teams
    /// by pairing number, absent teams included, so that an absence does not renumber
    /// the teams below it.
    pub(crate) tpn: u32,
    /// The primary score (1.2): match points, or game points when the event says so.
    pub(crate) score: Points,
    /// The other score, used for colours (4.2.2) when the event says so.
    pub(crate) secondary: Points,
    /// Matches played, not forfeited as a whole (3.4.3, 4.3.1; see [`Field::new`]). The
    /// pairing-allocated bye is not a match.
    pub(crate) matches: u32,
    /// The team's colour in each played match, oldest first (1.6.1: the colour of its
    /// board-1 player; unplayed matches give none).
    pub(crate) colours: Vec<Colour>,
    /// C2 (2.1.2): may still receive the pairing-allocated bye.
    pub(crate) bye_eligible: bool,
    /// Played a match in the previous round against a team with a different score (1.5):
    /// a floater of the previous round (C7, C10).
    pub(crate) floated: bool,
}

impl Entrant {
    /// The colour difference (1.6.2): matches with White minus matches with Black.
    pub(crate) fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|&c| if c == Colour::White { 1 } else { -1 })
            .sum()
    }
}

/// The teams of one round, by TPN, and who may not meet whom.
pub(crate) struct Field {
    /// The round to pair.
    pub(crate) round: u32,
    /// The teams present, by TPN.
    pub(crate) teams: Vec<Entrant>,
    /// `met[a][b]`: `a` and `b` (indices) have played a match (C1; a match forfeited as
    /// a whole does not count, C.04.2 3.5).
    met: Vec<Vec<bool>>,
    /// `forbidden[a][b]`: the event forbids `a` and `b` to meet in this round (TRF-2026
    /// `260`, whose numbers in a team event are the teams' pairing numbers).
    forbidden: Vec<Vec<bool>>,
    /// The rounds before this one in which `a` met `b` (for explanations).
    met_in: Vec<Vec<Option<u32>>>,
    /// Which colour preferences apply (1.7).
    pub(crate) colour_type: TeamColourType,
    /// Whether 4.2.2 compares the secondary score.
    pub(crate) secondary_for_colours: bool,
    /// This is the last round (1.7.2).
    pub(crate) last_round: bool,
    /// C7 and C10 apply: not one of the last two rounds (2.3.4, 2.3.7).
    pub(crate) float_criteria: bool,
    /// The initial colour drawn before round 1 (4.1).
    pub(crate) initial_colour: Colour,
    /// How the matches score and which colour each board gets (for explanations).
    pub(crate) scoring: TeamScoring,
}

impl Field {
    /// The teams present in `round` of `t`: a team is present when at least one of its
    /// players is (no bye or absence recorded for the round, not withdrawn), or when it
    /// already holds the round's pairing-allocated bye (the round being paired again).
    /// A match of an earlier round was played unless it was forfeited as a whole: at
    /// least one game was played over the board, or both teams appeared (each won a
    /// board, by forfeit when no game was played).
    pub(crate) fn new(t: &Tournament, round: u32) -> Field {
        let rounds = t.team_rounds();
        let scoring = &t.event.team_scoring;
        let past = (round as usize).saturating_sub(1);
        let n_all = t.teams.len();
        let mut order: Vec<usize> = (0..n_all).collect();
        order.sort_by_key(|&i| t.teams[i].id);
        let bye_gp = rounds.bye_game_points(t);
        // Scores before each round, by team index: `before[i][k]` before round k + 1.
        let mut before = vec![vec![(Points::ZERO, Points::ZERO); past + 1]; n_all];
        for (i, outcomes) in rounds.outcomes.iter().enumerate() {
            let (mut mp, mut gp) = (Points::ZERO, Points::ZERO);
            for k in 0..past {
                if let Some(outcome) = outcomes.get(k) {
                    let (m, g) = outcome.scores(scoring, bye_gp);
                    mp += m;
                    gp += g;
                }
                before[i][k + 1] = (mp, gp);
            }
        }
        let primary = |i: usize, k: usize| match scoring.primary {
            TeamScore::MatchPoints => before[i][k].0,
            TeamScore::GamePoints => before[i][k].1,
        };
        let secondary = |i: usize, k: usize| match scoring.primary {
            TeamScore::MatchPoints => before[i][k].1,
            TeamScore::GamePoints => before[i][k].0,
        };
        let index_of = |id: u32| t.teams.iter().position(|team| team.id == id);
        let present: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&i| {
                let team = &t.teams[i];
                team.pairing_byes.contains(&round)
                    || team
                        .players
                        .iter()
                        .filter_map(|&p| t.player(p))
                        .any(|p| state::is_present(p, round))
            })
            .collect();
        let mut teams = Vec::with_capacity(present.len());
        let mut opponents: Vec<Vec<(usize, u32)>> = Vec::with_capacity(present.len());
        for &i in &present {
            let team = &t.teams[i];
            let mut colours = Vec::new();
            let mut bye_eligible = true;
            let mut met = Vec::new();
            for k in 0..past {
                let round_k = k as u32 + 1;
                match rounds.outcomes[i].get(k) {
                    Some(TeamOutcome::Match {
                        opponent,
                        game_points,
                        opponent_game_points,
                    }) => {
                        let played = match_played(
                            t,
                            &team.players,
                            round_k,
                            (*game_points, *opponent_game_points),
                        );
                        if played {
                            if let Some(colour) = board_one_colour(t, &team.players, round_k) {
                                colours.push(colour);
                            }
                            if let Some(o) = index_of(*opponent) {
                                met.push((o, round_k));
                            }
                        } else if game_points > opponent_game_points {
                            bye_eligible = false;
                        }
                    }
                    Some(TeamOutcome::PairingBye) => bye_eligible = false,
                    _ => {}
                }
            }
            let floated = past > 0
                && match rounds.outcomes[i].get(past - 1) {
                    Some(TeamOutcome::Match {
                        opponent,
                        game_points,
                        opponent_game_points,
                    }) if match_played(
                        t,
                        &team.players,
                        past as u32,
                        (*game_points, *opponent_game_points),
                    ) =>
                    {
                        index_of(*opponent)
                            .is_some_and(|o| primary(o, past - 1) != primary(i, past - 1))
                    }
                    _ => false,
                };
            let tpn = order
                .iter()
                .position(|&j| j == i)
                .map_or(0, |p| p as u32 + 1);
            teams.push(Entrant {
                id: team.id,
                tpn,
                score: primary(i, past),
                secondary: secondary(i, past),
                matches: met.len() as u32,
                colours,
                bye_eligible,
                floated,
            });
            opponents.push(met);
        }
        let n = teams.len();
        let mut met = vec![vec![false; n]; n];
        let mut met_in = vec![vec![None; n]; n];
        for (a, list) in opponents.iter().enumerate() {
            for &(o, k) in list {
                if let Some(b) = present.iter().position(|&j| j == o) {
                    met[a][b] = true;
                    met[b][a] = true;
                    met_in[a][b] = Some(k);
                    met_in[b][a] = Some(k);
                }
            }
        }
        let mut forbidden = vec![vec![false; n]; n];
        for group in t
            .event
            .forbidden_pairs
            .iter()
            .filter(|g| g.applies_in(round))
        {
            let members: Vec<usize> = group
                .players
                .iter()
                .filter_map(|&id| teams.iter().position(|e: &Entrant| e.id == id))
                .collect();
            for &a in &members {
                for &b in &members {
                    forbidden[a][b] = a != b;
                }
            }
        }
        let planned = t.planned_rounds().max(round);
        Field {
            round,
            teams,
            met,
            forbidden,
            met_in,
            colour_type: scoring.colour_preferences,
            secondary_for_colours: scoring.secondary_for_colours,
            last_round: round == planned,
            float_criteria: round + 2 <= planned,
            initial_colour: state::initial_colour(t),
            scoring: scoring.clone(),
        }
    }

    /// C1 (2.1.1): `a` and `b` (indices) may be paired: two teams that have not played a
    /// match against each other, and that the event does not keep apart.
    pub(crate) fn may_meet(&self, a: usize, b: usize) -> bool {
        a != b && !self.met[a][b] && !self.forbidden[a][b]
    }

    /// The round in which `a` and `b` (indices) played their match, if they did.
    pub(crate) fn met_in(&self, a: usize, b: usize) -> Option<u32> {
        self.met_in[a][b]
    }

    /// The field index of the team with pairing number `id`.
    pub(crate) fn index(&self, id: u32) -> Option<usize> {
        self.teams.iter().position(|e| e.id == id)
    }
}

/// Whether a team's match of `round` (its game points and the opponent's) was played, not
/// forfeited as a whole: at least one of its games was played over the board, or both
/// teams appeared (each scored on some board, by forfeit when no game was played).
fn match_played(
    t: &Tournament,
    roster: &[u32],
    round: u32,
    (own, other): (Points, Points),
) -> bool {
    (own > Points::ZERO && other > Points::ZERO)
        || roster
            .iter()
            .filter_map(|&p| t.player(p))
            .any(|p| p.outcome(round).is_played())
}

/// The colour the team's board-1 player was scheduled to play in `round` (1.6.1): the
/// first player of the roster with an opponent in that round.
fn board_one_colour(t: &Tournament, roster: &[u32], round: u32) -> Option<Colour> {
    roster
        .iter()
        .filter_map(|&p| t.player(p))
        .find_map(|p| p.outcome(round).scheduled_colour())
}

/// The initial colour (4.1) read back from round 1 of a team event that does not record
/// it: by 4.3.1, in a match of round 1 the first-team (the smaller TPN, all scores being
/// equal) got the initial colour on board 1 when its TPN is odd, the other one when even.
/// The played match with the smallest TPN is the witness; `None` when round 1 has none.
pub(crate) fn initial_colour_from_round_one(t: &Tournament) -> Option<Colour> {
    let mut order: Vec<&crate::tournament::Team> = t.teams.iter().collect();
    order.sort_by_key(|team| team.id);
    let rounds = t.team_rounds();
    order.iter().enumerate().find_map(|(place, team)| {
        let i = t.teams.iter().position(|x| x.id == team.id)?;
        let TeamOutcome::Match {
            opponent,
            game_points,
            opponent_game_points,
        } = rounds.outcomes.get(i)?.first()?
        else {
            return None;
        };
        // The smaller TPN of the match is this team's: every team before it had no match.
        let other = order.iter().position(|x| x.id == *opponent)?;
        if other < place
            || !match_played(t, &team.players, 1, (*game_points, *opponent_game_points))
        {
            return None;
        }
        let colour = board_one_colour(t, &team.players, 1)?;
        Some(if place % 2 == 0 {
            colour
        } else {
            colour.opposite()
        })
    })
}
