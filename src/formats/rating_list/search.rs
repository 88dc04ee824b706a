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
use super::index::{Index, compare_prefix, suffix};
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

/// How `query` (folded words; `words` its words, longest first) matches the key of a
/// name whose first `last_words` words are the last name; `None` when some query word
/// starts no word of the name. Allocates nothing: it runs for every candidate.
fn relevance(query: &str, words: &[&str], key: &str, last_words: u8) -> Option<Relevance> {
    // Each query word takes a different word of the name; the longest choose first, so
    // that a short one does not take the word a long one needs.
    let mut used: u64 = 0;
    for word in words {
        let (j, _) = key
            .split(' ')
            .enumerate()
            .take(64)
            .find(|(j, name)| used & (1 << j) == 0 && name.starts_with(word))?;
        used |= 1 << j;
    }
    let last_end = key
        .match_indices(' ')
        .nth(usize::from(last_words.max(1)) - 1)
        .map_or(key.len(), |(i, _)| i);
    let last = &key[..last_end];
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

/// A player found: relevance, rating (higher first), position in the index.
type Found = (Relevance, Reverse<u16>, usize);

/// The players `query` finds, at most `limit`, the most relevant first (see the module
/// documentation); `list` orders equally relevant ones by rating. A query of digits only
/// is a FIDE ID.
///
/// Only names starting with the query's first word can match as `Relevance::LastName`
/// or `Relevance::Prefix`, and the index keeps them together (players in key order):
/// they are looked at first, reading one stretch of memory. When they give `limit`
/// players of those kinds, the others can only rank after them and are not looked at: a
/// one-letter query does not go through a tenth of the list at random places. Otherwise
/// the other names are found through the index's words, by the query word that starts
/// the fewest.
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
    let mut words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
    let Some(&first) = words.first() else {
        return Vec::new();
    };
    words.sort_by_key(|w| Reverse(w.len()));
    let l = list_index(list);
    let judge = |i: usize| {
        let (key, last_words) = index.key(i);
        relevance(&folded, &words, key, last_words).map(|r| (r, Reverse(index.rating(i, l)), i))
    };
    let mut found: Vec<Found> = index
        .key_range(first.as_bytes())
        .filter_map(judge)
        .collect();
    let leading = found.iter().filter(|f| f.0 < Relevance::Words).count();
    if leading < limit {
        let (keys, starts) = index.words();
        let range = |word: &str| {
            let q = word.as_bytes();
            let from =
                starts.partition_point(|&w| compare_prefix(suffix(keys, w), q) == Ordering::Less);
            let to = from
                + starts[from..]
                    .partition_point(|&w| compare_prefix(suffix(keys, w), q) == Ordering::Equal);
            &starts[from..to]
        };
        let (rarest, entries) = words
            .iter()
            .map(|w| (w.as_bytes(), range(w)))
            .min_by_key(|(_, r)| r.len())
            .unwrap_or_default();
        // Each other name once: at the first of its words the rarest query word starts,
        // and not if the name starts with the first query word (looked at above).
        found.extend(
            entries
                .iter()
                .filter(|&&w| {
                    let start = key_start_of(keys, w);
                    let before = &keys[start..w as usize];
                    !keys[start..].starts_with(first.as_bytes())
                        && !before
                            .split(|&b| b == b' ')
                            .any(|name| !name.is_empty() && name.starts_with(rarest))
                })
                .map(|&w| index.player_at(w))
                .filter_map(judge),
        );
    }
    let order = |a: &Found, b: &Found| {
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

/// Where the key holding the byte at `at` starts (after the previous `\n`).
fn key_start_of(keys: &[u8], at: u32) -> usize {
    keys[..at as usize]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1)
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
