//! The bridge's client side against a stand-in Xfcc server that is not
//! ccgate's code (`tests/support/xfcc_server.py`, written from the
//! protocol, keeping its own games): the games fetched over HTTP and read,
//! a move sent and held by the server, refusals read as their codes.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use ccgate::tls::Trust;
use ccgate::transport::xfcc::http::{CALL_TIMEOUT, call};
use ccgate::xfcc::bridge::plies;
use ccgate::xfcc::client::{get_my_games, make_a_move, read_games, read_move_result};
use ccgate::xfcc::endpoint::Endpoint;
use ccgate::xfcc::games::{XfccGame, XfccResult};
use ccgate::xfcc::result::MoveResult;
use ccgate::xfcc::soap::{Login, MakeAMove, SoapError};

use std::time::Duration;

use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::store::{GameId, Store};

use crate::support::certs::{self, Certs};
use crate::support::gateway::{Gateway, Seat, add_player, count, free_port, wait_until};
use crate::support::xfcc::XfccServer;

/// The stand-in server, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    state: tempfile::TempDir,
    scheme: &'static str,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Game 7: "remote" (White) has played 1. e4 against "anna".
    fn start() -> Server {
        Server::with(r#""moves": ["e4"]"#)
    }

    /// Game 7 between "remote" (White) and "anna", with `extra` (JSON
    /// members: its moves, and how unkind the server is) in its state.
    fn with(extra: &str) -> Server {
        Server::serving(extra, None)
    }

    /// The same, over HTTPS with this certificate and key when given.
    fn serving(extra: &str, tls: Option<&Certs>) -> Server {
        let state = tempfile::tempdir().unwrap();
        std::fs::write(
            state.path().join("state.json"),
            format!(
                r#"{{"accounts": {{"anna": "pw&1", "remote": "r"}},
                "games": [{{"id": 7, "white": "remote", "black": "anna"}}], {extra}}}"#
            ),
        )
        .unwrap();
        // The game's moves are the game's, not the state's.
        let path = state.path().join("state.json");
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let moves = v
            .as_object_mut()
            .and_then(|o| o.remove("moves"))
            .unwrap_or(serde_json::json!([]));
        v["games"][0]["moves"] = moves;
        std::fs::write(&path, v.to_string()).unwrap();
        let port = free_port();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/xfcc_server.py");
        let mut child = Command::new("python3")
            .arg(script)
            .arg(port.to_string())
            .arg(state.path().join("state.json"))
            .args(tls.iter().flat_map(|c| [&c.crt, &c.key]))
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert_eq!(line.trim(), "ready");
        let scheme = if tls.is_some() { "https" } else { "http" };
        Server {
            child,
            port,
            state,
            scheme,
        }
    }

    fn endpoint(&self) -> Endpoint {
        Endpoint::parse(&format!("http://127.0.0.1:{}/xfccbasic.asmx", self.port)).unwrap()
    }

    /// The MakeAMove requests the server received.
    fn moves_received(&self) -> usize {
        std::fs::read_to_string(self.state.path().join("state.json.log"))
            .map(|t| t.lines().count())
            .unwrap_or(0)
    }
}

fn anna() -> Login {
    Login {
        username: "anna".into(),
        password: "pw&1".into(),
    }
}

/// The games `login` is shown.
async fn games_of(at: &Endpoint, login: &Login) -> Result<Vec<XfccGame>, SoapError> {
    let body = call(
        (at, &Trust::default()),
        CALL_TIMEOUT,
        "GetMyGames",
        get_my_games(login),
    )
    .await
    .unwrap();
    read_games(&body)
}

fn move_of(login: Login, movecount: u32, my_move: &str) -> MakeAMove {
    MakeAMove {
        login,
        game_id: 7,
        resign: false,
        accept_draw: false,
        movecount,
        my_move: my_move.into(),
        offer_draw: false,
        claim_draw: false,
        message: String::new(),
    }
}

