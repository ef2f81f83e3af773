//! The Xfcc bridge's mirror: remote games and the local games that stand
//! for them, the plies each remote has shown, and the player's moves on
//! their way there.

use jiff::Timestamp;

use super::sql::{Row, args};
use super::{BridgeId, GameId, JournalId, PlayerId, Result, Store, StoreError, Tx, secs};

/// A remote game as mirrored: the account it is seen through and the local
/// game that stands for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bridged {
    pub id: BridgeId,
    pub url: String,
    pub username: String,
    pub remote_id: i64,
    pub player: PlayerId,
    pub game: GameId,
    /// The remote contradicted the mirror: nothing is sent any more until
    /// the director has looked.
    pub diverged: bool,
}

/// Where a move of the player's is on its way to the remote server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutboundState {
    /// Journaled with the player's message, not yet sent.
    Queued,
    /// Sent at least once; confirmed only by the remote's list of moves.
    Sent,
    /// The remote lists it.
    Confirmed,
    /// The remote refused it (the reason is kept).
    Refused,
}

impl OutboundState {
    fn name(self) -> &'static str {
        match self {
            OutboundState::Queued => "queued",
            OutboundState::Sent => "sent",
            OutboundState::Confirmed => "confirmed",
            OutboundState::Refused => "refused",
        }
    }

    fn parse(text: &str) -> Result<OutboundState> {
        [
            OutboundState::Queued,
            OutboundState::Sent,
            OutboundState::Confirmed,
            OutboundState::Refused,
        ]
        .into_iter()
        .find(|s| s.name() == text)
        .ok_or_else(|| StoreError::Unreadable(format!("outbound state {text:?}")))
    }
}

/// A move of the player's for a remote game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outbound {
    /// Its ply, 0 for White's first move (as the remote counts).
    pub ply: u32,
    /// SAN, as it is sent.
    pub san: String,
    pub journal_id: Option<JournalId>,
    pub state: OutboundState,
    pub attempts: u32,
    pub reason: Option<String>,
}

const BRIDGED: &str = "id, url, username, remote_id, player_id, game_id, diverged_at";

fn bridged(r: &mut Row) -> Result<Bridged> {
    Ok(Bridged {
        id: r.get(0)?,
        url: r.get(1)?,
        username: r.get(2)?,
        remote_id: r.get(3)?,
        player: r.get(4)?,
        game: r.get(5)?,
        diverged: r.get::<Option<i64>>(6)?.is_some(),
    })
}

impl Store {
    /// The mirror of remote game `remote_id` seen through an account.
    pub fn bridged(&self, url: &str, username: &str, remote_id: i64) -> Result<Option<Bridged>> {
        self.conn.opt(
            &format!(
                "SELECT {BRIDGED} FROM xfcc_games WHERE url = ?1 AND username = ?2 AND remote_id = ?3"
            ),
            args![url, username, remote_id],
            bridged,
        )
    }

    /// The remote game a local game stands for, if it is bridged.
    pub fn bridge_of_game(&self, game: GameId) -> Result<Option<Bridged>> {
        self.conn.opt(
            &format!("SELECT {BRIDGED} FROM xfcc_games WHERE game_id = ?1"),
            args![game],
            bridged,
        )
    }

    /// The plies the remote has shown, in order.
    pub fn bridge_plies(&self, id: BridgeId) -> Result<Vec<String>> {
        self.conn.rows(
            "SELECT san FROM xfcc_plies WHERE xfcc_game = ?1 ORDER BY ply",
            args![id],
            |r| r.get(0),
        )
    }

    /// Every move of the player's for the game, in order.
    pub fn outbound(&self, id: BridgeId) -> Result<Vec<Outbound>> {
        self.conn.rows(
            "SELECT ply, san, journal_id, state, attempts, reason FROM xfcc_outbound
             WHERE xfcc_game = ?1 ORDER BY ply",
            args![id],
            |r| {
                Ok(Outbound {
                    ply: r.get(0)?,
                    san: r.get(1)?,
                    journal_id: r.get(2)?,
                    state: OutboundState::parse(&r.get::<String>(3)?)?,
                    attempts: r.get(4)?,
                    reason: r.get(5)?,
                })
            },
        )
    }

    /// The move on its way (queued or sent), if any.
    pub fn pending_outbound(&self, id: BridgeId) -> Result<Option<Outbound>> {
        Ok(self
            .outbound(id)?
            .into_iter()
            .find(|o| matches!(o.state, OutboundState::Queued | OutboundState::Sent)))
    }
}

impl Tx<'_> {
    /// Mirrors a remote game by the local game `game` of `player`.
    pub fn add_bridged(
        &self,
        (url, username, remote_id): (&str, &str, i64),
        player: PlayerId,
        game: GameId,
        now: Timestamp,
    ) -> Result<BridgeId> {
        self.conn().insert(
            "INSERT INTO xfcc_games (url, username, remote_id, player_id, game_id, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![url, username, remote_id, player, game, secs(now)],
        )
    }

    /// A ply the remote showed.
    pub fn add_bridge_ply(&self, id: BridgeId, ply: u32, san: &str) -> Result<()> {
        self.conn().run(
            "INSERT INTO xfcc_plies (xfcc_game, ply, san) VALUES (?1, ?2, ?3)",
            args![id, ply, san],
        )?;
        Ok(())
    }

    /// The player's move, journaled by `journal_id`, queued for the remote.
    /// A move refused earlier at the same ply gives way to it.
    pub fn queue_outbound(
        &self,
        id: BridgeId,
        (ply, san): (u32, &str),
        journal_id: Option<JournalId>,
        now: Timestamp,
    ) -> Result<()> {
        self.conn().run(
            "DELETE FROM xfcc_outbound WHERE xfcc_game = ?1 AND ply = ?2 AND state = 'refused'",
            args![id, ply],
        )?;
        self.conn().run(
            "INSERT INTO xfcc_outbound (xfcc_game, ply, san, journal_id, state, updated_at)
             VALUES (?1, ?2, ?3, ?4, 'queued', ?5)",
            args![id, ply, san, journal_id, secs(now)],
        )?;
        Ok(())
    }

    /// Moves the player's move at `ply` to `state`; a send counts an
    /// attempt, a refusal keeps its reason.
    pub fn set_outbound(
        &self,
        id: BridgeId,
        ply: u32,
        state: OutboundState,
        reason: Option<&str>,
        now: Timestamp,
    ) -> Result<()> {
        let sent = i64::from(state == OutboundState::Sent);
        self.conn().run(
            "UPDATE xfcc_outbound SET state = ?3, attempts = attempts + ?4,
             reason = coalesce(?5, reason), updated_at = ?6
             WHERE xfcc_game = ?1 AND ply = ?2",
            args![id, ply, state.name(), sent, reason, secs(now)],
        )?;
        Ok(())
    }

    /// The remote contradicted the mirror.
    pub fn set_diverged(&self, id: BridgeId, now: Timestamp) -> Result<()> {
        self.conn().run(
            "UPDATE xfcc_games SET diverged_at = ?2 WHERE id = ?1",
            args![id, secs(now)],
        )?;
        Ok(())
    }
}
