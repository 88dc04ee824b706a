//! Derived per-player state for the round being paired: score, colour history and
//! preference, float history, bye eligibility, topscorer status. Computed from the model
//! and the rule version, shared by every system.

use std::collections::HashMap;

use crate::tournament::{Colour, Outcome, Player, Points, Tournament};

use super::colour::{ColourPreference, ColourRules};

/// Which version of the rules decides floats from unplayed rounds and bye eligibility.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RuleVersion {
    /// C.04.3 as agreed in Istanbul 2012 (in force 2013–2017).
    Dutch2012,
    /// C.04.3 as approved in 2016/2017.
    Dutch2017,
    /// C.04.3 in force since 1 February 2026.
    Dutch2026,
}

/// A float received in an earlier round (C.04.3 A.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    None,
    Down,
    Up,
}

/// Everything the pairing rules need to know about one player present in the round.
#[derive(Clone, Debug)]
pub(crate) struct PlayerState {
    pub(crate) id: u32,
    /// 0-based pairing-number position (C.04.2 B) among the players who take part in
    /// this round's pairing or took part in an earlier one; a player absent now keeps his
    /// place, a player who has never been paired yet has none. E.5 uses `rank + 1`.
    pub(crate) rank: usize,
    /// The pairing score: points so far plus this round's virtual points (acceleration).
    pub(crate) score: Points,
    /// Colours of the games played over the board, in round order.
    pub(crate) colours: Vec<Colour>,
    pub(crate) preference: ColourPreference,
    /// Floats received one and two rounds before (index 0: the previous round).
    pub(crate) floats: [Float; 2],
    /// C.04.3 C.2 (2017) / C2 (2026): may receive the pairing-allocated bye.
    pub(crate) bye_eligible: bool,
    /// C.04.3 A.7: more than 50% of the maximum score when pairing the final round.
    pub(crate) topscorer: bool,
    /// Rounds in which no game was played over the board (C9 of 2026).
    pub(crate) unplayed_rounds: u32,
}

impl PlayerState {
    /// A player for unit tests: pairing number `rank + 1`, no score, the given colour
    /// history, no floats, bye-eligible, not a topscorer.
    #[cfg(test)]
    pub(crate) fn with_colours(rank: usize, colours: &[Colour]) -> PlayerState {
        PlayerState {
            id: rank as u32 + 1,
            rank,
            score: Points::ZERO,
            colours: colours.to_vec(),
            preference: ColourPreference::from_history(colours),
            floats: [Float::None; 2],
            bye_eligible: true,
            topscorer: false,
            unplayed_rounds: 0,
        }
    }

    /// Colour difference: games with White minus games with Black (A.6).
    pub(crate) fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }
}

/// The players present in `round` and their state, in pairing-number order, plus the
/// opponents each may not meet.
pub(crate) struct RoundState {
    pub(crate) round: u32,
    /// The rule version the state was derived under.
    pub(crate) rules: RuleVersion,
    pub(crate) players: Vec<PlayerState>,
    /// `forbidden[i]` holds the indices (into `players`) of those player i may not meet:
    /// opponents of games played over the board (C.04.1 b; a forfeit allows a rematch) or
    /// of two-game matches not forfeited (C.04.5 Preface, [`Outcome::is_meeting`]), and the
    /// event's forbidden pairs (C.04.1, `XXP` / `260`).
    pub(crate) forbidden: Vec<Vec<usize>>,
    /// The initial colour and the E.2/E.5 conventions of the rule version.
    pub(crate) colour_rules: ColourRules,
    /// C.04.3 (2012) B.1.b: the bar from the bye was set aside for this round, because
    /// no pairing meets the absolute criteria with it (see `pairing::dutch`).
    pub(crate) bye_bar_lifted: bool,
}

impl RoundState {
    /// Whether players `a` and `b` (indices) may not meet.
    pub(crate) fn have_met_or_forbidden(&self, a: usize, b: usize) -> bool {
        self.forbidden[a].contains(&b)
    }
}

