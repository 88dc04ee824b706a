//! Each requirement of a norm as one row of the report: the article, what is counted, the
//! figure, the bound B.01 sets and whether it is met.

use serde::Serialize;

use super::exemption::Exemption;
use super::figures::Figures;
use super::regulations::{
    AT_LEVEL_FLOOR, AT_LEVEL_MIN, AVERAGE, Article, FOREIGN_FEDERATIONS, FOREIGN_FEDERATIONS_MIN,
    MIN_SCORE, MIN_SCORE_PERCENT, ONE_FEDERATION, ONE_FEDERATION_MAX, OWN_FEDERATION,
    OWN_FEDERATION_MAX, PERFORMANCE, TITLE_HOLDERS, TITLE_HOLDERS_MIN, title_rule,
};
use super::title::NormTitle;

/// The bound a figure must keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Bound {
    AtLeast(i64),
    AtMost(i64),
    /// The requirement does not apply to this applicant.
    Exempt(Exemption),
    /// The file cannot tell: the arbiter declares it on the report.
    Declared,
}

impl Bound {
    /// Whether `figure` keeps the bound (a missing figure keeps none but an exemption or a
    /// declaration).
    pub(crate) fn admits(self, figure: Option<i64>) -> bool {
        match (self, figure) {
            (Bound::Exempt(_) | Bound::Declared, _) => true,
            (Bound::AtLeast(least), Some(f)) => f >= least,
            (Bound::AtMost(most), Some(f)) => f <= most,
            (_, None) => false,
        }
    }
}

/// One requirement of a norm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Requirement {
    pub article: Article,
    pub(crate) what: &'static str,
    /// `None`: no figure (no games, so no average; or not in the file).
    pub figure: Option<i64>,
    pub bound: Bound,
    /// `bound.admits(figure)`.
    pub met: bool,
}

impl Requirement {
    pub(super) fn new(
        article: Article,
        what: &'static str,
        figure: Option<i64>,
        bound: Bound,
    ) -> Self {
        Requirement {
            article,
            what,
            figure,
            met: bound.admits(figure),
            bound,
        }
    }
}

/// The least number of games and its article: 1.4.1a's (or the arbiter's 1.4.1b figure),
/// or 1.4.1c's 8 in a 9-round event where the missing game is a forfeit win or a
/// pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GamesRequired {
    pub games: u32,
    pub article: Article,
}

/// The requirements of `norm` for `figures`, with `required` games; the federation
/// requirements (B.01 1.4.3, 1.4.4) give way to `exemption`.
pub(crate) fn requirements(
    figures: &Figures,
    norm: NormTitle,
    required: GamesRequired,
    exemption: Option<Exemption>,
) -> Vec<Requirement> {
    let n = figures.games;
    let rule = title_rule(norm);
    let count = |c: u32| Some(i64::from(c));
    let at_least = |c: u32| Bound::AtLeast(i64::from(c));
    let at_most = |c: u32| exemption.map_or(Bound::AtMost(i64::from(c)), Bound::Exempt);
    let federations = &figures.federations;
    let performance = figures.performance.as_ref();
    vec![
        Requirement::new(
            required.article,
            "games counted",
            count(n),
            at_least(required.games),
        ),
        Requirement::new(
            TITLE_HOLDERS,
            "title-holders (not CM, WCM)",
            count(figures.title_holders),
            at_least(TITLE_HOLDERS_MIN.at_least(n)),
        ),
        Requirement::new(
            rule.at_level,
            rule.at_level_titles,
            count(figures.at_level),
            at_least(AT_LEVEL_MIN.at_least(n).max(AT_LEVEL_FLOOR)),
        ),
        Requirement::new(
            FOREIGN_FEDERATIONS,
            "federations other than the applicant's",
            count(federations.foreign),
            exemption.map_or(at_least(FOREIGN_FEDERATIONS_MIN), Bound::Exempt),
        ),
        Requirement::new(
            OWN_FEDERATION,
            "opponents from the applicant's federation",
            count(federations.own),
            at_most(OWN_FEDERATION_MAX.at_most(n)),
        ),
        Requirement::new(
            ONE_FEDERATION,
            "opponents from the most represented federation",
            count(
                federations
                    .most_represented
                    .as_ref()
                    .map_or(0, |f| f.opponents),
            ),
            at_most(ONE_FEDERATION_MAX.at_most(n)),
        ),
        Requirement::new(
            MIN_SCORE,
            "score in percent of the games (p)",
            performance.map(|p| p.p),
            Bound::AtLeast(MIN_SCORE_PERCENT),
        ),
        Requirement::new(
            AVERAGE,
            "average rating of the opponents Ra",
            performance.map(|p| p.average),
            Bound::AtLeast(rule.min_average),
        ),
        Requirement::new(
            PERFORMANCE,
            "performance Rp = Ra + dp",
            performance.map(|p| p.performance),
            Bound::AtLeast(rule.min_performance),
        ),
    ]
}
