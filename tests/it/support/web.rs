//! The web pages of a running `ccgate serve` as the tests reach them: HTTP
//! requests over a plain connection ([`get`], [`post`], [`send`]), a daemon
//! with `[web]` and helpers to fill its store ([`Site`]), a form's encoding,
//! and a notice mailed with its board picture ([`bobs_notice`]).

use std::io::{Read, Write};

use ccgate::event::standings::Rules;
use ccgate::game::clock::TimeControl;
use ccgate::game::outcome::{GameResult, Termination};
use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::service::{EventSpec, start_event};
use ccgate::store::{EventId, GameId, MoveRow, PlayerId, Store};
use jiff::Timestamp;

use crate::support::gateway::{Gateway, add_player, free_port};

/// How long a test's request waits for its answer: a daemon that does not
/// answer fails the test rather than hang it.
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(30);

/// A connection to `port` on loopback that waits at most [`PATIENCE`] to
/// connect and for each read.
pub fn patient_connect(port: u16) -> std::net::TcpStream {
    let to = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let s = std::net::TcpStream::connect_timeout(&to, PATIENCE).expect("connect");
    s.set_read_timeout(Some(PATIENCE)).expect("read timeout");
    s
}

/// A response: status code, headers (lower-case names), body.
pub struct Page {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Page {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn header_values(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }
}

/// A GET over a plain HTTP/1.1 connection.
pub fn get(port: u16, path: &str, cookie: Option<&str>) -> Page {
    let cookie = cookie
        .map(|c| format!("Cookie: {c}\r\n"))
        .unwrap_or_default();
    send(port, &format!("GET {path} HTTP/1.1\r\n{cookie}"), b"")
}

/// A form POSTed (`application/x-www-form-urlencoded`, already encoded).
pub fn post(port: u16, path: &str, cookie: Option<&str>, form: &str) -> Page {
    let cookie = cookie
        .map(|c| format!("Cookie: {c}\r\n"))
        .unwrap_or_default();
    let head = format!(
        "POST {path} HTTP/1.1\r\n{cookie}Content-Type: application/x-www-form-urlencoded\r\n"
    );
    send(port, &head, form.as_bytes())
}

/// A request over a plain HTTP/1.1 connection: `head` is the request line
/// and any headers (each ending in CRLF); the host, the length and the
/// connection's close are added.
pub fn send(port: u16, head: &str, body: &[u8]) -> Page {
    let mut s = patient_connect(port);
    let length = if body.is_empty() {
        String::new()
    } else {
        format!("Content-Length: {}\r\n", body.len())
    };
    write!(
        s,
        "{head}Host: localhost\r\n{length}Connection: close\r\n\r\n"
    )
    .expect("request");
    s.write_all(body).expect("request body");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("response");
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = unchunk(&body);
    }
    Page {
        status,
        headers,
        body,
    }
}

fn unchunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = raw.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(std::str::from_utf8(&raw[..eol]).unwrap().trim(), 16)
            .expect("a chunk size");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[eol + 2..eol + 2 + size]);
        raw = &raw[eol + 2 + size + 2..];
    }
}

/// A daemon with `[web]`, and its port.
pub struct Site {
    pub gw: Gateway,
    pub port: u16,
}

impl Site {
    pub fn new() -> Site {
        Site::with("")
    }

    /// A site whose `[web]` also has `extra` (lines of TOML).
    pub fn with(extra: &str) -> Site {
        let port = free_port();
        let gw = Gateway::new(&format!("[web]\nlisten = \"127.0.0.1:{port}\"\n{extra}"));
        Site { gw, port }
    }

    pub fn start(&mut self) {
        self.gw.start();
        let port = self.port;
        crate::support::gateway::wait_until(
            "the web pages",
            std::time::Duration::from_secs(30),
            || std::net::TcpStream::connect(("127.0.0.1", port)).is_ok(),
        );
    }

    pub fn get(&self, path: &str) -> Page {
        get(self.port, path, None)
    }