/// Whether a player takes part in the pairing of `round`: joined by then (a late entry
/// takes part from the round he joins, C.04.2 C), not withdrawn, and no bye or absence
/// recorded for that round beforehand. A late entry's absences before he joins are
/// recorded when those rounds are paired, and erased when one is cleared to be paired
/// again: the round he joins in keeps him out of it.
pub(crate) fn is_present(player: &Player, round: u32) -> bool {
    player.late_entry_round.is_none_or(|joins| round >= joins)
        && player.withdrawn_from.is_none_or(|w| round < w)
        && !matches!(player.outcome(round), Outcome::Bye(_) | Outcome::Absent)
}

/// The pairing score before `round`: points of rounds `1..round` plus the virtual points
/// of `round` (C.04.7).
pub(crate) fn pairing_score(t: &Tournament, player: &Player, round: u32) -> Points {
    t.score_after(player, round - 1) + t.virtual_points(player.id, round)
}

/// The initial colour: as recorded, or inferred from the first round in which anyone has
/// a colour (the first player, by pairing number among those who took part in the pairing
/// so far, with a colour in that round: his colour if his number is odd, else the other).
/// A team event infers it from its teams' first round (C.04.6 4.3.1, see
/// [`crate::pairing::fide_team::field::initial_colour_from_round_one`]).
pub(crate) fn initial_colour(t: &Tournament) -> Colour {
    if let Some(colour) = t.event.initial_colour {
        return colour;
    }
    if t.is_team_event()
        && let Some(colour) = crate::pairing::fide_team::field::initial_colour_from_round_one(t)
    {
        return colour;
    }
    // Whether each player took part in the pairing of a round so far: one pass over the
    // rounds, not a scan of all earlier rounds for every round (a file of many rounds).
    let mut took_part = vec![false; t.players.len()];
    for round in 1..=t.rounds_recorded() {
        let mut number = 0;
        for (player, took_part) in t.players.iter().zip(&mut took_part) {
            *took_part |= player.outcome(round).took_part_in_pairing();
            if !*took_part {
                continue;
            }
            number += 1;
            if let Some(colour) = player.outcome(round).scheduled_colour() {
                return if number % 2 == 1 {
                    colour
                } else {
                    colour.opposite()
                };
            }
        }
    }
    Colour::White
}

/// The float a player received in an earlier round `k` (A.4): a played game between
/// different pairing scores floats the higher one down and the lower one up; a round
/// without a game is a downfloat (2017: always; 2012 and 2026: only if it scored points,
/// see [`scored_without_playing`]).
fn float_in(t: &Tournament, player: &Player, k: u32, rules: RuleVersion) -> Float {
    let outcome = player.outcome(k);
    match outcome {
        Outcome::Game { opponent, .. } => {
            let mine = pairing_score(t, player, k);
            let theirs = t.player(*opponent).map_or(mine, |o| pairing_score(t, o, k));
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        }
        _ if rules == RuleVersion::Dutch2017 || scored_without_playing(t, outcome) => Float::Down,
        _ => Float::None,
    }
}

/// A round without a game that scored more than a loss. C.04.3 (2012) B.1.b: "a player
/// who has received a point or half point without playing, either through a bye or due to
/// an opponent not appearing in time, is a downfloater (see A.4) and shall not receive a
/// bye"; 2026: such a round is a downfloat (A.4).
fn scored_without_playing(t: &Tournament, outcome: &Outcome) -> bool {
    !outcome.is_played() && t.event.scoring.points(outcome) > t.event.scoring.loss
}

/// B.1.b (2012): how many of the rounds before `round` the player scored without playing
/// (the bar from the bye is graded by this count when it must be set aside).
pub(crate) fn rounds_scored_without_playing(t: &Tournament, player: &Player, round: u32) -> u32 {
    (1..round)
        .filter(|&k| scored_without_playing(t, player.outcome(k)))
        .count() as u32
}

