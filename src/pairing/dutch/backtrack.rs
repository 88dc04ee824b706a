//! C.04.3 (2012) C.12: backtracking to the previous score bracket. A bracket is first
//! paired for its own criteria alone; C.12 sends the pairing back to it when one of its
//! downfloaters is incompatible in the next score bracket (C.1) or they leave it short of
//! pairs ([`CallBack::of`]), and takes another pairing of it whose downfloaters, as many
//! and with the same scores, "now allow P1 pairings" ([`accepts`]).

use crate::matching::CardinalityMatcher;
use crate::pairing::state::RoundState;

use super::criteria::may_meet;

/// C.04.3 (2012) C.1/C.12: whether the downfloaters `mdps` leave the next scoregroup
/// `residents` short of pairs, that is, without P1 = P0, "the maximum number of pairs
/// that can be produced" there (A.6.b). Reading: C.1 moves on a resident of that
/// bracket who can meet no one in it (B.1, B.2; players moved down do not meet each
/// other) "in all other cases", that is, when he was not moved down himself; the
/// others, those moved down included, must then all be paired but one at most. A player
/// moved down who meets no one there is not moved on: C.1 sends him to C.12, so he
/// counts as one left unpaired. C.12 backtracks only "if there are moved down players":
/// with none, nothing above can help. JaVaFo 1.4 agrees on the whole 2012 corpus; it
/// leaves a downfloater without an opponent in the next bracket rather than take
/// another set of downfloaters that leaves two of its residents who could play each
/// other apart (`dutch2012-n020-r13-k51x155`, round 12), and takes the set whose
/// leftover resident meets no one over one that leaves two players with opponents
/// unpaired.
///
/// Where the players moved down outnumber the residents C.1 leaves, who are all they
/// can meet, the bracket can produce no more pairs than those residents: with each of
/// them paired and every player moved down able to meet one of them, the players left
/// over are no pairs it misses. JaVaFo 1.4 keeps its own pairing above there, in fresh
/// tournaments: A08394 round 11 and B08170 round 13 (four moved down, three residents
/// of whom C.1 moves one on, two pairs), A09914 round 10 (three moved down, two
/// residents of whom C.1 moves one on, one pair). It pairs the bracket above again
/// where a resident with an opponent is left over (B30020 round 14: three moved down,
/// two residents, one pair), and where a player moved down meets no one (B09676 round
/// 9: one pair for the one resident, but C.1 sends that player to C.12). In the lowest
/// bracket one of the players left over receives the bye: it is short there when none
/// of those a pairing of it can leave over may receive it (B.1.b). JaVaFo 1.4 pairs
/// the lowest bracket so, and does not call C.12 for a player moved down whose one
/// opponent there would leave the bye to a barred player, when another player moved
/// down may take it (B27716 round 8, B44491 round 5: two moved down, one resident).
///
/// When `residents` are the lowest scoregroup (`lowest`), its one player left over
/// receives the bye, and B.1 (which C.1 names) holds B.1.b: a player moved down there
/// is incompatible, and C.1 sends him to C.12, also when each opponent he has would
/// leave the bye to a player who may not receive it ([`incompatible_in_lowest`]).
pub(super) fn leaves_short(
    state: &RoundState,
    mdps: &[usize],
    residents: &[usize],
    lowest: bool,
) -> bool {
    if mdps.is_empty() {
        return false;
    }
    let (players, exposed) = maximum_matching(state, mdps, residents);
    let m = mdps.len();
    // The stranded residents are left unpaired by every matching; C.1 moves them on.
    let stranded = stranded(state, mdps, residents);
    let r = residents.len() - stranded;
    let pairs = (players.len() - exposed.len()) / 2;
    if m > r && pairs == r && incompatible(state, mdps, residents).is_empty() {
        // Every resident with an opponent is paired. In the lowest bracket one of the
        // players left over must then take the bye.
        return lowest && !pairs_but_one(state, &players, m, None, true);
    }
    exposed.len() - stranded > 1
        || (lowest && (0..m).any(|a| incompatible_in_lowest(state, &players, m, a)))
}

