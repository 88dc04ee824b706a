//! The order of a round's boards (C.04.2; the 1998 system's F.1): a board is placed by
//! its higher player's score, then by the lower player's score, then by the higher
//! player's rank. F.1's "sum of both scores" orders the same as the lower player's score
//! once the higher players' scores are equal; the Lim, Dubov and Burstein texts leave the
//! order open and follow C.04.2. Under acceleration a player's score is his real points
//! plus his virtual points for the round, as the 2026 checklist reads the rule (Q187-188:
//! "boards are ordered by highest score, then sum of both scores, then lowest pairing
//! number, using real plus fictitious points under acceleration").

use std::cmp::Reverse;

use super::{Player, Points, Tournament};

/// A player's score for the board order of `round`: his points before it plus the virtual
/// points acceleration gives him in it (C.04.7; checklist Q187-188).
pub(crate) fn score(t: &Tournament, player: &Player, round: u32) -> Points {
    t.score_after(player, round.saturating_sub(1)) + t.virtual_points(player.id, round)
}

/// A player on a board: score and rank (the smaller ranks higher).
pub(crate) type Seat = (Points, usize);

/// A board to place (`T`: its pair, or the board itself), its higher player's seat, its
/// lower player's.
pub(crate) struct Seated<T> {
    pub(crate) pair: T,
    pub(crate) higher: Seat,
    pub(crate) lower: Seat,
}

impl<T> Seated<T> {
    /// A board whose higher player is the one with more points, then the better rank.
    pub(crate) fn by_score(pair: T, a: Seat, b: Seat) -> Seated<T> {
        let first = |s: Seat| (s.0, Reverse(s.1));
        let (higher, lower) = if first(a) >= first(b) { (a, b) } else { (b, a) };
        Seated {
            pair,
            higher,
            lower,
        }
    }
}

/// The pairs in board order; boards placed alike keep their order.
pub(crate) fn sort<T>(mut boards: Vec<Seated<T>>) -> Vec<T> {
    boards.sort_by_key(|b| (Reverse(b.higher.0), Reverse(b.lower.0), b.higher.1));
    boards.into_iter().map(|b| b.pair).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(tenths: i32, rank: usize) -> Seat {
        (Points::from_tenths(tenths), rank)
    }

    fn board(white: u32, a: Seat, b: Seat) -> Seated<u32> {
        Seated::by_score(white, a, b)
    }

    /// 2½–0 leads; of the boards led by 2 points, 2–1½ comes before 2–1, and of the two
    /// 2–1 boards the one whose leader ranks higher (3 before 4).
    #[test]
    fn higher_score_then_lower_score_then_rank() {
        let boards = vec![
            board(1, seat(10, 9), seat(20, 4)),
            board(2, seat(20, 5), seat(15, 8)),
            board(3, seat(0, 10), seat(25, 7)),
            board(4, seat(20, 3), seat(10, 6)),
        ];
        assert_eq!(sort(boards), [3, 2, 4, 1]);
    }

    /// Equal scores: the better rank is the higher player.
    #[test]
    fn the_higher_player_by_score_then_rank() {
        assert_eq!(board(1, seat(10, 9), seat(10, 2)).higher.1, 2);
        assert_eq!(board(1, seat(15, 9), seat(10, 2)).higher.1, 9);
    }
}
