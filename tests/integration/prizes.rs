//! The prize list (`swiss-arbiter prizes`): a hand-worked event where every amount is
//! computed in the comments, and invariants on generated events (one prize per player,
//! the money given is the money announced, no eligible player is passed over).

use std::collections::HashSet;

use swiss_arbiter::generator::generate;
use swiss_arbiter::prizes::{self, eligible, event_year, prize_file};
use swiss_arbiter::standings::{self, Options, Rules};
use swiss_arbiter::tournament::{PrizeChoice, PrizeList, Sex, Sharing, SystemId, Tournament};

use crate::common::{self, run};

fn fixture(name: &str) -> String {
    common::fixtures_dir()
        .join("prizes")
        .join(name)
        .display()
        .to_string()
}

/// `six.trf`, with BH deciding ties: 1 Alpha 2.5; 2 Bravo 2.0 (BH 5.0) and 4 Delta 2.0
/// (BH 4.0, a woman born 2010, 1650); 3 Charlie 1.5 (unrated); 5 Echo 0.5 (a woman born
/// 1955, 1600) and 6 Foxtrot 0.5.
fn prizes_csv(prize_file: &str, extra: &[&str]) -> String {
    let (six, prizes) = (fixture("six.trf"), fixture(prize_file));
    let mut args = vec![
        "prizes",
        six.as_str(),
        "--prizes",
        prizes.as_str(),
        "--tiebreaks",
        "BH",
        "--format",
        "csv",
    ];
    args.extend_from_slice(extra);
    let o = run(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// Overall 300/200/100, Women 80, U18 50, 1600-1799 60, Unrated 40, S65 30. By amount:
/// 300 Alpha, 200 Bravo, 100 Delta (she prefers it to the women's 80), 80 Echo (the best
/// woman left), 60 the band 1600-1799 (Bravo, Delta, Echo all have a prize: no one), 50
/// U18 (Delta only: no one), 40 Charlie, 30 S65 (Echo only: no one). Shared equally,
/// Bravo and Delta (tied on 2.0) split 200 + 100; by Hort each keeps half of his place's
/// money and they split the other 150: 100 + 75 and 50 + 75.
#[test]
fn the_hand_worked_event_gives_the_amounts_computed_by_hand() {
    let header = "Category,Place,StartNo,Name,Rank,Points,Announced,Amount,Label,SharedWith\n";
    let others = "Women,1,5,\"Echo, Edna\",5,0.5,80,80,\"\",\n\
                  Unrated,1,3,\"Charlie, Carl\",4,1.5,40,40,\"\",\n";
    let overall = |second: &str, third: &str, shared: (&str, &str)| {
        format!(
            "Overall,1,1,\"Alpha, Adam\",1,2.5,300,300,\"Trophy\",\n\
             Overall,2,2,\"Bravo, Bob\",2,2.0,200,{second},\"\",{}\n\
             Overall,3,4,\"Delta, Dora\",3,2.0,100,{third},\"\",{}\n",
            shared.0, shared.1
        )
    };
    assert_eq!(
        prizes_csv("prizes.csv", &[]),
        format!("{header}{}{others}", overall("200", "100", ("", "")))
    );
    assert_eq!(
        prizes_csv("prizes.csv", &["--sharing", "equal"]),
        format!("{header}{}{others}", overall("150", "150", ("4", "2")))
    );
    assert_eq!(
        prizes_csv("prizes.csv", &["--sharing", "hort"]),
        format!("{header}{}{others}", overall("175", "125", ("4", "2")))
    );
    let text = run(&[
        "prizes",
        &fixture("six.trf"),
        "--prizes",
        &fixture("prizes.csv"),
        "--tiebreaks",
        "BH",
    ]);
    let text = String::from_utf8_lossy(&text.stdout);
    for unawarded in [
        "no eligible player left: U18 1 (50).",
        "no eligible player left: 1600-1799 1 (60).",
        "no eligible player left: S65 1 (30).",
    ] {
        assert!(text.contains(unawarded), "{unawarded} in\n{text}");
    }
}

/// The women's prize announced first: with "announced first" Delta takes it (and the
/// third overall prize goes to Charlie); with "highest amount" she takes the third
/// overall prize (100 > 80) and Echo the women's.
#[test]
fn the_organisers_choice_rule_decides_between_two_prizes() {
    let announced = prizes_csv("women-first.csv", &["--choice", "announced"]);
    assert!(announced.contains("Women,1,4,"), "{announced}");
    assert!(announced.contains("Overall,3,3,"), "{announced}");
    let amount = prizes_csv("women-first.csv", &[]);
    assert!(amount.contains("Women,1,5,"), "{amount}");
    assert!(amount.contains("Overall,3,4,"), "{amount}");
}

/// Two overall prizes, Bravo and Delta tied for places 2 and 3. Without another prize,
/// shared equally, each takes half of 200. With a women's prize of 80, Delta takes it
/// when the prizes are given (the allocation uses the announced amounts: 200 goes to
/// Bravo, then the women's 80 to the best woman without a prize), and is then out of the
/// overall tie, so Bravo keeps 200.
#[test]
fn a_tie_across_the_last_prize_place_shares_its_money_among_those_without_another_prize() {
    let dir = std::env::temp_dir().join(format!("sa-prizes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let csv = |list: &str| {
        let file = dir.join("two.csv");
        std::fs::write(&file, list).expect("write");
        let o = run(&[
            "prizes",
            &fixture("six.trf"),
            "--prizes",
            file.to_str().expect("path"),
            "--tiebreaks",
            "BH",
            "--sharing",
            "equal",
            "--format",
            "csv",
        ]);
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    let two = csv("Overall,1,300\nOverall,2,200\n");
    assert!(
        two.contains("Overall,2,2,\"Bravo, Bob\",2,2.0,200,100,\"\",4"),
        "{two}"
    );
    assert!(
        two.contains("Overall,3,4,\"Delta, Dora\",3,2.0,0,100,\"\",2"),
        "{two}"
    );
    let women = csv("Overall,1,300\nOverall,2,200\nWomen,1,80\n");
    assert!(
        women.contains("Overall,2,2,\"Bravo, Bob\",2,2.0,200,200,\"\",\n"),
        "{women}"
    );
    assert!(women.contains("Women,1,4,"), "{women}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_prize_file_is_refused_with_line_and_column() {
    let dir = std::env::temp_dir().join(format!("sa-prizes-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("bad.csv");
    std::fs::write(&file, "Overall,1,300\nJuniors,1,50\n").expect("write");
    let o = run(&[
        "prizes",
        &fixture("six.trf"),
        "--prizes",
        file.to_str().expect("path"),
    ]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.csv:2:1: \"Juniors\" is not a category"),
        "{err}"
    );
    let none = run(&["prizes", &fixture("six.trf")]);
    assert!(String::from_utf8_lossy(&none.stderr).contains("no prize list"));
    std::fs::remove_dir_all(&dir).ok();
}

fn generated(seed: u64) -> Tournament {
    let cfg = common::generated::config(20 + seed as u32 * 7, 7, seed, (0.35, 0.03, 0.03));
    let mut t = match generate(&cfg, SystemId::Dutch2026) {
        Ok(t) => t,
        Err(stopped) => *stopped.partial,
    };
    t.event.end_date = "2026/08/01".into();
    for (i, p) in t.players.iter_mut().enumerate() {
        p.sex = Some(if i % 3 == 1 { Sex::Female } else { Sex::Male });
        p.birth_date = ["2012", "1958", "1990", "2009", ""][i % 5].into();
        if i % 7 == 3 {
            p.rating = None;
        }
    }
    t
}

const LIST: &str = "Overall,1,1000\nOverall,2,600\nOverall,3,400\nOverall,4,200\nOverall,5,100\n\
                    Women,1,150\nWomen,2,75\nU16,1,120\nS65,1,90\n1500-1899,1,130\n\
                    1500-1899,2,65\n-1499,1,60\nUnrated,1,50\n";

#[test]
fn on_generated_events_one_prize_each_the_money_is_kept_and_no_one_is_passed_over() {
    for seed in 1..=10 {
        let t = generated(seed);
        let options = Options {
            tiebreaks: standings::parse_list("BH/C1,BH,SB").expect("list"),
            round: None,
            rules: Rules::for_event(&t.event),
        };
        let table = standings::compute(&t, &options).expect("standings");
        for sharing in [Sharing::TieBreaks, Sharing::Equal, Sharing::Hort] {
            for choice in [PrizeChoice::HighestAmount, PrizeChoice::AnnouncedFirst] {
                let list = PrizeList {
                    prizes: prize_file::read(LIST, "list").expect("list"),
                    sharing,
                    choice,
                    currency: String::new(),
                };
                let awards = prizes::award(&t, &table, &list);
                let what = format!("seed {seed}, {sharing:?}, {choice:?}");
                let mut seen = HashSet::new();
                for a in &awards.awards {
                    assert!(seen.insert(a.id), "{what}: {} has two prizes", a.id);
                    let p = t.player(a.id).expect("player");
                    assert!(eligible(&a.category, p, event_year(&t)), "{what}: {a:?}");
                    if sharing == Sharing::TieBreaks {
                        assert_eq!(a.amount, a.announced, "{what}");
                    }
                }
                let given: i64 = awards.awards.iter().map(|a| a.amount).sum::<i64>()
                    + awards.unawarded.iter().map(|u| u.2).sum::<i64>();
                let announced: i64 = list.prizes.iter().map(|p| p.amount).sum();
                assert_eq!(
                    given, announced,
                    "{what}: the money given is the money announced"
                );
                // No one passed over: a player ranked above a category's winner and
                // eligible for it holds a prize himself.
                for a in &awards.awards {
                    for row in table.rows.iter().take_while(|r| r.id != a.id) {
                        let p = t.player(row.id).expect("player");
                        if eligible(&a.category, p, event_year(&t)) && row.rank < a.rank {
                            assert!(seen.contains(&row.id), "{what}: {} passed over", row.id);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_prize_list_and_the_k_factors_are_saved_with_the_event_and_read_back() {
    let mut t = generated(3);
    t.prizes = PrizeList {
        prizes: prize_file::read(LIST, "list").expect("list"),
        sharing: Sharing::Hort,
        choice: PrizeChoice::AnnouncedFirst,
        currency: "EUR".into(),
    };
    t.players[0].k_factor = Some(40);
    t.event.rating_list = swiss_arbiter::tournament::RatingList::Blitz;
    let text = swiss_arbiter::formats::native::to_string(&t).expect("writes");
    let back = swiss_arbiter::formats::native::from_str(&text, "event.sarb").expect("reads");
    assert_eq!(back, t);
    // The prize file writes back what it read.
    let written = prize_file::write(&t.prizes);
    assert_eq!(
        prize_file::read(&written, "w").expect("reads"),
        t.prizes.prizes
    );
}

fn six_with_prizes(sharing: Sharing) -> Tournament {
    let text = std::fs::read(fixture("six.trf")).expect("fixture");
    let mut t = swiss_arbiter::formats::trf::read(&text, "six.trf").expect("reads");
    t.event.tiebreaks = vec!["BH".into()];
    let list = std::fs::read_to_string(fixture("prizes.csv")).expect("list");
    t.prizes = PrizeList {
        prizes: prize_file::read(&list, "prizes.csv").expect("list"),
        sharing,
        choice: PrizeChoice::HighestAmount,
        currency: "EUR".into(),
    };
    t
}

fn table(doc: &swiss_arbiter::print::Document) -> &swiss_arbiter::print::Table {
    match &doc.body {
        swiss_arbiter::print::Body::Table(table) => table,
        other => panic!("a table, not {other:?}"),
    }
}

#[test]
fn the_prize_sheet_and_the_final_standings_show_each_prize() {
    use swiss_arbiter::print::{self, Sheet};
    let t = six_with_prizes(Sharing::Hort);
    let doc = print::build(&t, Sheet::Prizes, None).expect("prizes");
    let rows = &table(&doc).rows;
    assert_eq!(rows.len(), 5, "{rows:?}");
    assert_eq!(rows[1][0], "Overall 2");
    assert_eq!(rows[1][5], "175 EUR");
    assert!(
        rows[1].iter().any(|c| c == "place 2: 200 EUR; with 4"),
        "{rows:?}"
    );
    assert!(
        doc.notes.iter().any(|n| n.contains("U18 1 (50 EUR)")),
        "{:?}",
        doc.notes
    );
    let standings = print::build(&t, Sheet::Standings, None).expect("standings");
    let standings = table(&standings);
    let prize = standings
        .columns
        .iter()
        .position(|c| c.title == "Prize")
        .expect("a prize column after the last round");
    let of = |no: &str| {
        standings
            .rows
            .iter()
            .find(|r| r[1] == no)
            .map(|r| r[prize].clone())
    };
    assert_eq!(of("4").as_deref(), Some("Overall 3: 125"));
    assert_eq!(of("6").as_deref(), Some(""));
    // Before the last round, or without a prize list, no prize column and no sheet.
    let mut early = t.clone();
    early.event.rounds = Some(5);
    let sheet = print::build(&early, Sheet::Standings, None).expect("standings");
    assert!(table(&sheet).columns.iter().all(|c| c.title != "Prize"));
    let none = six_with_prizes(Sharing::Equal);
    let none = Tournament {
        prizes: PrizeList::default(),
        ..none
    };
    assert!(print::build(&none, Sheet::Prizes, None).is_err());
}
