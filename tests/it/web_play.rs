//! Players signing in on the web and playing from the game page, through a
//! running `ccgate serve`: the code read from the outbox as the player's
//! mail would carry it, moves, a draw offer the opponent accepts by mail, a
//! resignation, a conditional move and leave, each leaving the store and
//! the opponent's notices as if both had played by mail; and the refusals
//! (a wrong, reused or locked code, a forged form, someone else's game, a
//! move out of turn or garbled, a form too large) that change nothing. One
//! sign-in and move in a real Chromium that runs no script.

use std::io::{Read, Write};

use ccgate::game::outcome::GameResult;
use ccgate::protocol::address::Channel;
use ccgate::service::{self, Auth, Inbound, Rules};
use ccgate::store::{GameId, PlayerId, Store};
use fantoccini::Locator;
use jiff::Timestamp;

use crate::support::gateway::{Seat, count, game_between, new_game};
use crate::support::web::{
    Page, Site, cookie_pair, csrf_of, field_of, form, get, patient_connect, post, set_cookie,
};

const ANNA: &str = "anna@example.test";

/// The sign-in form's page and its cookie.
fn signin_form(site: &Site) -> (Page, String) {
    let page = site.get("/signin");
    assert_eq!(page.status, 200, "{}", page.text());
    let cookie = cookie_pair(set_cookie(&page, "signin_csrf"));
    (page, cookie)
}

/// Asks for a code for `address`: the page that asks for it.
fn ask_code(site: &Site, address: &str) -> (Page, String, String) {
    let (page, cookie) = signin_form(site);
    let csrf = csrf_of(&page);
    let asked = post(
        site.port,
        "/signin",
        Some(&cookie),
        &form(&[("address", address), ("csrf", &csrf)]),
    );
    assert_eq!(asked.status, 200, "{}", asked.text());
    (asked, cookie, csrf)
}

/// The last sign-in code mailed to `address`, as the player reads it.
fn code_mailed_to(site: &Site, address: &str) -> String {
    let mail = site
        .store()
        .outbox(true)
        .unwrap()
        .into_iter()
        .rfind(|r| r.channel == Channel::Email && r.to == address && r.body.contains("website is "))
        .unwrap_or_else(|| panic!("no code mailed to {address}"));
    let after = mail.body.split("website is ").nth(1).unwrap();
    after[..6].to_string()
}

fn try_code(site: &Site, cookie: &str, csrf: &str, address: &str, code: &str) -> Page {
    post(
        site.port,
        "/signin/code",
        Some(cookie),
        &form(&[("address", address), ("code", code), ("csrf", csrf)]),
    )
}

/// A line posted from a game's page with the page's own tokens: the
/// response, and the game page with the answers it led to.
fn play(site: &Site, session: &str, game: i64, fields: &[(&str, &str)]) -> (Page, Page) {
    let page = get(site.port, &format!("/games/{game}"), Some(session));
    assert_eq!(page.status, 200, "{}", page.text());
    let (csrf, submission) = (csrf_of(&page), field_of(&page, "submission"));
    let mut all = vec![("csrf", csrf.as_str()), ("submission", submission.as_str())];
    all.extend_from_slice(fields);
    let done = post(
        site.port,
        &format!("/games/{game}/play"),
        Some(session),
        &form(&all),
    );
    assert_eq!(done.status, 303, "{}", done.text());
    let to = done.header_values("location")[0].to_string();
    assert!(to.starts_with(&format!("/games/{game}")), "{to}");
    (done, get(site.port, &to, Some(session)))
}

/// A line mailed by `from` (read by the service as the daemon reads mail).
fn by_mail(site: &Site, from: &str, id: &str, text: &str) -> service::Processed {
    let msg = Inbound {
        thread: Vec::new(),
        channel: Channel::Email,
        from: from.to_string(),
        transport_id: Some(id.to_string()),
        raw: text.as_bytes().to_vec(),
        text: text.to_string(),
        auth: Auth::Unchecked,
        rules: Rules::default(),
    };
    service::submit(&mut site.store(), &msg, Timestamp::now()).expect("submitted")
}

