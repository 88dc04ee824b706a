//! Printed documents for a 301-player generated tournament, checked through `pdftotext` and
//! `pdfinfo` (poppler-utils): every name, non-ASCII included, one line per board, the
//! page count the row count implies, paper size and orientation.

use crate::common;

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use swiss_arbiter::generator::{GeneratorConfig, generate};
use swiss_arbiter::print::{self, Body, Document, Format, Orientation, Paper, Sheet};
use swiss_arbiter::standings;
use swiss_arbiter::tournament::{ScoringSystem, SystemId, Tournament};

/// Names written over the first players of the event.
const NAMES: [&str; 6] = [
    "Müller, Łukasz",
    "Ødegård, Søren",
    "Петров, Иван",
    "Šťastný, Ľubomír",
    "Öztürk, Çağrı",
    "Παπαδόπουλος, Αλέξανδρος",
];

const FINAL_ROUND: u32 = 13;

/// A 301-player, 13-round event from our generator (the same in every run, and in a fresh
/// clone without the shared corpus) with non-ASCII names; `None` (the test skips) when
/// poppler-utils is absent.
fn setup() -> Option<Tournament> {
    if Command::new("pdftotext").arg("-v").output().is_err() {
        common::skipped(format_args!(
            "pdftotext is not installed (apt-get install -y poppler-utils)"
        ));
        return None;
    }
    static EVENT: OnceLock<Tournament> = OnceLock::new();
    let t = EVENT.get_or_init(|| {
        let config = GeneratorConfig {
            players: 301,
            rounds: FINAL_ROUND,
            planned_rounds: None,
            seed: 238,
            draw_rate: 0.3,
            results: Default::default(),
            forfeit_rate: 0.0,
            bye_rate: 0.0,
            scoring: ScoringSystem::standard(),
            baku: false,
            absences: Default::default(),
        };
        let mut t = generate(&config, SystemId::Dutch2026).expect("the event generates");
        for (id, name) in (1..).zip(NAMES) {
            t.player_mut(id).expect("player").name = name.to_string();
        }
        t.event.city = "Tórshavn".into();
        t
    });
    assert_eq!(t.players.len(), 301);
    Some(t.clone())
}

/// Renders a sheet to a temporary PDF; returns the document, its text (pages split at
/// form feeds, `-layout` so a table row stays one line) and its `pdfinfo`.
fn render(t: &Tournament, sheet: Sheet, paper: Paper) -> (Document, Vec<String>, String) {
    let doc = print::build(t, sheet, None).expect("document builds");
    let bytes = print::render(&doc, Format::Pdf, paper).expect("PDF renders");
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // Tests run in parallel and several render the same sheet on the same paper: each
    // call writes its own file, or one test reads another's PDF.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path: PathBuf = dir.join(format!("{sheet}-{paper:?}-{call}.pdf"));
    std::fs::write(&path, &bytes).expect("write PDF");
    let text = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    assert!(text.status.success());
    let text = String::from_utf8(text.stdout).expect("UTF-8 text");
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    let info = Command::new("pdfinfo")
        .arg(&path)
        .output()
        .expect("pdfinfo runs");
    (
        doc,
        pages,
        String::from_utf8_lossy(&info.stdout).into_owned(),
    )
}

fn rows(doc: &Document) -> usize {
    match &doc.body {
        Body::Table(table) => table.rows.len(),
        Body::Slips(slips) => slips.len(),
    }
}

/// The page count the rows imply: a first page with the title block, then full pages.
fn implied_pages(doc: &Document, paper: Paper) -> usize {
    let plan = print::page_plan(doc, paper).expect("plan");
    let items = rows(doc) + doc.notes.len().min(1) * (1 + plan.note_lines.len());
    if items <= plan.first_page_items {
        1
    } else {
        1 + (items - plan.first_page_items).div_ceil(plan.items_per_page)
    }
}

/// The page count `pdfinfo` reports.
fn info_pages(info: &str) -> usize {
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0)
}