    pub fn store(&self) -> Store {
        Store::open(&self.gw.db()).expect("store")
    }

    /// The mail address [`Site::player`] registers `name` at.
    pub fn address(name: &str) -> String {
        format!("p{}@example.test", hex(name))
    }

    pub fn player(&self, name: &str) -> i64 {
        add_player(
            &self.gw.db(),
            name,
            &[(Channel::Email, &Site::address(name))],
            Notation::San,
            Lang::En,
        )
    }

    /// A round robin of `names`; its id.
    /// The games of an event, in the store's order.
    pub fn games_of(&self, event: EventId) -> Vec<GameId> {
        self.store()
            .event_games(event)
            .unwrap()
            .into_iter()
            .map(|g| g.game)
            .collect()
    }

    pub fn event(&self, name: &str, names: &[&str]) -> EventId {
        for n in names {
            self.player(n);
        }
        let mut s = Store::create(&self.gw.db()).expect("store");
        start_event(
            &mut s,
            &EventSpec {
                name: name.parse().expect("name"),
                players: names.iter().map(|n| n.to_string()).collect(),
                double: false,
                time_control: "10/50".parse::<TimeControl>().unwrap(),
                penalty_days: 0,
                rules: Rules::Iccf,
                start: None,
                duplication_after: None,
            },
            Timestamp::now(),
        )
        .expect("event")
    }

    /// Plays UCI moves into a game, as the service stores them.
    pub fn play(&self, game: GameId, ucis: &[&str]) {
        let mut s = self.store();
        let tx = s.write().unwrap();
        let from = s_moves(&tx, game);
        for (i, uci) in ucis.iter().enumerate() {
            tx.add_move(
                game,
                &MoveRow {
                    ply: from + i as u32 + 1,
                    uci: uci.to_string().into(),
                    raw: uci.to_string().into(),
                    notation: "uci".into(),
                    received_at: Timestamp::now(),
                    delivered_at: Some(Timestamp::now()),
                    journal_id: None,
                },
            )
            .unwrap();
        }
        tx.commit().unwrap();
    }

    pub fn finish(&self, game: GameId, result: GameResult, why: &str) {
        let mut s = self.store();
        let tx = s.write().unwrap();
        tx.finish_game(
            game,
            result,
            &Termination::Adjudicated(why.into()),
            Timestamp::now(),
        )
        .unwrap();
        tx.commit().unwrap();
    }

    /// Signs in with a password at `address` through the sign-in page,
    /// returning to `to`: the response.
    pub fn sign_in_with_password(&self, address: &str, password: &str, to: Option<&str>) -> Page {
        let page = self.get("/signin");
        let cookie = cookie_pair(set_cookie(&page, "signin_csrf"));
        let csrf = csrf_of(&page);
        let mut fields = vec![
            ("address", address),
            ("password", password),
            ("csrf", &csrf),
        ];
        fields.extend(to.map(|to| ("to", to)));
        post(self.port, "/signin/password", Some(&cookie), &form(&fields))
    }

    /// Gives the player `name` the password [`PASSWORD`], as they would set it.
    pub fn set_password(&self, name: &str) {
        let mut store = self.store();
        let id = store.player_by_name(name).unwrap().expect("a player").id;
        ccgate::service::set_own_password(&mut store, id, Some(PASSWORD), Timestamp::now())
            .expect("store")
            .expect("a strong password");
    }

    /// A session of the player `name` (given [`PASSWORD`]): its cookie.
    pub fn session(&self, name: &str) -> String {
        self.set_password(name);
        let done = self.sign_in_with_password(&Site::address(name), PASSWORD, None);
        assert_eq!(done.status, 303, "{}", done.text());
        cookie_pair(set_cookie(&done, "player_session"))
    }

    /// A player's capability key, from the secret the daemon made.
    pub fn key(&self, player: PlayerId) -> String {
        let secret = self
            .store()
            .web_secret()
            .unwrap()
            .expect("the daemon made one");
        ccgate::service::player_key::player_key(&secret, player)
    }
}

