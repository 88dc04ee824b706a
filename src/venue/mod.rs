//! The venue network: the event's pages served to the phones of players, deputies and the
//! public on the venue's network, results entered from the boards and confirmed by both
//! players, and the same pages written as a static site.
//!
//! One writer: the program that has the event open (the window, or `serve`) owns it. The
//! server never touches the model; a request that changes the event becomes an
//! [`Edit`](crate::document::Edit) sent to the owner, which applies it through the one door
//! and makes it durable before the phone is told "saved".

pub mod site;
