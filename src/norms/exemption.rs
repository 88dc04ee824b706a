//! Events whose norms are exempt from the federation requirements (B.01 1.4.3a-d): those
//! the arbiter declares by their kind (1.4.3a-c), each with its scope, and the Swiss events
//! with a strong foreign field in every round (1.4.3d), computed from the players.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::standings::field::Field;
use crate::standings::round::RoundRecord;
use crate::tournament::{Outcome, Player, TitleEventKind, Tournament};

use super::federation::{federation_code, federation_of};
use super::regulations::{
    Article, NATIONAL_CHAMPIONSHIP, NATIONAL_TEAM_CHAMPIONSHIP, NON_FIDE_CODE, SWISS_EXEMPTION,
    SWISS_EXEMPTION_FEDERATIONS, SWISS_EXEMPTION_FOREIGN_RATED, SWISS_EXEMPTION_MISSED_MAX,
    SWISS_EXEMPTION_TITLED, ZONAL,
};
use super::title::FideTitle;

/// Why the federation requirements (1.4.3, 1.4.4) do not apply to an applicant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Exemption {
    /// B.01 1.4.3a-c: the kind of event, as the arbiter declares it.
    Declared(TitleEventKind),
    /// B.01 1.4.3d: a Swiss event with the foreign field of [`ForeignField`].
    SwissField,
}

impl Exemption {
    pub(crate) const fn article(self) -> Article {
        match self {
            Exemption::Declared(TitleEventKind::NationalChampionship) => NATIONAL_CHAMPIONSHIP,
            Exemption::Declared(TitleEventKind::NationalTeamChampionship) => {
                NATIONAL_TEAM_CHAMPIONSHIP
            }
            Exemption::Declared(_) => ZONAL,
            Exemption::SwissField => SWISS_EXEMPTION,
        }
    }

    /// The exemption an applicant of federation `own` has in an event hosted by `host`,
    /// declared `kind`, with `field` as its foreign field. 1.4.3a and 1.4.3b exempt only the
    /// players of the federation that registered the event (read: the event's federation);
    /// 1.4.3c and 1.4.3d every player.
    pub(crate) fn for_applicant(
        own: Option<&str>,
        host: Option<&str>,
        kind: TitleEventKind,
        field: &ForeignField,
    ) -> Option<Exemption> {
        let of_host = own.is_some() && own == host;
        let declared = match kind {
            TitleEventKind::Ordinary => None,
            TitleEventKind::NationalChampionship | TitleEventKind::NationalTeamChampionship => {
                of_host.then_some(Exemption::Declared(kind))
            }
            TitleEventKind::Zonal => Some(Exemption::Declared(kind)),
        };
        declared.or_else(|| field.exempts().then_some(Exemption::SwissField))
    }
}

/// The figures of B.01 1.4.3d for an event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ForeignField {
    /// The host federation (the event's); `None`: not recorded, no exemption.
    pub(crate) host: Option<String>,
    /// Whether the event is a Swiss (a round robin is never exempt this way).
    pub(crate) swiss: bool,
    /// The rounds counted.
    pub(crate) rounds: u32,
    /// FIDE-rated players from another federation than the host's who missed at most one
    /// round (pairing-allocated byes are not missed rounds).
    pub counted: u32,
    /// FIDE-rated players from another federation left out for missing two rounds or more.
    pub missed_too_many: u32,
    /// The fewest of the counted players who played in any one round.
    pub rated_foreign: u32,
    /// The fewest federations among the counted players of any one round.
    pub federations: u32,
    /// The fewest GM, IM, WGM or WIM among the counted players of any one round.
    pub titled: u32,
    /// The round with the fewest counted players; `None` without rounds.
    pub weakest_round: Option<u32>,
}

/// Whether a player's round counts as played for 1.4.3d: a game (over the board or
/// forfeited), a forfeit win, or a pairing-allocated bye. Requested byes, absences and
/// forfeit losses are missed rounds.
fn present(record: &RoundRecord, outcome: &Outcome) -> bool {
    match outcome {
        Outcome::PairingBye => true,
        Outcome::Forfeit { won, .. } => *won,
        _ => record.game_opponent().is_some(),
    }
}

