//! Long algebraic notation: piece letter, origin, `-` or `x`, destination.
//! Reading is the shared [`algebraic`](super::algebraic) reader, which also
//! takes `e2e4`, `e2—e4` and `Nf3:e5`.
//!
//! ```
//! use ccgate_core::notation::{read_move, write_move, Notation, Lang, ReadOptions, WriteOptions};
//! use shakmaty::Chess;
//! let pos = Chess::default();
//! let m = read_move(&pos, "Ng1—f3", Notation::Lan, &ReadOptions::default()).unwrap().mv;
//! assert_eq!(write_move(&pos, m, Notation::Lan, &WriteOptions::default()), "Ng1-f3");
//! assert_eq!(write_move(&pos, m, Notation::Lan, &WriteOptions::new(Lang::Fr)), "Cg1-f3");
//! ```

use shakmaty::{CastlingSide, Chess, Move, Position, Role};

use super::WriteOptions;
use super::san::{Spelling, capture_sign, castle, promote, suffix};

pub(crate) fn append(pos: &Chess, mv: Move, opts: &WriteOptions, out: &mut String) {
    match mv {
        Move::Castle { king, rook } => {
            let side = if rook.file() > king.file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            castle(side, opts.style, out);
        }
        Move::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => {
            if role != Role::Pawn {
                opts.letters().piece(role, out);
            }
            push_square(from, out);
            out.push(if capture.is_some() {
                capture_sign(opts.style)
            } else {
                '-'
            });
            push_square(to, out);
            if let Some(p) = promotion {
                promote(p, &opts.letters(), opts.style, out);
            }
        }
        Move::EnPassant { from, to } => {
            push_square(from, out);
            out.push(capture_sign(opts.style));
            push_square(to, out);
        }
        Move::Put { .. } => {}
    }
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let mark = super::san::mark(&after);
    suffix(pos, mv, mark, opts.style, out);
}

pub(crate) fn push_square(sq: shakmaty::Square, out: &mut String) {
    out.push(sq.file().char());
    out.push(sq.rank().char());
}
