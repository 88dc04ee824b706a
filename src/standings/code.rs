//! Tie-break codes as TRF-2026 records `202`/`212` and FIDE's MTB26 list spell them:
//! an acronym (C.07 Art. 5) and slash-separated modifiers (`BH/C1`, `SB/C1/P`, `KS/L+1`).

use std::fmt;
use std::str::FromStr;

/// The tie-breaks of C.07 (2023/2024 text and the 2026 additions) for individual events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// C.07 6: Direct Encounter.
    DirectEncounter,
    /// C.07 7.1: Number of Wins (played or not).
    Wins,
    /// C.07 7.2: Number of Games Won over the board.
    GamesWon,
    /// C.07 7.3: Number of Games Played with Black.
    BlackGames,
    /// C.07 7.4: Number of Games Won with Black.
    BlackWins,
    /// C.07 7.5: (Sum of) Progressive Scores.
    ProgressiveScores,
    /// C.07 7.6: Rounds one Elected to Play in (`GE`, "Games one Elected to play", before 2024-08).
    RoundsElected,
    /// C.07 (2026) 7.7: Standard Points.
    StandardPoints,
    /// C.07 (2026) 7.8: Tournament Pairing Number.
    PairingNumber,
    /// C.07 8.1: Buchholz.
    Buchholz,
    /// C.07 8.2: Average of Opponents' Buchholz.
    AverageOpponentsBuchholz,
    /// C.07 8.3: Fore Buchholz.
    ForeBuchholz,
    /// C.07 9.1: Sonneborn-Berger.
    SonnebornBerger,
    /// C.07 9.2: Koya System.
    Koya,
    /// C.07 10.1: Average Rating of Opponents.
    AverageRating,
    /// C.07 10.2: Tournament Performance Rating.
    PerformanceRating,
    /// C.07 10.3: Perfect Tournament Performance.
    PerfectPerformance,
    /// C.07 10.4: Average of the opponents' Tournament Performance Ratings.
    AveragePerformance,
    /// C.07 10.5: Average of the opponents' Perfect Tournament Performances.
    AveragePerfectPerformance,
    /// C.07 (2026) 10.6: Rating.
    Rating,
    /// MTB26 `OTHER_<NAME>`: a self-defined tie-break, here a value entered by the arbiter
    /// for each player (a play-off, an armageddon, a value computed elsewhere; checklist
    /// Q207). Higher ranks first; a player without a value ranks after those with one.
    Other,
}

impl Kind {
    /// Every kind, in the order of the regulations.
    pub(crate) const ALL: [Kind; 20] = [
        Kind::DirectEncounter,
        Kind::Wins,
        Kind::GamesWon,
        Kind::BlackGames,
        Kind::BlackWins,
        Kind::ProgressiveScores,
        Kind::RoundsElected,
        Kind::StandardPoints,
        Kind::PairingNumber,
        Kind::Buchholz,
        Kind::AverageOpponentsBuchholz,
        Kind::ForeBuchholz,
        Kind::SonnebornBerger,
        Kind::Koya,
        Kind::AverageRating,
        Kind::PerformanceRating,
        Kind::PerfectPerformance,
        Kind::AveragePerformance,
        Kind::AveragePerfectPerformance,
        Kind::Rating,
    ];

