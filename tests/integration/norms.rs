//! Title norms (B.01) on events worked out by hand, the `norms` command, and invariants on
//! generated events.
//!
//! The hand-worked events: the applicant (number 1, FM, 2450, GER, a man: he seeks GM and
//! IM) meets one opponent per round, numbers 2, 3, ... in rounds 1, 2, ...; the opponents'
//! own other games do not matter to his norm.

use crate::common;

use std::process::Command;

use swiss_arbiter::formats::trf;
use swiss_arbiter::generator::generate;
use swiss_arbiter::norms::{
    self, Bound, EventNorms, Exemption, NormCheck, NormGame, NormOptions, NormTitle, Performance,
    regulations,
};
use swiss_arbiter::pairing;
use swiss_arbiter::standings::{self, Options, Rules, Value, parse_list};
use swiss_arbiter::tournament::{Colour, GameResult, Outcome, Player, Sex, SystemId, Tournament};

use GameResult::{Draw, Loss, Win};

/// An opponent: title, rating, federation, the applicant's result against him.
pub(crate) type Opponent = (&'static str, Option<u16>, &'static str, GameResult);

fn player(id: u32, title: &str, rating: Option<u16>, federation: &str) -> Player {
    let mut p = Player::new(id, format!("Player {id}"));
    p.title = title.into();
    p.rating = rating;
    p.federation = federation.into();
    p.sex = Some(Sex::Male);
    p
}

/// The applicant against `opponents` in rounds 1, 2, ... (a German event).
pub(crate) fn event(opponents: &[Opponent]) -> Tournament {
    let mut t = Tournament::default();
    t.event.name = "Norm test".into();
    t.event.federation = "GER".into();
    t.event.rounds = Some(opponents.len() as u32);
    t.players.push(player(1, "FM", Some(2450), "GER"));
    for (i, &(title, rating, federation, result)) in opponents.iter().enumerate() {
        let (round, id) = (i as u32 + 1, i as u32 + 2);
        let colour = if i % 2 == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        t.players[0].set_outcome(round, Outcome::game(id, colour, result));
        let mut p = player(id, title, rating, federation);
        p.set_outcome(
            round,
            Outcome::game(1, colour.opposite(), result.reversed()),
        );
        t.players.push(p);
    }
    t
}

/// Case "met": 3 GMs, 7 title-holders, foreign federations NOR FRA ESP NED ITA, 3 German
/// opponents. Ratings 2550 2520 2500 2450 2420 2400 2380 2350 2300: sum 21870 / 9 = 2430 =
/// Ra, none below the GM floor 2200. 5 wins, 4 draws: 7 / 9, p 0.78, dp 220, Rp 2650.
/// Score required: 6.5 / 9 is p 0.72, dp 166, 2596 < 2600; so 7.
pub(crate) const MET: [Opponent; 9] = [
    ("GM", Some(2550), "NOR", Draw),
    ("GM", Some(2520), "FRA", Win),
    ("GM", Some(2500), "GER", Draw),
    ("IM", Some(2450), "ESP", Win),
    ("IM", Some(2420), "GER", Win),
    ("FM", Some(2400), "NED", Draw),
    ("", Some(2380), "GER", Win),
    ("", Some(2350), "ITA", Draw),
    ("WGM", Some(2300), "FRA", Win),
];

fn check(t: &Tournament, options: &NormOptions, norm: NormTitle) -> NormCheck {
    norms::check_event(t, options)
        .checks
        .into_iter()
        .find(|c| c.player == 1 && c.norm == norm)
        .expect("the applicant's check")
}

fn gm(t: &Tournament) -> NormCheck {
    check(t, &NormOptions::default(), NormTitle::Gm)
}

/// The articles of the requirements not met.
fn failed(c: &NormCheck) -> Vec<String> {
    c.requirements
        .iter()
        .filter(|r| !r.met)
        .map(|r| r.article.number.to_string())
        .collect()
}

fn row(c: &NormCheck, article: &str) -> (Option<i64>, Bound) {
    let r = c
        .requirements
        .iter()
        .find(|r| r.article.number == article)
        .expect("requirement");
    (r.figure, r.bound)
}

