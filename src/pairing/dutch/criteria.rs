//! What one candidate pair does to the quality criteria of C.04.3 (2017: C.8–C.19): the
//! single evaluator behind both the matching weights and, later, the explanations.

use crate::pairing::colour::{self, ColourRules, ColourViolations, Strength};
use crate::pairing::state::{Float, PlayerState, RoundState};

use super::backtrack;
use super::layout::ColourTable;

/// The effect of pairing `higher` (earlier in A.2 order) with `lower`.
#[derive(Clone, Copy, Debug)]
pub(super) struct PairQuality {
    /// C.8–C.11, read off the E.1–E.5 allocation.
    pub(crate) colours: ColourViolations,
    /// Both players prefer the same colour: the weaker of the two strengths.
    pub(crate) same_preference: Option<Strength>,
    /// Whether the scores differ: the higher player floats down, the lower one up.
    pub(crate) floating: bool,
    /// `[one round back, two rounds back]`: the pair makes the lower player upfloat again
    /// (C.13, C.15; 2026: C15, C17).
    pub(crate) repeated_upfloat: [bool; 2],
    /// `[one round back, two rounds back]`: whether the higher and the lower player
    /// received a downfloat then.
    pub(crate) had_downfloat: [(bool, bool); 2],
}

impl PairQuality {
    /// The colour criteria in priority order: whether the pair meets each.
    /// 2017: C.8–C.11; 2026: C10–C13. 2012: B.2 (two absolute preferences for the same
    /// colour, only possible with a topscorer), A.7.d in odd rounds (two strong or absolute
    /// preferences for the same colour), X (A.8.a: a colour preference not granted) and,
    /// in even rounds, Z (A.8.b: a strong or absolute preference not granted; A.7.e makes
    /// a mild preference in an even round count whichever way helps, so it never counts).
    pub(crate) fn colour_criteria_met(&self, table: ColourTable) -> [bool; 4] {
        let c = &self.colours;
        match table {
            ColourTable::Since2017 => [
                !c.cd_beyond_two,
                !c.three_in_a_row,
                !c.preference,
                !c.strong_preference,
            ],
            ColourTable::Istanbul2012 { odd_round, a7d } => [
                self.same_preference != Some(Strength::Absolute),
                !a7d || self.same_preference.is_none_or(|s| s < Strength::Strong),
                !c.preference,
                odd_round || !c.denied_strong_or_absolute,
            ],
        }
    }

    /// Of the two players, how many downfloated `k + 1` rounds ago and are kept from
    /// downfloating again by this pair (C.12/C.14; 2026: C14/C16): the lower one always,
    /// the higher one unless it is paired down.
    pub(crate) fn downfloats_avoided(&self, k: usize) -> u64 {
        let (h_down, l_down) = self.had_downfloat[k];
        u64::from(l_down) + u64::from(!self.floating && h_down)
    }
}

/// Evaluates a pair (E.1–E.5 for the colours, A.4 for the floats).
pub(super) fn evaluate(
    higher: &PlayerState,
    lower: &PlayerState,
    rules: &ColourRules,
) -> PairQuality {
    evaluate_coloured(higher, lower, colour::allocate(higher, lower, rules))
}

/// Evaluates a pair with the given colours (an arbiter's pairing may differ from E.1–E.5).
pub(super) fn evaluate_coloured(
    higher: &PlayerState,
    lower: &PlayerState,
    allocation: colour::Allocation,
) -> PairQuality {
    let floating = higher.score > lower.score;
    let same_preference = match (higher.preference.0, lower.preference.0) {
        (Some((hc, hs)), Some((lc, ls))) if hc == lc => Some(hs.min(ls)),
        _ => None,
    };
    PairQuality {
        colours: colour::violations(higher, lower, allocation),
        same_preference,
        floating,
        repeated_upfloat: [0, 1].map(|k| floating && lower.floats[k] == Float::Up),
        had_downfloat: [0, 1].map(|k| {
            (
                higher.floats[k] == Float::Down,
                lower.floats[k] == Float::Down,
            )
        }),
    }
}

