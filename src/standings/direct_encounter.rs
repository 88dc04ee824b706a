//! C.07 6 Direct Encounter: the players still tied are ranked by the points they scored
//! in the games among themselves.

use std::collections::HashMap;

use super::explain::{Breakdown, Part};
use super::field::{Entrant, Field};
use super::round::RoundRecord;
use super::value::Value;

/// C.07 6 for a group of players tied on everything before DE (pairing numbers). For each
/// member, in the order given: its place in the group by DE (1 = first; equal places for
/// the players DE does not separate) and the games that decided it. `forfeits_as_played`
/// (`/P`): forfeits count as games.
pub(crate) fn direct_encounter(
    field: &Field,
    group: &[u32],
    forfeits_as_played: bool,
) -> Vec<Breakdown> {
    let tiers = tiers(field, group, forfeits_as_played);
    let mut place = HashMap::new();
    let mut ahead = 0;
    for tier in &tiers {
        for &id in tier {
            place.insert(id, ahead + 1);
        }
        ahead += tier.len() as u32;
    }
    group
        .iter()
        .map(|&id| {
            let parts = field
                .entrant(id)
                .map(|e| {
                    meetings(e, forfeits_as_played)
                        .filter(|m| group.contains(&m.opponent) && m.opponent != id)
                        .map(|m| {
                            Part::round(
                                m.round,
                                Some(m.opponent),
                                Value::Points(m.points),
                                "game among the tied players",
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            Breakdown {
                value: Value::Count(place.get(&id).copied().unwrap_or(1)),
                parts,
            }
        })
        .collect()
}

/// A game (or, with `/P`, a forfeit) between two players.
struct Meeting {
    round: u32,
    opponent: u32,
    points: crate::tournament::Points,
}

fn meetings(entrant: &Entrant, forfeits_as_played: bool) -> impl Iterator<Item = Meeting> + '_ {
    entrant
        .records
        .iter()
        .zip(&entrant.points)
        .enumerate()
        .filter_map(move |(i, (record, &points))| {
            let opponent = match record {
                RoundRecord::Played { opponent, .. } => *opponent,
                RoundRecord::Unplayed {
                    opponent: Some(o), ..
                } if forfeits_as_played => *o,
                RoundRecord::Unplayed { .. } => return None,
            };
            Some(Meeting {
                round: i as u32 + 1,
                opponent,
                points,
            })
        })
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The group split into tiers, best first (C.07 6).
fn tiers(field: &Field, members: &[u32], forfeits_as_played: bool) -> Vec<Vec<u32>> {
    if members.len() < 2 {
        return vec![members.to_vec()];
    }
    // For each member: per opponent in the group, the points and the number of games.
    let tallies: Vec<Tally> = members
        .iter()
        .map(|&id| {
            let mut tally = Tally::new();
            if let Some(e) = field.entrant(id) {
                for m in meetings(e, forfeits_as_played) {
                    if m.opponent != id && members.contains(&m.opponent) {
                        let t = tally.entry(m.opponent).or_default();
                        t.0 += i64::from(m.points.tenths());
                        t.1 += 1;
                    }
                }
            }
            tally
        })
        .collect();
    let split = split_once(&tallies, i64::from(field.scoring.win.tenths()));
    if split.len() == 1 {
        return vec![members.to_vec()];
    }
    // DE is applied again to the players it left tied.
    split
        .into_iter()
        .flat_map(|tier| {
            let ids: Vec<u32> = tier.iter().map(|&i| members[i]).collect();
            tiers(field, &ids, forfeits_as_played)
        })
        .collect()
}

/// One member's encounters with the others of its group: per opponent, the points scored
/// (tenths) and the number of meetings.
pub(super) type Tally = HashMap<u32, (i64, i64)>;

/// C.07 6, one pass: the members (indices into `tallies`, best first; ties by index) split
/// by the points scored among them, repeated meetings counting as their average. When
/// not all have met, a member is placed first only if no other could catch up by winning
/// (`win` tenths) every missing encounter; then the same for the next place, the rest
/// staying tied. One tier when the pass separates nobody.
pub(super) fn split_once(tallies: &[Tally], win: i64) -> Vec<Vec<usize>> {
    // Repeated meetings count as their average; a common denominator keeps it exact.
    let denominator = tallies
        .iter()
        .flat_map(|t| t.values().map(|&(_, n)| n))
        .fold(1, |l, n| l / gcd(l, n) * n);
    let score: Vec<i64> = tallies
        .iter()
        .map(|t| t.values().map(|&(p, n)| p * (denominator / n)).sum())
        .collect();
    let others = tallies.len() as i64 - 1;
    let win = win * denominator;
    // The most a member could have if every missing encounter among the group were won.
    let best: Vec<i64> = tallies
        .iter()
        .zip(&score)
        .map(|(t, s)| s + (others - t.len() as i64) * win)
        .collect();
    let all_met = tallies.iter().all(|t| t.len() as i64 == others);
    let mut order: Vec<usize> = (0..tallies.len()).collect();
    order.sort_by(|&a, &b| score[b].cmp(&score[a]).then(a.cmp(&b)));
    let mut split: Vec<Vec<usize>> = Vec::new();
    if all_met {
        // Everyone met everyone: by the points among them.
        for &i in &order {
            match split.last_mut() {
                Some(tier) if score[tier[0]] == score[i] => tier.push(i),
                _ => split.push(vec![i]),
            }
        }
    } else {
        // Not all met: a member ranks first only if no other could catch up whatever
        // the missing results; then the same for the next place.
        let mut rest = order.as_slice();
        while rest.len() > 1 && rest[1..].iter().all(|&o| score[rest[0]] > best[o]) {
            split.push(vec![rest[0]]);
            rest = &rest[1..];
        }
        split.push(rest.to_vec());
    }
    split
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::rules::{Edition, Rules};
    use crate::tournament::{Colour, GameResult, Outcome, Player, Tournament};

    /// Results as (round, white, black, white's result); forfeits as `None`.
    fn field(games: &[(u32, u32, u32, Option<GameResult>)], players: u32) -> Field {
        let mut t = Tournament::default();
        let rounds = games.iter().map(|g| g.0).max().unwrap_or(0);
        for id in 1..=players {
            let mut p = Player::new(id, format!("P{id}"));
            p.results = vec![Outcome::Bye(crate::tournament::ByeKind::Zero); rounds as usize];
            t.players.push(p);
        }
        for &(round, white, black, result) in games {
            let (w, b) = match result {
                Some(r) => (
                    Outcome::game(black, Colour::White, r),
                    Outcome::game(white, Colour::Black, r.reversed()),
                ),
                None => (
                    Outcome::Forfeit {
                        opponent: black,
                        colour: Colour::White,
                        won: true,
                    },
                    Outcome::Forfeit {
                        opponent: white,
                        colour: Colour::Black,
                        won: false,
                    },
                ),
            };
            t.players[white as usize - 1].set_outcome(round, w);
            t.players[black as usize - 1].set_outcome(round, b);
        }
        let rules = Rules {
            edition: Edition::Dummy2026,
            predetermined: false,
            unrated_rating: None,
        };
        Field::new(&t, rounds, rules)
    }

    fn places(field: &Field, group: &[u32], forfeits: bool) -> Vec<String> {
        direct_encounter(field, group, forfeits)
            .iter()
            .map(|b| b.value.to_string())
            .collect()
    }

    #[test]
    fn all_met_ranks_by_points_among_them() {
        use GameResult::*;
        // 1 beat 2, 2 beat 3, 1 drew 3: 1 has 1.5, 2 has 1, 3 has 0.5.
        let f = field(
            &[
                (1, 1, 2, Some(Win)),
                (2, 2, 3, Some(Win)),
                (3, 3, 1, Some(Draw)),
            ],
            3,
        );
        assert_eq!(places(&f, &[1, 2, 3], false), ["1", "2", "3"]);
        // A cycle: nobody is separated.
        let f = field(
            &[
                (1, 1, 2, Some(Win)),
                (2, 2, 3, Some(Win)),
                (3, 3, 1, Some(Win)),
            ],
            3,
        );
        assert_eq!(places(&f, &[1, 2, 3], false), ["1", "1", "1"]);
    }

    #[test]
    fn de_is_applied_again_to_the_players_left_tied() {
        use GameResult::*;
        // All met. 1 and 2 have 2 points among the four, 3 and 4 have 1. Among 1 and 2,
        // 1 won; among 3 and 4, 4 won.
        let f = field(
            &[
                (1, 1, 2, Some(Win)),
                (1, 3, 4, Some(Loss)),
                (2, 1, 3, Some(Loss)),
                (2, 2, 4, Some(Win)),
                (3, 1, 4, Some(Win)),
                (3, 2, 3, Some(Win)),
            ],
            4,
        );
        assert_eq!(places(&f, &[1, 2, 3, 4], false), ["1", "2", "4", "3"]);
    }

    #[test]
    fn unmet_players_rank_first_only_if_nobody_can_catch_up() {
        use GameResult::*;
        // 1 beat 2 and 3; 2 and 3 have not met: 1 is first whatever happens (2 > 1 max);
        // 2 and 3 stay tied (each could still win the missing game).
        let f = field(&[(1, 1, 2, Some(Win)), (2, 1, 3, Some(Win))], 3);
        assert_eq!(places(&f, &[1, 2, 3], false), ["1", "2", "2"]);
        // 1 beat 2; 3 has met nobody: 3 could reach 2 points, more than 1's 1: no order.
        let f = field(&[(1, 1, 2, Some(Win))], 3);
        assert_eq!(places(&f, &[1, 2, 3], false), ["1", "1", "1"]);
    }

    #[test]
    fn repeated_meetings_are_averaged_and_forfeits_need_p() {
        use GameResult::*;
        // 1 and 2 met twice: a win each. 1 beat 2 by forfeit in round 3.
        let f = field(
            &[(1, 1, 2, Some(Win)), (2, 2, 1, Some(Win)), (3, 1, 2, None)],
            2,
        );
        assert_eq!(places(&f, &[1, 2], false), ["1", "1"]);
        // With /P: (1 + 0 + 1) / 3 against (0 + 1 + 0) / 3.
        assert_eq!(places(&f, &[1, 2], true), ["1", "2"]);
        let parts = &direct_encounter(&f, &[1, 2], true)[0].parts;
        assert_eq!(parts.len(), 3);
    }
}
