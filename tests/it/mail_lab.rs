//! Proves the mail lab (`tests/it/support/mail_lab.rs`) with the crates the
//! gateway uses: lettre sends through the test SMTP server, Dovecot serves
//! the result to async-imap. Needs root and `.ci/setup-servers`.
//!
//! Each test starts its own lab, so they run in parallel (several Dovecots
//! and SMTP servers at once) and no test sees another's mail, control files
//! or log.

use crate::support::mail_lab;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use async_imap::types::Fetch;
use futures::TryStreamExt;
use lettre::message::Mailbox;
use lettre::transport::smtp::Error as SmtpError;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use mail_lab::MailLab;
use tokio::net::TcpStream;

type ImapSession = async_imap::Session<TcpStream>;

const WAIT: Duration = Duration::from_secs(10);

fn mailer(lab: &MailLab) -> AsyncSmtpTransport<Tokio1Executor> {
    AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
        .port(lab.smtp_port())
        .timeout(Some(Duration::from_secs(10)))
        .build()
}

fn message(to: &str, subject: &str, body: &str) -> Message {
    Message::builder()
        .from("Bob Player <bob@example.test>".parse::<Mailbox>().unwrap())
        .to(to.parse::<Mailbox>().unwrap())
        .subject(subject)
        .message_id(None)
        .body(body.to_string())
        .unwrap()
}

async fn send(lab: &MailLab, to: &str, subject: &str) -> Result<(), SmtpError> {
    mailer(lab)
        .send(message(to, subject, "1. e4 e5 2. Nf3\n"))
        .await
        .map(|_| ())
}

async fn imap_login(lab: &MailLab, user: &str, password: &str) -> Result<ImapSession, String> {
    let tcp = TcpStream::connect(("127.0.0.1", lab.imap_port()))
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let mut client = async_imap::Client::new(tcp);
    let greeting = client
        .read_response()
        .await
        .map_err(|e| format!("greeting: {e}"))?;
    assert!(greeting.is_some(), "no IMAP greeting");
    client
        .login(user, password)
        .await
        .map_err(|(e, _client)| format!("{e:?}"))
}

async fn unseen(session: &mut ImapSession) -> HashSet<u32> {
    session.search("UNSEEN").await.expect("SEARCH UNSEEN")
}

fn header<'a>(raw: &'a str, name: &str) -> Option<&'a str> {
    raw.lines()
        .take_while(|l| !l.is_empty())
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(": "))
}

