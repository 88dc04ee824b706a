//! FIDE's XML lists: `<playerslist>` (no XML declaration) holding one `<player>` per
//! player, whose children are `fideid, name, country, sex, title, w_title, o_title,
//! foa_title, rating, games, k, rapid_rating, rapid_games, rapid_k, blitz_rating,
//! blitz_games, blitz_k, birthday, flag` (source: FIDE's download page, "XML format";
//! `birthday` is the year). A single list has `rating, games, k` only, for its own list.
//!
//! The combined file is 856 MB, so it is read by a small tag scanner over the stream, not
//! a document parser: element order does not matter, empty elements may be written
//! `<title></title>` or `<title/>`, unknown elements are ignored, and the five named
//! entities and numeric character references are decoded. Processing instructions,
//! comments and a doctype are skipped. A `<player>` with a field that cannot be read is
//! skipped and counted, like a TXT line; a file that ends inside an element is an error
//! (a truncated download).

use std::io::BufRead;

use super::record::{Field, Record, decode, list_index};
use super::{ListError, MAX_LINE, Sink, Skipped};
use crate::tournament::RatingList;

/// A tag.
#[derive(Debug, PartialEq, Eq)]
enum Tag<'a> {
    /// `<name …>`.
    Start(&'a str),
    /// `</name>`.
    End(&'a str),
    /// `<name/>`.
    Empty(&'a str),
    /// `<?…?>`, `<!--…-->`, `<!…>`.
    Other,
}

/// Reads a tag's content (between `<` and `>`).
fn tag(content: &[u8]) -> Tag<'_> {
    fn name_of(bytes: &[u8]) -> &str {
        let end = bytes
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b'/')
            .unwrap_or(bytes.len());
        std::str::from_utf8(&bytes[..end]).unwrap_or("")
    }
    match content {
        [b'?' | b'!', ..] => Tag::Other,
        [b'/', rest @ ..] => Tag::End(name_of(rest)),
        [rest @ .., b'/'] => Tag::Empty(name_of(rest)),
        _ => Tag::Start(name_of(content)),
    }
}

/// A tag scanner over a stream, counting lines.
struct Scanner<'a> {
    reader: &'a mut dyn BufRead,
    /// 1-based line of the position.
    line: u64,
}

impl Scanner<'_> {
    /// Reads up to and excluding `stop` (consumed), keeping at most [`MAX_LINE`] bytes in
    /// `out`: `Ok(None)` at the end of the stream, `Ok(Some(false))` when more was dropped.
    fn until(&mut self, stop: u8, out: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
        out.clear();
        let mut fits = true;
        loop {
            let available = self.reader.fill_buf()?;
            if available.is_empty() {
                return Ok(None);
            }
            let (take, found) = match available.iter().position(|&b| b == stop) {
                Some(i) => (i, true),
                None => (available.len(), false),
            };
            self.line += available[..take].iter().filter(|&&b| b == b'\n').count() as u64;
            if fits && out.len() + take <= MAX_LINE {
                out.extend_from_slice(&available[..take]);
            } else {
                fits = false;
            }
            self.reader.consume(take + usize::from(found));
            if found {
                return Ok(Some(fits));
            }
        }
    }
}

