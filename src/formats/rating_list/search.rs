//! Finding players in an [`Index`]: by FIDE ID, or by name as the arbiter types it.
//!
//! A name query is folded like the names ([`super::fold`]: accents, case, commas and
//! hyphens do not matter) and split into words. Every word of the query must start a
//! different word of the name, in any order: "carlsen mag", "Carlsen, Mag" and "magnus
//! carlsen" all find "Carlsen, Magnus". The index's sorted word starts give, by binary
//! search, the players one word of the query starts a word of (the query's longest word,
//! the most selective); only those are checked. Relevance: the query starting with the
//! whole last name first ("Carlsen" before "Carlsen-Jones"), then the name starting with
//! the query, then any other match; within each, the higher rating in the chosen list,
//! then the name.

use std::cmp::{Ordering, Reverse};

use super::fold::fold;
use super::index::{Index, suffix};
use super::record::{Record, list_index};
use crate::tournament::RatingList;

/// How well a name matches (lower first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Relevance {
    /// The query starts with the whole last name.
    LastName,
    /// The name starts with the query.
    Prefix,
    /// The words match in another order, or from the first name.
    Words,
}

/// `text` truncated to `query`'s length, compared with it (a shorter text is less).
fn compare_prefix(text: &[u8], query: &[u8]) -> Ordering {
    text[..text.len().min(query.len())]
        .cmp(query)
        .then(if text.len() < query.len() {
            Ordering::Less
        } else {
            Ordering::Equal
        })
}

/// How `query` (folded words) matches the key of a name whose first `last_words` words
/// are the last name; `None` when some query word starts no word of the name.
fn relevance(query: &str, words: &[&str], key: &str, last_words: u8) -> Option<Relevance> {
    let names: Vec<&str> = key.split(' ').collect();
    let mut used = vec![false; names.len()];
    // Longest query words first, so that a short one does not take the word a long one
    // needs.
    let mut order: Vec<&&str> = words.iter().collect();
    order.sort_by_key(|w| Reverse(w.len()));
    for word in order {
        let free = names
            .iter()
            .enumerate()
            .find(|(i, name)| !used[*i] && name.starts_with(*word))?;
        used[free.0] = true;
    }
    let last_len = names
        .iter()
        .take(usize::from(last_words).max(1))
        .map(|w| w.len() + 1)
        .sum::<usize>()
        - 1;
    let last = &key[..last_len.min(key.len())];
    Some(
        if query == last || query.strip_prefix(last).is_some_and(|r| r.starts_with(' ')) {
            Relevance::LastName
        } else if key.starts_with(query) {
            Relevance::Prefix
        } else {
            Relevance::Words
        },
    )
}

/// The players `query` finds, at most `limit`, the most relevant first (see the module
/// documentation); `list` orders equally relevant ones by rating. A query of digits only
/// is a FIDE ID.
pub fn search(index: &Index, query: &str, limit: usize, list: RatingList) -> Vec<Record> {
    let trimmed = query.trim();
    if !trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()) {
        return trimmed
            .parse::<u64>()
            .ok()
            .and_then(|id| index.get(id))
            .into_iter()
            .take(limit)
            .collect();
    }
    let folded = fold(query);
    let words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
    let Some(longest) = words.iter().max_by_key(|w| w.len()) else {
        return Vec::new();
    };
    let (keys, starts) = index.words();
    let q = longest.as_bytes();
    let from = starts.partition_point(|&w| compare_prefix(suffix(keys, w), q) == Ordering::Less);
    let to = from
        + starts[from..]
            .partition_point(|&w| compare_prefix(suffix(keys, w), q) == Ordering::Equal);
    let mut players: Vec<usize> = starts[from..to]
        .iter()
        .map(|&w| index.player_at(w))
        .collect();
    players.sort_unstable();
    players.dedup();
    let l = list_index(list);
    let mut found: Vec<(Relevance, Reverse<u16>, usize)> = players
        .into_iter()
        .filter_map(|i| {
            let (key, last_words) = index.key(i);
            relevance(&folded, &words, key, last_words).map(|r| (r, Reverse(index.rating(i, l)), i))
        })
        .collect();
    let order = |a: &(Relevance, Reverse<u16>, usize), b: &(Relevance, Reverse<u16>, usize)| {
        (a.0, a.1)
            .cmp(&(b.0, b.1))
            .then_with(|| index.key(a.2).0.cmp(index.key(b.2).0))
            .then(a.2.cmp(&b.2))
    };
    if found.len() > limit && limit > 0 {
        found.select_nth_unstable_by(limit - 1, order);
    }
    found.truncate(limit);
    found.sort_unstable_by(order);
    found.into_iter().map(|(_, _, i)| index.record(i)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: u64, name: &str, rating: u16) -> Record {
        let mut r = Record {
            fide_id: id,
            name: name.to_string(),
            ..Record::default()
        };
        r.lists[0].rating = Some(rating);
        r
    }

    fn names(index: &Index, query: &str) -> Vec<String> {
        search(index, query, 10, RatingList::Standard)
            .into_iter()
            .map(|r| r.name)
            .collect()
    }

    #[test]
    fn names_are_found_by_folded_word_prefixes_in_any_order() {
        let index = Index::from_records(
            [
                record(1, "Carlsen, Magnus", 2830),
                record(2, "Carlsen-Jones, Ann", 2100),
                record(3, "Østergård, Jens", 2200),
                record(4, "Müller, Hans", 1900),
                record(5, "Strauß, Eva", 1800),
                record(6, "Magnusson, Carl", 2000),
                record(7, "van der Berg, Jan", 2300),
            ],
            None,
        );
        assert_eq!(names(&index, "Carlsen, Mag"), ["Carlsen, Magnus"]);
        assert_eq!(names(&index, "carlsen mag"), ["Carlsen, Magnus"]);
        assert_eq!(names(&index, "Magnus Carlsen"), ["Carlsen, Magnus"]);
        assert_eq!(
            names(&index, "carlsen"),
            ["Carlsen, Magnus", "Carlsen-Jones, Ann"]
        );
        assert_eq!(names(&index, "Ostergard"), ["Østergård, Jens"]);
        assert_eq!(names(&index, "muller"), ["Müller, Hans"]);
        assert_eq!(names(&index, "STRAUSS"), ["Strauß, Eva"]);
        assert_eq!(names(&index, "berg jan"), ["van der Berg, Jan"]);
        assert_eq!(names(&index, "van der berg"), ["van der Berg, Jan"]);
        // "magnus" starts the last name of one and is the first name of another.
        assert_eq!(
            names(&index, "magnus"),
            ["Magnusson, Carl", "Carlsen, Magnus"]
        );
        assert_eq!(names(&index, "7"), ["van der Berg, Jan"]);
        assert!(names(&index, "8").is_empty());
        assert!(names(&index, " , ").is_empty());
        assert!(names(&index, "zz").is_empty());
    }
}
