//! Official ratings kept apart from the tournament rating (the FIDE checklist's Q116-145,
//! as the public tracker Sharly Chess #2314-2315 quotes it).
//!
//! A player's **official ratings** are what the rating lists applied to the event say of
//! him: FIDE's three lists, a national federation's list, a list the arbiter imported;
//! each kept with its list's source (file or name) and date ([`OfficialRating`]). His
//! **tournament rating** ([`Player::rating`], which seeding and every engine read) is
//! derived from them by the event's [`RatingMethod`], TRF-2026's "starting rank method"
//! (record `172`: `FIDE`, `NRO`, `FIDON`, `NIDOF`, `HBFN`, `LBFN`, `OTHER`), or is the
//! arbiter's choice for a player rated on none of the method's lists
//! ([`Event::unlisted_rating`](super::Event::unlisted_rating)).
//!
//! A player no list was ever applied to (`official_ratings: None`: typed by hand, read
//! from a TRF `001` record, an event of an earlier version) keeps his rating as entered;
//! it counts as his FIDE rating on the event's list. Applying a method to him records it
//! as such first ("as entered"), so that nothing is lost when the method changes again.
//!
//! FIDE publishes its lists monthly, each valid from the first day of its month: the list
//! in force on a day is the latest one dated on or before it (checklist Q137, the list
//! valid at the start date): [`Tournament::fide_list_warnings`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Date, Event, Player, RatingList, Tournament, Warning, WarningLevel};

/// The source recorded for a rating a player had before any list was applied.
pub(crate) const AS_ENTERED: &str = "as entered";

/// A rating list an official rating comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ListId {
    /// One of FIDE's three lists.
    Fide(RatingList),
    /// A national federation's list, by the federation's FIDE code (`GER`).
    National(String),
    /// A list the arbiter imported (a club's, a league's), by its name.
    Custom(String),
}

impl ListId {
    /// The list as the command line takes it in a sequence: `standard`, `rapid`, `blitz`
    /// (FIDE's), a federation's code (`GER`), `custom:NAME`.
    pub fn parse(text: &str) -> Result<ListId, String> {
        let text = text.trim();
        if let Some(list) = RatingList::from_name(text) {
            return Ok(ListId::Fide(list));
        }
        if let Some(name) = text.strip_prefix("custom:") {
            let name = name.trim();
            if name.is_empty() || name.contains(['\n', '\r', ',', ';']) {
                return Err(format!(
                    "{text:?}: expected custom:NAME, a name without , or ;"
                ));
            }
            return Ok(ListId::Custom(name.to_string()));
        }
        if is_federation_code(text) {
            return Ok(ListId::National(text.to_ascii_uppercase()));
        }
        Err(format!(
            "{text:?}: expected a list: standard, rapid or blitz (FIDE's), a federation's code \
             (GER) for its national list, or custom:NAME"
        ))
    }

    /// The list as [`ListId::parse`] reads it.
    pub fn code(&self) -> String {
        match self {
            ListId::Fide(list) => list.name().to_string(),
            ListId::National(federation) => federation.clone(),
            ListId::Custom(name) => format!("custom:{name}"),
        }
    }
}

impl fmt::Display for ListId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListId::Fide(list) => write!(f, "FIDE {}", list.name()),
            ListId::National(federation) => write!(f, "national {federation}"),
            ListId::Custom(name) => write!(f, "custom {name:?}"),
        }
    }
}

/// Whether `text` is a federation's three-letter code (`GER`, any case).
pub(crate) fn is_federation_code(text: &str) -> bool {
    text.len() == 3 && text.chars().all(|c| c.is_ascii_alphabetic())
}

/// A player's rating on one list, with where it comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OfficialRating {
    pub list: ListId,
    pub rating: u16,
    /// The player's number in the list when it is not his FIDE ID (a national member
    /// number, `ZPS-Mgl-Nr` in the German list): how the next list finds him. Empty when
    /// the list has none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    /// The list file or the list's name (`standard_nov26frl.zip`, `spieler.csv`).
    pub source: String,
    /// The list's date (`YYYY-MM-DD`: a FIDE list's is the first day of its month), or as
    /// known; empty when not known.
    pub date: String,
}

