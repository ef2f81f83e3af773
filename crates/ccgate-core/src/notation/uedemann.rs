//! The two letter codes called "Uedemann code".
//!
//! [`Table::Gringmuth`] is what Russian and Ukrainian sources call Uedemann
//! code (the table of the 1886 London–St Petersburg telegraph match): White's
//! half uses the consonants `B C D F G H K L` for files a–h and the vowels
//! `A E I O` for ranks 1–4; Black's half uses `M N P R S T W Z` and `O I E A`
//! for ranks 5–8. [`Table::HooperWhyld`] is Uedemann's own code after Hooper &
//! Whyld: files `A E I O O I E A`, ranks `B D F G H K L P`, file letter first
//! on the queenside and rank letter first on the kingside.
//!
//! A move is four letters, origin and destination, any case; castling is the
//! king's move. After the move, Nores-style suffix letters may follow:
//! promotion `q r b k` (`k` = knight; `n` is accepted too), `c` check, `m`
//! mate, `p` en passant, `t` capture, `s` stalemate. Which table a text uses
//! is never guessed: the reader is told.
//!
//! ```
//! use ccgate_core::notation::{read_move, write_move, Notation, ReadOptions, WriteOptions};
//! use shakmaty::Chess;
//! let pos = Chess::default();
//! let e4 = read_move(&pos, "GEGO", Notation::Uedemann, &ReadOptions::default()).unwrap().mv;
//! assert_eq!(write_move(&pos, e4, Notation::UedemannHw, &WriteOptions::default()), "dogo");
//! ```

use shakmaty::{Chess, File, Move, Rank, Role, Square};

use super::algebraic::Cursor;
use super::desc::{CheckMark, MoveDesc, PromotionSpec};
use super::error::{Expected, ReadError};
use super::resolve::{king_target, resolve};
use super::text::normalize;
use super::{Lang, Notation, Reading};

/// Which letter table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Table {
    /// Gringmuth's table, Expected::UedemannCode in Russian sources (`gego` = e2-e4).
    Gringmuth,
    /// Uedemann's own table after Hooper & Whyld (`dogo` = e2-e4).
    HooperWhyld,
}

impl Table {
    fn notation(self) -> Notation {
        match self {
            Table::Gringmuth => Notation::Uedemann,
            Table::HooperWhyld => Notation::UedemannHw,
        }
    }

    /// The two letters of a square, lower case.
    pub fn syllable(self, sq: Square) -> [char; 2] {
        let (f, r) = (usize::from(sq.file()), usize::from(sq.rank()));
        match self {
            Table::Gringmuth => {
                if r < 4 {
                    [b"bcdfghkl"[f] as char, b"aeio"[r] as char]
                } else {
                    [b"mnprstwz"[f] as char, b"oiea"[r - 4] as char]
                }
            }
            Table::HooperWhyld => {
                let file = b"aeiooiea"[f] as char;
                let rank = b"bdfghklp"[r] as char;
                if f < 4 { [file, rank] } else { [rank, file] }
            }
        }
    }

    /// The square of two letters (lower case), if the table has it.
    pub fn square(self, a: char, b: char) -> Option<Square> {
        let idx = |set: &[u8], c: char| set.iter().position(|&x| char::from(x) == c);
        let (file, rank) = match self {
            Table::Gringmuth => {
                let v = idx(b"aeio", b)?;
                match (idx(b"bcdfghkl", a), idx(b"mnprstwz", a)) {
                    (Some(f), _) => (f, v),
                    (_, Some(f)) => (f, 7 - v),
                    _ => return None,
                }
            }
            Table::HooperWhyld => match (idx(b"aeio", a), idx(b"bdfghklp", b)) {
                (Some(f), Some(r)) => (f, r),
                _ => {
                    let r = idx(b"bdfghklp", a)?;
                    let f = 7 - idx(b"aeio", b)?;
                    (f, r)
                }
            },
        };
        Some(Square::from_coords(
            File::new(file as u32),
            Rank::new(rank as u32),
        ))
    }
}

fn square(cur: &mut Cursor<'_>, table: Table, what: Expected) -> Result<Square, ReadError> {
    let start = cur.clone();
    let a = cur.bump().map(|c| c.to_ascii_lowercase());
    let b = cur.bump().map(|c| c.to_ascii_lowercase());
    a.zip(b)
        .and_then(|(a, b)| table.square(a, b))
        .ok_or_else(|| start.error(what))
}

pub(crate) fn read(pos: &Chess, text: &str, table: Table) -> Result<Reading, ReadError> {
    let norm = normalize(text);
    let desc = parse(&norm, table)?;
    resolve(pos, &desc, &norm, table.notation(), Lang::En)
}

/// The syntax of a code: two squares of the table and suffix letters.
pub(crate) fn parse(norm: &str, table: Table) -> Result<MoveDesc, ReadError> {
    let mut cur = Cursor::new(norm);
    let mut desc = MoveDesc::EMPTY;
    let from = square(&mut cur, table, Expected::UedemannOrigin)?;
    let to = square(&mut cur, table, Expected::UedemannDestination)?;
    desc.from_file = Some(from.file());
    desc.from_rank = Some(from.rank());
    desc.to_file = Some(to.file());
    desc.to_rank = Some(to.rank());
    while let Some(c) = cur.peek() {
        match c.to_ascii_lowercase() {
            p @ ('q' | 'r' | 'b' | 'k' | 'n') if desc.promotion == PromotionSpec::None => {
                let role = match p {
                    'q' => Role::Queen,
                    'r' => Role::Rook,
                    'b' => Role::Bishop,
                    _ => Role::Knight,
                };
                desc.promotion = PromotionSpec::To(role);
            }
            'c' if desc.check == CheckMark::None => desc.check = CheckMark::Check,
            'm' if desc.check == CheckMark::None => desc.check = CheckMark::Mate,
            'p' if !desc.en_passant => desc.en_passant = true,
            't' if !desc.capture => desc.capture = true,
            's' => {}
            _ => {
                return Err(cur.error(Expected::UedemannSuffix));
            }
        }
        cur.bump();
    }
    Ok(desc)
}

pub(crate) fn append(mv: Move, table: Table, out: &mut String) {
    let Some(from) = mv.from() else { return };
    out.extend(table.syllable(from));
    out.extend(table.syllable(king_target(&mv)));
    if let Some(p) = mv.promotion() {
        out.push(match p {
            Role::Rook => 'r',
            Role::Bishop => 'b',
            Role::Knight => 'k',
            _ => 'q',
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_bijective() {
        for table in [Table::Gringmuth, Table::HooperWhyld] {
            for sq in Square::ALL {
                let [a, b] = table.syllable(sq);
                assert_eq!(table.square(a, b), Some(sq), "{table:?} {sq}");
            }
        }
    }

    #[test]
    fn reference_squares() {
        // notation.md §1.2 and §1.3.
        assert_eq!(Table::Gringmuth.syllable(Square::E2), ['g', 'e']);
        assert_eq!(Table::Gringmuth.syllable(Square::A8), ['m', 'a']);
        assert_eq!(Table::Gringmuth.syllable(Square::H5), ['z', 'o']);
        assert_eq!(Table::HooperWhyld.syllable(Square::E2), ['d', 'o']);
        assert_eq!(Table::HooperWhyld.syllable(Square::D2), ['o', 'd']);
        assert_eq!(Table::HooperWhyld.syllable(Square::H1), ['b', 'a']);
    }
}
