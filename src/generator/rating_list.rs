//! Synthetic FIDE rating lists, in FIDE's exact formats (see
//! [`crate::formats::rating_list`]): for the tests (every format must read to the same
//! records) and as the input of `rating-list` benchmarks (1.5 million players). The same
//! count and seed always give the same players: accented names, empty fields, unrated
//! players, titles, and other titles long enough to push a TXT line to 163 characters.

use std::io::{self, Write};

use flate2::Crc;
use flate2::write::DeflateEncoder;

use super::random::Random;
use crate::formats::rating_list::record::{ListRating, Record};
use crate::tournament::{RatingList, Sex};

/// A file layout FIDE publishes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `players_list_foa.txt`: the three lists and the FOA title, 162 characters a line.
    FoaTxt,
    /// `players_list.txt` of earlier years: the three lists, no FOA column.
    LegacyTxt,
    /// `standard_…txt`, `rapid_…`, `blitz_…`: one list, 136 characters a line.
    SingleTxt(RatingList),
    /// `players_list_xml_foa.xml`.
    Xml,
    /// `standard_…_xml.xml`, …: one list.
    SingleXml(RatingList),
}

impl Layout {
    /// The name FIDE gives the file (the member of its ZIP).
    pub fn file_name(self) -> String {
        match self {
            Layout::FoaTxt => "players_list_foa.txt".to_string(),
            Layout::LegacyTxt => "players_list.txt".to_string(),
            Layout::SingleTxt(list) => format!("{}_oct26frl.txt", list.name()),
            Layout::Xml => "players_list_xml_foa.xml".to_string(),
            Layout::SingleXml(list) => format!("{}_oct26frl_xml.xml", list.name()),
        }
    }

    /// What of `record` the layout holds: a single list has one list's numbers, the legacy
    /// list no FOA title.
    pub fn view(self, record: &Record) -> Record {
        let mut view = record.clone();
        match self {
            Layout::SingleTxt(list) | Layout::SingleXml(list) => {
                for other in RatingList::ALL.into_iter().filter(|l| *l != list) {
                    view.lists[crate::formats::rating_list::record::list_index(other)] =
                        ListRating::default();
                }
            }
            Layout::LegacyTxt => view.foa_title.clear(),
            Layout::FoaTxt | Layout::Xml => {}
        }
        view
    }
}

const LAST: [&str; 24] = [
    "Carlsen",
    "Østergård",
    "Müller",
    "Strauß",
    "Þórhallsson",
    "Đukić",
    "Łukasiewicz",
    "O'Brien",
    "van der Berg",
    "García Pérez",
    "Çelik",
    "Šimić",
    "Nguyen",
    "Ivanov",
    "Kowalski",
    "Smith",
    "Jørgensen",
    "Dvořák",
    "Ærø",
    "Yılmaz",
    "Ștefănescu",
    "Œhlen",
    "Nakamura",
    "Hansen-Møller",
];
const FIRST: [&str; 16] = [
    "Magnus",
    "Jens",
    "Hans-Jürgen",
    "Éva",
    "Þröstur",
    "Łukasz",
    "Seán",
    "Jan",
    "María José",
    "Ömer",
    "Zoë",
    "Ivan",
    "Anna",
    "Chloé",
    "Ğani",
    "",
];
const SYLLABLES: [&str; 20] = [
    "ka", "lo", "mi", "ra", "sen", "dor", "vi", "ta", "nu", "bel", "zo", "ha", "rik", "po", "lin",
    "gu", "ster", "fa", "mon", "we",
];
const FEDERATIONS: [&str; 8] = ["NOR", "GER", "ISL", "POL", "IRL", "NED", "ESP", "FID"];
const TITLES: [&str; 5] = ["GM", "IM", "FM", "CM", ""];
const WOMAN_TITLES: [&str; 4] = ["WGM", "WIM", "WFM", "WCM"];
const OTHER_TITLES: [&str; 4] = ["IA", "FA,NI", "FST", "IA,FI,DI"];
const FOA_TITLES: [&str; 4] = ["AGM", "AIM", "AFM", "ACM"];
/// Other titles that overflow `OTit` by one character (a real line of FIDE's list).
const LONG_OTHER_TITLES: &str = "SI,FI,LSI,SLI,NA";

