//! Xfcc served by a running `ccgate serve`: the request vectors of
//! `protocols/vectors/xfcc.tsv` replayed over HTTP, the login's lock, a
//! WSDL-driven client (zeep) calling every operation, and Scid's own Xfcc
//! client (its `correspondence.tcl` in tclsh) fetching the games and
//! sending a move. In every world Alice plays White from a program and
//! Boris Black by SMS; what the program does reaches the store and Boris's
//! SMS.
//!
//! Needs zeep in `$CCGATE_TEST_VENV` (default `/opt/ccgate-test-venv`) and
//! Debian's scid-data, tdom and tcl: `.ci/setup-servers` installs them.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use ccgate::protocol::address::Channel;

use crate::support::gateway::{Seat, ccgate_on, count, wait_until};
use crate::support::peer::{support_file, venv_python};
use crate::support::web::{Page, send};
use crate::support::xfcc::XfccServer;

const PASSWORD: &str = "correct horse";
const BORIS: &str = "+79161234567";

/// A daemon serving Xfcc, with game 1 between Alice (a program, her mail
/// by file) and Boris (SMS through an smstools spool).
struct XfccWorld {
    server: XfccServer,
    sms_out: tempfile::TempDir,
    _sms_in: tempfile::TempDir,
}

impl XfccWorld {
    fn new() -> XfccWorld {
        let (sms_out, sms_in) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let mut server = XfccServer::new(
            &format!(
                "[email]\nfrom = \"gw@example.test\"\n[email.send]\ntransport = \"file\"\n\
                 [sms_spool]\nkind = \"smstools\"\nincoming = {:?}\noutgoing = {:?}\npoll_every = \"100ms\"\n\
                 [outbox]\npoll_every = \"100ms\"\n",
                sms_in.path().display().to_string(),
                sms_out.path().display().to_string(),
            ),
            Seat::email("Alice"),
            Seat::at("Boris", Channel::Sms, BORIS),
        );
        assert_eq!(server.game, 1);
        assert!(
            server
                .set_password("Alice", PASSWORD)
                .contains("Xfcc password set")
        );
        let shown = ccgate_on(server.gw.db())
            .args(["player", "show", "Alice", "--json"])
            .output()
            .unwrap();
        let shown: serde_json::Value = serde_json::from_slice(&shown.stdout).expect("JSON");
        assert_eq!(shown["xfcc"], true);
        server.start();
        XfccWorld {
            server,
            sms_out,
            _sms_in: sms_in,
        }
    }

    fn url(&self) -> String {
        self.server.url()
    }

    /// A SOAP request as Scid posts it: no SOAPAction.
    fn post(&self, body: &[u8]) -> Page {
        send(
            self.server.port,
            "POST /xfcc HTTP/1.1\r\nContent-Type: text/xml; charset=\"utf-8\"\r\n",
            body,
        )
    }

    fn db(&self) -> PathBuf {
        self.server.gw.db()
    }

    /// The SMS files written for Boris, as text.
    fn sms(&self) -> Vec<String> {
        sms_in(self.sms_out.path())
    }

    /// Waits for Boris's SMS count to reach `n`, then returns them.
    fn sms_reaching(&self, n: usize) -> Vec<String> {
        wait_until("Boris's SMS", Duration::from_secs(30), || {
            self.sms().len() >= n
        });
        self.sms()
    }
}

fn sms_in(dir: &Path) -> Vec<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| {
        p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("ccgate-"))
    });
    files.sort();
    files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect()
}

fn moves(db: &Path) -> i64 {
    count(db, "SELECT count(*) FROM moves WHERE game_id = 1")
}

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("protocols/vectors")
}

/// The result code of a `MakeAMove` response.
fn result_of(page: &Page) -> String {
    let text = page.text();
    text.split_once("<MakeAMoveResult>")
        .and_then(|(_, r)| r.split_once("</MakeAMoveResult>"))
        .map(|(r, _)| r.to_string())
        .unwrap_or_else(|| panic!("no MakeAMoveResult in {text}"))
}

