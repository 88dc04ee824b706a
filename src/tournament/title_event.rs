//! The kind of event as FIDE's Title Regulations name it for the federation requirements of
//! a title norm (B.01, applied from 1 January 2024, 1.4.3a-c). The file cannot tell these
//! kinds apart: the arbiter declares it (command line `norms --exemption`, Event page).

use serde::{Deserialize, Serialize};

/// B.01 1.4.3: an event whose norms are exempt from the federation requirements by its kind.
/// A Swiss with a strong foreign field (1.4.3d) is recognised from the players and needs no
/// declaration; continental championships are not in 1.4.3 (they give direct titles under
/// 1.2, and norms there follow 1.4.3 and 1.4.4 like any other event).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TitleEventKind {
    /// None of the kinds below: the federation requirements apply (unless 1.4.3d).
    #[default]
    Ordinary,
    /// B.01 1.4.3a: the final stage of a national championship (open or women's). Exempt
    /// only the players of the federation that registered it (the event's federation).
    NationalChampionship,
    /// B.01 1.4.3b: a national team championship. Exempt only the players of the
    /// federation that registered it.
    NationalTeamChampionship,
    /// B.01 1.4.3c: a zonal or sub-zonal tournament. Exempt every player.
    Zonal,
}

impl TitleEventKind {
    /// Every kind, in the order of 1.4.3.
    pub(crate) const ALL: [TitleEventKind; 4] = [
        TitleEventKind::Ordinary,
        TitleEventKind::NationalChampionship,
        TitleEventKind::NationalTeamChampionship,
        TitleEventKind::Zonal,
    ];

    /// Whether this is [`TitleEventKind::Ordinary`] (not written to the file).
    pub(crate) fn is_ordinary(&self) -> bool {
        *self == TitleEventKind::Ordinary
    }

    /// The name the command line takes.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            TitleEventKind::Ordinary => "none",
            TitleEventKind::NationalChampionship => "national-championship",
            TitleEventKind::NationalTeamChampionship => "national-team-championship",
            TitleEventKind::Zonal => "zonal",
        }
    }

    /// In words, for the window and the report.
    pub(crate) const fn label(self) -> &'static str {
        match self {
            TitleEventKind::Ordinary => "none of the kinds of B.01 1.4.3a-c",
            TitleEventKind::NationalChampionship => {
                "final stage of a national championship (B.01 1.4.3a)"
            }
            TitleEventKind::NationalTeamChampionship => "national team championship (B.01 1.4.3b)",
            TitleEventKind::Zonal => "zonal or sub-zonal tournament (B.01 1.4.3c)",
        }
    }

    /// The kind named `name` (any case), as [`TitleEventKind::name`] writes it.
    pub(crate) fn from_name(name: &str) -> Option<TitleEventKind> {
        TitleEventKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for kind in TitleEventKind::ALL {
            assert_eq!(TitleEventKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(
            TitleEventKind::from_name(" Zonal "),
            Some(TitleEventKind::Zonal)
        );
        assert_eq!(TitleEventKind::from_name("continental"), None);
    }
}
