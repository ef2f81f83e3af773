//! The pages' HTML, from compile-time-checked maud templates. maud escapes
//! every interpolated string; text from outside (names, events) also has its
//! control characters written out ([`outside`]), so nothing a player typed
//! becomes markup or an invisible character.

use maud::{DOCTYPE, Markup, PreEscaped, html};
use shakmaty::Color;

use super::access::Prefs;
use super::view::{EventView, GameView, PlayerView};
use crate::escape::shown;
use crate::notation::{Lang, Notation};
use crate::protocol::l10n::{self, Form, Reader};

/// Text that came from outside, ready for maud to escape.
pub(super) fn outside(text: &str) -> String {
    shown(text, false).into_owned()
}

/// A path segment: percent-encoded, so a name cannot end the path.
pub fn segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The words of the layout.
struct LayoutWords {
    home: String,
    notation: String,
    language: String,
    show: String,
}

fn layout_words(lang: Lang) -> LayoutWords {
    LayoutWords {
        home: t(lang, "page-events"),
        notation: t(lang, "page-notation"),
        language: t(lang, "page-language"),
        show: t(lang, "page-show"),
    }
}

/// A word of the pages in `lang`, from the catalogue.
fn t(lang: Lang, id: &str) -> String {
    l10n::plain(Reader::new(lang, Form::Full), id)
}

/// A colour's name, capitalised as it starts a line of the page.
fn color_name(lang: Lang, c: Color) -> String {
    let name = l10n::color(Reader::new(lang, Form::Full), c);
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Every page: the head, the stylesheet, the notation form and the body.
pub(super) fn layout(title: &str, prefs: Prefs, body: Markup) -> Markup {
    let w = layout_words(prefs.lang);
    html! {
        (DOCTYPE)
        html lang=(prefs.lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " — ccgate" }
                link rel="stylesheet" href="/style.css";
            }
            body {
                header {
                    nav { a href="/" { (w.home) } }
                    form method="get" class="prefs" {
                        label for="notation" { (w.notation) }
                        select id="notation" name="notation" {
                            @for n in Notation::ALL {
                                option value=(n.name()) selected[n == prefs.notation] { (n.name()) }
                            }
                        }
                        label for="lang" { (w.language) }
                        select id="lang" name="lang" {
                            @for l in Lang::ALL {
                                option value=(l.code()) selected[*l == prefs.lang] { (l.name()) }
                            }
                        }
                        button type="submit" { (w.show) }
                    }
                }
                main { (body) }
            }
        }
    }
}

struct GameWords {
    game: String,
    first: String,
    previous: String,
    next: String,
    last: String,
    to_move: String,
    result: String,
    draw_offered: String,
    clocks: String,
    days_used: String,
    days_left: String,
    unlimited: String,
    deadline: String,
    record: String,
    no_moves: String,
    round: String,
    board: String,
    position_after: String,
    start: String,
}

fn game_words(lang: Lang) -> GameWords {
    GameWords {
        game: t(lang, "page-game"),
        first: t(lang, "page-first"),
        previous: t(lang, "page-previous"),
        next: t(lang, "page-next"),
        last: t(lang, "page-last"),
        to_move: t(lang, "page-to-move"),
        result: t(lang, "page-result"),
        draw_offered: t(lang, "page-draw-offered"),
        clocks: t(lang, "page-clocks"),
        days_used: t(lang, "page-days-used"),
        days_left: t(lang, "page-days-left"),
        unlimited: t(lang, "page-unlimited"),
        deadline: t(lang, "page-deadline"),
        record: t(lang, "page-moves"),
        no_moves: t(lang, "page-no-moves"),
        round: t(lang, "page-round"),
        board: t(lang, "page-board"),
        position_after: t(lang, "page-position-after"),
        start: t(lang, "page-start"),
    }
}

