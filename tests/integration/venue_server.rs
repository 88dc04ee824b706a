//! The venue network through `swiss-arbiter serve` on loopback: results entered and
//! confirmed from the boards, deputies' codes, and hostile requests refused with nothing
//! changed.

use crate::common::venue::{self, Served, board_path, get, post};
