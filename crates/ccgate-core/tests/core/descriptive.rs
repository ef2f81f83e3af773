//! English descriptive notation: the cheesse/ostinato cases, round trips over
//! real games, and one test per syntax form and error kind, one file a
//! subject. The helpers here are theirs (`use super::*`).

use std::collections::HashMap;

use ccgate_core::notation::{
    CheckMark, Illegal, Notation, ReadError, ReadOptions, Warning, WriteOptions, read_move,
    write_move,
};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position, Role, Square};

use crate::support::{position, read_data};

/// The descriptive rows of the cheesse/ostinato cases.
mod cheesse;
/// Malformed tokens, illegal moves, hostile text.
mod errors;
/// Check and mate marks, annotation glyphs.
mod marks;
/// Every legal move of many positions written and read back.
mod round_trips;
/// The syntax forms, read and written.
mod syntax;

fn uci(pos: &Chess, s: &str) -> Move {
    let u: UciMove = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
    u.to_move(pos).unwrap_or_else(|e| {
        panic!(
            "{s} in {}: {e}",
            Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
        )
    })
}

fn read(pos: &Chess, text: &str) -> Result<ccgate_core::notation::Reading, ReadError> {
    read_move(pos, text, Notation::Descriptive, &ReadOptions::default())
}

fn write(pos: &Chess, mv: Move) -> String {
    write_move(pos, mv, Notation::Descriptive, &WriteOptions::default())
}

/// The UCI of what `text` reads as, or a panic with the error.
fn read_uci(pos: &Chess, text: &str) -> String {
    match read(pos, text) {
        Ok(r) => r.mv.to_uci(CastlingMode::Standard).to_string(),
        Err(e) => panic!("{text}: {e}"),
    }
}

fn after(pos: &Chess, ucis: &str) -> Chess {
    let mut pos = pos.clone();
    for u in ucis.split_whitespace() {
        let m = uci(&pos, u);
        pos.play_unchecked(m);
    }
    pos
}

fn start() -> Chess {
    Chess::default()
}

/// The candidates of an ambiguous token, sorted.
fn ambiguous(pos: &Chess, text: &str) -> Vec<String> {
    match read(pos, text) {
        Err(ReadError::Ambiguous { candidates, .. }) => {
            let mut texts: Vec<String> = candidates.into_iter().map(|c| c.text).collect();
            texts.sort();
            texts
        }
        other => panic!("{text}: expected ambiguous, got {other:?}"),
    }
}

fn illegal(pos: &Chess, text: &str) -> Illegal {
    match read(pos, text) {
        Err(ReadError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected illegal, got {other:?}"),
    }
}
