//! The official ratings and the rating method in TRF-2026 (checklist Q116, Q145): record
//! `172` (the starting rank method: the federation in columns 5-7, `FIDE`, `NRO`,
//! `FIDON`, `NIDOF`, `HBFN`, `LBFN` or `OTHER` in columns 9-13), and the National Rating
//! Support (NRS) records: a federation's code in place of `001`, the `001` layout, the
//! starting rank in columns 5-8, the national rating in 49-52 and the national number in
//! 58-68 (TRF-2026, as transcribed in echecsjs/trf `SPEC.md`). The `001` record keeps the
//! FIDE rating (columns 49-52).
//!
//! What TRF-2026 has no record for is written as `###` comments this program reads back
//! and others skip: the method when it is a sequence of lists (`172` says `OTHER`) or when
//! players on none of its lists get a rating (`### Rating method: GER,standard; unlisted
//! 1000`), and each list's source and date (`### Rating list GER: spieler.csv
//! (2026-11-20)`). A file with none of these records leaves every player's rating as
//! entered (his FIDE rating); a file with any of them gives each player his official
//! ratings (FIDE's from `001`, each federation's from its NRS record) and his tournament
//! rating by the method.

use std::collections::HashMap;

use crate::tournament::{
    ListId, OfficialRating, Player, RatingMethod, Tournament, is_federation_code,
};

use super::player_line::FieldError;
use super::text::Line;

/// One NRS record.
pub(super) struct Nrs {
    line: usize,
    federation: String,
    player: u32,
    rating: Option<u16>,
    number: String,
}

/// Whether `line` is an NRS record: a federation's code (three upper-case letters) in
/// columns 1-3, a blank, a starting rank in columns 5-8, and the line long enough to reach
/// the rating column. `None` when it is not one; an error when its rating is no rating.
pub(super) fn nrs(line: &Line) -> Option<Result<Nrs, FieldError>> {
    let code = line.code();
    if code.len() != 3
        || !code.chars().all(|c| c.is_ascii_uppercase())
        || line.at(4) != ' '
        || line.len() < 49
    {
        return None;
    }
    let player: u32 = line.columns(5, 8).trim().parse().ok().filter(|&n| n > 0)?;
    let text = line.columns(49, 52);
    let rating = match text.trim() {
        "" => None,
        t => match t.parse::<u16>() {
            Ok(0) => None,
            Ok(r) => Some(r),
            Err(_) => {
                return Some(Err((
                    49,
                    format!(
                        "expected the national rating in columns 49-52 of the {code} record, found {t:?}"
                    ),
                )));
            }
        },
    };
    Some(Ok(Nrs {
        line: line.number,
        federation: code,
        player,
        rating,
        number: line.columns(58, 68).trim().to_string(),
    }))
}

const METHOD: &str = " Rating method: ";
const UNLISTED: &str = "; unlisted ";
const LIST: &str = " Rating list ";
const PICK: &str = " Rating pick: ";

/// What a file says of its ratings: `172`, the NRS records, the comments.
#[derive(Default)]
pub(super) struct RatingRecords {
    /// `172`: (line, federation, code).
    method_172: Option<(usize, String, String)>,
    /// `### Rating method:`.
    method: Option<(RatingMethod, Option<u16>)>,
    /// `### Rating list`: each list's source and date.
    lists: HashMap<ListId, (String, String)>,
    /// `### Rating pick:`: the list the arbiter picked for a player (checklist Q128-129).
    picks: Vec<(u32, ListId)>,
    nrs: Vec<Nrs>,
}

impl RatingRecords {
    /// Reads `172`: the federation in columns 5-7 and the code in 9-13, or (as Sharly
    /// Chess writes it) the code alone.
    pub(super) fn read_172(&mut self, line: &Line) {
        let rest = line.rest(5);
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (federation, code) = match words.as_slice() {
            [code] => ("", *code),
            [federation, code, ..] => (*federation, *code),
            [] => ("", ""),
        };
        self.method_172 = Some((line.number, federation.to_string(), code.to_string()));
    }

    /// Keeps an NRS record.
    pub(super) fn add_nrs(&mut self, nrs: Nrs) {
        self.nrs.push(nrs);
    }

