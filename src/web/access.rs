//! Who is looking: the capability keys in players' links, the viewer's
//! notation and language, and what each page may show them. Pure: the
//! handlers bring the cookies, the query and the store's rows.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::notation::{Lang, Notation};
use crate::store::{PlayerId, Visibility};

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

/// The viewer of a page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Viewer {
    /// The player whose key came with the request.
    pub player: Option<PlayerId>,
}

impl Viewer {
    /// Whether an event's pages (and its games') may be shown: public
    /// events to everyone, the others to their players.
    pub fn may_see_event(&self, visibility: Visibility, seats: &[PlayerId]) -> bool {
        match visibility {
            Visibility::Public => true,
            Visibility::Players => self.player.is_some_and(|p| seats.contains(&p)),
        }
    }

    /// Whether a game may be shown: through its event's visibility, and a
    /// game outside any event to its two players only.
    pub fn may_see_game(
        &self,
        players: [PlayerId; 2],
        event: Option<(Visibility, &[PlayerId])>,
    ) -> bool {
        match event {
            Some((visibility, seats)) => self.may_see_event(visibility, seats),
            None => self.player.is_some_and(|p| players.contains(&p)),
        }
    }
}

/// The page's notation and language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prefs {
    pub notation: Notation,
    pub lang: Lang,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            notation: Notation::San,
            lang: Lang::En,
        }
    }
}

/// The page's notation and language: the query's, else the cookie's, else
/// the viewer's stored preferences, else SAN in English. Unknown values
/// are ignored (a stale bookmark still shows the page).
pub fn prefs(query: [Option<&str>; 2], cookie: [Option<&str>; 2], stored: Option<Prefs>) -> Prefs {
    let base = stored.unwrap_or_default();
    let pick = |i: usize| query[i].or(cookie[i]);
    Prefs {
        notation: pick(0)
            .and_then(|s| s.parse().ok())
            .unwrap_or(base.notation),
        lang: pick(1).and_then(|s| s.parse().ok()).unwrap_or(base.lang),
    }
}

/// A cookie's value from a `Cookie` header.
pub fn cookie<'a>(header: &'a str, name: &str) -> Option<&'a str> {
    header
        .split(';')
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
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

    #[test]
    fn players_only_events_are_shown_to_their_players() {
        let seats = [PlayerId(1), PlayerId(2)];
        let stranger = Viewer::default();
        let player = Viewer {
            player: Some(PlayerId(2)),
        };
        assert!(stranger.may_see_event(Visibility::Public, &seats));
        assert!(!stranger.may_see_event(Visibility::Players, &seats));
        assert!(player.may_see_event(Visibility::Players, &seats));
        // A game outside events: its players only.
        assert!(!stranger.may_see_game(seats, None));
        assert!(player.may_see_game(seats, None));
    }

    #[test]
    fn query_beats_cookie_beats_stored() {
        let stored = Prefs {
            notation: Notation::Iccf,
            lang: Lang::De,
        };
        assert_eq!(prefs([None, None], [None, None], Some(stored)), stored);
        let p = prefs([Some("lan"), None], [Some("uci"), Some("ru")], Some(stored));
        assert_eq!((p.notation, p.lang), (Notation::Lan, Lang::Ru));
        let p = prefs([Some("<b>"), Some("xx")], [None, None], None);
        assert_eq!(p, Prefs::default());
        assert_eq!(
            cookie("a=1; notation=iccf;lang=de", "notation"),
            Some("iccf")
        );
        assert_eq!(cookie("a=1", "lang"), None);
    }
}
