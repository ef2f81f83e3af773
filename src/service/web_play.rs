//! What a signed-in player's form on the web sends: the line of a game
//! page made a message of channel `web`, read as a mail's lines are.

use super::moves::table_of;
use super::{Auth, Inbound, Rules};
use crate::protocol::address::Channel;
use crate::protocol::grammar::{self, Body, Profile};
use crate::store::{GameId, Player};

/// The text a game page's line stands for: one line (a field posted with
/// line breaks is still one), with a draw offer when the box was ticked,
/// and given the page's game when it is about a game and names none. A
/// line that names its own game, or a player's command (`leave 10`),
/// stays as written: the service checks the game is the sender's as for
/// any message.
pub fn web_text(player: &Player, game: GameId, line: &str, offer_draw: bool) -> String {
    let line: String = line
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let line = match (offer_draw, line.trim()) {
        (true, l) => format!("{l} draw?"),
        (false, l) => l.to_string(),
    };
    let profile = Profile {
        lang: player.lang,
        table: table_of(player.notation),
    };
    let own = grammar::parse_message(&line, &profile)
        .first()
        .is_some_and(|l| {
            l.game.is_some() || matches!(l.body, Body::Command(c) if !c.is_game_command())
        });
    if own {
        line.trim().to_string()
    } else {
        format!("{game} {}", line.trim())
    }
}

/// A web form's text as the message the service reads: from the signed-in
/// player (by the session, never by a field of the form), under the form's
/// own submission id, so a form sent twice is one message.
pub fn web_message(player: &Player, text: String, submission: &str, rules: Rules) -> Inbound {
    Inbound {
        thread: Vec::new(),
        channel: Channel::Web,
        from: player.name.clone(),
        transport_id: Some(format!("web-{submission}")),
        raw: text.clone().into_bytes(),
        text,
        auth: Auth::SignedIn(player.id),
        rules,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Lang;

    fn anna() -> Player {
        let mut p = super::super::decision::fixture::player(1, "Anna");
        p.lang = Lang::De;
        p
    }

    #[test]
    fn a_line_is_given_the_page_s_game_unless_it_names_its_own_or_none_is_meant() {
        let (p, g) = (anna(), GameId(7));
        assert_eq!(web_text(&p, g, " Sf3 ", false), "7 Sf3");
        assert_eq!(web_text(&p, g, "Sf3", true), "7 Sf3 draw?");
        assert_eq!(web_text(&p, g, "resign", false), "7 resign");
        assert_eq!(web_text(&p, g, "", true), "7 draw?");
        assert_eq!(web_text(&p, g, "12 Sf3", false), "12 Sf3");
        assert_eq!(web_text(&p, g, "leave 10", false), "leave 10");
        assert_eq!(web_text(&p, g, "e4\nresign", false), "7 e4 resign");
        assert_eq!(web_text(&p, g, "zz9", false), "7 zz9");
    }
}