/// C.2 (2017): no second PAB and no PAB after a forfeit win. C2 (2026): no PAB after any
/// round that scored a win's points without a game (PAB, forfeit win, full-point bye).
/// B.1.b (2012): no PAB after any round that scored without a game, a half-point bye
/// included.
fn bye_eligible(t: &Tournament, player: &Player, round: u32, rules: RuleVersion) -> bool {
    !(1..round).any(|k| match (player.outcome(k), rules) {
        (outcome, RuleVersion::Dutch2012) => scored_without_playing(t, outcome),
        (Outcome::PairingBye | Outcome::Forfeit { won: true, .. }, _) => true,
        (outcome @ Outcome::Bye(_), RuleVersion::Dutch2026) => {
            t.event.scoring.points(outcome) >= t.event.scoring.win
        }
        _ => false,
    })
}

/// For each present player (by index), the indices of those the event forbids him to meet
/// in `round` (C.04.1, `XXP` / `260`): from each group in force, its members present. The
/// cost is the groups' sizes squared, not the field's size squared times the groups.
fn forbidden_pairs(t: &Tournament, round: u32, index_of: &HashMap<u32, usize>) -> Vec<Vec<usize>> {
    let mut banned = vec![Vec::new(); index_of.len()];
    for group in &t.event.forbidden_pairs {
        if !group.applies_in(round) {
            continue;
        }
        let members: Vec<usize> = group
            .players
            .iter()
            .filter_map(|id| index_of.get(id).copied())
            .collect();
        for &i in &members {
            banned[i].extend(members.iter().copied().filter(|&j| j != i));
        }
    }
    banned
}

