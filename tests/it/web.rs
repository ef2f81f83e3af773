//! The web pages of a running `ccgate serve`: a game stepped through ply by
//! ply, an event's crosstable against the store, players' pages, the board
//! images, players-only events opened by a player's key, and hostile names
//! shown as text.

use ccgate::game::outcome::GameResult;
use ccgate::store::{PlayerId, Store, Visibility};
use shakmaty::Square;

use crate::support::board_pixels::{Seen, assert_shows, decode, seen};
use crate::support::web::{Site, bobs_notice, get};

#[test]
fn a_game_is_stepped_through_ply_by_ply_in_the_viewers_notation() {
    let mut site = Site::new();
    let event = site.event("Autumn", &["Anna", "Boris"]);
    let game = site.games_of(event)[0];
    site.play(game, &["e2e4", "e7e5", "g1f3"]);
    site.start();

    let page = site.get(&format!("/games/{}", game.0));
    assert_eq!(page.status, 200);
    let text = page.text();
    for word in [
        "1.",
        "e4",
        "e5",
        "2.",
        "Nf3",
        "Black to move",
        "days left",
        "deadline",
    ] {
        assert!(text.contains(word), "{word}: {text}");
    }
    // The last position by default, named by its move, the last move
    // tinted, no script but the pages' own keys.
    assert!(
        text.contains("After 2. Nf3 · move 2, Black to move"),
        "{text}"
    );
    assert!(!text.contains("<script>"));
    assert_eq!(text.matches("<script").count(), 1);
    assert!(text.contains("<script src=\"/keys.js\" defer></script>"));
    let csp = page.header_values("content-security-policy");
    assert!(csp[0].contains("default-src 'none'"), "{csp:?}");
    assert!(csp[0].contains("script-src 'self'"), "{csp:?}");
    let keys = site.get("/keys.js");
    assert_eq!(keys.status, 200);
    assert!(keys.text().contains("ArrowRight"));

    // Step back: ply 1, with links to 0 and 2.
    let one = site.get(&format!("/games/{}?ply=1", game.0)).text();
    assert!(one.contains("Chess board rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"));
    assert!(one.contains(&format!("href=\"/games/{}?ply=0\"", game.0)));
    assert!(one.contains(&format!("href=\"/games/{}?ply=2\" rel=\"next\"", game.0)));
    let start = site.get(&format!("/games/{}?ply=0", game.0)).text();
    assert!(start.contains("Start position"));
    assert!(start.contains("<span class=\"off\">Previous</span>"));

    // ICCF numeric on request, remembered in a cookie.
    let iccf = site.get(&format!("/games/{}?notation=iccf", game.0));
    assert!(iccf.text().contains("5254"), "{}", iccf.text());
    let cookie = iccf
        .header_values("set-cookie")
        .into_iter()
        .find(|c| c.starts_with("notation="))
        .expect("a notation cookie")
        .to_string();
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite"));
    let value = cookie.split(';').next().unwrap();
    let again = get(site.port, &format!("/games/{}", game.0), Some(value)).text();
    assert!(again.contains("7163"), "Nf3 as 7163: {again}");

    // A bad ply is refused, an unknown game is not found.
    assert_eq!(site.get(&format!("/games/{}?ply=x", game.0)).status, 400);
    assert_eq!(site.get("/games/9999").status, 404);
}

#[test]
fn the_crosstable_matches_the_store_and_links_each_result() {
    let mut site = Site::new();
    let event = site.event("Winter Cup", &["Anna", "Boris", "Chen"]);
    let games = site.games_of(event);
    site.finish(games[0], GameResult::WhiteWins, "test");
    site.finish(games[1], GameResult::Draw, "test");
    site.start();
    let page = site.get(&format!("/events/{}", event.0));
    assert_eq!(page.status, 200);
    let text = page.text();
    assert!(text.contains("<h1>Winter Cup</h1>"));
    // Every game of the store is linked from two cells (once per player).
    for g in &games {
        let link = format!("href=\"/games/{}\"", g.0);
        assert_eq!(text.matches(&link).count(), 2, "{link}");
    }
    let first = site.store().game(games[0]).unwrap().unwrap();
    let white = site.store().player(first.white).unwrap().unwrap().name;
    // The winner's cell against the loser reads 1, the loser's 0.
    assert!(text.contains(&format!("href=\"/games/{}\">1</a>", games[0].0)));
    assert!(text.contains(&format!("href=\"/games/{}\">0</a>", games[0].0)));
    assert!(text.contains(&format!("href=\"/games/{}\">½</a>", games[1].0)));
    assert!(text.contains(&format!("href=\"/players/{white}\"")));
    // The player's page lists their games.
    let p = site.get(&format!("/players/{white}")).text();
    assert!(p.contains(&format!("href=\"/games/{}\"", games[0].0)));
    assert!(p.contains("1-0"));
}

