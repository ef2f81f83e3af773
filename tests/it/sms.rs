//! `ccgate serve` with a GSM modem: the project's TS 27.005 simulator
//! (`tests/support/modem_sim.py`) on a real pseudo-terminal pair (socat).
//! A whole game between an SMS player and an email player; multipart, UCS2,
//! duplicate and corrupt messages; messages found only by the sweep; the
//! modem refusing, hanging, spewing garbage and being unplugged; status
//! reports sending a failed reply to the player's email.

use crate::support::{gateway, modem_lab};

use std::path::{Path, PathBuf};
use std::time::Duration;

use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::transport::sms::modem::{Modem, ModemError};
use ccgate::transport::sms::pdu;
use gateway::{
    Gateway, Seat, add_player, count, drop_mail, eml_with, game_between, mail, new_game, wait_until,
};
use modem_lab::ModemLab;
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(60);

fn config(lab: &ModemLab, extra: &str) -> String {
    format!(
        r#"
[email]
from = "gw@example.test"
[email.maildir]
path = "inbox"
poll_every = "50ms"
[email.send]
transport = "file"
[outbox]
poll_every = "100ms"
first_retry = "1s"
[sms]
device = {:?}
sweep_every = "1s"
command_timeout = "2s"
min_interval = "10ms"
{extra}
"#,
        lab.device().display().to_string()
    )
}

fn eml_count(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .filter(|e| e.file_name().to_string_lossy().ends_with(".eml"))
                .count()
        })
        .unwrap_or(0)
}

fn texts(sent: &[Value]) -> Vec<String> {
    sent.iter()
        .map(|m| m["text"].as_str().unwrap_or("").to_string())
        .collect()
}

struct Game {
    lab: ModemLab,
    gw: Gateway,
    game: i64,
}

/// Boris on SMS (+79161234567) as White against Anna on email: the game.
fn boris_on_sms_against_anna(db: &Path) -> i64 {
    game_between(
        db,
        Seat::at("Boris", Channel::Sms, "+79161234567"),
        Seat::email("Anna"),
    )
}

/// Anna plays by email (ICCF numeric), Boris by SMS (Russian SAN).
fn game(extra: &str) -> Game {
    let lab = ModemLab::start();
    let mut gw = Gateway::new(&config(&lab, extra));
    let db = gw.db();
    let anna = add_player(
        &db,
        "Anna",
        &[(Channel::Email, "anna@example.test")],
        Notation::Iccf,
        Lang::De,
    );
    let boris = {
        let mut s = ccgate::store::Store::create(&db).unwrap();
        let tx = s.write().unwrap();
        let id = tx
            .add_player(
                &ccgate::store::NewPlayer {
                    name: "Boris".into(),
                    notation: Notation::San,
                    lang: Lang::Ru,
                    reply_via: Some(Channel::Sms),
                    tz: "Europe/Moscow".into(),
                    pin_hash: None,
                    addresses: vec![
                        (Channel::Sms, "+79161234567".into()),
                        (Channel::Email, "boris@example.test".into()),
                    ],
                },
                jiff::Timestamp::now(),
            )
            .unwrap();
        tx.commit().unwrap();
        id.0
    };
    let game = new_game(&db, anna, boris);
    gw.start();
    Game { lab, gw, game }
}

#[test]
fn a_whole_game_between_an_sms_player_and_an_email_player() {
    let Game {
        lab,
        mut gw,
        game: g,
    } = game("");
    let db = gw.db();
    let inbox = gw.path("inbox");
    let outbox = gw.path("outbox");
    // 1. Anna by email, in ICCF numeric: Boris gets one SMS, in Russian.
    drop_mail(
        &inbox,
        "1",
        &mail("anna@example.test", "a1@anna", "", "1. 5254"),
    );
    let sent = lab.wait_sent(1, WAIT);
    assert_eq!(sent[0]["to"], "+79161234567", "{sent:?}");
    assert!(texts(&sent)[0].contains("e4"), "{sent:?}");
    assert!(sent[0]["udh_concat"].is_null(), "one SMS: {sent:?}");
    // 2. Boris answers by SMS in Russian letters (UCS2): Кf6 is Nf6.
    lab.inject(json!({"from": "+79161234567", "text": format!("{g} 1... Кf6")}));
    wait_until("Anna's notice", WAIT, || eml_with(&outbox, "7866") == 1);
    // 3. Anna; then Boris's reply arrives in two parts, one of them twice.
    drop_mail(
        &inbox,
        "2",
        &mail("anna@example.test", "a2@anna", "", "2. 4244"),
    );
    lab.wait_sent(3, WAIT);
    let long = format!(
        "{g} 2... e6\nСпасибо за партию, отвечаю сразу. {}",
        "Хороший ход. ".repeat(6)
    );
    lab.inject(json!({"from": "+79161234567", "text": long, "parts": 2, "duplicate_part": 1}));
    wait_until("the multipart move applied", WAIT, || {
        count(&db, "SELECT count(*) FROM moves") == 4
    });
    assert_eq!(
        count(&db, "SELECT count(*) FROM journal WHERE channel = 'sms'"),
        2,
        "the duplicate part counts once"
    );
    // Every SMS deleted from the modem once processed.
    wait_until("the modem's storage empty", WAIT, || {
        lab.messages("SM").is_empty() && lab.messages("ME").is_empty()
    });
    assert!(eml_count(&outbox) >= 3);
    assert!(gw.stop().success(), "{}", gw.log());
}

