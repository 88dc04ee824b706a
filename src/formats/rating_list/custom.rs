//! A custom rating list (checklist Q117): any list the arbiter imports (a club's, a
//! league's, a federation's this program has no reader for), as CSV with a header row.
//!
//! Columns, by their names in any order and case: the name (`name`, `player`) and the
//! rating (`rating`, `elo`) are required; the player's number in the list (`id`,
//! `number`, `code`), his FIDE ID (`fide id`, `fide`) and his birth year (`birth year`,
//! `born`, `birth`, `year`; a full date gives its year) are read when present, and find
//! him as [`super::national`] says. The separator, quotes and encoding are those of
//! [`super::csv`].

use std::path::Path;

use super::ListError;
use super::csv::{self, Table};
use super::national::{ListEntry, OtherList, file_bytes, reading};
use crate::tournament::ListId;

struct Columns {
    name: usize,
    rating: usize,
    id: Option<usize>,
    fide_id: Option<usize>,
    birth: Option<usize>,
}

impl Columns {
    fn of(table: &Table) -> Option<Columns> {
        Some(Columns {
            name: table.column(&["name", "player", "fullname", "playername"])?,
            rating: table.column(&["rating", "elo"])?,
            id: table.column(&["id", "number", "code", "memberid", "membernumber"]),
            fide_id: table.column(&["fideid", "fide", "fidenumber"]),
            birth: table.column(&[
                "birthyear",
                "born",
                "birth",
                "year",
                "birthdate",
                "dateofbirth",
            ]),
        })
    }
}

fn entry(c: &Columns, line: u64, fields: &[String]) -> Result<ListEntry, String> {
    let field = |i: Option<usize>| i.and_then(|i| fields.get(i)).map_or("", String::as_str);
    let name = field(Some(c.name)).to_string();
    if name.is_empty() {
        return Err("no name".into());
    }
    let text = field(Some(c.rating));
    let rating = match text.parse::<u16>() {
        _ if text.is_empty() => None,
        Ok(0) => None,
        Ok(r) if r <= 9999 => Some(r),
        _ => {
            return Err(format!(
                "rating: expected a number up to 9999, found {text:?}"
            ));
        }
    };
    let text = field(c.fide_id);
    let fide_id = match text.parse::<u64>() {
        _ if text.is_empty() => None,
        Ok(0) => None,
        Ok(id) => Some(id),
        Err(_) => return Err(format!("FIDE ID: expected digits, found {text:?}")),
    };
    let text = field(c.birth);
    let birth_year = text
        .as_bytes()
        .windows(4)
        .find(|w| w.iter().all(u8::is_ascii_digit))
        .and_then(|w| std::str::from_utf8(w).ok()?.parse().ok());
    if !text.is_empty() && birth_year.is_none() {
        return Err(format!("birth year: expected a year, found {text:?}"));
    }
    Ok(ListEntry {
        line,
        id: field(c.id).to_string(),
        fide_id,
        name,
        birth_year,
        rating,
        passive: false,
    })
}

/// Reads a custom list named `name` from its bytes; `shown` names the file in errors.
pub(crate) fn read_bytes(bytes: &[u8], name: &str, shown: &str) -> Result<OtherList, ListError> {
    let invalid = |message: String| ListError::Invalid {
        path: shown.to_string(),
        message,
    };
    let table = csv::read(bytes).ok_or_else(|| invalid("an empty file".into()))?;
    let columns = Columns::of(&table).ok_or_else(|| {
        invalid(format!(
            "a custom list needs a header naming the columns `name` and `rating` (and, when \
             known, `id`, `fide id`, `birth year`); found {:?}",
            table.header.join(",")
        ))
    })?;
    let (entries, skipped) = table.entries(false, |line, fields| entry(&columns, line, fields));
    let format = format!("custom list {name:?} (CSV; {})", table.encoding.name());
    Ok(OtherList {
        list: ListId::Custom(name.to_string()),
        reading: reading(format, entries.len() as u64, skipped),
        entries,
    })
}

/// Reads the custom list `name` at `path`.
pub fn read(path: &Path, name: &str) -> Result<OtherList, ListError> {
    read_bytes(&file_bytes(path)?, name, &path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_and_rating_are_required_the_rest_read_when_present() {
        let list = read_bytes(
            b"Number;Name;Rating;Born\n17;\"Berg, Ann\";1650;1990-05-04\n18;Kim, Lee;;\n19;Bad;12x;\n",
            "Club",
            "club.csv",
        )
        .expect("reads");
        assert_eq!(list.list, ListId::Custom("Club".into()));
        assert_eq!(list.entries.len(), 2);
        let ann = &list.entries[0];
        assert_eq!(
            (
                ann.id.as_str(),
                ann.name.as_str(),
                ann.rating,
                ann.birth_year
            ),
            ("17", "Berg, Ann", Some(1650), Some(1990))
        );
        assert_eq!(list.entries[1].rating, None);
        assert_eq!(list.reading.skipped, 1);
        let e = read_bytes(b"player,points\nAnn,3\n", "Club", "club.csv").expect_err("no rating");
        assert!(e.to_string().contains("`name` and `rating`"), "{e}");
    }
}