/// How the tournament rating is derived from the official ratings (TRF-2026 `172`, the
/// "starting rank method"; checklist Q145, with Q117, Q123 and Q126 for a sequence of
/// lists). "National" is the player's rating on the national list of the event's
/// federation, or else on the first national list recorded for him.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RatingMethod {
    /// `FIDE`: the rating of the event's FIDE list only.
    #[default]
    Fide,
    /// `NRO`: the national rating only.
    National,
    /// `FIDON`: the FIDE rating if there is one, otherwise the national rating.
    Fidon,
    /// `NIDOF`: the national rating if there is one, otherwise the FIDE rating.
    Nidof,
    /// `HBFN`: the higher of the FIDE and the national rating.
    Hbfn,
    /// `LBFN`: the lower of the FIDE and the national rating (the one there is, when there
    /// is one).
    Lbfn,
    /// `OTHER`: the rating of the first list of the sequence the player is rated on
    /// (e.g. FIDE rapid, then FIDE standard, for a rapid event).
    Lists(Vec<ListId>),
}

impl RatingMethod {
    pub(crate) fn is_fide(&self) -> bool {
        *self == RatingMethod::Fide
    }

    /// TRF-2026's code (record `172`, columns 9-13).
    pub(crate) fn trf_code(&self) -> &'static str {
        match self {
            RatingMethod::Fide => "FIDE",
            RatingMethod::National => "NRO",
            RatingMethod::Fidon => "FIDON",
            RatingMethod::Nidof => "NIDOF",
            RatingMethod::Hbfn => "HBFN",
            RatingMethod::Lbfn => "LBFN",
            RatingMethod::Lists(_) => "OTHER",
        }
    }

    /// The method of a TRF-2026 code; `OTHER` is not one method (a sequence of lists).
    pub(crate) fn from_trf_code(code: &str) -> Option<RatingMethod> {
        Some(match code.trim().to_ascii_uppercase().as_str() {
            "FIDE" => RatingMethod::Fide,
            "NRO" => RatingMethod::National,
            "FIDON" => RatingMethod::Fidon,
            "NIDOF" => RatingMethod::Nidof,
            "HBFN" => RatingMethod::Hbfn,
            "LBFN" => RatingMethod::Lbfn,
            _ => return None,
        })
    }

    /// The method as the command line takes it: `fide`, `nro` (or `national`), `fidon`,
    /// `nidof`, `hbfn`, `lbfn`, or a sequence of lists separated by commas
    /// (`rapid,standard`, `GER,standard`, `custom:Club`; see [`ListId::parse`]).
    pub fn parse(text: &str) -> Result<RatingMethod, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("national") {
            return Ok(RatingMethod::National);
        }
        if let Some(method) = RatingMethod::from_trf_code(text) {
            return Ok(method);
        }
        let lists = text
            .split(',')
            .map(ListId::parse)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| {
                format!("expected fide, nro, fidon, nidof, hbfn, lbfn or a sequence of lists: {e}")
            })?;
        Ok(RatingMethod::Lists(lists))
    }

    /// The method as [`RatingMethod::parse`] reads it.
    pub fn code(&self) -> String {
        match self {
            RatingMethod::Lists(lists) => {
                lists.iter().map(ListId::code).collect::<Vec<_>>().join(",")
            }
            other => other.trf_code().to_ascii_lowercase(),
        }
    }

    /// The method proposed for an event rated on FIDE's `list` (checklist Q123: a default
    /// sequence by the event's type), which the arbiter may change: for a standard event
    /// the FIDE standard rating; for a rapid or blitz event the rating of that list, else
    /// the standard one, as the Rating Regulations for rapid and blitz (2024) 7.2.1 rate a
    /// player unrated on the rapid or blitz list who has a standard rating.
    pub fn proposed_for(list: RatingList) -> RatingMethod {
        match list {
            RatingList::Standard => RatingMethod::Fide,
            other => RatingMethod::Lists(vec![
                ListId::Fide(other),
                ListId::Fide(RatingList::Standard),
            ]),
        }
    }

    /// The tournament rating the method gives a player with these official ratings in an
    /// event on FIDE's list `list` whose federation is `federation`; `None` when he is
    /// rated on none of the method's lists.
    pub(crate) fn rating(
        &self,
        officials: &[OfficialRating],
        list: RatingList,
        federation: &str,
    ) -> Option<u16> {
        let on = |id: &ListId| officials.iter().find(|o| o.list == *id).map(|o| o.rating);
        let fide = on(&ListId::Fide(list));
        let national = national(officials, federation).map(|o| o.rating);
        match self {
            RatingMethod::Fide => fide,
            RatingMethod::National => national,
            RatingMethod::Fidon => fide.or(national),
            RatingMethod::Nidof => national.or(fide),
            RatingMethod::Hbfn => fide.max(national),
            RatingMethod::Lbfn => match (fide, national) {
                (Some(f), Some(n)) => Some(f.min(n)),
                (f, n) => f.or(n),
            },
            RatingMethod::Lists(lists) => lists.iter().find_map(on),
        }
    }
}