fn plies(store: &Store, game: i64) -> usize {
    store.moves(GameId(game)).unwrap().len()
}

/// The notices mailed to `address` about `game`.
fn notices(store: &Store, address: &str, game: i64) -> Vec<String> {
    store
        .outbox(true)
        .unwrap()
        .into_iter()
        .filter(|r| r.channel == Channel::Email && r.to == address)
        .filter(|r| r.game_id == Some(GameId(game)))
        .map(|r| r.body)
        .collect()
}

fn web_messages(site: &Site) -> i64 {
    count(
        &site.gw.db(),
        "SELECT COUNT(*) FROM journal WHERE channel = 'web'",
    )
}

#[test]
fn a_player_signs_in_by_a_code_and_plays_as_if_by_mail() {
    let mut site = Site::new();
    let db = site.gw.db();
    let g1 = game_between(&db, Seat::email("Anna"), Seat::email("Bob"));
    let (anna, bob) = (1, 2);
    let g2 = new_game(&db, bob, anna);
    let g3 = new_game(&db, anna, bob);
    let carol = crate::support::gateway::add_player(
        &db,
        "Carol",
        &[(Channel::Email, "carol@example.test")],
        ccgate::notation::Notation::San,
        ccgate::notation::Lang::En,
    );
    let theirs = new_game(&db, bob, carol);
    site.start();

    // The page answers alike for an address ccgate knows and one it does
    // not: nobody learns which are registered.
    let (known, _, _) = ask_code(&site, ANNA);
    let (unknown, _, _) = ask_code(&site, "nobody@example.test");
    let said = |p: &Page| {
        let t = p.text();
        let at = t.find("class=\"said\"").expect("said");
        t[at..at + 120].to_string()
    };
    assert_eq!(said(&known), said(&unknown));
    assert!(known.text().contains("If ccgate knows this address"));
    // The code went to Anna's address; the store keeps its hash only.
    let code = code_mailed_to(&site, ANNA);
    let kept = site
        .store()
        .web_code(Channel::Email, ANNA)
        .unwrap()
        .expect("a code waits");
    assert!(kept.code_hash.starts_with("$argon2id$"));
    assert!(!kept.code_hash.contains(&code));
    assert!(!site.gw.log().contains(&code), "a code is never logged");
    // Asked again at once, no second code goes out: the first stands.
    let (_, cookie, csrf) = ask_code(&site, ANNA);
    let mailed = site
        .store()
        .outbox(true)
        .unwrap()
        .into_iter()
        .filter(|r| r.to == ANNA && r.body.contains("website is "))
        .count();
    assert_eq!(mailed, 1);
    let done = try_code(&site, &cookie, &csrf, ANNA, &code.to_lowercase());
    assert_eq!(done.status, 303, "{}", done.text());
    assert_eq!(done.header_values("location"), ["/players/Anna"]);
    let set = set_cookie(&done, "player_session");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Strict") && set.contains("Path=/;"),
        "{set}"
    );
    let session = cookie_pair(set);
    // A code opens one session only.
    let again = try_code(&site, &cookie, &csrf, ANNA, &code);
    assert_eq!(again.status, 401);
    assert!(again.text().contains("This code does not sign you in"));

    // The game page has the form for Anna, not for a stranger.
    let page = get(site.port, &format!("/games/{g1}"), Some(&session));
    assert!(
        page.text()
            .contains(&format!("action=\"/games/{g1}/play\""))
    );
    let stranger = site.get(&format!("/games/{g1}"));
    assert!(!stranger.text().contains("/play\""));

    // A form without the session's token changes nothing.
    let forged = post(
        site.port,
        &format!("/games/{g1}/play"),
        Some(&session),
        &form(&[("line", "e4"), ("csrf", "0000")]),
    );
    assert_eq!(forged.status, 403);
    assert!(forged.text().contains("This form has expired"));
    assert_eq!(web_messages(&site), 0);

    // Anna's move: applied, answered on the page, and Bob told by mail.
    let (_, shown) = play(
        &site,
        &session,
        g1,
        &[("line", "1. e4"), ("action", "line")],
    );
    assert!(
        shown.text().contains("class=\"answer\""),
        "{}",
        shown.text()
    );
    let store = site.store();
    assert_eq!(plies(&store, g1), 1);
    let told = notices(&store, "bob@example.test", g1);
    assert!(told.iter().any(|n| n.contains("1. e4")), "{told:?}");
    // The page's answers were delivered by being shown.
    let web: Vec<_> = store
        .outbox(true)
        .unwrap()
        .into_iter()
        .filter(|r| r.channel == Channel::Web)
        .collect();
    assert!(!web.is_empty());
    assert!(web.iter().all(|r| r.sent_at.is_some()));
    assert_eq!(web_messages(&site), 1);

    // Bob answers by mail; Anna moves and offers a draw; Bob accepts by mail.
    by_mail(&site, "bob@example.test", "b1@x", &format!("{g1} 1... e5"));
    play(
        &site,
        &session,
        g1,
        &[("line", "Nf3"), ("offer_draw", "on"), ("action", "line")],
    );
    let row = site.store().game(GameId(g1)).unwrap().unwrap();
    assert_eq!(row.draw_offer, Some(shakmaty::Color::White));
    by_mail(&site, "bob@example.test", "b2@x", &format!("{g1} accept"));
    let row = site.store().game(GameId(g1)).unwrap().unwrap();
    assert_eq!(row.result, Some(GameResult::Draw));

    // Not her turn, and a garbled move: answered, nothing played.
    let (_, shown) = play(&site, &session, g2, &[("line", "e5"), ("action", "line")]);
    assert!(shown.text().contains("class=\"answer\""));
    let (_, shown) = play(&site, &session, g2, &[("line", "zz9"), ("action", "line")]);
    assert!(shown.text().contains("class=\"answer\""));
    assert_eq!(plies(&site.store(), g2), 0);
    // Bob opens by mail; Anna resigns from the page.
    by_mail(&site, "bob@example.test", "b3@x", &format!("{g2} 1. e4"));
    let before = notices(&site.store(), "bob@example.test", g2).len();
    play(&site, &session, g2, &[("action", "resign")]);
    let row = site.store().game(GameId(g2)).unwrap().unwrap();
    assert_eq!(row.result, Some(GameResult::WhiteWins));
    let told = notices(&site.store(), "bob@example.test", g2);
    assert_eq!(
        told.len(),
        before + 1,
        "Bob is told of the resignation: {told:?}"
    );

    // A conditional move, played when Bob's reply comes by mail.
    play(&site, &session, g3, &[("line", "e4"), ("action", "line")]);
    play(
        &site,
        &session,
        g3,
        &[("line", "if 1... e5 2. Nf3"), ("action", "line")],
    );
    assert_eq!(
        site.store()
            .conditionals(GameId(g3), PlayerId(anna))
            .unwrap()
            .len(),
        1
    );
    by_mail(&site, "bob@example.test", "b4@x", &format!("{g3} 1... e5"));
    assert_eq!(plies(&site.store(), g3), 3);
    let told = notices(&site.store(), "bob@example.test", g3);
    assert!(told.iter().any(|n| n.contains("2. Nf3")), "{told:?}");

    // Leave, from the same line.
    play(
        &site,
        &session,
        g3,
        &[("line", "leave 10"), ("action", "line")],
    );
    assert_eq!(site.store().leaves(PlayerId(anna)).unwrap().len(), 1);

    // Someone else's game and a form too large: refused unread.
    let before = web_messages(&site);
    let page = get(site.port, &format!("/games/{g3}"), Some(&session));
    let csrf = csrf_of(&page);
    let other = post(
        site.port,
        &format!("/games/{theirs}/play"),
        Some(&session),
        &form(&[("line", "e4"), ("csrf", &csrf)]),
    );
    assert_eq!(other.status, 404);
    assert!(other.text().contains("This is not one of your games"));
    let large = post_large(
        site.port,
        &format!("/games/{g3}/play"),
        &session,
        &format!("csrf={csrf}&line={}", "e".repeat(1 << 20)),
    );
    assert_eq!(large.0, 413, "{}", large.1);
    assert!(
        large.1.contains("This form could not be read"),
        "{}",
        large.1
    );
    assert_eq!(web_messages(&site), before);
    assert_eq!(plies(&site.store(), theirs), 0);

    // Signing out ends the session.
    let done = post(
        site.port,
        "/signout",
        Some(&session),
        &form(&[("csrf", &csrf)]),
    );
    assert_eq!(done.status, 303);
    let page = get(site.port, &format!("/games/{g3}"), Some(&session));
    assert!(!page.text().contains("/play\""));
}

