//! The FIDE rating report: the event as TRF, with each player's final place in the rank
//! column and the tie-break list that decided it (records `202` and `212`).
//! Each pairing override of the audit trail becomes one `###` comment line (TRF-2026
//! writes comments; TRF-16 has none).

use crate::formats::trf::{self, Dialect};
use crate::standings;
use crate::tournament::Tournament;

use super::PrintError;
use super::sheets::event_standings;

/// The report after the last complete round, as TRF-2026 (for FIDE) or TRF-16 (for
/// older rating tools).
pub fn rating_report(t: &Tournament, dialect: Dialect) -> Result<String, PrintError> {
    let s = event_standings(t, None)?;
    let mut report = t.clone();
    for row in &s.rows {
        if let Some(p) = report.player_mut(row.id) {
            p.rank = Some(row.rank);
        }
    }
    standings::store_in_event(&mut report.event, &s.tiebreaks);
    let overrides = t.overrides.iter().map(|o| o.comment());
    report.event.comments.extend(overrides);
    Ok(trf::write(&report, dialect)?)
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
        let text = rating_report(&t, Dialect::Trf26).expect("report");
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
        let old = rating_report(&t, Dialect::Trf16).expect("TRF-16");
        assert!(old.contains("012 Club Open"));
        t.overrides.push(crate::tournament::OverrideRecord {
            round: 1,
            reason: "family".into(),
            ..Default::default()
        });
        let text = rating_report(&t, Dialect::Trf26).expect("report");
        assert!(text.contains("\n### override of round 1 at"), "{text}");
        assert!(text.contains("reason: family\n"), "{text}");
        let old = rating_report(&t, Dialect::Trf16).expect("TRF-16");
        assert!(!old.contains("###"));
    }
}
