//! Official ratings kept apart from the tournament rating (the FIDE checklist's Q116-145):
//! a national list (the German DWZ list) applied beside FIDE's, the FIDON, NIDOF and HBFN
//! methods seeding an open, the method's invariants and round trips, the FIDE list in force
//! at the start date, and a refresh that lists every change before it is applied.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use proptest::prelude::*;

use swiss_arbiter::document::{Edit, EditError, FoundPairing};
use swiss_arbiter::formats::{native, trf};
use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::tournament::{
    FideModeRefusal, ListId, LogKind, OfficialRating, Player, RatingList, RatingMethod, Tournament,
};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/ratings")
        .join(name)
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-nr-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn arg(p: &Path) -> String {
    p.display().to_string()
}

/// The players' last names by pairing number.
fn by_number(t: &Tournament) -> Vec<String> {
    let mut players: Vec<&Player> = t.players.iter().collect();
    players.sort_by_key(|p| p.id);
    players
        .iter()
        .map(|p| p.name.split(',').next().unwrap_or_default().to_string())
        .collect()
}

/// The generated open with the generated DWZ list applied and `method` set, through the
/// command line: the event written, and what was printed.
fn seeded(method: &str) -> (Tournament, String) {
    let dir = folder(&format!("seeded-{method}"));
    let out = dir.join("open.sarb");
    let o = run(&[
        "rating-list",
        "update",
        &arg(&fixture("dwz-open.trf")),
        "--national",
        &arg(&fixture("dwz-spieler.csv")),
        "--national-date",
        "2026-11-20",
        "--method",
        method,
        "-o",
        &arg(&out),
    ]);
    assert!(
        o.status.success(),
        "{}\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let t = native::load(&out).expect("written");
    let _ = std::fs::remove_dir_all(&dir);
    (t, text(&o.stdout))
}

/// FIDON: the FIDE rating, else the national one. Dorn (DWZ 1950) comes before Carstens
/// (FIDE 1900); Eckert and Graf are seeded by their DWZ; Iwanow and Krüger, on neither
/// list, last.
#[test]
fn fidon_seeds_the_open_by_fide_ratings_then_national_ones() {
    let (t, printed) = seeded("fidon");
    assert_eq!(
        by_number(&t),
        [
            "Adler", "Lange", "Brandt", "Hansen", "Dorn", "Carstens", "Fischer", "Eckert", "Jäger",
            "Graf", "Iwanow", "Krüger"
        ]
    );
    let ratings: Vec<Option<u16>> = t.players.iter().map(|p| p.rating).collect();
    assert_eq!(
        ratings,
        [
            Some(2150),
            Some(2100),
            Some(2050),
            Some(2000),
            Some(1950),
            Some(1900),
            Some(1850),
            Some(1800),
            Some(1750),
            Some(1600),
            None,
            None
        ]
    );
    // Carstens' entry has no FIDE ID: found by name and birth year, and the listing says so.
    assert!(
        printed.contains("#5: found in the national GER list by name and birth year only"),
        "{printed}"
    );
    assert!(
        printed.contains(
            "the event's players: 6 found by FIDE ID, 0 by their number in the list, 4 by name and birth year; 2 not in the list"
        ),
        "{printed}"
    );
    assert!(printed.contains("#8 → #5 Dorn, Dieter"), "{printed}");
    // The national rating is kept with its list's source and date, apart from FIDE's.
    let dorn = t
        .players
        .iter()
        .find(|p| p.name.starts_with("Dorn"))
        .expect("Dorn");
    let national = dorn
        .official_rating(&ListId::National("GER".into()))
        .expect("his DWZ");
    assert_eq!(
        (
            national.rating,
            national.id.as_str(),
            national.source.as_str(),
            national.date.as_str()
        ),
        (1950, "10102-14", "dwz-spieler.csv", "2026-11-20")
    );
    assert_eq!(
        dorn.official_rating(&ListId::Fide(RatingList::Standard)),
        None
    );
    // Jäger's two memberships agree: his DWZ is taken once.
    let jager = t
        .players
        .iter()
        .find(|p| p.name.starts_with("Jäger"))
        .expect("Jäger");
    assert_eq!(
        jager
            .official_rating(&ListId::National("GER".into()))
            .map(|o| o.rating),
        Some(1890)
    );
    // The list applied and the method are in the integrity log.
    let kinds: Vec<LogKind> = t.log.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        [LogKind::Ratings, LogKind::Configuration],
        "{:?}",
        t.log
    );
    assert!(t.log[1].detail.contains("pairing numbers assigned again"));
}

