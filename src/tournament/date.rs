//! The event's dates as other programs write them, read as calendar dates.
//!
//! TRF-2026 writes the start and end dates (`042`, `052`) as `YYYY/MM/DD` and the round
//! dates (`132`) as `YY/MM/DD` (TRF-2026 text, C.02.03 Annex A, tournament section, as
//! transcribed in echecsjs/trf `SPEC.md`; TRF-16 gives `132` the same form and `042`/`052`
//! none). Real exports write many other forms: `30/09/2011`, `25.02.2011`, `28. 07. 2005`,
//! `Apr 18, 2026`, `18-Apr-2026`, `11.25.02` (`YY.DD.MM`), `10.09.13` (`YY.MM.DD`).
//!
//! A text is read into every calendar date it can mean ([`readings`]); the event's dates
//! are then read together ([`settle`]): the dates one record writes in one form are read
//! in one order, and of the orders that make every date valid, those under which the end
//! does not precede the start, the rounds are in order and lie between start and end are
//! taken. What still cannot be told is read in the form's usual order, with a warning.

use std::time::SystemTime;

use super::Event;

/// A day of the (proleptic Gregorian) calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// The date, if the month has that day.
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        ((1..=days).contains(&day) && (1..=9999).contains(&year)).then_some(Date {
            year,
            month,
            day,
        })
    }

    /// `YYYY/MM/DD`, as TRF-2026 writes `042` and `052`.
    pub fn long(self) -> String {
        format!("{:04}/{:02}/{:02}", self.year, self.month, self.day)
    }

    /// `YY/MM/DD`, as TRF writes `132`.
    pub fn short(self) -> String {
        format!(
            "{:02}/{:02}/{:02}",
            self.year.rem_euclid(100),
            self.month,
            self.day
        )
    }

    /// Today (UTC), from the system clock.
    pub(crate) fn today() -> Date {
        let stamp = super::utc_timestamp(SystemTime::now());
        let part = |range: std::ops::Range<usize>| {
            stamp
                .get(range)
                .and_then(|s| s.parse::<u32>().ok())
                .unwrap_or(1)
        };
        Date::new(part(0..4) as i32, part(5..7), part(8..10)).unwrap_or(Date {
            year: 1970,
            month: 1,
            day: 1,
        })
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.long())
    }
}

/// The order of day, month and year a date is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Order {
    /// `2011/09/30`, `11.09.30` (TRF's own order, and Swiss-Manager's).
    YearMonthDay,
    /// `11.30.09` (seen in `132` of Krause-era programs).
    YearDayMonth,
    /// `30/09/2011`, `30.09.11`.
    DayMonthYear,
    /// `09/30/2011` (United States).
    MonthDayYear,
    /// The month written as a word (`Apr 18, 2026`, `18-Apr-2026`): one reading only.
    Named,
}

impl Order {
    fn words(self) -> &'static str {
        match self {
            Order::YearMonthDay => "year, month, day",
            Order::YearDayMonth => "year, day, month",
            Order::DayMonthYear => "day, month, year",
            Order::MonthDayYear => "month, day, year",
            Order::Named => "with the month's name",
        }
    }
}

/// One way to read a text: the year as written (two digits or four) and the month and day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reading {
    pub(crate) order: Order,
    year: i32,
    /// The year was written with one or two digits: its century is decided (see
    /// [`full_year`]).
    short_year: bool,
    month: u32,
    day: u32,
}

impl Reading {
    /// The date this reading gives, with two-digit years put in the century nearest
    /// `reference` (see [`full_year`]); `None` when it is no date.
    fn date(&self, reference: Option<i32>) -> Option<Date> {
        let year = if self.short_year {
            full_year(self.year, reference)
        } else {
            self.year
        };
        Date::new(year, self.month, self.day)
    }
}

