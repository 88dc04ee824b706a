//! The plan of a PDF: which way the paper is turned, the type size, the column widths and
//! which rows go on which page, decided before anything is drawn.

use std::ops::Range;

use super::document::{Body, Document, Orientation, Table};
use super::fonts::Fonts;
use super::layout::{self, Frame, Paper};

/// Type sizes and spacing, in points.
pub(crate) mod metrics {
    /// The event's name on the first page.
    pub(crate) const EVENT_SIZE: f32 = 14.0;
    /// The document's title on the first page.
    pub(crate) const TITLE_SIZE: f32 = 12.0;
    /// Detail lines, notes, the running head and the footer.
    pub(crate) const SMALL_SIZE: f32 = 8.5;
    /// Table text at its largest; wide tables go down to [`MIN_TABLE_SIZE`].
    pub(crate) const TABLE_SIZE: f32 = 9.0;
    pub(crate) const MIN_TABLE_SIZE: f32 = 6.0;
    /// A line's height as a multiple of its type size.
    pub(crate) const LEADING: f32 = 1.5;
    /// Space left and right of a cell's text.
    pub(crate) const CELL_PAD: f32 = 3.0;
    /// Space under the title block or the running head.
    pub(crate) const GAP: f32 = 8.0;
    /// The strip at the bottom of the frame holding the page number.
    pub(crate) const FOOTER: f32 = 14.0;
    /// Slips: how many across, and each one's height.
    pub(crate) const SLIPS_ACROSS: usize = 2;
    pub(crate) const SLIP_HEIGHT: f32 = 120.0;
}

use metrics::*;

/// How a document will be laid out.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub orientation: Orientation,
    pub(crate) frame: Frame,
    /// The table's type size (and so its row height).
    pub(crate) size: f32,
    /// Column widths (empty for slips).
    pub(crate) widths: Vec<f32>,
    /// The notes, broken into lines that fit the frame.
    pub note_lines: Vec<String>,
    /// The items of each page: table rows, then a blank line and the note lines, or slips.
    pub pages: Vec<Range<usize>>,
    /// How many items the first page and the others hold.
    pub first_page_items: usize,
    pub items_per_page: usize,
}

impl Plan {
    /// The height of one table row or note line.
    pub(crate) fn row_height(&self) -> f32 {
        self.size * LEADING
    }
}

/// The height of the title block on the first page.
pub(crate) fn title_block_height(doc: &Document) -> f32 {
    EVENT_SIZE * LEADING
        + TITLE_SIZE * LEADING
        + doc.details.len() as f32 * SMALL_SIZE * LEADING
        + GAP
}

/// The height of the running head on the other pages (and on every page of slips).
pub(crate) fn running_head_height() -> f32 {
    SMALL_SIZE * LEADING + GAP
}

/// The natural width of each column at `size`: its widest cell or title, with padding.
pub(crate) fn natural_widths(table: &Table, fonts: &Fonts, size: f32) -> Vec<f32> {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, column)| {
            let title = fonts.bold.width(&column.title, size);
            let cells = table
                .rows
                .iter()
                .filter_map(|row| row.get(i))
                .map(|text| fonts.regular.width(text, size))
                .fold(0.0, f32::max);
            title.max(cells) + 2.0 * CELL_PAD
        })
        .collect()
}

/// Turns, sizes and paginates a document for `paper`.
pub(crate) fn plan(doc: &Document, paper: Paper, fonts: &Fonts) -> Plan {
    match &doc.body {
        Body::Table(table) => plan_table(doc, table, paper, fonts),
        Body::Slips(slips) => {
            let orientation = doc.orientation.unwrap_or(Orientation::Portrait);
            let frame = Frame::new(paper, orientation);
            let usable = frame.height() - FOOTER - running_head_height();
            let per_page = layout::items_per_page(usable, SLIP_HEIGHT) * SLIPS_ACROSS;
            Plan {
                orientation,
                frame,
                size: TABLE_SIZE,
                widths: Vec::new(),
                note_lines: Vec::new(),
                pages: layout::paginate(slips.len(), per_page, per_page),
                first_page_items: per_page,
                items_per_page: per_page,
            }
        }
    }
}

