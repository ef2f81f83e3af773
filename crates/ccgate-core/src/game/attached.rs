//! A PGN file a player attached: used when it is the stored game and
//! exactly one move more, that move the sender's; otherwise the reason it
//! was not used, for the reply.

use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use crate::notation::movetext::{Game, MovetextOptions, read_games};

/// Why an attached PGN gave no move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PgnUnused {
    /// No game could be read from it, or its moves break off with an error.
    Unreadable,
    /// Its moves are not those of any of the sender's games in play.
    NoGame,
    /// It is one of the sender's games as stored, without a new move.
    NoNewMove,
    /// It has this many moves more than the stored game (one is read).
    TooManyMoves(usize),
    /// The move it adds is the opponent's: it is not the sender's turn.
    NotYourMove,
}

/// The games of an attached PGN's text (at most the first few are looked at).
pub fn attached_games(text: &str) -> Result<Vec<Game>, PgnUnused> {
    let games: Vec<Game> = read_games(text, &MovetextOptions::default())
        .into_iter()
        .take(MAX_GAMES)
        .filter(|g| g.error.is_none() && g.line.iter().all(|n| n.mv.is_some()))
        .collect();
    if games.is_empty() {
        Err(PgnUnused::Unreadable)
    } else {
        Ok(games)
    }
}

/// A PGN file of a whole tournament is not a move: only the first games count.
const MAX_GAMES: usize = 8;

/// The move `game` (from an attached PGN) adds to a stored game that
/// started at `start` and has `stored` moves, if `mover` (the sender's
/// colour) made it.
pub fn next_move(
    game: &Game,
    start: &Chess,
    stored: &[Move],
    mover: Color,
) -> Result<Move, PgnUnused> {
    if !same_position(&game.start, start) {
        return Err(PgnUnused::NoGame);
    }
    let moves: Vec<Move> = game.line.iter().filter_map(|n| n.mv).collect();
    if moves.len() < stored.len() || moves[..stored.len()] != *stored {
        return Err(PgnUnused::NoGame);
    }
    match &moves[stored.len()..] {
        [] => Err(PgnUnused::NoNewMove),
        [mv] => {
            let turn = if stored.len().is_multiple_of(2) {
                start.turn()
            } else {
                !start.turn()
            };
            if turn == mover {
                Ok(*mv)
            } else {
                Err(PgnUnused::NotYourMove)
            }
        }
        more => Err(PgnUnused::TooManyMoves(more.len())),
    }
}

fn same_position(a: &Chess, b: &Chess) -> bool {
    let fen = |p: &Chess| shakmaty::fen::Fen::from_position(p, EnPassantMode::Legal).to_string();
    fen(a) == fen(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn moves(sans: &[&str]) -> Vec<Move> {
        let mut pos = Chess::default();
        sans.iter()
            .map(|s| {
                let mv = s.parse::<San>().unwrap().to_move(&pos).unwrap();
                pos.play_unchecked(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn only_the_stored_game_and_the_senders_next_move_is_a_move() {
        let start = Chess::default();
        let stored = moves(&["e4", "e5"]);
        let game = |text: &str| attached_games(text).unwrap().remove(0);
        let next = game("[White \"A\"]\n\n1. e4 e5 2. Nf3 *");
        assert_eq!(
            next_move(&next, &start, &stored, Color::White),
            Ok(moves(&["e4", "e5", "Nf3"])[2])
        );
        assert_eq!(
            next_move(&next, &start, &stored, Color::Black),
            Err(PgnUnused::NotYourMove)
        );
        assert_eq!(
            next_move(&game("1. e4 e5 *"), &start, &stored, Color::White),
            Err(PgnUnused::NoNewMove)
        );
        assert_eq!(
            next_move(
                &game("1. e4 e5 2. Nf3 Nc6 3. Bb5 *"),
                &start,
                &stored,
                Color::White
            ),
            Err(PgnUnused::TooManyMoves(3))
        );
        assert_eq!(
            next_move(&game("1. d4 d5 2. c4 *"), &start, &stored, Color::White),
            Err(PgnUnused::NoGame)
        );
        assert_eq!(
            attached_games("1. e4 Qxh7 *").err(),
            Some(PgnUnused::Unreadable)
        );
        assert_eq!(
            attached_games("not a game at all").err(),
            Some(PgnUnused::Unreadable)
        );
    }
}