/// A two-digit year as a full year: the one of 19yy and 20yy nearest `reference` (a year
/// the event writes in full), else 2000–2069 for 00–69 and 1970–1999 for 70–99 (no
/// rated chess event carries a date before 1970; FIDE's rating lists start in 1971).
pub(crate) fn full_year(yy: i32, reference: Option<i32>) -> i32 {
    match reference {
        Some(r) => {
            let (a, b) = (1900 + yy, 2000 + yy);
            if (a - r).abs() <= (b - r).abs() { a } else { b }
        }
        None if yy < 70 => 2000 + yy,
        None => 1900 + yy,
    }
}

/// The English month a word names (`Apr`, `April`, `Sept`; any case), 1–12.
fn month_named(word: &str) -> Option<u32> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let word = word.to_ascii_lowercase();
    if word.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| m.starts_with(&word) || (word == "sept" && *m == "september"))
        .map(|i| i as u32 + 1)
}

/// A piece of a date text.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    /// Digits, with how many were written.
    Number(i32, usize),
    Month(u32),
}

/// The text's numbers and month names; `None` when it holds anything else. Separators are
/// `/ . - ,` and blanks, any number of them; an ordinal ending (`18th`) is allowed.
fn tokens(text: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.trim().chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            if digits.len() > 8 {
                return None;
            }
            out.push(Token::Number(digits.parse().ok()?, digits.len()));
            // An ordinal ending belongs to the number.
            let rest: String = chars[i..].iter().take(2).collect::<String>();
            if ["st", "nd", "rd", "th"].contains(&rest.to_ascii_lowercase().as_str())
                && chars.get(i + 2).is_none_or(|c| !c.is_alphabetic())
            {
                i += 2;
            }
        } else if c.is_ascii_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_alphabetic() {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            out.push(Token::Month(month_named(&word)?));
        } else if matches!(c, '/' | '.' | '-' | ',') || c.is_whitespace() {
            i += 1;
        } else {
            return None;
        }
    }
    Some(out)
}

/// Every reading of `text` as a date, the form's usual order first: year first when the
/// year is written first in four digits; day first, then month first, when it is written
/// last in four digits; for three numbers of one or two digits, TRF's order `YY/MM/DD`
/// first, then `DD/MM/YY`, `YY/DD/MM`, `MM/DD/YY`; a month written as a word gives one
/// reading; `YYYYMMDD` in one number too. Readings that give no valid date (month 13,
/// 31 April) are left out. Empty when the text is no date this reader knows.
pub(crate) fn readings(text: &str) -> Vec<Reading> {
    let Some(tokens) = tokens(text) else {
        return Vec::new();
    };
    let reading = |order, (year, digits): (i32, usize), month: i32, day: i32| Reading {
        order,
        year,
        short_year: digits <= 2,
        month: u32::try_from(month).unwrap_or(0),
        day: u32::try_from(day).unwrap_or(0),
    };
    let all: Vec<Reading> = match tokens.as_slice() {
        [Token::Number(n, 8)] => vec![reading(
            Order::YearMonthDay,
            (n / 10_000, 4),
            n / 100 % 100,
            n % 100,
        )],
        [
            Token::Number(y, 4),
            Token::Number(m, lm),
            Token::Number(d, ld),
        ] if *lm <= 2 && *ld <= 2 => {
            vec![reading(Order::YearMonthDay, (*y, 4), *m, *d)]
        }
        [
            Token::Number(a, la),
            Token::Number(b, lb),
            Token::Number(y, 4),
        ] if *la <= 2 && *lb <= 2 => {
            vec![
                reading(Order::DayMonthYear, (*y, 4), *b, *a),
                reading(Order::MonthDayYear, (*y, 4), *a, *b),
            ]
        }
        [
            Token::Number(a, la),
            Token::Number(b, lb),
            Token::Number(c, lc),
        ] if *la <= 2 && *lb <= 2 && *lc <= 2 => {
            vec![
                reading(Order::YearMonthDay, (*a, *la), *b, *c),
                reading(Order::DayMonthYear, (*c, *lc), *b, *a),
                reading(Order::YearDayMonth, (*a, *la), *c, *b),
                reading(Order::MonthDayYear, (*c, *lc), *a, *b),
            ]
        }
        // `Apr 18, 2026`, `April 18 26`.
        [Token::Month(m), Token::Number(d, ld), Token::Number(y, ly)]
            if *ld <= 2 && (*ly == 4 || *ly <= 2) =>
        {
            vec![reading(Order::Named, (*y, *ly), *m as i32, *d)]
        }
        // `18 April 2026`, `18-Apr-26`.
        [Token::Number(d, ld), Token::Month(m), Token::Number(y, ly)]
            if *ld <= 2 && (*ly == 4 || *ly <= 2) =>
        {
            vec![reading(Order::Named, (*y, *ly), *m as i32, *d)]
        }
        // `2026 Apr 18`, `2026-Apr-18`.
        [Token::Number(y, 4), Token::Month(m), Token::Number(d, ld)] if *ld <= 2 => {
            vec![reading(Order::Named, (*y, 4), *m as i32, *d)]
        }
        _ => Vec::new(),
    };
    all.into_iter()
        .filter(|r| r.date(Some(2000)).is_some() || r.date(Some(1900)).is_some())
        .collect()
}

