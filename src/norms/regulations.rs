//! B.01, the FIDE Title Regulations (the text in force from 1 January 2022, with the
//! amendment in force from 1 March 2024 that raised the rating of unrated opponents to
//! 1400): every article number and every threshold of the norm check, here and nowhere
//! else, so that a correction is one edit.
//!
//! Written from memory of the text, without a copy at hand. The thresholds are the
//! well-known ones; the article numbers are the best recollection of the 2022 numbering.
//! Entries marked **Uncertain** (and whose [`Article::certain`] is `false`, printed with a
//! `?`) should be checked against the handbook before the figures are relied on.

use serde::Serialize;

use super::title::{FideTitle, NormTitle};

/// An article of B.01, as the norm report cites it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Article {
    /// `1.45a`, ...
    pub number: &'static str,
    /// `false`: the number (or the rule it stands for) is from memory and doubtful.
    pub certain: bool,
}

impl Article {
    const fn sure(number: &'static str) -> Article {
        Article {
            number,
            certain: true,
        }
    }

    const fn doubtful(number: &'static str) -> Article {
        Article {
            number,
            certain: false,
        }
    }
}

impl std::fmt::Display for Article {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.number, if self.certain { "" } else { "?" })
    }
}

/// A share of the games counted, such as 1/3 or 3/5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub numerator: u32,
    pub denominator: u32,
}

impl Share {
    /// The share of `games`, rounded up: the least that reaches it ("at least 1/3").
    pub const fn at_least(self, games: u32) -> u32 {
        (games * self.numerator).div_ceil(self.denominator)
    }

    /// The share of `games`, rounded down: the most that stays within it ("at most 3/5").
    pub const fn at_most(self, games: u32) -> u32 {
        games * self.numerator / self.denominator
    }
}

/// B.01 1.41a: the least number of games counted. Default of the norm check; 7 for the
/// team events of 1.41b (out of scope here; the command line takes `--min-games`).
pub const MIN_GAMES: u32 = 9;
/// B.01 1.41a: the article of [`MIN_GAMES`].
pub const GAMES: Article = Article::sure("1.41a");

/// B.01 1.42d: games decided by forfeit (either way), adjudication or any means other
/// than play over the board are not counted; neither are byes. Also left out here: games
/// that ended before the first move (TRF `W`/`D`/`L`, not rated; **Uncertain** whether
/// B.01 says so in these words).
pub const NOT_PLAYED: Article = Article::sure("1.42d");

/// B.01, Swiss events: the applicant may leave out games against opponents he defeated,
/// provided the games kept still meet every requirement. **Uncertain**: the article
/// number, and whether anything else (a prefix of the rounds) may be claimed; only the
/// dropped wins are implemented.
pub const DROPPED_WINS: Article = Article::doubtful("1.43f");

/// B.01 1.43: the opponents must include players of at least this many federations other
/// than the applicant's.
pub const FOREIGN_FEDERATIONS_MIN: u32 = 2;
/// B.01 1.43: the article of [`FOREIGN_FEDERATIONS_MIN`].
pub const FOREIGN_FEDERATIONS: Article = Article::sure("1.43");

/// B.01 1.43a-d: events exempt from the federation requirements by their kind (national
/// championship finals, zonal and continental events, ...): declared by the arbiter.
pub const DECLARED_EXEMPTION: Article = Article::sure("1.43a-d");

/// B.01 1.43e: a Swiss event is exempt from the federation requirements when its
/// participants include at least [`SWISS_EXEMPTION_FOREIGN_RATED`] FIDE-rated players not
/// from the host federation, from at least [`SWISS_EXEMPTION_FEDERATIONS`] federations, at
/// least [`SWISS_EXEMPTION_TITLED`] of whom hold a GM, IM, WGM or WIM title.
/// **Uncertain**: whether "participants" are the players who played a game (as here) or
/// every registered player, and whether the 3 federations may include the host.
pub const SWISS_EXEMPTION: Article = Article::sure("1.43e");
/// B.01 1.43e: FIDE-rated participants from outside the host federation.
pub const SWISS_EXEMPTION_FOREIGN_RATED: u32 = 20;
/// B.01 1.43e: the federations those foreign players come from.
pub const SWISS_EXEMPTION_FEDERATIONS: u32 = 3;
/// B.01 1.43e: those foreign players who hold GM, IM, WGM or WIM.
pub const SWISS_EXEMPTION_TITLED: u32 = 10;

/// B.01 1.44: at most 3/5 of the opponents from the applicant's federation (9 games: 5).
pub const OWN_FEDERATION_MAX: Share = Share {
    numerator: 3,
    denominator: 5,
};
/// B.01 1.44: the article of [`OWN_FEDERATION_MAX`].
pub const OWN_FEDERATION: Article = Article::sure("1.44");
/// B.01 1.44: at most 2/3 of the opponents from any one federation (9 games: 6).
pub const ONE_FEDERATION_MAX: Share = Share {
    numerator: 2,
    denominator: 3,
};
/// B.01 1.44: the article of [`ONE_FEDERATION_MAX`].
pub const ONE_FEDERATION: Article = Article::sure("1.44");

/// Federation codes that stand for no federation: such opponents count for no federation
/// (neither the applicant's nor a foreign one). **Uncertain** for `FID` (FIDE flag).
pub const NO_FEDERATION: [&str; 2] = ["", "FID"];

/// B.01 1.45a: at least 1/2 of the opponents must be title-holders (see
/// [`is_title_holder`]).
pub const TITLE_HOLDERS_MIN: Share = Share {
    numerator: 1,
    denominator: 2,
};
/// B.01 1.45a: the article of [`TITLE_HOLDERS_MIN`].
pub const TITLE_HOLDERS: Article = Article::sure("1.45a");

