//! Events whose norms are exempt from the federation requirements (B.01 1.43a-e): those
//! the arbiter declares by their kind, and the Swiss events with a strong foreign field
//! (1.43e), computed from the players.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::standings::field::Field;
use crate::tournament::Tournament;

use super::federation::{federation_code, federation_of};
use super::regulations::Article;
use super::regulations::{
    DECLARED_EXEMPTION, SWISS_EXEMPTION, SWISS_EXEMPTION_FEDERATIONS,
    SWISS_EXEMPTION_FOREIGN_RATED, SWISS_EXEMPTION_TITLED,
};
use super::title::FideTitle;

/// Why the federation requirements do not apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Exemption {
    /// B.01 1.43a-d: the kind of event (national championship final, zonal, ...), as the
    /// arbiter declares it.
    Declared,
    /// B.01 1.43e: a Swiss event with the foreign field of [`ForeignField`].
    SwissField,
}

impl Exemption {
    pub const fn article(self) -> Article {
        match self {
            Exemption::Declared => DECLARED_EXEMPTION,
            Exemption::SwissField => SWISS_EXEMPTION,
        }
    }
}

/// The figures of B.01 1.43e for an event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ForeignField {
    /// The host federation (the event's); `None`: not recorded, no exemption.
    pub host: Option<String>,
    /// Whether the event is a Swiss (a round robin is never exempt this way).
    pub swiss: bool,
    /// FIDE-rated participants (players with a game over the board) from another
    /// federation than the host's.
    pub rated_foreign: u32,
    /// The federations those players come from.
    pub federations: u32,
    /// Those of them holding GM, IM, WGM or WIM.
    pub titled: u32,
}

impl ForeignField {
    /// The foreign field of `t` as `field` records its games.
    pub fn of(t: &Tournament, field: &Field) -> ForeignField {
        let host = federation_code(&t.event.federation);
        let swiss = !field.rules.predetermined;
        let foreign: Vec<_> = t
            .players
            .iter()
            .filter(|p| p.rating.is_some())
            .filter(|p| {
                field
                    .entrant(p.id)
                    .is_some_and(|e| e.records.iter().any(|r| r.is_over_the_board()))
            })
            .filter_map(|p| {
                federation_of(p)
                    .filter(|f| Some(f) != host.as_ref())
                    .map(|f| (p, f))
            })
            .collect();
        let federations: BTreeSet<&str> = foreign.iter().map(|(_, f)| f.as_str()).collect();
        let titled = foreign
            .iter()
            .filter(|(p, _)| FideTitle::parse(&p.title).is_some_and(FideTitle::is_norm_title))
            .count();
        ForeignField {
            rated_foreign: foreign.len() as u32,
            federations: federations.len() as u32,
            titled: titled as u32,
            host,
            swiss,
        }
    }

    /// Whether the event meets B.01 1.43e.
    pub fn exempts(&self) -> bool {
        self.swiss
            && self.host.is_some()
            && self.rated_foreign >= SWISS_EXEMPTION_FOREIGN_RATED
            && self.federations >= SWISS_EXEMPTION_FEDERATIONS
            && self.titled >= SWISS_EXEMPTION_TITLED
    }
}
