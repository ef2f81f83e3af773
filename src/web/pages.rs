//! The pages' HTML, from compile-time-checked maud templates. maud escapes
//! every interpolated string; text from outside (names, events) also has its
//! control characters written out ([`outside`]), so nothing a player typed
//! becomes markup or an invisible character.

use maud::{DOCTYPE, Markup, PreEscaped, html};
use shakmaty::Color;

use super::access::Prefs;
use super::view::{EventSummary, EventView, GameView, PlayerView, Progress, page_lang};
use crate::escape::shown;
use crate::event::standings::Rules;
use crate::game::clock::TimeControl;
use crate::notation::{Lang, Notation};
use crate::protocol::l10n::{self, Args, Form, Reader};
use crate::service::DeadlineWhy;

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

/// A word of the pages in `lang` (English where `lang` has no catalogue),
/// from the catalogue.
fn t(lang: Lang, id: &str) -> String {
    l10n::plain(Reader::new(page_lang(lang), Form::Full), id)
}

/// A message of the pages with its values.
fn tv(lang: Lang, id: &str, args: &Args<'_>) -> String {
    l10n::text(Reader::new(page_lang(lang), Form::Full), id, args)
}

/// A colour's name, capitalised as it starts a line of the page.
fn color_name(lang: Lang, c: Color) -> String {
    let name = l10n::color(Reader::new(page_lang(lang), Form::Full), c);
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A table that scrolls sideways in a box of its own where the screen is
/// narrower than it, so the page itself never does.
pub(super) fn scrolling(label: &str, table: Markup) -> Markup {
    html! {
        div class="scroll" role="region" aria-label=(label) tabindex="0" { (table) }
    }
}

/// Every page: the head, the stylesheet, the notation form and the body.
pub(super) fn layout(title: &str, prefs: Prefs, body: Markup) -> Markup {
    let w = layout_words(prefs.lang);
    let lang = page_lang(prefs.lang);
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " — ccgate" }
                link rel="stylesheet" href="/style.css";
                script src="/keys.js" defer {}
            }
            body {
                header {
                    nav { a href="/" { (w.home) } }
                    form method="get" class="prefs" {
                        span class="pick" {
                            label for="notation" { (w.notation) }
                            select id="notation" name="notation" {
                                @for n in Notation::ALL {
                                    option value=(n.name()) selected[n == prefs.notation] { (n.name()) }
                                }
                            }
                        }
                        span class="pick" {
                            label for="lang" { (w.language) }
                            select id="lang" name="lang" {
                                @for l in l10n::CATALOGUES {
                                    option value=(l.code()) lang=(l.code()) selected[*l == lang] { (l.native_name()) }
                                }
                            }
                        }
                        button type="submit" { (w.show) }
                    }
                }
                main {
                    @if lang != prefs.lang {
                        p class="untranslated" {
                            (tv(Lang::En, "page-no-translation", &Args::new()
                                .str("name", prefs.lang.name())
                                .str("native", prefs.lang.native_name())))
                        }
                    }
                    (body)
                }
            }
        }
    }
}

struct GameWords {
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
    start: String,
    flip: String,
    pgn: String,
    steps: String,
    move_dates: String,
    mv: String,
    date: String,
    days: String,
}

fn game_words(lang: Lang) -> GameWords {
    GameWords {
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
        start: t(lang, "page-start"),
        flip: t(lang, "page-flip"),
        pgn: t(lang, "page-pgn"),
        steps: t(lang, "page-steps"),
        move_dates: t(lang, "page-move-dates"),
        mv: t(lang, "page-move"),
        date: t(lang, "page-date"),
        days: t(lang, "page-days"),
    }
}

/// The sentence under the clocks on what changed a deadline.
fn deadline_why(lang: Lang, name: &str, why: DeadlineWhy) -> Option<String> {
    let kind = match (why.duplication, why.leave) {
        (None, false) => return None,
        (Some(_), false) => "duplication",
        (None, true) => "leave",
        (Some(_), true) => "both",
    };
    Some(tv(
        lang,
        "page-deadline-why",
        &Args::new()
            .str("player", name.to_string())
            .str("why", kind)
            .num("days", i64::from(why.duplication.unwrap_or(0))),
    ))
}

