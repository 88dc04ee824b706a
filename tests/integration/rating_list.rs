//! FIDE rating list import (issue #26): every layout FIDE publishes, plain and zipped,
//! reads to the same records; the saved index reads back equal; every player is found by
//! ID and by name; the real sample lines read as FIDE means them; hostile files are clear
//! errors with bounded memory; the update of an event from the list.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::AtomicBool;

use swiss_arbiter::formats::rating_list::fold::fold;
use swiss_arbiter::formats::rating_list::search::search;
use swiss_arbiter::formats::rating_list::update::{
    Change, Field, register_from_list, update_from_list,
};
use swiss_arbiter::formats::rating_list::{
    self, Index, IndexError, ListError, ReadOptions, Record,
};
use swiss_arbiter::generator::rating_list::{self as synthetic, Layout};
use swiss_arbiter::tournament::{ListId, Player, RatingList, Sex, Tournament};

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-rl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Writes `records` in `layout` (zipped or not) under FIDE's file name; returns the path.
fn write_list(dir: &Path, layout: Layout, zipped: bool, records: &[Record]) -> PathBuf {
    let name = layout.file_name();
    let path = dir.join(if zipped {
        format!("{name}.zip")
    } else {
        name.clone()
    });
    let file = std::fs::File::create(&path).expect("create");
    let mut out = std::io::BufWriter::new(file);
    let records = records.iter().cloned();
    if zipped {
        synthetic::write_zip(&mut out, &name, |member| {
            synthetic::write(member, layout, records)
        })
    } else {
        synthetic::write(&mut out, layout, records)
    }
    .expect("write the list");
    out.flush().expect("flush");
    path
}

fn read_all(path: &Path) -> Result<(Vec<Record>, rating_list::Reading), ListError> {
    let mut records = Vec::new();
    let reading = rating_list::read(path, ReadOptions::default(), &mut |r| records.push(r))?;
    Ok((records, reading))
}

const LAYOUTS: [Layout; 7] = [
    Layout::FoaTxt,
    Layout::LegacyTxt,
    Layout::SingleTxt(RatingList::Standard),
    Layout::SingleTxt(RatingList::Rapid),
    Layout::SingleTxt(RatingList::Blitz),
    Layout::Xml,
    Layout::SingleXml(RatingList::Blitz),
];

