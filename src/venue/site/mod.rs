//! The public pages of an event, for the phones of players and the public at the venue
//! (served by the program that has the event open) and as a static site (`swiss-arbiter
//! publish`): the index of sections and rounds; per section the pairings of each published
//! round by board and by name, the standings with the event's tie-breaks (C.07), the
//! crosstable, a page per player with the worked-out value of each of his tie-breaks, and
//! a page per team in a team event (C.04.6).
//!
//! Only published pairings are shown, never a draft: a section's pages stop before its
//! first draft round, and its standings never count one.
//!
//! Pages are plain HTML with the style inline (mobile first, system fonts, no external
//! resource, no script needed), linked to each other by relative links, so that the
//! folder reads the same from `file://` and from the server: sections are `s1/`, `s2/`…
//! in the file's order ([`paths`]).
//!
//! # No private data
//!
//! A page shows of a player only what a public standings list shows: his name, title,
//! federation, club (on his own page), rating, pairing number, team, withdrawal, games,
//! score, rank and tie-breaks. Left out of every page, from [`Player`](crate::tournament::Player)'s
//! fields: `birth_date`, `sex`, `fide_id`, `k_factor`, `standard_rating` and the rank
//! recorded in the file; the event's arbiters, comments and log are not shown either.
//! Every text from the event is escaped ([`crate::print::escape`]).

mod index;
mod layout;
mod pairings;
mod paths;
mod player;
mod section;
mod standings;
mod team;

pub(crate) use layout::page_layout;
pub use layout::{LIVE_JS, STYLE, layout};

use crate::tournament::Tournament;

use paths::{PagePath, SectionPage};
use section::Section;

/// How the pages are made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SiteOptions {
    /// Served live: each page loads `/live.js` ([`LIVE_JS`]), which reloads it when the
    /// event changes. The static site has no script.
    pub live: bool,
}

/// One page of the site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// Relative, `/`-separated: `index.html`, `s1/round-3.html`, `s1/player-12.html`.
    pub path: String,
    pub html: String,
}

/// Every page of the site: the index of sections and rounds; per section, the pairings of
/// each published round by board and by name, the standings, the crosstable, the list of
/// players, one page per player, and one per team in a team event.
pub fn site(sections: &[Tournament], options: &SiteOptions) -> Vec<Page> {
    let mut pages = vec![Page {
        path: PagePath::Index.to_string(),
        html: index::render(sections, options),
    }];
    for (i, t) in sections.iter().enumerate() {
        let section = Section::new(t, i as u32 + 1);
        for kind in section.pages() {
            if let Some(html) = render(&section, kind, options) {
                pages.push(Page {
                    path: section.path(kind).to_string(),
                    html,
                });
            }
        }
    }
    pages
}

/// One page by its path (what [`site`] gives for it; `""` and `/` are the index), `None`
/// if there is no such page. Only that page is rendered.
pub fn page(sections: &[Tournament], path: &str, options: &SiteOptions) -> Option<String> {
    match PagePath::parse(path)? {
        PagePath::Index => Some(index::render(sections, options)),
        PagePath::Section(number, kind) => {
            let t = sections.get(usize::try_from(number).ok()?.checked_sub(1)?)?;
            render(&Section::new(t, number), kind, options)
        }
    }
}

/// A page of a section, `None` when the section has no such page (a draft or unpaired
/// round, an unknown player or team).
fn render(section: &Section, kind: SectionPage, options: &SiteOptions) -> Option<String> {
    if !section.has(kind) {
        return None;
    }
    Some(match kind {
        SectionPage::Round(r) => pairings::by_board(section, r, options),
        SectionPage::RoundByName(r) => pairings::by_name(section, r, options),
        SectionPage::Standings => standings::standings(section, options),
        SectionPage::Crosstable => standings::crosstable(section, options),
        SectionPage::Players => player::list(section, options),
        SectionPage::Player(id) => player::page(section, id, options)?,
        SectionPage::Team(id) => team::page(section, id, options)?,
    })
}

