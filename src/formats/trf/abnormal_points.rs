//! TRF-2026 record `299`, abnormal points: `299 T MMMM GGGG RRR NNNN NNNN ...`, a type
//! letter in column 5 (blank: points added to a total), match points, game points, a
//! round (999: the final standings only; none: the event's value of the type) and the
//! players or teams concerned.
//!
//! The values are read as blank-separated fields after column 5, because the files in the
//! wild place them differently: FIDE's TRF-2025 team sample adapted to TRF-2026 puts the
//! match points in columns 7-10 and the round in 17-19 (`### T MMMM GGGG RRR PPP1`),
//! while others shift each field one column right. Written in the sample's columns.

use crate::tournament::{AbnormalPoints, Points};

use super::player_line::FieldError;
use super::text::Line;

/// Reads one `299` record.
pub(super) fn read(line: &Line) -> Result<AbnormalPoints, FieldError> {
    let kind = line.at(5).to_ascii_uppercase();
    if !matches!(
        kind,
        ' ' | 'W' | 'D' | 'L' | '+' | '-' | 'F' | 'H' | 'Z' | 'P'
    ) {
        return Err((
            5,
            format!(
                "record 299: expected a type (blank, W, D, L, +, -, F, H, Z or P), found {kind:?}"
            ),
        ));
    }
    let mut fields = Vec::new();
    let mut start = None;
    let rest: Vec<char> = line.rest(6).chars().collect();
    for (i, c) in rest.iter().chain(std::iter::once(&' ')).enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(from)) => {
                fields.push((6 + from, rest[from..i].iter().collect::<String>()));
                start = None;
            }
            _ => {}
        }
    }
    let points = |index: usize, what: &str| -> Result<Points, FieldError> {
        let Some((column, text)) = fields.get(index) else {
            return Err((6, format!("record 299: expected {what}, found nothing")));
        };
        text.parse().map_err(|_| {
            (
                *column,
                format!("record 299: expected {what}, found {text:?}"),
            )
        })
    };
    let match_points = points(0, "match points")?;
    let game_points = points(1, "game points")?;
    let numbers = fields
        .iter()
        .skip(2)
        .map(|(column, text)| {
            text.parse::<u32>().map_err(|_| {
                (
                    *column,
                    format!("record 299: expected a round or a pairing number, found {text:?}"),
                )
            })
        })
        .collect::<Result<Vec<u32>, _>>()?;
    let (round, ids) = match numbers.split_first() {
        Some((&round, ids)) => (Some(round), ids.to_vec()),
        None => (None, Vec::new()),
    };
    Ok(AbnormalPoints {
        kind,
        match_points,
        game_points,
        round,
        ids,
    })
}

/// The `299` line of a record, in the columns of FIDE's sample (type 5, match points 7-10,
/// game points 12-15, round 17-19, numbers from 21 every 5 columns).
pub(super) fn line(a: &AbnormalPoints) -> String {
    let mut out = format!(
        "299 {} {:>4} {:>4}",
        a.kind,
        a.match_points.to_string(),
        a.game_points.to_string()
    );
    if let Some(round) = a.round {
        out.push_str(&format!(" {round:>3}"));
        for id in &a.ids {
            out.push_str(&format!(" {id:>4}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(record: &str) -> Result<AbnormalPoints, FieldError> {
        let lines = super::super::text::lines(record.as_bytes());
        read(&lines[0])
    }

    #[test]
    fn each_form_of_the_record_reads_and_writes_back() {
        for record in [
            "299 +  2.0  2.5   1    1",
            "299 -  0.0  1.5",
            "299   -1.0 -2.0   4   31   32",
            "299    0.0 -4.0 999   14",
        ] {
            let read = one(record).expect(record);
            assert_eq!(line(&read), record);
            assert_eq!(one(&line(&read)).as_ref(), Ok(&read));
        }
        let shifted = one("299 W   2.0   2.5    2   17").expect("shifted columns");
        assert_eq!(
            (shifted.kind, shifted.round, shifted.ids),
            ('W', Some(2), vec![17])
        );
    }

    #[test]
    fn a_record_without_its_points_is_refused() {
        assert!(one("299 +").is_err());
        assert!(one("299 Q  1.0  1.0").is_err());
        assert!(one("299 +  1.0  x").is_err());
    }
}