/// The caption under the board: which move led to the position, and
/// whose move it is there.
fn caption(v: &GameView, lang: Lang, w: &GameWords) -> String {
    let before = match v.shown_move.and_then(|i| v.moves.get(i)) {
        Some(m) => tv(
            lang,
            "page-after",
            &Args::new().str("move", format!("{} {}", m.full_number, m.text)),
        ),
        None => w.start.clone(),
    };
    // A finished game's last position has no one to move.
    if v.to_move.is_none() && v.ply == v.last_ply {
        return before;
    }
    let turn = tv(
        lang,
        "page-move-to-move",
        &Args::new().num("number", i64::from(v.shown_number)).str(
            "color",
            l10n::color(Reader::new(page_lang(lang), Form::Full), v.shown_turn),
        ),
    );
    format!("{before} · {turn}")
}

/// A game's title: its number and players.
pub(super) fn game_title(v: &GameView, lang: Lang) -> String {
    let [white, black] = [outside(&v.names[0]), outside(&v.names[1])];
    format!("{} {}: {white} – {black}", t(lang, "page-game"), v.id)
}

/// The public game page: its title over [`game_body`].
pub fn game(v: &GameView, prefs: Prefs, play: Option<Markup>) -> Markup {
    let title = game_title(v, prefs.lang);
    let page = format!("/games/{}", v.id);
    let body = html! {
        h1 { (title) }
        (game_body(v, prefs, play, (&page, true)))
    };
    layout(&title, prefs, body)
}

/// What a player sees of a game (event, board, steps, clocks, record),
/// its step links to `page` (the public page, or the director's), with a
/// PGN link where `pgn` (the public page's PGN is the public's only).
pub(super) fn game_body(
    v: &GameView,
    prefs: Prefs,
    play: Option<Markup>,
    (page, pgn): (&str, bool),
) -> Markup {
    let lang = prefs.lang;
    let w = game_words(lang);
    let flip_part = |flip: Option<bool>| match flip {
        Some(true) => "&flip=1",
        Some(false) => "&flip=0",
        None => "",
    };
    let at = |ply: u32| format!("{page}?ply={ply}{}", flip_part(v.flip_asked));
    let step = |label: &str, rel: &str, ply: Option<u32>| {
        html! {
            @match ply {
                Some(p) => a href=(at(p)) rel=(rel) { (label) },
                None => span class="off" { (label) },
            }
        }
    };
    let before = v.ply.checked_sub(1);
    let after = (v.ply < v.last_ply).then_some(v.ply + 1);
    let flip_link = format!("{page}?ply={}{}", v.ply, flip_part(Some(!v.flipped)));
    let deadlines = v.clocks.iter().any(|c| c.deadline.is_some());
    let whys: Vec<String> = v
        .clocks
        .iter()
        .filter_map(|c| deadline_why(lang, &outside(&c.name), c.why))
        .collect();
    html! {
        @if let Some(e) = &v.event {
            p class="event" {
                a href=(format!("/events/{}", e.id)) { (outside(&e.name)) }
                ", " (w.round) " " (e.round) ", " (w.board) " " (e.board) " · " (v.time_control)
            }
        }
        div class="game" {
            figure class="board" {
                (PreEscaped(&*v.svg))
                figcaption { (caption(v, lang, &w)) }
            }
            div class="side" {
                nav class="steps" aria-label=(w.steps) {
                    (step(&w.first, "first", (v.ply > 0).then_some(0)))
                    (step(&w.previous, "prev", before))
                    (step(&w.next, "next", after))
                    (step(&w.last, "last", (v.ply < v.last_ply).then_some(v.last_ply)))
                }
                p class="tools" {
                    a href=(flip_link) { (w.flip) }
                    @if pgn {
                        " · "
                        a href=(format!("/games/{}.pgn", v.id)) type="application/x-chess-pgn" download { (w.pgn) }
                    }
                }
                @if let Some(result) = &v.result {
                    p class="result" {
                        (w.result) ": " strong { (result) }
                        @if let Some(reason) = &v.reason { " (" (outside(reason)) ")" }
                    }
                }
                @if let Some(side) = v.to_move {
                    p class="turn" { (color_name(lang, side)) " " (w.to_move) }
                }
                @if let Some(side) = v.draw_offer {
                    p class="offer" { (color_name(lang, side)) " " (w.draw_offered) }
                }
                h2 { (w.clocks) }
                table class="clocks" {
                    tbody {
                        @for c in &v.clocks {
                            tr class=[c.running.then_some("running")] {
                                th scope="row" { (color_name(lang, c.color)) ": " (outside(&c.name)) }
                                td { (c.days_used) " " (w.days_used) }
                                td {
                                    @match c.days_left {
                                        Some(d) => { (d) " " (w.days_left) },
                                        None => (w.unlimited),
                                    }
                                }
                                @if deadlines {
                                    td { @if let Some(d) = &c.deadline { (w.deadline) " " span class="deadline" { (d) } } }
                                }
                            }
                        }
                    }
                }
                @for why in &whys { p class="why" { (why) } }
                // What a signed-in player may do, after the board and the
                // clocks, before the record.
                @if let Some(play) = play { (play) }
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
                            " "
                        }
                    }
                    details class="dates" {
                        summary { (w.move_dates) }
                        (scrolling(&w.move_dates, html! {
                            table {
                                thead { tr { th scope="col" { (w.mv) } th scope="col" { (w.date) } th scope="col" { (w.days) } } }
                                tbody {
                                    @for m in &v.moves {
                                        tr {
                                            th scope="row" { (m.full_number) " " (m.text) }
                                            td { (m.date) }
                                            td { @if let Some(d) = m.days { (d) } }
                                        }
                                    }
                                }
                            }
                        }))
                    }
                }
            }
        }
    }
}

