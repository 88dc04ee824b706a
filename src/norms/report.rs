//! The norm report as text for the arbiter (the IT1 figures and each requirement with its
//! article), as CSV for other programs, and as JSON with everything.

use std::fmt::Write;

use super::check::{EventNorms, NormCheck};
use super::exemption::Exemption;
use super::games::NormGame;
use super::regulations::{self, PERFORMANCE};
use super::requirements::{Bound, Requirement};
use crate::formats::columns;
use crate::tournament::GameResult;

/// A check worth showing the arbiter: the norm met, or missed only on the performance
/// (1.4.8) by a score within one point of the score required. A check that fails on the
/// games, the opponents or their average is not close, whatever the score.
pub fn is_close(check: &NormCheck) -> bool {
    check.met
        || (check.shortfall().is_some_and(|s| s <= 2)
            && check
                .requirements
                .iter()
                .all(|r| r.met || r.article == PERFORMANCE))
}

fn score(half_points: u32) -> String {
    match half_points % 2 {
        0 => (half_points / 2).to_string(),
        _ => format!("{}.5", half_points / 2),
    }
}

fn or_dash<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| "-".to_string(), |v| v.to_string())
}

fn result(game: &NormGame) -> &'static str {
    match game.result {
        GameResult::Win => "1",
        GameResult::Draw => "0.5",
        GameResult::Loss => "0",
    }
}

fn bound(bound: Bound) -> String {
    match bound {
        Bound::AtLeast(n) => format!(">= {n}"),
        Bound::AtMost(n) => format!("<= {n}"),
        Bound::Exempt(e) => format!("exempt ({})", e.article()),
        Bound::Declared => "declared".to_string(),
    }
}

/// Whether the federation requirements give way, and by which article.
pub(crate) fn exemption_text(exemption: Option<Exemption>) -> String {
    match exemption {
        None => "none".to_string(),
        Some(Exemption::Declared(kind)) => format!("declared by the arbiter: {}", kind.label()),
        Some(e @ Exemption::SwissField) => {
            format!("strong foreign field in every round ({})", e.article())
        }
    }
}

/// The event's lines of the report: the text applied, the kind declared, the foreign field
/// of 1.4.3d, and the conditions of the event that are not met or are declared.
pub(crate) fn event_lines(norms: &EventNorms) -> Vec<String> {
    let f = &norms.foreign_field;
    let mut lines = vec![
        format!("{}; games over the board only (1.4.2c).", regulations::TEXT),
        format!("Kind of event (1.4.3a-c): {}.", norms.kind.label()),
        format!(
            "Foreign field (1.4.3d): in every round at least {} rated players from outside {}, {} federations, {} GM/IM/WGM/WIM (fewest in round {}); {} left out for missing two rounds or more{}: {}.",
            f.rated_foreign,
            or_dash(f.host.as_deref()),
            f.federations,
            f.titled,
            or_dash(f.weakest_round),
            f.missed_too_many,
            if f.swiss { "" } else { " (not a Swiss)" },
            if f.exempts() { "exempt" } else { "not exempt" }
        ),
    ];
    for r in &norms.conditions {
        let [article, what, figure, bound, met] = requirement_cells(r);
        let status = if r.bound == Bound::Declared {
            "declared by the arbiter".to_string()
        } else {
            format!("{figure} ({bound}): {met}")
        };
        lines.push(format!("Condition {article}: {what}: {status}"));
    }
    lines
}

/// The report for people: the event's lines, then each check in `shown`.
pub fn text(event_name: &str, norms: &EventNorms, shown: &[&NormCheck]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Title norms (FIDE B.01): {event_name}");
    for line in event_lines(norms) {
        let _ = writeln!(out, "{line}");
    }
    if shown.is_empty() {
        let _ = writeln!(out, "\nNo norm met or within one point.");
    }
    for check in shown {
        out.push('\n');
        write_check(&mut out, check);
    }
    out
}

/// The verdict: met, or by how much it is missed.
pub(crate) fn verdict(c: &NormCheck) -> String {
    if c.met {
        return "MET".to_string();
    }
    match c.shortfall() {
        Some(s) if s > 0 => format!("not met ({} short of the score required)", score(s as u32)),
        Some(_) => "not met (score reached, other requirements failed)".to_string(),
        None => "not met (no score reaches the performance)".to_string(),
    }
}

