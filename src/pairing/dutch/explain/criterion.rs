//! The quality criteria of C.04.3 by meaning, with their article in each rule version.
//! The 2012 text (Istanbul) has criteria of its own (the B.3 factor of D.4, the C.12
//! backtrack, the colour requirements B.2, A.7.d, X and Z) and lacks others (the C.7
//! look-ahead, C.8/C.9, the C.16–C.19 amounts): each version lists only its own.

use crate::pairing::state::RuleVersion;

/// A quality criterion (2012: A.11 with B.2–B.6 and C.3; 2017: C.5–C.19; 2026: C5–C21),
/// named by what it measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Criterion {
    /// 2026 C5: the PAB assignee's score.
    ByeScore,
    /// 2012 C.13 with C.14.b: the players moved down to the penultimate score bracket
    /// left unpaired there. Once its pairing has reached the remainder, C.14.b.1 lowers
    /// P1 and keeps M1, so it pairs as many of them as it can before it counts pairs.
    PenultimateMdpsUnpaired,
    /// 2012 C.14 (P1 lowered) / 2017 C.5 / 2026 C6: the number of downfloaters
    /// (equivalently, the pairs).
    Downfloaters,
    /// 2017 C.6: the PSD (A.8): pair score differences and the downfloaters' differences;
    /// 2012 B.3, measured alike.
    Psd,
    /// 2012 D.4: the B.3 factor of the lowest bracket merged by C.13, the sum of the
    /// pairs' squared score differences, the bye counting as an opponent one point below
    /// the lowest score.
    B3Factor,
    /// 2012 C.13/C.6: the S1 players of the merged lowest bracket (the latest added score
    /// bracket) left out of the M1 paired against S2: those unpaired, and of two S1
    /// players paired together the lower, whom C.4 puts in S2; above the B.3 factor.
    MergedS1Unpaired,
    /// 2026 C7: the downfloaters' scores, in descending order.
    DownfloaterScores,
    /// 2017 C.7 / 2026 C8, first part: players left unpaired in the following bracket;
    /// 2012 C.12, where C.12 replaced the bracket's own pairing looking first for the
    /// next bracket's pairs (the residents C.1 moves on are not counted).
    NextBracketUnpaired,
    /// 2017 C.7 / 2026 C8, second part, and 2012 C.1/C.12 where C.12 replaced the
    /// bracket's own pairing: the scores of this bracket's downfloaters left unpaired in
    /// the following bracket.
    NextBracketScores,
    /// 2012 A.7.d where it gave way to the next bracket: the scores of this bracket's
    /// downfloaters left unpaired there, below the bracket's own criteria (its pairing
    /// was chosen for them among those with A.7.d not applied).
    StrongWaivedScores,
    /// 2026 C9: the PAB assignee's unplayed rounds, where the bracket's only downfloater
    /// receives the PAB.
    ByeUnplayed,
    /// 2012 B.2, relaxed for topscorers only (C.10.g): two players with the same absolute
    /// colour preference meet.
    TopscorersSameAbsolute,
    /// 2012 A.7.d (odd rounds): two players with the same strong (or absolute) colour
    /// preference meet.
    SameStrong,
    /// 2012 X (A.8.a, B.4): a pair not fulfilling all colour preferences.
    PairsX,
    /// 2012 Z (A.8.b, B.4, even rounds): a pair not fulfilling all strong colour
    /// preferences.
    PairsZ,
    /// 2017 C.8 / 2026 C10: a topscorer or opponent beyond a colour difference of ±2.
    ColourBeyondTwo,
    /// 2017 C.9 / 2026 C11: a topscorer or opponent with the same colour three times running.
    ThreeInARow,
    /// 2017 C.10 / 2026 C12: a colour preference not granted.
    Preference,
    /// 2017 C.11 / 2026 C13: a strong colour preference not granted.
    StrongPreference,
    /// 2017 C.12 / 2026 C14: a downfloat as in the previous round.
    RepeatedDownfloat,
    /// 2017 C.13 / 2026 C15: an upfloat as in the previous round.
    RepeatedUpfloat,
    /// 2017 C.14 / 2026 C16: a downfloat as two rounds before.
    DownfloatTwoRoundsBefore,
    /// 2017 C.15 / 2026 C17: an upfloat as two rounds before.
    UpfloatTwoRoundsBefore,
    /// 2017 C.16 / 2026 C18: the score differences (2026: scores) of C.12 / C14.
    RepeatedDownfloatScores,
    /// 2017 C.17 / 2026 C19: the score differences (2026: scores) of C.13 / C15.
    RepeatedUpfloatScores,
    /// 2017 C.18 / 2026 C20: the score differences (2026: scores) of C.14 / C16.
    DownfloatTwoRoundsBeforeScores,
    /// 2017 C.19 / 2026 C21: the score differences (2026: scores) of C.15 / C17.
    UpfloatTwoRoundsBeforeScores,
}

