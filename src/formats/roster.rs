//! Player lists to add to the open event: a CSV list (a header row names the columns), or
//! the players of another event file ([`registration`]). The event decides who is new
//! ([`Tournament::import_players`]).

use crate::tournament::{Player, Sex, Tournament};

use super::trf;

/// Why a player list could not be read: line and column (1-based) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct RosterError {
    pub(crate) file: String,
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) message: String,
}

/// One CSV record's fields with the column each starts at.
fn fields(line: &str, delimiter: char) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut field = String::new();
    let mut start = 1;
    let mut quoted = false;
    let mut chars = line.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' if quoted && chars.peek().is_some_and(|(_, n)| *n == '"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            c if c == delimiter && !quoted => {
                out.push((start, std::mem::take(&mut field).trim().to_string()));
                start = i + 2;
            }
            c => field.push(c),
        }
    }
    out.push((start, field.trim().to_string()));
    out
}

/// What a CSV column holds, from its header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Name,
    Rating,
    Federation,
    Title,
    FideId,
    Birth,
    Sex,
    Club,
    Other,
}

fn column(header: &str) -> Column {
    let h: String = header
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect();
    match h.as_str() {
        "name" | "player" | "fullname" => Column::Name,
        "rating" | "elo" | "fiderating" => Column::Rating,
        "federation" | "fed" | "country" => Column::Federation,
        "title" => Column::Title,
        "fideid" | "id" | "fidenumber" => Column::FideId,
        "birth" | "born" | "birthdate" | "dateofbirth" | "year" | "birthyear" => Column::Birth,
        "sex" | "gender" => Column::Sex,
        "club" | "clubname" | "verein" | "vereinsname" | "clubcity" => Column::Club,
        _ => Column::Other,
    }
}

/// Reads a CSV player list. The first line names the columns (`name` is required;
/// `rating`, `federation`, `title`, `fide id`, `birth`, `sex`, `club` (or `Verein`, `Club
/// name`) are read when present);
/// the delimiter is the first of `;`, tab and `,` found in it.
pub(crate) fn from_csv(text: &str, file: &str) -> Result<Vec<Player>, RosterError> {
    let error = |line: usize, column: usize, message: String| RosterError {
        file: file.to_string(),
        line,
        column,
        message,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_start_matches('\u{feff}')))
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, header) = lines
        .next()
        .ok_or_else(|| error(1, 1, "expected a header line naming the columns".into()))?;
    let delimiter = [';', '\t', ',']
        .into_iter()
        .find(|d| header.contains(*d))
        .unwrap_or(',');
    let columns: Vec<Column> = fields(header, delimiter)
        .iter()
        .map(|(_, h)| column(h))
        .collect();
    if !columns.contains(&Column::Name) {
        return Err(error(1, 1, "expected a `name` column in the header".into()));
    }
    let mut players = Vec::new();
    for (number, line) in lines {
        let mut p = Player::new(0, "");
        let mut found_at: Vec<(Column, usize)> = Vec::new();
        for ((at, value), kind) in fields(line, delimiter).into_iter().zip(&columns) {
            if value.is_empty() {
                continue;
            }
            found_at.push((*kind, at));
            match kind {
                Column::Name => p.name = value,
                Column::Rating => {
                    let rating = value.parse::<u16>().map_err(|_| {
                        error(
                            number,
                            at,
                            format!("expected a rating (a number up to 9999), found `{value}`"),
                        )
                    })?;
                    p.rating = (rating > 0).then_some(rating);
                }
                Column::Federation => p.federation = value.to_uppercase(),
                Column::Title => p.title = value.to_uppercase(),
                Column::FideId => {
                    p.fide_id = Some(value.parse::<u64>().map_err(|_| {
                        error(
                            number,
                            at,
                            format!("expected a FIDE ID (digits), found `{value}`"),
                        )
                    })?);
                }
                Column::Birth => p.birth_date = value,
                Column::Club => p.club = value,
                Column::Sex => {
                    p.sex = match value.to_lowercase().as_str() {
                        "m" | "male" => Some(Sex::Male),
                        "w" | "f" | "female" => Some(Sex::Female),
                        _ => {
                            return Err(error(
                                number,
                                at,
                                format!("expected m or w (f), found `{value}`"),
                            ));
                        }
                    }
                }
                Column::Other => {}
            }
        }
        if p.name.trim().is_empty() {
            return Err(error(number, 1, "expected a player's name".into()));
        }
        // What FIDE's report cannot hold is refused here, where it can still be corrected.
        if let Some(m) = trf::player_misfits(&p).into_iter().next() {
            let kind = match m.field {
                "Title" => Column::Title,
                "Rating" => Column::Rating,
                "Federation" => Column::Federation,
                "FIDE ID" => Column::FideId,
                "Birth date" => Column::Birth,
                _ => Column::Name,
            };
            let at = found_at
                .iter()
                .find(|(k, _)| *k == kind)
                .map_or(1, |&(_, at)| at);
            return Err(error(
                number,
                at,
                format!(
                    "{}: {} (FIDE's report, TRF, cannot hold it)",
                    m.field, m.problem
                ),
            ));
        }
        players.push(p);
    }
    Ok(players)
}