pub fn game(v: &GameView, prefs: Prefs, play: Option<Markup>) -> Markup {
    let w = game_words(prefs.lang);
    let [white, black] = [outside(&v.names[0]), outside(&v.names[1])];
    let title = format!("{} {}: {white} – {black}", w.game, v.id);
    let at = |ply: u32| format!("/games/{}?ply={ply}", v.id);
    let step = |label: &str, ply: Option<u32>| {
        html! {
            @match ply {
                Some(p) => a href=(at(p)) rel=[(label == w.next).then_some("next")] { (label) },
                None => span class="off" { (label) },
            }
        }
    };
    let before = v.ply.checked_sub(1);
    let after = (v.ply < v.last_ply).then_some(v.ply + 1);
    let body = html! {
        h1 { (title) }
        @if let Some(e) = &v.event {
            p class="event" {
                a href=(format!("/events/{}", e.id)) { (outside(&e.name)) }
                ", " (w.round) " " (e.round) ", " (w.board) " " (e.board) " · " (v.time_control)
            }
        }
        div class="game" {
            figure class="board" {
                (PreEscaped(&*v.svg))
                figcaption {
                    @if v.ply == 0 { (w.start) } @else { (w.position_after) " " (v.ply) }
                }
            }
            div class="side" {
                nav class="steps" aria-label="Moves" {
                    (step(&w.first, (v.ply > 0).then_some(0)))
                    (step(&w.previous, before))
                    (step(&w.next, after))
                    (step(&w.last, (v.ply < v.last_ply).then_some(v.last_ply)))
                }
                @if let Some(result) = &v.result {
                    p class="result" {
                        (w.result) ": " strong { (result) }
                        @if let Some(reason) = &v.reason { " (" (outside(reason)) ")" }
                    }
                }
                @if let Some(side) = v.to_move {
                    p class="turn" { (color_name(prefs.lang, side)) " " (w.to_move) }
                }
                @if let Some(side) = v.draw_offer {
                    p class="offer" { (color_name(prefs.lang, side)) " " (w.draw_offered) }
                }
                h2 { (w.clocks) }
                table class="clocks" {
                    tbody {
                        @for c in &v.clocks {
                            tr class=[c.running.then_some("running")] {
                                th scope="row" { (color_name(prefs.lang, c.color)) ": " (outside(&c.name)) }
                                td { (c.days_used) " " (w.days_used) }
                                td {
                                    @match c.days_left {
                                        Some(d) => { (d) " " (w.days_left) },
                                        None => (w.unlimited),
                                    }
                                }
                                td { @if let Some(d) = &c.deadline { (w.deadline) " " (d) } }
                            }
                        }
                    }
                }
                h2 { (w.record) }
                @if v.moves.is_empty() {
                    p { (w.no_moves) }
                } @else {
                    ol class="record" {
                        @for m in &v.moves {
                            li {
                                @if let Some(n) = &m.number { span class="num" { (n) } " " }
                                @if m.ply == v.ply {
                                    a href=(at(m.ply)) aria-current="step" { (m.text) }
                                } @else {
                                    a href=(at(m.ply)) { (m.text) }
                                }
                            }
                        }
                    }
                }
            }
        }
        @if let Some(play) = play { (play) }
    };
    layout(&title, prefs, body)
}

struct EventWords {
    rank: String,
    player: String,
    score: String,
    wins: String,
    sb: String,
    withdrawn: String,
    rules: String,
    caption: String,
}

fn event_words(lang: Lang) -> EventWords {
    EventWords {
        rank: t(lang, "page-rank"),
        player: t(lang, "page-player"),
        score: t(lang, "page-score"),
        wins: t(lang, "page-wins"),
        sb: t(lang, "page-sb"),
        withdrawn: t(lang, "page-withdrawn"),
        rules: t(lang, "page-tie-breaks"),
        caption: t(lang, "page-crosstable"),
    }
}