impl Criterion {
    /// The criteria of a bracket, in descending priority, under `rules`. 2012 follows
    /// A.11 and the order in which C.10 and C.14 give the requirements up (C.10.g B.2,
    /// C.10.f A.7.d, C.10.e X and Z, C.10.d–a B.5/B.6), with C.12's look-ahead
    /// right below the score differences where C.12 replaced the bracket's own pairing,
    /// and A.7.d's below all of them where A.7.d gave way to the next bracket.
    /// Of B.3 and its D.4 factor a bracket has one.
    pub(super) fn bracket_order(rules: RuleVersion) -> &'static [Criterion] {
        use Criterion::*;
        match rules {
            RuleVersion::Dutch2012 => &[
                PenultimateMdpsUnpaired,
                Downfloaters,
                Psd,
                MergedS1Unpaired,
                B3Factor,
                NextBracketUnpaired,
                NextBracketScores,
                TopscorersSameAbsolute,
                SameStrong,
                PairsX,
                PairsZ,
                RepeatedDownfloat,
                DownfloatTwoRoundsBefore,
                RepeatedUpfloat,
                UpfloatTwoRoundsBefore,
                StrongWaivedScores,
            ],
            RuleVersion::Dutch2026 => &[
                Downfloaters,
                DownfloaterScores,
                NextBracketUnpaired,
                NextBracketScores,
                ByeUnplayed,
                ColourBeyondTwo,
                ThreeInARow,
                Preference,
                StrongPreference,
                RepeatedDownfloat,
                RepeatedUpfloat,
                DownfloatTwoRoundsBefore,
                UpfloatTwoRoundsBefore,
                RepeatedDownfloatScores,
                RepeatedUpfloatScores,
                DownfloatTwoRoundsBeforeScores,
                UpfloatTwoRoundsBeforeScores,
            ],
            RuleVersion::Dutch2017 => &[
                Downfloaters,
                Psd,
                NextBracketUnpaired,
                NextBracketScores,
                ColourBeyondTwo,
                ThreeInARow,
                Preference,
                StrongPreference,
                RepeatedDownfloat,
                RepeatedUpfloat,
                DownfloatTwoRoundsBefore,
                UpfloatTwoRoundsBefore,
                RepeatedDownfloatScores,
                RepeatedUpfloatScores,
                DownfloatTwoRoundsBeforeScores,
                UpfloatTwoRoundsBeforeScores,
            ],
        }
    }

    /// The article under `rules`. The 2012-only criteria have one article whatever the
    /// version; the others are numbered as in 2017 and 2026, except those 2012 shares.
    /// (A criterion is shown only under a version that lists it in
    /// [`Criterion::bracket_order`].)
    pub(crate) fn article(self, rules: RuleVersion) -> &'static str {
        use Criterion::*;
        if rules == RuleVersion::Dutch2012 {
            match self {
                Downfloaters => return "C.14",
                Psd => return "B.3",
                NextBracketUnpaired => return "C.12",
                NextBracketScores => return "C.1/C.12",
                RepeatedDownfloat | RepeatedUpfloat => return "B.5",
                DownfloatTwoRoundsBefore | UpfloatTwoRoundsBefore => return "B.6",
                _ => {}
            }
        }
        let since_2026 = rules == RuleVersion::Dutch2026;
        let (old, new) = match self {
            B3Factor => ("D.4", "D.4"),
            MergedS1Unpaired => ("C.13", "C.13"),
            PenultimateMdpsUnpaired => ("C.14.b", "C.14.b"),
            TopscorersSameAbsolute => ("B.2", "B.2"),
            SameStrong | StrongWaivedScores => ("A.7.d", "A.7.d"),
            PairsX => ("A.8.a", "A.8.a"),
            PairsZ => ("A.8.b", "A.8.b"),
            ByeScore => ("C.2", "C5"),
            Downfloaters => ("C.5", "C6"),
            Psd => ("C.6", "C7"),
            DownfloaterScores => ("C.6", "C7"),
            NextBracketUnpaired | NextBracketScores => ("C.7", "C8"),
            ByeUnplayed => ("C.2", "C9"),
            ColourBeyondTwo => ("C.8", "C10"),
            ThreeInARow => ("C.9", "C11"),
            Preference => ("C.10", "C12"),
            StrongPreference => ("C.11", "C13"),
            RepeatedDownfloat => ("C.12", "C14"),
            RepeatedUpfloat => ("C.13", "C15"),
            DownfloatTwoRoundsBefore => ("C.14", "C16"),
            UpfloatTwoRoundsBefore => ("C.15", "C17"),
            RepeatedDownfloatScores => ("C.16", "C18"),
            RepeatedUpfloatScores => ("C.17", "C19"),
            DownfloatTwoRoundsBeforeScores => ("C.18", "C20"),
            UpfloatTwoRoundsBeforeScores => ("C.19", "C21"),
        };
        if since_2026 { new } else { old }
    }

    /// What the criterion minimises, in a few words.
    pub(crate) fn summary(self) -> &'static str {
        use Criterion::*;
        match self {
            ByeScore => "PAB assignee's score",
            Downfloaters => "downfloaters",
            Psd => "pairing score difference",
            B3Factor => "B.3 factor (squared score differences, the bye one point below)",
            MergedS1Unpaired => {
                "S1 (latest added score bracket) left out of the M1 paired against S2"
            }
            PenultimateMdpsUnpaired => "players moved down left unpaired (M1 kept, P1 lowered)",
            TopscorersSameAbsolute => "topscorers with the same absolute colour preference",
            SameStrong => "same strong colour preference (odd round)",
            PairsX => "X: pairs not granting all colour preferences (B.4)",
            PairsZ => "Z: pairs not granting all strong colour preferences (B.4)",
            DownfloaterScores => "downfloaters' scores",
            NextBracketUnpaired => "unpaired in the next bracket",
            NextBracketScores => "downfloaters unpaired in the next bracket",
            StrongWaivedScores => "downfloaters unpaired in the next bracket (A.7.d given way)",
            ByeUnplayed => "PAB assignee's unplayed rounds",
            ColourBeyondTwo => "colour difference beyond 2",
            ThreeInARow => "same colour three times",
            Preference => "colour preferences not granted",
            StrongPreference => "strong colour preferences not granted",
            RepeatedDownfloat => "downfloat as last round",
            RepeatedUpfloat => "upfloat as last round",
            DownfloatTwoRoundsBefore => "downfloat as two rounds before",
            UpfloatTwoRoundsBefore => "upfloat as two rounds before",
            RepeatedDownfloatScores => "scores of repeated downfloats",
            RepeatedUpfloatScores => "scores of repeated upfloats",
            DownfloatTwoRoundsBeforeScores => "scores of downfloats as two rounds before",
            UpfloatTwoRoundsBeforeScores => "scores of upfloats as two rounds before",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_follow_the_rule_version() {
        assert_eq!(
            Criterion::Preference.article(RuleVersion::Dutch2017),
            "C.10"
        );
        assert_eq!(Criterion::Preference.article(RuleVersion::Dutch2026), "C12");
        let order = Criterion::bracket_order(RuleVersion::Dutch2026);
        let articles: Vec<&str> = order
            .iter()
            .map(|c| c.article(RuleVersion::Dutch2026))
            .collect();
        assert_eq!(articles.first(), Some(&"C6"));
        assert_eq!(articles.last(), Some(&"C21"));
    }
}