impl fmt::Display for RatingMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RatingMethod::Fide => f.write_str("FIDE (the FIDE rating only)"),
            RatingMethod::National => f.write_str("NRO (the national rating only)"),
            RatingMethod::Fidon => f.write_str("FIDON (the FIDE rating, else the national one)"),
            RatingMethod::Nidof => f.write_str("NIDOF (the national rating, else the FIDE one)"),
            RatingMethod::Hbfn => f.write_str("HBFN (the higher of FIDE and national)"),
            RatingMethod::Lbfn => f.write_str("LBFN (the lower of FIDE and national)"),
            RatingMethod::Lists(lists) => {
                let names: Vec<String> = lists.iter().map(ToString::to_string).collect();
                write!(f, "the first of: {}", names.join(", "))
            }
        }
    }
}

/// The national rating among `officials`: on the list of `federation` (the event's), or
/// else the first national one recorded.
pub(crate) fn national<'a>(
    officials: &'a [OfficialRating],
    federation: &str,
) -> Option<&'a OfficialRating> {
    let nationals = || {
        officials
            .iter()
            .filter(|o| matches!(o.list, ListId::National(_)))
    };
    let federation = federation.trim();
    nationals()
        .find(|o| matches!(&o.list, ListId::National(f) if f.eq_ignore_ascii_case(federation)))
        .or_else(|| nationals().next())
}

impl Player {
    /// The official ratings recorded (none when no list was ever applied to him).
    pub fn official_ratings(&self) -> &[OfficialRating] {
        self.official_ratings.as_deref().unwrap_or_default()
    }

    /// His official rating on `list`, if recorded.
    pub fn official_rating(&self, list: &ListId) -> Option<&OfficialRating> {
        self.official_ratings().iter().find(|o| o.list == *list)
    }

    /// His FIDE rating on `list` (the event's): the one recorded from FIDE's list, or,
    /// when no list was ever applied to him, his rating as entered.
    pub(crate) fn fide_rating(&self, list: RatingList) -> Option<u16> {
        match &self.official_ratings {
            Some(_) => self.official_rating(&ListId::Fide(list)).map(|o| o.rating),
            None => self.rating,
        }
    }

    /// The official ratings the method reads: those recorded, or his rating as entered
    /// as his FIDE rating on `list`.
    pub(crate) fn officials_or_entered(&self, list: RatingList) -> Vec<OfficialRating> {
        match &self.official_ratings {
            Some(officials) => officials.clone(),
            None => self
                .rating
                .map(|rating| OfficialRating {
                    list: ListId::Fide(list),
                    rating,
                    id: String::new(),
                    source: AS_ENTERED.to_string(),
                    date: String::new(),
                })
                .into_iter()
                .collect(),
        }
    }

