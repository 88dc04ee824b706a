//! An event's players brought up to date from the rating list, and new players
//! registered from it.
//!
//! For each player with a FIDE ID found in the list: the rating and K of the event's list
//! ([`crate::tournament::Event::rating_list`]), the title (the higher of the FIDE title and
//! the women's title, as TRF writes it), the federation, the sex and the birth year (a full
//! date the arbiter typed is kept when its year agrees). The name is the arbiter's
//! spelling and is kept; a difference from the list is reported. Pairing numbers do not
//! change. Fields the list leaves empty (no sex, no federation, no birth year) leave the
//! player's as they are.

use std::fmt;

use super::index::Index;
use super::record::Record;
use crate::tournament::{Player, RatingList, Sex, TITLES, Tournament};

/// A field the update sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Rating,
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

/// Sets the list's fields on `player` (see the module documentation); calls `changed` for
/// each field whose value changes.
fn apply(
    player: &mut Player,
    record: &Record,
    list: RatingList,
    changed: &mut dyn FnMut(Field, String, String),
) {
    let entry = record.list(list);
    let number = |n: Option<u16>| n.map(|n| n.to_string()).unwrap_or_default();
    if player.rating != entry.rating {
        changed(Field::Rating, number(player.rating), number(entry.rating));
        player.rating = entry.rating;
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
/// documentation); returns what changed, what differs and who is not in the list, in
/// pairing-number order. Nothing changes when the index lacks the event's list.
pub fn update_from_list(t: &mut Tournament, index: &Index) -> Result<Vec<Change>, ListNotHeld> {
    let list = t.event.rating_list;
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
        apply(player, &record, list, &mut |field, old, new| {
            changes.push(Change::Updated {
                player: id,
                field,
                old,
                new,
            });
        });
    }
    Ok(changes)
}

/// A new player from a list record, rated in `list`: name, FIDE ID and the fields of the
/// update. The pairing number is 0: the caller assigns it.
pub fn register_from_list(record: &Record, list: RatingList) -> Player {
    let mut player = Player::new(0, record.name.clone());
    player.fide_id = Some(record.fide_id);
    apply(&mut player, record, list, &mut |_, _, _| {});
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