#[test]
fn a_gm_norm_met_with_the_it1_figures() {
    let c = gm(&event(&MET));
    assert!(c.met, "failed: {:?}", failed(&c));
    let f = &c.figures;
    assert_eq!((f.games, f.half_points), (9, 14));
    assert_eq!(
        (
            f.grandmasters,
            f.international_masters,
            f.woman_grandmasters,
            f.title_holders
        ),
        (3, 2, 1, 7)
    );
    assert_eq!(
        (
            f.federations.federations,
            f.federations.foreign,
            f.federations.own
        ),
        (6, 5, 3)
    );
    assert_eq!(f.unrated, 0);
    let p = f.performance.as_ref().expect("games");
    assert_eq!((p.average, p.p, p.dp, p.performance), (2430, 78, 220, 2650));
    assert!(p.raised.is_empty());
    assert_eq!(p.half_points_required, Some(14));
    assert_eq!(c.shortfall(), Some(0));
    // The bounds for 9 games: 5 title-holders, 3 GMs, at most 5 and 6 (1.44), 1 unrated.
    assert_eq!(row(&c, "1.45a"), (Some(7), Bound::AtLeast(5)));
    assert_eq!(row(&c, "1.45b"), (Some(3), Bound::AtLeast(3)));
    assert_eq!(
        c.requirements
            .iter()
            .filter(|r| r.article.number == "1.44")
            .map(|r| (r.figure, r.bound))
            .collect::<Vec<_>>(),
        [(Some(3), Bound::AtMost(5)), (Some(3), Bound::AtMost(6))]
    );
    assert!(c.dropped.is_empty());
    // The IM norm of the same games: 5 IMs or GMs, Ra ≥ 2230, Rp ≥ 2450 (floor 2050).
    assert!(check(&event(&MET), &NormOptions::default(), NormTitle::Im).met);
    // Half a point less (the last win a draw): 6.5 / 9, Rp 2596.
    let mut less = MET;
    less[8].3 = Draw;
    let c = gm(&event(&less));
    assert_eq!(failed(&c), ["1.48"]);
    assert_eq!(c.shortfall(), Some(1));
    assert!(
        swiss_arbiter::norms::is_close(&c),
        "half a point short is close"
    );
}

/// Six German opponents (2500 2450 2420 2400 2380 2350), the others NOR FRA FRA: the
/// figures of [`MET`] otherwise, but 6 > 3/5 × 9 = 5 from the applicant's federation.
const TOO_MANY_COMPATRIOTS: [Opponent; 9] = [
    ("GM", Some(2550), "NOR", Draw),
    ("GM", Some(2520), "FRA", Win),
    ("GM", Some(2500), "GER", Draw),
    ("IM", Some(2450), "GER", Win),
    ("IM", Some(2420), "GER", Win),
    ("FM", Some(2400), "GER", Draw),
    ("", Some(2380), "GER", Win),
    ("", Some(2350), "GER", Draw),
    ("WGM", Some(2300), "FRA", Win),
];

#[test]
fn fails_only_on_the_applicants_federation_unless_exempt() {
    let t = event(&TOO_MANY_COMPATRIOTS);
    let c = gm(&t);
    assert_eq!(failed(&c), ["1.44"]);
    assert_eq!(c.figures.federations.own, 6);
    assert_eq!(c.figures.federations.foreign, 2);
    let declared = NormOptions {
        exempt_federations: true,
        ..NormOptions::default()
    };
    let c = check(&t, &declared, NormTitle::Gm);
    assert!(c.met);
    assert_eq!(
        row(&c, "1.44").1,
        Bound::Exempt(Exemption::Declared),
        "the federation rows give way"
    );
    // Fewer than two foreign federations: all five foreigners French.
    let mut one_foreign = TOO_MANY_COMPATRIOTS;
    one_foreign[0].2 = "FRA";
    assert_eq!(failed(&gm(&event(&one_foreign))), ["1.43", "1.44"]);
}

/// [`TOO_MANY_COMPATRIOTS`] in an event with `extra` more foreign players (NED, ESP, ITA in
/// turn, 2300; the first 8 IMs) who play each other in round 1. With the applicant's 3
/// foreign opponents (NOR GM, FRA GM, FRA WGM): 3 + `extra` foreign rated players from
/// 2 + 3 federations, 3 + 8 of them GM/IM/WGM/WIM.
fn strong_foreign_field(extra: u32) -> Tournament {
    let mut t = event(&TOO_MANY_COMPATRIOTS);
    let first = t.players.len() as u32 + 1;
    for k in 0..extra {
        let federation = ["NED", "ESP", "ITA"][k as usize % 3];
        let title = if k < 8 { "IM" } else { "" };
        let mut p = player(first + k, title, Some(2300), federation);
        let partner = if k % 2 == 0 {
            first + k + 1
        } else {
            first + k - 1
        };
        let colour = if k % 2 == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        p.set_outcome(1, Outcome::game(partner, colour, Draw));
        t.players.push(p);
    }
    t
}