/// The text read alone: its first valid reading (two-digit years as [`full_year`] puts
/// them without a reference).
pub(crate) fn read_alone(text: &str) -> Option<Date> {
    readings(text).iter().find_map(|r| r.date(None))
}

/// The lines the event's dates were read from (0: not read from a file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DateLines {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) rounds: usize,
}

/// Which of the event's dates a text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Start,
    End,
    Round(usize),
}

/// The event's dates as read together: each understood date, and the warnings (one per
/// date that is no date, one per group of dates whose order the event cannot tell).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Settled {
    pub(crate) start: Option<Date>,
    pub(crate) end: Option<Date>,
    /// Index 0 = round 1; `None` for a round without a date or with a text not understood.
    pub(crate) rounds: Vec<Option<Date>>,
    pub(crate) warnings: Vec<String>,
}

impl Settled {
    /// The date the event started: its start date, else its first round's.
    pub(crate) fn first_day(&self) -> Option<Date> {
        self.start
            .or_else(|| self.rounds.first().copied().flatten())
    }
}

/// Dates written alike in one record: read in one order.
struct Group {
    slots: Vec<(Slot, Vec<Reading>)>,
    /// The orders every member can be read in, usual order first.
    orders: Vec<Order>,
    /// The form is the record's own in TRF (`YY/MM/DD` in `132`): read year first when
    /// that fits, without a warning.
    official: bool,
}

/// The form of a text: its digits' counts, month names and separators (`2/2/4`, `M 2 4`).
fn shape(text: &str) -> String {
    let mut out = String::new();
    let mut digits = 0;
    let mut word = false;
    for c in text.trim().chars() {
        if c.is_ascii_digit() {
            digits += 1;
            continue;
        }
        if digits > 0 {
            out.push_str(&digits.to_string());
            digits = 0;
        }
        if c.is_ascii_alphabetic() {
            if !word {
                out.push('M');
            }
            word = true;
            continue;
        }
        word = false;
        if !c.is_whitespace() {
            out.push(c);
        }
    }
    if digits > 0 {
        out.push_str(&digits.to_string());
    }
    out
}

/// The most combinations of orders tried before the groups' usual orders are taken.
const COMBINATIONS: usize = 4096;

/// How far a choice of dates is from a plausible event: the end before the start, a round
/// before an earlier round, a round outside the event's days.
fn violations(start: Option<Date>, end: Option<Date>, rounds: &[Option<Date>]) -> usize {
    let mut count = 0;
    if let (Some(s), Some(e)) = (start, end)
        && e < s
    {
        count += 1;
    }
    let mut last: Option<Date> = None;
    for d in rounds.iter().flatten() {
        if last.is_some_and(|l| *d < l) {
            count += 1;
        }
        last = Some(*d);
        if start.is_some_and(|s| *d < s) || end.is_some_and(|e| *d > e) {
            count += 1;
        }
    }
    count
}

