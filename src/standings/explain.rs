//! Why a tie-break has its value: the opponents and adjustments that made it, for the
//! GUI's tooltip and for disputes.

use serde::Serialize;

use super::value::Value;

/// One term of a tie-break: usually one round, or one opponent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    pub round: Option<u32>,
    pub opponent: Option<u32>,
    /// What the term adds, before any cut.
    #[serde(serialize_with = "as_text")]
    pub amount: Value,
    /// How the amount came about, with the article that says so.
    pub note: String,
    /// Dropped by a cut or median modifier (C.07 14, 16.5).
    pub cut: bool,
}

impl Part {
    /// A term for one round.
    pub(crate) fn round(
        round: u32,
        opponent: Option<u32>,
        amount: Value,
        note: impl Into<String>,
    ) -> Part {
        Part {
            round: Some(round),
            opponent,
            amount,
            note: note.into(),
            cut: false,
        }
    }

    /// A term that is not tied to a round (an average, a table look-up).
    pub(crate) fn other(amount: Value, note: impl Into<String>) -> Part {
        Part {
            round: None,
            opponent: None,
            amount,
            note: note.into(),
            cut: false,
        }
    }
}

/// A tie-break's value for one player with the terms that make it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Breakdown {
    #[serde(serialize_with = "as_text")]
    pub value: Value,
    pub parts: Vec<Part>,
}

impl Breakdown {
    /// A value with no terms to show.
    pub(crate) fn bare(value: Value) -> Breakdown {
        Breakdown {
            value,
            parts: Vec::new(),
        }
    }

    /// The breakdown as lines of text: `R3 vs 12 4.5: game [cut]`.
    pub fn lines(&self) -> Vec<String> {
        self.parts
            .iter()
            .map(|p| {
                let mut line = String::new();
                if let Some(r) = p.round {
                    line.push_str(&format!("R{r} "));
                }
                if let Some(o) = p.opponent {
                    line.push_str(&format!("vs {o} "));
                }
                line.push_str(&format!("{}: {}", p.amount, p.note));
                if p.cut {
                    line.push_str(" [cut]");
                }
                line
            })
            .collect()
    }
}

/// Serializes a value as the text it prints as (exact decimals, not a float).
pub(crate) fn as_text<T: std::fmt::Display, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}
