//! Which rules of the rating regulations are in force for the event, by its list, its
//! time control and its dates.
//!
//! Two rules changed on a date:
//! - B.02 8.3.1 (from 1 October 2025): the 400-point rule no longer applies to players
//!   rated 2650 and above. Before (the text applied from 1 March 2024 to 30 September
//!   2025): "A difference in rating of more than 400 points shall be counted for rating
//!   purposes as though it were a difference of 400 points", for every player.
//! - The rapid and blitz regulations 7.3.1 (from 1 December 2024): games between players
//!   with a rating difference of 600 points or more are not rated if at least one of them
//!   is rated above 2600.
//!
//! Which date decides. The texts say "Effective from" a day and do not say of what: the
//! day a game is played, or the rating period in which it is rated. We read it as the
//! rating period in which the event's games are rated, and approximate it by the event's
//! **end date** (an event is rated once it has ended, with the list of the period in which
//! it ends); without a readable end date, the start date. This is ambiguous for an event
//! that spans the day (a game played on 30 September 2025 in an event ending on
//! 2 October is rated here with the new rule), and for an event whose end date is not
//! the period FIDE rates it in (a late report). An event with no readable date is rated
//! with the rules in force today (both changes), and the description says it is assumed.

use super::time_control::{ControlClass, TimeControl};
use crate::tournament::{RatingList, Tournament};

/// A day as the regulations' dates compare: year, and month and day when written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Day {
    pub(crate) year: i32,
    pub(crate) month: Option<u32>,
    pub(crate) day: Option<u32>,
}

impl Day {
    /// Reads `YYYY/MM/DD`, `YYYY-MM-DD`, `YYYY.MM.DD`, `YYYY/MM` or `YYYY`. `None` for
    /// anything else, or a month or day that does not exist.
    pub(crate) fn parse(text: &str) -> Option<Day> {
        let text = text.trim();
        let parts: Vec<&str> = text.split(['/', '-', '.']).collect();
        if parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
            return None;
        }
        let number = |p: &str| -> Option<u32> {
            p.chars()
                .all(|c| c.is_ascii_digit())
                .then(|| p.parse().ok())
                .flatten()
        };
        if parts[0].len() != 4 {
            return None;
        }
        let year = i32::try_from(number(parts[0])?).ok()?;
        let month = match parts.get(1) {
            Some(p) => Some(number(p).filter(|m| (1..=12).contains(m))?),
            None => None,
        };
        let day = match (parts.get(2), month) {
            (Some(p), Some(m)) => Some(number(p).filter(|&d| d >= 1 && d <= days_in(year, m))?),
            _ => None,
        };
        Some(Day { year, month, day })
    }

    /// Whether this day is on or after the first day of `month` of `year`; `None` when the
    /// day is written too coarsely to tell (a year only, the year of the change).
    // "From the first of": a comparison of dates, not a conversion.
    #[allow(clippy::wrong_self_convention)]
    pub(crate) fn from_first_of(&self, year: i32, month: u32) -> Option<bool> {
        if self.year != year {
            return Some(self.year > year);
        }
        self.month.map(|m| m >= month)
    }
}

fn days_in(year: i32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        _ => 31,
    }
}

/// On what a dated rule's being in force was decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Basis {
    /// The event's end date, as written.
    EndDate(String),
    /// The event's start date, as written (the end date is missing or unreadable).
    StartDate(String),
    /// Neither date tells: the rules in force today are assumed. The reason in words.
    Assumed(String),
}

impl Basis {
    fn describe(&self) -> String {
        match self {
            Basis::EndDate(date) => format!("the event ends {date}"),
            Basis::StartDate(date) => {
                format!("the event starts {date}; its end date is not given or not readable")
            }
            Basis::Assumed(why) => format!("assumed: {why}, so the rules in force today apply"),
        }
    }
}

/// A rule that came into force on a date, and whether it is for this event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DatedRule {
    pub(crate) in_force: bool,
    pub(crate) basis: Basis,
}

