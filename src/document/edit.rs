//! Every change to an event, as a value ([`Edit`]). Whoever asks for it (the window,
//! the command line, the venue network) builds an `Edit` and hands it to
//! [`Tournament::apply`](crate::tournament::Tournament::apply) or a
//! [`Document`](super::Document): one door, where the rules are checked, the change is
//! made, the record is checked for consistency and the integrity log is written.

use crate::pairing::RoundPairing;
use crate::pairing::TeamPairing;
use crate::plural::{count, count_as};
use crate::tournament::{
    BoardResult, ByeKind, Date, Event, ListId, LongEvent, OverrideRecord, Player, PrizeList,
    RatingCorrection, RatingMethod, RoundList, rounds_in_words,
};

/// One change to the tournament.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Replaces the event data (header, rules, forbidden pairs).
    SetEvent(Box<Event>),
    /// Adds one group of players who must not meet per club with two players or more, in
    /// rounds `first_round..=last_round` (`None`: from the start, to the end): national
    /// rules, not FIDE's, often keep club-mates apart in the first rounds. Groups the
    /// event has already are not added twice; refused when no club has two players
    /// ([`ClubGroupsError`](crate::tournament::ClubGroupsError)). Checked by FIDE mode and
    /// logged after round 1 as a change of the groups on the Event page is.
    KeepClubsApart {
        first_round: Option<u32>,
        last_round: Option<u32>,
    },
    /// Replaces the prize list and its rules.
    SetPrizes(Box<PrizeList>),
    /// Leaves FIDE mode for good, with the reason (recorded in the TRF; undo keeps it).
    LeaveFideMode(String),
    /// Draws the initial colour by lot with this seed (before round 1), logged with it.
    DrawInitialColour(u64),
    /// Draws the order of players equal on rating and title with this seed (before round
    /// 1), logged with it.
    DrawSeedingTies(u64),
    /// Adds a player before round 1 with the next free pairing number.
    AddPlayer(Box<Player>),
    /// Adds a player who joins in a later round (C.04.2 C); everyone is renumbered until
    /// round 4 is paired, and from then on the newcomer takes the next number.
    LateEntry { player: Box<Player>, round: u32 },
    /// Replaces a player's personal data, withdrawal and requested byes (same number).
    /// Refused by the model when it would seat him at a board of a round he no longer
    /// takes part in ([`Tournament::change_player`]).
    UpdatePlayer(Box<Player>),
    /// The same change, once the arbiter agreed to remove the draft pairings that seat
    /// him in a round he no longer takes part in (a withdrawn player is not paired, FIDE
    /// General Handling Rules): one step, undone as one. A published round still refuses it.
    UpdatePlayerRemovingDraft(Box<Player>),
    /// Replaces every player's data at once (the same pairing numbers, in order): the
    /// update from FIDE's rating list.
    UpdatePlayers(Vec<Player>),
    /// Applies a rating list to the players (the same pairing numbers, in order): their
    /// official ratings as the list gives them, their tournament ratings by the event's
    /// method; logged with the list, its date and every change (checklist Q134-137). A
    /// FIDE list other than the one in force at the start date is warned of first
    /// ([`crate::tournament::Tournament::fide_list_warnings`]). Pairing numbers do not
    /// change.
    RefreshRatings(Box<RatingRefresh>),
    /// Sets how tournament ratings are derived from official ratings (TRF-2026 `172`) and
    /// the rating of players on none of the method's lists (`None`: unrated), and applies
    /// it to every player. Before round 1 the players are numbered again by the new
    /// ratings (as [`Edit::AssignPairingNumbers`]); after it FIDE mode refuses the change
    /// (it would change the pairing numbers), and outside FIDE mode the ratings change
    /// but the numbers stay. Logged.
    SetRatingMethod {
        method: RatingMethod,
        unlisted: Option<u16>,
    },
    /// Takes a player's tournament rating from `list`, one of the lists he is rated on,
    /// whatever the event's method (`None`: the method again): the arbiter's pick among
    /// the other lists' ratings for a player not on the main one (checklist Q128-129).
    /// The pairing numbers stay (as after a refresh: [`Edit::AssignPairingNumbers`]
    /// numbers the players again before round 1); FIDE mode refuses it after round 1.
    /// Logged.
    PickRatingList { player: u32, list: Option<ListId> },
    /// Removes a player (only before round 1 is paired).
    DeletePlayer(u32),
    /// Adds players from a list (skipping those already in the event; late entries after
    /// round 1).
    ImportPlayers(Vec<Player>),
    /// Numbers the players by rating, title and name (only before round 1 is paired).
    AssignPairingNumbers,
    /// Enters a board's result.
    SetResult {
        round: u32,
        white: u32,
        black: u32,
        result: BoardResult,
    },
    /// Enters the two results of a two-game match (C.04.5), each with its game's colours.
    SetMatchResult {
        round: u32,
        white: u32,
        black: u32,
        games: [BoardResult; 2],
    },
    /// Marks adjourned every game without a result before this round, to pair it (C.04.2
    /// 3.1; checklist Q159-160), each logged.
    AdjournMissing(u32),
    /// Publishes a draft pairing.
    Publish(u32),
    /// Removes the pairing of a draft round, the last one paired, in which no result was
    /// entered (to pair it again, or to change what it is paired from); refused for a
    /// published round ([`Tournament::pairing_removable`]). Undo brings it back.
    ClearPairing(u32),
    /// Replaces a published round's pairing by the arbiter's, logging the override.
    Override {
        boards: Vec<[u32; 2]>,
        bye: Option<u32>,
        record: Box<OverrideRecord>,
    },
    /// Replaces a published team round's pairing by the arbiter's matches and bye (the
    /// boards follow from the line-ups, C.04.6), logging the override.
    OverrideTeams {
        pairing: TeamPairing,
        record: Box<OverrideRecord>,
    },
    /// Adds a team (C.04.6) with this name and the next team pairing number; the event
    /// becomes a team event, paired with the Swiss Team system. After round 1 it is a
    /// late entry, paired from the next round ([`Tournament::add_team`]).
    AddTeam(String),
    /// Removes a team that has not played; its players stay registered.
    RemoveTeam(u32),
    /// Withdraws a team from a round not yet paired on: its players are withdrawn.
    WithdrawTeam { team: u32, from: u32 },
    /// Takes back a team's withdrawal from a round not yet paired.
    CancelTeamWithdrawal(u32),
    /// Replaces a team's roster: its players' pairing numbers in board order. Once the
    /// team has played, players can only be added at the end.
    SetRoster { team: u32, players: Vec<u32> },
    /// Replaces a team's players on the boards of its match in a paired round, before
    /// any result of the match (the captain's line-up, TRF-2026 `300`; see
    /// [`Tournament::set_team_lineup`]). `None` leaves a board empty.
    SetLineup {
        round: u32,
        team: u32,
        players: Vec<Option<u32>>,
    },
    /// Records or removes a requested bye for a round not yet paired.
    RequestBye {
        player: u32,
        round: u32,
        bye: Option<ByeKind>,
    },
    /// Records a pairing an engine found, as a draft (C.04.1: the pairing of a round
    /// follows from the rounds before it; the arbiter publishes it).
    RecordPairing(Box<FoundPairing>),
    /// Keeps an imported round that was paired otherwise than the rules give, recorded
    /// in the integrity log with what differs (FIDE checklist Q54).
    KeepImportedRound { round: u32, detail: String },
    /// Flags the event as lasting more than 30 days, with how its rating-based
    /// tie-breaks take ratings, or (`None`) takes the flag away (checklist Q210, Q214–216;
    /// `tournament::long_event`). Logged after round 1 (it decides tie-breaks).
    SetLongEvent(Option<LongEvent>),
    /// Ratings in force from round `from_round` on, in an event over 30 days: a new
    /// rating list (every player in it), or one player's rating (checklist Q212–213).
    /// Logged after round 1; the FIDE list they come from, when given, is logged and
    /// checked against the round's month (Q137).
    SetRoundRatings {
        from_round: u32,
        ratings: Vec<(u32, u16)>,
        list: Option<RoundList>,
    },
    /// A game's result for the rating report only, kept apart from the pairing and
    /// standings record (checklist Q192–193; `tournament::rating_correction`); logged.
    CorrectForRating(Box<RatingCorrection>),
    /// Removes the correction for the rating report of a board; logged.
    RemoveRatingCorrection { round: u32, white: u32, black: u32 },
    /// Exchanges two players' pairing numbers, rewriting every reference (checklist
    /// Q147-154), with the arbiter's reason; logged ([`Tournament::exchange_warnings`]:
    /// Level 3, Level 4 once a round is paired; refused while a draft is open).
    ExchangePairingNumbers { a: u32, b: u32, reason: String },
    /// Gives back the state before restore point `point` (a pairing-integrity-breaching
    /// event, checklist Q114), with the reason; logged, and itself a restore point.
    RevertTo { point: u32, reason: String },
    /// Marks a player not eligible (or eligible again) for a half-point bye (checklist
    /// Q175-176): a requested half-point bye is then refused.
    SetHpbIneligible { player: u32, ineligible: bool },
    /// Expels a player from a round not yet paired on, for a reason (logged): he is not
    /// paired from it and is left out of the standings (checklist Q197-198).
    ExpelPlayer {
        player: u32,
        from: u32,
        reason: String,
    },
    /// Ranks by hand the players still tied for one place after the whole tie-break list,
    /// in the standings after `round` (`None`: the last complete round), best first, for
    /// a reason (logged; checklist Q205).
    OrderTiesByHand {
        round: Option<u32>,
        players: Vec<u32>,
        reason: String,
    },
    /// Enters the values of an external tie-break `OTHER_<NAME>` (a play-off, an
    /// armageddon, a value computed elsewhere), replacing those under that code (logged;
    /// checklist Q207).
    SetExternalTieBreak {
        code: String,
        values: Vec<(u32, crate::tournament::Points)>,
        reason: String,
    },
    /// Draws by lot with this seed the order of the players still tied in the standings
    /// after `round` (`None`: the last complete round), logged (checklist Q204, Q206).
    DrawTieLots { round: Option<u32>, seed: u64 },
}

