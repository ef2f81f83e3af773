//! UCI coordinates: `e2e4`, `e7e8q`, castling as the king's move `e1g1`
//! (the Chess960 form `e1h1`, king takes own rook, is read too).
//!
//! ```
//! use ccgate_core::notation::{read_move, write_move, Notation, ReadOptions, WriteOptions};
//! use shakmaty::Chess;
//! let pos = Chess::default();
//! let m = read_move(&pos, "g1f3", Notation::Uci, &ReadOptions::default()).unwrap().mv;
//! assert_eq!(write_move(&pos, m, Notation::Uci, &WriteOptions::default()), "g1f3");
//! ```

use shakmaty::{CastlingSide, Chess, Move, Position, Role, Square};

use super::algebraic::Cursor;
use super::desc::{MoveDesc, PromotionSpec};
use super::error::{Expected, ReadError};
use super::lan::push_square;
use super::resolve::{king_target, resolve};
use super::text::normalize;
use super::{Lang, Notation, Reading};

pub(crate) fn read(pos: &Chess, text: &str) -> Result<Reading, ReadError> {
    let norm = normalize(text);
    let mut cur = Cursor::new(&norm);
    let mut desc = MoveDesc::EMPTY;
    desc.from_file = Some(cur.file().ok_or_else(|| cur.error(Expected::File))?);
    desc.from_rank = Some(cur.rank().ok_or_else(|| cur.error(Expected::Rank))?);
    desc.to_file = Some(cur.file().ok_or_else(|| cur.error(Expected::File))?);
    desc.to_rank = Some(cur.rank().ok_or_else(|| cur.error(Expected::Rank))?);
    if let Some(c) = cur.peek() {
        let role = Role::from_char(c.to_ascii_lowercase())
            .filter(|r| !matches!(r, Role::Pawn | Role::King));
        let role = role.ok_or_else(|| cur.error(Expected::PromotionLetter))?;
        cur.bump();
        desc.promotion = PromotionSpec::To(role);
    }
    if !cur.is_empty() {
        return Err(cur.error(Expected::End));
    }
    desc.castle = king_takes_rook(pos, &desc);
    resolve(pos, &desc, &norm, Notation::Uci, Lang::En)
}

/// The Chess960 form of castling, king takes own rook (`e1h1`), which
/// shakmaty and python-chess also read in standard chess: it names no other
/// move.
fn king_takes_rook(pos: &Chess, desc: &MoveDesc) -> Option<CastlingSide> {
    let from = Square::from_coords(desc.from_file?, desc.from_rank?);
    let to = Square::from_coords(desc.to_file?, desc.to_rank?);
    let us = pos.turn();
    if desc.promotion != PromotionSpec::None || pos.board().king_of(us) != Some(from) {
        return None;
    }
    [CastlingSide::KingSide, CastlingSide::QueenSide]
        .into_iter()
        .find(|&side| pos.castles().rook(us, side) == Some(to))
}

pub(crate) fn append(mv: Move, out: &mut String) {
    let Some(from) = mv.from() else { return };
    push_square(from, out);
    push_square(king_target(&mv), out);
    if let Some(p) = mv.promotion() {
        out.push(p.char());
    }
}
