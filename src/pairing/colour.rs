//! Colour preferences (C.04.3 A.6) and colour allocation (E.1–E.5; 2026: 5.2.1–5.2.5), as
//! pure functions. The colour criteria (C.8–C.11; 2026: C10–C13) are read off the same
//! allocation, so a pair's colours and its colour criteria can never disagree.

use crate::tournament::Colour;

use super::state::{PlayerState, RuleVersion};

/// What E.1–E.5 leave to the rule version, fixed for a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ColourRules {
    /// The colour the top-ranked player received (or would receive) in round 1.
    pub(crate) initial: Colour,
    /// E.2 between two absolute preferences: the wider colour difference is the stronger
    /// (2017, 2026). C.04.3 (2012) A.7.a/E.2 know no degrees of absolute, so there the two
    /// are equally strong and E.3 decides (as JaVaFo 1.4 does).
    pub(crate) absolute_by_difference: bool,
    /// E.5 after round 1. C.04.3 (2012) E.5 speaks of the first round only; for two
    /// players without colour history in a later round JaVaFo 1.4 gives the higher-ranked
    /// player the colour opposite to the one his pairing number (the starting number, not
    /// his rank among the players present) would give him in round 1. The corpus shows it
    /// in every such pair, and that is the reading taken for 2012.
    pub(crate) later_rounds_reverse_e5: bool,
}

impl ColourRules {
    /// The conventions of `rules` for pairing `round`.
    pub(crate) fn new(rules: RuleVersion, round: u32, initial: Colour) -> ColourRules {
        let edition_2012 = rules == RuleVersion::Dutch2012;
        ColourRules {
            initial,
            absolute_by_difference: !edition_2012,
            later_rounds_reverse_e5: edition_2012 && round > 1,
        }
    }

    #[cfg(test)]
    /// Rules for tests and callers that know only the initial colour (2017/2026).
    pub(crate) fn with_initial(initial: Colour) -> ColourRules {
        ColourRules::new(RuleVersion::Dutch2017, 1, initial)
    }
}

/// How strongly a player wants a colour (A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    Mild,
    Strong,
    Absolute,
}

/// A player's colour preference; `None` for a player who has played no game (A.6.d).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ColourPreference(pub(crate) Option<(Colour, Strength)>);

impl ColourPreference {
    /// A.6 from the colours of the games played: |CD| > 1 or the same colour in the two
    /// latest games is absolute (the colour difference decides if the two disagree),
    /// |CD| = 1 strong, CD = 0 mild (alternate from the last game).
    pub(crate) fn from_history(colours: &[Colour]) -> ColourPreference {
        let Some(&last) = colours.last() else {
            return ColourPreference(None);
        };
        let cd: i32 = colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum();
        let repeated = colours.len() >= 2 && colours[colours.len() - 2] == last;
        let pref = if cd < -1 {
            (Colour::White, Strength::Absolute)
        } else if cd > 1 {
            (Colour::Black, Strength::Absolute)
        } else if repeated {
            (last.opposite(), Strength::Absolute)
        } else if cd == -1 {
            (Colour::White, Strength::Strong)
        } else if cd == 1 {
            (Colour::Black, Strength::Strong)
        } else {
            (last.opposite(), Strength::Mild)
        };
        ColourPreference(Some(pref))
    }

    pub(crate) fn colour(self) -> Option<Colour> {
        self.0.map(|(c, _)| c)
    }

    pub(crate) fn strength(self) -> Option<Strength> {
        self.0.map(|(_, s)| s)
    }

    pub(crate) fn is_absolute(self) -> bool {
        self.strength() == Some(Strength::Absolute)
    }
}

/// The colour rule that decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColourRule {
    /// E.1: both preferences granted (or the only one there is).
    BothPreferences,
    /// E.2: the stronger preference (between absolutes, the wider colour difference).
    StrongerPreference,
    /// E.3: alternate from the most recent round in which their colours differed.
    Alternation,
    /// E.4: the higher-ranked player's preference.
    HigherRankedPreference,
    /// E.5: by the higher-ranked player's pairing number and the initial colour.
    PairingNumber,
}

impl ColourRule {
    /// The article, 2017 numbering.
    pub(crate) fn article(self) -> &'static str {
        match self {
            ColourRule::BothPreferences => "E.1",
            ColourRule::StrongerPreference => "E.2",
            ColourRule::Alternation => "E.3",
            ColourRule::HigherRankedPreference => "E.4",
            ColourRule::PairingNumber => "E.5",
        }
    }

    /// The article in the 2026 Dubov and Burstein texts (C.04.4.1 and C.04.4.2 5.2, which
    /// number the colour rules alike: 5.2.1 neither has played, then both preferences,
    /// the stronger one, alternation, the higher-ranked player's).
    pub(crate) fn article_dubov_burstein(self) -> &'static str {
        match self {
            ColourRule::PairingNumber => "5.2.1",
            ColourRule::BothPreferences => "5.2.2",
            ColourRule::StrongerPreference => "5.2.3",
            ColourRule::Alternation => "5.2.4",
            ColourRule::HigherRankedPreference => "5.2.5",
        }
    }
}

