//! The prize list as a small text file the organiser writes (or the program saves):
//! one prize per line, `category,place,amount[,label]`, `#` starting a comment.
//!
//! ```text
//! # category, place, amount, label
//! Overall, 1, 1000, Trophy
//! Overall, 2, 500
//! Women, 1, 150
//! U18, 1, 100
//! S65, 1, 100
//! 1600-1799, 1, 80
//! Unrated, 1, 50
//! ```

use crate::tournament::{Prize, PrizeCategory, PrizeList};

/// A line of the prize file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct PrizeFileError {
    pub(crate) file: String,
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) message: String,
}

/// Reads the prizes of a prize file (its sharing and choice rules are the caller's).
pub fn read(text: &str, file: &str) -> Result<Vec<Prize>, PrizeFileError> {
    let mut prizes: Vec<Prize> = Vec::new();
    let mut first = true;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or_default();
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<(usize, &str)> = fields(line);
        let error = |field: usize, message: String| PrizeFileError {
            file: file.to_string(),
            line: n + 1,
            column: fields.get(field).map_or(line.len() + 1, |f| f.0 + 1),
            message,
        };
        let text_of = |field: usize| fields.get(field).map_or("", |f| f.1);
        if std::mem::take(&mut first) && text_of(0).eq_ignore_ascii_case("category") {
            continue;
        }
        if fields.len() < 3 || fields.len() > 4 {
            return Err(error(
                fields.len().min(3),
                format!(
                    "expected category,place,amount[,label]; found {} field(s)",
                    fields.len()
                ),
            ));
        }
        let category = PrizeCategory::from_name(text_of(0)).ok_or_else(|| {
            error(
                0,
                format!(
                    "{:?} is not a category (Overall, Women, U18, S65, 1600-1799, -1599, \
                     2000-, Unrated)",
                    text_of(0)
                ),
            )
        })?;
        let place = text_of(1)
            .parse::<u32>()
            .ok()
            .filter(|&p| p > 0 && p <= 10_000)
            .ok_or_else(|| error(1, format!("{:?} is not a place (1, 2, …)", text_of(1))))?;
        let amount = parse_amount(text_of(2)).ok_or_else(|| {
            error(
                2,
                format!("{:?} is not an amount (1000, 1000.50)", text_of(2)),
            )
        })?;
        if prizes
            .iter()
            .any(|p| p.category == category && p.place == place)
        {
            return Err(error(
                1,
                format!("place {place} of {} is listed twice", category.name()),
            ));
        }
        prizes.push(Prize {
            category,
            place,
            amount,
            label: text_of(3).to_string(),
        });
    }
    Ok(prizes)
}

/// Writes prizes as [`read`] reads them.
pub fn write(list: &PrizeList) -> String {
    let mut out = String::from("Category,Place,Amount,Label\n");
    for p in &list.prizes {
        out.push_str(&format!(
            "{},{},{}",
            p.category.name(),
            p.place,
            format_amount(p.amount)
        ));
        let label = p.label.replace([',', '#', '\n', '\r'], " ");
        if !label.trim().is_empty() {
            out.push_str(&format!(",{}", label.trim()));
        }
        out.push('\n');
    }
    out
}

/// An amount in cents written with two decimals when it has cents (`1000`, `12.50`).
pub(crate) fn format_amount(cents: i64) -> String {
    match cents % 100 {
        0 => (cents / 100).to_string(),
        c => format!("{}.{:02}", cents / 100, c.abs()),
    }
}

/// The fields of a line with the column each starts at (0-based), trimmed.
fn fields(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for part in line.split(',') {
        let lead = part.len() - part.trim_start().len();
        out.push((start + lead, part.trim()));
        start += part.len() + 1;
    }
    out
}

/// `1000`, `1000.5`, `1000.50` in cents; no sign, at most two decimals, below a billion.
fn parse_amount(text: &str) -> Option<i64> {
    let (whole, cents) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || whole.len() > 9 || cents.len() > 2 {
        return None;
    }
    if !whole.bytes().all(|b| b.is_ascii_digit()) || !cents.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let cents: i64 = format!("{cents:0<2}").parse().ok()?;
    Some(whole * 100 + cents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prize_file_reads_and_writes_back() {
        let text = "# prizes\nOverall, 1, 1000, Trophy\noverall,2,500.5\nWomen,1,150\n\
                    u18,1,100\ns65,1,100\n1600-1799,1,80\n-1599,1,60\n2000-,1,70\nunrated,1,50\n";
        let prizes = read(text, "p.csv").expect("reads");
        assert_eq!(prizes.len(), 9);
        assert_eq!(prizes[1].amount, 50_050);
        assert_eq!(prizes[0].label, "Trophy");
        let list = PrizeList {
            prizes,
            ..PrizeList::default()
        };
        let written = write(&list);
        assert_eq!(
            read(&written, "again.csv").expect("reads back"),
            list.prizes
        );
    }

    #[test]
    fn bad_lines_are_refused_with_line_and_column() {
        let error = |text: &str| read(text, "p.csv").expect_err("refused").to_string();
        assert_eq!(
            error("Overall,1,100\nJuniors,1,50"),
            "p.csv:2:1: \"Juniors\" is not a category (Overall, Women, U18, S65, 1600-1799, \
             -1599, 2000-, Unrated)"
        );
        assert!(error("Overall, 0, 100").starts_with("p.csv:1:10: \"0\" is not a place"));
        assert!(error("Overall,1,-5").starts_with("p.csv:1:11:"));
        assert!(error("Overall,1,1.234").contains("not an amount"));
        assert!(error("Overall,1").contains("found 2 field(s)"));
        assert!(error("Overall,1,5\nOverall,1,6").contains("listed twice"));
        assert!(error("1800-1600,1,5").contains("not a category"));
    }
}
