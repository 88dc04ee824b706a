//! C.04.4.3 Lim colours: the due colour (5.1, 5.5, 5.6), the colours a player may still
//! receive (2.1, 5.1.a/b, 6) and the allocation of a pair (5.3, 5.4, 7.2).

use crate::tournament::Colour;

/// 5.5/5.6: the colour a player is due. A non-zero colour difference asks for the
/// equalising colour (in an odd-numbered round this is the colour that leaves "one more
/// only of one colour", in an even one the one that equalises); a zero difference asks
/// for the alternate colour. No games: no due colour.
pub(crate) fn due_colour(colours: &[Colour]) -> Option<Colour> {
    let cd = difference(colours);
    match cd {
        d if d > 0 => Some(Colour::Black),
        d if d < 0 => Some(Colour::White),
        _ => colours.last().map(|c| c.opposite()),
    }
}

/// Games with White minus games with Black.
pub(crate) fn difference(colours: &[Colour]) -> i32 {
    colours
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum()
}

/// 2.1 and 5.1.a/b: whether `colour` would give the player the same colour in three
/// successive rounds or three more of one colour than the other. Rule 6: in the last
/// round neither counts.
pub(crate) fn may_receive(colours: &[Colour], colour: Colour, last_round: bool) -> bool {
    if last_round {
        return true;
    }
    let step = if colour == Colour::White { 1 } else { -1 };
    let third = matches!(colours, [.., x, y] if *x == colour && *y == colour);
    (difference(colours) + step).abs() < 3 && !third
}

/// The two players of a pair as the allocation sees them.
pub(crate) struct Side<'a> {
    pub(crate) colours: &'a [Colour],
    /// The colours 2.1 leaves him.
    pub(crate) white_ok: bool,
    pub(crate) black_ok: bool,
    /// 1-based place in the pairing list (7.2 counts odd and even places).
    pub(crate) place: usize,
}

/// The rule of 5.1–5.6 or 7.2 that decides a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// 5.3 (2.1, 5.1.a/b): a player must have the colour 2.1 leaves him.
    Forced { higher: bool },
    /// 5.1: the due colours differ: both granted.
    BothDue,
    /// 5.1: only one player is due a colour (`higher`: the higher-ranked one).
    OnlyDue { higher: bool },
    /// 5.4: both due the same colour; the first round back in which their colours
    /// differed decides.
    History { rounds_back: usize },
    /// 5.4: identical histories: by the median, the higher- or lower-ranked player gets
    /// his due colour.
    Identical { at_or_above_median: bool },
    /// 7.2: no colour history: the higher player's place in the pairing list.
    Place,
}

impl Rule {
    /// The article of the rule.
    pub(crate) fn article(self) -> &'static str {
        match self {
            Rule::Forced { .. } => "5.3",
            Rule::BothDue | Rule::OnlyDue { .. } => "5.1",
            Rule::History { .. } | Rule::Identical { .. } => "5.4",
            Rule::Place => "7.2",
        }
    }
}

/// Whether the higher-ranked player (`higher`) gets White.
pub(crate) fn higher_gets_white(
    higher: &Side,
    lower: &Side,
    at_or_above_median: bool,
    initial: Colour,
) -> bool {
    allocate(higher, lower, at_or_above_median, initial).0
}

