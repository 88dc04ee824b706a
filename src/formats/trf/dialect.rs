//! Which program's TRF a file is, told from what the file shows (its records, its header
//! text, its column rulers, how it writes byes and dates), and how that program means the
//! codes whose meaning differs between programs.

use std::fmt;

use crate::tournament::{ByeKind, Outcome};

use super::text::Line;

/// The dialect of TRF a file is written in: the program, or family of programs, whose
/// habits the file shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Swiss-Manager (and the TRF downloads of chess-results.com): column rulers between
    /// header and players, round dates as YY/MM/DD; `0000 -` with no result is a bye,
    /// most often of half a point.
    SwissManager,
    /// lichess.org's Swiss export: the event's lichess.org address in the header, byes
    /// without the `0000` opponent (`H` a late entry, `U` the bye, `-` absent, `Z` a game
    /// still being played), `0000 - -` for a player absent from the next round.
    Lichess,
    /// JaVaFo's TRF(x) (`XXR`, `XXC`, `XXS`...): `0000 - +` is the pairing-allocated bye,
    /// `0000 - -` an absence.
    JaVaFo,
    /// bbpPairings' TRF(bx) (`BBW`, `BBD`...), read as JaVaFo's.
    BbpPairings,
    /// CPPDubovSystem: a `TNR` record for the number of rounds, dashes for a missing FIDE
    /// id; `0000 - +` is the pairing-allocated bye.
    CppDubovSystem,
    /// Vega (Luigi Forlano, vegachess.com): a record naming Vega as the program that wrote
    /// the file (`192 Vega 6.0.1`, as Vega's manual shows its tournament records), or the
    /// vegachess.com address it signs its outputs with. Vega pairs through JaVaFo and
    /// writes JaVaFo's TRF(x): `0000 - +` is the pairing-allocated bye, `0000 - -` an
    /// absence, `0000 - =` a half-point bye.
    Vega,
    /// TRF-2026 (`###` comments, records `142`-`260`), as Sharly Chess and swiss-arbiter
    /// write it.
    Trf26,
    /// FIDE's older Krause layout (TRF-06) as programs of that time wrote it: byes without
    /// the `0000` opponent (a `-` in the colour column, no result: most often a half-point
    /// bye), one-letter title codes (`g` for GM, `m` for IM...).
    Krause,
    /// TRF-16 with nothing that names a program.
    Trf16,
}

impl Origin {
    /// The dialect's name, as the command line reports it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Origin::SwissManager => "Swiss-Manager",
            Origin::Lichess => "lichess Swiss export",
            Origin::JaVaFo => "JaVaFo TRF(x)",
            Origin::BbpPairings => "bbpPairings TRF(bx)",
            Origin::CppDubovSystem => "CPPDubovSystem",
            Origin::Vega => "Vega",
            Origin::Trf26 => "TRF-2026",
            Origin::Krause => "Krause (TRF-06)",
            Origin::Trf16 => "TRF-16",
        }
    }

    /// Whether the dialect's codes mean what FIDE's formats (TRF-16, TRF-2026) and the
    /// pairing engines' TRF(x) (JaVaFo's, and bbpPairings' TRF(bx) read as it) define:
    /// reading such a file needs no word to the arbiter. Another program's dialect does.
    pub(crate) fn is_standard(self) -> bool {
        matches!(
            self,
            Origin::Trf16 | Origin::Trf26 | Origin::JaVaFo | Origin::BbpPairings
        )
    }

    /// The readings of `code` in this dialect, the dialect's own first.
    pub(super) fn readings(self, code: ByeCode) -> Vec<Outcome> {
        let zero = Outcome::Bye(ByeKind::Zero);
        let half = Outcome::Bye(ByeKind::Half);
        match code {
            ByeCode::Plus => vec![Outcome::PairingBye, Outcome::Bye(ByeKind::Full)],
            ByeCode::Dash => vec![zero, half],
            // Swiss-Manager and the Krause-era programs leave the result blank for a bye
            // of any value: half a point, none, or the whole point of the round's bye.
            ByeCode::Blank if matches!(self, Origin::SwissManager | Origin::Krause) => {
                vec![half, zero, Outcome::PairingBye]
            }
            ByeCode::Blank => vec![zero, half, Outcome::PairingBye],
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A result code without opponent whose meaning differs between programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum ByeCode {
    /// `0000 - +`: JaVaFo 1.4 and most programs mean the pairing-allocated bye; read
    /// strictly, TRF-16 makes it a win without opponent, a full-point bye.
    Plus,
    /// `0000 - -` (or `-` without opponent): JaVaFo and lichess mean an absence (no
    /// points); read strictly, a forfeit loss without opponent.
    Dash,
    /// `0000 -` (or `-` in the colour column alone) with no result: most programs mean an
    /// absence (no points); Swiss-Manager and Krause-era programs write it for byes of
    /// every value, most often a half-point bye.
    Blank,
}

impl ByeCode {
    /// The code of a result character written without opponent, if it is an ambiguous one.
    pub(super) fn of(result: char) -> Option<ByeCode> {
        match result {
            '+' => Some(ByeCode::Plus),
            '-' => Some(ByeCode::Dash),
            ' ' => Some(ByeCode::Blank),
            _ => None,
        }
    }

    /// How the code looks in a file.
    pub(super) fn text(self) -> &'static str {
        match self {
            ByeCode::Plus => "`0000 - +`",
            ByeCode::Dash => "`0000 - -`",
            ByeCode::Blank => "`0000 -` (or `-` alone) without result",
        }
    }
}

/// A file's dialect and what in the file showed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recognised {
    /// The dialect.
    pub origin: Origin,
    /// What the file shows, one short phrase each (the deciding feature first).
    pub(crate) evidence: Vec<String>,
}

