//! The prize list: who receives which announced prize after the last round, and how much
//! money when players tie (one prize per player; sharing by tie-breaks, equally, or by
//! the Hort system).

mod award;
mod eligibility;
pub mod prize_file;

pub use award::{Award, Awards, award};
pub use eligibility::{eligible, event_year};
