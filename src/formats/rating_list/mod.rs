//! FIDE's published rating lists (issue #26): the files an arbiter downloads from FIDE's
//! rating site (the program never goes online), read as a stream, turned into an index
//! saved beside the event, searched by FIDE ID or name, and used to register players and
//! to update the ratings of an event.
//!
//! - `record`: one player of the list ([`Record`]) and how a field's text is read.
//! - `txt`: the fixed-column TXT downloads (combined with FOA titles, single list,
//!   legacy combined), columns taken from the header line.
//! - `xml`: the XML downloads (`<playerslist>`), read by a small tag scanner.
//! - `zip`: the `.zip` FIDE serves them in (one member, stored or deflated).
//! - `index`: the compact in-memory index and its saved file; [`search`]: by ID and by
//!   name as typed; [`fold`]: accent- and case-insensitive name keys.
//! - [`update`]: an event's players brought up to date from the list.
//! - Lists other than FIDE's ([`national`]): the German federation's DWZ list ([`dwz`]) and
//!   custom lists ([`custom`]), CSV read by `csv`, applied as official ratings beside
//!   FIDE's.
//!
//! Memory stays bounded while reading: a line (or an XML element) is never longer than
//! `MAX_LINE` bytes in memory, and a whole file never is. A malformed player line is
//! skipped and counted ([`Reading::skipped`], with the first few line numbers), because
//! FIDE's files hold a few odd lines and the arbiter needs the rest; a file that is not a
//! list at all (wrong header, broken ZIP, wrong CRC) is an error.

pub(crate) mod csv;
pub mod custom;
pub mod dwz;
pub mod fold;
pub(crate) mod index;
pub mod national;
pub(crate) mod record;
pub mod search;
pub(crate) mod txt;
pub mod update;
pub(crate) mod xml;
pub(crate) mod zip;

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::tournament::RatingList;

pub use index::{Index, IndexError};
pub use record::{ListRating, Record};

/// The longest line (TXT) or element (XML) kept in memory; FIDE's lines are 136 to 163
/// characters. A longer one is skipped as malformed, its bytes discarded as they come.
pub(crate) const MAX_LINE: usize = 4096;

/// How many skipped lines [`Reading::first_skipped`] keeps.
const SKIPPED_KEPT: usize = 10;

/// Records between two calls of the progress callback and checks of the cancel flag.
const TICK: u64 = 8192;

/// Why a list could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ListError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: io::Error,
    },
    /// Not a list this program reads, or a damaged one; the message says what was expected.
    #[error("{path}: {message}")]
    Invalid { path: String, message: String },
    #[error("{path}: cancelled")]
    Cancelled { path: String },
}

/// A player line (or `<player>` element) skipped: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// 1-based line of the file (of the ZIP's member); 0 for what concerns no one line
    /// (repeated FIDE IDs, found once the whole file is read).
    pub(crate) line: u64,
    /// 1-based character column of the field, for a TXT field.
    pub(crate) column: Option<usize>,
    pub(crate) message: String,
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (0, _) => f.write_str(&self.message),
            (line, Some(column)) => write!(f, "line {line}, column {column}: {}", self.message),
            (line, None) => write!(f, "line {line}: {}", self.message),
        }
    }
}

/// What reading a list found, for the arbiter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The layout read, e.g. `TXT, combined list with FOA titles`.
    pub(crate) format: String,
    /// The list's month code when the file names it (a single list's rating column is
    /// headed `OCT26`).
    pub month: Option<String>,
    pub records: u64,
    /// The lists the file holds (standard, rapid, blitz): all three in a combined list.
    pub lists: [bool; 3],
    /// Malformed player lines skipped.
    pub skipped: u64,
    /// The first `SKIPPED_KEPT` of them.
    pub first_skipped: Vec<Skipped>,
}