    /// The acronym of C.07 Art. 5 (2026 spelling: `REP`, not `GE`).
    pub(crate) const fn acronym(self) -> &'static str {
        match self {
            Kind::DirectEncounter => "DE",
            Kind::Wins => "WIN",
            Kind::GamesWon => "WON",
            Kind::BlackGames => "BPG",
            Kind::BlackWins => "BWG",
            Kind::ProgressiveScores => "PS",
            Kind::RoundsElected => "REP",
            Kind::StandardPoints => "STD",
            Kind::PairingNumber => "TPN",
            Kind::Buchholz => "BH",
            Kind::AverageOpponentsBuchholz => "AOB",
            Kind::ForeBuchholz => "FB",
            Kind::SonnebornBerger => "SB",
            Kind::Koya => "KS",
            Kind::AverageRating => "ARO",
            Kind::PerformanceRating => "TPR",
            Kind::PerfectPerformance => "PTP",
            Kind::AveragePerformance => "APRO",
            Kind::AveragePerfectPerformance => "APPO",
            Kind::Rating => "RTNG",
            Kind::Other => "OTHER_",
        }
    }

    /// Whether the tie-break is rating-based (C.07 Art. 10): dropped when unrated players
    /// take part and the rules do not say what rating they count with.
    pub(crate) const fn uses_ratings(self) -> bool {
        matches!(
            self,
            Kind::AverageRating
                | Kind::PerformanceRating
                | Kind::PerfectPerformance
                | Kind::AveragePerformance
                | Kind::AveragePerfectPerformance
                | Kind::Rating
        )
    }

    fn from_acronym(text: &str) -> Option<Kind> {
        if text == "GE" {
            return Some(Kind::RoundsElected);
        }
        Kind::ALL.into_iter().find(|k| k.acronym() == text)
    }

    /// C.07 14: Cut-1/Cut-2 are allowed (the ● of the list in Art. 5).
    const fn allows_cut(self) -> bool {
        matches!(
            self,
            Kind::ProgressiveScores
                | Kind::Buchholz
                | Kind::ForeBuchholz
                | Kind::SonnebornBerger
                | Kind::AverageRating
        )
    }

    /// MTB26: Median-1/Median-2 exist for BH, FB and ARO.
    const fn allows_median(self) -> bool {
        matches!(
            self,
            Kind::Buchholz | Kind::ForeBuchholz | Kind::AverageRating
        )
    }

    /// MTB26 `/P`: forfeits count as games played against the scheduled opponent.
    const fn allows_forfeits_as_played(self) -> bool {
        matches!(
            self,
            Kind::DirectEncounter | Kind::Buchholz | Kind::ForeBuchholz | Kind::SonnebornBerger
        )
    }
}

/// One tie-break of the list: a kind and its modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TieBreak {
    pub(crate) kind: Kind,
    /// Least significant values dropped (C.07 14.1-14.4: Cut-1, Cut-2, and the lower half
    /// of Median-1, Median-2).
    pub(crate) cut_low: u8,
    /// Most significant values dropped (the upper half of Median-1/Median-2).
    pub(crate) cut_high: u8,
    /// `/P`: forfeits count as games against the scheduled opponent.
    pub(crate) forfeits_as_played: bool,
    /// `/F`: AOB averages the opponents' Fore Buchholz instead of their Buchholz.
    pub(crate) fore: bool,
    /// `/R`: the order is reversed (TPN, RTNG).
    pub(crate) reversed: bool,
    /// `/L±x`: the Koya limit moved by x half-points (C.07 9.2).
    pub(crate) koya_shift: i32,
    /// The name after `OTHER_` of an external tie-break ([`Kind::Other`]).
    pub(crate) other: OtherName,
}

/// The name of an `OTHER_…` tie-break: up to 16 of `A-Z`, `0-9`, `_`, kept inline so
/// that a tie-break stays a plain value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct OtherName {
    len: u8,
    bytes: [u8; 16],
}