#[test]
fn players_only_events_open_with_a_players_key() {
    let mut site = Site::new();
    let event = site.event("Closed", &["Anna", "Boris"]);
    let outsider = PlayerId(site.player("Zed"));
    let game = site.games_of(event)[0];
    {
        let mut s = site.store();
        let tx = s.write().unwrap();
        tx.set_visibility(event, Visibility::Players).unwrap();
        tx.commit().unwrap();
    }
    site.start();
    let anna = site.store().player_by_name("Anna").unwrap().unwrap().id;
    assert_eq!(site.get(&format!("/events/{}", event.0)).status, 404);
    assert_eq!(site.get(&format!("/games/{}", game.0)).status, 404);
    assert_eq!(site.get("/players/Anna").status, 404);
    assert!(!site.get("/").text().contains("Closed"));
    let outsiders = site.key(outsider);
    assert_eq!(
        site.get(&format!("/events/{}?key={outsiders}", event.0))
            .status,
        404
    );
    let key = site.key(anna);
    let page = site.get(&format!("/events/{}?key={key}", event.0));
    assert_eq!(page.status, 200);
    // The key is remembered, so the links on the page work without it.
    let kept = page
        .header_values("set-cookie")
        .into_iter()
        .find(|c| c.starts_with("key="))
        .expect("a key cookie")
        .split(';')
        .next()
        .unwrap()
        .to_string();
    assert_eq!(
        get(site.port, &format!("/games/{}", game.0), Some(&kept)).status,
        200
    );
    // A forged key opens nothing.
    let forged = format!("{}-{}", anna.0, "0".repeat(32));
    assert_eq!(
        site.get(&format!("/events/{}?key={forged}", event.0))
            .status,
        404
    );
}

