//! Who may win a prize of a category.

use crate::rating::year_of;
use crate::tournament::{Player, PrizeCategory, Sex, Tournament};

/// The year ages are counted in: the event's end date, else its start date.
pub fn event_year(t: &Tournament) -> Option<i32> {
    year_of(&t.event.end_date).or_else(|| year_of(&t.event.start_date))
}

/// Whether `player` belongs to `category`. Age categories need the event's year and the
/// player's birth year; without either, the player is not in them.
pub fn eligible(category: &PrizeCategory, player: &Player, event_year: Option<i32>) -> bool {
    let born = year_of(&player.birth_date).filter(|&y| y > 0);
    match category {
        PrizeCategory::Overall => true,
        PrizeCategory::Women => player.sex == Some(Sex::Female),
        PrizeCategory::Youth { under } => event_year
            .zip(born)
            .is_some_and(|(year, born)| born >= year - *under as i32),
        PrizeCategory::Senior { from } => event_year
            .zip(born)
            .is_some_and(|(year, born)| born <= year - *from as i32),
        PrizeCategory::Rating { min, max } => player
            .rating
            .is_some_and(|r| min.is_none_or(|low| r >= low) && max.is_none_or(|high| r <= high)),
        PrizeCategory::Unrated => player.rating.is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_follow_sex_age_and_rating() {
        let mut p = Player::new(1, "A");
        p.birth_date = "2008/06/01".into();
        p.rating = Some(1650);
        let year = Some(2026);
        assert!(eligible(&PrizeCategory::Youth { under: 18 }, &p, year));
        assert!(!eligible(&PrizeCategory::Youth { under: 16 }, &p, year));
        assert!(!eligible(&PrizeCategory::Youth { under: 18 }, &p, None));
        assert!(!eligible(&PrizeCategory::Senior { from: 65 }, &p, year));
        p.birth_date = "1961".into();
        assert!(eligible(&PrizeCategory::Senior { from: 65 }, &p, year));
        assert!(!eligible(
            &PrizeCategory::Senior { from: 65 },
            &p,
            Some(2025)
        ));
        let band = PrizeCategory::Rating {
            min: Some(1600),
            max: Some(1799),
        };
        assert!(eligible(&band, &p, year));
        p.rating = Some(1800);
        assert!(!eligible(&band, &p, year));
        p.rating = None;
        assert!(!eligible(&band, &p, year));
        assert!(eligible(&PrizeCategory::Unrated, &p, year));
        assert!(!eligible(&PrizeCategory::Women, &p, year));
        p.sex = Some(Sex::Female);
        assert!(eligible(&PrizeCategory::Women, &p, year));
    }
}
