//! Games' moves kept by one SQLite handle between its transactions.
//!
//! A message about a game reads every move of it (the replay, the clocks,
//! the record on the email sheet): on a game of 100 plies that read was
//! two thirds of the message's work, though the handle itself wrote all
//! but the newest move. So a write transaction keeps what it read and
//! wrote of a game's moves, and its commit hands that to the next one.
//! The same rules as for the players kept ([`super::Known`]): what
//! is kept is what the file holds, because
//! - SQLite's `data_version` changes when another connection commits, and
//!   then every kept game is forgotten ([`super::Store::write`]);
//! - each write of this handle to `moves` goes through [`Tx`] methods that
//!   patch the transaction's copy with exactly what they wrote (times in
//!   whole seconds, as stored), or forget the game;
//! - a transaction's copies reach the kept ones only at its commit, and a
//!   savepoint rolled back forgets all of them.
//!
//! A PostgreSQL store keeps none: other sites write it and give no sign.

use std::cell::RefCell;
use std::collections::HashMap;

use hashlink::LruCache;
use jiff::Timestamp;

use super::sql::Conn;
use super::{GameId, MoveRow, Result, Store, Tx};

/// What games are read through: the store, or a write transaction, which
/// keeps what it reads of a game's moves.
pub trait GameSource {
    fn store(&self) -> &Store;
    /// The game's moves in ply order.
    fn moves_of(&self, game: GameId) -> Result<Vec<MoveRow>>;
}

impl GameSource for Store {
    fn store(&self) -> &Store {
        self
    }

    fn moves_of(&self, game: GameId) -> Result<Vec<MoveRow>> {
        self.moves(game)
    }
}

impl GameSource for Tx<'_> {
    fn store(&self) -> &Store {
        self
    }

    fn moves_of(&self, game: GameId) -> Result<Vec<MoveRow>> {
        self.moves(game)
    }
}

/// At most this many moves are kept (some 200 bytes each, 10 MB in all):
/// several hundred games in play to ply 100. Past it the games read least
/// recently go first.
const KNOWN_MOVES: usize = 50_000;

/// Moves kept by a handle from its committed transactions, by game.
pub(super) struct KnownMoves {
    games: LruCache<GameId, Vec<MoveRow>>,
    /// The moves in `games`, all games together.
    rows: usize,
}

impl Default for KnownMoves {
    fn default() -> KnownMoves {
        KnownMoves {
            games: LruCache::new_unbounded(),
            rows: 0,
        }
    }
}

impl KnownMoves {
    pub(super) fn clear(&mut self) {
        self.games.clear();
        self.rows = 0;
    }

    fn get(&mut self, game: GameId) -> Option<&Vec<MoveRow>> {
        self.games.get(&game)
    }

    fn take(&mut self, game: GameId) -> Option<Vec<MoveRow>> {
        let moves = self.games.remove(&game)?;
        self.rows -= moves.len();
        Some(moves)
    }

    /// What a committed transaction read or wrote.
    pub(super) fn keep(&mut self, committed: &TxMoves) {
        for (game, moves) in committed.0.take() {
            self.rows += moves.len();
            if let Some(old) = self.games.insert(game, moves) {
                self.rows -= old.len();
            }
        }
        while self.rows > KNOWN_MOVES {
            match self.games.remove_lru() {
                Some((_, moves)) => self.rows -= moves.len(),
                None => break,
            }
        }
    }
}

/// The moves a transaction has read or written, by game: each list the
/// game's moves as the transaction leaves them so far.
#[derive(Default)]
pub(super) struct TxMoves(RefCell<HashMap<GameId, Vec<MoveRow>>>);

impl TxMoves {
    /// Forgets every game: a savepoint was rolled back.
    pub(super) fn forget_all(&self) {
        self.0.borrow_mut().clear();
    }
}

/// A timestamp as the store gives it back (whole seconds).
fn as_stored(t: Timestamp) -> Timestamp {
    Timestamp::from_second(t.as_second()).unwrap_or(t)
}

