//! Playing on a game page: a signed-in player viewing one of their games
//! in progress gets a form for one line in the grammar of a mail (a move
//! in any notation they read, `draw?`, `if …`, `resign`, `claim`, `accept`,
//! `decline`, `leave 10`), a box to offer a draw, and buttons for what
//! applies. The form is posted as a message of channel `web` through
//! `service::submit`: journaled, read and answered as a mail would be. The
//! answers to the sender are shown on the game page the post leads back to.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use maud::{Markup, html};
use serde::Deserialize;
use shakmaty::Color;

use super::access::Prefs;
use super::form::{Acting, see_other};
use super::pages::outside;
use super::signin::{FORM_LIMIT, Seat, said, signin_link, t};
use super::{Web, failure, id_of};
use crate::protocol::address::Channel;
use crate::service::{self, Processed};
use crate::store::{self, GameId, ReplyId, Store};

/// The most answers one page shows (a message's replies to its sender).
const MOST_ANSWERS: usize = 8;

pub fn routes() -> axum::Router<Web> {
    use axum::extract::DefaultBodyLimit;
    use axum::routing::post;
    axum::Router::new()
        .route("/games/{id}/play", post(play))
        .layer(DefaultBodyLimit::max(FORM_LIMIT))
}

/// The answers a post led to, from the page's query (`answered=12.13`):
/// reply ids, the rest ignored.
pub(super) fn answered(query: Option<&str>) -> Vec<ReplyId> {
    query
        .unwrap_or_default()
        .split('.')
        .filter_map(id_of)
        .map(ReplyId)
        .take(MOST_ANSWERS)
        .collect()
}

/// What the game page shows of play: for the signed-in player of a game in
/// progress, the answers to their last post and the form; for anyone else
/// of a game in progress, the way to sign in; nothing for a game over
/// (but the answers to the post that ended it).
pub(super) fn form(
    store: &Store,
    seat: Option<&Seat>,
    game: GameId,
    answered: &[ReplyId],
    prefs: Prefs,
) -> store::Result<Option<Markup>> {
    let Some(row) = store.game(game)? else {
        return Ok(None);
    };
    let Some(seat) = seat else {
        return Ok((!row.finished).then(|| {
            let here = format!("/games/{}", game.0);
            html! { p class="play" { a href=(signin_link(Some(&here))) { (t(prefs, "play-sign-in")) } } }
        }));
    };
    let me = seat.player.id;
    let color = if row.white == me {
        Color::White
    } else if row.black == me {
        Color::Black
    } else {
        return Ok(None);
    };
    // Only the player's own answers, on the web: an id typed into the
    // query shows nothing of anyone else's.
    let mut answers = Vec::new();
    for id in answered {
        if let Some(r) = store.reply(*id)?
            && r.channel == Channel::Web
            && r.player_id == Some(me)
        {
            answers.push(r.body);
        }
    }
    let offered = row.draw_offer == Some(!color);
    let submission = service::random_hex();
    Ok(Some(html! {
        section class="play" {
            h2 { (t(prefs, "play-title")) }
            @for a in &answers {
                div class="answer" role="status" {
                    @for line in a.lines() { p { (outside(line)) } }
                }
            }
            @if !row.finished {
                form method="post" action=(format!("/games/{}/play", game.0)) {
                    input type="hidden" name="csrf" value=(seat.csrf);
                    input type="hidden" name="submission" value=(submission);
                    p {
                        label for="line" { (t(prefs, "play-line")) }
                        input id="line" name="line" type="text" autocomplete="off";
                    }
                    p {
                        input id="offer_draw" name="offer_draw" type="checkbox" value="on";
                        label for="offer_draw" { (t(prefs, "play-offer-draw")) }
                    }
                    p {
                        button type="submit" name="action" value="line" { (t(prefs, "play-send")) }
                        @if offered {
                            " "
                            button type="submit" name="action" value="accept" { (t(prefs, "play-accept")) }
                            " "
                            button type="submit" name="action" value="decline" { (t(prefs, "play-decline")) }
                        }
                        " "
                        button type="submit" name="action" value="resign" { (t(prefs, "play-resign")) }
                    }
                }
            }
            form method="post" action="/signout" {
                input type="hidden" name="csrf" value=(seat.csrf);
                (outside(&seat.player.name)) " "
                a href="/account" { (t(prefs, "account-title")) } " "
                button type="submit" { (t(prefs, "play-sign-out")) }
            }
        }
    }))
}

#[derive(Deserialize)]
struct PlayForm {
    #[serde(default)]
    line: String,
    offer_draw: Option<String>,
    #[serde(default)]
    action: String,
    #[serde(default)]
    submission: String,
}

/// The line a form's button stands for; the text field's for `line`.
fn line_of(form: &PlayForm) -> &str {
    match form.action.as_str() {
        "accept" => "accept",
        "decline" => "decline",
        "resign" => "resign",
        _ => &form.line,
    }
}

/// The form's submission id if it is one the page made (hex, 64 digits),
/// else a fresh one: a form sent twice is one message, and a forged id
/// names nothing of anyone else's (the journal's ids are per sender).
fn submission_of(given: &str) -> String {
    if given.len() == 64 && given.bytes().all(|b| b.is_ascii_hexdigit()) {
        given.to_ascii_lowercase()
    } else {
        service::random_hex()
    }
}

/// What a post did: played (the message processed), or refused unread.
enum Posted {
    Played(Processed),
    NotYours,
}

async fn play(
    State(web): State<Web>,
    Path(id): Path<String>,
    a: Acting<Seat, PlayForm>,
) -> Response {
    let prefs = a.by.prefs;
    let Some(id) = id_of(&id).map(GameId) else {
        return said(prefs, "play-not-yours", StatusCode::NOT_FOUND);
    };
    let line = line_of(&a.form).to_string();
    let offer_draw = a.form.offer_draw.is_some() && a.form.action == "line";
    let submission = submission_of(&a.form.submission);
    let player = a.by.player;
    let rules = web.port.rules;
    let now = crate::now::now();
    let posted = web
        .port
        .with_service(move |s| {
            // The page's game must be the player's: a form for another game
            // is no message of theirs, and nothing is journaled.
            let theirs = s
                .game(id)?
                .is_some_and(|g| g.white == player.id || g.black == player.id);
            if !theirs {
                return Ok(Posted::NotYours);
            }
            let text = service::web_text(&player, id, &line, offer_draw);
            let msg = service::web_message(&player, text, &submission, rules);
            service::submit(s, &msg, now).map(Posted::Played)
        })
        .await;
    match posted {
        Ok(Posted::Played(p)) => {
            web.port.processed(Channel::Web, &p);
            let shown: Vec<String> = p
                .replies
                .iter()
                .filter(|r| r.channel == Channel::Web)
                .map(|r| r.id.0.to_string())
                .collect();
            let to = if p.duplicate || shown.is_empty() {
                format!("/games/{}", id.0)
            } else {
                format!("/games/{}?answered={}", id.0, shown.join("."))
            };
            see_other(&to)
        }
        Ok(Posted::NotYours) => said(prefs, "play-not-yours", StatusCode::NOT_FOUND),
        Err(e) => failure(&e),
    }
}
