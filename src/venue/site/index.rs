//! The index: the event's name, place and dates, and each section with the links to its
//! published rounds' pairings, its standings, crosstable and players.

use crate::print::escape;
use crate::tournament::Tournament;

use super::paths::{PagePath, SectionPage};
use super::section::Section;
use super::{SiteOptions, layout};

/// The index page of `sections`.
pub(crate) fn render(sections: &[Tournament], options: &SiteOptions) -> String {
    let here = PagePath::Index;
    let name = event_name(sections);
    let mut body = format!("<h1>{}</h1>\n", escape(&name));
    if let Some(t) = sections.first() {
        let e = &t.event;
        let place = join(&[&e.city, &e.federation], ", ");
        let dates = join(&[&e.start_date, &e.end_date], " – ");
        let line = join(&[&place, &dates], " · ");
        if !line.is_empty() {
            body.push_str(&format!("<p>{}</p>\n", escape(&line)));
        }
    }
    if sections.is_empty() {
        body.push_str("<p>This event has no section yet.</p>\n");
    }
    for (i, t) in sections.iter().enumerate() {
        let section = Section::new(t, i as u32 + 1);
        let link = |page: SectionPage, label: &str| {
            format!(
                "<a href=\"{}\">{}</a>",
                here.href(&section.path(page)),
                escape(label)
            )
        };
        body.push_str(&format!(
            "<h2>{}</h2>\n<ul class=\"links\">\n",
            escape(&section.name())
        ));
        for &r in section.rounds.iter().rev() {
            body.push_str(&format!(
                "<li>Round {r}: {} · {}</li>\n",
                link(SectionPage::Round(r), "pairings"),
                link(SectionPage::RoundByName(r), "by name")
            ));
        }
        if section.rounds.is_empty() {
            body.push_str("<li>No pairing published yet.</li>\n");
        }
        let standings = if section.standings_round > 0 {
            format!("Standings after round {}", section.standings_round)
        } else {
            "Standings".to_string()
        };
        for (page, label) in [
            (SectionPage::Standings, standings.as_str()),
            (SectionPage::Crosstable, "Crosstable"),
            (SectionPage::Players, "Players"),
        ] {
            body.push_str(&format!("<li>{}</li>\n", link(page, label)));
        }
        body.push_str("</ul>\n");
    }
    layout::page_layout(
        &name,
        "",
        &[(here.href(&PagePath::Index), "Event".to_string())],
        &body,
        options,
    )
}

/// The event's name: the first section's (a file of sections names each one; the first
/// carries the event), or a stand-in.
fn event_name(sections: &[Tournament]) -> String {
    sections
        .first()
        .map(|t| t.event.name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "Tournament".to_string())
}

/// The parts that are not empty, joined by `sep`.
fn join(parts: &[&str], sep: &str) -> String {
    parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(sep)
}
