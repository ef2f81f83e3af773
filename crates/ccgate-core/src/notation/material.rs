//! The material signature of a position, for endgame classification
//! (notation.md §7): White's pieces then Black's, each side in the order
//! king, queen, bishops, knights, rooks, pawns (`KBNKR`, `KRPKR`), and, when
//! two or more bishops are on the board (seed 003: "in positions with two or
//! more bishops"), the suffix `_abcd` counting White's light- and
//! dark-squared bishops, then Black's (`KBPKB_1001`: opposite colours).
//! Beside it, the GBR code ([`gbr`]).
//!
//! ```
//! use ccgate_core::notation::material::signature;
//! use shakmaty::{Chess, fen::Fen, CastlingMode};
//! let pos: Chess = "8/8/4k3/8/8/3BKP2/8/4b3 w - - 0 1".parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! assert_eq!(signature(&pos), "KBPKB_1001");
//! assert_eq!(signature(&Chess::default()), "KQBBNNRRPPPPPPPPKQBBNNRRPPPPPPPP_1111");
//! let one: Chess = "4k3/8/8/8/8/8/8/rBN1K3 w - - 0 1".parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! assert_eq!(signature(&one), "KBNKR");
//! ```

use shakmaty::{Bitboard, Board, Color, Position, Role};

const ORDER: [(Role, char); 6] = [
    (Role::King, 'K'),
    (Role::Queen, 'Q'),
    (Role::Bishop, 'B'),
    (Role::Knight, 'N'),
    (Role::Rook, 'R'),
    (Role::Pawn, 'P'),
];

/// The material signature of a position.
pub fn signature(pos: &impl Position) -> String {
    let board = pos.board();
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        for (role, letter) in ORDER {
            let n = (board.by_color(color) & board.by_role(role)).count();
            out.extend(std::iter::repeat_n(letter, n));
        }
    }
    if board.bishops().count() >= 2 {
        out.push('_');
        for color in [Color::White, Color::Black] {
            for shade in [Bitboard::LIGHT_SQUARES, Bitboard::DARK_SQUARES] {
                out.push_str(&bishops(board, color, shade).to_string());
            }
        }
    }
    out
}

fn bishops(board: &Board, color: Color, shade: Bitboard) -> usize {
    (board.by_color(color) & board.bishops() & shade).count()
}

/// The GBR code (Guy, Blandford, Roycroft): `abcd.ef`, one digit each for
/// queens, rooks, bishops and knights, a white piece counting 1 and a black
/// one 3, 9 when either side has more than two of the kind (promoted
/// material); then the number of White's pawns and of Black's.
///
/// ```
/// use ccgate_core::notation::material::gbr;
/// use shakmaty::{Chess, fen::Fen, CastlingMode};
/// assert_eq!(gbr(&Chess::default()), "4888.88");
/// let pos: Chess = "4k3/8/8/8/8/8/8/rBN1K3 w - - 0 1".parse::<Fen>().unwrap()
///     .into_position(CastlingMode::Standard).unwrap();
/// assert_eq!(gbr(&pos), "0311.00");
/// ```
pub fn gbr(pos: &impl Position) -> String {
    let board = pos.board();
    let count = |color: Color, role: Role| (board.by_color(color) & board.by_role(role)).count();
    let mut out = String::with_capacity(7);
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        let (white, black) = (count(Color::White, role), count(Color::Black, role));
        let digit = if white > 2 || black > 2 {
            9
        } else {
            white + 3 * black
        };
        out.push_str(&digit.to_string());
    }
    out.push('.');
    for color in [Color::White, Color::Black] {
        out.push_str(&count(color, Role::Pawn).to_string());
    }
    out
}
