//! The Xfcc bridge: a player's games on a remote Xfcc server, played
//! through ccgate (issue 19, "Bridging"): its configuration, one SOAP call
//! over HTTP(S), and the loop per account that polls and sends.

pub mod bridge;
pub mod config;
pub mod http;