/// The applicant: number, name, title, rating, federation.
pub(crate) fn applicant(c: &NormCheck) -> String {
    format!(
        "{} {} ({} {} {})",
        c.player,
        c.name,
        or_dash(c.title.map(|t| t.name())),
        or_dash(c.rating),
        or_dash(c.federation.as_deref())
    )
}

/// The headings of [`game_cells`].
pub(crate) const GAME_HEADINGS: [&str; 7] =
    ["Rd", "No", "Opponent", "Title", "Rating", "Fed", "Result"];

/// A game counted: round, opponent's number, name, title, rating, federation, result.
pub(crate) fn game_cells(g: &NormGame) -> [String; 7] {
    [
        g.round.to_string(),
        g.opponent.to_string(),
        g.name.clone(),
        or_dash(g.title.map(|t| t.name())),
        or_dash(g.rating),
        or_dash(g.federation.as_deref()),
        result(g).to_string(),
    ]
}

/// The IT1 figures in a few lines: wins left out, titles, federations, Ra and Rp.
pub fn figure_lines(c: &NormCheck) -> Vec<String> {
    let fig = &c.figures;
    let mut lines: Vec<String> = Vec::new();
    let game_line = |g: &NormGame| {
        format!(
            "round {} against {} {} ({})",
            g.round,
            g.opponent,
            g.name,
            or_dash(g.rating)
        )
    };
    for g in &c.excluded {
        lines.push(format!(
            "Not included ({}, {}): {}",
            g.article,
            g.why,
            game_line(&g.game)
        ));
    }
    for g in &c.dropped {
        lines.push(format!(
            "Left out (a win, {}): {}",
            regulations::DROPPED_WINS,
            game_line(g)
        ));
    }
    for g in &c.later {
        lines.push(format!(
            "Left out (after the title result, {}): {}",
            regulations::LATER_GAMES,
            game_line(g)
        ));
    }
    if let Some(round) = c.forfeit_as_loss {
        lines.push(format!(
            "Round {round}: a last-round forfeit win, needed for the number of games, counted as a loss ({})",
            regulations::NOT_PLAYED
        ));
    }
    if let Some(e) = c.exemption {
        lines.push(format!(
            "Federation requirements: {}",
            exemption_text(Some(e))
        ));
    }
    if c.required.article == regulations::EIGHT_OF_NINE {
        lines.push(format!(
            "{} games required in a 9-round event with a forfeit win or pairing-allocated bye; the norm counts as 9 games, and only one such norm may be used in a title application ({})",
            c.required.games,
            regulations::EIGHT_OF_NINE
        ));
    }
    if let Some(worth) = c.games_worth {
        lines.push(format!(
            "Worth {worth} games for the title application ({}, {})",
            regulations::EXTRA_POINTS,
            regulations::GAMES_WORTH
        ));
    }
    let most = fig
        .federations
        .most_represented
        .as_ref()
        .map_or("-".to_string(), |m| {
            format!("{} {}", m.federation, m.opponents)
        });
    lines.push(format!(
        "Games {}, score {}; GMs {}, IMs {}, WGMs {}, WIMs {}, title-holders {}",
        fig.games,
        score(fig.half_points),
        fig.grandmasters,
        fig.international_masters,
        fig.woman_grandmasters,
        fig.woman_international_masters,
        fig.title_holders
    ));
    lines.push(format!(
        "Federations {} ({} foreign; own {}; most represented {}), unrated {}",
        fig.federations.federations,
        fig.federations.foreign,
        fig.federations.own,
        most,
        fig.unrated
    ));
    if let Some(p) = &fig.performance {
        let raised: String = p
            .raised
            .iter()
            .map(|r| {
                format!(
                    ", round {} opponent {} raised {} -> {}",
                    r.round, r.opponent, r.from, r.to
                )
            })
            .collect();
        lines.push(format!(
            "Ra {}{raised}, p {}.{:02}, dp {}, Rp {}; score required {}",
            p.average,
            p.p / 100,
            p.p % 100,
            p.dp,
            p.performance,
            or_dash(p.half_points_required.map(score))
        ));
    }
    lines
}

