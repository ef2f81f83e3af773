//! Read models shared by the web pages and the command line: what both
//! show of the store, computed once (an event's crosstable, a game's PGN,
//! players' names).

pub mod crosstable;
pub mod names;
pub mod pgn;
