//! Players, their addresses and profiles.

use jiff::Timestamp;
use rusqlite::{Connection, OptionalExtension, params};

use super::{Result, StoreError, secs, ts};
use crate::notation::{Lang, Notation};
use crate::protocol::address::Channel;

/// A player as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: i64,
    pub name: String,
    /// The notation replies use and, for the Uedemann codes, the table their
    /// moves are read in.
    pub notation: Notation,
    pub lang: Lang,
    pub reply_via: Option<Channel>,
    /// IANA time zone name.
    pub tz: String,
    pub pin_hash: Option<String>,
    pub pin_failures: i64,
    pub pin_locked_until: Option<Timestamp>,
    pub addresses: Vec<(Channel, String)>,
}

/// What `player add` stores.
#[derive(Debug, Clone)]
pub struct NewPlayer {
    pub name: String,
    pub notation: Notation,
    pub lang: Lang,
    pub reply_via: Option<Channel>,
    pub tz: String,
    pub pin_hash: Option<String>,
    /// Normalised addresses.
    pub addresses: Vec<(Channel, String)>,
}

pub fn add_player(conn: &Connection, p: &NewPlayer, now: Timestamp) -> Result<i64> {
    conn.execute(
        "INSERT INTO players (name, notation, lang, reply_via, tz, pin_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![p.name, p.notation.name(), p.lang.code(), p.reply_via.map(Channel::name), p.tz, p.pin_hash, secs(now)],
    )
    .map_err(|e| match e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation => {
            StoreError::Invalid(format!("a player named {:?} exists already", p.name))
        }
        e => e.into(),
    })?;
    let id = conn.last_insert_rowid();
    for (channel, address) in &p.addresses {
        if let Some(other) = player_by_address(conn, *channel, address)? {
            return Err(StoreError::Invalid(format!(
                "{channel} address {address} belongs to {} already",
                other.name
            )));
        }
        conn.execute(
            "INSERT INTO addresses (channel, address, player_id) VALUES (?1, ?2, ?3)",
            params![channel.name(), address, id],
        )?;
    }
    Ok(id)
}

const COLUMNS: &str =
    "id, name, notation, lang, reply_via, tz, pin_hash, pin_failures, pin_locked_until";

fn row(conn: &Connection, r: &rusqlite::Row<'_>) -> rusqlite::Result<Player> {
    let id: i64 = r.get(0)?;
    let notation: String = r.get(2)?;
    let lang: String = r.get(3)?;
    let reply_via: Option<String> = r.get(4)?;
    Ok(Player {
        id,
        name: r.get(1)?,
        notation: notation.parse().unwrap_or(Notation::San),
        lang: lang.parse().unwrap_or(Lang::En),
        reply_via: reply_via.and_then(|c| c.parse().ok()),
        tz: r.get(5)?,
        pin_hash: r.get(6)?,
        pin_failures: r.get(7)?,
        pin_locked_until: r.get::<_, Option<i64>>(8)?.map(ts),
        addresses: addresses(conn, id)?,
    })
}

fn addresses(conn: &Connection, id: i64) -> rusqlite::Result<Vec<(Channel, String)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT channel, address FROM addresses WHERE player_id = ?1 ORDER BY rowid",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (c, a) = row?;
        if let Ok(c) = c.parse() {
            out.push((c, a));
        }
    }
    Ok(out)
}

pub fn player(conn: &Connection, id: i64) -> Result<Option<Player>> {
    let sql = format!("SELECT {COLUMNS} FROM players WHERE id = ?1");
    Ok(conn.query_row(&sql, [id], |r| row(conn, r)).optional()?)
}

pub fn player_by_name(conn: &Connection, name: &str) -> Result<Option<Player>> {
    let sql = format!("SELECT {COLUMNS} FROM players WHERE name = ?1");
    Ok(conn.query_row(&sql, [name], |r| row(conn, r)).optional()?)
}

pub fn player_by_address(
    conn: &Connection,
    channel: Channel,
    address: &str,
) -> Result<Option<Player>> {
    let id: Option<i64> = conn
        .query_row(
            "SELECT player_id FROM addresses WHERE channel = ?1 AND address = ?2",
            params![channel.name(), address],
            |r| r.get(0),
        )
        .optional()?;
    match id {
        Some(id) => player(conn, id),
        None => Ok(None),
    }
}

pub fn set_notation(conn: &Connection, id: i64, notation: Notation) -> Result<()> {
    conn.execute(
        "UPDATE players SET notation = ?1 WHERE id = ?2",
        params![notation.name(), id],
    )?;
    Ok(())
}

pub fn set_lang(conn: &Connection, id: i64, lang: Lang) -> Result<()> {
    conn.execute(
        "UPDATE players SET lang = ?1 WHERE id = ?2",
        params![lang.code(), id],
    )?;
    Ok(())
}

/// Records a PIN attempt: failures count up and lock the PIN for a while
/// after too many; a success resets the count.
pub fn record_pin_attempt(
    conn: &Connection,
    id: i64,
    ok: bool,
    locked_until: Option<Timestamp>,
) -> Result<()> {
    if ok {
        conn.execute(
            "UPDATE players SET pin_failures = 0, pin_locked_until = NULL WHERE id = ?1",
            [id],
        )?;
    } else {
        conn.execute(
            "UPDATE players SET pin_failures = pin_failures + 1, pin_locked_until = ?2 WHERE id = ?1",
            params![id, locked_until.map(secs)],
        )?;
    }
    Ok(())
}

/// Leave spans of a player, as stored dates (`YYYY-MM-DD`).
pub fn leaves(conn: &Connection, player_id: i64) -> Result<Vec<(i64, String, Option<String>)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, from_date, until_date FROM leaves WHERE player_id = ?1 ORDER BY from_date",
    )?;
    let rows = stmt.query_map([player_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn add_leave(conn: &Connection, player_id: i64, from: &str, until: &str) -> Result<()> {
    conn.execute(
        "INSERT INTO leaves (player_id, from_date, until_date) VALUES (?1, ?2, ?3)",
        params![player_id, from, until],
    )?;
    Ok(())
}

pub fn set_leave_until(conn: &Connection, leave_id: i64, until: &str) -> Result<()> {
    conn.execute(
        "UPDATE leaves SET until_date = ?1 WHERE id = ?2",
        params![until, leave_id],
    )?;
    Ok(())
}
