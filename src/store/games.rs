//! Games, their moves, conditional moves, reminders and the audit trail.

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, params};
use shakmaty::Color;

use super::{Result, secs, ts};
use crate::protocol::is_iccf_shaped;

/// A game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub id: i64,
    pub white: i64,
    pub black: i64,
    /// `None`: the standard start position.
    pub start_fen: Option<String>,
    pub time_control: String,
    pub finished: bool,
    pub result: Option<String>,
    pub reason: Option<String>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    pub created_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    /// Days charged for an illegal move (the event's policy); 0: refuse and ask again.
    pub penalty_days: u32,
}

/// A move as stored, with its evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    /// 1 for White's first move.
    pub ply: u32,
    pub uci: String,
    /// The text as the player sent it.
    pub raw: String,
    /// The notation it was read in.
    pub notation: String,
    pub received_at: Timestamp,
    /// When the opponent was sent the move (their clock starts then).
    pub delivered_at: Option<Timestamp>,
    pub journal_id: Option<i64>,
}

fn color_name(c: Color) -> &'static str {
    if c == Color::White { "white" } else { "black" }
}

/// The next game id: one more than the largest, skipping numbers shaped like
/// ICCF moves (see `protocols/message.md`).
pub fn next_game_id(conn: &Connection) -> Result<i64> {
    let max: Option<i64> = conn.query_row("SELECT max(id) FROM games", [], |r| r.get(0))?;
    let mut id = max.unwrap_or(0) + 1;
    while is_iccf_shaped(id.unsigned_abs()) {
        id += 1;
    }
    Ok(id)
}

pub fn create_game(
    conn: &Connection,
    white: i64,
    black: i64,
    start_fen: Option<&str>,
    time_control: &str,
    now: Timestamp,
) -> Result<i64> {
    let id = next_game_id(conn)?;
    conn.execute(
        "INSERT INTO games (id, white, black, start_fen, time_control, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![id, white, black, start_fen, time_control, secs(now)],
    )?;
    Ok(id)
}

const COLUMNS: &str = "id, white, black, start_fen, time_control, status, result, reason, draw_offer, created_at, finished_at, penalty_days";

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    let status: String = r.get(5)?;
    let offer: Option<String> = r.get(8)?;
    Ok(GameRow {
        id: r.get(0)?,
        white: r.get(1)?,
        black: r.get(2)?,
        start_fen: r.get(3)?,
        time_control: r.get(4)?,
        finished: status == "finished",
        result: r.get(6)?,
        reason: r.get(7)?,
        draw_offer: offer.map(|o| {
            if o == "white" {
                Color::White
            } else {
                Color::Black
            }
        }),
        created_at: ts(r.get(9)?),
        finished_at: r.get::<_, Option<i64>>(10)?.map(ts),
        penalty_days: r.get(11)?,
    })
}

pub fn game(conn: &Connection, id: i64) -> Result<Option<GameRow>> {
    let sql = format!("SELECT {COLUMNS} FROM games WHERE id = ?1");
    Ok(conn.prepare_cached(&sql)?.query_row([id], row).optional()?)
}