/// A rating list applied to the players, as [`Edit::RefreshRatings`] records it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRefresh {
    /// Every player, with the same pairing numbers in the same order, as the list leaves
    /// them.
    pub players: Vec<Player>,
    /// The list in words, with its source and date (`FIDE list NOV26
    /// (standard_nov26frl.zip)`, `national list GER (spieler.csv, 2026-11-20)`).
    pub list: String,
    /// For a FIDE list, its date (the first day of its month) when known: checked
    /// against the list in force at the start date. `None` for another list, or unknown.
    pub fide_date: Option<Date>,
    /// Whether the list is one of FIDE's (its date is then checked).
    pub fide: bool,
    /// Every change the list makes, one line each, as listed to the arbiter before it is
    /// applied.
    pub changes: Vec<String>,
}

/// A pairing found by an engine, to record.
#[derive(Clone, Debug, PartialEq)]
pub enum FoundPairing {
    /// The boards and the pairing-allocated bye of an individual event.
    Players(RoundPairing),
    /// The matches of a team round (C.04.6): its boards follow from the line-ups.
    Teams(TeamPairing),
}

impl FoundPairing {
    /// The round paired.
    pub fn round(&self) -> u32 {
        match self {
            FoundPairing::Players(p) => p.round,
            FoundPairing::Teams(p) => p.round,
        }
    }
}

