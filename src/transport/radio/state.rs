//! The link state between runs: the radio transport's encoding of a
//! [`LinkState`] (JSON in the store's `radio_links` row), and the journal id
//! of a position in a peer's stream. The SQL stays in `store::radio`.

use jiff::Timestamp;

use super::frame::Callsign;
use super::link::LinkState;
use crate::store::{self, Store, Tx};

/// The journal's transport id of the message at `pos` in `peer`'s stream
/// to `me`: a repeat after a crash is the same message.
pub fn message_id(peer: Callsign, me: Callsign, pos: u32) -> String {
    format!("{peer}>{me}#{pos}")
}

/// The saved state of the link from `me` to `peer`, if any.
pub fn load(store: &Store, me: Callsign, peer: Callsign) -> Result<Option<LinkState>, String> {
    let json = store
        .load_link(&me.to_string(), &peer.to_string())
        .map_err(|e| e.to_string())?;
    json.map(|j| {
        serde_json::from_str(&j).map_err(|e| format!("saved state of the link to {peer}: {e}"))
    })
    .transpose()
}

/// The state in the store's form, made before the store is called.
pub fn encode(state: &LinkState) -> Result<String, String> {
    serde_json::to_string(state).map_err(|e| e.to_string())
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