impl OtherName {
    fn new(name: &str) -> Option<OtherName> {
        let ok = |b: &u8| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_';
        if name.is_empty() || name.len() > 16 || !name.bytes().all(|b| ok(&b)) {
            return None;
        }
        let mut bytes = [0; 16];
        bytes[..name.len()].copy_from_slice(name.as_bytes());
        Some(OtherName {
            len: name.len() as u8,
            bytes,
        })
    }

    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl TieBreak {
    /// The plain tie-break, without modifiers.
    pub(crate) const fn plain(kind: Kind) -> TieBreak {
        TieBreak {
            kind,
            cut_low: 0,
            cut_high: 0,
            forfeits_as_played: false,
            fore: false,
            reversed: false,
            koya_shift: 0,
            other: OtherName {
                len: 0,
                bytes: [0; 16],
            },
        }
    }

    /// The full code of an external tie-break (`OTHER_PO`), else `None`.
    pub(crate) fn external_code(&self) -> Option<String> {
        (self.kind == Kind::Other).then(|| format!("OTHER_{}", self.other.as_str()))
    }

    /// Whether a higher value ranks a player higher. TPN and DE rank the lowest value
    /// first; `/R` reverses TPN and RTNG (MTB26).
    pub const fn higher_is_better(&self) -> bool {
        match self.kind {
            Kind::DirectEncounter => false,
            Kind::PairingNumber => self.reversed,
            _ => !self.reversed,
        }
    }
}

/// Why a text is not a tie-break code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tie-break {code:?}: {reason}")]
pub struct CodeError {
    pub(crate) code: String,
    pub(crate) reason: String,
}

impl FromStr for TieBreak {
    type Err = CodeError;

    /// Reads an MTB26 code, case-insensitive: `BH`, `BH/C1`, `BH/M2/P`, `AOB/F`, `TPN/R`,
    /// `KS/L+1`, `GE` (the pre-2024 name of REP).
    fn from_str(text: &str) -> Result<TieBreak, CodeError> {
        let upper = text.trim().to_ascii_uppercase();
        let err = |reason: String| CodeError {
            code: text.trim().to_string(),
            reason,
        };
        let mut parts = upper.split('/');
        let acronym = parts.next().unwrap_or_default();
        if let Some(name) = acronym.strip_prefix("OTHER_") {
            let other = OtherName::new(name).ok_or_else(|| {
                err("expected OTHER_ then up to 16 letters, digits or _ (MTB26)".into())
            })?;
            if let Some(modifier) = parts.next() {
                return Err(err(format!(
                    "modifier /{modifier} is not defined for OTHER_"
                )));
            }
            return Ok(TieBreak {
                other,
                ..TieBreak::plain(Kind::Other)
            });
        }
        let kind = Kind::from_acronym(acronym).ok_or_else(|| {
            let known: Vec<&str> = Kind::ALL.iter().map(|k| k.acronym()).collect();
            err(format!(
                "unknown acronym {acronym:?}; expected one of {}",
                known.join(", ")
            ))
        })?;
        let mut tb = TieBreak::plain(kind);
        let mut seen_cut = false;
        for modifier in parts {
            let refuse = || {
                err(format!(
                    "modifier /{modifier} is not defined for {} (C.07 14, MTB26)",
                    kind.acronym()
                ))
            };
            match modifier {
                "C1" | "C2" | "M1" | "M2" => {
                    let median = modifier.starts_with('M');
                    if seen_cut || !kind.allows_cut() || (median && !kind.allows_median()) {
                        return Err(refuse());
                    }
                    seen_cut = true;
                    let n = if modifier.ends_with('1') { 1 } else { 2 };
                    tb.cut_low = n;
                    tb.cut_high = if median { n } else { 0 };
                }
                "P" if kind.allows_forfeits_as_played() => tb.forfeits_as_played = true,
                "F" if kind == Kind::AverageOpponentsBuchholz => tb.fore = true,
                "R" if matches!(kind, Kind::PairingNumber | Kind::Rating) => tb.reversed = true,
                limit if kind == Kind::Koya && limit.starts_with('L') => {
                    let shift = limit[1..].strip_prefix('+').unwrap_or(&limit[1..]);
                    tb.koya_shift = shift.parse().map_err(|_| {
                        err(format!(
                            "expected /L followed by a whole number of half-points, found /{limit}"
                        ))
                    })?;
                }
                _ => return Err(refuse()),
            }
        }
        Ok(tb)
    }
}

/// The canonical MTB26 spelling: acronym, then cut/median, `/P`, `/F`, `/R`, `/L`.
impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.acronym())?;
        if self.kind == Kind::Other {
            return f.write_str(self.other.as_str());
        }
        match (self.cut_low, self.cut_high) {
            (0, _) => {}
            (n, 0) => write!(f, "/C{n}")?,
            (n, _) => write!(f, "/M{n}")?,
        }
        if self.forfeits_as_played {
            f.write_str("/P")?;
        }
        if self.fore {
            f.write_str("/F")?;
        }
        if self.reversed {
            f.write_str("/R")?;
        }
        if self.koya_shift != 0 {
            write!(f, "/L{:+}", self.koya_shift)?;
        }
        Ok(())
    }
}