/// Records only TRF-2026 defines.
const TRF26_RECORDS: [&str; 12] = [
    "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260",
];

/// Lowercase title codes of the Krause layout (TRF-16 writes GM, IM, FM...).
const KRAUSE_TITLES: [&str; 8] = ["g", "m", "f", "c", "wg", "wm", "wf", "wc"];

/// Whether `line` is one of Swiss-Manager's column rulers: the line of field letters
/// (`DDD SSSS sTTT NNNN...`) or a line of digits counting the columns.
pub(super) fn is_ruler(line: &Line) -> bool {
    let text = line.rest(1);
    let digits_only = || text.chars().all(|c| c.is_ascii_digit() || c == ' ');
    text.starts_with("DDD SSSS")
        || text.starts_with("1234567890")
        || (text.starts_with("         1") && digits_only())
}

/// Whether a `132` record's dates are written YY/MM/DD (`24/11/23`), as Swiss-Manager
/// writes them.
fn has_slashed_short_dates(line: &Line) -> bool {
    let dates = line.rest(5);
    let mut found = false;
    for date in dates.split_whitespace() {
        let parts: Vec<&str> = date.split('/').collect();
        if parts.len() != 3 || parts.iter().any(|p| p.len() != 2) {
            return false;
        }
        found = true;
    }
    found
}

/// Whether a `001` line writes a round without the `0000` opponent (a blank opponent
/// with a colour or result).
fn has_bye_without_opponent(line: &Line) -> bool {
    let mut start = 92;
    while start <= line.len() {
        let opponent = line.columns(start, start + 3);
        let rest = line.columns(start + 4, start + 7);
        if opponent.trim().is_empty() && !rest.trim().is_empty() {
            return true;
        }
        start += 10;
    }
    false
}

/// Whether a header line names Vega as the program that wrote the file: a `092`/`192`
/// record whose text starts with the word `Vega`, or any record but a player's giving
/// Vega's address (a player's name could hold anything).
fn names_vega(line: &Line) -> bool {
    let code = line.code();
    if code == "001" {
        return false;
    }
    let text = line.rest(5);
    let first_word = text.split_whitespace().next().unwrap_or_default();
    (matches!(code.as_str(), "092" | "192") && first_word.eq_ignore_ascii_case("vega"))
        || text.to_ascii_lowercase().contains("vegachess.com")
}

/// A phrase naming the line.
fn on(line: &Line, what: &str) -> String {
    format!("line {}: {what}", line.number)
}

