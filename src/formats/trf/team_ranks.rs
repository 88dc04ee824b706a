//! The final ranks a TRF-2026 file records for its teams (`310`, columns 69-71), read
//! apart from the event: the model keeps no team rank (the standings compute it), and the
//! checker compares the file's ranks with the standings (C.02.03 7).

use super::text;

/// The rank field of a `310` record (1-based columns).
const RANK_COLUMNS: (usize, usize) = (69, 71);
/// The team pairing number field of a `310` record.
const ID_COLUMNS: (usize, usize) = (5, 7);

/// `(team pairing number, rank)` for each `310` record of `bytes` that gives a rank, in
/// file order; `None` when a team record gives none (blank or 0: not ranked) or the file
/// has no `310` record, so that the check compares only a file that ranks every team.
pub(crate) fn recorded_team_ranks(bytes: &[u8]) -> Option<Vec<(u32, u32)>> {
    let mut ranks = Vec::new();
    for line in text::lines(bytes).iter().filter(|l| l.code() == "310") {
        let field = |(from, to): (usize, usize)| line.columns(from, to).trim().parse::<u32>();
        let (Ok(team), Ok(rank)) = (field(ID_COLUMNS), field(RANK_COLUMNS)) else {
            return None;
        };
        if rank == 0 {
            return None;
        }
        ranks.push((team, rank));
    }
    (!ranks.is_empty()).then_some(ranks)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(team: u32, rank: &str) -> String {
        format!(
            "310 {team:>3} {:<32} {:<5} {:6} {:>6} {:>6} {rank:>3}  {:>4}",
            "Team", "", "", "10.0", "16.0", team
        )
    }

    #[test]
    fn every_team_ranked_or_none() {
        let file = format!("012 Cup\n{}\n{}\n", record(1, "2"), record(2, "1"));
        assert_eq!(
            recorded_team_ranks(file.as_bytes()),
            Some(vec![(1, 2), (2, 1)])
        );
        let unranked = format!("{}\n{}\n", record(1, "2"), record(2, "0"));
        assert_eq!(recorded_team_ranks(unranked.as_bytes()), None);
        let blank = format!("{}\n{}\n", record(1, "2"), record(2, ""));
        assert_eq!(recorded_team_ranks(blank.as_bytes()), None);
        assert_eq!(recorded_team_ranks(b"012 Cup\n013 Team A    1\n"), None);
    }
}
