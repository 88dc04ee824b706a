//! swiss-arbiter: the tournament model, file formats and pairing engines behind the
//! arbiter's desktop application and command line.

pub mod checker;
pub mod cli;
pub mod formats;
pub mod generator;
#[cfg(feature = "gui")]
pub mod gui;
pub mod matching;
pub mod norms;
pub mod pairing;
pub mod print;
pub mod prizes;
pub mod rating;
pub mod standings;
pub mod tournament;
