//! Counts in words, for the messages the program writes (the window's status bar and
//! questions, an edit's description): `1 player`, `2 players`, never `1 players`.

/// `n` of a noun whose plural adds an s: `1 board`, `3 boards`.
pub(crate) fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `n` of a noun with a plural of its own: `1 match`, `2 matches`; `1 entry`, `4 entries`.
pub(crate) fn count_as(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1, "player"), "1 player");
        assert_eq!(count(0, "player"), "0 players");
        assert_eq!(count(12, "round"), "12 rounds");
        assert_eq!(count_as(1, "match", "matches"), "1 match");
        assert_eq!(count_as(3, "late entry", "late entries"), "3 late entries");
    }
}