/// C.04.3 (2012) C.1: how many residents of the scoregroup `residents` can meet no one
/// there, the players `mdps` moved down to it included. C.1 moves them on: they are no
/// pair the scoregroup misses.
pub(super) fn stranded(state: &RoundState, mdps: &[usize], residents: &[usize]) -> usize {
    residents
        .iter()
        .filter(|&&r| {
            !mdps
                .iter()
                .chain(residents)
                .any(|&o| o != r && may_meet(state, r, o))
        })
        .count()
}

/// C.04.3 (2012) C.12: what became of a bracket's own pairing (its own criteria alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Backtrack {
    /// Its downfloaters do not call it back from the next score bracket ([`CallBack::of`]).
    NotCalled,
    /// Not called back, but in an odd round its downfloaters `own` leave `unpaired`
    /// unpaired in the next score bracket where a pairing that lets more strong colour
    /// preferences for the same colour meet leaves lower scores unpaired: A.7.d gave way
    /// to that pairing ([`super::strong_preferences::gives_way`]).
    StrongWaived {
        own: Vec<usize>,
        unpaired: Vec<usize>,
    },
    /// Called back, but C.12 accepts no other pairing of the bracket ([`accepts`]), or
    /// the one it accepts floats the same players: the own pairing stands.
    Kept(CallBack),
    /// Replaced by another pairing of the bracket that C.12 accepts: the best for the
    /// scores of the downfloaters the next bracket can pair, its pairs counted first
    /// when `count_next_pairs`, then for the bracket's own criteria.
    Replaced {
        call: CallBack,
        count_next_pairs: bool,
    },
}

/// C.04.3 (2012) C.1, C.12: why a bracket's own pairing was called back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct CallBack {
    /// The own pairing's downfloaters.
    pub(crate) own: Vec<usize>,
    /// Those of them who can meet no one in the next score bracket (C.1); when none,
    /// they leave it without a P1 pairing ([`leaves_short`]), or some of them find no
    /// opponent once the others are paired (`without_opponent`).
    pub(crate) incompatible: Vec<usize>,
    /// How many of them find no opponent there however the others are paired
    /// ([`without_opponent`]), where they do not outnumber the residents C.1 leaves.
    pub(crate) without_opponent: usize,
}

impl CallBack {
    /// Whether, and why, the downfloaters `own` of a bracket's own pairing send the
    /// pairing back to it from the next scoregroup `residents` (the lowest if `lowest`):
    /// one of them is incompatible there (C.1: "no opponent can be found within this
    /// score bracket without violating B1 (or B2)", and he "was moved down": "apply
    /// C12"; in front of the lowest bracket, B.1.b's bye too), or they leave it short of
    /// P1 pairs ([`leaves_short`]), or they cannot all be paired there at once: C.1 asks
    /// for an opponent for each of them "within this score bracket", and one left without
    /// one when the others are paired is such a player ([`without_opponent`]). `None`
    /// when they do not.
    pub(super) fn of(
        state: &RoundState,
        own: &[usize],
        residents: &[usize],
        lowest: bool,
    ) -> Option<CallBack> {
        let incompatible = incompatible(state, own, residents);
        // Where they outnumber the residents C.1 leaves, some are left over whatever is
        // done, and `leaves_short` judges the bracket.
        let outnumber = own.len() > residents.len() - stranded(state, own, residents);
        let without_opponent = if outnumber {
            0
        } else {
            without_opponent(state, own, residents)
        };
        (!incompatible.is_empty()
            || without_opponent > 0
            || leaves_short(state, own, residents, lowest))
        .then(|| CallBack {
            own: own.to_vec(),
            incompatible,
            without_opponent,
        })
    }
}

