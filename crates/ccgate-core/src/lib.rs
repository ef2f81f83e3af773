//! ccgate's pure core: everything that is a function of data alone.
//!
//! - [`notation`]: every move notation read and written, resolved against
//!   the legal moves of a position, plus movetext and PGN;
//! - [`event`]: round-robin pairing tables and crosstables;
//! - [`game`]: the rules of a correspondence game beyond the board (draw
//!   claims, the record) and its clocks;
//! - [`protocol`]: the message grammar players write, addresses, and the
//!   shapes replies must fit.
//!
//! It depends on no runtime, store or transport (Cargo enforces it: see
//! this crate's manifest), so the transports, the store and the daemon in
//! the `ccgate` crate build on it and never the other way round.

pub mod event;
pub mod game;
pub mod notation;
pub mod protocol;
