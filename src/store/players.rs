//! Players, their addresses, profiles and leaves.

use super::sql::{Row, args};
use ccgate_core::game::clock::Leave;
use jiff::Timestamp;
use jiff::civil::Date;

use super::{LeaveId, PlayerId, Result, Store, StoreError, Tx, opt_ts, parsed, secs};
use crate::notation::{Lang, Notation};
use crate::protocol::address::{Channel, key};

/// A player as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    /// The notation replies use and, for the Uedemann codes, the table their
    /// moves are read in.
    pub notation: Notation,
    pub lang: Lang,
    pub reply_via: Option<Channel>,
    /// IANA time zone name.
    pub tz: String,
    pub pin_hash: Option<String>,
    /// The player's SMS are held for confirmation unless they carry the
    /// PIN: their network may let others send under their number.
    pub confirm_sms: bool,
    /// Addresses as registered: replies are written to them so.
    pub addresses: Vec<(Channel, String)>,
    /// Removed by the director (kept for their finished games' records).
    pub removed_at: Option<Timestamp>,
}

/// A player's profile as `player edit` changes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub notation: Notation,
    pub lang: Lang,
    pub reply_via: Option<Channel>,
    pub tz: String,
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
    /// Addresses as registered ([`spelling`]); they are compared in their
    /// normal form.
    ///
    /// [`spelling`]: crate::protocol::address::spelling
    pub addresses: Vec<(Channel, String)>,
}

/// A stored leave span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeaveRow {
    pub id: LeaveId,
    pub leave: Leave,
}

const COLUMNS: &str = "id, name, notation, lang, reply_via, tz, pin_hash, removed_at, confirm_sms";

/// The PIN's state on one of a player's addresses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PinState {
    /// Failures since the last success.
    pub failures: i64,
    pub locked_until: Option<Timestamp>,
}

impl Store {
    fn player_row(&self, r: &mut Row) -> Result<Player> {
        let id: PlayerId = r.get(0)?;
        let notation: String = r.get(2)?;
        let lang: String = r.get(3)?;
        let reply_via: Option<String> = r.get(4)?;
        Ok(Player {
            id,
            name: r.get(1)?,
            notation: parsed(&notation, "notation")?,
            lang: parsed(&lang, "language")?,
            reply_via: reply_via.map(|c| parsed(&c, "channel")).transpose()?,
            tz: r.get(5)?,
            pin_hash: r.get(6)?,
            confirm_sms: r.get(8)?,
            addresses: self.addresses(id)?,
            removed_at: opt_ts(r.get(7)?)?,
        })
    }

    /// The PIN's failures and lock on one address of a player.
    pub fn pin_state(&self, id: PlayerId, channel: Channel, address: &str) -> Result<PinState> {
        self.conn
            .opt(
                "SELECT failures, locked_until FROM pin_locks WHERE player_id = ?1 AND channel = ?2 AND address = ?3",
                args![id, channel.name(), address],
                |r| {
                    Ok(PinState {
                        failures: r.get(0)?,
                        locked_until: opt_ts(r.get(1)?)?,
                    })
                },
            )
            .map(Option::unwrap_or_default)
    }

    fn addresses(&self, id: PlayerId) -> Result<Vec<(Channel, String)>> {
        self.conn.rows(
            // The spelling registered; an address registered before
            // spellings were kept is known in its compared form only.
            "SELECT channel, COALESCE(spelling, address) FROM addresses WHERE player_id = ?1 ORDER BY rowid",
            args![id],
            |r| {
                let channel: String = r.get(0)?;
                Ok((parsed(&channel, "channel")?, r.get::<String>(1)?))
            },
        )
    }

    pub fn player(&self, id: PlayerId) -> Result<Option<Player>> {
        let sql = format!("SELECT {COLUMNS} FROM players WHERE id = ?1");
        self.conn.opt(&sql, args![id], |r| self.player_row(r))
    }

