//! Header records: event data (`012`–`132`), TRF-2026 records (`142`–`260`, `###`),
//! JaVaFo's TRF(x) lines (`XXR XXC XXA XXP XXZ XXS`) and bbpPairings' TRF(bx) lines
//! (`BBW BBD BBL BBZ BBF BBU`).

use crate::tournament::{
    ByeKind, Colour, DateLines, Event, ForbiddenGroup, MAX_ROUNDS, Points, RatingList,
    ScoringSystem, SystemId, VirtualPoints,
};

use super::player_line::{FieldError, past_last_round, round_column};
use super::teams::TeamRecords;
use super::text::{self, Line};

/// Scoring values found in the file; unset ones take their defaults at the end.
#[derive(Default)]
pub(super) struct ScoringValues {
    win: Option<Points>,
    draw: Option<Points>,
    loss: Option<Points>,
    forfeit_win: Option<Points>,
    forfeit_loss: Option<Points>,
    full_bye: Option<Points>,
    half_bye: Option<Points>,
    zero_bye: Option<Points>,
    pab: Option<Points>,
    /// `162` `X`: an adjourned game.
    adjourned: Option<Points>,
}

impl ScoringValues {
    /// Whether the file gave any scoring value (`162`, TRF(bx)'s `BB?`).
    pub(crate) fn is_given(&self) -> bool {
        [
            self.win,
            self.draw,
            self.loss,
            self.forfeit_win,
            self.forfeit_loss,
            self.full_bye,
            self.half_bye,
            self.zero_bye,
            self.pab,
            self.adjourned,
        ]
        .iter()
        .any(Option::is_some)
    }

    /// The scoring system of an event paired with `system`: unset values default as
    /// TRF-2026 `162` and TRF(bx) define them (win 1, draw ½, loss 0, absence 0; forfeit
    /// win, full bye and PAB as a win, half bye as a draw), except that a Double-Swiss
    /// event counts byes and the PAB per two-game match (C.04.5: the PAB a win and a draw).
    pub(crate) fn system(&self, system: Option<SystemId>) -> ScoringSystem {
        let win = self.win.unwrap_or(Points::ONE);
        let draw = self.draw.unwrap_or(Points::HALF);
        let games = ScoringSystem {
            win,
            draw,
            loss: self.loss.unwrap_or(Points::ZERO),
            forfeit_win: self.forfeit_win.unwrap_or(win),
            forfeit_loss: self.forfeit_loss.unwrap_or(Points::ZERO),
            full_bye: win,
            half_bye: draw,
            zero_bye: Points::ZERO,
            pab: win,
            // The draw value is the default, kept as none so that both read alike.
            adjourned: self.adjourned.filter(|&x| x != draw),
        };
        let defaults = ScoringSystem::for_system(games, system);
        ScoringSystem {
            full_bye: self.full_bye.unwrap_or(defaults.full_bye),
            half_bye: self.half_bye.unwrap_or(defaults.half_bye),
            zero_bye: self.zero_bye.unwrap_or(defaults.zero_bye),
            pab: self.pab.unwrap_or(defaults.pab),
            ..defaults
        }
    }
}

