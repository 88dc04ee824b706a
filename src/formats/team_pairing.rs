//! A team round's pairing (C.04.6) as text: JaVaFo's format with team numbers, a match
//! list for people (each match with its boards), and JSON for other programs.

use super::columns;
use crate::pairing::{TeamBoards, TeamPairing};
use crate::standings::{Edition, team_standings};
use crate::tournament::{Points, Tournament};

use super::round_pairing;

/// JaVaFo's format with team numbers: the number of lines, `white black` per match (the
/// team with White on board 1 first), `team 0` for the bye.
pub(crate) fn javafo(pairing: &TeamPairing) -> String {
    round_pairing::javafo(&pairing.as_team_pairs())
}

/// One match: its teams and its boards.
struct Match {
    white: u32,
    black: u32,
    /// `(white, black)` player numbers, board 1 first.
    boards: Vec<(u32, u32)>,
    /// Players who win their board by forfeit, the other team having no one for it.
    unopposed: Vec<u32>,
}

/// Each team's match points and game points before the round.
struct Scores(Vec<(u32, Points, Points)>);

impl Scores {
    fn before(t: &Tournament, round: u32) -> Scores {
        Scores(
            team_standings(t, round.saturating_sub(1), &[], Edition::Dummy2026)
                .into_iter()
                .map(|row| (row.team, row.match_points, row.game_points))
                .collect(),
        )
    }

    fn of(&self, team: u32) -> (Points, Points) {
        self.0
            .iter()
            .find(|s| s.0 == team)
            .map_or((Points::ZERO, Points::ZERO), |s| (s.1, s.2))
    }
}

/// The boards of each match of `pairing`, in match order.
fn matches(t: &Tournament, pairing: &TeamPairing, boards: &TeamBoards) -> Vec<Match> {
    pairing
        .matches
        .iter()
        .map(|&(white, black)| {
            let in_match = |player: u32| {
                t.team_of(player)
                    .is_some_and(|team| team == white || team == black)
            };
            Match {
                white,
                black,
                boards: boards
                    .pairing
                    .pairs
                    .iter()
                    .filter(|p| in_match(p.white))
                    .map(|p| (p.white, p.black))
                    .collect(),
                unopposed: boards
                    .unopposed
                    .iter()
                    .copied()
                    .filter(|&p| in_match(p))
                    .collect(),
            }
        })
        .collect()
}

fn team_name(t: &Tournament, id: u32) -> String {
    t.team(id)
        .map_or_else(String::new, |team| team.name.clone())
}

fn player_name(t: &Tournament, id: u32) -> String {
    t.player(id).map_or_else(String::new, |p| p.name.clone())
}

/// The matches for people: per match the two teams (number, name, match and game points
/// before the round), then each board with the player who has White first; then the team
/// with the bye.
pub(crate) fn match_list(t: &Tournament, pairing: &TeamPairing, boards: &TeamBoards) -> String {
    let scores = Scores::before(t, pairing.round);
    let team = |id: u32| {
        let (mp, gp) = scores.of(id);
        let name = columns::left(&team_name(t, id), 30);
        format!("{id:>3} {name} (MP {mp}, GP {gp})")
    };
    let mut out = format!("Round {}\n", pairing.round);
    for (i, m) in matches(t, pairing, boards).iter().enumerate() {
        out.push_str(&format!(
            "Match {}: {}  -  {}\n",
            i + 1,
            team(m.white),
            team(m.black)
        ));
        for (board, &(w, b)) in m.boards.iter().enumerate() {
            let line = format!(
                "  {:>3}.  {:>4} {}  -  {:>4} {}",
                board + 1,
                w,
                columns::left(&player_name(t, w), 30),
                b,
                player_name(t, b)
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
        for &p in &m.unopposed {
            out.push_str(&format!(
                "        {p:>4} {}  wins by forfeit: no opponent\n",
                columns::left(&player_name(t, p), 30)
            ));
        }
    }
    if let Some(bye) = pairing.bye {
        out.push_str(&format!("Bye: {}\n", team(bye)));
    }
    out
}

/// The pairing as JSON: `round`, `matches` (match, white and black teams with their
/// match and game points before the round, `boards` with board, white and black players,
/// `unopposed` players), `bye` (the team).
pub(crate) fn json(
    t: &Tournament,
    pairing: &TeamPairing,
    boards: &TeamBoards,
) -> Result<String, serde_json::Error> {
    let scores = Scores::before(t, pairing.round);
    let team = |id: u32| {
        let (mp, gp) = scores.of(id);
        serde_json::json!({
            "id": id,
            "name": team_name(t, id),
            "match_points": mp.to_string(),
            "game_points": gp.to_string(),
        })
    };
    let player = |id: u32| serde_json::json!({ "id": id, "name": player_name(t, id) });
    let list: Vec<_> = matches(t, pairing, boards)
        .iter()
        .enumerate()
        .map(|(i, m)| {
            serde_json::json!({
                "match": i + 1,
                "white": team(m.white),
                "black": team(m.black),
                "boards": m.boards.iter().enumerate().map(|(b, &(w, k))| serde_json::json!({
                    "board": b + 1,
                    "white": player(w),
                    "black": player(k),
                })).collect::<Vec<_>>(),
                "unopposed": m.unopposed.iter().map(|&p| player(p)).collect::<Vec<_>>(),
            })
        })
        .collect();
    let value = serde_json::json!({
        "round": pairing.round,
        "matches": list,
        "bye": pairing.bye.map(team),
    });
    Ok(serde_json::to_string_pretty(&value)? + "\n")
}
