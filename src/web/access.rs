//! Who is looking: the holder of a link's capability key, the viewer's
//! notation and language, and what each page may show them. Pure: the
//! handlers bring the cookies, the query and the store's rows.

use crate::notation::{Lang, Notation};
use crate::store::{PlayerId, Visibility};

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
