//! A whole game between two mailboxes through real servers: the players send
//! over SMTP to the gateway's mailbox on Dovecot, `ccgate serve` reads it over
//! IMAP and answers over SMTP into the players' mailboxes. Along the way: a
//! reply quoting the previous mail, an HTML-only mail, a non-UTF-8 mail, an
//! out-of-office auto-reply, a spoofed sender, a duplicate delivery, and the
//! SMTP server refusing temporarily (the reply is retried, delivered once).
//!
//! Needs the test servers (`.ci/setup-servers`); see `common/mail_lab.rs`.

use crate::support::{gateway, mail_lab};

use std::time::Duration;

use ccgate::notation::Lang;
use gateway::{Gateway, Seat, count, game_between, wait_until};
use lettre::address::Envelope;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use mail_lab::MailLab;

const WAIT: Duration = Duration::from_secs(60);

/// What the trusted MX would stamp on a mail it verified.
const PASS: &str = "Authentication-Results: mx.example.test; dkim=pass header.d=example.test; spf=pass smtp.mailfrom=example.test";

fn smtp_send(port: u16, from: &str, raw: &[u8]) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let t = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
            .port(port)
            .build();
        let env = Envelope::new(
            Some(from.parse().unwrap()),
            vec!["gw@example.test".parse().unwrap()],
        )
        .unwrap();
        t.send_raw(&env, raw)
            .await
            .expect("the lab's SMTP server takes it");
    });
}

fn plain(from: &str, id: &str, subject: &str, extra: &str, body: &str) -> Vec<u8> {
    format!(
        "{PASS}\r\nFrom: {from}\r\nTo: gw@example.test\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\n{extra}MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

fn text(raw: &[u8]) -> String {
    String::from_utf8_lossy(raw)
        .replace("\r\n", "\n")
        .replace("\n ", " ")
}

fn header<'a>(mail: &'a str, name: &str) -> Option<&'a str> {
    mail.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix(": ")))
}