/// Recognises the dialect of a file from its lines (in file order).
pub(super) fn recognise(lines: &[Line]) -> Recognised {
    let first = |test: &dyn Fn(&Line) -> bool| lines.iter().find(|l| test(l));
    let code_is = |codes: &[&str], l: &Line| codes.contains(&l.code().as_str());
    let found = |origin, line: &Line, what: &str| Recognised {
        origin,
        evidence: vec![on(line, what)],
    };
    if let Some(l) = first(&|l| {
        code_is(&["022", "102"], l) && l.rest(5).to_ascii_lowercase().contains("lichess.org")
    }) {
        return found(Origin::Lichess, l, "the event's address is on lichess.org");
    }
    if let Some(l) = first(&|l| l.code() == "TNR") {
        return found(
            Origin::CppDubovSystem,
            l,
            "a TNR record (CPPDubovSystem's number of rounds)",
        );
    }
    if let Some(l) = first(&|l| code_is(&["BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"], l)) {
        return found(Origin::BbpPairings, l, "a TRF(bx) scoring record");
    }
    // Vega names itself in a record TRF-2026 defines (`192`), so before TRF-2026.
    if let Some(l) = first(&names_vega) {
        return found(Origin::Vega, l, "a record naming Vega");
    }
    // A `###` comment or a TRF-2026 record other than `142` marks a file written to
    // TRF-2026, whatever ruler it carries (FIDE's own TRF-2025 team sample has one).
    if let Some(l) = first(&|l| {
        l.rest(1).starts_with("###") || (l.code() != "142" && code_is(&TRF26_RECORDS, l))
    }) {
        return found(Origin::Trf26, l, "a record only TRF-2026 defines");
    }
    // Swiss-Manager writes its ruler whatever else it writes (it also writes `142`).
    if let Some(l) = first(&is_ruler) {
        return found(Origin::SwissManager, l, "a column ruler before the players");
    }
    if let Some(l) = first(&|l| l.rest(1).starts_with("###") || code_is(&TRF26_RECORDS, l)) {
        return found(Origin::Trf26, l, "a record only TRF-2026 defines");
    }
    if let Some(l) = first(&|l| l.code() == "132" && has_slashed_short_dates(l)) {
        return found(Origin::SwissManager, l, "round dates written YY/MM/DD");
    }
    if let Some(l) = first(&|l| l.code().starts_with("XX")) {
        return found(Origin::JaVaFo, l, "a TRF(x) record");
    }
    if let Some(l) = first(&|l| l.code() == "001" && has_bye_without_opponent(l)) {
        return found(Origin::Krause, l, "a bye written without the 0000 opponent");
    }
    if let Some(l) =
        first(&|l| l.code() == "001" && KRAUSE_TITLES.contains(&l.columns(11, 13).trim()))
    {
        return found(Origin::Krause, l, "a one-letter title code");
    }
    Recognised {
        origin: Origin::Trf16,
        evidence: vec!["nothing beyond TRF-16".to_string()],
    }
}