/// A requirement: article, what, figure, bound, `met` or `NOT MET`.
pub(crate) fn requirement_cells(r: &Requirement) -> [String; 5] {
    [
        r.article.to_string(),
        r.what.to_string(),
        or_dash(r.figure),
        bound(r.bound),
        (if r.met { "met" } else { "NOT MET" }).to_string(),
    ]
}

fn write_check(out: &mut String, c: &NormCheck) {
    let _ = writeln!(out, "{}: {} norm {}", applicant(c), c.norm, verdict(c));
    for cells in
        std::iter::once(GAME_HEADINGS.map(String::from)).chain(c.games.iter().map(game_cells))
    {
        let [round, no, name, title, rating, fed, result] = cells;
        let _ = writeln!(
            out,
            "  {round:>2} {no:>4}  {} {title:<5} {rating:>6} {fed:<4} {result:>6}",
            columns::left(&name, 28)
        );
    }
    for line in figure_lines(c) {
        let _ = writeln!(out, "  {line}");
    }
    for r in &c.requirements {
        let [article, what, figure, bound, met] = requirement_cells(r);
        let _ = writeln!(
            out,
            "  {article:<8} {what:<48} {figure:>6} {bound:<14} {met}"
        );
    }
}

/// The CSV columns, one row per check:
///
/// `StartNo,Name,Norm,Met,Games,Score,ScoreRequired,Ra,Rp,GM,IM,WGM,WIM,TitleHolders,
/// AtLevel,Federations,ForeignFederations,OwnFederation,MostRepresented,Unrated,Dropped,
/// Failed`: `Met` is `yes`/`no`; `Score` and `ScoreRequired` in points (`6.5`);
/// `ScoreRequired`, `Ra` and `Rp` empty without games (`ScoreRequired` also when no score
/// reaches the performance); `MostRepresented` is `FED:count`; `Dropped` the rounds of the
/// wins left out and `Failed` the articles of the requirements not met, space-separated.
pub const CSV_HEADER: &str = "StartNo,Name,Norm,Met,Games,Score,ScoreRequired,Ra,Rp,GM,IM,WGM,WIM,TitleHolders,AtLevel,Federations,ForeignFederations,OwnFederation,MostRepresented,Unrated,Dropped,Failed";

fn quoted(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The checks as CSV ([`CSV_HEADER`]).
pub(crate) fn csv(checks: &[&NormCheck]) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for c in checks {
        let fig = &c.figures;
        let p = fig.performance.as_ref();
        let join = |items: Vec<String>| items.join(" ");
        let cells = [
            c.player.to_string(),
            quoted(&c.name),
            c.norm.to_string(),
            (if c.met { "yes" } else { "no" }).to_string(),
            fig.games.to_string(),
            score(fig.half_points),
            p.and_then(|p| p.half_points_required)
                .map(score)
                .unwrap_or_default(),
            p.map(|p| p.average.to_string()).unwrap_or_default(),
            p.map(|p| p.performance.to_string()).unwrap_or_default(),
            fig.grandmasters.to_string(),
            fig.international_masters.to_string(),
            fig.woman_grandmasters.to_string(),
            fig.woman_international_masters.to_string(),
            fig.title_holders.to_string(),
            fig.at_level.to_string(),
            fig.federations.federations.to_string(),
            fig.federations.foreign.to_string(),
            fig.federations.own.to_string(),
            fig.federations
                .most_represented
                .as_ref()
                .map(|m| format!("{}:{}", m.federation, m.opponents))
                .unwrap_or_default(),
            fig.unrated.to_string(),
            join(c.dropped.iter().map(|g| g.round.to_string()).collect()),
            join(
                c.requirements
                    .iter()
                    .filter(|r| !r.met)
                    .map(|r| r.article.to_string())
                    .collect(),
            ),
        ];
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// Everything, for other programs: the event's exemption figures and the checks given.
pub(crate) fn json(norms: &EventNorms, checks: &[&NormCheck]) -> Result<String, serde_json::Error> {
    serde_json::to_string_pretty(&serde_json::json!({
        "regulations": regulations::TEXT,
        "kind": norms.kind,
        "foreign_field": norms.foreign_field,
        "conditions": norms.conditions,
        "checks": checks,
    }))
}
