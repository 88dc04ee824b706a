//! What reading a file in an older format had to decide because the format cannot say it
//! (checklist Q48 and Q50: "report every adjustment made to compensate for TRF-06 / TRF-16
//! limitations"). TRF-2026 has a record for each of these (`142`, `152`, `162`, `192`,
//! `240`, `250`); TRF-16 and TRF-06 have none, so a file in them leaves the reader to
//! assume. Each assumption is one sentence naming what was assumed and where to change it.

use crate::tournament::{SystemId, Tournament};

use super::Origin;

/// The adjustments made reading `t` from a file of `origin`; `scoring_given`: the file has
/// a scoring record (`162`, or TRF(bx)'s `BB?`). None for TRF-2026, which says it all.
pub(super) fn made(t: &Tournament, origin: Origin, scoring_given: bool) -> Vec<String> {
    if origin == Origin::Trf26 {
        return Vec::new();
    }
    let format = if origin == Origin::Krause {
        "TRF-06"
    } else {
        "TRF-16"
    };
    let mut made = Vec::new();
    if t.event.rounds.is_none() {
        made.push(format!(
            "the number of rounds is not in the file ({format} has no record for it; TRF-2026 142, TRF(x) XXR): taken as the {} recorded until it is set",
            crate::plural::count(t.rounds_recorded() as usize, "round")
        ));
    }
    if t.event.initial_colour.is_none() {
        made.push(format!(
            "the initial colour is not in the file ({format} has no record for it; TRF-2026 152, TRF(x) XXC): taken from round 1's first board, or drawn before round 1"
        ));
    }
    if !scoring_given {
        made.push(format!(
            "the scoring is not in the file ({format} has no record for it; TRF-2026 162): win 1, draw ½, loss 0, checked against the points column"
        ));
    }
    if t.event.system.is_none() && !t.is_team_event() {
        made.push(format!(
            "the pairing system is not in the file ({format} has no record for it; TRF-2026 192): {} is used unless another is chosen",
            SystemId::Dutch2026.title()
        ));
    }
    if t.event.acceleration.virtual_points.is_empty() && !t.event.acceleration.baku {
        made.push(format!(
            "no acceleration is in the file ({format} cannot record one; TRF-2026 250): the rounds are paired without virtual points unless the acceleration is set"
        ));
    }
    made.push(format!(
        "byes asked for the rounds not yet paired are not in the file ({format} cannot record them; TRF-2026 240): none is read"
    ));
    made
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trf_2026_needs_no_adjustment_and_trf_16_names_each_missing_record() {
        let t = Tournament::default();
        assert!(made(&t, Origin::Trf26, false).is_empty());
        let adjustments = made(&t, Origin::Trf16, false);
        for record in ["142", "152", "162", "192", "250", "240"] {
            assert!(
                adjustments
                    .iter()
                    .any(|a| a.contains(&format!("TRF-2026 {record}"))),
                "{record}: {adjustments:?}"
            );
        }
        assert!(made(&t, Origin::Krause, true)[0].contains("TRF-06"));
        assert!(
            !made(&t, Origin::Krause, true)
                .iter()
                .any(|a| a.contains("162"))
        );
    }
}