/// Whether the higher-ranked player (`higher`) gets White, and the rule that decides.
///
/// In order: a colour 2.1 forces (5.3); both due colours granted when they differ or
/// only one player has one (5.1); otherwise, going back through the played colours,
/// the first round in which they differ decides: each gets the colour the other had
/// then, so the one who has repeated his colour gets the alternate (5.4). Identical
/// histories: at or above the median the higher-ranked player gets his due colour,
/// below it the lower-ranked one (5.4). No history at all: 7.2, the higher player's
/// place decides (odd places the colour drawn for #1).
pub(crate) fn allocate(
    higher: &Side,
    lower: &Side,
    at_or_above_median: bool,
    initial: Colour,
) -> (bool, Rule) {
    let forced = |s: &Side| match (s.white_ok, s.black_ok) {
        (true, false) => Some(Colour::White),
        (false, true) => Some(Colour::Black),
        _ => None,
    };
    if let Some(c) = forced(higher) {
        return (c == Colour::White, Rule::Forced { higher: true });
    }
    if let Some(c) = forced(lower) {
        return (c == Colour::Black, Rule::Forced { higher: false });
    }
    match (due_colour(higher.colours), due_colour(lower.colours)) {
        (Some(h), Some(l)) if h != l => return (h == Colour::White, Rule::BothDue),
        (Some(h), None) => return (h == Colour::White, Rule::OnlyDue { higher: true }),
        (None, Some(l)) => return (l == Colour::Black, Rule::OnlyDue { higher: false }),
        (None, None) => {
            let odd = higher.place % 2 == 1;
            return ((initial == Colour::White) == odd, Rule::Place);
        }
        _ => {}
    }
    let (hh, lh) = (higher.colours, lower.colours);
    for back in 1..=hh.len().min(lh.len()) {
        let (h, l) = (hh[hh.len() - back], lh[lh.len() - back]);
        if h != l {
            return (l == Colour::White, Rule::History { rounds_back: back });
        }
    }
    let due = due_colour(hh).unwrap_or(initial);
    let white = if at_or_above_median {
        due == Colour::White
    } else {
        due != Colour::White
    };
    (white, Rule::Identical { at_or_above_median })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn side(colours: &[Colour], place: usize) -> Side<'_> {
        Side {
            colours,
            white_ok: may_receive(colours, W, false),
            black_ok: may_receive(colours, B, false),
            place,
        }
    }

    #[test]
    fn due_colours() {
        assert_eq!(due_colour(&[W, B]), Some(W), "5.1: alternate");
        assert_eq!(due_colour(&[W]), Some(B));
        assert_eq!(due_colour(&[W, W, B]), Some(B), "5.6: equalise");
        assert_eq!(due_colour(&[]), None);
    }

    #[test]
    fn compatibility_colours() {
        assert!(!may_receive(&[B, W, W], W, false), "2.1: three in a row");
        assert!(!may_receive(&[W, B, W, W], W, false), "three in a row");
        assert!(
            may_receive(&[W, B, W], W, false),
            "two more is allowed (5.6)"
        );
        assert!(!may_receive(&[W, W, B, W, W], W, false));
        assert!(may_receive(&[B, W, W], W, true), "6: last round");
    }

    /// 5.4: same due colour and identical histories: at or above the median the higher
    /// ranked gets the alternate colour, below it the lower ranked.
    #[test]
    fn identical_histories_by_median() {
        let (a, b) = ([W, B], [W, B]);
        assert!(higher_gets_white(&side(&a, 1), &side(&b, 2), true, W));
        assert!(!higher_gets_white(&side(&a, 1), &side(&b, 2), false, W));
    }

    /// 5.4: the colours going back decide: the player who repeated gets the alternate.
    #[test]
    fn history_going_back() {
        let (a, b) = ([W, B, B], [B, W, B]);
        // Both due White (a by equalising, b by alternation); in round 2 a had Black,
        // b White: a gets White.
        assert!(higher_gets_white(&side(&a, 1), &side(&b, 2), true, B));
        assert!(!higher_gets_white(&side(&b, 1), &side(&a, 2), true, B));
    }

    /// 7.2: #1 has the drawn colour, odd places of the upper half the same, even ones
    /// the other.
    #[test]
    fn round_one_by_place() {
        let none: [Colour; 0] = [];
        assert!(higher_gets_white(
            &side(&none, 1),
            &side(&none, 21),
            true,
            W
        ));
        assert!(!higher_gets_white(
            &side(&none, 2),
            &side(&none, 22),
            true,
            W
        ));
        assert!(!higher_gets_white(
            &side(&none, 1),
            &side(&none, 21),
            true,
            B
        ));
    }
}
