//! The prizes given (`crate::prizes`) as text for the notice board and CSV for the
//! treasurer.

use super::columns;
use crate::prizes::Awards;
use crate::prizes::prize_file::format_amount;
use crate::tournament::{PrizeList, Sharing, Tournament};

/// The headings of the table of prizes given, as the window and the printed list show it.
pub(crate) const TABLE_HEADINGS: [&str; 8] = [
    "Prize", "Rk", "No", "Name", "Pts", "Amount", "Also", "Shared",
];

/// The rules of the list in a sentence, for the head of a prize list.
pub(crate) fn rule_text(sharing: Sharing) -> &'static str {
    match sharing {
        Sharing::TieBreaks => "One prize per player; ties decided by the tie-breaks.",
        Sharing::Equal => {
            "One prize per player; money shared equally among players tied on points."
        }
        Sharing::Hort => {
            "One prize per player; Hort system: half of each place's money by the \
             tie-breaks, half shared equally among players tied on points."
        }
    }
}

/// An amount in the list's currency: `300 EUR`, or `300` without one.
pub(crate) fn money(list: &PrizeList, cents: i64) -> String {
    match list.currency.trim() {
        "" => format_amount(cents),
        c => format!("{} {c}", format_amount(cents)),
    }
}

/// The cells of the prizes given, one row per prize, under [`TABLE_HEADINGS`]: the prize,
/// the player's rank, number, name and points, the money received, what is given besides
/// it, and with whom it is shared (the place's own money beside it).
pub(crate) fn table_rows(t: &Tournament, list: &PrizeList, awards: &Awards) -> Vec<Vec<String>> {
    awards
        .awards
        .iter()
        .map(|a| {
            let shared = if a.shared_with.is_empty() {
                String::new()
            } else {
                let ids: Vec<String> = a.shared_with.iter().map(u32::to_string).collect();
                format!(
                    "place {}: {}; with {}",
                    a.place,
                    money(list, a.announced),
                    ids.join(", ")
                )
            };
            vec![
                format!("{} {}", a.category.name(), a.place),
                a.rank.to_string(),
                a.id.to_string(),
                t.player(a.id).map(|p| p.name.clone()).unwrap_or_default(),
                a.points.to_string(),
                money(list, a.amount),
                a.label.clone(),
                shared,
            ]
        })
        .collect()
}

/// The prizes no one could take, and what the award has to say (an event without a
/// date has no one in an age category).
pub(crate) fn unawarded_lines(list: &PrizeList, awards: &Awards) -> Vec<String> {
    awards
        .unawarded
        .iter()
        .map(|(category, place, amount)| {
            format!(
                "Not awarded, no eligible player left: {} {place} ({}).",
                category.name(),
                money(list, *amount)
            )
        })
        .chain(awards.notes.iter().cloned())
        .collect()
}

/// The CSV header.
pub(crate) const CSV_HEADER: &str =
    "Category,Place,StartNo,Name,Rank,Points,Announced,Amount,Label,SharedWith";

/// One row per prize given, by category and place; the players shared with are listed by
/// pairing number, separated by spaces.
pub(crate) fn csv(t: &Tournament, awards: &Awards) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for a in &awards.awards {
        let name = t.player(a.id).map(|p| p.name.as_str()).unwrap_or_default();
        let shared: Vec<String> = a.shared_with.iter().map(u32::to_string).collect();
        out.push_str(&format!(
            "{},{},{},\"{}\",{},{},{},{},\"{}\",{}\n",
            a.category.name(),
            a.place,
            a.id,
            name.replace('"', "\"\""),
            a.rank,
            a.points,
            format_amount(a.announced),
            format_amount(a.amount),
            a.label.replace('"', "\"\""),
            shared.join(" ")
        ));
    }
    out
}

/// The prize list by category: place, player, points, money (the announced amount beside
/// it when shared), what is given besides money; then the prizes no one could take.
pub(crate) fn text(t: &Tournament, list: &PrizeList, awards: &Awards) -> String {
    let mut out = format!("Prizes. {}\n", rule_text(list.sharing));
    let mut category = None;
    for a in &awards.awards {
        if category.as_ref() != Some(&a.category) {
            out.push_str(&format!("\n{}\n", a.category.name()));
            category = Some(a.category.clone());
        }
        let name = t.player(a.id).map(|p| p.name.as_str()).unwrap_or_default();
        let mut amount = money(list, a.amount);
        if a.amount != a.announced {
            amount.push_str(&format!(
                " (place {}: {}; shared with {})",
                a.place,
                money(list, a.announced),
                a.shared_with
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let line = format!(
            "{:>4}.  {} {:>4} {:>5}  rank {:>3}  {amount}  {}",
            a.place,
            columns::clip(name, 28),
            a.id,
            a.points,
            a.rank,
            a.label
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let lines = unawarded_lines(list, awards);
    if !lines.is_empty() {
        out.push('\n');
    }
    for line in lines {
        out.push_str(&format!("{line}\n"));
    }
    out
}