/// The players of another event, as a registration list: without their results, ranks,
/// withdrawals or late-entry rounds.
pub(crate) fn registration(t: Tournament) -> Vec<Player> {
    t.players
        .into_iter()
        .map(|mut p| {
            p.results.clear();
            p.rank = None;
            p.withdrawn_from = None;
            p.late_entry_round = None;
            p
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_with_header_quotes_and_semicolons() {
        let text = "Name;Elo;Fed;Title;FIDE ID;Born;Sex\n\
                    \"Müller; Łukasz\";2450;ger;gm;4611111;1990;m\n\
                    Smith, Anna;;ENG;;;;w\n";
        let players = from_csv(text, "list.csv").expect("read");
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].name, "Müller; Łukasz");
        assert_eq!(players[0].rating, Some(2450));
        assert_eq!(players[0].federation, "GER");
        assert_eq!(players[0].title, "GM");
        assert_eq!(players[0].fide_id, Some(4_611_111));
        assert_eq!(players[1].rating, None);
        assert_eq!(players[1].sex, Some(Sex::Female));
    }

    /// The club is read under the names lists give it (for the groups of club-mates who
    /// must not meet); without the column, no club.
    #[test]
    fn csv_reads_the_club() {
        for header in ["club", "Club", "Verein", "Club name"] {
            let text = format!("Name;Elo;{header}\nAnn;2000;SK Rochade\nBob;1900;\n");
            let players = from_csv(&text, "list.csv").expect(header);
            assert_eq!(players[0].club, "SK Rochade", "{header}");
            assert_eq!(players[1].club, "", "{header}");
        }
        let players = from_csv("name\nAnn\n", "list.csv").expect("read");
        assert_eq!(players[0].club, "");
    }

    /// Before, these were imported and the FIDE report could not be read back.
    #[test]
    fn csv_refuses_what_the_fide_report_cannot_hold_at_its_column() {
        for (row, column, field) in [
            ("Ann;GERMANY;2000;12345", 5, "Federation"),
            ("Ann;GER;12000;12345", 9, "Rating"),
            ("Ann;GER;2000;123456789012", 14, "FIDE ID"),
        ] {
            let text = format!("name;fed;rating;fide id\n{row}\n");
            let e = from_csv(&text, "x.csv").expect_err(field);
            assert_eq!((e.line, e.column), (2, column), "{field}: {e}");
            assert!(e.message.starts_with(field), "{e}");
        }
    }

    #[test]
    fn csv_errors_name_line_and_column() {
        let e = from_csv("name,rating\nA,2000\nB,abc\n", "x.csv").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3));
        assert!(e.message.contains("`abc`"), "{e}");
        let e = from_csv("rating\n2000\n", "x.csv").unwrap_err();
        assert!(e.message.contains("`name`"), "{e}");
        assert!(from_csv("", "x.csv").is_err());
    }
}