#[tokio::test]
async fn games_are_fetched_and_a_move_is_sent_to_a_stand_in_server() {
    let server = Server::start();
    let at = server.endpoint();
    let games = games_of(&at, &anna()).await.unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(
        (g.id, g.white.as_str(), g.black.as_str()),
        (7, "remote", "anna")
    );
    assert!(g.my_turn && !g.has_white);
    assert_eq!(g.moves, "1. e4");
    assert_eq!(g.minutes_player, 30 * 1440);

    let sent = |m: MakeAMove| {
        let at = at.clone();
        async move {
            read_move_result(
                &call(
                    (&at, &Trust::default()),
                    CALL_TIMEOUT,
                    "MakeAMove",
                    make_a_move(&m),
                )
                .await
                .unwrap(),
            )
            .unwrap()
        }
    };
    assert_eq!(
        sent(move_of(anna(), 2, "e5")).await,
        MoveResult::InvalidMoveNumber
    );
    assert_eq!(
        sent(move_of(anna(), 1, "e9")).await,
        MoveResult::InvalidMove
    );
    assert_eq!(sent(move_of(anna(), 1, "e5")).await, MoveResult::Success);
    assert_eq!(
        sent(move_of(anna(), 2, "Nf6")).await,
        MoveResult::NotYourTurn
    );
    let wrong = Login {
        password: "nope".into(),
        ..anna()
    };
    assert_eq!(
        sent(move_of(wrong.clone(), 2, "Nf6")).await,
        MoveResult::AuthenticationFailed
    );
    assert_eq!(server.moves_received(), 5);

    let games = games_of(&at, &anna()).await.unwrap();
    assert_eq!(games[0].moves, "1. e4 e5");
    assert!(!games[0].my_turn);
    // A refused login is the server's fault, read with its reason.
    let refused = games_of(&at, &wrong).await;
    assert_eq!(
        refused,
        Err(SoapError::Fault("AuthenticationFailed".into()))
    );
}

#[tokio::test]
async fn a_server_that_is_not_there_is_an_error_not_a_panic() {
    let at = Endpoint::parse(&format!("http://127.0.0.1:{}/x", free_port())).unwrap();
    assert!(
        call(
            (&at, &Trust::default()),
            CALL_TIMEOUT,
            "GetMyGames",
            get_my_games(&anna())
        )
        .await
        .is_err()
    );
}

/// The remote side of a bridged game: a server, its account for Anna, and
/// the desktop player at the other board.
trait Remote {
    /// The service's address, for `[[xfcc.remote]]`.
    fn url(&self) -> String;
    /// Anna's username and password there.
    fn anna(&self) -> Login;
    /// The desktop player's move `san` at full move `movecount`.
    fn desktop_move(&self, movecount: u32, san: &str) -> MoveResult;
    /// The game's plies as the server holds them.
    fn moves(&self) -> Vec<String>;
    /// How long the bridge waits for an answer (`timeout`).
    fn timeout(&self) -> &'static str;
}

fn block_on<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

/// The desktop player's `MakeAMove` of game `game_id` as `login`.
fn desktop(at: &Endpoint, login: Login, game_id: i64, movecount: u32, san: &str) -> MoveResult {
    let m = MakeAMove {
        game_id,
        ..move_of(login, movecount, san)
    };
    let body = block_on(call(
        (at, &Trust::default()),
        CALL_TIMEOUT,
        "MakeAMove",
        make_a_move(&m),
    ))
    .unwrap();
    read_move_result(&body).unwrap()
}

