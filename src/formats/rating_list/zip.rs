//! The `.zip` FIDE serves its lists in: one member (`players_list_foa.txt`,
//! `players_list_xml_foa.xml`, …), deflated. Only what those files need is read (PKWARE's
//! APPNOTE.TXT, sections 4.3.6–4.3.16): the end of central directory record, the central
//! directory, the member's local header, then its data streamed (stored, or deflated
//! through `flate2`), its CRC-32 and size checked at the end. ZIP64, encryption and
//! archives split over several disks are refused with a clear error.

use std::io::{self, Read, Seek, SeekFrom};

use flate2::Crc;
use flate2::read::DeflateDecoder;

/// A local file header's signature, the first bytes of a ZIP file.
pub(crate) const LOCAL_MAGIC: &[u8] = b"PK\x03\x04";
const CENTRAL_MAGIC: u32 = 0x0201_4b50;
const END_MAGIC: u32 = 0x0605_4b50;
const ZIP64_LOCATOR_MAGIC: u32 = 0x0706_4b50;
/// The end record's fixed part; a comment of up to 65 535 bytes may follow it.
const END_LEN: u64 = 22;
/// More central directory than this is not a rating list download.
const MAX_DIRECTORY: u64 = 1 << 20;

/// Why the member could not be opened.
#[derive(Debug)]
pub(crate) enum ZipError {
    Io(io::Error),
    /// Not a ZIP this program reads; the message says what was found.
    Invalid(String),
}

impl From<io::Error> for ZipError {
    fn from(e: io::Error) -> ZipError {
        ZipError::Io(e)
    }
}

fn invalid<T>(message: impl Into<String>) -> Result<T, ZipError> {
    Err(ZipError::Invalid(message.into()))
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// A member of the central directory.
#[derive(Debug)]
struct Entry {
    name: String,
    flags: u16,
    method: u16,
    crc: u32,
    compressed: u64,
    size: u64,
    offset: u64,
}

/// The end of central directory record: where the directory is and how many entries.
fn end_record<R: Read + Seek>(file: &mut R, len: u64) -> Result<(u64, u64, u16), ZipError> {
    let tail_len = len.min(END_LEN + 0xFFFF);
    if tail_len < END_LEN {
        return invalid("too short for a ZIP file: truncated download?");
    }
    file.seek(SeekFrom::Start(len - tail_len))?;
    let mut tail = vec![0u8; tail_len as usize];
    file.read_exact(&mut tail)?;
    let Some(at) = (0..=tail.len() - END_LEN as usize)
        .rev()
        .find(|&i| u32_at(&tail, i) == END_MAGIC)
    else {
        return invalid(
            "no end of central directory: not a complete ZIP file (truncated download?)",
        );
    };
    let end = &tail[at..];
    let (disk, directory_disk) = (u16_at(end, 4), u16_at(end, 6));
    let (on_disk, entries) = (u16_at(end, 8), u16_at(end, 10));
    let (size, offset) = (u32_at(end, 12), u32_at(end, 16));
    let zip64_locator = at >= 20 && u32_at(&tail, at - 20) == ZIP64_LOCATOR_MAGIC;
    if zip64_locator || entries == 0xFFFF || size == u32::MAX || offset == u32::MAX {
        return invalid("a ZIP64 archive, which this program does not read: unpack it first");
    }
    if disk != 0 || directory_disk != 0 || on_disk != entries {
        return invalid("an archive split over several disks: join or unpack it first");
    }
    let end_offset = len - tail_len + at as u64;
    if u64::from(offset) + u64::from(size) > end_offset {
        return invalid("the central directory lies past the end of the file: truncated download?");
    }
    Ok((u64::from(offset), u64::from(size), entries))
}

/// The central directory's entries.
fn directory<R: Read + Seek>(file: &mut R, len: u64) -> Result<Vec<Entry>, ZipError> {
    let (offset, size, count) = end_record(file, len)?;
    if size > MAX_DIRECTORY {
        return invalid(format!(
            "a central directory of {size} bytes: not a rating list download"
        ));
    }
    file.seek(SeekFrom::Start(offset))?;
    let mut bytes = vec![0u8; size as usize];
    file.read_exact(&mut bytes)?;
    let mut entries = Vec::new();
    let mut at = 0;
    for _ in 0..count {
        let fixed = bytes
            .get(at..at + 46)
            .filter(|b| u32_at(b, 0) == CENTRAL_MAGIC);
        let Some(fixed) = fixed else {
            return invalid("a damaged central directory");
        };
        let name_len = usize::from(u16_at(fixed, 28));
        let skip = usize::from(u16_at(fixed, 30)) + usize::from(u16_at(fixed, 32));
        let Some(name) = bytes.get(at + 46..at + 46 + name_len) else {
            return invalid("a damaged central directory");
        };
        entries.push(Entry {
            name: String::from_utf8_lossy(name).into_owned(),
            flags: u16_at(fixed, 8),
            method: u16_at(fixed, 10),
            crc: u32_at(fixed, 16),
            compressed: u64::from(u32_at(fixed, 20)),
            size: u64::from(u32_at(fixed, 24)),
            offset: u64::from(u32_at(fixed, 42)),
        });
        at += 46 + name_len + skip;
    }
    Ok(entries)
}

/// The member's data, decompressed, with its CRC-32 and size checked when it ends.
pub(crate) struct Member {
    name: String,
    data: Box<dyn Read>,
    crc: Crc,
    /// Bytes decompressed so far.
    size: u64,
    expected_crc: u32,
    expected_size: u64,
}

impl Member {
    /// The member's name in the archive.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    fn damaged(&self, what: String) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: {what}: the download is damaged", self.name),
        )
    }
}

