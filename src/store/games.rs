//! Games, their moves, conditional moves, reminders and the audit trail.

use super::sql::{Row, args};
use ccgate_core::game::clock::TimeControl;
use ccgate_core::game::outcome::{GameResult, Termination};
use compact_str::CompactString;
use jiff::Timestamp;
use shakmaty::Color;

use super::{GameId, JournalId, PlayerId, Result, Store, StoreError, Tx, opt_ts, parsed, secs, ts};
use crate::protocol::is_iccf_shaped;

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: GameId,
    pub white: PlayerId,
    pub black: PlayerId,
    /// `None`: the standard start position.
    pub start_fen: Option<String>,
    pub time_control: TimeControl,
    pub finished: bool,
    pub result: Option<GameResult>,
    pub reason: Option<Termination>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    pub created_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    /// Days charged for an illegal move (the event's policy); 0: refuse and ask again.
    pub penalty_days: u32,
    /// ICCF's duplication: a move's days beyond this many count twice.
    pub duplication_after: Option<u32>,
}

impl GameRow {
    /// The player of `color`.
    pub fn player(&self, color: Color) -> PlayerId {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// A move as stored, with its evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    /// 1 for White's first move.
    pub ply: u32,
    // The three texts are short and kept inline (no allocation each): a
    // message reads every move of its game, and a handle keeps them
    // (`known_moves`), copying them out for each message.
    pub uci: CompactString,
    /// The text as the player sent it.
    pub raw: CompactString,
    /// The notation it was read in.
    pub notation: CompactString,
    pub received_at: Timestamp,
    /// When the opponent was sent the move (their clock starts then).
    pub delivered_at: Option<Timestamp>,
    pub journal_id: Option<JournalId>,
}

/// One entry of the audit trail (a director's action).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: i64,
    /// The game it concerns, if any.
    pub game: Option<GameId>,
    /// The player it concerns, if any (an edit, a removal, a ruling).
    pub player: Option<PlayerId>,
    pub at: Timestamp,
    pub action: String,
    pub reason: String,
    pub detail: String,
    /// The director who did it on the web console (`None`: the command line).
    pub by: Option<String>,
}