fn check_pages(doc: &Document, pages: &[String], info: &str, paper: Paper) {
    let expected = implied_pages(doc, paper);
    assert_eq!(pages.len(), expected, "{}", doc.title);
    assert_eq!(info_pages(info), expected, "{info}");
    for (i, page) in pages.iter().enumerate() {
        let footer = format!("Page {} of {expected}", i + 1);
        assert!(page.contains(&footer), "{}: no {footer:?}", doc.title);
    }
    // Every page with table rows repeats the header row.
    if let Body::Table(table) = &doc.body {
        let plan = print::page_plan(doc, paper).expect("plan");
        for (page, items) in pages.iter().zip(&plan.pages) {
            if items.start < table.rows.len() {
                let header = page
                    .lines()
                    .find(|l| table.columns.iter().all(|c| l.contains(c.title.as_str())));
                assert!(header.is_some(), "{}: no header row on a page", doc.title);
            }
        }
    }
}

/// The lines of all pages that contain `needle`.
fn lines_with<'a>(pages: &'a [String], needle: &str) -> Vec<&'a str> {
    pages
        .iter()
        .flat_map(|p| p.lines())
        .filter(|l| l.contains(needle))
        .collect()
}

#[test]
fn pairings_have_one_line_per_board_with_both_names() {
    let Some(t) = setup() else { return };
    let (doc, pages, info) = render(&t, Sheet::Pairings, Paper::A4);
    assert_eq!(doc.title, format!("Round {FINAL_ROUND} pairings"));
    let boards = print::boards(&t, FINAL_ROUND);
    assert_eq!(boards.len(), 150);
    for board in &boards {
        let white = &t.player(board.white).expect("white").name;
        let black = &t.player(board.black).expect("black").name;
        let lines = lines_with(&pages, white);
        let lines: Vec<&&str> = lines
            .iter()
            .filter(|l| l.contains(black.as_str()))
            .collect();
        assert_eq!(lines.len(), 1, "board {}: {white} - {black}", board.number);
        let first = lines[0].split_whitespace().next();
        assert_eq!(
            first,
            Some(board.number.to_string().as_str()),
            "{}",
            lines[0]
        );
        assert!(lines[0].contains(&board.result), "{}", lines[0]);
    }
    let board_lines = pages
        .iter()
        .flat_map(|p| p.lines())
        .filter(|l| l.contains(" - ") && l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(board_lines, boards.len());
    // The first page holds fewer rows (it has the title block); the others are full.
    let plan = print::page_plan(&doc, Paper::A4).expect("plan");
    let per_page: Vec<usize> = pages
        .iter()
        .map(|p| {
            p.lines()
                .filter(|l| {
                    boards
                        .iter()
                        .any(|b| l.contains(&t.player(b.white).expect("white").name))
                })
                .count()
        })
        .collect();
    assert_eq!(per_page[0], plan.first_page_items, "{per_page:?}");
    assert_eq!(per_page[1], plan.items_per_page, "{per_page:?}");
    for name in NAMES {
        assert_eq!(lines_with(&pages, name).len(), 1, "{name}");
    }
    check_pages(&doc, &pages, &info, Paper::A4);
    assert!(info.contains("595.28 x 841.89 pts (A4)"), "{info}");
}

/// The pairings sheet is titled with the round and its date, and shows each player's
/// federation and rating on the board's line.
#[test]
fn pairings_are_titled_with_the_round_and_show_federations() {
    let Some(mut t) = setup() else { return };
    t.event.round_dates = (1..=FINAL_ROUND)
        .map(|r| format!("2026/03/{r:02}"))
        .collect();
    for p in &mut t.players {
        p.federation = if p.id % 2 == 0 { "EST" } else { "FRA" }.into();
    }
    let (_, pages, _) = render(&t, Sheet::Pairings, Paper::A4);
    assert!(
        pages[0].contains(&format!(
            "Round {FINAL_ROUND} pairings, 2026/03/{FINAL_ROUND}"
        )),
        "{}",
        pages[0]
    );
    let header = pages[0]
        .lines()
        .find(|l| l.contains("White") && l.contains("Black"))
        .expect("a header row");
    assert_eq!(header.matches("Fed").count(), 2, "{header}");
    assert_eq!(header.matches("Rtg").count(), 2, "{header}");
    for board in print::boards(&t, FINAL_ROUND).iter().take(20) {
        let white = t.player(board.white).expect("white");
        let black = t.player(board.black).expect("black");
        let line = lines_with(&pages, &white.name)
            .into_iter()
            .find(|l| l.contains(black.name.as_str()))
            .expect("the board's line");
        let after_white = &line[line.find(white.name.as_str()).expect("white")..];
        assert!(after_white.contains(&white.federation), "{line}");
        let after_black = &line[line.find(black.name.as_str()).expect("black")..];
        assert!(after_black.contains(&black.federation), "{line}");
        for p in [white, black] {
            if let Some(rating) = p.rating {
                assert!(line.contains(&rating.to_string()), "{line}");
            }
        }
    }
}

#[test]
fn letter_paper_holds_fewer_rows_per_page() {
    let Some(t) = setup() else { return };
    let (doc, pages, info) = render(&t, Sheet::RankList, Paper::Letter);
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");
    check_pages(&doc, &pages, &info, Paper::Letter);
    let a4 = print::page_plan(&doc, Paper::A4).expect("plan");
    let letter = print::page_plan(&doc, Paper::Letter).expect("plan");
    assert!(letter.items_per_page < a4.items_per_page);
}

#[test]
fn the_alphabetical_list_has_every_player_once_in_order() {
    let Some(t) = setup() else { return };
    let (doc, pages, info) = render(&t, Sheet::Alphabetical, Paper::A4);
    check_pages(&doc, &pages, &info, Paper::A4);
    // Latin letters with diacritics sort with their base letter; other scripts follow.
    let mut names: Vec<String> = ["Müller, Łukasz", "Ødegård, Søren", "Öztürk, Çağrı"]
        .map(String::from)
        .to_vec();
    // The generated "PlayerNNNN, Test" names, then Š after P, then Greek and Cyrillic.
    names.extend(t.players[6..].iter().map(|p| p.name.clone()));
    names.extend(
        [
            "Šťastný, Ľubomír",
            "Παπαδόπουλος, Αλέξανδρος",
            "Петров, Иван",
        ]
        .map(String::from),
    );
    let mut found = Vec::new();
    for page in &pages {
        for line in page.lines() {
            if let Some(name) = names
                .iter()
                .find(|n| line.trim_start().starts_with(n.as_str()))
            {
                found.push(name.clone());
            }
        }
    }
    assert_eq!(found, names);
}

#[test]
fn slips_one_per_board() {
    let Some(t) = setup() else { return };
    let (doc, pages, info) = render(&t, Sheet::Slips, Paper::A4);
    let boards = print::boards(&t, FINAL_ROUND).len();
    for b in 1..=boards {
        let heading = format!("Round {FINAL_ROUND} · Board {b} ");
        let count: usize = pages
            .iter()
            .flat_map(|p| p.lines())
            .map(|l| format!("{l} ").matches(&heading).count())
            .sum();
        assert_eq!(count, 1, "{heading}");
    }
    let plan = print::page_plan(&doc, Paper::A4).expect("plan");
    assert_eq!(pages.len(), boards.div_ceil(plan.items_per_page));
    assert_eq!(info_pages(&info), pages.len());
}

#[test]
fn standings_list_every_player_with_the_tiebreaks() {
    let Some(t) = setup() else { return };
    let (doc, pages, info) = render(&t, Sheet::Standings, Paper::A4);
    check_pages(&doc, &pages, &info, Paper::A4);
    let header = lines_with(&pages, "BH/C1");
    assert!(
        header
            .iter()
            .any(|l| l.contains("Pts") && l.contains("WIN")),
        "{header:?}"
    );
    for p in &t.players {
        assert_eq!(lines_with(&pages, &p.name).len(), 1, "{}", p.name);
    }
}

#[test]
fn the_crosstable_is_landscape_with_whole_names() {
    let Some(t) = setup() else { return };
    let (doc, pages, info) = render(&t, Sheet::Crosstable, Paper::A4);
    let plan = print::page_plan(&doc, Paper::A4).expect("plan");
    assert_eq!(plan.orientation, Orientation::Landscape);
    assert!(info.contains("841.89 x 595.28 pts (A4)"), "{info}");
    check_pages(&doc, &pages, &info, Paper::A4);
    for p in &t.players {
        assert_eq!(lines_with(&pages, &p.name).len(), 1, "{}", p.name);
    }
}

#[test]
fn the_rank_list_follows_pairing_numbers() {
    let Some(t) = setup() else { return };
    let (doc, pages, info) = render(&t, Sheet::RankList, Paper::A4);
    check_pages(&doc, &pages, &info, Paper::A4);
    let order: Vec<u32> = pages
        .iter()
        .flat_map(|p| p.lines())
        .filter_map(|l| {
            let number: u32 = l.split_whitespace().next()?.parse().ok()?;
            t.player(number)
                .filter(|p| l.contains(&p.name))
                .map(|p| p.id)
        })
        .collect();
    assert_eq!(order, (1..=301).collect::<Vec<u32>>());
}

/// A draft round prints "DRAFT, not published" on every page of its pairings, alphabetical
/// list and slips (it printed like a published round); a published round does not.
#[test]
fn a_draft_says_so_on_every_page() {
    let Some(mut t) = setup() else { return };
    let mark = print::DRAFT.to_uppercase();
    let (_, pages, _) = render(&t, Sheet::Pairings, Paper::A4);
    assert!(pages.iter().all(|p| !p.contains(&mark)), "published");
    let order: Vec<[u32; 2]> = t
        .boards(FINAL_ROUND)
        .iter()
        .map(|b| [b.white, b.black])
        .collect();
    t.round_records.resize(
        FINAL_ROUND as usize,
        swiss_arbiter::tournament::RoundRecord::default(),
    );
    for round in 1..FINAL_ROUND {
        t.round_records[round as usize - 1].published = true;
    }
    let last = &mut t.round_records[FINAL_ROUND as usize - 1];
    last.boards = order;
    last.published = false;
    for sheet in [Sheet::Pairings, Sheet::Alphabetical, Sheet::Slips] {
        let (doc, pages, _) = render(&t, sheet, Paper::A4);
        assert!(doc.draft, "{sheet}");
        assert!(pages.len() > 1, "{sheet}: several pages");
        for (i, page) in pages.iter().enumerate() {
            assert!(page.contains(&mark), "{sheet}, page {}", i + 1);
        }
    }
}

/// A team event's crosstable: one line per team in the standings' order, each holding the
/// team's rounds (`5w 2½`, the bye `U`) and its match and game points; landscape once
/// the rounds no longer fit portrait, as the players' crosstable.
#[test]
fn the_team_crosstable_holds_every_team_line() {
    if Command::new("pdftotext").arg("-v").output().is_err() {
        common::skipped(format_args!(
            "pdftotext is not installed (apt-get install -y poppler-utils)"
        ));
        return;
    }
    use swiss_arbiter::generator::teams::{TeamEvent, config, generate};
    let config = GeneratorConfig {
        forfeit_rate: 0.03,
        ..config(11, 17)
    };
    let t = generate(&config, &TeamEvent::new(15, 4)).expect("the team event generates");
    let (doc, pages, info) = render(&t, Sheet::Crosstable, Paper::A4);
    assert_eq!(doc.title, "Team crosstable after round 11");
    let plan = print::page_plan(&doc, Paper::A4).expect("plan");
    assert_eq!(plan.orientation, Orientation::Landscape, "11 rounds");
    check_pages(&doc, &pages, &info, Paper::A4);
    let s = standings::event_team_standings(&t, None)
        .expect("a team event")
        .expect("standings");
    let x = standings::team_crosstable(&t, &s);
    assert_eq!(x.lines.len(), 15);
    let mut last = 0;
    for line in &x.lines {
        let found = lines_with(&pages, &format!(" {} ", line.row.name));
        assert_eq!(found.len(), 1, "{}: {found:?}", line.row.name);
        let text = found[0];
        // Its cells in order, each where the one before ends.
        let mut at = 0;
        for cell in x.cells(line).iter().filter(|c| !c.is_empty()) {
            let Some(i) = text[at..].find(cell.as_str()) else {
                panic!("{cell:?} is not in order in {text:?}");
            };
            at += i + cell.len();
        }
        // Lines in the standings' order.
        let position = pages
            .join("\n")
            .find(text)
            .expect("the line is in the text");
        assert!(position >= last, "{} is out of order", line.row.name);
        last = position;
    }
}

/// A name in each script a player's name is written in, with the script's name as the
/// warnings of [`print::render_with_warnings`] spell it (`unicode-script`'s full name).
const SCRIPT_NAMES: [(&str, &str); 10] = [
    ("Latin", "Müller, Łukasz"),
    ("Cyrillic", "Петров, Иван"),
    ("Greek", "Παπαδόπουλος, Αλέξανδρος"),
    ("Arabic", "عبد الله"),
    ("Hebrew", "דוד כהן"),
    ("Han", "王小龙"),
    ("Han", "山田 太郎"),
    ("Hiragana", "さくら"),
    ("Hangul", "김민준"),
    ("Devanagari", "राहुल शर्मा"),
];

/// The fonts `.ci/run` installs for the scripts DejaVu lacks (Debian package names).
const FONT_PACKAGES: &str = "fonts-noto-cjk (Han, Hiragana, Hangul), fonts-noto-core (Devanagari)";

/// Every name in its own row, read back from the PDF: DejaVu for the scripts it has, the
/// system's fonts for the others (issue 54: CJK and Devanagari printed as empty boxes). A
/// script no installed font has is skipped with the fonts to install.
#[test]
fn names_in_every_script_print_and_read_back() {
    if Command::new("pdftotext").arg("-v").output().is_err() {
        common::skipped(format_args!(
            "pdftotext is not installed (apt-get install -y poppler-utils)"
        ));
        return;
    }
    let table = print::Table {
        columns: vec![
            print::Column::fixed("No", print::Align::Right),
            print::Column::names("Name"),
            print::Column::fixed("Script", print::Align::Left),
        ],
        rows: (1..)
            .zip(SCRIPT_NAMES)
            .map(|(no, (script, name))| vec![format!("{no}"), name.to_string(), script.into()])
            .collect(),
    };
    let doc = Document {
        event: "Open 国际 – राष्ट्रीय".into(),
        title: "Players".into(),
        draft: false,
        details: vec![],
        orientation: None,
        body: Body::Table(table),
        notes: vec![],
    };
    let rendered =
        print::render_with_warnings(&doc, Format::Pdf, Paper::A4).expect("the PDF renders");
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("scripts.pdf");
    std::fs::write(&path, &rendered.bytes).expect("write PDF");
    let text = Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext runs");
    assert!(text.status.success());
    // pdftotext marks right-to-left text with embeddings (U+202B ... U+202C).
    let text: String = String::from_utf8(text.stdout)
        .expect("UTF-8 text")
        .chars()
        .filter(|c| !matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}'))
        .collect();
    let warning = rendered.warnings.join("\n");
    let mut missing: Vec<&str> = SCRIPT_NAMES
        .iter()
        .filter(|(script, _)| warning.contains(&format!("{script}:")))
        .map(|(script, _)| *script)
        .collect();
    missing.dedup();
    for (script, name) in SCRIPT_NAMES {
        if missing.contains(&script) {
            continue;
        }
        assert!(
            text.contains(name),
            "{script} name {name:?} not in the PDF's text:\n{text}"
        );
    }
    for script in ["Latin", "Cyrillic", "Greek", "Arabic", "Hebrew"] {
        assert!(!missing.contains(&script), "DejaVu has {script}: {warning}");
    }
    if missing.is_empty() {
        assert!(rendered.warnings.is_empty(), "{warning}");
    } else {
        common::skipped(format_args!(
            "no installed font has {} (the PDF prints them as boxes; install {FONT_PACKAGES}): {warning}",
            missing.join(", ")
        ));
    }
}