/// C.04.3 C.1 and C.3 (2026: C1, C3): players `a` and `b` (indices into `state`) may be
/// paired: they have not met, are not a forbidden pair, and do not clash on colour.
pub(super) fn may_meet(state: &RoundState, a: usize, b: usize) -> bool {
    !state.have_met_or_forbidden(a, b) && colour_compatible(&state.players[a], &state.players[b])
}

/// C.04.3 (2012) A.3: "a heterogeneous score bracket of which at least half of the
/// players have come from a higher score bracket is also treated as though it was
/// homogeneous". The players are counted as C.1 leaves them: a player moved down who can
/// meet none of the residents, or a resident who can meet no one in the bracket, is
/// moved on and not counted. Such a bracket sets no B.5/B.6 for upfloaters (C.3.g/h:
/// "heterogeneous score brackets"). Its players moved down are still paired first (A.3's
/// first paragraph, C.4 with S1 = M1): pairing it as homogeneous throughout (S1 the upper
/// half, players moved down meeting each other) departs from JaVaFo 1.4, which drops only
/// these requirements; fresh tournaments show it where a bracket that floats one of its
/// players moved down (M1 < M0) could otherwise choose its upfloaters (README, Dutch 2012).
pub(super) fn treated_as_homogeneous(
    state: &RoundState,
    mdps: &[usize],
    residents: &[usize],
) -> bool {
    let (moved_down, players) = a3_counts(state, mdps, residents);
    moved_down > 0 && 2 * moved_down >= players
}

/// The players moved down and all players of a bracket, counted after C.1 (see
/// [`treated_as_homogeneous`]).
pub(super) fn a3_counts(state: &RoundState, mdps: &[usize], residents: &[usize]) -> (usize, usize) {
    let moved_down = mdps.len() - backtrack::incompatible(state, mdps, residents).len();
    let stay = residents.len() - backtrack::stranded(state, mdps, residents);
    (moved_down, moved_down + stay)
}

