//! Which pairing system an event uses.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A Swiss pairing system (FIDE C.04.3, C.04.4, C.04.5 and the older texts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SystemId {
    /// FIDE Dutch system, rules in force since 1 February 2026 (C.04.3, 2026).
    Dutch2026,
    /// FIDE Dutch system, 2017 text (C.04.3, in force until January 2026).
    Dutch2017,
    /// FIDE Dutch system, Istanbul 2012 text.
    Dutch2012,
    /// FIDE "Swiss System Based on Rating" (1992/1997/1998).
    Rating1998,
    /// FIDE Lim system (C.04.4.3).
    Lim,
    /// FIDE Burstein system (C.04.4.2).
    Burstein,
    /// FIDE Dubov system (C.04.4.1).
    Dubov,
    /// FIDE Double-Swiss system (C.04.5, 2026): every round a two-game match.
    DoubleSwiss,
    /// FIDE Swiss Team Pairing System (C.04.6, 2026): teams are paired, each match is
    /// one game per board.
    FideTeam,
}

impl SystemId {
    /// Every system, in the order menus list them.
    pub const ALL: [SystemId; 9] = [
        SystemId::Dutch2026,
        SystemId::Dutch2017,
        SystemId::Dutch2012,
        SystemId::Rating1998,
        SystemId::Lim,
        SystemId::Burstein,
        SystemId::Dubov,
        SystemId::DoubleSwiss,
        SystemId::FideTeam,
    ];

    /// Whether the system pairs teams (C.04.6) rather than players: it needs an event with
    /// teams, and the other systems an event without.
    pub const fn pairs_teams(self) -> bool {
        matches!(self, SystemId::FideTeam)
    }

    /// The name used on the command line (`--system dutch-2017`).
    pub const fn cli_name(self) -> &'static str {
        match self {
            SystemId::Dutch2026 => "dutch-2026",
            SystemId::Dutch2017 => "dutch-2017",
            SystemId::Dutch2012 => "dutch-2012",
            SystemId::Rating1998 => "rating-1998",
            SystemId::Lim => "lim",
            SystemId::Burstein => "burstein",
            SystemId::Dubov => "dubov",
            SystemId::DoubleSwiss => "double-swiss",
            SystemId::FideTeam => "swiss-team",
        }
    }

    /// The systems FIDE has endorsed this program for (C.04.A / C.02.03): none yet. The
    /// 2017 checklist's VCL.06 says "the word FIDE cannot be used for any pairing-related
    /// service that is currently not endorsed by FIDE", so no system's name, explanation or
    /// command-line name says "FIDE"; each is named by its Handbook chapter instead. The
    /// test `only_endorsed_systems_are_called_fide` holds the names to it.
    #[cfg(test)]
    pub(crate) const ENDORSED: [SystemId; 0] = [];

    /// A name for people: the system and its Handbook chapter, without the word "FIDE"
    /// (VCL.06: the program is endorsed for no system yet).
    pub(crate) const fn title(self) -> &'static str {
        match self {
            SystemId::Dutch2026 => "Dutch (C.04.3, 2026 rules)",
            SystemId::Dutch2017 => "Dutch (C.04.3, 2017 rules)",
            SystemId::Dutch2012 => "Dutch (2012 rules)",
            SystemId::Rating1998 => "Swiss based on rating (1998)",
            SystemId::Lim => "Lim (C.04.4.3)",
            SystemId::Burstein => "Burstein (C.04.4.2)",
            SystemId::Dubov => "Dubov (C.04.4.1)",
            SystemId::DoubleSwiss => "Double-Swiss (C.04.5)",
            SystemId::FideTeam => "Swiss Team (C.04.6)",
        }
    }

    /// The TRF-2026 record `192` code (ETT26), where the system has one. The team system's
    /// code also names its settings: this is its default
    /// ([`crate::tournament::TeamScoring::trf_system_code`] gives the event's).
    pub const fn trf_code(self) -> Option<&'static str> {
        match self {
            SystemId::Dutch2026 => Some("FIDE_DUTCH_2025"),
            SystemId::Dutch2017 => Some("FIDE_DUTCH_2017"),
            SystemId::Burstein => Some("FIDE_BURSTEIN"),
            SystemId::Dubov => Some("FIDE_DUBOV"),
            SystemId::DoubleSwiss => Some("FIDE_DOUBLESWISS"),
            SystemId::FideTeam => Some("FIDE_TEAM_TYPEA_MP_GP"),
            SystemId::Dutch2012 | SystemId::Rating1998 | SystemId::Lim => None,
        }
    }

    /// The system named by a TRF-2026 record `192` code, with whether it asks for Baku
    /// acceleration (`_BAKU` suffix). `FIDE_DUTCH` without a year means the current rules.
    pub(crate) fn from_trf_code(code: &str) -> Option<(SystemId, bool)> {
        let (base, baku) = match code.strip_suffix("_BAKU") {
            Some(base) => (base, true),
            None => (code, false),
        };
        let system = match base {
            "FIDE_DUTCH" | "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => SystemId::Dutch2026,
            "FIDE_DUTCH_2017" => SystemId::Dutch2017,
            "FIDE_BURSTEIN" => SystemId::Burstein,
            "FIDE_DUBOV" => SystemId::Dubov,
            "FIDE_DOUBLESWISS" => SystemId::DoubleSwiss,
            team if crate::tournament::TeamScoring::default().apply_trf_system_code(team) => {
                SystemId::FideTeam
            }
            _ => return None,
        };
        Some((system, baku))
    }
}