fn plan_table(doc: &Document, table: &Table, paper: Paper, fonts: &Fonts) -> Plan {
    let stretch: Vec<bool> = table.columns.iter().map(|c| c.stretch).collect();
    let orientations: &[Orientation] = match doc.orientation {
        Some(Orientation::Portrait) => &[Orientation::Portrait],
        Some(Orientation::Landscape) => &[Orientation::Landscape],
        None => &[Orientation::Portrait, Orientation::Landscape],
    };
    // The largest type that fits, portrait first; at the smallest size, the last
    // orientation tried, with shortened text.
    let mut choice = None;
    let mut size = TABLE_SIZE;
    while choice.is_none() && size >= MIN_TABLE_SIZE {
        let natural = natural_widths(table, fonts, size);
        choice = orientations
            .iter()
            .map(|&o| (o, Frame::new(paper, o)))
            .find(|(_, frame)| layout::fits(&natural, &stretch, frame.width()))
            .map(|(o, frame)| (o, frame, natural));
        if choice.is_none() {
            size -= 0.5;
        }
    }
    let (orientation, frame, natural) = choice.unwrap_or_else(|| {
        size = MIN_TABLE_SIZE;
        let o = *orientations.last().unwrap_or(&Orientation::Landscape);
        (o, Frame::new(paper, o), natural_widths(table, fonts, size))
    });
    let widths = layout::column_widths(&natural, &stretch, frame.width());

    let note_lines = wrap_notes(&doc.notes, fonts, frame.width());
    let items = table.rows.len()
        + if note_lines.is_empty() {
            0
        } else {
            1 + note_lines.len()
        };
    let row = size * LEADING;
    let body = frame.height() - FOOTER - row; // less the header row
    let first_page_items = layout::items_per_page(body - title_block_height(doc), row);
    let items_per_page = layout::items_per_page(body - running_head_height(), row);
    Plan {
        orientation,
        frame,
        size,
        widths,
        note_lines,
        pages: layout::paginate(items, first_page_items, items_per_page),
        first_page_items,
        items_per_page,
    }
}

/// Notes broken into lines of at most `width` points at the small size, word by word.
fn wrap_notes(notes: &[String], fonts: &Fonts, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for note in notes {
        let mut line = String::new();
        for word in note.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && fonts.regular.width(&candidate, SMALL_SIZE) > width {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            } else {
                line = candidate;
            }
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::document::{Align, Column};

    fn document(columns: usize, rows: usize) -> Document {
        let mut cols = vec![Column::names("Name")];
        cols.extend((1..columns).map(|i| Column::fixed(&format!("R{i}"), Align::Centre)));
        let table = Table {
            rows: (0..rows)
                .map(|r| {
                    let mut row = vec![format!("Player number {r}")];
                    row.extend((1..columns).map(|_| "123w1".to_string()));
                    row
                })
                .collect(),
            columns: cols,
        };
        Document {
            event: "Open".into(),
            title: "Crosstable".into(),
            draft: false,
            details: vec!["City".into()],
            orientation: None,
            body: Body::Table(table),
            notes: vec![],
        }
    }

    #[test]
    fn narrow_tables_stay_portrait_at_full_size() {
        let fonts = Fonts::load().expect("fonts");
        let plan = plan(&document(5, 10), Paper::A4, &fonts);
        assert_eq!(plan.orientation, Orientation::Portrait);
        assert_eq!(plan.size, TABLE_SIZE);
        let doc = document(5, 10);
        let Body::Table(table) = &doc.body else {
            panic!("a table")
        };
        let natural = natural_widths(table, &fonts, TABLE_SIZE);
        assert_eq!(plan.widths[0], 2.0 * natural[0]);
        assert_eq!(plan.widths[1..], natural[1..]);
    }

    #[test]
    fn wide_tables_turn_landscape_then_shrink() {
        let fonts = Fonts::load().expect("fonts");
        let wide = plan(&document(25, 10), Paper::A4, &fonts);
        assert_eq!(wide.orientation, Orientation::Landscape);
        let wider = plan(&document(40, 10), Paper::A4, &fonts);
        assert_eq!(wider.orientation, Orientation::Landscape);
        assert!(wider.size < TABLE_SIZE, "{}", wider.size);
    }

    #[test]
    fn the_first_page_holds_fewer_rows_and_the_rest_follow() {
        let fonts = Fonts::load().expect("fonts");
        let plan = plan(&document(3, 301), Paper::A4, &fonts);
        assert!(plan.first_page_items < plan.items_per_page);
        let expected = 1 + (301 - plan.first_page_items).div_ceil(plan.items_per_page);
        assert_eq!(plan.pages.len(), expected);
        // A4 portrait at 9 pt, 13.5 pt rows: about 50 rows a page.
        assert!(
            (45..=55).contains(&plan.items_per_page),
            "{}",
            plan.items_per_page
        );
    }

    #[test]
    fn notes_wrap_at_the_frame_width() {
        let fonts = Fonts::load().expect("fonts");
        let long = "word ".repeat(200);
        let lines = wrap_notes(&[long, "short".into()], &fonts, 300.0);
        assert!(lines.len() > 3);
        assert_eq!(lines.last().map(String::as_str), Some("short"));
        assert!(
            lines
                .iter()
                .all(|l| fonts.regular.width(l, SMALL_SIZE) <= 300.0)
        );
    }
}