    /// Reads one of this module's comments (without `###`); false for any other comment.
    pub(super) fn read_comment(&mut self, comment: &str) -> bool {
        if let Some(rest) = comment.strip_prefix(METHOD) {
            let (code, unlisted) = rest.split_once(UNLISTED).unwrap_or((rest, "unrated"));
            let Ok(method) = RatingMethod::parse(code) else {
                return false;
            };
            let unlisted = match unlisted.trim() {
                "unrated" => None,
                n => match n.parse() {
                    Ok(n) => Some(n),
                    Err(_) => return false,
                },
            };
            self.method = Some((method, unlisted));
            return true;
        }
        if let Some(rest) = comment.strip_prefix(LIST) {
            let Some((code, rest)) = rest.split_once(": ") else {
                return false;
            };
            let Some((source, date)) = rest.strip_suffix(')').and_then(|r| r.rsplit_once(" ("))
            else {
                return false;
            };
            let Ok(list) = ListId::parse(code) else {
                return false;
            };
            self.lists
                .insert(list, (source.to_string(), date.to_string()));
            return true;
        }
        if let Some(rest) = comment.strip_prefix(PICK) {
            let Some((player, code)) = rest.trim().split_once(' ') else {
                return false;
            };
            let (Ok(player), Ok(list)) = (player.parse(), ListId::parse(code)) else {
                return false;
            };
            self.picks.push((player, list));
            return true;
        }
        false
    }

    /// Whether the records say anything of the ratings: a `172` that names FIDE's method
    /// alone (the default) does not.
    fn is_empty(&self) -> bool {
        let coded = self
            .method_172
            .as_ref()
            .map(|(_, _, code)| RatingMethod::from_trf_code(code));
        self.method.is_none()
            && self.lists.is_empty()
            && self.picks.is_empty()
            && self.nrs.is_empty()
            && matches!(coded, None | Some(Some(RatingMethod::Fide)))
    }

    /// Gives the players of `t` their official ratings and tournament ratings, when the
    /// file has any of these records; returns what the arbiter is told.
    pub(super) fn apply(self, t: &mut Tournament) -> Vec<String> {
        let mut warnings = Vec::new();
        if self.is_empty() {
            return warnings;
        }
        let fide = ListId::Fide(t.event.rating_list);
        let source = |list: &ListId| self.lists.get(list).cloned().unwrap_or_default();
        let (fide_source, fide_date) = source(&fide);
        for p in &mut t.players {
            p.official_ratings = Some(
                p.rating
                    .map(|rating| OfficialRating {
                        list: fide.clone(),
                        rating,
                        id: String::new(),
                        source: fide_source.clone(),
                        date: fide_date.clone(),
                    })
                    .into_iter()
                    .collect(),
            );
        }
        for nrs in &self.nrs {
            let list = ListId::National(nrs.federation.clone());
            let (source, date) = source(&list);
            let Some(p) = t.player_mut(nrs.player) else {
                warnings.push(format!(
                    "line {}: the {} record (national rating) names starting rank {}, which no player has: not kept",
                    nrs.line, nrs.federation, nrs.player
                ));
                continue;
            };
            if let Some(rating) = nrs.rating {
                p.set_official(&list, Some(rating), &nrs.number, &source, &date);
            }
        }
        let coded = self
            .method_172
            .as_ref()
            .map(|(line, _, code)| (line, code, RatingMethod::from_trf_code(code)));
        let (method, unlisted) = match (self.method, coded) {
            (Some(written), Some((line, code, Some(m)))) if m != written.0 => {
                warnings.push(format!(
                    "line {line}: record 172 says {code}, the ### Rating method line {}: the latter taken",
                    written.0.code()
                ));
                written
            }
            (Some(written), _) => written,
            (None, Some((_, _, Some(m)))) => (m, None),
            (None, Some((line, code, None))) => {
                warnings.push(format!(
                    "line {line}: record 172 says {code:?}, a method this program does not \
                     know (OTHER names none): the tournament ratings are the FIDE ratings"
                ));
                (RatingMethod::Fide, None)
            }
            (None, None) => (RatingMethod::Fide, None),
        };
        t.event.rating_method = method;
        t.event.unlisted_rating = unlisted;
        for (player, list) in self.picks {
            match t.player_mut(player) {
                Some(p) if p.official_rating(&list).is_some() => p.rating_pick = Some(list),
                _ => warnings.push(format!(
                    "### Rating pick: player {player} has no rating on the {list} list: not kept"
                )),
            }
        }
        for i in 0..t.players.len() {
            t.players[i].rating = t.event.rating_of(&t.players[i]);
        }
        warnings
    }
}

/// Whether the event's ratings are written with these records: a method other than
/// FIDE's, a rating for players on none of its lists, or official ratings recorded.
fn written(t: &Tournament) -> bool {
    !t.event.rating_method.is_fide()
        || t.event.unlisted_rating.is_some()
        || t.players.iter().any(|p| p.official_ratings.is_some())
}

