//! FIDE's Tournament Report File in its variants: TRF-16, JaVaFo's TRF(x), bbpPairings'
//! TRF(bx) and TRF-2026, and the dialects of the programs that write them (Swiss-Manager,
//! lichess, CPPDubovSystem, Vega, the older Krause layout: see [`Origin`]). Reading accepts all
//! of them (CR, LF or CRLF; UTF-8 or Windows-1252/Latin-1);
//! writing produces TRF-2026 by default, or TRF-16 with the TRF(x) extensions, and refuses
//! an event with values its fixed columns cannot hold (see `misfits`).

mod abnormal_points;
mod adjustments;
mod ambiguous;
mod board_won_by_default;
mod dialect;
mod error;
mod fit;
mod forfeit_reading;
mod forfeited_matches;
mod header;
mod national_ratings;
mod player_line;
mod rating_comments;
mod read;
mod team_bye_value;
mod team_ranks;
mod teams;
mod text;
mod two_game_matches;
mod write;

pub use dialect::{Origin, Recognised};
pub use error::TrfError;
pub(crate) use fit::{MAX_NUMBER, Unwritable, event_misfits, player_misfits};
pub use fit::{NAME_COLUMNS, dropped_by_trf};
pub(crate) use national_ratings::adopt_kept_records;
pub use read::{Importance, Reading, read, read_file, read_file_reporting, read_reporting};
pub(crate) use team_ranks::recorded_team_ranks;
pub(crate) use text::{Encoding, decode};
pub use write::{Dialect, write};
