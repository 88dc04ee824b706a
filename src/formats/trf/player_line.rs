//! The `001` player record (TRF-16 layout, unchanged in TRF-2026).

use crate::tournament::{ByeKind, Colour, GameResult, MAX_ROUNDS, Outcome, Player, Points, Sex};

use super::dialect::{ByeCode, Origin};
use super::fit::{NAME_COLUMNS, points_in_4};
use super::text::Line;

/// Column where round `round` (1-based) starts: 92, 102, 112, ...
pub(super) fn round_column(round: u32) -> usize {
    92 + 10 * (round as usize - 1)
}

/// Whether reading of round fields stops at `round` (which starts at `column`): past
/// [`MAX_ROUNDS`], a blank rest ends the record; anything else there is refused (`what`
/// names the field, e.g. "an entry"), so no record leads the reader past round 999.
pub(super) fn past_last_round(
    line: &Line,
    round: u32,
    column: usize,
    what: &str,
) -> Result<bool, FieldError> {
    if round <= MAX_ROUNDS {
        return Ok(false);
    }
    if line.rest(column).trim().is_empty() {
        return Ok(true);
    }
    Err((
        column,
        format!("{what} for round {round}: an event has at most {MAX_ROUNDS} rounds"),
    ))
}

/// A parsed `001` line, before blanks are interpreted against the other players.
pub(super) struct PlayerLine {
    pub(crate) player: Player,
    /// One entry per round block on the line; `None` for a blank block.
    pub(crate) entries: Vec<Option<Outcome>>,
    /// The points column (81–84), if filled.
    pub(crate) points: Option<Points>,
    /// Rounds whose entry is a code without opponent that programs mean differently
    /// (read here as `origin` means it; see [`ByeCode`]).
    pub(crate) ambiguous: Vec<(u32, ByeCode)>,
    /// Rounds of a forfeit written without a colour (`153 - -`): read as White here, the
    /// colours of the pair are set when both lines are known.
    pub(crate) colourless: Vec<u32>,
}

/// A located complaint: column and message. The caller adds file and line.
pub(super) type FieldError = (usize, String);

fn number<T: std::str::FromStr>(
    line: &Line,
    from: usize,
    to: usize,
    what: &str,
) -> Result<Option<T>, FieldError> {
    let text = line.columns(from, to);
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    trimmed.parse().map(Some).map_err(|_| {
        let offset = text.find(|c: char| !c.is_whitespace()).unwrap_or(0);
        (
            from + text[..offset].chars().count(),
            format!("expected {what} in columns {from}-{to}, found {trimmed:?}"),
        )
    })
}

/// Parses one `001` line of a file in the dialect of `origin`.
pub(super) fn parse(line: &Line, origin: Origin) -> Result<PlayerLine, FieldError> {
    let id: u32 = number(line, 5, 8, "the starting rank (1-9999)")?
        .filter(|&id| id > 0)
        .ok_or((
            5,
            "expected the starting rank (1-9999) in columns 5-8".to_string(),
        ))?;
    let mut player = Player::new(id, line.columns(15, 47).trim());
    player.sex = match line.at(10).to_ascii_lowercase() {
        // `u`/`-`: unknown, as some programs write it.
        ' ' | 'u' | '-' => None,
        'm' => Some(Sex::Male),
        'w' | 'f' => Some(Sex::Female),
        other => {
            return Err((
                10,
                format!("expected sex m or w in column 10, found {other:?}"),
            ));
        }
    };
    player.title = line.columns(11, 13).trim().to_string();
    player.rating = number::<u16>(line, 49, 52, "a rating (0-9999)")?.filter(|&r| r > 0);
    player.federation = line.columns(54, 56).trim().to_string();
    // Some programs (CPPDubovSystem) fill the field with dashes when there is no id.
    let no_id = line.columns(58, 68).trim().chars().all(|c| c == '-');
    player.fide_id = if no_id {
        None
    } else {
        number(line, 58, 68, "a FIDE id (digits)")?
    };
    player.birth_date = line.columns(70, 79).trim().to_string();
    let points = number::<Points>(line, 81, 84, "the points (e.g. 4.5)")?;
    player.rank = number(line, 86, 89, "the rank (a number)")?;
    let mut parsed = PlayerLine {
        player,
        entries: Vec::new(),
        points,
        ambiguous: Vec::new(),
        colourless: Vec::new(),
    };
    let mut round = 1;
    while round_column(round) <= line.len() {
        if past_last_round(line, round, round_column(round), "an entry")? {
            break;
        }
        let entry = parse_entry(line, id, round)?;
        parsed.entries.push(entry.map(|entry| match entry {
            Entry::Outcome(outcome) => outcome,
            Entry::Ambiguous(code) => {
                parsed.ambiguous.push((round, code));
                let own = origin.readings(code).into_iter().next();
                own.unwrap_or(Outcome::Absent)
            }
            Entry::Colourless(outcome) => {
                parsed.colourless.push(round);
                outcome
            }
        }));
        round += 1;
    }
    while parsed.entries.last().is_some_and(Option::is_none) {
        parsed.entries.pop();
    }
    Ok(parsed)
}