/// A POST whose body the server may refuse before reading it: the status
/// and body of what came back, however the connection ended.
fn post_large(port: u16, path: &str, session: &str, body: &str) -> (u16, String) {
    let mut s = patient_connect(port);
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nCookie: {session}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("head");
    let _ = s.write_all(body.as_bytes());
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[test]
fn five_wrong_codes_lock_web_sign_in_and_leave_mail_play_alone() {
    let mut site = Site::new();
    let g = game_between(&site.gw.db(), Seat::email("Anna"), Seat::email("Bob"));
    site.start();
    let (_, cookie, csrf) = ask_code(&site, ANNA);
    let code = code_mailed_to(&site, ANNA);
    let wrong = if code == "AAAAAA" { "CCCCCC" } else { "AAAAAA" };
    for _ in 0..5 {
        let r = try_code(&site, &cookie, &csrf, ANNA, wrong);
        assert_eq!(r.status, 401);
    }
    // The right code now opens nothing: sign-in at this address is locked.
    let locked = try_code(&site, &cookie, &csrf, ANNA, &code);
    assert_eq!(locked.status, 401);
    assert!(locked.header_values("set-cookie").is_empty());
    let state = site
        .store()
        .pin_state(PlayerId(1), Channel::Web, &format!("email:{ANNA}"))
        .unwrap();
    assert!(state.locked_until.is_some());
    // A form without the sign-in cookie's token is refused.
    let forged = post(
        site.port,
        "/signin/code",
        None,
        &form(&[("address", ANNA), ("code", &code), ("csrf", &csrf)]),
    );
    assert_eq!(forged.status, 403);
    // Mail play is not locked.
    let p = by_mail(&site, ANNA, "a1@x", &format!("{g} 1. e4"));
    assert_eq!(p.moves_applied(), 1, "{}", p.outcome);

    // A code past its quarter of an hour opens nothing either.
    let bob = "bob@example.test";
    let (_, cookie, csrf) = ask_code(&site, bob);
    let code = code_mailed_to(&site, bob);
    let conn = rusqlite::Connection::open(site.gw.db()).expect("store");
    conn.busy_timeout(std::time::Duration::from_secs(30))
        .expect("busy timeout");
    conn.execute("UPDATE web_codes SET expires_at = 0", [])
        .expect("expired");
    let expired = try_code(&site, &cookie, &csrf, bob, &code);
    assert_eq!(expired.status, 401);
    assert!(expired.text().contains("This code does not sign you in"));
}

#[test]
fn a_player_signs_in_and_plays_in_a_browser_without_script() {
    use crate::browser::{Driver, click, run, shown, type_into};
    use crate::support::gateway::wait_until;
    use std::time::Duration;
    let mut site = Site::new();
    let db = site.gw.db();
    let g = game_between(&db, Seat::email("Anna"), Seat::email("Bob"));
    let g2 = new_game(&db, 1, 2);
    site.start();
    let driver = Driver::start();
    let base = format!("http://127.0.0.1:{}", site.port);
    run(async {
        let c = driver.browser_without_script().await;
        c.goto(&format!("{base}/signin")).await.unwrap();
        type_into(&c, Locator::Id("address"), ANNA).await;
        click(&c, Locator::Css("form.login button")).await;
        shown(&c, Locator::Id("code"), "the code's field").await;
        let code = code_mailed_to(&site, ANNA);
        type_into(&c, Locator::Id("code"), &code).await;
        click(&c, Locator::Css("form.login button")).await;
        shown(&c, Locator::Css("h1"), "Anna's page").await;
        c.goto(&format!("{base}/games/{g}")).await.unwrap();
        shown(&c, Locator::Id("line"), "the play form").await;
        type_into(&c, Locator::Id("line"), "e4").await;
        click(&c, Locator::Css("section.play button[value=line]")).await;
        shown(&c, Locator::Css("div.answer"), "the answer").await;
        let until = |what: &str, done: &dyn Fn() -> bool| {
            wait_until(what, Duration::from_secs(30), done);
        };
        until("1. e4 played", &|| plies(&site.store(), g) == 1);
        // Bob answers by mail; Anna moves with a draw offer, Bob accepts.
        by_mail(&site, "bob@example.test", "b1", &format!("{g} 1... e5"));
        let play_line = |game: i64, line: &'static str, offer: bool| {
            let (c, base) = (c.clone(), base.clone());
            async move {
                c.goto(&format!("{base}/games/{game}")).await.unwrap();
                shown(&c, Locator::Id("line"), "the play form").await;
                type_into(&c, Locator::Id("line"), line).await;
                if offer {
                    click(&c, Locator::Id("offer_draw")).await;
                }
                click(&c, Locator::Css("section.play button[value=line]")).await;
            }
        };
        play_line(g, "Nf3", true).await;
        until("2. Nf3 with a draw offer", &|| {
            site.store().game(GameId(g)).unwrap().unwrap().draw_offer
                == Some(shakmaty::Color::White)
        });
        by_mail(&site, "bob@example.test", "b2", &format!("{g} accept"));
        let result = site.store().game(GameId(g)).unwrap().unwrap().result;
        assert_eq!(result, Some(GameResult::Draw));
        // The second game: a move, a conditional move, leave, resignation.
        play_line(g2, "d4", false).await;
        until("1. d4 played", &|| plies(&site.store(), g2) == 1);
        play_line(g2, "if 1... d5 2. c4", false).await;
        until("the conditional stored", &|| {
            count(&db, "SELECT count(*) FROM conditionals") == 1
        });
        by_mail(&site, "bob@example.test", "b3", &format!("{g2} 1... d5"));
        assert_eq!(plies(&site.store(), g2), 3, "2. c4 answered at once");
        play_line(g2, "leave 10", false).await;
        until("the leave", &|| {
            count(&db, "SELECT count(*) FROM leaves") == 1
        });
        c.goto(&format!("{base}/games/{g2}")).await.unwrap();
        click(&c, Locator::Css("section.play button[value=resign]")).await;
        until("the resignation", &|| {
            site.store().game(GameId(g2)).unwrap().unwrap().result == Some(GameResult::BlackWins)
        });
        c.close().await.unwrap();
    });
    let told = notices(&site.store(), "bob@example.test", g);
    assert!(told.iter().any(|n| n.contains("1. e4")), "{told:?}");
    let told = notices(&site.store(), "bob@example.test", g2);
    assert!(told.iter().any(|n| n.contains("2. c4")), "{told:?}");
}

