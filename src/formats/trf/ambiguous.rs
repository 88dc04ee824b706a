//! The codes programs mean differently, read line by line the way the line's own points
//! column adds up (the dialect's meaning first), and forfeits written without a colour.

use std::collections::{BTreeMap, HashMap};

use crate::tournament::{ByeKind, Colour, Outcome, Points, Tournament};

use super::dialect::{ByeCode, Origin};
use super::player_line::PlayerLine;

/// How many line numbers a warning lists before it counts the rest.
const LINES_SHOWN: usize = 8;

/// `lines` as a phrase: `line 4`, `lines 4, 9 and 3 more`.
pub(super) fn line_list(lines: &[usize]) -> String {
    let shown: Vec<String> = lines
        .iter()
        .take(LINES_SHOWN)
        .map(usize::to_string)
        .collect();
    let more = lines.len().saturating_sub(LINES_SHOWN);
    let word = if lines.len() == 1 { "line" } else { "lines" };
    let tail = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    format!("{word} {}{tail}", shown.join(", "))
}

/// What an outcome read from a bye code is, for the arbiter.
fn meaning(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::PairingBye => "the pairing-allocated bye",
        Outcome::Bye(ByeKind::Full) => "a full-point bye",
        Outcome::Bye(ByeKind::Half) => "a half-point bye",
        _ => "an absence without points",
    }
}

/// How many readings the search of one line may try before it keeps the dialect's own.
const SEARCH_LIMIT: usize = 100_000;

/// The reading (an index into `readings[i]`) of each entry that makes `values` add up to
/// `target`: as few entries as can be read other than their dialect means them, and of
/// those, the dialect's own meaning kept in the earliest rounds. `None` when no reading
/// adds up (or the search gave up).
fn choose(readings: &[Vec<i32>], target: i32) -> Option<Vec<usize>> {
    struct Search<'a> {
        values: &'a [Vec<i32>],
        /// The least and most the entries from `i` on can add.
        least: Vec<i32>,
        most: Vec<i32>,
        chosen: Vec<usize>,
        tried: usize,
    }
    impl Search<'_> {
        fn find(&mut self, i: usize, left: i32, others: usize) -> bool {
            self.tried += 1;
            if self.tried > SEARCH_LIMIT || left < self.least[i] || left > self.most[i] {
                return false;
            }
            let Some(options) = self.values.get(i) else {
                return left == 0;
            };
            for (k, &value) in options.iter().enumerate() {
                let others = match (k, others) {
                    (0, _) => others,
                    (_, 0) => break,
                    _ => others - 1,
                };
                self.chosen[i] = k;
                if self.find(i + 1, left - value, others) {
                    return true;
                }
            }
            false
        }
    }
    let n = readings.len();
    let mut least = vec![0; n + 1];
    let mut most = vec![0; n + 1];
    for i in (0..n).rev() {
        least[i] = least[i + 1] + readings[i].iter().min().copied().unwrap_or(0);
        most[i] = most[i + 1] + readings[i].iter().max().copied().unwrap_or(0);
    }
    let mut search = Search {
        values: readings,
        least,
        most,
        chosen: vec![0; n],
        tried: 0,
    };
    (0..=n).find_map(|others| {
        search
            .find(0, target, others)
            .then(|| search.chosen.clone())
    })
}

/// The readings of `line`'s ambiguous entries (indexes into their dialect's readings)
/// under which the player's score is `recorded`, over every round recorded or over the
/// rounds paired only (the entries of later rounds then keep their own reading).
fn reading_that_adds_up(
    t: &Tournament,
    line: &PlayerLine,
    origin: Origin,
    recorded: Points,
    next_round: u32,
) -> Option<Vec<usize>> {
    if t.plays_matches() {
        return None;
    }
    let player = t.player(line.player.id)?;
    let scoring = &t.event.scoring;
    let value = |o: &Outcome| scoring.points(o).tenths();
    let values: Vec<Vec<i32>> = line
        .ambiguous
        .iter()
        .map(|&(_, code)| origin.readings(code).iter().map(value).collect())
        .collect();
    let is_ambiguous = |round: u32| line.ambiguous.iter().any(|&(r, _)| r == round);
    let rest = |last: u32| -> i32 {
        (1..=last.min(player.results.len() as u32))
            .filter(|&r| !is_ambiguous(r))
            .map(|r| value(player.outcome(r)))
            .sum()
    };
    let recorded = recorded.tenths();
    if let Some(all) = choose(&values, recorded - rest(u32::MAX)) {
        return Some(all);
    }
    let paired = line
        .ambiguous
        .iter()
        .take_while(|&&(round, _)| round < next_round)
        .count();
    let mut chosen = choose(&values[..paired], recorded - rest(next_round - 1))?;
    chosen.resize(line.ambiguous.len(), 0);
    Some(chosen)
}

