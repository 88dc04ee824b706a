//! What the 1998 procedure did in one score bracket, in the text's terms: C.1's moves,
//! S1 and S2 with p and x (A.6, A.8), the criteria given up (C.9–C.11, C.14), the D.2
//! exchange and the D.1 transposition of the pairing taken, who was moved down (A.3).

use crate::pairing::explanation::Note;

use super::field::Field;
use super::trace::{BracketTrace, Fallback, Step};

fn list(field: &Field, players: &[usize]) -> String {
    let ids: Vec<String> = players
        .iter()
        .map(|&a| field.players[a].state.id.to_string())
        .collect();
    ids.join(", ")
}

fn note(article: &'static str, text: String) -> Note {
    Note { article, text }
}

/// The decisions of the bracket `trace`; `lowest` for the lowest score bracket (its
/// leftover gets the bye).
pub(crate) fn bracket(field: &Field, trace: &BracketTrace, lowest: bool) -> Vec<Note> {
    let mut notes = Vec::new();
    if !trace.onward.is_empty() {
        notes.push(note(
            "C.1",
            format!(
                "{} can meet no one in this bracket without breaking B.1/B.2: moved down at once",
                list(field, &trace.onward)
            ),
        ));
    }
    if trace.moved_down > 0 && 2 * trace.moved_down >= trace.size {
        notes.push(note(
            "A.3",
            "at least half of the bracket came from higher brackets: paired as a homogeneous bracket"
                .into(),
        ));
    }
    if trace.c12_relaxed {
        notes.push(note(
            "C.12",
            "every pairing moves down a player who finds no opponent in the next bracket: the first one that lets the lower brackets be paired is taken"
                .into(),
        ));
    }
    let heterogeneous = trace.steps.iter().any(|s| s.moved_down_first);
    for step in &trace.steps {
        step_notes(field, step, heterogeneous, lowest, &mut notes);
    }
    match trace.fallback {
        Fallback::None => {}
        Fallback::LowestAnyPairing => notes.push(note(
            "C.13",
            "no pairing reached by D.1/D.2 completes the round: the lowest brackets are joined and paired by any legal pairing, the bye to the lowest-ranked eligible player possible"
                .into(),
        )),
        Fallback::AllDown => notes.push(note(
            "C.14",
            "p became zero: the whole bracket is moved down".into(),
        )),
    }
    notes
}

fn step_notes(
    field: &Field,
    step: &Step,
    heterogeneous: bool,
    lowest: bool,
    notes: &mut Vec<Note>,
) {
    if step.p == 0 {
        // Nothing to pair (one player left, or C.14 brought p to zero): all move on.
        if step.level.p_drop > 0 {
            notes.push(note(
                "C.14",
                format!("p decreased to 0: {} moved down", list(field, &step.s2)),
            ));
        } else if !step.s2.is_empty() {
            notes.push(leftover_note(field, &step.s2, lowest));
        }
        return;
    }
    let what = if step.moved_down_first {
        "S1 = the players moved down"
    } else if heterogeneous {
        "the homogeneous remainder (C.6): S1"
    } else {
        "S1"
    };
    notes.push(note(
        "A.6",
        format!(
            "{what} ({}), S2 ({}); p = {}, x = {}",
            list(field, &step.s1),
            list(field, &step.s2),
            step.p,
            step.x
        ),
    ));
    let level = step.level;
    if level.p_drop > 0 {
        notes.push(note(
            "C.14",
            format!("p decreased by {} to {}", level.p_drop, step.p),
        ));
    }
    if level.x_extra > 0 {
        notes.push(note(
            "C.11",
            format!("x increased by {} to {}", level.x_extra, step.x),
        ));
    }
    let given_up = [
        "B.6 for downfloats",
        "B.5 for downfloats",
        "B.6 for upfloats",
        "B.5 for upfloats",
    ];
    if level.floats > 0 {
        let article = if level.floats > 2 { "C.10" } else { "C.9" };
        notes.push(note(
            article,
            format!(
                "dropped: {}",
                given_up[..usize::from(level.floats)].join(", ")
            ),
        ));
    }
    if level.p_drop == 0 && level.x_extra == 0 && level.floats == 0 {
        notes.push(note(
            "B.3–B.6",
            "no relative criterion had to be relaxed".into(),
        ));
    }
    if let Some(e) = &step.exchange {
        let mut group: Vec<usize> = step.s1.iter().chain(&step.s2).copied().collect();
        group.sort_unstable();
        let places = |v: &[usize]| {
            let s: Vec<String> = v.iter().map(|i| (i + 1).to_string()).collect();
            s.join("+")
        };
        let players = |v: &[usize]| {
            let s: Vec<String> = v
                .iter()
                .filter_map(|&i| group.get(i))
                .map(|&a| field.players[a].state.id.to_string())
                .collect();
            s.join(", ")
        };
        notes.push(note(
            "D.2",
            format!(
                "exchange of {} from S1 with {} from S2 (players {} and {}; places in the bracket's A.2 order)",
                places(&e.from_s1),
                places(&e.from_s2),
                players(&e.from_s1),
                players(&e.from_s2)
            ),
        ));
    }
    let paired: Vec<usize> = step.pairs.iter().map(|&(_, b)| b).collect();
    let leftovers: Vec<usize> = step
        .s2
        .iter()
        .copied()
        .filter(|a| !paired.contains(a))
        .collect();
    let order: Vec<usize> = paired.iter().chain(&leftovers).copied().collect();
    let moved: Vec<usize> = (0..order.len())
        .filter(|&i| order[i] != step.s2[i])
        .collect();
    let ids = |v: &[usize]| {
        let s: Vec<String> = v
            .iter()
            .map(|&a| field.players[a].state.id.to_string())
            .collect();
        s.join("-")
    };
    notes.push(match moved.as_slice() {
        [] => note(
            "C.6",
            "S1's players against S2's in order: no transposition needed".into(),
        ),
        &[i, j] => note(
            "D.1",
            format!(
                "S2 transposed: {} and {} exchanged",
                field.players[step.s2[i]].state.id, field.players[step.s2[j]].state.id
            ),
        ),
        _ => note(
            "D.1",
            format!(
                "S2 transposed to {} (A.2 order {})",
                ids(&order),
                ids(&step.s2)
            ),
        ),
    });
    if !leftovers.is_empty() && !step.moved_down_first {
        notes.push(leftover_note(field, &leftovers, lowest));
    }
}

/// The players a bracket leaves unpaired: moved down (A.3), or the bye (A.5).
fn leftover_note(field: &Field, leftovers: &[usize], lowest: bool) -> Note {
    if lowest {
        note(
            "A.5",
            format!("{} left unpaired: the bye", list(field, leftovers)),
        )
    } else {
        note(
            "A.3",
            format!(
                "{} left unpaired: moved down to the next bracket",
                list(field, leftovers)
            ),
        )
    }
}
