//! Colours (C.04.6 1.6, 1.7 and Article 4): the teams' colour preferences, and the colours
//! of a match, allocated after the whole round is paired. A colour never keeps two teams
//! apart (Preface): it enters the pairing only through C8 and C9.

use crate::tournament::{Colour, TeamColourType};

use super::field::{Entrant, Field};

/// How much a team wants a colour (1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// Type B's mild preference (1.7.2).
    Mild,
    /// Type A's only preference (1.7.1), Type B's strong one (1.7.2).
    Strong,
}

/// A team's colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    pub(crate) colour: Colour,
    pub(crate) strength: Strength,
}

/// 1.7: the team's colour preference, `None` when it has none. Both types want White with
/// a colour difference below -1, or of 0 or -1 after Black in its last two played
/// matches (and Black the other way round); Type B adds a mild preference with a
/// difference of -1 (+1), or of 0 after one Black (White) when this is not the last
/// round.
pub(crate) fn preference(field: &Field, team: &Entrant) -> Option<Preference> {
    if field.colour_type == TeamColourType::None || team.colours.is_empty() {
        return None;
    }
    let cd = team.colour_difference();
    let last_two = match team.colours.as_slice() {
        [.., a, b] if a == b => Some(*a),
        _ => None,
    };
    let strong = |colour| {
        Some(Preference {
            colour,
            strength: Strength::Strong,
        })
    };
    if cd < -1 || ((cd == 0 || cd == -1) && last_two == Some(Colour::Black)) {
        return strong(Colour::White);
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last_two == Some(Colour::White)) {
        return strong(Colour::Black);
    }
    if field.colour_type == TeamColourType::TypeA {
        return None;
    }
    let mild = |colour| {
        Some(Preference {
            colour,
            strength: Strength::Mild,
        })
    };
    match (cd, team.colours.last()) {
        (-1, _) => mild(Colour::White),
        (1, _) => mild(Colour::Black),
        (0, Some(&last)) if !field.last_round => mild(last.opposite()),
        _ => None,
    }
}

/// C8 (2.3.5) and C9 (2.3.6) for a pair: whether one of the two teams will not get the
/// colour it prefers (both prefer the same colour), and whether that team's preference
/// is strong (Type B only: both preferences are strong, since 4.3.4 grants a strong one
/// against a mild one).
pub(crate) fn unfulfilled(field: &Field, a: &Entrant, b: &Entrant) -> (bool, bool) {
    match (preference(field, a), preference(field, b)) {
        (Some(pa), Some(pb)) if pa.colour == pb.colour => (
            true,
            field.colour_type == TeamColourType::TypeB
                && pa.strength == Strength::Strong
                && pb.strength == Strength::Strong,
        ),
        _ => (false, false),
    }
}

/// 4.2: whether `a` is the first-team of its pair with `b`: the higher primary score, then
/// the higher secondary score (when the event uses it for colours), then the smaller TPN.
pub(crate) fn is_first_team(field: &Field, a: &Entrant, b: &Entrant) -> bool {
    if a.score != b.score {
        return a.score > b.score;
    }
    if field.secondary_for_colours && a.secondary != b.secondary {
        return a.secondary > b.secondary;
    }
    a.tpn < b.tpn
}

/// The rule of 4.3 that decided a match's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColourRule {
    /// 4.3.1: neither team has played a match: the first-team's TPN parity.
    Initial,
    /// 4.3.2: only one team has a preference.
    OnlyPreference,
    /// 4.3.3: opposite preferences.
    OppositePreferences,
    /// 4.3.4: only one strong preference (Type B).
    OnlyStrong,
    /// 4.3.5: White to the lower colour difference.
    ColourDifference,
    /// 4.3.6: alternate from the last time the two had different colours.
    LastDifference,
    /// 4.3.7: the first-team's preference.
    FirstTeamPreference,
    /// 4.3.8: alternate the first-team's last colour.
    FirstTeamAlternates,
    /// 4.3.9: alternate the other team's last colour.
    OtherTeamAlternates,
}

