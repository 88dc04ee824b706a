//! HTML export: one self-contained page per document, text escaped, one table row per
//! line of the document, the same content as the PDF's document description.

use crate::common;

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
    // Every sheet prints, the prize list too.
    t.prizes.prizes = swiss_arbiter::prizes::prize_file::read("Overall,1,100\nOverall,2,50", "p")
        .expect("prizes");
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
    assert!(page.contains("<title>Open &lt;b&gt;2026&lt;/b&gt; – Round 4 pairings</title>"));
}

/// One board order everywhere: the pairings sheet, the alphabetical list and the slips
/// (the same documents the PDF is drawn from) number the boards as the round's record does
/// ([`Tournament::boards`], what the window shows), also after an override published them
/// in another order (the sheet used to sort them again, so board 1 on screen was board 2
/// on paper); a round read from TRF, which records no order, is in the engine's C.04.2
/// order.
#[test]
fn every_document_numbers_the_boards_as_the_round_records_them() {
    use swiss_arbiter::tournament::{RoundRecord, SystemId};
    let mut t = fixture();
    let round = 4;
    let engine = swiss_arbiter::pairing::PairingRequest::recorded(&t, SystemId::Dutch2026, round)
        .pair()
        .expect("pairs");
    let read: Vec<[u32; 2]> = t.boards(round).iter().map(|b| [b.white, b.black]).collect();
    let engines: Vec<[u32; 2]> = engine.pairs.iter().map(|p| [p.white, p.black]).collect();
    assert_eq!(read, engines, "TRF: the C.04.2 order");

    // Published in another order (an override): boards reversed.
    let mut published = read.clone();
    published.reverse();
    t.round_records
        .resize(round as usize, RoundRecord::default());
    t.round_records[round as usize - 1].boards = published.clone();
    let shown: Vec<[u32; 2]> = t.boards(round).iter().map(|b| [b.white, b.black]).collect();
    assert_eq!(shown, published);
    let printed: Vec<[u32; 2]> = print::boards(&t, round)
        .iter()
        .map(|b| [b.white, b.black])
        .collect();
    assert_eq!(printed, published);

    let number_of = |id: u32| {
        published
            .iter()
            .position(|b| b.contains(&id))
            .map(|i| (i + 1).to_string())
    };
    let table = |sheet: Sheet| match print::build(&t, sheet, None).expect("builds").body {
        Body::Table(table) => table,
        Body::Slips(_) => panic!("{sheet}: a table"),
    };
    let pairings = table(Sheet::Pairings);
    for (i, [white, black]) in published.iter().enumerate() {
        let row = &pairings.rows[i];
        assert_eq!(
            (&row[0], &row[1], &row[9]),
            (&(i + 1).to_string(), &white.to_string(), &black.to_string()),
            "pairings sheet, board {}",
            i + 1
        );
    }
    let alphabetical = table(Sheet::Alphabetical);
    let no = alphabetical.columns.iter().position(|c| c.title == "No");
    let bd = alphabetical.columns.iter().position(|c| c.title == "Bd");
    let (Some(no), Some(bd)) = (no, bd) else {
        panic!("the alphabetical list has No and Bd columns");
    };
    for row in &alphabetical.rows {
        let id: u32 = row[no].parse().expect("a number");
        assert_eq!(
            number_of(id).unwrap_or_default(),
            row[bd],
            "alphabetical list, player {id}"
        );
    }
    let Body::Slips(slips) = print::build(&t, Sheet::Slips, None).expect("builds").body else {
        panic!("slips");
    };
    for (i, slip) in slips.iter().enumerate() {
        assert!(
            slip.heading.ends_with(&format!("Board {}", i + 1)),
            "{}",
            slip.heading
        );
        let white = t.player(published[i][0]).expect("white");
        assert!(
            slip.white.contains(&white.name),
            "slip {}: {}",
            i + 1,
            slip.white
        );
    }
}

/// A draft round's sheets carry the draft mark (fixed, so that a browser prints it on every
/// page) and say it in the title; standings and published rounds do not.
#[test]
fn a_draft_round_is_marked() {
    use swiss_arbiter::tournament::RoundRecord;
    let mut t = fixture();
    let mark = format!("<div class=\"draft\">{}</div>", print::DRAFT.to_uppercase());
    assert!(!html(&t, Sheet::Pairings).contains(&mark));
    t.round_records.resize(4, RoundRecord::default());
    for record in &mut t.round_records[..3] {
        record.published = true;
    }
    for sheet in [Sheet::Pairings, Sheet::Alphabetical, Sheet::Slips] {
        let page = html(&t, sheet);
        assert!(page.contains(&mark), "{sheet}");
        assert!(
            page.contains(&format!("round 4 – {}", print::DRAFT))
                || page.contains(&format!("Round 4 pairings – {}", print::DRAFT))
                || page.contains(&format!("round 4: alphabetical list – {}", print::DRAFT)),
            "{sheet}"
        );
    }
    assert!(!html(&t, Sheet::Standings).contains(&mark));
}