pub fn event(v: &EventView, prefs: Prefs) -> Markup {
    let w = event_words(prefs.lang);
    let name = outside(&v.name);
    let body = html! {
        h1 { (name) }
        p { (v.time_control) " · " (w.rules) " " (v.rules) }
        table class="crosstable" {
            caption { (w.caption) }
            thead {
                tr {
                    th scope="col" { (w.rank) }
                    th scope="col" { "#" }
                    th scope="col" { (w.player) }
                    @for (i, seat) in v.seats.iter().enumerate() {
                        th scope="col" title=(outside(seat)) { (i + 1) }
                    }
                    th scope="col" { (w.score) }
                    th scope="col" { (w.wins) }
                    th scope="col" { (w.sb) }
                }
            }
            tbody {
                @for l in &v.lines {
                    tr {
                        td { (l.rank) }
                        td { (l.seat) }
                        th scope="row" {
                            a href=(format!("/players/{}", segment(&l.name))) { (outside(&l.name)) }
                            @if l.withdrawn { " (" (w.withdrawn) ")" }
                        }
                        @for cell in &l.cells {
                            @match cell {
                                None => td class="self" { "×" },
                                Some(games) => td {
                                    @for (mark, id) in games {
                                        a href=(format!("/games/{id}")) { (mark) }
                                    }
                                },
                            }
                        }
                        td { (l.score) }
                        td { (l.wins) }
                        td { (l.sonneborn_berger) }
                    }
                }
            }
        }
    };
    layout(&name, prefs, body)
}

struct PlayerWords {
    games: String,
    opponent: String,
    colour: String,
    event: String,
    state: String,
    your_move: String,
    waiting: String,
    deadline: String,
    none: String,
}

fn player_words(lang: Lang) -> PlayerWords {
    PlayerWords {
        games: t(lang, "page-games"),
        opponent: t(lang, "page-opponent"),
        colour: t(lang, "page-colour"),
        event: t(lang, "page-event"),
        state: t(lang, "page-state"),
        your_move: t(lang, "page-your-move"),
        waiting: t(lang, "page-waiting"),
        deadline: t(lang, "page-deadline-col"),
        none: t(lang, "page-no-games"),
    }
}

pub fn player(v: &PlayerView, prefs: Prefs) -> Markup {
    let w = player_words(prefs.lang);
    let name = outside(&v.name);
    let body = html! {
        h1 { (name) }
        h2 { (w.games) }
        @if v.games.is_empty() {
            p { (w.none) }
        } @else {
            table class="games" {
                thead {
                    tr {
                        th scope="col" { "#" }
                        th scope="col" { (w.colour) }
                        th scope="col" { (w.opponent) }
                        th scope="col" { (w.event) }
                        th scope="col" { (w.state) }
                        th scope="col" { (w.deadline) }
                    }
                }
                tbody {
                    @for g in &v.games {
                        tr {
                            td { a href=(format!("/games/{}", g.id)) { (g.id) } }
                            td { (color_name(prefs.lang, g.color)) }
                            td { (outside(&g.opponent)) }
                            td { @if let Some(e) = &g.event { (outside(e)) } }
                            td {
                                @match &g.result {
                                    Some(r) => (r),
                                    None => @if g.their_move { strong { (w.your_move) } } @else { (w.waiting) },
                                }
                            }
                            td { @if let Some(d) = &g.deadline { (d) } }
                        }
                    }
                }
            }
        }
    };
    layout(&name, prefs, body)
}

pub fn index(events: &[(i64, String)], prefs: Prefs) -> Markup {
    let body = html! {
        h1 { "ccgate" }
        ul {
            @for (id, name) in events {
                li { a href=(format!("/events/{id}")) { (outside(name)) } }
            }
        }
    };
    layout(&t(prefs.lang, "page-events"), prefs, body)
}

/// The page for a page that is not there (or hidden from the viewer).
pub fn not_found(prefs: Prefs) -> Markup {
    let text = t(prefs.lang, "page-not-found");
    layout(&text, prefs, html! { h1 { (text) } p { "404" } })
}
