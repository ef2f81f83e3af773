//! Figurine algebraic notation (FAN): SAN with piece glyphs in the mover's
//! colour, and no pawn glyph.
//!
//! ```
//! use ccgate_core::notation::{write_move, read_move, Notation, ReadOptions, WriteOptions};
//! use shakmaty::{Chess, Position};
//! let pos = Chess::default();
//! let nf3 = read_move(&pos, "♞f3", Notation::Figurine, &ReadOptions::default()).unwrap().mv;
//! assert_eq!(write_move(&pos, nf3, Notation::Figurine, &WriteOptions::default()), "♘f3");
//! ```

use shakmaty::{Chess, Color, Move, Position, Role};

use super::WriteOptions;
use super::lang::role_index;
use super::san::{Spelling, san_plus, spell, suffix};

struct Glyphs(Color);

impl Spelling for Glyphs {
    fn piece(&self, role: Role, out: &mut String) {
        // The figurine's UTF-8 bytes from a table: a `char` would be
        // encoded again for every piece move written.
        out.push_str(GLYPHS[usize::from(self.0 == Color::White)][role_index(role)]);
    }
}

/// The figurines, Black's then White's, in the order of [`ROLES`](super::lang::ROLES).
const GLYPHS: [[&str; 6]; 2] = [
    ["♚", "♛", "♜", "♝", "♞", "♟"],
    ["♔", "♕", "♖", "♗", "♘", "♙"],
];

// Not inlined into `append_move`: the codes' arms stay a plain dispatch.
#[inline(never)]
pub(crate) fn append(pos: &Chess, mv: Move, opts: &WriteOptions, out: &mut String) {
    let san = san_plus(pos, mv);
    spell(&san, &Glyphs(pos.turn()), opts.style, out);
    suffix(pos, mv, san.suffix, opts.style, out);
}
