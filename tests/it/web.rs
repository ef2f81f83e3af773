//! The web pages of a running `ccgate serve`: a game stepped through ply by
//! ply, an event's crosstable against the store, players' pages, the board
//! images, players-only events opened by a player's key, and hostile names
//! shown as text.

use ccgate::game::outcome::GameResult;
use ccgate::store::{EventId, GameId, PlayerId, Store, Visibility};
use shakmaty::Square;

use crate::support::board_pixels::{Seen, assert_shows, decode, seen};
use crate::support::web::{Site, bobs_notice, get};

fn games_of(site: &Site, event: EventId) -> Vec<GameId> {
    site.store()
        .event_games(event)
        .unwrap()
        .into_iter()
        .map(|g| g.game)
        .collect()
}

#[test]
fn a_game_is_stepped_through_ply_by_ply_in_the_viewers_notation() {
    let mut site = Site::new();
    let event = site.event("Autumn", &["Anna", "Boris"]);
    let game = games_of(&site, event)[0];
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
    // The last position by default, the last move tinted, no JavaScript.
    assert!(text.contains("Position after ply 3"));
    assert!(!text.contains("<script"));
    let csp = page.header_values("content-security-policy");
    assert!(csp[0].contains("default-src 'none'"), "{csp:?}");

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
    let games = games_of(&site, event);
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
    let game = games_of(&site, event)[0];
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
        format!("/games/{}", games_of(&site, event)[0].0),
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
    let game = games_of(&site, event)[0];
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