#[test]
fn a_strong_foreign_field_exempts_a_swiss_from_the_federation_rules() {
    // 3 + 18 = 21 ≥ 20 foreign rated players, 5 federations, 11 titled: exempt (1.43e).
    let norms: EventNorms = norms::check_event(&strong_foreign_field(18), &NormOptions::default());
    assert_eq!(
        (
            norms.foreign_field.rated_foreign,
            norms.foreign_field.federations,
            norms.foreign_field.titled
        ),
        (21, 5, 11)
    );
    assert_eq!(norms.exemption, Some(Exemption::SwissField));
    let c = norms
        .checks
        .iter()
        .find(|c| c.player == 1 && c.norm == NormTitle::Gm)
        .expect("check");
    assert!(c.met);
    // 3 + 16 = 19 foreign players: not exempt, the 1.44 failure stands.
    let c = gm(&strong_foreign_field(16));
    assert_eq!(failed(&c), ["1.44"]);
    // The same field in a round robin: 1.43e is for Swiss events.
    let mut round_robin = strong_foreign_field(18);
    round_robin.event.other_system_code = Some("FIDE_ROUNDROBIN".into());
    assert_eq!(
        norms::check_event(&round_robin, &NormOptions::default()).exemption,
        None
    );
}

/// Seven opponents of 2440 (GM NOR, GM FRA, GM ESP, IM NED, IM ITA, FM GER, untitled GER)
/// and two German 2000s: 5 wins (both 2000s, the untitled, the FM, the Italian IM) and 4
/// draws, 7 / 9: p 0.78, dp 220.
fn below_the_floor(second_low: u16) -> [Opponent; 9] {
    [
        ("GM", Some(2440), "NOR", Draw),
        ("GM", Some(2440), "FRA", Draw),
        ("GM", Some(2440), "ESP", Draw),
        ("IM", Some(2440), "NED", Draw),
        ("IM", Some(2440), "ITA", Win),
        ("FM", Some(2440), "GER", Win),
        ("", Some(2440), "GER", Win),
        ("", Some(2000), "GER", Win),
        ("", Some(second_low), "GER", Win),
    ]
}

#[test]
fn only_one_opponent_is_raised_to_the_rating_floor() {
    // Two 2000s: only one is raised to 2200. (7 × 2440 + 2200 + 2000) / 9 = 21280 / 9 =
    // 2364.4: Ra 2364 < 2380, Rp 2584 < 2600. (Gacrux: 2584.)
    let c = gm(&event(&below_the_floor(2000)));
    assert_eq!(failed(&c), ["1.47", "1.48"]);
    // Failing on the average, it is not shown as close to a norm, whatever the score.
    assert!(!swiss_arbiter::norms::is_close(&c));
    let p = c.figures.performance.as_ref().expect("games");
    assert_eq!((p.average, p.performance), (2364, 2584));
    assert_eq!(p.raised.len(), 1);
    assert_eq!((p.raised[0].from, p.raised[0].to), (2000, 2200));
    // One 2000 (raised) and eight 2440s: (8 × 2440 + 2200) / 9 = 2413.3: Ra 2413, Rp 2633.
    // (Gacrux: 2633.)
    let c = gm(&event(&below_the_floor(2440)));
    assert!(c.met, "failed: {:?}", failed(&c));
    let p = c.figures.performance.as_ref().expect("games");
    assert_eq!((p.average, p.performance), (2413, 2633));
    assert_eq!(
        (p.raised[0].round, p.raised[0].from, p.raised[0].to),
        (8, 2000, 2200)
    );
}

#[test]
fn a_swiss_applicant_may_leave_out_a_win() {
    // [`MET`] and a tenth round won against an Austrian 1600: 10 games need 4 GMs
    // (1/3 of 10, rounded up); he met 3. Leaving out that win leaves the nine games of
    // [`MET`]: norm met. (Leaving out another win also keeps 3 GMs of 9, but with a lower
    // Ra: the 1600 counts 2200 after the floor. MET keeps Rp 2650.)
    let mut ten = MET.to_vec();
    ten.push(("", Some(1600), "AUT", Win));
    let t = event(&ten);
    let c = gm(&t);
    assert!(c.met, "failed: {:?}", failed(&c));
    assert_eq!(c.dropped.iter().map(|g| g.round).collect::<Vec<_>>(), [10]);
    assert_eq!(c.figures.games, 9);
    assert_eq!(
        c.figures.performance.as_ref().map(|p| p.performance),
        Some(2650)
    );
    // With all ten games (no dropping possible with 10 games required), only the GMs fail:
    // (21870 + 2200) / 10 = 2407, 8 / 10: dp 240, Rp 2647.
    let all = check(
        &t,
        &NormOptions {
            min_games: 10,
            ..NormOptions::default()
        },
        NormTitle::Gm,
    );
    assert_eq!(failed(&all), ["1.45b"]);
    assert_eq!(row(&all, "1.45b"), (Some(3), Bound::AtLeast(4)));
    assert_eq!(
        all.figures
            .performance
            .as_ref()
            .map(|p| (p.average, p.performance)),
        Some((2407, 2647))
    );
    // A round robin: no dropping.
    let mut round_robin = t.clone();
    round_robin.event.other_system_code = Some("FIDE_ROUNDROBIN".into());
    let c = gm(&round_robin);
    assert!(c.dropped.is_empty() && !c.met);
}

