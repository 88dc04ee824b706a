//! A check of the team override check (issue 56): the engine's pairing is the reference
//! (C.04.6 decides bracket by bracket, 3.3.2, 3.5, 3.6), so no other legal pairing of a
//! round may be called better than it. On generated team events (odd and even numbers of
//! teams, Type A and Type B), each round's engine pairing is changed in every way one
//! step allows (two matches exchange opponents, either way; the bye goes to a team of a
//! match, whose opponent meets the former bye team; a match's colours reversed), and the
//! comparison of each legal change with the engine's must say it is worse, or as good
//! with the engine's candidate first in the system's order; a reversal of colours only is
//! as good, with colour breaks.

use std::process::Output;

use swiss_arbiter::formats::trf;
use swiss_arbiter::generator::teams::{TeamEvent, config, generate};
use swiss_arbiter::pairing::{Comparison, PairingRequest, TeamPairing};
use swiss_arbiter::tournament::{SystemId, TeamScoring, Tournament};

use crate::common::run;

/// Each change of `engine` that moves one step: two matches exchange opponents (both
/// ways), the bye moves to a team of a match, a match's colours are reversed. The bool
/// says whether the change is of colours only.
fn changes(engine: &TeamPairing) -> Vec<(TeamPairing, bool)> {
    let m = &engine.matches;
    let with = |matches: Vec<(u32, u32)>, bye: Option<u32>| TeamPairing {
        round: engine.round,
        matches,
        bye,
    };
    let mut out = Vec::new();
    for i in 0..m.len() {
        for j in i + 1..m.len() {
            let ((a, b), (c, d)) = (m[i], m[j]);
            for (x, y) in [((a, d), (c, b)), ((a, c), (b, d))] {
                let mut matches = m.clone();
                matches[i] = x;
                matches[j] = y;
                out.push((with(matches, engine.bye), false));
            }
        }
        let mut reversed = m.clone();
        reversed[i] = (m[i].1, m[i].0);
        out.push((with(reversed, engine.bye), true));
        if let Some(bye) = engine.bye {
            for (keep, leave) in [(m[i].0, m[i].1), (m[i].1, m[i].0)] {
                let mut matches = m.clone();
                matches[i] = (keep, bye);
                out.push((with(matches, Some(leave)), false));
            }
        }
    }
    out
}

/// The matches without colours, and the bye.
fn unordered(p: &TeamPairing) -> (Vec<(u32, u32)>, Option<u32>) {
    let mut m: Vec<(u32, u32)> = p
        .matches
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    m.sort_unstable();
    (m, p.bye)
}

/// What the checks of the changes found.
#[derive(Default)]
struct Tally {
    rounds: usize,
    /// Legal changes compared with the engine's pairing.
    compared: usize,
    /// Changes called better than the engine's pairing.
    better: Vec<String>,
    /// Other wrong verdicts: a different pairing called equal, a change of colours only
    /// called different, a legal pairing not compared.
    wrong: Vec<String>,
}

/// Checks every change of every round of `t`.
fn check_event(t: &Tournament, what: &str, tally: &mut Tally) {
    for round in 1..=t.rounds_recorded() {
        let request = PairingRequest::recorded(t, SystemId::FideTeam, round);
        let (Ok(engine), Ok(explainer)) = (request.pair_teams(), request.explain()) else {
            continue;
        };
        tally.rounds += 1;
        for (change, colours_only) in changes(&engine) {
            let boards = change.boards_in(request.history()).pairing;
            let check = explainer.check(&boards);
            if !check.is_valid() {
                continue;
            }
            tally.compared += 1;
            let at = format!(
                "{what}, round {round}: {:?} against the engine's {:?}: {}",
                unordered(&change),
                unordered(&engine),
                check.comparison_text()
            );
            match &check.comparison {
                Comparison::Differs { worse: false, .. } => tally.better.push(at),
                Comparison::Differs { .. } | Comparison::SameQuality { .. } if colours_only => {
                    tally.wrong.push(at)
                }
                Comparison::Equal if !colours_only || check.colour_breaks.is_empty() => {
                    tally.wrong.push(at)
                }
                Comparison::NotCompared => tally.wrong.push(at),
                _ => {}
            }
        }
    }
}