/// One round block as written, before the dialect gives the ambiguous codes a meaning.
enum Entry {
    Outcome(Outcome),
    /// A code without opponent that programs mean differently.
    Ambiguous(ByeCode),
    /// A forfeit written without a colour (as White until the pair is known).
    Colourless(Outcome),
}

/// Parses the 8-column round block `oooo c r` of one round.
fn parse_entry(line: &Line, id: u32, round: u32) -> Result<Option<Entry>, FieldError> {
    let start = round_column(round);
    let block = line.columns(start, start + 7);
    if block.trim().is_empty() {
        return Ok(None);
    }
    let opponent: u32 = number(
        line,
        start,
        start + 3,
        "an opponent's starting rank or 0000",
    )?
    .unwrap_or(0);
    let colour_col = start + 5;
    let result_col = start + 7;
    let colour = line.at(colour_col).to_ascii_lowercase();
    let result = line.at(result_col).to_ascii_uppercase();
    if opponent == 0 {
        if !matches!(colour, '-' | ' ') {
            return Err((
                colour_col,
                format!("expected - for an entry without opponent, found {colour:?}"),
            ));
        }
        if let Some(code) = ByeCode::of(result) {
            return Ok(Some(Entry::Ambiguous(code)));
        }
        let outcome = match result {
            'U' => Outcome::PairingBye,
            'H' | '=' => Outcome::Bye(ByeKind::Half),
            'F' => Outcome::Bye(ByeKind::Full),
            'Z' | '0' => Outcome::Bye(ByeKind::Zero),
            other => {
                return Err((
                    result_col,
                    format!(
                        "expected a bye code U, H, F or Z for an entry without opponent, found {other:?}"
                    ),
                ));
            }
        };
        return Ok(Some(Entry::Outcome(outcome)));
    }
    if opponent == id {
        return Err((
            start,
            format!("player {id} is paired with himself in round {round}"),
        ));
    }
    let forfeit = |won, colour| Outcome::Forfeit {
        opponent,
        colour,
        won,
    };
    // Some programs write a forfeit, which was not played, without a colour.
    if matches!(colour, '-' | ' ') && matches!(result, '+' | '-') {
        return Ok(Some(Entry::Colourless(forfeit(
            result == '+',
            Colour::White,
        ))));
    }
    let colour = match colour {
        'w' => Colour::White,
        'b' => Colour::Black,
        other => {
            return Err((
                colour_col,
                format!("expected colour w or b for a game against {opponent}, found {other:?}"),
            ));
        }
    };
    let game = |result, unrated| Outcome::Game {
        opponent,
        colour,
        result,
        unrated,
        adjourned: false,
    };
    Ok(Some(Entry::Outcome(match result {
        '1' => game(GameResult::Win, false),
        '=' => game(GameResult::Draw, false),
        '0' => game(GameResult::Loss, false),
        'W' => game(GameResult::Win, true),
        'D' => game(GameResult::Draw, true),
        'L' => game(GameResult::Loss, true),
        '+' => forfeit(true, colour),
        '-' => forfeit(false, colour),
        '?' => Outcome::adjourned(opponent, colour),
        ' ' => Outcome::Scheduled { opponent, colour },
        other => {
            return Err((
                result_col,
                format!(
                    "expected a result 1, =, 0, +, -, W, D, L or ? (adjourned) for a game against {opponent}, found {other:?}"
                ),
            ));
        }
    })))
}

/// The 8-column round block for an outcome, as `parse_entry` reads it.
pub(super) fn entry_text(outcome: &Outcome) -> String {
    let code = outcome.result_code();
    match (outcome.opponent(), outcome.scheduled_colour()) {
        (Some(opponent), Some(colour)) => {
            let c = if colour == Colour::White { 'w' } else { 'b' };
            format!("{opponent:>4} {c} {code}")
        }
        _ if code == ' ' => "        ".to_string(),
        _ => format!("0000 - {code}"),
    }
}

/// The `001` line of a player, with the FIDE rating and the points given.
pub(super) fn line_text(player: &Player, rating: Option<u16>, points: Points) -> String {
    let sex = match player.sex {
        Some(Sex::Male) => 'm',
        Some(Sex::Female) => 'w',
        None => ' ',
    };
    let name: String = player.name.trim().chars().take(NAME_COLUMNS).collect();
    let rating = rating.map(|r| r.to_string()).unwrap_or_default();
    let fide_id = player.fide_id.map(|r| r.to_string()).unwrap_or_default();
    let rank = player.rank.map(|r| r.to_string()).unwrap_or_default();
    let mut text = format!(
        "001 {:>4} {sex}{:>3} {name:<33} {rating:>4} {:>3} {fide_id:>11} {:<10} {:>4} {rank:>4}",
        player.id,
        player.title.trim(),
        player.federation.trim(),
        player.birth_date.trim(),
        points_in_4(points).unwrap_or_default()
    );
    for outcome in &player.results {
        text.push_str("  ");
        text.push_str(&entry_text(outcome));
    }
    text.trim_end().to_string()
}