    /// Sets (or, with `None`, removes) his rating on `list`; returns the rating before.
    pub(crate) fn set_official(
        &mut self,
        list: &ListId,
        rating: Option<u16>,
        id: &str,
        source: &str,
        date: &str,
    ) -> Option<u16> {
        let officials = self.official_ratings.get_or_insert_with(Vec::new);
        let at = officials.iter().position(|o| o.list == *list);
        let before = at.map(|i| officials[i].rating);
        match (at, rating) {
            (Some(i), None) => {
                officials.remove(i);
            }
            (Some(i), Some(rating)) => {
                let o = &mut officials[i];
                o.rating = rating;
                o.source = source.to_string();
                o.date = date.to_string();
                if !id.is_empty() {
                    o.id = id.to_string();
                }
            }
            (None, Some(rating)) => officials.push(OfficialRating {
                list: list.clone(),
                rating,
                id: id.to_string(),
                source: source.to_string(),
                date: date.to_string(),
            }),
            (None, None) => {}
        }
        before
    }
}

impl Event {
    /// The tournament rating of a player with these official ratings: the method's, or
    /// the arbiter's choice for a player rated on none of its lists.
    pub(crate) fn tournament_rating(&self, officials: &[OfficialRating]) -> Option<u16> {
        self.rating_method
            .rating(officials, self.rating_list, &self.federation)
            .or(self.unlisted_rating)
    }

    /// The tournament rating of `player`: his rating on the list the arbiter picked for
    /// him, while he has one there (checklist Q128-129), else the method's.
    pub(crate) fn rating_of(&self, player: &Player) -> Option<u16> {
        player
            .rating_pick
            .as_ref()
            .and_then(|list| player.official_rating(list))
            .map(|o| o.rating)
            .or_else(|| self.tournament_rating(player.official_ratings()))
    }

    /// The method and the choice for players on none of its lists, in words (the log,
    /// the command line).
    pub(crate) fn rating_method_words(&self) -> String {
        match self.unlisted_rating {
            Some(rating) => format!(
                "{}; players on none of its lists rated {rating}",
                self.rating_method
            ),
            None => format!(
                "{}; players on none of its lists unrated",
                self.rating_method
            ),
        }
    }
}

/// A tournament rating that changed: the player, before and after.
pub(crate) type RatingChange = (u32, Option<u16>, Option<u16>);

impl Tournament {
    /// Sets every player's tournament rating by the event's method (see the module's
    /// documentation). A player no list was applied to is first given his rating as
    /// entered as his FIDE rating when `all` (the method is applied to everyone: set or
    /// changed); otherwise he is left as he is (a list was applied to others). Returns the
    /// ratings that changed, in pairing-number order.
    pub(crate) fn apply_rating_method(&mut self, all: bool) -> Vec<RatingChange> {
        let list = self.event.rating_list;
        let mut changed = Vec::new();
        for i in 0..self.players.len() {
            let player = &mut self.players[i];
            if player.official_ratings.is_none() {
                if !all {
                    continue;
                }
                player.official_ratings = Some(player.officials_or_entered(list));
            }
            let rating = self.event.rating_of(&self.players[i]);
            let player = &mut self.players[i];
            if player.rating != rating {
                changed.push((player.id, player.rating, rating));
                player.rating = rating;
            }
        }
        changed.sort_unstable();
        changed
    }

    /// The warnings before a FIDE list dated `list_date` (the first day of its month) is
    /// applied: FIDE's lists are monthly and valid from the first of their month, so the
    /// list in force at the start date is the one of the start's month (checklist Q137).
    /// Another list is confirmed (level 3) in FIDE mode and acknowledged (level 2)
    /// otherwise; so is a list or an event whose date is not known, since the check
    /// cannot be made: FIDE mode has the arbiter confirm that it is the list in force.
    pub(crate) fn fide_list_warnings(&self, list_date: Option<Date>) -> Vec<Warning> {
        let start = super::settle_dates(&self.event, super::DateLines::default()).first_day();
        self.list_in_force_warnings(list_date, start, "the start date", "at the start")
    }

