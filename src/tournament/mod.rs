//! The tournament model: the event, its players and what happened in each round.
//!
//! This is the one record of the event. Pairing engines, standings and file formats read
//! it; only the arbiter's commands change it.

// Only the window uses some of this module (the arbiter's edits of the model (players, teams, line-ups, overrides, FIDE mode's checks)) until issue 53 moves the
// edits out of `gui`; without the `gui` feature they would be dead code. The default
// build still reports dead code here.
#![cfg_attr(not(feature = "gui"), allow(dead_code, unused_imports))]

mod abnormal_points;
mod acceleration;
mod adjournment;
mod audit;
mod availability;
pub(crate) mod board_order;
mod board_result;
mod clubs;
mod colour;
mod consistency;
mod date;
mod drawing_of_lots;
mod event;
mod expulsion;
mod fide_mode;
mod hpb_eligibility;
mod integrity_log;
mod long_event;
mod manual_pairing_check;
mod official_rating;
mod outcome;
mod pairing_number_exchange;
mod player;
mod points;
mod prize_list;
mod rating_correction;
mod restore_point;
mod round_count_recheck;
mod round_record;
mod scoring;
mod seeding;
mod system;
mod team;
mod team_entry;
mod team_lineup;
mod team_round;
mod tie_decisions;
mod title_event;
mod two_game_match;
mod warning;

pub use abnormal_points::AbnormalPoints;
pub use adjournment::AdjournedGame;
pub use audit::OverrideRecord;
pub(crate) use audit::utc_timestamp;
pub use availability::Away;
pub use availability::PlayerChangeError;
pub use board_result::BoardResult;
pub use clubs::ClubGroupsError;
pub use colour::Colour;
pub use consistency::Inconsistency;
pub(crate) use consistency::MAX_ROUNDS;
pub use date::Date;
pub(crate) use date::{
    DateLines, normalise as normalise_dates, read_alone as read_date, settle as settle_dates,
};
pub use drawing_of_lots::{initial_colour_from_seed, seed_of};
pub(crate) use event::rounds_in_words;
pub use event::{Acceleration, Event, ForbiddenGroup, RatingList, SeedingTies, VirtualPoints};
pub use fide_mode::FideMode;
pub use fide_mode::FideModeRefusal;
pub(crate) use fide_mode::check_scoring;
pub use hpb_eligibility::HpbIneligible;
pub use integrity_log::{LogEntry, LogKind};
pub(crate) use long_event::describe_long_event;
pub use long_event::{LongEvent, LongEventError, RoundList, RoundRating, TiebreakRatings};
pub use official_rating::{ListId, OfficialRating, RatingMethod};
pub(crate) use official_rating::{
    file_name_date, is_federation_code, list_in_force, month_code_date,
};
pub use outcome::{ByeKind, GameResult, Outcome};
pub use pairing_number_exchange::ExchangeError;
pub use player::{Player, Sex};
pub use points::{ParsePointsError, Points};
pub use prize_list::{Prize, PrizeCategory, PrizeChoice, PrizeList, Sharing};
pub(crate) use rating_correction::result_from_text;
pub use rating_correction::{RatingCorrection, RatingCorrectionError};
pub use restore_point::{RESTORE_POINTS, RestorePoint, RevertError};
pub use round_count_recheck::LastRoundRecheck;
pub use round_record::{Board, RoundEditError, RoundRecord};
pub use scoring::ScoringSystem;
pub use seeding::LateEntryError;
pub(crate) use seeding::TITLES;
pub use system::{SystemId, UnknownSystem};
pub(crate) use team::TeamScore;
pub use team::{Lineup, Team, TeamColourType, TeamScoring};
pub use team_entry::TeamEntryError;
pub use team_lineup::LineupError;
pub use team_round::{RecordedMatch, TeamOutcome, TeamRounds};
pub use tie_decisions::{ExternalValue, HandOrder, TieDecisions, TieLots};
pub(crate) use tie_decisions::{comments as tie_comments, read_comments as read_tie_comments};
pub use title_event::TitleEventKind;
pub use two_game_match::{MatchGame, MatchGames};
pub(crate) use warning::gravest;
pub use warning::{Warning, WarningLevel};

use serde::{Deserialize, Serialize};

