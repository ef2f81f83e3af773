//! Chess as the players of the tests write it.

use shakmaty::{Chess, Color, Position};

/// `15.` or `15...`: the number a player writes before the move of the side
/// to move in `pos`.
pub fn number_of(pos: &Chess) -> String {
    let n = pos.fullmoves().get();
    if pos.turn() == Color::White {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}
