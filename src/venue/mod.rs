//! The venue network: the event's pages served to the phones of players, deputies and the
//! public on the venue's network, results entered from the boards and confirmed by both
//! players, and the same pages written as a static site.
//!
//! One writer: the program that has the event open (the window, or `serve`) owns it. The
//! server never touches the model; a request that changes the event becomes an
//! [`Edit`](crate::document::Edit) sent to the owner, which applies it through the one door
//! and makes it durable before the phone is told "saved".

pub mod site;

mod address;
mod cards;
mod codes;
mod connections;
mod headless;
mod journal;
mod limits;
mod owner;
mod pages;
mod publish;
pub mod qr;
mod server;
mod state;
mod submission;
#[cfg(test)]
mod tests;

pub use address::lan_address;
pub use cards::{board_cards, board_url};
pub use codes::{Secret, grouped};
pub use headless::{Serving, serve};
pub use limits::Limits;
pub use owner::{Venue, Waiting, board_key, state_file};
pub use publish::publish;
pub use server::{Job, Server, View};
pub use state::{Acceptance, Concern, DeputyCode, Entry, LineupItem, QueueItem, Rights};
pub use submission::{
    BoardKey, Choice, Credential, LineupSubmission, Outcome, Reply, Request, Side, Submission,
};

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}