struct EventWords {
    rank: String,
    player: String,
    score: String,
    wins: String,
    sb: String,
    withdrawn: String,
    caption: String,
    conditions: String,
    time_control: String,
    format: String,
    duplication: String,
    leave: String,
    tie_breaks: String,
    start: String,
    progress: String,
    pgn_all: String,
    no_duplication: String,
    penalty: String,
}

fn event_words(lang: Lang) -> EventWords {
    EventWords {
        rank: t(lang, "page-rank"),
        player: t(lang, "page-player"),
        score: t(lang, "page-score"),
        wins: t(lang, "page-wins"),
        sb: t(lang, "page-sb"),
        withdrawn: t(lang, "page-withdrawn"),
        caption: t(lang, "page-crosstable"),
        conditions: t(lang, "page-conditions"),
        time_control: t(lang, "page-time-control"),
        format: t(lang, "page-format"),
        duplication: t(lang, "page-duplication"),
        leave: t(lang, "page-leave"),
        tie_breaks: t(lang, "page-tie-breaks"),
        start: t(lang, "page-start-date"),
        progress: t(lang, "page-progress"),
        pgn_all: t(lang, "page-pgn-all"),
        no_duplication: t(lang, "page-no-duplication"),
        penalty: t(lang, "page-penalty"),
    }
}

/// A time control in words: "10 moves in 50 days".
pub fn time_control_words(lang: Lang, tc: &TimeControl) -> String {
    let a = Args::new();
    let a = match *tc {
        TimeControl::MovesInDays { moves, days } => a
            .str("kind", "moves")
            .num("moves", i64::from(moves))
            .num("days", i64::from(days)),
        TimeControl::DaysPerMove { days } => a.str("kind", "per-move").num("days", i64::from(days)),
        TimeControl::Fischer {
            base_days,
            increment_days,
        } => a
            .str("kind", "fischer")
            .num("days", i64::from(base_days))
            .num("increment", i64::from(increment_days)),
        TimeControl::Unlimited => a.str("kind", "none"),
    };
    tv(lang, "page-tc", &a)
}

/// Games finished of all.
fn progress(lang: Lang, p: Progress) -> String {
    tv(
        lang,
        "page-progress-of",
        &Args::new()
            .num("finished", i64::try_from(p.finished).unwrap_or(i64::MAX))
            .num("total", i64::try_from(p.total).unwrap_or(i64::MAX)),
    )
}

