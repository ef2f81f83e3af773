//! ICCF numeric notation: `5254` (e2-e4), `57581` (e7-e8=Q).
//!
//! A square is its file digit (a=1 … h=8) and rank digit; a move is origin
//! and destination; a fifth digit promotes (1=Q 2=R 3=B 4=N); castling is the
//! king's move (`5171`). The non-standard 4-digit promotion, in which the last
//! digit names the piece instead of the rank (`6762` = f7-f8=R), is read when
//! the ordinary reading is not a legal move and this one is; it is never
//! written.
//!
//! ```
//! use ccgate_core::notation::{read_move, write_move, Notation, ReadOptions, WriteOptions};
//! use shakmaty::{Chess, fen::Fen, CastlingMode};
//! let pos: Chess = "7k/5P2/8/8/8/8/8/4K3 w - - 0 1".parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! let opts = ReadOptions::default();
//! let long = read_move(&pos, "67682", Notation::Iccf, &opts).unwrap().mv;
//! let short = read_move(&pos, "6762", Notation::Iccf, &opts).unwrap().mv;
//! assert_eq!(long, short);
//! assert_eq!(write_move(&pos, long, Notation::Iccf, &WriteOptions::default()), "67682");
//! ```

use shakmaty::{Chess, File, Move, Position, Rank, Role, Square};

use super::algebraic::Cursor;
use super::desc::{MoveDesc, PromotionSpec};
use super::error::{Expected, ReadError};
use super::resolve::{king_target, resolve};
use super::text::normalize;
use super::{Lang, Notation, Reading};

/// The promotion piece of a digit, 1=Q 2=R 3=B 4=N.
pub fn piece_of_digit(d: char) -> Option<Role> {
    Some(match d {
        '1' => Role::Queen,
        '2' => Role::Rook,
        '3' => Role::Bishop,
        '4' => Role::Knight,
        _ => return None,
    })
}

/// The digit of a promotion piece.
pub fn digit_of_piece(role: Role) -> char {
    match role {
        Role::Rook => '2',
        Role::Bishop => '3',
        Role::Knight => '4',
        _ => '1',
    }
}

fn coord(cur: &mut Cursor<'_>, what: Expected) -> Result<u32, ReadError> {
    match cur.peek() {
        Some(c @ '1'..='8') => {
            cur.bump();
            Ok(u32::from(c) - u32::from('1'))
        }
        _ => Err(cur.error(what)),
    }
}

pub(crate) fn read(pos: &Chess, text: &str) -> Result<Reading, ReadError> {
    let norm = normalize(text);
    let mut cur = Cursor::new(&norm);
    let mut desc = MoveDesc::EMPTY;
    desc.from_file = Some(File::new(coord(&mut cur, Expected::OriginFileDigit)?));
    desc.from_rank = Some(Rank::new(coord(&mut cur, Expected::OriginRankDigit)?));
    desc.to_file = Some(File::new(coord(&mut cur, Expected::DestinationFileDigit)?));
    let last = cur.peek();
    desc.to_rank = Some(Rank::new(coord(&mut cur, Expected::DestinationRankDigit)?));
    if let Some(d) = cur.peek() {
        let role = piece_of_digit(d).ok_or_else(|| cur.error(Expected::PromotionDigit))?;
        cur.bump();
        desc.promotion = PromotionSpec::To(role);
    }
    if !cur.is_empty() {
        return Err(cur.error(Expected::IccfEnd));
    }
    let plain = resolve(pos, &desc, &norm, Notation::Iccf, Lang::En);
    match (&plain, short_promotion(pos, &desc, last)) {
        (Err(ReadError::Illegal { .. }), Some(short)) => {
            resolve(pos, &short, &norm, Notation::Iccf, Lang::En).or(plain)
        }
        _ => plain,
    }
}

/// The 4-digit promotion reading, when the origin holds a pawn of the side to
/// move on its seventh rank.
fn short_promotion(pos: &Chess, desc: &MoveDesc, last: Option<char>) -> Option<MoveDesc> {
    let role = piece_of_digit(last?)?;
    if desc.promotion != PromotionSpec::None {
        return None;
    }
    let from = Square::from_coords(desc.from_file?, desc.from_rank?);
    let piece = pos.board().piece_at(from)?;
    let seventh = pos.turn().relative_rank(Rank::Seventh);
    if piece.color != pos.turn() || piece.role != Role::Pawn || from.rank() != seventh {
        return None;
    }
    Some(MoveDesc {
        to_rank: Some(pos.turn().relative_rank(Rank::Eighth)),
        promotion: PromotionSpec::IccfShort(role),
        ..*desc
    })
}

pub(crate) fn append(mv: Move, out: &mut String) {
    let Some(from) = mv.from() else { return };
    // Room for the whole code at once: every move of a converted file comes here.
    out.reserve(5);
    for sq in [from, king_target(&mv)] {
        out.push(char::from(b'1' + u8::from(sq.file())));
        out.push(char::from(b'1' + u8::from(sq.rank())));
    }
    if let Some(p) = mv.promotion() {
        out.push(digit_of_piece(p));
    }
}