    /// A player's name alone: a sheet's heading needs no more.
    pub fn player_name(&self, id: PlayerId) -> Result<Option<String>> {
        self.conn
            .opt("SELECT name FROM players WHERE id = ?1", args![id], |r| {
                r.get(0)
            })
    }

    /// Every player, by id.
    pub fn players(&self) -> Result<Vec<Player>> {
        let sql = format!("SELECT {COLUMNS} FROM players ORDER BY id");
        self.conn.rows(&sql, args![], |r| self.player_row(r))
    }

    /// Every player's name, by id: what a new name is checked against.
    pub fn player_names(&self) -> Result<Vec<String>> {
        self.conn
            .rows("SELECT name FROM players ORDER BY id", args![], |r| {
                r.get(0)
            })
    }

    /// Whether a player has a game or an event seat: what a removal keeps.
    pub fn has_record(&self, id: PlayerId) -> Result<bool> {
        self.conn.exists(
            "SELECT 1 FROM games WHERE white = ?1 OR black = ?1
             UNION ALL SELECT 1 FROM event_players WHERE player_id = ?1 LIMIT 1",
            args![id],
        )
    }

    pub fn player_by_name(&self, name: &str) -> Result<Option<Player>> {
        let sql = format!("SELECT {COLUMNS} FROM players WHERE name = ?1");
        self.conn.opt(&sql, args![name], |r| self.player_row(r))
    }

    pub fn player_by_address(&self, channel: Channel, address: &str) -> Result<Option<Player>> {
        match self.player_id_by_address(channel, address)? {
            Some(id) => self.player(id),
            None => Ok(None),
        }
    }

    /// The player at `address` on `channel`, compared in its normal form
    /// (an email address without regard to case).
    fn player_id_by_address(&self, channel: Channel, address: &str) -> Result<Option<PlayerId>> {
        self.conn.opt(
            "SELECT player_id FROM addresses WHERE channel = ?1 AND address = ?2",
            args![channel.name(), key(channel, address)],
            |r| r.get(0),
        )
    }

    /// Leave spans of a player, by start date. A stored date that does not
    /// read is an error: a leave skipped would run the player's clock.
    pub fn leaves(&self, player_id: PlayerId) -> Result<Vec<LeaveRow>> {
        self.conn.rows(
            "SELECT id, from_date, until_date FROM leaves WHERE player_id = ?1 ORDER BY from_date",
            args![player_id],
            |r| {
                let from: String = r.get(1)?;
                let until: Option<String> = r.get(2)?;
                Ok(LeaveRow {
                    id: r.get(0)?,
                    leave: Leave {
                        from: parsed::<Date>(&from, "leave start")?,
                        // Older versions wrote an open end as an empty text.
                        until: until
                            .filter(|u| !u.is_empty())
                            .map(|u| parsed::<Date>(&u, "leave end"))
                            .transpose()?,
                    },
                })
            },
        )
    }
}