#[test]
fn hostile_names_are_shown_as_text() {
    let mut site = Site::new();
    let evil = "<script>alert(1)</script>\"onmouseover=\"x\u{1b}[2J";
    let event = site.event("<img src=x onerror=alert(2)>", &[evil, "Boris"]);
    site.start();
    for path in [
        format!("/events/{}", event.0),
        format!("/games/{}", site.games_of(event)[0].0),
        "/".to_string(),
    ] {
        let text = site.get(&path).text();
        assert!(!text.contains("<script>alert"), "{path}: {text}");
        assert!(!text.contains("<img src=x"), "{path}");
        assert!(!text.contains('\u{1b}'), "{path}");
    }
    let event_page = site.get(&format!("/events/{}", event.0)).text();
    assert!(
        event_page
            .contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;onmouseover=&quot;x\\u{1b}[2J")
    );
    assert!(event_page.contains("&lt;img src=x onerror=alert(2)&gt;"));
    // The name in a link's path is percent-encoded.
    assert!(event_page.contains("href=\"/players/%3Cscript%3Ealert%281%29"));
    let player =
        site.get("/players/%3Cscript%3Ealert(1)%3C%2Fscript%3E%22onmouseover%3D%22x%1B%5B2J");
    assert_eq!(player.status, 200, "{}", player.text());
    assert!(!player.text().contains("<script>alert"));
}

#[test]
fn board_images_for_anyone() {
    let mut site = Site::new();
    site.start();
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR%20w%20KQkq%20-%200%202";
    let png = site.get(&format!("/board.png?fen={fen}&flip=true&lastmove=e7e5"));
    assert_eq!(png.status, 200);
    assert_eq!(png.header_values("content-type"), ["image/png"]);
    let p = decode(&png.body);
    let board = ccgate::board::Diagram::from_fen(&fen.replace("%20", " "), true, None)
        .unwrap()
        .board;
    assert_shows(&p, &board, true);
    assert_eq!(seen(&p, Square::E7, true), Seen::Empty("last-dark"));
    let svg = site.get(&format!("/board.svg?fen={fen}"));
    assert_eq!(svg.header_values("content-type"), ["image/svg+xml"]);
    assert!(svg.text().starts_with("<svg"));
    for bad in ["fen=%3Cscript%3E", "flip=maybe", "lastmove=%22%3E"] {
        let r = site.get(&format!("/board.svg?{bad}"));
        assert_eq!(r.status, 400, "{bad}");
        assert!(!r.text().contains('<'), "{bad}: {}", r.text());
    }
}

#[test]
fn email_notices_carry_the_board_picture_and_the_players_link() {
    use mail_parser::{MessageParser, MimeHeaders};

    let (gw, port, g, raw) = bobs_notice();
    let message = MessageParser::default().parse(&raw).expect("a mail");
    assert!(String::from_utf8_lossy(&raw).contains("multipart/alternative"));
    // The text part is what it always was: the notice and the ASCII board
    // (from Bob's side: he has Black), and now Bob's own link.
    let text = message.body_text(0).expect("a text part");
    assert!(text.contains("1. e4"), "{text}");
    assert!(text.contains("1 R N B K Q B N R"), "{text}");
    let store = Store::open(&gw.db()).unwrap();
    let bob = store.player_by_name("Bob").unwrap().unwrap().id;
    let key = ccgate::service::player_key::player_key(&store.web_secret().unwrap().unwrap(), bob);
    let link = format!("https://chess.example.test/games/{g}?key={key}");
    assert!(text.contains(&link), "{text}");
    // The HTML part shows the picture by its Content-ID.
    let html = message.body_html(0).expect("an HTML part");
    assert!(html.contains("src=\"cid:board\""), "{html}");
    // The picture: a few KB, the position after 1. e4 from Black's side,
    // e2 and e4 tinted.
    let png = message
        .parts
        .iter()
        .find(|p| p.content_type().is_some_and(|c| c.subtype() == Some("png")))
        .expect("a PNG part");
    assert_eq!(png.content_id(), Some("board"));
    let bytes = png.contents();
    assert!(bytes.len() < 10 * 1024, "{} bytes", bytes.len());
    let p = decode(bytes);
    let after = ccgate::board::Diagram::from_fen(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        true,
        None,
    )
    .unwrap();
    assert_shows(&p, &after.board, true);
    assert_eq!(seen(&p, Square::E2, true), Seen::Empty("last-light"));
    // The link opens Bob's game (outside any event: its players only).
    let path = link.trim_start_matches("https://chess.example.test");
    assert_eq!(get(port, path, None).status, 200);
    assert_eq!(get(port, &format!("/games/{g}"), None).status, 404);
}

#[test]
fn the_pages_words_come_from_the_readers_catalogue() {
    let mut site = Site::new();
    let event = site.event("Herbst", &["Anna", "Boris"]);
    let game = site.games_of(event)[0];
    site.start();
    let de = site.get(&format!("/games/{}?ply=0&lang=de", game.0)).text();
    for word in [
        "Ausgangsstellung",
        "Bedenkzeit",
        "Noch keine Züge.",
        "Weiß am Zug",
    ] {
        assert!(de.contains(word), "{word}: {de}");
    }
    // The crosstable in Russian when asked, in English without a choice.
    let ru = site.get(&format!("/events/{}?lang=ru", event.0)).text();
    assert!(ru.contains("Турнирная таблица"), "{ru}");
    let en = site.get(&format!("/events/{}", event.0)).text();
    assert!(en.contains("Crosstable: each result links to its game"));
}

/// The text a reader sees of some HTML (and copies): the tags dropped (a
/// block's edge is a blank, an inline element's none: the record's items
/// are inline blocks, which add no blank either), the entities maud writes
/// decoded, the blanks run together.
pub fn visible_text(html: &str) -> String {
    const INLINE: [&str; 5] = ["a", "span", "strong", "li", "label"];
    let mut out = String::new();
    let mut tag: Option<String> = None;
    for c in html.chars() {
        match (&mut tag, c) {
            (None, '<') => tag = Some(String::new()),
            (Some(t), '>') => {
                let name = t.trim_start_matches('/');
                let name = name.split([' ', '/']).next().unwrap_or_default();
                if !INLINE.contains(&name) {
                    out.push(' ');
                }
                tag = None;
            }
            (Some(t), c) => t.push(c),
            (None, c) => out.push(c),
        }
    }
    let out = out
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The part of `html` from `start` up to the first `end` after it.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html
        .find(start)
        .unwrap_or_else(|| panic!("{start}: {html}"));
    let rest = &html[from..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

#[test]
fn the_record_copies_with_spaces_between_the_moves() {
    let mut site = Site::new();
    let event = site.event("Copy", &["Anna", "Boris"]);
    let game = site.games_of(event)[0];
    site.play(game, &["d2d4", "d7d5", "c2c4", "e7e6"]);
    site.start();
    let page = site.get(&format!("/games/{}", game.0)).text();
    let record = between(&page, "<ol class=\"record\">", "</ol>");
    assert_eq!(visible_text(record), "1. d4 d5 2. c4 e6", "{record}");
    // Each move's date and the days it took, in a table beside it.
    let dates = between(&page, "<details class=\"dates\">", "</details>");
    let today = ccgate::game::clock::local_date(&jiff::tz::TimeZone::UTC, jiff::Timestamp::now())
        .to_string();
    assert_eq!(dates.matches(&today).count(), 4, "{dates}");
    assert!(
        visible_text(dates).contains(&format!("2. c4 {today} 0")),
        "{dates}"
    );
    // The position shown is named by its move and whose move it is.
    let two = site.get(&format!("/games/{}?ply=3", game.0)).text();
    assert!(two.contains("After 2. c4 · move 2, Black to move"), "{two}");
    let start = site.get(&format!("/games/{}?ply=0", game.0)).text();
    assert!(start.contains("Start position · move 1, White to move"));
}

#[test]
fn the_board_turns_and_keeps_the_steps_turned() {
    let mut site = Site::new();
    let event = site.event("Flip", &["Anna", "Boris"]);
    let game = site.games_of(event)[0];
    site.play(game, &["e2e4", "e7e5"]);
    site.start();
    let page = site.get(&format!("/games/{}?ply=1", game.0)).text();
    assert!(page.contains("seen from White&#39;s side") || page.contains("seen from White's side"));
    let link = format!("href=\"/games/{}?ply=1&amp;flip=1\"", game.0);
    assert!(page.contains(&link), "{page}");
    let flipped = site.get(&format!("/games/{}?ply=1&flip=1", game.0)).text();
    assert!(flipped.contains("seen from Black's side"), "{flipped}");
    // The steps keep the board turned, and the link turns it back.
    assert!(flipped.contains(&format!(
        "href=\"/games/{}?ply=2&amp;flip=1\" rel=\"next\"",
        game.0
    )));
    assert!(flipped.contains(&format!("href=\"/games/{}?ply=1&amp;flip=0\"", game.0)));
    assert_eq!(site.get(&format!("/games/{}?flip=x", game.0)).status, 400);
    // The board's words in the page's language.
    let de = site
        .get(&format!("/games/{}?ply=1&flip=1&lang=de", game.0))
        .text();
    assert!(de.contains("von der Seite von Schwarz gesehen"), "{de}");
    assert!(!de.contains("seen from"), "{de}");
}

#[test]
fn a_finished_games_clocks_have_no_empty_column_and_its_end_is_in_words() {
    let mut site = Site::new();
    let event = site.event("Ended", &["Anna", "Boris"]);
    let game = site.games_of(event)[0];
    site.play(game, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    {
        let mut s = site.store();
        let tx = s.write().unwrap();
        tx.finish_game(
            game,
            GameResult::BlackWins,
            &ccgate::game::outcome::Termination::Rules(ccgate::game::rules::Ending::Checkmate {
                winner: shakmaty::Color::Black,
            }),
            jiff::Timestamp::now(),
        )
        .unwrap();
        tx.commit().unwrap();
    }
    site.start();
    let en = site.get(&format!("/games/{}", game.0)).text();
    let clocks = between(&en, "<table class=\"clocks\">", "</table>");
    for row in clocks.split("<tr").skip(1) {
        assert_eq!(row.matches("<td").count(), 2, "{row}");
    }
    assert!(
        visible_text(&en).contains("Result: 0-1 (checkmate)"),
        "{en}"
    );
    // The last position of a finished game has no one to move.
    assert!(
        en.contains("<figcaption>After 2... Qh4#</figcaption>"),
        "{en}"
    );
    let de = site.get(&format!("/games/{}?lang=de", game.0)).text();
    assert!(!de.contains("checkmate"), "{de}");
    let de_end = ccgate::protocol::l10n::termination(
        ccgate::protocol::l10n::Reader::new(
            ccgate::notation::Lang::De,
            ccgate::protocol::l10n::Form::Full,
        ),
        &ccgate::game::outcome::Termination::Rules(ccgate::game::rules::Ending::Checkmate {
            winner: shakmaty::Color::Black,
        }),
    );
    assert!(de.contains(&format!("({de_end})")), "{de_end}: {de}");
}

/// The date after "Your move, by " in a notice's text.
fn mailed_deadline(text: &str) -> String {
    let after = text
        .split("Your move, by ")
        .nth(1)
        .unwrap_or_else(|| panic!("no deadline in {text}"));
    after.split(['.', '\n']).next().unwrap().trim().to_string()
}

/// The date in the page's deadline cell of `name`'s clock.
fn paged_deadline(page: &str, name: &str) -> Option<String> {
    let row = page
        .split("<tr")
        .find(|r| r.contains(&format!(": {name}</th>")))?;
    let cell = row.split("<span class=\"deadline\">").nth(1)?;
    Some(cell.split('<').next()?.to_string())
}

#[test]
fn the_pages_deadline_is_the_one_the_notice_mail_gives() {
    use crate::support::gateway::{Gateway, add_player, drop_mail, free_port, mail, wait_until};
    use ccgate::game::clock::{Leave, TimeControl};
    use ccgate::notation::{Lang, Notation};
    use ccgate::protocol::address::Channel;
    use mail_parser::MessageParser;

    let port = free_port();
    let mut gw = Gateway::new(&crate::support::web::mail_and_web(port));
    let db = gw.db();
    let today = ccgate::game::clock::local_date(&jiff::tz::TimeZone::UTC, jiff::Timestamp::now());
    // Plain, with ICCF duplication after 20 days, with duplication and
    // ten days of leave for Black from today.
    let cases = [(None, false), (Some(20), false), (Some(20), true)];
    let mut games = Vec::new();
    for (i, (dup, leave)) in cases.iter().enumerate() {
        let w = add_player(
            &db,
            &format!("W{i}"),
            &[(Channel::Email, &format!("w{i}@example.test"))],
            Notation::San,
            Lang::En,
        );
        let b = add_player(
            &db,
            &format!("B{i}"),
            &[(Channel::Email, &format!("b{i}@example.test"))],
            Notation::San,
            Lang::En,
        );
        let mut s = Store::create(&db).unwrap();
        let tx = s.write().unwrap();
        let g = tx
            .create_game(
                PlayerId(w),
                PlayerId(b),
                None,
                &"10/50".parse::<TimeControl>().unwrap(),
                jiff::Timestamp::now(),
            )
            .unwrap();
        tx.set_duplication(g, *dup).unwrap();
        if *leave {
            tx.add_leave(
                PlayerId(b),
                &Leave {
                    from: today,
                    until: Some(today.checked_add(jiff::ToSpan::days(9)).unwrap()),
                },
            )
            .unwrap();
        }
        tx.commit().unwrap();
        games.push((g, PlayerId(b)));
    }
    gw.start();
    for i in 0..cases.len() {
        drop_mail(
            &gw.path("inbox"),
            &format!("00{i}.a"),
            &mail(
                &format!("W{i} <w{i}@example.test>"),
                &format!("m{i}@a"),
                "move",
                "1. e4",
            ),
        );
    }
    let outbox = gw.path("outbox");
    let notice = |to: &str| {
        std::fs::read_dir(&outbox).ok().and_then(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| std::fs::read(e.path()).unwrap_or_default())
                .find(|raw| String::from_utf8_lossy(raw).contains(&format!("To: {to}")))
        })
    };
    let store = Store::open(&db).unwrap();
    let secret = store.web_secret().unwrap().expect("the daemon made one");
    let mut dates = Vec::new();
    for (i, (g, black)) in games.iter().enumerate() {
        let to = format!("b{i}@example.test");
        wait_until("the notice", std::time::Duration::from_secs(30), || {
            notice(&to).is_some()
        });
        let raw = notice(&to).unwrap();
        let message = MessageParser::default().parse(&raw).unwrap();
        let mailed = mailed_deadline(&message.body_text(0).unwrap());
        let key = ccgate::service::player_key::player_key(&secret, *black);
        // The move counts as delivered once its notice is sent (written).
        let path = format!("/games/{}?key={key}", g.0);
        wait_until(
            "the deadline on the page",
            std::time::Duration::from_secs(30),
            || paged_deadline(&get(port, &path, None).text(), &format!("B{i}")).is_some(),
        );
        let page = get(port, &path, None).text();
        let shown = paged_deadline(&page, &format!("B{i}")).unwrap();
        assert_eq!(shown, mailed, "case {i}: {}", visible_text(&page));
        // The player page gives the same day.
        let player = get(port, &format!("/players/B{i}?key={key}"), None).text();
        assert!(player.contains(&mailed), "case {i}: {player}");
        assert!(visible_text(&player).contains("your move"), "{player}");
        let w_page = get(
            port,
            &format!(
                "/players/W{i}?key={}",
                ccgate::service::player_key::player_key(&secret, PlayerId(black.0 - 1))
            ),
            None,
        )
        .text();
        assert!(
            visible_text(&w_page).contains(&format!("B{i} to move")),
            "{w_page}"
        );
        assert!(!w_page.contains("waiting"));
        let text = visible_text(&page);
        match i {
            0 => assert!(!text.contains("Deadline for"), "{text}"),
            1 => assert!(
                text.contains(&format!(
                    "Deadline for B{i}: days beyond 20 on one move count twice (ICCF duplication)"
                )),
                "{text}"
            ),
            _ => assert!(text.contains("days of leave are not counted"), "{text}"),
        }
        dates.push(jiff::civil::Date::strptime("%Y-%m-%d", &mailed).unwrap());
    }
    // 50 days, 35 with duplication (the 36th counted day would be charged
    // 52), and nine more on a leave from today (the day the move arrives
    // never counts): the last day in time, not the forfeit day.
    assert_eq!(dates[0], today.checked_add(jiff::ToSpan::days(50)).unwrap());
    assert_eq!(dates[1], today.checked_add(jiff::ToSpan::days(35)).unwrap());
    assert_eq!(dates[2], today.checked_add(jiff::ToSpan::days(44)).unwrap());
}

#[test]
fn games_and_events_download_as_pgn_that_python_chess_reads() {
    let mut site = Site::new();
    let event = site.event("Pgn Cup", &["Anna", "Boris", "Chen"]);
    let games = site.games_of(event);
    let line = ["e2e4", "c7c5", "g1f3", "d7d6"];
    site.play(games[0], &line);
    site.finish(games[1], GameResult::Draw, "agreed at the table");
    site.start();
    let page = site.get(&format!("/games/{}", games[0].0)).text();
    assert!(page.contains(&format!("href=\"/games/{}.pgn\"", games[0].0)));
    let r = site.get(&format!("/games/{}.pgn", games[0].0));
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header_values("content-type"),
        ["application/x-chess-pgn; charset=utf-8"]
    );
    let read = crate::support::peer::python_chess_reads(&r.text());
    let g = &read[0];
    assert_eq!(g["errors"], serde_json::json!([]), "{}", r.text());
    assert_eq!(g["moves"], serde_json::json!(line));
    let row = site.store().game(games[0]).unwrap().unwrap();
    let white = site.store().player(row.white).unwrap().unwrap().name;
    let tags = &g["tags"];
    assert_eq!(tags["Event"], "Pgn Cup");
    assert_eq!(tags["Site"], "ccgate");
    assert_eq!(tags["White"], white.as_str());
    assert_eq!(tags["Result"], "*");
    assert_eq!(tags["TimeControl"], "10/50");
    assert_eq!(
        tags["Date"],
        row.created_at.strftime("%Y.%m.%d").to_string().as_str()
    );
    assert!(
        tags["Round"]
            .as_str()
            .is_some_and(|r| r.parse::<u32>().is_ok()),
        "{tags}"
    );
    assert!(
        tags.get("FEN").is_none(),
        "the standard start has no FEN: {tags}"
    );
    // The event's file: every game, the finished one with its result and
    // termination.
    let e = site.get(&format!("/events/{}.pgn", event.0));
    assert_eq!(e.status, 200);
    assert_eq!(
        e.header_values("content-type"),
        ["application/x-chess-pgn; charset=utf-8"]
    );
    let all = crate::support::peer::python_chess_reads(&e.text());
    assert_eq!(all.as_array().unwrap().len(), games.len(), "{}", e.text());
    let drawn = all
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["tags"]["Result"] == "1/2-1/2")
        .expect("the drawn game");
    assert!(
        drawn["tags"]["Termination"]
            .as_str()
            .unwrap()
            .contains("agreed at the table")
    );
    let event_page = site.get(&format!("/events/{}", event.0)).text();
    assert!(event_page.contains(&format!("href=\"/events/{}.pgn\"", event.0)));
    // Hidden games are not downloaded either.
    assert_eq!(site.get("/games/9999.pgn").status, 404);
    assert_eq!(site.get("/events/9999.pgn").status, 404);
}

