//! Result slips: one per board, with both players, boxes for the result and lines for
//! the signatures.

use crate::tournament::{Player, Tournament};

use super::super::PrintError;
use super::super::boards::boards;
use super::super::document::{Body, Document, Slip};
use super::{event_name, player};

fn label(p: &Player) -> String {
    match p.rating {
        Some(r) => format!("{}  {} ({r})", p.id, p.name),
        None => format!("{}  {}", p.id, p.name),
    }
}

/// The slips of `round` (already checked to be paired).
pub(crate) fn build(t: &Tournament, round: u32) -> Result<Document, PrintError> {
    let slips = boards(t, round)
        .into_iter()
        .map(|board| {
            Ok(Slip {
                heading: format!("Round {round} · Board {}", board.number),
                white: label(player(t, board.white)?),
                black: label(player(t, board.black)?),
                choices: ["1 - 0", "½ - ½", "0 - 1"].map(String::from).to_vec(),
                code: None,
            })
        })
        .collect::<Result<Vec<_>, PrintError>>()?;
    Ok(Document {
        event: event_name(t),
        title: format!("Result slips, round {round}"),
        draft: !t.is_published(round),
        details: Vec::new(),
        orientation: None,
        body: Body::Slips(slips),
        notes: Vec::new(),
    })
}