/// The colours of a pair and how they were decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Allocation {
    /// Whether the higher-ranked player gets White.
    pub(crate) higher_gets_white: bool,
    pub(crate) rule: ColourRule,
}

/// E.1–E.5 for a pair; `higher` is the higher-ranked player (A.2 order).
pub(crate) fn allocate(
    higher: &PlayerState,
    lower: &PlayerState,
    rules: &ColourRules,
) -> Allocation {
    let result = |higher_colour: Colour, rule| Allocation {
        higher_gets_white: higher_colour == Colour::White,
        rule,
    };
    let (hp, lp) = (higher.preference.0, lower.preference.0);
    match (hp, lp) {
        (Some((hc, _)), Some((lc, _))) if hc != lc => {
            return result(hc, ColourRule::BothPreferences);
        }
        (Some((hc, _)), None) => return result(hc, ColourRule::BothPreferences),
        (None, Some((lc, _))) => return result(lc.opposite(), ColourRule::BothPreferences),
        _ => {}
    }
    if let (Some((hc, hs)), Some((_, ls))) = (hp, lp) {
        if hs != ls {
            let c = if hs > ls { hc } else { hc.opposite() };
            return result(c, ColourRule::StrongerPreference);
        }
        if hs == Strength::Absolute && rules.absolute_by_difference {
            let (hd, ld) = (
                higher.colour_difference().abs(),
                lower.colour_difference().abs(),
            );
            if hd != ld {
                let c = if hd > ld { hc } else { hc.opposite() };
                return result(c, ColourRule::StrongerPreference);
            }
        }
    }
    let (hh, lh) = (&higher.colours, &lower.colours);
    for back in 1..=hh.len().min(lh.len()) {
        let (a, b) = (hh[hh.len() - back], lh[lh.len() - back]);
        if a != b {
            return result(b, ColourRule::Alternation);
        }
    }
    if let Some((hc, _)) = hp {
        return result(hc, ColourRule::HigherRankedPreference);
    }
    // `rank` is 0-based: an odd pairing number is an even rank.
    let odd_number = if rules.later_rounds_reverse_e5 {
        higher.id % 2 == 1
    } else {
        higher.rank.is_multiple_of(2)
    };
    let colour = if odd_number != rules.later_rounds_reverse_e5 {
        rules.initial
    } else {
        rules.initial.opposite()
    };
    result(colour, ColourRule::PairingNumber)
}

/// The colour criteria a pair fails, read off its allocation (2017 numbering C.8–C.11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ColourViolations {
    /// C.8: a colour difference beyond ±2 (only possible with a topscorer).
    pub(crate) cd_beyond_two: bool,
    /// C.9: the same colour three times in a row (only possible with a topscorer).
    pub(crate) three_in_a_row: bool,
    /// C.10: a colour preference not granted.
    pub(crate) preference: bool,
    /// C.11: a strong colour preference not granted.
    pub(crate) strong_preference: bool,
    /// 2012 A.8.b (Z): a strong or absolute colour preference not granted.
    pub(crate) denied_strong_or_absolute: bool,
}

