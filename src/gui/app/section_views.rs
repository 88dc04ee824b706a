//! What the views hold of the section shown: forms being filled in, the selection, the
//! standings computed. All of it belongs to one section of one event, so it is reset as
//! a whole ([`Default`]) when another section or another event is shown: nothing typed
//! for one section can be applied to another.

use super::super::views::event::EventForm;
use super::super::views::players::PlayersState;
use super::super::views::prizes::PrizesForm;
use super::super::views::round::RoundState;
use super::super::views::standings::StandingsCache;
use super::super::views::teams::TeamsState;

/// The state of the views of the section shown.
#[derive(Default)]
pub(super) struct SectionViews {
    pub(super) event: EventForm,
    pub(super) players: PlayersState,
    pub(super) teams: TeamsState,
    pub(super) round: RoundState,
    pub(super) standings: StandingsCache,
    pub(super) prizes: PrizesForm,
}
