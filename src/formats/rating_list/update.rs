//! An event's players brought up to date from the rating list, and new players
//! registered from it.
//!
//! For each player with a FIDE ID found in the list: his official ratings on each of
//! FIDE's lists the file holds, kept with the list's source and date (checklist Q134), and
//! his tournament rating by the event's rating method (FIDE's: the rating of the event's
//! list, [`crate::tournament::Event::rating_list`]); the K of the event's list, the title
//! (the higher of the FIDE title and the women's title, as TRF writes it), the federation,
//! the sex and the birth year (a full date the arbiter typed is kept when its year
//! agrees). The name is the arbiter's spelling and is kept; a difference from the list is
//! reported. Pairing numbers do not change. Fields the list leaves empty (no sex, no
//! federation, no birth year) leave the player's as they are.

use std::fmt;

use super::index::Index;
use super::record::Record;
use crate::tournament::{
    Event, ListId, Player, RatingList, Sex, TITLES, Tournament, month_code_date,
};

/// Where a list comes from, as every rating it gives keeps it (checklist Q134).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListSource {
    /// The list file, or the list's name.
    pub source: String,
    /// `YYYY-MM-DD` (a FIDE list's is the first day of its month), or as known; empty
    /// when not known.
    pub date: String,
}

impl ListSource {
    /// A FIDE list read into `index`: named by its month code when the file gave one.
    pub fn of_index(index: &Index) -> ListSource {
        match index.month() {
            Some(month) => ListSource {
                source: format!("FIDE list {month}"),
                date: month_code_date(month).map(iso).unwrap_or_default(),
            },
            None => ListSource {
                source: "FIDE list".into(),
                date: String::new(),
            },
        }
    }
}

/// A date as `YYYY-MM-DD`.
pub(crate) fn iso(date: crate::tournament::Date) -> String {
    format!("{:04}-{:02}-{:02}", date.year, date.month, date.day)
}

/// A field the update sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// The FIDE rating of the event's list.
    Rating,
    /// The rating on another list: FIDE's other two, a national or a custom list.
    ListRating(ListId),
    /// The tournament rating, when the event's rating method makes it other than the
    /// FIDE rating reported beside it.
    TournamentRating,
    KFactor,
    Title,
    Federation,
    Sex,
    BirthDate,
    /// The standard rating of a player unrated on a rapid or blitz list (7.2.1).
    StandardRating,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Rating => "rating",
            Field::ListRating(list) => return write!(f, "{list} rating"),
            Field::TournamentRating => "tournament rating",
            Field::KFactor => "K",
            Field::Title => "title",
            Field::Federation => "federation",
            Field::Sex => "sex",
            Field::BirthDate => "birth date",
            Field::StandardRating => {
                "standard rating (unrated on this list, rapid and blitz 7.2.1)"
            }
        })
    }
}

/// What the update did, or found, for one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A field set from the list.
    Updated {
        player: u32,
        field: Field,
        old: String,
        new: String,
    },
    /// The name differs from the list's; the arbiter's spelling is kept.
    NameDiffers {
        player: u32,
        name: String,
        list: String,
    },
    /// The player's FIDE ID is not in the list: the player is left as they are.
    NotInList { player: u32, fide_id: u64 },
    /// Found in a national or custom list by name and birth year only (neither a FIDE ID
    /// nor his number in the list told): the arbiter checks that the entry is his.
    FoundByName {
        player: u32,
        name: String,
        list: ListId,
        /// The entry, in words (its line, name, birth year, number, rating).
        entry: String,
    },
    /// Several entries of a national or custom list could be the player, with different
    /// ratings: none is applied.
    SeveralEntries {
        player: u32,
        list: ListId,
        entries: Vec<String>,
    },
    /// The player has a rating from an earlier version of the list but is not in this
    /// one: it is kept as it was.
    NotInOtherList {
        player: u32,
        list: ListId,
        kept: u16,
        source: String,
    },
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |s: &str| {
            if s.is_empty() {
                "(none)".to_string()
            } else {
                s.to_string()
            }
        };
        match self {
            Change::Updated {
                player,
                field,
                old,
                new,
            } => write!(f, "#{player}: {field} {} → {}", shown(old), shown(new)),
            Change::NameDiffers { player, name, list } => {
                write!(f, "#{player}: name {name:?} kept; the list writes {list:?}")
            }
            Change::NotInList { player, fide_id } => {
                write!(
                    f,
                    "#{player}: FIDE ID {fide_id} not in the list: left as they are"
                )
            }
            Change::FoundByName {
                player,
                name,
                list,
                entry,
            } => write!(
                f,
                "#{player}: found in the {list} list by name and birth year only ({name:?} is {entry}): check that it is him"
            ),
            Change::SeveralEntries {
                player,
                list,
                entries,
            } => write!(
                f,
                "#{player}: several entries of the {list} list could be him, with different ratings ({}): none applied",
                entries.join("; ")
            ),
            Change::NotInOtherList {
                player,
                list,
                kept,
                source,
            } => write!(
                f,
                "#{player}: not in this {list} list: his rating {kept} (from {source}) is kept"
            ),
        }
    }
}