impl Tx<'_> {
    /// [`Store::player`]: the copy this transaction, or one committed
    /// before it on this connection, read ([`Known`](super::Known)),
    /// unless a player's rows were written since.
    pub fn player(&self, id: PlayerId) -> Result<Option<Player>> {
        if let Some(player) = self.read_before(id, Clone::clone) {
            return Ok(player);
        }
        let player = self.store.player(id)?;
        self.players.borrow_mut().insert(id, player.clone());
        Ok(player)
    }

    /// [`Store::player_name`], from the player read before if they were.
    pub fn player_name(&self, id: PlayerId) -> Result<Option<String>> {
        match self.read_before(id, |p| p.as_ref().map(|p| p.name.clone())) {
            Some(name) => Ok(name),
            None => self.store.player_name(id),
        }
    }

    /// `f` of the player as read before (`None` inside: no such player), by
    /// this transaction or, unless it wrote a player's rows, by one
    /// committed before it; `None` if neither did. A copy kept from before
    /// is not copied into this transaction's: it stays valid to its end.
    fn read_before<T>(&self, id: PlayerId, f: impl FnOnce(&Option<Player>) -> T) -> Option<T> {
        if let Some(known) = self.players.borrow().get(&id) {
            return Some(f(known));
        }
        self.store.known.borrow().players.get(&id).map(f)
    }

    /// [`Store::player_by_address`], the player read through [`Tx::player`].
    pub fn player_by_address(&self, channel: Channel, address: &str) -> Result<Option<Player>> {
        match self.store.player_id_by_address(channel, address)? {
            Some(id) => self.player(id),
            None => Ok(None),
        }
    }

    /// The player of this name, registered now if new: without addresses,
    /// in English SAN (a name read from a PGN file or a remote server, for
    /// a player who is told nothing).
    pub fn player_named(&self, name: &str, now: Timestamp) -> Result<PlayerId> {
        match self.player_by_name(name)? {
            Some(p) => Ok(p.id),
            None => self.add_player(
                &NewPlayer {
                    name: name.to_string(),
                    notation: Notation::San,
                    lang: Lang::En,
                    reply_via: None,
                    tz: "UTC".into(),
                    pin_hash: None,
                    addresses: Vec::new(),
                },
                now,
            ),
        }
    }

    pub fn add_player(&self, p: &NewPlayer, now: Timestamp) -> Result<PlayerId> {
        // Asked first rather than read from a constraint's error: writers
        // take turns, and on PostgreSQL a failed statement would end the
        // transaction.
        if self
            .conn()
            .exists("SELECT 1 FROM players WHERE name = ?1", args![p.name])?
        {
            return Err(StoreError::Invalid(format!(
                "a player named {:?} exists already",
                p.name
            )));
        }
        let id = self.changing_players().insert(
            "INSERT INTO players (name, notation, lang, reply_via, tz, pin_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            args![p.name, p.notation.name(), p.lang.code(), p.reply_via.map(Channel::name), p.tz, p.pin_hash, secs(now)],
        )?;
        self.add_addresses(id, &p.addresses)?;
        Ok(id)
    }

    /// Adds addresses to a player; one that belongs to another player is refused.
    fn add_addresses(&self, id: PlayerId, addresses: &[(Channel, String)]) -> Result<()> {
        for (channel, address) in addresses {
            if let Some(other) = self.player_by_address(*channel, address)? {
                return Err(StoreError::Invalid(format!(
                    "{channel} address {address} belongs to {} already",
                    other.name
                )));
            }
            self.changing_players().run(
                "INSERT INTO addresses (channel, address, player_id, spelling) VALUES (?1, ?2, ?3, ?4)",
                args![channel.name(), key(*channel, address), id, address],
            )?;
        }
        Ok(())
    }

    /// Replaces a player's addresses on `channel` (each as [`spelling`] gives it).
    ///
    /// [`spelling`]: crate::protocol::address::spelling
    pub fn set_addresses(
        &self,
        id: PlayerId,
        channel: Channel,
        addresses: &[String],
    ) -> Result<()> {
        self.changing_players().run(
            "DELETE FROM addresses WHERE player_id = ?1 AND channel = ?2",
            args![id, channel.name()],
        )?;
        let list: Vec<(Channel, String)> = addresses.iter().map(|a| (channel, a.clone())).collect();
        self.add_addresses(id, &list)
    }

    /// Sets a player's notation, language, reply channel and time zone.
    pub fn set_profile(&self, id: PlayerId, p: &Profile) -> Result<()> {
        self.changing_players().run(
            "UPDATE players SET notation = ?2, lang = ?3, reply_via = ?4, tz = ?5 WHERE id = ?1",
            args![
                id,
                p.notation.name(),
                p.lang.code(),
                p.reply_via.map(Channel::name),
                p.tz
            ],
        )?;
        Ok(())
    }

    /// Sets (or with `None` clears) a player's PIN; every address's
    /// failures and lock are forgotten.
    pub fn set_pin(&self, id: PlayerId, hash: Option<&str>) -> Result<()> {
        self.changing_players().run(
            "UPDATE players SET pin_hash = ?2 WHERE id = ?1",
            args![id, hash],
        )?;
        self.changing_players()
            .run("DELETE FROM pin_locks WHERE player_id = ?1", args![id])?;
        Ok(())
    }

    /// Removes a player: one with no game and no event seat is deleted
    /// (their leaves and held messages too); one with a record is retired,
    /// kept by name for it, with no address left to be reached or to send
    /// from. Returns whether the player was deleted.
    pub fn remove_player(&self, id: PlayerId, now: Timestamp) -> Result<bool> {
        // A removed player signs in on the web no more.
        for sql in [
            "DELETE FROM addresses WHERE player_id = ?1",
            "DELETE FROM web_codes WHERE player_id = ?1",
            "DELETE FROM player_sessions WHERE player_id = ?1",
        ] {
            self.changing_players().run(sql, args![id])?;
        }
        if self.has_record(id)? {
            self.changing_players().run(
                "UPDATE players SET removed_at = ?2, pin_hash = NULL WHERE id = ?1",
                args![id, secs(now)],
            )?;
            return Ok(false);
        }
        for sql in [
            "DELETE FROM leaves WHERE player_id = ?1",
            "DELETE FROM held WHERE player_id = ?1",
            "DELETE FROM pin_locks WHERE player_id = ?1",
            "DELETE FROM players WHERE id = ?1",
        ] {
            self.changing_players().run(sql, args![id])?;
        }
        Ok(true)
    }

    pub fn set_notation(&self, id: PlayerId, notation: Notation) -> Result<()> {
        self.changing_players().run(
            "UPDATE players SET notation = ?1 WHERE id = ?2",
            args![notation.name(), id],
        )?;
        Ok(())
    }

    /// Whether the player's SMS are held for confirmation.
    pub fn set_confirm_sms(&self, id: PlayerId, on: bool) -> Result<()> {
        self.changing_players().run(
            "UPDATE players SET confirm_sms = ?1 WHERE id = ?2",
            args![on, id],
        )?;
        Ok(())
    }

    pub fn set_lang(&self, id: PlayerId, lang: Lang) -> Result<()> {
        self.changing_players().run(
            "UPDATE players SET lang = ?1 WHERE id = ?2",
            args![lang.code(), id],
        )?;
        Ok(())
    }

    /// Records a PIN attempt from `address`: its failures count up and lock
    /// the PIN on that address until `locked_until`; a success resets them.
    pub fn record_pin_attempt(
        &self,
        (id, channel, address): (PlayerId, Channel, &str),
        ok: bool,
        locked_until: Option<Timestamp>,
    ) -> Result<()> {
        self.changing_players().run(
            "INSERT INTO pin_locks (player_id, channel, address, failures, locked_until)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (player_id, channel, address) DO UPDATE SET
                 failures = CASE WHEN excluded.failures = 0 THEN 0 ELSE pin_locks.failures + 1 END,
                 locked_until = excluded.locked_until",
            args![
                id,
                channel.name(),
                address,
                i64::from(!ok),
                locked_until.filter(|_| !ok).map(secs)
            ],
        )?;
        Ok(())
    }

    pub fn add_leave(&self, player_id: PlayerId, leave: &Leave) -> Result<()> {
        self.changing_players().run(
            "INSERT INTO leaves (player_id, from_date, until_date) VALUES (?1, ?2, ?3)",
            args![
                player_id,
                leave.from.to_string(),
                leave.until.map(|d| d.to_string())
            ],
        )?;
        Ok(())
    }

    pub fn set_leave_until(&self, leave_id: LeaveId, until: Date) -> Result<()> {
        self.changing_players().run(
            "UPDATE leaves SET until_date = ?1 WHERE id = ?2",
            args![until.to_string(), leave_id],
        )?;
        Ok(())
    }
}
