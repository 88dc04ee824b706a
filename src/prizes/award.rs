//! Giving the announced prizes from the standings: one prize per player, chosen by the
//! organiser's rule, then money shared among players tied on points by the rule he picked.
//!
//! 1. **Allocation.** The prizes are taken in the order of the choice rule (highest amount
//!    first, or as announced), a category's places always in place order. Each goes to
//!    the best-ranked player of its category who has no prize yet. A player so receives
//!    the prize he prefers among those he could still get, and no one ranked above him in
//!    a category is passed over.
//! 2. **Sharing.** In each category, the players who remain in it (eligible, with no
//!    prize of another category) hold its places in rank order. Players tied on points
//!    hold a run of places; with [`Sharing::Equal`] they share the money of those places
//!    equally, with [`Sharing::Hort`] half of each place's money stays with its player and
//!    the other half is shared equally. A tied player beyond the last prize place thus
//!    receives a share, and is then out of the other categories. Cents left over by a
//!    division go one each to the best ranked, so the money given is the money announced.
//!
//! The allocation is made on the announced amounts: a player who took a category's prize
//! does not join a tie in another category, even where his share there would be larger.

use std::collections::{BTreeMap, HashSet};

use super::eligibility::{eligible, event_year};
use crate::standings::Standings;
use crate::tournament::{Points, PrizeCategory, PrizeChoice, PrizeList, Sharing, Tournament};

/// One player's prize.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    /// Pairing number.
    pub id: u32,
    /// His place in the standings.
    pub rank: u32,
    pub(crate) points: Points,
    pub category: PrizeCategory,
    /// His place in the category.
    pub(crate) place: u32,
    /// The money of that place as announced, in cents.
    pub announced: i64,
    /// The money he receives, after sharing, in cents.
    pub amount: i64,
    /// The object given with the place (`Trophy`), or empty.
    pub(crate) label: String,
    /// The players he shares with (tied on points in the category), without himself.
    pub(crate) shared_with: Vec<u32>,
}

/// The prizes given, and those that found no one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Awards {
    /// In the order of the prize list's categories, then by place.
    pub awards: Vec<Award>,
    /// Prizes with no eligible player left: (category, place, amount).
    pub unawarded: Vec<(PrizeCategory, u32, i64)>,
    pub(crate) notes: Vec<String>,
}

/// A player as the award sees him: in standings order.
struct Ranked {
    id: u32,
    rank: u32,
    points: Points,
}

/// Gives the prizes of `list` from `standings` (the final standings of `t`).
pub fn award(t: &Tournament, standings: &Standings, list: &PrizeList) -> Awards {
    let year = event_year(t);
    let ranked: Vec<Ranked> = standings
        .rows
        .iter()
        .map(|r| Ranked {
            id: r.id,
            rank: r.rank,
            points: r.points,
        })
        .collect();
    let categories = categories(list);
    let members: Vec<Vec<usize>> = categories
        .iter()
        .map(|(category, _)| {
            (0..ranked.len())
                .filter(|&i| {
                    t.player(ranked[i].id)
                        .is_some_and(|p| eligible(category, p, year))
                })
                .collect()
        })
        .collect();
    let mut notes = Vec::new();
    if year.is_none()
        && categories.iter().any(|(c, _)| {
            matches!(
                c,
                PrizeCategory::Youth { .. } | PrizeCategory::Senior { .. }
            )
        })
    {
        notes.push(
            "the event has no date: no one is in an age category (enter its start or end \
             date)"
                .to_string(),
        );
    }

    // 1. Allocation: (category index, place index) for each prize, in the choice order.
    let mut slots: Vec<(usize, usize)> = categories
        .iter()
        .enumerate()
        .flat_map(|(c, (_, places))| (0..places.len()).map(move |k| (c, k)))
        .collect();
    let announced_at = |(c, k): (usize, usize)| categories[c].1[k].2;
    match list.choice {
        PrizeChoice::HighestAmount => slots.sort_by_key(|&(c, k)| {
            (
                std::cmp::Reverse(categories[c].1[k].1),
                announced_at((c, k)),
            )
        }),
        PrizeChoice::AnnouncedFirst => slots.sort_by_key(|&s| announced_at(s)),
    }
    let mut holder: BTreeMap<usize, usize> = BTreeMap::new(); // player -> category
    for (c, _) in slots {
        let taker = members[c].iter().copied().find(|i| !holder.contains_key(i));
        if let Some(i) = taker {
            holder.insert(i, c);
        }
    }

    // 2. Places in each category, and sharing among players tied on points.
    let mut awards = Vec::new();
    let mut unawarded = Vec::new();
    let mut sharing_taken: HashSet<usize> = HashSet::new();
    for (c, (category, places)) in categories.iter().enumerate() {
        let order: Vec<usize> = members[c]
            .iter()
            .copied()
            .filter(|i| holder.get(i).is_none_or(|&h| h == c) && !sharing_taken.contains(i))
            .collect();
        let money = |place: usize| places.get(place).map_or(0, |p| p.1);
        let mut start = 0;
        while start < order.len().min(places.len()) {
            let points = ranked[order[start]].points;
            let end = (start..order.len())
                .take_while(|&j| ranked[order[j]].points == points)
                .last()
                .map_or(start + 1, |j| j + 1);
            let share_run = list.sharing != Sharing::TieBreaks && end - start > 1;
            let run = if share_run {
                start..end
            } else {
                start..start + 1
            };
            let amounts = shares(list.sharing, &run.clone().map(money).collect::<Vec<_>>());
            for (j, amount) in run.clone().zip(amounts) {
                let i = order[j];
                if j >= places.len() {
                    sharing_taken.insert(i);
                }
                awards.push(Award {
                    id: ranked[i].id,
                    rank: ranked[i].rank,
                    points: ranked[i].points,
                    category: category.clone(),
                    place: j as u32 + 1,
                    announced: money(j),
                    amount,
                    label: places.get(j).map(|p| p.3.clone()).unwrap_or_default(),
                    shared_with: run
                        .clone()
                        .filter(|&o| o != j && share_run)
                        .map(|o| ranked[order[o]].id)
                        .collect(),
                });
            }
            start = run.end;
        }
        for (k, place) in places.iter().enumerate().skip(order.len()) {
            unawarded.push((category.clone(), k as u32 + 1, place.1));
        }
    }
    Awards {
        awards,
        unawarded,
        notes,
    }
}