/// C.04.3 C.3: non-topscorers with the same absolute colour preference shall not meet.
pub(super) fn colour_compatible(a: &PlayerState, b: &PlayerState) -> bool {
    let clash = a.preference.is_absolute()
        && b.preference.is_absolute()
        && a.preference.colour() == b.preference.colour();
    !clash || a.topscorer || b.topscorer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::state::RuleVersion;
    use crate::tournament::Colour;
    use Colour::{Black as B, White as W};

    fn player(rank: usize, colours: &[Colour]) -> PlayerState {
        PlayerState::with_colours(rank, colours)
    }

    /// The 2012 colour criteria of a pair: [B.2, A.7.d, X, Z].
    fn met_2012(h: &[Colour], l: &[Colour], round: u32) -> [bool; 4] {
        let rules = ColourRules::new(RuleVersion::Dutch2012, round, W);
        evaluate(&player(0, h), &player(1, l), &rules).colour_criteria_met(
            ColourTable::Istanbul2012 {
                odd_round: round % 2 == 1,
                a7d: round % 2 == 1,
            },
        )
    }

    /// A.3 counts the players C.1 leaves in the bracket: two moved down and two residents
    /// make a bracket treated as homogeneous (at least half), one moved down among three
    /// players does not; a player moved down who has met every resident, or a resident
    /// who has met everyone, is moved on and not counted.
    #[test]
    fn a3_counts_the_players_c1_leaves() {
        let players: Vec<PlayerState> = (0..6).map(|rank| player(rank, &[W, B])).collect();
        let mut state = RoundState {
            round: 3,
            rules: RuleVersion::Dutch2012,
            players,
            forbidden: vec![Vec::new(); 6],
            colour_rules: ColourRules::new(RuleVersion::Dutch2012, 3, W),
            bye_bar_lifted: false,
        };
        let met = |state: &mut RoundState, a: usize, b: usize| {
            state.forbidden[a].push(b);
            state.forbidden[b].push(a);
        };
        assert!(treated_as_homogeneous(&state, &[0, 1], &[2, 3]));
        assert!(!treated_as_homogeneous(&state, &[0], &[2, 3]));
        assert!(!treated_as_homogeneous(&state, &[], &[2, 3]));
        assert!(!treated_as_homogeneous(&state, &[0, 1], &[2, 3, 4]));
        // 1 has met both residents: C.1 moves him on, one of three players is left moved down.
        met(&mut state, 1, 2);
        met(&mut state, 1, 3);
        assert_eq!(a3_counts(&state, &[0, 1], &[2, 3]), (1, 3));
        assert!(!treated_as_homogeneous(&state, &[0, 1], &[2, 3]));
        // 4 has met everyone in the bracket: two moved down and two residents remain.
        for q in [0, 1, 2, 3, 5] {
            met(&mut state, 4, q);
        }
        assert_eq!(a3_counts(&state, &[0, 5], &[2, 3, 4]), (2, 4));
        assert!(treated_as_homogeneous(&state, &[0, 5], &[2, 3, 4]));
    }

    /// A.7.d: in odd rounds two strong preferences for the same colour count like two
    /// absolute ones (above X); A.8.b: in even rounds they count in Z instead.
    #[test]
    fn a7d_in_odd_rounds_z_in_even_rounds() {
        let (strong_white, other_strong_white) = ([W, B, B], [B]);
        assert_eq!(
            met_2012(&strong_white, &other_strong_white, 3),
            [true, false, false, true]
        );
        let (strong_white, other_strong_white) = ([W, B, B, W, B], [B, W, B]);
        assert_eq!(
            met_2012(&strong_white, &other_strong_white, 4),
            [true, true, false, false]
        );
        // Two mild preferences for White: only X.
        assert_eq!(
            met_2012(&[W, B], &[B, W, W, B], 3),
            [true, true, false, true]
        );
        assert_eq!(
            met_2012(&[W, B], &[B, W, W, B], 4),
            [true, true, false, true]
        );
        // Two absolute preferences for White (only a topscorer may meet so): B.2.
        assert_eq!(
            met_2012(&[B, B], &[W, B, B], 5),
            [false, false, false, true]
        );
        // Opposite preferences: all met.
        assert_eq!(met_2012(&[B], &[W], 2), [true; 4]);
    }

    /// A.8 with no unplayed rounds (w = b = 0): X1 = P0 − W − a if B > W, else
    /// P0 − B − a; never below 0.
    fn x1(white: usize, black: usize, none: usize) -> usize {
        let p0 = (white + black + none) / 2;
        let granted = if black > white { white } else { black } + none;
        p0.saturating_sub(granted)
    }

    /// The least number of pairs failing X over every pairing of `players`.
    fn least_x(players: &[PlayerState], rules: &ColourRules) -> usize {
        let Some((first, rest)) = players.split_first() else {
            return 0;
        };
        (0..rest.len())
            .map(|i| {
                let q = evaluate(first, &rest[i], rules);
                let fails = !q.colour_criteria_met(ColourTable::Istanbul2012 {
                    odd_round: true,
                    a7d: true,
                })[2];
                let mut others = rest.to_vec();
                others.remove(i);
                usize::from(fails) + least_x(&others, rules)
            })
            .min()
            .unwrap_or(usize::MAX)
    }

    /// The X field counts exactly what A.8.a bounds: over all pairings of a bracket, the
    /// fewest pairs not granting both preferences is X1.
    #[test]
    fn x_field_reaches_a8_x1() {
        let rules = ColourRules::new(RuleVersion::Dutch2012, 3, W);
        for white in 0..=6 {
            for black in 0..=6 - white {
                for none in 0..=6 - white - black {
                    if (white + black + none) % 2 == 1 {
                        continue;
                    }
                    let players: Vec<PlayerState> = (0..white)
                        .map(|_| [B, W, B])
                        .chain((0..black).map(|_| [W, B, W]))
                        .map(|h| h.to_vec())
                        .chain((0..none).map(|_| Vec::new()))
                        .enumerate()
                        .map(|(i, h)| player(i, &h))
                        .collect();
                    assert_eq!(
                        least_x(&players, &rules),
                        x1(white, black, none),
                        "W={white} B={black} a={none}"
                    );
                }
            }
        }
    }
}