/// The password [`Site::session`] gives its players.
pub const PASSWORD: &str = "a long enough password";

/// A name as hex digits: an address part for any name.
fn hex(name: &str) -> String {
    name.bytes().map(|b| format!("{b:02x}")).collect()
}

fn s_moves(store: &Store, game: GameId) -> u32 {
    store.moves(game).unwrap().len() as u32
}

/// A daemon mailing Alice's game against Bob (`public_url` set), after
/// Alice's 1. e4 came by mail: the daemon, its web port, the game, and the
/// notice it mailed Bob, as sent.
pub fn bobs_notice() -> (Gateway, u16, i64, Vec<u8>) {
    bobs_notice_in(Lang::En)
}

/// [`bobs_notice`] with Bob reading `lang`.
pub fn bobs_notice_in(lang: Lang) -> (Gateway, u16, i64, Vec<u8>) {
    use crate::support::gateway::{Seat, drop_mail, game_between, mail, wait_until};

    let port = free_port();
    let mut gw = Gateway::new(&format!(
        "{}public_url = \"https://chess.example.test/\"\n",
        mail_and_web(port)
    ));
    let g = game_between(
        &gw.db(),
        Seat::email("Alice"),
        Seat::email("Bob").lang(lang),
    );
    gw.start();
    drop_mail(
        &gw.path("inbox"),
        "001.a",
        &mail("Alice <alice@example.test>", "m1@a", "move", "1. e4"),
    );
    let outbox = gw.path("outbox");
    let notice = || {
        std::fs::read_dir(&outbox).ok().and_then(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| std::fs::read(e.path()).unwrap_or_default())
                .find(|raw| String::from_utf8_lossy(raw).contains("To: bob@example.test"))
        })
    };
    wait_until("Bob's notice", std::time::Duration::from_secs(30), || {
        notice().is_some()
    });
    let raw = notice().unwrap();
    (gw, port, g, raw)
}

/// A form field's value as a browser encodes it.
pub fn form_encoded(v: &str) -> String {
    v.bytes()
        .map(|b| match b {
            b' ' => "+".to_string(),
            b if b.is_ascii_alphanumeric() || b"-._~".contains(&b) => char::from(b).to_string(),
            b => format!("%{b:02X}"),
        })
        .collect()
}

/// The `name=value` of a `Set-Cookie` header for `name`, with its attributes.
pub fn set_cookie<'a>(page: &'a Page, name: &str) -> &'a str {
    page.header_values("set-cookie")
        .into_iter()
        .find(|c| c.starts_with(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no {name} cookie in {:?}", page.headers))
}

/// A `Set-Cookie` header's `name=value`, as the browser sends it back.
pub fn cookie_pair(set: &str) -> String {
    set.split(';').next().unwrap_or_default().to_string()
}

/// The value of the first hidden field `name` of a page.
pub fn field_of(page: &Page, name: &str) -> String {
    let text = page.text();
    let key = format!("name=\"{name}\" value=\"");
    let at = text
        .find(&key)
        .unwrap_or_else(|| panic!("no {name} field: {text}"));
    let rest = &text[at + key.len()..];
    rest[..rest.find('"').expect("quote")].to_string()
}

/// The value of the first hidden `csrf` field of a page.
pub fn csrf_of(page: &Page) -> String {
    field_of(page, "csrf")
}

/// A form's fields, encoded as a browser posts them.
pub fn form(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(k, v)| format!("{k}={}", form_encoded(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// A gateway's configuration reading a Maildir, writing replies as files
/// and serving the pages on `port` (a `[web]` key may follow).
pub fn mail_and_web(port: u16) -> String {
    format!(
        r#"
[email]
from = "gw@example.test"
[email.maildir]
path = "inbox"
poll_every = "50ms"
[email.send]
transport = "file"
[web]
listen = "127.0.0.1:{port}"
"#
    )
}
