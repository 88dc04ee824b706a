//! Explanations as text for the arbiter: one block per bracket (score group), one line per board, the
//! criteria not fully met, then the PAB and the round's totals.

use std::fmt::Write;

use crate::pairing::fide_team::TeamPairing;

use super::check::{Comparison, ManualCheck};
use super::round::{BracketExplanation, BracketRole, FloatDirection, RoundExplanation};
use super::value::CriterionValue;

fn ids(list: &[u32]) -> String {
    let parts: Vec<String> = list.iter().map(u32::to_string).collect();
    parts.join(" ")
}

/// The criteria not met, `article summary: value (contributors)`, joined by `; `.
fn unmet(values: &[CriterionValue]) -> String {
    let parts: Vec<String> = values
        .iter()
        .filter(|v| !v.value.is_met())
        .map(|v| {
            let who: Vec<String> = v.contributors.iter().map(|c| c.to_string()).collect();
            if who.is_empty() {
                format!("{} {}: {}", v.article, v.summary, v.value)
            } else {
                format!(
                    "{} {}: {} ({})",
                    v.article,
                    v.summary,
                    v.value,
                    who.join(", ")
                )
            }
        })
        .collect();
    if parts.is_empty() {
        "all met".to_string()
    } else {
        parts.join("; ")
    }
}

fn bracket_heading(b: &BracketExplanation) -> String {
    let scores: Vec<String> = b.scores.iter().map(|s| s.to_string()).collect();
    // Dutch 2012 records its C.13 for these brackets and names them by it.
    let c13 = b.decision("C.13").is_some();
    let role = match b.role {
        BracketRole::Ordinary => "",
        BracketRole::Penultimate if c13 => " · penultimate score bracket (C.13)",
        BracketRole::Penultimate => " · PPB (C.4: completes the round)",
        BracketRole::Collapsed if c13 => " · lowest score bracket (C.13)",
        BracketRole::Collapsed => " · CLB (collapsed last bracket)",
        BracketRole::Last => " · last bracket",
    };
    let kind = if b.homogeneous {
        "homogeneous"
    } else {
        "heterogeneous"
    };
    let label = if scores.len() == 1 { "score" } else { "scores" };
    format!(
        "Bracket {} · {label} {} · {kind}{role}",
        b.number,
        scores.join(", ")
    )
}

/// A whole round's explanation.
pub(super) fn round(e: &RoundExplanation) -> String {
    let mut out = String::new();
    let bye = e
        .bye
        .as_ref()
        .map(|b| format!(", PAB to {}", b.player))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "Round {} · {} · {} boards{bye}",
        e.round,
        e.rules,
        e.pairs.len()
    );
    for b in &e.brackets {
        let _ = writeln!(out, "\n{}", bracket_heading(b));
        if !b.incoming.is_empty() {
            let what = match e.floats {
                FloatDirection::Down => "moved down",
                FloatDirection::Up => "floated up",
            };
            let _ = writeln!(out, "  {what}: {}", ids(&b.incoming));
        }
        let _ = writeln!(out, "  residents: {}", ids(&b.residents));
        if !b.limbo.is_empty() {
            let _ = writeln!(out, "  Limbo (MDPs not paired here): {}", ids(&b.limbo));
        }
        let bye = e.bye.as_ref().map(|b| b.player);
        let (pab, floats): (Vec<u32>, Vec<u32>) = b.outgoing.iter().partition(|&&p| Some(p) == bye);
        if !floats.is_empty() {
            let what = match e.floats {
                FloatDirection::Down => "float down",
                FloatDirection::Up => "float up",
            };
            let _ = writeln!(out, "  {what}: {}", ids(&floats));
        }
        if !pab.is_empty() {
            let _ = writeln!(out, "  left for the PAB: {}", ids(&pab));
        }
        for d in &b.decisions {
            let _ = writeln!(out, "  {}: {}", d.article, d.text);
        }
        let _ = writeln!(out, "  criteria: {}", unmet(&b.criteria));
        for &board in &b.boards {
            let Some(p) = e.pairs.get(board - 1) else {
                continue;
            };
            let colours = if p.colours_follow_rule {
                format!("{} {}", p.colour_rule, p.colour_reason)
            } else {
                format!("colours against {} ({})", p.colour_rule, p.colour_reason)
            };
            let _ = writeln!(
                out,
                "  Board {:>3}  {} - {}   {colours}",
                p.board, p.white, p.black
            );
            for n in &p.notes {
                let _ = writeln!(out, "             {}: {}", n.article, n.text);
            }
        }
    }
    if let Some(b) = &e.bye {
        let _ = writeln!(out, "\nPAB: {}", b.player);
        for r in &b.reasons {
            let _ = writeln!(out, "  - {r}");
        }
    }
    let mut totals: Vec<CriterionValue> = e.round_criteria.clone();
    totals.extend(e.totals.iter().cloned());
    let _ = writeln!(out, "\nRound, in priority order: {}", unmet(&totals));
    out
}

