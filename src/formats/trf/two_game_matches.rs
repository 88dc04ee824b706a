//! What a TRF file cannot hold of a Double-Swiss event (C.04.5).
//!
//! TRF-2026 has one opponent, one colour and one result character per player and round,
//! so a two-game match cannot be written as it is. Choice: a match is written as **one
//! round entry**, with the opponent, the colour of game 1 and the character of the match's
//! outcome ([`Outcome::result_code`]: `1`, `=`, `0`, or `+`/`-` for a forfeited match).
//! The alternative, one TRF round per game (two columns per match), keeps every game
//! result, but then the file's round numbers count games, not pairing rounds: `142`,
//! `132`, `250`, `XXR`, and every reader that pairs from the file (ours included) would see
//! twice the rounds and each pair meeting twice in a row. With one entry per match a reader
//! still gets what pairing the next round needs under C.04.5 — who met whom, game-1 colours,
//! which matches were forfeited — and the points column keeps each player's true total.
//! Lost: the result of each game and the score of each match (2-0 and 1½-½ both write `1`).
//! Read back, each entry is one game with that result, so the pairing history survives
//! and the scores do not (the points column is then not checked). The native file keeps
//! everything.

use crate::tournament::{Outcome, Tournament};

/// What writing `t` as TRF drops of its two-game matches, as a sentence for the arbiter
/// (`None` when it plays none).
pub(super) fn dropped(t: &Tournament) -> Option<String> {
    let matches = t
        .players
        .iter()
        .flat_map(|p| &p.results)
        .filter(|o| matches!(o, Outcome::Match { .. }))
        .count()
        / 2;
    (matches > 0).then(|| {
        format!(
            "TRF holds one result per round: {matches} two-game match(es) written as one round \
             entry each (opponent, game-1 colour, match outcome 1/=/0/+/-); the result of each \
             game and the match scores (1½-½ is written 1) are not in the file, the points \
             column keeps the totals; read back, each match is one game and the scores are not \
             restored: keep the native file"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{BoardResult, Player, SystemId};

    #[test]
    fn reports_matches_only() {
        let mut t = Tournament {
            players: (1..=2)
                .map(|id| Player::new(id, format!("P{id}")))
                .collect(),
            ..Tournament::default()
        };
        t.record_pairing(1, &[[1, 2]], None);
        assert!(dropped(&t).is_none(), "single games lose nothing");
        t.event.system = Some(SystemId::DoubleSwiss);
        t.record_pairing(1, &[[1, 2]], None);
        t.set_match_result(1, 1, 2, [BoardResult::WhiteWins, BoardResult::Draw])
            .expect("a match board");
        let dropped = dropped(&t).expect("matches are dropped");
        assert!(dropped.contains("1 two-game match"), "{dropped}");
        let text =
            crate::formats::trf::write(&t, crate::formats::trf::Dialect::Trf26).expect("fits");
        assert!(text.contains("   2 w 1"), "the match as one entry: {text}");
        assert!(text.contains(" 1.5 "), "the total kept: {text}");
    }
}