/// The event's dates read together (see the module's doc); `lines` names them in warnings.
pub(crate) fn settle(event: &Event, lines: DateLines) -> Settled {
    let texts: Vec<(Slot, &str)> = [
        (Slot::Start, &event.start_date),
        (Slot::End, &event.end_date),
    ]
    .into_iter()
    .chain(
        event
            .round_dates
            .iter()
            .enumerate()
            .map(|(r, d)| (Slot::Round(r), d)),
    )
    .map(|(slot, text)| (slot, text.trim()))
    .filter(|(_, text)| !text.is_empty())
    .collect();
    let mut settled = Settled {
        rounds: vec![None; event.round_dates.len()],
        ..Settled::default()
    };
    let line_of = |slot: Slot| match slot {
        Slot::Start => lines.start,
        Slot::End => lines.end,
        Slot::Round(_) => lines.rounds,
    };
    let name = |slot: Slot| match slot {
        Slot::Start => "the start date (042)".to_string(),
        Slot::End => "the end date (052)".to_string(),
        Slot::Round(r) => format!("the date of round {} (132)", r + 1),
    };
    // `line 4: the start date (042)`, `lines 4, 5: the start date (042) and the end date
    // (052)`, `line 9: the dates of rounds 1, 2, 5 (132)`.
    let place_all = |slots: &[Slot]| -> String {
        let mut numbers: Vec<usize> = slots
            .iter()
            .map(|s| line_of(*s))
            .filter(|&l| l > 0)
            .collect();
        numbers.dedup();
        let rounds: Vec<String> = slots
            .iter()
            .filter_map(|s| match s {
                Slot::Round(r) => Some((r + 1).to_string()),
                _ => None,
            })
            .collect();
        let what = match (slots, rounds.len()) {
            ([one], _) => name(*one),
            (_, 0) => slots
                .iter()
                .map(|s| name(*s))
                .collect::<Vec<_>>()
                .join(" and "),
            _ => format!("the dates of rounds {} (132)", rounds.join(", ")),
        };
        let numbers: Vec<String> = numbers.iter().map(usize::to_string).collect();
        match numbers.len() {
            0 => what,
            1 => format!("line {}: {what}", numbers[0]),
            _ => format!("lines {}: {what}", numbers.join(", ")),
        }
    };
    let place = |slot: Slot| place_all(&[slot]);
    // Group the texts by record (the header's dates, the rounds') and form.
    let mut groups: Vec<(bool, String, Group)> = Vec::new();
    for (slot, text) in &texts {
        let readings = readings(text);
        if readings.is_empty() {
            settled.warnings.push(format!(
                "{} {text:?} is not a date this program can read; kept as written",
                place(*slot)
            ));
            continue;
        }
        let round = matches!(slot, Slot::Round(_));
        let form = shape(text);
        let official = round && form == "2/2/2";
        match groups
            .iter_mut()
            .find(|(r, f, _)| *r == round && *f == form)
        {
            Some((_, _, g)) => g.slots.push((*slot, readings)),
            None => groups.push((
                round,
                form,
                Group {
                    slots: vec![(*slot, readings)],
                    orders: Vec::new(),
                    official,
                },
            )),
        }
    }
    // The orders all of a group can be read in; a group with none is read date by date.
    let mut split: Vec<Group> = Vec::new();
    for (_, _, mut group) in groups {
        let first = &group.slots[0].1;
        let orders: Vec<Order> = first
            .iter()
            .map(|r| r.order)
            .filter(|o| {
                group
                    .slots
                    .iter()
                    .all(|(_, rs)| rs.iter().any(|r| r.order == *o))
            })
            .collect();
        if orders.is_empty() {
            for (slot, readings) in group.slots {
                split.push(Group {
                    orders: readings.iter().map(|r| r.order).collect(),
                    slots: vec![(slot, readings)],
                    official: group.official,
                });
            }
        } else {
            group.orders = orders;
            split.push(group);
        }
    }
    let groups = split;
    // A year written in full puts two-digit years in its century.
    let reference = groups
        .iter()
        .flat_map(|g| g.slots.iter())
        .flat_map(|(_, rs)| rs.iter())
        .find(|r| !r.short_year)
        .map(|r| r.year);
    let date_of = |group: &Group, slot: usize, order: Order| -> Option<Date> {
        group.slots[slot]
            .1
            .iter()
            .find(|r| r.order == order)
            .and_then(|r| r.date(reference))
    };
    let dates_of = |choice: &[usize]| -> (Option<Date>, Option<Date>, Vec<Option<Date>>) {
        let (mut start, mut end, mut rounds) = (None, None, vec![None; event.round_dates.len()]);
        for (group, &k) in groups.iter().zip(choice) {
            for (i, (slot, _)) in group.slots.iter().enumerate() {
                let date = date_of(group, i, group.orders[k]);
                match slot {
                    Slot::Start => start = date,
                    Slot::End => end = date,
                    Slot::Round(r) => rounds[*r] = date,
                }
            }
        }
        (start, end, rounds)
    };
    // Every combination of the groups' orders (the usual ones alone when there are too
    // many), scored by how implausible the dates are.
    let total = groups
        .iter()
        .try_fold(1usize, |n, g| n.checked_mul(g.orders.len()))
        .filter(|&n| n <= COMBINATIONS);
    let choices: Vec<Vec<usize>> = match total {
        Some(n) => (0..n)
            .map(|mut i| {
                groups
                    .iter()
                    .map(|g| {
                        let k = i % g.orders.len();
                        i /= g.orders.len();
                        k
                    })
                    .collect()
            })
            .collect(),
        None => vec![vec![0; groups.len()]],
    };
    // A record's own form in TRF (`YY/MM/DD` in `132`) is read as TRF defines it unless
    // that makes the dates less plausible.
    let scored: Vec<((usize, usize), &Vec<usize>)> = choices
        .iter()
        .map(|c| {
            let (s, e, r) = dates_of(c);
            let deviations = groups
                .iter()
                .zip(c)
                .filter(|(g, k)| g.official && g.orders[**k] != Order::YearMonthDay)
                .count();
            ((violations(s, e, &r), deviations), c)
        })
        .collect();
    let least = scored.iter().map(|(v, _)| *v).min().unwrap_or((0, 0));
    let fitting: Vec<&Vec<usize>> = scored
        .iter()
        .filter(|(v, _)| *v == least)
        .map(|(_, c)| *c)
        .collect();
    // The usual orders first: the smallest choice, group by group.
    let Some(chosen) = fitting.iter().min_by_key(|c| c.to_vec()).copied() else {
        return settled;
    };
    let (start, end, rounds) = dates_of(chosen);
    settled.start = start;
    settled.end = end;
    settled.rounds = rounds;
    for (g, group) in groups.iter().enumerate() {
        let order = group.orders[chosen[g]];
        let mine = |c: &Vec<usize>| -> Vec<Option<Date>> {
            (0..group.slots.len())
                .map(|i| date_of(group, i, group.orders[c[g]]))
                .collect()
        };
        let own = mine(chosen);
        let others: Vec<Order> = fitting
            .iter()
            .filter(|c| mine(c) != own)
            .map(|c| group.orders[c[g]])
            .fold(Vec::new(), |mut v, o| {
                if !v.contains(&o) {
                    v.push(o);
                }
                v
            });
        if others.is_empty() {
            continue;
        }
        let texts: Vec<String> = group
            .slots
            .iter()
            .filter_map(|(s, _)| texts.iter().find(|(t, _)| t == s).map(|(_, x)| *x))
            .map(|x| format!("{x:?}"))
            .collect();
        let read: Vec<String> = own.iter().flatten().map(|d| d.long()).collect();
        let alternatives: Vec<&str> = others.iter().map(|o| o.words()).collect();
        let slots: Vec<Slot> = group.slots.iter().map(|(s, _)| *s).collect();
        let what = place_all(&slots);
        settled.warnings.push(format!(
            "{what} {} read as {} ({}); read as {} it would fit the event's other dates as well: check the dates (TRF-2026 writes YYYY/MM/DD)",
            texts.join(", "),
            read.join(", "),
            order.words(),
            alternatives.join(" or ")
        ));
    }
    settled
}