/// How to read a list.
#[derive(Default)]
pub struct ReadOptions<'a> {
    /// Which list a single-list file holds; by default from its name (FIDE names them
    /// `standard_…`, `rapid_…`, `blitz_…`).
    pub list: Option<RatingList>,
    /// Called now and then with the bytes of the file read so far and its size.
    pub progress: Option<&'a mut dyn FnMut(u64, u64)>,
    /// Set by another thread to stop the reading ([`ListError::Cancelled`]).
    pub cancel: Option<&'a AtomicBool>,
}

/// Where the readers put what they read: the records, the skipped lines, the progress.
pub(crate) struct Sink<'a, 'r> {
    path: String,
    list: Option<RatingList>,
    reading: Reading,
    on_record: &'r mut dyn FnMut(Record),
    progress: Option<&'a mut dyn FnMut(u64, u64)>,
    cancel: Option<&'a AtomicBool>,
    bytes_read: Rc<Cell<u64>>,
    bytes_total: u64,
}

impl Sink<'_, '_> {
    /// A record read.
    fn record(&mut self, record: Record) -> Result<(), ListError> {
        (self.on_record)(record);
        self.reading.records += 1;
        self.tick()
    }

    /// A malformed line skipped.
    fn skip(&mut self, skipped: Skipped) -> Result<(), ListError> {
        self.reading.skipped += 1;
        if self.reading.first_skipped.len() < SKIPPED_KEPT {
            self.reading.first_skipped.push(skipped);
        }
        self.tick()
    }

    fn tick(&mut self) -> Result<(), ListError> {
        if !(self.reading.records + self.reading.skipped).is_multiple_of(TICK) {
            return Ok(());
        }
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(ListError::Cancelled {
                path: self.path.clone(),
            });
        }
        if let Some(progress) = self.progress.as_mut() {
            progress(self.bytes_read.get(), self.bytes_total);
        }
        Ok(())
    }

    /// The file is not what it should be.
    fn invalid(&self, message: impl Into<String>) -> ListError {
        ListError::Invalid {
            path: self.path.clone(),
            message: message.into(),
        }
    }

    fn io(&self, source: io::Error) -> ListError {
        ListError::Io {
            path: self.path.clone(),
            source,
        }
    }

    /// Which list a single-list file holds, or the error that says how to tell.
    fn single_list(&self) -> Result<RatingList, ListError> {
        self.list.ok_or_else(|| {
            self.invalid(
                "a single rating list whose name says neither standard, rapid nor blitz: say which list it is (--list)",
            )
        })
    }
}

/// Counts the bytes read from the file, for the progress callback.
struct Counting<R> {
    inner: R,
    count: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

impl<R: io::Seek> io::Seek for Counting<R> {
    fn seek(&mut self, pos: io::SeekFrom) -> io::Result<u64> {
        self.inner.seek(pos)
    }
}

/// The list a file name says (`standard_oct25frl.txt`), when it names exactly one.
fn list_in_name(name: &str) -> Option<RatingList> {
    let name = name.to_ascii_lowercase();
    let mut named = RatingList::ALL
        .into_iter()
        .filter(|list| name.contains(list.name()));
    match (named.next(), named.next()) {
        (Some(list), None) => Some(list),
        _ => None,
    }
}

/// What a file's first bytes show it to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Zip,
    Xml,
    Txt,
}

/// Recognises a list by its first bytes: the ZIP magic, `<` (after a byte-order mark and
/// white space) for XML, the `ID Number` header for TXT.
fn sniff(head: &[u8]) -> Option<Kind> {
    if head.starts_with(zip::LOCAL_MAGIC) {
        return Some(Kind::Zip);
    }
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = text.iter().position(|b| !b.is_ascii_whitespace())?;
    let text = &text[start..];
    if text.starts_with(b"<") {
        Some(Kind::Xml)
    } else if text.starts_with(txt::ID_LABEL.as_bytes()) {
        Some(Kind::Txt)
    } else {
        None
    }
}