/// The federations of the national ratings recorded, in the order first met.
fn federations(t: &Tournament) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for o in t.players.iter().flat_map(Player::official_ratings) {
        if let ListId::National(f) = &o.list
            && !found.contains(f)
        {
            found.push(f.clone());
        }
    }
    found
}

/// The `172` record, when the method is not FIDE's or national ratings are recorded
/// (TRF-2026: mandatory with NRS records). The federation is the national lists' (the
/// event's among them first), else the event's.
pub(super) fn record_172(t: &Tournament) -> Option<String> {
    let feds = federations(t);
    if t.event.rating_method.is_fide() && feds.is_empty() {
        return None;
    }
    let event = t.event.federation.trim();
    let federation = feds
        .iter()
        .find(|f| f.eq_ignore_ascii_case(event))
        .or(feds.first())
        .map_or(event, String::as_str);
    Some(format!(
        "172 {federation:<3} {}",
        t.event.rating_method.trf_code()
    ))
}

/// The comments (without `###`) that record what `172` cannot, and each list's source and
/// date: the most common among the players' ratings on it.
pub(super) fn comments(t: &Tournament) -> Vec<String> {
    let mut out = Vec::new();
    let e = &t.event;
    if matches!(e.rating_method, RatingMethod::Lists(_)) || e.unlisted_rating.is_some() {
        let unlisted = e
            .unlisted_rating
            .map_or("unrated".to_string(), |r| r.to_string());
        out.push(format!(
            "{METHOD}{}{UNLISTED}{unlisted}",
            e.rating_method.code()
        ));
    }
    if !written(t) {
        return out;
    }
    let mut lists: Vec<ListId> = vec![ListId::Fide(e.rating_list)];
    lists.extend(federations(t).into_iter().map(ListId::National));
    for p in &t.players {
        if let Some(list) = p.rating_pick.as_ref().filter(|l| lists.contains(l)) {
            out.push(format!("{PICK}{} {}", p.id, list.code()));
        }
    }
    for list in lists {
        let mut counts: Vec<((&str, &str), usize)> = Vec::new();
        for o in t.players.iter().flat_map(Player::official_ratings) {
            if o.list != list {
                continue;
            }
            let key = (o.source.as_str(), o.date.as_str());
            match counts.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => *n += 1,
                None => counts.push((key, 1)),
            }
        }
        let Some(((source, date), _)) = counts.iter().max_by_key(|(_, n)| *n).copied() else {
            continue;
        };
        if source.is_empty() && date.is_empty() {
            continue;
        }
        let clean = |s: &str| s.replace(['\n', '\r'], " ");
        out.push(format!(
            "{LIST}{}: {} ({})",
            list.code(),
            clean(source),
            clean(date)
        ));
    }
    out
}

/// The NRS records of the players' national ratings, by starting rank.
pub(super) fn nrs_lines(t: &Tournament) -> Vec<String> {
    let mut lines = Vec::new();
    for p in &t.players {
        for o in p.official_ratings() {
            let ListId::National(federation) = &o.list else {
                continue;
            };
            let name: String = p.name.trim().chars().take(super::NAME_COLUMNS).collect();
            let line = format!(
                "{federation:<3} {:>4} {:<4} {name:<33} {:>4} {:>3} {:>11}",
                p.id, "", o.rating, "", o.id
            );
            lines.push(line.trim_end().to_string());
        }
    }
    lines
}

/// The tournament rating a reader of the file gives `p`: with `records` (TRF-2026 and
/// any of the records above written), what they carry by the method they carry; without,
/// the `001` rating.
fn rating_read_back(t: &Tournament, p: &Player, records: bool) -> Option<u16> {
    let e = &t.event;
    if !records {
        return p.fide_rating(e.rating_list);
    }
    let kept: Vec<OfficialRating> = p
        .officials_or_entered(e.rating_list)
        .into_iter()
        .filter(|o| o.list == ListId::Fide(e.rating_list) || matches!(o.list, ListId::National(_)))
        .collect();
    let picked = p
        .rating_pick
        .as_ref()
        .and_then(|list| kept.iter().find(|o| o.list == *list));
    picked
        .map(|o| o.rating)
        .or_else(|| e.tournament_rating(&kept))
}

