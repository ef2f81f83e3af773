//! ccgate: a correspondence-chess gateway.
//!
//! The pure core (notation, game rules, message grammar) is the workspace
//! crate `ccgate-core`, re-exported here under its old paths; this crate
//! adds the store, the game service, the transports and the daemon.

pub mod board;
pub mod cli;
pub mod config;
pub mod daemon;
pub mod escape;
pub mod listener;
pub mod metrics;
pub mod now;
pub mod read;
pub mod service;
pub mod settings;
pub mod signal;
pub mod status;
pub mod store;
pub mod systemd;
pub mod tls;
pub mod transport;
pub mod web;
pub mod xfcc;

pub use ccgate_core::{event, game, notation, protocol};
