//! Bit fields of the edge weights. Criteria are stacked from the most significant bits
//! down in priority order; each field is wide enough for its sum over a whole matching,
//! so comparing two matchings' total weights compares their criterion vectors
//! lexicographically. Below the quality fields sit the tie-break fields used to reproduce
//! B.8 ("generated earlier"): `forced` (decisions already taken) and the `trial` fields
//! (the decision being taken).

use crate::matching::Wide;

use super::buckets::bits_for;
use super::criteria::PairQuality;

/// Adds 1 in each field whose criterion the pair meets.
fn add_met<const L: usize>(w: &mut Wide<L>, fields: &[u32], met: &[bool]) {
    for (at, ok) in fields.iter().zip(met) {
        if *ok {
            w.add_shifted(1, *at);
        }
    }
}

/// Hands out consecutive bit ranges from the least significant bit up.
pub(super) struct Fields {
    next: u32,
}

impl Fields {
    /// Starts at bit 0.
    pub(crate) fn new() -> Fields {
        Fields { next: 0 }
    }

    /// A field of `width` bits; returns its offset.
    pub(crate) fn take(&mut self, width: u32) -> u32 {
        let at = self.next;
        self.next += width;
        at
    }

    /// The number of bits handed out.
    pub(crate) fn total(&self) -> u32 {
        self.next
    }
}

/// The tie-break fields: `trial_c` at bit 0 (one-edge bonuses), `trial_b` and `trial_a`
/// above it (the D.2 exchange order), then `forced`; the quality fields start at
/// `quality`. The trial fields together fit in 64 bits.
#[derive(Clone, Copy, Debug)]
pub(super) struct TieBreak {
    pub(crate) trial_b: u32,
    pub(crate) trial_a: u32,
    pub(crate) forced: u32,
    pub(crate) quality: u32,
}

impl TieBreak {
    /// Allocates the tie-break fields for a bracket of `bracket` players in a graph of
    /// `vertices`.
    pub(crate) fn allocate(fields: &mut Fields, bracket: usize, vertices: usize) -> TieBreak {
        let nb = bracket as u64;
        let _trial_c = fields.take(bits_for(nb) + 1);
        let trial_b = fields.take(bits_for(2 * nb * nb + 2) + 1);
        let trial_a = fields.take(bits_for(nb) + 1);
        let forced = fields.take(bits_for(2 * vertices as u64) + 1);
        TieBreak {
            trial_b,
            trial_a,
            forced,
            quality: fields.total(),
        }
    }
}

/// Which colour criteria a bracket weighs, in priority order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ColourTable {
    /// 2017 C.8–C.11; 2026 C10–C13.
    Since2017,
    /// 2012: B.2 for topscorers (C.10.g), A.7.d in odd rounds (C.10.f) where `a7d`
    /// (it gives way where it would leave floaters with a higher score, see
    /// [`super::strong_preferences`]), X (A.8.a, B.4) and, in even rounds, Z (A.8.b).
    Istanbul2012 { odd_round: bool, a7d: bool },
}

/// The fields of the pair criteria all rule versions share: colours (2012: B.2, A.7.d,
/// X, Z; 2017: C.8–C.11; 2026: C10–C13), then repeated floats one and two rounds back
/// (counts: 2012 B.5/B.6; 2017 C.12–C.15; 2026 C14–C17; amounts, 2017 and 2026 only:
/// C.16–C.19 / C18–C21).
pub(super) struct PairFields {
    table: ColourTable,
    pub(crate) colour: [u32; 4],
    pub(crate) repeated_down: [u32; 2],
    pub(crate) repeated_up: [u32; 2],
    pub(crate) repeated_down_amount: [u32; 2],
    pub(crate) repeated_up_amount: [u32; 2],
}

impl PairFields {
    /// Adds the colour fields and the repeated-float counts the pair meets; the
    /// downfloat counts only if `downfloats` (a bracket that produces downfloaters), the
    /// upfloat counts only if `upfloats`.
    pub(crate) fn add_counts<const L: usize>(
        &self,
        w: &mut Wide<L>,
        q: &PairQuality,
        downfloats: bool,
        upfloats: bool,
    ) {
        add_met(w, &self.colour, &q.colour_criteria_met(self.table));
        for k in 0..2 {
            // Every player who downfloated k+1 rounds ago is charged as if downfloating
            // again; a pair earns back what it saves.
            if downfloats {
                w.add_shifted(q.downfloats_avoided(k), self.repeated_down[k]);
            }
            if !(upfloats && q.repeated_upfloat[k]) {
                w.add_shifted(1, self.repeated_up[k]);
            }
        }
    }

    /// Allocates from the least significant end: the amounts, the counts, the colours
    /// (2017 and 2026: counts in the order down 1, up 1, down 2, up 2).
    /// `pairs_width` holds a count of pairs, `players_width` a count of players.
    pub(crate) fn allocate(
        fields: &mut Fields,
        pairs_width: u32,
        players_width: u32,
        down_amount_width: u32,
        up_amount_width: u32,
    ) -> PairFields {
        let up_amount_2 = fields.take(up_amount_width);
        let down_amount_2 = fields.take(down_amount_width);
        let up_amount_1 = fields.take(up_amount_width);
        let down_amount_1 = fields.take(down_amount_width);
        let up_2 = fields.take(pairs_width);
        let down_2 = fields.take(players_width);
        let up_1 = fields.take(pairs_width);
        let down_1 = fields.take(players_width);
        PairFields {
            table: ColourTable::Since2017,
            colour: Self::colours(fields, pairs_width),
            repeated_down: [down_1, down_2],
            repeated_up: [up_1, up_2],
            repeated_down_amount: [down_amount_1, down_amount_2],
            repeated_up_amount: [up_amount_1, up_amount_2],
        }
    }

    /// The 2012 fields, without amounts. C.04.3 (2012) C.10.a–d drop B.6 for upfloaters
    /// first, then B.5 for upfloaters, B.6 for downfloaters, B.5 for downfloaters: the
    /// priority, highest first, is B.5 down, B.6 down, B.5 up, B.6 up.
    pub(crate) fn allocate_2012(
        fields: &mut Fields,
        pairs_width: u32,
        players_width: u32,
        table: ColourTable,
    ) -> PairFields {
        let up_2 = fields.take(pairs_width);
        let up_1 = fields.take(pairs_width);
        let down_2 = fields.take(players_width);
        let down_1 = fields.take(players_width);
        PairFields {
            table,
            colour: Self::colours(fields, pairs_width),
            repeated_down: [down_1, down_2],
            repeated_up: [up_1, up_2],
            repeated_down_amount: [0; 2],
            repeated_up_amount: [0; 2],
        }
    }

    fn colours(fields: &mut Fields, pairs_width: u32) -> [u32; 4] {
        let mut colour = [0; 4];
        for at in colour.iter_mut().rev() {
            *at = fields.take(pairs_width);
        }
        colour
    }
}
