//! FIDE's fixed-column TXT lists. The columns are taken from the header line: a field
//! spans from its label's first character to the next label's first (the last one to the
//! end of the line), so that each layout FIDE has published reads without a table of
//! offsets. Source: FIDE's download page (ratings.fide.com, "Download"), TXT files:
//!
//! - the combined list with FOA titles, `players_list_foa.txt`, 162 characters a line:
//!   `ID Number      Name … Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk
//!   BRtng BGm BK B-day Flag`;
//! - a single list, `standard_…`, `rapid_…`, `blitz_…`, 136 characters a line: `… OTit
//!   FOA OCT26 Gms K  B-day Flag`, the rating column headed by the list's month code;
//! - the legacy combined list `players_list.txt`, without the FOA column.
//!
//! A few real lines are one character or more longer than the header: their other titles
//! (`SI,FI,LSI,SLI,NAAFM`) overflow the 15 characters of `OTit` and push everything after
//! it to the right. Such a line's `OTit` field is widened by the surplus and the fields
//! after it moved by as much (FIDE truncates names, so `OTit` is the only field that
//! overflows).

use std::io::BufRead;

use super::record::{Field, Record, decode, list_index};
use super::{ListError, Sink, Skipped, read_line};
use crate::tournament::RatingList;

/// The first label of the header (two words).
pub(crate) const ID_LABEL: &str = "ID Number";

/// A column of the layout: `[start, end)` in characters; `end` is `None` for the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Column {
    field: Field,
    start: usize,
    end: Option<usize>,
}

/// The columns of a file, from its header.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layout {
    columns: Vec<Column>,
    /// The header's length: a line longer than this overflowed `OTit`.
    width: usize,
    /// The column of `OTit`, if the layout has one.
    other_titles: Option<usize>,
    description: String,
    month: Option<String>,
}

/// A month code such as `OCT26`: the rating column's label in a single list.
fn is_month_code(label: &str) -> bool {
    let b = label.as_bytes();
    b.len() == 5
        && b[..3].iter().all(u8::is_ascii_alphabetic)
        && b[3..].iter().all(u8::is_ascii_digit)
}

/// The field a combined-list label names.
fn combined_field(label: &str) -> Option<Field> {
    use RatingList::{Blitz, Rapid, Standard};
    Some(match label {
        ID_LABEL => Field::FideId,
        "Name" => Field::Name,
        "Fed" => Field::Federation,
        "Sex" => Field::Sex,
        "Tit" => Field::Title,
        "WTit" => Field::WomanTitle,
        "OTit" => Field::OtherTitles,
        "FOA" => Field::FoaTitle,
        "SRtng" => Field::Rating(Standard),
        "SGm" => Field::Games(Standard),
        "SK" => Field::K(Standard),
        "RRtng" => Field::Rating(Rapid),
        "RGm" => Field::Games(Rapid),
        "Rk" => Field::K(Rapid),
        "BRtng" => Field::Rating(Blitz),
        "BGm" => Field::Games(Blitz),
        "BK" => Field::K(Blitz),
        "B-day" => Field::BirthYear,
        "Flag" => Field::Flag,
        _ => return None,
    })
}

/// Reads the header line: the labels and where they start. The list a single-list file
/// holds is asked of the sink only when the header is a single list's.
fn layout(header: &str, sink: &Sink<'_, '_>) -> Result<Layout, ListError> {
    let header = header.trim_start_matches('\u{feff}');
    let mut labels: Vec<(usize, &str)> = Vec::new();
    let mut rest = header;
    let mut offset = 0;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        let after = &rest[start..];
        let len = after.find(char::is_whitespace).unwrap_or(after.len());
        labels.push((offset + start, &after[..len]));
        offset += start + len;
        rest = &after[len..];
    }
    // `ID Number` is one label of two words.
    if labels.len() >= 2 && labels[0].1 == "ID" && labels[1].1 == "Number" {
        labels[0].1 = ID_LABEL;
        labels.remove(1);
    } else {
        return Err(sink.invalid(format!(
            "line 1: the header does not start with `{ID_LABEL}`: not a FIDE TXT rating list"
        )));
    }
    let month = labels
        .iter()
        .map(|(_, l)| *l)
        .find(|l| is_month_code(l))
        .map(str::to_string);
    let single = month.is_some();
    let mut columns = Vec::with_capacity(labels.len());
    for (i, &(start, label)) in labels.iter().enumerate() {
        let field = match (label, single) {
            (l, true) if is_month_code(l) => Field::Rating(sink.single_list()?),
            ("Gms", true) => Field::Games(sink.single_list()?),
            ("K", true) => Field::K(sink.single_list()?),
            (l, _) => combined_field(l).ok_or_else(|| {
                sink.invalid(format!(
                    "line 1, column {}: unknown column `{label}` in the header: not a FIDE TXT rating list",
                    start + 1
                ))
            })?,
        };
        if columns.iter().any(|c: &Column| c.field == field) {
            return Err(sink.invalid(format!(
                "line 1, column {}: column `{label}` appears twice in the header",
                start + 1
            )));
        }
        columns.push(Column {
            field,
            start,
            end: labels.get(i + 1).map(|&(next, _)| next),
        });
    }
    for needed in [Field::FideId, Field::Name] {
        if !columns.iter().any(|c| c.field == needed) {
            return Err(sink.invalid(format!("line 1: the header has no {needed:?} column")));
        }
    }
    let has = |f: Field| columns.iter().any(|c| c.field == f);
    let description = match (single, has(Field::FoaTitle)) {
        (true, _) => format!(
            "TXT, single {} list",
            sink.list.map_or("rating", RatingList::name)
        ),
        (false, true) => "TXT, combined list with FOA titles".to_string(),
        (false, false) => "TXT, combined list (without FOA titles)".to_string(),
    };
    Ok(Layout {
        other_titles: columns.iter().position(|c| c.field == Field::OtherTitles),
        width: header.chars().count(),
        columns,
        description,
        month,
    })
}