/// Reads the ambiguous codes of every line, and sets the colours of forfeits written
/// without one; returns a warning for each way a code was read, naming the lines.
pub(super) fn resolve(
    t: &mut Tournament,
    lines: &[PlayerLine],
    line_of: &HashMap<u32, usize>,
    origin: Origin,
    next_round: u32,
) -> Vec<String> {
    let line_number = |id: u32| line_of.get(&id).copied().unwrap_or(0);
    let mut warnings = Vec::new();

    let mut colourless = Vec::new();
    for line in lines.iter().filter(|l| !l.colourless.is_empty()) {
        let id = line.player.id;
        for &round in &line.colourless {
            if let Some(player) = t.player_mut(id)
                && let Outcome::Forfeit { opponent, won, .. } = player.outcome(round).clone()
            {
                let colour = if id < opponent {
                    Colour::White
                } else {
                    Colour::Black
                };
                let forfeit = Outcome::Forfeit {
                    opponent,
                    colour,
                    won,
                };
                player.set_outcome(round, forfeit);
            }
        }
        colourless.push(line_number(id));
    }
    if !colourless.is_empty() {
        warnings.push(format!(
            "{}: a forfeit written without a colour; read as a forfeit, White to the lower \
             starting rank (a forfeit's colour does not count)",
            line_list(&colourless)
        ));
    }

    // (code, reading) -> lines
    let mut read_as: BTreeMap<(ByeCode, usize), Vec<usize>> = BTreeMap::new();
    for line in lines.iter().filter(|l| !l.ambiguous.is_empty()) {
        let chosen = line
            .points
            .and_then(|recorded| reading_that_adds_up(t, line, origin, recorded, next_round))
            .unwrap_or_else(|| vec![0; line.ambiguous.len()]);
        if let Some(player) = t.player_mut(line.player.id) {
            for (&(round, code), &k) in line.ambiguous.iter().zip(&chosen) {
                let reading = origin.readings(code).swap_remove(k);
                player.set_outcome(round, reading);
                let lines = read_as.entry((code, k)).or_default();
                if lines.last() != Some(&line_number(line.player.id)) {
                    lines.push(line_number(line.player.id));
                }
            }
        }
    }
    for ((code, reading), lines) in read_as {
        let why = if reading == 0 {
            format!("as {origin} means it")
        } else {
            "the points column adds up only so".to_string()
        };
        let readings = origin.readings(code);
        let Some(outcome) = readings.get(reading) else {
            continue;
        };
        warnings.push(format!(
            "{}: {} read as {} ({why})",
            line_list(&lines),
            code.text(),
            meaning(outcome)
        ));
    }

    warnings.extend(one_pairing_bye_per_round(t, lines, &line_number));
    warnings
}

/// A round can have one pairing-allocated bye: where ambiguous codes gave a round several,
/// those are full-point byes (worth the same under every scoring but the PAB's own).
fn one_pairing_bye_per_round(
    t: &mut Tournament,
    lines: &[PlayerLine],
    line_number: &dyn Fn(u32) -> usize,
) -> Vec<String> {
    let mut warnings = Vec::new();
    for round in 1..=t.rounds_recorded() {
        let byes = t
            .players
            .iter()
            .filter(|p| *p.outcome(round) == Outcome::PairingBye)
            .count();
        if byes < 2 {
            continue;
        }
        let mut changed = Vec::new();
        for line in lines {
            if !line.ambiguous.iter().any(|&(r, _)| r == round) {
                continue;
            }
            if let Some(player) = t.player_mut(line.player.id)
                && *player.outcome(round) == Outcome::PairingBye
            {
                player.set_outcome(round, Outcome::Bye(ByeKind::Full));
                changed.push(line_number(line.player.id));
            }
        }
        if !changed.is_empty() {
            warnings.push(format!(
                "{}: round {round} would have {byes} pairing-allocated byes, and a round has \
                 one; read as full-point byes",
                line_list(&changed)
            ));
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fewest_readings_other_than_the_dialects_and_the_own_kept_in_the_first_rounds() {
        // Half a point (own), none, or a whole point, in tenths.
        let blank = vec![5, 0, 10];
        let five = vec![blank.clone(); 5];
        assert_eq!(choose(&five, 25), Some(vec![0; 5]));
        // One half-point bye and four absences: the half point stays in round 1.
        assert_eq!(choose(&five, 5), Some(vec![0, 1, 1, 1, 1]));
        assert_eq!(choose(&five, 0), Some(vec![1; 5]));
        assert_eq!(choose(&five, 30), Some(vec![0, 0, 0, 0, 2]));
        assert_eq!(choose(&five, 51), None);
        assert_eq!(choose(&five, -5), None);
        assert_eq!(choose(&[], 0), Some(vec![]));
        assert_eq!(choose(&[], 5), None);
    }

    #[test]
    fn every_choice_adds_up_to_its_target() {
        let options = vec![vec![0, 5], vec![10, 0], vec![5, 0, 10], vec![0, 5]];
        for target in -10..=40 {
            if let Some(chosen) = choose(&options, target) {
                let sum: i32 = chosen.iter().zip(&options).map(|(&k, o)| o[k]).sum();
                assert_eq!(sum, target);
            } else {
                assert!(!(0..=30).contains(&target) || target % 5 != 0, "{target}");
            }
        }
    }

    #[test]
    fn line_lists_count_what_they_leave_out() {
        assert_eq!(line_list(&[4]), "line 4");
        assert_eq!(line_list(&[4, 9]), "lines 4, 9");
        let many: Vec<usize> = (1..=10).collect();
        assert_eq!(line_list(&many), "lines 1, 2, 3, 4, 5, 6, 7, 8 and 2 more");
    }
}