#[tokio::test]
async fn lettre_to_maildir_to_async_imap() {
    let lab = MailLab::start();
    lab.add_user("alice", "alice-secret");

    send(&lab, "alice@example.test", "Game 7: your move")
        .await
        .expect("lettre send");

    // The server delivers before it answers 250, so the file is there now.
    let msgs = lab.messages("alice");
    assert_eq!(msgs.len(), 1, "SMTP log:\n{}", lab.smtp_log());
    let raw = String::from_utf8(msgs[0].clone()).unwrap();
    assert!(
        raw.starts_with("Return-Path: <bob@example.test>\nDelivered-To: alice@example.test\n"),
        "{raw}"
    );
    assert_eq!(header(&raw, "Subject"), Some("Game 7: your move"));
    assert!(!raw.contains('\r'), "Maildir files use LF line endings");
    let log = lab.smtp_log();
    assert!(
        log.contains("DATA from=bob@example.test to=alice@example.test -> 250 OK"),
        "{log}"
    );

    let mut s = imap_login(&lab, "alice", "alice-secret")
        .await
        .expect("IMAP login");
    let inbox = s.select("INBOX").await.expect("SELECT INBOX");
    assert_eq!(inbox.exists, 1);
    let new = unseen(&mut s).await;
    assert_eq!(new.len(), 1, "one UNSEEN message");
    let set = new.iter().map(u32::to_string).collect::<Vec<_>>().join(",");

    let fetched: Vec<Fetch> = s
        .fetch(&set, "BODY.PEEK[]")
        .await
        .expect("FETCH")
        .try_collect()
        .await
        .expect("FETCH responses");
    assert_eq!(fetched.len(), 1);
    let body = fetched[0].body().expect("BODY[] in the FETCH response");
    let parsed = mail_parser::MessageParser::default()
        .parse(body)
        .expect("mail-parser parses the fetched message");
    assert_eq!(parsed.subject(), Some("Game 7: your move"));
    assert_eq!(
        parsed.return_address(),
        Some("bob@example.test"),
        "Return-Path survives"
    );
    assert_eq!(
        parsed.body_text(0).as_deref().map(str::trim_end),
        Some("1. e4 e5 2. Nf3")
    );
    // PEEK left it unseen.
    assert_eq!(unseen(&mut s).await, new);

    let _: Vec<Fetch> = s
        .store(&set, "+FLAGS (\\Seen)")
        .await
        .expect("STORE")
        .try_collect()
        .await
        .expect("STORE responses");
    assert!(unseen(&mut s).await.is_empty(), "\\Seen was stored");
    s.logout().await.expect("LOGOUT");

    // Dovecot moved it to cur/ with the S flag; messages() still finds it.
    let cur: Vec<_> = std::fs::read_dir(lab.maildir("alice").join("cur"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(cur.len() == 1 && cur[0].ends_with(":2,S"), "cur/ = {cur:?}");
    assert_eq!(lab.messages("alice").len(), 1);
}

#[tokio::test]
async fn tempfail_twice_then_one_delivery() {
    let lab = MailLab::start();
    lab.tempfail("carol@example.test", 2);
    let mailer = mailer(&lab);
    for attempt in 1..=2 {
        let err = mailer
            .send(message("carol@example.test", "retry me", "x"))
            .await
            .expect_err("a tempfailed RCPT must fail the send");
        assert!(
            err.is_transient(),
            "attempt {attempt}: {err:?} should be transient"
        );
        assert!(!err.is_permanent());
    }
    mailer
        .send(message("carol@example.test", "retry me", "x"))
        .await
        .expect("third attempt goes through");

    let msgs = lab.wait_for_messages("carol", 1, WAIT);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(lab.messages("carol").len(), 1, "exactly one copy");
    assert_eq!(msgs.len(), 1);
    let log = lab.smtp_log();
    assert_eq!(
        log.matches("to=carol@example.test -> 451 4.3.0 Try again later")
            .count(),
        2,
        "{log}"
    );
    assert_eq!(
        log.matches("DATA from=bob@example.test to=carol").count(),
        1,
        "{log}"
    );
}

#[tokio::test]
async fn permfail_is_permanent() {
    let lab = MailLab::start();
    lab.permfail("nobody-here@example.test");
    for _ in 0..2 {
        let err = send(&lab, "nobody-here@example.test", "bounce")
            .await
            .expect_err("a permfailed RCPT must fail the send");
        assert!(err.is_permanent(), "{err:?} should be permanent");
        assert!(!err.is_transient());
    }
    assert!(lab.messages("nobody-here").is_empty());
    assert!(
        lab.smtp_log().contains("-> 550 5.1.1 No such user"),
        "{}",
        lab.smtp_log()
    );
    // Other recipients are unaffected.
    send(&lab, "dave@example.test", "fine")
        .await
        .expect("send to dave");
    assert_eq!(lab.messages("dave").len(), 1);
}

#[tokio::test]
async fn wrong_imap_password_is_refused() {
    let lab = MailLab::start();
    lab.add_user("erin", "right");
    let started = Instant::now();
    let err = imap_login(&lab, "erin", "wrong")
        .await
        .expect_err("a wrong password must be refused");
    assert!(err.contains("AUTHENTICATIONFAILED"), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "auth_failure_delay = 0 keeps refusals fast, took {:?}",
        started.elapsed()
    );
    assert!(
        imap_login(&lab, "nobody-at-all", "right").await.is_err(),
        "an unknown user is refused"
    );
    // The passwd-file is reread: a user added now can log in at once.
    lab.add_user("frank", "later");
    let mut s = imap_login(&lab, "frank", "later")
        .await
        .expect("a user added while Dovecot runs can log in");
    s.logout().await.unwrap();
    let mut s = imap_login(&lab, "erin", "right")
        .await
        .expect("right password");
    s.logout().await.unwrap();
    // A changed password takes effect at once too (add_user waits for it).
    lab.add_user("erin", "changed");
    let mut s = imap_login(&lab, "erin", "changed")
        .await
        .expect("the new password");
    s.logout().await.unwrap();
    assert!(
        imap_login(&lab, "erin", "right").await.is_err(),
        "old password"
    );
}

#[tokio::test]
async fn delivered_message_is_visible_over_imap() {
    let lab = MailLab::start();
    lab.add_user("grace", "pw");
    let raw = b"From: Henry <henry@example.test>\r\nTo: grace@example.test\r\n\
                Subject: dropped in\r\nMessage-ID: <lab-1@example.test>\r\n\r\n12... Qxf7#\r\n";
    lab.deliver("grace", raw);
    assert_eq!(lab.messages("grace"), vec![raw.to_vec()]);

    let mut s = imap_login(&lab, "grace", "pw").await.expect("login");
    s.select("INBOX").await.unwrap();
    let new = unseen(&mut s).await;
    assert_eq!(new.len(), 1);
    let fetched: Vec<Fetch> = s
        .fetch("1", "BODY.PEEK[]")
        .await
        .unwrap()
        .try_collect()
        .await
        .unwrap();
    assert_eq!(fetched[0].body(), Some(&raw[..]));
    s.logout().await.unwrap();

    // A second one, delivered while Dovecot already indexed the first.
    lab.deliver("grace", b"Subject: second\n\nbody\n");
    let msgs = lab.wait_for_messages("grace", 2, WAIT);
    assert_eq!(msgs[1], b"Subject: second\n\nbody\n");
    let mut s = imap_login(&lab, "grace", "pw").await.expect("login");
    let inbox = s.select("INBOX").await.unwrap();
    assert_eq!(inbox.exists, 2);
    s.logout().await.unwrap();
}

#[test]
fn labs_are_independent() {
    let a = MailLab::start();
    let b = MailLab::start();
    assert_ne!(a.imap_port(), b.imap_port());
    assert_ne!(a.smtp_port(), b.smtp_port());
    assert_ne!(a.root(), b.root());
    a.deliver("ivan", b"Subject: a\n\nx\n");
    assert!(b.messages("ivan").is_empty());
    let root = a.root().to_path_buf();
    drop(a);
    if std::env::var_os("CCGATE_KEEP_MAIL_LAB").is_none() {
        assert!(!root.exists(), "Drop removes the lab's directory");
    }
    assert_eq!(b.messages("ivan").len(), 0);
}