/// The state of every player present in `round`, from rounds `1..round`.
pub(crate) fn round_state(t: &Tournament, round: u32, rules: RuleVersion) -> RoundState {
    let present: Vec<&Player> = t.players.iter().filter(|p| is_present(p, round)).collect();
    let last_round = round == t.planned_rounds();
    let max_score = t.event.scoring.max_per_round().times(round as i32 - 1);
    let counted: Vec<u32> = t
        .players
        .iter()
        .filter(|p| is_present(p, round) || (1..round).any(|k| p.outcome(k).took_part_in_pairing()))
        .map(|p| p.id)
        .collect();
    let rank_of: HashMap<u32, usize> = counted.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let players: Vec<PlayerState> = present
        .iter()
        .map(|p| {
            let rank = rank_of.get(&p.id).copied().unwrap_or(0);
            let colours: Vec<Colour> = (1..round)
                .filter_map(|k| p.outcome(k).played_colour())
                .collect();
            let score = pairing_score(t, p, round);
            let float = |back: u32| {
                if round > back {
                    float_in(t, p, round - back, rules)
                } else {
                    Float::None
                }
            };
            PlayerState {
                id: p.id,
                rank,
                score,
                preference: ColourPreference::from_history(&colours),
                colours,
                floats: [float(1), float(2)],
                bye_eligible: bye_eligible(t, p, round, rules),
                topscorer: last_round && score.times(2) > max_score,
                unplayed_rounds: (1..round).filter(|&k| !p.outcome(k).is_played()).count() as u32,
            }
        })
        .collect();
    let index_of: HashMap<u32, usize> =
        present.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let banned = forbidden_pairs(t, round, &index_of);
    let forbidden = present
        .iter()
        .zip(banned)
        .map(|(p, mut list)| {
            list.extend(
                (1..round)
                    .filter(|&k| p.outcome(k).is_meeting())
                    .filter_map(|k| p.outcome(k).opponent())
                    .filter_map(|id| index_of.get(&id).copied()),
            );
            list.sort_unstable();
            list.dedup();
            list
        })
        .collect();
    RoundState {
        round,
        rules,
        players,
        forbidden,
        colour_rules: ColourRules::new(rules, round, initial_colour(t)),
        bye_bar_lifted: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::{GeneratorConfig, generate};
    use crate::pairing::{engine, history_for_round};
    use crate::tournament::{BoardResult, ByeKind, ForbiddenGroup, ScoringSystem, SystemId};

    /// A late entry who joins in round 3, entered while round 2 is a draft, is never paired
    /// nor given the PAB when round 2 is paired again, by any system (he used to receive a
    /// full-point bye in the round before the one he joins).
    #[test]
    fn a_late_entry_is_left_out_of_the_rounds_before_he_joins() {
        for system in SystemId::ALL.into_iter().filter(|s| !s.pairs_teams()) {
            let config = GeneratorConfig {
                players: 7,
                rounds: 2,
                planned_rounds: None,
                seed: 11,
                draw_rate: 0.2,
                results: Default::default(),
                forfeit_rate: 0.0,
                bye_rate: 0.0,
                scoring: ScoringSystem::standard(),
                baku: false,
                absences: Default::default(),
            };
            let mut t = generate(&config, system).expect("generated");
            t.add_late_entry(Player::new(0, "Late, Entry"), 3)
                .expect("no draft");
            let late = t
                .players
                .iter()
                .find(|p| p.name == "Late, Entry")
                .map(|p| p.id)
                .expect("entered");
            assert_eq!(t.player(late).map(|p| p.outcome(2)), Some(&Outcome::Absent));
            t.clear_pairing(2);
            let late_player = t.player(late).expect("entered");
            assert!(!is_present(late_player, 2), "{system:?}");
            assert!(is_present(late_player, 3), "{system:?}");
            let pairing = engine(system)
                .pair(&history_for_round(&t, 2), 2)
                .expect("round 2 pairs");
            assert!(
                pairing
                    .pairs
                    .iter()
                    .all(|p| p.white != late && p.black != late),
                "{system:?}: {}",
                pairing.summary()
            );
            assert_ne!(pairing.bye, Some(late), "{system:?}");
            pairing.record_into(&mut t);
            assert_eq!(t.player(late).map(|p| p.outcome(2)), Some(&Outcome::Absent));
            if let Err(e) = t.check() {
                panic!("{system:?}: {e}");
            }
        }
    }

    /// The lookup by group gives exactly the pairs the groups forbid, checked pair by pair:
    /// round ranges, overlapping groups, absent players and unknown numbers included.
    #[test]
    fn forbidden_pairs_are_those_of_the_groups_in_force() {
        let mut t = Tournament {
            players: (1..=12)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        t.record_pairing(1, &[[1, 2], [3, 4]], None);
        t.set_board_result(1, 1, 2, BoardResult::Draw)
            .expect("board");
        t.players[10].set_outcome(2, Outcome::Bye(ByeKind::Half));
        let group = |players: &[u32], first, last| ForbiddenGroup {
            players: players.to_vec(),
            first_round: first,
            last_round: last,
        };
        t.event.forbidden_pairs = vec![
            group(&[5, 6, 7], None, None),
            group(&[6, 8, 99], Some(2), Some(3)),
            group(&[9, 10, 11], Some(3), None),
            group(&[5, 12], None, Some(1)),
            group(&[7, 7], None, None),
        ];
        for round in [2, 3] {
            let state = round_state(&t, round, RuleVersion::Dutch2026);
            for (i, p) in state.players.iter().enumerate() {
                for (j, q) in state.players.iter().enumerate() {
                    let banned = t.event.forbidden_pairs.iter().any(|g| {
                        g.applies_in(round)
                            && p.id != q.id
                            && g.players.contains(&p.id)
                            && g.players.contains(&q.id)
                    });
                    let met = (1..round).any(|k| {
                        let o = t.player(p.id).expect("player").outcome(k);
                        o.is_meeting() && o.opponent() == Some(q.id)
                    });
                    assert_eq!(
                        state.have_met_or_forbidden(i, j),
                        banned || met,
                        "round {round}: {} and {}",
                        p.id,
                        q.id
                    );
                }
            }
        }
    }
}
