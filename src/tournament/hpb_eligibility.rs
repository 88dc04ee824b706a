//! Players not eligible for a half-point bye (checklist Q175-176, as the public tracker
//! Sharly Chess #2317 quotes them: a player can be flagged ineligible for a half-point
//! bye, e.g. a free entry or the event's conditions, and the bye is then refused for
//! him). The flag is the player's ([`super::Player::hpb_ineligible`]), set by
//! [`Edit::SetHpbIneligible`](crate::document::Edit::SetHpbIneligible); a requested
//! half-point bye for a flagged player is refused with a Level 5 warning (the arbiter
//! clears the flag first when the regulations let him give one).

use super::{ByeKind, Tournament, Warning, WarningLevel};

/// A half-point bye asked for a player who may not have one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{name} ({player}) is not eligible for a half-point bye (checklist Q175-176); clear the \
     flag on his record first if the regulations allow one"
)]
pub struct HpbIneligible {
    pub player: u32,
    pub name: String,
}

impl Tournament {
    /// Refuses `bye` for `player` when it is a half-point bye and he is not eligible.
    pub(crate) fn hpb_allowed(
        &self,
        player: u32,
        bye: Option<ByeKind>,
    ) -> Result<(), HpbIneligible> {
        match self.player(player) {
            Some(p) if bye == Some(ByeKind::Half) && p.hpb_ineligible => Err(HpbIneligible {
                player,
                name: p.name.clone(),
            }),
            _ => Ok(()),
        }
    }

    /// The refusal as a Level 5 warning, if any.
    pub(crate) fn hpb_warnings(&self, player: u32, bye: Option<ByeKind>) -> Vec<Warning> {
        self.hpb_allowed(player, bye)
            .err()
            .map(|e| Warning::new(WarningLevel::Refuse, e.to_string()))
            .into_iter()
            .collect()
    }
}
