//! The drawing of lots for the initial colour (C.04.3 (2026) 5.2.5: the colour the top
//! player gets in round 1, drawn before it), made by the program from a seed that is
//! recorded, so that anyone can repeat it (the FIDE checklist, Q204 and Q206, as the
//! public trackers quote it).

use super::{Colour, LogKind, SeedingTies, Tournament};
use crate::generator::random::Random;

/// The colour a seed draws: the lowest bit of the first value of SplitMix64 (the
/// generator of [`crate::generator::random`], the same on every machine) seeded with it;
/// 0 is White, 1 Black.
pub fn initial_colour_from_seed(seed: u64) -> Colour {
    if Random::new(seed).next_u64() & 1 == 0 {
        Colour::White
    } else {
        Colour::Black
    }
}

/// The seed a `Lots` line of the log records, to draw again.
pub fn seed_of(detail: &str) -> Option<u64> {
    let rest = &detail[detail.find("seed ")? + "seed ".len()..];
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

impl Tournament {
    /// Draws the initial colour by lot with `seed` before round 1, sets it and logs the
    /// seed (`### Lots @ Round 0: …`). Refused once round 1 is paired.
    pub(crate) fn draw_initial_colour(
        &mut self,
        seed: u64,
        when: String,
    ) -> Result<Colour, String> {
        if self.is_paired(1) {
            return Err("the initial colour is drawn by lot before round 1 (C.04.3 5.2.5); round 1 is paired".into());
        }
        let colour = initial_colour_from_seed(seed);
        self.event.initial_colour = Some(colour);
        let name = match colour {
            Colour::White => "White",
            Colour::Black => "Black",
        };
        self.log_event(
            LogKind::Lots,
            &format!(
                "initial colour {name}, drawn by lot with seed {seed} (SplitMix64: the lowest bit \
                 of its first value, 0 White, 1 Black)"
            ),
            when,
        );
        Ok(colour)
    }
}

impl Tournament {
    /// Draws by lot, with `seed`, the order of players equal on rating and title in the
    /// initial ranking (C.04.2 B, where the regulations say so; checklist Q146), before
    /// round 1, and logs the seed. The pairing numbers follow when they are assigned.
    pub(crate) fn draw_seeding_ties(&mut self, seed: u64, when: String) -> Result<(), String> {
        if self.is_paired(1) {
            return Err(
                "the initial ranking is drawn before round 1 (C.04.2 B); round 1 is paired".into(),
            );
        }
        self.event.seeding_ties = SeedingTies::Lots { seed };
        self.log_event(
            LogKind::Lots,
            &format!(
                "ties of the initial ranking (equal rating and title) drawn by lot with seed \
                 {seed} (SplitMix64 of the seed and an FNV-1a hash of name, FIDE ID and birth \
                 date; lowest first)"
            ),
            when,
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_draws_the_same_colour_and_both_colours_occur() {
        let colours: Vec<Colour> = (0..64).map(initial_colour_from_seed).collect();
        assert!(colours.contains(&Colour::White) && colours.contains(&Colour::Black));
        for seed in 0..64 {
            assert_eq!(initial_colour_from_seed(seed), colours[seed as usize]);
        }
    }

    #[test]
    fn the_draw_is_logged_with_its_seed_and_repeats_from_it() {
        let mut t = Tournament::default();
        let colour = t
            .draw_initial_colour(1_764_000_000_123, "2026-11-26T10:00:00Z".into())
            .expect("before round 1");
        assert_eq!(t.event.initial_colour, Some(colour));
        let entry = t.log.last().expect("logged");
        assert_eq!(entry.kind, LogKind::Lots);
        let seed = seed_of(&entry.detail).expect("a seed");
        assert_eq!(seed, 1_764_000_000_123);
        assert_eq!(initial_colour_from_seed(seed), colour);
        t.players = (1..=2)
            .map(|id| crate::tournament::Player::new(id, format!("P{id}")))
            .collect();
        t.record_pairing(1, &[[1, 2]], None);
        assert!(t.draw_initial_colour(5, "later".into()).is_err());
    }
}
