//! Players signed in on the web: the sign-in code waiting at an address,
//! and the sessions a right code opens.

use jiff::Timestamp;

use super::sql::args;
use super::{PlayerId, Result, Store, Tx, secs, ts};
use crate::protocol::address::Channel;

/// A sign-in code sent to an address, as kept: its hash only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebCode {
    pub player: PlayerId,
    /// argon2id, as the PINs are kept.
    pub code_hash: String,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

/// A player's signed-in session, found by its token's hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSession {
    pub player: PlayerId,
    /// The token every form of the session carries back.
    pub csrf: String,
}

impl Store {
    /// The code waiting at an address (in its compared form), if any.
    pub fn web_code(&self, channel: Channel, address: &str) -> Result<Option<WebCode>> {
        self.conn.opt(
            "SELECT player_id, code_hash, created_at, expires_at FROM web_codes
             WHERE channel = ?1 AND address = ?2",
            args![channel.name(), address],
            |r| {
                Ok(WebCode {
                    player: r.get(0)?,
                    code_hash: r.get(1)?,
                    created_at: ts(r.get(2)?)?,
                    expires_at: ts(r.get(3)?)?,
                })
            },
        )
    }

    /// The player's session a token's hash opens, if it has not expired at
    /// `now` and the player is still registered.
    pub fn player_session(
        &self,
        token_hash: &[u8],
        now: Timestamp,
    ) -> Result<Option<PlayerSession>> {
        self.conn.opt(
            "SELECT s.player_id, s.csrf FROM player_sessions s
             JOIN players p ON p.id = s.player_id
             WHERE s.token_hash = ?1 AND s.expires_at > ?2 AND p.removed_at IS NULL",
            args![token_hash, secs(now)],
            |r| {
                Ok(PlayerSession {
                    player: r.get(0)?,
                    csrf: r.get(1)?,
                })
            },
        )
    }
}

impl Tx<'_> {
    /// Keeps the code sent to an address, replacing the one waiting there.
    pub fn keep_web_code(
        &self,
        (channel, address): (Channel, &str),
        player: PlayerId,
        code_hash: &str,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<()> {
        self.conn().run(
            "INSERT INTO web_codes (channel, address, player_id, code_hash, created_at, expires_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (channel, address) DO UPDATE SET
                 player_id = excluded.player_id, code_hash = excluded.code_hash,
                 created_at = excluded.created_at, expires_at = excluded.expires_at",
            args![
                channel.name(),
                address,
                player,
                code_hash,
                secs(now),
                secs(expires_at)
            ],
        )?;
        Ok(())
    }

    /// Forgets the code waiting at an address (it was used).
    pub fn drop_web_code(&self, channel: Channel, address: &str) -> Result<()> {
        self.conn().run(
            "DELETE FROM web_codes WHERE channel = ?1 AND address = ?2",
            args![channel.name(), address],
        )?;
        Ok(())
    }
}
