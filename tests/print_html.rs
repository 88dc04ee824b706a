//! HTML export: one self-contained page per document, text escaped, one table row per
//! line of the document, the same content as the PDF's document description.

mod common;

use swiss_arbiter::print::{self, Body, Format, Paper, Sheet};
use swiss_arbiter::tournament::Tournament;

fn fixture() -> Tournament {
    let mut t = swiss_arbiter::formats::trf::read_file(
        &common::fixtures_dir().join("dutch2026-n010-r04-s3100008.trf"),
    )
    .expect("fixture reads");
    t.player_mut(1).expect("player 1").name = "<Bobby> & \"Tables\" O'Neil".into();
    t.player_mut(2).expect("player 2").name = "Ødegård, Søren".into();
    t.event.name = "Open <b>2026</b>".into();
    t
}

fn html(t: &Tournament, sheet: Sheet) -> String {
    let doc = print::build(t, sheet, None).expect("document builds");
    let bytes = print::render(&doc, Format::Html, Paper::A4).expect("HTML renders");
    String::from_utf8(bytes).expect("UTF-8")
}

#[test]
fn every_sheet_is_a_self_contained_escaped_page() {
    let t = fixture();
    for sheet in Sheet::ALL {
        let page = html(&t, sheet);
        assert!(
            page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"),
            "{sheet}"
        );
        assert!(page.ends_with("</body>\n</html>\n"), "{sheet}");
        assert!(page.contains("<meta charset=\"utf-8\">"));
        assert!(page.contains("<style>") && page.contains("@page{size:A4"));
        for external in ["<script", "<link", "src=", "href="] {
            assert!(!page.contains(external), "{sheet}: {external}");
        }
        assert!(
            page.contains("<h1>Open &lt;b&gt;2026&lt;/b&gt;</h1>"),
            "{sheet}"
        );
        assert!(!page.contains("<Bobby>"), "{sheet}: unescaped name");
        assert!(
            page.contains("&lt;Bobby&gt; &amp; &quot;Tables&quot; O&#39;Neil"),
            "{sheet}"
        );
        assert!(page.contains("Ødegård, Søren"), "{sheet}");
    }
}

#[test]
fn tables_have_one_header_and_a_row_per_line() {
    let t = fixture();
    for sheet in Sheet::ALL {
        let doc = print::build(&t, sheet, None).expect("document builds");
        let page = html(&t, sheet);
        match &doc.body {
            Body::Table(table) => {
                assert_eq!(page.matches("<table>").count(), 1, "{sheet}");
                assert_eq!(page.matches("<thead>").count(), 1, "{sheet}");
                assert_eq!(page.matches("<th ").count(), table.columns.len(), "{sheet}");
                // The header row and one per line.
                assert_eq!(
                    page.matches("<tr>").count(),
                    1 + table.rows.len(),
                    "{sheet}"
                );
            }
            Body::Slips(slips) => {
                assert_eq!(slips.len(), print::boards(&t, 4).len());
                assert_eq!(
                    page.matches("<section class=\"slip\">").count(),
                    slips.len()
                );
            }
        }
    }
}

#[test]
fn pairings_show_every_board_and_the_players_not_paired() {
    let t = fixture();
    let page = html(&t, Sheet::Pairings);
    let boards = print::boards(&t, 4);
    assert_eq!(boards.len(), 5);
    for board in &boards {
        let row = format!(
            "<tr><td class=\"r\">{}</td><td class=\"r\">{}</td>",
            board.number, board.white
        );
        assert!(page.contains(&row), "{row}");
    }
    assert!(page.contains("<title>Open &lt;b&gt;2026&lt;/b&gt; – Pairings, round 4</title>"));
}