impl Remote for Server {
    /// Below its late answers' two seconds.
    fn timeout(&self) -> &'static str {
        "1s"
    }

    fn url(&self) -> String {
        format!("{}://localhost:{}/xfccbasic.asmx", self.scheme, self.port)
    }

    fn anna(&self) -> Login {
        anna()
    }

    fn desktop_move(&self, movecount: u32, san: &str) -> MoveResult {
        let login = Login {
            username: "remote".into(),
            password: "r".into(),
        };
        desktop(&self.endpoint(), login, 7, movecount, san)
    }

    fn moves(&self) -> Vec<String> {
        let text = std::fs::read_to_string(self.state.path().join("state.json")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["games"][0]["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect()
    }
}

impl Server {
    /// Anna's MakeAMove requests as the server logged them: (move, result,
    /// dropped or late).
    fn annas_requests(&self) -> Vec<(String, String, bool)> {
        std::fs::read_to_string(self.state.path().join("state.json.log"))
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter(|v| v["username"] == "anna")
            .map(|v| {
                (
                    v["myMove"].as_str().unwrap().to_string(),
                    v["result"].as_str().unwrap().to_string(),
                    v["dropped"] == true || v["late"] == true,
                )
            })
            .collect()
    }

    /// Rewrites the server's record of the game (the server takes a move
    /// back on its own).
    fn set_moves(&self, moves: &[&str]) {
        let path = self.state.path().join("state.json");
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        v["games"][0]["moves"] = serde_json::json!(moves);
        // Whole, as the server writes it: it reads the file at each request.
        let tmp = self.state.path().join("state.json.test");
        std::fs::write(&tmp, v.to_string()).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
    }
}

const ANNA: &str = "+4915112345678";

/// A gateway bridging Anna's account on `remote`: Anna plays by SMS
/// (through an smstools spool), in `lang`.
struct Bridging {
    gw: Gateway,
    incoming: tempfile::TempDir,
    outgoing: tempfile::TempDir,
    sent: usize,
}

impl Bridging {
    fn new(remote: &impl Remote, lang: Lang) -> Bridging {
        Bridging::with(remote, lang, "")
    }

    /// The same, with `extra` lines in the account's section.
    fn with(remote: &impl Remote, lang: Lang, extra: &str) -> Bridging {
        let (incoming, outgoing) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let login = remote.anna();
        let mut gw = Gateway::new(&format!(
            "[email]\nfrom = \"gw@example.test\"\n[email.send]\ntransport = \"file\"\n\
             [sms_spool]\nkind = \"smstools\"\nincoming = {:?}\noutgoing = {:?}\npoll_every = \"100ms\"\n\
             [outbox]\npoll_every = \"100ms\"\n\
             [[xfcc.remote]]\nurl = {:?}\nplayer = \"Anna\"\nusername = {:?}\npassword_file = \"xfcc-password\"\npoll = \"300ms\"\ntimeout = {:?}\n{extra}",
            incoming.path().display().to_string(),
            outgoing.path().display().to_string(),
            remote.url(),
            login.username,
            remote.timeout(),
        ));
        std::fs::write(gw.path("xfcc-password"), format!("{}\n", login.password)).unwrap();
        // The password file is read relative to the configuration's directory.
        let config = std::fs::read_to_string(&gw.config).unwrap().replace(
            "password_file = \"xfcc-password\"",
            &format!(
                "password_file = {:?}",
                gw.path("xfcc-password").display().to_string()
            ),
        );
        std::fs::write(&gw.config, config).unwrap();
        add_player(
            &gw.db(),
            "Anna",
            &[(Channel::Sms, ANNA)],
            Notation::San,
            lang,
        );
        gw.start();
        Bridging {
            gw,
            incoming,
            outgoing,
            sent: 0,
        }
    }

    /// Anna's SMS `text`; returns once the gateway took it (committed).
    fn anna_sends(&mut self, text: &str) {
        self.sent += 1;
        let name = format!("GSM1.anna{}", self.sent);
        let tmp = self.incoming.path().join(format!(".{name}"));
        std::fs::write(
            &tmp,
            format!("From: {}\nFrom_TOA: 91 international, ISDN/telephone\nReceived: 26-12-01 12:00:00\nAlphabet: UTF-8\n\n{text}\n", ANNA.trim_start_matches('+')),
        )
        .unwrap();
        std::fs::rename(&tmp, self.incoming.path().join(&name)).unwrap();
        let file = self.incoming.path().join(name);
        wait_until("Anna's SMS taken", Duration::from_secs(60), || {
            !file.exists()
        });
    }

    /// The SMS sent to Anna so far.
    fn annas_sms(&self) -> Vec<String> {
        let mut files: Vec<_> = std::fs::read_dir(self.outgoing.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .collect();
        files.sort();
        files
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect()
    }

    /// Waits for an SMS to Anna with every one of `words`.
    fn sms_with(&self, words: &[&str]) -> String {
        let start = std::time::Instant::now();
        loop {
            let all = self.annas_sms();
            if let Some(t) = all.iter().find(|t| words.iter().all(|w| t.contains(w))) {
                return t.clone();
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "no SMS to Anna with {words:?} in {all:#?}\n{}",
                self.gw.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The bridged game's id here.
    fn game(&self) -> i64 {
        count(
            &self.gw.db(),
            "SELECT coalesce(max(game_id), 0) FROM xfcc_games",
        )
    }

    /// The local game's moves, in SAN.
    fn moves(&self) -> Vec<String> {
        let store = Store::open(&self.gw.db()).unwrap();
        let game = ccgate::service::load_game(&store, GameId(self.game()))
            .unwrap()
            .unwrap();
        let mut pos = shakmaty::Chess::default();
        game.record
            .moves
            .iter()
            .map(|m| {
                let san = shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut pos, *m);
                san.to_string()
            })
            .collect()
    }
}

/// The Blackburne Shilling trap: White (the desktop player) falls into it,
/// Black (Anna, by SMS) mates on her seventh move.
const WHITE: [&str; 7] = ["e4", "Nf3", "Bc4", "Nxe5", "Nxf7", "Rf1", "Be2"];
const BLACK: [&str; 7] = ["e5", "Nc6", "Nd4", "Qg5", "Qxg2", "Qxe4+", "Nf3#"];
/// The same moves in German, as Anna reads and writes them.
const WHITE_DE: [&str; 7] = ["e4", "Sf3", "Lc4", "Sxe5", "Sxf7", "Tf1", "Le2"];
const BLACK_DE: [&str; 7] = ["e5", "Sc6", "Sd4", "Dg5", "Dxg2", "Dxe4", "Sf3"];

/// A whole game between Anna, bridged by SMS in German, and the desktop
/// player on `remote`; the gateway is killed (SIGKILL) once her
/// `kill_after`-th move is in. Returns the bridge for more checks.
fn whole_game(remote: &impl Remote, kill_after: usize) -> Bridging {
    let mut b = Bridging::new(remote, Lang::De);
    for i in 0..7 {
        wait_until(
            "the server has Anna's move",
            Duration::from_secs(60),
            || remote.moves().len() >= 2 * i,
        );
        assert_eq!(
            remote.desktop_move(u32::try_from(i).unwrap() + 1, WHITE[i]),
            MoveResult::Success,
            "{}",
            b.gw.log()
        );
        // Relayed to Anna in her notation and language.
        let number = format!("{}. {}", i + 1, WHITE_DE[i]);
        let sms = b.sms_with(&[&number, "von "]);
        assert!(sms.starts_with("To: 4915112345678\n"), "{sms}");
        b.anna_sends(&format!("{} {}", b.game(), BLACK_DE[i]));
        if i + 1 == kill_after {
            b.gw.kill();
            b.gw.start();
        }
    }
    wait_until(
        "the whole game on the server",
        Duration::from_secs(60),
        || remote.moves().len() == 14,
    );
    let expected: Vec<String> = WHITE
        .iter()
        .zip(BLACK)
        .flat_map(|(w, b)| [w.to_string(), b.to_string()])
        .collect();
    // Every move exactly once on both sides.
    assert_eq!(remote.moves(), expected);
    assert_eq!(b.moves(), expected);
    b.sms_with(&["0-1"]);
    let db = b.gw.db();
    // The last move is on the server before the poll that confirms it.
    wait_until("every move confirmed", Duration::from_secs(60), || {
        count(
            &db,
            "SELECT count(*) FROM xfcc_outbound WHERE state = 'confirmed'",
        ) == 7
    });
    assert_eq!(count(&db, "SELECT count(*) FROM xfcc_outbound"), 7);
    assert_eq!(count(&db, "SELECT count(*) FROM xfcc_plies"), 14);
    assert_eq!(count(&db, "SELECT count(*) FROM incidents"), 0);
    b
}

#[test]
fn a_whole_game_against_an_unkind_stand_in_server_with_a_kill() {
    // Anna's second move is applied and its answer never comes; her third
    // is answered after the bridge gave up waiting; one poll is late too.
    let server = Server::with(
        r#""moves": [], "drop": {"anna": [2]}, "late": {"anna": [3]}, "late_polls": [6], "late_seconds": 2"#,
    );
    let b = whole_game(&server, 5);
    // Each of Anna's moves reached the server once: a lost or late answer
    // was followed by a poll that showed the move, never a second send.
    let requests = server.annas_requests();
    assert_eq!(
        requests
            .iter()
            .map(|(m, _, _)| m.as_str())
            .collect::<Vec<_>>(),
        BLACK.to_vec(),
        "{}",
        b.gw.log()
    );
    assert!(
        requests.iter().all(|(_, r, _)| r == "Success"),
        "{requests:?}"
    );
    assert_eq!(requests.iter().filter(|(_, _, unkind)| *unkind).count(), 2);
    let health = b.gw.http_get("/health");
    assert!(health.contains("\"xfcc_bridge\""), "{health}");
}

/// A move illegal here is refused at once and never sent; a legal move
/// the server refuses is taken back, and Anna hears why in her language;
/// a server that changes a move it had is an incident for the director.
#[test]
fn refusals_here_and_there_and_a_diverging_server() {
    let server = Server::with(r#""moves": ["e4"], "refuse": {"Nf6": "YouAreOnLeave"}"#);
    let mut b = Bridging::new(&server, Lang::Fr);
    b.sms_with(&["1. e4"]);
    let g = b.game();
    b.anna_sends(&format!("{g} Re7"));
    b.sms_with(&["Re7", "refusé"]);
    b.anna_sends(&format!("{g} Cf6"));
    let refusal = b.sms_with(&["Cf6", "refusé par le serveur localhost", "en congé"]);
    assert!(refusal.contains("annulé"), "{refusal}");
    assert_eq!(b.moves(), ["e4"]);
    let db = b.gw.db();
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM incidents WHERE kind = 'remote_refused'"
        ),
        1
    );
    b.anna_sends(&format!("{g} e5"));
    wait_until("e5 on the server", Duration::from_secs(60), || {
        server.moves() == ["e4", "e5"]
    });
    // Nothing illegal was ever sent: the refusal was the server's own.
    let requests = server.annas_requests();
    assert_eq!(
        requests
            .iter()
            .map(|(m, r, _)| (m.as_str(), r.as_str()))
            .collect::<Vec<_>>(),
        [("Nf6", "YouAreOnLeave"), ("e5", "Success")]
    );
    wait_until("e5 confirmed", Duration::from_secs(60), || {
        count(&db, "SELECT count(*) FROM xfcc_plies") == 2
    });
    // The server now says Black played 1... d5.
    server.set_moves(&["e4", "d5", "Nf3"]);
    wait_until("the divergence reported", Duration::from_secs(60), || {
        count(
            &db,
            "SELECT count(*) FROM incidents WHERE kind = 'remote_diverged'",
        ) == 1
    });
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM xfcc_games WHERE diverged_at IS NOT NULL"
        ),
        1
    );
    assert_eq!(b.moves(), ["e4", "e5"]);
}

/// A second ccgate serving Xfcc (`ccgate serve` with `[web]`): game 1
/// between the desktop player Remote (White) and Anna's account there.
struct ServingGateway {
    server: XfccServer,
}

const DESKTOP_PASSWORD: &str = "desk top";
const ANNAS_REMOTE_PASSWORD: &str = "anna's remote";

impl ServingGateway {
    fn start() -> ServingGateway {
        let mut server = XfccServer::new(
            "[email]\nfrom = \"remote@example.test\"\n[email.send]\ntransport = \"file\"\n",
            Seat::email("Remote"),
            Seat::email("Anna"),
        );
        for (name, password) in [
            ("Remote", DESKTOP_PASSWORD),
            ("Anna", ANNAS_REMOTE_PASSWORD),
        ] {
            server.set_password(name, password);
        }
        server.start();
        ServingGateway { server }
    }

    fn endpoint(&self) -> Endpoint {
        Endpoint::parse(&self.url()).unwrap()
    }

    fn desktop(&self) -> Login {
        Login {
            username: "Remote".into(),
            password: DESKTOP_PASSWORD.into(),
        }
    }
}

impl Remote for ServingGateway {
    /// A login costs an argon2 hash there.
    fn timeout(&self) -> &'static str {
        "20s"
    }

    fn url(&self) -> String {
        self.server.url()
    }

    fn anna(&self) -> Login {
        Login {
            username: "Anna".into(),
            password: ANNAS_REMOTE_PASSWORD.into(),
        }
    }

    fn desktop_move(&self, movecount: u32, san: &str) -> MoveResult {
        desktop(
            &self.endpoint(),
            self.desktop(),
            self.server.game,
            movecount,
            san,
        )
    }

    fn moves(&self) -> Vec<String> {
        let games = block_on(games_of(&self.endpoint(), &self.desktop())).unwrap();
        plies(&games[0].moves)
    }
}