/// B.01 1.45a: the titles that make a title-holder: GM, IM, FM, WGM, WIM, WFM; not CM or
/// WCM.
pub const fn is_title_holder(title: FideTitle) -> bool {
    !matches!(title, FideTitle::Cm | FideTitle::Wcm)
}

/// B.01 1.45b-e: at least 1/3 of the opponents, and at least [`AT_LEVEL_FLOOR`], must hold
/// a title of the norm's level (see [`counts_at_level`]).
pub const AT_LEVEL_MIN: Share = Share {
    numerator: 1,
    denominator: 3,
};
/// B.01 1.45b-e: the least number of opponents of the norm's level, whatever the games.
pub const AT_LEVEL_FLOOR: u32 = 3;

/// B.01 1.45b-e: whether an opponent holding `title` counts as one of the norm's level:
/// GM norm (1.45b) GMs; IM norm (1.45c) IMs or GMs; WGM norm (1.45d) WGMs, IMs or GMs;
/// WIM norm (1.45e) WIMs, WGMs, IMs or GMs.
pub const fn counts_at_level(norm: NormTitle, title: FideTitle) -> bool {
    match norm {
        NormTitle::Gm => matches!(title, FideTitle::Gm),
        NormTitle::Im => matches!(title, FideTitle::Gm | FideTitle::Im),
        NormTitle::Wgm => matches!(title, FideTitle::Gm | FideTitle::Im | FideTitle::Wgm),
        NormTitle::Wim => matches!(
            title,
            FideTitle::Gm | FideTitle::Im | FideTitle::Wgm | FideTitle::Wim
        ),
    }
}

/// B.01 1.46c: at most this many opponents (the lowest-rated) have their rating raised to
/// the rating floor.
pub const RAISED_OPPONENTS_MAX: usize = 1;
/// B.01 1.46b-c: the article of the rating floor ([`TitleRule::rating_floor`]).
pub const RATING_FLOOR: Article = Article::sure("1.46c");

/// B.01 1.46d (from 1 March 2024): the rating an unrated opponent counts with.
/// **Uncertain**: 1000 before the 2024 amendment; the date is not taken into account.
pub const UNRATED_RATING: u16 = 1400;

/// B.01: at most 1/5 of the opponents may be unrated (9 games: 1). **Uncertain**: both
/// the share and the article.
pub const UNRATED_MAX: Share = Share {
    numerator: 1,
    denominator: 5,
};
/// The article of [`UNRATED_MAX`] (**Uncertain**).
pub const UNRATED: Article = Article::doubtful("1.46e");

/// B.01 1.47: the article of the average rating of the opponents (Ra, rounded to the
/// nearest whole number, 0.5 up) and its minimum ([`TitleRule::min_average`]).
pub const AVERAGE: Article = Article::sure("1.47");

/// B.01 1.48: the article of the performance Rp = Ra + dp (dp from B.02 table 8.1(a)) and
/// its minimum ([`TitleRule::min_performance`]).
pub const PERFORMANCE: Article = Article::sure("1.48");

/// The figures of B.01 that depend on the title sought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleRule {
    /// B.01 1.46b: the adjusted rating floor.
    pub rating_floor: u16,
    /// B.01 1.47: the least average rating of the opponents, Ra.
    pub min_average: i64,
    /// B.01 1.48: the least performance, Rp.
    pub min_performance: i64,
    /// B.01 1.45b-e: the article of the opponents of the norm's level.
    pub at_level: Article,
    /// The titles of that level, as the report names them ([`counts_at_level`]).
    pub at_level_titles: &'static str,
}

/// The rule of each norm.
pub const fn title_rule(norm: NormTitle) -> TitleRule {
    match norm {
        NormTitle::Gm => TitleRule {
            rating_floor: 2200,
            min_average: 2380,
            min_performance: 2600,
            at_level: Article::sure("1.45b"),
            at_level_titles: "GMs",
        },
        NormTitle::Im => TitleRule {
            rating_floor: 2050,
            min_average: 2230,
            min_performance: 2450,
            at_level: Article::sure("1.45c"),
            at_level_titles: "IMs or GMs",
        },
        NormTitle::Wgm => TitleRule {
            rating_floor: 2000,
            min_average: 2180,
            min_performance: 2400,
            at_level: Article::sure("1.45d"),
            at_level_titles: "WGMs, IMs or GMs",
        },
        NormTitle::Wim => TitleRule {
            rating_floor: 1850,
            min_average: 2030,
            min_performance: 2250,
            at_level: Article::sure("1.45e"),
            at_level_titles: "WIMs, WGMs, IMs or GMs",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_with_nine_games_are_the_handbook_numbers() {
        assert_eq!(TITLE_HOLDERS_MIN.at_least(9), 5);
        assert_eq!(AT_LEVEL_MIN.at_least(9).max(AT_LEVEL_FLOOR), 3);
        assert_eq!(AT_LEVEL_MIN.at_least(11), 4);
        assert_eq!(OWN_FEDERATION_MAX.at_most(9), 5);
        assert_eq!(ONE_FEDERATION_MAX.at_most(9), 6);
        assert_eq!(UNRATED_MAX.at_most(9), 1);
        assert_eq!(OWN_FEDERATION_MAX.at_most(10), 6);
    }

    #[test]
    fn doubtful_articles_print_with_a_question_mark() {
        assert_eq!(UNRATED.to_string(), "1.46e?");
        assert_eq!(GAMES.to_string(), "1.41a");
    }
}