/// Who loses a colour preference in the pair, and how badly.
pub(crate) fn violations(
    higher: &PlayerState,
    lower: &PlayerState,
    allocation: Allocation,
) -> ColourViolations {
    let higher_colour = if allocation.higher_gets_white {
        Colour::White
    } else {
        Colour::Black
    };
    let denied = [(higher, higher_colour), (lower, higher_colour.opposite())]
        .into_iter()
        .find(|(p, got)| p.preference.colour().is_some_and(|want| want != *got));
    let Some((loser, got)) = denied else {
        return ColourViolations::default();
    };
    let n = loser.colours.len();
    ColourViolations {
        cd_beyond_two: loser.colour_difference().abs() >= 2,
        three_in_a_row: n >= 2 && loser.colours[n - 1] == got && loser.colours[n - 2] == got,
        preference: true,
        strong_preference: loser.preference.strength() == Some(Strength::Strong),
        denied_strong_or_absolute: loser.preference.strength() >= Some(Strength::Strong),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn player(rank: usize, colours: &[Colour]) -> PlayerState {
        PlayerState::with_colours(rank, colours)
    }

    #[test]
    fn preferences_follow_a6() {
        let p = |c: &[Colour]| ColourPreference::from_history(c).0;
        assert_eq!(p(&[]), None);
        assert_eq!(p(&[W]), Some((B, Strength::Strong)));
        assert_eq!(p(&[W, B]), Some((W, Strength::Mild)));
        assert_eq!(p(&[B, B]), Some((W, Strength::Absolute)));
        assert_eq!(p(&[W, B, B]), Some((W, Strength::Absolute)));
        assert_eq!(p(&[W, W, B]), Some((B, Strength::Strong)));
        // The colour difference wins over the repeated colour when they disagree.
        // CD = -1 with W, W last: the repeated colour makes it absolute Black.
        assert_eq!(p(&[B, B, B, W, W]), Some((B, Strength::Absolute)));
        // CD = -2 with W, W last: the two disagree and the colour difference wins.
        assert_eq!(p(&[B, B, B, B, W, W]), Some((W, Strength::Absolute)));
    }

    #[test]
    fn e1_grants_both() {
        let a = allocate(
            &player(0, &[W]),
            &player(1, &[B]),
            &ColourRules::with_initial(W),
        );
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (false, ColourRule::BothPreferences)
        );
        let a = allocate(
            &player(0, &[]),
            &player(1, &[W]),
            &ColourRules::with_initial(W),
        );
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (true, ColourRule::BothPreferences)
        );
    }

    #[test]
    fn e2_stronger_then_wider_difference() {
        let a = allocate(
            &player(0, &[W, B]),
            &player(1, &[B]),
            &ColourRules::with_initial(W),
        );
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (false, ColourRule::StrongerPreference)
        );
        let a = allocate(
            &player(0, &[W, B, B]),
            &player(1, &[B, B, W, B]),
            &ColourRules::with_initial(W),
        );
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (false, ColourRule::StrongerPreference)
        );
    }

    #[test]
    fn e3_alternates_from_last_difference() {
        // Both mild for White; the last two games are alike, the third-last differs.
        let a = allocate(
            &player(0, &[W, B, W, B]),
            &player(1, &[B, W, W, B]),
            &ColourRules::with_initial(W),
        );
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (true, ColourRule::Alternation)
        );
        // Identical histories: nothing to alternate from, E.4 decides.
        let a = allocate(
            &player(0, &[W, B]),
            &player(1, &[W, B]),
            &ColourRules::with_initial(W),
        );
        assert_eq!(a.rule, ColourRule::HigherRankedPreference);
        // Histories of different lengths are aligned from their last game.
        // (Both mild for White; third-last: higher B, lower W.)
        let a = allocate(
            &player(0, &[W, B, W, B, W, B]),
            &player(1, &[B, W, W, B]),
            &ColourRules::with_initial(B),
        );
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (true, ColourRule::Alternation)
        );
    }

    /// C.04.3 (2012) E.2: two absolute preferences are equally strong, whatever the
    /// colour differences; E.3 then decides (2017 gives it to the wider difference).
    #[test]
    fn e2_between_absolutes_under_2012() {
        let (h, l) = (player(0, &[W, W, B, W]), player(1, &[B, B, W, W]));
        let a = allocate(&h, &l, &ColourRules::with_initial(W));
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (false, ColourRule::StrongerPreference)
        );
        let rules = ColourRules::new(RuleVersion::Dutch2012, 5, W);
        let a = allocate(&h, &l, &rules);
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (true, ColourRule::Alternation)
        );
    }

    /// 2012 E.5 after round 1 (JaVaFo 1.4): the higher player's starting number, and the
    /// colour opposite to the one it gives in round 1.
    #[test]
    fn e5_after_round_one_under_2012() {
        let round_one = ColourRules::new(RuleVersion::Dutch2012, 1, W);
        let later = ColourRules::new(RuleVersion::Dutch2012, 2, W);
        // Starting number 1 (rank 0).
        let (h, l) = (player(0, &[]), player(4, &[]));
        assert!(allocate(&h, &l, &round_one).higher_gets_white);
        assert!(!allocate(&h, &l, &later).higher_gets_white);
        // Starting number 43 ranked 20th among those present: after round 1 the starting
        // number counts (odd: reversed, Black), in round 1 the rank (even: Black).
        let mut h = player(19, &[]);
        h.id = 43;
        let a = allocate(&h, &l, &later);
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (false, ColourRule::PairingNumber)
        );
        assert!(!allocate(&h, &l, &round_one).higher_gets_white);
    }

    #[test]
    fn e4_and_e5() {
        let a = allocate(
            &player(2, &[W, B]),
            &player(5, &[W, B]),
            &ColourRules::with_initial(W),
        );
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (true, ColourRule::HigherRankedPreference)
        );
        let a = allocate(
            &player(0, &[]),
            &player(5, &[]),
            &ColourRules::with_initial(B),
        );
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (false, ColourRule::PairingNumber)
        );
        let a = allocate(
            &player(1, &[]),
            &player(5, &[]),
            &ColourRules::with_initial(B),
        );
        assert_eq!(
            (a.higher_gets_white, a.rule),
            (true, ColourRule::PairingNumber)
        );
    }

    #[test]
    fn violations_name_the_loser() {
        let (h, l) = (player(0, &[B]), player(1, &[B, W, B]));
        let a = allocate(&h, &l, &ColourRules::with_initial(W));
        let v = violations(&h, &l, a);
        assert!(v.preference && v.strong_preference && !v.three_in_a_row);
        let (h, l) = (player(0, &[W, B]), player(1, &[B, W, B]));
        let v = violations(&h, &l, allocate(&h, &l, &ColourRules::with_initial(W)));
        assert!(v.preference && !v.strong_preference);
    }
}
