//! Title norms (FIDE Title Regulations, B.01): for each player and each title he may still
//! seek (GM, IM, WGM, WIM), whether the event gives him a norm, with the figures of FIDE's
//! norm report form (IT1) and every requirement with its article, met or not.
//!
//! Every article and threshold is in [`regulations`]; several are from memory and marked
//! uncertain there. Games are read as the standings read them (forfeits and byes are not
//! games); dp comes from B.02 table 8.1(a) in `crate::rating::tables`.

mod check;
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
pub use federation::{FederationCount, Federations};
pub use figures::Figures;
pub use games::NormGame;
pub use performance::{Performance, Raised};
pub use report::{
    CSV_HEADER, GAME_HEADINGS, applicant, csv, exemption_text, figure_lines, game_cells, is_close,
    json, requirement_cells, text, verdict,
};
pub use requirements::{Bound, Requirement};
pub use subset::MAX_SUBSETS;
pub use title::{FideTitle, NormTitle, NotANormTitle};
