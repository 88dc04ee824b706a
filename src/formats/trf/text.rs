//! Turning the bytes of a TRF file into numbered lines addressed by column.

/// One line of the file, addressed by 1-based character columns as the TRF
/// specifications number them.
pub(super) struct Line {
    /// 1-based line number.
    pub number: usize,
    chars: Vec<char>,
}

impl Line {
    /// The characters in columns `from..=to` (1-based, clipped to the line's length).
    pub fn columns(&self, from: usize, to: usize) -> String {
        let start = from.saturating_sub(1).min(self.chars.len());
        let end = to.min(self.chars.len()).max(start);
        self.chars[start..end].iter().collect()
    }

    /// The character in column `col` (1-based), or a blank past the end.
    pub fn at(&self, col: usize) -> char {
        col.checked_sub(1)
            .and_then(|i| self.chars.get(i))
            .copied()
            .unwrap_or(' ')
    }

    /// Everything from column `from` on.
    pub fn rest(&self, from: usize) -> String {
        self.columns(from, self.chars.len())
    }

    /// The number of characters in the line.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// The record code: the first three characters.
    pub fn code(&self) -> String {
        self.columns(1, 3)
    }
}

/// Decodes UTF-8, or Latin-1 when the bytes are not valid UTF-8 (older TRF files), and
/// splits at CR, LF or CRLF.
pub(super) fn lines(bytes: &[u8]) -> Vec<Line> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text: String = match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    };
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
    fn columns_count_characters() {
        let line = &lines("Łódź ab".as_bytes())[0];
        assert_eq!(line.columns(1, 4), "Łódź");
        assert_eq!(line.columns(6, 20), "ab");
        assert_eq!(line.at(7), 'b');
        assert_eq!(line.at(50), ' ');
    }
}