/// The page of a section with its header: the event's name over the section's navigation.
fn section_page(
    section: &Section,
    kind: SectionPage,
    title: &str,
    body: &str,
    options: &SiteOptions,
) -> String {
    let here = section.path(kind);
    layout::page_layout(
        &format!("{title} – {}", section.name()),
        &section.name(),
        &section.nav(&here),
        body,
        options,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, Player};

    /// Four players: round 1 played and published, round 2 paired as a draft.
    fn event() -> Tournament {
        let mut t = Tournament {
            players: (1..=4)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        t.event.name = "Club <Open>".into();
        t.record_pairing(1, &[[1, 2], [3, 4]], None);
        t.set_published(1, true).expect("paired");
        t.set_board_result(1, 1, 2, BoardResult::WhiteWins)
            .expect("board");
        t.set_board_result(1, 3, 4, BoardResult::Draw)
            .expect("board");
        t.record_pairing(2, &[[2, 3], [4, 1]], None);
        t.set_published(2, false).expect("paired");
        t
    }

    #[test]
    fn the_site_has_the_published_round_and_not_the_draft() {
        let t = event();
        let paths: Vec<String> = site(std::slice::from_ref(&t), &SiteOptions::default())
            .into_iter()
            .map(|p| p.path)
            .collect();
        for expected in [
            "index.html",
            "s1/round-1.html",
            "s1/round-1-names.html",
            "s1/standings.html",
            "s1/crosstable.html",
            "s1/players.html",
            "s1/player-4.html",
        ] {
            assert!(paths.iter().any(|p| p == expected), "{expected}: {paths:?}");
        }
        assert!(!paths.iter().any(|p| p.contains("round-2")), "{paths:?}");
    }

    #[test]
    fn page_renders_one_page_as_site_does() {
        let sections = [event()];
        let options = SiteOptions { live: true };
        for p in site(&sections, &options) {
            assert_eq!(page(&sections, &p.path, &options), Some(p.html));
        }
        assert_eq!(
            page(&sections, "/", &options),
            page(&sections, "index.html", &options)
        );
        assert_eq!(page(&sections, "s1/round-2.html", &options), None);
        assert_eq!(page(&sections, "s2/standings.html", &options), None);
        assert_eq!(page(&sections, "s0/standings.html", &options), None);
    }

    #[test]
    fn pairings_show_names_ratings_points_and_results() {
        let mut t = event();
        t.players[0].rating = Some(2345);
        let html = page(&[t], "s1/round-1.html", &SiteOptions::default()).expect("page");
        assert!(html.contains("<a href=\"player-1.html\">P1</a>"), "{html}");
        assert!(html.contains("2345"));
        assert!(html.contains("1 - 0"));
        assert!(html.contains("½ - ½"));
        assert!(html.contains("<a href=\"../index.html\">Event</a>"));
        assert!(html.contains("<title>Pairings, round 1 – Club &lt;Open&gt;</title>"));
    }

    #[test]
    fn standings_that_cannot_be_worked_out_say_so() {
        let mut t = Tournament {
            players: (1..=2)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        t.record_pairing(1, &[[1, 2]], None);
        t.set_published(1, true).expect("paired");
        let sections = [t];
        for path in [
            "s1/standings.html",
            "s1/crosstable.html",
            "s1/player-1.html",
        ] {
            let html = page(&sections, path, &SiteOptions::default()).expect("page");
            assert!(html.contains("class=\"error\""), "{path}: {html}");
            assert!(html.contains("No standings yet"), "{path}");
        }
    }

    #[test]
    fn the_player_page_works_out_each_tiebreak() {
        let mut t = event();
        t.players[0].club = "SK <Turm>".into();
        let sections = [t];
        let html = page(&sections, "s1/player-1.html", &SiteOptions::default()).expect("page");
        assert!(html.contains("Rank <strong>1</strong>"), "{html}");
        assert!(html.contains("<h3>"), "{html}");
        assert!(html.contains("Pairing number"));
        assert!(
            html.contains("<dt>Club</dt><dd>SK &lt;Turm&gt;</dd>"),
            "{html}"
        );
        assert!(!html.contains("Birth"));
    }
}
