//! Lists other than FIDE's: a national federation's ([`super::dwz`], the German one) or a
//! custom list the arbiter imports ([`super::custom`]), applied to an event's players as
//! their official rating on that list (checklist Q116-117, Q145).
//!
//! A player is found in the list by his FIDE ID where the list carries FIDE IDs; else by
//! his number in the list, recorded when an earlier version of it was applied to him; else
//! by his name and birth year, both as the list writes them (accents, case and
//! punctuation aside), which the change listing names for the arbiter to check. Where
//! several entries could be him with different ratings (a member of two clubs is in the
//! German list twice; the active membership is taken over a passive one), none is applied
//! and the listing says so. Nothing but the list's rating is taken from it: the FIDE list
//! gives names, titles and the rest.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use super::fold::fold;
use super::update::{Change, Field, ListSource};
use super::{ListError, Reading, Skipped};
use crate::tournament::{ListId, Tournament};

/// One player of the list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListEntry {
    /// The row's line in the file.
    pub line: u64,
    /// His number in the list (German list: the person's `ID` where the file has one,
    /// else `ZPS-Mgl-Nr`, club and membership); empty when the list has none.
    pub id: String,
    pub fide_id: Option<u64>,
    /// As the list writes it (`Müller,Hans`).
    pub name: String,
    pub birth_year: Option<u16>,
    /// `None`: on the list, without a rating.
    pub rating: Option<u16>,
    /// A passive membership (German list status `P`): an active one of the same person
    /// is taken first.
    pub passive: bool,
}

impl fmt::Display for ListEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.name)?;
        if let Some(year) = self.birth_year {
            write!(f, " ({year})")?;
        }
        if !self.id.is_empty() {
            write!(f, ", number {}", self.id)?;
        }
        match self.rating {
            Some(rating) => write!(f, ", rated {rating}"),
            None => f.write_str(", unrated"),
        }
    }
}

/// A list read: which list it is, its players, what the reading found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherList {
    pub list: ListId,
    pub entries: Vec<ListEntry>,
    pub reading: Reading,
}

/// Reads a list file whole, within [`super::csv::MAX_BYTES`].
pub(crate) fn file_bytes(path: &Path) -> Result<Vec<u8>, ListError> {
    let shown = path.display().to_string();
    let io = |source| ListError::Io {
        path: shown.clone(),
        source,
    };
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > super::csv::MAX_BYTES {
        return Err(ListError::Invalid {
            path: shown.clone(),
            message: format!(
                "{size} bytes: larger than any list of this kind (at most {} MB)",
                super::csv::MAX_BYTES >> 20
            ),
        });
    }
    std::fs::read(path).map_err(io)
}

/// How a player was found in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    FideId,
    ListNumber,
    NameAndBirthYear,
}

/// What applying the list found, for the summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Matching {
    pub by_fide_id: usize,
    pub by_number: usize,
    pub by_name: usize,
    pub not_found: usize,
    pub ambiguous: usize,
}

impl fmt::Display for Matching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} found by FIDE ID, {} by their number in the list, {} by name and birth year; {} not in the list",
            self.by_fide_id, self.by_number, self.by_name, self.not_found
        )?;
        if self.ambiguous > 0 {
            write!(f, "; {} with several entries (not applied)", self.ambiguous)?;
        }
        Ok(())
    }
}

/// A name as the matching compares it: last name and first names (a third part, an
/// academic title in the German list, dropped), folded.
fn name_key(name: &str) -> String {
    let mut parts = name.split(',');
    let last = parts.next().unwrap_or_default();
    let first = parts.next().unwrap_or_default();
    fold(&format!("{last} {first}"))
}

/// The first run of four digits of a date as typed.
fn year_of(date: &str) -> Option<u16> {
    date.as_bytes()
        .windows(4)
        .find(|w| w.iter().all(u8::is_ascii_digit))
        .and_then(|w| std::str::from_utf8(w).ok()?.parse().ok())
}

/// The list's entries by FIDE ID, by number and by name and birth year.
struct Lookup<'a> {
    entries: &'a [ListEntry],
    by_fide_id: HashMap<u64, Vec<usize>>,
    by_number: HashMap<&'a str, Vec<usize>>,
    by_name: HashMap<(String, u16), Vec<usize>>,
}

