//! The document model: what a printed page shows, independent of the output format. The
//! PDF and HTML renderers both read it, so the two exports cannot drift apart.

/// Which way the paper is turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    Portrait,
    Landscape,
}

/// How a column's cells line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// One column of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub title: String,
    pub(crate) align: Align,
    /// A column of names: it takes the width left over, and gives it up first (with its
    /// text shortened) when the table is too wide for the paper.
    pub(crate) stretch: bool,
}

impl Column {
    /// A column of short values (numbers, codes, results).
    pub fn fixed(title: &str, align: Align) -> Column {
        Column {
            title: title.to_string(),
            align,
            stretch: false,
        }
    }

    /// A column of names, left-aligned (see `Column::stretch`).
    pub fn names(title: &str) -> Column {
        Column {
            title: title.to_string(),
            align: Align::Left,
            stretch: true,
        }
    }
}

/// A table whose header row is repeated on every page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub columns: Vec<Column>,
    /// One cell per column in every row.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Removes the columns with these titles whose cells are all empty (a title or
    /// federation column in an event that records none).
    pub(crate) fn drop_empty_columns(&mut self, titles: &[&str]) {
        let mut index = 0;
        while index < self.columns.len() {
            let empty = titles.contains(&self.columns[index].title.as_str())
                && self
                    .rows
                    .iter()
                    .all(|row| row.get(index).is_none_or(String::is_empty));
            if empty {
                self.columns.remove(index);
                for row in &mut self.rows {
                    if index < row.len() {
                        row.remove(index);
                    }
                }
            } else {
                index += 1;
            }
        }
    }
}

/// A result slip: one board, filled in and signed by the players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    /// `Round 5 · Board 12`.
    pub heading: String,
    pub white: String,
    pub(crate) black: String,
    /// The results to tick (`1-0`, `½-½`, `0-1`).
    pub(crate) choices: Vec<String>,
    /// The address of the board's page on the venue network, printed as a QR code
    /// ([`Document::with_board_codes`]).
    pub(crate) code: Option<String>,
}

/// What the pages hold below the title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    Table(Table),
    /// Slips, several to a page, to cut apart.
    Slips(Vec<Slip>),
}

/// The mark on every page of a draft.
pub const DRAFT: &str = "DRAFT, not published";

/// A printable document: a title block, a body, and notes after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    /// The event's name, at the top of every page.
    pub event: String,
    /// What the document is: `Round 5 pairings`.
    pub title: String,
    /// The round's pairing is a draft, not published: every page says so, so that a
    /// draft posted by mistake cannot pass for the pairing.
    pub draft: bool,
    /// Lines under the title on the first page (place and dates, arbiter, rules).
    pub details: Vec<String>,
    /// `None`: portrait unless the table is too wide for it.
    pub orientation: Option<Orientation>,
    pub body: Body,
    /// Lines after the body (byes, dropped tie-breaks, legends).
    pub notes: Vec<String>,
}

impl Document {
    /// The title, marked when it is a draft.
    /// Slips with each board's QR code: `code(board)` (from 1, in the slips' board
    /// order) is the address it holds. Other documents are left as they are.
    pub fn with_board_codes(mut self, code: impl Fn(usize) -> String) -> Document {
        if let Body::Slips(slips) = &mut self.body {
            for (i, slip) in slips.iter_mut().enumerate() {
                slip.code = Some(code(i + 1));
            }
        }
        self
    }

    pub(crate) fn full_title(&self) -> String {
        if self.draft {
            format!("{} – {DRAFT}", self.title)
        } else {
            self.title.clone()
        }
    }

    /// The event and the title on one line: the page heading and the file's title.
    pub(crate) fn heading(&self) -> String {
        if self.event.is_empty() {
            self.full_title()
        } else {
            format!("{} – {}", self.event, self.full_title())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_named_empty_columns_go() {
        let mut table = Table {
            columns: vec![
                Column::fixed("Title", Align::Left),
                Column::names("Name"),
                Column::fixed("Fed", Align::Left),
                Column::fixed("Rtg", Align::Right),
            ],
            rows: vec![
                vec!["".into(), "A".into(), "EST".into(), "".into()],
                vec!["".into(), "B".into(), "".into(), "".into()],
            ],
        };
        table.drop_empty_columns(&["Title", "Fed", "Rtg"]);
        let titles: Vec<&str> = table.columns.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["Name", "Fed"]);
        assert_eq!(table.rows[0], ["A", "EST"]);
    }
}