/// Decodes the five named entities and numeric character references.
fn unescape(text: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let semi = after
            .find(';')
            .filter(|&s| s <= 10)
            .ok_or_else(|| format!("an unterminated entity in {text:?}"))?;
        let entity = &after[..semi];
        let c = match entity {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .map(|hex| u32::from_str_radix(hex, 16))
                .or_else(|| entity.strip_prefix('#').map(str::parse::<u32>))
                .and_then(Result::ok)
                .and_then(char::from_u32)
                .ok_or_else(|| format!("unknown entity &{entity}; in {text:?}"))?,
        };
        out.push(c);
        rest = &after[semi + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The field an element names; `rating`, `games` and `k` are the standard list's in the
/// combined file and the file's own list in a single one (`None` here: decided per player).
fn element_field(name: &str) -> Option<Option<Field>> {
    use RatingList::{Blitz, Rapid};
    Some(Some(match name {
        "fideid" => Field::FideId,
        "name" => Field::Name,
        "country" => Field::Federation,
        "sex" => Field::Sex,
        "title" => Field::Title,
        "w_title" => Field::WomanTitle,
        "o_title" => Field::OtherTitles,
        "foa_title" => Field::FoaTitle,
        "rating" | "games" | "k" => return Some(None),
        "rapid_rating" => Field::Rating(Rapid),
        "rapid_games" => Field::Games(Rapid),
        "rapid_k" => Field::K(Rapid),
        "blitz_rating" => Field::Rating(Blitz),
        "blitz_games" => Field::Games(Blitz),
        "blitz_k" => Field::K(Blitz),
        "birthday" => Field::BirthYear,
        "flag" => Field::Flag,
        _ => return None,
    }))
}

/// The `<player>` being read.
struct Player {
    line: u64,
    record: Record,
    /// `rating`, `games`, `k`, kept until the player's list is known.
    own_list: Vec<(&'static str, String)>,
    combined: bool,
    error: Option<String>,
}

impl Player {
    fn set(&mut self, name: &str, text: &[u8]) {
        if self.error.is_some() {
            return;
        }
        let Some(field) = element_field(name) else {
            return;
        };
        let result = unescape(&decode(text)).and_then(|text| match field {
            Some(field) => {
                self.combined |= matches!(field, Field::Rating(_) | Field::Games(_) | Field::K(_));
                field.set(&mut self.record, &text)
            }
            None => {
                let name = match name {
                    "rating" => "rating",
                    "games" => "games",
                    _ => "k",
                };
                self.own_list.push((name, text));
                Ok(())
            }
        });
        if let Err(message) = result {
            self.error = Some(format!("<{name}>: {message}"));
        }
    }

    /// The record, or why the player is skipped; `single` gives the list of a single-list
    /// file when the player turns out to be in one.
    fn finish(
        mut self,
        single: impl FnOnce() -> Result<RatingList, ListError>,
    ) -> Result<Result<Record, Skipped>, ListError> {
        let skipped = |message| Skipped {
            line: self.line,
            column: None,
            message,
        };
        if let Some(message) = self.error.take() {
            return Ok(Err(skipped(message)));
        }
        if !self.own_list.is_empty() {
            let list = if self.combined {
                RatingList::Standard
            } else {
                single()?
            };
            for (name, text) in std::mem::take(&mut self.own_list) {
                let field = match name {
                    "rating" => Field::Rating(list),
                    "games" => Field::Games(list),
                    _ => Field::K(list),
                };
                if let Err(message) = field.set(&mut self.record, &text) {
                    return Ok(Err(skipped(format!("<{name}>: {message}"))));
                }
            }
        }
        if self.record.fide_id == 0 {
            return Ok(Err(skipped("no <fideid>".to_string())));
        }
        Ok(Ok(self.record))
    }
}

/// Reads an XML list, record by record.
pub(crate) fn read(mut reader: Box<dyn BufRead>, sink: &mut Sink<'_, '_>) -> Result<(), ListError> {
    let mut scanner = Scanner {
        reader: reader.as_mut(),
        line: 1,
    };
    let mut text = Vec::new();
    let mut content = Vec::new();
    let mut root = false;
    let mut player: Option<Player> = None;
    loop {
        let text_fits = match scanner.until(b'<', &mut text).map_err(|e| sink.io(e))? {
            Some(fits) => fits,
            None if text.iter().all(u8::is_ascii_whitespace) && player.is_none() => break,
            None => {
                return Err(sink.invalid(format!(
                    "line {}: the file ends inside an element: truncated?",
                    scanner.line
                )));
            }
        };
        let tag_line = scanner.line;
        let mut fits = scanner.until(b'>', &mut content).map_err(|e| sink.io(e))?;
        // A comment may hold `>`: read on to its `-->`.
        while content.starts_with(b"!--") && !content.ends_with(b"--") && fits.is_some() {
            let mut more = Vec::new();
            fits = scanner.until(b'>', &mut more).map_err(|e| sink.io(e))?;
            content.truncate(4);
            content.extend_from_slice(&more[more.len().saturating_sub(2)..]);
        }
        let Some(tag_fits) = fits else {
            return Err(sink.invalid(format!(
                "line {tag_line}: the file ends inside a tag: truncated?"
            )));
        };
        if !tag_fits {
            return Err(sink.invalid(format!(
                "line {tag_line}: a tag longer than {MAX_LINE} bytes: not a FIDE XML list"
            )));
        }
        let tag = tag(&content);
        if !root {
            match tag {
                Tag::Other => continue,
                Tag::Start("playerslist") => {
                    root = true;
                    continue;
                }
                Tag::Start(name) | Tag::Empty(name) | Tag::End(name) => {
                    return Err(sink.invalid(format!(
                        "line {tag_line}: the root element is <{name}>, expected <playerslist>: not a FIDE XML list"
                    )));
                }
            }
        }
        match (tag, player.as_mut()) {
            (Tag::Start("player"), None) => {
                if sink.reading.format.is_empty() {
                    sink.reading.format = "XML".to_string();
                }
                player = Some(Player {
                    line: tag_line,
                    record: Record::default(),
                    own_list: Vec::new(),
                    combined: false,
                    error: None,
                });
            }
            (Tag::End("player"), Some(_)) => {
                if let Some(done) = player.take() {
                    if done.combined {
                        sink.reading.lists = [true; 3];
                    } else if !done.own_list.is_empty() {
                        sink.reading.lists[list_index(sink.single_list()?)] = true;
                    }
                    let read = done.finish(|| sink.single_list())?;
                    match read {
                        Ok(record) => sink.record(record)?,
                        Err(skipped) => sink.skip(skipped)?,
                    }
                }
            }
            (Tag::End(name), Some(p)) => {
                if text_fits {
                    p.set(name, &text);
                } else if p.error.is_none() {
                    p.error = Some(format!("<{name}>: longer than {MAX_LINE} bytes"));
                }
            }
            (Tag::Empty(name), Some(p)) => p.set(name, b""),
            (Tag::Start("player"), Some(_)) => {
                return Err(sink.invalid(format!(
                    "line {tag_line}: <player> inside <player>: not a FIDE XML list"
                )));
            }
            (Tag::End("playerslist"), None) => root = false,
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_are_decoded_and_unknown_ones_refused() {
        assert_eq!(
            unescape("M&amp;M &lt;&gt; &quot;&apos; &#246;&#xF8;").as_deref(),
            Ok("M&M <> \"' öø")
        );
        assert!(unescape("a &nbsp; b").is_err());
        assert!(unescape("a & b").is_err());
    }

    fn read_text(text: &'static str, list: Option<RatingList>) -> Result<Vec<Record>, ListError> {
        let mut records = Vec::new();
        let mut on_record = |r: Record| records.push(r);
        let mut sink = super::super::tests::sink(&mut on_record, list);
        read(Box::new(text.as_bytes()), &mut sink)?;
        drop(sink);
        Ok(records)
    }

    #[test]
    fn elements_in_any_order_self_closing_and_escaped() {
        let text = "<!-- a comment > with a bracket --><playerslist>\n<player>\n  <name>O&apos;Brien, Se&#225;n &amp; Co</name>\n  <title/>\n  <rapid_rating>2100</rapid_rating>\n  <fideid>42</fideid>\n  <rating>0</rating><k></k>\n  <unknown>x</unknown>\n  <birthday>1999</birthday>\n</player>\n</playerslist>\n";
        let records = read_text(text, None).expect("read");
        assert_eq!(records.len(), 1);
        let r = &records[0];
        assert_eq!((r.fide_id, r.name.as_str()), (42, "O'Brien, Seán & Co"));
        assert_eq!(r.lists[0].rating, None);
        assert_eq!(r.lists[1].rating, Some(2100));
        assert_eq!(r.birth_year, Some(1999));
    }

    #[test]
    fn a_single_list_must_say_which() {
        let text =
            "<playerslist><player><fideid>7</fideid><rating>1800</rating></player></playerslist>";
        let error = read_text(text, None).expect_err("which list?");
        assert!(error.to_string().contains("say which list"), "{error}");
        let records = read_text(text, Some(RatingList::Blitz)).expect("read");
        assert_eq!(records[0].lists[2].rating, Some(1800));
    }

    #[test]
    fn tags_are_told_apart() {
        assert_eq!(tag(b"player"), Tag::Start("player"));
        assert_eq!(tag(b"/player"), Tag::End("player"));
        assert_eq!(tag(b"title/"), Tag::Empty("title"));
        assert_eq!(tag(b"title /"), Tag::Empty("title"));
        assert_eq!(tag(b"?xml version=\"1.0\"?"), Tag::Other);
    }
}