impl Edit {
    /// A short description for the status bar.
    pub fn describe(&self) -> String {
        match self {
            Edit::SetEvent(_) => "Event updated".into(),
            Edit::KeepClubsApart {
                first_round,
                last_round,
            } => format!(
                "Club-mates kept apart in {}",
                rounds_in_words(*first_round, *last_round)
            ),
            Edit::SetPrizes(_) => "Prize list updated".into(),
            Edit::LeaveFideMode(_) => "FIDE mode left, for good".into(),
            Edit::DrawInitialColour(seed) => format!("Initial colour drawn by lot (seed {seed})"),
            Edit::DrawSeedingTies(seed) => {
                format!("Order of equal players drawn by lot (seed {seed})")
            }
            Edit::AddPlayer(p) => format!("Added {}", p.name),
            Edit::LateEntry { player, round } => {
                format!("Late entry {} from round {round}", player.name)
            }
            Edit::UpdatePlayer(p) => format!("Updated {}", p.name),
            Edit::UpdatePlayerRemovingDraft(p) => format!(
                "Updated {}; the draft pairing he was in was removed: pair the round again",
                p.name
            ),
            Edit::UpdatePlayers(players) => {
                format!(
                    "Updated {} from the FIDE list",
                    count(players.len(), "player")
                )
            }
            Edit::RefreshRatings(refresh) => format!(
                "Ratings from the {}: {}",
                refresh.list,
                count(refresh.changes.len(), "change")
            ),
            Edit::SetRatingMethod { method, .. } => format!("Rating method: {method}"),
            Edit::PickRatingList { player, list } => match list {
                Some(list) => format!("Player {player} rated by the {list} list"),
                None => format!("Player {player} rated by the method"),
            },
            Edit::DeletePlayer(id) => format!("Deleted player {id}"),
            Edit::AssignPairingNumbers => "Pairing numbers assigned".into(),
            Edit::ImportPlayers(players) => {
                format!("Imported {}", count(players.len(), "player"))
            }
            Edit::SetResult {
                round,
                white,
                black,
                result,
            } => format!("Round {round}: {white}-{black} {}", result.text()),
            Edit::SetMatchResult {
                round,
                white,
                black,
                games,
            } => format!(
                "Round {round}: {white}-{black} game 1 {}, game 2 {}",
                games[0].text(),
                games[1].text()
            ),
            Edit::AdjournMissing(round) => {
                format!("Games without a result before round {round} adjourned")
            }
            Edit::Publish(round) => format!("Round {round} published"),
            Edit::ClearPairing(round) => format!("Round {round} pairing removed"),
            Edit::Override { record, .. } | Edit::OverrideTeams { record, .. } => {
                format!(
                    "Round {} pairing overridden: {}",
                    record.round,
                    record.changes.join(", ")
                )
            }
            Edit::RequestBye { player, round, .. } => {
                format!("Player {player}: bye in round {round} updated")
            }
            Edit::SetLineup { round, team, .. } => {
                format!("Round {round}: line-up of team {team} changed")
            }
            Edit::AddTeam(name) => format!("Added team {name}"),
            Edit::RemoveTeam(id) => format!("Removed team {id}"),
            Edit::WithdrawTeam { team, from } => {
                format!("Team {team} withdrawn from round {from}")
            }
            Edit::CancelTeamWithdrawal(team) => format!("Team {team}: withdrawal taken back"),
            Edit::SetRoster { team, players } => {
                format!("Team {team}: roster of {}", count(players.len(), "player"))
            }
            Edit::RecordPairing(found) => match &**found {
                FoundPairing::Players(p) => {
                    format!(
                        "Round {} paired: {} (draft)",
                        p.round,
                        count(p.pairs.len(), "board")
                    )
                }
                FoundPairing::Teams(p) => {
                    format!(
                        "Round {} paired: {} (draft)",
                        p.round,
                        count_as(p.matches.len(), "match", "matches")
                    )
                }
            },
            Edit::KeepImportedRound { round, .. } => {
                format!("Imported round {round} kept as recorded")
            }
            Edit::SetLongEvent(flag) => crate::tournament::describe_long_event(*flag),
            Edit::SetRoundRatings {
                from_round,
                ratings,
                ..
            } => format!("{} from round {from_round}", count(ratings.len(), "rating")),
            Edit::CorrectForRating(c) => format!("For the rating report: {}", c.describe()),
            Edit::RemoveRatingCorrection {
                round,
                white,
                black,
            } => format!(
                "Round {round}: correction for the rating report of {white}-{black} removed"
            ),
            Edit::ExchangePairingNumbers { a, b, .. } => {
                format!("Pairing numbers {a} and {b} exchanged")
            }
            Edit::RevertTo { point, .. } => {
                format!("Back to the state before restore point {point}")
            }
            Edit::SetHpbIneligible { player, ineligible } => format!(
                "Player {player}: {} for a half-point bye",
                if *ineligible {
                    "not eligible"
                } else {
                    "eligible"
                }
            ),
            Edit::ExpelPlayer { player, from, .. } => {
                format!("Player {player} expelled from round {from}")
            }
            Edit::OrderTiesByHand { players, .. } => {
                format!("Tie of {} ranked by hand", count(players.len(), "player"))
            }
            Edit::SetExternalTieBreak { code, .. } => format!("External tie-break {code} entered"),
            Edit::DrawTieLots { seed, .. } => format!("Ties drawn by lot (seed {seed})"),
        }
    }
}
