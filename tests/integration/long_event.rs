//! Events over 30 days (checklist Q210–216) and corrections for the rating report only
//! (Q192–193): a 40-day event whose ratings change in round 5, rated and tie-broken with
//! the rating of each round; without the flag every output is what it was; a correction
//! changes the rating report and neither the standings nor the pairing; the `###` lines
//! and the native file read back; a refused edit changes nothing.

use swiss_arbiter::document::Edit;
use swiss_arbiter::formats::{native, trf};
use swiss_arbiter::generator::generate;
use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::rating::event_ratings;
use swiss_arbiter::standings::{self, Edition, Options, Rules, Standings, Value};
use swiss_arbiter::tournament::{
    BoardResult, LogKind, LongEvent, Outcome, RatingCorrection, SystemId, TiebreakRatings,
    Tournament,
};

use crate::common;

/// Twelve players, seven rounds of nine, paired by the Dutch system, over 40 days.
fn forty_days() -> Tournament {
    let mut cfg = common::generated::config(12, 7, 57, (0.3, 0.0, 0.0));
    cfg.planned_rounds = Some(9);
    let mut t = generate(&cfg, SystemId::Dutch2026).expect("seven rounds pair");
    t.event.start_date = "2026/02/20".into();
    t.event.end_date = "2026/03/31".into();
    t
}

/// The player whose rating rises by 150 from round 5, and his new rating.
const RISER: u32 = 6;

fn flagged(tiebreaks: TiebreakRatings) -> Tournament {
    let mut t = forty_days();
    t.apply(Edit::SetLongEvent(Some(LongEvent {
        tiebreak_ratings: tiebreaks,
    })))
    .expect("flagged");
    let new = t.player(RISER).and_then(|p| p.rating).expect("rated") + 150;
    t.apply(Edit::SetRoundRatings {
        from_round: 5,
        ratings: vec![(RISER, new)],
        list: None,
    })
    .expect("rating from round 5");
    t
}

fn aro(t: &Tournament) -> Standings {
    standings::compute(
        t,
        &Options {
            tiebreaks: standings::parse_list("ARO,ARO/C1,TPR").expect("codes"),
            round: Some(7),
            rules: Rules {
                edition: Edition::Dummy2026,
                predetermined: false,
                unrated_rating: Some(1000),
            },
        },
    )
    .expect("standings")
}

fn opponent_in(t: &Tournament, player: u32, round: u32) -> Option<u32> {
    match t.player(player)?.outcome(round) {
        Outcome::Game { opponent, .. } => Some(*opponent),
        _ => None,
    }
}

#[test]
fn the_flag_is_proposed_for_a_forty_day_event() {
    let t = forty_days();
    assert_eq!(t.duration_in_days(), Some(40));
    assert_eq!(t.long_event_proposed(), Some(40));
    assert_eq!(flagged(TiebreakRatings::First).long_event_proposed(), None);
}

/// Q212–213: the games from round 5 on are rated with the riser's new rating, those
/// before with his first; his opponents' expected scores fall, the games before round 5
/// and the games not against him do not change.
#[test]
fn a_rating_from_round_5_rates_the_later_games_with_it() {
    let before = event_ratings(&forty_days());
    let after = event_ratings(&flagged(TiebreakRatings::First));
    let mut lower = 0;
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b.games.len(), a.games.len());
        for (gb, ga) in b.games.iter().zip(&a.games) {
            assert_eq!((gb.round, gb.opponent), (ga.round, ga.opponent));
            let (eb, ea) = (gb.expected.unwrap_or(0), ga.expected.unwrap_or(0));
            if ga.round >= 5 && ga.opponent == RISER {
                assert!(ea <= eb, "player {} round {}: {eb} → {ea}", a.id, ga.round);
                lower += usize::from(ea < eb);
            } else if ga.round >= 5 && a.id == RISER {
                assert!(ea >= eb, "the riser's round {}: {eb} → {ea}", ga.round);
            } else {
                assert_eq!(eb, ea, "player {} round {}", a.id, ga.round);
            }
        }
    }
    assert!(
        lower > 0,
        "someone met the riser from round 5 with a lower expectation"
    );
}