/// NIDOF: the national rating, else FIDE's. Carstens (DWZ 2000) and Hansen (FIDE 2000, not
/// on the German list) tie, by name; Brandt's DWZ 1980 puts her behind them.
#[test]
fn nidof_seeds_the_open_by_national_ratings_then_fide_ones() {
    let (t, _) = seeded("nidof");
    assert_eq!(
        by_number(&t),
        [
            "Adler", "Lange", "Carstens", "Hansen", "Brandt", "Dorn", "Jäger", "Eckert", "Fischer",
            "Graf", "Iwanow", "Krüger"
        ]
    );
    assert_eq!(t.players[0].rating, Some(2210), "Adler's DWZ");
    assert_eq!(t.event.rating_method, RatingMethod::Nidof);
}

/// HBFN: the higher of the two. Brandt keeps her FIDE 2050, Jäger his DWZ 1890 over FIDE
/// 1750.
#[test]
fn hbfn_seeds_the_open_by_the_higher_rating() {
    let (t, _) = seeded("hbfn");
    assert_eq!(
        by_number(&t),
        [
            "Adler", "Lange", "Brandt", "Carstens", "Hansen", "Dorn", "Jäger", "Fischer", "Eckert",
            "Graf", "Iwanow", "Krüger"
        ]
    );
}

