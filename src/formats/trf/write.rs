//! Writing the tournament model as TRF-2026 or TRF-16.

use crate::tournament::{Colour, DateLines, ScoringSystem, SystemId, Tournament, settle_dates};

use super::fit::{self, Unwritable, points_in_4};
use super::national_ratings;
use super::player_line::{self, round_column};
use super::teams;

/// Which TRF flavour to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// TRF-2026 (FIDE C.02.03 Annex A): `142`, `152`, `162`, `192`, `202`, `250`, `260`,
    /// `###` comments. The default for export.
    Trf26,
    /// TRF-16 with JaVaFo's `XXR XXC XXA XXP XXS` and bbpPairings' `BB?` extensions, for
    /// older tools.
    Trf16,
}

/// The tournament as TRF text, LF line ends, UTF-8; or, before anything is written, every
/// value its fixed columns cannot hold (`fit::misfits`).
pub fn write(t: &Tournament, dialect: Dialect) -> Result<String, Unwritable> {
    let misfits = fit::misfits(t);
    if !misfits.is_empty() {
        return Err(Unwritable { misfits });
    }
    // TRF-16 has no code for an adjourned game nor record `162` for its value: each is
    // written as the draw it counts as for the pairing (the export says so,
    // [`fit::dropped_by_trf`]).
    let drawn;
    let t = if dialect == Dialect::Trf16 && !t.adjourned_games().is_empty() {
        let mut copy = t.clone();
        copy.draw_adjourned_games();
        copy.event.scoring.adjourned = None;
        drawn = copy;
        &drawn
    } else {
        t
    };
    let e = &t.event;
    let mut out: Vec<String> = Vec::new();
    let mut record = |code: &str, value: &str| {
        if !value.is_empty() {
            out.push(format!("{code} {value}"));
        }
    };
    record("012", &e.name);
    record("022", &e.city);
    record("032", &e.federation);
    // Dates this program understands in TRF's forms: `042`/`052` `YYYY/MM/DD` (TRF-2026;
    // TRF-16 sets no form for them), `132` `YY/MM/DD` (both); others as written.
    let dates = settle_dates(e, DateLines::default());
    let in_form = |date: Option<crate::tournament::Date>, text: &str| {
        date.map_or_else(|| text.to_string(), |d| d.long())
    };
    record("042", &in_form(dates.start, &e.start_date));
    record("052", &in_form(dates.end, &e.end_date));
    record("062", &t.players.len().to_string());
    // The 001 records hold the FIDE rating (the tournament rating may be another, by
    // the event's rating method; TRF-2026 writes the national ones in NRS records).
    let fide_rating = |p: &crate::tournament::Player| p.fide_rating(e.rating_list);
    record(
        "072",
        &t.players
            .iter()
            .filter(|p| fide_rating(p).is_some())
            .count()
            .to_string(),
    );
    record("092", &e.tournament_type);
    record("102", &e.chief_arbiter);
    for deputy in &e.deputy_arbiters {
        record("112", deputy);
    }
    record("122", &e.time_control);
    if !e.round_dates.is_empty() {
        let mut line = format!("{:<91}", "132");
        for (r, text) in e.round_dates.iter().enumerate() {
            let date = match dates.rounds.get(r).copied().flatten() {
                Some(d) => d.short(),
                None => text.clone(),
            };
            let start = round_column(r as u32 + 1);
            line = format!("{line:<width$}{date:<8}", width = start - 1);
        }
        out.push(line.trim_end().to_string());
    }
    match dialect {
        Dialect::Trf26 => write_trf26_header(t, &mut out),
        Dialect::Trf16 => write_trf16_header(t, &mut out),
    }
    if e.pair_by_rank {
        out.push("XXC rank".to_string());
    }
    out.extend(e.other_records.iter().cloned());
    if dialect == Dialect::Trf26 {
        // The records of the event's integrity (leaving FIDE mode, the overrides, the
        // log), then the other comments as read.
        // The ratings' records that 172 cannot hold come first.
        out.extend(
            national_ratings::comments(t)
                .iter()
                .chain(&integrity_comments(t))
                .chain(&super::rating_comments::comments(t))
                .chain(&e.comments)
                .map(|c| format!("###{c}")),
        );
    }
    for player in &t.players {
        out.push(player_line::line_text(
            player,
            fide_rating(player),
            t.score(player),
        ));
    }
    if dialect == Dialect::Trf26 {
        out.extend(national_ratings::nrs_lines(t));
    }
    out.extend(teams::lines(t, dialect));
    let mut text = out.join("\n");
    text.push('\n');
    Ok(text)
}