#[test]
fn garbage_corrupt_pdus_sweeps_refusals_hangs_and_replugging_lose_nothing() {
    let Game {
        mut lab,
        mut gw,
        game: g,
    } = game("");
    let db = gw.db();
    let inbox = gw.path("inbox");
    // A corrupt PDU: journaled as evidence, deleted, nothing else.
    lab.inject(json!({"from": "+79161234567", "text": "x", "corrupt": true}));
    wait_until("the corrupt SMS journaled", WAIT, || {
        count(
            &db,
            "SELECT count(*) FROM journal WHERE outcome LIKE 'ignored: unreadable SMS%'",
        ) == 1
    });
    // Garbage on the line, then an SMS stored without +CMTI: the sweep finds it.
    lab.fault(json!({"kind": "garbage"}));
    drop_mail(
        &inbox,
        "1",
        &mail("anna@example.test", "a1@anna", "", "1. 5254"),
    );
    lab.wait_sent(1, WAIT);
    lab.inject(json!({"from": "+79161234567", "text": format!("{g} 1... e5"), "no_cmti": true}));
    wait_until("the swept move", WAIT, || {
        count(&db, "SELECT count(*) FROM moves") == 2
    });
    // The modem refuses the next send twice: retried, delivered once.
    lab.fault(json!({"kind": "cms_error", "command": "AT+CMGS", "code": 38, "times": 2}));
    drop_mail(
        &inbox,
        "2",
        &mail("anna@example.test", "a2@anna", "", "2. 7163"),
    );
    wait_until("the notice of Nf3 after two refusals", WAIT, || {
        texts(&lab.sent()).iter().any(|t| t.contains("Кf3"))
    });
    assert_eq!(
        texts(&lab.sent())
            .iter()
            .filter(|t| t.contains("Кf3"))
            .count(),
        1,
        "delivered once"
    );
    assert!(
        lab.log().contains("+CMS ERROR: 38"),
        "the refusals happened"
    );
    // The modem hangs on a delete: the driver reconnects, the message is
    // read again, recognised, and deleted; the move counts once.
    lab.fault(json!({"kind": "hang", "command": "AT+CMGD"}));
    lab.inject(json!({"from": "+79161234567", "text": format!("{g} 2... Кc6")}));
    wait_until("the move after the hang", WAIT, || {
        count(&db, "SELECT count(*) FROM moves") == 4
    });
    // Unplugged: an SMS arriving meanwhile waits in the SIM, and is read
    // after the modem comes back.
    lab.unplug();
    std::thread::sleep(Duration::from_millis(300));
    lab.replug();
    lab.inject(json!({"from": "+79161234567", "text": "pgn"}));
    drop_mail(
        &inbox,
        "3",
        &mail("anna@example.test", "a3@anna", "", "3. 6152"),
    );
    let start = std::time::Instant::now();
    while !texts(&lab.sent()).iter().any(|t| t.contains("Сe2")) {
        assert!(
            start.elapsed() < WAIT,
            "no notice of 3. Be2 after the replug: {:?}\n{}\n--- modem lab ---\n{}",
            texts(&lab.sent()),
            gw.log(),
            lab.diagnostics()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 5);
    assert_eq!(
        count(&db, "SELECT count(*) FROM journal WHERE channel = 'sms'"),
        4,
        "corrupt, swept, after the hang, pgn: each once"
    );
    assert!(gw.stop().success(), "{}", gw.log());
}

#[test]
fn a_failed_status_report_sends_the_notice_by_email() {
    let Game {
        lab,
        mut gw,
        game: _,
    } = game("");
    let db = gw.db();
    lab.set_report_policy("failed");
    drop_mail(
        &gw.path("inbox"),
        "1",
        &mail("anna@example.test", "a1@anna", "", "1. 5254"),
    );
    lab.wait_sent(1, WAIT);
    wait_until(
        "the report matched and the email fallback queued",
        WAIT,
        || {
            count(
                &db,
                "SELECT count(*) FROM sms_sent WHERE status IS NOT NULL",
            ) == 1
                && count(
                    &db,
                    "SELECT count(*) FROM outbox WHERE channel = 'email' AND recipient = 'boris@example.test' AND ply = 1",
                ) == 1
        },
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM incidents WHERE kind = 'undeliverable'"
        ),
        1
    );
    assert!(gw.stop().success(), "{}", gw.log());
}