/// Reads the list at `path` (TXT, XML, or a ZIP of one, recognised by content), handing
/// each record to `on_record` as it is read.
pub fn read(
    path: &Path,
    options: ReadOptions<'_>,
    on_record: &mut dyn FnMut(Record),
) -> Result<Reading, ListError> {
    let shown = path.display().to_string();
    let io_error = |source| ListError::Io {
        path: shown.clone(),
        source,
    };
    let file = File::open(path).map_err(io_error)?;
    let bytes_total = file.metadata().map_err(io_error)?.len();
    let count = Rc::new(Cell::new(0));
    let mut counting = Counting {
        inner: file,
        count: Rc::clone(&count),
    };
    let mut head = [0u8; 4];
    let got = counting.read(&mut head).map_err(io_error)?;
    io::Seek::rewind(&mut counting).map_err(io_error)?;
    count.set(0);
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (reader, inner_name, label): (Box<dyn BufRead>, String, String) =
        if sniff(&head[..got]) == Some(Kind::Zip) {
            let member = zip::open_member(counting, bytes_total).map_err(|e| match e {
                zip::ZipError::Io(source) => io_error(source),
                zip::ZipError::Invalid(message) => ListError::Invalid {
                    path: shown.clone(),
                    message,
                },
            })?;
            let name = member.name().to_string();
            (
                Box::new(BufReader::with_capacity(1 << 16, member)),
                name.clone(),
                format!("{shown} ({name})"),
            )
        } else {
            (
                Box::new(BufReader::with_capacity(1 << 16, counting)),
                file_name.clone(),
                shown.clone(),
            )
        };
    let list = options
        .list
        .or_else(|| list_in_name(&inner_name))
        .or_else(|| list_in_name(&file_name));
    let mut sink = Sink {
        path: label,
        list,
        reading: Reading::default(),
        on_record,
        progress: options.progress,
        cancel: options.cancel,
        bytes_read: count,
        bytes_total,
    };
    read_content(reader, &mut sink)?;
    if let Some(progress) = sink.progress.as_mut() {
        progress(bytes_total, bytes_total);
    }
    Ok(sink.reading)
}

/// Reads a list (TXT or XML) from its content.
fn read_content(mut reader: Box<dyn BufRead>, sink: &mut Sink<'_, '_>) -> Result<(), ListError> {
    let head = reader.fill_buf().map_err(|e| sink.io(e))?;
    match sniff(head) {
        Some(Kind::Txt) => txt::read(reader, sink),
        Some(Kind::Xml) => xml::read(reader, sink),
        Some(Kind::Zip) => Err(sink.invalid("a ZIP inside a ZIP: unpack the outer one")),
        None => Err(sink.invalid(format!(
            "neither a FIDE TXT list (first line `{} …`), an XML list (<playerslist>) nor a ZIP of one",
            txt::ID_LABEL
        ))),
    }
}

/// Reads one line into `line` (without its end, `\n` or `\r\n`), keeping at most
/// [`MAX_LINE`] bytes: `Ok(None)` at the end of the file, `Ok(Some(false))` when the line
/// was longer (the rest was read and dropped).
pub(crate) fn read_line(reader: &mut dyn BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let mut any = false;
    let mut fits = true;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            break;
        }
        any = true;
        let (take, end) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (available.len(), false),
        };
        if fits && line.len() + take <= MAX_LINE {
            line.extend_from_slice(&available[..take]);
        } else {
            fits = false;
        }
        reader.consume(take + usize::from(end));
        if end {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(any.then_some(fits))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A sink for a reader's unit test.
    pub(crate) fn sink<'r>(
        on_record: &'r mut dyn FnMut(Record),
        list: Option<RatingList>,
    ) -> Sink<'static, 'r> {
        Sink {
            path: "test".to_string(),
            list,
            reading: Reading::default(),
            on_record,
            progress: None,
            cancel: None,
            bytes_read: Rc::new(Cell::new(0)),
            bytes_total: 0,
        }
    }
}
