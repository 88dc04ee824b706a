//! The event's time control (TRF-2026 record `222`, e.g. `5400+30` or
//! `40/5400+30:1800+30`) as the rating regulations read it: the time each player has for
//! 60 moves decides the list (the rapid and blitz regulations 1.1.1, 1.1.2; B.02 1.1), and
//! for the standard list whether a game is rated given the two players' ratings (B.02 1.1)
//! and whether its first control has at least 30 moves (B.02 1.2).

use crate::tournament::RatingList;

/// Three minutes: the rapid and blitz regulations (2024) 1.1.2 rate blitz only above it.
pub(crate) const BLITZ_ABOVE: u64 = 180;
/// Ten minutes: blitz up to and including it, rapid above (1.1.1, 1.1.2).
pub(crate) const RAPID_ABOVE: u64 = 600;
/// Sixty minutes: rapid is less than it (1.1.1); standard needs at least it (B.02 1.1).
pub(crate) const STANDARD_FROM: u64 = 3600;
/// B.02 1.2: a first control that names a number of moves names at least this many.
pub(crate) const FIRST_CONTROL_MOVES: u32 = 30;

/// A time control as the regulations measure it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TimeControl {
    /// Seconds each player has for 60 moves (B.02 1.1 "assuming the game lasts 60 moves";
    /// rapid and blitz 1.1: "the time allotted + 60 times any increment"). When the two
    /// players' times differ (`W…-B…`), the shorter.
    pub(crate) seconds_for_60_moves: u64,
    /// The moves of the first control, when it names a number (`40/5400`).
    pub(crate) first_control_moves: Option<u32>,
    /// White's and Black's times differ (`W…-B…`).
    pub(crate) different_times: bool,
}

/// What the time control makes of the event's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ControlClass {
    /// Rated on this list (for standard, B.02 1.1 then decides game by game).
    List(RatingList),
    /// Three minutes or less for 60 moves: no FIDE list rates it (blitz is "more than 3
    /// minutes", rapid and blitz 1.1.2).
    TooFast,
}

impl TimeControl {
    /// Reads a TRF-2026 `222` field: periods separated by `:`, each `[moves/]seconds[+increment]`
    /// (`40/5400+30:1800+30`); `W<control>-B<control>` when the players' times differ.
    /// `Ok(None)` for an empty field; `Err` says what could not be read.
    pub(crate) fn parse(encoded: &str) -> Result<Option<TimeControl>, String> {
        let encoded = encoded.trim();
        if encoded.is_empty() {
            return Ok(None);
        }
        let (white, black) = match encoded.split_once('-') {
            Some((w, b)) => {
                let side = |text: &str, letter: char| {
                    let text = text.trim();
                    text.strip_prefix(letter)
                        .or_else(|| text.strip_prefix(letter.to_ascii_lowercase()))
                        .map(str::to_string)
                        .ok_or_else(|| {
                            format!(
                                "time control {encoded:?}: expected W<control>-B<control> for \
                                 different times"
                            )
                        })
                };
                (side(w, 'W')?, side(b, 'B')?)
            }
            None => (encoded.to_string(), encoded.to_string()),
        };
        let (w_seconds, w_moves) =
            one_side(&white).map_err(|why| format!("time control {encoded:?}: {why}"))?;
        let (b_seconds, b_moves) =
            one_side(&black).map_err(|why| format!("time control {encoded:?}: {why}"))?;
        let first_control_moves = match (w_moves, b_moves) {
            (Some(w), Some(b)) => Some(w.min(b)),
            (w, b) => w.or(b),
        };
        Ok(Some(TimeControl {
            seconds_for_60_moves: w_seconds.min(b_seconds),
            first_control_moves,
            different_times: w_seconds != b_seconds || w_moves != b_moves,
        }))
    }

    /// The list the control's time for 60 moves belongs to: more than 3 minutes up to 10
    /// blitz (rapid and blitz 1.1.2), more than 10 and less than 60 rapid (1.1.1), 60 or
    /// more standard (B.02 1.1, whose minimum is 60 minutes when both players are rated
    /// below 1800); 3 minutes or less is not rated.
    pub(crate) fn class(&self) -> ControlClass {
        match self.seconds_for_60_moves {
            s if s <= BLITZ_ABOVE => ControlClass::TooFast,
            s if s <= RAPID_ABOVE => ControlClass::List(RatingList::Blitz),
            s if s < STANDARD_FROM => ControlClass::List(RatingList::Rapid),
            _ => ControlClass::List(RatingList::Standard),
        }
    }

    /// The time for 60 moves in words (`75 minutes`, `3 minutes 30 seconds`).
    pub(crate) fn minutes(&self) -> String {
        minutes(self.seconds_for_60_moves)
    }
}

/// Seconds in words: `75 minutes`, `3 minutes 30 seconds`.
pub(crate) fn minutes(seconds: u64) -> String {
    match (seconds / 60, seconds % 60) {
        (m, 0) => format!("{m} minutes"),
        (m, s) => format!("{m} minutes {s} seconds"),
    }
}

