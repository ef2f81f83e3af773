//! Incidents: every refusal, with the raw message as evidence, for the
//! tournament director.

use super::sql::{Row, args};
use std::fmt;
use std::str::FromStr;

use jiff::Timestamp;

use super::{GameId, JournalId, PlayerId, Result, Store, Tx, opt_ts, parsed, secs, ts};

/// What went wrong, as the journal and the director's reports name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IncidentKind {
    Illegal,
    Ambiguous,
    Malformed,
    OutOfTurn,
    WrongNumber,
    UnknownSender,
    Unauthenticated,
    NotYourGame,
    BadPin,
    Desync,
    ClaimRefused,
    ConditionalRefused,
    Undeliverable,
    /// A player of an event sent nothing in any of its games for the
    /// silence period (for the director, who rules on it).
    Silence,
    /// An address was sent its hour's bound of replies: further ones are
    /// withheld (a robot's loop, or a forger's flood).
    Flood,
    /// A radio frame that failed authentication or came from a station
    /// that is not a peer.
    RadioFrame,
    /// The clock sweep ran long after its last run (the system clock jumped,
    /// or the gateway was off): no forfeits until the director confirms the
    /// time (`ccgate clock --confirm-time`).
    ClockJump,
    /// A bridged game's remote server contradicts ccgate's mirror of it (a
    /// move taken back there, or another move at a ply ccgate holds):
    /// nothing more is sent to it until the director has looked.
    RemoteDiverged,
    /// A bridged game's remote server refused the player's move (the
    /// player is told, with the server's reason).
    RemoteRefused,
    /// A player disputes a refusal or a result (`dispute`, in any of the
    /// catalogues' words): the director rules on it.
    Dispute,
}

const KINDS: [(IncidentKind, &str); 20] = [
    (IncidentKind::Illegal, "illegal"),
    (IncidentKind::Ambiguous, "ambiguous"),
    (IncidentKind::Malformed, "malformed"),
    (IncidentKind::OutOfTurn, "out_of_turn"),
    (IncidentKind::WrongNumber, "wrong_number"),
    (IncidentKind::UnknownSender, "unknown_sender"),
    (IncidentKind::Unauthenticated, "unauthenticated"),
    (IncidentKind::NotYourGame, "not_your_game"),
    (IncidentKind::BadPin, "bad_pin"),
    (IncidentKind::Desync, "desync"),
    (IncidentKind::ClaimRefused, "claim_refused"),
    (IncidentKind::ConditionalRefused, "conditional_refused"),
    (IncidentKind::Undeliverable, "undeliverable"),
    (IncidentKind::Silence, "silence"),
    (IncidentKind::Flood, "flood"),
    (IncidentKind::RadioFrame, "radio_frame"),
    (IncidentKind::ClockJump, "clock_jump"),
    (IncidentKind::RemoteDiverged, "remote_diverged"),
    (IncidentKind::RemoteRefused, "remote_refused"),
    (IncidentKind::Dispute, "dispute"),
];

impl IncidentKind {
    /// Every kind's stored name.
    pub fn names() -> impl Iterator<Item = &'static str> {
        KINDS.iter().map(|(_, n)| *n)
    }

    /// The stored name.
    pub fn name(self) -> &'static str {
        KINDS
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("", |(_, n)| n)
    }
}

impl fmt::Display for IncidentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for IncidentKind {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        KINDS
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(k, _)| *k)
            .ok_or_else(|| "not an incident kind".to_string())
    }
}

/// An incident as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incident {
    pub id: i64,
    pub game_id: Option<GameId>,
    pub journal_id: Option<JournalId>,
    pub player_id: Option<PlayerId>,
    pub kind: IncidentKind,
    /// Why, in words.
    pub detail: String,
    /// The protocol line concerned.
    pub text: Option<String>,
    /// The position the move was judged in.
    pub fen: Option<String>,
    pub created_at: Timestamp,
    /// The director's ruling; `None` while the incident is open.
    pub ruling: Option<Ruling>,
}