/// The text between two character positions of a line (clamped to it); `starts` holds
/// the byte offset of each character of a non-ASCII line, and is empty for an ASCII one.
fn slice<'a>(line: &'a str, starts: &[usize], start: usize, end: Option<usize>) -> &'a str {
    let byte = |chars: usize| {
        if starts.is_empty() {
            chars.min(line.len())
        } else {
            starts.get(chars).copied().unwrap_or(line.len())
        }
    };
    let from = byte(start);
    let to = end.map_or(line.len(), byte).max(from);
    &line[from..to]
}

/// Reads one player line. `Err` is the field that could not be read.
fn player(
    layout: &Layout,
    line: &str,
    number: u64,
    starts: &mut Vec<usize>,
) -> Result<Record, Skipped> {
    starts.clear();
    let length = if line.is_ascii() {
        line.len()
    } else {
        starts.extend(line.char_indices().map(|(i, _)| i));
        starts.len()
    };
    let surplus = length.saturating_sub(layout.width);
    let mut record = Record::default();
    for (i, column) in layout.columns.iter().enumerate() {
        let shift = |at: usize| match layout.other_titles {
            Some(o) if i > o || (i == o && at > column.start) => at + surplus,
            _ => at,
        };
        let (start, end) = (shift(column.start), column.end.map(shift));
        let text = slice(line, starts, start, end);
        column
            .field
            .set(&mut record, text)
            .map_err(|message| Skipped {
                line: number,
                column: Some(start + 1),
                message: format!("{}: {message}", label_of(column.field)),
            })?;
    }
    if record.fide_id == 0 {
        return Err(Skipped {
            line: number,
            column: Some(1),
            message: "no FIDE ID".to_string(),
        });
    }
    Ok(record)
}

/// A field's name in messages.
fn label_of(field: Field) -> String {
    match field {
        Field::FideId => ID_LABEL.to_string(),
        Field::Rating(list) => format!("{} rating", list.name()),
        Field::Games(list) => format!("{} games", list.name()),
        Field::K(list) => format!("{} K", list.name()),
        other => format!("{other:?}"),
    }
}

/// Reads a TXT list (its header first), record by record.
pub(crate) fn read(mut reader: Box<dyn BufRead>, sink: &mut Sink<'_, '_>) -> Result<(), ListError> {
    let mut bytes = Vec::new();
    let header = match read_line(reader.as_mut(), &mut bytes).map_err(|e| sink.io(e))? {
        Some(true) => decode(&bytes).into_owned(),
        Some(false) => {
            return Err(sink.invalid(format!(
                "line 1: the header is longer than {} bytes: not a FIDE TXT rating list",
                super::MAX_LINE
            )));
        }
        None => return Err(sink.invalid("empty file")),
    };
    let layout = layout(&header, sink)?;
    sink.reading.format = layout.description.clone();
    sink.reading.month = layout.month.clone();
    for column in &layout.columns {
        if let Field::Rating(list) = column.field {
            sink.reading.lists[list_index(list)] = true;
        }
    }
    let mut number = 1;
    let mut starts = Vec::new();
    while let Some(fits) = read_line(reader.as_mut(), &mut bytes).map_err(|e| sink.io(e))? {
        number += 1;
        if !fits {
            sink.skip(Skipped {
                line: number,
                column: None,
                message: format!("longer than {} bytes: not a player line", super::MAX_LINE),
            })?;
            continue;
        }
        let line = decode(&bytes);
        if line.trim().is_empty() {
            continue;
        }
        match player(&layout, &line, number, &mut starts) {
            Ok(record) => sink.record(record)?,
            Err(skipped) => sink.skip(skipped)?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_come_from_the_header() {
        let header = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
        let mut on_record = |_: Record| {};
        let sink = super::super::tests::sink(&mut on_record, None);
        let layout = layout(header, &sink).expect("header");
        let starts: Vec<(usize, Option<usize>)> =
            layout.columns.iter().map(|c| (c.start, c.end)).collect();
        assert_eq!(layout.width, 162);
        assert_eq!(
            &starts[..3],
            &[(0, Some(15)), (15, Some(76)), (76, Some(80))]
        );
        assert_eq!(starts[6], (94, Some(109)));
        assert_eq!(starts.last(), Some(&(158, None)));
    }
}
