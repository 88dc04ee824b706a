//! A registered player and their round-by-round record.

use serde::{Deserialize, Serialize};

use super::Outcome;

/// Sex as recorded by FIDE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sex {
    Male,
    Female,
}

/// A player of the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Pairing number (TRF starting rank), unique in the event (C.04.2 B).
    pub id: u32,
    /// "Last, First".
    pub name: String,
    #[serde(default)]
    pub sex: Option<Sex>,
    /// FIDE title (`GM`, `IM`, `WGM`, `FM`, `WIM`, `CM`, `WFM`, `WCM`) or empty.
    #[serde(default)]
    pub title: String,
    /// The tournament rating, which seeding (C.04.2 B) and pairing read: his FIDE rating,
    /// or the one the event's rating method derives from his official ratings
    /// ([`Player::official_ratings`]); `None` for unrated players.
    #[serde(default)]
    pub rating: Option<u16>,
    #[serde(default)]
    pub federation: String,
    /// The player's club, as the arbiter or the registration list writes it; empty when
    /// not known. National rules (not FIDE's) often keep club-mates apart in the first
    /// rounds: [`Edit::KeepClubsApart`](crate::document::Edit::KeepClubsApart) makes the
    /// groups who must not meet from it. TRF (TRF-16 and TRF-2026) has no record for a
    /// club: the native file keeps it, and files without clubs are written as before.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub club: String,
    #[serde(default)]
    pub fide_id: Option<u64>,
    /// As written (`YYYY/MM/DD`, or a year).
    #[serde(default)]
    pub birth_date: String,
    /// The rank recorded in the file (TRF cols 86–89), if any.
    #[serde(default)]
    pub(crate) rank: Option<u32>,
    /// The first round the player no longer takes part in.
    #[serde(default)]
    pub withdrawn_from: Option<u32>,
    /// The round in which a late entry joined (C.04.2 C).
    #[serde(default)]
    pub late_entry_round: Option<u32>,
    /// Index 0 is round 1. Rounds after the end of the vector are not played yet.
    #[serde(default)]
    pub results: Vec<Outcome>,
    /// The development coefficient K of the event's rating list, as FIDE's list publishes
    /// it (B.02 8.3.3); `None`: derived from the rating and age by the regulations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub k_factor: Option<u8>,
    /// The standard rating, from FIDE's list, of a player unrated on the event's rapid or
    /// blitz list: the rapid and blitz regulations (2024) 7.2.1 rate him with it, as a
    /// rated player. `None` otherwise (TRF has no column for it: the native file keeps it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standard_rating: Option<u16>,
    /// In an event lasting more than 30 days, the ratings in force from a round on
    /// (checklist Q212–213; see `long_event`), in round order. Empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_ratings: Vec<super::RoundRating>,
    /// Not eligible for a half-point bye (a free entry, the event's conditions; checklist
    /// Q175-176): a requested half-point bye is refused. Native file only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hpb_ineligible: bool,
    /// The first round an expelled player no longer takes part in (checklist Q197-198):
    /// he is withdrawn from it as well, and left out of the standings ([`super::expulsion`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expelled_from: Option<u32>,
    /// His ratings on the lists applied to the event (FIDE's, a national federation's, a
    /// custom one), each with its list's source and date: his tournament rating
    /// ([`Player::rating`]) is derived from them by the event's rating method (checklist
    /// Q116, Q145; see [`super::RatingMethod`]). `None`: no list was ever applied to him;
    /// his rating is as entered (typed, or read from a TRF `001` record) and counts as his
    /// FIDE rating on the event's list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub official_ratings: Option<Vec<super::OfficialRating>>,
    /// The list the arbiter picked for him (checklist Q128-129): his tournament rating is
    /// his rating on it, whatever the event's method, while he has one there. `None`: the
    /// method decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_pick: Option<super::ListId>,
}

impl Player {
    /// The round a player withdrew from, when standings after `round` should say so (he
    /// did not play from it, or will not play the next round; checklist Q170: withdrawn
    /// players are marked in the standings).
    pub(crate) fn withdrawn_by(&self, round: u32) -> Option<u32> {
        self.withdrawn_from.filter(|&from| from <= round + 1)
    }

    /// A new player with no games.
    pub fn new(id: u32, name: impl Into<String>) -> Player {
        Player {
            id,
            name: name.into(),
            sex: None,
            title: String::new(),
            rating: None,
            federation: String::new(),
            club: String::new(),
            fide_id: None,
            birth_date: String::new(),
            rank: None,
            withdrawn_from: None,
            late_entry_round: None,
            results: Vec::new(),
            k_factor: None,
            standard_rating: None,
            round_ratings: Vec::new(),
            hpb_ineligible: false,
            expelled_from: None,
            official_ratings: None,
            rating_pick: None,
        }
    }

    /// The rating the player is rated with on `list`: his FIDE rating on it (not the
    /// tournament rating, which a national list may give), or, unrated on the
    /// rapid or blitz list, his standard rating (rapid and blitz regulations 7.2.1: "If an
    /// unrated player has a standard rating at the beginning of a rapid or blitz
    /// tournament, their standard rating is used for rating calculation. Such a player is
    /// considered to be rated").
    pub(crate) fn rating_for(&self, list: super::RatingList) -> Option<u16> {
        let rating = self.fide_rating(list);
        match list {
            super::RatingList::Standard => rating,
            _ => rating.or(self.standard_rating),
        }
    }

    /// The outcome of a round (1-based); `NotPlayed` past the end of the record.
    pub fn outcome(&self, round: u32) -> &Outcome {
        const NOT_PLAYED: Outcome = Outcome::NotPlayed;
        round
            .checked_sub(1)
            .and_then(|i| self.results.get(i as usize))
            .unwrap_or(&NOT_PLAYED)
    }

    /// Sets the outcome of a round (1-based), growing the record as needed.
    pub fn set_outcome(&mut self, round: u32, outcome: Outcome) {
        let index = round.saturating_sub(1) as usize;
        if self.results.len() <= index {
            self.results.resize(index + 1, Outcome::NotPlayed);
        }
        self.results[index] = outcome;
    }
}
