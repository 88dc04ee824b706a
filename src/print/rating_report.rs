//! The FIDE rating report: the event as TRF, with each player's final place in the rank
//! column and the tie-break list that decided it (records `202` and `212`).
//! Each pairing override of the audit trail, and each entry of the integrity log, is one
//! `###` line (the TRF-2026 writer's; TRF-16 has no comments).

use crate::formats::trf::{self, Dialect};
use crate::standings;
use crate::tournament::Tournament;

use super::PrintError;
use super::sheets::event_standings;

/// The FIDE report and what it lacks that a rating officer will ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RatingReport {
    pub(crate) text: String,
    /// Round dates (`132`) or FIDE IDs missing: written anyway, said on the side.
    pub(crate) warnings: Vec<String>,
}

/// The report of the rounds played, as TRF-2026 (for FIDE) or TRF-16 (for older rating
/// tools). Refused while a paired round is a draft, lacks a result or has an adjourned
/// game: the report is made from games played, and the ranks from them. Byes requested
/// for rounds not paired yet are left out, so that no one's points count them; an empty
/// tournament type (`092`) names the pairing system.
pub(crate) fn rating_report(t: &Tournament, dialect: Dialect) -> Result<RatingReport, PrintError> {
    let paired = t.rounds_recorded();
    let paired = (1..=paired)
        .take_while(|&r| t.is_paired(r))
        .last()
        .unwrap_or(0);
    for round in 1..=paired {
        if !t.is_published(round) {
            return Err(PrintError::NotPlayed {
                round,
                why: "is a draft (its pairing is not published)".into(),
            });
        }
        let missing = t.pending_boards(round).len();
        if missing > 0 {
            return Err(PrintError::NotPlayed {
                round,
                why: format!("has {missing} board(s) without a result"),
            });
        }
        if let Some(game) = t.adjourned_in(round).first() {
            return Err(PrintError::NotPlayed {
                round,
                why: format!(
                    "has an adjourned game on board {} ({}-{}), and no report is made while one remains",
                    game.board, game.white, game.black
                ),
            });
        }
    }
    let mut report = t.clone();
    for player in &mut report.players {
        player.results.truncate(paired as usize);
    }
    record_ranks(&mut report)?;
    if report.event.tournament_type.trim().is_empty()
        && let Some(system) = report.event.system
    {
        report.event.tournament_type = format!("Swiss system: {}", system.title());
    }
    let text = trf::write(&report, dialect)?;
    Ok(RatingReport {
        text,
        warnings: missing_for_rating(&report, paired),
    })
}

/// Records each player's rank in the standings after the last round (TRF `001`, columns
/// 86-89) under the event's tie-break list (C.07; the default list without one), and the
/// list as `202` and `212`: the ranks and order a checker compares (C.02.03 7).
pub(crate) fn record_ranks(t: &mut Tournament) -> Result<(), PrintError> {
    let s = event_standings(t, None)?;
    for row in &s.rows {
        if let Some(p) = t.player_mut(row.id) {
            p.rank = Some(row.rank);
        }
    }
    standings::store_in_event(&mut t.event, &s.tiebreaks);
    Ok(())
}

/// What the rating officer needs and the event does not record: a date for each round
/// played (`132`), and the FIDE ID of each player (at most ten named).
fn missing_for_rating(t: &Tournament, played: u32) -> Vec<String> {
    let mut warnings = Vec::new();
    let undated: Vec<String> = (1..=played)
        .filter(|&r| {
            t.event
                .round_dates
                .get(r as usize - 1)
                .is_none_or(|d| d.trim().is_empty())
        })
        .map(|r| r.to_string())
        .collect();
    if !undated.is_empty() {
        warnings.push(format!(
            "no date for round(s) {} (record 132): FIDE's rating officer needs the date of each round",
            undated.join(", ")
        ));
    }
    let without: Vec<String> = t
        .players
        .iter()
        .filter(|p| p.fide_id.is_none())
        .map(|p| format!("{} {}", p.id, p.name))
        .collect();
    if !without.is_empty() {
        let named: Vec<&str> = without.iter().take(10).map(String::as_str).collect();
        let more = without.len().saturating_sub(named.len());
        warnings.push(format!(
            "{} player(s) without a FIDE ID: {}{}",
            without.len(),
            named.join("; "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        ));
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{Colour, GameResult, Outcome, Player};

    #[test]
    fn ranks_and_tiebreaks_are_filled_in() {
        let mut t = Tournament::default();
        t.event.name = "Club Open".into();
        let mut a = Player::new(1, "Åberg, Ada");
        a.set_outcome(1, Outcome::game(2, Colour::White, GameResult::Loss));
        let mut b = Player::new(2, "Bøe, Bo");
        b.set_outcome(1, Outcome::game(1, Colour::Black, GameResult::Win));
        t.add_player(a).expect("id 1");
        t.add_player(b).expect("id 2");
        let text = rating_report(&t, Dialect::Trf26).expect("report").text;
        // Columns 86-89 (characters, not bytes: the names are not ASCII).
        let rank = |id: u32| {
            text.lines()
                .filter(|l| l.starts_with("001"))
                .find(|l| l.get(4..8).is_some_and(|n| n.trim() == id.to_string()))
                .map(|l| l.chars().skip(85).take(4).collect::<String>())
                .unwrap_or_default()
        };
        assert_eq!(rank(2), "   1", "{text}");
        assert_eq!(rank(1), "   2", "{text}");
        assert!(text.contains("\n202 BH/C1,BH,SB,DE,WIN\n"), "{text}");
        assert!(text.contains("\n212 PTS,BH/C1,BH,SB,DE,WIN\n"), "{text}");
        let old = rating_report(&t, Dialect::Trf16).expect("TRF-16").text;
        assert!(old.contains("012 Club Open"));
        t.overrides.push(crate::tournament::OverrideRecord {
            round: 1,
            reason: "family".into(),
            ..Default::default()
        });
        let text = rating_report(&t, Dialect::Trf26).expect("report").text;
        assert!(text.contains("\n### override of round 1 at"), "{text}");
        assert!(text.contains("reason: family\n"), "{text}");
        let old = rating_report(&t, Dialect::Trf16).expect("TRF-16").text;
        assert!(!old.contains("###"));
    }
}