#[test]
fn every_layout_plain_and_zipped_reads_to_the_same_records() {
    let dir = folder("layouts");
    let records: Vec<Record> = synthetic::records(3000, 7).collect();
    for layout in LAYOUTS {
        for zipped in [false, true] {
            let path = write_list(&dir, layout, zipped, &records);
            let (read, reading) = read_all(&path).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                reading.skipped, 0,
                "{layout:?}: {:?}",
                reading.first_skipped
            );
            let expected: Vec<Record> = records.iter().map(|r| layout.view(r)).collect();
            assert_eq!(read.len(), expected.len(), "{layout:?}");
            for (got, want) in read.iter().zip(&expected) {
                assert_eq!(got, want, "{layout:?} zipped: {zipped}");
            }
        }
    }
    // The generated TXT has FIDE's 163-character lines (other titles overflowing).
    let foa = std::fs::read_to_string(dir.join("players_list_foa.txt")).expect("read");
    let long = foa.lines().filter(|l| l.chars().count() == 163).count();
    assert!(long > 10, "{long} lines of 163 characters");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_index_reads_back_equal_and_finds_every_player_by_id_and_name() {
    let dir = folder("index");
    let records: Vec<Record> = synthetic::records(3000, 11).collect();
    let list = write_list(&dir, Layout::FoaTxt, true, &records);
    let mut progress = Vec::new();
    let mut report = |done, total| progress.push((done, total));
    let (index, reading) = Index::build(
        &list,
        ReadOptions {
            progress: Some(&mut report),
            ..ReadOptions::default()
        },
    )
    .expect("index");
    assert_eq!(reading.lists, [true; 3]);
    let size = std::fs::metadata(&list).expect("size").len();
    assert_eq!(progress.last(), Some(&(size, size)));
    assert_eq!(reading.records, 3000);
    assert_eq!(index, Index::from_records(records.clone(), None));
    let saved = dir.join("list.idx");
    index.save(&saved, &[&list]).expect("save");
    let loaded = Index::load(&saved).expect("load");
    assert_eq!(loaded, index);
    let mut sorted = records.clone();
    sorted.sort_by_key(|r| r.fide_id);
    assert_eq!(loaded.records().collect::<Vec<_>>(), sorted);
    for r in &records {
        assert_eq!(loaded.get(r.fide_id).as_ref(), Some(r));
        let by_id = search(&loaded, &r.fide_id.to_string(), 5, RatingList::Standard);
        assert_eq!(by_id.as_slice(), std::slice::from_ref(r));
        let (last, first) = r.name.split_once(", ").unwrap_or((&r.name, ""));
        for query in [
            r.name.clone(),
            fold(&r.name).to_uppercase(),
            format!("{first} {last}"),
        ] {
            let found = search(&loaded, &query, 100, RatingList::Rapid);
            assert!(
                found.iter().any(|f| f.fide_id == r.fide_id),
                "{query:?} does not find {}",
                r.name
            );
        }
    }
    // Namesakes: the exact last name first, then the rating of the chosen list.
    let found = search(&loaded, "Østergård", 100, RatingList::Blitz);
    assert!(!found.is_empty());
    assert!(found.iter().all(|r| r.name.starts_with("Østergård")));
    assert!(
        found
            .windows(2)
            .all(|w| w[0].lists[2].rating >= w[1].lists[2].rating)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const FOA_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
const CARLSEN: &str = "1503014        Carlsen, Magnus                                              NOR M   GM                           2823  0   10 2801  12  10 2860  0   10 1990      ";
const DING: &str = "8603677        Ding, Liren                                                  CHN M   GM                           2723  11  10 2693  0   10 2736  0   10 1992      ";
const LEGACY_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
const A_E_M: &str = "10207538       A E M, Doshtagir                                             BAN M                            1840  0   40 1836  0   20 1860  0   20 1974      ";

fn list_file(dir: &Path, name: &str, lines: &[&str]) -> PathBuf {
    let path = dir.join(name);
    let text: String = lines.iter().map(|l| format!("{l}\r\n")).collect();
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn real_lines_read_as_fide_means_them() {
    let dir = folder("real");
    // A line of FIDE's list whose other titles overflow OTit by one character into FOA.
    let overflowing = format!("{}SI,FI,LSI,SLI,NAAFM {}", &DING[..94], &DING[113..]);
    assert_eq!(overflowing.len(), 163);
    let path = list_file(
        &dir,
        "players_list_foa.txt",
        &[FOA_HEADER, CARLSEN, DING, &overflowing],
    );
    let (records, reading) = read_all(&path).expect("read");
    assert_eq!(reading.skipped, 0, "{:?}", reading.first_skipped);
    let carlsen = &records[0];
    assert_eq!(
        (
            carlsen.fide_id,
            carlsen.name.as_str(),
            carlsen.federation.as_str()
        ),
        (1503014, "Carlsen, Magnus", "NOR")
    );
    assert_eq!(
        (carlsen.sex, carlsen.title.as_str(), carlsen.birth_year),
        (Some(Sex::Male), "GM", Some(1990))
    );
    let numbers = |r: &Record| r.lists.map(|l| (l.rating, l.games, l.k));
    assert_eq!(
        numbers(carlsen),
        [
            (Some(2823), 0, Some(10)),
            (Some(2801), 12, Some(10)),
            (Some(2860), 0, Some(10))
        ]
    );
    assert_eq!(numbers(&records[1])[0], (Some(2723), 11, Some(10)));
    let overflowed = &records[2];
    assert_eq!(
        (
            overflowed.other_titles.as_str(),
            overflowed.foa_title.as_str()
        ),
        ("SI,FI,LSI,SLI,NA", "AFM")
    );
    assert_eq!(numbers(overflowed), numbers(&records[1]));
    assert_eq!(overflowed.birth_year, Some(1992));

    let legacy = list_file(&dir, "players_list.txt", &[LEGACY_HEADER, A_E_M]);
    let (records, _) = read_all(&legacy).expect("read the legacy list");
    let r = &records[0];
    assert_eq!(
        (r.fide_id, r.name.as_str(), r.federation.as_str()),
        (10207538, "A E M, Doshtagir", "BAN")
    );
    assert_eq!(
        numbers(r),
        [
            (Some(1840), 0, Some(40)),
            (Some(1836), 0, Some(20)),
            (Some(1860), 0, Some(20))
        ]
    );
    assert_eq!((r.title.as_str(), r.birth_year), ("", Some(1974)));

    let single = list_file(
        &dir,
        "rapid_oct26frl.txt",
        &[
            "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA OCT26 Gms K  B-day Flag",
            "1503014        Carlsen, Magnus                                              NOR M   GM                           2801  12  10 1990      ",
        ],
    );
    let (records, reading) = read_all(&single).expect("read the single list");
    assert_eq!(reading.month.as_deref(), Some("OCT26"));
    assert_eq!(numbers(&records[0])[1], (Some(2801), 12, Some(10)));
    assert_eq!(numbers(&records[0])[0], (None, 0, None));
    let _ = std::fs::remove_dir_all(&dir);
}

fn invalid(result: Result<(Vec<Record>, rating_list::Reading), ListError>) -> String {
    match result {
        Err(e) => e.to_string(),
        Ok((records, _)) => panic!("read {} records", records.len()),
    }
}

#[test]
fn hostile_lists_are_clear_errors_or_skipped_lines() {
    let dir = folder("hostile");
    let records: Vec<Record> = synthetic::records(500, 3).collect();
    let zip = write_list(&dir, Layout::FoaTxt, true, &records);
    let bytes = std::fs::read(&zip).expect("read");

    let truncated = dir.join("truncated.zip");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).expect("write");
    assert!(invalid(read_all(&truncated)).contains("truncated"));

    // The CRC in the central directory (offset 16 of its entry) no longer matches.
    let central = bytes
        .windows(4)
        .rposition(|w| w == b"PK\x01\x02")
        .expect("directory");
    let mut wrong_crc = bytes.clone();
    wrong_crc[central + 16] ^= 0xFF;
    let path = dir.join("crc.zip");
    std::fs::write(&path, &wrong_crc).expect("write");
    let message = invalid(read_all(&path));
    assert!(
        message.contains("CRC-32") && message.contains("damaged"),
        "{message}"
    );

    let mut encrypted = bytes.clone();
    encrypted[central + 8] |= 1;
    std::fs::write(&path, &encrypted).expect("write");
    assert!(invalid(read_all(&path)).contains("encrypted"));

    let garbage = list_file(&dir, "garbage.txt", &["PLAYER LIST", "1 Someone"]);
    assert!(invalid(read_all(&garbage)).contains("neither a FIDE TXT list"));
    let unknown_column = list_file(
        &dir,
        "players_list.txt",
        &["ID Number      Name    Elo", "1 A 2000"],
    );
    assert!(invalid(read_all(&unknown_column)).contains("unknown column `Elo`"));
    let not_xml = list_file(&dir, "list.xml", &["<html><body>Not found</body></html>"]);
    assert!(invalid(read_all(&not_xml)).contains("expected <playerslist>"));
    let cut_xml = list_file(
        &dir,
        "cut.xml",
        &["<playerslist>", "<player>", "<fideid>1</fideid>", "<name>A"],
    );
    assert!(invalid(read_all(&cut_xml)).contains("truncated"));

    // A 10 MB line without a line end, between good lines: skipped and counted.
    let path = dir.join("players_list_foa.txt");
    let mut text = format!("{FOA_HEADER}\r\n{CARLSEN}\r\n");
    text.push_str(&"x".repeat(10 << 20));
    let bad_sex = format!("{}X{}", &CARLSEN[..80], &CARLSEN[81..]);
    text.push_str(&format!("\r\n{DING}\r\n{bad_sex}\r\n"));
    std::fs::write(&path, text).expect("write");
    let (read, reading) = read_all(&path).expect("read");
    assert_eq!(read.len(), 2);
    assert_eq!(reading.skipped, 2);
    let lines: Vec<String> = reading
        .first_skipped
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(lines[0].starts_with("line 3: longer than"), "{lines:?}");
    assert!(
        lines[1].starts_with("line 5, column 81: Sex: found \"X\""),
        "{lines:?}"
    );

    // A cancelled reading stops.
    let many = write_list(
        &dir,
        Layout::Xml,
        false,
        &synthetic::records(20_000, 5).collect::<Vec<_>>(),
    );
    let cancel = AtomicBool::new(true);
    let options = ReadOptions {
        cancel: Some(&cancel),
        ..ReadOptions::default()
    };
    assert!(matches!(
        rating_list::read(&many, options, &mut |_| {}),
        Err(ListError::Cancelled { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_indexes_are_clear_errors_never_panics_or_huge_allocations() {
    let dir = folder("damaged-index");
    let index = Index::from_records(synthetic::records(300, 9), Some("OCT26".into()));
    let path = dir.join("list.idx");
    index.save(&path, &[]).expect("save");
    let bytes = std::fs::read(&path).expect("read");
    let load = |bytes: &[u8]| {
        std::fs::write(&path, bytes).expect("write");
        match Index::load(&path) {
            Err(IndexError::Invalid { message, .. }) => message,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(Index::load(&path).expect("load").month(), Some("OCT26"));
    // The player count is after magic (8), version (4), month (1 + 5), lists (1).
    let mut huge = bytes.clone();
    huge[19..27].copy_from_slice(&(u64::MAX / 2).to_le_bytes());
    assert!(load(&huge).contains("do not match its length"));
    for cut in [0, 5, 20, bytes.len() / 2, bytes.len() - 1] {
        let message = load(&bytes[..cut]);
        assert!(
            message.contains("short")
                || message.contains("length")
                || message.contains("truncated"),
            "{cut}: {message}"
        );
    }
    for at in (8..bytes.len()).step_by(97) {
        let mut flipped = bytes.clone();
        flipped[at] ^= 0x40;
        let message = load(&flipped);
        assert!(!message.is_empty());
    }
    assert!(load(b"PK\x03\x04 not an index").contains("not a swiss-arbiter rating list index"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_event_is_updated_from_the_list_keeping_names_and_pairing_numbers() {
    let carlsen = Record {
        fide_id: 1503014,
        name: "Carlsen, Magnus".into(),
        federation: "NOR".into(),
        sex: Some(Sex::Male),
        title: "GM".into(),
        lists: [
            rating_list::ListRating {
                rating: Some(2823),
                games: 0,
                k: Some(10),
            },
            rating_list::ListRating {
                rating: Some(2801),
                games: 12,
                k: Some(10),
            },
            rating_list::ListRating {
                rating: Some(2860),
                games: 0,
                k: Some(10),
            },
        ],
        birth_year: Some(1990),
        ..Record::default()
    };
    let hou = Record {
        fide_id: 8602980,
        name: "Hou, Yifan".into(),
        federation: "CHN".into(),
        sex: Some(Sex::Female),
        title: "GM".into(),
        woman_title: "WGM".into(),
        birth_year: Some(1994),
        ..Record::default()
    };
    let index = Index::from_records([carlsen.clone(), hou.clone()], None);
    let mut t = Tournament::default();
    t.event.rating_list = RatingList::Rapid;
    let mut magnus = Player::new(2, "Carlsen, Magnus Øen");
    magnus.fide_id = Some(1503014);
    magnus.rating = Some(2830);
    magnus.birth_date = "1990/11/30".into();
    let mut yifan = register_from_list(&hou, RatingList::Rapid);
    yifan.id = 1;
    let mut unknown = Player::new(3, "Nobody, Known");
    unknown.fide_id = Some(99);
    unknown.rating = Some(1500);
    let no_id = Player::new(4, "Local, Player");
    t.players = vec![yifan.clone(), magnus, unknown.clone(), no_id.clone()];
    let changes = update_from_list(&mut t, &index).expect("the index holds the rapid list");
    let updated = |player, field, old: &str, new: &str| Change::Updated {
        player,
        field,
        old: old.into(),
        new: new.into(),
    };
    assert_eq!(
        changes,
        [
            Change::NameDiffers {
                player: 2,
                name: "Carlsen, Magnus Øen".into(),
                list: "Carlsen, Magnus".into()
            },
            updated(2, Field::Rating, "2830", "2801"),
            // His ratings on FIDE's other lists are kept beside it (checklist Q116).
            updated(
                2,
                Field::ListRating(ListId::Fide(RatingList::Standard)),
                "",
                "2823"
            ),
            updated(
                2,
                Field::ListRating(ListId::Fide(RatingList::Blitz)),
                "",
                "2860"
            ),
            updated(2, Field::KFactor, "", "10"),
            updated(2, Field::Title, "", "GM"),
            updated(2, Field::Federation, "", "NOR"),
            updated(2, Field::Sex, "", "M"),
            Change::NotInList {
                player: 3,
                fide_id: 99
            },
        ]
    );
    let magnus = t.player(2).expect("player 2");
    assert_eq!(
        (magnus.name.as_str(), magnus.birth_date.as_str()),
        ("Carlsen, Magnus Øen", "1990/11/30")
    );
    assert_eq!(t.player(1), Some(&yifan));
    assert_eq!(yifan.title, "GM");
    assert_eq!(t.player(3), Some(&unknown));
    assert_eq!(t.player(4), Some(&no_id));
    assert!(changes.iter().all(|c| !c.to_string().is_empty()));
    // An index of the standard list alone does not update a rapid event.
    let dir = folder("single-list");
    let list = write_list(
        &dir,
        Layout::SingleTxt(RatingList::Standard),
        true,
        &[carlsen],
    );
    let (standard, reading) = Index::build(&list, ReadOptions::default()).expect("index");
    assert_eq!(reading.lists, [true, false, false]);
    let before = t.clone();
    let refused = update_from_list(&mut t, &standard).expect_err("no rapid ratings");
    assert!(refused.to_string().contains("no rapid ratings"));
    assert_eq!(t, before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_indexes_searches_and_updates() {
    let dir = folder("cli");
    let list = list_file(&dir, "players_list_foa.txt", &[FOA_HEADER, CARLSEN, DING]);
    let index = dir.join("fide.idx");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
            .args(args)
            .output()
            .expect("the binary runs")
    };
    let arg = |p: &Path| p.display().to_string();
    let o = run(&["rating-list", "index", &arg(&list), "-o", &arg(&index)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("2 players"));
    let o = run(&["rating-list", "search", &arg(&index), "ding LIREN"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("8603677"));
    let o = run(&["rating-list", "search", &arg(&index), "Kasparov"]);
    assert_eq!(o.status.code(), Some(1));
    let event = dir.join("event.trf");
    std::fs::write(
        &event,
        "012 Test\r\n001    1      Ding, Liren                       2700 CHN     8603677 1992/10/24    0.0    1\r\n",
    )
    .expect("write the event");
    let out = dir.join("updated.trf");
    // Neither the event's start nor the list's date is known: in FIDE mode (the default)
    // the check of the list in force at the start (checklist Q137) is confirmed first,
    // and nothing is written until it is.
    let o = run(&[
        "rating-list",
        "update",
        &arg(&event),
        &arg(&index),
        "-o",
        &arg(&out),
    ]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("Give --confirm to apply it"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!out.exists());
    let o = run(&[
        "rating-list",
        "update",
        &arg(&event),
        &arg(&index),
        "--confirm",
        "-o",
        &arg(&out),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let printed = String::from_utf8_lossy(&o.stdout);
    assert!(printed.contains("#1: rating 2700 → 2723"), "{printed}");
    assert!(
        std::fs::read_to_string(&out)
            .expect("written")
            .contains("2723")
    );
    // The input is never replaced by the output.
    let o = run(&[
        "rating-list",
        "update",
        &arg(&event),
        &arg(&list),
        "-o",
        &arg(&event),
    ]);
    assert!(!o.status.success());
    let o = run(&["rating-list", "index", &arg(&list), "-o", &arg(&list)]);
    assert!(!o.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}
