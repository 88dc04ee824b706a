//! A double forfeit that one player's points column counts as his win.
//!
//! `-` on both sides of a game (neither player appeared) is a consistent record, and so is
//! `+` against `-`. When a player's points column exceeds his results by exactly a forfeit
//! win, and one of his games is such a double forfeit, the file's own total says which
//! reading its writer meant: that game was his forfeit win. Swiss-Manager wrote a team
//! event this way (`greek-team-cup-2024.trf`, player 41, round 7: points column 1.0, every
//! result a loss; the published team standings count that board for his team).

use crate::tournament::{Outcome, Tournament};

use super::player_line::PlayerLine;

/// One entry read other than as written: (player, round).
pub(super) type Reading = (u32, u32);

/// Reads as a forfeit win each double forfeit that the player's points column (and
/// nothing else) accounts for. Returns what was read so.
pub(super) fn read_by_points_column(t: &mut Tournament, lines: &[PlayerLine]) -> Vec<Reading> {
    let scoring = t.event.scoring;
    let gain = scoring.forfeit_win - scoring.forfeit_loss;
    let mut readings = Vec::new();
    for line in lines {
        let (Some(recorded), Some(player)) = (line.points, t.player(line.player.id)) else {
            continue;
        };
        if recorded - t.score(player) != gain || gain == crate::tournament::Points::ZERO {
            continue;
        }
        let double_forfeits: Vec<u32> = player
            .results
            .iter()
            .enumerate()
            .filter_map(|(r, outcome)| match outcome {
                Outcome::Forfeit {
                    opponent,
                    won: false,
                    ..
                } => {
                    let round = r as u32 + 1;
                    let theirs = t.player(*opponent)?.outcome(round);
                    matches!(theirs, Outcome::Forfeit { won: false, opponent, .. } if *opponent == player.id)
                        .then_some(round)
                }
                _ => None,
            })
            .collect();
        if let [round] = double_forfeits.as_slice() {
            readings.push((player.id, *round));
        }
    }
    for &(id, round) in &readings {
        if let Some(player) = t.player_mut(id)
            && let Some(Outcome::Forfeit { won, .. }) = player.results.get_mut(round as usize - 1)
        {
            *won = true;
        }
    }
    readings
}

#[cfg(test)]
mod tests {
    use super::super::read;

    /// A `001` line: name in 15–47, points in 81–84, rank in 86–89, round 1 from 92.
    fn line(id: u32, points: &str, entry: &str) -> String {
        let name = format!("Player {id}");
        format!(
            "001 {id:>4}      {name:<33}{:33}{points:>4} {id:>4}  {entry}",
            ""
        )
    }

    fn file(first_points: &str) -> String {
        [
            "012 Double forfeits".to_string(),
            line(1, first_points, "   2 w -"),
            line(2, "0.0", "   1 b -"),
        ]
        .join("\n")
    }

    #[test]
    fn a_double_forfeit_the_points_column_counts_is_the_players_forfeit_win() {
        let t = read(file("1.0").as_bytes(), "t.trf").expect("reads");
        let first = t.player(1).expect("player 1");
        assert_eq!(t.score(first), crate::tournament::Points::ONE);
        assert!(t.check().is_ok());
    }

    #[test]
    fn a_double_forfeit_stays_one_when_the_points_column_agrees() {
        let t = read(file("0.0").as_bytes(), "t.trf").expect("reads");
        let first = t.player(1).expect("player 1");
        assert_eq!(t.score(first), crate::tournament::Points::ZERO);
    }

    #[test]
    fn a_points_column_no_reading_explains_is_still_refused() {
        let err = read(file("0.5").as_bytes(), "t.trf").expect_err("refused");
        assert!(err.message.contains("points column"), "{err}");
    }
}