impl DatedRule {
    /// Whether the rule in force from the first of `month` of `year` applies to `t`: by the
    /// end date, else the start date (see the module documentation), else assumed in force.
    pub(crate) fn of(t: &Tournament, year: i32, month: u32) -> DatedRule {
        let end = t.event.end_date.trim();
        let start = t.event.start_date.trim();
        if let Some(in_force) = Day::parse(end).and_then(|d| d.from_first_of(year, month)) {
            return DatedRule {
                in_force,
                basis: Basis::EndDate(end.to_string()),
            };
        }
        // The event ends no earlier than it starts: a start on or after the day settles it;
        // a start before it settles it only when the end date is not given at all.
        if let Some(in_force) = Day::parse(start).and_then(|d| d.from_first_of(year, month))
            && (in_force || end.is_empty())
        {
            return DatedRule {
                in_force,
                basis: Basis::StartDate(start.to_string()),
            };
        }
        let why = match (end.is_empty(), start.is_empty()) {
            (true, true) => "the event has no date".to_string(),
            _ => format!(
                "the event's dates ({}) do not tell whether it ends before the change",
                [start, end]
                    .iter()
                    .filter(|d| !d.is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" to ")
            ),
        };
        DatedRule {
            in_force: true,
            basis: Basis::Assumed(why),
        }
    }

    /// Whether the rule's being in force is assumed rather than read from a date.
    #[cfg(test)]
    pub(crate) fn assumed(&self) -> bool {
        matches!(self.basis, Basis::Assumed(_))
    }
}

/// The event's time control as the rules read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Control {
    /// No `222` time control: nothing is checked on it.
    NotGiven,
    /// The field, and why it could not be read: nothing is checked on it.
    Unreadable(String),
    Read(TimeControl),
}

/// The rules the event's games are rated with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EventRules {
    pub(crate) list: RatingList,
    pub(crate) control: Control,
    /// B.02 8.3.1 (from 1 October 2025): players rated 2650 and above count the real
    /// difference (standard list only).
    pub(crate) exemption_2650: DatedRule,
    /// Rapid and blitz 7.3.1 (from 1 December 2024): a gap of 600 or more with a player
    /// above 2600 is not rated (rapid and blitz lists only).
    pub(crate) gap_600: DatedRule,
    /// Rapid and blitz 7.2.1: "If an unrated player has a standard rating at the beginning
    /// of a rapid or blitz tournament, their standard rating is used for rating
    /// calculation. Such a player is considered to be rated." The update from FIDE's list
    /// records that rating ([`crate::tournament::Player::standard_rating`]); TRF has no
    /// column for it. The players unrated on the rapid or blitz list with no standard
    /// rating recorded, rated here as unrated. Pairing numbers; empty on the standard list.
    pub(crate) standard_rating_unknown: Vec<u32>,
}

impl EventRules {
    /// The rules for `t` on its list (`t.event.rating_list`).
    pub(crate) fn of(t: &Tournament) -> EventRules {
        let encoded = t.event.encoded_time_control.trim();
        let control = match TimeControl::parse(encoded) {
            Ok(None) => Control::NotGiven,
            Ok(Some(control)) => Control::Read(control),
            Err(why) => Control::Unreadable(why),
        };
        EventRules {
            list: t.event.rating_list,
            control,
            exemption_2650: DatedRule::of(t, 2025, 10),
            gap_600: DatedRule::of(t, 2024, 12),
            standard_rating_unknown: match t.event.rating_list {
                RatingList::Standard => Vec::new(),
                _ => t
                    .players
                    .iter()
                    .filter(|p| p.rating_for(t.event.rating_list).is_none())
                    .map(|p| p.id)
                    .collect(),
            },
        }
    }

    /// Whether a player rated `own` counts a gap of more than 400 points as 400 (B.02
    /// 8.3.1; rapid and blitz 7.3.1, with no exemption).
    pub(crate) fn caps_400(&self, own: i64) -> bool {
        !(self.list == RatingList::Standard && self.exemption_2650.in_force && own >= 2650)
    }

    /// Whether the 600-point rule of the rapid and blitz regulations applies.
    pub(crate) fn gap_600_applies(&self) -> bool {
        self.list != RatingList::Standard && self.gap_600.in_force
    }

    /// The control, when it was read.
    pub(crate) fn time_control(&self) -> Option<&TimeControl> {
        match &self.control {
            Control::Read(control) => Some(control),
            _ => None,
        }
    }

