//! The FIDE titles as the norm check reads them from the event, the four titles that take
//! norms, and which of them a player may still seek.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::tournament::{Player, Sex};

/// A FIDE title held (B.01 0.31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum FideTitle {
    #[serde(rename = "GM")]
    Gm,
    #[serde(rename = "IM")]
    Im,
    #[serde(rename = "FM")]
    Fm,
    #[serde(rename = "CM")]
    Cm,
    #[serde(rename = "WGM")]
    Wgm,
    #[serde(rename = "WIM")]
    Wim,
    #[serde(rename = "WFM")]
    Wfm,
    #[serde(rename = "WCM")]
    Wcm,
}

impl FideTitle {
    /// The title of a player's record: `GM`, `IM`, ... in any case, `IGM`, or the one-letter
    /// codes of the Krause layout (`g`, `m`, `f`, `c`, `wg`, `wm`, `wf`, `wc`). `None` for
    /// no title or a text that is not a FIDE title.
    pub(crate) fn parse(text: &str) -> Option<FideTitle> {
        Some(match text.trim().to_ascii_uppercase().as_str() {
            "GM" | "IGM" | "G" => FideTitle::Gm,
            "IM" | "M" => FideTitle::Im,
            "FM" | "F" => FideTitle::Fm,
            "CM" | "C" => FideTitle::Cm,
            "WGM" | "WG" => FideTitle::Wgm,
            "WIM" | "WM" => FideTitle::Wim,
            "WFM" | "WF" => FideTitle::Wfm,
            "WCM" | "WC" => FideTitle::Wcm,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            FideTitle::Gm => "GM",
            FideTitle::Im => "IM",
            FideTitle::Fm => "FM",
            FideTitle::Cm => "CM",
            FideTitle::Wgm => "WGM",
            FideTitle::Wim => "WIM",
            FideTitle::Wfm => "WFM",
            FideTitle::Wcm => "WCM",
        }
    }

    /// Whether the title is one awarded on norms (GM, IM, WGM, WIM).
    pub(crate) const fn is_norm_title(self) -> bool {
        matches!(
            self,
            FideTitle::Gm | FideTitle::Im | FideTitle::Wgm | FideTitle::Wim
        )
    }

    const fn is_womens(self) -> bool {
        matches!(
            self,
            FideTitle::Wgm | FideTitle::Wim | FideTitle::Wfm | FideTitle::Wcm
        )
    }
}

/// A title awarded on norms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum NormTitle {
    #[serde(rename = "GM")]
    Gm,
    #[serde(rename = "IM")]
    Im,
    #[serde(rename = "WGM")]
    Wgm,
    #[serde(rename = "WIM")]
    Wim,
}

impl NormTitle {
    /// From the highest.
    pub(crate) const ALL: [NormTitle; 4] =
        [NormTitle::Gm, NormTitle::Im, NormTitle::Wgm, NormTitle::Wim];

    pub(crate) const fn name(self) -> &'static str {
        match self {
            NormTitle::Gm => "GM",
            NormTitle::Im => "IM",
            NormTitle::Wgm => "WGM",
            NormTitle::Wim => "WIM",
        }
    }

    const fn is_womens(self) -> bool {
        matches!(self, NormTitle::Wgm | NormTitle::Wim)
    }

    /// Whether a player holding `held` already has this title or a higher one of the same
    /// line (GM above all; IM above WIM; WGM above WIM), and so needs no norm for it.
    const fn covered_by(self, held: FideTitle) -> bool {
        match held {
            FideTitle::Gm => true,
            FideTitle::Im => matches!(self, NormTitle::Im | NormTitle::Wim),
            FideTitle::Wgm => matches!(self, NormTitle::Wgm | NormTitle::Wim),
            FideTitle::Wim => matches!(self, NormTitle::Wim),
            FideTitle::Fm | FideTitle::Cm | FideTitle::Wfm | FideTitle::Wcm => false,
        }
    }

    /// Whether `player` may seek a norm for this title: he does not hold it (or a higher
    /// one, see above), and a woman's title is for a player recorded as a woman or holding
    /// a woman's title.
    pub(crate) fn sought_by(self, player: &Player) -> bool {
        let held = FideTitle::parse(&player.title);
        let woman = player.sex == Some(Sex::Female) || held.is_some_and(FideTitle::is_womens);
        (woman || !self.is_womens()) && !held.is_some_and(|h| self.covered_by(h))
    }
}

impl fmt::Display for NormTitle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a title that takes norms.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a title awarded on norms: expected GM, IM, WGM or WIM")]
pub struct NotANormTitle(pub(crate) String);

impl FromStr for NormTitle {
    type Err = NotANormTitle;
    fn from_str(text: &str) -> Result<NormTitle, NotANormTitle> {
        NormTitle::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| NotANormTitle(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(title: &str, sex: Option<Sex>) -> Player {
        let mut p = Player::new(1, "A");
        p.title = title.into();
        p.sex = sex;
        p
    }

    fn sought(title: &str, sex: Option<Sex>) -> Vec<NormTitle> {
        let p = player(title, sex);
        NormTitle::ALL
            .into_iter()
            .filter(|t| t.sought_by(&p))
            .collect()
    }

    #[test]
    fn titles_still_to_seek() {
        use NormTitle::*;
        assert_eq!(sought("GM", Some(Sex::Female)), []);
        assert_eq!(sought("IM", None), [Gm]);
        assert_eq!(sought("IM", Some(Sex::Female)), [Gm, Wgm]);
        assert_eq!(sought("FM", Some(Sex::Male)), [Gm, Im]);
        assert_eq!(sought("", Some(Sex::Female)), [Gm, Im, Wgm, Wim]);
        assert_eq!(sought("wm", None), [Gm, Im, Wgm]);
        assert_eq!(sought("WGM", None), [Gm, Im]);
    }

    #[test]
    fn title_spellings() {
        assert_eq!(FideTitle::parse(" igm"), Some(FideTitle::Gm));
        assert_eq!(FideTitle::parse("wf"), Some(FideTitle::Wfm));
        assert_eq!(FideTitle::parse("Grandmaster"), None);
        assert_eq!("wgm".parse(), Ok(NormTitle::Wgm));
        assert!("FM".parse::<NormTitle>().is_err());
    }
}
