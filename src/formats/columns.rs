//! Text tables for a terminal, aligned by display width rather than by characters: a
//! Chinese, Japanese or Korean character takes two columns, a combining mark none, so
//! that `{:<30}` would shift every column after a double-width name.

use unicode_width::UnicodeWidthStr;

/// The columns `text` takes in a terminal (`unicode-width`, East Asian Width).
pub(crate) fn width(text: &str) -> usize {
    text.width()
}

/// `text` padded with spaces on the right to `columns` (longer text is left whole).
pub(crate) fn left(text: &str, columns: usize) -> String {
    let pad = columns.saturating_sub(width(text));
    format!("{text}{}", " ".repeat(pad))
}

/// `text` padded with spaces on the left to `columns` (longer text is left whole).
pub(crate) fn right(text: &str, columns: usize) -> String {
    let pad = columns.saturating_sub(width(text));
    format!("{}{text}", " ".repeat(pad))
}

/// `text` cut to at most `columns` (a double-width character that would not fit whole is
/// left out), then padded to exactly `columns`.
pub(crate) fn clip(text: &str, columns: usize) -> String {
    let mut kept = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w > columns {
            break;
        }
        kept.push(c);
        used += w;
    }
    left(&kept, columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_width_characters_take_two_columns() {
        assert_eq!(width("王小龙"), 6);
        assert_eq!(width("Müller"), 6);
        assert_eq!(left("王小龙", 8), "王小龙  ");
        assert_eq!(right("김민준", 7), " 김민준");
        assert_eq!(left("Papadopoulos", 4), "Papadopoulos");
    }

    #[test]
    fn clipping_never_splits_a_wide_character() {
        assert_eq!(clip("山田太郎", 5), "山田 ");
        assert_eq!(clip("Smith", 3), "Smi");
        assert_eq!(clip("", 2), "  ");
    }
}