#[test]
fn the_request_vectors_replay_against_a_running_daemon() {
    let w = XfccWorld::new();
    let table = std::fs::read_to_string(vectors().join("xfcc.tsv")).unwrap();
    let mut replayed = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (file, expect) = line.split_once('\t').expect("file and expectation");
        let body = std::fs::read(vectors().join("xfcc").join(file)).unwrap();
        let page = w.post(&body);
        let text = page.text();
        match expect.split_once(':').expect("kind:value") {
            ("result", code) => {
                assert_eq!(page.status, 200, "{file}: {text}");
                assert_eq!(result_of(&page), code, "{file}");
            }
            ("fault", why) => {
                assert_eq!(page.status, 500, "{file}: {text}");
                assert!(
                    text.contains(&format!("<faultstring>{why}</faultstring>")),
                    "{file}: {text}"
                );
            }
            ("contains", needle) => {
                assert_eq!(page.status, 200, "{file}: {text}");
                assert!(text.contains(needle), "{file}: {needle} not in {text}");
            }
            (kind, _) => panic!("{file}: unknown expectation {kind}"),
        }
        replayed += 1;
    }
    assert!(replayed >= 19);
    let db = w.db();
    // The move sent twice (its response lost) was played once, and Boris
    // heard of it once, by SMS; then of Alice's words, then that she
    // resigned.
    assert_eq!(moves(&db), 1);
    assert_eq!(
        count(&db, "SELECT count(*) FROM outbox WHERE channel = 'sms'"),
        3
    );
    let sms = w.sms_reaching(3);
    assert!(
        sms.iter()
            .all(|s| s.contains(BORIS.trim_start_matches('+'))),
        "{sms:?}"
    );
    assert_eq!(
        sms.iter().filter(|s| s.contains("e4")).count(),
        1,
        "{sms:?}"
    );
    assert!(
        sms.iter()
            .any(|s| s.contains("Alice writes: Viel Glück & gute Partie")),
        "{sms:?}"
    );
    // Every request of a logged-in player is in the journal, as evidence,
    // on its own channel and without the password.
    let journaled = count(&db, "SELECT count(*) FROM journal WHERE channel = 'xfcc'");
    assert!(journaled >= 6, "{journaled}");
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM journal WHERE CAST(raw AS TEXT) LIKE '%correct horse%'"
        ),
        0
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM journal WHERE channel = 'xfcc' AND CAST(raw AS TEXT) LIKE '%password>withheld</%'"
        ),
        journaled
    );
    // The wrong passwords are incidents, like wrong PINs.
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM incidents WHERE kind = 'bad_pin' AND detail = 'wrong Xfcc password'"
        ),
        2
    );
    // The illegal move, refused, is an incident of the game.
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM incidents WHERE game_id = 1 AND kind = 'illegal'"
        ),
        1
    );
    // The WSDL names the service's address; `?WSDL` is the same.
    let wsdl = crate::support::web::get(w.server.port, "/xfcc?wsdl", None);
    assert_eq!(wsdl.status, 200);
    assert_eq!(
        crate::support::web::get(w.server.port, "/xfcc?WSDL", None).text(),
        wsdl.text()
    );
    assert!(
        wsdl.text()
            .contains("<soap:address location=\"http://localhost/xfcc\"/>")
    );
}

#[test]
fn five_wrong_passwords_lock_the_login_for_an_hour() {
    let w = XfccWorld::new();
    let request = |password: &str| {
        format!(
            "<Envelope><Body><GetMyGames><username>Alice</username><password>{password}</password></GetMyGames></Body></Envelope>"
        )
    };
    assert_eq!(w.post(request(PASSWORD).as_bytes()).status, 200);
    for _ in 0..5 {
        let page = w.post(request("guess").as_bytes());
        assert!(page.text().contains("AuthenticationFailed"));
    }
    // Locked: the right password is refused too, and recorded as tried while locked.
    let page = w.post(request(PASSWORD).as_bytes());
    assert_eq!(page.status, 500, "{}", page.text());
    assert!(page.text().contains("AuthenticationFailed"));
    let db = w.db();
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM pin_locks WHERE channel = 'xfcc' AND locked_until IS NOT NULL"
        ),
        1
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM incidents WHERE detail = 'Xfcc login locked after repeated failures'"
        ),
        1
    );
}

#[test]
fn a_wsdl_driven_client_calls_every_operation() {
    let w = XfccWorld::new();
    let out = Command::new(venv_python("the WSDL-driven client", "zeep"))
        .arg(support_file("xfcc_zeep.py"))
        .args([&w.url(), "alice", PASSWORD, "1", "1", "Nf3"])
        .output()
        .expect("python with zeep");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let calls: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(calls.len(), 5, "{stdout}");
    assert_eq!(calls[0]["fault"], "AuthenticationFailed");
    let before = &calls[1]["games"][0];
    assert_eq!(before["id"], 1);
    assert_eq!(before["white"], "Alice");
    assert_eq!(before["myTurn"], true);
    assert_eq!(before["hasWhite"], true);
    assert_eq!(before["result"], "Ongoing");
    assert_eq!(calls[2]["result"], "AuthenticationFailed");
    assert_eq!(calls[3]["result"], "Success");
    let after = &calls[4]["games"][0];
    assert_eq!(after["myTurn"], false);
    assert_eq!(after["moves"], "1. Nf3");
    assert_eq!(moves(&w.db()), 1);
    // Boris hears of the move and of Alice's draw offer with it.
    let sms = w.sms_reaching(1);
    assert!(sms[0].contains("Nf3"), "{sms:?}");
    assert_eq!(
        count(
            &w.db(),
            "SELECT count(*) FROM games WHERE id = 1 AND draw_offer = 'white'"
        ),
        1
    );
}

