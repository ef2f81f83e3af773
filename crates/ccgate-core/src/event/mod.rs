//! Events: round-robin sections, their pairing tables and their standings.
//! Pure: the store keeps the games, this computes who plays whom and who won.

pub mod berger;
pub mod standings;
