//! Name keys for searching as the arbiter types: accents, case and punctuation do not
//! matter. "Ostergard" finds "Østergård", "muller" finds "Müller", "strauss" finds
//! "Strauß", "carlsen mag" finds "Carlsen, Magnus".
//!
//! A key is lower-case ASCII where the letter has an ASCII spelling: the letters of Latin-1
//! Supplement and Latin Extended-A, and the common ones of Latin Extended-B, lose their
//! diacritics; ligatures and special letters are spelt out (Æ→ae, Œ→oe, ß→ss, Þ→th, IJ→ij);
//! Ø→o, Đ→d, Ł→l, ı→i. Combining diacritics are dropped, apostrophes too (`O'Brien` is
//! `obrien`), and every other character that is not a letter or digit separates words.
//! Letters of other scripts are kept, lower-cased.

/// The ASCII spelling of a letter of Latin-1 Supplement, Latin Extended-A or Extended-B,
/// lower case; `None` for any other character.
fn ascii_spelling(c: char) -> Option<&'static str> {
    let code = u32::from(c);
    Some(match code {
        0xC0..=0xC5 | 0xE0..=0xE5 | 0x100..=0x105 | 0x1CD | 0x1CE | 0x1DE..=0x1E1 => "a",
        0xC6 | 0xE6 | 0x1E2 | 0x1E3 | 0x1FC | 0x1FD => "ae",
        0xC7 | 0xE7 | 0x106..=0x10D | 0x187 | 0x188 => "c",
        0xD0 | 0xF0 | 0x10E..=0x111 | 0x189 | 0x18A => "d",
        0xC8..=0xCB | 0xE8..=0xEB | 0x112..=0x11B | 0x18E | 0x18F | 0x259 | 0x190 => "e",
        0x192 | 0x191 => "f",
        0x11C..=0x123 | 0x1E4..=0x1E7 | 0x1F4 | 0x1F5 => "g",
        0x124..=0x127 => "h",
        0xCC..=0xCF | 0xEC..=0xEF | 0x128..=0x131 | 0x1CF | 0x1D0 | 0x197 => "i",
        0x132 | 0x133 => "ij",
        0x134 | 0x135 | 0x1F0 => "j",
        0x136..=0x138 | 0x198 | 0x199 | 0x1E8 | 0x1E9 => "k",
        0x139..=0x142 | 0x19A => "l",
        0x1C7..=0x1C9 => "lj",
        0xD1 | 0xF1 | 0x143..=0x149 | 0x14A | 0x14B | 0x19D | 0x19E | 0x1F8 | 0x1F9 => "n",
        0x1CA..=0x1CC => "nj",
        0xD2..=0xD6
        | 0xD8
        | 0xF2..=0xF6
        | 0xF8
        | 0x14C..=0x151
        | 0x19F..=0x1A1
        | 0x1D1
        | 0x1D2
        | 0x1EA..=0x1ED
        | 0x1FE
        | 0x1FF => "o",
        0x152 | 0x153 => "oe",
        0x154..=0x159 => "r",
        0x15A..=0x161 | 0x17F | 0x218 | 0x219 => "s",
        0xDF => "ss",
        0x162..=0x167 | 0x1AB..=0x1AE | 0x21A | 0x21B => "t",
        0xDE | 0xFE => "th",
        0xD9..=0xDC | 0xF9..=0xFC | 0x168..=0x173 | 0x1AF | 0x1B0 | 0x1D3..=0x1DC => "u",
        0x174 | 0x175 => "w",
        0xDD | 0xFD | 0xFF | 0x176..=0x178 | 0x1B3 | 0x1B4 => "y",
        0x179..=0x17E | 0x1B5 | 0x1B6 => "z",
        0x1C4..=0x1C6 => "dz",
        _ => return None,
    })
}

/// Whether a character is dropped rather than separating words: apostrophes and
/// combining diacritics.
fn is_dropped(c: char) -> bool {
    matches!(
        c,
        '\'' | '\u{2019}' | '\u{2018}' | '`' | '\u{b4}' | '\u{300}'..='\u{36f}'
    )
}

/// Appends the folded key of `text` to `out`: its words in lower-case ASCII (see the
/// module documentation), separated by one space, without leading or trailing space.
pub(crate) fn fold_into(text: &str, out: &mut String) {
    let start = out.len();
    let mut space = false;
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            if space && out.len() > start {
                out.push(' ');
            }
            space = false;
            out.push(c.to_ascii_lowercase());
        } else if let Some(spelling) = ascii_spelling(c) {
            if space && out.len() > start {
                out.push(' ');
            }
            space = false;
            out.push_str(spelling);
        } else if is_dropped(c) {
        } else if c.is_alphanumeric() {
            if space && out.len() > start {
                out.push(' ');
            }
            space = false;
            out.extend(c.to_lowercase());
        } else {
            space = true;
        }
    }
}

/// The folded key of `text` (see `fold_into`).
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    fold_into(text, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_case_and_punctuation_fold_away() {
        for (name, key) in [
            ("Østergård, Jens", "ostergard jens"),
            ("Müller, Hans-Jürgen", "muller hans jurgen"),
            ("Strauß, Éva", "strauss eva"),
            ("Þórhallsson, Þröstur", "thorhallsson throstur"),
            ("Đukić, Łukasz", "dukic lukasz"),
            ("Œlberg, Æsa", "oelberg aesa"),
            ("O'Brien, Seán", "obrien sean"),
            ("Yılmaz, Şükrü", "yilmaz sukru"),
            ("Ștefănescu, Țuțu", "stefanescu tutu"),
            ("Mammadova, Gülnar Əli", "mammadova gulnar eli"),
            ("  A. E. M.,  Doshtagir ", "a e m doshtagir"),
            ("Ivanov, Иван", "ivanov иван"),
            ("Nguyễn", "nguyen"),
        ] {
            // Decomposed input: the combining marks are dropped.
            let decomposed = name.replace('ễ', "e\u{302}\u{303}");
            assert_eq!(fold(&decomposed), key, "{name}");
        }
    }

    #[test]
    fn every_letter_of_latin_1_and_extended_a_folds_to_ascii() {
        for code in (0xC0..=0x17Fu32).filter(|c| *c != 0xD7 && *c != 0xF7) {
            let c = char::from_u32(code).expect("a character");
            let key = fold(&c.to_string());
            assert!(
                !key.is_empty() && key.is_ascii(),
                "{c} U+{code:04X} → {key:?}"
            );
        }
    }
}