/// What writing the event's ratings loses (see [`super::dropped_by_trf`]).
pub(super) fn dropped(t: &Tournament, trf26: bool) -> Vec<String> {
    let mut dropped = Vec::new();
    let e = &t.event;
    let records = trf26 && (record_172(t).is_some() || !comments(t).is_empty());
    let changed: Vec<String> = t
        .players
        .iter()
        .filter(|p| rating_read_back(t, p, records) != p.rating)
        .map(|p| p.id.to_string())
        .collect();
    if !trf26 {
        let nationals = t
            .players
            .iter()
            .filter(|p| {
                p.official_ratings()
                    .iter()
                    .any(|o| matches!(o.list, ListId::National(_)))
            })
            .count();
        if !e.rating_method.is_fide() || e.unlisted_rating.is_some() || nationals > 0 {
            dropped.push(format!(
                "TRF-16 has no record for the rating method ({}) nor for national ratings \
                 (TRF-2026's 172 and NRS records): the 001 records hold the FIDE ratings, \
                 the national ratings of {} are not in the file{}; write TRF-2026 or keep the \
                 native file",
                e.rating_method.trf_code(),
                crate::plural::count(nationals, "player"),
                tournament_ratings_lost(&changed)
            ));
        }
    } else if !changed.is_empty() {
        dropped.push(format!(
            "TRF-2026 holds the FIDE rating of the event's list and national ratings: the \
             rating method ({}) takes ratings from lists it cannot hold{}; keep the native file",
            e.rating_method.code(),
            tournament_ratings_lost(&changed)
        ));
    }
    let custom = t
        .players
        .iter()
        .filter(|p| {
            p.official_ratings()
                .iter()
                .any(|o| matches!(o.list, ListId::Custom(_)))
        })
        .count();
    if custom > 0 {
        dropped.push(format!(
            "TRF has no record for a custom rating list: the custom ratings of {} are not in \
             the file; the native file keeps them",
            crate::plural::count(custom, "player")
        ));
    }
    dropped
}

/// `, and a reader gives players 3, 7 other tournament ratings` (empty for none).
fn tournament_ratings_lost(players: &[String]) -> String {
    if players.is_empty() {
        return String::new();
    }
    format!(
        ", and a reader gives {} other tournament ratings (numbers {})",
        crate::plural::count(players.len(), "player"),
        players.join(", ")
    )
}

/// The values of the players' ratings TRF cannot hold: national numbers of more than 11
/// characters, ratings of more than 4 digits, federations not of three letters.
pub(super) fn misfits(t: &Tournament) -> Vec<super::fit::Misfit> {
    let mut found = Vec::new();
    for p in &t.players {
        for o in p.official_ratings() {
            let ListId::National(federation) = &o.list else {
                continue;
            };
            let place = format!(
                "player {} ({}): national rating ({federation})",
                p.id,
                p.name.trim()
            );
            let problem = if !is_federation_code(federation)
                || !federation.chars().all(|c| c.is_ascii_uppercase())
            {
                Some(format!(
                    "{federation:?} is not a federation's code of three capital letters (NRS columns 1-3)"
                ))
            } else if o.rating > 9999 {
                Some(format!("{} is more than TRF's 4 columns hold", o.rating))
            } else if o.id.chars().count() > 11 || o.id.contains(['\n', '\r']) {
                Some(format!(
                    "the national number {:?} does not fit TRF's 11 columns (NRS columns 58-68)",
                    o.id
                ))
            } else {
                None
            };
            if let Some(problem) = problem {
                found.push(super::fit::Misfit { place, problem });
            }
        }
    }
    found
}