#[test]
fn a_whole_game_over_imap_and_smtp() {
    let lab = MailLab::start();
    lab.add_user("gw", "gw-secret");
    let mut gw = Gateway::new(&format!(
        r#"
[email]
from = "gw@example.test"
trusted_authserv_id = "mx.example.test"
[email.imap]
host = "127.0.0.1"
port = {imap}
security = "plain"
user = "gw"
password_env = "CCGATE_TEST_IMAP_PASSWORD"
poll_every = "1s"
[email.send]
transport = "smtp"
host = "127.0.0.1"
port = {smtp}
security = "plain"
[outbox]
poll_every = "200ms"
first_retry = "1s"
"#,
        imap = lab.imap_port(),
        smtp = lab.smtp_port()
    ));
    // The secret comes from the daemon's environment, never from the file.
    gw.env("CCGATE_TEST_IMAP_PASSWORD", "gw-secret");
    let db = gw.db();
    let g = game_between(&db, Seat::email("Alice"), Seat::email("Bob").lang(Lang::De));
    gw.start();
    let smtp = lab.smtp_port();

    // 1. White, a plain mail.
    smtp_send(
        smtp,
        "alice@example.test",
        &plain(
            "Alice <alice@example.test>",
            "a1@alice",
            "Game",
            "",
            "1. f3",
        ),
    );
    let alice_box = lab.wait_for_messages("alice", 1, WAIT);
    let bob_box = lab.wait_for_messages("bob", 1, WAIT);
    let confirm = text(&alice_box[0]);
    let notice = text(&bob_box[0]);
    assert_eq!(
        header(&confirm, "In-Reply-To"),
        Some("<a1@alice>"),
        "{confirm}"
    );
    assert_eq!(header(&confirm, "Auto-Submitted"), Some("auto-replied"));
    assert!(
        header(&notice, "Subject").is_some_and(|s| s.starts_with(&format!("[ccgate G{g}]"))),
        "{notice}"
    );
    assert!(notice.contains("1. f3"), "{notice}");

    // 2. Someone else, claiming to be Bob: the MX's check failed.
    let spoof = "Authentication-Results: mx.example.test; dkim=fail; spf=fail smtp.mailfrom=evil.test; dmarc=fail\r\nFrom: bob@example.test\r\nTo: gw@example.test\r\nSubject: move\r\nMessage-ID: <spoof@evil>\r\n\r\n1... g5\r\n";
    smtp_send(smtp, "mallory@evil.test", spoof.as_bytes());
    let bob_box = lab.wait_for_messages("bob", 2, WAIT);
    assert!(
        text(&bob_box[1]).contains("Absenderpr"),
        "Bob is told, in German:\n{}",
        text(&bob_box[1])
    );
    assert_eq!(
        count(&db, "SELECT count(*) FROM moves"),
        1,
        "the spoofed move is not applied"
    );

    // 3. Bob answers by replying: the quoted notice below must not be replayed.
    let subject = header(&notice, "Subject").unwrap().to_string();
    let notice_id = header(&notice, "Message-ID").unwrap().to_string();
    let quoted: String = notice
        .split_once("\n\n")
        .unwrap()
        .1
        .lines()
        .map(|l| format!("> {l}\r\n"))
        .collect();
    let reply = plain(
        "Bob <bob@example.test>",
        "b1@bob",
        &format!("Re: {subject}"),
        &format!("In-Reply-To: {notice_id}\r\nReferences: {notice_id}\r\n"),
        &format!(
            "1... e5\r\n\r\nAm 29.11.2026 um 12:00 schrieb ccgate <gw@example.test>:\r\n{quoted}"
        ),
    );
    smtp_send(smtp, "bob@example.test", &reply);
    lab.wait_for_messages("alice", 2, WAIT);
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 2);

    // 4. White, an HTML-only mail with the old move in a blockquote.
    let html = format!(
        "{PASS}\r\nFrom: alice@example.test\r\nTo: gw@example.test\r\nSubject: Re: {subject}\r\nMessage-ID: <a2@alice>\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><body><p>2. g4</p><blockquote>1. f3 e5</blockquote></body></html>\r\n"
    );
    smtp_send(smtp, "alice@example.test", html.as_bytes());
    lab.wait_for_messages("bob", 4, WAIT);
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 3);

    // 5. Alice's out-of-office robot answers one of our mails: never answered.
    smtp_send(
        smtp,
        "alice@example.test",
        &plain(
            "alice@example.test",
            "ooo@alice",
            "Out of office",
            "Auto-Submitted: auto-replied\r\n",
            "Away until Monday.",
        ),
    );

    // 6. Black mates, in German, in ISO-8859-1; Alice's mailbox refuses once.
    lab.tempfail("alice@example.test", 1);
    let latin1: Vec<u8> = [
        format!("{PASS}\r\nFrom: bob@example.test\r\nTo: gw@example.test\r\nSubject: Zug\r\nMessage-ID: <b2@bob>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\n2... Dh4#\r\nViele Gr").into_bytes(),
        vec![0xFC, 0xDF, 0x65],
        b"\r\n".to_vec(),
    ]
    .concat();
    smtp_send(smtp, "bob@example.test", &latin1);
    wait_until("the game over and every reply sent", WAIT, || {
        count(&db, "SELECT count(*) FROM games WHERE status = 'finished'") == 1
            && count(&db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0
    });
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), 4);
    assert!(lab.smtp_log().contains("451"), "{}", lab.smtp_log());
    let mate_notice = count(
        &db,
        "SELECT id FROM outbox WHERE recipient = 'alice@example.test' AND ply = 4",
    );
    let alice_all = lab.messages("alice");
    let copies = alice_all
        .iter()
        .filter(|m| {
            header(&text(m), "Message-ID")
                == Some(&format!("<ccgate.o{mate_notice}.g{g}@example.test>"))
        })
        .count();
    assert_eq!(copies, 1, "retried, delivered once");
    assert!(
        alice_all.iter().any(|m| text(m).contains("Qh4#")),
        "Alice reads English SAN"
    );

    // 7. The MTA delivers Bob's reply a second time: nothing happens.
    let journal = count(&db, "SELECT count(*) FROM journal");
    let replies = count(&db, "SELECT count(*) FROM outbox");
    lab.deliver("gw", &reply);
    wait_until("the duplicate seen", WAIT, || {
        gw.http_get("/metrics")
            .contains("ccgate_duplicates_total{channel=\"email\"} 1")
    });
    assert_eq!(count(&db, "SELECT count(*) FROM journal"), journal);
    assert_eq!(count(&db, "SELECT count(*) FROM outbox"), replies);

    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM journal WHERE outcome LIKE 'ignored: automated%'"
        ),
        1
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM incidents WHERE kind = 'unauthenticated'"
        ),
        1
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM outbox WHERE recipient LIKE '%evil%'"
        ),
        0
    );
    // Every mail of the gateway's mailbox was flagged \Seen after its commit.
    wait_until("all flagged seen", WAIT, || {
        let md = lab.maildir("gw");
        std::fs::read_dir(md.join("new"))
            .map(|d| d.count())
            .unwrap_or(0)
            == 0
            && std::fs::read_dir(md.join("cur"))
                .map(|d| {
                    d.filter_map(|e| e.ok())
                        .all(|e| e.file_name().to_string_lossy().contains(":2,S"))
                })
                .unwrap_or(false)
    });
    assert!(gw.stop().success(), "{}", gw.log());
}