/// A bye recorded outside the round grid (TRF-2026 `240`, JaVaFo `XXZ`).
#[derive(Clone)]
pub(super) struct RecordedBye {
    pub(crate) kind: ByeKind,
    /// `None`: the round about to be paired (`XXZ`).
    pub(crate) round: Option<u32>,
    pub(crate) player: u32,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// Everything read from header lines.
#[derive(Default)]
pub(super) struct Header {
    pub(crate) event: Event,
    pub(crate) scoring: ScoringValues,
    pub(crate) byes: Vec<RecordedBye>,
    /// Whether a `192` code asked for Baku acceleration.
    pub(crate) baku: bool,
    /// Team records (`013`, `300`, `310`, `320`, `330`, `352`, `362`).
    pub(crate) teams: TeamRecords,
    /// Lines of TRF-2026's informative team records (`801`, `802`): summaries of what the
    /// other records hold, read past and not kept.
    pub(crate) informative: Vec<usize>,
    /// The lines of `042`, `052` and `132`, for warnings about their dates.
    pub(crate) date_lines: DateLines,
    /// `172`, the NRS records and the comments about the ratings.
    pub(crate) ratings: super::national_ratings::RatingRecords,
}

fn points_at(text: &str, column: usize, what: &str) -> Result<Points, FieldError> {
    text.trim()
        .parse()
        .map_err(|_| (column, format!("expected {what}, found {:?}", text.trim())))
}

fn int_at<T: std::str::FromStr>(text: &str, column: usize, what: &str) -> Result<T, FieldError> {
    text.trim()
        .parse()
        .map_err(|_| (column, format!("expected {what}, found {:?}", text.trim())))
}

/// Whitespace-separated tokens with their 1-based columns.
fn tokens(line: &Line, from: usize) -> Vec<(usize, String)> {
    let rest = line.rest(from);
    let mut found = Vec::new();
    let mut current = String::new();
    let mut start = 0;
    for (i, c) in rest.chars().enumerate() {
        if c.is_whitespace() || c == ',' && current.contains('=') {
            if !current.is_empty() {
                found.push((from + start, std::mem::take(&mut current)));
            }
        } else {
            if current.is_empty() {
                start = i;
            }
            current.push(c);
        }
    }
    if !current.is_empty() {
        found.push((from + start, current));
    }
    found
}

/// `162`/`362` bodies: a symbol in one column and its points in the next four, repeated.
/// A value of 10 or more leaves no blank between them (`W10.0`), so a token may hold both.
/// The column before the symbol may hold a letter of its own: Sharly Chess writes its
/// team match points `362 TW 3.0   TD 1.0`, the symbol in the sixth column as the record
/// places it, after a `T`.
pub(super) fn symbol_values(line: &Line) -> Result<Vec<(usize, String, Points)>, FieldError> {
    let mut items = Vec::new();
    for (col, token) in tokens(line, 5) {
        let letters = token
            .char_indices()
            .find(|(_, c)| !c.is_ascii_alphabetic())
            .map_or(token.len(), |(i, _)| i);
        if letters == 0 || letters > 2 {
            items.push((col, token));
            continue;
        }
        // The symbol is the last letter; a value may follow it in the same token.
        let symbol = letters - 1;
        items.push((col + symbol, token[symbol..letters].to_string()));
        if letters < token.len() {
            items.push((col + letters, token[letters..].to_string()));
        }
    }
    items
        .chunks(2)
        .map(|pair| {
            let (col, symbol) = &pair[0];
            let Some((vcol, value)) = pair.get(1) else {
                return Err((
                    *col,
                    format!("expected a value after scoring symbol {symbol:?}"),
                ));
            };
            Ok((*col, symbol.clone(), points_at(value, *vcol, "a score")?))
        })
        .collect()
}

/// Whether the reader would take `record` (one line) as a record it interprets (a player,
/// a header record, a comment, a blank line, a column ruler, or one it refuses) rather than keep it as
/// written among the records it does not know.
pub(super) fn is_interpreted(record: &str) -> bool {
    let lines = text::lines(record.as_bytes());
    let [line] = lines.as_slice() else {
        return true;
    };
    let rest = line.rest(1);
    rest.trim().is_empty()
        || rest.starts_with("###")
        || super::dialect::is_ruler(line)
        || line.code() == "001"
        || Header::default().read(line) != Ok(false)
        || super::national_ratings::nrs(line).is_some()
}

impl Header {
    /// Reads one header line. Returns `Ok(false)` when the code is not a header record
    /// (the caller decides what that means).
    pub(crate) fn read(&mut self, line: &Line) -> Result<bool, FieldError> {
        let value = || line.rest(5).trim().to_string();
        let e = &mut self.event;
        match line.code().as_str() {
            "012" => e.name = value(),
            "022" => e.city = value(),
            "032" => e.federation = value(),
            "042" => {
                e.start_date = value();
                self.date_lines.start = line.number;
            }
            "052" => {
                e.end_date = value();
                self.date_lines.end = line.number;
            }
            "062" | "072" | "082" => {} // counts: recomputed when writing
            "092" => e.tournament_type = value(),
            "102" => e.chief_arbiter = value(),
            // An empty 112 line names nobody (and would not be written back).
            "112" => {
                let deputy = value();
                if !deputy.is_empty() {
                    e.deputy_arbiters.push(deputy);
                }
            }
            "122" => e.time_control = value(),
            "132" => {
                self.date_lines.rounds = line.number;
                e.round_dates.clear();
                let mut round = 1;
                while round_column(round) <= line.len() {
                    let start = round_column(round);
                    if past_last_round(line, round, start, "a date")? {
                        break;
                    }
                    e.round_dates
                        .push(line.columns(start, start + 7).trim().to_string());
                    round += 1;
                }
                while e.round_dates.last().is_some_and(String::is_empty) {
                    e.round_dates.pop();
                }
            }
            "142" | "XXR" => {
                let rounds = int_at(&value(), 5, "the number of rounds")?;
                if rounds > MAX_ROUNDS {
                    return Err((
                        5,
                        format!(
                            "expected the number of rounds (at most {MAX_ROUNDS}), found {rounds}"
                        ),
                    ));
                }
                e.rounds = Some(rounds);
            }
            "152" => {
                e.initial_colour = Some(match line.at(5).to_ascii_uppercase() {
                    'W' => Colour::White,
                    'B' => Colour::Black,
                    other => {
                        return Err((
                            5,
                            format!("expected the initial colour W or B, found {other:?}"),
                        ));
                    }
                })
            }
            "162" => self.read_162(line)?,
            "172" => self.ratings.read_172(line),
            "192" => {
                let code = value();
                // One tournament type: the last 192 record wins.
                match SystemId::from_trf_code(&code) {
                    Some((system, baku)) => {
                        if system == SystemId::FideTeam {
                            let base = code.strip_suffix("_BAKU").unwrap_or(&code);
                            e.team_scoring.apply_trf_system_code(base);
                        }
                        e.system = Some(system);
                        e.other_system_code = None;
                        self.baku = baku;
                    }
                    None => {
                        e.system = None;
                        e.other_system_code = Some(code);
                        self.baku = false;
                    }
                }
            }
            "202" => {
                e.tiebreaks = value()
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            }
            "222" => {
                e.encoded_time_control = value();
                // A rapid or blitz event is rated on that list (TRF has no other record
                // for it).
                if let Some(list) = RatingList::of_time_control(&e.encoded_time_control) {
                    e.rating_list = list;
                }
            }
            "240" => self.read_240(line)?,
            "250" => self.read_250(line)?,
            "260" => self.read_260(line)?,
            "XXC" => self.read_xxc(line)?,
            "XXA" => self.read_xxa(line)?,
            "XXP" => {
                let players = tokens(line, 5)
                    .into_iter()
                    .map(|(col, t)| int_at(&t, col, "a starting rank"))
                    .collect::<Result<Vec<u32>, _>>()?;
                if players.len() < 2 {
                    return Err((
                        5,
                        "expected at least two starting ranks after XXP".to_string(),
                    ));
                }
                e.forbidden_pairs.push(ForbiddenGroup {
                    players,
                    first_round: None,
                    last_round: None,
                });
            }
            "XXZ" => {
                for (column, t) in tokens(line, 5) {
                    let player = int_at(&t, column, "a starting rank")?;
                    self.byes.push(RecordedBye {
                        kind: ByeKind::Zero,
                        round: None,
                        player,
                        line: line.number,
                        column,
                    });
                }
            }
            "XXS" => self.read_xxs(line)?,
            "BBW" => self.scoring.win = Some(points_at(&value(), 5, "a score")?),
            "BBD" => self.scoring.draw = Some(points_at(&value(), 5, "a score")?),
            "BBL" => self.scoring.loss = Some(points_at(&value(), 5, "a score")?),
            "BBZ" => self.scoring.zero_bye = Some(points_at(&value(), 5, "a score")?),
            "BBF" => self.scoring.forfeit_loss = Some(points_at(&value(), 5, "a score")?),
            "BBU" => self.scoring.pab = Some(points_at(&value(), 5, "a score")?),
            "013" | "300" | "310" | "320" | "330" | "352" | "362" => self.teams.read(line)?,
            "801" | "802" => self.informative.push(line.number),
            "299" => self
                .event
                .abnormal_points
                .push(super::abnormal_points::read(line)?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `162  W 3.0    D 1.0`: symbol and value pairs.
    fn read_162(&mut self, line: &Line) -> Result<(), FieldError> {
        for (col, symbol, value) in symbol_values(line)? {
            let points = Some(value);
            let s = &mut self.scoring;
            match symbol.to_ascii_uppercase().as_str() {
                "W" => s.win = points,
                "D" => s.draw = points,
                "L" => s.loss = points,
                "A" | "Z" => {
                    s.zero_bye = points;
                    s.forfeit_loss = points;
                }
                "P" => s.pab = points,
                "X" => s.adjourned = points,
                other => {
                    return Err((
                        col,
                        format!("expected a scoring symbol W, D, L, A, P or X, found {other:?}"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// `XXS WW=1 BW=1 D=0.5 ...`: JaVaFo's scoring system.
    fn read_xxs(&mut self, line: &Line) -> Result<(), FieldError> {
        for (col, token) in tokens(line, 5) {
            let Some((key, value)) = token.split_once('=') else {
                return Err((col, format!("expected CODE=VALUE, found {token:?}")));
            };
            let points = Some(points_at(value, col + key.len() + 1, "a score")?);
            let s = &mut self.scoring;
            match key.to_ascii_uppercase().as_str() {
                "W" => {
                    s.win = points;
                    s.forfeit_win = points;
                    s.full_bye = points;
                }
                "D" => {
                    s.draw = points;
                    s.half_bye = points;
                }
                "WW" | "BW" => s.win = points,
                "WD" | "BD" => s.draw = points,
                "WL" | "BL" => s.loss = points,
                "ZPB" => s.zero_bye = points,
                "HPB" => s.half_bye = points,
                "FPB" => s.full_bye = points,
                "PAB" => s.pab = points,
                "FW" => s.forfeit_win = points,
                "FL" => s.forfeit_loss = points,
                other => return Err((col, format!("unknown XXS scoring code {other:?}"))),
            }
        }
        Ok(())
    }

    /// `XXC [rank] [white1|black1]`.
    fn read_xxc(&mut self, line: &Line) -> Result<(), FieldError> {
        for (col, token) in tokens(line, 5) {
            match token.to_ascii_lowercase().as_str() {
                "rank" => self.event.pair_by_rank = true,
                "white1" => self.event.initial_colour = Some(Colour::White),
                "black1" => self.event.initial_colour = Some(Colour::Black),
                _ => {
                    return Err((
                        col,
                        format!("expected rank, white1 or black1, found {token:?}"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// `240 T RRR NNNN NNNN ...`: byes decided before pairing.
    fn read_240(&mut self, line: &Line) -> Result<(), FieldError> {
        let kind = match line.at(5).to_ascii_uppercase() {
            'F' => ByeKind::Full,
            'H' => ByeKind::Half,
            'Z' => ByeKind::Zero,
            other => return Err((5, format!("expected a bye type F, H or Z, found {other:?}"))),
        };
        let round: u32 = int_at(&line.columns(7, 9), 7, "a round number in columns 7-9")?;
        let mut column = 11;
        while column <= line.len() {
            let text = line.columns(column, column + 3);
            if !text.trim().is_empty() {
                let player = int_at(&text, column, "a starting rank")?;
                self.byes.push(RecordedBye {
                    kind,
                    round: Some(round),
                    player,
                    line: line.number,
                    column,
                });
            }
            column += 5;
        }
        Ok(())
    }

    /// `250 MMMM GGGG RRR RRR NNNN NNNN`: virtual points for a range of players and rounds.
    fn read_250(&mut self, line: &Line) -> Result<(), FieldError> {
        let match_points = line.columns(5, 8);
        let match_points = if match_points.trim().is_empty() {
            None
        } else {
            Some(points_at(&match_points, 5, "match points in columns 5-8")?)
        };
        // A team event may accelerate by match points alone (TRF-2026 `250`: game points
        // are required for individuals only): blank game points add none.
        let game_points = line.columns(10, 13);
        let points = if game_points.trim().is_empty() && match_points.is_some() {
            Points::ZERO
        } else {
            points_at(&game_points, 10, "game points in columns 10-13")?
        };
        let entry = VirtualPoints {
            match_points,
            points,
            first_round: int_at(
                &line.columns(15, 17),
                15,
                "the first round in columns 15-17",
            )?,
            last_round: int_at(&line.columns(19, 21), 19, "the last round in columns 19-21")?,
            first_player: int_at(
                &line.columns(23, 26),
                23,
                "the first starting rank in columns 23-26",
            )?,
            last_player: int_at(
                &line.columns(28, 31),
                28,
                "the last starting rank in columns 28-31",
            )?,
        };
        self.event.acceleration.virtual_points.push(entry);
        Ok(())
    }

    /// `XXA NNNN pp.p pp.p ...`: a player's virtual points round by round.
    fn read_xxa(&mut self, line: &Line) -> Result<(), FieldError> {
        let player: u32 = int_at(&line.columns(5, 8), 5, "a starting rank in columns 5-8")?;
        let mut round = 1u32;
        loop {
            let column = 10 + 5 * (round as usize - 1);
            if column > line.len() {
                break;
            }
            if past_last_round(line, round, column, "virtual points")? {
                break;
            }
            let text = line.columns(column, column + 3);
            if !text.trim().is_empty() {
                let points = points_at(&text, column, "virtual points")?;
                if points != Points::ZERO {
                    self.event.acceleration.virtual_points.push(VirtualPoints {
                        points,
                        match_points: None,
                        first_round: round,
                        last_round: round,
                        first_player: player,
                        last_player: player,
                    });
                }
            }
            round += 1;
        }
        Ok(())
    }

    /// `260 RRR RRR NNNN NNNN ...`: players who must not meet in a range of rounds.
    fn read_260(&mut self, line: &Line) -> Result<(), FieldError> {
        let round = |from: usize| -> Result<Option<u32>, FieldError> {
            let text = line.columns(from, from + 2);
            if text.trim().is_empty() {
                Ok(None)
            } else {
                int_at(&text, from, "a round number").map(Some)
            }
        };
        let first_round = round(5)?;
        let last_round = round(9)?;
        let mut players = Vec::new();
        let mut column = 13;
        while column <= line.len() {
            let text = line.columns(column, column + 3);
            if !text.trim().is_empty() {
                players.push(int_at(&text, column, "a starting rank")?);
            }
            column += 5;
        }
        if players.len() < 2 {
            return Err((
                13,
                "expected at least two starting ranks from column 13".to_string(),
            ));
        }
        self.event.forbidden_pairs.push(ForbiddenGroup {
            players,
            first_round,
            last_round,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(record: &str) -> Vec<(usize, String, Points)> {
        let lines = text::lines(record.as_bytes());
        symbol_values(&lines[0]).expect("a scoring record")
    }

    fn points(text: &str) -> Points {
        text.parse().expect("points")
    }

    #[test]
    fn scoring_symbols_are_read_where_the_record_places_them() {
        let plain = values("162  W 3.0    D 1.0    L 0.0");
        let glued = values("162  W10.0    D 5.0");
        let sharly = values("362 TW 3.0   TD 1.0   TL 0.0");
        assert_eq!(
            plain,
            vec![
                (6, "W".to_string(), points("3.0")),
                (15, "D".to_string(), points("1.0")),
                (24, "L".to_string(), points("0.0")),
            ]
        );
        assert_eq!(glued[0], (6, "W".to_string(), points("10.0")));
        assert_eq!(glued[1], (15, "D".to_string(), points("5.0")));
        assert_eq!(sharly, plain);
    }

    #[test]
    fn a_symbol_without_a_value_is_refused() {
        let lines = text::lines(b"362 TW 3.0   TD");
        assert!(symbol_values(&lines[0]).is_err());
    }
}