#[test]
fn the_event_page_prints_its_conditions_and_progress() {
    let mut site = Site::new();
    let event = site.event("Conditions", &["Anna", "Boris", "Chen"]);
    let games = site.games_of(event);
    site.finish(games[0], GameResult::WhiteWins, "test");
    site.start();
    let page = site.get(&format!("/events/{}", event.0)).text();
    let text = visible_text(&page);
    for words in [
        "Time control 10 moves in 50 days",
        "Format round robin",
        "Duplication none",
        "Leave 45 days per player and calendar year",
        "Tie-breaks points, then wins, then Sonneborn-Berger, then the games between the tied players",
        "Progress 1 of 3 games finished",
    ] {
        assert!(text.contains(words), "{words}: {text}");
    }
    assert!(!text.contains("tie-breaks iccf"), "{text}");
    assert!(!text.contains("10/50 ·"), "{text}");
    // The list of events: status, start, players, progress.
    let index = visible_text(&site.get("/").text());
    let today = ccgate::game::clock::local_date(&jiff::tz::TimeZone::UTC, jiff::Timestamp::now())
        .to_string();
    assert!(
        index.contains(&format!(
            "Conditions in progress {today} 3 1 of 3 games finished"
        )),
        "{index}"
    );
}

#[test]
fn only_the_translated_languages_are_offered_and_others_say_so() {
    let mut site = Site::new();
    site.event("Langs", &["Anna", "Boris"]);
    site.start();
    let page = site.get("/").text();
    let picker = between(&page, "<select id=\"lang\"", "</select>");
    assert_eq!(picker.matches("<option").count(), 12, "{picker}");
    for native in [
        "Deutsch",
        "русский",
        "українська",
        "čeština",
        "svenska",
        "English",
    ] {
        assert!(picker.contains(native), "{native}: {picker}");
    }
    assert!(
        !picker.contains("Arabic") && !picker.contains("German"),
        "{picker}"
    );
    let ar = site.get("/?lang=ar").text();
    assert!(ar.contains("<html lang=\"en\">"), "{ar}");
    assert!(
        visible_text(&ar).contains("There is no Arabic (العربية) translation of these pages yet, so they are shown in English."),
        "{ar}"
    );
    assert!(
        ar.contains("<option value=\"en\" lang=\"en\" selected>English</option>"),
        "{ar}"
    );
    let de = site.get("/?lang=de").text();
    assert!(!de.contains("translation of these pages"));
}