/// Rewrites the event's understood dates in TRF's forms (`042`/`052` `YYYY/MM/DD`, `132`
/// `YY/MM/DD`) and keeps the others as written; returns the warnings of [`settle`].
pub(crate) fn normalise(event: &mut Event, lines: DateLines) -> Vec<String> {
    let settled = settle(event, lines);
    if let Some(d) = settled.start {
        event.start_date = d.long();
    }
    if let Some(d) = settled.end {
        event.end_date = d.long();
    }
    for (text, date) in event.round_dates.iter_mut().zip(&settled.rounds) {
        if let Some(d) = date {
            *text = d.short();
        }
    }
    settled.warnings
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(year: i32, month: u32, day: u32) -> Option<Date> {
        Date::new(year, month, day)
    }

    fn event(start: &str, end: &str, rounds: &[&str]) -> Event {
        Event {
            start_date: start.into(),
            end_date: end.into(),
            round_dates: rounds.iter().map(|r| r.to_string()).collect(),
            ..Event::default()
        }
    }

    #[test]
    fn every_form_seen_in_real_files_reads_alone() {
        for (text, date) in [
            ("30/09/2011", d(2011, 9, 30)),
            ("25.02.2011", d(2011, 2, 25)),
            ("24/09/2010", d(2010, 9, 24)),
            ("Apr 18, 2026", d(2026, 4, 18)),
            ("18 April 2026", d(2026, 4, 18)),
            ("18-Apr-2026", d(2026, 4, 18)),
            ("18-apr-26", d(2026, 4, 18)),
            ("2026 Apr 18", d(2026, 4, 18)),
            ("April 18th, 2026", d(2026, 4, 18)),
            ("28. 07. 2005", d(2005, 7, 28)),
            ("24/01/01", d(2024, 1, 1)),
            ("2024/01/01", d(2024, 1, 1)),
            ("2019-05-10", d(2019, 5, 10)),
            ("2019.05.10", d(2019, 5, 10)),
            ("20190510", d(2019, 5, 10)),
            ("98/12/31", d(1998, 12, 31)),
            ("  2011/7/2 ", d(2011, 7, 2)),
            ("11.25.02", d(2011, 2, 25)),
            ("2024/02/29", d(2024, 2, 29)),
        ] {
            assert_eq!(read_alone(text), date, "{text:?}");
        }
    }

    #[test]
    fn garbage_and_impossible_days_are_not_dates() {
        for text in [
            "",
            "soon",
            "--CPP DUBOV SYSTEM RANDOM TOURNAMENT (START DATE)--",
            "2023/02/29",
            "31/04/2011",
            "13/13/2011",
            "2011/13/01",
            "Smarch 3, 2011",
            "1/2",
            "2011/09/30 10:00",
            "123/04/05",
            "0000/00/00",
        ] {
            assert_eq!(read_alone(text), None, "{text:?}");
        }
    }

    #[test]
    fn two_digit_years_take_the_century_of_the_events_full_years() {
        assert_eq!(full_year(5, None), 2005);
        assert_eq!(full_year(69, None), 2069);
        assert_eq!(full_year(70, None), 1970);
        assert_eq!(full_year(99, None), 1999);
        assert_eq!(full_year(65, Some(1966)), 1965);
        assert_eq!(full_year(1, Some(1999)), 2001);
        let s = settle(
            &event("1965/03/01", "1965/03/05", &["65/03/01"]),
            DateLines::default(),
        );
        assert_eq!(s.rounds, vec![d(1965, 3, 1)]);
    }

    #[test]
    fn the_other_dates_settle_the_order() {
        // Krause-era `YY.DD.MM` round dates, told by the start and end dates.
        let e = event(
            "25.02.2011",
            "27.02.2011",
            &["11.25.02", "11.26.02", "11.27.02"],
        );
        let s = settle(&e, DateLines::default());
        assert_eq!(s.start, d(2011, 2, 25));
        assert_eq!(s.end, d(2011, 2, 27));
        assert_eq!(
            s.rounds,
            vec![d(2011, 2, 25), d(2011, 2, 26), d(2011, 2, 27)]
        );
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
        // Swiss-Manager's `YY.MM.DD` across a season: only year first keeps the end after
        // the start.
        let s = settle(
            &event("10.09.13", "11.03.13", &["10.09.13", "10.10.16"]),
            DateLines::default(),
        );
        assert_eq!((s.start, s.end), (d(2010, 9, 13), d(2011, 3, 13)));
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
        // Day or month first: both fit the start and end alone; the rounds tell.
        let e = event(
            "06/05/2011",
            "08/05/2011",
            &["11/05/06", "11/05/07", "11/05/08"],
        );
        let s = settle(&e, DateLines::default());
        assert_eq!((s.start, s.end), (d(2011, 5, 6), d(2011, 5, 8)));
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
        // The end date tells the start date's order (one form, one order).
        let s = settle(
            &event("05/06/2011", "15/06/2011", &[]),
            DateLines::default(),
        );
        assert_eq!(s.start, d(2011, 6, 5));
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
        // A file writing 132 as DD/MM/YY: the start and end dates tell.
        let s = settle(
            &event("2011/02/25", "2011/02/26", &["25/02/11", "26/02/11"]),
            DateLines::default(),
        );
        assert_eq!(s.rounds, vec![d(2011, 2, 25), d(2011, 2, 26)]);
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    #[test]
    fn what_cannot_be_told_is_read_the_usual_way_with_a_warning_naming_the_lines() {
        let lines = DateLines {
            start: 4,
            end: 5,
            rounds: 9,
        };
        let s = settle(&event("05/06/2011", "07/06/2011", &[]), lines);
        assert_eq!((s.start, s.end), (d(2011, 6, 5), d(2011, 6, 7)));
        assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
        assert!(
            s.warnings[0].starts_with("lines 4, 5: the start date (042) and the end date (052)"),
            "{}",
            s.warnings[0]
        );
        assert!(
            s.warnings[0].contains("month, day, year"),
            "{}",
            s.warnings[0]
        );
        // Round dates alone in a form other than TRF's: `YY.MM.DD` taken, with a warning.
        let s = settle(&event("", "", &["11.02.05"]), lines);
        assert_eq!(s.rounds, vec![d(2011, 2, 5)]);
        assert!(
            s.warnings[0].starts_with("line 9: the date of round 1 (132)"),
            "{:?}",
            s.warnings
        );
        // TRF's own `YY/MM/DD` in 132 is read as TRF defines it without a warning.
        let s = settle(&event("", "", &["11/02/05"]), lines);
        assert_eq!(s.rounds, vec![d(2011, 2, 5)]);
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    #[test]
    fn unreadable_dates_are_kept_with_a_warning() {
        let mut e = event("--START--", "2011/07/03", &["11/07/02", "later"]);
        let lines = DateLines {
            start: 2,
            end: 3,
            rounds: 7,
        };
        let warnings = normalise(&mut e, lines);
        assert_eq!(e.start_date, "--START--");
        assert_eq!(e.end_date, "2011/07/03");
        assert_eq!(e.round_dates, vec!["11/07/02".to_string(), "later".into()]);
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].starts_with("line 2: the start date (042) \"--START--\""));
        assert!(warnings[1].starts_with("line 7: the date of round 2 (132) \"later\""));
    }

    #[test]
    fn normalised_dates_are_trfs_forms() {
        let mut e = event("30/09/2011", "Oct 2, 2011", &["11.30.09", "", "11.02.10"]);
        normalise(&mut e, DateLines::default());
        assert_eq!(e.start_date, "2011/09/30");
        assert_eq!(e.end_date, "2011/10/02");
        assert_eq!(
            e.round_dates,
            vec!["11/09/30".to_string(), "".into(), "11/10/02".into()]
        );
    }

    /// `date` written in one of the forms of real files (`form` picks it).
    fn written(date: Date, form: usize, sep: &str) -> String {
        const NAMES: [&str; 12] = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ];
        let (y, m, d, yy) = (date.year, date.month, date.day, date.year % 100);
        match form % 8 {
            0 => format!("{y:04}{sep}{m:02}{sep}{d:02}"),
            1 => format!("{d:02}{sep}{m:02}{sep}{y:04}"),
            2 => format!("{m:02}{sep}{d:02}{sep}{y:04}"),
            3 => format!("{yy:02}{sep}{m:02}{sep}{d:02}"),
            4 => format!("{yy:02}{sep}{d:02}{sep}{m:02}"),
            5 => format!("{d:02}{sep}{m:02}{sep}{yy:02}"),
            6 => format!("{d} {} {y}", NAMES[m as usize - 1]),
            _ => format!("{} {d}, {y}", NAMES[m as usize - 1]),
        }
    }

    /// An event's dates in order (start, rounds, end), within one year, the start and end
    /// in one form of real files and the rounds in one.
    fn event_dates() -> impl Strategy<Value = Event> {
        let date = (1u32..=12, 1u32..=28);
        (
            1975i32..2055,
            proptest::collection::vec(date, 2..8),
            (0usize..8, 0usize..8),
            prop::sample::select(vec!["/", ".", "-", ". "]),
        )
            .prop_map(|(year, mut dates, (header, rounds), sep)| {
                dates.sort();
                let last = dates.len() - 1;
                let texts: Vec<String> = dates
                    .iter()
                    .enumerate()
                    .map(|(i, &(m, d))| {
                        let form = if i == 0 || i == last { header } else { rounds };
                        written(Date::new(year, m, d).unwrap(), form, sep)
                    })
                    .collect();
                let rounds: Vec<&str> = texts[1..texts.len() - 1]
                    .iter()
                    .map(String::as_str)
                    .collect();
                event(&texts[0], &texts[texts.len() - 1], &rounds)
            })
    }

    proptest! {
        /// Any text: no panic; every date read is a valid date.
        #[test]
        fn never_panics_on_any_text(texts in proptest::collection::vec(".{0,24}", 0..6)) {
            let mut e = event(
                texts.first().map_or("", String::as_str),
                texts.get(1).map_or("", String::as_str),
                &texts.iter().skip(2).map(String::as_str).collect::<Vec<_>>(),
            );
            for text in &texts {
                for r in readings(text) {
                    prop_assert!(r.date(None).is_none_or(|d| Date::new(d.year, d.month, d.day) == Some(d)));
                }
            }
            let s = settle(&e, DateLines::default());
            prop_assert_eq!(s.rounds.len(), e.round_dates.len());
            normalise(&mut e, DateLines::default());
        }

        /// Reading the dates TRF's way again gives the same dates and no warning:
        /// normalising twice changes nothing.
        #[test]
        fn normalising_is_idempotent(mut e in event_dates()) {
            let first = settle(&e, DateLines::default());
            prop_assert_eq!(violations(first.start, first.end, &first.rounds), 0);
            prop_assert!(first.rounds.iter().all(Option::is_some));
            normalise(&mut e, DateLines::default());
            let once = e.clone();
            let again = settle(&e, DateLines::default());
            normalise(&mut e, DateLines::default());
            prop_assert_eq!(&e, &once);
            prop_assert_eq!(first.start, again.start);
            prop_assert_eq!(first.end, again.end);
        }

        /// A date written in a form other programs use reads back as itself when the
        /// other dates of the event agree (start and end written year first).
        #[test]
        fn a_round_date_between_known_days_reads_as_written(y in 1990i32..2060, m in 1u32..=12, dd in 1u32..=28, form in 0usize..3) {
            let date = Date::new(y, m, dd).unwrap();
            let text = match form {
                0 => format!("{:02}.{dd:02}.{m:02}", y % 100),
                1 => format!("{dd:02}/{m:02}/{:02}", y % 100),
                _ => format!("{:02}-{m:02}-{dd:02}", y % 100),
            };
            let e = event(&date.long(), &date.long(), &[&text]);
            let s = settle(&e, DateLines::default());
            prop_assert_eq!(s.rounds, vec![Some(date)]);
        }
    }
}
