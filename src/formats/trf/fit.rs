//! What a TRF file can hold. TRF is a fixed-column format: a federation has 3 columns, a
//! rating 4, a FIDE ID 11, a pairing number 4, the points 4; a line break in any text would
//! start a new record. A value that does not fit would shift every column after it, and
//! the file would no longer read back (or would read back as something else), so the
//! writer refuses the event and says which value of which player does not fit. The entry
//! points refuse such values first: the player form of the desktop application and the
//! CSV import ([`player_misfits`]).
//!
//! Some losses are accepted and announced instead ([`dropped_by_trf`]): names longer than
//! the 33 name columns are cut (FIDE identifies players by FIDE ID, and the native file
//! keeps the whole name), the games of Double-Swiss matches (see
//! [`super::two_game_matches`]), and the pairing system where TRF-2026 has no code for it.

use crate::tournament::{
    Event, Player, Points, TeamColourType, TeamScore, TeamScoring, Tournament,
};

use super::Dialect;
use super::header::is_interpreted;
use super::two_game_matches;

/// Columns 15-47 of a player record.
pub const NAME_COLUMNS: usize = 33;

/// The largest pairing number (or rank) TRF's four columns hold.
pub(crate) const MAX_NUMBER: u32 = 9999;

/// A value TRF cannot hold: where it is and why it does not fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misfit {
    /// The event field, or `player N (Name): field`.
    pub(crate) place: String,
    /// What is wrong, with the value and what TRF holds.
    pub(crate) problem: String,
}

impl std::fmt::Display for Misfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.place, self.problem)
    }
}

/// Why an event cannot be written as TRF: every value that does not fit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "FIDE's report format (TRF) cannot hold {}; nothing was written",
    list(.misfits)
)]
pub struct Unwritable {
    pub misfits: Vec<Misfit>,
}

fn list(misfits: &[Misfit]) -> String {
    const SHOWN: usize = 5;
    let mut text: Vec<String> = misfits
        .iter()
        .take(SHOWN)
        .map(ToString::to_string)
        .collect();
    if misfits.len() > SHOWN {
        text.push(format!("and {} more", misfits.len() - SHOWN));
    }
    text.join("; ")
}

/// A field of a player that TRF cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FieldMisfit {
    /// The field as the player form names it.
    pub(crate) field: &'static str,
    pub(crate) problem: String,
}

/// A line break ends a TRF record: in a value it would start a new one (a forged record,
/// or a line the reader refuses).
fn control(text: &str) -> Option<String> {
    text.contains(['\n', '\r'])
        .then(|| format!("{text:?} contains a line break, which would start a new record"))
}

fn width(text: &str, columns: usize, at: &str) -> Option<String> {
    let count = text.trim().chars().count();
    (count > columns).then(|| {
        format!(
            "{:?} has {count} characters; TRF holds {columns} ({at})",
            text.trim()
        )
    })
}

/// The fields of a player's registration that TRF cannot hold: pairing number, title,
/// rating, federation, FIDE ID, birth date, rank, and control characters in any text.
pub(crate) fn player_misfits(p: &Player) -> Vec<FieldMisfit> {
    let mut found = Vec::new();
    let mut check = |field, problem: Option<String>| {
        if let Some(problem) = problem {
            found.push(FieldMisfit { field, problem });
        }
    };
    check(
        "Pairing number",
        (p.id > MAX_NUMBER).then(|| {
            format!("{} is more than TRF's 4 columns hold (at most {MAX_NUMBER}); keep the event in the native format", p.id)
        }),
    );
    check("Name", control(&p.name));
    check(
        "Title",
        control(&p.title).or_else(|| width(&p.title, 3, "columns 11-13")),
    );
    check(
        "Rating",
        p.rating
            .filter(|&r| u32::from(r) > MAX_NUMBER)
            .map(|r| format!("{r} is more than TRF's 4 columns hold (at most {MAX_NUMBER})")),
    );
    check(
        "Federation",
        control(&p.federation)
            .or_else(|| width(&p.federation, 3, "columns 54-56: the FIDE code, e.g. GER")),
    );
    check(
        "FIDE ID",
        p.fide_id
            .filter(|&id| id.to_string().len() > 11)
            .map(|id| format!("{id} has more than TRF's 11 digits")),
    );
    check(
        "Birth date",
        control(&p.birth_date).or_else(|| width(&p.birth_date, 10, "columns 70-79: YYYY/MM/DD")),
    );
    check(
        "Rank",
        p.rank
            .filter(|&r| r > MAX_NUMBER)
            .map(|r| format!("{r} is more than TRF's 4 columns hold")),
    );
    found
}