    /// The rules in force, one sentence each with its article, for the arbiter.
    pub(crate) fn describe(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let regulations = match self.list {
            RatingList::Standard => "the FIDE Rating Regulations B.02 (from 1 March 2024)",
            _ => "the FIDE Rapid and Blitz Rating Regulations (from 1 March 2024)",
        };
        lines.push(format!(
            "Rated on the {} list with {regulations}.",
            self.list.name()
        ));
        match &self.control {
            Control::NotGiven => lines.push(
                "Time control: none recorded (TRF 222); the arbiter declares that it suits \
                 the list (B.02 1.1; rapid and blitz 1.1)."
                    .into(),
            ),
            Control::Unreadable(why) => lines.push(format!(
                "Time control: not checked, {why}; the arbiter declares that it suits the list."
            )),
            Control::Read(control) => lines.push(self.describe_control(control)),
        }
        match self.list {
            RatingList::Standard => {
                let rule = &self.exemption_2650;
                lines.push(if rule.in_force {
                    format!(
                        "B.02 8.3.1 (from 1 October 2025): a difference of more than 400 points \
                         counts as 400 for players rated below 2650; players rated 2650 and \
                         above count the real difference ({}).",
                        rule.basis.describe()
                    )
                } else {
                    format!(
                        "B.02 8.3.1 (the text in force from 1 March 2024 to 30 September 2025): \
                         a difference of more than 400 points counts as 400 for every player, \
                         2650 and above too ({}).",
                        rule.basis.describe()
                    )
                });
            }
            RatingList::Rapid | RatingList::Blitz => {
                lines.push(
                    "Rapid and blitz 7.3.1: a difference of more than 400 points counts as 400 \
                     for every player."
                        .into(),
                );
                let rule = &self.gap_600;
                lines.push(if rule.in_force {
                    format!(
                        "Rapid and blitz 7.3.1 (from 1 December 2024): a game between players \
                         600 points or more apart is not rated if one of them is rated above \
                         2600 ({}).",
                        rule.basis.describe()
                    )
                } else {
                    format!(
                        "Rapid and blitz 7.3.1: the 600-point rule is in force only from \
                         1 December 2024; not applied ({}).",
                        rule.basis.describe()
                    )
                });
                if !self.standard_rating_unknown.is_empty() {
                    let ids: Vec<String> = self
                        .standard_rating_unknown
                        .iter()
                        .map(u32::to_string)
                        .collect();
                    lines.push(format!(
                        "Rapid and blitz 7.2.1: an unrated player who has a standard rating is \
                         rated with it and counts as rated. No standard rating is recorded for \
                         player(s) {1}, unrated on the {0} list: they are rated as unrated \
                         (updating the players from FIDE's list records it).",
                        self.list.name(),
                        ids.join(", ")
                    ));
                }
            }
        }
        lines
    }

