//! The Xfcc bridge: a player's games on a remote Xfcc server, played
//! through ccgate (issue 19, "Bridging"). So far its configuration.

pub mod config;
