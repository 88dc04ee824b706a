//! One player of a FIDE rating list, and how the text of each published field is read.
//!
//! The fields are those FIDE publishes for every player (B.02 7.1.2 lists what the rating
//! list holds): FIDE ID, name (`Last, First`), federation, sex, FIDE title, women's title,
//! other titles (arbiter and trainer titles, a comma list), FOA title, then per list the
//! rating, the games rated in the period and the K factor, the birth year and a flag (`i`
//! inactive, `w` woman, `wi` both). Source: FIDE's download page, "TXT format" and "XML
//! format" of the combined and single lists.

use std::borrow::Cow;

use crate::tournament::{RatingList, Sex};

/// A player's entry in one of the three lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ListRating {
    /// `None`: unrated in this list (FIDE writes 0 or nothing).
    pub rating: Option<u16>,
    /// Games rated in the last period.
    pub games: u16,
    /// The development coefficient K (B.02 8.3.3); `None` when not published.
    pub k: Option<u8>,
}

/// A player of the list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Record {
    pub fide_id: u64,
    /// As FIDE writes it: `Last, First`.
    pub name: String,
    /// Three-letter federation code.
    pub federation: String,
    pub sex: Option<Sex>,
    /// `GM`, `IM`, `FM`, `CM`, `WGM`, `WIM`, `WFM`, `WCM` or empty.
    pub title: String,
    /// The women's title beside an open one (`WGM` for an IM who is also WGM), or empty.
    pub woman_title: String,
    /// Arbiter and trainer titles, comma-separated (`IA,FST`), or empty.
    pub other_titles: String,
    /// FIDE Online Arena title (`AGM`, `AIM`, `AFM`, `ACM`), or empty.
    pub foa_title: String,
    /// Standard, rapid, blitz (in `RatingList::ALL`'s order).
    pub lists: [ListRating; 3],
    /// FIDE publishes the year only; `None` for 0 (unknown).
    pub birth_year: Option<u16>,
    /// `i`, `w`, `wi` or empty.
    pub flag: String,
}

impl Record {
    /// The player's entry in `list`.
    pub(crate) fn list(&self, list: RatingList) -> &ListRating {
        &self.lists[list_index(list)]
    }
}

/// The position of a list in [`Record::lists`].
pub(crate) fn list_index(list: RatingList) -> usize {
    match list {
        RatingList::Standard => 0,
        RatingList::Rapid => 1,
        RatingList::Blitz => 2,
    }
}

/// A published field, as both the TXT columns and the XML elements name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    FideId,
    Name,
    Federation,
    Sex,
    Title,
    WomanTitle,
    OtherTitles,
    FoaTitle,
    Rating(RatingList),
    Games(RatingList),
    K(RatingList),
    BirthYear,
    Flag,
}

impl Field {
    /// Sets this field of `record` from its text (trimmed here). `Err` says what was
    /// expected.
    pub(crate) fn set(self, record: &mut Record, text: &str) -> Result<(), String> {
        let text = text.trim();
        let number = |max: u64| -> Result<u64, String> {
            if text.is_empty() {
                return Ok(0);
            }
            text.parse::<u64>()
                .ok()
                .filter(|n| *n <= max)
                .ok_or_else(|| format!("found {text:?}, expected a number up to {max}"))
        };
        match self {
            Field::FideId => {
                record.fide_id = number(999_999_999_999)?;
                if record.fide_id == 0 {
                    return Err(format!("found {text:?}, expected a FIDE ID"));
                }
            }
            Field::Name => record.name = text.to_string(),
            Field::Federation => record.federation = text.to_string(),
            Field::Sex => {
                record.sex = match text {
                    "M" | "m" => Some(Sex::Male),
                    "F" | "f" => Some(Sex::Female),
                    "" => None,
                    _ => return Err(format!("found {text:?}, expected M or F")),
                }
            }
            Field::Title => record.title = text.to_string(),
            Field::WomanTitle => record.woman_title = text.to_string(),
            Field::OtherTitles => record.other_titles = text.to_string(),
            Field::FoaTitle => record.foa_title = text.to_string(),
            Field::Rating(list) => {
                let rating = number(u64::from(u16::MAX))? as u16;
                record.lists[list_index(list)].rating = (rating != 0).then_some(rating);
            }
            Field::Games(list) => {
                record.lists[list_index(list)].games = number(u64::from(u16::MAX))? as u16;
            }
            Field::K(list) => {
                let k = number(u64::from(u8::MAX))? as u8;
                record.lists[list_index(list)].k = (k != 0).then_some(k);
            }
            Field::BirthYear => {
                let year = number(9999)? as u16;
                record.birth_year = (year != 0).then_some(year);
            }
            Field::Flag => record.flag = text.to_string(),
        }
        Ok(())
    }
}

/// A field's bytes as text: UTF-8 when they are, Latin-1 otherwise (older downloads).
pub(crate) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}