/// A gateway on an smstools3 spool of its own (`incoming/` and `outgoing/`
/// in a new directory, kept alive by the first value), national numbers of
/// `country` with `trunk`, and `extra` at the end of its configuration.
fn spool_gateway(
    country: &str,
    trunk: &str,
    extra: &str,
) -> (tempfile::TempDir, PathBuf, PathBuf, Gateway) {
    let spool = tempfile::tempdir().unwrap();
    let (incoming, outgoing) = (spool.path().join("incoming"), spool.path().join("outgoing"));
    std::fs::create_dir_all(&incoming).unwrap();
    std::fs::create_dir_all(&outgoing).unwrap();
    let gw = Gateway::new(&format!(
        "[email]\nfrom = \"gw@example.test\"\n[email.maildir]\npoll_every = \"50ms\"\n[sms_spool]\nkind = \"smstools\"\nincoming = {:?}\noutgoing = {:?}\npoll_every = \"100ms\"\ncountry_code = \"{country}\"\ntrunk_prefix = \"{trunk}\"\n{extra}",
        incoming.display().to_string(),
        outgoing.display().to_string()
    ));
    (spool, incoming, outgoing, gw)
}

/// SMS through smstools3's spool instead of a modem: an incoming file is
/// processed and removed after its commit, and the reply is written as an
/// outgoing file for smsd to send.
#[test]
fn a_move_through_an_smstools_spool() {
    let (_spool, incoming, outgoing, mut gw) = spool_gateway("7", "8", "");
    let db = gw.db();
    let g = boris_on_sms_against_anna(&db);
    gw.start();
    // A national number (8 916…) as smsd writes it: matched to Boris's E.164.
    std::fs::write(
        incoming.join("GSM1.abc123"),
        format!("From: 89161234567\nReceived: 26-11-29 12:00:00\nAlphabet: ISO\n\n{g} 1. d4\n"),
    )
    .unwrap();
    wait_until("the reply spooled", WAIT, || {
        std::fs::read_dir(&outgoing).is_ok_and(|d| d.count() == 1)
            && std::fs::read_dir(&incoming).is_ok_and(|d| d.count() == 0)
    });
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 1);
    let out = std::fs::read_dir(&outgoing)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(out).unwrap();
    assert!(text.starts_with("To: 79161234567\n"), "{text}");
    assert!(text.contains("1. d4"), "{text}");
    assert!(gw.stop().success(), "{}", gw.log());
}

