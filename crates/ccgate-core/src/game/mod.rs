//! The game's rules beyond single moves: correspondence clocks, conditional
//! moves, game endings and adjudication. Pure: no store, transport or tokio.

pub mod attached;
pub mod clock;
pub mod outcome;
pub mod rules;