/// A director's ruling on an incident.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruling {
    pub text: String,
    pub at: Timestamp,
    /// Who was told, as the ruling's notice went out (names, `, `-separated;
    /// empty: nobody).
    pub told: String,
}

/// What to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewIncident {
    pub game_id: Option<GameId>,
    pub journal_id: Option<JournalId>,
    pub player_id: Option<PlayerId>,
    pub kind: IncidentKind,
    pub detail: String,
    pub text: Option<String>,
    pub fen: Option<String>,
}

impl Tx<'_> {
    pub fn record(&self, i: &NewIncident, now: Timestamp) -> Result<i64> {
        self.conn().insert(
            "INSERT INTO incidents (game_id, journal_id, player_id, kind, detail, text, fen, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            args![i.game_id, i.journal_id, i.player_id, i.kind.name(), i.detail, i.text, i.fen, secs(now)],
        )
    }

    /// Records the director's ruling on an incident; false if it was ruled
    /// on already (a ruling stands; a new one is a new incident's).
    pub fn rule(&self, id: i64, text: &str, told: &str, now: Timestamp) -> Result<bool> {
        let changed = self.conn().run(
            "UPDATE incidents SET ruling = ?2, told = ?3, ruled_at = ?4 WHERE id = ?1 AND ruled_at IS NULL",
            args![id, text, told, secs(now)],
        )?;
        Ok(changed == 1)
    }

    /// Closes the open incidents about the held message journaled as
    /// `journal` (the player confirmed it: nothing is left to rule on),
    /// with `text` as their ruling, nobody told.
    pub fn close_incidents_of(&self, journal: JournalId, text: &str, now: Timestamp) -> Result<()> {
        self.conn().run(
            "UPDATE incidents SET ruling = ?2, told = '', ruled_at = ?3 WHERE journal_id = ?1 AND ruled_at IS NULL",
            args![journal, text, secs(now)],
        )?;
        Ok(())
    }
}

const COLUMNS: &str = "id, game_id, journal_id, player_id, kind, detail, text, fen, created_at, ruling, ruled_at, told";

fn row(r: &mut Row) -> Result<Incident> {
    let kind: String = r.get(4)?;
    let ruling = match (r.get::<Option<String>>(9)?, opt_ts(r.get(10)?)?) {
        (Some(text), Some(at)) => Some(Ruling {
            text,
            at,
            told: r.get::<Option<String>>(11)?.unwrap_or_default(),
        }),
        _ => None,
    };
    Ok(Incident {
        id: r.get(0)?,
        game_id: r.get(1)?,
        journal_id: r.get(2)?,
        player_id: r.get(3)?,
        kind: parsed(&kind, "incident kind")?,
        detail: r.get(5)?,
        text: r.get(6)?,
        fen: r.get(7)?,
        created_at: ts(r.get(8)?)?,
        ruling,
    })
}

impl Store {
    /// Incidents, of one game or all, oldest first.
    pub fn incidents(&self, game_id: Option<GameId>) -> Result<Vec<Incident>> {
        match game_id {
            Some(game) => {
                let sql = format!("SELECT {COLUMNS} FROM incidents WHERE game_id = ?1 ORDER BY id");
                self.conn.rows(&sql, args![game], row)
            }
            None => {
                let sql = format!("SELECT {COLUMNS} FROM incidents ORDER BY id");
                self.conn.rows(&sql, args![], row)
            }
        }
    }

    /// The incidents about one player, oldest first.
    pub fn incidents_of_player(&self, player: PlayerId) -> Result<Vec<Incident>> {
        let sql = format!("SELECT {COLUMNS} FROM incidents WHERE player_id = ?1 ORDER BY id");
        self.conn.rows(&sql, args![player], row)
    }

    /// One incident.
    pub fn incident(&self, id: i64) -> Result<Option<Incident>> {
        let sql = format!("SELECT {COLUMNS} FROM incidents WHERE id = ?1");
        self.conn.opt(&sql, args![id], row)
    }
}
