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
    home: &'static str,
    notation: &'static str,
    language: &'static str,
    show: &'static str,
}

fn layout_words(_lang: Lang) -> LayoutWords {
    LayoutWords {
        home: "Events",
        notation: "Notation",
        language: "Language",
        show: "Show",
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
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
    game: &'static str,
    first: &'static str,
    previous: &'static str,
    next: &'static str,
    last: &'static str,
    to_move: &'static str,
    result: &'static str,
    draw_offered: &'static str,
    clocks: &'static str,
    days_used: &'static str,
    days_left: &'static str,
    unlimited: &'static str,
    deadline: &'static str,
    record: &'static str,
    no_moves: &'static str,
    round: &'static str,
    board: &'static str,
    position_after: &'static str,
    start: &'static str,
}

fn game_words(_lang: Lang) -> GameWords {
    GameWords {
        game: "Game",
        first: "First",
        previous: "Previous",
        next: "Next",
        last: "Last",
        to_move: "to move",
        result: "Result",
        draw_offered: "offers a draw",
        clocks: "Clocks",
        days_used: "days used",
        days_left: "days left",
        unlimited: "no limit",
        deadline: "deadline",
        record: "Moves",
        no_moves: "No moves yet.",
        round: "round",
        board: "board",
        position_after: "Position after ply",
        start: "Start position",
    }
}

pub fn game(v: &GameView, prefs: Prefs) -> Markup {
    let w = game_words(prefs.lang);
    let [white, black] = [outside(&v.names[0]), outside(&v.names[1])];
    let title = format!("{} {}: {white} – {black}", w.game, v.id);
    let at = |ply: u32| format!("/games/{}?ply={ply}", v.id);
    let step = |label: &'static str, ply: Option<u32>| {
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
                    (step(w.first, (v.ply > 0).then_some(0)))
                    (step(w.previous, before))
                    (step(w.next, after))
                    (step(w.last, (v.ply < v.last_ply).then_some(v.last_ply)))
                }
                @if let Some(result) = &v.result {
                    p class="result" {
                        (w.result) ": " strong { (result) }
                        @if let Some(reason) = &v.reason { " (" (outside(reason)) ")" }
                    }
                }
                @if let Some(side) = v.to_move {
                    p class="turn" { (color_name(side)) " " (w.to_move) }
                }
                @if let Some(side) = v.draw_offer {
                    p class="offer" { (color_name(side)) " " (w.draw_offered) }
                }
                h2 { (w.clocks) }
                table class="clocks" {
                    tbody {
                        @for c in &v.clocks {
                            tr class=[c.running.then_some("running")] {
                                th scope="row" { (color_name(c.color)) ": " (outside(&c.name)) }
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
    };
    layout(&title, prefs, body)
}

struct EventWords {
    rank: &'static str,
    player: &'static str,
    score: &'static str,
    wins: &'static str,
    sb: &'static str,
    withdrawn: &'static str,
    rules: &'static str,
    caption: &'static str,
}

fn event_words(_lang: Lang) -> EventWords {
    EventWords {
        rank: "Rank",
        player: "Player",
        score: "Score",
        wins: "Wins",
        sb: "SB",
        withdrawn: "withdrawn",
        rules: "tie-breaks",
        caption: "Crosstable: each result links to its game",
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
    games: &'static str,
    opponent: &'static str,
    colour: &'static str,
    event: &'static str,
    state: &'static str,
    your_move: &'static str,
    waiting: &'static str,
    deadline: &'static str,
    none: &'static str,
}

fn player_words(_lang: Lang) -> PlayerWords {
    PlayerWords {
        games: "Games",
        opponent: "Opponent",
        colour: "Colour",
        event: "Event",
        state: "State",
        your_move: "to move",
        waiting: "waiting",
        deadline: "Deadline",
        none: "No games to show.",
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
                            td { (color_name(g.color)) }
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
    layout("Events", prefs, body)
}

/// A page for an error, with its status's words.
pub fn error(status: u16, text: &str, prefs: Prefs) -> Markup {
    layout(text, prefs, html! { h1 { (text) } p { (status) } })
}