/// The `count` players of seed `seed`; FIDE IDs unique, not in file order.
pub fn records(count: u32, seed: u64) -> impl Iterator<Item = Record> {
    let mut random = Random::new(seed);
    (0..count).map(move |i| {
        let r = &mut random;
        let pick = |r: &mut Random, n: usize| r.range(0, n as u32 - 1) as usize;
        let last = if r.chance(0.3) {
            LAST[pick(r, LAST.len())].to_string()
        } else {
            let mut name = String::new();
            for _ in 0..r.range(2, 4) {
                name.push_str(SYLLABLES[pick(r, SYLLABLES.len())]);
            }
            let mut chars = name.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        };
        let first = FIRST[pick(r, FIRST.len())];
        let name = if first.is_empty() {
            last
        } else {
            format!("{last}, {first}")
        };
        let sex = if r.chance(0.8) {
            Sex::Male
        } else {
            Sex::Female
        };
        let mut lists = [ListRating::default(); 3];
        for list in &mut lists {
            if r.chance(0.7) {
                list.rating = Some(r.range(1000, 2850) as u16);
                list.games = r.range(0, 40) as u16;
                list.k = Some([10u8, 20, 40][pick(r, 3)]);
            }
        }
        let title = if r.chance(0.1) {
            TITLES[pick(r, TITLES.len())].to_string()
        } else {
            String::new()
        };
        let woman_title = if sex == Sex::Female && r.chance(0.2) {
            WOMAN_TITLES[pick(r, WOMAN_TITLES.len())].to_string()
        } else {
            String::new()
        };
        let (other_titles, foa_title) = match r.range(0, 99) {
            0 => (LONG_OTHER_TITLES.to_string(), "AFM".to_string()),
            1..=4 => (
                OTHER_TITLES[pick(r, OTHER_TITLES.len())].to_string(),
                String::new(),
            ),
            5..=7 => (
                String::new(),
                FOA_TITLES[pick(r, FOA_TITLES.len())].to_string(),
            ),
            _ => (String::new(), String::new()),
        };
        let inactive = r.chance(0.3);
        let flag = match (sex, inactive) {
            (Sex::Female, true) => "wi",
            (Sex::Female, false) => "w",
            (Sex::Male, true) => "i",
            (Sex::Male, false) => "",
        };
        Record {
            fide_id: 100_000 + (u64::from(i) * 2_654_435_761) % 100_000_007,
            name,
            federation: if r.chance(0.01) {
                String::new()
            } else {
                FEDERATIONS[pick(r, FEDERATIONS.len())].to_string()
            },
            sex: (!r.chance(0.01)).then_some(sex),
            title,
            woman_title,
            other_titles,
            foa_title,
            lists,
            birth_year: (!r.chance(0.05)).then(|| r.range(1930, 2020) as u16),
            flag: flag.to_string(),
        }
    })
}

/// A number as FIDE's TXT writes it: `0` or nothing for none (both occur).
fn number(n: Option<u16>, blank: bool) -> String {
    match n {
        Some(n) => n.to_string(),
        None if blank => String::new(),
        None => "0".to_string(),
    }
}

/// The TXT columns of a layout: label and width (the last one's width pads the line).
fn txt_columns(layout: Layout) -> Vec<(String, usize)> {
    let mut columns: Vec<(String, usize)> = [
        ("ID Number", 15),
        ("Name", 61),
        ("Fed", 4),
        ("Sex", 4),
        ("Tit", 5),
        ("WTit", 5),
        ("OTit", 15),
    ]
    .into_iter()
    .map(|(l, w)| (l.to_string(), w))
    .collect();
    let lists: &[(&str, &str, &str)] = match layout {
        Layout::SingleTxt(_) => &[("OCT26", "Gms", "K")],
        _ => &[
            ("SRtng", "SGm", "SK"),
            ("RRtng", "RGm", "Rk"),
            ("BRtng", "BGm", "BK"),
        ],
    };
    if layout != Layout::LegacyTxt {
        columns.push(("FOA".to_string(), 4));
    }
    for (rating, games, k) in lists {
        columns.push((rating.to_string(), 6));
        columns.push((games.to_string(), 4));
        columns.push((k.to_string(), 3));
    }
    columns.push(("B-day".to_string(), 6));
    columns.push(("Flag".to_string(), 4));
    columns
}

