//! Events: sections, their seats and their games.

use super::sql::{Row, args};
use ccgate_core::event::standings::Rules;
use ccgate_core::game::clock::TimeControl;
use jiff::Timestamp;

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
    pub visibility: Visibility,
}

/// Who may see an event's pages and its games' pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Visibility {
    /// Everyone.
    #[default]
    Public,
    /// Its players (with their capability key) and the directors.
    Players,
}

impl Visibility {
    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Players => "players",
        }
    }
}

impl std::str::FromStr for Visibility {
    type Err = UnknownVisibility;
    fn from_str(s: &str) -> std::result::Result<Visibility, UnknownVisibility> {
        match s {
            "public" => Ok(Visibility::Public),
            "players" => Ok(Visibility::Players),
            other => Err(UnknownVisibility(other.to_string())),
        }
    }
}

/// A visibility other than `public` or `players`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: public or players")]
pub struct UnknownVisibility(pub String);

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

fn event_row(r: &mut Row) -> Result<EventRow> {
    let rules: String = r.get(2)?;
    let tc: String = r.get(4)?;
    Ok(EventRow {
        id: r.get(0)?,
        name: r.get(1)?,
        rules: parsed(&rules, "rules")?,
        double: r.get(3)?,
        time_control: parsed(&tc, "time control")?,
        created_at: ts(r.get(5)?)?,
        visibility: parsed(&r.get::<String>(6)?, "visibility")?,
    })
}

const COLUMNS: &str = "id, name, rules, double_round, time_control, created_at, visibility";

impl Store {
    pub fn events(&self) -> Result<Vec<EventRow>> {
        let sql = format!("SELECT {COLUMNS} FROM events ORDER BY id");
        self.conn.rows(&sql, args![], event_row)
    }

    pub fn event(&self, id: EventId) -> Result<Option<EventRow>> {
        let sql = format!("SELECT {COLUMNS} FROM events WHERE id = ?1");
        self.conn.opt(&sql, args![id], event_row)
    }

    /// The seats of an event, by seat number.
    pub fn seats(&self, id: EventId) -> Result<Vec<Seat>> {
        self.conn.rows(
            "SELECT seat, player_id, withdrawn_at FROM event_players WHERE event_id = ?1 ORDER BY seat",
            args![id],
            |r| {
                Ok(Seat {
                    seat: r.get(0)?,
                    player: r.get(1)?,
                    withdrawn_at: opt_ts(r.get(2)?)?,
                })
            },
        )
    }

    /// The games of an event, by round and board.
    pub fn event_games(&self, id: EventId) -> Result<Vec<EventGame>> {
        self.conn.rows(
            "SELECT game_id, round, board FROM event_games WHERE event_id = ?1 ORDER BY round, board",
            args![id],
            |r| {
                Ok(EventGame {
                    game: r.get(0)?,
                    round: r.get(1)?,
                    board: r.get(2)?,
                })
            },
        )
    }

    /// The event a game belongs to, with its round and board.
    pub fn event_of(&self, game: GameId) -> Result<Option<(EventRow, EventGame)>> {
        let found: Option<(EventId, u32, u32)> = self.conn.opt(
            "SELECT event_id, round, board FROM event_games WHERE game_id = ?1",
            args![game],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
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
        self.conn().insert(
            "INSERT INTO events (name, rules, double_round, time_control, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            args![name, rules.as_str(), double, time_control.to_string(), secs(now)],
        )
    }

    pub fn set_visibility(&self, event: EventId, visibility: Visibility) -> Result<()> {
        self.conn().run(
            "UPDATE events SET visibility = ?2 WHERE id = ?1",
            args![event, visibility.as_str()],
        )?;
        Ok(())
    }

    pub fn add_seat(&self, event: EventId, seat: u32, player: PlayerId) -> Result<()> {
        self.conn().run(
            "INSERT INTO event_players (event_id, seat, player_id) VALUES (?1, ?2, ?3)",
            args![event, seat, player],
        )?;
        Ok(())
    }

    pub fn add_event_game(&self, event: EventId, g: EventGame) -> Result<()> {
        self.conn().run(
            "INSERT INTO event_games (game_id, event_id, round, board) VALUES (?1, ?2, ?3, ?4)",
            args![g.game, event, g.round, g.board],
        )?;
        Ok(())
    }

    /// Marks a player withdrawn; false if they were already.
    pub fn withdraw(&self, event: EventId, player: PlayerId, now: Timestamp) -> Result<bool> {
        Ok(self.conn().run(
            "UPDATE event_players SET withdrawn_at = ?3 WHERE event_id = ?1 AND player_id = ?2 AND withdrawn_at IS NULL",
            args![event, player, secs(now)],
        )? == 1)
    }
}

impl Store {
    /// The secret the players' capability keys are derived from, once made.
    pub fn web_secret(&self) -> Result<Option<Vec<u8>>> {
        self.conn
            .opt("SELECT secret FROM web_secret WHERE id = 1", args![], |r| {
                r.get(0)
            })
    }
}

impl Tx<'_> {
    /// Keeps `secret` unless one is already stored; returns the stored one.
    pub fn keep_web_secret(&self, secret: &[u8]) -> Result<Vec<u8>> {
        self.conn().run(
            "INSERT INTO web_secret (id, secret) VALUES (1, ?1) ON CONFLICT DO NOTHING",
            args![secret],
        )?;
        self.conn()
            .one("SELECT secret FROM web_secret WHERE id = 1", args![], |r| {
                r.get(0)
            })
    }
}