/// The method, its choice for players on none of its lists, and the official ratings
/// survive TRF-2026 (`172`, NRS records, `###` lines) and the native file; TRF-16 says what
/// it loses, and the command then does not exit 0.
#[test]
fn the_method_and_national_ratings_round_trip_and_trf16_says_what_it_drops() {
    let dir = folder("round-trip");
    let trf26 = dir.join("open.trf");
    let o = run(&[
        "rating-list",
        "update",
        &arg(&fixture("dwz-open.trf")),
        "--national",
        &arg(&fixture("dwz-spieler.csv")),
        "--method",
        "GER,standard",
        "--unlisted",
        "1000",
        "-o",
        &arg(&trf26),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let written = std::fs::read_to_string(&trf26).expect("written");
    assert!(written.contains("\n172 GER OTHER\n"), "{written}");
    assert!(
        written.contains("\n### Rating method: GER,standard; unlisted 1000\n"),
        "{written}"
    );
    assert!(
        written.contains("\n### Rating list GER: dwz-spieler.csv ()\n"),
        "{written}"
    );
    // Dorn's NRS record: his DWZ and his number in the German list; his 001 record has no
    // FIDE rating.
    let dorn_nrs = written
        .lines()
        .find(|l| l.starts_with("GER") && l.contains("Dorn"))
        .expect("an NRS record");
    assert_eq!(&dorn_nrs[48..52], "1950", "{dorn_nrs}");
    assert_eq!(dorn_nrs[57..].trim(), "10102-14", "{dorn_nrs}");
    let read = trf::read_file(&trf26).expect("reads back");
    let sarb = dir.join("open.sarb");
    native::save(&read, &sarb).expect("saved");
    let native_read = native::load(&sarb).expect("loads");
    assert_eq!(native_read, read);
    assert_eq!(read.event.unlisted_rating, Some(1000));
    let iwanow = read
        .players
        .iter()
        .find(|p| p.name.starts_with("Iwanow"))
        .expect("Iwanow");
    assert_eq!(iwanow.rating, Some(1000), "on none of the lists");
    // Written again, it is the same file.
    assert_eq!(
        trf::write(&read, trf::Dialect::Trf26).expect("writes"),
        written
    );

    let trf16 = dir.join("open16.trf");
    let o = run(&["convert", &arg(&trf26), "-o", &arg(&trf16), "--to", "trf16"]);
    assert!(o.status.success());
    assert!(
        text(&o.stderr).contains("TRF-16 has no record for the rating method (OTHER)"),
        "{}",
        text(&o.stderr)
    );
    let o = run(&[
        "rating-list",
        "update",
        &arg(&trf26),
        "--method",
        "nidof",
        "-o",
        &arg(&dir.join("nidof.trf")),
    ]);
    assert!(
        o.status.success(),
        "TRF-2026 holds NIDOF: {}",
        text(&o.stderr)
    );
    // A custom list's ratings are lost in any TRF: the file is written, exit status 1.
    let club = dir.join("club.csv");
    std::fs::write(
        &club,
        "name,rating,birth year\n\"Iwanow, Igor\",1450,1999\n",
    )
    .expect("write");
    let o = run(&[
        "rating-list",
        "update",
        &arg(&sarb),
        "--custom",
        &arg(&club),
        "-o",
        &arg(&dir.join("custom.trf")),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("data was lost: TRF has no record for a custom rating list"),
        "{}",
        text(&o.stderr)
    );
    assert!(dir.join("custom.trf").exists(), "written all the same");
    let _ = std::fs::remove_dir_all(&dir);
}

/// After round 1, FIDE mode refuses a method change (it would change the pairing numbers),
/// and the refusal changes nothing; the command line writes nothing.
#[test]
fn a_method_change_after_round_one_is_refused_and_changes_nothing() {
    let (mut t, _) = seeded("fidon");
    let request = PairingRequest::new(&t, t.pairing_system(), Some(1)).expect("request");
    let pairing = request.pair().expect("paired");
    t.apply(Edit::RecordPairing(Box::new(FoundPairing::Players(
        pairing,
    ))))
    .expect("recorded");
    let before = t.clone();
    let asked = Edit::SetRatingMethod {
        method: RatingMethod::Nidof,
        unlisted: None,
    };
    let warned = format!("{:?}", asked.warnings(&t));
    assert!(warned.contains("level: Refuse"), "{warned}");
    let e = t.apply(asked).expect_err("refused");
    assert_eq!(
        e,
        EditError::FideMode(FideModeRefusal::RatingMethodAfterStart)
    );
    assert_eq!(t, before);
    let dir = folder("refused");
    let paired = dir.join("paired.sarb");
    native::save(&t, &paired).expect("saved");
    let out = dir.join("out.sarb");
    let o = run(&[
        "rating-list",
        "update",
        &arg(&paired),
        "--method",
        "nidof",
        "-o",
        &arg(&out),
    ]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("rating method is fixed"),
        "{}",
        text(&o.stderr)
    );
    assert!(!out.exists());
    // Outside FIDE mode the ratings change, confirmed, and the numbers stay.
    t.apply(Edit::LeaveFideMode("club rules".into()))
        .expect("left");
    let numbers = by_number(&t);
    let warned = Edit::SetRatingMethod {
        method: RatingMethod::Nidof,
        unlisted: None,
    };
    let said = format!("{:?}", warned.warnings(&t));
    assert!(said.contains("level: Confirm"), "{said}");
    t.apply(warned).expect("applied");
    assert_eq!(by_number(&t), numbers);
    assert_eq!(t.player(1).and_then(|p| p.rating), Some(2210));
    assert!(
        t.log
            .last()
            .is_some_and(|e| e.kind == LogKind::Configuration && e.detail.contains("NIDOF")),
        "{:?}",
        t.log.last()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A single FIDE list of `month` (`OCT26`) named `file`, with these players: FIDE ID,
/// name, federation, title, rating, K.
fn fide_list(
    dir: &Path,
    file: &str,
    month: &str,
    players: &[(u64, &str, &str, &str, u16, u8)],
) -> PathBuf {
    let mut text = format!(
        "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA {month} Gms K  B-day Flag\r\n"
    );
    for (id, name, fed, title, rating, k) in players {
        text.push_str(&format!(
            "{:<15}{:<61}{:<4}{:<4}{:<5}{:<5}{:<15}{:<4}{:<6}{:<4}{:<3}{:<6}{}\r\n",
            id, name, fed, "", title, "", "", "", rating, 0, k, "", ""
        ));
    }
    let path = dir.join(file);
    std::fs::write(&path, text).expect("write the list");
    path
}

const OCTOBER: [(u64, &str, &str, &str, u16, u8); 4] = [
    (4611001, "Adler, Anton", "GER", "", 2140, 20),
    (4611012, "Lange, Lisa", "GER", "", 2100, 20),
    (4611002, "Brandt, Berta", "GER", "", 2050, 20),
    (4611010, "Jäger, Jörg", "GER", "", 1750, 20),
];

const NOVEMBER: [(u64, &str, &str, &str, u16, u8); 3] = [
    (4611001, "Adler, Anton", "GER", "", 2150, 20),
    (4611012, "Lange, Lisa", "GER", "WIM", 2100, 20),
    (4611002, "Brandt, Berta", "GER", "", 2062, 10),
];

/// FIDE's lists are monthly and valid from the first of their month: for an event starting
/// on 14 November, October's list is not the one in force. In FIDE mode it is applied only
/// with --confirm (level 3), the change listed first, and the log says it was confirmed;
/// a --date that contradicts the list's own is refused.
#[test]
fn a_fide_list_not_in_force_at_the_start_is_confirmed_first() {
    let dir = folder("list-date");
    let october = fide_list(&dir, "standard_oct26frl.txt", "OCT26", &OCTOBER);
    let event = fixture("dwz-open.trf");
    let out = dir.join("october.sarb");
    let args = |confirm: bool| {
        let mut args = vec![
            "rating-list".to_string(),
            "update".into(),
            arg(&event),
            arg(&october),
            "-o".into(),
            arg(&out),
        ];
        if confirm {
            args.push("--confirm".into());
        }
        args
    };
    let refused = run(&args(false).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(refused.status.code(), Some(1));
    let stderr = text(&refused.stderr);
    assert!(
        stderr.contains("warning (level 3): The FIDE list is dated 2026/10/01, older than the list in force at the start date 2026/11/14")
            && stderr.contains("nothing written")
            && stderr.contains("--confirm"),
        "{stderr}"
    );
    assert!(
        text(&refused.stdout).contains("#1: rating 2150 → 2140"),
        "the changes are listed: {}",
        text(&refused.stdout)
    );
    assert!(!out.exists());
    let confirmed = run(&args(true).iter().map(String::as_str).collect::<Vec<_>>());
    assert!(confirmed.status.success(), "{}", text(&confirmed.stderr));
    let t = native::load(&out).expect("written");
    let entry = t.log.last().expect("logged");
    assert_eq!(entry.kind, LogKind::Ratings);
    assert!(
        entry.detail.contains("standard_oct26frl.txt (2026-10-01)")
            && entry.detail.contains("applied as confirmed"),
        "{}",
        entry.detail
    );
    let adler = t.player(1).expect("Adler");
    let fide = adler
        .official_rating(&ListId::Fide(RatingList::Standard))
        .expect("recorded");
    assert_eq!(
        (fide.rating, fide.source.as_str(), fide.date.as_str()),
        (2140, "standard_oct26frl.txt", "2026-10-01")
    );
    // The list's own date wins over its name, and a --date against it is refused.
    let misnamed = fide_list(&dir, "standard_nov26frl.txt", "OCT26", &OCTOBER);
    let o = run(&[
        "rating-list",
        "update",
        &arg(&event),
        &arg(&misnamed),
        "--date",
        "2026-11-01",
        "-o",
        &arg(&dir.join("x.sarb")),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr)
            .contains("contradicts the list's own date 2026/10/01 (its month code OCT26)"),
        "{}",
        text(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A refresh from a newer list lists every change (rating, K, title, who is not in the
/// list) before it is applied, and is logged with them; the list in force needs no
/// confirmation.
#[test]
fn a_refresh_from_a_newer_list_lists_every_change() {
    let dir = folder("refresh");
    let october = fide_list(&dir, "standard_oct26frl.txt", "OCT26", &OCTOBER);
    let november = fide_list(&dir, "standard_nov26frl.txt", "NOV26", &NOVEMBER);
    let first = dir.join("october.sarb");
    let o = run(&[
        "rating-list",
        "update",
        &arg(&fixture("dwz-open.trf")),
        &arg(&october),
        "--confirm",
        "-o",
        &arg(&first),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let second = dir.join("november.sarb");
    let o = run(&[
        "rating-list",
        "update",
        &arg(&first),
        &arg(&november),
        "--dry-run",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!text(&o.stderr).contains("warning"), "{}", text(&o.stderr));
    let listed = text(&o.stdout);
    let changes = [
        "#1: rating 2140 → 2150",
        "#2: title (none) → WIM",
        "#3: rating 2050 → 2062",
        "#3: K 20 → 10",
        "#4: FIDE ID 1500007 not in the list: left as they are",
        "#5: FIDE ID 4611003 not in the list: left as they are",
        "#6: FIDE ID 4611006 not in the list: left as they are",
        "#7: FIDE ID 4611010 not in the list: left as they are",
        "#9: FIDE ID 4611005 not in the list: left as they are",
    ];
    for change in changes {
        assert!(listed.contains(change), "{change:?} in:\n{listed}");
    }
    assert!(
        listed.contains("9 changes from the FIDE list standard_nov26frl.txt (2026-11-01)"),
        "{listed}"
    );
    assert!(listed.contains("dry run: nothing written"), "{listed}");
    // Not listed: who did not change, and those without a FIDE ID.
    assert_eq!(listed.matches("#").count(), changes.len(), "{listed}");
    let o = run(&[
        "rating-list",
        "update",
        &arg(&first),
        &arg(&november),
        "-o",
        &arg(&second),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let t = native::load(&second).expect("written");
    let entry = t.log.last().expect("logged");
    assert_eq!(entry.kind, LogKind::Ratings);
    for change in changes {
        assert!(
            entry.detail.contains(change),
            "{change:?} in {}",
            entry.detail
        );
    }
    let lange = t.player(2).expect("Lange");
    assert_eq!(lange.title, "WIM");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A random player's official ratings: FIDE standard, German, Austrian (each maybe), the
/// same source and date per list.
fn officials() -> impl Strategy<Value = Vec<OfficialRating>> {
    let rating = || proptest::option::of(1000u16..2800);
    (rating(), rating(), rating()).prop_map(|(fide, ger, aut)| {
        let mut found = Vec::new();
        for (list, rating, source) in [
            (
                ListId::Fide(RatingList::Standard),
                fide,
                "standard_nov26frl.zip",
            ),
            (ListId::National("GER".into()), ger, "spieler.csv"),
            (ListId::National("AUT".into()), aut, "aut.csv"),
        ] {
            if let Some(rating) = rating {
                found.push(OfficialRating {
                    list,
                    rating,
                    id: String::new(),
                    source: source.into(),
                    date: "2026-11-01".into(),
                });
            }
        }
        found
    })
}

fn method() -> impl Strategy<Value = RatingMethod> {
    prop_oneof![
        Just(RatingMethod::Fide),
        Just(RatingMethod::National),
        Just(RatingMethod::Fidon),
        Just(RatingMethod::Nidof),
        Just(RatingMethod::Hbfn),
        Just(RatingMethod::Lbfn),
        Just(RatingMethod::Lists(vec![
            ListId::National("AUT".into()),
            ListId::Fide(RatingList::Standard)
        ])),
    ]
}

/// The players' official ratings, sorted (their order is the order lists were applied).
fn sorted(p: &Player) -> Vec<(String, u16, String, String)> {
    let mut o: Vec<_> = p
        .official_ratings()
        .iter()
        .map(|o| (o.list.code(), o.rating, o.source.clone(), o.date.clone()))
        .collect();
    o.sort();
    o
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the method: each tournament rating is one of the player's official
    /// ratings, or the arbiter's choice for a player on none of the method's lists; the
    /// pairing numbers follow the tournament ratings; the native file and TRF-2026 read
    /// back the same ratings and method.
    #[test]
    fn the_tournament_rating_is_an_official_one_or_the_arbiters(
        all in proptest::collection::vec(officials(), 2..12),
        method in method(),
        unlisted in proptest::option::of(900u16..1100),
        pick in proptest::option::of((0usize..12, 0usize..3)),
    ) {
        let mut t = Tournament::default();
        t.event.federation = "GER".into();
        t.event.start_date = "2026/11/14".into();
        for (i, officials) in all.into_iter().enumerate() {
            let mut p = Player::new(i as u32 + 1, format!("Player{:02}, Test", i + 1));
            p.official_ratings = Some(officials);
            t.players.push(p);
        }
        // The arbiter's pick among a player's lists (Q128-129), made before the method:
        // it decides his rating whatever the method.
        let mut picked = None;
        if let Some((i, l)) = pick.filter(|(i, _)| *i < t.players.len()) {
            let id = t.players[i].id;
            let list = t.players[i].official_ratings().get(l).map(|o| o.list.clone());
            let on = list.as_ref().and_then(|l| t.players[i].official_rating(l)).map(|o| o.rating);
            t.apply(Edit::PickRatingList { player: id, list: list.clone() }).expect("picked");
            picked = Some((t.players[i].name.clone(), on));
        }
        t.apply(Edit::SetRatingMethod { method: method.clone(), unlisted }).expect("set");
        if let Some((name, Some(rating))) = &picked {
            let p = t.players.iter().find(|p| p.name == *name).expect("still there");
            prop_assert_eq!(p.rating, Some(*rating), "the list picked for {}", name);
        }
        for p in &t.players {
            match p.rating {
                Some(r) => prop_assert!(
                    p.official_ratings().iter().any(|o| o.rating == r) || unlisted == Some(r),
                    "{r} for {p:?}"
                ),
                None => prop_assert!(unlisted.is_none()),
            }
        }
        let mut by_id: Vec<&Player> = t.players.iter().collect();
        by_id.sort_by_key(|p| p.id);
        for w in by_id.windows(2) {
            prop_assert!(w[0].rating >= w[1].rating, "{:?} before {:?}", w[0], w[1]);
        }
        let dir = folder("invariants");
        let sarb = dir.join("event.sarb");
        native::save(&t, &sarb).expect("saved");
        prop_assert_eq!(&native::load(&sarb).expect("loads"), &t);
        let written = trf::write(&t, trf::Dialect::Trf26).expect("writes");
        prop_assert!(trf::dropped_by_trf(&t, trf::Dialect::Trf26).is_empty());
        let read = trf::read(written.as_bytes(), "event.trf").expect("reads");
        prop_assert_eq!(&read.event.rating_method, &t.event.rating_method);
        prop_assert_eq!(read.event.unlisted_rating, t.event.unlisted_rating);
        for (a, b) in read.players.iter().zip(&t.players) {
            prop_assert_eq!((a.id, a.rating), (b.id, b.rating));
            prop_assert_eq!(&a.rating_pick, &b.rating_pick);
            prop_assert_eq!(sorted(a), sorted(b));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The arbiter picks, for one player, the list his tournament rating comes from (checklist
/// Q128-129): Carstens (FIDE 1900, DWZ 2000) is rated by his DWZ under FIDON, seeded by
/// it, and the pick reads back from TRF-2026; a list he is not on is refused, and nothing
/// is written. `--method proposed` takes the method for the event's list (Q123).
#[test]
fn a_list_picked_for_a_player_rates_him_and_reads_back() {
    let dir = folder("pick");
    let out = dir.join("open.trf");
    let update = |extra: &[&str], out: &Path| {
        let mut args = vec![
            "rating-list".to_string(),
            "update".into(),
            arg(&fixture("dwz-open.trf")),
            "--national".into(),
            arg(&fixture("dwz-spieler.csv")),
            "-o".into(),
            arg(out),
        ];
        args.extend(extra.iter().map(ToString::to_string));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run(&args)
    };
    let o = update(&["--pick", "5=GER", "--method", "fidon"], &out);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains(
            "#5 Carstens, Carl: tournament rating from the national GER list: 1900 → 2000"
        ),
        "{}",
        text(&o.stdout)
    );
    let written = std::fs::read_to_string(&out).expect("written");
    assert!(written.contains("\n### Rating pick: "), "{written}");
    let read = trf::read_file(&out).expect("reads back");
    let carstens = read
        .players
        .iter()
        .find(|p| p.name.starts_with("Carstens"))
        .expect("Carstens");
    assert_eq!(carstens.rating, Some(2000));
    assert_eq!(carstens.rating_pick, Some(ListId::National("GER".into())));
    // Seeded by it: before Hansen (FIDE 2000, by name), after Brandt (2050).
    let names = by_number(&read);
    let at = |n: &str| names.iter().position(|x| x == n).expect("there");
    assert!(
        at("Brandt") < at("Carstens") && at("Carstens") < at("Hansen"),
        "{names:?}"
    );
    // Krüger is on no list with a rating: refused, nothing written.
    let refused = dir.join("refused.trf");
    let o = update(&["--pick", "12=GER"], &refused);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("player 12 has no rating on the national GER list"),
        "{}",
        text(&o.stderr)
    );
    assert!(!refused.exists());
    // The method proposed for a standard event is FIDE's rating.
    let o = update(&["--method", "proposed"], &dir.join("proposed.trf"));
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("rating method: FIDE (the FIDE rating only)"),
        "{}",
        text(&o.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
