//! The event: everything about a tournament that is not a player.

use serde::{Deserialize, Serialize};

use super::{
    AbnormalPoints, Colour, FideMode, Points, RatingMethod, ScoringSystem, SystemId, TeamScoring,
    TieDecisions, TitleEventKind,
};

/// The event's header data and rules.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Event {
    pub name: String,
    pub city: String,
    pub federation: String,
    /// As written (TRF-2026: `YYYY/MM/DD`).
    pub start_date: String,
    pub end_date: String,
    pub chief_arbiter: String,
    pub deputy_arbiters: Vec<String>,
    /// Time control as free text (TRF `122`).
    pub time_control: String,
    /// Time control encoded for TRF-2026 `222`, e.g. `5400+30`.
    pub encoded_time_control: String,
    /// Type of tournament as free text (TRF `092`).
    pub tournament_type: String,
    /// The planned number of rounds (TRF `XXR` / `142`).
    pub rounds: Option<u32>,
    /// The pairing system (TRF-2026 `192`). `None`: not stated.
    pub system: Option<SystemId>,
    /// A TRF `192` code we do not pair with (round robins, team events), kept as written.
    pub other_system_code: Option<String>,
    pub scoring: ScoringSystem,
    /// How matches score in a team event (game points come from `scoring`).
    pub team_scoring: TeamScoring,
    /// The colour drawn before round 1 for the top-ranked player (`XXC white1|black1`,
    /// TRF-2026 `152`). `None`: not recorded; inferred from the first round when needed.
    pub initial_colour: Option<Colour>,
    /// `XXC rank`: pair by position in the file instead of by pairing number.
    pub(crate) pair_by_rank: bool,
    /// Tie-breaks in order, in TRF-2026 / C.07 spelling (`BH/C1`, `SB`, `DE`).
    pub tiebreaks: Vec<String>,
    pub acceleration: Acceleration,
    /// Groups of players who must not meet (TRF `XXP`, TRF-2026 `260`).
    pub forbidden_pairs: Vec<ForbiddenGroup>,
    /// Round dates as written (TRF `132`), index 0 = round 1.
    pub round_dates: Vec<String>,
    /// Free comment lines (TRF-2026 `###`), without the marker.
    pub comments: Vec<String>,
    /// The FIDE rating list the event is rated on (B.02 for standard, the rapid and blitz
    /// regulations otherwise): which rating the list import takes and how K is derived.
    #[serde(skip_serializing_if = "RatingList::is_standard")]
    pub rating_list: RatingList,
    /// How each player's tournament rating is derived from his official ratings
    /// (TRF-2026 `172`; checklist Q145): FIDE's list only unless the arbiter chooses a
    /// national list, both, or a sequence of lists.
    #[serde(skip_serializing_if = "RatingMethod::is_fide")]
    pub rating_method: RatingMethod,
    /// The tournament rating of a player rated on none of the method's lists, as the
    /// arbiter decides (checklist Q128-129); `None`: he is unrated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unlisted_rating: Option<u16>,
    /// The rating unrated players count with in rating-based tie-breaks (C.07 10, when the
    /// tournament's rules say so); `None`: those tie-breaks are left out when anyone is
    /// unrated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) unrated_tiebreak_rating: Option<u16>,
    /// How players equal on rating and title are ordered in the initial ranking.
    #[serde(skip_serializing_if = "SeedingTies::is_alphabetical")]
    pub seeding_ties: SeedingTies,
    /// FIDE mode (on unless left, for good; recorded in TRF-2026 as a `###` line).
    #[serde(skip_serializing_if = "FideMode::is_on")]
    pub fide_mode: FideMode,
    /// The kind of event for the federation requirements of title norms (B.01 1.4.3a-c), as
    /// the arbiter declares it.
    #[serde(skip_serializing_if = "TitleEventKind::is_ordinary")]
    pub title_event_kind: TitleEventKind,
    /// Header records we read but do not interpret, kept verbatim so that they survive a
    /// round trip (e.g. `172`, `182`, `212`).
    pub(crate) other_records: Vec<String>,
    /// Points assigned other than by the games (TRF-2026 `299`), as the file states them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub abnormal_points: Vec<AbnormalPoints>,
    /// Set for an event lasting more than 30 days (checklist Q210; see `long_event`):
    /// games are rated with the ratings of their round. `None`: not such an event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub long_event: Option<super::LongEvent>,
    /// Results that count for the rating report only (checklist Q192–193; see
    /// `rating_correction`), by round and board.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rating_corrections: Vec<super::RatingCorrection>,
    /// The arbiter's decisions on ties the tie-break list leaves (checklist Q204-207):
    /// orders by hand, external values (`OTHER_…`), the seed of a drawing of lots.
    #[serde(skip_serializing_if = "TieDecisions::is_empty")]
    pub tie_decisions: TieDecisions,
}

