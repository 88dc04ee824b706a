//! The prizes the organiser announced: by place, overall and in categories, how a player
//! eligible for several is given one, and how tied players share money. The award itself
//! is computed from the standings (`crate::prizes`).

use serde::{Deserialize, Serialize};

/// The announced prize list, saved with the event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PrizeList {
    /// Every prize, in the order announced.
    pub prizes: Vec<Prize>,
    /// How players tied on points share the money of the places they occupy.
    pub sharing: Sharing,
    /// Which prize a player eligible for several receives (one prize per player).
    pub choice: PrizeChoice,
    /// The currency written after amounts (`EUR`), or empty.
    pub currency: String,
}

impl PrizeList {
    /// No prize announced.
    pub fn is_empty(&self) -> bool {
        self.prizes.is_empty()
    }
}

/// One prize: a place in a category, and its money (or an object: a trophy, a book).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prize {
    pub category: PrizeCategory,
    /// 1 for the best eligible player of the category.
    pub(crate) place: u32,
    /// In hundredths of the currency (cents); 0 for a prize that is only an object.
    pub amount: i64,
    /// What is given besides money (`Trophy`), or empty.
    #[serde(default)]
    pub label: String,
}

/// Who may win a prize of a category.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PrizeCategory {
    /// Every player.
    Overall,
    /// Women (sex recorded as female).
    Women,
    /// Youth "under N": born in the event's year minus N or later (U18 in a 2026 event:
    /// born 2008 or later, FIDE's convention for age groups).
    Youth { under: u32 },
    /// Seniors "N and over": born in the event's year minus N or earlier (S65 in 2026:
    /// born 1961 or earlier).
    Senior { from: u32 },
    /// Rated within a band on the event's list, both ends included; either end may be
    /// open. Unrated players are not in a band.
    Rating { min: Option<u16>, max: Option<u16> },
    /// Players without a rating on the event's list.
    Unrated,
}

impl PrizeCategory {
    /// The short name used in prize files and sheets: `Overall`, `Women`, `U18`, `S65`,
    /// `1600-1799`, `-1599`, `2000-`, `Unrated`.
    pub(crate) fn name(&self) -> String {
        match self {
            PrizeCategory::Overall => "Overall".into(),
            PrizeCategory::Women => "Women".into(),
            PrizeCategory::Youth { under } => format!("U{under}"),
            PrizeCategory::Senior { from } => format!("S{from}"),
            PrizeCategory::Rating { min, max } => format!(
                "{}-{}",
                min.map(|r| r.to_string()).unwrap_or_default(),
                max.map(|r| r.to_string()).unwrap_or_default()
            ),
            PrizeCategory::Unrated => "Unrated".into(),
        }
    }

    /// Reads a name as [`PrizeCategory::name`] writes it (any case; `women`, `u18`,
    /// `s65`, `1600-1799`, `-1599`, `2000-`, `unrated`; `open` for overall).
    pub(crate) fn from_name(name: &str) -> Option<PrizeCategory> {
        let name = name.trim();
        let lower = name.to_ascii_lowercase();
        let number = |s: &str| s.parse::<u32>().ok().filter(|&n| n > 0 && n < 150);
        match lower.as_str() {
            "overall" | "open" | "main" => return Some(PrizeCategory::Overall),
            "women" | "woman" | "ladies" | "w" => return Some(PrizeCategory::Women),
            "unrated" => return Some(PrizeCategory::Unrated),
            _ => {}
        }
        if let Some(age) = lower.strip_prefix('u').and_then(number) {
            return Some(PrizeCategory::Youth { under: age });
        }
        if let Some(age) = lower.strip_prefix('s').and_then(number) {
            return Some(PrizeCategory::Senior { from: age });
        }
        let (low, high) = lower.split_once('-')?;
        let end = |s: &str| -> Option<Option<u16>> {
            match s.trim() {
                "" => Some(None),
                s => s.parse().ok().map(Some),
            }
        };
        let (min, max) = (end(low)?, end(high)?);
        if min.is_none() && max.is_none() || min.zip(max).is_some_and(|(a, b)| a > b) {
            return None;
        }
        Some(PrizeCategory::Rating { min, max })
    }
}

/// How players tied on points share the money of the places they occupy together in a
/// category.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sharing {
    /// No sharing: the tie-breaks decide the places, each player takes his place's prize.
    #[default]
    TieBreaks,
    /// The tied players share the sum of their places' prizes equally.
    Equal,
    /// The Hort system: half of each place's prize goes by the tie-breaks, the other half
    /// of the sum is shared equally.
    Hort,
}

/// Which prize a player eligible for several receives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PrizeChoice {
    /// The prize of the highest amount; between equal amounts, the one announced first.
    #[default]
    HighestAmount,
    /// The one announced first (the organiser lists the main prizes before the
    /// categories).
    AnnouncedFirst,
}