/// The TLS paths against the same servers with a self-signed certificate,
/// trusted through `ca_file`: IMAP over TLS from the first byte and SMTP with
/// STARTTLS, then IMAP with STARTTLS. A gateway that does not trust the
/// certificate delivers nothing and says why.
#[test]
fn tls_imaps_and_starttls_with_a_private_ca() {
    let lab = MailLab::start_tls();
    lab.add_user("gw", "gw-secret");
    let secret_dir = tempfile::tempdir().unwrap();
    let secret = secret_dir.path().join("imap.password");
    std::fs::write(&secret, "gw-secret\n").unwrap();
    let config = |imap_security: &str, imap_port: u16, ca: bool| {
        let ca = if ca {
            format!("ca_file = {:?}\n", lab.tls_cert().display().to_string())
        } else {
            String::new()
        };
        format!(
            "[email]\nfrom = \"gw@example.test\"\ntrusted_authserv_id = \"mx.example.test\"\n[email.imap]\nhost = \"localhost\"\nport = {imap_port}\nsecurity = \"{imap_security}\"\nuser = \"gw\"\npassword_file = {:?}\npoll_every = \"1s\"\n{ca}[email.send]\ntransport = \"smtp\"\nhost = \"localhost\"\nport = {}\nsecurity = \"starttls\"\n{ca}[outbox]\npoll_every = \"200ms\"\nfirst_retry = \"1s\"\n",
            secret.display().to_string(),
            lab.smtp_port()
        )
    };
    for (n, (security, port)) in [("tls", lab.imaps_port()), ("starttls", lab.imap_port())]
        .into_iter()
        .enumerate()
    {
        let mut gw = Gateway::new(&config(security, port, true));
        let db = gw.db();
        game_between(&db, Seat::email("Alice"), Seat::email("Bob"));
        gw.start();
        smtp_send(
            lab.smtp_port(),
            "alice@example.test",
            &plain(
                "alice@example.test",
                &format!("tls{n}@alice"),
                "",
                "",
                "1. e4",
            ),
        );
        let start = std::time::Instant::now();
        while lab.messages("bob").len() <= n {
            assert!(
                start.elapsed() < WAIT,
                "no notice with IMAP {security}:\n{}",
                gw.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(
            text(&lab.messages("bob")[n]).contains("1. e4"),
            "{}",
            gw.log()
        );
        assert_eq!(imap_link(&gw, false)["state"], "up", "{}", gw.log());
        assert!(gw.stop().success());
    }
    // Without the CA the certificate is refused: nothing is read or sent,
    // and the status endpoint names the problem.
    let mut gw = Gateway::new(&config("tls", lab.imaps_port(), false));
    gw.start();
    wait_until("the TLS refusal reported", WAIT, || {
        gw.http_get("/health?detail=1").contains("UnknownIssuer")
    });
    // The mailbox's link says it is retrying, with why only in detail.
    let link = imap_link(&gw, true);
    assert_eq!(link["state"], "retrying");
    assert!(
        link["error"]
            .as_str()
            .unwrap_or("")
            .contains("UnknownIssuer"),
        "{link}"
    );
    assert!(imap_link(&gw, false).get("error").is_none());
    assert!(gw.stop().success());
}

/// The IMAP input's entry in the gateway's /health links.
fn imap_link(gw: &Gateway, detail: bool) -> serde_json::Value {
    let path = if detail {
        "/health?detail=1"
    } else {
        "/health"
    };
    let health: serde_json::Value = serde_json::from_str(&gw.http_get(path)).unwrap_or_default();
    health["links"]["imap"].clone()
}

/// Issue 21: a burst of mails from the Maildir is committed together and
/// its replies go out over the SMTP pool (four connections by default): each
/// reply delivered once, and the replies to one recipient over one
/// connection in the order they were queued.
#[test]
fn a_burst_is_answered_over_the_smtp_pool_each_recipient_in_order() {
    const GAMES: usize = 8;
    let lab = MailLab::start();
    let mut gw = Gateway::new(&format!(
        r#"
[email]
from = "gw@example.test"
# These mails test sending, not the sender check (issue 14).
trust_from_for_closed_test_setups_only = true
[email.maildir]
path = "inbox"
poll_every = "50ms"
[email.send]
transport = "smtp"
host = "127.0.0.1"
port = {smtp}
security = "plain"
[outbox]
poll_every = "200ms"
"#,
        smtp = lab.smtp_port()
    ));
    let db = gw.db();
    // One White with eight games: eight confirmations to one address.
    let white = gateway::add_player(
        &db,
        "Walter",
        &[(
            ccgate::protocol::address::Channel::Email,
            "walter@example.test",
        )],
        ccgate::notation::Notation::San,
        Lang::En,
    );
    let inbox = gw.path("inbox");
    for n in 0..GAMES {
        let black = gateway::add_player(
            &db,
            &format!("B{n}"),
            &[(
                ccgate::protocol::address::Channel::Email,
                &format!("b{n}@example.test"),
            )],
            ccgate::notation::Notation::San,
            Lang::En,
        );
        let g = gateway::new_game(&db, white, black);
        gateway::drop_mail(
            &inbox,
            &format!("{n:02}.mail"),
            &gateway::mail(
                "walter@example.test",
                &format!("{g}-1@w"),
                "",
                &format!("{g} 1. e4"),
            ),
        );
    }
    gw.start();
    let sent = || count(&db, "SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL");
    let deadline = std::time::Instant::now() + WAIT;
    while sent() < 2 * GAMES as i64 {
        assert!(
            std::time::Instant::now() < deadline,
            "{} of {} replies sent; journal: {:?}\n{}\n{}",
            sent(),
            2 * GAMES,
            count(&db, "SELECT count(*) FROM journal"),
            gw.log(),
            lab.smtp_log()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(count(&db, "SELECT count(*) FROM moves"), GAMES as i64);
    // The DATA lines accepted: `<time> <peer> DATA from=gw+o<id>@… to=<rcpt> -> 250 …`.
    let log = lab.smtp_log();
    let data: Vec<(String, i64, String)> = log
        .lines()
        .filter(|l| l.contains(" DATA ") && l.contains("-> 250"))
        .filter_map(|l| {
            let mut cells = l.split(' ');
            let peer = cells.nth(1)?.to_string();
            let id = l
                .split("from=gw+o")
                .nth(1)?
                .split('@')
                .next()?
                .parse()
                .ok()?;
            let to = l.split(" to=").nth(1)?.split(' ').next()?.to_string();
            Some((peer, id, to))
        })
        .collect();
    let mut ids: Vec<i64> = data.iter().map(|(_, id, _)| *id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 2 * GAMES, "each reply delivered once:\n{log}");
    assert_eq!(data.len(), 2 * GAMES, "each reply delivered once:\n{log}");
    let walter: Vec<&(String, i64, String)> = data
        .iter()
        .filter(|(_, _, to)| to == "walter@example.test")
        .collect();
    assert_eq!(walter.len(), GAMES, "{log}");
    assert!(
        walter
            .windows(2)
            .all(|w| w[0].1 < w[1].1 && w[0].0 == w[1].0),
        "Walter's replies in order over one connection:\n{log}"
    );
    let peers: std::collections::HashSet<&str> = data.iter().map(|(p, _, _)| p.as_str()).collect();
    assert!(
        peers.len() > 1,
        "the burst went over one connection:\n{log}"
    );
    assert!(gw.stop().success());
}

/// A mailer of ccgate's over SMTP to the lab's server, `pool` connections.
fn smtp_mailer(port: u16, pool: usize) -> ccgate::transport::email::send::Mailer {
    let config = toml::from_str(&format!(
        "transport = \"smtp\"\nhost = \"127.0.0.1\"\nport = {port}\nsecurity = \"plain\"\npool = {pool}\n"
    ))
    .expect("SMTP settings");
    let settings = ccgate::transport::email::config::SendSettings {
        config,
        password: None,
    };
    // The data directory only places a file outbox: none here.
    ccgate::transport::email::send::Mailer::new(&settings, &std::env::temp_dir()).expect("mailer")
}

/// The `ahead=` of each MAIL line of the lab's log: the bytes the client
/// had sent after MAIL before it was answered.
fn mail_ahead(log: &str) -> Vec<usize> {
    log.lines()
        .filter(|l| l.contains(" MAIL "))
        .filter_map(|l| l.split(" ahead=").nth(1)?.trim().parse().ok())
        .collect()
}

/// Issue 21: where the server offers PIPELINING, a reply's MAIL, RCPT and
/// DATA go in one write (the server finds RCPT and DATA already sent when
/// it answers MAIL); a refused recipient fails its own reply, for good, and
/// the replies after it go through; a server that does not offer it gets
/// one command at a time.
#[test]
fn replies_are_pipelined_where_the_server_offers_it() {
    use ccgate::transport::email::send::{Handover, Outgoing};
    let lab = MailLab::start();
    lab.permfail("nobody@example.test");
    let raw = |subject: &str| {
        format!("From: gw@example.test\r\nTo: x@example.test\r\nSubject: {subject}\r\n\r\nbody\r\n")
            .into_bytes()
    };
    let envelope = |to: &str| {
        Envelope::new(
            Some("gw@example.test".parse().expect("address")),
            vec![to.parse().expect("address")],
        )
        .expect("envelope")
    };
    let (anna, nobody) = (
        envelope("anna@example.test"),
        envelope("nobody@example.test"),
    );
    let texts = [raw("first"), raw("bounced"), raw("third"), raw("fourth")];
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let send = |mailer: &ccgate::transport::email::send::Mailer,
                batch: &[(i64, &Envelope, &[u8])]| {
        let out: Vec<Outgoing<'_>> = batch
            .iter()
            .map(|&(id, envelope, raw)| Outgoing { id, envelope, raw })
            .collect();
        runtime.block_on(mailer.send(&out)).results
    };

    let mailer = smtp_mailer(lab.smtp_port(), 1);
    let results = send(
        &mailer,
        &[
            (1, &anna, &texts[0]),
            (2, &nobody, &texts[1]),
            (3, &anna, &texts[2]),
        ],
    );
    assert_eq!(results[0], Ok(Handover::Done));
    assert!(
        matches!(&results[1], Err(e) if e.permanent && e.text.contains("550")),
        "{results:?}"
    );
    assert_eq!(results[2], Ok(Handover::Done));
    let delivered: Vec<String> = lab.messages("anna").iter().map(|m| text(m)).collect();
    assert_eq!(delivered.len(), 2, "{delivered:?}");
    for subject in ["first", "third"] {
        assert!(
            delivered
                .iter()
                .any(|m| m.contains(&format!("Subject: {subject}\n\nbody\n"))),
            "{delivered:?}"
        );
    }
    assert!(lab.messages("nobody").is_empty());
    let log = lab.smtp_log();
    let ahead = mail_ahead(&log);
    assert_eq!(ahead.len(), 3, "{log}");
    assert!(ahead.iter().all(|&n| n > 0), "every MAIL pipelined:\n{log}");

    lab.no_pipelining();
    let mailer = smtp_mailer(lab.smtp_port(), 1);
    let results = send(&mailer, &[(4, &anna, &texts[3]), (5, &nobody, &texts[1])]);
    assert_eq!(results[0], Ok(Handover::Done));
    assert!(matches!(&results[1], Err(e) if e.permanent), "{results:?}");
    assert_eq!(lab.messages("anna").len(), 3);
    let log = lab.smtp_log();
    let ahead = mail_ahead(&log);
    assert_eq!(ahead.len(), 5, "{log}");
    assert_eq!(ahead[3..], [0, 0], "one command at a time:\n{log}");
}