/// The order of players equal on rating and title in the initial ranking (C.04.2 B:
/// alphabetical unless the tournament's regulations say otherwise; the FIDE checklist's
/// Q146 asks for another order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeedingTies {
    /// By name (C.04.2 B).
    #[default]
    Alphabetical,
    /// By FIDE ID, lowest first; players without one after those with one, by name.
    FideId,
    /// Drawn by lot from a recorded seed (see `super::Tournament::draw_seeding_ties`).
    Lots { seed: u64 },
}

impl SeedingTies {
    pub(crate) fn is_alphabetical(&self) -> bool {
        *self == SeedingTies::Alphabetical
    }

    /// In words, for the window and the log.
    pub(crate) fn name(self) -> String {
        match self {
            SeedingTies::Alphabetical => "alphabetical".into(),
            SeedingTies::FideId => "by FIDE ID".into(),
            SeedingTies::Lots { seed } => format!("drawn by lot (seed {seed})"),
        }
    }
}

/// The three FIDE rating lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RatingList {
    #[default]
    Standard,
    Rapid,
    Blitz,
}

impl RatingList {
    /// All three, in FIDE's order.
    pub(crate) const ALL: [RatingList; 3] =
        [RatingList::Standard, RatingList::Rapid, RatingList::Blitz];

    fn is_standard(&self) -> bool {
        *self == RatingList::Standard
    }