/// Games of a player, active ones first, by id.
pub fn games_of(conn: &Connection, player: i64, active_only: bool) -> Result<Vec<GameRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM games WHERE (white = ?1 OR black = ?1) {} ORDER BY status, id",
        if active_only {
            "AND status = 'active'"
        } else {
            ""
        }
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map([player], row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn all_games(conn: &Connection, active_only: bool) -> Result<Vec<GameRow>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM games {} ORDER BY id",
        if active_only {
            "WHERE status = 'active'"
        } else {
            ""
        }
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map([], row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn moves(conn: &Connection, game_id: i64) -> Result<Vec<MoveRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT ply, uci, raw, notation, received_at, delivered_at, journal_id FROM moves WHERE game_id = ?1 ORDER BY ply",
    )?;
    let rows = stmt.query_map([game_id], |r| {
        Ok(MoveRow {
            ply: r.get(0)?,
            uci: r.get(1)?,
            raw: r.get(2)?,
            notation: r.get(3)?,
            received_at: ts(r.get(4)?),
            delivered_at: r.get::<_, Option<i64>>(5)?.map(ts),
            journal_id: r.get(6)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn add_move(conn: &Connection, game_id: i64, m: &MoveRow) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO moves (game_id, ply, uci, raw, notation, received_at, delivered_at, journal_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        game_id,
        m.ply,
        m.uci,
        m.raw,
        m.notation,
        secs(m.received_at),
        m.delivered_at.map(secs),
        m.journal_id
    ])?;
    Ok(())
}

/// Sets the illegal-move policy of a game: penalty days, 0 to refuse only.
pub fn set_penalty_days(conn: &Connection, game_id: i64, days: u32) -> Result<()> {
    conn.execute(
        "UPDATE games SET penalty_days = ?2 WHERE id = ?1",
        params![game_id, days],
    )?;
    Ok(())
}

/// Charges a player penalty days in a game.
pub fn add_penalty(
    conn: &Connection,
    game_id: i64,
    player_id: i64,
    days: u32,
    reason: &str,
    now: Timestamp,
) -> Result<()> {
    conn.execute(
        "INSERT INTO penalties (game_id, player_id, days, reason, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![game_id, player_id, days, reason, secs(now)],
    )?;
    Ok(())
}

/// The penalty days charged to a player in a game.
pub fn penalty_days(conn: &Connection, game_id: i64, player_id: i64) -> Result<i64> {
    Ok(conn.query_row(
        "SELECT coalesce(sum(days), 0) FROM penalties WHERE game_id = ?1 AND player_id = ?2",
        params![game_id, player_id],
        |r| r.get(0),
    )?)
}

/// Removes the moves after `ply` (a director's takeback).
pub fn truncate_moves(conn: &Connection, game_id: i64, ply: u32) -> Result<usize> {
    Ok(conn.execute(
        "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
        params![game_id, ply],
    )?)
}

pub fn set_delivered(conn: &Connection, game_id: i64, ply: u32, at: Timestamp) -> Result<()> {
    conn.execute(
        "UPDATE moves SET delivered_at = ?3 WHERE game_id = ?1 AND ply = ?2 AND delivered_at IS NULL",
        params![game_id, ply, secs(at)],
    )?;
    Ok(())
}

pub fn set_draw_offer(conn: &Connection, game_id: i64, by: Option<Color>) -> Result<()> {
    conn.execute(
        "UPDATE games SET draw_offer = ?2 WHERE id = ?1",
        params![game_id, by.map(color_name)],
    )?;
    Ok(())
}

pub fn finish_game(
    conn: &Connection,
    game_id: i64,
    result: &str,
    reason: &str,
    now: Timestamp,
) -> Result<()> {
    conn.execute(
        "UPDATE games SET status = 'finished', result = ?2, reason = ?3, draw_offer = NULL, finished_at = ?4 WHERE id = ?1",
        params![game_id, result, reason, secs(now)],
    )?;
    Ok(())
}

/// Reopens a finished game (after a takeback past its end).
pub fn reopen_game(conn: &Connection, game_id: i64) -> Result<()> {
    conn.execute(
        "UPDATE games SET status = 'active', result = NULL, reason = NULL, finished_at = NULL WHERE id = ?1",
        [game_id],
    )?;
    Ok(())
}

/// A stored conditional sequence: pairs of (opponent's move, answer) in UCI.
pub fn conditionals(
    conn: &Connection,
    game_id: i64,
    player_id: i64,
) -> Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT trigger_uci, reply_uci FROM conditionals WHERE game_id = ?1 AND player_id = ?2 ORDER BY seq",
    )?;
    let rows = stmt.query_map(params![game_id, player_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn set_conditionals(
    conn: &Connection,
    game_id: i64,
    player_id: i64,
    pairs: &[(String, String)],
) -> Result<()> {
    conn.execute(
        "DELETE FROM conditionals WHERE game_id = ?1 AND player_id = ?2",
        params![game_id, player_id],
    )?;
    for (seq, (trigger, reply)) in pairs.iter().enumerate() {
        conn.execute(
            "INSERT INTO conditionals (game_id, player_id, seq, trigger_uci, reply_uci) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game_id, player_id, seq as i64, trigger, reply],
        )?;
    }
    Ok(())
}

/// Records that the player to move at `ply` was reminded; false if already.
pub fn mark_reminded(conn: &Connection, game_id: i64, ply: u32) -> Result<bool> {
    Ok(conn.execute(
        "INSERT OR IGNORE INTO reminders (game_id, ply) VALUES (?1, ?2)",
        params![game_id, ply],
    )? == 1)
}

pub fn audit(
    conn: &Connection,
    game_id: i64,
    action: &str,
    reason: &str,
    detail: &str,
    now: Timestamp,
) -> Result<()> {
    conn.execute(
        "INSERT INTO audit (game_id, action, reason, detail, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![game_id, action, reason, detail, secs(now)],
    )?;
    Ok(())
}

/// The audit trail of a game: (time, action, reason, detail).
pub fn audit_trail(
    conn: &Connection,
    game_id: i64,
) -> Result<Vec<(Timestamp, String, String, String)>> {
    let mut stmt = conn.prepare(
        "SELECT created_at, action, reason, detail FROM audit WHERE game_id = ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([game_id], |r| {
        Ok((ts(r.get(0)?), r.get(1)?, r.get(2)?, r.get(3)?))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
