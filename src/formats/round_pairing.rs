//! A round's pairing as text: JaVaFo / bbpPairings output (read and written, for programs
//! written for those engines and for an arbiter's pairing to check), a board list for
//! people, and JSON for other programs.

use super::columns;
use crate::pairing::{Pair, RoundPairing};
use crate::tournament::Tournament;

/// JaVaFo / bbpPairings output: the number of lines, then `white black` per board, then
/// `id 0` for the bye.
pub(crate) fn javafo(pairing: &RoundPairing) -> String {
    let count = pairing.pairs.len() + usize::from(pairing.bye.is_some());
    let mut text = format!("{count}\n");
    for pair in &pairing.pairs {
        text.push_str(&format!("{} {}\n", pair.white, pair.black));
    }
    if let Some(bye) = pairing.bye {
        text.push_str(&format!("{bye} 0\n"));
    }
    text
}

/// Reads JaVaFo / bbpPairings output (see [`javafo`]) as the pairing of `round`. The error
/// names the line and column and what was expected.
pub(crate) fn read_javafo(text: &str, round: u32) -> Result<RoundPairing, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let number = |line: usize, word: &str, column: usize| {
        word.parse::<u32>().map_err(|_| {
            format!("line {line}, column {column}: expected a player number, found `{word}`")
        })
    };
    let (first, count) = lines
        .next()
        .ok_or_else(|| "line 1: expected the number of pairs".to_string())?;
    let count: usize = count.parse().map_err(|_| {
        format!("line {first}, column 1: expected the number of pairs, found `{count}`")
    })?;
    let mut pairing = RoundPairing {
        round,
        ..RoundPairing::default()
    };
    let mut read = 0;
    for (line, text) in lines {
        let words: Vec<(usize, &str)> = text
            .split_whitespace()
            .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize + 1, w))
            .collect();
        let [(c1, a), (c2, b)] = words.as_slice() else {
            return Err(format!(
                "line {line}: expected two player numbers (`white black`, or `player 0` for the bye)"
            ));
        };
        let (a, b) = (number(line, a, *c1)?, number(line, b, *c2)?);
        match (a, b) {
            (0, _) => {
                return Err(format!("line {line}, column {c1}: player number 0"));
            }
            (bye, 0) if pairing.bye.is_none() => pairing.bye = Some(bye),
            (_, 0) => return Err(format!("line {line}: a second bye")),
            (white, black) => pairing.pairs.push(Pair { white, black }),
        }
        read += 1;
    }
    if read != count {
        return Err(format!(
            "line {first}: announces {count} lines, the file has {read}"
        ));
    }
    Ok(pairing)
}

fn describe(t: &Tournament, id: u32) -> (String, String) {
    match t.player(id) {
        Some(p) => (p.name.clone(), t.score(p).to_string()),
        None => (String::new(), String::new()),
    }
}

/// The boards for people: board, White (number, name, points), Black; then the bye.
pub(crate) fn board_list(t: &Tournament, pairing: &RoundPairing) -> String {
    let mut out = format!("Round {}\n", pairing.round);
    for (board, pair) in pairing.pairs.iter().enumerate() {
        let (wn, ws) = describe(t, pair.white);
        let (bn, bs) = describe(t, pair.black);
        out.push_str(&format!(
            "{:>4}  {:>4} {} {:>5}  -  {:>4} {} {:>5}\n",
            board + 1,
            pair.white,
            columns::left(&wn, 30),
            ws,
            pair.black,
            columns::left(&bn, 30),
            bs
        ));
    }
    if let Some(bye) = pairing.bye {
        let (name, score) = describe(t, bye);
        let name = columns::left(&name, 30);
        out.push_str(&format!("bye   {bye:>4} {name} {score:>5}\n"));
    }
    out
}

/// The pairing as JSON: `round`, `boards` (board, white, black: id, name, points), `bye`.
pub(crate) fn json(t: &Tournament, pairing: &RoundPairing) -> Result<String, serde_json::Error> {
    let player = |id: u32| {
        let (name, score) = describe(t, id);
        serde_json::json!({ "id": id, "name": name, "points": score })
    };
    let boards: Vec<_> = pairing
        .pairs
        .iter()
        .enumerate()
        .map(|(i, p)| serde_json::json!({ "board": i + 1, "white": player(p.white), "black": player(p.black) }))
        .collect();
    let value = serde_json::json!({
        "round": pairing.round,
        "boards": boards,
        "bye": pairing.bye.map(player),
    });
    Ok(serde_json::to_string_pretty(&value)? + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> RoundPairing {
        RoundPairing {
            round: 3,
            pairs: vec![Pair { white: 4, black: 1 }, Pair { white: 2, black: 5 }],
            bye: Some(3),
        }
    }

    #[test]
    fn the_board_list_aligns_double_width_names() {
        let mut t = Tournament::default();
        for (id, name) in [
            (1, "王小龙"),
            (2, "Müller, Łukasz"),
            (3, "山田 太郎"),
            (4, "김민준"),
            (5, "Smith, John"),
        ] {
            t.add_player(crate::tournament::Player::new(id, name))
                .expect("player");
        }
        let text = board_list(&t, &sample());
        let lines: Vec<&str> = text.lines().skip(1).collect();
        assert_eq!(lines.len(), 3, "{text}");
        // White's score (and the bye's) stand in the same terminal column on every line,
        // and both boards end in the same column.
        let score_column = |line: &str| columns::width(&line[..line.find("0.0").expect("score")]);
        assert!(
            lines
                .iter()
                .all(|l| score_column(l) == score_column(lines[0])),
            "{text}"
        );
        assert_eq!(columns::width(lines[0]), columns::width(lines[1]), "{text}");
    }

    #[test]
    fn javafo_text_reads_back() {
        assert_eq!(read_javafo(&javafo(&sample()), 3), Ok(sample()));
    }

    #[test]
    fn json_reads_back() {
        let text = json(&Tournament::default(), &sample()).expect("JSON");
        let value: serde_json::Value = serde_json::from_str(&text).expect("reads back");
        assert_eq!(value["boards"][1]["black"]["id"], 5);
        assert_eq!(value["bye"]["id"], 3);
    }

    #[test]
    fn javafo_errors_name_line_and_column() {
        let e = read_javafo("2\n4 1\n2 x\n", 1).unwrap_err();
        assert_eq!(e, "line 3, column 3: expected a player number, found `x`");
        let e = read_javafo("3\n4 1\n", 1).unwrap_err();
        assert!(e.contains("announces 3"), "{e}");
        let e = read_javafo("1\n4 1 7\n", 1).unwrap_err();
        assert!(e.starts_with("line 2: expected two player numbers"), "{e}");
    }
}
