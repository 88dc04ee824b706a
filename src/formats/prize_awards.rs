//! The prizes given (`crate::prizes`) as text for the notice board and CSV for the
//! treasurer.

use crate::prizes::Awards;
use crate::prizes::prize_file::format_amount;
use crate::tournament::{PrizeList, Sharing, Tournament};

/// The CSV header.
pub const CSV_HEADER: &str =
    "Category,Place,StartNo,Name,Rank,Points,Announced,Amount,Label,SharedWith";

/// One row per prize given, by category and place; the players shared with are listed by
/// pairing number, separated by spaces.
pub fn csv(t: &Tournament, awards: &Awards) -> String {
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
pub fn text(t: &Tournament, list: &PrizeList, awards: &Awards) -> String {
    let currency = match list.currency.trim() {
        "" => String::new(),
        c => format!(" {c}"),
    };
    let rule = match list.sharing {
        Sharing::TieBreaks => "ties decided by the tie-breaks",
        Sharing::Equal => "money shared equally among players tied on points",
        Sharing::Hort => "Hort system: half by the tie-breaks, half shared equally",
    };
    let mut out = format!("Prizes ({rule}; one prize per player)\n");
    let mut category = None;
    for a in &awards.awards {
        if category.as_ref() != Some(&a.category) {
            out.push_str(&format!("\n{}\n", a.category.name()));
            category = Some(a.category.clone());
        }
        let name = t.player(a.id).map(|p| p.name.as_str()).unwrap_or_default();
        let mut money = format!("{}{currency}", format_amount(a.amount));
        if a.amount != a.announced {
            money.push_str(&format!(
                " (place {}: {}; shared with {})",
                a.place,
                format_amount(a.announced),
                a.shared_with
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let line = format!(
            "{:>4}.  {:<28} {:>4} {:>5}  rank {:>3}  {money}  {}",
            a.place,
            name.chars().take(28).collect::<String>(),
            a.id,
            a.points,
            a.rank,
            a.label
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if !awards.unawarded.is_empty() {
        out.push_str("\nNot awarded (no eligible player left)\n");
        for (category, place, amount) in &awards.unawarded {
            out.push_str(&format!(
                "  {} place {place}: {}{currency}\n",
                category.name(),
                format_amount(*amount)
            ));
        }
    }
    for note in &awards.notes {
        out.push_str(&format!("\nNote: {note}\n"));
    }
    out
}