pub fn event(v: &EventView, prefs: Prefs) -> Markup {
    let lang = prefs.lang;
    let w = event_words(lang);
    let name = outside(&v.name);
    let c = &v.conditions;
    let rules = match c.rules {
        Rules::Iccf => "iccf",
        Rules::Plain => "plain",
    };
    let body = html! {
        h1 { (name) }
        section class="conditions" aria-labelledby="conditions" {
            h2 id="conditions" { (w.conditions) }
            dl {
                dt { (w.time_control) } dd { (time_control_words(lang, &c.time_control)) }
                dt { (w.format) } dd { (tv(lang, "page-round-robin", &Args::new().str("double", if c.double { "yes" } else { "no" }))) }
                dt { (w.duplication) }
                dd {
                    @match c.duplication {
                        Some(n) => (tv(lang, "page-duplication-rule", &Args::new().num("days", i64::from(n)))),
                        None => (w.no_duplication),
                    }
                }
                @if c.penalty_days > 0 {
                    dt { (w.penalty) } dd { (tv(lang, "page-penalty-rule", &Args::new().num("days", i64::from(c.penalty_days)))) }
                }
                dt { (w.leave) } dd { (tv(lang, "page-leave-rule", &Args::new().num("days", i64::from(c.leave_days)))) }
                dt { (w.tie_breaks) } dd { (tv(lang, "page-tie-break-order", &Args::new().str("rules", rules))) }
                @if let Some(start) = &c.start {
                    dt { (w.start) } dd { (start) }
                }
                dt { (w.progress) } dd { (progress(lang, v.progress)) }
            }
            p { a href=(format!("/events/{}.pgn", v.id)) type="application/x-chess-pgn" download { (w.pgn_all) } }
        }
        (scrolling(&w.caption, html! {
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
        }))
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
        your_move: t(lang, "page-your-turn"),
        deadline: t(lang, "page-deadline-col"),
        none: t(lang, "page-no-games"),
    }
}

pub fn player(v: &PlayerView, prefs: Prefs) -> Markup {
    let lang = prefs.lang;
    let w = player_words(lang);
    let name = outside(&v.name);
    let to_move = |who: &str| {
        tv(
            lang,
            "page-player-to-move",
            &Args::new().str("player", outside(who)),
        )
    };
    let body = html! {
        h1 { (name) }
        h2 { (w.games) }
        @if v.games.is_empty() {
            p { (w.none) }
        } @else {
            (scrolling(&w.games, html! {
            table class="games" {
                thead {
                    tr {
                        th scope="col" { "#" }
                        th scope="col" { (w.colour) }
                        th scope="col" { (w.opponent) }
                        th scope="col" { (w.state) }
                        th scope="col" { (w.deadline) }
                        th scope="col" { (w.event) }
                    }
                }
                tbody {
                    @for g in &v.games {
                        tr {
                            td { a href=(format!("/games/{}", g.id)) { (g.id) } }
                            td { (color_name(lang, g.color)) }
                            td { a href=(format!("/players/{}", segment(&g.opponent))) { (outside(&g.opponent)) } }
                            td {
                                @match &g.result {
                                    Some(r) => (r),
                                    None => @if g.their_move {
                                        strong { @if v.own { (w.your_move) } @else { (to_move(&v.name)) } }
                                    } @else { (to_move(&g.opponent)) },
                                }
                            }
                            td { @if let Some(d) = &g.deadline { (d) } }
                            td { @if let Some((id, e)) = &g.event { a href=(format!("/events/{id}")) { (outside(e)) } } }
                        }
                    }
                }
            }
            }))
        }
    };
    layout(&name, prefs, body)
}

pub fn index(events: &[EventSummary], prefs: Prefs) -> Markup {
    let lang = prefs.lang;
    let title = t(lang, "page-events");
    let body = html! {
        h1 { "ccgate" }
        h2 { (title) }
        @if events.is_empty() {
            p { (t(lang, "page-no-events")) }
        } @else {
            (scrolling(&title, html! {
            table class="events" {
                thead {
                    tr {
                        th scope="col" { (t(lang, "page-event")) }
                        th scope="col" { (t(lang, "page-status")) }
                        th scope="col" { (t(lang, "page-start-date")) }
                        th scope="col" { (t(lang, "page-players")) }
                        th scope="col" { (t(lang, "page-progress")) }
                    }
                }
                tbody {
                    @for e in events {
                        tr {
                            th scope="row" { a href=(format!("/events/{}", e.id)) { (outside(&e.name)) } }
                            td {
                                @if e.progress.total > 0 && e.progress.finished == e.progress.total {
                                    (t(lang, "page-finished"))
                                } @else {
                                    (t(lang, "page-in-progress"))
                                }
                            }
                            td { @if let Some(s) = &e.start { (s) } }
                            td { (e.players) }
                            td { (progress(lang, e.progress)) }
                        }
                    }
                }
            }
            }))
        }
    };
    layout(&title, prefs, body)
}

/// The page for a page that is not there (or hidden from the viewer).
pub fn not_found(prefs: Prefs) -> Markup {
    let text = t(prefs.lang, "page-not-found");
    layout(&text, prefs, html! { h1 { (text) } p { "404" } })
}
