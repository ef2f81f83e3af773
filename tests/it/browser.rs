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
use crate::support::web::Site;

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
        self.browser_with(serde_json::json!({})).await
    }

    /// A browser that runs no script at all, as a player may have it: the
    /// pages must work without.
    pub(crate) async fn browser_without_script(&self) -> Client {
        let prefs = serde_json::json!({"profile.managed_default_content_settings.javascript": 2});
        self.browser_with(prefs).await
    }

    async fn browser_with(&self, prefs: serde_json::Value) -> Client {
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=1100,900"],
                "prefs": prefs,
            }),
        );
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
        assert_eq!(text(&c, "figcaption").await, "Start position");
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
            assert_eq!(
                text(&c, "figcaption").await,
                format!("Position after ply {}", i + 1)
            );
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
        screenshot(&c, "game.png").await;
        assert_accessible(&c, "game page").await;
        c.find(Locator::LinkText("First"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        assert_eq!(text(&c, "figcaption").await, "Start position");
        c.close().await.unwrap();
    });
}

#[test]
fn the_crosstable_in_the_browser_matches_the_store() {
    let mut site = Site::new();
    let event = site.event("Summer Open", &["Anna", "Boris", "Chen", "Dana"]);
    let games: Vec<_> = site
        .store()
        .event_games(event)
        .unwrap()
        .into_iter()
        .map(|g| g.game)
        .collect();
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
    run(async {
        let c = driver.browser().await;
        let base = format!("http://127.0.0.1:{}", site.port);
        c.goto(&format!("{base}/director/incidents")).await.unwrap();
        // Without a session the console sends the browser to its login.
        assert_eq!(c.current_url().await.unwrap().path(), "/director/login");
        assert_accessible(&c, "login page").await;
        type_into(&c, Locator::Id("name"), "anna").await;
        type_into(&c, Locator::Id("password"), PASSWORD).await;
        click(&c, Locator::Css("form.login button")).await;
        // The password's check takes a moment: the click returns before the
        // next page is there.
        shown(&c, Locator::Css("nav.desk"), "the console after the login").await;
        assert_eq!(c.current_url().await.unwrap().path(), "/director/incidents");
        // The evidence is text in the page, the script in it never ran.
        let evidence = text(&c, "pre.evidence").await;
        assert!(
            evidence.contains("Subject: <script>alert(1)</script>"),
            "{evidence}"
        );
        screenshot(&c, "incidents.png").await;
        assert_accessible(&c, "incident queue").await;
        let decision = format!("decision-{id}");
        type_into(
            &c,
            Locator::Id(&decision),
            "Illegal move: play a legal one.",
        )
        .await;
        click(
            &c,
            Locator::Css(&format!("#incident-{id} ~ form.ruling button")),
        )
        .await;
        let empty = Locator::XPath("//p[text()='No open incidents.']");
        shown(&c, empty, "the queue empty after the ruling").await;
        for page in ["audit", "outbox", "players", "health"] {
            c.goto(&format!("{base}/director/{page}")).await.unwrap();
            assert_accessible(&c, page).await;
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

/// A mail client's view of a notice, from the mail as sent: the HTML part
/// with its inline picture (resolved by Content-ID, as a client does) and,
/// beside it, the text part a text-only client shows. The screenshot is
/// the README's.
#[test]
fn a_notice_in_a_mail_clients_view_shows_its_board_picture() {
    use base64::Engine;
    use mail_parser::{MessageParser, MimeHeaders};

    let (_gw, _port, _game, raw) = crate::support::web::bobs_notice();
    let message = MessageParser::default().parse(&raw).expect("a mail");
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
    let html = message
        .body_html(0)
        .expect("an HTML part")
        .replace("cid:board", &inline);
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
