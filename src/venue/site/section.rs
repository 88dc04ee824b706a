//! One section as the site shows it: its published rounds, the round its standings are
//! after, the standings worked out once for all its pages, and the links to its players
//! and teams.

use std::cell::OnceCell;

use crate::print::escape;
use crate::standings::{self, EventTeamStandings, Options, Rules, Standings};
use crate::tournament::{Player, Tournament};

use super::paths::{PagePath, SectionPage};

/// A section of the event and what its pages share.
pub(crate) struct Section<'a> {
    pub(crate) t: &'a Tournament,
    /// From 1, in the file's order.
    pub(crate) number: u32,
    /// The rounds whose pairing is published, in order, up to the first draft: a draft
    /// pairing is never shown, nor anything after it.
    pub(crate) rounds: Vec<u32>,
    /// The standings are after this round: the last round with every result entered
    /// ([`standings::default_round`]), never a draft round; 0 when none is complete.
    pub(crate) standings_round: u32,
    standings: OnceCell<Result<Standings, String>>,
    team_standings: OnceCell<Result<EventTeamStandings, String>>,
}

impl<'a> Section<'a> {
    /// Section `number` (from 1) of the event.
    pub(crate) fn new(t: &'a Tournament, number: u32) -> Section<'a> {
        let recorded = t.rounds_recorded();
        let first_draft = (1..=recorded).find(|&r| t.is_paired(r) && !t.is_published(r));
        let last_shown = first_draft.map_or(recorded, |r| r - 1);
        let rounds = (1..=last_shown).filter(|&r| t.is_paired(r)).collect();
        let standings_round = standings::default_round(t).min(last_shown);
        Section {
            t,
            number,
            rounds,
            standings_round,
            standings: OnceCell::new(),
            team_standings: OnceCell::new(),
        }
    }

    /// The section's name (its event's title, or "Untitled").
    pub(crate) fn name(&self) -> String {
        self.t.section_name()
    }

    /// The path of one of its pages.
    pub(crate) fn path(&self, page: SectionPage) -> PagePath {
        PagePath::Section(self.number, page)
    }

    /// The last published round, 0 if none.
    pub(crate) fn last_round(&self) -> u32 {
        self.rounds.last().copied().unwrap_or(0)
    }

    /// Whether the pairing of `round` is shown.
    pub(crate) fn shows_round(&self, round: u32) -> bool {
        self.rounds.contains(&round)
    }

    /// The pages of the section, in order: standings, crosstable, players, each published
    /// round by board and by name, each player, each team.
    pub(crate) fn pages(&self) -> Vec<SectionPage> {
        let mut pages = vec![
            SectionPage::Standings,
            SectionPage::Crosstable,
            SectionPage::Players,
        ];
        for &r in &self.rounds {
            pages.push(SectionPage::Round(r));
            pages.push(SectionPage::RoundByName(r));
        }
        pages.extend(self.t.players.iter().map(|p| SectionPage::Player(p.id)));
        pages.extend(self.t.teams.iter().map(|team| SectionPage::Team(team.id)));
        pages
    }

    /// Whether `page` is a page of the section.
    pub(crate) fn has(&self, page: SectionPage) -> bool {
        match page {
            SectionPage::Standings | SectionPage::Crosstable | SectionPage::Players => true,
            SectionPage::Round(r) | SectionPage::RoundByName(r) => self.shows_round(r),
            SectionPage::Player(id) => self.t.player(id).is_some(),
            SectionPage::Team(id) => self.t.team(id).is_some(),
        }
    }

    /// The standings with the event's tie-breaks (C.07; the event's list, else the
    /// default one) under the rules of the event's date, after [`Self::standings_round`];
    /// an error in plain words when they cannot be worked out.
    pub(crate) fn standings(&self) -> &Result<Standings, String> {
        self.standings.get_or_init(|| {
            if self.standings_round == 0 {
                return Err(no_round_complete());
            }
            let tiebreaks = standings::event_tiebreaks(&self.t.event)
                .map_err(|e| format!("The event's tie-break list cannot be read: {e}"))?
                .unwrap_or_else(standings::default_tiebreaks);
            let options = Options {
                tiebreaks,
                round: Some(self.standings_round),
                rules: Rules::for_event(&self.t.event),
            };
            standings::compute(self.t, &options)
                .map_err(|e| format!("The standings cannot be worked out yet: {e}."))
        })
    }

    /// The team standings of a team event (C.04.6, with the event's team tie-breaks, C.07)
    /// after [`Self::standings_round`].
    pub(crate) fn team_standings(&self) -> &Result<EventTeamStandings, String> {
        self.team_standings.get_or_init(|| {
            if self.standings_round == 0 {
                return Err(no_round_complete());
            }
            standings::event_team_standings(self.t, Some(self.standings_round))
                .unwrap_or_else(|| Err("this event has no teams".to_string()))
                .map_err(|e| format!("The team standings cannot be worked out yet: {e}."))
        })
    }

    /// A link from page `from` to a player's page, his name as its text; his pairing
    /// number alone when nobody has it (an inconsistent file).
    pub(crate) fn player_link(&self, from: &PagePath, id: u32) -> String {
        match self.t.player(id) {
            Some(p) => format!(
                "<a href=\"{}\">{}</a>",
                from.href(&self.path(SectionPage::Player(id))),
                escape(&display_name(p))
            ),
            None => format!("#{id}"),
        }
    }

    /// A link from page `from` to a team's page, its name as its text.
    pub(crate) fn team_link(&self, from: &PagePath, id: u32) -> String {
        match self.t.team(id) {
            Some(team) => format!(
                "<a href=\"{}\">{}</a>",
                from.href(&self.path(SectionPage::Team(id))),
                escape(&team.name)
            ),
            None => format!("team {id}"),
        }
    }

    /// The navigation of the section's pages: the index, the last published round's
    /// pairings, standings, crosstable, players.
    pub(crate) fn nav(&self, from: &PagePath) -> Vec<(String, String)> {
        let mut nav = vec![(from.href(&PagePath::Index), "Event".to_string())];
        let last = self.last_round();
        if last > 0 {
            nav.push((
                from.href(&self.path(SectionPage::Round(last))),
                "Pairings".to_string(),
            ));
            nav.push((
                from.href(&self.path(SectionPage::RoundByName(last))),
                "Find my board".to_string(),
            ));
        }
        for (page, label) in [
            (SectionPage::Standings, "Standings"),
            (SectionPage::Crosstable, "Crosstable"),
            (SectionPage::Players, "Players"),
        ] {
            nav.push((from.href(&self.path(page)), label.to_string()));
        }
        nav
    }
}

/// The name as lists show it: with the title before it when he has one.
pub(crate) fn display_name(p: &Player) -> String {
    if p.title.trim().is_empty() {
        p.name.clone()
    } else {
        format!("{} {}", p.title.trim(), p.name)
    }
}

/// A rating, or empty for an unrated player.
pub(crate) fn rating(p: &Player) -> String {
    p.rating.map(|r| r.to_string()).unwrap_or_default()
}

fn no_round_complete() -> String {
    "No standings yet: they appear once every result of a published round is entered.".to_string()
}

/// A table in its scrolling box: `head` the column titles with their classes (`n`
/// numbers, `c` centred, empty text), `rows` cells already HTML (class, html).
pub(crate) fn table(head: &[(&str, &str)], rows: &[Vec<(&'static str, String)>]) -> String {
    let mut html = String::from("<div class=\"scroll\"><table>\n<thead><tr>");
    for (class, title) in head {
        html.push_str(&cell("th", class, &escape(title)));
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        html.push_str("<tr>");
        for (class, text) in row {
            html.push_str(&cell("td", class, text));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody></table></div>\n");
    html
}

/// One cell.
fn cell(tag: &str, class: &str, html: &str) -> String {
    if class.is_empty() {
        format!("<{tag}>{html}</{tag}>")
    } else {
        format!("<{tag} class=\"{class}\">{html}</{tag}>")
    }
}
