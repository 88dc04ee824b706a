//! Why an edit was refused ([`EditError`]): each variant names the rule it enforces. A
//! refused edit leaves the event exactly as it was.

use crate::tournament::{
    ClubGroupsError, Colour, FideModeRefusal, Inconsistency, LateEntryError, LineupError,
    PlayerChangeError, RoundEditError, TeamEntryError,
};
use crate::tournament::{ExchangeError, HpbIneligible, RevertError};

/// An edit the model refused, and the rule that refused it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// Registration changes (adding, deleting, renumbering players) are made only before
    /// round 1 is paired; afterwards a player withdraws or enters late (C.04.2 C).
    #[error("{0} only before round 1 is paired; use withdrawal or late entry instead")]
    AfterRoundOne(&'static str),
    /// An arbiter's override (or hand edit of a draft) replaces the pairing of the last
    /// round paired: a round not paired has none, and an earlier round's pairing is what
    /// the later ones were paired from (C.04.1).
    #[error(transparent)]
    NotOverridable(RoundEditError),
    /// An override of a published round, or a draft's hand edit in FIDE mode, is recorded
    /// with the arbiter's reason (checklist Q66, Q68-69).
    #[error("round {0}: give the reason for changing the pairing by hand; it goes in the report")]
    ReasonNeeded(u32),
    /// The player is in the event already (the same FIDE ID, or the same name and birth
    /// date): a player has one pairing number (C.04.2 B).
    #[error("{name} is registered already, as number {player}")]
    AlreadyRegistered { player: u32, name: String },
    /// The initial colour is the one round 1 was paired with, once it is (C.04.3 5.2.5:
    /// drawn before round 1).
    #[error(
        "the initial colour is fixed once round 1 is paired: round 1 gave {} to the top seed",
        .0.name()
    )]
    InitialColourFixed(Colour),
    /// No player has this pairing number.
    #[error("no player number {0}")]
    NoPlayer(u32),
    /// The list picked for a player has no rating of his (checklist Q128-129).
    #[error("player {0} has no rating on the {1} list")]
    NotOnList(u32, String),
    /// No team has this team pairing number.
    #[error("no team number {0}")]
    NoTeam(u32),
    /// No section of the event has this index (counted from 0).
    #[error("no section number {}", .0 + 1)]
    NoSection(usize),
    /// The players changed between reading the rating list and applying its update.
    #[error("the players changed meanwhile: update again")]
    PlayersChanged,
    /// An import where every player is in the event already.
    #[error("no new player: {} in the event already", all_of(*skipped))]
    NothingNew { skipped: usize },
    /// Every game before this round has a result: nothing to adjourn.
    #[error("every game before round {0} has a result")]
    NothingToAdjourn(u32),
    /// A team's board order is fixed once it has played; reserves join at the end
    /// (C.04.6, the team's line-up order).
    #[error(
        "team {team}: the board order is fixed once the team has played; players can only be added at the end"
    )]
    BoardOrderFixed { team: u32 },
    /// FIDE mode forbids the change (the FIDE checklist's guarded changes).
    #[error(transparent)]
    FideMode(#[from] FideModeRefusal),
    /// The change to a player would seat him in a round he no longer takes part in.
    #[error(transparent)]
    Player(#[from] PlayerChangeError),
    /// The round's record refuses the change (a result, a bye, publication).
    #[error(transparent)]
    Round(#[from] RoundEditError),
    /// A late entry refused (C.04.2 C).
    #[error("{name} cannot join now: {error}")]
    LateEntry { name: String, error: LateEntryError },
    /// An import of players refused.
    #[error("No player imported: {0}")]
    Import(LateEntryError),
    /// A team cannot be added, removed or withdrawn so.
    #[error(transparent)]
    Team(#[from] TeamEntryError),
    /// A match's line-up cannot be changed so (C.04.6, TRF-2026 `300`).
    #[error(transparent)]
    Lineup(#[from] LineupError),
    /// The groups of club-mates who must not meet cannot be made (none to make, or not
    /// for these rounds).
    #[error(transparent)]
    Clubs(#[from] ClubGroupsError),
    /// The drawing of lots cannot be made now (before round 1 only).
    #[error("{0}")]
    Lots(String),
    /// The player cannot be added (his number is taken).
    #[error(transparent)]
    AddPlayer(Inconsistency),
    /// The change would leave the record contradicting itself: refused like any other,
    /// so that nothing wrong reaches an engine, a sheet or the file.
    #[error("refused: the event would contradict itself ({0})")]
    Contradiction(Inconsistency),
    /// Ratings by round cannot be set so (checklist Q212–213).
    #[error(transparent)]
    LongEvent(#[from] crate::tournament::LongEventError),
    /// A correction for the rating report cannot be made so (checklist Q192–193).
    #[error(transparent)]
    RatingCorrection(#[from] crate::tournament::RatingCorrectionError),
    /// In FIDE mode a hand-made pairing that breaks a rule is made only when the arbiter
    /// acknowledged each of its Level 3 warnings, with a reason (checklist Q66).
    #[error("confirm the warning, with a reason, to pair so: {0}")]
    NotAcknowledged(String),
    /// Two pairing numbers cannot be exchanged (checklist Q147-154).
    #[error(transparent)]
    Exchange(#[from] ExchangeError),
    /// No going back to that restore point (checklist Q114).
    #[error(transparent)]
    Revert(#[from] RevertError),
    /// A half-point bye for a player not eligible for one (checklist Q175-176).
    #[error(transparent)]
    HpbIneligible(#[from] HpbIneligible),
    /// An expulsion or a decision on ties refused (checklist Q197-198, Q204-207).
    #[error("{0}")]
    Standings(String),
}

/// The players of a list, all of them already in the event: "the one player read is",
/// "all 12 are".
fn all_of(skipped: usize) -> String {
    match skipped {
        1 => "the one player read is".into(),
        n => format!("all {n} are"),
    }
}