/// How the file ends its lines, as a phrase (`CRLF line ends`).
pub(super) fn line_ends(bytes: &[u8]) -> String {
    let crlf = bytes.windows(2).filter(|w| w == b"\r\n").count();
    let cr = bytes.iter().filter(|&&b| b == b'\r').count() - crlf;
    let lf = bytes.iter().filter(|&&b| b == b'\n').count() - crlf;
    let kinds: Vec<&str> = [(crlf, "CRLF"), (lf, "LF"), (cr, "CR")]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|&(_, name)| name)
        .collect();
    match kinds.as_slice() {
        [] => "a single line".to_string(),
        [one] => format!("{one} line ends"),
        several => format!("mixed line ends ({})", several.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf::text;

    fn origin(file: &str) -> Origin {
        recognise(&text::lines(file.as_bytes())).origin
    }

    const PLAYER: &str = "001    1 m    Ann                               2000 GER           0             1.0    1     2 w 1";

    #[test]
    fn each_rule_names_its_dialect() {
        for (file, expected) in [
            (
                format!("022 https://lichess.org/swiss/abc\nXXR 5\n{PLAYER}"),
                Origin::Lichess,
            ),
            (format!("TNR 5\n{PLAYER}"), Origin::CppDubovSystem),
            (format!("XXR 5\nBBW 2.0\n{PLAYER}"), Origin::BbpPairings),
            (format!("### comment\nXXR 5\n{PLAYER}"), Origin::Trf26),
            (format!("142 5\n{PLAYER}"), Origin::Trf26),
            (
                format!("012 Open\nDDD SSSS sTTT NNNN\n{PLAYER}"),
                Origin::SwissManager,
            ),
            (
                format!("012 Open\n         1         2         3\n{PLAYER}"),
                Origin::SwissManager,
            ),
            (
                format!("132 {:84}24/11/23  24/11/24\n{PLAYER}", ""),
                Origin::SwissManager,
            ),
            (format!("XXR 5\n{PLAYER}"), Origin::JaVaFo),
            (format!("{PLAYER}       -  "), Origin::Krause),
            (format!("{PLAYER}         H"), Origin::Krause),
            (
                PLAYER.replacen("m    Ann", "m  g Ann", 1).to_string(),
                Origin::Krause,
            ),
            (PLAYER.to_string(), Origin::Trf16),
            (
                format!("012 Open\n192 Vega 8.5.2\nXXR 5\n{PLAYER}"),
                Origin::Vega,
            ),
            (
                format!("012 Open\n102 www.vegachess.com\n{PLAYER}"),
                Origin::Vega,
            ),
        ] {
            assert_eq!(origin(&file), expected, "{file}");
        }
    }

    #[test]
    fn records_of_digits_are_not_rulers() {
        for record in ["260         1    4", "240 Z   4   12   14", "001    1"] {
            assert!(!is_ruler(&text::lines(record.as_bytes())[0]), "{record}");
        }
        for ruler in [
            "         1         2         3",
            "1234567890123456789012345678901234567890",
            "DDD SSSS sTTT NNNNNNNNNNNN RRRR",
        ] {
            assert!(is_ruler(&text::lines(ruler.as_bytes())[0]), "{ruler}");
        }
    }

    #[test]
    fn the_deciding_line_is_named() {
        let r = recognise(&text::lines(b"012 Open\nXXR 5\n"));
        assert_eq!(r.evidence, ["line 2: a TRF(x) record"]);
    }

    #[test]
    fn dates_with_dots_or_four_digit_years_are_not_swiss_managers() {
        for dates in ["11.25.02  11.26.02", "2025/01/15", ""] {
            let file = format!("132 {:84}{dates}\n{PLAYER}", "");
            assert_eq!(origin(&file), Origin::Trf16, "{dates}");
        }
    }

    #[test]
    fn a_lichess_player_name_does_not_make_a_lichess_file() {
        let file = PLAYER.replacen("Ann                 ", "lichess.org fan     ", 1);
        assert_eq!(origin(&file), Origin::Trf16);
    }

    #[test]
    fn a_player_or_a_word_inside_a_record_does_not_make_a_vega_file() {
        let player = PLAYER.replacen("Ann                 ", "Vega vegachess.com  ", 1);
        assert_eq!(origin(&player), Origin::Trf16);
        assert_eq!(origin(&format!("012 Vega Open\n{PLAYER}")), Origin::Trf16);
        assert_eq!(
            origin(&format!("092 Individual: Swiss Vega\nXXR 5\n{PLAYER}")),
            Origin::JaVaFo
        );
    }

    #[test]
    fn vega_reads_codes_as_javafo_does() {
        for code in [ByeCode::Plus, ByeCode::Dash, ByeCode::Blank] {
            assert_eq!(
                Origin::Vega.readings(code),
                Origin::JaVaFo.readings(code),
                "{code:?}"
            );
        }
        assert!(!Origin::Vega.is_standard());
        assert_eq!(Origin::Vega.name(), "Vega");
    }

    const ALL: [Origin; 9] = [
        Origin::Vega,
        Origin::SwissManager,
        Origin::Lichess,
        Origin::JaVaFo,
        Origin::BbpPairings,
        Origin::CppDubovSystem,
        Origin::Trf26,
        Origin::Krause,
        Origin::Trf16,
    ];

    #[test]
    fn every_reading_is_a_bye_and_each_is_offered_once() {
        for o in ALL {
            for code in [ByeCode::Plus, ByeCode::Dash, ByeCode::Blank] {
                let readings = o.readings(code);
                assert!(
                    readings.len() >= 2,
                    "{o} {code:?}: ambiguous means two readings"
                );
                for (i, r) in readings.iter().enumerate() {
                    assert!(
                        matches!(r, Outcome::Bye(_) | Outcome::PairingBye),
                        "{o} {r:?}"
                    );
                    assert!(!readings[..i].contains(r), "{o} {code:?}: {r:?} twice");
                }
            }
        }
    }

    #[test]
    fn plus_is_the_pairing_bye_first_else_a_full_point_bye() {
        for o in ALL {
            let readings = o.readings(ByeCode::Plus);
            assert_eq!(
                readings,
                [Outcome::PairingBye, Outcome::Bye(ByeKind::Full)],
                "{o}"
            );
        }
    }

    #[test]
    fn the_programs_own_meanings_come_first() {
        let half = Outcome::Bye(ByeKind::Half);
        let zero = Outcome::Bye(ByeKind::Zero);
        for o in ALL {
            assert_eq!(o.readings(ByeCode::Dash)[0], zero, "{o}");
        }
        assert_eq!(Origin::SwissManager.readings(ByeCode::Blank)[0], half);
        assert_eq!(Origin::Krause.readings(ByeCode::Blank)[0], half);
        assert_eq!(Origin::JaVaFo.readings(ByeCode::Blank)[0], zero);
        assert_eq!(Origin::Lichess.readings(ByeCode::Blank)[0], zero);
    }

    #[test]
    fn only_plus_dash_and_blank_are_ambiguous() {
        assert_eq!(ByeCode::of('+'), Some(ByeCode::Plus));
        assert_eq!(ByeCode::of('-'), Some(ByeCode::Dash));
        assert_eq!(ByeCode::of(' '), Some(ByeCode::Blank));
        for c in ['U', 'H', 'F', 'Z', '=', '0', '1'] {
            assert_eq!(ByeCode::of(c), None, "{c}");
        }
    }

    #[test]
    fn line_ends_are_told() {
        assert_eq!(line_ends(b"a\r\nb\r\n"), "CRLF line ends");
        assert_eq!(line_ends(b"a\rb\r"), "CR line ends");
        assert_eq!(line_ends(b"a\nb\n"), "LF line ends");
        assert_eq!(line_ends(b"a\r\nb\n"), "mixed line ends (CRLF, LF)");
        assert_eq!(line_ends(b"a"), "a single line");
    }
}
