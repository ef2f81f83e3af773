//! Players' names as every listing shows them.

use crate::store::{PlayerId, Store};

/// The player's name, or `#ID` for a player the store no longer has (or
/// cannot read now): a listing still shows the row.
pub fn name_of(store: &Store, id: PlayerId) -> String {
    store
        .player(id)
        .ok()
        .flatten()
        .map_or_else(|| format!("#{id}"), |p| p.name)
}
