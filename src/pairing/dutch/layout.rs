//! Bit fields of the edge weights. Criteria are stacked from the most significant bits
//! down in priority order; each field is wide enough for its sum over a whole matching,
//! so comparing two matchings' total weights compares their criterion vectors
//! lexicographically. Below the quality fields sit the tie-break fields used to reproduce
//! B.8 ("generated earlier"): `forced` (decisions already taken) and the `trial` fields
//! (the decision being taken).

use super::buckets::bits_for;

/// Hands out consecutive bit ranges from the least significant bit up.
pub(super) struct Fields {
    next: u32,
}

impl Fields {
    /// Starts at bit 0.
    pub fn new() -> Fields {
        Fields { next: 0 }
    }

    /// A field of `width` bits; returns its offset.
    pub fn take(&mut self, width: u32) -> u32 {
        let at = self.next;
        self.next += width;
        at
    }

    /// The number of bits handed out.
    pub fn total(&self) -> u32 {
        self.next
    }
}

/// The tie-break fields: `trial_c` at bit 0 (one-edge bonuses), `trial_b` and `trial_a`
/// above it (the D.2 exchange order), then `forced`.
#[derive(Clone, Copy, Debug)]
pub(super) struct TieBreak {
    pub trial_b: u32,
    pub trial_a: u32,
    pub forced: u32,
}

impl TieBreak {
    /// Allocates the tie-break fields for a bracket of `bracket` players in a graph of
    /// `vertices`.
    pub fn allocate(fields: &mut Fields, bracket: usize, vertices: usize) -> TieBreak {
        let nb = bracket as u64;
        let _trial_c = fields.take(bits_for(nb) + 1);
        let trial_b = fields.take(bits_for(2 * nb * nb + 2) + 1);
        let trial_a = fields.take(bits_for(nb) + 1);
        let forced = fields.take(bits_for(2 * vertices as u64) + 1);
        TieBreak {
            trial_b,
            trial_a,
            forced,
        }
    }
}