/// The cells of a record in a TXT layout; `blank` writes none as nothing instead of 0.
fn txt_cells(layout: Layout, r: &Record, blank: bool) -> Vec<String> {
    let mut cells = vec![
        r.fide_id.to_string(),
        r.name.clone(),
        r.federation.clone(),
        match r.sex {
            Some(Sex::Male) => "M".to_string(),
            Some(Sex::Female) => "F".to_string(),
            None => String::new(),
        },
        r.title.clone(),
        r.woman_title.clone(),
        r.other_titles.clone(),
    ];
    if layout != Layout::LegacyTxt {
        cells.push(r.foa_title.clone());
    }
    let lists: Vec<RatingList> = match layout {
        Layout::SingleTxt(list) => vec![list],
        _ => RatingList::ALL.to_vec(),
    };
    for list in lists {
        let l = r.list(list);
        cells.push(number(l.rating, blank));
        cells.push(number(
            (l.rating.is_some() || !blank).then_some(l.games),
            blank,
        ));
        cells.push(number(l.k.map(u16::from), blank));
    }
    cells.push(number(r.birth_year, false));
    cells.push(r.flag.clone());
    cells
}

/// Left-aligned cells padded to their widths (a longer cell pushes the rest right, as
/// FIDE's long other titles do).
fn txt_line(out: &mut dyn Write, cells: &[String], columns: &[(String, usize)]) -> io::Result<()> {
    let mut line = String::with_capacity(170);
    for (cell, (_, width)) in cells.iter().zip(columns) {
        line.push_str(cell);
        line.extend(std::iter::repeat_n(
            ' ',
            width.saturating_sub(cell.chars().count()),
        ));
    }
    line.push_str("\r\n");
    out.write_all(line.as_bytes())
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// Writes `records` as a list file in `layout`.
pub fn write(
    out: &mut dyn Write,
    layout: Layout,
    records: impl Iterator<Item = Record>,
) -> io::Result<()> {
    match layout {
        Layout::Xml | Layout::SingleXml(_) => {
            out.write_all(b"<playerslist>\r\n")?;
            for (i, r) in records.enumerate() {
                let mut elements: Vec<(&str, String)> = vec![
                    ("fideid", r.fide_id.to_string()),
                    ("name", r.name.clone()),
                    ("country", r.federation.clone()),
                    (
                        "sex",
                        match r.sex {
                            Some(Sex::Male) => "M".to_string(),
                            Some(Sex::Female) => "F".to_string(),
                            None => String::new(),
                        },
                    ),
                    ("title", r.title.clone()),
                    ("w_title", r.woman_title.clone()),
                    ("o_title", r.other_titles.clone()),
                    ("foa_title", r.foa_title.clone()),
                ];
                let prefixes: &[(&str, RatingList)] = match layout {
                    Layout::SingleXml(list) => &[("", list)][..],
                    _ => &[
                        ("", RatingList::Standard),
                        ("rapid_", RatingList::Rapid),
                        ("blitz_", RatingList::Blitz),
                    ][..],
                };
                for &(prefix, list) in prefixes {
                    let l = r.list(list);
                    let names = match prefix {
                        "" => ["rating", "games", "k"],
                        "rapid_" => ["rapid_rating", "rapid_games", "rapid_k"],
                        _ => ["blitz_rating", "blitz_games", "blitz_k"],
                    };
                    elements.push((names[0], number(l.rating, false)));
                    elements.push((names[1], l.games.to_string()));
                    elements.push((names[2], number(l.k.map(u16::from), false)));
                }
                elements.push(("birthday", number(r.birth_year, false)));
                elements.push(("flag", r.flag.clone()));
                let mut text = String::from("<player>\r\n");
                for (name, value) in elements {
                    if value.is_empty() && i % 2 == 1 {
                        text.push_str(&format!("<{name}/>\r\n"));
                    } else {
                        text.push_str(&format!("<{name}>{}</{name}>\r\n", xml_escape(&value)));
                    }
                }
                text.push_str("</player>\r\n");
                out.write_all(text.as_bytes())?;
            }
            out.write_all(b"</playerslist>\r\n")
        }
        _ => {
            let columns = txt_columns(layout);
            let mut header = String::new();
            for (i, (label, width)) in columns.iter().enumerate() {
                header.push_str(label);
                if i + 1 < columns.len() {
                    header.extend(std::iter::repeat_n(' ', width.saturating_sub(label.len())));
                }
            }
            out.write_all(header.as_bytes())?;
            out.write_all(b"\r\n")?;
            for (i, r) in records.enumerate() {
                txt_line(out, &txt_cells(layout, &r, i % 3 == 0), &columns)?;
            }
            Ok(())
        }
    }
}

/// Counts the bytes written through it.
struct Counting<W: Write> {
    inner: W,
    count: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.count += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Sums and counts what is written through it.
struct Summing<W: Write> {
    inner: W,
    crc: Crc,
    size: u64,
}

impl<W: Write> Write for Summing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        self.size += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Writes a ZIP of one member named `name`, deflated, its content what `fill` writes
/// (streamed: sizes and CRC-32 follow the data in a data descriptor and are in the central
/// directory, as APPNOTE.TXT 4.3.9 allows).
pub fn write_zip(
    out: impl Write,
    name: &str,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let mut out = Counting {
        inner: out,
        count: 0,
    };
    let name = name.as_bytes();
    let too_big = || io::Error::other("more than 4 GB: the ZIP64 format is not written");
    let mut local = Vec::new();
    local.extend_from_slice(b"PK\x03\x04");
    local.extend_from_slice(&[20, 0, 8, 0, 8, 0, 0, 0, 0x21, 0]); // version, flags (descriptor), deflate, time, date
    local.extend_from_slice(&[0; 12]); // CRC and sizes: in the descriptor
    local.extend_from_slice(&(name.len() as u16).to_le_bytes());
    local.extend_from_slice(&[0, 0]);
    local.extend_from_slice(name);
    out.write_all(&local)?;
    let data_start = out.count;
    let mut summing = Summing {
        inner: DeflateEncoder::new(out, flate2::Compression::fast()),
        crc: Crc::new(),
        size: 0,
    };
    fill(&mut summing)?;
    let (crc, size) = (summing.crc.sum(), summing.size);
    let mut out = summing.inner.finish()?;
    let compressed = out.count - data_start;
    let (compressed, size) = (
        u32::try_from(compressed).map_err(|_| too_big())?,
        u32::try_from(size).map_err(|_| too_big())?,
    );
    let mut tail = Vec::new();
    tail.extend_from_slice(b"PK\x07\x08");
    for v in [crc, compressed, size] {
        tail.extend_from_slice(&v.to_le_bytes());
    }
    let directory_start = out.count + tail.len() as u64;
    tail.extend_from_slice(b"PK\x01\x02");
    tail.extend_from_slice(&[20, 0, 20, 0, 8, 0, 8, 0, 0, 0, 0x21, 0]);
    for v in [crc, compressed, size] {
        tail.extend_from_slice(&v.to_le_bytes());
    }
    tail.extend_from_slice(&(name.len() as u16).to_le_bytes());
    tail.extend_from_slice(&[0; 12]); // extra, comment, disk, attributes
    tail.extend_from_slice(&0u32.to_le_bytes()); // local header offset
    tail.extend_from_slice(name);
    let directory_len = out.count + tail.len() as u64 - directory_start;
    tail.extend_from_slice(b"PK\x05\x06");
    tail.extend_from_slice(&[0, 0, 0, 0, 1, 0, 1, 0]);
    tail.extend_from_slice(&(directory_len as u32).to_le_bytes());
    tail.extend_from_slice(
        &u32::try_from(directory_start)
            .map_err(|_| too_big())?
            .to_le_bytes(),
    );
    tail.extend_from_slice(&[0, 0]);
    out.write_all(&tail)?;
    out.flush()
}