/// The higher of a FIDE title and a women's title, in TRF's order (GM IM WGM FM WIM CM
/// WFM WCM); empty when neither is one.
fn higher_title(record: &Record) -> String {
    let rank = |t: &str| {
        TITLES
            .iter()
            .position(|known| known.eq_ignore_ascii_case(t.trim()))
    };
    [&record.title, &record.woman_title]
        .into_iter()
        .filter_map(|t| rank(t))
        .min()
        .map(|i| TITLES[i].to_string())
        .unwrap_or_default()
}

/// The first run of four digits of a date as typed (`1990/05/12`, `12.05.1990`, `1990`).
fn year_of(date: &str) -> Option<u16> {
    date.as_bytes()
        .windows(4)
        .find(|w| w.iter().all(u8::is_ascii_digit))
        .and_then(|w| std::str::from_utf8(w).ok()?.parse().ok())
}

fn sex_name(sex: Option<Sex>) -> String {
    match sex {
        Some(Sex::Male) => "M",
        Some(Sex::Female) => "F",
        None => "",
    }
    .to_string()
}

/// Sets the list's fields on `player` (see the module documentation), in an event on
/// FIDE's list `list` when `event` is `None` (a player registered from the list: his
/// tournament rating is his FIDE rating) and in `event` otherwise; `held` says which of
/// FIDE's lists the file holds. Calls `changed` for each field whose value changes.
fn apply(
    player: &mut Player,
    record: &Record,
    list: RatingList,
    event: Option<&Event>,
    held: [bool; 3],
    source: &ListSource,
    changed: &mut dyn FnMut(Field, String, String),
) {
    let entry = record.list(list);
    let number = |n: Option<u16>| n.map(|n| n.to_string()).unwrap_or_default();
    if player.official_ratings.is_none() {
        player.official_ratings = Some(player.officials_or_entered(list));
    }
    // The event's list first, then FIDE's others, each as the file holds it.
    let lists = std::iter::once(list).chain(RatingList::ALL.into_iter().filter(|&l| l != list));
    for l in lists {
        if !held[super::record::list_index(l)] {
            continue;
        }
        let new = record.list(l).rating;
        let old = player.set_official(&ListId::Fide(l), new, "", &source.source, &source.date);
        if old != new {
            let field = if l == list {
                Field::Rating
            } else {
                Field::ListRating(ListId::Fide(l))
            };
            changed(field, number(old), number(new));
        }
    }
    let rating = match event {
        Some(event) => event.rating_of(player),
        None => entry.rating,
    };
    if player.rating != rating {
        if rating != entry.rating {
            changed(
                Field::TournamentRating,
                number(player.rating),
                number(rating),
            );
        }
        player.rating = rating;
    }
    // Rapid and blitz 7.2.1: an unrated player's standard rating is used in a rapid or
    // blitz event; kept beside the event's rating.
    let standard = match list {
        RatingList::Standard => None,
        _ => entry
            .rating
            .is_none()
            .then(|| record.list(RatingList::Standard).rating)
            .flatten(),
    };
    if player.standard_rating != standard {
        changed(
            Field::StandardRating,
            number(player.standard_rating),
            number(standard),
        );
        player.standard_rating = standard;
    }
    if player.k_factor != entry.k {
        let k = |k: Option<u8>| number(k.map(u16::from));
        changed(Field::KFactor, k(player.k_factor), k(entry.k));
        player.k_factor = entry.k;
    }
    let title = higher_title(record);
    if player.title.trim() != title {
        changed(Field::Title, player.title.clone(), title.clone());
        player.title = title;
    }
    if !record.federation.is_empty() && player.federation.trim() != record.federation {
        changed(
            Field::Federation,
            player.federation.clone(),
            record.federation.clone(),
        );
        player.federation = record.federation.clone();
    }
    if record.sex.is_some() && player.sex != record.sex {
        changed(Field::Sex, sex_name(player.sex), sex_name(record.sex));
        player.sex = record.sex;
    }
    if let Some(year) = record.birth_year
        && year_of(&player.birth_date) != Some(year)
    {
        changed(
            Field::BirthDate,
            player.birth_date.clone(),
            year.to_string(),
        );
        player.birth_date = year.to_string();
    }
}

/// The index has no ratings of the event's list: updating from it would make every player
/// unrated.
#[derive(Debug, thiserror::Error)]
#[error(
    "the index holds no {} ratings (it was made from a single list of another kind): index the combined list or the {} list",
    .0.name(),
    .0.name()
)]
pub struct ListNotHeld(pub(crate) RatingList);

