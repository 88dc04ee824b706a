//! The German Chess Federation's rating list (DWZ, Deutsche Wertungszahl): the players'
//! file `spieler.csv` of its downloads, read as the national list of `GER`.
//!
//! Its columns, as the file's header names them (one row per club membership):
//! `ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,
//! Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land`: the club's number
//! (ZPS) and the membership number, the status (`P` passive), the name `Last,First`, sex,
//! playing right, birth year, last evaluation, the DWZ and its index, then the FIDE data
//! the federation holds. Later exports put the person's number and the club's first
//! (`ID,VKZ,Mgl-Nr,…`), or split the name (`Nachname`, `Vorname`) and spell other columns
//! out (`Mitgliedsnummer`, `FIDE-Elozahl`): columns are found by their names, in any
//! order. The file is Latin-1 (Windows-1252) or UTF-8, its fields quoted or not. Sources:
//! the layout as public tools that read the DSB's file write it (the Zugzwang project's
//! `ratings/dwz-csv.inc.php`, which also names the later export; the Chess League
//! Manager's import, which checks the header above).
//!
//! A player's number in the list is his person number (`ID`, digits) where the file has
//! it, else `ZPS-Mgl-Nr`: it finds him again in the next list (see [`super::national`]).
//! Only the DWZ is taken: the FIDE list gives the FIDE data.

use std::path::Path;

use super::ListError;
use super::csv::{self, Table};
use super::national::{ListEntry, OtherList, file_bytes, reading};
use crate::tournament::ListId;

/// The columns read, by their names folded ([`csv::folded_name`]).
struct Columns {
    name: Option<usize>,
    last: Option<usize>,
    first: Option<usize>,
    dwz: usize,
    club: Option<usize>,
    member: Option<usize>,
    person: Option<usize>,
    status: Option<usize>,
    birth: Option<usize>,
    fide_id: Option<usize>,
}

impl Columns {
    fn of(table: &Table) -> Option<Columns> {
        let name = table.column(&["spielername"]);
        let last = table.column(&["nachname"]);
        if name.is_none() && last.is_none() {
            return None;
        }
        Some(Columns {
            name,
            last,
            first: table.column(&["vorname"]),
            dwz: table.column(&["dwz"])?,
            club: table.column(&["zps", "vkz", "zpsnummer"]),
            member: table.column(&["mglnr", "mitgliedsnummer"]),
            person: table.column(&["id", "pkz"]),
            status: table.column(&["status"]),
            birth: table.column(&["geburtsjahr"]),
            fide_id: table.column(&["fideid"]),
        })
    }
}

/// A number field: `None` when empty or 0; an error naming the column otherwise.
fn number<T: std::str::FromStr + Default + PartialEq>(
    text: &str,
    what: &str,
) -> Result<Option<T>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<T>() {
        Ok(n) if n == T::default() => Ok(None),
        Ok(n) => Ok(Some(n)),
        Err(_) => Err(format!("{what}: expected a number, found {text:?}")),
    }
}

/// One row as an entry, or why it is skipped.
fn entry(c: &Columns, line: u64, fields: &[String]) -> Result<ListEntry, String> {
    let field = |i: Option<usize>| i.and_then(|i| fields.get(i)).map_or("", String::as_str);
    let name = match c.name {
        Some(_) => field(c.name).to_string(),
        None => {
            let (last, first) = (field(c.last), field(c.first));
            // A comma in the first names would read as a third part of the name.
            let first: Vec<&str> = first
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect();
            format!("{last},{}", first.join(" "))
        }
    };
    if name.trim_matches(',').trim().is_empty() {
        return Err("no name".into());
    }
    let rating: Option<u16> = number(field(Some(c.dwz)), "DWZ")?;
    if rating.is_some_and(|r| r > 9999) {
        return Err(format!("DWZ: {:?} is not a rating", field(Some(c.dwz))));
    }
    let birth_year: Option<u16> = number(field(c.birth), "Geburtsjahr")?;
    if birth_year.is_some_and(|y| !(1000..=9999).contains(&y)) {
        return Err(format!("Geburtsjahr: {:?} is not a year", field(c.birth)));
    }
    let person = field(c.person);
    let id = if !person.is_empty() && person.chars().all(|ch| ch.is_ascii_digit()) {
        person.to_string()
    } else {
        match (field(c.club), field(c.member)) {
            ("", _) | (_, "") => String::new(),
            (club, member) => format!("{club}-{member}"),
        }
    };
    Ok(ListEntry {
        line,
        id,
        fide_id: number(field(c.fide_id), "FIDE-ID")?,
        name,
        birth_year,
        rating,
        passive: field(c.status).eq_ignore_ascii_case("P"),
    })
}

