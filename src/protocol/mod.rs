//! The move-message protocol: one plain-text grammar for every channel, and
//! the composition of replies. Pure: no store, transport or tokio.

pub mod grammar;
