//! C.04.1 A.2 (order): score, rating, FIDE title, then name.

use std::cmp::Ordering;

use crate::tournament::{Player, Points};

/// C.04.1 A.2.c: the title order IGM-WGM-IM-WIM-FM-WFM-no title. Titles the 1998 text
/// does not know (CM, WCM) count as no title.
pub(crate) fn title_rank(title: &str) -> u8 {
    match title.trim().to_ascii_uppercase().as_str() {
        "GM" | "IGM" => 0,
        "WGM" => 1,
        "IM" => 2,
        "WIM" => 3,
        "FM" => 4,
        "WFM" => 5,
        _ => 6,
    }
}

/// C.04.1 A.2: `Less` when `a` (with pairing score `score_a`) ranks above `b`: higher
/// score, then higher rating (unrated lowest), then higher title, then alphabetical
/// name. The pairing number breaks what is left (identical name and rating), so the
/// order is total.
pub(crate) fn compare(a: &Player, score_a: Points, b: &Player, score_b: Points) -> Ordering {
    score_b
        .cmp(&score_a)
        .then_with(|| b.rating.unwrap_or(0).cmp(&a.rating.unwrap_or(0)))
        .then_with(|| title_rank(&a.title).cmp(&title_rank(&b.title)))
        .then_with(|| a.name.cmp(&b.name))
        .then_with(|| a.id.cmp(&b.id))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: u32, name: &str, rating: Option<u16>, title: &str) -> Player {
        let mut p = Player::new(id, name);
        p.rating = rating;
        p.title = title.to_string();
        p
    }

    #[test]
    fn score_then_rating_then_title_then_name() {
        let zero = Points::ZERO;
        let one = Points::ONE;
        let a = player(9, "Zed", Some(2000), "");
        let b = player(1, "Abe", Some(2400), "GM");
        assert_eq!(compare(&a, one, &b, zero), Ordering::Less, "A.2.a score");
        assert_eq!(
            compare(&a, zero, &b, zero),
            Ordering::Greater,
            "A.2.b rating"
        );
        let c = player(2, "Zed", Some(2400), "WGM");
        assert_eq!(compare(&b, zero, &c, zero), Ordering::Less, "A.2.c title");
        let d = player(3, "Abe", Some(2400), "WGM");
        assert_eq!(compare(&d, zero, &c, zero), Ordering::Less, "A.2.d name");
        let unrated = player(4, "Abe", None, "GM");
        assert_eq!(compare(&a, zero, &unrated, zero), Ordering::Less);
    }
}
