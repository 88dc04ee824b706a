//! Title norms (FIDE Title Regulations, B.01): for each player and each title he may still
//! seek (GM, IM, WGM, WIM), whether the event gives him a norm, with the figures of FIDE's
//! norm report form (IT1) and every requirement with its article, met or not.
//!
//! Every article and threshold is in [`regulations`], numbered as in the text applied from
//! 1 January 2024; where it is ambiguous the constant says so. Games are read as the
//! standings read them (forfeits and byes are not games); dp comes from the table of 1.4.9
//! (B.02 8.1.1, in `crate::rating::tables`). `assets/help/norms.md` lists every rule of
//! B.01 1.1-1.5 as checked, declared by the arbiter or not applicable.

mod check;
mod conditions;
mod exemption;
mod federation;
mod figures;
mod games;
mod performance;
pub mod regulations;
mod report;
mod requirements;
mod subset;
mod title;

pub use check::{EventNorms, NormCheck, NormOptions, check_event};
pub use exemption::{Exemption, ForeignField};
pub use federation::Federations;
pub use figures::Figures;
pub use games::{ExcludedGame, NormGame};
pub use performance::{Performance, Raised};
pub use report::{CSV_HEADER, figure_lines, is_close, text};
pub(crate) use report::{
    GAME_HEADINGS, applicant, csv, event_lines, game_cells, json, requirement_cells, verdict,
};
pub use requirements::{Bound, GamesRequired, Requirement};
pub use title::{FideTitle, NormTitle, NotANormTitle};