/// One entry, or several that disagree.
enum Candidates<'a> {
    None,
    One(&'a ListEntry),
    Several(Vec<&'a ListEntry>),
}

impl<'a> Lookup<'a> {
    fn new(entries: &'a [ListEntry]) -> Lookup<'a> {
        let mut lookup = Lookup {
            entries,
            by_fide_id: HashMap::new(),
            by_number: HashMap::new(),
            by_name: HashMap::new(),
        };
        for (i, e) in entries.iter().enumerate() {
            if let Some(id) = e.fide_id {
                lookup.by_fide_id.entry(id).or_default().push(i);
            }
            if !e.id.is_empty() {
                lookup.by_number.entry(e.id.as_str()).or_default().push(i);
            }
            if let Some(year) = e.birth_year {
                lookup
                    .by_name
                    .entry((name_key(&e.name), year))
                    .or_default()
                    .push(i);
            }
        }
        lookup
    }

    /// The entries at `at`: the active ones when there are any; one when they agree on
    /// the rating.
    fn candidates(&self, at: Option<&Vec<usize>>) -> Candidates<'a> {
        let Some(at) = at else {
            return Candidates::None;
        };
        let all: Vec<&ListEntry> = at.iter().map(|&i| &self.entries[i]).collect();
        let active: Vec<&ListEntry> = all.iter().copied().filter(|e| !e.passive).collect();
        let chosen = if active.is_empty() { all } else { active };
        match chosen.as_slice() {
            [] => Candidates::None,
            [first, rest @ ..] if rest.iter().all(|e| e.rating == first.rating) => {
                Candidates::One(first)
            }
            _ => Candidates::Several(chosen),
        }
    }

    /// The player's entry and how it was found (see the module's documentation).
    fn find(
        &self,
        fide_id: Option<u64>,
        number: Option<&str>,
        name: &str,
        birth_year: Option<u16>,
    ) -> (Candidates<'a>, Found) {
        if let Some(id) = fide_id {
            let found = self.candidates(self.by_fide_id.get(&id));
            if !matches!(found, Candidates::None) {
                return (found, Found::FideId);
            }
        }
        if let Some(number) = number.filter(|n| !n.is_empty()) {
            let found = self.candidates(self.by_number.get(number));
            if !matches!(found, Candidates::None) {
                return (found, Found::ListNumber);
            }
        }
        let found = match birth_year {
            Some(year) => self.candidates(self.by_name.get(&(name_key(name), year))),
            None => Candidates::None,
        };
        (found, Found::NameAndBirthYear)
    }
}

/// A national or custom list applied to a copy of the event's players: what
/// `Edit::RefreshRatings` takes, and how the players were found.
#[derive(Clone, Debug)]
pub struct Applied {
    /// Every player, the same numbers in the same order, as the list leaves them.
    pub players: Vec<crate::tournament::Player>,
    /// The list in words, with its source and date (`national GER list spieler.csv
    /// (2026-11-20)`).
    pub list: String,
    /// Every change, one line each.
    pub changes: Vec<String>,
    pub matching: Matching,
}

/// Applies `list` to a copy of the players of `t` (see [`update_from_other_list`]); the
/// event itself is left as it is.
pub fn apply_other_list(t: &Tournament, list: &OtherList, source: &ListSource) -> Applied {
    let mut updated = t.clone();
    let (changes, matching) = update_from_other_list(&mut updated, list, source);
    let dated = if source.date.is_empty() {
        "date not known"
    } else {
        source.date.as_str()
    };
    Applied {
        players: updated.players,
        list: format!("{} list {} ({dated})", list.list, source.source),
        changes: changes.iter().map(ToString::to_string).collect(),
        matching,
    }
}

/// Applies `list` to the players of `t`: each one found gets his rating on it (or loses
/// the one he had, when the list has him unrated), kept with `source`, and his tournament
/// rating by the event's method. Returns every change, in pairing-number order, and how
/// the players were found.
pub fn update_from_other_list(
    t: &mut Tournament,
    list: &OtherList,
    source: &ListSource,
) -> (Vec<Change>, Matching) {
    let lookup = Lookup::new(&list.entries);
    let mut changes = Vec::new();
    let mut matching = Matching::default();
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| t.players[i].id);
    let number = |n: Option<u16>| n.map(|n| n.to_string()).unwrap_or_default();
    for i in order {
        let player = &t.players[i];
        let id = player.id;
        let recorded = player.official_rating(&list.list);
        let (found, how) = lookup.find(
            player.fide_id.filter(|&f| f != 0),
            recorded.map(|o| o.id.as_str()),
            &player.name,
            year_of(&player.birth_date),
        );
        let entry = match found {
            Candidates::One(entry) => entry,
            Candidates::Several(entries) => {
                matching.ambiguous += 1;
                changes.push(Change::SeveralEntries {
                    player: id,
                    list: list.list.clone(),
                    entries: entries.iter().map(ToString::to_string).collect(),
                });
                continue;
            }
            Candidates::None => {
                matching.not_found += 1;
                if let Some(kept) = recorded {
                    changes.push(Change::NotInOtherList {
                        player: id,
                        list: list.list.clone(),
                        kept: kept.rating,
                        source: kept.source.clone(),
                    });
                }
                continue;
            }
        };
        match how {
            Found::FideId => matching.by_fide_id += 1,
            Found::ListNumber => matching.by_number += 1,
            Found::NameAndBirthYear => {
                matching.by_name += 1;
                changes.push(Change::FoundByName {
                    player: id,
                    name: player.name.clone(),
                    list: list.list.clone(),
                    entry: entry.to_string(),
                });
            }
        }
        let list_rating = entry.rating;
        let list_list = list.list.clone();
        let event_list = t.event.rating_list;
        let player = &mut t.players[i];
        if player.official_ratings.is_none() {
            player.official_ratings = Some(player.officials_or_entered(event_list));
        }
        let old = player.set_official(
            &list_list,
            list_rating,
            &entry.id,
            &source.source,
            &source.date,
        );
        if old != list_rating {
            changes.push(Change::Updated {
                player: id,
                field: Field::ListRating(list_list),
                old: number(old),
                new: number(list_rating),
            });
        }
        let rating = t.event.rating_of(&t.players[i]);
        let player = &mut t.players[i];
        if player.rating != rating {
            changes.push(Change::Updated {
                player: id,
                field: Field::TournamentRating,
                old: number(player.rating),
                new: number(rating),
            });
            player.rating = rating;
        }
    }
    (changes, matching)
}