/// Points as a 4-column field: `100.0` does not fit, `100` does (and reads back the same).
/// `None` when the value does not fit either way.
pub(super) fn points_in_4(p: Points) -> Option<String> {
    let text = p.to_string();
    let text = match text.strip_suffix(".0") {
        Some(whole) if text.len() > 4 => whole.to_string(),
        _ => text,
    };
    (text.len() <= 4).then_some(text)
}

/// Every value of `t` that TRF cannot hold (empty: the event can be written).
pub(crate) fn misfits(t: &Tournament) -> Vec<Misfit> {
    let mut found = event_misfits(&t.event);
    let e = &t.event;
    // The overrides and the log are `###` lines (leaving FIDE mode is the event's).
    let records = t.overrides.iter().map(|o| o.comment());
    for line in records.chain(t.log.iter().map(|l| l.comment())) {
        if let Some(problem) = control(&line) {
            found.push(Misfit {
                place: "a line of the integrity log (###)".to_string(),
                problem,
            });
        }
    }
    // TRF-16 writes the virtual points of each player and round (`XXA`), sums of the
    // ranges: only when the ranges together could exceed the columns are the sums checked.
    let total: i64 = e
        .acceleration
        .virtual_points
        .iter()
        .map(|v| i64::from(v.points.tenths().abs()))
        .sum();
    if total > 999 {
        let rounds = t.last_accelerated_round();
        let wide = t.players.iter().find_map(|p| {
            (1..=rounds)
                .map(|r| t.virtual_points(p.id, r))
                .find(|&v| points_in_4(v).is_none())
                .map(|v| {
                    format!(
                        "player {} gets {v} in one round, wider than TRF's 4 columns",
                        p.id
                    )
                })
        });
        if let Some(problem) = wide {
            found.push(Misfit {
                place: "virtual points (XXA)".into(),
                problem,
            });
        }
    }
    for p in &t.players {
        let place = format!("player {} ({})", p.id, p.name.trim());
        for m in player_misfits(p) {
            found.push(Misfit {
                place: format!("{place}: {}", m.field),
                problem: m.problem,
            });
        }
        let points = t.score(p);
        if points_in_4(points).is_none() {
            found.push(Misfit {
                place: format!("{place}: points"),
                problem: format!("{points} is wider than TRF's 4 columns (81-84)"),
            });
        }
    }
    found.extend(super::national_ratings::misfits(t));
    for team in &t.teams {
        let place = format!("team {} ({})", team.id, team.name.trim());
        let problems = [
            (!(1..=999).contains(&team.id)).then(|| {
                format!(
                    "pairing number {} does not fit TRF-2026's 3 columns (310, 5-7)",
                    team.id
                )
            }),
            width(&team.name, 32, "013 and 310 team records"),
            control(&team.name),
            width(&team.nickname, 5, "310 team records (short name)"),
            control(&team.nickname),
        ];
        found.extend(problems.into_iter().flatten().map(|problem| Misfit {
            place: place.clone(),
            problem,
        }));
    }
    found
}

