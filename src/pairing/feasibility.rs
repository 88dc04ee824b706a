//! Whether the players not yet paired can all still be paired: a perfect matching over
//! "may meet" edges, with one extra vertex for the pairing-allocated bye when their
//! number is odd (adjacent to the players who may receive it). Procedural systems (the
//! 1998 rating system, Lim) use it to look ahead: a score group's pairing is accepted
//! only if the rest of the round can still be completed.

use crate::matching::CardinalityMatcher;

/// The players still to pair and a maximum matching over them, kept incrementally.
pub(crate) struct Remaining {
    n: usize,
    matcher: CardinalityMatcher,
    left: Vec<bool>,
}

impl Remaining {
    /// All `n` players still to pair; `may_meet(a, b)` for two players, `may_have_bye(a)`
    /// for the bye.
    pub(crate) fn new(
        n: usize,
        may_meet: impl Fn(usize, usize) -> bool,
        may_have_bye: impl Fn(usize) -> bool,
    ) -> Remaining {
        let mut matcher = CardinalityMatcher::new(n + 1, |a, b| {
            if b == n {
                may_have_bye(a)
            } else if a == n {
                may_have_bye(b)
            } else {
                may_meet(a, b)
            }
        });
        if n.is_multiple_of(2) {
            matcher.remove(n);
        }
        matcher.maximise();
        Remaining {
            n,
            matcher,
            left: vec![true; n],
        }
    }

    /// Whether the players left, but `gone`, can all be paired (one bye if odd).
    pub(crate) fn feasible(&mut self, gone: &[usize]) -> bool {
        let saved = self.matcher.save();
        for &a in gone {
            self.matcher.remove(a);
        }
        let ok = self.matcher.maximise().is_empty();
        self.matcher.restore(saved);
        ok
    }

    /// Takes players out for good (paired, or given the bye: then pass the bye vertex's
    /// removal with [`Self::bye_given`]).
    pub(crate) fn commit(&mut self, gone: &[usize]) {
        for &a in gone {
            self.matcher.remove(a);
            self.left[a] = false;
        }
        self.matcher.maximise();
    }

    /// The bye has been given: the bye vertex leaves too.
    pub(crate) fn bye_given(&mut self, player: usize) {
        self.matcher.remove(self.n);
        self.commit(&[player]);
    }
}