/// Reads a comma-separated list (`BH/C1,BH,SB,DE`); blanks around codes are ignored.
pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, CodeError> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_mtb26_codes() {
        for code in [
            "DE",
            "DE/P",
            "WIN",
            "WON",
            "BPG",
            "BWG",
            "PS",
            "PS/C1",
            "REP",
            "STD",
            "TPN",
            "TPN/R",
            "BH",
            "BH/C1",
            "BH/C2",
            "BH/M1",
            "BH/M2",
            "BH/C1/P",
            "FB/M1/P",
            "AOB",
            "AOB/F",
            "SB",
            "SB/C1",
            "SB/C2/P",
            "KS",
            "KS/L+1",
            "KS/L-2",
            "ARO",
            "ARO/C1",
            "ARO/M2",
            "TPR",
            "PTP",
            "APRO",
            "APPO",
            "RTNG",
            "RTNG/R",
            "OTHER_PO",
            "OTHER_ARMAGEDDON_2",
        ] {
            let tb: TieBreak = code.parse().unwrap_or_else(|e| panic!("{code}: {e}"));
            assert_eq!(tb.to_string(), code);
        }
    }

    #[test]
    fn accepts_lower_case_and_the_old_name_of_rep() {
        let tb: TieBreak = " bh/c1 ".parse().expect("lower case");
        assert_eq!(tb.kind, Kind::Buchholz);
        assert_eq!((tb.cut_low, tb.cut_high), (1, 0));
        let ge: TieBreak = "GE".parse().expect("GE");
        assert_eq!(ge.to_string(), "REP");
        assert_eq!("KS/L2".parse::<TieBreak>().map(|t| t.koya_shift), Ok(2));
    }

    #[test]
    fn median_drops_both_ends() {
        let tb: TieBreak = "BH/M2".parse().expect("BH/M2");
        assert_eq!((tb.cut_low, tb.cut_high), (2, 2));
    }

    #[test]
    fn refuses_what_the_regulations_do_not_define() {
        for code in [
            "XYZ",
            "SB/M1",
            "WIN/C1",
            "BH/C1/C2",
            "BH/C3",
            "TPR/P",
            "BH/F",
            "KS/Lx",
            "OTHER_",
            "OTHER_X/C1",
            "OTHER_A-B",
            "",
        ] {
            assert!(code.parse::<TieBreak>().is_err(), "{code:?} accepted");
        }
    }

    #[test]
    fn direction_of_each_kind() {
        assert!(TieBreak::plain(Kind::Buchholz).higher_is_better());
        assert!(!TieBreak::plain(Kind::PairingNumber).higher_is_better());
        assert!(!TieBreak::plain(Kind::DirectEncounter).higher_is_better());
        let tpn_r: TieBreak = "TPN/R".parse().expect("TPN/R");
        assert!(tpn_r.higher_is_better());
        let rtng_r: TieBreak = "RTNG/R".parse().expect("RTNG/R");
        assert!(!rtng_r.higher_is_better());
    }

    #[test]
    fn lists_are_comma_separated() {
        let list = parse_list("BH/C1, BH,SB ,DE,").expect("list");
        let codes: Vec<String> = list.iter().map(ToString::to_string).collect();
        assert_eq!(codes, ["BH/C1", "BH", "SB", "DE"]);
        assert!(parse_list("BH,XX").is_err());
    }
}
