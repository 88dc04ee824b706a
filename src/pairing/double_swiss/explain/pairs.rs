//! One match of a Double-Swiss pairing: the rule of 4.3 that gives its colours (the
//! board's White plays White in game 1), and the criteria it does not meet (an upfloat,
//! C4; floats in the previous round, C7 and C8).

use crate::pairing::explanation::{Note, PairExplanation};

use super::super::colour::{Rule, higher_gets_white};
use super::DoubleSwissJudge;

fn article(rule: Rule) -> &'static str {
    match rule {
        Rule::Initial => "4.3.1",
        Rule::FewerWhites => "4.3.2",
        Rule::LastDifference => "4.3.3",
        Rule::HigherAlternates => "4.3.4",
        Rule::OpponentAlternates => "4.3.5",
    }
}

/// Fills in the colour rule, the colours' agreement with it and the notes of match `p`.
pub(super) fn fill(judge: &DoubleSwissJudge, p: &mut PairExplanation) {
    let (Some(w), Some(b)) = (judge.index(p.white), judge.index(p.black)) else {
        return;
    };
    let field = &judge.field;
    let (high, low) = if field.ranks_above(w, b) {
        (w, b)
    } else {
        (b, w)
    };
    let (h, l) = (&field.players[high], &field.players[low]);
    let (white_high, rule) = higher_gets_white(h, l, field.initial_colour);
    let (white, black) = if white_high { (h, l) } else { (l, h) };
    p.colour_rule = article(rule);
    p.colours_follow_rule = white.id == p.white;
    let gets = format!("{} gets White in game 1, {} in game 2", white.id, black.id);
    p.colour_reason = match rule {
        Rule::Initial => format!(
            "neither has a colour yet: the higher-ranked {} has an {} pairing number, so {} gets the initial colour: {gets}",
            h.id,
            if h.tpn % 2 == 1 { "odd" } else { "even" },
            if h.tpn % 2 == 1 { h.id } else { l.id },
        ),
        Rule::FewerWhites => format!(
            "fewer Whites: {} has {}, {} has {}: {gets}",
            white.id,
            white.whites(),
            black.id,
            black.whites()
        ),
        Rule::LastDifference => format!(
            "as many Whites: the colours reverse those of the most recent round in which they differed: {gets}"
        ),
        Rule::HigherAlternates => format!(
            "no round with different colours: the higher-ranked {} alternates from his last colour: {gets}",
            h.id
        ),
        Rule::OpponentAlternates => format!(
            "the higher-ranked {} has no colour yet: {} alternates from his last colour: {gets}",
            h.id, l.id
        ),
    };
    let Some(f) = p.float else {
        return;
    };
    p.notes.push(Note {
        article: "C4",
        text: format!(
            "{} ({}) floats up to meet {} ({})",
            f.up,
            judge.score(f.up),
            f.down,
            judge.score(f.down)
        ),
    });
    if !field.float_criteria {
        return;
    }
    let floated = |id: u32| judge.index(id).is_some_and(|i| field.players[i].floated);
    if floated(f.up) {
        p.notes.push(Note {
            article: "C7",
            text: format!("{} floated in the previous round too", f.up),
        });
    }
    if floated(f.down) {
        p.notes.push(Note {
            article: "C8",
            text: format!(
                "{} floated in the previous round and meets an upfloater",
                f.down
            ),
        });
    }
}
