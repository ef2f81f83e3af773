//! Players' Xfcc logins: the correspondence programs sign in with the
//! player's registered name and a password of its own (not the PIN, which
//! travels in messages and is short).

use super::sql::args;
use super::{PlayerId, Result, Store, Tx};

impl Store {
    /// The player an Xfcc username names, with their password hash: the
    /// registered name matched case-insensitively (Unicode lower case), a
    /// removed player never. `None` when no player, or more than one, has
    /// that name in some case, or the player has no Xfcc password.
    pub fn xfcc_login(&self, username: &str) -> Result<Option<(PlayerId, String)>> {
        let wanted = username.trim().to_lowercase();
        if wanted.is_empty() {
            return Ok(None);
        }
        let rows = self.conn.rows(
            "SELECT p.id, p.name, x.hash FROM players p JOIN xfcc_passwords x ON x.player_id = p.id
             WHERE p.removed_at IS NULL",
            args![],
            |r| Ok((r.get::<PlayerId>(0)?, r.get::<String>(1)?, r.get(2)?)),
        )?;
        let mut found = rows
            .into_iter()
            .filter(|(_, name, _)| name.to_lowercase() == wanted);
        match (found.next(), found.next()) {
            (Some((id, _, hash)), None) => Ok(Some((id, hash))),
            _ => Ok(None),
        }
    }

    /// A player's own password hash (the Xfcc one, which the web sign-in
    /// takes too), if they set one.
    pub fn own_password(&self, id: PlayerId) -> Result<Option<String>> {
        self.conn.opt(
            "SELECT hash FROM xfcc_passwords WHERE player_id = ?1",
            args![id],
            |r| r.get(0),
        )
    }

    /// Whether a player has an Xfcc password.
    pub fn has_xfcc_password(&self, id: PlayerId) -> Result<bool> {
        self.conn.exists(
            "SELECT 1 FROM xfcc_passwords WHERE player_id = ?1",
            args![id],
        )
    }
}

impl Tx<'_> {
    /// Sets (or with `None` removes) a player's Xfcc password hash; the
    /// failed logins and a lock are forgotten.
    pub fn set_xfcc_password(&self, id: PlayerId, hash: Option<&str>) -> Result<()> {
        match hash {
            Some(hash) => self.conn().run(
                "INSERT INTO xfcc_passwords (player_id, hash) VALUES (?1, ?2)
                 ON CONFLICT (player_id) DO UPDATE SET hash = excluded.hash",
                args![id, hash],
            ),
            None => self
                .conn()
                .run("DELETE FROM xfcc_passwords WHERE player_id = ?1", args![id]),
        }?;
        self.conn().run(
            "DELETE FROM pin_locks WHERE player_id = ?1 AND channel = 'xfcc'",
            args![id],
        )?;
        Ok(())
    }
}
