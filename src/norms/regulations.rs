//! B.01, the FIDE Title Regulations applied from 1 January 2024 (FIDE Handbook chapter
//! B012024): every article number and every threshold of the norm check, here and nowhere
//! else, so that a correction is one edit.
//!
//! Read against transcriptions of the handbook page (0.5, 1.1, 1.4.1-1.4.9, 1.5, 1.7).
//! The article numbers are those of the 2024 text (1.4.1a, 1.4.3d, 1.4.8b...), not the
//! 1.41a/1.43e of the texts before 2022. Where the text is ambiguous the constant says so
//! and names the reading taken; `assets/help/norms.md` lists every rule of 1.1-1.5 with
//! its status in the program.

use serde::Serialize;

use super::title::{FideTitle, NormTitle};

/// The regulations applied, as the report names them.
pub(crate) const TEXT: &str = "FIDE Title Regulations (B.01) applied from 1 January 2024";

/// The first day of [`TEXT`] (year, month, day). B.01 1.5.4: a title result is valid if it
/// complied with the regulations in force when it was achieved; an event that started
/// earlier was under the 2023 text (unrated opponents 1000, other numbering), which this
/// program does not implement: the report says so.
pub(crate) const TEXT_FROM: (i32, u32, u32) = (2024, 1, 1);

/// An article of B.01, as the norm report cites it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Article {
    /// `1.4.5a`, ...
    pub number: &'static str,
}

impl Article {
    const fn new(number: &'static str) -> Article {
        Article { number }
    }
}

impl std::fmt::Display for Article {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.number)
    }
}

/// A share of the games counted, such as 1/3 or 3/5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Share {
    pub(crate) numerator: u32,
    pub(crate) denominator: u32,
}

impl Share {
    /// The share of `games`, rounded up: the least that reaches it ("at least 1/3";
    /// 1.4.4: "minimum numbers of opponents are rounded up").
    pub(crate) const fn at_least(self, games: u32) -> u32 {
        (games * self.numerator).div_ceil(self.denominator)
    }

    /// The share of `games`, rounded down: the most that stays within it ("at most 3/5";
    /// 1.4.4: "maximum numbers are rounded down").
    pub(crate) const fn at_most(self, games: u32) -> u32 {
        games * self.numerator / self.denominator
    }
}

// 1.1 The administration of title tournaments (conditions of the event).

/// B.01 1.1.2: "The maximum calculated play in one day is 12 hours", calculated for games
/// of 60 moves: minutes on the busiest day (rounds that day × the two players' times).
pub(crate) const HOURS_OF_PLAY_MAX_MINUTES: u64 = 12 * 60;
/// B.01 1.1.2: the article of [`HOURS_OF_PLAY_MAX_MINUTES`].
pub(crate) const HOURS_OF_PLAY: Article = Article::new("1.1.2");
/// B.01 1.1.3: "There shall be no more than 2 rounds per day".
pub(crate) const ROUNDS_PER_DAY_MAX: u64 = 2;
/// B.01 1.1.3: the article of [`ROUNDS_PER_DAY_MAX`].
pub(crate) const ROUNDS_PER_DAY: Article = Article::new("1.1.3");
/// B.01 1.1.3: each player has at least 120 minutes for all the moves, the game assumed to
/// last 60 moves (the base times plus 60 times the increment).
pub(crate) const TIME_FOR_60_MOVES_MIN_MINUTES: u64 = 120;
/// B.01 1.1.3: the article of [`TIME_FOR_60_MOVES_MIN_MINUTES`].
pub(crate) const TIME_CONTROL: Article = Article::new("1.1.3");
/// B.01 1.1.3b: the same time control and clock settings for every game (a control that
/// differs between White and Black, TRF-2026 `222` `W…-B…`, fails).
pub(crate) const SAME_TIME_CONTROL: Article = Article::new("1.1.3b");
/// B.01 0.5: "Rating refers to a player's Standard FIDE rating": norms come from events
/// rated on the standard list.
pub(crate) const STANDARD_RATING: Article = Article::new("0.5");
/// B.01 1.4.2e: the formats that give norms without the QC Chairperson's prior approval:
/// Swiss, round robin, double round robin, knockout.
#[cfg(test)]
pub(crate) const FORMAT: Article = Article::new("1.4.2e");
/// B.01 1.1.1: registration on the FIDE server at least 30 days before the start and no
/// change of format once started; 1.1.5: the chief arbiter an IA or FA, an IA or FA always
/// in the venue; 1.1.6: no appointed arbiter plays. The file cannot tell: declared by the
/// arbiter on the report.
pub(crate) const DECLARED_CONDITIONS: [(Article, &str); 3] = [
    (
        Article::new("1.1.1"),
        "registered on the FIDE server at least 30 days before the start; format unchanged after the start",
    ),
    (
        Article::new("1.1.5"),
        "the chief arbiter is an IA or FA; an IA or FA was in the playing venue at all times",
    ),
    (
        Article::new("1.1.6"),
        "no arbiter appointed to the tournament played in it",
    ),
];

