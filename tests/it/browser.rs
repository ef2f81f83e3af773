//! The pages in a real headless Chromium, driven through WebDriver
//! (chromedriver, started here on a free port): a game stepped through by
//! its links, the crosstable read back and compared with the store, and
//! axe-core's WCAG A/AA rules on every page. Screenshots go to
//! `$CCGATE_SCREENSHOTS` when it is set (the README's are made so).

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use ccgate::game::outcome::GameResult;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Position};

use crate::support::gateway::{free_port, wait_until};
use crate::support::web::{PASSWORD, Site};

/// axe-core as `.ci/setup-servers` installs it.
fn axe_source() -> String {
    let path = std::env::var("CCGATE_AXE")
        .unwrap_or_else(|_| "/opt/ccgate-test-node/node_modules/axe-core/axe.min.js".to_string());
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e} (run .ci/setup-servers)"))
}

/// chromedriver on a free loopback port, killed when dropped. Its
/// temporary directory holds what it and Chromium make under `TMPDIR` (a
/// profile per session, several MB each), which a killed driver cannot
/// delete itself: it goes with the driver.
pub(crate) struct Driver {
    child: Child,
    port: u16,
    _tmp: tempfile::TempDir,
}

impl Driver {
    pub(crate) fn start() -> Driver {
        let port = free_port();
        let tmp = tempfile::tempdir().expect("chromedriver's temporary directory");
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .env("TMPDIR", tmp.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver (run .ci/setup-servers)");
        wait_until("chromedriver", Duration::from_secs(30), || {
            std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
        });
        Driver {
            child,
            port,
            _tmp: tmp,
        }
    }

    async fn browser(&self) -> Client {
        self.browser_with(None, serde_json::json!({})).await
    }

    /// A browser as a phone of `width` × `height` CSS pixels shows pages
    /// (Chromium's device emulation: a window is never narrower than 500
    /// px); `None`: a desktop window.
    async fn browser_as(&self, phone: Option<(u32, u32)>) -> Client {
        self.browser_with(phone, serde_json::json!({})).await
    }

    /// A browser that runs no script at all, as a player may have it: the
    /// pages must work without.
    pub(crate) async fn browser_without_script(&self) -> Client {
        let prefs = serde_json::json!({"profile.managed_default_content_settings.javascript": 2});
        self.browser_with(None, prefs).await
    }

    async fn browser_with(&self, phone: Option<(u32, u32)>, prefs: serde_json::Value) -> Client {
        let mut caps = serde_json::Map::new();
        let mut options = serde_json::json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1100,900"],
            "prefs": prefs,
        });
        if let Some((width, height)) = phone {
            options["mobileEmulation"] = serde_json::json!({
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0,
                                  "mobile": true, "touch": true},
            });
        }
        caps.insert("goog:chromeOptions".into(), options);
        ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("a browser session")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn run<F: std::future::Future<Output = ()>>(f: F) {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime")
        .block_on(f);
}

/// axe-core's WCAG 2.0/2.1 A and AA rules on the page shown: none violated.
async fn assert_accessible(c: &Client, what: &str) {
    c.execute(&axe_source(), vec![]).await.expect("axe loaded");
    let found = c
        .execute_async(
            r#"const done = arguments[arguments.length - 1];
               axe.run(document, {runOnly: {type: 'tag',
                   values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})
                 .then(r => done(JSON.stringify(r.violations.map(v =>
                     ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.html)})))))
                 .catch(e => done('axe failed: ' + e));"#,
            vec![],
        )
        .await
        .expect("axe ran");
    assert_eq!(
        found.as_str(),
        Some("[]"),
        "{what}: WCAG violations {found}"
    );
}

/// The screenshot, checked to be a picture, and kept for the README.
async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("screenshot");
    let p = crate::support::board_pixels::decode_any(&png);
    assert!(p.0 > 300 && p.1 > 300, "{p:?}");
    if let Ok(dir) = std::env::var("CCGATE_SCREENSHOTS") {
        std::fs::write(std::path::Path::new(&dir).join(name), &png).expect("write screenshot");
    }
}

