//! Incidents: every refusal, with the raw message as evidence, for the
//! tournament director.

use jiff::Timestamp;
use rusqlite::{Connection, params};

use super::{Result, secs, ts};

/// An incident as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incident {
    pub id: i64,
    pub game_id: Option<i64>,
    pub journal_id: Option<i64>,
    pub player_id: Option<i64>,
    /// `illegal`, `ambiguous`, `malformed`, `out_of_turn`, `wrong_number`,
    /// `unknown_sender`, `not_your_game`, `bad_pin`, `desync`, `claim_refused`.
    pub kind: String,
    /// Why, in words.
    pub detail: String,
    /// The protocol line concerned.
    pub text: Option<String>,
    /// The position the move was judged in.
    pub fen: Option<String>,
    pub created_at: Timestamp,
}

/// What to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewIncident {
    pub game_id: Option<i64>,
    pub journal_id: Option<i64>,
    pub player_id: Option<i64>,
    pub kind: &'static str,
    pub detail: String,
    pub text: Option<String>,
    pub fen: Option<String>,
}

pub fn record(conn: &Connection, i: &NewIncident, now: Timestamp) -> Result<i64> {
    conn.prepare_cached(
        "INSERT INTO incidents (game_id, journal_id, player_id, kind, detail, text, fen, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![i.game_id, i.journal_id, i.player_id, i.kind, i.detail, i.text, i.fen, secs(now)])?;
    Ok(conn.last_insert_rowid())
}

/// Incidents, of one game or all, oldest first.
pub fn incidents(conn: &Connection, game_id: Option<i64>) -> Result<Vec<Incident>> {
    let mut stmt = conn.prepare(
        "SELECT id, game_id, journal_id, player_id, kind, detail, text, fen, created_at FROM incidents
         WHERE ?1 IS NULL OR game_id = ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([game_id], |r| {
        Ok(Incident {
            id: r.get(0)?,
            game_id: r.get(1)?,
            journal_id: r.get(2)?,
            player_id: r.get(3)?,
            kind: r.get(4)?,
            detail: r.get(5)?,
            text: r.get(6)?,
            fen: r.get(7)?,
            created_at: ts(r.get(8)?),
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