/// C.04.3 (2012) C.12: whether C.12 takes the downfloaters `other` of another pairing
/// of the bracket in place of `current`, those of its own pairing, for the next
/// scoregroup `residents`. The text accepts the other pairing when it "now allows P1
/// pairings" there ([`leaves_short`]). JaVaFo 1.4 also takes one that is still short
/// but pairs more there, and keeps its own pairing against one that is still short with
/// as many pairs, also where the other moves down no player who can meet no one there
/// and its own does (fresh tournaments A08286 r9, A08971 r10, B05615 r12). Where the
/// players moved down outnumber the residents, the other pairing it takes in the 2012
/// corpus (`dutch2012-n020-r13-k51x155` round 12: as many pairs, none incompatible) is
/// one that allows P1 pairings: every resident with an opponent paired.
///
/// A pairing called back only because its downfloaters cannot all be paired at once
/// ([`without_opponent`]) is replaced by one that leaves fewer of them without an
/// opponent and the next bracket not short; any other replacement leaves no more of them
/// without one (fresh tournaments: 42 rounds JaVaFo 1.4 pairs so, none against, in
/// 55,000; README, Dutch 2012).
pub(super) fn accepts(
    state: &RoundState,
    current: &[usize],
    other: &[usize],
    residents: &[usize],
    lowest: bool,
) -> bool {
    let other_short = leaves_short(state, other, residents, lowest);
    let (before, after) = (
        without_opponent(state, current, residents),
        without_opponent(state, other, residents),
    );
    let called_otherwise = !incompatible(state, current, residents).is_empty()
        || leaves_short(state, current, residents, lowest);
    if !called_otherwise {
        return !other_short && after < before;
    }
    after <= before
        && (!other_short
            || pairs_with(state, other, residents) > pairs_with(state, current, residents))
}

/// C.04.3 (2012) C.1, read for the players `mdps` moved down to the scoregroup
/// `residents` together: how many of them find no opponent there however the others are
/// paired (a maximum matching of them to residents, who are all they may meet).
fn without_opponent(state: &RoundState, mdps: &[usize], residents: &[usize]) -> usize {
    // Kuhn's augmenting paths: `mate[j]` is the player moved down paired with resident j.
    fn augment(
        state: &RoundState,
        a: usize,
        mdps: &[usize],
        residents: &[usize],
        seen: &mut [bool],
        mate: &mut [Option<usize>],
    ) -> bool {
        for (j, &r) in residents.iter().enumerate() {
            if seen[j] || !may_meet(state, mdps[a], r) {
                continue;
            }
            seen[j] = true;
            let free = match mate[j] {
                None => true,
                Some(b) => augment(state, b, mdps, residents, seen, mate),
            };
            if free {
                mate[j] = Some(a);
                return true;
            }
        }
        false
    }
    let mut mate = vec![None; residents.len()];
    (0..mdps.len())
        .filter(|&a| {
            let mut seen = vec![false; residents.len()];
            !augment(state, a, mdps, residents, &mut seen, &mut mate)
        })
        .count()
}

/// C.04.3 (2012) C.1: the players `mdps` moved down to the scoregroup `residents` who
/// can meet none of its residents (B.1, B.2; players moved down do not meet each other).
pub(super) fn incompatible(state: &RoundState, mdps: &[usize], residents: &[usize]) -> Vec<usize> {
    mdps.iter()
        .copied()
        .filter(|&a| !residents.iter().any(|&r| may_meet(state, a, r)))
        .collect()
}

/// The most pairs the scoregroup `residents` can make with the players `mdps` moved down
/// to it (who do not meet each other).
fn pairs_with(state: &RoundState, mdps: &[usize], residents: &[usize]) -> usize {
    let (players, exposed) = maximum_matching(state, mdps, residents);
    (players.len() - exposed.len()) / 2
}

/// The players `mdps` moved down to the scoregroup `residents`, then the residents, and
/// the vertices a maximum matching of them leaves exposed (players moved down do not
/// meet each other).
fn maximum_matching(
    state: &RoundState,
    mdps: &[usize],
    residents: &[usize],
) -> (Vec<usize>, Vec<usize>) {
    let players: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let m = mdps.len();
    let legal = |a: usize, b: usize| a.max(b) >= m && may_meet(state, players[a], players[b]);
    let exposed = CardinalityMatcher::new(players.len(), legal).maximise();
    (players, exposed)
}

/// C.04.3 (2012) C.1 with B.1.b, in the lowest score bracket `players` (the first `m`
/// moved down, who do not meet each other): whether player `a`, moved down, is
/// incompatible there for the bye alone. The bracket is odd, so its one player left over
/// receives the bye; `a` has opponents with whom the rest can be paired but one, and
/// every such pairing leaves the bye to a player who may not receive it. (A bracket that
/// cannot be paired so even with the bye set aside is left to B.1.a's count above, and an
/// even one has no bye.)
fn incompatible_in_lowest(state: &RoundState, players: &[usize], m: usize, a: usize) -> bool {
    !players.len().is_multiple_of(2)
        && pairs_but_one(state, players, m, Some(a), false)
        && !pairs_but_one(state, players, m, Some(a), true)
}

