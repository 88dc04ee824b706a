//! The FIDE Double-Swiss system (C.04.5, in force since 1 February 2026).
//!
//! Every round is a two-game match: the player given White plays White in game 1 and Black
//! in game 2 (Preface). The round is paired as 3.3–3.6 prescribe:
//! 1. with an odd number of players, the pairing-allocated bye first ([`bye`], 3.4);
//! 2. then, while players are left, the top scoregroup of those left (the residents) and
//!    the first valid set of upfloaters ([`upfloaters`], 3.5), paired by the first Pairing
//!    Identifier complying with C1 and best with C8 ([`identifier`], 3.6);
//! 3. colours by Article 4 ([`colour`]); boards by the higher score of the pair, then the
//!    sum of the scores, then the higher-ranked player's pairing number (C.04.2).
//!
//! Criteria: C1 no rematch (a forfeited match, both games forfeited by a player, does not
//! count, C.04.5 Preface) and no forbidden pair; C2 no PAB after a PAB, a match won by
//! forfeit or a full-point bye; C3 the round stays completable; C4 fewest upfloaters;
//! C5 highest upfloater scores; C6 the following scoregroup stays pairable with the
//! fewest upfloaters; C7 fewest upfloaters who floated in the previous round; C8
//! fewest upfloaters' opponents who floated in the previous round. C7 and C8 lapse in
//! the last round. There is no colour criterion.
//!
//! Interpretations, each chosen in one place:
//! - Scores are match scores: the sum of the games' points under the event's scoring, plus
//!   the round's virtual points (C.04.7) for pairing ([`field`]).
//! - A match counts as played (a meeting, C1; a match for 3.4.3) unless forfeited; it
//!   gives a colour only if at least one game was played (1.6, [`field`]).
//! - A floater of the previous round: paired with a player of a different pairing score,
//!   forfeited or not ([`field`]).
//! - "Higher-ranked" (4.3): higher score, then smaller pairing number ([`Field::ranks_above`]).
//! - C5 and C6: see [`upfloaters::choose`]; the identifier: see [`identifier`].

pub(crate) mod bye;
pub(crate) mod colour;
pub(crate) mod cost_matching;
pub(crate) mod explain;
pub(crate) mod field;
pub(crate) mod identifier;
pub(crate) mod upfloaters;

use std::cmp::Reverse;

use crate::pairing::explanation::Explainer;
use crate::pairing::{Pair, PairingError, PairingSystem, RoundPairing};
use crate::tournament::Tournament;

use field::Field;

/// The Double-Swiss system.
pub(crate) struct DoubleSwiss;

impl PairingSystem for DoubleSwiss {
    fn pair(&self, t: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
        PairingError::check_round(round)?;
        let field = Field::new(t, round);
        let (pairs, bye) = pair_field(&field).ok_or(PairingError::NoValidPairing { round })?;
        Ok(finish(&field, round, &pairs, bye))
    }

    fn explain(&self, t: &Tournament, round: u32) -> Result<Box<dyn Explainer>, PairingError> {
        Ok(Box::new(explain::explainer(t, round)?))
    }
}

/// Pairs of field indices.
pub(crate) type Pairs = Vec<(usize, usize)>;

/// The pairs (field indices) and the PAB of the round, `None` when no pairing complies
/// with C1–C3.
pub(crate) fn pair_field(field: &Field) -> Option<(Pairs, Option<usize>)> {
    let bye = if field.players.len() % 2 == 1 {
        Some(bye::choose(field)?)
    } else {
        None
    };
    let mut left: Vec<usize> = (0..field.players.len())
        .filter(|&a| Some(a) != bye)
        .collect();
    let mut pairs = Vec::new();
    while let Some(&first) = left.iter().max_by_key(|&&a| field.players[a].score) {
        let top = field.players[first].score;
        let (residents, lower): (Vec<usize>, Vec<usize>) =
            left.iter().partition(|&&a| field.players[a].score == top);
        let upfloaters = upfloaters::choose(field, &residents, &lower)?;
        let mut bracket: Vec<usize> = residents.iter().chain(&upfloaters).copied().collect();
        bracket.sort_by_key(|&a| field.players[a].tpn);
        pairs.extend(identifier::pair(field, &bracket, &upfloaters)?);
        left.retain(|a| !bracket.contains(a));
    }
    Some((pairs, bye))
}

