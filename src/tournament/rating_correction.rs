//! Corrections for the rating report only (FIDE checklist Q192–193; row 48 of
//! `assets/help/fide-checklist.md`): a game's result as it counts for rating, when it
//! differs from the result the pairings and standings use. For instance a game found after
//! the next round was paired to have been unplayed (an unrated forfeit), or a result
//! corrected once later rounds were paired from it: the pairing record stays as it was
//! (C.04.1: later pairings follow from it), and the rating report and the rating changes
//! (B.02 8.2, 8.3) take the correction.
//!
//! They live apart from the results ([`Event::rating_corrections`](super::Event)):
//! nothing but the rating report and the rating changes reads them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{BoardResult, Outcome, Tournament};

/// One game's result for the rating report only (checklist Q192).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingCorrection {
    pub round: u32,
    pub white: u32,
    pub black: u32,
    /// The result that counts for rating, as result sheets write it (`1-0`, `½-½`,
    /// `+/-`, `1-0 not rated`, …).
    #[serde(serialize_with = "result_text", deserialize_with = "result_of_text")]
    pub result: BoardResult,
    /// Why (it goes in the report).
    pub reason: String,
}

/// The results a correction can give: every result but "no result yet" and "adjourned".
const RESULTS: [BoardResult; 12] = [
    BoardResult::WhiteWins,
    BoardResult::Draw,
    BoardResult::BlackWins,
    BoardResult::WhiteForfeitWin,
    BoardResult::BlackForfeitWin,
    BoardResult::DoubleForfeit,
    BoardResult::HalfZero,
    BoardResult::ZeroHalf,
    BoardResult::ZeroZero,
    BoardResult::WhiteWinsNotRated,
    BoardResult::DrawNotRated,
    BoardResult::BlackWinsNotRated,
];

/// The result written `text` (as [`BoardResult::text`] writes it; `1/2-1/2` for `½-½`).
pub(crate) fn result_from_text(text: &str) -> Option<BoardResult> {
    let text = text.trim().replace("1/2", "½");
    RESULTS.into_iter().find(|r| r.text() == text)
}

fn result_text<S: Serializer>(result: &BoardResult, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(result.text())
}

fn result_of_text<'de, D: Deserializer<'de>>(d: D) -> Result<BoardResult, D::Error> {
    let text = String::deserialize(d)?;
    result_from_text(&text)
        .ok_or_else(|| serde::de::Error::custom(format!("not a result: {text:?}")))
}

impl RatingCorrection {
    /// The correction in words: `round 3, board 4-7: 1-0 not rated (reason)`.
    pub(crate) fn describe(&self) -> String {
        let reason = match self.reason.trim() {
            "" => String::new(),
            reason => format!(" ({reason})"),
        };
        format!(
            "round {}, board {}-{}: {}{reason}",
            self.round,
            self.white,
            self.black,
            self.result.text()
        )
    }
}

/// Why a correction cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RatingCorrectionError {
    #[error("round {round}: no board {white}-{black} (White first) was played in that round")]
    NoSuchBoard { round: u32, white: u32, black: u32 },
    #[error(
        "round {round}, board {white}-{black}: a two-game match is corrected game by game \
         in its result, not for the rating report"
    )]
    Match { round: u32, white: u32, black: u32 },
    #[error("a correction for the rating report needs a result (not pending, not adjourned)")]
    NoResult,
    #[error("round {round}, board {white}-{black}: no correction for the rating report to remove")]
    NoCorrection { round: u32, white: u32, black: u32 },
}

impl Tournament {
    /// Records a correction for the rating report (replacing one of the same board).
    pub(crate) fn set_rating_correction(
        &mut self,
        mut correction: RatingCorrection,
    ) -> Result<(), RatingCorrectionError> {
        let (round, white, black) = (correction.round, correction.white, correction.black);
        if !RESULTS.contains(&correction.result) {
            return Err(RatingCorrectionError::NoResult);
        }
        let board = self
            .boards(round)
            .into_iter()
            .find(|b| b.white == white && b.black == black)
            .ok_or(RatingCorrectionError::NoSuchBoard {
                round,
                white,
                black,
            })?;
        if board.games.is_some() {
            return Err(RatingCorrectionError::Match {
                round,
                white,
                black,
            });
        }
        correction.reason = correction
            .reason
            .replace(['\n', '\r'], " ")
            .trim()
            .to_string();
        let list = &mut self.event.rating_corrections;
        list.retain(|c| (c.round, c.white, c.black) != (round, white, black));
        list.push(correction);
        list.sort_by_key(|c| (c.round, c.white, c.black));
        Ok(())
    }

    /// Removes the correction of a board.
    pub(crate) fn remove_rating_correction(
        &mut self,
        round: u32,
        white: u32,
        black: u32,
    ) -> Result<RatingCorrection, RatingCorrectionError> {
        let list = &mut self.event.rating_corrections;
        let i = list
            .iter()
            .position(|c| (c.round, c.white, c.black) == (round, white, black))
            .ok_or(RatingCorrectionError::NoCorrection {
                round,
                white,
                black,
            })?;
        Ok(list.remove(i))
    }

    /// The player's outcome in `round` as the rating report counts it: the correction's,
    /// when one names him in that round (checklist Q192–193); `None` otherwise (his
    /// recorded outcome counts).
    pub(crate) fn rated_outcome(&self, player: u32, round: u32) -> Option<Outcome> {
        let c = self
            .event
            .rating_corrections
            .iter()
            .find(|c| c.round == round && (c.white == player || c.black == player))?;
        let (white, black) = c.result.outcomes(c.white, c.black);
        Some(if c.white == player { white } else { black })
    }
}

impl Tournament {
    /// Records a correction and logs it (the door's `Edit::CorrectForRating`).
    pub(crate) fn correct_for_rating(
        &mut self,
        correction: RatingCorrection,
        when: String,
    ) -> Result<(), RatingCorrectionError> {
        let detail = format!("for the rating report only: {}", correction.describe());
        self.set_rating_correction(correction)?;
        self.log_event(super::LogKind::Correction, &detail, when);
        Ok(())
    }

    /// Removes a correction and logs it (the door's `Edit::RemoveRatingCorrection`).
    pub(crate) fn remove_correction_for_rating(
        &mut self,
        round: u32,
        white: u32,
        black: u32,
        when: String,
    ) -> Result<(), RatingCorrectionError> {
        let removed = self.remove_rating_correction(round, white, black)?;
        let detail = format!(
            "for the rating report only, withdrawn: {}",
            removed.describe()
        );
        self.log_event(super::LogKind::Correction, &detail, when);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_reads_back_from_its_text() {
        for result in RESULTS {
            assert_eq!(result_from_text(result.text()), Some(result));
        }
        assert_eq!(result_from_text("1/2-1/2"), Some(BoardResult::Draw));
        assert_eq!(result_from_text(""), None);
        assert_eq!(result_from_text("adj."), None);
    }
}
