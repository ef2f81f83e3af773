//! The store-backed command line as scripts and directors use it: `player
//! add`, `game new|list|show|pgn|adjudicate|takeback`, `submit`, `outbox`,
//! `incidents`, `clock`, `backup`, `export` — their outputs and exit codes,
//! one file a subject. Time comes from `$CCGATE_NOW`, so nothing here
//! sleeps. The store and the command they run are `support::cli`.

/// The director's tools: outbox, incidents, clock, adjudication.
mod director;
/// Whole games, their PGN, export and backup, the README's session.
mod games;
/// `player add` and `game new`.
mod players;
/// A store that cannot be opened, is missing or read-only.
mod store_opening;
/// `submit`: replies, refusals, repeats, the PIN.
mod submit;
/// Time judged when a message arrives, with no sweep.
mod time;