/// Colours (Article 4) and board order.
fn finish(field: &Field, round: u32, pairs: &[(usize, usize)], bye: Option<usize>) -> RoundPairing {
    let mut boards: Vec<(Pair, _)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (high, low) = if field.ranks_above(a, b) {
                (a, b)
            } else {
                (b, a)
            };
            let (ph, pl) = (&field.players[high], &field.players[low]);
            let (white_high, _) = colour::higher_gets_white(ph, pl, field.initial_colour);
            let (white, black) = if white_high { (ph, pl) } else { (pl, ph) };
            (
                Pair {
                    white: white.id,
                    black: black.id,
                },
                (Reverse(ph.score), Reverse(ph.score + pl.score), ph.tpn),
            )
        })
        .collect();
    boards.sort_by_key(|b| b.1);
    RoundPairing {
        round,
        pairs: boards.into_iter().map(|(p, _)| p).collect(),
        bye: bye.map(|b| field.players[b].id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{
        BoardResult, ByeKind, ForbiddenGroup, Player, Points, ScoringSystem, VirtualPoints,
    };

    /// `n` players of a Double-Swiss event of `rounds` rounds.
    pub(super) fn event(n: u32, rounds: u32) -> Tournament {
        let mut t = Tournament {
            players: (1..=n)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        t.event.system = Some(crate::tournament::SystemId::DoubleSwiss);
        t.event.rounds = Some(rounds);
        t.event.scoring = ScoringSystem::double_swiss(ScoringSystem::standard());
        t.event.initial_colour = Some(crate::tournament::Colour::White);
        t
    }

    pub(super) fn forbid(t: &mut Tournament, a: u32, b: u32) {
        t.event.forbidden_pairs.push(ForbiddenGroup {
            players: vec![a, b],
            first_round: None,
            last_round: None,
        });
    }

    /// Round-1 pairing scores set with virtual points (C.04.7): `points` for `players`.
    pub(super) fn score(t: &mut Tournament, players: &[u32], points: i32) {
        for &p in players {
            t.event.acceleration.virtual_points.push(VirtualPoints {
                points: Points::whole(points),
                match_points: None,
                first_round: 1,
                last_round: 1,
                first_player: p,
                last_player: p,
            });
        }
    }

    /// The pairs of a round as `(smaller, larger)` pairing numbers, sorted, and the bye.
    fn pairs(t: &Tournament, round: u32) -> (Vec<(u32, u32)>, Option<u32>) {
        let pairing = DoubleSwiss.pair(t, round).expect("pairs");
        let mut pairs: Vec<(u32, u32)> = pairing
            .pairs
            .iter()
            .map(|p| (p.white.min(p.black), p.white.max(p.black)))
            .collect();
        pairs.sort_unstable();
        (pairs, pairing.bye)
    }

    #[test]
    fn identifier_order_pairs_top_half_with_bottom_half() {
        let t = event(6, 5);
        assert_eq!(pairs(&t, 1).0, [(1, 4), (2, 5), (3, 6)]);
    }

    #[test]
    fn identifier_order_takes_the_next_opponent_then_the_next_top_member() {
        let mut t = event(6, 5);
        forbid(&mut t, 1, 4);
        // 1 2 3 | 5 4 6 comes before 1 2 3 | 5 6 4.
        assert_eq!(pairs(&t, 1).0, [(1, 5), (2, 4), (3, 6)]);
        for b in [5, 6] {
            forbid(&mut t, 1, b);
        }
        // 1 can only meet 2 or 3: the top members 1 2 3 are impossible, 1 2 4 is first,
        // with 1-3, then 2-5 before 2-6.
        assert_eq!(pairs(&t, 1).0, [(1, 3), (2, 5), (4, 6)]);
    }

    #[test]
    fn upfloaters_fewest_then_highest_scores_then_first_by_number() {
        let mut t = event(8, 5);
        score(&mut t, &[1, 2, 3], 3);
        score(&mut t, &[6, 7], 1);
        // C4 one upfloater for the odd group; C5 from score 1 (6 or 7), not 0;
        // 3.5.4: 6 before 7. Then 7 alone takes 4, the first by number below.
        assert_eq!(pairs(&t, 1).0, [(1, 3), (2, 6), (4, 7), (5, 8)]);
    }

    #[test]
    fn upfloaters_keep_the_following_scoregroup_pairable() {
        let mut t = event(8, 5);
        score(&mut t, &[1], 2);
        score(&mut t, &[2, 3, 4], 1);
        forbid(&mut t, 3, 4);
        // 2 would be the first upfloater, but would leave 3 and 4, who may not meet, to
        // both float down: C6 takes 3 (4 would leave 2-3, also fine, but 3 comes first).
        assert_eq!(pairs(&t, 1).0, [(1, 3), (2, 4), (5, 7), (6, 8)]);
    }

    #[test]
    fn pab_goes_to_the_lowest_score_largest_number_whose_bye_leaves_a_pairing() {
        let mut t = event(5, 5);
        score(&mut t, &[4], 1);
        for b in [2, 3, 4] {
            forbid(&mut t, 1, b);
        }
        // 4 has more points; without 5, 1 could meet nobody: 3 gets it.
        assert_eq!(pairs(&t, 1).1, Some(3));
    }

    #[test]
    fn pab_prefers_more_matches_played_and_respects_c2() {
        let mut t = event(5, 5);
        t.set_requested_bye(5, 1, Some(ByeKind::Half)).expect("bye");
        t.record_pairing(1, &[[1, 2], [3, 4]], None);
        for [w, b] in [[1, 2], [3, 4]] {
            t.set_match_result(1, w, b, [BoardResult::Draw; 2])
                .expect("board");
        }
        // All on 1 point; 5 played no match, so 4 (most matches, largest number) gets it.
        assert_eq!(pairs(&t, 2).1, Some(4));
        t.record_pairing(2, &[[1, 3], [5, 2]], Some(4));
        t.set_match_result(2, 1, 3, [BoardResult::WhiteWins, BoardResult::BlackWins])
            .expect("board");
        // 5 won both games by forfeit: a forfeit match win, and not a match played.
        t.set_match_result(
            2,
            5,
            2,
            [BoardResult::WhiteForfeitWin, BoardResult::BlackForfeitWin],
        )
        .expect("board");
        // Scores 1: 3, 2: 1, 3: 1, 4: 2½, 5: 3. Of 2 and 3, 3 played more matches.
        assert_eq!(pairs(&t, 3).1, Some(3));
        // Without 2 and 3: 4 (the lowest score) had the PAB and 5 won a match by forfeit
        // (C2), so 1 gets it.
        for i in [1, 2] {
            t.players[i].withdrawn_from = Some(3);
        }
        assert_eq!(pairs(&t, 3), (vec![(4, 5)], Some(1)));
    }

    #[test]
    fn a_pair_meets_again_only_after_a_forfeited_match() {
        let mut t = event(6, 5);
        t.record_pairing(1, &[[1, 2], [3, 4], [5, 6]], None);
        for [w, b] in [[3, 4], [5, 6]] {
            t.set_match_result(1, w, b, [BoardResult::Draw; 2])
                .expect("board");
        }
        for b in 3..=6 {
            forbid(&mut t, 1, b);
        }
        // 2 did not appear for either game: 1 and 2 have not met.
        let both = [BoardResult::WhiteForfeitWin, BoardResult::BlackForfeitWin];
        t.set_match_result(1, 1, 2, both).expect("board");
        assert!(pairs(&t, 2).0.contains(&(1, 2)));
        // One game played: they have met.
        t.set_match_result(1, 1, 2, [BoardResult::WhiteForfeitWin, BoardResult::Draw])
            .expect("board");
        assert!(DoubleSwiss.pair(&t, 2).is_err());
    }

    #[test]
    fn colours_follow_article_4_in_the_first_round() {
        let t = event(4, 3);
        let pairing = DoubleSwiss.pair(&t, 1).expect("pairs");
        // 1 (odd) gets the initial colour, White; 2 (even) the other.
        assert_eq!(
            pairing.pairs,
            [Pair { white: 1, black: 3 }, Pair { white: 4, black: 2 }]
        );
    }
}