/// Whether the lowest score bracket `players` (the first `m` moved down, who do not
/// meet each other) can be paired, when odd but one, who receives the bye: an extra
/// vertex stands for the bye, which may take any player but `not_bye`, and with
/// `bye_bar` only those allowed the bye (B.1.b).
fn pairs_but_one(
    state: &RoundState,
    players: &[usize],
    m: usize,
    not_bye: Option<usize>,
    bye_bar: bool,
) -> bool {
    let n = players.len();
    let adjacent = |u: usize, v: usize| {
        let (u, v) = (u.min(v), u.max(v));
        if v == n {
            return Some(u) != not_bye && (!bye_bar || state.players[players[u]].bye_eligible);
        }
        v >= m && may_meet(state, players[u], players[v])
    };
    let vertices = if n.is_multiple_of(2) { n } else { n + 1 };
    CardinalityMatcher::new(vertices, adjacent)
        .maximise()
        .is_empty()
}

/// C.04.3 (2012) C.1/C.12, as a weight for C.12's second pairing of a bracket: what each
/// player of `bracket` is worth to the next scoregroup `next` when he stays in his
/// bracket (is paired there), in half pairs of the next bracket. [`leaves_short`] counts
/// the players left unpaired there but the residents without any opponent, whom C.1
/// moves on; so the next bracket is the better served the higher 2·(its pairs) + (its
/// residents without an opponent). A bracket makes a fixed number of pairs (its own
/// criteria come first), so as many players stay whatever the pairing, and the second
/// term is a credit of 1 to a bracket player for each resident of `next` who meets no
/// one else there and whose only possible opponent he is: that resident has no
/// opponent while he stays, and a partner only if he comes down to meet him. A player
/// moved down who meets no one below counts as unpaired whether he stays or not, and
/// earns nothing.
///
/// A resident whose possible opponents are two or more players of the bracket has no
/// such linear credit; [`leaves_short`] still judges the pairing found.
pub(super) fn stay_credits(state: &RoundState, bracket: &[usize], next: &[usize]) -> Vec<u64> {
    let mut credits = vec![0; bracket.len()];
    for &r in next {
        if next.iter().any(|&o| o != r && may_meet(state, r, o)) {
            continue;
        }
        let mut opponents = (0..bracket.len()).filter(|&i| may_meet(state, bracket[i], r));
        if let (Some(only), None) = (opponents.next(), opponents.next()) {
            credits[only] += 1;
        }
    }
    credits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::colour::ColourRules;
    use crate::pairing::state::{PlayerState, RuleVersion};
    use crate::tournament::Colour;

    /// Six players without history but the pairs in `met` (B.1).
    fn state(met: &[(usize, usize)]) -> RoundState {
        let mut forbidden = vec![Vec::new(); 6];
        for &(a, b) in met {
            forbidden[a].push(b);
            forbidden[b].push(a);
        }
        RoundState {
            round: 2,
            rules: RuleVersion::Dutch2012,
            players: (0..6).map(|r| PlayerState::with_colours(r, &[])).collect(),
            forbidden,
            colour_rules: ColourRules::new(RuleVersion::Dutch2012, 2, Colour::White),
            bye_bar_lifted: false,
        }
    }

    #[test]
    fn short_when_residents_who_could_play_are_left_over() {
        // 0 moves down to 1, 2, 3; 1 and 2 met, and 0 met 1 and 2: 0-3 leaves 1 and 2.
        let s = state(&[(1, 2), (0, 1), (0, 2)]);
        assert!(leaves_short(&s, &[0], &[1, 2, 3], false));
        // 4 instead of 0 lets the bracket pair everyone: 4-1, 2-3.
        assert!(!leaves_short(&s, &[4], &[1, 2, 3], false));
    }

    #[test]
    fn residents_without_any_opponent_are_moved_on_by_c1() {
        // 1 met everyone of the bracket: C.1 moves him down; 0-2 and 3 left is P0.
        let s = state(&[(1, 0), (1, 2), (1, 3)]);
        assert!(!leaves_short(&s, &[0], &[1, 2, 3], false));
    }

    #[test]
    fn a_player_moved_down_who_meets_no_one_counts_as_unpaired() {
        // 0 meets neither 2 nor 3: 1-2 (or 1-3) leaves 0 and a resident unpaired.
        let s = state(&[(0, 2), (0, 3)]);
        assert!(leaves_short(&s, &[0, 1], &[2, 3], false));
        // With 4 residents, 1-2 and 3-4 leave only 0.
        assert!(!leaves_short(&s, &[0, 1], &[2, 3, 4], false));
    }

    /// C.1 read for the players moved down together (fresh A10665 r11's shape): 0 and 1
    /// can each meet only 2 of the next scoregroup 2, 3, 4, so one of them finds no
    /// opponent once the other is paired. Neither is incompatible alone and the scoregroup
    /// is not short (0-2, 3-4, 1 left over: P1 pairs of five players), yet C.12 is
    /// called. Another set that lets both meet someone (0 and 5) is taken; the same
    /// players again (as many without an opponent) are not.
    #[test]
    fn players_moved_down_who_cannot_all_be_paired_call_c12() {
        let s = state(&[(0, 3), (0, 4), (1, 3), (1, 4)]);
        let next = [2, 3, 4];
        assert!(incompatible(&s, &[0, 1], &next).is_empty());
        assert!(!leaves_short(&s, &[0, 1], &next, false));
        assert_eq!(without_opponent(&s, &[0, 1], &next), 1);
        let call = CallBack::of(&s, &[0, 1], &next, false);
        assert_eq!(call.map(|c| c.without_opponent), Some(1));
        assert_eq!(without_opponent(&s, &[0, 5], &next), 0);
        assert!(accepts(&s, &[0, 1], &[0, 5], &next, false));
        assert!(!accepts(&s, &[0, 1], &[1, 0], &next, false));
        // Players moved down who outnumber the residents are judged by P1 alone.
        let outnumbered = CallBack::of(&s, &[0, 1, 5], &[2, 3], false);
        assert!(outnumbered.is_none_or(|c| c.without_opponent == 0));
    }

    /// The weights of C.12's second pairing: a lone resident's only possible opponent is
    /// worth one half pair when he stays; a player who meets no one below earns nothing.
    #[test]
    fn stay_credits_count_the_residents_left_without_an_opponent() {
        // Next bracket 3, 4, 5: 3 met 4 and 5, and of the bracket 0, 1, 2 only 1 can
        // meet him; 2 meets none of 3, 4, 5.
        let s = state(&[(3, 4), (3, 5), (0, 3), (2, 3), (2, 4), (2, 5)]);
        assert_eq!(stay_credits(&s, &[0, 1, 2], &[3, 4, 5]), vec![0, 1, 0]);
        // 1 kept above leaves 3 without an opponent (moved on by C.1): with 0 down,
        // 0-4 leaves 5 alone; with 2 down, 4-5 leaves 2, who meets no one.
        assert!(!leaves_short(&s, &[0], &[3, 4, 5], false));
        assert!(!leaves_short(&s, &[2], &[3, 4, 5], false));
        // Two down of whom neither meets 3: 0-4 (or 0-5) leaves 2 and a resident.
        assert!(leaves_short(&s, &[0, 2], &[3, 4, 5], false));
    }

    /// C.1 with B.1.b in the lowest bracket: 0, moved down, met 2; his one opponent 1
    /// leaves 2 the bye, which 2 may not receive (he had one), so 0 is incompatible
    /// there and C.12 looks for another player of his score to move down. Above the
    /// lowest bracket the bye plays no part.
    #[test]
    fn a_player_moved_down_whose_opponent_would_leave_the_bye_to_a_barred_player() {
        let mut s = state(&[(0, 2)]);
        s.players[2].bye_eligible = false;
        assert!(leaves_short(&s, &[0], &[1, 2], true));
        assert!(!leaves_short(&s, &[0], &[1, 2], false));
        // 3 instead of 0 meets 2, and 1 takes the bye.
        assert!(!leaves_short(&s, &[3], &[1, 2], true));
        // With 2 allowed the bye, 0-1 and the bye to 2 pair the lowest bracket.
        s.players[2].bye_eligible = true;
        assert!(!leaves_short(&s, &[0], &[1, 2], true));
        // Nor when 0 meets no one there: B.1.a's count decides that, as above.
        let mut s = state(&[(0, 1), (0, 2)]);
        s.players[2].bye_eligible = false;
        assert_eq!(
            leaves_short(&s, &[0], &[1, 2], true),
            leaves_short(&s, &[0], &[1, 2], false)
        );
    }

    /// In the lowest bracket, where the players moved down outnumber the residents, each
    /// resident paired leaves a player moved down over, who receives the bye: the
    /// bracket is short only when none of those it can leave over may (B27716 r8).
    #[test]
    fn players_moved_down_beyond_the_lowest_residents_leave_one_the_bye() {
        // 0's one opponent 2 would leave the bye to 1, who may not receive it; 1-2
        // leaves it to 0, who may.
        let mut s = state(&[]);
        s.players[1].bye_eligible = false;
        s.players[2].bye_eligible = false;
        let players = [0, 1, 2];
        assert!(incompatible_in_lowest(&s, &players, 2, 0));
        assert!(!leaves_short(&s, &[0, 1], &[2], true));
        // With 0 barred as well, no pairing of the bracket leaves the bye legal.
        s.players[0].bye_eligible = false;
        assert!(leaves_short(&s, &[0, 1], &[2], true));
        // One moved down to two residents: C.1 with B.1.b as before (n015 r5).
        let mut s = state(&[(0, 2)]);
        s.players[2].bye_eligible = false;
        assert!(leaves_short(&s, &[0], &[1, 2], true));
    }

    /// C.1 calls C.12 back for a player moved down who meets no one below, even when the
    /// next bracket is not short for it; a short bracket calls it back as before.
    #[test]
    fn an_incompatible_player_moved_down_calls_c12_back() {
        // 0 met 2 and 3: 2-3 pairs the rest, so the bracket is not short, but 0 is
        // incompatible there.
        let s = state(&[(0, 2), (0, 3)]);
        assert!(!leaves_short(&s, &[0], &[2, 3], false));
        let call = CallBack::of(&s, &[0], &[2, 3], false);
        assert_eq!(call.map(|c| c.incompatible), Some(vec![0]));
        assert!(CallBack::of(&s, &[1], &[2, 3], false).is_none());
        // 2 and 3 met, 0 met 2: 0-3 leaves 2 with no opponent, whom C.1 moves on.
        let s = state(&[(2, 3), (0, 2)]);
        assert!(CallBack::of(&s, &[0], &[2, 3], false).is_none());
    }

    /// C.12 takes another set of downfloaters when it is no longer short, or still
    /// short with more pairs; never one still short with as many pairs.
    #[test]
    fn c12_accepts_not_short_or_more_pairs() {
        // Next bracket 3, 4, 5: 3 met 4 and 5; 0 met 3, 4, 5; 1 meets anyone.
        let s = state(&[(3, 4), (3, 5), (0, 3), (0, 4), (0, 5)]);
        // 0 (incompatible, 4-5 pairs) against 1 (1-3, 4-5: not short).
        assert!(accepts(&s, &[0], &[1], &[3, 4, 5], false));
        // Still short, but one pair more: 0, 1 and 2 met 3 and 4 (and 3 met 4); 5
        // meets 3. {0, 1, 5} pairs 5-3 and leaves 0, 1 over; {0, 1, 2} pairs no one.
        let s = state(&[(3, 4), (0, 3), (0, 4), (1, 3), (1, 4), (2, 3), (2, 4)]);
        assert!(leaves_short(&s, &[0, 1, 5], &[3, 4], false));
        assert!(accepts(&s, &[0, 1, 2], &[0, 1, 5], &[3, 4], false));
        assert!(!accepts(&s, &[0, 1, 5], &[0, 1, 2], &[3, 4], false));
        // As many pairs: refused in a heterogeneous bracket even with none incompatible.
        // 4 and 5 met; 0 met 3, 4, 5; 1 meets only 3. {0}: 3-4 and 0, 5 over; {1}: one
        // pair (1-3 or 3-4) and two over who could play.
        let s = state(&[(4, 5), (0, 3), (0, 4), (0, 5), (1, 4), (1, 5)]);
        assert_eq!(
            pairs_with(&s, &[0], &[3, 4, 5]),
            pairs_with(&s, &[1], &[3, 4, 5])
        );
        assert!(leaves_short(&s, &[1], &[3, 4, 5], false));
        assert!(!accepts(&s, &[0], &[1], &[3, 4, 5], false));
        // Two moved down to two residents (A08286 r9): 0 meets neither, 1 meets only 3,
        // 2 meets 3 and 4 met both: {0, 2} and {1, 2} make one pair each. As many
        // moved down as residents: the own set stands.
        let s = state(&[(0, 3), (0, 4), (1, 4), (2, 4)]);
        assert!(leaves_short(&s, &[1, 2], &[3, 4], false));
        assert!(!accepts(&s, &[0, 2], &[1, 2], &[3, 4], false));
        // Three moved down to two residents: 0 met both, 1, 2 and 5 met 4, who can meet
        // only 3. {0, 1, 2} and {5, 1, 2} make one pair each of the two P1 asks; the
        // second moves down no incompatible player, but the own set stands (B05615 r12).
        let s = state(&[(0, 3), (0, 4), (1, 4), (2, 4), (5, 4)]);
        assert!(leaves_short(&s, &[5, 1, 2], &[3, 4], false));
        assert_eq!(
            pairs_with(&s, &[0, 1, 2], &[3, 4]),
            pairs_with(&s, &[5, 1, 2], &[3, 4])
        );
        assert!(!accepts(&s, &[0, 1, 2], &[5, 1, 2], &[3, 4], false));
        // 4 met 3 and 5 as well: C.1 moves him on, and 5-3 (or 1-3, 2-3) pairs the one
        // resident left, a P1 pairing once nobody moved down is incompatible (as in
        // dutch2012-n020-r13-k51x155 round 12).
        let s = state(&[(0, 3), (0, 4), (1, 4), (2, 4), (5, 4), (3, 4)]);
        assert!(leaves_short(&s, &[0, 1, 2], &[3, 4], false));
        assert!(!leaves_short(&s, &[5, 1, 2], &[3, 4], false));
        assert!(accepts(&s, &[0, 1, 2], &[5, 1, 2], &[3, 4], false));
        // Without an incompatible player in the own set (0 may meet 3), C.12 was reached
        // because the bracket is short, and another set with as many pairs is no answer
        // (A08585 r14).
        let s = state(&[(0, 4), (1, 4), (2, 4), (5, 4)]);
        assert!(leaves_short(&s, &[0, 1, 2], &[3, 4], false));
        assert!(!accepts(&s, &[0, 1, 2], &[5, 1, 2], &[3, 4], false));
    }

    /// P1 where the players moved down outnumber the residents: one pair per resident
    /// with an opponent (A08394 r11, A09914 r10).
    #[test]
    fn players_moved_down_beyond_the_residents_leave_it_short_only_of_residents() {
        // 4 met everyone: C.1 moves him on. 0, 1 and 2 meet only 3: one pair, which is
        // all the one resident left can make.
        let s = state(&[(4, 0), (4, 1), (4, 2), (4, 3)]);
        assert_eq!(stranded(&s, &[0, 1, 2], &[3, 4]), 1);
        assert!(!leaves_short(&s, &[0, 1, 2], &[3, 4], false));
        assert!(CallBack::of(&s, &[0, 1, 2], &[3, 4], false).is_none());
        // 4 may meet 3: two residents with an opponent, and one pair is short.
        let s = state(&[(4, 0), (4, 1), (4, 2)]);
        assert!(leaves_short(&s, &[0, 1, 2], &[3, 4], false));
        // 4 met everyone, and 0 met 3 as well: 1-3 pairs the one resident left, but 0
        // can meet no one there (C.1 sends him to C.12).
        let s = state(&[(4, 0), (4, 1), (4, 2), (4, 3), (0, 3)]);
        assert_eq!(pairs_with(&s, &[0, 1, 2], &[3, 4]), 1);
        assert!(leaves_short(&s, &[0, 1, 2], &[3, 4], false));
        // Fewer moved down than residents: all paired but one at most, as before. 0
        // and 1 meet only 2, and 3 and 4 met: one pair of two.
        let s = state(&[(0, 3), (0, 4), (1, 3), (1, 4), (3, 4)]);
        assert_eq!(stranded(&s, &[0, 1], &[2, 3, 4]), 0);
        assert!(leaves_short(&s, &[0, 1], &[2, 3, 4], false));
    }

    #[test]
    fn no_backtrack_without_players_moved_down() {
        let s = state(&[(1, 2), (1, 3), (2, 3)]);
        assert!(!leaves_short(&s, &[], &[1, 2, 3], false));
    }
}
