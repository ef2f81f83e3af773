//! How a game stands: replaying its moves, the endings the rules declare by
//! themselves, the draws a player must claim, and the short position code of a
//! position that replies carry so a garbled transmission shows.
//!
//! ```
//! use ccgate_core::game::rules::{Record, Ending};
//! let record = Record::replay(None, ["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
//! assert_eq!(record.ending(), Some(Ending::Checkmate { winner: shakmaty::Color::Black }));
//! assert_eq!(record.check_code().len(), 4);
//! ```

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

use super::outcome::GameResult;

/// A game's moves replayed, with the history that repetition rules need.
#[derive(Debug, Clone)]
pub struct Record {
    pub start: Chess,
    pub moves: Vec<Move>,
    /// The position now.
    pub pos: Chess,
    /// The hash of every position so far, the start included.
    hashes: Vec<u64>,
}

/// Why stored moves could not be replayed (a damaged store).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("bad start position {0:?}")]
    BadFen(String),
    #[error("stored move {ply} ({uci}) is not legal")]
    BadMove { ply: usize, uci: String },
}

/// An ending the rules declare without a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Checkmate { winner: Color },
    Stalemate,
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
}

/// A draw a player may claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    ThreefoldRepetition,
    FiftyMoves,
}

impl Ending {
    /// The PGN result.
    pub fn result(self) -> GameResult {
        match self {
            Ending::Checkmate {
                winner: Color::White,
            } => GameResult::WhiteWins,
            Ending::Checkmate {
                winner: Color::Black,
            } => GameResult::BlackWins,
            _ => GameResult::Draw,
        }
    }

    /// A stable name, for the store and the message templates.
    pub fn reason(self) -> &'static str {
        match self {
            Ending::Checkmate { .. } => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::InsufficientMaterial => "insufficient material",
            Ending::FivefoldRepetition => "fivefold repetition",
            Ending::SeventyFiveMoves => "seventy-five-move rule",
        }
    }
}

impl Claim {
    pub fn reason(self) -> &'static str {
        match self {
            Claim::ThreefoldRepetition => "threefold repetition",
            Claim::FiftyMoves => "fifty-move rule",
        }
    }
}

fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The start position of a stored FEN (`None`: the standard position).
pub fn start_position(fen: Option<&str>) -> Result<Chess, ReplayError> {
    match fen {
        None => Ok(Chess::default()),
        Some(f) => f
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position(CastlingMode::Standard).ok())
            .ok_or_else(|| ReplayError::BadFen(f.to_string())),
    }
}

impl Record {
    /// Replays UCI moves from a start FEN.
    pub fn replay<'a>(
        fen: Option<&str>,
        ucis: impl IntoIterator<Item = &'a str>,
    ) -> Result<Record, ReplayError> {
        let start = start_position(fen)?;
        let mut record = Record {
            pos: start.clone(),
            hashes: vec![hash(&start)],
            start,
            moves: Vec::new(),
        };
        record.play_ucis(ucis)?;
        Ok(record)
    }

    /// Plays stored UCI moves after those played already (the record as
    /// replayed then equals the replay of all the moves).
    pub fn play_ucis<'a>(
        &mut self,
        ucis: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), ReplayError> {
        for uci in ucis {
            let mv = uci
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(&self.pos).ok())
                .ok_or_else(|| ReplayError::BadMove {
                    ply: self.moves.len() + 1,
                    uci: uci.to_string(),
                })?;
            self.push(mv);
        }
        Ok(())
    }

    /// Plays a legal move.
    pub fn push(&mut self, mv: Move) {
        self.pos.play_unchecked(mv);
        self.moves.push(mv);
        self.hashes.push(hash(&self.pos));
    }

    /// The position before ply `n` (1-based) was played.
    pub fn position_before(&self, ply: usize) -> Chess {
        let mut pos = self.start.clone();
        for mv in self.moves.iter().take(ply.saturating_sub(1)) {
            pos.play_unchecked(*mv);
        }
        pos
    }

    /// How often the current position has occurred (this time included).
    pub fn repetitions(&self) -> usize {
        let now = self.hashes.last().copied();
        self.hashes.iter().filter(|h| Some(**h) == now).count()
    }

    /// The ending the rules declare by themselves, if any.
    pub fn ending(&self) -> Option<Ending> {
        if self.pos.is_checkmate() {
            return Some(Ending::Checkmate {
                winner: !self.pos.turn(),
            });
        }
        if self.pos.is_stalemate() {
            return Some(Ending::Stalemate);
        }
        if self.pos.is_insufficient_material() {
            return Some(Ending::InsufficientMaterial);
        }
        if self.repetitions() >= 5 {
            return Some(Ending::FivefoldRepetition);
        }
        if self.pos.halfmoves() >= 150 {
            return Some(Ending::SeventyFiveMoves);
        }
        None
    }

    /// Checks a draw claim against the current position; `None` claims
    /// whichever applies.
    pub fn claim(&self, kind: Option<Claim>) -> Option<Claim> {
        let threefold = self.repetitions() >= 3;
        let fifty = self.pos.halfmoves() >= 100;
        match kind {
            Some(Claim::ThreefoldRepetition) => threefold.then_some(Claim::ThreefoldRepetition),
            Some(Claim::FiftyMoves) => fifty.then_some(Claim::FiftyMoves),
            None if threefold => Some(Claim::ThreefoldRepetition),
            None => fifty.then_some(Claim::FiftyMoves),
        }
    }

    /// The next ply to be played (1 for White's first move).
    pub fn next_ply(&self) -> u32 {
        u32::try_from(self.moves.len())
            .unwrap_or(u32::MAX)
            .saturating_add(1)
    }

    /// The position code of the current position.
    pub fn check_code(&self) -> String {
        check_code(&self.pos)
    }
}

/// Four characters of the position's hash in Crockford's base 32 (no I, L,
/// O or U, so nothing is misread), that both sides can compare: if a move
/// was garbled on the way, the codes differ.
pub fn check_code(pos: &Chess) -> String {
    const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let h = hash(pos);
    (0..4)
        .map(|i| char::from(ALPHABET[((h >> (5 * i)) & 31) as usize]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code is the Polyglot key's lowest 20 bits, so any program that
    /// gives the key gives the code: after 1. e4 the key is the one the
    /// Polyglot book format documents, and the code the one
    /// `docs/guide/players.md` shows python-chess computing.
    #[test]
    fn the_code_comes_from_the_polyglot_key() {
        let record = Record::replay(None, ["e2e4"]).unwrap();
        assert_eq!(hash(&record.pos), 0x823c_9b50_fd11_4196);
        assert_eq!(record.check_code(), "PCG2");
        // An en passant capture that can be made counts, as in Polyglot.
        let record = Record::replay(None, ["e2e4", "d7d5", "e4e5", "f7f5"]).unwrap();
        assert_eq!(record.check_code(), "RVZF");
    }
}