/// A whole tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tournament {
    pub event: Event,
    /// Sorted by pairing number.
    pub players: Vec<Player>,
    /// The arbiter's record of each round (index 0 = round 1): published or draft, and
    /// the board order. Not part of TRF; paired rounds without a record (older files, TRF)
    /// count as published, with boards in pairing-number order.
    pub round_records: Vec<RoundRecord>,
    /// Every override of a published pairing, oldest first (not part of TRF pairings;
    /// exported as `###` comments in the FIDE report).
    pub overrides: Vec<OverrideRecord>,
    /// The teams of a team event (C.04.6), in pairing-number order; empty for an event of
    /// individuals.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Team>,
    /// The pairing-integrity log: corrections, configuration changes, imports (TRF-2026
    /// `###` lines).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<LogEntry>,
    /// The prizes the organiser announced (not part of TRF).
    #[serde(default, skip_serializing_if = "PrizeList::is_empty")]
    pub prizes: PrizeList,
    /// The state before each of the last pairing-integrity-breaching events, to go back
    /// to (checklist Q114; native file only, never TRF).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restore_points: Vec<RestorePoint>,
}

impl Tournament {
    /// The name of this tournament as a section of an event (its title, or "Untitled"):
    /// the tab in the window, and how errors name it.
    pub(crate) fn section_name(&self) -> String {
        match self.event.name.trim() {
            "" => "Untitled".to_string(),
            name => name.to_string(),
        }
    }

    /// The player with this pairing number.
    pub fn player(&self, id: u32) -> Option<&Player> {
        self.players
            .binary_search_by_key(&id, |p| p.id)
            .ok()
            .map(|i| &self.players[i])
    }

    /// The player with this pairing number, for editing.
    pub fn player_mut(&mut self, id: u32) -> Option<&mut Player> {
        self.players
            .binary_search_by_key(&id, |p| p.id)
            .ok()
            .map(|i| &mut self.players[i])
    }

    /// The number of rounds for which anything is recorded (pairings or byes).
    pub fn rounds_recorded(&self) -> u32 {
        self.players
            .iter()
            .filter_map(|p| p.results.iter().rposition(Outcome::is_recorded))
            .map(|i| i as u32 + 1)
            .max()
            .unwrap_or(0)
    }

    /// Whether round `round` has been paired (someone has an opponent or the PAB).
    pub fn is_paired(&self, round: u32) -> bool {
        self.players
            .iter()
            .any(|p| p.outcome(round).took_part_in_pairing())
    }

    /// The first round with no pairing recorded: the next round to pair.
    pub fn next_round(&self) -> u32 {
        (1..=self.rounds_recorded() + 1)
            .find(|&r| !self.is_paired(r))
            .unwrap_or(1)
    }

    /// The planned number of rounds, or, when the event does not say, the number of rounds
    /// recorded.
    pub fn planned_rounds(&self) -> u32 {
        self.event.rounds.unwrap_or_else(|| self.rounds_recorded())
    }

    /// A player's score after `round` rounds (real points, no acceleration).
    pub fn score_after(&self, player: &Player, round: u32) -> Points {
        player
            .results
            .iter()
            .take(round as usize)
            .map(|o| self.event.scoring.points(o))
            .sum()
    }

    /// The system the event is paired with: as recorded, else the FIDE Swiss Team system
    /// (C.04.6) for a team event and the Dutch system (C.04.3, 2026) for another.
    pub fn pairing_system(&self) -> SystemId {
        self.event.system.unwrap_or(if self.is_team_event() {
            SystemId::FideTeam
        } else {
            SystemId::Dutch2026
        })
    }

    /// Whether the rounds of this event are two-game matches (FIDE Double-Swiss, C.04.5).
    pub(crate) fn plays_matches(&self) -> bool {
        self.event.system == Some(SystemId::DoubleSwiss)
    }

    /// A player's score over everything recorded.
    pub fn score(&self, player: &Player) -> Points {
        self.score_after(player, u32::MAX)
    }

    /// Inserts a player, keeping the list sorted by pairing number. Fails if the number is
    /// taken.
    pub(crate) fn add_player(&mut self, player: Player) -> Result<(), Inconsistency> {
        match self.players.binary_search_by_key(&player.id, |p| p.id) {
            Ok(_) => Err(Inconsistency::DuplicateId { player: player.id }),
            Err(i) => {
                self.players.insert(i, player);
                Ok(())
            }
        }
    }

    /// Every contradiction in the record (opponents that do not point back, results that
    /// do not match, unknown opponents, pairing numbers out of order, rounds out of range).
    /// Empty for a consistent tournament.
    pub fn inconsistencies(&self) -> Vec<Inconsistency> {
        consistency::check(self)
    }

    /// The first contradiction in the record, if any: what every reader of an event file
    /// and every edit in the window checks before the event is used.
    pub fn check(&self) -> Result<(), Inconsistency> {
        match self.inconsistencies().into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(()),
        }
    }
}