impl ColourRule {
    /// The article.
    pub(crate) fn article(self) -> &'static str {
        match self {
            ColourRule::Initial => "4.3.1",
            ColourRule::OnlyPreference => "4.3.2",
            ColourRule::OppositePreferences => "4.3.3",
            ColourRule::OnlyStrong => "4.3.4",
            ColourRule::ColourDifference => "4.3.5",
            ColourRule::LastDifference => "4.3.6",
            ColourRule::FirstTeamPreference => "4.3.7",
            ColourRule::FirstTeamAlternates => "4.3.8",
            ColourRule::OtherTeamAlternates => "4.3.9",
        }
    }
}

/// Article 4.3: the first-team's colour in its match with `second`, and the rule that
/// decided it. The colour histories hold played matches only, so 4.3.6 compares them
/// from their ends (the rounds a team did not play are left out, C.04.2 3.4).
pub(crate) fn first_team_colour(
    field: &Field,
    first: &Entrant,
    second: &Entrant,
) -> (Colour, ColourRule) {
    if first.matches == 0 && second.matches == 0 {
        let colour = if first.tpn % 2 == 1 {
            field.initial_colour
        } else {
            field.initial_colour.opposite()
        };
        return (colour, ColourRule::Initial);
    }
    let (pf, ps) = (preference(field, first), preference(field, second));
    match (pf, ps) {
        (Some(p), None) => return (p.colour, ColourRule::OnlyPreference),
        (None, Some(p)) => return (p.colour.opposite(), ColourRule::OnlyPreference),
        (Some(p), Some(q)) if p.colour != q.colour => {
            return (p.colour, ColourRule::OppositePreferences);
        }
        (Some(p), Some(q)) if field.colour_type == TeamColourType::TypeB => {
            if p.strength == Strength::Strong && q.strength == Strength::Mild {
                return (p.colour, ColourRule::OnlyStrong);
            }
            if p.strength == Strength::Mild && q.strength == Strength::Strong {
                return (q.colour.opposite(), ColourRule::OnlyStrong);
            }
        }
        _ => {}
    }
    let (cf, cs) = (first.colour_difference(), second.colour_difference());
    if cf != cs {
        let colour = if cf < cs {
            Colour::White
        } else {
            Colour::Black
        };
        return (colour, ColourRule::ColourDifference);
    }
    let differ = first
        .colours
        .iter()
        .rev()
        .zip(second.colours.iter().rev())
        .find(|(a, b)| a != b);
    if let Some((&last, _)) = differ {
        return (last.opposite(), ColourRule::LastDifference);
    }
    if let Some(p) = pf {
        return (p.colour, ColourRule::FirstTeamPreference);
    }
    if let Some(&last) = first.colours.last() {
        return (last.opposite(), ColourRule::FirstTeamAlternates);
    }
    match second.colours.last() {
        Some(&last) => (last, ColourRule::OtherTeamAlternates),
        // Neither has a colour although one has played: only with matches whose board 1
        // was never scheduled; the initial rule is the only one left.
        None => (field.initial_colour, ColourRule::Initial),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Points;
    use Colour::{Black as B, White as W};

    fn field(colour_type: TeamColourType, last_round: bool) -> Field {
        let mut t = crate::tournament::Tournament::default();
        t.event.team_scoring.colour_preferences = colour_type;
        let mut f = Field::new(&t, 1);
        f.last_round = last_round;
        f.initial_colour = Colour::White;
        f
    }

    fn team(tpn: u32, colours: &[Colour]) -> Entrant {
        Entrant {
            id: tpn,
            tpn,
            score: Points::ZERO,
            secondary: Points::ZERO,
            matches: colours.len() as u32,
            colours: colours.to_vec(),
            bye_eligible: true,
            floated: false,
        }
    }

    fn pref(f: &Field, colours: &[Colour]) -> Option<(Colour, Strength)> {
        preference(f, &team(1, colours)).map(|p| (p.colour, p.strength))
    }

    #[test]
    fn type_a_wants_a_colour_only_after_an_imbalance_or_two_alike() {
        let f = field(TeamColourType::TypeA, false);
        assert_eq!(pref(&f, &[]), None);
        assert_eq!(pref(&f, &[W]), None);
        assert_eq!(pref(&f, &[W, W]), Some((B, Strength::Strong)));
        assert_eq!(pref(&f, &[W, B]), None);
        assert_eq!(pref(&f, &[W, B, B]), Some((W, Strength::Strong)));
        assert_eq!(pref(&f, &[B, B, W, B]), Some((W, Strength::Strong)));
        // CD +1 after White, Black: nothing in Type A.
        assert_eq!(pref(&f, &[W, W, B]), None);
    }

    #[test]
    fn type_b_adds_mild_preferences_but_not_at_zero_in_the_last_round() {
        let f = field(TeamColourType::TypeB, false);
        assert_eq!(pref(&f, &[W]), Some((B, Strength::Mild)));
        assert_eq!(pref(&f, &[W, B]), Some((W, Strength::Mild)));
        assert_eq!(pref(&f, &[B, B]), Some((W, Strength::Strong)));
        assert_eq!(pref(&f, &[W, W, B]), Some((B, Strength::Mild)));
        let last = field(TeamColourType::TypeB, true);
        assert_eq!(pref(&last, &[W, B]), None);
        assert_eq!(pref(&last, &[W]), Some((B, Strength::Mild)));
        let none = field(TeamColourType::None, false);
        assert_eq!(pref(&none, &[W, W, W]), None);
    }

    #[test]
    fn c8_and_c9_count_a_shared_preference() {
        let a = field(TeamColourType::TypeA, false);
        assert_eq!(
            unfulfilled(&a, &team(1, &[W, W]), &team(2, &[B, W, W])),
            (true, false)
        );
        assert_eq!(
            unfulfilled(&a, &team(1, &[W, W]), &team(2, &[B, B])),
            (false, false)
        );
        let b = field(TeamColourType::TypeB, false);
        assert_eq!(
            unfulfilled(&b, &team(1, &[W, W]), &team(2, &[W])),
            (true, false)
        );
        assert_eq!(
            unfulfilled(&b, &team(1, &[W, W]), &team(2, &[W, W])),
            (true, true)
        );
    }

    #[test]
    fn article_4_in_order() {
        let f = field(TeamColourType::TypeB, false);
        // 4.3.1: no match yet: an odd first-team takes the initial colour (White here).
        assert_eq!(first_team_colour(&f, &team(3, &[]), &team(4, &[])).0, W);
        assert_eq!(first_team_colour(&f, &team(2, &[]), &team(5, &[])).0, B);
        // 4.3.2 and 4.3.3.
        let r = first_team_colour(&f, &team(1, &[]), &team(2, &[W, W]));
        assert_eq!(r, (W, ColourRule::OnlyPreference));
        let r = first_team_colour(&f, &team(1, &[B]), &team(2, &[W]));
        assert_eq!(r, (W, ColourRule::OppositePreferences));
        // 4.3.4: the strong one wins against the mild one.
        let r = first_team_colour(&f, &team(1, &[B]), &team(2, &[B, B]));
        assert_eq!(r, (B, ColourRule::OnlyStrong));
        // 4.3.5 under Type A: both want White, the lower difference gets it.
        let a = field(TeamColourType::TypeA, false);
        let r = first_team_colour(&a, &team(1, &[B, B]), &team(2, &[W, B, B]));
        assert_eq!(r, (W, ColourRule::ColourDifference));
        // 4.3.6: same difference; the last time they differed, the first-team had Black.
        let r = first_team_colour(&a, &team(1, &[W, B]), &team(2, &[B, W]));
        assert_eq!(r, (W, ColourRule::LastDifference));
        // 4.3.7: equal histories, both want Black: the first-team gets it.
        let r = first_team_colour(&a, &team(1, &[W, W]), &team(2, &[W, W]));
        assert_eq!(r, (B, ColourRule::FirstTeamPreference));
        // 4.3.8: equal histories, no preference: the first-team alternates.
        let r = first_team_colour(&a, &team(1, &[B, W]), &team(2, &[B, W]));
        assert_eq!(r, (B, ColourRule::FirstTeamAlternates));
    }
}
