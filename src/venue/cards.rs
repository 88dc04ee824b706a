//! Board cards: one card per board of a round, with the board's QR code (its page and
//! token) for the players, printed and put on the board (or cut out with the slips).

use std::fmt::Write;

use crate::print::escape;
use crate::tournament::Tournament;

use super::codes::Secret;
use super::qr;

/// The address of a board's page, with its token: what its QR code holds.
pub fn board_url(base: &str, secret: &Secret, section: usize, round: u32, board: usize) -> String {
    format!(
        "{}/board/{}/{round}/{board}?t={}",
        base.trim_end_matches('/'),
        section + 1,
        secret.board_token(section, round, board)
    )
}

/// The cards of every section's `round` (default: each section's last published round)
/// as one HTML page to print; `base`: the address the phones reach the server at.
pub fn board_cards(
    sections: &[Tournament],
    secret: &Secret,
    round: Option<u32>,
    base: &str,
) -> Result<String, String> {
    if !(base.starts_with("http://") || base.starts_with("https://")) {
        return Err(format!("{base:?}: the address starts with http://"));
    }
    let mut cards = String::new();
    let mut count = 0;
    for (s, t) in sections.iter().enumerate() {
        let r = round.unwrap_or_else(|| {
            (1..=t.rounds_recorded())
                .rev()
                .find(|&r| t.is_published(r))
                .unwrap_or(0)
        });
        if r == 0 || !t.is_published(r) {
            continue;
        }
        for (i, b) in t.boards(r).iter().enumerate() {
            let url = board_url(base, secret, s, r, i + 1);
            let name = |id: u32| {
                escape(
                    &t.player(id)
                        .map(|p| p.name.clone())
                        .unwrap_or_else(|| id.to_string()),
                )
            };
            let _ = writeln!(
                cards,
                "<div class=\"card\"><h2>Board {}</h2><p>{} · round {r}</p>\
                 <p>{} – {}</p>{}<p class=\"url\">{}</p></div>",
                i + 1,
                escape(&t.event.name),
                name(b.white),
                name(b.black),
                qr::svg(&url, 140).unwrap_or_default(),
                escape(&url)
            );
            count += 1;
        }
    }
    if count == 0 {
        return Err("no published round to make board cards for".to_string());
    }
    Ok(format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Board cards</title>\
         <style>body{{font-family:sans-serif}}.cards{{display:grid;grid-template-columns:1fr 1fr 1fr;gap:8mm}}\
         .card{{border:1px dashed #777;padding:4mm;break-inside:avoid;text-align:center}}\
         .card h2{{margin:0}}.card p{{margin:1mm 0}}.url{{font-size:6pt;word-break:break-all}}</style>\
         </head><body><div class=\"cards\">\n{cards}</div></body></html>\n"
    ))
}