impl Read for Member {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.data.read(buf)?;
        self.crc.update(&buf[..n]);
        self.size += n as u64;
        let size = self.size;
        if size > self.expected_size {
            return Err(self.damaged(format!(
                "more than the {} bytes the archive announces",
                self.expected_size
            )));
        }
        if n == 0 && !buf.is_empty() {
            if size != self.expected_size {
                return Err(self.damaged(format!(
                    "{size} bytes instead of the {} the archive announces",
                    self.expected_size
                )));
            }
            if self.crc.sum() != self.expected_crc {
                return Err(self.damaged(format!(
                    "CRC-32 {:08x} instead of {:08x}",
                    self.crc.sum(),
                    self.expected_crc
                )));
            }
        }
        Ok(n)
    }
}

/// Opens the list inside a ZIP: its only member, or its only `.txt` or `.xml` one.
pub(crate) fn open_member<R: Read + Seek + 'static>(
    mut file: R,
    len: u64,
) -> Result<Member, ZipError> {
    let entries = directory(&mut file, len)?;
    let listed = |e: &Entry| {
        let name = e.name.to_ascii_lowercase();
        name.ends_with(".txt") || name.ends_with(".xml")
    };
    let files: Vec<&Entry> = entries.iter().filter(|e| !e.name.ends_with('/')).collect();
    let entry = match files[..] {
        [only] => only,
        _ => match files
            .iter()
            .copied()
            .filter(|e| listed(e))
            .collect::<Vec<_>>()[..]
        {
            [only] => only,
            _ => {
                let names: Vec<&str> = files.iter().map(|e| e.name.as_str()).collect();
                return invalid(format!(
                    "expected one rating list in the archive, found {}: {}",
                    names.len(),
                    names.join(", ")
                ));
            }
        },
    };
    if entry.flags & 1 != 0 {
        return invalid(format!(
            "{}: encrypted, which this program does not read",
            entry.name
        ));
    }
    if entry.compressed == u64::from(u32::MAX) || entry.size == u64::from(u32::MAX) {
        return invalid("a ZIP64 member, which this program does not read: unpack it first");
    }
    file.seek(SeekFrom::Start(entry.offset))?;
    let mut local = [0u8; 30];
    file.read_exact(&mut local).map_err(|_| {
        ZipError::Invalid(format!(
            "{}: the local header is cut off: truncated download?",
            entry.name
        ))
    })?;
    if !local.starts_with(LOCAL_MAGIC) {
        return invalid(format!(
            "{}: no local header where the directory says",
            entry.name
        ));
    }
    let data_start =
        entry.offset + 30 + u64::from(u16_at(&local, 26)) + u64::from(u16_at(&local, 28));
    if data_start + entry.compressed > len {
        return invalid(format!(
            "{}: the data runs past the end of the file: truncated download?",
            entry.name
        ));
    }
    file.seek(SeekFrom::Start(data_start))?;
    let raw = file.take(entry.compressed);
    let data: Box<dyn Read> = match entry.method {
        0 => Box::new(raw),
        8 => Box::new(DeflateDecoder::new(raw)),
        method => {
            return invalid(format!(
                "{}: compression method {method}; only stored (0) and deflated (8) are read",
                entry.name
            ));
        }
    };
    Ok(Member {
        name: entry.name.clone(),
        data,
        crc: Crc::new(),
        size: 0,
        expected_crc: entry.crc,
        expected_size: entry.size,
    })
}