#[test]
fn forfeits_and_byes_are_not_games() {
    // [`MET`] with round 9 won by forfeit and a tenth round a pairing-allocated bye: 8
    // games. 3 GMs ≥ 3, 6 title-holders ≥ 4, Ra 19570 / 8 = 2446, 6 / 8 = 0.75: dp 193,
    // Rp 2639; only the number of games fails.
    let mut t = event(&MET);
    t.players[0].set_outcome(
        9,
        Outcome::Forfeit {
            opponent: 10,
            colour: Colour::White,
            won: true,
        },
    );
    t.players[9].set_outcome(
        9,
        Outcome::Forfeit {
            opponent: 1,
            colour: Colour::Black,
            won: false,
        },
    );
    t.players[0].set_outcome(10, Outcome::PairingBye);
    let c = gm(&t);
    assert_eq!(failed(&c), ["1.41a"]);
    assert_eq!(c.figures.games, 8);
    assert_eq!(
        c.figures
            .performance
            .as_ref()
            .map(|p| (p.average, p.performance)),
        Some((2446, 2639))
    );
}

#[test]
fn odd_events_do_not_panic() {
    // Nobody rated, no federation, no games.
    let mut t = Tournament::default();
    t.players.push(Player::new(1, "Alone"));
    let alone = norms::check_event(&t, &NormOptions::default());
    assert_eq!(alone.checks.len(), 2);
    assert!(
        alone
            .checks
            .iter()
            .all(|c| !c.met && c.figures.performance.is_none())
    );
    let mut unrated = event(&MET);
    for p in &mut unrated.players {
        p.rating = None;
        p.federation.clear();
    }
    let c = gm(&unrated);
    // Nine unrated opponents count 1400 (one raised to 2200): (8 × 1400 + 2200) / 9 = 1489.
    assert_eq!(c.figures.unrated, 9);
    assert_eq!(
        c.figures.performance.as_ref().map(|p| p.average),
        Some(1489)
    );
    assert!(!c.met);
    let text = norms::text("x", &alone, &alone.checks.iter().collect::<Vec<_>>());
    assert!(text.contains("Alone"));
}

#[test]
fn the_norms_command_reports_text_csv_and_json() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("norm.trf");
    let text = trf::write(&event(&MET), trf::Dialect::Trf26).expect("TRF");
    std::fs::write(&path, text).expect("write");
    let file = path.display().to_string();
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
            .args(args)
            .output()
            .expect("the binary runs");
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    let csv = run(&["norms", &file, "--format", "csv", "--player", "1"]);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some(norms::CSV_HEADER));
    assert_eq!(
        lines.next(),
        Some("1,Player 1,GM,yes,9,7,7,2430,2650,3,2,1,0,7,3,6,5,3,GER:3,0,,")
    );
    let text = run(&["norms", &file]);
    assert!(
        text.contains("1 Player 1 (FM 2450 GER): GM norm MET"),
        "{text}"
    );
    assert!(text.contains("1.46e?"), "{text}");
    let json = run(&["norms", &file, "--format", "json", "--title", "IM"]);
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["checks"][0]["norm"], "IM");
    assert_eq!(value["checks"][0]["met"], true);
    // The printed report of one player and title.
    let sheet = dir.path().join("norm.html");
    let sheet_name = sheet.display().to_string();
    run(&[
        "norms",
        &file,
        "--player",
        "1",
        "--title",
        "GM",
        "--print",
        &sheet_name,
    ]);
    let html = std::fs::read_to_string(&sheet).expect("the sheet is written");
    assert!(
        html.contains("GM norm report") && html.contains("1.45b"),
        "{html}"
    );
    let o = Command::new(env!("CARGO_BIN_EXE_swiss-arbiter"))
        .args(["norms", &file, "--player", "99"])
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(3));
}

