//! Games kept replayed between messages, so that a move costs the replay of
//! that move, not of the whole game (issue 21: "no replay of the whole game
//! from the store per message").
//!
//! Nothing here is trusted: a kept game is used only when the moves it was
//! replayed from are, in order, the first of the moves just read from the
//! store in the caller's transaction, under the same start position. So a
//! takeback or adjudication that rewrote the moves, a savepoint or
//! transaction rolled back after the game was kept, another site's move on
//! a shared PostgreSQL database, or another store of the same process whose
//! game has the same id can only make it replay in full, never show a stale
//! position. The cache is per process, bounded by [`GAMES`], least recently
//! read first out.

use std::sync::{LazyLock, Mutex, PoisonError};

use hashlink::LruCache;

use crate::game::rules::{Record, ReplayError};
use crate::store::{GameId, MoveRow};

/// Games kept: more than a large tournament's running games, a few KiB each.
const GAMES: usize = 2048;

struct Kept {
    fen: Option<String>,
    /// The moves replayed, each followed by a space. A stored move with a
    /// space in it (a damaged row) never matches one of these, so it is
    /// replayed and refused as before.
    ucis: String,
    record: Record,
}

static KEPT: LazyLock<Mutex<LruCache<GameId, Kept>>> =
    LazyLock::new(|| Mutex::new(LruCache::new(GAMES)));

/// The record of game `id` from its start position and stored moves: the
/// kept one played on, or a replay in full.
pub(super) fn replay(
    id: GameId,
    fen: Option<&str>,
    moves: &[MoveRow],
) -> Result<Record, ReplayError> {
    // Taken out while it is played on: a concurrent reader of the same
    // game replays in full rather than wait or share.
    let kept = cache().remove(&id);
    let (mut record, mut ucis, played) = match kept.and_then(|k| {
        let n = k.played_of(fen, moves)?;
        Some((k, n))
    }) {
        Some((k, n)) => (k.record, k.ucis, n),
        None => (Record::replay(fen, [])?, String::new(), 0),
    };
    let rest = moves.get(played..).unwrap_or_default();
    record.play_ucis(rest.iter().map(|m| m.uci.as_str()))?;
    for m in rest {
        ucis.push_str(&m.uci);
        ucis.push(' ');
    }
    cache().insert(
        id,
        Kept {
            fen: fen.map(str::to_string),
            ucis,
            record: record.clone(),
        },
    );
    Ok(record)
}

fn cache() -> std::sync::MutexGuard<'static, LruCache<GameId, Kept>> {
    // A panic while the lock was held left at worst an entry out: every
    // entry is checked before use anyway.
    KEPT.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Kept {
    /// How many of `moves` this record has played, if its moves are the
    /// first of them under the same start position; `None` if it cannot be
    /// played on to them (another start, a move taken back or different).
    fn played_of(&self, fen: Option<&str>, moves: &[MoveRow]) -> Option<usize> {
        if self.fen.as_deref() != fen {
            return None;
        }
        let mut n = 0;
        for kept in self.ucis.split_terminator(' ') {
            if moves.get(n)?.uci != kept {
                return None;
            }
            n += 1;
        }
        Some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::Timestamp;
    use shakmaty::Position;
    use shakmaty::fen::Fen;

    fn rows(ucis: &[&str]) -> Vec<MoveRow> {
        ucis.iter()
            .enumerate()
            .map(|(i, uci)| MoveRow {
                ply: u32::try_from(i + 1).unwrap_or(u32::MAX),
                uci: (*uci).into(),
                raw: (*uci).into(),
                notation: "uci".into(),
                received_at: Timestamp::UNIX_EPOCH,
                delivered_at: None,
                journal_id: None,
            })
            .collect()
    }

    /// What the cache answers must be what a replay in full answers.
    fn assert_fresh(id: GameId, fen: Option<&str>, ucis: &[&str]) {
        let got = replay(id, fen, &rows(ucis)).expect("replays");
        let fresh = Record::replay(fen, ucis.iter().copied()).expect("replays");
        let show = |r: &Record| {
            (
                Fen::from_position(&r.pos, shakmaty::EnPassantMode::Legal).to_string(),
                r.moves.clone(),
                r.repetitions(),
                r.pos.halfmoves(),
            )
        };
        assert_eq!(show(&got), show(&fresh), "game {id} after {ucis:?}");
    }

    // Ids far above any other test's games: the cache is the process's.
    fn id(n: i64) -> GameId {
        GameId(9_100_000 + n)
    }

    #[test]
    fn a_kept_game_is_played_on_to_the_stored_moves() {
        let g = id(1);
        assert_fresh(g, None, &["e2e4"]);
        assert_fresh(g, None, &["e2e4", "e7e5", "g1f3"]);
        assert_fresh(g, None, &["e2e4", "e7e5", "g1f3", "b8c6"]);
        // The same position again (knights out and back): the repetition
        // history is kept too.
        assert_fresh(
            g,
            None,
            &["e2e4", "e7e5", "g1f3", "b8c6", "f3g1", "c6b8", "g1f3"],
        );
        let kept = cache().peek(&g).map(|k| k.ucis.clone());
        assert_eq!(kept.as_deref(), Some("e2e4 e7e5 g1f3 b8c6 f3g1 c6b8 g1f3 "));
    }

    #[test]
    fn a_move_taken_back_or_replaced_is_never_served_from_the_kept_game() {
        let g = id(2);
        assert_fresh(g, None, &["e2e4", "e7e5", "g1f3"]);
        // Taken back (or a rolled-back savepoint): fewer moves stored.
        assert_fresh(g, None, &["e2e4", "e7e5"]);
        // As many moves as kept, the last one another: a takeback and a new
        // move, or another site's game under the same id.
        assert_fresh(g, None, &["e2e4", "e7e5", "d2d4"]);
        assert_fresh(g, None, &["d2d4"]);
        // More moves, but not after the kept ones.
        assert_fresh(g, None, &["e2e4", "c7c5", "g1f3", "d7d6"]);
    }

    #[test]
    fn another_start_position_replays_in_full() {
        let g = id(3);
        assert_fresh(g, None, &["e2e4"]);
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assert_fresh(g, Some(fen), &["e7e5"]);
        assert_fresh(g, None, &["e2e4", "e7e5"]);
    }

    #[test]
    fn a_damaged_stored_move_is_refused_as_by_a_full_replay() {
        let g = id(4);
        assert_fresh(g, None, &["e2e4", "e7e5"]);
        let damaged = rows(&["e2e4 e7e5"]);
        assert_eq!(
            replay(g, None, &damaged).err(),
            Record::replay(None, ["e2e4 e7e5"]).err()
        );
        let illegal = rows(&["e2e4", "e7e5", "e1e3"]);
        assert_eq!(
            replay(g, None, &illegal).err(),
            Some(ReplayError::BadMove {
                ply: 3,
                uci: "e1e3".into()
            })
        );
        // Nothing wrong was kept: the good moves still replay.
        assert_fresh(g, None, &["e2e4", "e7e5", "g1f3"]);
    }
}
