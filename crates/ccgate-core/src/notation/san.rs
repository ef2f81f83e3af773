//! SAN writing: shakmaty disambiguates, we spell the result in the player's
//! letters and style. Reading is the shared [`algebraic`](super::algebraic) reader.
//!
//! ```
//! use ccgate_core::notation::{write_move, Notation, Lang, Style, WriteOptions};
//! use shakmaty::{Chess, Move, Role, Square};
//! let pos = Chess::default();
//! let nf3 = Move::Normal { role: Role::Knight, from: Square::G1, to: Square::F3, capture: None, promotion: None };
//! assert_eq!(write_move(&pos, nf3, Notation::San, &WriteOptions::new(Lang::En)), "Nf3");
//! assert_eq!(write_move(&pos, nf3, Notation::San, &WriteOptions::new(Lang::Ru)), "Кf3");
//! let pgn_style = WriteOptions::new(Lang::Ru).with_style(Style::Pgn);
//! assert_eq!(write_move(&pos, nf3, Notation::San, &pgn_style), "Nf3");
//! ```

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingSide, Chess, Move, Position, Role};

use super::{Style, WriteOptions};

/// How the pieces are spelled: letters of a language, or figurines.
pub(crate) trait Spelling {
    fn piece(&self, role: Role, out: &mut String);
}

impl Spelling for super::Lang {
    fn piece(&self, role: Role, out: &mut String) {
        // Most letters are one ASCII byte, pushed as a character: copying a
        // string costs a call, and every piece move written comes here.
        match self.letter(role).as_bytes() {
            &[b] if b.is_ascii() => out.push(char::from(b)),
            _ => out.push_str(self.letter(role)),
        }
    }
}

// Not inlined into `append_move`: the codes' arms stay a plain dispatch.
#[inline(never)]
pub(crate) fn append(pos: &Chess, mv: Move, opts: &WriteOptions, out: &mut String) {
    let san = SanPlus::from_move(pos.clone(), mv);
    spell(&san, &opts.letters(), opts.style, out);
    suffix(pos, mv, san.suffix, opts.style, out);
}

/// Writes a SAN value, without its check mark, with the given piece spelling.
pub(crate) fn spell(san: &SanPlus, pieces: &impl Spelling, style: Style, out: &mut String) {
    match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                pieces.piece(role, out);
            }
            if let Some(f) = file {
                out.push(f.char());
            }
            if let Some(r) = rank {
                out.push(r.char());
            }
            if capture {
                out.push(capture_sign(style));
            }
            out.push(to.file().char());
            out.push(to.rank().char());
            if let Some(p) = promotion {
                promote(p, pieces, style, out);
            }
        }
        San::Castle(side) => castle(side, style, out),
        San::Put { .. } | San::Null => {}
    }
}

pub(crate) fn capture_sign(style: Style) -> char {
    if style == Style::Soviet { ':' } else { 'x' }
}

pub(crate) fn promote(role: Role, pieces: &impl Spelling, style: Style, out: &mut String) {
    if style == Style::Pgn {
        out.push('=');
    }
    pieces.piece(role, out);
}

pub(crate) fn castle(side: CastlingSide, style: Style, out: &mut String) {
    let o = if style == Style::Pgn { "O" } else { "0" };
    out.push_str(o);
    out.push('-');
    out.push_str(o);
    if side == CastlingSide::QueenSide {
        out.push('-');
        out.push_str(o);
    }
}

/// The check or mate mark of `mv`, a legal move of `pos`, in the style.
#[inline]
pub(crate) fn suffix(pos: &Chess, mv: Move, s: Option<Suffix>, style: Style, out: &mut String) {
    match s {
        None => {}
        Some(mark) if style == Style::Soviet => soviet_suffix(pos, mv, mark, out),
        Some(Suffix::Check) => out.push('+'),
        Some(Suffix::Checkmate) => out.push('#'),
    }
}

/// The Soviet style's marks: `++` for a double check, `×` for mate. Apart
/// from [`suffix`], which every move written passes through, because telling
/// a double check plays the move.
#[cold]
#[inline(never)]
fn soviet_suffix(pos: &Chess, mv: Move, mark: Suffix, out: &mut String) {
    match mark {
        Suffix::Check => {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            out.push_str(if after.checkers().count() > 1 {
                "++"
            } else {
                "+"
            });
        }
        Suffix::Checkmate => out.push('×'),
    }
}
