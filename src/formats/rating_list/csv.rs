//! Delimited text as federations and arbiters export their lists: a header row naming the
//! columns, then one row per player. The separator is the one of `,`, `;` and tab found
//! most often in the header (outside quotes); a field may be quoted with `"` (a `""` in it
//! is a quote, and it may hold the separator or a line end). The bytes are UTF-8 (with a
//! byte order mark or not) or, when they are not, Windows-1252/Latin-1, as the German
//! federation's files are.

use crate::formats::trf::{Encoding, decode};

/// The most bytes a list of this kind is read from: a whole federation's list is a few
/// megabytes (the German one, about 90,000 members, under 10 MB).
pub(crate) const MAX_BYTES: u64 = 64 << 20;

/// One row: the line it starts on and its fields, trimmed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    pub(crate) line: u64,
    pub(crate) fields: Vec<String>,
}

/// A table read: how its bytes were decoded, its header, its rows (blank ones left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Table {
    pub(crate) encoding: Encoding,
    pub(crate) header: Vec<String>,
    pub(crate) rows: Vec<Row>,
}

impl Table {
    /// The position of the first column whose name, folded (lower case, letters and
    /// digits only: `Mgl-Nr` is `mglnr`), is one of `names`.
    pub(crate) fn column(&self, names: &[&str]) -> Option<usize> {
        self.header
            .iter()
            .position(|h| names.contains(&folded_name(h).as_str()))
    }
}

impl Table {
    /// Each row read by `entry` (its line and fields), or skipped with why: a row with
    /// more fields than the header names, or with fewer when `exact`.
    pub(crate) fn entries<E>(
        &self,
        exact: bool,
        entry: impl Fn(u64, &[String]) -> Result<E, String>,
    ) -> (Vec<E>, Vec<super::Skipped>) {
        let mut entries = Vec::new();
        let mut skipped = Vec::new();
        for row in &self.rows {
            let (found, named) = (row.fields.len(), self.header.len());
            let read = if found > named || exact && found != named {
                Err(format!(
                    "expected {named} fields as the header names, found {found}"
                ))
            } else {
                entry(row.line, &row.fields)
            };
            match read {
                Ok(e) => entries.push(e),
                Err(message) => skipped.push(super::Skipped {
                    line: row.line,
                    column: None,
                    message,
                }),
            }
        }
        (entries, skipped)
    }
}

/// A column's name as [`Table::column`] compares it.
pub(crate) fn folded_name(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The separator of a header line: the one of `,`, `;` and tab found most often outside
/// quotes (a comma when none is).
fn separator(text: &str) -> char {
    let header = text.lines().next().unwrap_or_default();
    let mut quoted = false;
    let mut counts = [0usize; 3];
    for c in header.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => counts[0] += 1,
            ';' if !quoted => counts[1] += 1,
            '\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let most = (0..3).max_by_key(|&i| (counts[i], 3 - i)).unwrap_or(0);
    [',', ';', '\t'][most]
}

/// Splits decoded text into rows of fields (see the module's documentation).
fn rows(text: &str, separator: char) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut line = 1u64;
    let mut start = 1u64;
    let mut chars = text.chars().peekable();
    let mut end_row = |fields: &mut Vec<String>, field: &mut String, start: u64| {
        fields.push(std::mem::take(field).trim().to_string());
        let row = std::mem::take(fields);
        if row.iter().any(|f| !f.is_empty()) {
            rows.push(Row {
                line: start,
                fields: row,
            });
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                line += 1;
                if quoted {
                    field.push('\n');
                } else {
                    end_row(&mut fields, &mut field, start);
                    start = line;
                }
            }
            c if c == separator && !quoted => {
                fields.push(std::mem::take(&mut field).trim().to_string());
            }
            c => field.push(c),
        }
    }
    end_row(&mut fields, &mut field, start);
    rows
}

/// Reads a table from its bytes; `None` when there is not even a header row.
pub(crate) fn read(bytes: &[u8]) -> Option<Table> {
    let text = decode(bytes);
    let separator = separator(&text);
    let mut rows = rows(&text, separator).into_iter();
    let header = rows.next()?.fields;
    Some(Table {
        encoding: Encoding::of(bytes),
        header,
        rows: rows.collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_separators_and_line_ends_inside_them() {
        let table = read(b"\"a\",\"b\"\r\n\"x,1\",\"say \"\"hi\"\"\"\r\n\r\n\"two\nlines\",2\n")
            .expect("a table");
        assert_eq!(table.header, ["a", "b"]);
        assert_eq!(table.rows.len(), 2);
        assert_eq!(table.rows[0].fields, ["x,1", "say \"hi\""]);
        assert_eq!(table.rows[0].line, 2);
        assert_eq!(table.rows[1].fields, ["two\nlines", "2"]);
        assert_eq!(table.rows[1].line, 4);
    }

    #[test]
    fn the_separator_is_the_header_s_and_latin1_is_decoded() {
        let table = read(b"Name;Rating;Note\nM\xfcller, Hans;1850;a,b\n").expect("a table");
        assert_eq!(table.encoding, Encoding::Windows1252);
        assert_eq!(table.rows[0].fields, ["Müller, Hans", "1850", "a,b"]);
        assert_eq!(table.column(&["rating"]), Some(1));
        let tabs = read("\u{feff}id\tname\n7\tAnn\n".as_bytes()).expect("a table");
        assert_eq!(tabs.encoding, Encoding::Utf8Bom);
        assert_eq!(tabs.header, ["id", "name"]);
        assert_eq!(folded_name("Mgl-Nr"), "mglnr");
        assert!(read(b"").is_none());
    }
}