    /// The lower-case name the command line takes (`standard`, `rapid`, `blitz`).
    pub(crate) fn name(self) -> &'static str {
        match self {
            RatingList::Standard => "standard",
            RatingList::Rapid => "rapid",
            RatingList::Blitz => "blitz",
        }
    }

    /// The list a game with this TRF-2026 `222` time control is rated on, by the time each
    /// player has for 60 moves (the base times, plus each increment for the moves of its
    /// period up to move 60): more than 3 and at most 10 minutes blitz (rapid and blitz
    /// regulations 1.1.2), more than 10 and less than 60 rapid (1.1.1), 60 or more
    /// standard (B.02 1.1; whether a standard game is rated then depends on the players'
    /// ratings, see [`crate::rating::time_control`]). `None` when the field is empty or not
    /// understood, when it gives 3 minutes or less (not rated on any list: blitz is "more
    /// than 3 minutes"), or when the two players' times differ (`W…-B…`) and are not both
    /// standard (rapid and blitz 1.2: not rated).
    pub(crate) fn of_time_control(encoded: &str) -> Option<RatingList> {
        crate::rating::time_control::list_of_time_control(encoded)
    }

    /// The list named `standard`, `rapid` or `blitz` (any case).
    pub(crate) fn from_name(name: &str) -> Option<RatingList> {
        RatingList::ALL
            .into_iter()
            .find(|list| list.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Virtual points added for pairing purposes only (C.04.7 acceleration).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Acceleration {
    /// Baku acceleration (C.04.7 of 2026; C.04.5.1 of 2017) computed by the program.
    pub baku: bool,
    /// Virtual points given explicitly (TRF `XXA`, TRF-2026 `250`).
    pub virtual_points: Vec<VirtualPoints>,
}

/// Virtual points for a range of players in a range of rounds (TRF-2026 record `250`;
/// one `XXA` entry is a range of one player and one round).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VirtualPoints {
    pub points: Points,
    /// Match points, for team events (empty for individuals).
    pub match_points: Option<Points>,
    pub first_round: u32,
    pub last_round: u32,
    pub first_player: u32,
    pub last_player: u32,
}

impl Acceleration {
    /// The last round with explicit virtual points (0: none).
    pub(crate) fn last_round(&self) -> u32 {
        self.virtual_points
            .iter()
            .map(|v| v.last_round)
            .max()
            .unwrap_or(0)
    }

    /// The explicit virtual points of a player in a round.
    pub(crate) fn virtual_points(&self, player: u32, round: u32) -> Points {
        self.virtual_points
            .iter()
            .filter(|v| {
                (v.first_round..=v.last_round).contains(&round)
                    && (v.first_player..=v.last_player).contains(&player)
            })
            .map(|v| v.points)
            .sum()
    }
}

/// Players none of whom may be paired with another of the group in the given rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenGroup {
    pub players: Vec<u32>,
    /// First round the ban applies to (`None`: from the start).
    pub first_round: Option<u32>,
    /// Last round the ban applies to (`None`: to the end).
    pub last_round: Option<u32>,
}

impl ForbiddenGroup {
    /// Whether the ban is in force in `round`.
    pub(crate) fn applies_in(&self, round: u32) -> bool {
        self.first_round.is_none_or(|first| round >= first)
            && self.last_round.is_none_or(|last| round <= last)
    }

    /// The rounds the ban applies to, in words ("rounds 1–3", "all rounds").
    pub(crate) fn rounds(&self) -> String {
        rounds_in_words(self.first_round, self.last_round)
    }
}

/// A range of rounds in words (`None`: from the start, to the end): "rounds 1–3",
/// "round 2", "rounds 4–end", "all rounds".
pub(crate) fn rounds_in_words(first: Option<u32>, last: Option<u32>) -> String {
    match (first, last) {
        (None, None) => "all rounds".into(),
        (Some(first), Some(last)) if first == last => format!("round {first}"),
        (first, last) => format!(
            "rounds {}–{}",
            first.unwrap_or(1),
            last.map_or("end".to_string(), |l| l.to_string())
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_for_60_moves_decides_the_list() {
        let of = RatingList::of_time_control;
        assert_eq!(of("5400+30"), Some(RatingList::Standard));
        assert_eq!(of("40/6000+30:900+30"), Some(RatingList::Standard));
        assert_eq!(of("900+10"), Some(RatingList::Rapid), "15 + 10 minutes");
        assert_eq!(of("3000+10"), Some(RatingList::Standard), "50 + 10 minutes");
        assert_eq!(of("2940+1"), Some(RatingList::Rapid), "49 + 1 minutes");
        assert_eq!(of("180+2"), Some(RatingList::Blitz));
        assert_eq!(of("600"), Some(RatingList::Blitz));
        assert_eq!(of("601"), Some(RatingList::Rapid));
        // Rapid and blitz 1.1.2: blitz is "more than 3 minutes"; 3 minutes is not rated.
        assert_eq!(of("180"), None, "3 + 0 is not blitz");
        assert_eq!(of("181"), Some(RatingList::Blitz));
        assert_eq!(of("40/5400+30:1800+30"), Some(RatingList::Standard));
        assert_eq!(of("W300-B240"), None);
        assert_eq!(of("W7200-B5400"), Some(RatingList::Standard));
        assert_eq!(of(""), None);
        assert_eq!(of("90 min"), None);
    }
}