/// The check of an arbiter's pairing, with the engine's pairing for reference; `teams`,
/// the team pairing of the arbiter's boards, sums it up by matches.
pub(super) fn check(
    c: &ManualCheck,
    engine: &RoundExplanation,
    teams: Option<&TeamPairing>,
) -> String {
    let mut out = String::new();
    let summary = match teams {
        Some(teams) => format!("matches {}", teams.as_team_pairs().summary()),
        None => c.pairing.summary(),
    };
    let _ = writeln!(
        out,
        "Arbiter's pairing of round {} ({}): {summary}",
        engine.round, engine.rules
    );
    if c.errors.is_empty() {
        let _ = writeln!(out, "Absolute criteria: all met");
    } else {
        let _ = writeln!(
            out,
            "ERRORS (absolute criteria; this pairing may not be used):"
        );
        for e in &c.errors {
            let _ = writeln!(out, "  {}: {}", e.article, e.text);
        }
    }
    for b in &c.colour_breaks {
        let _ = writeln!(
            out,
            "Colours: board {} ({} - {}): {}",
            b.board, b.white, b.black, b.text
        );
    }
    let verdict = verdict(&c.comparison);
    let _ = writeln!(out, "Compared with the engine's pairing: {verdict}");
    let _ = writeln!(out, "\n--- The arbiter's pairing ---");
    if let Some(e) = &c.explanation {
        out.push_str(&round(e));
    }
    let _ = writeln!(out, "\n--- The engine's pairing ---");
    out.push_str(&round(engine));
    out
}

/// The comparison with the engine's pairing in one sentence.
pub(super) fn verdict(comparison: &Comparison) -> String {
    match comparison {
        Comparison::Equal => "as good as the engine's on every criterion".to_string(),
        Comparison::SameQuality { bracket, order } => format!(
            "as good as the engine's on every criterion; in bracket {bracket} the engine's candidate comes first in {order}"
        ),
        Comparison::NotCompared => "not compared (see the errors)".to_string(),
        Comparison::Differs {
            bracket,
            summary,
            article,
            manual,
            engine,
            worse,
            responsible,
            detail,
        } => {
            let place = match bracket {
                Some(b) => format!("in bracket {b}"),
                None => "for the round".to_string(),
            };
            let who: Vec<String> = responsible.iter().map(|r| r.to_string()).collect();
            let who = if who.is_empty() {
                String::new()
            } else {
                format!("; responsible: {}", who.join(", "))
            };
            let detail = detail
                .as_ref()
                .map(|d| format!("; {d}"))
                .unwrap_or_default();
            format!(
                "{} {place} at {article} ({}): {manual} against the engine's {engine}{who}{detail}",
                if *worse { "WORSE" } else { "better" },
                summary
            )
        }
    }
}
