//! The link state between runs: the radio transport's encoding of a
//! [`LinkState`] (JSON in the store's `radio_links` row), and the journal id
//! of a position in a peer's stream. The SQL stays in `store::radio`.

use jiff::Timestamp;

use super::frame::Callsign;
use super::link::LinkState;
use crate::store::{self, Store, StoreError, Tx};

/// Why a link's state could not be read or put in the store's form.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("saved state of the link to {peer}: {source}")]
    Unreadable {
        peer: Callsign,
        source: serde_json::Error,
    },
    #[error("{0}")]
    Encode(serde_json::Error),
}

/// The journal's transport id of the message at `pos` in `peer`'s stream
/// to `me`: a repeat after a crash is the same message.
pub fn message_id(peer: Callsign, me: Callsign, pos: u32) -> String {
    format!("{peer}>{me}#{pos}")
}

/// The saved state of the link from `me` to `peer`, if any.
pub fn load(store: &Store, me: Callsign, peer: Callsign) -> Result<Option<LinkState>, StateError> {
    let json = store.load_link(&me.to_string(), &peer.to_string())?;
    json.map(|j| serde_json::from_str(&j).map_err(|source| StateError::Unreadable { peer, source }))
        .transpose()
}

/// The state in the store's form, made before the store is called.
pub fn encode(state: &LinkState) -> Result<String, StateError> {
    serde_json::to_string(state).map_err(StateError::Encode)
}

/// Saves an encoded state in the transaction `tx`.
pub fn save(
    tx: &Tx<'_>,
    me: Callsign,
    peer: Callsign,
    json: &str,
    now: Timestamp,
) -> store::Result<()> {
    tx.save_link(&me.to_string(), &peer.to_string(), json, now)
}
