//! The games a Swiss applicant counts: B.01 lets him leave out games against opponents he
//! defeated, provided the games kept still meet every requirement
//! ([`DROPPED_WINS`](super::regulations::DROPPED_WINS)). Every choice of wins to leave out
//! is tried, fewest first, within [`MAX_SUBSETS`].

use super::games::NormGame;

/// The most sets of games assessed for one applicant and one title: every choice for
/// events of up to 14 wins; beyond, the choices dropping the fewest wins.
pub const MAX_SUBSETS: usize = 1 << 14;

/// The games kept, the wins left out, and what the kept games achieve.
#[derive(Clone, Debug)]
pub struct Subset<T> {
    pub kept: Vec<NormGame>,
    pub dropped: Vec<NormGame>,
    pub assessment: T,
}

/// The set of games whose assessment has the greatest `key` (the first found, so the one
/// dropping the fewest wins, on a tie): all the games, or, when `may_drop_wins`, the games
/// without some wins, keeping at least `min_games`.
pub fn best_subset<T, K: Ord>(
    games: &[NormGame],
    may_drop_wins: bool,
    min_games: u32,
    assess: impl Fn(&[NormGame]) -> T,
    key: impl Fn(&T) -> K,
) -> Subset<T> {
    let wins: Vec<usize> = games
        .iter()
        .enumerate()
        .filter(|(_, g)| g.half_points() == 2)
        .map(|(i, _)| i)
        .collect();
    let droppable = if may_drop_wins {
        wins.len()
            .min(games.len().saturating_sub(min_games as usize))
    } else {
        0
    };
    let split = |dropped: &[usize]| -> (Vec<NormGame>, Vec<NormGame>) {
        let (out, kept): (Vec<_>, Vec<_>) = games
            .iter()
            .enumerate()
            .partition(|(i, _)| dropped.contains(i));
        let strip = |v: Vec<(usize, &NormGame)>| v.into_iter().map(|(_, g)| g.clone()).collect();
        (strip(kept), strip(out))
    };
    let (kept, dropped) = split(&[]);
    let assessment = assess(&kept);
    let mut best = Subset {
        kept,
        dropped,
        assessment,
    };
    let mut best_key = key(&best.assessment);
    let mut budget = MAX_SUBSETS - 1;
    for k in 1..=droppable {
        let mut choice: Vec<usize> = (0..k).collect();
        loop {
            if budget == 0 {
                return best;
            }
            budget -= 1;
            let dropped: Vec<usize> = choice.iter().map(|&c| wins[c]).collect();
            let (kept, out) = split(&dropped);
            let assessment = assess(&kept);
            let candidate_key = key(&assessment);
            if candidate_key > best_key {
                best_key = candidate_key;
                best = Subset {
                    kept,
                    dropped: out,
                    assessment,
                };
            }
            if !next_choice(&mut choice, wins.len()) {
                break;
            }
        }
    }
    best
}

/// The next `choice.len()`-element subset of `0..n` in lexicographic order; `false` after
/// the last.
fn next_choice(choice: &mut [usize], n: usize) -> bool {
    let k = choice.len();
    let Some(i) = (0..k).rev().find(|&i| choice[i] < n - k + i) else {
        return false;
    };
    choice[i] += 1;
    for j in i + 1..k {
        choice[j] = choice[j - 1] + 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::GameResult;

    #[test]
    fn choices_in_order() {
        let mut choice = vec![0, 1];
        let mut seen = vec![choice.clone()];
        while next_choice(&mut choice, 4) {
            seen.push(choice.clone());
        }
        assert_eq!(
            seen,
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]].map(Vec::from)
        );
    }

    fn games(results: &[GameResult]) -> Vec<NormGame> {
        results
            .iter()
            .enumerate()
            .map(|(i, &result)| NormGame {
                round: i as u32 + 1,
                opponent: i as u32 + 2,
                name: String::new(),
                title: None,
                rating: Some(2000 + 10 * i as u16),
                federation: None,
                result,
            })
            .collect()
    }

    #[test]
    fn drops_only_wins_and_keeps_the_minimum() {
        use GameResult::*;
        let all = games(&[Win, Loss, Win, Draw, Win]);
        // The key prefers fewer games: at most two wins may go (5 games, 3 kept).
        let best = best_subset(&all, true, 3, |kept| kept.len(), |&n| std::cmp::Reverse(n));
        assert_eq!(best.kept.len(), 3);
        assert!(best.dropped.iter().all(|g| g.result == Win));
        // The first pair of wins found: rounds 1 and 3.
        assert_eq!(
            best.dropped.iter().map(|g| g.round).collect::<Vec<_>>(),
            [1, 3]
        );
        let round_robin = best_subset(&all, false, 3, |kept| kept.len(), |&n| std::cmp::Reverse(n));
        assert!(round_robin.dropped.is_empty());
    }
}