/// Q214–215: ARO, ARO/C1 and TPR take the opponent's rating in the round of the game
/// when the arbiter chooses so; with the first rating (C.07 10's default), as before.
#[test]
fn aro_takes_the_rating_of_the_round_when_chosen() {
    let first = aro(&flagged(TiebreakRatings::First));
    assert_eq!(
        first,
        aro(&forty_days()),
        "the first rating: as without the flag"
    );
    let t = flagged(TiebreakRatings::PerRound);
    let per_round = aro(&t);
    let old = t.player(RISER).and_then(|p| p.rating).expect("rated");
    let mut checked = 0;
    for row in &per_round.rows {
        for part in &row.tiebreaks[0].parts {
            let (Some(round), Some(opponent)) = (part.round, part.opponent) else {
                continue;
            };
            if opponent == RISER {
                let expected = if round >= 5 { old + 150 } else { old };
                assert_eq!(part.amount, Value::Rating(i32::from(expected)));
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
    let met_late: Vec<u32> = (5..=7).filter_map(|r| opponent_in(&t, RISER, r)).collect();
    let row = |s: &Standings, id| s.rows.iter().find(|r| r.id == id).cloned().expect("row");
    for id in met_late {
        assert_ne!(
            row(&per_round, id).tiebreaks[0].value,
            row(&first, id).tiebreaks[0].value,
            "player {id} met the riser late: his ARO rises"
        );
    }
}

/// Without the flag nothing reads the ratings by round: taking the flag away gives every
/// output of the event as it was.
#[test]
fn without_the_flag_every_output_is_as_before() {
    let plain = forty_days();
    let mut t = flagged(TiebreakRatings::PerRound);
    t.apply(Edit::SetLongEvent(None)).expect("flag off");
    assert_eq!(event_ratings(&t), event_ratings(&plain));
    assert_eq!(aro(&t), aro(&plain));
    let pair = |t: &Tournament| PairingRequest::recorded(t, SystemId::Dutch2026, 8).pair();
    assert_eq!(pair(&t).expect("pairs"), pair(&plain).expect("pairs"));
    // An event that never had the flag writes the same TRF.
    let written = trf::write(&plain, trf::Dialect::Trf26).expect("writes");
    assert!(!written.contains("Over 30 days") && !written.contains("Rating correction"));
}

/// A decisive game of round 2, found later to have been unplayed: for the rating report
/// only. The ratings change; the standings and the next pairing do not; it is logged.
fn corrected() -> (Tournament, Tournament, RatingCorrection) {
    let t = forty_days();
    let board = t
        .boards(2)
        .into_iter()
        .find(|b| b.result == BoardResult::WhiteWins)
        .expect("a white win in round 2");
    let correction = RatingCorrection {
        round: 2,
        white: board.white,
        black: board.black,
        result: BoardResult::WhiteWinsNotRated,
        reason: "found unplayed after round 3".into(),
    };
    let mut c = t.clone();
    c.apply(Edit::CorrectForRating(Box::new(correction.clone())))
        .expect("corrected");
    (t, c, correction)
}

#[test]
fn a_rating_correction_changes_the_rating_report_only() {
    let (t, c, correction) = corrected();
    assert_eq!(aro(&c), aro(&t), "standings unchanged");
    let pair = |t: &Tournament| PairingRequest::recorded(t, SystemId::Dutch2026, 8).pair();
    assert_eq!(pair(&c).expect("pairs"), pair(&t).expect("pairs"));
    assert_eq!(c.players, t.players, "the results are the pairing record's");
    let (before, after) = (event_ratings(&t), event_ratings(&c));
    for (b, a) in before.iter().zip(&after) {
        let involved = a.id == correction.white || a.id == correction.black;
        let round_2 = |r: &swiss_arbiter::rating::PlayerRating| {
            r.games.iter().filter(|g| g.round == 2).count()
        };
        if involved {
            assert_eq!(round_2(a), 0, "player {}: round 2 no longer rated", a.id);
            assert_eq!(a.games.len() + 1, b.games.len());
        } else {
            assert_eq!(a, b, "player {} unchanged", a.id);
        }
    }
    let entry = c.log.last().expect("logged");
    assert_eq!(entry.kind, LogKind::Correction);
    assert!(entry.detail.contains("rating report"), "{}", entry.detail);
    // Removing it gives the ratings back.
    let mut removed = c.clone();
    removed
        .apply(Edit::RemoveRatingCorrection {
            round: 2,
            white: correction.white,
            black: correction.black,
        })
        .expect("removed");
    assert_eq!(event_ratings(&removed), before);
}

/// The flag, the ratings by round and the corrections read back from TRF-2026's `###`
/// lines and from the native file; TRF-16 names them as dropped.
#[test]
fn the_rating_data_reads_back() {
    let (_, mut t, _) = corrected();
    t.apply(Edit::SetLongEvent(Some(LongEvent {
        tiebreak_ratings: TiebreakRatings::PerRound,
    })))
    .expect("flagged");
    t.apply(Edit::SetRoundRatings {
        from_round: 5,
        ratings: vec![(RISER, 2222), (1, 1999)],
        list: None,
    })
    .expect("ratings");
    let text = trf::write(&t, trf::Dialect::Trf26).expect("writes");
    assert!(
        text.contains("### Over 30 days: rating tie-breaks per-round"),
        "{text}"
    );
    assert!(text.contains(&format!("### Ratings @ Round 5: 1 1999, {RISER} 2222")));
    let back = trf::read(text.as_bytes(), "long.trf").expect("reads");
    assert_eq!(back.event.long_event, t.event.long_event);
    assert_eq!(back.event.rating_corrections, t.event.rating_corrections);
    for (a, b) in back.players.iter().zip(&t.players) {
        assert_eq!(a.round_ratings, b.round_ratings, "player {}", a.id);
    }
    assert_eq!(event_ratings(&back), event_ratings(&t));
    assert_eq!(
        trf::write(&back, trf::Dialect::Trf26).expect("writes"),
        text
    );
    let native = native::to_string(&t).expect("native");
    let again = native::from_str(&native, "long.sarb").expect("reads");
    assert_eq!(again, t);
    let dropped = trf::dropped_by_trf(&t, trf::Dialect::Trf16).join("\n");
    assert!(dropped.contains("over 30 days"), "{dropped}");
    // A file without them writes no `sarb` field for them.
    assert!(
        !native::to_string(&forty_days())
            .expect("native")
            .contains("long_event")
    );
}

#[test]
fn a_refused_edit_changes_nothing() {
    let t = forty_days();
    let refused = [
        Edit::SetRoundRatings {
            from_round: 5,
            ratings: vec![(1, 2000)],
            list: None,
        },
        Edit::CorrectForRating(Box::new(RatingCorrection {
            round: 2,
            white: 1,
            black: 1,
            result: BoardResult::Draw,
            reason: String::new(),
        })),
        Edit::CorrectForRating(Box::new(RatingCorrection {
            round: 8,
            white: 1,
            black: 2,
            result: BoardResult::Draw,
            reason: String::new(),
        })),
        Edit::RemoveRatingCorrection {
            round: 2,
            white: 1,
            black: 2,
        },
    ];
    for edit in refused {
        let mut copy = t.clone();
        copy.apply(edit.clone()).expect_err("refused");
        assert_eq!(copy, t, "{edit:?} changed the event");
    }
    let mut long = flagged(TiebreakRatings::First);
    let before = long.clone();
    for edit in [
        Edit::SetRoundRatings {
            from_round: 1,
            ratings: vec![(1, 2000)],
            list: None,
        },
        Edit::SetRoundRatings {
            from_round: 10,
            ratings: vec![(1, 2000)],
            list: None,
        },
        Edit::SetRoundRatings {
            from_round: 5,
            ratings: vec![(1, 2000), (99, 2000)],
            list: None,
        },
    ] {
        long.apply(edit.clone()).expect_err("refused");
        assert_eq!(long, before, "{edit:?} changed the event");
    }
}

/// The command line: `rating-data` applies the edits and writes the event; `ratings`
/// lists the corrections it applied.
#[test]
fn the_command_line_sets_the_rating_data() {
    let dir = tempfile::tempdir().expect("temp dir");
    let input = dir.path().join("event.sarb");
    let (t, _, c) = corrected();
    native::save(&t, &input).expect("saved");
    let output = dir.path().join("out.sarb");
    let correct = format!("2:{}-{}:1-0 not rated", c.white, c.black);
    let o = common::run(&[
        "rating-data",
        &input.display().to_string(),
        "-o",
        &output.display().to_string(),
        "--over-30-days",
        "per-round",
        "--ratings-from",
        "5",
        "--rating",
        &format!("{RISER}=2300"),
        "--correct",
        &correct,
        "--reason",
        "unplayed",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let saved = native::load(&output).expect("written");
    assert!(saved.event.long_event.is_some());
    assert_eq!(saved.event.rating_corrections.len(), 1);
    let text = common::run(&["ratings", &output.display().to_string()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Corrections for the rating report only"),
        "{text}"
    );
    let bad = common::run(&[
        "rating-data",
        &input.display().to_string(),
        "-o",
        &output.display().to_string(),
        "--ratings-from",
        "5",
        "--rating",
        "1=2000",
    ]);
    assert!(!bad.status.success(), "ratings by round need the flag");
    assert!(String::from_utf8_lossy(&bad.stderr).contains("more than 30 days"));
}

/// Ratings in force from a round read from FIDE's list (checklist Q212-213): the list must
/// be the one of that round's month (Q137, "the current month"). Another month's list is
/// refused in FIDE mode without --confirm, and nothing is written; the list of the round's
/// month applies to the players with a FIDE ID it rates otherwise, and is logged.
#[test]
fn a_list_gives_ratings_from_a_round_when_it_is_the_rounds_month() {
    const LIST: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag\r\n\
1503014        Carlsen, Magnus                                              NOR M   GM                           2823  0   10 2801  12  10 2860  0   10 1990      \r\n";
    let mut t = forty_days();
    t.apply(Edit::SetLongEvent(Some(LongEvent {
        tiebreak_ratings: TiebreakRatings::First,
    })))
    .expect("flagged");
    t.event.round_dates = [
        "2026/02/20",
        "2026/02/24",
        "2026/02/28",
        "2026/03/04",
        "2026/03/12",
        "2026/03/16",
        "2026/03/20",
        "2026/03/26",
        "2026/03/31",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(t.event.round_dates[4], "2026/03/12");
    assert!(t.event.fide_mode.is_on());
    for p in &mut t.players {
        p.fide_id = (p.id == RISER).then_some(1503014);
    }
    let dir = std::env::temp_dir().join(format!("swiss-arbiter-long-list-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let (event, list, out) = (
        dir.join("event.sarb"),
        dir.join("players_list_foa.txt"),
        dir.join("out.sarb"),
    );
    native::save(&t, &event).expect("saved");
    std::fs::write(&list, LIST).expect("list");
    let run = |date: &str, confirm: bool| {
        let mut args = vec![
            "rating-data".to_string(),
            event.display().to_string(),
            "--ratings-from".into(),
            "5".into(),
            "--list".into(),
            list.display().to_string(),
            "--date".into(),
            date.into(),
            "-o".into(),
            out.display().to_string(),
        ];
        if confirm {
            args.push("--confirm".into());
        }
        std::process::Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
            .args(&args)
            .output()
            .expect("runs")
    };
    let o = run("2026-02-01", false);
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!o.status.success(), "{stderr}");
    assert!(
        stderr.contains("older than the list in force at the date of round 5 2026/03/12"),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing written");

    let o = run("2026-03-01", false);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let read = native::load(&out).expect("written");
    let riser = read.player(RISER).expect("riser");
    assert_eq!(riser.round_ratings.len(), 1);
    assert_eq!(
        (
            riser.round_ratings[0].from_round,
            riser.round_ratings[0].rating
        ),
        (5, 2823)
    );
    let entry = read
        .log
        .iter()
        .find(|e| e.kind == LogKind::Ratings)
        .expect("the list logged");
    assert!(
        entry
            .detail
            .contains("players_list_foa.txt (2026/03/01): 1 rating from round 5"),
        "{}",
        entry.detail
    );
    // The other month's list, confirmed, is applied as well.
    std::fs::remove_file(&out).expect("removed");
    assert!(run("2026-02-01", true).status.success());
    let _ = std::fs::remove_dir_all(&dir);
}