/// Brings the players with a FIDE ID up to date from `index` (see the module
/// documentation), the list named by its month code when the file gave one
/// ([`ListSource::of_index`]); returns what changed, what differs and who is not in the
/// list, in pairing-number order. Nothing changes when the index lacks the event's list.
pub fn update_from_list(t: &mut Tournament, index: &Index) -> Result<Vec<Change>, ListNotHeld> {
    update_from_source(t, index, &ListSource::of_index(index))
}

/// [`update_from_list`] with the list's source and date as the arbiter knows them (its
/// file, the date in its name or given).
pub fn update_from_source(
    t: &mut Tournament,
    index: &Index,
    source: &ListSource,
) -> Result<Vec<Change>, ListNotHeld> {
    let list = t.event.rating_list;
    let held = RatingList::ALL.map(|l| index.holds(l));
    if !index.holds(list) {
        return Err(ListNotHeld(list));
    }
    let mut changes = Vec::new();
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| t.players[i].id);
    for i in order {
        let player = &mut t.players[i];
        let Some(fide_id) = player.fide_id.filter(|&id| id != 0) else {
            continue;
        };
        let id = player.id;
        let Some(record) = index.get(fide_id) else {
            changes.push(Change::NotInList {
                player: id,
                fide_id,
            });
            continue;
        };
        if player.name.trim() != record.name {
            changes.push(Change::NameDiffers {
                player: id,
                name: player.name.clone(),
                list: record.name.clone(),
            });
        }
        let event = &t.event;
        let player = &mut t.players[i];
        apply(
            player,
            &record,
            list,
            Some(event),
            held,
            source,
            &mut |field, old, new| {
                changes.push(Change::Updated {
                    player: id,
                    field,
                    old,
                    new,
                });
            },
        );
    }
    Ok(changes)
}

/// A new player from a list record, rated in `list`: name, FIDE ID and the fields of the
/// update, his official ratings those of the list (as FIDE's list, undated). The pairing
/// number is 0: the caller assigns it.
pub fn register_from_list(record: &Record, list: RatingList) -> Player {
    let mut player = Player::new(0, record.name.clone());
    player.fide_id = Some(record.fide_id);
    player.official_ratings = Some(Vec::new());
    let source = ListSource {
        source: "FIDE list".into(),
        date: String::new(),
    };
    apply(
        &mut player,
        record,
        list,
        None,
        [true; 3],
        &source,
        &mut |_, _, _| {},
    );
    player
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_higher_title_is_taken_and_a_typed_date_kept_when_its_year_agrees() {
        let record = Record {
            fide_id: 7,
            name: "Hou, Yifan".into(),
            federation: "CHN".into(),
            sex: Some(Sex::Female),
            title: "GM".into(),
            woman_title: "WGM".into(),
            birth_year: Some(1994),
            ..Record::default()
        };
        assert_eq!(higher_title(&record), "GM");
        let wim = Record {
            title: "FM".into(),
            woman_title: "WIM".into(),
            ..record.clone()
        };
        assert_eq!(higher_title(&wim), "FM");
        let mut player = register_from_list(&record, RatingList::Standard);
        assert_eq!(player.birth_date, "1994");
        player.birth_date = "1994/02/27".into();
        let mut changes = 0;
        apply(
            &mut player,
            &record,
            RatingList::Standard,
            None,
            [true; 3],
            &ListSource::default(),
            &mut |_, _, _| changes += 1,
        );
        assert_eq!((player.birth_date.as_str(), changes), ("1994/02/27", 0));
    }

    /// Rapid and blitz 7.2.1: a player unrated on the event's rapid list keeps his standard
    /// rating beside it; rated on the rapid list, or in a standard event, none.
    #[test]
    fn an_unrated_rapid_player_keeps_his_standard_rating() {
        let mut record = Record {
            fide_id: 8,
            name: "New, Rapid".into(),
            ..Record::default()
        };
        record.lists[0].rating = Some(1850);
        let mut player = register_from_list(&record, RatingList::Rapid);
        assert_eq!((player.rating, player.standard_rating), (None, Some(1850)));
        assert_eq!(player.rating_for(RatingList::Rapid), Some(1850));
        assert_eq!(
            register_from_list(&record, RatingList::Standard).standard_rating,
            None
        );
        // Rated on the rapid list since: the standard rating goes, and the update says so.
        record.lists[1].rating = Some(1700);
        let mut fields = Vec::new();
        apply(
            &mut player,
            &record,
            RatingList::Rapid,
            None,
            [true; 3],
            &ListSource::default(),
            &mut |f, old, new| fields.push((f.to_string(), old, new)),
        );
        assert_eq!((player.rating, player.standard_rating), (Some(1700), None));
        assert!(
            fields
                .iter()
                .any(|(f, old, new)| f.starts_with("standard rating")
                    && old == "1850"
                    && new.is_empty())
        );
    }
}