/// Every word of the English catalogue that `lang`'s catalogue lacks.
fn english_only_words(lang: ccgate::notation::Lang) -> std::collections::BTreeSet<String> {
    use ccgate::notation::Lang;
    use ccgate::protocol::l10n::source;
    let words = |text: &str| -> std::collections::BTreeSet<String> {
        text.lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(|l| {
                // Only what a message says: not its id, selectors or placeholders.
                let l = l.split_once(" = ").map_or(l, |(_, v)| v);
                l.split(|c: char| !c.is_alphabetic() && c != '\'')
                    .filter(|w| w.chars().count() > 2)
                    .map(str::to_lowercase)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let english = words(source(Lang::En).unwrap());
    let own = words(source(lang).unwrap());
    english.difference(&own).cloned().collect()
}

#[test]
fn no_english_word_on_a_page_in_another_language() {
    use ccgate::notation::Lang;
    use ccgate::protocol::l10n::{CATALOGUES, english_fragments};
    let mut site = Site::new();
    let event = site.event("Lint", &["Anna", "Boris", "Chen"]);
    let games = site.games_of(event);
    site.play(games[0], &["e2e4", "e7e5"]);
    {
        let mut s = site.store();
        let tx = s.write().unwrap();
        tx.finish_game(
            games[1],
            GameResult::WhiteWins,
            &ccgate::game::outcome::Termination::Resigned("Boris".into()),
            jiff::Timestamp::now(),
        )
        .unwrap();
        tx.set_duplication(games[0], Some(20)).unwrap();
        tx.commit().unwrap();
    }
    site.start();
    let paths = [
        "/".to_string(),
        format!("/events/{}", event.0),
        format!("/games/{}", games[0].0),
        format!("/games/{}?ply=0&flip=1", games[0].0),
        format!("/games/{}", games[1].0),
        "/players/Anna".to_string(),
        "/games/9999".to_string(),
        "/signin".to_string(),
    ];
    // And as Anna sees them signed in: her game with its form, her password.
    let anna = site.session("Anna");
    let signed_in = [format!("/games/{}", games[0].0), "/account".to_string()];
    let pages = paths
        .iter()
        .map(|p| (p, None))
        .chain(signed_in.iter().map(|p| (p, Some(anna.as_str()))));
    // Names, moves and the words every language writes alike.
    let own = [
        "lint",
        "anna",
        "boris",
        "chen",
        "ccgate",
        "iccf",
        "pgn",
        "sonneborn",
        "berger",
        "san",
    ];
    for lang in CATALOGUES.iter().filter(|l| **l != Lang::En) {
        let foreign = english_only_words(*lang);
        for (path, session) in pages.clone() {
            let sep = if path.contains('?') { '&' } else { '?' };
            let html = get(
                site.port,
                &format!("{path}{sep}lang={}", lang.code()),
                session,
            )
            .text();
            // The words a reader meets: the text and the labels.
            let mut said = visible_text(&html);
            for attr in ["aria-label=\"", "title=\"", "alt=\""] {
                for part in html.split(attr).skip(1) {
                    said.push(' ');
                    said.push_str(part.split('"').next().unwrap());
                }
            }
            // The picker names each language in its own words.
            let said = Lang::ALL
                .iter()
                .fold(said, |s, l| s.replace(l.native_name(), " "));
            let said = ccgate::notation::Notation::ALL
                .iter()
                .fold(said, |s, n| s.replace(n.name(), " "));
            let stray: Vec<&str> = said
                .split(|c: char| !c.is_alphabetic() && c != '\'')
                .filter(|w| {
                    let w = w.to_lowercase();
                    foreign.contains(&w) && !own.contains(&w.as_str())
                })
                .collect();
            assert!(
                stray.is_empty(),
                "{}{path}: {stray:?} in {said}",
                lang.code()
            );
            assert_eq!(
                english_fragments(&said),
                Vec::<String>::new(),
                "{}{path}",
                lang.code()
            );
        }
    }
}