async fn text(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .text()
        .await
        .expect("text")
}

#[test]
fn a_game_is_stepped_through_in_the_browser() {
    let mut site = Site::new();
    let event = site.event("Spring", &["Anna", "Boris"]);
    let game = site.store().event_games(event).unwrap()[0].game;
    let line = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"];
    site.play(game, &line);
    site.start();
    let driver = Driver::start();
    run(async {
        let c = driver.browser().await;
        c.goto(&format!(
            "http://127.0.0.1:{}/games/{}?ply=0",
            site.port, game.0
        ))
        .await
        .unwrap();
        assert_eq!(
            text(&c, "figcaption").await,
            "Start position · move 1, White to move"
        );
        let captions = [
            "After 1. e4 · move 1, Black to move",
            "After 1... e5 · move 2, White to move",
            "After 2. Nf3 · move 2, Black to move",
            "After 2... Nc6 · move 3, White to move",
            "After 3. Bb5 · move 3, Black to move",
            "After 3... a6 · move 4, White to move",
        ];
        let mut pos = Chess::default();
        for (i, uci) in line.iter().enumerate() {
            c.find(Locator::Css("a[rel=next]"))
                .await
                .expect("a Next link")
                .click()
                .await
                .unwrap();
            let mv = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(mv);
            assert_eq!(text(&c, "figcaption").await, captions[i]);
            let label = c
                .find(Locator::Css("figure svg"))
                .await
                .unwrap()
                .attr("aria-label")
                .await
                .unwrap()
                .unwrap_or_default();
            let board = Fen::from_position(&pos, EnPassantMode::Legal)
                .to_string()
                .split(' ')
                .next()
                .unwrap()
                .to_string();
            assert!(label.contains(&board), "ply {}: {label}", i + 1);
        }
        // At the end there is no Next; First goes back to the start.
        assert!(
            c.find_all(Locator::Css("a[rel=next]"))
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(text(&c, "ol.record a[aria-current]").await, "a6");
        // The record copies as it reads, a blank between the moves.
        let copied = c
            .execute(
                "const s = window.getSelection(); s.selectAllChildren(document.querySelector('ol.record')); \
                 return s.toString().replace(/\\s+/g, ' ').trim();",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(copied.as_str(), Some("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"));
        screenshot(&c, "game.png").await;
        assert_accessible(&c, "game page").await;
        c.find(Locator::LinkText("First"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        assert_eq!(
            text(&c, "figcaption").await,
            "Start position · move 1, White to move"
        );
        // The keys: → and End step on, ← and Home back (the pages' one
        // script follows the step links).
        for (key, caption) in [
            ("ArrowRight", captions[0]),
            ("End", captions[5]),
            ("ArrowLeft", captions[4]),
            ("Home", "Start position · move 1, White to move"),
        ] {
            c.execute(
                "document.dispatchEvent(new KeyboardEvent('keydown', {key: arguments[0], bubbles: true}))",
                vec![serde_json::json!(key)],
            )
            .await
            .unwrap();
            wait_for_caption(&c, caption).await;
        }
        c.close().await.unwrap();
    });
}

#[test]
fn the_crosstable_in_the_browser_matches_the_store() {
    let mut site = Site::new();
    let event = site.event("Summer Open", &["Anna", "Boris", "Chen", "Dana"]);
    let games = site.games_of(event);
    for (g, r) in games.iter().zip([
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
    ]) {
        site.finish(*g, r, "test");
    }
    site.start();
    let driver = Driver::start();
    run(async {
        let c = driver.browser().await;
        c.goto(&format!(
            "http://127.0.0.1:{}/events/{}",
            site.port, event.0
        ))
        .await
        .unwrap();
        let store = site.store();
        let mut links = 0;
        for row in c
            .find_all(Locator::Css("table.crosstable tbody tr"))
            .await
            .unwrap()
        {
            let name = row
                .find(Locator::Css("th a"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            let me = store.player_by_name(&name).unwrap().unwrap().id;
            for a in row.find_all(Locator::Css("td a")).await.unwrap() {
                let href = a.attr("href").await.unwrap().unwrap();
                let id: i64 = href.trim_start_matches("/games/").parse().unwrap();
                let g = store.game(ccgate::store::GameId(id)).unwrap().unwrap();
                assert!(g.white == me || g.black == me, "{name}: {href}");
                let mine = match (g.result, g.white == me) {
                    (None | Some(GameResult::Unfinished), _) => ".",
                    (Some(GameResult::Draw), _) => "½",
                    (Some(GameResult::WhiteWins), true) | (Some(GameResult::BlackWins), false) => {
                        "1"
                    }
                    _ => "0",
                };
                assert_eq!(a.text().await.unwrap(), mine, "{name}: {href}");
                links += 1;
            }
        }
        assert_eq!(links, 2 * games.len(), "each game from both players' rows");
        screenshot(&c, "crosstable.png").await;
        assert_accessible(&c, "event page").await;
        c.goto(&format!("http://127.0.0.1:{}/players/Anna", site.port))
            .await
            .unwrap();
        assert_accessible(&c, "player page").await;
        c.close().await.unwrap();
    });
}

pub(crate) async fn type_into(c: &Client, at: Locator<'_>, keys: &str) {
    c.find(at)
        .await
        .expect("a field")
        .send_keys(keys)
        .await
        .expect("typed");
}

pub(crate) async fn click(c: &Client, at: Locator<'_>) {
    c.find(at)
        .await
        .expect("a button")
        .click()
        .await
        .expect("clicked");
}

/// Waits for an element: a form's answer may come after the click returns.
pub(crate) async fn shown(c: &Client, at: Locator<'_>, what: &str) {
    c.wait()
        .at_most(Duration::from_secs(60))
        .for_element(at)
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"));
}

#[test]
fn a_director_signs_in_and_rules_on_an_incident_in_the_browser() {
    use crate::support::director::{PASSWORD, add_director, incident};
    let mut site = Site::new();
    assert!(add_director(&site, "anna").status.success());
    let (id, _game) = incident(&site);
    site.start();
    let driver = Driver::start();
    let base = format!("http://127.0.0.1:{}", site.port);
    let sign_in = |c: Client| async move {
        type_into(&c, Locator::Id("name"), "anna").await;
        type_into(&c, Locator::Id("password"), PASSWORD).await;
        click(&c, Locator::Css("form.login button")).await;
        // The password's check takes a moment: the click returns before the
        // next page is there.
        shown(&c, Locator::Css("nav.desk"), "the console after the login").await;
        c
    };
    // With no script: the console works with forms alone.
    run(async {
        let c = driver.browser_without_script().await;
        c.goto(&format!("{base}/director/incidents")).await.unwrap();
        // Without a session the console sends the browser to its login.
        assert_eq!(c.current_url().await.unwrap().path(), "/director/login");
        let c = sign_in(c).await;
        assert_eq!(c.current_url().await.unwrap().path(), "/director/incidents");
        // The queue's line leads to the incident's page.
        click(&c, Locator::Id(&format!("incident-{id}"))).await;
        shown(&c, Locator::Css("pre.evidence"), "the incident's page").await;
        // The evidence is text in the page, the script in it never ran.
        let evidence = text(&c, "pre.evidence").await;
        assert!(
            evidence.contains("Subject: <script>alert(1)</script>"),
            "{evidence}"
        );
        type_into(
            &c,
            Locator::Id("decision"),
            "Illegal move: play a legal one.",
        )
        .await;
        click(&c, Locator::Css("form.ruling button")).await;
        let said = Locator::XPath("//p[@role='status']");
        shown(&c, said, "the queue's word on the ruling").await;
        assert_eq!(text(&c, "p.said").await, format!("Incident {id} ruled."));
        c.close().await.unwrap();
    });
    // axe-core runs as a script: every console page, on a phone's screen,
    // where the queue and an incident fit without sideways scrolling.
    run(async {
        let c = driver.browser_as(Some((390, 844))).await;
        c.goto(&format!("{base}/director/login")).await.unwrap();
        assert_accessible(&c, "login page").await;
        let c = sign_in(c).await;
        screenshot(&c, "incidents.png").await;
        for page in [
            "incidents",
            &format!("incidents/{id}"),
            "audit",
            "outbox",
            "players",
            "health",
        ] {
            c.goto(&format!("{base}/director/{page}")).await.unwrap();
            assert_accessible(&c, page).await;
            if page.starts_with("incidents") {
                assert_fits(&c, 390, page).await;
            }
        }
        c.close().await.unwrap();
    });
    // The ruling is stored, audited by name, and both players are told.
    let store = site.store();
    assert!(store.incident(id).unwrap().unwrap().ruling.is_some());
    let last = store.audit_log().unwrap().pop().unwrap();
    assert_eq!(last.by.as_deref(), Some("anna"));
    let told = store
        .outbox(true)
        .unwrap()
        .into_iter()
        .filter(|r| r.body.contains("Illegal move: play a legal one."))
        .count();
    assert_eq!(told, 2);
}

#[test]
fn a_director_opens_games_and_reminds_an_overdue_player_in_the_browser() {
    use crate::director_web::game_begun;
    use crate::support::director::{PASSWORD, add_director, incident};
    let mut site = Site::new();
    assert!(add_director(&site, "anna").status.success());
    let (id, game) = incident(&site);
    let row = site
        .store()
        .game(ccgate::store::GameId(game))
        .unwrap()
        .unwrap();
    let overdue = game_begun(&site, (row.black, row.white), 3, 10);
    {
        // Forfeits held (as after a clock jump): the game stays overdue.
        let mut s = site.store();
        let tx = s.write().unwrap();
        tx.record_sweep(jiff::Timestamp::now(), Some(jiff::Timestamp::now()))
            .unwrap();
        tx.commit().unwrap();
    }
    site.start();
    let driver = Driver::start();
    let base = format!("http://127.0.0.1:{}", site.port);
    let sign_in = |c: Client| async move {
        type_into(&c, Locator::Id("name"), "anna").await;
        type_into(&c, Locator::Id("password"), PASSWORD).await;
        click(&c, Locator::Css("form.login button")).await;
        shown(&c, Locator::Css("nav.desk"), "the console after the login").await;
        c
    };
    let before = site.store().outbox(true).unwrap().len();
    run(async {
        let c = driver.browser_without_script().await;
        c.goto(&format!("{base}/director/incidents/{id}"))
            .await
            .unwrap();
        let c = sign_in(c).await;
        // From the incident to its game.
        c.goto(&format!("{base}/director/incidents/{id}"))
            .await
            .unwrap();
        click(
            &c,
            Locator::Css(&format!("dd a[href='/director/games/{game}']")),
        )
        .await;
        shown(&c, Locator::Css("figure.board"), "the incident's game").await;
        let evidence = text(&c, "pre.evidence").await;
        assert!(
            evidence.contains("Subject: <script>alert(1)</script>"),
            "{evidence}"
        );
        // From the games list, overdue only, to the reminder.
        c.goto(&format!("{base}/director/games")).await.unwrap();
        c.find(Locator::Css("#g-state option[value='overdue']"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        click(&c, Locator::Css("form.filters button")).await;
        shown(&c, Locator::Css("table.games"), "the overdue games").await;
        let lines = text(&c, "table.games tbody").await;
        assert!(lines.contains(&overdue.to_string()), "{lines}");
        assert!(!lines.contains("\n1 "), "{lines}");
        click(&c, Locator::Css("table.games form button")).await;
        shown(
            &c,
            Locator::XPath("//p[@role='status']"),
            "the word on the reminder",
        )
        .await;
        assert_eq!(
            text(&c, "p.said").await,
            format!("Reminder sent for game {overdue}.")
        );
        click(
            &c,
            Locator::Css(&format!("table.games a[href='/director/games/{overdue}']")),
        )
        .await;
        shown(&c, Locator::Css("figure.board"), "the overdue game").await;
        c.close().await.unwrap();
    });
    let reminded = site
        .store()
        .outbox(true)
        .unwrap()
        .into_iter()
        .skip(before)
        .filter(|r| r.game_id == Some(ccgate::store::GameId(overdue)))
        .count();
    assert_eq!(reminded, 1, "the reminder is in the outbox");
    // The new pages: axe-core clean, no sideways scroll on a phone or a
    // desktop.
    for (w, h) in [(390, 844), (1280, 800)] {
        run(async {
            let c = driver.browser_as(Some((w, h))).await;
            c.goto(&format!("{base}/director/login")).await.unwrap();
            let c = sign_in(c).await;
            for page in [
                "games".to_string(),
                "games?state=overdue".to_string(),
                format!("games/{game}"),
                format!("games/{overdue}"),
            ] {
                c.goto(&format!("{base}/director/{page}")).await.unwrap();
                assert_accessible(&c, &page).await;
                assert_fits(&c, w, &page).await;
            }
            c.close().await.unwrap();
        });
    }
}

/// A mail client's view of a notice, from the mail as sent: the HTML part
/// with its inline picture (resolved by Content-ID, as a client does) and,
/// beside it, the text part a text-only client shows. The screenshot is
/// the README's.
#[test]
fn a_notice_in_a_mail_clients_view_shows_its_board_picture() {
    use mail_parser::MessageParser;

    let (_gw, _port, _game, raw) = crate::support::web::bobs_notice();
    let message = MessageParser::default().parse(&raw).expect("a mail");
    let html = html_with_its_picture(&raw);
    let escape = |t: &str| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    let head = |name: &str| {
        message
            .header_raw(name)
            .map(|v| escape(v.trim()))
            .unwrap_or_default()
    };
    let view = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Mail view</title>\
         <style>body{{font-family:sans-serif;margin:1rem}}dl{{display:grid;grid-template-columns:6em 1fr;margin:0 0 1rem}}\
         dt{{font-weight:bold}}main{{display:flex;gap:1rem}}iframe{{width:540px;height:760px;border:1px solid #999}}\
         pre{{border:1px solid #999;padding:.5rem;margin:0;font-size:13px}}</style></head><body>\
         <dl><dt>From</dt><dd>{}</dd><dt>To</dt><dd>{}</dd><dt>Subject</dt><dd>{}</dd></dl><main>\
         <section><h2>HTML part, with the picture</h2><iframe title=\"HTML part\" srcdoc=\"{}\"></iframe></section>\
         <section><h2>Text part</h2><pre>{}</pre></section></main></body></html>",
        head("From"),
        head("To"),
        escape(message.subject().unwrap_or_default()),
        escape(&html),
        escape(&message.body_text(0).expect("a text part")),
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("mail.html");
    std::fs::write(&file, view).expect("the view");
    let driver = Driver::start();
    run(async {
        let c = driver.browser().await;
        c.goto(&format!("file://{}", file.display())).await.unwrap();
        // The picture decoded in the client at the size the mail gives it.
        let width = c
            .execute(
                "return document.querySelector('iframe').contentDocument.querySelector('img').naturalWidth",
                vec![],
            )
            .await
            .expect("the picture's width");
        assert_eq!(width.as_u64(), Some(264), "{width}");
        screenshot(&c, "notice.png").await;
        c.close().await.unwrap();
    });
}

/// Waits until the board's caption reads `want` (a key's page may come
/// after the key).
async fn wait_for_caption(c: &Client, want: &str) {
    for _ in 0..300 {
        if let Ok(e) = c.find(Locator::Css("figcaption")).await
            && e.text().await.is_ok_and(|t| t == want)
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "the caption never read {want}: {}",
        text(c, "figcaption").await
    );
}

/// The page's width against the screen's `width`: no sideways scrolling
/// (and a phone does not zoom out to fit a wider page).
async fn assert_fits(c: &Client, width: u32, what: &str) {
    let sizes = c
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth, document.documentElement.clientWidth]",
            vec![],
        )
        .await
        .expect("the widths");
    let [scroll, inner, client] = [0, 1, 2].map(|i| sizes[i].as_u64().unwrap());
    // The layout is the screen's width less a scroll bar, if any.
    assert!(
        client <= u64::from(width) && client + 20 >= u64::from(width),
        "{what}: a layout {client} px wide"
    );
    assert!(
        scroll <= client && inner <= u64::from(width),
        "{what}: {scroll} px wide in a {inner} px window"
    );
}

/// The window's inner width set to `width` (the rest of the window is the
/// browser's own).
async fn set_width(c: &Client, width: u32, height: u32) {
    if width < 500 {
        // A phone's session (Driver::browser_as) has its width already.
        return;
    }
    let js = |c: &Client, code: &'static str| {
        let c = c.clone();
        async move { c.execute(code, vec![]).await.unwrap().as_u64().unwrap() }
    };
    c.set_window_size(width, height).await.expect("window size");
    let frame = u32::try_from(js(c, "return window.outerWidth - window.innerWidth").await).unwrap();
    if frame > 0 {
        c.set_window_size(width + frame, height)
            .await
            .expect("window size");
    }
    let inner = js(c, "return window.innerWidth").await;
    assert_eq!(inner, u64::from(width), "the window's inner width");
}

#[test]
fn every_page_fits_a_phone_and_a_desktop_screen() {
    use ccgate::game::outcome::Termination;
    let mut site = Site::new();
    let names = [
        "Anna",
        "Boris Aleksandrovich",
        "Chen",
        "Dana-Maria Oberhuber-Schmidt",
        "Emil",
    ];
    let event = site.event("Fünf Länder Fernschach-Einladungsturnier 2027", &names);
    let games = site.games_of(event);
    site.play(
        games[0],
        &[
            "e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6",
        ],
    );
    site.play(games[1], &["d2d4", "d7d5"]);
    site.finish(games[2], GameResult::Draw, "agreed");
    {
        let mut s = site.store();
        let tx = s.write().unwrap();
        tx.finish_game(
            games[3],
            GameResult::WhiteWins,
            &Termination::Resigned("Chen".into()),
            jiff::Timestamp::now(),
        )
        .unwrap();
        tx.set_duplication(games[1], Some(20)).unwrap();
        tx.commit().unwrap();
    }
    site.set_password("Anna");
    let annas = {
        let store = site.store();
        let game = |g: &&ccgate::store::GameId| {
            let row = store.game(**g).unwrap().unwrap();
            !row.finished && [row.white, row.black].contains(&ccgate::store::PlayerId(1))
        };
        games.iter().find(game).expect("a game of Anna's in play").0
    };
    site.start();
    let driver = Driver::start();
    let base = format!("http://127.0.0.1:{}", site.port);
    let g = games[0].0;
    let pages = [
        "/".to_string(),
        format!("/events/{}", event.0),
        format!("/events/{}?lang=de", event.0),
        format!("/games/{g}?ply=0"),
        format!("/games/{g}?ply=3&flip=1"),
        format!("/games/{g}?lang=de"),
        format!("/games/{}", games[1].0),
        format!("/games/{}?lang=ru", games[3].0),
        "/players/Anna".to_string(),
        format!("/players/{}?lang=pl", "Dana-Maria%20Oberhuber-Schmidt"),
        "/?lang=ar".to_string(),
        "/signin".to_string(),
        "/signin?lang=uk".to_string(),
    ];
    run(async {
        for (width, height) in [(390, 844), (1280, 800)] {
            let c = driver
                .browser_as((width < 500).then_some((width, height)))
                .await;
            set_width(&c, width, height).await;
            for page in &pages {
                c.goto(&format!("{base}{page}")).await.unwrap();
                let what = format!("{page} at {width} px");
                assert_fits(&c, width, &what).await;
                assert_accessible(&c, &what).await;
                // The language picker keeps its label beside it.
                let apart = c
                    .execute(
                        "const l = document.querySelector('label[for=lang]').getBoundingClientRect(); \
                         const s = document.querySelector('#lang').getBoundingClientRect(); \
                         return Math.abs((l.top + l.bottom) / 2 - (s.top + s.bottom) / 2) > s.height / 2 || l.left > s.left;",
                        vec![],
                    )
                    .await
                    .unwrap();
                assert_eq!(
                    apart.as_bool(),
                    Some(false),
                    "{what}: the picker wraps apart from its label"
                );
            }
            // Anna signed in (by the password form): her game with its
            // form, and her password's page.
            c.goto(&format!("{base}/signin")).await.unwrap();
            type_into(&c, Locator::Id("address-p"), &Site::address("Anna")).await;
            type_into(&c, Locator::Id("password"), PASSWORD).await;
            click(&c, Locator::Css("form[action='/signin/password'] button")).await;
            shown(&c, Locator::Css("table.games"), "Anna's page").await;
            for (page, form) in [
                (format!("/games/{annas}"), "line"),
                ("/account".into(), "password"),
            ] {
                c.goto(&format!("{base}{page}")).await.unwrap();
                shown(&c, Locator::Id(form), "the page's form").await;
                let what = format!("{page} signed in, at {width} px");
                assert_fits(&c, width, &what).await;
                assert_accessible(&c, &what).await;
            }
            // The crosstable scrolls in its own box on a phone, if at all.
            c.goto(&format!("{base}/events/{}", event.0)).await.unwrap();
            if width == 390 {
                screenshot(&c, "crosstable-390.png").await;
            }
            c.close().await.unwrap();
        }
    });
}

/// A notice's HTML part, its picture inlined as a client shows it, in a
/// phone's width and at 800 px: the text wraps and the picture shrinks,
/// nothing scrolls sideways. German, whose notice was 2,129 px wide.
#[test]
fn a_notice_fits_a_phone_screen() {
    let (_gw, _port, _game, raw) = crate::support::web::bobs_notice_in(ccgate::notation::Lang::De);
    let html = html_with_its_picture(&raw);
    assert!(html.contains("name=\"viewport\""), "{html}");
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("notice.html");
    std::fs::write(&file, html).expect("the notice");
    let driver = Driver::start();
    run(async {
        for width in [390, 800] {
            let c = driver
                .browser_as((width < 500).then_some((width, 844)))
                .await;
            set_width(&c, width, 844).await;
            c.goto(&format!("file://{}", file.display())).await.unwrap();
            assert_fits(&c, width, &format!("the notice at {width} px")).await;
            let img = c
                .execute(
                    "const i = document.querySelector('img'); return [i.getBoundingClientRect().right, window.innerWidth];",
                    vec![],
                )
                .await
                .unwrap();
            assert!(
                img[0].as_f64().unwrap() <= img[1].as_f64().unwrap(),
                "{img}"
            );
            c.close().await.unwrap();
        }
    });
}

/// A notice's HTML part with its board picture inlined (`cid:board` as a
/// data address), as a mail program shows it.
fn html_with_its_picture(raw: &[u8]) -> String {
    use base64::Engine;
    use mail_parser::{MessageParser, MimeHeaders};
    let message = MessageParser::default().parse(raw).expect("a mail");
    let png = message
        .parts
        .iter()
        .find(|p| p.content_id() == Some("board"))
        .expect("the picture")
        .contents();
    let inline = format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png)
    );
    message
        .body_html(0)
        .expect("an HTML part")
        .replace("cid:board", &inline)
}