// 1.4.1 Number of games.

/// B.01 1.4.1a: the least number of games counted. Default of the norm check; 7 for the
/// world and continental team and club championships of 1.4.1b (and 8 for the World Cups),
/// given on the command line with `--min-games`.
pub(crate) const MIN_GAMES: u32 = 9;
/// B.01 1.4.1a: the article of [`MIN_GAMES`].
pub(crate) const GAMES: Article = Article::new("1.4.1a");
/// B.01 1.4.1c: in a 9-round event, 8 games suffice when the missing one is a forfeit win
/// or a pairing-allocated bye (the norm counts as 9 games; only one such norm may be used in
/// a title application).
pub(crate) const EIGHT_OF_NINE: Article = Article::new("1.4.1c");
/// B.01 1.4.1c: the rounds of the event it applies to.
pub(crate) const EIGHT_OF_NINE_ROUNDS: u32 = 9;
/// B.01 1.4.1d: "each full point above the norm requirement counts as one extra game" for
/// the number of games the norm is worth.
pub(crate) const EXTRA_POINTS: Article = Article::new("1.4.1d");
/// B.01 1.4.1e: outside events with predetermined pairings, the games after a title result
/// was reached may be left out, provided the games kept meet every requirement.
pub(crate) const LATER_GAMES: Article = Article::new("1.4.1e");
/// B.01 1.4.1f: games against opponents the applicant defeated may be left out, provided
/// the games kept meet every requirement; in a round robin the opponent mix of the complete
/// tournament must make a norm possible.
pub(crate) const DROPPED_WINS: Article = Article::new("1.4.1f");
/// B.01 1.7: "Norms achieved in a tournament with more than 13 rounds count only as 13
/// games".
pub(crate) const GAMES_WORTH_MAX: u32 = 13;
/// B.01 1.7: the article of [`GAMES_WORTH_MAX`].
pub(crate) const GAMES_WORTH: Article = Article::new("1.7");

// 1.4.2 Games not included.

/// B.01 1.4.2a: games against opponents who do not belong to FIDE federations are not
/// included; players under the FIDE flag (`FID`) are, but are not foreign.
pub(crate) const NOT_A_FIDE_FEDERATION: Article = Article::new("1.4.2a");
/// The federation code of a player who belongs to no FIDE federation (as FIDE's programs
/// write it).
pub(crate) const NON_FIDE_CODE: &str = "NON";
/// B.01 1.4.2b: in round robins, games against unrated opponents who score zero against
/// rated opponents are not included.
pub(crate) const UNRATED_ZERO_SCORE: Article = Article::new("1.4.2b");
/// B.01 1.4.2c: games decided by forfeit, adjudication or any means other than play over
/// the board are not included (neither are byes); games that ended before the first move
/// are not played games. "In the instance of a last round forfeit, a norm shall still be
/// valid if the player had to play in order to have the required number of games and could
/// afford to lose": that game is then counted as a loss.
pub(crate) const NOT_PLAYED: Article = Article::new("1.4.2c");

// 1.4.3 and 1.4.4 Federations.

/// B.01 1.4.3: the opponents must include players of at least this many federations other
/// than the applicant's.
pub(crate) const FOREIGN_FEDERATIONS_MIN: u32 = 2;
/// B.01 1.4.3: the article of [`FOREIGN_FEDERATIONS_MIN`].
pub(crate) const FOREIGN_FEDERATIONS: Article = Article::new("1.4.3");
/// B.01 1.4.3a: the final stage of a national championship.
pub(crate) const NATIONAL_CHAMPIONSHIP: Article = Article::new("1.4.3a");
/// B.01 1.4.3b: a national team championship.
pub(crate) const NATIONAL_TEAM_CHAMPIONSHIP: Article = Article::new("1.4.3b");
/// B.01 1.4.3c: a zonal or sub-zonal tournament.
pub(crate) const ZONAL: Article = Article::new("1.4.3c");