    fn describe_control(&self, control: &TimeControl) -> String {
        let time = control.minutes();
        match (control.class(), self.list) {
            (ControlClass::TooFast, _) => format!(
                "Time control: {time} for 60 moves, 3 minutes or less: not rated on any FIDE \
                 list (blitz is more than 3 minutes, rapid and blitz 1.1.2)."
            ),
            (_, RatingList::Rapid | RatingList::Blitz) if control.different_times => {
                "Time control: the players' times differ: not rated (rapid and blitz 1.2)."
                    .to_string()
            }
            (ControlClass::List(RatingList::Standard), RatingList::Standard) => {
                let moves = match control.first_control_moves {
                    Some(m) if m < super::time_control::FIRST_CONTROL_MOVES => format!(
                        "; its first control of {m} moves is under 30: not rated (B.02 1.2)"
                    ),
                    _ => String::new(),
                };
                format!(
                    "Time control: {time} for 60 moves{moves}; a game is rated when each player \
                     has at least 120 minutes if one of them is rated 2400 or more, 90 if one \
                     is rated 1800 or more, 60 if both are rated below 1800 (B.02 1.1); \
                     checked game by game."
                )
            }
            (ControlClass::List(list), event) if list == event => {
                format!(
                    "Time control: {time} for 60 moves, a {} control (checked).",
                    list.name()
                )
            }
            (ControlClass::List(list), event) => format!(
                "Time control: {time} for 60 moves is a {} control, not {}: not rated on the \
                 {} list ({}).",
                list.name(),
                event.name(),
                event.name(),
                match event {
                    RatingList::Standard => "B.02 1.1",
                    RatingList::Rapid => "rapid and blitz 1.1.1",
                    RatingList::Blitz => "rapid and blitz 1.1.2",
                }
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(start: &str, end: &str) -> Tournament {
        let mut t = Tournament::default();
        t.event.start_date = start.into();
        t.event.end_date = end.into();
        t
    }

    #[test]
    fn dates_are_read_in_every_spelling_and_checked() {
        let day = |y, m, d| {
            Some(Day {
                year: y,
                month: m,
                day: d,
            })
        };
        assert_eq!(Day::parse("2025/09/30"), day(2025, Some(9), Some(30)));
        assert_eq!(Day::parse("2025-10-01"), day(2025, Some(10), Some(1)));
        assert_eq!(Day::parse("2025.10"), day(2025, Some(10), None));
        assert_eq!(Day::parse("2024"), day(2024, None, None));
        assert_eq!(Day::parse("2024/02/29"), day(2024, Some(2), Some(29)));
        for bad in [
            "",
            "2025/13/01",
            "2025/09/31",
            "2023/02/29",
            "25/10/01",
            "1 Oct 2025",
        ] {
            assert_eq!(Day::parse(bad), None, "{bad}");
        }
    }

    /// B.02 8.3.1: "Effective from 1 October 2025"; read by the event's end date.
    #[test]
    fn the_october_2025_rule_follows_the_end_date() {
        let rule = |start, end| DatedRule::of(&event(start, end), 2025, 10);
        assert!(!rule("2025/09/20", "2025/09/30").in_force);
        assert!(rule("2025/09/28", "2025-10-01").in_force);
        assert_eq!(
            rule("2025/09/28", "2025-10-01").basis,
            Basis::EndDate("2025-10-01".into())
        );
        // No end date: the start date; a start before the change with an end date that
        // cannot be read does not tell.
        assert!(!rule("2025/09/01", "").in_force);
        assert!(rule("2025/10/02", "").in_force);
        assert!(rule("2025/09/01", "soon").assumed());
        assert!(rule("2025", "2025").assumed(), "a year only: not known");
        assert!(!rule("2024", "2024").in_force);
        let none = rule("", "");
        assert!(none.in_force && none.assumed());
        assert_eq!(none.basis, Basis::Assumed("the event has no date".into()));
    }

    #[test]
    fn the_description_says_which_text_applies_and_when_it_is_assumed() {
        let old = EventRules::of(&event("", "2025/09/30"))
            .describe()
            .join("\n");
        assert!(old.contains("to 30 September 2025"), "{old}");
        assert!(old.contains("the event ends 2025/09/30"), "{old}");
        let undated = EventRules::of(&event("", "")).describe().join("\n");
        assert!(undated.contains("from 1 October 2025"), "{undated}");
        assert!(
            undated.contains("assumed: the event has no date"),
            "{undated}"
        );
        let mut blitz = event("2024/11/30", "2024/11/30");
        blitz.event.rating_list = RatingList::Blitz;
        blitz.event.encoded_time_control = "180".into();
        let text = EventRules::of(&blitz).describe().join("\n");
        assert!(text.contains("only from 1 December 2024"), "{text}");
        assert!(text.contains("3 minutes or less: not rated"), "{text}");
    }

    /// Rapid and blitz 7.2.1: "If an unrated player has a standard rating at the beginning
    /// of a rapid or blitz tournament, their standard rating is used for rating
    /// calculation." Players with none recorded are named.
    #[test]
    fn unrated_players_of_a_rapid_event_are_named_as_not_known() {
        let mut t = event("", "2026/02/01");
        t.event.rating_list = RatingList::Rapid;
        let mut rated = crate::tournament::Player::new(1, "A");
        rated.rating = Some(1900);
        t.players = vec![rated, crate::tournament::Player::new(2, "B")];
        let rules = EventRules::of(&t);
        assert_eq!(rules.standard_rating_unknown, vec![2]);
        let text = rules.describe().join("\n");
        assert!(text.contains("7.2.1"), "{text}");
        assert!(
            text.contains("player(s) 2, unrated on the rapid list"),
            "{text}"
        );
        // With his standard rating recorded, he is rated with it.
        t.players[1].standard_rating = Some(1750);
        assert!(EventRules::of(&t).standard_rating_unknown.is_empty());
        assert_eq!(t.players[1].rating_for(RatingList::Rapid), Some(1750));
        assert_eq!(t.players[1].rating_for(RatingList::Standard), None);
        t.event.rating_list = RatingList::Standard;
        assert!(EventRules::of(&t).standard_rating_unknown.is_empty());
    }
}