/// The values of the event's header data and rules that TRF cannot hold.
pub(crate) fn event_misfits(e: &Event) -> Vec<Misfit> {
    let mut found = Vec::new();
    let mut event = |place: &str, problem: Option<String>| {
        if let Some(problem) = problem {
            found.push(Misfit {
                place: place.to_string(),
                problem,
            });
        }
    };
    for (place, text) in [
        ("the event name (012)", &e.name),
        ("the city (022)", &e.city),
        ("the federation (032)", &e.federation),
        ("the start date (042)", &e.start_date),
        ("the end date (052)", &e.end_date),
        ("the type of tournament (092)", &e.tournament_type),
        ("the chief arbiter (102)", &e.chief_arbiter),
        ("the time control (122)", &e.time_control),
        ("the encoded time control (222)", &e.encoded_time_control),
    ] {
        event(place, control(text));
    }
    if let Some(code) = &e.other_system_code {
        event("the tournament type code (192)", control(code));
    }
    for deputy in &e.deputy_arbiters {
        event("a deputy arbiter (112)", control(deputy));
    }
    for (r, date) in e.round_dates.iter().enumerate() {
        let place = format!("the date of round {} (132)", r + 1);
        event(&place, control(date).or_else(|| width(date, 8, "YY/MM/DD")));
    }
    for code in &e.tiebreaks {
        event(
            "a tie-break (202)",
            control(code).or_else(|| {
                code.contains(',')
                    .then(|| format!("{code:?} contains the list separator ,"))
            }),
        );
    }
    for comment in e.comments.iter().chain(e.fide_mode.comment().as_ref()) {
        event("a comment (###)", control(comment));
    }
    for record in &e.other_records {
        event(
            "a record kept from the file read",
            control(record).or_else(|| {
                is_interpreted(record).then(|| {
                    format!("{record:?} would be read as a record of its own, not kept as written")
                })
            }),
        );
    }
    let s = &e.scoring;
    for (what, value) in [
        ("win", s.win),
        ("draw", s.draw),
        ("loss", s.loss),
        ("forfeit win", s.forfeit_win),
        ("forfeit loss", s.forfeit_loss),
        ("full bye", s.full_bye),
        ("half bye", s.half_bye),
        ("zero bye", s.zero_bye),
        ("PAB", s.pab),
        ("adjourned game", s.adjourned_points()),
    ] {
        event(
            &format!("the points for a {what} (162)"),
            points_in_4(value)
                .is_none()
                .then(|| format!("{value} is wider than TRF's 4 columns")),
        );
    }
    for v in &e.acceleration.virtual_points {
        let wide = points_in_4(v.points).is_none()
            || v.match_points.is_some_and(|m| points_in_4(m).is_none());
        event(
            "virtual points (250)",
            wide.then(|| format!("{} is wider than TRF's 4 columns", v.points)),
        );
        event(
            "virtual points (250)",
            (v.first_player.max(v.last_player) > MAX_NUMBER).then(|| {
                format!(
                    "player range up to {} (at most {MAX_NUMBER})",
                    v.last_player
                )
            }),
        );
    }
    if e.acceleration.virtual_points.is_empty() && e.acceleration.baku {
        event(
            "Baku virtual points (XXA)",
            points_in_4(s.win)
                .is_none()
                .then(|| format!("{} is wider than TRF's 4 columns", s.win)),
        );
    }
    for g in &e.forbidden_pairs {
        event(
            "a group of players who must not meet (260)",
            g.players
                .iter()
                .find(|&&id| id > MAX_NUMBER)
                .map(|id| format!("pairing number {id} (at most {MAX_NUMBER})")),
        );
    }
    found
}

/// What writing `t` as TRF in `dialect` loses, one sentence per kind of loss (empty when
/// nothing is lost). Callers show it to the arbiter when exporting.
pub fn dropped_by_trf(t: &Tournament, dialect: Dialect) -> Vec<String> {
    let mut dropped: Vec<String> = two_game_matches::dropped(t).into_iter().collect();
    let scoring = &t.event.team_scoring;
    if dialect == Dialect::Trf16
        && t.is_team_event()
        && (
            scoring.colour_preferences,
            scoring.primary,
            scoring.secondary_for_colours,
        ) != (
            TeamColourType::default(),
            TeamScore::default(),
            TeamScoring::default().secondary_for_colours,
        )
    {
        dropped.push(format!(
            "TRF-16 has no record 192: the Swiss Team system's variant ({}) is not in the file, \
             and a reader takes the default (Type A colours, match points first); write \
             TRF-2026 or keep the native file",
            scoring.trf_system_code()
        ));
    }
    let long: Vec<String> = t
        .players
        .iter()
        .filter(|p| p.name.trim().chars().count() > NAME_COLUMNS)
        .map(|p| p.id.to_string())
        .collect();
    if let Some(system) = t.event.system.filter(|s| s.trf_code().is_none()) {
        dropped.push(format!(
            "TRF-2026 has no code (record 192) for {}: the file names no pairing system",
            system.title()
        ));
    }
    if dialect == Dialect::Trf16 && !super::write::integrity_comments(t).is_empty() {
        dropped.push(
            "TRF-16 has no comments: the lines that record leaving FIDE mode, the pairing \
             overrides and the integrity log are not in the file (a reader takes the event as \
             in FIDE mode); write TRF-2026 or keep the native file"
                .to_string(),
        );
    }
    if dialect == Dialect::Trf16 {
        dropped.extend(adjournments_dropped(t));
    }
    if dialect == Dialect::Trf16 && !super::rating_comments::comments(t).is_empty() {
        dropped.push(
            "TRF-16 has no comments: the flag of an event over 30 days, the ratings by round \
             and the corrections for the rating report only are not in the file (checklist \
             Q192, Q210); write TRF-2026 or keep the native file"
                .to_string(),
        );
    }
    // Neither TRF-16 nor TRF-2026 has a record for a club (a team, `013`/`310`, is no
    // club): the native file keeps it.
    let with_club = t
        .players
        .iter()
        .filter(|p| !p.club.trim().is_empty())
        .count();
    if with_club > 0 {
        dropped.push(format!(
            "TRF has no record for a player's club: the clubs of {} are not in the file (the \
             groups who must not meet are); the native file keeps them",
            crate::plural::count(with_club, "player")
        ));
    }
    dropped.extend(super::national_ratings::dropped(
        t,
        dialect == Dialect::Trf26,
    ));
    if !long.is_empty() {
        dropped.push(format!(
            "TRF holds {NAME_COLUMNS} characters of a name: the names of {} player(s) are cut \
             (numbers {}); the native file keeps them whole",
            long.len(),
            long.join(", ")
        ));
    }
    dropped
}