/// The reading of a table of `rows` rows, in `format`, with the rows skipped.
pub(crate) fn reading(format: String, records: u64, skipped: Vec<Skipped>) -> Reading {
    Reading {
        format,
        month: None,
        records,
        lists: [false; 3],
        skipped: skipped.len() as u64,
        first_skipped: skipped.into_iter().take(super::SKIPPED_KEPT).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Player, RatingMethod};

    fn entry(line: u64, name: &str, year: u16, rating: Option<u16>) -> ListEntry {
        ListEntry {
            line,
            id: format!("Z-{line}"),
            name: name.into(),
            birth_year: Some(year),
            rating,
            ..ListEntry::default()
        }
    }

    #[test]
    fn players_are_found_by_fide_id_then_number_then_name_and_birth_year() {
        let mut by_fide = entry(2, "Erster,Anna", 1990, Some(1900));
        by_fide.fide_id = Some(4611111);
        let list = OtherList {
            list: ListId::National("GER".into()),
            entries: vec![
                by_fide,
                entry(3, "Zweiter,Bernd", 1985, Some(1700)),
                entry(4, "Dritter,Carl", 2001, Some(1500)),
                // The same person twice: an active and a passive membership.
                entry(5, "Vierter,Dora", 1970, Some(1600)),
                ListEntry {
                    passive: true,
                    ..entry(6, "Vierter,Dora", 1970, Some(1400))
                },
                // Namesakes of the same year with different ratings.
                entry(7, "Fünfter,Emil", 1999, Some(1300)),
                entry(8, "Fuenfter,Emil", 1999, Some(1350)),
                entry(9, "Funfter,Emil", 1999, Some(1350)),
            ],
            reading: Reading::default(),
        };
        let mut t = Tournament::default();
        t.event.rating_method = RatingMethod::Nidof;
        let mut anna = Player::new(1, "Erster, Anna");
        anna.fide_id = Some(4611111);
        anna.rating = Some(2000);
        let mut bernd = Player::new(2, "Zweiter, Bernd");
        bernd.official_ratings = Some(vec![crate::tournament::OfficialRating {
            list: list.list.clone(),
            rating: 1650,
            id: "Z-3".into(),
            source: "old list".into(),
            date: String::new(),
        }]);
        bernd.rating = Some(1650);
        let mut carl = Player::new(3, "DRITTER, Carl");
        carl.birth_date = "2001/04/05".into();
        let mut dora = Player::new(4, "Vierter, Dora");
        dora.birth_date = "1970".into();
        let mut emil = Player::new(5, "Fünfter, Emil");
        emil.birth_date = "1999".into();
        let nobody = Player::new(6, "Nobody, N.");
        t.players = vec![anna, bernd, carl, dora, emil, nobody];
        let source = ListSource {
            source: "spieler.csv".into(),
            date: "2026-11-20".into(),
        };
        let (changes, matching) = update_from_other_list(&mut t, &list, &source);
        assert_eq!(
            (
                matching.by_fide_id,
                matching.by_number,
                matching.by_name,
                matching.not_found,
                matching.ambiguous
            ),
            (1, 1, 2, 1, 1),
            "{changes:#?}"
        );
        let ratings: Vec<Option<u16>> = t.players.iter().map(|p| p.rating).collect();
        // NIDOF: Anna's national rating; Emil's entries disagree (not applied); nobody.
        assert_eq!(
            ratings,
            [Some(1900), Some(1700), Some(1500), Some(1600), None, None]
        );
        let anna = &t.players[0];
        assert_eq!(
            anna.fide_rating(crate::tournament::RatingList::Standard),
            Some(2000)
        );
        let national = anna.official_rating(&list.list).expect("recorded");
        assert_eq!(
            (
                national.id.as_str(),
                national.source.as_str(),
                national.date.as_str()
            ),
            ("Z-2", "spieler.csv", "2026-11-20")
        );
        let said: Vec<String> = changes.iter().map(ToString::to_string).collect();
        assert!(
            said.iter()
                .any(|c| c.starts_with("#3: found in the national GER list by name and birth year")),
            "{said:#?}"
        );
        assert!(
            said.iter().any(|c| c.starts_with("#5: several entries")),
            "{said:#?}"
        );
        assert!(
            said.contains(&"#2: national GER rating 1650 → 1700".to_string()),
            "{said:#?}"
        );
        assert!(
            said.contains(&"#1: tournament rating 2000 → 1900".to_string()),
            "{said:#?}"
        );
    }
}
