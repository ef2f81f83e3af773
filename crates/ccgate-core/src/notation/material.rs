//! The material signature of a position, for endgame classification
//! (notation.md §7): White's pieces then Black's, each side in the order
//! king, queen, bishops, knights, rooks, pawns (`KBNKR`, `KRPKR`), and, when
//! bishops are on the board, the suffix `_abcd` counting White's light- and
//! dark-squared bishops, then Black's (`KBPKB_1001`: opposite colours).
//!
//! ```
//! use ccgate_core::notation::material::signature;
//! use shakmaty::{Chess, fen::Fen, CastlingMode};
//! let pos: Chess = "8/8/4k3/8/8/3BKP2/8/4b3 w - - 0 1".parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! assert_eq!(signature(&pos), "KBPKB_1001");
//! assert_eq!(signature(&Chess::default()), "KQBBNNRRPPPPPPPPKQBBNNRRPPPPPPPP_1111");
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
    if board.bishops().any() {
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
