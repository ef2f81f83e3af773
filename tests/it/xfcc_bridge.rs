//! The bridge's client side against a stand-in Xfcc server that is not
//! ccgate's code (`tests/support/xfcc_server.py`, written from the
//! protocol, keeping its own games): the games fetched over HTTP and read,
//! a move sent and held by the server, refusals read as their codes.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use ccgate::transport::tls::Trust;
use ccgate::transport::xfcc::config::Endpoint;
use ccgate::transport::xfcc::http::{CALL_TIMEOUT, call};
use ccgate::xfcc::client::{get_my_games, make_a_move, read_games, read_move_result};
use ccgate::xfcc::result::MoveResult;
use ccgate::xfcc::soap::{Login, MakeAMove, SoapError};

use crate::support::gateway::free_port;

/// The stand-in server, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    state: tempfile::TempDir,
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
        let state = tempfile::tempdir().unwrap();
        std::fs::write(
            state.path().join("state.json"),
            r#"{"accounts": {"anna": "pw&1", "remote": "r"},
                "games": [{"id": 7, "white": "remote", "black": "anna", "moves": ["e4"]}]}"#,
        )
        .unwrap();
        let port = free_port();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/xfcc_server.py");
        let mut child = Command::new("python3")
            .arg(script)
            .arg(port.to_string())
            .arg(state.path().join("state.json"))
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert_eq!(line.trim(), "ready");
        Server { child, port, state }
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
    let games = read_games(
        &call(
            (&at, &Trust::default()),
            CALL_TIMEOUT,
            "GetMyGames",
            get_my_games(&anna()),
        )
        .await
        .unwrap(),
    )
    .unwrap();
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

    let games = read_games(
        &call(
            (&at, &Trust::default()),
            CALL_TIMEOUT,
            "GetMyGames",
            get_my_games(&anna()),
        )
        .await
        .unwrap(),
    )
    .unwrap();
    assert_eq!(games[0].moves, "1. e4 e5");
    assert!(!games[0].my_turn);
    // A refused login is the server's fault, read with its reason.
    let refused = read_games(
        &call(
            (&at, &Trust::default()),
            CALL_TIMEOUT,
            "GetMyGames",
            get_my_games(&wrong),
        )
        .await
        .unwrap(),
    );
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