impl fmt::Display for SystemId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.cli_name())
    }
}

/// A system name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown pairing system {0:?}: expected one of dutch, dutch-2026, dutch-2017, dutch-2012, rating-1998, lim, burstein, dubov, double-swiss, swiss-team"
)]
pub struct UnknownSystem(pub(crate) String);

/// Reads a command-line name; `dutch` means the current rules (`dutch-2026`).
impl FromStr for SystemId {
    type Err = UnknownSystem;
    fn from_str(name: &str) -> Result<SystemId, UnknownSystem> {
        let lower = name.trim().to_ascii_lowercase();
        if lower == "dutch" {
            return Ok(SystemId::Dutch2026);
        }
        // The team system's command-line name before VCL.06 was applied: still read.
        if lower == "fide-team" {
            return Ok(SystemId::FideTeam);
        }
        SystemId::ALL
            .into_iter()
            .find(|s| s.cli_name() == lower)
            .ok_or_else(|| UnknownSystem(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for system in SystemId::ALL {
            assert_eq!(system.cli_name().parse::<SystemId>(), Ok(system));
        }
        assert_eq!("dutch".parse::<SystemId>(), Ok(SystemId::Dutch2026));
        assert!("swiss".parse::<SystemId>().is_err());
        assert_eq!("fide-team".parse::<SystemId>(), Ok(SystemId::FideTeam));
    }

    /// VCL.06: "FIDE" names no pairing service the program is not endorsed for.
    #[test]
    fn only_endorsed_systems_are_called_fide() {
        for system in SystemId::ALL {
            let endorsed = SystemId::ENDORSED.contains(&system);
            for name in [system.title(), system.cli_name()] {
                assert_eq!(
                    name.to_ascii_lowercase().contains("fide"),
                    endorsed,
                    "{system:?} is named {name:?}"
                );
            }
        }
    }

    #[test]
    fn trf_codes() {
        assert_eq!(
            SystemId::from_trf_code("FIDE_DUTCH_2025_BAKU"),
            Some((SystemId::Dutch2026, true))
        );
        assert_eq!(
            SystemId::from_trf_code("FIDE_DUTCH_2017"),
            Some((SystemId::Dutch2017, false))
        );
        assert_eq!(SystemId::from_trf_code("BERGER_ROUNDROBIN"), None);
        assert_eq!(
            SystemId::from_trf_code("FIDE_TEAM_TYPEB_MP_GP"),
            Some((SystemId::FideTeam, false))
        );
        assert_eq!(SystemId::from_trf_code("FIDE_TEAM_ROUNDROBIN"), None);
    }
}
