//! The result of pairing a round.

use serde::Serialize;

use crate::tournament::Tournament;

/// One board: who has White, who has Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Pair {
    pub white: u32,
    pub black: u32,
}

/// The pairing of one round: boards in C.04.2 order and the pairing-allocated bye.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoundPairing {
    pub round: u32,
    pub pairs: Vec<Pair>,
    pub bye: Option<u32>,
}

impl RoundPairing {
    /// A pairing of `round` from `(white, black)` pairing numbers.
    pub fn of(round: u32, pairs: &[(u32, u32)], bye: Option<u32>) -> RoundPairing {
        RoundPairing {
            round,
            pairs: pairs
                .iter()
                .map(|&(white, black)| Pair { white, black })
                .collect(),
            bye,
        }
    }

    /// The pairing recorded in a tournament for `round` (played, forfeited or scheduled
    /// games, and the PAB), in board order.
    pub fn recorded(t: &Tournament, round: u32) -> RoundPairing {
        RoundPairing {
            round,
            pairs: t
                .boards(round)
                .into_iter()
                .map(|b| Pair {
                    white: b.white,
                    black: b.black,
                })
                .collect(),
            bye: t.pairing_bye(round),
        }
    }

    /// Records this pairing in the tournament as a draft, boards in this order (see
    /// [`Tournament::record_pairing`]).
    pub fn record_into(&self, t: &mut Tournament) {
        let boards: Vec<[u32; 2]> = self.pairs.iter().map(|p| [p.white, p.black]).collect();
        t.record_pairing(self.round, &boards, self.bye);
    }

    /// The same pairs and bye, whatever the board order.
    pub fn same_as(&self, other: &RoundPairing) -> bool {
        let mut a = self.pairs.clone();
        let mut b = other.pairs.clone();
        a.sort();
        b.sort();
        a == b && self.bye == other.bye
    }

    /// `white-black` pairs and the bye on one line, for messages.
    pub fn summary(&self) -> String {
        let mut parts: Vec<String> = self
            .pairs
            .iter()
            .map(|p| format!("{}-{}", p.white, p.black))
            .collect();
        if let Some(bye) = self.bye {
            parts.push(format!("bye {bye}"));
        }
        parts.join(" ")
    }

    /// Reads JaVaFo / bbpPairings output (see [`RoundPairing::javafo`]) for `round`. The
    /// error names the line and column and what was expected.
    pub fn from_javafo(text: &str, round: u32) -> Result<RoundPairing, String> {
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

    /// JaVaFo / bbpPairings output: the number of lines, then `white black` per board,
    /// then `id 0` for the bye.
    pub fn javafo(&self) -> String {
        let count = self.pairs.len() + usize::from(self.bye.is_some());
        let mut text = format!("{count}\n");
        for pair in &self.pairs {
            text.push_str(&format!("{} {}\n", pair.white, pair.black));
        }
        if let Some(bye) = self.bye {
            text.push_str(&format!("{bye} 0\n"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn javafo_text_reads_back() {
        let p = RoundPairing {
            round: 3,
            pairs: vec![Pair { white: 4, black: 1 }, Pair { white: 2, black: 5 }],
            bye: Some(3),
        };
        assert_eq!(RoundPairing::from_javafo(&p.javafo(), 3), Ok(p));
    }

    #[test]
    fn javafo_errors_name_line_and_column() {
        let e = RoundPairing::from_javafo("2\n4 1\n2 x\n", 1).unwrap_err();
        assert_eq!(e, "line 3, column 3: expected a player number, found `x`");
        let e = RoundPairing::from_javafo("3\n4 1\n", 1).unwrap_err();
        assert!(e.contains("announces 3"), "{e}");
        let e = RoundPairing::from_javafo("1\n4 1 7\n", 1).unwrap_err();
        assert!(e.starts_with("line 2: expected two player numbers"), "{e}");
    }
}
