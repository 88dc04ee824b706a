//! Unusual scores (½-0, 0-½, 0-0) as the engines' player state sees them; moved here from
//! the integration tests of result states because it reads that state.

use crate::formats::trf;
use crate::pairing::PairingRequest;
use crate::pairing::state::{RuleVersion, round_state};
use crate::tournament::{BoardResult, Colour, Outcome, SystemId, Tournament};

/// Enters `result` on board `board` (from 1) of round 2; the board's players.
fn enter(t: &mut Tournament, board: usize, result: BoardResult) -> (u32, u32) {
    let b = t.boards(2)[board - 1];
    let result = t.set_board_result(2, b.white, b.black, result);
    result.expect("a board of round 2");
    (b.white, b.black)
}

/// VCL.13 under Dutch 2026: games scored ½-0, 0-½ and 0-0 are played games (their colours
/// count, their players may not meet again), and each player is placed in the score
/// bracket of his own points.
#[test]
fn unusual_scores_pair_on_each_players_own_points() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/mastering-dutch-r3.trf"
    );
    let mut t = trf::read_file(std::path::Path::new(fixture)).expect("fixture reads");
    let unusual = [
        enter(&mut t, 1, BoardResult::HalfZero),
        enter(&mut t, 2, BoardResult::ZeroHalf),
        enter(&mut t, 3, BoardResult::ZeroZero),
    ];
    let own = |id: u32| {
        let p = t.player(id).expect("player");
        t.score_after(p, 2)
    };
    let played = |id: u32, result| matches!(t.player(id).map(|p| p.outcome(2)), Some(Outcome::Game { result: r, .. }) if *r == result);
    use crate::tournament::GameResult::{Draw, Loss};
    assert!(played(unusual[0].0, Draw) && played(unusual[0].1, Loss));
    assert!(played(unusual[2].0, Loss) && played(unusual[2].1, Loss));

    let request = PairingRequest::new(&t, SystemId::Dutch2026, None).expect("round 3");
    let history = request.history();
    let state = round_state(history, 3, RuleVersion::Dutch2026);
    let index = |id: u32| state.players.iter().position(|p| p.id == id);
    for &(white, black) in &unusual {
        let (Some(w), Some(b)) = (index(white), index(black)) else {
            panic!("both players of {white}-{black} are paired in round 3");
        };
        assert_eq!(state.players[w].score, own(white));
        assert_eq!(state.players[b].score, own(black));
        let last = |i: usize| state.players[i].colours.last().copied();
        assert_eq!(
            (last(w), last(b)),
            (Some(Colour::White), Some(Colour::Black)),
            "the game's colours count"
        );
        assert!(state.have_met_or_forbidden(w, b), "no rematch");
    }
    let explainer = request.explain().expect("explains");
    let explanation = explainer.explanation();
    let mut placed = 0;
    for bracket in &explanation.brackets {
        for &id in &bracket.residents {
            assert!(
                bracket.scores.contains(&own(id)),
                "player {id} ({}) is a resident of a bracket of {:?}",
                own(id),
                bracket.scores
            );
            placed += 1;
        }
    }
    assert_eq!(placed, state.players.len(), "every player in one bracket");
    for pair in &explainer.pairing().pairs {
        assert!(!unusual.iter().any(
            |&(w, b)| [w, b] == [pair.white, pair.black] || [b, w] == [pair.white, pair.black]
        ));
    }
}