/// B.01 1.4.3d: "Swiss System tournaments in which participants include in every round at
/// least 20 FIDE rated players, not from the host federation, from at least 3 different
/// federations, at least 10 of whom hold GM, IM, WGM or WIM titles. For this purpose,
/// players are counted only if they miss at most one round (excluding pairing-allocated
/// byes)." **Ambiguous**: whether a player who missed one round still counts in that round.
/// Read strictly: in each round, the players who play in it (a game, a forfeit win or a
/// pairing-allocated bye) among those who missed at most one round; the exemption holds when
/// the fewest of any round reach the thresholds.
pub(crate) const SWISS_EXEMPTION: Article = Article::new("1.4.3d");
/// B.01 1.4.3d: FIDE-rated participants from outside the host federation, in every round.
pub(crate) const SWISS_EXEMPTION_FOREIGN_RATED: u32 = 20;
/// B.01 1.4.3d: the federations those players come from.
pub(crate) const SWISS_EXEMPTION_FEDERATIONS: u32 = 3;
/// B.01 1.4.3d: those players who hold GM, IM, WGM or WIM.
pub(crate) const SWISS_EXEMPTION_TITLED: u32 = 10;
/// B.01 1.4.3d: the rounds a player may miss and still count.
pub(crate) const SWISS_EXEMPTION_MISSED_MAX: u32 = 1;

/// B.01 1.4.4: at most 3/5 of the opponents from the applicant's federation (9 games: 5).
/// **Ambiguous**: whether the exemptions of 1.4.3a-d also lift 1.4.4. Read as they do
/// (1.4.3e calls 1.4.3 and 1.4.4 together "the normal foreigner requirement"; FIDE's
/// Qualification Commission has confirmed this reading to another program's authors).
pub(crate) const OWN_FEDERATION_MAX: Share = Share {
    numerator: 3,
    denominator: 5,
};
/// B.01 1.4.4: the article of [`OWN_FEDERATION_MAX`].
pub(crate) const OWN_FEDERATION: Article = Article::new("1.4.4");
/// B.01 1.4.4: at most 2/3 of the opponents from any one federation (9 games: 6).
pub(crate) const ONE_FEDERATION_MAX: Share = Share {
    numerator: 2,
    denominator: 3,
};
/// B.01 1.4.4: the article of [`ONE_FEDERATION_MAX`].
pub(crate) const ONE_FEDERATION: Article = Article::new("1.4.4");

/// Federation codes that stand for no federation: such opponents count for no federation
/// (neither the applicant's nor a foreign one). `FID`: 1.4.2a, the FIDE flag "is not
/// considered a federation".
pub(crate) const NO_FEDERATION: [&str; 2] = ["", "FID"];

// 1.4.5 Titled opponents.

/// B.01 1.4.5a: at least 50% of the opponents must be title-holders (see
/// [`is_title_holder`]).
pub(crate) const TITLE_HOLDERS_MIN: Share = Share {
    numerator: 1,
    denominator: 2,
};
/// B.01 1.4.5a: the article of [`TITLE_HOLDERS_MIN`].
pub(crate) const TITLE_HOLDERS: Article = Article::new("1.4.5a");

/// B.01 1.4.5a: the titles that make a title-holder: GM, IM, FM, WGM, WIM, WFM; not CM or
/// WCM.
pub(crate) const fn is_title_holder(title: FideTitle) -> bool {
    !matches!(title, FideTitle::Cm | FideTitle::Wcm)
}

/// B.01 1.4.5b-e: at least 1/3 of the opponents, and at least [`AT_LEVEL_FLOOR`], must hold
/// a title of the norm's level (see [`counts_at_level`]).
pub(crate) const AT_LEVEL_MIN: Share = Share {
    numerator: 1,
    denominator: 3,
};
/// B.01 1.4.5b-e: the least number of opponents of the norm's level, whatever the games.
pub(crate) const AT_LEVEL_FLOOR: u32 = 3;