/// A category's places: (place, amount, announced index, label), by place.
type Places = Vec<(u32, i64, usize, String)>;

/// The categories in the order the list first names them, each with its places.
fn categories(list: &PrizeList) -> Vec<(PrizeCategory, Places)> {
    let mut out: Vec<(PrizeCategory, Places)> = Vec::new();
    for (index, prize) in list.prizes.iter().enumerate() {
        let entry = (prize.place, prize.amount, index, prize.label.clone());
        match out.iter_mut().find(|(c, _)| *c == prize.category) {
            Some((_, places)) => places.push(entry),
            None => out.push((prize.category.clone(), vec![entry])),
        }
    }
    for (_, places) in &mut out {
        places.sort_by_key(|p| p.0);
    }
    out
}

/// The money of a run of tied places (`own`, in place order) as the rule shares it; the
/// sum is always the sum of `own`.
fn shares(sharing: Sharing, own: &[i64]) -> Vec<i64> {
    let n = own.len() as i64;
    let equal = |pool: i64| -> Vec<i64> {
        let (each, left) = (pool / n, pool % n);
        (0..n).map(|j| each + i64::from(j < left)).collect()
    };
    match sharing {
        _ if own.len() < 2 => own.to_vec(),
        Sharing::TieBreaks => own.to_vec(),
        Sharing::Equal => equal(own.iter().sum()),
        Sharing::Hort => {
            let kept: Vec<i64> = own.iter().map(|m| m / 2).collect();
            let pool = own.iter().sum::<i64>() - kept.iter().sum::<i64>();
            kept.iter().zip(equal(pool)).map(|(k, s)| k + s).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_keep_the_money() {
        assert_eq!(shares(Sharing::Equal, &[1000, 500, 0]), vec![500, 500, 500]);
        assert_eq!(shares(Sharing::Equal, &[100, 0, 0]), vec![34, 33, 33]);
        assert_eq!(
            shares(Sharing::Hort, &[1000, 500]),
            vec![500 + 375, 250 + 375]
        );
        assert_eq!(shares(Sharing::Hort, &[1001, 0]), vec![500 + 251, 250]);
        assert_eq!(shares(Sharing::TieBreaks, &[1000, 500]), vec![1000, 500]);
        for own in [vec![7, 3, 1], vec![999, 1, 0, 0], vec![5]] {
            for s in [Sharing::Equal, Sharing::Hort, Sharing::TieBreaks] {
                assert_eq!(shares(s, &own).iter().sum::<i64>(), own.iter().sum::<i64>());
            }
        }
    }
}
