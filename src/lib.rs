//! ccgate: a correspondence-chess gateway.
//!
//! The pure core lives in [`notation`]: every move notation read and written,
//! resolved against the legal moves of a position, plus movetext and PGN.
//! Transports, the store and the daemon build on it in later modules.

pub mod cli;
pub mod commands;
pub mod config;
pub mod daemon;
pub mod game;
pub mod notation;
pub mod protocol;
pub mod service;
pub mod station;
pub mod status;
pub mod store;
pub mod transport;