/// B.01 1.4.5b-e: whether an opponent holding `title` counts as one of the norm's level:
/// GM norm (1.4.5b) GMs; IM norm (1.4.5c) IMs or GMs; WGM norm (1.4.5d) WGMs, IMs or GMs;
/// WIM norm (1.4.5e) WIMs, WGMs, IMs or GMs.
pub(crate) const fn counts_at_level(norm: NormTitle, title: FideTitle) -> bool {
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

// 1.4.6 - 1.4.9 Ratings and performance.

/// B.01 1.4.6c: at most this many opponents (the lowest-rated) have their rating raised to
/// the adjusted rating floor.
pub(crate) const RAISED_OPPONENTS_MAX: usize = 1;
/// B.01 1.4.6b-c: the article of the rating floor ([`TitleRule::rating_floor`]).
#[cfg(test)]
pub(crate) const RATING_FLOOR: Article = Article::new("1.4.6c");

/// B.01 1.4.6d: "Unrated opponents not covered by 1.4.6b shall be considered to be rated
/// 1400." The 2024 text has no cap on the number of unrated opponents.
pub(crate) const UNRATED_RATING: u16 = 1400;
/// B.01 1.4.6d: the article of [`UNRATED_RATING`].
#[cfg(test)]
pub(crate) const UNRATED: Article = Article::new("1.4.6d");

/// B.01 1.4.7: the article of the average rating of the opponents (Ra, rounded to the
/// nearest whole number, 0.5 up) and 1.4.8a its minimum ([`TitleRule::min_average`]).
pub(crate) const AVERAGE: Article = Article::new("1.4.8a");

/// B.01 1.4.8: the article of the performance Rp = Ra + dp (dp from the table of 1.4.9,
/// the same as B.02 8.1.1) and its minimum ([`TitleRule::min_performance`]).
pub(crate) const PERFORMANCE: Article = Article::new("1.4.8");

/// B.01 1.4.8b: "The minimum score is 35% for all norms." The percentage is the fractional
/// score p, rounded as 1.4.9 rounds it ("All percentages are rounded to the nearest whole
/// number. 0.5% is rounded up."). **Ambiguous**: whether that rounding applies here; it
/// decides only 4.5 of 13 games (34.6%).
pub(crate) const MIN_SCORE_PERCENT: i64 = 35;
/// B.01 1.4.8b: the article of [`MIN_SCORE_PERCENT`].
pub(crate) const MIN_SCORE: Article = Article::new("1.4.8b");

/// The figures of B.01 that depend on the title sought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleRule {
    /// B.01 1.4.6b: the adjusted rating floor.
    pub rating_floor: u16,
    /// B.01 1.4.8a: the least average rating of the opponents, Ra.
    pub min_average: i64,
    /// B.01 1.4.8: the least performance, Rp.
    pub min_performance: i64,
    /// B.01 1.4.5b-e: the article of the opponents of the norm's level.
    pub(crate) at_level: Article,
    /// The titles of that level, as the report names them ([`counts_at_level`]).
    pub(crate) at_level_titles: &'static str,
}

/// The rule of each norm.
pub const fn title_rule(norm: NormTitle) -> TitleRule {
    match norm {
        NormTitle::Gm => TitleRule {
            rating_floor: 2200,
            min_average: 2380,
            min_performance: 2600,
            at_level: Article::new("1.4.5b"),
            at_level_titles: "GMs",
        },
        NormTitle::Im => TitleRule {
            rating_floor: 2050,
            min_average: 2230,
            min_performance: 2450,
            at_level: Article::new("1.4.5c"),
            at_level_titles: "IMs or GMs",
        },
        NormTitle::Wgm => TitleRule {
            rating_floor: 2000,
            min_average: 2180,
            min_performance: 2400,
            at_level: Article::new("1.4.5d"),
            at_level_titles: "WGMs, IMs or GMs",
        },
        NormTitle::Wim => TitleRule {
            rating_floor: 1850,
            min_average: 2030,
            min_performance: 2250,
            at_level: Article::new("1.4.5e"),
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
        assert_eq!(OWN_FEDERATION_MAX.at_most(10), 6);
    }

    /// Every article cited has the numbering of the 2024 text: `1.4.5a`, never `1.45a`.
    #[test]
    fn articles_have_the_2024_numbering() {
        let mut articles = vec![
            GAMES,
            EIGHT_OF_NINE,
            EXTRA_POINTS,
            LATER_GAMES,
            DROPPED_WINS,
            NOT_A_FIDE_FEDERATION,
            UNRATED_ZERO_SCORE,
            NOT_PLAYED,
            FOREIGN_FEDERATIONS,
            NATIONAL_CHAMPIONSHIP,
            NATIONAL_TEAM_CHAMPIONSHIP,
            ZONAL,
            SWISS_EXEMPTION,
            OWN_FEDERATION,
            ONE_FEDERATION,
            TITLE_HOLDERS,
            RATING_FLOOR,
            UNRATED,
            AVERAGE,
            PERFORMANCE,
            MIN_SCORE,
            HOURS_OF_PLAY,
            ROUNDS_PER_DAY,
            TIME_CONTROL,
            SAME_TIME_CONTROL,
            FORMAT,
            GAMES_WORTH,
        ];
        articles.extend(NormTitle::ALL.map(|n| title_rule(n).at_level));
        articles.extend(DECLARED_CONDITIONS.map(|(a, _)| a));
        for a in articles {
            let n = a.number;
            let old = n.len() >= 4 && n.starts_with("1.4") && n.as_bytes()[3] != b'.';
            assert!(!old, "{n} has the numbering of the texts before 2022");
        }
    }
}