/// Gives an event read from a native file of an earlier version the ratings its `172`
/// and NRS records say: those versions kept them as written, among the records they did
/// not read (and would now write twice). Returns what the arbiter is told.
pub(crate) fn adopt_kept_records(t: &mut Tournament) -> Vec<String> {
    let mut records = RatingRecords::default();
    let mut kept = Vec::new();
    for record in std::mem::take(&mut t.event.other_records) {
        let lines = super::text::lines(record.as_bytes());
        let adopted = match lines.as_slice() {
            [line] if line.code() == "172" => {
                records.read_172(line);
                true
            }
            [line] => match nrs(line) {
                Some(Ok(found)) => {
                    records.add_nrs(found);
                    true
                }
                _ => false,
            },
            _ => false,
        };
        if !adopted {
            kept.push(record);
        }
    }
    t.event.other_records = kept;
    records.apply(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf::{Dialect, read_reporting, write};
    use crate::tournament::RatingList;

    fn player(id: u32, name: &str, rating: &str) -> String {
        format!(
            "001 {id:>4} {:1}{:>3} {name:<33} {rating:>4} {:>3} {:>11} {:<10} {:>4} {id:>4}",
            ' ', "", "FRA", "", "", "0.0"
        )
    }

    fn file(records: &[&str]) -> String {
        let mut lines = vec!["012 Test".to_string(), "032 FRA".to_string()];
        lines.extend(records.iter().map(ToString::to_string));
        lines.push(player(1, "Doe, Jane", "1900"));
        lines.push(player(2, "Roe, Rick", "2000"));
        lines.push(player(3, "Poe, Pat", ""));
        lines.join("\n") + "\n"
    }

    /// As Sharly Chess writes them: `172` with the code alone, NRS records with a
    /// classification, an origin and a national number.
    const NRS_1: &str = "FRA    1    A                                   2200 IDF      D50113";
    const NRS_3: &str = "FRA    3    B                                   1500 BRE      C69548";

    #[test]
    fn a_bare_172_and_nrs_records_give_official_and_tournament_ratings() {
        let text = file(&["172 NIDOF", NRS_1, NRS_3]);
        let (t, reading) = read_reporting(text.as_bytes(), "t.trf").expect("reads");
        assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
        assert_eq!(t.event.rating_method, RatingMethod::Nidof);
        let ratings: Vec<Option<u16>> = t.players.iter().map(|p| p.rating).collect();
        assert_eq!(ratings, [Some(2200), Some(2000), Some(1500)]);
        let jane = &t.players[0];
        assert_eq!(jane.fide_rating(RatingList::Standard), Some(1900));
        let national = jane
            .official_rating(&ListId::National("FRA".into()))
            .expect("recorded");
        assert_eq!((national.rating, national.id.as_str()), (2200, "D50113"));
        // Written back: 172 with the federation, the 001 records with the FIDE ratings,
        // one NRS record per national rating; read again, the same.
        let written = write(&t, Dialect::Trf26).expect("writes");
        assert!(written.contains("\n172 FRA NIDOF\n"), "{written}");
        assert!(
            written.contains(" Doe, Jane                         1900 FRA"),
            "{written}"
        );
        let nrs: Vec<&str> = written.lines().filter(|l| l.starts_with("FRA ")).collect();
        assert_eq!(nrs.len(), 2, "{written}");
        assert_eq!(&nrs[0][48..52], "2200");
        assert_eq!(nrs[0][57..].trim(), "D50113");
        let again = crate::formats::trf::read(written.as_bytes(), "t.trf").expect("reads");
        assert_eq!(again.players, t.players);
        assert_eq!(again.event.rating_method, t.event.rating_method);
    }

    #[test]
    fn fide_s_own_method_alone_changes_nothing_and_an_unknown_one_is_said() {
        let plain = file(&[]);
        let (before, _) = read_reporting(plain.as_bytes(), "t.trf").expect("reads");
        let (fide, _) = read_reporting(file(&["172 FRA FIDE"]).as_bytes(), "t.trf").expect("reads");
        assert_eq!(fide.players, before.players);
        assert!(fide.players.iter().all(|p| p.official_ratings.is_none()));
        let (other, reading) =
            read_reporting(file(&["172 FRA OTHER"]).as_bytes(), "t.trf").expect("reads");
        assert_eq!(other.event.rating_method, RatingMethod::Fide);
        assert!(
            reading
                .warnings
                .iter()
                .any(|w| w.contains("record 172 says \"OTHER\"")),
            "{:?}",
            reading.warnings
        );
        // An NRS record for no player is dropped, said; a rating that is no number is an
        // error at its column.
        let (_, reading) = read_reporting(
            file(&["172 NIDOF", &NRS_1.replace("   1", "   9")]).as_bytes(),
            "t.trf",
        )
        .expect("reads");
        assert!(
            reading
                .warnings
                .iter()
                .any(|w| w.contains("starting rank 9, which no player has")),
            "{:?}",
            reading.warnings
        );
        let bad = NRS_1.replace("2200", "22x0");
        let e = read_reporting(file(&["172 NIDOF", &bad]).as_bytes(), "t.trf").expect_err("bad");
        assert_eq!(e.column, 49, "{e}");
    }

    #[test]
    fn a_sequence_and_the_rating_of_players_on_none_read_back_from_their_comments() {
        let mut records = RatingRecords::default();
        assert!(records.read_comment(" Rating method: FRA,standard; unlisted 1000"));
        assert!(records.read_comment(" Rating list FRA: joueurs.csv (2026-11-02)"));
        assert!(!records.read_comment(" Rating method: nonsense; unlisted 1000"));
        assert!(!records.read_comment(" something else"));
        assert_eq!(
            records.method,
            Some((
                RatingMethod::Lists(vec![
                    ListId::National("FRA".into()),
                    ListId::Fide(RatingList::Standard)
                ]),
                Some(1000)
            ))
        );
        assert_eq!(
            records.lists.get(&ListId::National("FRA".into())),
            Some(&("joueurs.csv".to_string(), "2026-11-02".to_string()))
        );
    }
}