/// TRF-16 has no code for an adjourned game (TRF-2026 `?`) nor record `162` for its
/// value: the games written as the draws they count as for the pairing, at most ten named.
fn adjournments_dropped(t: &Tournament) -> Option<String> {
    let games = t.adjourned_games();
    let valued = t.event.scoring.adjourned.is_some();
    if games.is_empty() && !valued {
        return None;
    }
    let named: Vec<String> = games.iter().take(10).map(ToString::to_string).collect();
    let more = games.len().saturating_sub(named.len());
    let listed = match (named.is_empty(), more) {
        (true, _) => "none now".to_string(),
        (false, 0) => named.join("; "),
        (false, more) => format!("{} and {more} more", named.join("; ")),
    };
    Some(format!(
        "TRF-16 has no code for an adjourned game nor for its points (TRF-2026 ? and 162 X): \
         adjourned games are written as draws (=) ({listed}); write TRF-2026 or keep the \
         native file"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_team_that_does_not_fit_is_named() {
        let mut t = Tournament::default();
        t.teams.push(crate::tournament::Team {
            nickname: "Too long".into(),
            ..crate::tournament::Team::new(
                1000,
                "A team name far longer than thirty-two characters",
                Vec::new(),
            )
        });
        let found = misfits(&t);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found.iter().all(|m| m.place.starts_with("team 1000")));
    }

    #[test]
    fn every_field_that_does_not_fit_is_named() {
        let mut p = Player::new(10_000, "Line\nbreak");
        p.federation = "GERMANY".into();
        p.rating = Some(12_000);
        p.fide_id = Some(123_456_789_012);
        p.title = "Grandmaster".into();
        p.birth_date = "1 January 1990".into();
        let fields: Vec<&str> = player_misfits(&p).iter().map(|m| m.field).collect();
        assert_eq!(
            fields,
            [
                "Pairing number",
                "Name",
                "Title",
                "Rating",
                "Federation",
                "FIDE ID",
                "Birth date"
            ]
        );
        let mut ok = Player::new(9999, "Müller, Łukasz");
        ok.federation = "GER".into();
        ok.rating = Some(9999);
        ok.fide_id = Some(99_999_999_999);
        ok.title = "WGM".into();
        ok.birth_date = "1990/01/31".into();
        assert!(player_misfits(&ok).is_empty(), "{:?}", player_misfits(&ok));
    }

    #[test]
    fn the_event_and_every_player_are_checked() {
        let mut t = Tournament::default();
        t.event.name = "Open\n012 Forged".into();
        let mut p = Player::new(1, "Ann");
        p.federation = "GERMANY".into();
        t.players.push(p);
        let places: Vec<String> = misfits(&t).into_iter().map(|m| m.place).collect();
        assert_eq!(
            places,
            ["the event name (012)", "player 1 (Ann): Federation"]
        );
    }

    #[test]
    fn points_fit_four_columns() {
        let p = |s: &str| s.parse::<Points>().expect("points");
        assert_eq!(points_in_4(p("4.5")).as_deref(), Some("4.5"));
        assert_eq!(points_in_4(p("10.5")).as_deref(), Some("10.5"));
        assert_eq!(points_in_4(p("100")).as_deref(), Some("100"));
        assert_eq!(points_in_4(p("100.5")), None);
        assert_eq!(points_in_4(p("-10.5")), None);
    }

    /// TRF-16 has no `192`: a Swiss Team variant other than the default is announced as
    /// lost there, and not in TRF-2026.
    #[test]
    fn trf16_announces_the_team_variant_it_loses() {
        let mut t = Tournament::default();
        t.teams
            .push(crate::tournament::Team::new(1, "Team", Vec::new()));
        assert!(dropped_by_trf(&t, Dialect::Trf16).is_empty());
        assert!(
            t.event
                .team_scoring
                .apply_trf_system_code("FIDE_TEAM_TYPEB_GP")
        );
        let lost = dropped_by_trf(&t, Dialect::Trf16);
        assert!(
            lost.iter().any(|l| l.contains("FIDE_TEAM_TYPEB_GP")),
            "{lost:?}"
        );
        assert!(dropped_by_trf(&t, Dialect::Trf26).is_empty());
    }
}