/// 30 generated events of 7 to 12 teams, 4 or 5 rounds, Type A and Type B: no change of
/// the engine's pairing is called better than it.
#[test]
fn no_change_of_the_engines_pairing_is_called_better() {
    let started = std::time::Instant::now();
    let mut tally = Tally::default();
    for seed in 1..=30u64 {
        let mut scoring = TeamScoring::default();
        if seed % 3 == 0 {
            assert!(scoring.apply_trf_system_code("FIDE_TEAM_TYPEB_MP_GP"));
        }
        let event = TeamEvent {
            teams: 7 + seed as u32 % 6,
            boards: 2,
            reserves: 0,
            scoring,
        };
        let t = match generate(&config(4 + seed as u32 % 2, seed), &event) {
            Ok(t) => t,
            Err(stopped) => *stopped.partial,
        };
        check_event(
            &t,
            &format!("seed {seed}, {} teams", event.teams),
            &mut tally,
        );
    }
    let Tally {
        rounds,
        compared,
        better,
        wrong,
    } = tally;
    assert!(
        better.is_empty(),
        "{} of {compared} changes called better than the engine's pairing:\n{}",
        better.len(),
        better.join("\n")
    );
    assert!(
        wrong.is_empty(),
        "{} of {compared} wrong verdicts:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(rounds >= 120, "only {rounds} rounds");
    assert!(compared >= 1500, "only {compared} legal changes compared");
    eprintln!(
        "{rounds} rounds, {compared} legal changes compared in {:?}",
        started.elapsed()
    );
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The case of the report: a pairing that floats up team 10 (score 0) into the top
/// bracket (score 4) where the engine floats team 4 (score 2) has fewer upfloaters over
/// the whole round, but is worse in bracket 1 at C5, which the engine decides first.
#[test]
fn a_lower_upfloater_is_worse_in_its_bracket_though_fewer_float_in_the_round() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let event = dir.path().join("t05.trf");
    crate::common::generate_team_event(&event);
    let event = event.to_str().expect("a UTF-8 path");
    let pairing = dir.path().join("p3.txt");
    std::fs::write(&pairing, "5\n1 2\n5 4\n6 9\n7 8\n10 3\n").expect("written");
    let pairing = pairing.to_str().expect("a UTF-8 path");

    let t = trf::read(&std::fs::read(event).expect("generated"), "t05").expect("opens");
    let request = PairingRequest::recorded(&t, SystemId::FideTeam, 3);
    let explainer = request.explain().expect("explained");
    let arbiter = TeamPairing {
        round: 3,
        matches: vec![(1, 2), (5, 4), (6, 9), (7, 8), (10, 3)],
        bye: None,
    };
    let check = explainer.check(&arbiter.boards_in(request.history()).pairing);
    match &check.comparison {
        Comparison::Differs {
            bracket: Some(1),
            article: "C5",
            worse: true,
            ..
        } => {}
        c => panic!("{c:?}: {}", check.comparison_text()),
    }
    let verdict = check.comparison_text();
    assert!(
        verdict.contains("score 4.0")
            && verdict.contains("team 4 (score 2.0) instead of team 10 (score 0.0)"),
        "{verdict}"
    );

    let o = run(&[
        "explain",
        "--system",
        "fide-team",
        event,
        "--round",
        "3",
        "--pairing",
        pairing,
    ]);
    let text = stdout(&o);
    assert!(
        text.contains("(C.04.6)): matches 1-2 5-4 6-9 7-8 10-3\n"),
        "the summary lists the matches:\n{text}"
    );
    assert!(
        text.contains("Compared with the engine's pairing: WORSE in bracket 1 at C5"),
        "{text}"
    );
}
