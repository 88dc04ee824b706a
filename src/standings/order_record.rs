//! The event's tie-break list in TRF-2026: record `202` (the tie-breaks, kept in
//! `Event::tiebreaks` by the reader) and record `212` (the standings order: `PTS` and the
//! tie-breaks, kept verbatim in `Event::other_records`).

use crate::tournament::Event;

use super::code::{CodeError, TieBreak, parse_list};

/// The record code of the standings order.
const STANDINGS_ORDER: &str = "212";

/// Reads a `212` line (`212 PTS,BH/C1,BH,SB`; commas or blanks between codes) into the
/// tie-breaks after `PTS`.
pub(crate) fn parse_standings_order(line: &str) -> Result<Vec<TieBreak>, CodeError> {
    let body = line.trim().strip_prefix(STANDINGS_ORDER).unwrap_or(line);
    let codes: Vec<&str> = body
        .split([',', ' ', '\t'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    match codes.split_first() {
        Some((first, rest)) if first.eq_ignore_ascii_case("PTS") => parse_list(&rest.join(",")),
        Some((first, _)) => Err(CodeError {
            code: (*first).to_string(),
            reason: "record 212 must start with PTS, the score of an individual event".into(),
        }),
        None => Ok(Vec::new()),
    }
}

/// The `212` line for a list of tie-breaks.
pub(crate) fn standings_order_record(list: &[TieBreak]) -> String {
    let codes: Vec<String> = std::iter::once("PTS".to_string())
        .chain(list.iter().map(ToString::to_string))
        .collect();
    format!("{STANDINGS_ORDER} {}", codes.join(","))
}

/// The event's tie-break list: record `212` when the file has one, else `202`; `None`
/// when it has neither.
pub fn event_tiebreaks(event: &Event) -> Result<Option<Vec<TieBreak>>, CodeError> {
    let record = event
        .other_records
        .iter()
        .find(|line| line.starts_with(STANDINGS_ORDER));
    if let Some(line) = record {
        return parse_standings_order(line).map(Some);
    }
    if event.tiebreaks.is_empty() {
        return Ok(None);
    }
    parse_list(&event.tiebreaks.join(",")).map(Some)
}

/// Stores the list in the event, as records `202` and `212` (replacing any earlier
/// `212`), so that a TRF written from the event carries it.
pub fn store_in_event(event: &mut Event, list: &[TieBreak]) {
    event.tiebreaks = list.iter().map(ToString::to_string).collect();
    event
        .other_records
        .retain(|line| !line.starts_with(STANDINGS_ORDER));
    event.other_records.push(standings_order_record(list));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_212_with_commas_or_blanks() {
        let list = parse_standings_order("212 PTS, BH/C1 BH,SB").expect("212");
        let codes: Vec<String> = list.iter().map(ToString::to_string).collect();
        assert_eq!(codes, ["BH/C1", "BH", "SB"]);
        assert!(parse_standings_order("212 MPTS,BH").is_err());
        assert_eq!(parse_standings_order("212"), Ok(Vec::new()));
    }

    #[test]
    fn the_event_list_prefers_212_and_round_trips() {
        let mut event = Event {
            tiebreaks: vec!["BH".into()],
            ..Event::default()
        };
        let from_202 = event_tiebreaks(&event).expect("202").expect("a list");
        assert_eq!(from_202.len(), 1);
        let list = parse_list("BH/C1,SB/P,DE").expect("list");
        store_in_event(&mut event, &list);
        store_in_event(&mut event, &list);
        assert_eq!(event.tiebreaks, ["BH/C1", "SB/P", "DE"]);
        assert_eq!(event.other_records, ["212 PTS,BH/C1,SB/P,DE"]);
        assert_eq!(event_tiebreaks(&event), Ok(Some(list)));
        assert_eq!(event_tiebreaks(&Event::default()), Ok(None));
    }
}