/// Issue 21: a backlog in the spool is committed in batches (64 files a
/// transaction), each file removed only after its batch's commit. The
/// daemon is killed with SIGKILL during the burst and started again: every
/// move is applied once, the unreadable file journaled once, and every
/// reply spooled once (its file named by outbox id).
#[test]
fn a_spool_backlog_in_batches_survives_kill_minus_nine_with_each_move_once() {
    let (_spool, incoming, outgoing, mut gw) = spool_gateway(
        "49",
        "0",
        "[outbox]\npoll_every = \"100ms\"\nfirst_retry = \"1s\"\n",
    );
    let db = gw.db();
    const GAMES: usize = 30;
    let plies = ["d4", "d5", "c4", "e6"];
    let games: Vec<i64> = (0..GAMES)
        .map(|k| {
            game_between(
                &db,
                Seat::at(&format!("W{k}"), Channel::Sms, &format!("+4917100{k:04}")),
                Seat::at(&format!("B{k}"), Channel::Sms, &format!("+4917200{k:04}")),
            )
        })
        .collect();
    // Written before the daemon starts, ply by ply (the spool is read
    // oldest first): 120 files, two full batches and a part.
    for (p, san) in plies.iter().enumerate() {
        for (k, g) in games.iter().enumerate() {
            // National numbers, as smsd may write them.
            let from = if p % 2 == 0 { "017100" } else { "017200" };
            let number = if p % 2 == 0 {
                format!("{}.", p / 2 + 1)
            } else {
                format!("{}...", p / 2 + 1)
            };
            std::fs::write(
                incoming.join(format!("GSM1.p{p}g{k:03}")),
                format!("From: {from}{k:04}\nAlphabet: ISO\n\n{g} {number} {san}\n"),
            )
            .unwrap();
        }
    }
    std::fs::write(incoming.join("GSM1.unreadable"), b"no header at all").unwrap();
    gw.start();
    wait_until("the first batch", WAIT, || {
        count(&db, "SELECT count(*) FROM moves") > 0
    });
    gw.kill();
    // Replies the killed daemon held are due again after their hold: the
    // first retry's delay, a second here.
    gw.start();
    wait_until("the spool emptied", WAIT, || {
        std::fs::read_dir(&incoming).is_ok_and(|d| d.count() == 0)
    });
    wait_until("every reply spooled", WAIT, || {
        count(&db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0
    });
    let all = plies.len() * GAMES;
    assert_eq!(count(&db, "SELECT count(*) FROM moves") as usize, all);
    assert_eq!(
        count(&db, "SELECT count(*) FROM journal") as usize,
        all + 1,
        "each file journaled once"
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM journal WHERE transport_id LIKE 'spool-unreadable:%'"
        ),
        1
    );
    let replies = count(&db, "SELECT count(*) FROM outbox") as usize;
    assert!(replies >= 2 * all, "{replies} replies");
    assert_eq!(
        std::fs::read_dir(&outgoing).unwrap().count(),
        replies,
        "every reply spooled once"
    );
    assert!(gw.stop().success(), "{}", gw.log());
}

/// A SIM with a PIN (from a file, never the command line), and a modem that
/// restarts on its own (`RDY`): ccgate unlocks it again and carries on.
#[test]
fn a_sim_pin_and_a_modem_restart() {
    let lab = ModemLab::start_with_pin("4321");
    let pin = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(pin.path(), "4321\n").unwrap();
    let mut gw = Gateway::new(&config(
        &lab,
        &format!("pin_file = {:?}", pin.path().display().to_string()),
    ));
    let db = gw.db();
    let g = boris_on_sms_against_anna(&db);
    gw.start();
    lab.inject(json!({"from": "+79161234567", "text": format!("{g} 1. e4")}));
    wait_until("the first move", WAIT, || {
        count(&db, "SELECT count(*) FROM moves") == 1
    });
    lab.fault(json!({"kind": "reboot"}));
    drop_mail(
        &gw.path("inbox"),
        "1",
        &mail("anna@example.test", "a1@anna", "", "1... c5"),
    );
    lab.wait_sent(2, WAIT);
    lab.inject(json!({"from": "+79161234567", "text": format!("{g} 2. Nf3")}));
    wait_until("the move after the restart", WAIT, || {
        count(&db, "SELECT count(*) FROM moves") == 3
    });
    assert!(
        lab.log().matches("AT+CPIN=\"4321\"").count() >= 2,
        "unlocked at start and after the restart"
    );
    assert!(gw.stop().success(), "{}", gw.log());
}

/// The modem restarts when the reply is submitted: first right after its
/// `> ` prompt, then after it took the PDU and before it answered. Each
/// restart ends the submission at once (no 120 s wait for an answer that
/// cannot come), and the reply goes out after the reconnection, once.
#[test]
fn a_modem_that_restarts_in_the_middle_of_a_submission_sends_the_reply_afterwards_once() {
    let lab = ModemLab::start();
    let mut gw = Gateway::new(&config(&lab, ""));
    let db = gw.db();
    let g = boris_on_sms_against_anna(&db);
    gw.start();
    lab.fault(json!([
        {"kind": "reboot", "command": "AT+CMGS"},
        {"kind": "reboot", "command": "AT+CMGS", "stage": "after_pdu"},
    ]));
    lab.inject(json!({"from": "+79161234567", "text": format!("{g} 1. e4")}));
    wait_until("Boris's confirmation sent", WAIT, || {
        count(
            &db,
            "SELECT count(*) FROM outbox WHERE channel = 'sms' AND sent_at IS NOT NULL",
        ) == 1
    });
    let sent = lab.sent();
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(texts(&sent)[0].contains("5254"), "{sent:#?}");
    let state = lab.state();
    assert_eq!(state["counters"]["reboots"], json!(2), "{}", lab.log());
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM outbox WHERE channel = 'sms' AND failed_at IS NOT NULL"
        ),
        0,
        "not given up"
    );
    assert!(gw.stop().success(), "{}", gw.log());
}

