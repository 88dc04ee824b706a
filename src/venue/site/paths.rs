//! The pages of the site and their paths: `index.html` at the top, each section's pages in
//! its folder `s1/`, `s2/`… (sections numbered in the file's order), and the relative link
//! from one page to another, so that the folder reads the same from `file://` and from the
//! server.

use std::fmt;

/// A page of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum PagePath {
    /// `index.html`: the event and its sections.
    Index,
    /// `sN/…`: a page of section `N` (from 1).
    Section(u32, SectionPage),
}

/// A page of one section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SectionPage {
    /// `round-R.html`: the pairings of round R by board.
    Round(u32),
    /// `round-R-names.html`: the pairings of round R by name ("find my board").
    RoundByName(u32),
    /// `standings.html`.
    Standings,
    /// `crosstable.html`.
    Crosstable,
    /// `players.html`: the list of players by pairing number.
    Players,
    /// `player-N.html`: one player, by pairing number.
    Player(u32),
    /// `team-N.html`: one team of a team event, by pairing number.
    Team(u32),
}

impl fmt::Display for PagePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PagePath::Index => f.write_str("index.html"),
            PagePath::Section(s, page) => write!(f, "s{s}/{page}"),
        }
    }
}

impl fmt::Display for SectionPage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SectionPage::Round(r) => write!(f, "round-{r}.html"),
            SectionPage::RoundByName(r) => write!(f, "round-{r}-names.html"),
            SectionPage::Standings => f.write_str("standings.html"),
            SectionPage::Crosstable => f.write_str("crosstable.html"),
            SectionPage::Players => f.write_str("players.html"),
            SectionPage::Player(id) => write!(f, "player-{id}.html"),
            SectionPage::Team(id) => write!(f, "team-{id}.html"),
        }
    }
}

/// A positive number written as [`fmt::Display`] writes it (no sign, no leading zero), so
/// that each page has one path.
fn number(text: &str) -> Option<u32> {
    if text.is_empty() || text.starts_with('0') || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

impl PagePath {
    /// The page at `path` (as [`fmt::Display`] writes it; an empty path or `/` is the
    /// index, a leading `/` is ignored); `None` for a path that names no page.
    pub(crate) fn parse(path: &str) -> Option<PagePath> {
        let path = path.strip_prefix('/').unwrap_or(path);
        if path.is_empty() || path == "index.html" {
            return Some(PagePath::Index);
        }
        let (folder, file) = path.split_once('/')?;
        let section = number(folder.strip_prefix('s')?)?;
        let stem = file.strip_suffix(".html")?;
        let page = match stem {
            "standings" => SectionPage::Standings,
            "crosstable" => SectionPage::Crosstable,
            "players" => SectionPage::Players,
            _ => {
                if let Some(rest) = stem.strip_prefix("round-") {
                    match rest.strip_suffix("-names") {
                        Some(r) => SectionPage::RoundByName(number(r)?),
                        None => SectionPage::Round(number(rest)?),
                    }
                } else if let Some(id) = stem.strip_prefix("player-") {
                    SectionPage::Player(number(id)?)
                } else if let Some(id) = stem.strip_prefix("team-") {
                    SectionPage::Team(number(id)?)
                } else {
                    return None;
                }
            }
        };
        Some(PagePath::Section(section, page))
    }

    /// The relative link from this page to `to`.
    pub(crate) fn href(&self, to: &PagePath) -> String {
        match (self, to) {
            (PagePath::Index, to) => to.to_string(),
            (PagePath::Section(a, _), PagePath::Section(b, page)) if a == b => page.to_string(),
            (PagePath::Section(..), to) => format!("../{to}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_back() {
        let pages = [
            PagePath::Index,
            PagePath::Section(1, SectionPage::Round(3)),
            PagePath::Section(2, SectionPage::RoundByName(10)),
            PagePath::Section(1, SectionPage::Standings),
            PagePath::Section(1, SectionPage::Crosstable),
            PagePath::Section(3, SectionPage::Players),
            PagePath::Section(1, SectionPage::Player(12)),
            PagePath::Section(1, SectionPage::Team(4)),
        ];
        for page in pages {
            assert_eq!(PagePath::parse(&page.to_string()), Some(page), "{page}");
        }
        assert_eq!(PagePath::parse("/"), Some(PagePath::Index));
        for bad in [
            "s0/standings.html",
            "s01/standings.html",
            "s1/round-03.html",
            "s1/round-.html",
            "s1/../index.html",
            "s1/standings",
            "x1/standings.html",
            "s1/player-1/x.html",
            "s1/round-+3.html",
        ] {
            assert_eq!(PagePath::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn links_are_relative() {
        let index = PagePath::Index;
        let round = PagePath::Section(1, SectionPage::Round(2));
        let player = PagePath::Section(1, SectionPage::Player(7));
        let other = PagePath::Section(2, SectionPage::Standings);
        assert_eq!(index.href(&round), "s1/round-2.html");
        assert_eq!(round.href(&player), "player-7.html");
        assert_eq!(round.href(&index), "../index.html");
        assert_eq!(round.href(&other), "../s2/standings.html");
    }
}