    /// The warnings before a FIDE list dated `list_date` gives the ratings in force from
    /// round `round` of an event lasting more than 30 days: the list of that round's month
    /// (the current month, checklist Q137 with Q212-213), checked as
    /// [`Tournament::fide_list_warnings`] checks the start's.
    pub(crate) fn round_list_warnings(&self, round: u32, list_date: Option<Date>) -> Vec<Warning> {
        let settled = super::settle_dates(&self.event, super::DateLines::default());
        let day = settled
            .rounds
            .get(round.saturating_sub(1) as usize)
            .copied()
            .flatten();
        self.list_in_force_warnings(
            list_date,
            day,
            &format!("the date of round {round}"),
            &format!("in round {round}"),
        )
    }

    /// Whether the FIDE list dated `list_date` is the one in force on `day` (`on` names
    /// the day, `when` the moment, in the warning).
    fn list_in_force_warnings(
        &self,
        list_date: Option<Date>,
        day: Option<Date>,
        on: &str,
        when: &str,
    ) -> Vec<Warning> {
        let level = if self.event.fide_mode.is_on() {
            WarningLevel::Confirm
        } else {
            WarningLevel::Acknowledge
        };
        let Some(day) = day else {
            return vec![Warning::new(
                level,
                format!(
                    "The event has no {}: whether this FIDE list is the one in force {when} \
                     (checklist Q137) cannot be checked.",
                    on.trim_start_matches("the ")
                ),
            )];
        };
        let in_force = list_in_force(day);
        let Some(list_date) = list_date else {
            return vec![Warning::new(
                level,
                format!(
                    "The FIDE list's date is not known (neither the file nor its name says it; \
                     give it with --date): the list in force at {on} {day} is the one of \
                     {in_force} (checklist Q137)."
                ),
            )];
        };
        let list_date = list_in_force(list_date);
        if list_date == in_force {
            return Vec::new();
        }
        let relation = if list_date > in_force {
            "published after"
        } else {
            "older than the list in force at"
        };
        vec![Warning::new(
            level,
            format!(
                "The FIDE list is dated {list_date}, {relation} {on} {day}: the list in force \
                 {when} is the one of {in_force} (FIDE's lists are valid from the first day \
                 of their month; checklist Q137)."
            ),
        )]
    }
}

