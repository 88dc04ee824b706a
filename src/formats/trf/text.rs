//! Turning the bytes of a TRF file into numbered lines addressed by column.

/// One line of the file, addressed by 1-based character columns as the TRF
/// specifications number them.
pub(super) struct Line {
    /// 1-based line number.
    pub(crate) number: usize,
    chars: Vec<char>,
}

impl Line {
    /// The characters in columns `from..=to` (1-based, clipped to the line's length).
    pub(crate) fn columns(&self, from: usize, to: usize) -> String {
        let start = from.saturating_sub(1).min(self.chars.len());
        let end = to.min(self.chars.len()).max(start);
        self.chars[start..end].iter().collect()
    }

    /// The character in column `col` (1-based), or a blank past the end.
    pub(crate) fn at(&self, col: usize) -> char {
        col.checked_sub(1)
            .and_then(|i| self.chars.get(i))
            .copied()
            .unwrap_or(' ')
    }

    /// Everything from column `from` on.
    pub(crate) fn rest(&self, from: usize) -> String {
        self.columns(from, self.chars.len())
    }

    /// The number of characters in the line.
    pub(crate) fn len(&self) -> usize {
        self.chars.len()
    }

    /// The record code: the first three characters.
    pub(crate) fn code(&self) -> String {
        self.columns(1, 3)
    }
}

/// The UTF-8 byte order mark some programs (Swiss-Manager) write first.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How a file's bytes are decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// UTF-8 without a byte order mark (plain ASCII included).
    Utf8,
    /// UTF-8 after a byte order mark.
    Utf8Bom,
    /// Not UTF-8: read as Windows-1252, of which Latin-1's printable characters are a part.
    Windows1252,
}

impl Encoding {
    /// The encoding of `bytes`.
    pub(crate) fn of(bytes: &[u8]) -> Encoding {
        match bytes.strip_prefix(BOM) {
            Some(rest) if std::str::from_utf8(rest).is_ok() => Encoding::Utf8Bom,
            None if std::str::from_utf8(bytes).is_ok() => Encoding::Utf8,
            _ => Encoding::Windows1252,
        }
    }

    /// The name an arbiter knows it by.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8Bom => "UTF-8 with byte order mark",
            Encoding::Windows1252 => "Windows-1252/Latin-1",
        }
    }
}

/// Windows-1252's characters for the bytes 0x80-0x9F (where Latin-1 has control codes,
/// which no TRF file holds); the five bytes Windows-1252 leaves free keep Latin-1's reading.
const WINDOWS_1252_80_9F: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{2C6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8D}', '\u{17D}', '\u{8F}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{2DC}', '\u{2122}', '\u{161}', '\u{203A}', '\u{153}', '\u{9D}', '\u{17E}', '\u{178}',
];

/// One byte of Windows-1252 text as a character.
fn windows_1252(b: u8) -> char {
    match b {
        0x80..=0x9F => WINDOWS_1252_80_9F[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// Decodes UTF-8 (after a byte order mark or not), or Windows-1252/Latin-1 when the bytes
/// are not valid UTF-8 (older files), as [`Encoding::of`] tells.
pub(crate) fn decode(bytes: &[u8]) -> String {
    match Encoding::of(bytes) {
        Encoding::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
        Encoding::Utf8Bom => String::from_utf8_lossy(&bytes[BOM.len()..]).into_owned(),
        Encoding::Windows1252 => {
            let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
            bytes.iter().map(|&b| windows_1252(b)).collect()
        }
    }
}

/// Decodes UTF-8 (after a byte order mark or not), or Windows-1252/Latin-1 when the bytes
/// are not valid UTF-8 (older TRF files), and splits at CR, LF or CRLF.
pub(super) fn lines(bytes: &[u8]) -> Vec<Line> {
    let text = decode(bytes);
    let mut lines = Vec::new();
    let mut current = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                lines.push(std::mem::take(&mut current));
            }
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
        .into_iter()
        .enumerate()
        .map(|(i, chars)| Line {
            number: i + 1,
            chars,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_every_line_end() {
        for text in ["a\nb\n", "a\r\nb\r\n", "a\rb\r", "a\nb"] {
            let found: Vec<String> = lines(text.as_bytes()).iter().map(|l| l.rest(1)).collect();
            assert_eq!(found, ["a", "b"], "{text:?}");
        }
    }

    #[test]
    fn keeps_empty_lines_for_numbering() {
        let found = lines(b"a\n\nb\n");
        assert_eq!(found.len(), 3);
        assert_eq!(found[2].number, 3);
    }

    #[test]
    fn decodes_latin1() {
        let found = lines(b"M\xfcller\n");
        assert_eq!(found[0].rest(1), "Müller");
    }

    #[test]
    fn decodes_windows_1252_where_latin1_has_control_codes() {
        let found = lines(b"\x8Aebest\x9Aa \x80\n");
        assert_eq!(found[0].rest(1), "Šebestša €");
        // Every byte decodes to one character: columns stay where the file put them.
        let all: Vec<u8> = (0x80..=0xFF).collect();
        assert_eq!(lines(&all)[0].len(), all.len());
    }

    #[test]
    fn names_the_encoding() {
        assert_eq!(Encoding::of(b"012 Open"), Encoding::Utf8);
        assert_eq!(Encoding::of(b"\xEF\xBB\xBF012 \xC3\xA9"), Encoding::Utf8Bom);
        assert_eq!(Encoding::of(b"012 \xE9"), Encoding::Windows1252);
        assert_eq!(lines(b"\xEF\xBB\xBF012 Open")[0].code(), "012");
    }

    #[test]
    fn columns_count_characters() {
        let line = &lines("Łódź ab".as_bytes())[0];
        assert_eq!(line.columns(1, 4), "Łódź");
        assert_eq!(line.columns(6, 20), "ab");
        assert_eq!(line.at(7), 'b');
        assert_eq!(line.at(50), ' ');
    }
}