fn color_name(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

const COLUMNS: &str = "id, white, black, start_fen, time_control, status, result, reason, draw_offer, created_at, finished_at, penalty_days, duplication_after";

fn row(r: &mut Row) -> Result<GameRow> {
    let status: String = r.get(5)?;
    let offer: Option<String> = r.get(8)?;
    let time_control: String = r.get(4)?;
    let result: Option<String> = r.get(6)?;
    let reason: Option<String> = r.get(7)?;
    Ok(GameRow {
        id: r.get(0)?,
        white: r.get(1)?,
        black: r.get(2)?,
        start_fen: r.get(3)?,
        time_control: parsed(&time_control, "time control")?,
        finished: status == "finished",
        result: result.map(|t| parsed(&t, "result")).transpose()?,
        reason: reason.map(|t| parsed(&t, "termination")).transpose()?,
        draw_offer: match offer.as_deref() {
            None => None,
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            Some(other) => return Err(StoreError::Unreadable(format!("draw offer {other:?}"))),
        },
        created_at: ts(r.get(9)?)?,
        finished_at: opt_ts(r.get(10)?)?,
        penalty_days: r.get(11)?,
        duplication_after: r.get(12)?,
    })
}

fn audit_row(r: &mut Row) -> Result<AuditEntry> {
    Ok(AuditEntry {
        id: r.get(0)?,
        game: r.get(1)?,
        player: r.get(2)?,
        at: ts(r.get(3)?)?,
        action: r.get(4)?,
        reason: r.get(5)?,
        detail: r.get(6)?,
        by: r.get(7)?,
    })
}

impl Store {
    pub fn game(&self, id: GameId) -> Result<Option<GameRow>> {
        let sql = format!("SELECT {COLUMNS} FROM games WHERE id = ?1");
        self.conn.opt(&sql, args![id], row)
    }

    /// Games of a player, active ones first, by id.
    pub fn games_of(&self, player: PlayerId, active_only: bool) -> Result<Vec<GameRow>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM games WHERE (white = ?1 OR black = ?1) {} ORDER BY status, id",
            if active_only {
                "AND status = 'active'"
            } else {
                ""
            }
        );
        self.conn.rows(&sql, args![player], row)
    }

    pub fn all_games(&self, active_only: bool) -> Result<Vec<GameRow>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM games {} ORDER BY id",
            if active_only {
                "WHERE status = 'active'"
            } else {
                ""
            }
        );
        self.conn.rows(&sql, args![], row)
    }

    /// How many plies game `game_id` has, counted in the moves' key
    /// without reading them (a player's games are counted to see whose
    /// turn it is in each).
    pub fn plies(&self, game_id: GameId) -> Result<usize> {
        let n: i64 = self.conn.one(
            "SELECT count(*) FROM moves WHERE game_id = ?1",
            args![game_id],
            |r| r.get(0),
        )?;
        usize::try_from(n).map_err(|e| StoreError::Unreadable(format!("ply count {n}: {e}")))
    }

    pub fn moves(&self, game_id: GameId) -> Result<Vec<MoveRow>> {
        self.conn.rows(
            "SELECT ply, uci, raw, notation, received_at, delivered_at, journal_id FROM moves WHERE game_id = ?1 ORDER BY ply",
            args![game_id],
            |r| {
                Ok(MoveRow {
                    ply: r.get(0)?,
                    uci: r.get(1)?,
                    raw: r.get(2)?,
                    notation: r.get(3)?,
                    received_at: ts(r.get(4)?)?,
                    delivered_at: opt_ts(r.get(5)?)?,
                    journal_id: r.get(6)?,
                })
            },
        )
    }

    /// The penalty days charged to a player in a game.
    pub fn penalty_days(&self, game_id: GameId, player_id: PlayerId) -> Result<i64> {
        // A sum is NUMERIC on PostgreSQL: cast back to an integer.
        self.conn.one(
            "SELECT CAST(coalesce(sum(days), 0) AS BIGINT) FROM penalties WHERE game_id = ?1 AND player_id = ?2",
            args![game_id, player_id],
            |r| r.get(0),
        )
    }

    /// A stored conditional sequence: pairs of (opponent's move, answer) in UCI.
    pub fn conditionals(
        &self,
        game_id: GameId,
        player_id: PlayerId,
    ) -> Result<Vec<(String, String)>> {
        self.conn.rows(
            "SELECT trigger_uci, reply_uci FROM conditionals WHERE game_id = ?1 AND player_id = ?2 ORDER BY seq",
            args![game_id, player_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    }

    /// Whether the player to move at `ply` was reminded.
    pub fn was_reminded(&self, game_id: GameId, ply: u32) -> Result<bool> {
        self.conn.exists(
            "SELECT 1 FROM reminders WHERE game_id = ?1 AND ply = ?2",
            args![game_id, ply],
        )
    }

    /// The audit trail of a game, oldest first.
    pub fn audit_trail(&self, game_id: GameId) -> Result<Vec<AuditEntry>> {
        self.conn.rows(
            "SELECT id, game_id, player_id, created_at, action, reason, detail, by_director FROM audit WHERE game_id = ?1 ORDER BY id",
            args![game_id],
            audit_row,
        )
    }

    /// The whole audit trail, oldest first.
    pub fn audit_log(&self) -> Result<Vec<AuditEntry>> {
        self.conn.rows(
            "SELECT id, game_id, player_id, created_at, action, reason, detail, by_director FROM audit ORDER BY id",
            args![],
            audit_row,
        )
    }
}

impl Tx<'_> {
    /// The next game id: one more than the largest, skipping numbers shaped
    /// like ICCF moves (see `protocols/message.md`).
    fn next_game_id(&self) -> Result<GameId> {
        let max: Option<i64> = self
            .conn()
            .one("SELECT max(id) FROM games", args![], |r| r.get(0))?;
        let mut id = max.unwrap_or(0) + 1;
        while is_iccf_shaped(id.unsigned_abs()) {
            id += 1;
        }
        Ok(GameId(id))
    }

    pub fn create_game(
        &self,
        white: PlayerId,
        black: PlayerId,
        start_fen: Option<&str>,
        time_control: &TimeControl,
        now: Timestamp,
    ) -> Result<GameId> {
        let id = self.next_game_id()?;
        self.conn().run(
            "INSERT INTO games (id, white, black, start_fen, time_control, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![id, white, black, start_fen, time_control.to_string(), secs(now)],
        )?;
        Ok(id)
    }

    pub fn add_move(&self, game_id: GameId, m: &MoveRow) -> Result<()> {
        let insert = || {
            self.conn().run(
                "INSERT INTO moves (game_id, ply, uci, raw, notation, received_at, delivered_at, journal_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                args![
                    game_id,
                    m.ply,
                    m.uci,
                    m.raw,
                    m.notation,
                    secs(m.received_at),
                    m.delivered_at.map(secs),
                    m.journal_id
                ],
            )
        };
        self.writing_moves(game_id, insert, |moves| {
            super::known_moves::appended(moves, m)
        })?;
        Ok(())
    }

    /// Sets the illegal-move policy of a game: penalty days, 0 to refuse only.
    pub fn set_penalty_days(&self, game_id: GameId, days: u32) -> Result<()> {
        self.conn().run(
            "UPDATE games SET penalty_days = ?2 WHERE id = ?1",
            args![game_id, days],
        )?;
        Ok(())
    }

    /// Charges a player penalty days in a game.
    pub fn add_penalty(
        &self,
        game_id: GameId,
        player_id: PlayerId,
        days: u32,
        reason: &str,
        now: Timestamp,
    ) -> Result<()> {
        self.conn().run(
            "INSERT INTO penalties (game_id, player_id, days, reason, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            args![game_id, player_id, days, reason, secs(now)],
        )?;
        Ok(())
    }

    /// Removes the moves after `ply` (a director's takeback).
    pub fn truncate_moves(&self, game_id: GameId, ply: u32) -> Result<usize> {
        let delete = || {
            self.conn().run(
                "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
                args![game_id, ply],
            )
        };
        self.writing_moves(game_id, delete, |moves| {
            moves.retain(|m| m.ply <= ply);
            true
        })
    }

    pub fn set_draw_offer(&self, game_id: GameId, by: Option<Color>) -> Result<()> {
        self.conn().run(
            "UPDATE games SET draw_offer = ?2 WHERE id = ?1",
            args![game_id, by.map(color_name)],
        )?;
        Ok(())
    }

    pub fn finish_game(
        &self,
        game_id: GameId,
        result: GameResult,
        reason: &Termination,
        now: Timestamp,
    ) -> Result<()> {
        self.conn().run(
            "UPDATE games SET status = 'finished', result = ?2, reason = ?3, draw_offer = NULL, finished_at = ?4 WHERE id = ?1",
            args![game_id, result.as_str(), reason.to_string(), secs(now)],
        )?;
        Ok(())
    }

    /// Reopens a finished game (after a takeback past its end).
    pub fn reopen_game(&self, game_id: GameId) -> Result<()> {
        self.conn().run(
            "UPDATE games SET status = 'active', result = NULL, reason = NULL, finished_at = NULL WHERE id = ?1",
            args![game_id],
        )?;
        Ok(())
    }

    pub fn set_conditionals(
        &self,
        game_id: GameId,
        player_id: PlayerId,
        pairs: &[(String, String)],
    ) -> Result<()> {
        self.conn().run(
            "DELETE FROM conditionals WHERE game_id = ?1 AND player_id = ?2",
            args![game_id, player_id],
        )?;
        for (seq, (trigger, reply)) in pairs.iter().enumerate() {
            self.conn().run(
                "INSERT INTO conditionals (game_id, player_id, seq, trigger_uci, reply_uci) VALUES (?1, ?2, ?3, ?4, ?5)",
                args![game_id, player_id, seq as i64, trigger, reply],
            )?;
        }
        Ok(())
    }

    /// Records that the player to move at `ply` was reminded; false if already.
    pub fn mark_reminded(&self, game_id: GameId, ply: u32) -> Result<bool> {
        Ok(self.conn().run(
            "INSERT INTO reminders (game_id, ply) VALUES (?1, ?2) ON CONFLICT DO NOTHING",
            args![game_id, ply],
        )? == 1)
    }

    /// Sets a game's duplication threshold (ICCF: 20 days); `None`: none.
    pub fn set_duplication(&self, game_id: GameId, after: Option<u32>) -> Result<()> {
        self.conn().run(
            "UPDATE games SET duplication_after = ?2 WHERE id = ?1",
            args![game_id, after],
        )?;
        Ok(())
    }

    /// Records a director's action about a game, a player, or both, and
    /// who did it (`by`: a director on the web console).
    pub fn audit(
        &self,
        about: (Option<GameId>, Option<PlayerId>),
        (action, by): (&str, Option<&str>),
        reason: &str,
        detail: &str,
        now: Timestamp,
    ) -> Result<()> {
        self.conn().run(
            "INSERT INTO audit (game_id, player_id, action, reason, detail, created_at, by_director) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            args![about.0, about.1, action, reason, detail, secs(now), by],
        )?;
        Ok(())
    }
}
