//! The capability keys in players' links: `ID-MAC`, the MAC of the id
//! under the store's web secret. The outbox writes them into notices; the
//! web pages check them.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::store::PlayerId;

/// The bytes of a key's MAC kept (128 bits: not guessable, short in a link).
const KEY_BYTES: usize = 16;

/// A player's capability key: `ID-MAC`, the MAC of the id under the
/// store's web secret. It opens that player's pages and their events'
/// pages; it is checked by recomputing, so nothing per player is stored.
pub fn player_key(secret: &[u8], player: PlayerId) -> String {
    let mac = mac(secret, player).finalize().into_bytes();
    let hex: String = mac[..KEY_BYTES]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("{}-{hex}", player.0)
}

fn mac(secret: &[u8], player: PlayerId) -> Hmac<Sha256> {
    // HMAC takes a key of any length, so this cannot fail.
    let mut m = <Hmac<Sha256> as Mac>::new_from_slice(secret)
        .unwrap_or_else(|_| unreachable!("HMAC accepts every key length"));
    m.update(b"ccgate web key for player ");
    m.update(player.0.to_string().as_bytes());
    m
}

/// The player a key opens, if it is genuine (compared in constant time).
pub fn key_holder(secret: &[u8], key: &str) -> Option<PlayerId> {
    let (id, hex) = key.trim().split_once('-')?;
    let id = PlayerId(id.parse().ok()?);
    if hex.len() != 2 * KEY_BYTES || !hex.is_ascii() {
        return None;
    }
    let bytes: Vec<u8> = (0..KEY_BYTES)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
        .collect::<Option<_>>()?;
    mac(secret, id).verify_truncated_left(&bytes).ok()?;
    Some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_open_their_holders_pages_only() {
        let secret = b"0123456789abcdef0123456789abcdef";
        let key = player_key(secret, PlayerId(7));
        assert_eq!(key_holder(secret, &key), Some(PlayerId(7)));
        // Another id with the same MAC, a changed MAC, another secret,
        // and junk are all refused.
        let (_, mac) = key.split_once('-').unwrap();
        assert_eq!(key_holder(secret, &format!("8-{mac}")), None);
        let mut flipped = key.clone().into_bytes();
        let last = flipped.len() - 1;
        flipped[last] = if flipped[last] == b'0' { b'1' } else { b'0' };
        assert_eq!(
            key_holder(secret, std::str::from_utf8(&flipped).unwrap()),
            None
        );
        assert_eq!(key_holder(b"another secret", &key), None);
        for junk in [
            "",
            "-",
            "7-",
            "x-00",
            "7-zz",
            "7-é0000000000000000000000000000000",
        ] {
            assert_eq!(key_holder(secret, junk), None, "{junk:?}");
        }
    }
}