impl ForeignField {
    /// The foreign field of `t` as `field` records its games.
    pub(crate) fn of(t: &Tournament, field: &Field) -> ForeignField {
        let host = federation_code(&t.event.federation);
        let swiss = !field.rules.predetermined;
        let foreign: Vec<(&Player, String, Vec<bool>)> = t
            .players
            .iter()
            .filter(|p| {
                p.fide_rating(crate::tournament::RatingList::Standard)
                    .is_some()
            })
            .filter_map(|p| {
                let fed =
                    federation_of(p).filter(|f| Some(f) != host.as_ref() && f != NON_FIDE_CODE)?;
                let entrant = field.entrant(p.id)?;
                let rounds: Vec<bool> = entrant
                    .records
                    .iter()
                    .zip(&entrant.outcomes)
                    .map(|(r, o)| present(r, o))
                    .collect();
                Some((p, fed, rounds))
            })
            .collect();
        let rounds = foreign.first().map_or(0, |(_, _, r)| r.len()) as u32;
        let missed = |r: &[bool]| r.iter().filter(|&&p| !p).count() as u32;
        let (counted, left_out): (Vec<_>, Vec<_>) = foreign
            .iter()
            .partition(|(_, _, r)| missed(r) <= SWISS_EXEMPTION_MISSED_MAX);
        let mut figures = ForeignField {
            counted: counted.len() as u32,
            missed_too_many: left_out.len() as u32,
            rounds,
            host,
            swiss,
            ..ForeignField::default()
        };
        for round in 0..rounds as usize {
            let playing: Vec<_> = counted
                .iter()
                .filter(|(_, _, r)| r.get(round).copied().unwrap_or(false))
                .collect();
            let federations: BTreeSet<&str> = playing.iter().map(|(_, f, _)| f.as_str()).collect();
            let titled = playing
                .iter()
                .filter(|(p, _, _)| {
                    FideTitle::parse(&p.title).is_some_and(FideTitle::is_norm_title)
                })
                .count() as u32;
            let players = playing.len() as u32;
            if figures.weakest_round.is_none() {
                (figures.rated_foreign, figures.federations, figures.titled) =
                    (players, federations.len() as u32, titled);
                figures.weakest_round = Some(round as u32 + 1);
                continue;
            }
            if players < figures.rated_foreign {
                figures.rated_foreign = players;
                figures.weakest_round = Some(round as u32 + 1);
            }
            figures.federations = figures.federations.min(federations.len() as u32);
            figures.titled = figures.titled.min(titled);
        }
        figures
    }

    /// Whether the event meets B.01 1.4.3d.
    pub fn exempts(&self) -> bool {
        self.swiss
            && self.host.is_some()
            && self.rounds > 0
            && self.rated_foreign >= SWISS_EXEMPTION_FOREIGN_RATED
            && self.federations >= SWISS_EXEMPTION_FEDERATIONS
            && self.titled >= SWISS_EXEMPTION_TITLED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_kinds_have_their_scope() {
        let none = ForeignField::default();
        let host = Some("GER");
        let national = TitleEventKind::NationalChampionship;
        assert_eq!(
            Exemption::for_applicant(Some("GER"), host, national, &none),
            Some(Exemption::Declared(national))
        );
        assert_eq!(
            Exemption::for_applicant(Some("FRA"), host, national, &none),
            None,
            "1.4.3a exempts only the host federation's players"
        );
        let team = TitleEventKind::NationalTeamChampionship;
        assert_eq!(Exemption::for_applicant(None, host, team, &none), None);
        assert_eq!(
            Exemption::for_applicant(Some("FRA"), host, TitleEventKind::Zonal, &none),
            Some(Exemption::Declared(TitleEventKind::Zonal))
        );
        assert_eq!(
            Exemption::for_applicant(Some("GER"), host, TitleEventKind::Ordinary, &none),
            None
        );
        assert_eq!(Exemption::Declared(team).article().number, "1.4.3b");
    }
}
