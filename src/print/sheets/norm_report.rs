//! The norm report of one player for one title (the figures of FIDE's form IT1): the
//! games counted as a table, then the figures and each requirement of B.01 with its
//! article, to sign and attach to the application.

use crate::norms::{self, EventNorms, NormCheck};
use crate::tournament::Tournament;

use super::super::document::{Align, Column, Document, Table};
use super::{event_details, table_sheet};

/// The norm report of `check`, a check of `norms`, the norm check of `t`.
pub(crate) fn build(t: &Tournament, norms: &EventNorms, check: &NormCheck) -> Document {
    let mut details = event_details(t);
    details.push(format!(
        "{}: {} norm {}",
        norms::applicant(check),
        check.norm,
        norms::verdict(check)
    ));
    let [round, number, name, title, rating, federation, result] = norms::GAME_HEADINGS;
    let table = Table {
        columns: vec![
            Column::fixed(round, Align::Right),
            Column::fixed(number, Align::Right),
            Column::names(name),
            Column::fixed(title, Align::Left),
            Column::fixed(rating, Align::Right),
            Column::fixed(federation, Align::Left),
            Column::fixed(result, Align::Centre),
        ],
        rows: check
            .games
            .iter()
            .map(|g| norms::game_cells(g).to_vec())
            .collect(),
    };
    let mut notes = norms::figure_lines(check);
    notes.extend(check.requirements.iter().map(|r| {
        let [article, what, figure, bound, met] = norms::requirement_cells(r);
        if r.bound == norms::Bound::Declared {
            format!("B.01 {article}: {what}: declared by the arbiter (to confirm by signing)")
        } else {
            format!("B.01 {article}: {what}: {figure} ({bound}): {met}")
        }
    }));
    notes.extend(norms::event_lines(norms).into_iter().take(3));
    notes.push("Chief arbiter's signature:".to_string());
    table_sheet(
        t,
        format!("{} norm report (IT1 figures)", check.norm),
        details,
        table,
        notes,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::norms::{NormOptions, NormTitle};
    use crate::print::{Body, Paper, html};
    use crate::tournament::{Colour, GameResult, Outcome, Player};

    #[test]
    fn the_sheet_lists_the_games_and_every_requirement() {
        let mut t = Tournament::default();
        t.event.name = "Open".into();
        let mut applicant = Player::new(1, "Applicant, A");
        applicant.set_outcome(1, Outcome::game(2, Colour::White, GameResult::Win));
        let mut opponent = Player::new(2, "Opponent, B");
        opponent.title = "GM".into();
        opponent.rating = Some(2500);
        opponent.set_outcome(1, Outcome::game(1, Colour::Black, GameResult::Loss));
        t.players = vec![applicant, opponent];
        let result = norms::check_event(&t, &NormOptions::default());
        let check = result
            .checks
            .iter()
            .find(|c| c.player == 1 && c.norm == NormTitle::Gm)
            .expect("check");
        let doc = build(&t, &result, check);
        assert_eq!(doc.title, "GM norm report (IT1 figures)");
        let Body::Table(table) = &doc.body else {
            panic!("a table");
        };
        assert_eq!(
            table.rows,
            [["1", "2", "Opponent, B", "GM", "2500", "-", "1"].map(String::from)]
        );
        assert_eq!(
            doc.notes.iter().filter(|n| n.starts_with("B.01 ")).count(),
            check.requirements.len()
        );
        assert!(
            doc.notes
                .iter()
                .any(|n| n == "B.01 1.4.1a: games counted: 1 (>= 9): NOT MET")
        );
        assert!(html::render(&doc, Paper::A4).contains("Applicant, A"));
    }
}
