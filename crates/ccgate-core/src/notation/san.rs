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
    let san = san_plus(pos, mv);
    spell(&san, &opts.letters(), opts.style, out);
    suffix(pos, mv, san.suffix, opts.style, out);
}

/// SAN of a legal move, with its check mark: what shakmaty's
/// `SanPlus::from_move` gives, for less. That marks a move by the game's
/// outcome after it, which generates every legal move of the position to
/// look for a stalemate too; written into a whole game's record, that was
/// half the cost of writing each move.
pub(crate) fn san_plus(pos: &Chess, mv: Move) -> SanPlus {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    SanPlus {
        san: San::from_move(pos, mv),
        suffix: mark(&after),
    }
}

/// The check mark of the position a move leads to. Only a check can be
/// mate, so the moves are generated only then (in standard chess a decisive
/// outcome is a mate, which is all `Suffix::from_position` asks of it).
pub(crate) fn mark(after: &Chess) -> Option<Suffix> {
    if after.checkers().is_empty() {
        None
    } else if after.legal_moves().is_empty() {
        Some(Suffix::Checkmate)
    } else {
        Some(Suffix::Check)
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    /// Every legal move of every position met, marked as shakmaty marks it.
    fn same_as_shakmaty(pos: &Chess) -> usize {
        let moves = pos.legal_moves();
        for &mv in &moves {
            assert_eq!(
                san_plus(pos, mv),
                SanPlus::from_move(pos.clone(), mv),
                "{mv:?} in {}",
                Fen::from_position(pos, EnPassantMode::Legal)
            );
        }
        moves.len()
    }

    #[test]
    fn san_plus_marks_every_move_as_shakmaty_does() {
        // Positions with a mate, a stalemate, a double check, en passant,
        // both castlings and promotions to be found among their moves.
        for fen in [
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/1b6/8/3N4/R3K2R w KQ - 0 1",
            "r3k2r/1P4P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
            "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1",
        ] {
            let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            let pos: Chess = fen
                .clone()
                .into_position(CastlingMode::Standard)
                .unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(same_as_shakmaty(&pos) > 0, "{fen}");
        }
        // And the positions of long pseudo-random games, played to their end.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let (mut marks, mut mates) = (0, 0);
        for _ in 0..40 {
            let mut pos = Chess::default();
            for _ in 0..300 {
                if same_as_shakmaty(&pos) == 0 {
                    mates += usize::from(pos.is_checkmate());
                    break;
                }
                let moves = pos.legal_moves();
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = moves[(seed % moves.len() as u64) as usize];
                marks += usize::from(san_plus(&pos, mv).suffix.is_some());
                pos.play_unchecked(mv);
            }
        }
        // Not a test of nothing: the games gave checks, and some a mate.
        assert!(marks > 100 && mates > 0, "{marks} checks, {mates} mates");
    }
}