#[test]
fn scids_own_client_fetches_the_games_and_sends_a_move() {
    let w = XfccWorld::new();
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new("tclsh")
        .arg(support_file("xfcc_scid.tcl"))
        .arg(dir.path())
        .args([&w.url(), "Alice", PASSWORD, "1", "1", "d4"])
        .output()
        .expect("tclsh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    // Scid wrote the game as PGN, with our tags, and its state.
    let pgn = std::fs::read_to_string(dir.path().join("Inbox/ccgate-1.pgn"))
        .unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    assert!(pgn.contains("[White \"Alice\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Boris\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("[Mode \"XFCC\"]"), "{pgn}");
    assert!(stdout.contains("myTurn true"), "{stdout}");
    // The move went through and Scid took the answer for a success.
    assert!(
        stdout.contains("console: info Processing successfull!"),
        "{stdout}"
    );
    assert!(!stdout.contains("messagebox"), "{stdout}");
    assert_eq!(moves(&w.db()), 1);
    assert_eq!(
        count(
            &w.db(),
            "SELECT count(*) FROM moves WHERE game_id = 1 AND uci = 'd2d4'"
        ),
        1
    );
    let sms = w.sms_reaching(1);
    assert!(sms[0].contains("d4"), "{sms:?}");
}

#[test]
fn an_events_game_is_listed_with_its_event_board_clock_and_time_control() {
    use ccgate::event::standings::Rules;
    use ccgate::service::{EventSpec, start_event};
    let w = XfccWorld::new();
    let mut store = ccgate::store::Store::open(&w.db()).unwrap();
    start_event(
        &mut store,
        &EventSpec {
            name: "Xfcc Open".parse().expect("name"),
            players: vec!["Alice".into(), "Boris".into()],
            double: false,
            time_control: "10/50".parse().unwrap(),
            penalty_days: 0,
            rules: Rules::Iccf,
            start: None,
            duplication_after: None,
        },
        jiff::Timestamp::now(),
    )
    .unwrap();
    let body = std::fs::read(vectors().join("xfcc/01-games-scid.xml")).unwrap();
    let text = w.post(&body).text();
    let game = text
        .split("<XfccGame>")
        .find(|g| g.contains("<event>Xfcc Open</event>"))
        .unwrap_or_else(|| panic!("no event game in {text}"));
    assert!(game.contains("<id>2</id>"), "{game}");
    assert!(game.contains("<round>1</round><board>1</board>"), "{game}");
    assert!(
        game.contains("<timeControl>10/4320000</timeControl>"),
        "{game}"
    );
    assert!(
        game.contains("<daysPlayer>50</daysPlayer>")
            && game.contains("<daysOpponent>50</daysOpponent>"),
        "{game}"
    );
    assert!(game.contains("<result>Ongoing</result>"), "{game}");
}

/// A program whose response was lost (the gateway killed) sends its move
/// again to the restarted gateway: answered as before, played once, told
/// to the opponent once.
#[test]
fn a_move_sent_again_after_a_kill_is_played_once() {
    let mut w = XfccWorld::new();
    let body = std::fs::read(vectors().join("xfcc/05-move-prefixed.xml")).unwrap();
    assert_eq!(result_of(&w.post(&body)), "Success");
    // Boris has his SMS (a send cut by the kill would wait for its retry).
    assert!(w.sms_reaching(1)[0].contains("e4"));
    w.server.gw.kill();
    w.server.gw.start();
    let port = w.server.port;
    wait_until("the web listener", Duration::from_secs(30), || {
        std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
    });
    assert_eq!(result_of(&w.post(&body)), "Success");
    let db = w.db();
    assert_eq!(moves(&db), 1);
    assert_eq!(
        count(&db, "SELECT count(*) FROM outbox WHERE channel = 'sms'"),
        1
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM journal WHERE channel = 'xfcc' AND outcome LIKE '%xfcc answered Success'"
        ),
        1
    );
    assert_eq!(w.sms().len(), 1);
}
