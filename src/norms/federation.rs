//! The federations of the opponents (B.01 1.4.3 and 1.4.4): how many there are, how many
//! opponents come from the applicant's federation and from the most represented one.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::tournament::Player;

use super::games::NormGame;
use super::regulations::NO_FEDERATION;

/// A player's federation, upper case; `None` for none recorded or the FIDE flag
/// ([`NO_FEDERATION`]).
pub(crate) fn federation_of(player: &Player) -> Option<String> {
    federation_code(&player.federation)
}

/// A federation code as the norm check compares it.
pub(crate) fn federation_code(text: &str) -> Option<String> {
    let code = text.trim().to_ascii_uppercase();
    (!NO_FEDERATION.contains(&code.as_str())).then_some(code)
}

/// How many opponents come from one federation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct FederationCount {
    pub(crate) federation: String,
    pub(crate) opponents: u32,
}

/// The federation figures of the IT1 form.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Federations {
    /// Distinct federations among the opponents.
    pub federations: u32,
    /// Of those, the federations other than the applicant's (B.01 1.4.3).
    pub foreign: u32,
    /// Opponents from the applicant's federation (B.01 1.4.4); 0 when he has none.
    pub own: u32,
    /// The federation with the most opponents (the first in alphabetical order on a tie).
    pub(crate) most_represented: Option<FederationCount>,
}

impl Federations {
    /// The figures of `games` for an applicant of federation `own`.
    pub(crate) fn of(games: &[NormGame], own: Option<&str>) -> Federations {
        let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
        for federation in games.iter().filter_map(|g| g.federation.as_deref()) {
            *counts.entry(federation).or_default() += 1;
        }
        let most_represented = counts
            .iter()
            .fold(None::<(&str, u32)>, |best, (&f, &n)| match best {
                Some((_, m)) if m >= n => best,
                _ => Some((f, n)),
            })
            .map(|(federation, opponents)| FederationCount {
                federation: federation.to_string(),
                opponents,
            });
        let own_count = own.and_then(|f| counts.get(f)).copied().unwrap_or(0);
        Federations {
            federations: counts.len() as u32,
            foreign: counts.keys().filter(|&&f| Some(f) != own).count() as u32,
            own: own_count,
            most_represented,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::GameResult;

    fn game(federation: &str) -> NormGame {
        NormGame {
            round: 1,
            opponent: 2,
            name: String::new(),
            title: None,
            rating: None,
            federation: federation_code(federation),
            result: GameResult::Draw,
            forfeit: false,
        }
    }

    #[test]
    fn counts_by_federation() {
        let games: Vec<NormGame> = ["ger", "GER", "FRA", "", "FID", "NOR", "FRA"]
            .into_iter()
            .map(game)
            .collect();
        let f = Federations::of(&games, Some("GER"));
        assert_eq!((f.federations, f.foreign, f.own), (3, 2, 2));
        assert_eq!(
            f.most_represented,
            Some(FederationCount {
                federation: "FRA".into(),
                opponents: 2
            })
        );
        let none = Federations::of(&games, None);
        assert_eq!((none.foreign, none.own), (3, 0));
        assert_eq!(Federations::of(&[], None), Federations::default());
    }
}
