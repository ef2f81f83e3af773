//! Events: sections, their seats and their games.

use super::Cached;
use super::{all_rows, db};
use ccgate_core::event::standings::Rules;
use ccgate_core::game::clock::TimeControl;
use jiff::Timestamp;
use rusqlite::{OptionalExtension, params};

use super::{EventId, GameId, PlayerId, Result, Store, Tx, opt_ts, parsed, secs, ts};

/// An event as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    pub id: EventId,
    pub name: String,
    pub rules: Rules,
    pub double: bool,
    pub time_control: TimeControl,
    pub created_at: Timestamp,
}

/// A player's seat in an event (the Berger table's number, from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub seat: u32,
    pub player: PlayerId,
    pub withdrawn_at: Option<Timestamp>,
}

/// A game of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventGame {
    pub game: GameId,
    pub round: u32,
    pub board: u32,
}

fn event_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<EventRow> {
    let rules: String = r.get(2)?;
    let tc: String = r.get(4)?;
    Ok(EventRow {
        id: r.get(0)?,
        name: r.get(1)?,
        rules: parsed(&rules, "rules")?,
        double: r.get(3)?,
        time_control: parsed(&tc, "time control")?,
        created_at: ts(r.get(5)?)?,
    })
}

const COLUMNS: &str = "id, name, rules, double_round, time_control, created_at";

impl Store {
    pub fn events(&self) -> Result<Vec<EventRow>> {
        let sql = format!("SELECT {COLUMNS} FROM events ORDER BY id");
        all_rows(&self.conn, &sql, [], event_row)
    }

    pub fn event(&self, id: EventId) -> Result<Option<EventRow>> {
        let sql = format!("SELECT {COLUMNS} FROM events WHERE id = ?1");
        self.conn.row(&sql, [id], event_row).optional().map_err(db)
    }

    /// The seats of an event, by seat number.
    pub fn seats(&self, id: EventId) -> Result<Vec<Seat>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seat, player_id, withdrawn_at FROM event_players WHERE event_id = ?1 ORDER BY seat",
        ).map_err(db)?;
        let rows = stmt
            .query_map([id], |r| {
                Ok(Seat {
                    seat: r.get(0)?,
                    player: r.get(1)?,
                    withdrawn_at: opt_ts(r.get(2)?)?,
                })
            })
            .map_err(db)?;
        rows.collect::<rusqlite::Result<_>>().map_err(db)
    }

    /// The games of an event, by round and board.
    pub fn event_games(&self, id: EventId) -> Result<Vec<EventGame>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT game_id, round, board FROM event_games WHERE event_id = ?1 ORDER BY round, board",
        ).map_err(db)?;
        let rows = stmt
            .query_map([id], |r| {
                Ok(EventGame {
                    game: r.get(0)?,
                    round: r.get(1)?,
                    board: r.get(2)?,
                })
            })
            .map_err(db)?;
        rows.collect::<rusqlite::Result<_>>().map_err(db)
    }

    /// The event a game belongs to, with its round and board.
    pub fn event_of(&self, game: GameId) -> Result<Option<(EventRow, EventGame)>> {
        let found: Option<(EventId, u32, u32)> = self
            .conn
            .row(
                "SELECT event_id, round, board FROM event_games WHERE game_id = ?1",
                [game],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .map_err(db)?;
        let Some((id, round, board)) = found else {
            return Ok(None);
        };
        Ok(self
            .event(id)?
            .map(|e| (e, EventGame { game, round, board })))
    }
}

impl Tx<'_> {
    pub fn create_event(
        &self,
        name: &str,
        rules: Rules,
        double: bool,
        time_control: &TimeControl,
        now: Timestamp,
    ) -> Result<EventId> {
        self.conn().run(
            "INSERT INTO events (name, rules, double_round, time_control, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![name, rules.as_str(), double, time_control.to_string(), secs(now)],
        ).map_err(db)?;
        Ok(EventId(self.conn().last_insert_rowid()))
    }

    pub fn add_seat(&self, event: EventId, seat: u32, player: PlayerId) -> Result<()> {
        self.conn()
            .run(
                "INSERT INTO event_players (event_id, seat, player_id) VALUES (?1, ?2, ?3)",
                params![event, seat, player],
            )
            .map_err(db)?;
        Ok(())
    }

    pub fn add_event_game(&self, event: EventId, g: EventGame) -> Result<()> {
        self.conn()
            .run(
                "INSERT INTO event_games (game_id, event_id, round, board) VALUES (?1, ?2, ?3, ?4)",
                params![g.game, event, g.round, g.board],
            )
            .map_err(db)?;
        Ok(())
    }

    /// Marks a player withdrawn; false if they were already.
    pub fn withdraw(&self, event: EventId, player: PlayerId, now: Timestamp) -> Result<bool> {
        Ok(self.conn().run(
            "UPDATE event_players SET withdrawn_at = ?3 WHERE event_id = ?1 AND player_id = ?2 AND withdrawn_at IS NULL",
            params![event, player, secs(now)],
        ).map_err(db)? == 1)
    }
}