/// The modem driver alone on the simulator's line, without a gateway.
async fn open_modem(lab: &ModemLab, timeout: Duration) -> Modem<tokio_serial::SerialStream> {
    let port = tokio_serial::SerialStream::open(&tokio_serial::new(
        lab.device().to_string_lossy(),
        115_200,
    ))
    .expect("open the modem's PTY");
    Modem::new(port, timeout)
}

/// Answers left on the line by an earlier session, an `AT` answered after
/// its deadline (so two `OK`s come for the tries) and answers that reach
/// the driver a few bytes at a time: the driver drains, confirms and then
/// reads each answer as its own command's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reopened_modem_is_brought_into_step_through_stale_late_and_split_answers() {
    let lab = ModemLab::start();
    lab.inject(json!({"from": "+491701111111", "text": "7 5254", "no_cmti": true}));
    lab.fault(json!([
        {"kind": "stale", "text": "\r\n+CPIN: READY\r\n\r\nOK\r\n\r\n+CMGL: 4,1,,24\r\n\r\nOK\r\n\r\n> "},
        {"kind": "delay", "command": "AT", "seconds": 1.5, "times": 1},
        {"kind": "split", "bytes": 3, "pause": 0.005},
    ]));
    let mut modem = open_modem(&lab, Duration::from_secs(1)).await;
    let status = modem
        .init(None)
        .await
        .expect("the modem is brought into step");
    assert_eq!(status.model, "ModemSim 27005");
    assert!(status.registered);
    let listed = modem.list("SM").await.expect("AT+CMGL");
    assert_eq!(
        listed.len(),
        1,
        "the stored SMS, not a stale listing: {listed:?}"
    );
    let part = &pdu::encode_submit("+491701111111", "7 5254 received", false, 1).unwrap()[0];
    let mr = modem.send(part.tpdu_len, &part.hex).await.expect("AT+CMGS");
    let sent = lab.sent();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0]["mr"], json!(mr));
    assert_eq!(sent[0]["text"], json!("7 5254 received"));
    assert_eq!(lab.state()["counters"]["prompt_cancelled"], Value::Null);
}

/// A restart after the PDU and before the answer ends the submission with
/// an error that is the link's (reconnect) and says nothing was sent, so
/// that the reply is tried again rather than given up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_before_the_answer_to_a_submission_is_not_an_unconfirmed_send() {
    let lab = ModemLab::start();
    let mut modem = open_modem(&lab, Duration::from_secs(2)).await;
    modem.init(None).await.expect("init");
    lab.fault(json!({"kind": "reboot", "command": "AT+CMGS", "stage": "after_pdu"}));
    let part = &pdu::encode_submit("+491701111111", "7 5254", true, 1).unwrap()[0];
    let err = modem
        .send(part.tpdu_len, &part.hex)
        .await
        .expect_err("the restart is an error");
    assert!(matches!(err, ModemError::Restarted { .. }), "{err:?}");
    assert!(err.is_link() && !err.is_unconfirmed(), "{err:?}");
    assert!(lab.sent().is_empty());
    modem.init(None).await.expect("init after the restart");
    modem
        .send(part.tpdu_len, &part.hex)
        .await
        .expect("sent after the restart");
    assert_eq!(lab.sent().len(), 1);
}

/// The network answers a submission after 6 s, well past the command
/// timeout: the late `+CMGS` is the send, with its TP-MR, and nothing is
/// sent twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_answer_to_a_submission_is_its_send_not_a_failure() {
    let lab = ModemLab::start();
    let mut modem = open_modem(&lab, Duration::from_secs(2)).await;
    modem.init(None).await.expect("init");
    lab.fault(json!({"kind": "delay", "command": "AT+CMGS", "stage": "after_pdu", "seconds": 6}));
    let part = &pdu::encode_submit("+491701111111", "7 5254", true, 1).unwrap()[0];
    let mr = modem
        .send(part.tpdu_len, &part.hex)
        .await
        .expect("the late answer confirms the send");
    let sent = lab.sent();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0]["mr"], json!(mr));
    // Still in step: the next command gets its own answer.
    let csq = modem.command("AT+CSQ").await.expect("AT+CSQ");
    assert!(csq.iter().all(|l| l.starts_with("+CSQ:")), "{csq:?}");
    assert_eq!(lab.sent().len(), 1);
}