#[test]
fn a_player_sets_a_password_and_signs_in_with_it_where_they_were_going() {
    let mut site = Site::new();
    let g = game_between(&site.gw.db(), Seat::email("Anna"), Seat::email("Bob"));
    site.start();
    // Without a session the account page sends to the sign-in, which
    // returns there; the game page's link (as a notice's key opens it)
    // returns to the game.
    let away = site.get("/account");
    assert_eq!(away.status, 303);
    assert_eq!(away.header_values("location"), ["/signin?to=%2Faccount"]);
    assert!(
        site.get(&format!("/games/{g}?key={}", site.key(PlayerId(1))))
            .text()
            .contains(&format!("href=\"/signin?to=%2Fgames%2F{g}\""))
    );
    let back = site.get(&format!("/signin?to=%2Fgames%2F{g}"));
    assert!(
        back.text()
            .contains(&format!("name=\"to\" value=\"/games/{g}\""))
    );

    // No password yet: the password form signs no one in.
    let none = site.sign_in_with_password(ANNA, "correct horse", None);
    assert_eq!(none.status, 401);
    assert!(none.text().contains("This does not sign you in"));

    // Signed in by a code, Anna sets a password; a short one is refused.
    let (_, cookie, csrf) = ask_code(&site, ANNA);
    let code = code_mailed_to(&site, ANNA);
    let done = post(
        site.port,
        "/signin/code",
        Some(&cookie),
        &form(&[
            ("address", ANNA),
            ("code", &code),
            ("csrf", &csrf),
            ("to", "/account"),
        ]),
    );
    assert_eq!(done.header_values("location"), ["/account"]);
    let session = cookie_pair(set_cookie(&done, "player_session"));
    let account = get(site.port, "/account", Some(&session));
    assert!(
        account.text().contains("You have no password"),
        "{}",
        account.text()
    );
    let token = csrf_of(&account);
    let set_to = |password: &str, csrf: &str| {
        post(
            site.port,
            "/account",
            Some(&session),
            &form(&[("password", password), ("action", "set"), ("csrf", csrf)]),
        )
    };
    let weak = set_to("short", &token);
    assert_eq!(weak.status, 422);
    assert!(
        weak.text()
            .contains("at least 8 characters: nothing was changed")
    );
    assert_eq!(site.store().own_password(PlayerId(1)).unwrap(), None);
    let forged = set_to("correct horse", "x");
    assert_eq!(forged.status, 403);
    assert_eq!(site.store().own_password(PlayerId(1)).unwrap(), None);
    let set = set_to("correct horse", &token);
    assert_eq!(set.header_values("location"), ["/account?done=set"]);
    let hash = site
        .store()
        .own_password(PlayerId(1))
        .unwrap()
        .expect("set");
    assert!(hash.starts_with("$argon2id$") && !hash.contains("correct horse"));
    assert!(
        get(site.port, "/account?done=set", Some(&session))
            .text()
            .contains("Your password is set.")
    );

    // The password signs in, and returns to the page asked for; a link to
    // another site is not followed.
    let wrong = site.sign_in_with_password(ANNA, "wrong horse", None);
    assert_eq!(wrong.status, 401);
    assert!(wrong.header_values("set-cookie").is_empty());
    let to_game = format!("/games/{g}");
    let right = site.sign_in_with_password("Anna@Example.TEST", "correct horse", Some(&to_game));
    assert_eq!(right.status, 303, "{}", right.text());
    assert_eq!(right.header_values("location"), [to_game.as_str()]);
    let second = cookie_pair(set_cookie(&right, "player_session"));
    assert!(
        get(site.port, &to_game, Some(&second))
            .text()
            .contains(&format!("action=\"/games/{g}/play\""))
    );
    for elsewhere in [
        "//evil.example/",
        "https://evil.example/",
        "/\\evil.example",
    ] {
        let r = site.sign_in_with_password(ANNA, "correct horse", Some(elsewhere));
        assert_eq!(
            r.header_values("location"),
            ["/players/Anna"],
            "{elsewhere}"
        );
    }
    // The same password signs her correspondence program in over Xfcc.
    let xfcc = service::xfcc_credentials(&site.store(), "Anna").unwrap();
    assert!(
        xfcc.expect("a login").opened_by("correct horse"),
        "the Xfcc login takes the password"
    );

    // Removed, it signs in no more.
    let account = get(site.port, "/account", Some(&session));
    assert!(account.text().contains("You have a password."));
    let removed = post(
        site.port,
        "/account",
        Some(&session),
        &form(&[("action", "remove"), ("csrf", &csrf_of(&account))]),
    );
    assert_eq!(removed.header_values("location"), ["/account?done=removed"]);
    assert_eq!(site.store().own_password(PlayerId(1)).unwrap(), None);
    assert_eq!(
        site.sign_in_with_password(ANNA, "correct horse", None)
            .status,
        401
    );
}
