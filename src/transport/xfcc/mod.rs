//! The Xfcc bridge: a player's games on a remote Xfcc server, played
//! through ccgate (issue 19, "Bridging"). So far its configuration and one
//! SOAP call over HTTP; the poller that mirrors the games is to come.

pub mod config;
pub mod http;
