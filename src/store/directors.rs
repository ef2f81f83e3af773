//! The director's web console: accounts, signed-in sessions and the record
//! of login attempts.

use jiff::Timestamp;

use super::sql::{Row, args};
use super::{Result, Store, Tx, secs, ts};

/// A director's account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Director {
    pub id: i64,
    pub name: String,
    /// argon2id, as the PINs are kept.
    pub password_hash: String,
    pub created_at: Timestamp,
}

/// A signed-in session, found by its token's hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub director: String,
    /// The token every form of the session carries back.
    pub csrf: String,
    pub expires_at: Timestamp,
}

/// Whose session a token opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionOf {
    Director(i64),
    Player(super::PlayerId),
}

fn director_row(r: &mut Row) -> Result<Director> {
    Ok(Director {
        id: r.get(0)?,
        name: r.get(1)?,
        password_hash: r.get(2)?,
        created_at: ts(r.get(3)?)?,
    })
}

impl Store {
    /// Every director, by name.
    pub fn directors(&self) -> Result<Vec<Director>> {
        self.conn.rows(
            "SELECT id, name, password_hash, created_at FROM directors ORDER BY name",
            args![],
            director_row,
        )
    }

    /// A director by exact name.
    pub fn director(&self, name: &str) -> Result<Option<Director>> {
        self.conn.opt(
            "SELECT id, name, password_hash, created_at FROM directors WHERE name = ?1",
            args![name],
            director_row,
        )
    }

    /// The session a token's hash opens, if it has not expired at `now`.
    pub fn session(&self, token_hash: &[u8], now: Timestamp) -> Result<Option<Session>> {
        self.conn.opt(
            "SELECT d.name, s.csrf, s.expires_at FROM director_sessions s
             JOIN directors d ON d.id = s.director_id
             WHERE s.token_hash = ?1 AND s.expires_at > ?2",
            args![token_hash, secs(now)],
            |r| {
                Ok(Session {
                    director: r.get(0)?,
                    csrf: r.get(1)?,
                    expires_at: ts(r.get(2)?)?,
                })
            },
        )
    }

    /// Failed logins since `since`: for the name, and from the address.
    pub fn failed_logins(&self, name: &str, address: &str, since: Timestamp) -> Result<[i64; 2]> {
        let count = |sql: &str, key: &str| -> Result<i64> {
            self.conn.one(sql, args![key, secs(since)], |r| r.get(0))
        };
        Ok([
            count(
                "SELECT COUNT(*) FROM director_logins WHERE name = ?1 AND at > ?2 AND ok = 0",
                name,
            )?,
            count(
                "SELECT COUNT(*) FROM director_logins WHERE address = ?1 AND at > ?2 AND ok = 0",
                address,
            )?,
        ])
    }
}

impl Tx<'_> {
    /// Adds a director; refused if the name is taken.
    pub fn add_director(&self, name: &str, password_hash: &str, now: Timestamp) -> Result<i64> {
        if self.director(name)?.is_some() {
            return Err(super::StoreError::Invalid(format!(
                "a director {name:?} exists already"
            )));
        }
        self.conn().insert(
            "INSERT INTO directors (name, password_hash, created_at) VALUES (?1, ?2, ?3)",
            args![name, password_hash, secs(now)],
        )
    }

    /// Removes a director and ends their sessions; whether there was one.
    pub fn remove_director(&self, name: &str) -> Result<bool> {
        let n = self
            .conn()
            .run("DELETE FROM directors WHERE name = ?1", args![name])?;
        Ok(n == 1)
    }

    /// Records a login attempt (the rate limit counts the failures).
    pub fn record_login(&self, name: &str, address: &str, ok: bool, now: Timestamp) -> Result<()> {
        self.conn().run(
            "INSERT INTO director_logins (name, address, ok, at) VALUES (?1, ?2, ?3, ?4)",
            args![name, address, ok, secs(now)],
        )?;
        Ok(())
    }

    /// Opens a session for a director or a player, known by its token's
    /// hash.
    pub fn open_session(
        &self,
        of: SessionOf,
        token_hash: &[u8],
        csrf: &str,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<()> {
        let (sql, holder) = match of {
            SessionOf::Director(id) => (
                "INSERT INTO director_sessions (token_hash, director_id, csrf, created_at, expires_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                id,
            ),
            SessionOf::Player(id) => (
                "INSERT INTO player_sessions (token_hash, player_id, csrf, created_at, expires_at)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                id.0,
            ),
        };
        self.conn().run(
            sql,
            args![token_hash, holder, csrf, secs(now), secs(expires_at)],
        )?;
        // Expired sessions and sign-in codes are of no use to anyone: gone
        // as new sessions come.
        for sql in [
            "DELETE FROM director_sessions WHERE expires_at <= ?1",
            "DELETE FROM player_sessions WHERE expires_at <= ?1",
            "DELETE FROM web_codes WHERE expires_at <= ?1",
        ] {
            self.conn().run(sql, args![secs(now)])?;
        }
        Ok(())
    }

    /// Ends a session (a logout), a director's or a player's: the tokens
    /// are random, so a hash is in one table at most. Whether it was open.
    pub fn end_session(&self, token_hash: &[u8]) -> Result<bool> {
        let mut n = 0;
        for sql in [
            "DELETE FROM director_sessions WHERE token_hash = ?1",
            "DELETE FROM player_sessions WHERE token_hash = ?1",
        ] {
            n += self.conn().run(sql, args![token_hash])?;
        }
        Ok(n == 1)
    }
}