#[test]
fn a_whole_game_against_a_second_ccgate_serving_xfcc_with_a_kill() {
    let remote = ServingGateway::start();
    let b = whole_game(&remote, 3);
    // The serving side ended the game by its own rules, and told its
    // desktop player: Black won.
    let games = block_on(games_of(&remote.endpoint(), &remote.desktop())).unwrap();
    assert_eq!(games[0].result, XfccResult::BlackWins);
    // Each of Anna's moves was played once there: one journaled request
    // each that applied a move, whatever the bridge resent.
    assert_eq!(
        count(
            &remote.server.gw.db(),
            "SELECT count(*) FROM moves m JOIN games g ON g.id = m.game_id WHERE m.ply % 2 = 0"
        ),
        7,
        "{}",
        b.gw.log()
    );
}

/// An https server whose certificate a private CA signed: trusted through
/// the account's `ca_file`, refused without it (and /health says so).
#[test]
fn an_https_server_is_trusted_through_ca_file() {
    let dir = tempfile::tempdir().unwrap();
    let certs = certs::make(dir.path(), "", "DNS:localhost,IP:127.0.0.1", |_| {});
    let server = Server::serving(r#""moves": ["e4"]"#, Some(&certs));
    let ca = format!("ca_file = {:?}\n", certs.ca.display().to_string());
    let trusting = Bridging::with(&server, Lang::En, &ca);
    trusting.sms_with(&["1. e4"]);
    let doubting = Bridging::new(&server, Lang::En);
    wait_until("the refusal on /health", Duration::from_secs(60), || {
        doubting.gw.http_get("/health").contains("\"failing\":1")
    });
    let health = doubting.gw.http_get("/health?detail=1");
    assert!(health.contains("certificate"), "{health}");
    assert!(health.contains("anna@localhost"), "{health}");
    assert_eq!(
        count(&doubting.gw.db(), "SELECT count(*) FROM xfcc_games"),
        0
    );
}
