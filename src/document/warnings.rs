//! What the arbiter is told before an edit is made: its warnings by level, the edit he
//! is asked about in its place, and the later rounds paired from a result it changes.

use crate::tournament::{OverrideRecord, PlayerChangeError, Tournament, Warning};

use super::Edit;

/// The rounds paired from a result an edit changes (C.04.1: a pairing follows from the
/// results before it): their pairings do not follow by themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaterRounds {
    /// The round whose result changes.
    pub round: u32,
    /// The rounds paired after it, in order (each published or a draft).
    pub later: Vec<u32>,
    /// The change in words: the board, its players, the result before and after
    /// ("board 2, 5 Berg – 7 Kim: 1-0 → ½-½").
    pub change: String,
}

impl Edit {
    /// What the arbiter is warned of before the edit is made, each with its level (the
    /// model decides; see [`crate::tournament::WarningLevel`]).
    pub fn warnings(&self, t: &Tournament) -> Vec<Warning> {
        match self {
            Edit::SetEvent(event) => t.event_change_warnings(event),
            // Refused with its reason when the groups cannot be made.
            Edit::KeepClubsApart {
                first_round,
                last_round,
            } => t
                .with_club_groups(*first_round, *last_round)
                .map(|event| t.event_change_warnings(&event))
                .unwrap_or_default(),
            Edit::SetResult {
                round,
                white,
                black,
                result,
            } => t.result_warnings(*round, *white, *black, *result),
            Edit::SetMatchResult { round, .. } => t
                .fide_mode_allows_result(*round)
                .err()
                .into_iter()
                .map(Warning::from)
                .collect(),
            Edit::RequestBye { player, round, bye } => {
                let refused = t.hpb_warnings(*player, *bye);
                if refused.is_empty() {
                    t.bye_warnings(*player, *round, *bye)
                } else {
                    refused
                }
            }
            Edit::RefreshRatings(refresh) if refresh.fide => {
                t.fide_list_warnings(refresh.fide_date)
            }
            Edit::PickRatingList { .. } => t
                .fide_mode_allows_rating_pick()
                .err()
                .into_iter()
                .map(Warning::from)
                .collect(),
            Edit::SetRatingMethod { method, unlisted } => {
                let mut event = t.event.clone();
                event.rating_method = method.clone();
                event.unlisted_rating = *unlisted;
                t.event_change_warnings(&event)
            }
            Edit::UpdatePlayer(p) => t.player_change_warnings(p, false),
            Edit::UpdatePlayerRemovingDraft(p) => t.player_change_warnings(p, true),
            // An override of a published round is confirmed as it is made; a draft's hand
            // edit when the draft is published.
            // A hand-made pairing that breaks a rule: Level 3 in FIDE mode (checklist Q66).
            Edit::Override {
                boards,
                bye,
                record,
            } => {
                let mut warnings = t.manual_pairing_warnings(record.round, boards, *bye);
                if t.is_published(record.round) {
                    warnings.push(record.warning());
                }
                warnings
            }
            Edit::OverrideTeams { record, .. } => {
                if t.is_published(record.round) {
                    vec![record.warning()]
                } else {
                    Vec::new()
                }
            }
            Edit::Publish(round) => t
                .draft_override(*round)
                .map(OverrideRecord::warning)
                .into_iter()
                .collect(),
            // The list of the round's month (checklist Q137 with Q212-213).
            Edit::SetRoundRatings {
                from_round,
                list: Some(list),
                ..
            } => t.round_list_warnings(*from_round, list.date),
            // Checklist Q211: rating-based tie-breaks are not advised over 30 days.
            Edit::SetLongEvent(flag @ Some(_)) => {
                let mut flagged = t.clone();
                flagged.event.long_event = *flag;
                flagged
                    .long_event_tiebreak_advice()
                    .map(|advice| {
                        Warning::new(crate::tournament::WarningLevel::Acknowledge, advice)
                    })
                    .into_iter()
                    .collect()
            }
            Edit::ExchangePairingNumbers { a, b, .. } => t.exchange_warnings(*a, *b),
            _ => Vec::new(),
        }
    }

    /// The edit the arbiter is asked about in place of this one: a change to a player
    /// that the model refuses only because a draft pairing seats him in a round he would
    /// no longer take part in ([`PlayerChangeError::DraftRound`]) becomes the same change
    /// with the draft removed, which its warning asks to confirm. Any other edit is itself.
    pub fn as_asked(self, t: &Tournament) -> Edit {
        match self {
            Edit::UpdatePlayer(p)
                if matches!(
                    t.player_change_allowed(&p),
                    Err(PlayerChangeError::DraftRound { .. })
                ) =>
            {
                Edit::UpdatePlayerRemovingDraft(p)
            }
            other => other,
        }
    }

    /// The rounds paired after the result this edit changes, when there are any: the
    /// arbiter is asked before an earlier result changes under them (C.04.1). The end of
    /// an adjourned game has its own warning (checklist Q163) and is not asked about.
    pub fn later_rounds_paired(&self, t: &Tournament) -> Option<LaterRounds> {
        let (round, white, before, after) = match *self {
            Edit::SetResult {
                round,
                white,
                black,
                result,
            } => {
                if t.adjournment_ended_by(round, white, black, result)
                    .is_some()
                {
                    return None;
                }
                let board = t.boards(round).into_iter().find(|b| b.white == white)?;
                if board.result == result {
                    return None;
                }
                (
                    round,
                    white,
                    board.result.text().to_string(),
                    result.text().to_string(),
                )
            }
            Edit::SetMatchResult {
                round,
                white,
                games,
                ..
            } => {
                let board = t.boards(round).into_iter().find(|b| b.white == white)?;
                if board.games == Some(games) {
                    return None;
                }
                let text = |g: [crate::tournament::BoardResult; 2]| {
                    format!("{} and {}", g[0].text(), g[1].text())
                };
                let before = board
                    .games
                    .map_or_else(|| board.result.text().to_string(), text);
                (round, white, before, text(games))
            }
            _ => return None,
        };
        let later: Vec<u32> = (round + 1..).take_while(|&r| t.is_paired(r)).collect();
        if later.is_empty() {
            return None;
        }
        let boards = t.boards(round);
        let (number, board) = (1..).zip(&boards).find(|(_, b)| b.white == white)?;
        let name = |id: u32| {
            t.player(id)
                .map_or_else(|| id.to_string(), |p| format!("{id} {}", p.name))
        };
        let change = format!(
            "board {number}, {} – {}: {before} → {after}",
            name(board.white),
            name(board.black)
        );
        Some(LaterRounds {
            round,
            later,
            change,
        })
    }
}