fn write_trf26_header(t: &Tournament, out: &mut Vec<String>) {
    let e = &t.event;
    if let Some(rounds) = e.rounds {
        out.push(format!("142 {rounds}"));
    }
    if let Some(colour) = e.initial_colour {
        out.push(format!("152 {}", colour.letter()));
    }
    let s = &e.scoring;
    // A reader takes the system's default scoring when there is no 162 record.
    let rating_method = national_ratings::record_172(t);
    if *s != ScoringSystem::for_system(ScoringSystem::standard(), e.system) {
        let adjourned = s
            .adjourned
            .map(|x| format!("    X{:>4}", four(x)))
            .unwrap_or_default();
        out.push(format!(
            "162  W{:>4}    D{:>4}    L{:>4}    A{:>4}    P{:>4}{adjourned}",
            four(s.win),
            four(s.draw),
            four(s.loss),
            four(s.zero_bye),
            four(s.pab)
        ));
        // Values 162 cannot express separately go on an XXS line as well: those a reader
        // of the 162 record alone would not get back.
        let from_162 = ScoringSystem {
            forfeit_win: s.win,
            forfeit_loss: s.zero_bye,
            pab: s.pab,
            zero_bye: s.zero_bye,
            adjourned: s.adjourned,
            ..ScoringSystem::for_system(
                ScoringSystem::from_win_draw_loss(s.win, s.draw, s.loss),
                e.system,
            )
        };
        if from_162 != *s {
            out.push(xxs_line(s));
        }
    }
    out.extend(rating_method);
    let code = match e.system.and_then(|s| s.trf_code()) {
        Some(_) if e.system == Some(SystemId::FideTeam) => {
            let code = e.team_scoring.trf_system_code();
            Some(if e.acceleration.baku {
                format!("{code}_BAKU")
            } else {
                code
            })
        }
        Some(code) if e.acceleration.baku => Some(format!("{code}_BAKU")),
        Some(code) => Some(code.to_string()),
        None => e.other_system_code.clone(),
    };
    if let Some(code) = code {
        out.push(format!("192 {code}"));
    }
    if !e.tiebreaks.is_empty() {
        out.push(format!("202 {}", e.tiebreaks.join(",")));
    }
    if !e.encoded_time_control.is_empty() {
        out.push(format!("222 {}", e.encoded_time_control));
    }
    for v in &e.acceleration.virtual_points {
        let mp = v.match_points.map(four).unwrap_or_default();
        // Match points alone leave the game points blank, as they were read.
        let gp = match v.match_points {
            Some(_) if v.points == crate::tournament::Points::ZERO => String::new(),
            _ => four(v.points),
        };
        out.push(format!(
            "250 {mp:>4} {gp:>4} {:>3} {:>3} {:>4} {:>4}",
            v.first_round, v.last_round, v.first_player, v.last_player
        ));
    }
    out.extend(e.abnormal_points.iter().map(super::abnormal_points::line));
    for group in e
        .forbidden_pairs
        .iter()
        .filter(|g| forbids_anyone(&g.players))
    {
        out.push(forbidden_260(
            group.first_round,
            group.last_round,
            &group.players,
        ));
    }
}

/// Points for a 4-column field ([`fit::misfits`] has checked that they fit).
fn four(p: crate::tournament::Points) -> String {
    points_in_4(p).unwrap_or_else(|| p.to_string())
}

/// A group of fewer than two players forbids nothing (a player deleted before round 1
/// leaves one behind); TRF requires two numbers, so such a group is not written.
fn forbids_anyone(players: &[u32]) -> bool {
    players.iter().any(|&p| p != players[0])
}

fn forbidden_260(first: Option<u32>, last: Option<u32>, players: &[u32]) -> String {
    let round = |r: Option<u32>| r.map(|r| r.to_string()).unwrap_or_default();
    let ids: Vec<String> = players.iter().map(|p| format!("{p:>4}")).collect();
    format!(
        "260 {:>3} {:>3} {}",
        round(first),
        round(last),
        ids.join(" ")
    )
}

fn xxs_line(s: &ScoringSystem) -> String {
    format!(
        "XXS WW={} BW={} WD={} BD={} WL={} BL={} ZPB={} HPB={} FPB={} PAB={} FW={} FL={}",
        s.win,
        s.win,
        s.draw,
        s.draw,
        s.loss,
        s.loss,
        s.zero_bye,
        s.half_bye,
        s.full_bye,
        s.pab,
        s.forfeit_win,
        s.forfeit_loss
    )
}

fn write_trf16_header(t: &Tournament, out: &mut Vec<String>) {
    let e = &t.event;
    if let Some(rounds) = e.rounds {
        out.push(format!("XXR {rounds}"));
    }
    if let Some(colour) = e.initial_colour {
        out.push(format!(
            "XXC {}1",
            if colour == Colour::White {
                "white"
            } else {
                "black"
            }
        ));
    }
    let s = &e.scoring;
    // TRF-16 names no system: a reader takes the standard scoring.
    if *s != ScoringSystem::standard() {
        out.push(xxs_line(s));
        for (code, value) in [
            ("BBW", s.win),
            ("BBD", s.draw),
            ("BBL", s.loss),
            ("BBZ", s.zero_bye),
            ("BBF", s.forfeit_loss),
            ("BBU", s.pab),
        ] {
            out.push(format!("{code} {value:>4}"));
        }
    }
    // XXA holds virtual points per player and round.
    let rounds = t.last_accelerated_round();
    for player in &t.players {
        let values: Vec<_> = (1..=rounds)
            .map(|r| t.virtual_points(player.id, r))
            .collect();
        if values.iter().any(|v| v.tenths() != 0) {
            let cells: Vec<String> = values.iter().map(|&v| format!("{:>4}", four(v))).collect();
            out.push(format!("XXA {:>4} {}", player.id, cells.join(" ")));
        }
    }
    for group in e
        .forbidden_pairs
        .iter()
        .filter(|g| forbids_anyone(&g.players))
    {
        if group.first_round.is_none() && group.last_round.is_none() {
            let ids: Vec<String> = group.players.iter().map(u32::to_string).collect();
            out.push(format!("XXP {}", ids.join(" ")));
        } else {
            out.push(forbidden_260(
                group.first_round,
                group.last_round,
                &group.players,
            ));
        }
    }
}

/// The `###` lines (without the marker) that record the event's integrity: leaving FIDE
/// mode, each pairing override, each entry of the log, in that order. TRF-2026 only.
pub(crate) fn integrity_comments(t: &Tournament) -> Vec<String> {
    t.event
        .fide_mode
        .comment()
        .into_iter()
        .chain(t.overrides.iter().map(|o| o.comment()))
        .chain(t.log.iter().map(|l| l.comment()))
        .chain(crate::tournament::tie_comments(t))
        .collect()
}
