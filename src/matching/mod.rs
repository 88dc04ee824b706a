//! Maximum-weight matching on general graphs.
//!
//! A [`Matcher`] holds a dense, symmetric weight matrix over vertices `0..n` (weight zero
//! means "no edge") and finds a matching of maximum total weight with the O(n³)
//! primal–dual blossom algorithm. It keeps its dual solution between solves, so after the
//! weights at a few vertices change, re-solving costs O(n²) per changed vertex instead
//! of O(n³) (see [`Matcher`] for the invariant it keeps).
//!
//! Weights are exact: any type implementing [`Weight`], such as `u64`, `u128`, or
//! [`Wide`], a fixed-width unsigned integer of `64 * L` bits for weights that stack many
//! criteria as bit fields.
//!
//! This module knows nothing of chess or pairings: it only matches vertices.

mod blossom;
#[cfg(test)]
mod brute_force;
mod cardinality;
mod matcher;
mod stage;
#[cfg(test)]
mod tests;
mod weight;
mod wide;

pub(crate) use cardinality::CardinalityMatcher;
pub(crate) use matcher::Matcher;
#[cfg(test)]
pub(crate) use weight::Weight;
pub(crate) use wide::Wide;