/// The FIDE list in force on `day`: the one of its month (the first day).
pub(crate) fn list_in_force(day: Date) -> Date {
    Date::new(day.year, day.month, 1).unwrap_or(day)
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// The first day of the month a FIDE month code names (`NOV26`, as a single list's rating
/// column is headed).
pub(crate) fn month_code_date(code: &str) -> Option<Date> {
    let code = code.trim().to_ascii_lowercase();
    let (month, year) = (code.get(..3)?, code.get(3..)?);
    let month = MONTHS.iter().position(|m| *m == month)? as u32 + 1;
    if year.len() != 2 || !year.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Date::new(2000 + year.parse::<i32>().ok()?, month, 1)
}

/// The first day of the month a FIDE list's file name names (`standard_nov26frl.zip`,
/// `players_list_foa_nov26.txt`): a month's three letters followed by two digits, after
/// a `_` or at the start.
pub(crate) fn file_name_date(name: &str) -> Option<Date> {
    let name = name.to_ascii_lowercase();
    name.split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|word| word.get(..5).and_then(month_code_date))
        .next_back()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(list: ListId, rating: u16) -> OfficialRating {
        OfficialRating {
            list,
            rating,
            id: String::new(),
            source: "test".into(),
            date: String::new(),
        }
    }

    #[test]
    fn each_method_takes_its_rating() {
        let fide = rated(ListId::Fide(RatingList::Standard), 1900);
        let ger = rated(ListId::National("GER".into()), 2000);
        let aut = rated(ListId::National("AUT".into()), 1700);
        let both = [fide.clone(), ger.clone()];
        let r = |m: RatingMethod, o: &[OfficialRating]| m.rating(o, RatingList::Standard, "GER");
        assert_eq!(r(RatingMethod::Fide, &both), Some(1900));
        assert_eq!(r(RatingMethod::National, &both), Some(2000));
        assert_eq!(r(RatingMethod::Fidon, &both), Some(1900));
        assert_eq!(r(RatingMethod::Nidof, &both), Some(2000));
        assert_eq!(r(RatingMethod::Hbfn, &both), Some(2000));
        assert_eq!(r(RatingMethod::Lbfn, &both), Some(1900));
        let national_only = [ger.clone()];
        assert_eq!(r(RatingMethod::Fide, &national_only), None);
        assert_eq!(r(RatingMethod::Fidon, &national_only), Some(2000));
        assert_eq!(r(RatingMethod::Lbfn, &national_only), Some(2000));
        assert_eq!(
            r(RatingMethod::Hbfn, std::slice::from_ref(&fide)),
            Some(1900)
        );
        // The event's federation's list first, else the first national one.
        assert_eq!(
            r(RatingMethod::National, &[aut.clone(), ger.clone()]),
            Some(2000)
        );
        assert_eq!(
            RatingMethod::National.rating(&[aut.clone(), ger], RatingList::Standard, "SUI"),
            Some(1700)
        );
        let rapid = rated(ListId::Fide(RatingList::Rapid), 1800);
        let sequence = RatingMethod::Lists(vec![
            ListId::Fide(RatingList::Rapid),
            ListId::Fide(RatingList::Standard),
        ]);
        assert_eq!(r(sequence.clone(), &[fide.clone(), rapid]), Some(1800));
        assert_eq!(r(sequence.clone(), &[fide]), Some(1900));
        assert_eq!(r(sequence, &[aut]), None);
    }

    #[test]
    fn the_proposed_method_follows_the_events_list() {
        assert_eq!(
            RatingMethod::proposed_for(RatingList::Standard),
            RatingMethod::Fide
        );
        for list in [RatingList::Rapid, RatingList::Blitz] {
            let proposed = RatingMethod::proposed_for(list);
            let rapid_only = [rated(ListId::Fide(list), 1700)];
            let standard_only = [rated(ListId::Fide(RatingList::Standard), 2000)];
            let both = [rapid_only[0].clone(), standard_only[0].clone()];
            let r = |o: &[OfficialRating]| proposed.rating(o, list, "GER");
            assert_eq!(r(&both), Some(1700), "{list:?}: its own list first");
            assert_eq!(r(&standard_only), Some(2000), "{list:?}: else standard");
            assert_eq!(r(&rapid_only), Some(1700));
        }
    }

    #[test]
    fn the_list_picked_decides_while_the_player_is_on_it() {
        let event = Event {
            rating_method: RatingMethod::Fidon,
            ..Event::default()
        };
        let mut p = Player::new(1, "Picked");
        let ger = ListId::National("GER".into());
        p.official_ratings = Some(vec![
            rated(ListId::Fide(RatingList::Standard), 1900),
            rated(ger.clone(), 2050),
        ]);
        assert_eq!(event.rating_of(&p), Some(1900), "FIDON");
        p.rating_pick = Some(ger.clone());
        assert_eq!(event.rating_of(&p), Some(2050), "picked");
        p.set_official(&ger, None, "", "", "");
        assert_eq!(
            event.rating_of(&p),
            Some(1900),
            "no longer on it: the method"
        );
    }

    #[test]
    fn methods_and_lists_read_back_from_their_codes() {
        for method in [
            RatingMethod::Fide,
            RatingMethod::National,
            RatingMethod::Fidon,
            RatingMethod::Nidof,
            RatingMethod::Hbfn,
            RatingMethod::Lbfn,
            RatingMethod::Lists(vec![
                ListId::Fide(RatingList::Blitz),
                ListId::National("GER".into()),
                ListId::Custom("Club list".into()),
            ]),
        ] {
            assert_eq!(RatingMethod::parse(&method.code()), Ok(method.clone()));
        }
        assert_eq!(RatingMethod::parse("national"), Ok(RatingMethod::National));
        assert_eq!(
            RatingMethod::parse("ger"),
            Ok(RatingMethod::Lists(vec![ListId::National("GER".into())]))
        );
        let e = RatingMethod::parse("fidonn").expect_err("no such method");
        assert!(e.contains("expected fide, nro"), "{e}");
    }

    #[test]
    fn list_dates_come_from_month_codes_and_file_names() {
        let nov = Date::new(2026, 11, 1);
        assert_eq!(month_code_date("NOV26"), nov);
        assert_eq!(month_code_date("nov2"), None);
        assert_eq!(file_name_date("standard_nov26frl.zip"), nov);
        assert_eq!(file_name_date("rapid_nov26frl_xml.zip"), nov);
        assert_eq!(file_name_date("players_list_foa.zip"), None);
        assert_eq!(file_name_date("maybe.txt"), None);
    }

    fn event_starting(date: &str) -> Tournament {
        let mut t = Tournament::default();
        t.event.start_date = date.into();
        t
    }

    #[test]
    fn the_list_in_force_at_the_start_passes_and_another_is_confirmed_in_fide_mode() {
        let t = event_starting("2026/11/14");
        assert!(t.fide_list_warnings(Date::new(2026, 11, 1)).is_empty());
        let older = t.fide_list_warnings(Date::new(2026, 10, 1));
        assert_eq!(older.len(), 1);
        assert_eq!(older[0].level, WarningLevel::Confirm);
        assert!(
            older[0].text.contains("2026/10/01") && older[0].text.contains("2026/11/14"),
            "{older:?}"
        );
        let newer = t.fide_list_warnings(Date::new(2026, 12, 1));
        assert!(newer[0].text.contains("published after"), "{newer:?}");
        let mut left = t.clone();
        left.leave_fide_mode("club event", "now".into());
        assert_eq!(
            left.fide_list_warnings(Date::new(2026, 10, 1))[0].level,
            WarningLevel::Acknowledge
        );
        // In FIDE mode a check that cannot be made is confirmed as well; otherwise
        // acknowledged.
        assert_eq!(t.fide_list_warnings(None)[0].level, WarningLevel::Confirm);
        assert_eq!(
            event_starting("").fide_list_warnings(Date::new(2026, 10, 1))[0].level,
            WarningLevel::Confirm
        );
        assert_eq!(
            left.fide_list_warnings(None)[0].level,
            WarningLevel::Acknowledge
        );
    }

    #[test]
    fn a_rating_as_entered_is_kept_as_the_fide_rating_when_a_method_is_applied() {
        let mut t = Tournament::default();
        let mut typed = Player::new(1, "Typed");
        typed.rating = Some(1800);
        let unrated = Player::new(2, "Unrated");
        t.players = vec![typed, unrated];
        t.event.rating_method = RatingMethod::National;
        t.event.unlisted_rating = Some(1000);
        assert!(
            t.apply_rating_method(false).is_empty(),
            "no list applied to them"
        );
        assert_eq!(
            t.apply_rating_method(true),
            [(1, Some(1800), Some(1000)), (2, None, Some(1000))]
        );
        assert_eq!(
            t.players[0].official_ratings()[0].list,
            ListId::Fide(RatingList::Standard)
        );
        assert_eq!(t.players[0].fide_rating(RatingList::Standard), Some(1800));
        assert_eq!(t.players[1].fide_rating(RatingList::Standard), None);
        // Back to FIDE: the rating entered comes back, and the arbiter's choice stays the
        // choice (not taken for a FIDE rating).
        t.event.rating_method = RatingMethod::Fide;
        t.event.unlisted_rating = None;
        assert_eq!(
            t.apply_rating_method(true),
            [(1, Some(1000), Some(1800)), (2, Some(1000), None)]
        );
    }
}