/// Reads the German list from its bytes; `shown` names it in errors.
pub(crate) fn read_bytes(bytes: &[u8], shown: &str) -> Result<OtherList, ListError> {
    let invalid = |message: String| ListError::Invalid {
        path: shown.to_string(),
        message,
    };
    let table = csv::read(bytes).ok_or_else(|| invalid("an empty file".into()))?;
    let columns = Columns::of(&table).ok_or_else(|| {
        invalid(format!(
            "not the German federation's players' list (spieler.csv): expected a header naming \
             Spielername (or Nachname and Vorname) and DWZ, found {:?}",
            table.header.join(",")
        ))
    })?;
    let (entries, skipped) = table.entries(true, |line, fields| entry(&columns, line, fields));
    let format = format!(
        "DWZ list of the German Chess Federation (spieler.csv; {})",
        table.encoding.name()
    );
    Ok(OtherList {
        list: ListId::National("GER".into()),
        reading: reading(format, entries.len() as u64, skipped),
        entries,
    })
}

/// Reads the German list at `path`.
pub fn read(path: &Path) -> Result<OtherList, ListError> {
    read_bytes(&file_bytes(path)?, &path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header and rows as the DSB's file writes them (Latin-1, every field quoted).
    const CLASSIC: &[u8] = b"\"ZPS\",\"Mgl-Nr\",\"Status\",\"Spielername\",\"Geschlecht\",\"Spielberechtigung\",\"Geburtsjahr\",\"Letzte-Auswertung\",\"DWZ\",\"Index\",\"FIDE-Elo\",\"FIDE-Titel\",\"FIDE-ID\",\"FIDE-Land\"\r\n\
\"10101\",\"201\",\"\",\"M\xfcller,Hans\",\"M\",\"D\",\"1980\",\"202544\",\"1850\",\"57\",\"1910\",\"\",\"4600001\",\"GER\"\r\n\
\"10101\",\"202\",\"P\",\"Neumann,Lea\",\"W\",\"D\",\"2010\",\"\",\"\",\"\",\"\",\"\",\"\",\"\"\r\n\
\"10102\",\"7\",\"\",\"Kurz,Zeile\",\"M\"\r\n\
\"10102\",\"8\",\"\",\"Falsch,Wert\",\"M\",\"D\",\"19x0\",\"\",\"1500\",\"\",\"\",\"\",\"\",\"\"\r\n";

    #[test]
    fn the_dsb_file_reads_with_its_latin1_names_and_odd_rows_skipped() {
        let list = read_bytes(CLASSIC, "spieler.csv").expect("reads");
        assert_eq!(list.list, ListId::National("GER".into()));
        assert_eq!(list.entries.len(), 2);
        let hans = &list.entries[0];
        assert_eq!(
            (
                hans.name.as_str(),
                hans.id.as_str(),
                hans.fide_id,
                hans.birth_year,
                hans.rating,
                hans.passive
            ),
            (
                "Müller,Hans",
                "10101-201",
                Some(4600001),
                Some(1980),
                Some(1850),
                false
            )
        );
        let lea = &list.entries[1];
        assert_eq!((lea.rating, lea.fide_id, lea.passive), (None, None, true));
        assert_eq!(list.reading.skipped, 2);
        let said: Vec<String> = list
            .reading
            .first_skipped
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            said,
            [
                "line 4: expected 14 fields as the header names, found 5",
                "line 5: Geburtsjahr: expected a number, found \"19x0\""
            ]
        );
        assert!(
            list.reading.format.contains("Windows-1252"),
            "{}",
            list.reading.format
        );
    }

    #[test]
    fn later_exports_with_the_person_s_number_or_split_names_read_too() {
        let with_id = "ID,VKZ,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n\
10012345,G0353,12,A,\"Schmidt,Eva\",W,D,1995,,1720,20,,,,\n";
        let list = read_bytes(with_id.as_bytes(), "spieler.csv").expect("reads");
        assert_eq!(list.entries[0].id, "10012345");
        assert_eq!(list.entries[0].rating, Some(1720));
        let split = "id;ZPS;Mitgliedsnummer;Status;Nachname;Vorname;Geburtsjahr;DWZ;FIDE-ID\n\
NU99;G0353;12;A;Schmidt;Eva, Maria;1995;1720;0\n";
        let list = read_bytes(split.as_bytes(), "spieler.csv").expect("reads");
        let eva = &list.entries[0];
        assert_eq!(
            (eva.name.as_str(), eva.id.as_str(), eva.fide_id),
            ("Schmidt,Eva Maria", "G0353-12", None)
        );
    }

    #[test]
    fn another_file_is_a_clear_error() {
        let e = read_bytes(b"name,rating\nAnn,2000\n", "list.csv").expect_err("not DWZ");
        let message = e.to_string();
        assert!(
            message.starts_with("list.csv: not the German federation's players' list")
                && message.contains("\"name,rating\""),
            "{message}"
        );
        assert!(read_bytes(b"", "empty.csv").is_err());
    }
}
