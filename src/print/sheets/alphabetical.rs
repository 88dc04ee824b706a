//! The alphabetical pairing list for the wall: every player, with board, colour and
//! opponent, so that each finds their name without knowing their number.

use crate::tournament::{Colour, Tournament};

use super::super::PrintError;
use super::super::boards::{boards, unpaired};
use super::super::document::{Align, Body, Column, Document, Table};
use super::{event_details, event_name, player};

/// The alphabetical list of `round` (already checked to be paired).
pub(crate) fn build(t: &Tournament, round: u32) -> Result<Document, PrintError> {
    // (name, id, board, colour, opponent)
    let mut entries: Vec<(String, u32, String, String, String)> = Vec::new();
    for board in boards(t, round) {
        for (id, other, colour) in [
            (board.white, board.black, Colour::White),
            (board.black, board.white, Colour::Black),
        ] {
            let me = player(t, id)?;
            let them = player(t, other)?;
            let colour = match colour {
                Colour::White => "White",
                Colour::Black => "Black",
            };
            entries.push((
                me.name.clone(),
                me.id,
                board.number.to_string(),
                colour.to_string(),
                format!("{} ({})", them.name, them.id),
            ));
        }
    }
    for u in unpaired(t, round) {
        let me = player(t, u.player)?;
        entries.push((
            me.name.clone(),
            me.id,
            String::new(),
            String::new(),
            u.reason.to_string(),
        ));
    }
    entries.sort_by_cached_key(|e| (collation_key(&e.0), e.0.to_lowercase(), e.1));
    let rows = entries
        .into_iter()
        .map(|(name, id, board, colour, opponent)| {
            vec![name, id.to_string(), board, colour, opponent]
        })
        .collect();
    Ok(Document {
        event: event_name(t),
        title: format!("Pairings, round {round}: alphabetical list"),
        draft: !t.is_published(round),
        details: event_details(t),
        orientation: None,
        body: Body::Table(Table {
            columns: vec![
                Column::names("Name"),
                Column::fixed("No", Align::Right),
                Column::fixed("Bd", Align::Right),
                Column::fixed("Colour", Align::Left),
                Column::names("Opponent"),
            ],
            rows,
        }),
        notes: Vec::new(),
    })
}

/// Latin letters with diacritics and their base letters, for sorting.
const FOLDS: [(&str, &str); 20] = [
    ("àáâãäåāăąǎ", "a"),
    ("çćĉċč", "c"),
    ("ďđ", "d"),
    ("èéêëēĕėęě", "e"),
    ("ĝğġģ", "g"),
    ("ĥħ", "h"),
    ("ìíîïĩīĭįı", "i"),
    ("ĵ", "j"),
    ("ķ", "k"),
    ("ĺļľŀł", "l"),
    ("ñńņňŉ", "n"),
    ("òóôõöøōŏő", "o"),
    ("ŕŗř", "r"),
    ("śŝşšș", "s"),
    ("ţťŧț", "t"),
    ("ùúûüũūŭůűų", "u"),
    ("ŵ", "w"),
    ("ýÿŷ", "y"),
    ("źżž", "z"),
    ("ß", "ss"),
];

/// The name as it sorts: lower case, Latin letters without their diacritics (`Öztürk`
/// with the O's, `Łukasz` with the L's); other scripts after Latin, by code point.
pub(crate) fn collation_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        match FOLDS.iter().find(|(from, _)| from.contains(c)) {
            Some((_, to)) => key.push_str(to),
            None => match c {
                'æ' => key.push_str("ae"),
                'œ' => key.push_str("oe"),
                'þ' => key.push_str("th"),
                c => key.push(c),
            },
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::collation_key;

    #[test]
    fn diacritics_sort_with_their_base_letter() {
        let mut names = vec![
            "Zeller",
            "Öztürk",
            "Ødegård",
            "Olsen",
            "Łukasz",
            "Lee",
            "Петров",
            "Šťastný",
        ];
        names.sort_by_key(|n| collation_key(n));
        assert_eq!(
            names,
            [
                "Lee",
                "Łukasz",
                "Ødegård",
                "Olsen",
                "Öztürk",
                "Šťastný",
                "Zeller",
                "Петров"
            ]
        );
    }
}