impl Tx<'_> {
    /// A game's moves in ply order ([`super::Store::moves`]): kept from
    /// this transaction or a committed one where possible.
    pub fn moves(&self, game: GameId) -> Result<Vec<MoveRow>> {
        if !matches!(self.conn(), Conn::Sqlite(_)) {
            return self.store.moves(game);
        }
        if let Some(moves) = self.moves.0.borrow().get(&game) {
            return Ok(moves.clone());
        }
        if let Some(moves) = self.store.known.borrow_mut().moves.get(game) {
            return Ok(moves.clone());
        }
        let moves = self.store.moves(game)?;
        self.moves.0.borrow_mut().insert(game, moves.clone());
        Ok(moves)
    }

    /// Runs `write`, a write of `game`'s moves; `patch` then makes the kept
    /// list what the write left (false: it cannot, and the game is
    /// forgotten). Nothing is kept of the game while the write runs, so a
    /// failed write leaves nothing stale.
    pub(super) fn writing_moves<T>(
        &self,
        game: GameId,
        write: impl FnOnce() -> Result<T>,
        patch: impl FnOnce(&mut Vec<MoveRow>) -> bool,
    ) -> Result<T> {
        let kept = self.forget_moves(game);
        let written = write()?;
        if let Some(mut moves) = kept
            && patch(&mut moves)
        {
            self.moves.0.borrow_mut().insert(game, moves);
        }
        Ok(written)
    }

    /// The game's kept moves, no longer kept: this transaction's copy, else
    /// the committed one.
    fn forget_moves(&self, game: GameId) -> Option<Vec<MoveRow>> {
        let committed = self.store.known.borrow_mut().moves.take(game);
        self.moves.0.borrow_mut().remove(&game).or(committed)
    }

    /// Sets the delivery time of the moves `(game, ply)` a write of several
    /// games' moves reports (`RETURNING game_id, ply`); a move not kept as
    /// expected forgets its game.
    pub(super) fn moves_delivered(&self, changed: &[(GameId, u32)], at: Option<Timestamp>) {
        for &(game, ply) in changed {
            let Some(mut moves) = self.forget_moves(game) else {
                continue;
            };
            if let Some(m) = moves.iter_mut().find(|m| m.ply == ply) {
                m.delivered_at = at.map(as_stored);
                self.moves.0.borrow_mut().insert(game, moves);
            }
        }
    }
}

/// `m` appended to a game's kept moves, as the store will give it back; false
/// if it does not come last.
pub(super) fn appended(moves: &mut Vec<MoveRow>, m: &MoveRow) -> bool {
    if moves.last().is_some_and(|last| last.ply >= m.ply) {
        return false;
    }
    moves.push(MoveRow {
        received_at: as_stored(m.received_at),
        delivered_at: m.delivered_at.map(as_stored),
        ..m.clone()
    });
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(known: &mut KnownMoves, game: i64, plies: usize) {
        let row = MoveRow {
            ply: 1,
            uci: "e2e4".into(),
            raw: "e4".into(),
            notation: "san".into(),
            received_at: Timestamp::UNIX_EPOCH,
            delivered_at: None,
            journal_id: None,
        };
        let tx = TxMoves::default();
        tx.0.borrow_mut().insert(GameId(game), vec![row; plies]);
        known.keep(&tx);
    }

    #[test]
    fn past_its_bound_the_games_read_least_recently_go_first() {
        let mut known = KnownMoves::default();
        let quarter = KNOWN_MOVES / 4;
        for game in 1..=4 {
            kept(&mut known, game, quarter);
        }
        assert_eq!(known.rows, 4 * quarter);
        assert!(known.get(GameId(1)).is_some(), "all four kept");
        kept(&mut known, 5, quarter);
        assert!(
            known.get(GameId(2)).is_none(),
            "the least recently read goes"
        );
        for game in [1, 3, 4, 5] {
            assert!(known.get(GameId(game)).is_some(), "game {game} kept");
        }
        assert_eq!(known.rows, 4 * quarter);
        // A game kept again replaces its moves, counted once.
        kept(&mut known, 5, 1);
        assert_eq!(known.rows, 3 * quarter + 1);
    }
}
