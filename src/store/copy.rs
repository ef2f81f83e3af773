//! Moving a store to another backend: every row of every table copied in
//! one transaction of the target, then compared row by row.

use super::sql::{Arg, Conn, Row, Value, args};
use super::{Result, Store, StoreError};

/// Every table with its columns and the order its rows are read in, parents
/// before the tables that refer to them. `addresses.rowid` is SQLite's rowid
/// (a column of that name on PostgreSQL): it keeps a player's addresses in
/// order.
const TABLES: &[(&str, &str, &str)] = &[
    (
        "players",
        "id, name, notation, lang, reply_via, tz, pin_hash, pin_failures, pin_locked_until, created_at, removed_at, confirm_sms",
        "id",
    ),
    (
        "addresses",
        "rowid, channel, address, player_id, spelling",
        "rowid",
    ),
    (
        "games",
        "id, white, black, start_fen, time_control, status, result, reason, draw_offer, created_at, finished_at, penalty_days, duplication_after",
        "id",
    ),
    (
        "journal",
        "id, channel, transport_id, sender, raw, received_at, outcome, processed_at",
        "id",
    ),
    (
        "moves",
        "game_id, ply, uci, raw, notation, received_at, delivered_at, journal_id",
        "game_id, ply",
    ),
    (
        "outbox",
        "id, journal_id, game_id, player_id, ply, channel, recipient, body, created_at, attempts, next_attempt_at, sent_at, failed_at, last_error, sheet, copy_of, subject",
        "id",
    ),
    (
        "incidents",
        "id, game_id, journal_id, player_id, kind, detail, text, fen, created_at, ruling, ruled_at, told",
        "id",
    ),
    (
        "conditionals",
        "game_id, player_id, seq, trigger_uci, reply_uci",
        "game_id, player_id, seq",
    ),
    ("leaves", "id, player_id, from_date, until_date", "id"),
    ("reminders", "game_id, ply", "game_id, ply"),
    (
        "audit",
        "id, game_id, action, reason, detail, created_at, player_id, by_director",
        "id",
    ),
    (
        "penalties",
        "id, game_id, player_id, days, reason, created_at",
        "id",
    ),
    (
        "sms_parts",
        "sender, reference, total, seq, text, pdu, received_at",
        "sender, reference, total, seq",
    ),
    (
        "sms_sent",
        "id, outbox_id, part, parts, reference, recipient, sent_at, status, reported_at",
        "id",
    ),
    ("radio_links", "me, peer, state, updated_at", "me, peer"),
    (
        "radio_queue",
        "outbox_id, me, peer, msg_id, handed_at",
        "outbox_id",
    ),
    (
        "held",
        "id, player_id, code, text, journal_id, held_at, expires_at, closed",
        "id",
    ),
    (
        "events",
        "id, name, rules, double_round, time_control, created_at, visibility",
        "id",
    ),
    (
        "event_players",
        "event_id, seat, player_id, withdrawn_at",
        "event_id, seat",
    ),
    ("event_games", "game_id, event_id, round, board", "game_id"),
    (
        "pin_locks",
        "player_id, channel, address, failures, locked_until",
        "player_id, channel, address",
    ),
    ("sweep_clock", "id, last_run_at, held_since", "id"),
    ("web_secret", "id, secret", "id"),
    ("xfcc_passwords", "player_id, hash", "player_id"),
    ("directors", "id, name, password_hash, created_at", "id"),
    (
        "director_sessions",
        "token_hash, director_id, csrf, created_at, expires_at",
        "token_hash",
    ),
    ("director_logins", "id, name, address, ok, at", "id"),
    (
        "xfcc_games",
        "id, url, username, remote_id, player_id, game_id, diverged_at, created_at",
        "id",
    ),
    ("xfcc_plies", "xfcc_game, ply, san", "xfcc_game, ply"),
    (
        "xfcc_outbound",
        "xfcc_game, ply, san, journal_id, state, attempts, reason, updated_at",
        "xfcc_game, ply",
    ),
];

/// The tables whose ids PostgreSQL numbers (identity columns): after rows
/// came with their ids, its counters must start past them.
const NUMBERED: &[(&str, &str)] = &[
    ("players", "id"),
    ("addresses", "rowid"),
    ("journal", "id"),
    ("outbox", "id"),
    ("incidents", "id"),
    ("leaves", "id"),
    ("audit", "id"),
    ("penalties", "id"),
    ("sms_sent", "id"),
    ("held", "id"),
    ("events", "id"),
    ("directors", "id"),
    ("director_logins", "id"),
    ("xfcc_games", "id"),
];

fn all(conn: &Conn, table: &str, columns: &str, order: &str) -> Result<Vec<Vec<Value>>> {
    let sql = format!("SELECT {columns} FROM {table} ORDER BY {order}");
    conn.rows(&sql, args![], |r: &mut Row| Ok(r.take_values()))
}

impl Store {
    /// Copies this store into `target`, which must be empty (a fresh file or
    /// database), in one transaction of the target.
    pub fn copy_into(&self, target: &mut Store) -> Result<()> {
        for (table, _, _) in TABLES {
            let sql = format!("SELECT 1 FROM {table} LIMIT 1");
            if target.conn.exists(&sql, args![])? {
                return Err(StoreError::Invalid(format!(
                    "the target store is not empty (its {table} has rows); give a new one"
                )));
            }
        }
        let tx = target.write()?;
        for (table, columns, order) in TABLES {
            let rows = all(&self.conn, table, columns, order)?;
            let n = columns.split(',').count();
            let marks: Vec<String> = (1..=n).map(|i| format!("?{i}")).collect();
            let sql = format!(
                "INSERT INTO {table} ({columns}) VALUES ({})",
                marks.join(", ")
            );
            for row in rows {
                let values: Vec<Arg<'_>> = row.iter().map(Value::arg).collect();
                tx.conn().run(&sql, &values)?;
            }
        }
        if let Conn::Pg(_) = tx.conn() {
            for (table, column) in NUMBERED {
                tx.conn().run(
                    &format!(
                        "SELECT setval(pg_get_serial_sequence('{table}', '{column}'), coalesce(max({column}), 0) + 1, false) FROM {table}"
                    ),
                    args![],
                )?;
            }
        }
        tx.commit()
    }

    /// The tables whose rows differ between this store and `other`: none
    /// after a copy that kept everything.
    pub fn differences(&self, other: &Store) -> Result<Vec<&'static str>> {
        let mut differ = Vec::new();
        for (table, columns, order) in TABLES {
            if all(&self.conn, table, columns, order)? != all(&other.conn, table, columns, order)? {
                differ.push(*table);
            }
        }
        Ok(differ)
    }
}