/// A generated event with titles and federations: GM from 2500, IM from 2400, FM from
/// 2300 (every fifth player below 2300 a WIM, a woman), federations in turn from five.
fn generated(seed: u64) -> Option<Tournament> {
    let cfg = common::generated::config(40, 9, seed, (0.3, 0.02, 0.02));
    let engine = pairing::engine(SystemId::Dutch2026);
    let mut t = generate(&cfg, engine.as_ref()).ok()?;
    t.event.federation = "GER".into();
    for p in &mut t.players {
        let rating = p.rating.unwrap_or(0);
        p.title = match rating {
            2500.. => "GM",
            2400.. => "IM",
            2300.. => "FM",
            _ if p.id % 5 == 0 => "WIM",
            _ => "",
        }
        .into();
        p.sex = Some(if p.id % 5 == 0 {
            Sex::Female
        } else {
            Sex::Male
        });
        p.federation = ["GER", "FRA", "NOR", "ESP", "GER"][p.id as usize % 5].into();
    }
    Some(t)
}

/// `games` with the same opponents and `half_points` in all.
fn scoring(games: &[NormGame], half_points: u32) -> Vec<NormGame> {
    games
        .iter()
        .enumerate()
        .map(|(i, g)| NormGame {
            result: match (
                2 * i as u32 + 2 <= half_points,
                2 * i as u32 + 1 == half_points,
            ) {
                (true, _) => Win,
                (false, true) => Draw,
                _ => Loss,
            },
            ..g.clone()
        })
        .collect()
}

#[test]
fn invariants_on_generated_events() {
    let (mut checked, mut compared, mut met) = (0, 0, 0);
    for seed in 1..=4 {
        let Some(t) = generated(seed) else { continue };
        let tpr = standings::compute(
            &t,
            &Options {
                tiebreaks: parse_list("TPR").expect("code"),
                round: Some(t.rounds_recorded()),
                rules: Rules::for_event(&t.event),
            },
        )
        .expect("standings");
        let result = norms::check_event(&t, &NormOptions::default());
        for c in result.checks {
            let rule = regulations::title_rule(c.norm);
            let f = &c.figures;
            let Some(p) = f.performance.as_ref() else {
                continue;
            };
            checked += 1;
            // Without a floor raise, unrated opponents or wins left out, Rp is the TPR
            // of the standings (C.07 10.2: the same B.02 table and roundings).
            if p.raised.is_empty() && f.unrated == 0 && c.dropped.is_empty() {
                compared += 1;
                let row = tpr.rows.iter().find(|r| r.id == c.player).expect("row");
                assert_eq!(
                    row.tiebreaks[0].value,
                    Value::Rating(p.performance as i32),
                    "seed {seed} player {}",
                    c.player
                );
            }
            // A norm met meets every requirement, recounted here from the games.
            if c.met {
                met += 1;
                let n = c.games.len() as u32;
                let holding = |titles: &[&str]| {
                    c.games
                        .iter()
                        .filter(|g| g.title.is_some_and(|t| titles.contains(&t.name())))
                        .count() as u32
                };
                let level: &[&str] = match c.norm {
                    NormTitle::Gm => &["GM"],
                    NormTitle::Im => &["GM", "IM"],
                    NormTitle::Wgm => &["GM", "IM", "WGM"],
                    NormTitle::Wim => &["GM", "IM", "WGM", "WIM"],
                };
                let at_level = holding(level);
                let own = c
                    .games
                    .iter()
                    .filter(|g| g.federation.is_some() && g.federation == c.federation)
                    .count() as u32;
                assert!(n >= 9);
                assert!(2 * holding(&["GM", "IM", "FM", "WGM", "WIM", "WFM"]) >= n);
                assert!(at_level >= 3 && 3 * at_level >= n);
                assert!(result.exemption.is_some() || 5 * own <= 3 * n);
                assert!(5 * f.unrated <= n);
                assert!(p.average >= rule.min_average && p.performance >= rule.min_performance);
            }
            assert_eq!(c.met, c.requirements.iter().all(|r| r.met));
            // The score required is the least: it reaches the performance, half a point
            // less does not.
            if let Some(h) = p.half_points_required {
                let at = |h: u32| {
                    Performance::of(
                        &scoring(&c.games, h),
                        rule.rating_floor,
                        rule.min_performance,
                    )
                    .expect("games")
                    .performance
                };
                assert!(at(h) >= rule.min_performance);
                assert!(h == 0 || at(h - 1) < rule.min_performance);
            }
        }
    }
    assert!(
        checked > 100 && compared > 10 && met > 0,
        "{checked} checks with games, {compared} compared with the TPR, {met} norms met"
    );
}
