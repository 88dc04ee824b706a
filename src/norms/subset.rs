//! The games an applicant counts: B.01 1.4.1f lets him leave out games against opponents
//! he defeated, and 1.4.1e (outside events with predetermined pairings) the games after a
//! title result was reached, provided the games kept still meet every requirement. Every
//! choice is tried, the latest cut and the fewest wins left out first, within
//! [`MAX_SUBSETS`].

use super::games::NormGame;

/// The most sets of games assessed for one applicant and one title: every choice for
/// events of up to 14 wins; beyond, the choices dropping the fewest wins.
pub(crate) const MAX_SUBSETS: usize = 1 << 14;

/// The games kept, the wins left out, the games after the cut, and what the kept games
/// achieve.
#[derive(Clone, Debug)]
pub(crate) struct Subset<T> {
    pub(crate) kept: Vec<NormGame>,
    /// Wins left out (1.4.1f).
    pub(crate) dropped: Vec<NormGame>,
    /// Games after the round where the title result was reached (1.4.1e).
    pub(crate) later: Vec<NormGame>,
    pub(crate) assessment: T,
}

/// What may be left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Leave {
    /// 1.4.1f: wins.
    pub(crate) wins: bool,
    /// 1.4.1e: the games after a round, when the games up to it reach the norm.
    pub(crate) later_games: bool,
    /// The least number of games kept.
    pub(crate) min_games: u32,
}

/// The set of games whose assessment has the greatest `key` (the first found on a tie:
/// all the rounds before a cut, the fewest wins left out): all the games, or the games
/// without some wins (`leave.wins`), or the games up to a round (`leave.later_games`;
/// such a cut only when `reached` says the games kept reach the norm: 1.4.1e's "after
/// achieving a title result"), keeping at least `leave.min_games`.
pub(crate) fn best_subset<T, K: Ord>(
    games: &[NormGame],
    leave: Leave,
    assess: impl Fn(&[NormGame]) -> T,
    reached: impl Fn(&T) -> bool,
    key: impl Fn(&T) -> K,
) -> Subset<T> {
    let mut cuts: Vec<Option<u32>> = vec![None];
    if leave.later_games {
        let mut rounds: Vec<u32> = games.iter().map(|g| g.round).collect();
        rounds.dedup();
        rounds.pop();
        cuts.extend(rounds.into_iter().rev().map(Some));
    }
    let mut best: Option<(Subset<T>, K)> = None;
    let mut budget = MAX_SUBSETS;
    for cut in cuts {
        let (upto, later): (Vec<NormGame>, Vec<NormGame>) = games
            .iter()
            .cloned()
            .partition(|g| cut.is_none_or(|round| g.round <= round));
        let wins: Vec<usize> = upto
            .iter()
            .enumerate()
            .filter(|(_, g)| g.half_points() == 2)
            .map(|(i, _)| i)
            .collect();
        let droppable = if leave.wins {
            wins.len()
                .min(upto.len().saturating_sub(leave.min_games as usize))
        } else {
            0
        };
        for k in 0..=droppable {
            let mut choice: Vec<usize> = (0..k).collect();
            loop {
                if budget == 0 {
                    return best
                        .map(|(b, _)| b)
                        .unwrap_or_else(|| whole(games, &assess));
                }
                budget -= 1;
                let dropped: Vec<usize> = choice.iter().map(|&c| wins[c]).collect();
                let (kept, out): (Vec<_>, Vec<_>) = upto
                    .iter()
                    .enumerate()
                    .partition(|(i, _)| !dropped.contains(i));
                let strip =
                    |v: Vec<(usize, &NormGame)>| v.into_iter().map(|(_, g)| g.clone()).collect();
                let kept: Vec<NormGame> = strip(kept);
                let assessment = assess(&kept);
                if cut.is_none() || reached(&assessment) {
                    let candidate_key = key(&assessment);
                    if best.as_ref().is_none_or(|(_, k)| candidate_key > *k) {
                        best = Some((
                            Subset {
                                kept,
                                dropped: strip(out),
                                later: later.clone(),
                                assessment,
                            },
                            candidate_key,
                        ));
                    }
                }
                if !next_choice(&mut choice, wins.len()) {
                    break;
                }
            }
        }
    }
    best.map(|(b, _)| b)
        .unwrap_or_else(|| whole(games, &assess))
}

/// All the games, nothing left out.
fn whole<T>(games: &[NormGame], assess: &impl Fn(&[NormGame]) -> T) -> Subset<T> {
    Subset {
        kept: games.to_vec(),
        dropped: Vec::new(),
        later: Vec::new(),
        assessment: assess(games),
    }
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
                forfeit: false,
            })
            .collect()
    }

    #[test]
    fn drops_only_wins_and_keeps_the_minimum() {
        use GameResult::*;
        let all = games(&[Win, Loss, Win, Draw, Win]);
        // The key prefers fewer games: at most two wins may go (5 games, 3 kept).
        let wins = Leave {
            wins: true,
            later_games: false,
            min_games: 3,
        };
        let best = best_subset(
            &all,
            wins,
            |kept| kept.len(),
            |_| false,
            |&n| std::cmp::Reverse(n),
        );
        assert_eq!(best.kept.len(), 3);
        assert!(best.dropped.iter().all(|g| g.result == Win));
        // The first pair of wins found: rounds 1 and 3.
        assert_eq!(
            best.dropped.iter().map(|g| g.round).collect::<Vec<_>>(),
            [1, 3]
        );
        let nothing = Leave {
            wins: false,
            ..wins
        };
        let round_robin = best_subset(
            &all,
            nothing,
            |kept| kept.len(),
            |_| true,
            |&n| std::cmp::Reverse(n),
        );
        assert!(round_robin.dropped.is_empty());
    }

    #[test]
    fn later_games_go_only_once_the_norm_is_reached() {
        use GameResult::*;
        let all = games(&[Win, Win, Win, Loss, Loss]);
        let later = Leave {
            wins: false,
            later_games: true,
            min_games: 2,
        };
        // The key prefers a higher score rate; "reached" once three games are kept.
        let rate = |kept: &[NormGame]| {
            let hp: u32 = kept.iter().map(NormGame::half_points).sum();
            (hp * 100 / (2 * kept.len() as u32), kept.len())
        };
        let best = best_subset(&all, later, rate, |&(_, n)| n >= 3, |&(r, _)| r);
        assert_eq!(best.kept.len(), 3, "the cut after round 3");
        assert_eq!(
            best.later.iter().map(|g| g.round).collect::<Vec<_>>(),
            [4, 5]
        );
        // Reached only from four games on: three would score more, but the cut comes after
        // round 4 (75% against 60% for all five).
        let strict = best_subset(&all, later, rate, |&(_, n)| n >= 4, |&(r, _)| r);
        assert_eq!(strict.kept.len(), 4);
        assert_eq!(
            strict.later.iter().map(|g| g.round).collect::<Vec<_>>(),
            [5]
        );
        // Never reached before the end: nothing is cut.
        let never = best_subset(&all, later, rate, |&(_, n)| n >= 5, |&(r, _)| r);
        assert!(never.later.is_empty());
    }
}