/// One player's control: the seconds for 60 moves and the moves of the first control.
/// A period that begins after move 60 adds nothing; each increment counts for the moves
/// of its period up to move 60.
fn one_side(text: &str) -> Result<(u64, Option<u32>), String> {
    let mut seconds = 0u64;
    let mut moves_before = 0u64;
    let mut first_moves = None;
    let periods: Vec<&str> = text.split(':').collect();
    for (i, period) in periods.iter().enumerate() {
        let period = period.trim();
        let (moves, time) = match period.split_once('/') {
            Some((moves, time)) => {
                let moves: u32 = moves
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| format!("{moves:?} is not a number of moves"))?;
                (Some(moves), time)
            }
            None => (None, period),
        };
        if moves.is_none() && i + 1 < periods.len() {
            return Err(format!(
                "the period {period:?} has no number of moves but another period follows"
            ));
        }
        if i == 0 {
            first_moves = moves;
        }
        let (base, increment) = time.split_once('+').unwrap_or((time, "0"));
        let number = |text: &str, what: &str| -> Result<u64, String> {
            text.trim()
                .parse::<u64>()
                .ok()
                .filter(|&n| n <= 1_000_000)
                .ok_or_else(|| format!("{text:?} is not a number of seconds ({what})"))
        };
        let base = number(base, "the base time")?;
        let increment = number(increment, "the increment")?;
        if moves_before >= 60 {
            continue;
        }
        let moves_here = moves.map_or(60, u64::from).min(60 - moves_before);
        seconds += base + increment * moves_here;
        moves_before += moves.map_or(60, u64::from);
    }
    if seconds == 0 {
        return Err("no time".into());
    }
    Ok((seconds, first_moves))
}

/// The list a TRF-2026 `222` time control is rated on ([`TimeControl::class`]); `None` when
/// the field is empty or not understood, when it gives 3 minutes or less for 60 moves (not
/// rated), or when the players' times differ and are not both standard (rapid and blitz
/// 1.2: not rated).
pub(crate) fn list_of_time_control(encoded: &str) -> Option<RatingList> {
    let control = TimeControl::parse(encoded).ok()??;
    match control.class() {
        ControlClass::List(RatingList::Standard) => Some(RatingList::Standard),
        ControlClass::List(list) if !control.different_times => Some(list),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(encoded: &str) -> u64 {
        TimeControl::parse(encoded)
            .expect("reads")
            .expect("a control")
            .seconds_for_60_moves
    }

    #[test]
    fn the_time_for_60_moves_counts_each_period_and_increment_up_to_move_60() {
        assert_eq!(seconds("5400+30"), 5400 + 1800);
        // 40 moves in 100 minutes, then 50 minutes for the rest, 30 s a move from move 1.
        assert_eq!(seconds("40/6000+30:3000+30"), 6000 + 3000 + 1800);
        // A third period that begins after move 60 gives nothing for the first 60 moves.
        assert_eq!(seconds("40/5400:20/1800:900"), 7200);
        assert_eq!(seconds("W300-B240"), 240);
    }

    #[test]
    fn what_cannot_be_read_is_an_error_naming_it() {
        assert_eq!(TimeControl::parse(""), Ok(None));
        for bad in [
            "90 min", "40/:900", "x/5400", "5400:900", "W300-240", "0", "5400+x",
        ] {
            let err = TimeControl::parse(bad).expect_err(bad);
            assert!(err.contains(bad), "{err}");
        }
    }

    /// Rapid and blitz regulations (2024) 1.1.2: blitz is "more than 3 minutes but not
    /// more than 10 minutes"; 1.1.1: rapid "more than 10 minutes but less than 60 minutes".
    #[test]
    fn three_minutes_or_less_is_not_blitz_and_not_rated() {
        let class = |encoded| TimeControl::parse(encoded).unwrap().unwrap().class();
        assert_eq!(class("180"), ControlClass::TooFast, "3 + 0");
        assert_eq!(
            class("120+1"),
            ControlClass::TooFast,
            "2 + 1: exactly 3 minutes"
        );
        assert_eq!(class("180+2"), ControlClass::List(RatingList::Blitz));
        assert_eq!(class("181"), ControlClass::List(RatingList::Blitz));
        assert_eq!(class("600"), ControlClass::List(RatingList::Blitz));
        assert_eq!(class("601"), ControlClass::List(RatingList::Rapid));
        assert_eq!(class("3599"), ControlClass::List(RatingList::Rapid));
        assert_eq!(class("3600"), ControlClass::List(RatingList::Standard));
        assert_eq!(list_of_time_control("180"), None);
        assert_eq!(list_of_time_control("180+2"), Some(RatingList::Blitz));
    }

    /// Rapid and blitz 1.2: "Games where the players have different playing times are not
    /// rated."; B.02 has no such rule, each player must have the minimum of 1.1.
    #[test]
    fn different_times_are_not_rapid_or_blitz() {
        let control = TimeControl::parse("W300-B240").unwrap().unwrap();
        assert!(control.different_times);
        assert_eq!(list_of_time_control("W300-B240"), None);
        assert_eq!(
            list_of_time_control("W7200-B5400"),
            Some(RatingList::Standard)
        );
        assert!(
            !TimeControl::parse("W300-B300")
                .unwrap()
                .unwrap()
                .different_times
        );
    }

    #[test]
    fn the_first_control_names_its_moves() {
        let control = TimeControl::parse("25/3600:1800+30").unwrap().unwrap();
        assert_eq!(control.first_control_moves, Some(25));
        assert_eq!(
            TimeControl::parse("5400+30")
                .unwrap()
                .unwrap()
                .first_control_moves,
            None
        );
    }
}
