//! A round's pairing explained, in the same shape for every system: its brackets (score
//! groups) top down, each board, and the PAB.

use serde::Serialize;

use crate::tournament::Points;

use super::value::CriterionValue;

/// A sentence about a pair or a bracket, with the article it rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Note {
    pub article: &'static str,
    pub text: String,
}

/// A float pair: the higher player floats down, the lower one up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FloatPair {
    pub down: u32,
    pub up: u32,
    pub difference: Points,
}

/// One board of a pairing, explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairExplanation {
    pub board: usize,
    pub white: u32,
    pub black: u32,
    /// The bracket (1-based) the pair is made in.
    pub bracket: usize,
    pub float: Option<FloatPair>,
    /// The colour rule that decides this pair's colours (empty where the system has
    /// none, as Double-Swiss's first-game colour by lot).
    pub colour_rule: &'static str,
    pub colour_reason: String,
    /// Whether the board's colours are the ones the colour rule gives.
    pub colours_follow_rule: bool,
    /// Each quality criterion the pair does not fully meet, in priority order.
    pub notes: Vec<Note>,
}

/// Where a bracket stands in the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum BracketRole {
    /// A bracket with a following scoregroup.
    Ordinary,
    /// Dutch 2017 A.9: the penultimate pairing bracket, paired to complete the round.
    Penultimate,
    /// Dutch 2017 A.9: the collapsed last bracket (the scoregroups below the PPB).
    Collapsed,
    /// The lowest bracket; its leftover receives the PAB.
    Last,
}

/// Which way players leave a bracket when it cannot pair them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum FloatDirection {
    /// Players float down into the next bracket (Dutch, Burstein, 1998, Lim, Double-Swiss).
    Down,
    /// Players of lower brackets float up to complete a bracket (Dubov).
    Up,
}

/// One bracket of a pairing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BracketExplanation {
    /// 1-based, in the order the system pairs them.
    pub number: usize,
    pub role: BracketRole,
    /// The residents' scores (several in a collapsed last bracket).
    pub scores: Vec<Points>,
    /// Whether every player of the bracket has the same score.
    pub homogeneous: bool,
    pub residents: Vec<u32>,
    /// Players floated into the bracket (Dutch: moved-down players; Dubov: upfloaters).
    pub incoming: Vec<u32>,
    /// Incoming players not paired here (Dutch B.1/B.2 "Limbo").
    pub limbo: Vec<u32>,
    /// Players leaving the bracket (in the last bracket: the PAB assignee).
    pub outgoing: Vec<u32>,
    /// Boards (1-based) made in this bracket.
    pub boards: Vec<usize>,
    /// Each quality criterion's value, in descending priority.
    pub criteria: Vec<CriterionValue>,
    /// How the system chose the bracket's floaters and pairs, in its own terms (which
    /// exchange, which relaxed criterion, which candidate).
    pub decisions: Vec<Note>,
}

impl BracketExplanation {
    /// The text of the decision taken under `article`, if the bracket records one.
    pub fn decision(&self, article: &str) -> Option<&str> {
        self.decisions
            .iter()
            .find(|n| n.article == article)
            .map(|n| n.text.as_str())
    }
}

/// Who received the pairing-allocated bye, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ByeExplanation {
    pub player: u32,
    pub score: Points,
    pub reasons: Vec<String>,
}

/// A round's pairing, explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundExplanation {
    pub round: u32,
    pub rules: &'static str,
    pub floats: FloatDirection,
    pub pairs: Vec<PairExplanation>,
    pub brackets: Vec<BracketExplanation>,
    pub bye: Option<ByeExplanation>,
    /// Criteria of the whole round (2026 Dutch C5: the PAB assignee's score).
    pub round_criteria: Vec<CriterionValue>,
    /// Every criterion summed over the brackets, in priority order.
    pub totals: Vec<CriterionValue>,
}

impl RoundExplanation {
    /// The explanation as text for the arbiter.
    pub fn to_text(&self) -> String {
        super::text::round(self)
    }

    /// The explanation of the board `white`-`black`.
    pub fn pair(&self, white: u32, black: u32) -> Option<&PairExplanation> {
        self.pairs
            .iter()
            .find(|p| p.white == white && p.black == black)
    }
}
