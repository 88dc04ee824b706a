//! Where each criterion sits in a bracket's edge weights (C.04.3 2017, C.4–C.19).
//!
//! Fields are stacked from the most significant bits down in the order of the criteria's
//! priority; each is wide enough for its sum over a whole matching, so comparing two
//! matchings' total weights compares their criterion vectors lexicographically. Below the
//! quality fields sit two tie-break fields used to reproduce the order of B.8 ("generated
//! earlier"): `forced` (decisions already taken) and `trial` (the decision being taken).

use super::buckets::{Buckets, bits_for};

/// Bit offsets of the fields. `None`: the field does not exist in this bracket.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// C.4 with C.2 (only when the bracket must complete the round-pairing).
    pub completion: Option<u32>,
    /// C.5: pairs in the bracket.
    pub pairs: u32,
    /// C.6: PSD.
    pub psd: u32,
    /// C.7: pairs in the following bracket (or, when it is the last, its completion).
    pub next_pairs: Option<u32>,
    /// C.7: PSD of the following bracket.
    pub next_psd: Option<u32>,
    /// C.8, C.9, C.10, C.11.
    pub colour: [u32; 4],
    /// C.12/C.14 (repeated downfloats), C.13/C.15 (repeated upfloats), one and two rounds
    /// back.
    pub repeated_down: [u32; 2],
    pub repeated_up: [u32; 2],
    /// C.16/C.18 and C.17/C.19: their score differences.
    pub repeated_down_sd: [u32; 2],
    pub repeated_up_sd: [u32; 2],
    /// Width of the PSD buckets; `2^psd_width` is the per-pair baseline of C.17/C.19.
    pub psd_width: u32,
    pub forced: u32,
    /// Trial sub-fields: `trial_c` at 0, `trial_b` above it, `trial_a` above that.
    pub trial_b: u32,
    pub trial_a: u32,
    /// Total number of bits.
    pub total: u32,
}

/// The shape of the graph a layout is for.
pub(super) struct Shape {
    /// Players in the bracket.
    pub bracket: usize,
    /// Vertices in the graph (bracket plus look-ahead or remaining players).
    pub vertices: usize,
    /// Whether the bracket must complete the round-pairing (PPB re-pairing, last bracket).
    pub completion: bool,
    /// `Some(next_is_last)` when C.7 applies.
    pub look_ahead: Option<bool>,
}

impl Layout {
    pub fn new(shape: &Shape, buckets: &Buckets) -> Layout {
        let nb = shape.bracket as u64;
        let n = shape.vertices as u64;
        let pcb = bits_for(nb / 2);
        let d = buckets.width();
        let mut offset = 0;
        let mut field = |width: u32| {
            let at = offset;
            offset += width;
            at
        };
        // Allocated from the least significant bits up.
        let _trial_c = field(bits_for(nb) + 1);
        let trial_b = field(bits_for(2 * nb * nb + 2) + 1);
        let trial_a = field(bits_for(nb) + 1);
        let forced = field(bits_for(2 * n) + 1);
        let c19 = field(d + pcb + 1);
        let c18 = field(d + 1);
        let c17 = field(d + pcb + 1);
        let c16 = field(d + 1);
        let c15 = field(pcb);
        let c14 = field(bits_for(nb));
        let c13 = field(pcb);
        let c12 = field(bits_for(nb));
        let c11 = field(pcb);
        let c10 = field(pcb);
        let c9 = field(pcb);
        let c8 = field(pcb);
        let next_psd = shape.look_ahead.map(|_| field(d + 1));
        let next_pairs = shape.look_ahead.map(|last| {
            field(if last {
                bits_for(3 * (n / 2) + 1)
            } else {
                bits_for(n / 2)
            })
        });
        let psd = field(d + 1);
        let pairs = field(pcb);
        let completion = shape.completion.then(|| field(bits_for(3 * (n / 2) + 1)));
        Layout {
            completion,
            pairs,
            psd,
            next_pairs,
            next_psd,
            colour: [c8, c9, c10, c11],
            repeated_down: [c12, c14],
            repeated_up: [c13, c15],
            repeated_down_sd: [c16, c18],
            repeated_up_sd: [c17, c19],
            psd_width: d,
            forced,
            trial_b,
            trial_a,
            total: offset,
        }
    }
}
