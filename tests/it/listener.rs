//! The HTTP listeners (the web pages with Xfcc, and the status endpoint)
//! under connections that hold a slot and send nothing, or half a request:
//! one address's crowd leaves the others served, and a request that does
//! not finish its headers is cut off.

use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::support::web::{Site, patient_connect, send};

/// Where the crowd comes from: another loopback address than the tests'
/// own requests (127.0.0.1).
const CROWD: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);

/// A connection from `source` to `port` on 127.0.0.1, blocking, with the
/// tests' patience on reads.
fn connect_from(rt: &tokio::runtime::Runtime, source: Ipv4Addr, port: u16) -> TcpStream {
    let stream = rt
        .block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind(SocketAddr::from((source, 0)))?;
            let stream = socket
                .connect(SocketAddr::from(([127, 0, 0, 1], port)))
                .await?;
            stream.into_std()
        })
        .expect("connect from the crowd's address");
    stream.set_nonblocking(false).expect("blocking");
    stream
        .set_read_timeout(Some(crate::support::web::PATIENCE))
        .expect("read timeout");
    stream
}

/// Connections from [`CROWD`] to `port`: `idle` that send nothing, then
/// `half` that send a request line and go on sending one header byte at a
/// time, never ending the headers, until the crowd is dropped.
struct Crowd {
    _idle: Vec<TcpStream>,
    trickling: Arc<AtomicBool>,
    writer: Option<std::thread::JoinHandle<()>>,
}

impl Crowd {
    fn gather(port: u16, idle: usize, half: usize) -> Crowd {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()
            .expect("runtime");
        let idle = (0..idle).map(|_| connect_from(&rt, CROWD, port)).collect();
        let mut half: Vec<TcpStream> = (0..half)
            .map(|_| {
                let mut s = connect_from(&rt, CROWD, port);
                // A refused connection may already be closed: its writes fail.
                let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n");
                s
            })
            .collect();
        let trickling = Arc::new(AtomicBool::new(true));
        let on = trickling.clone();
        let writer = std::thread::spawn(move || {
            while on.load(Ordering::Relaxed) {
                for s in &mut half {
                    let _ = s.write_all(b"X");
                }
                std::thread::sleep(Duration::from_millis(500));
            }
        });
        Crowd {
            _idle: idle,
            trickling,
            writer: Some(writer),
        }
    }
}

impl Drop for Crowd {
    fn drop(&mut self) {
        self.trickling.store(false, Ordering::Relaxed);
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
    }
}

/// An Xfcc call the endpoint answers without any account: a wrong password.
fn xfcc_wrong_password(port: u16) -> String {
    let body = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("protocols/vectors/xfcc/02-games-wrong-password.xml"),
    )
    .expect("the request vector");
    send(
        port,
        "POST /xfcc HTTP/1.1\r\nContent-Type: text/xml; charset=\"utf-8\"\r\n",
        &body,
    )
    .text()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20w%20KQkq%20-%200%201";

/// 64 silent connections and 40 slow half requests from one address, on
/// the web port and on the status port, took every slot of both (32
/// each): the pages, Xfcc and `/health` no longer answered anyone else.
#[test]
fn a_crowd_from_one_address_leaves_pages_xfcc_and_health_to_the_others() {
    let mut site = Site::new();
    site.start();
    let web = Crowd::gather(site.port, 64, 40);
    let status = Crowd::gather(site.gw.status_port, 64, 40);

    assert!(site.gw.http_get("/health").contains("\"status\":\"ok\""));
    let board = site.get(&format!("/board.svg?fen={START}"));
    assert_eq!(board.status, 200);
    assert!(board.text().starts_with("<svg"));
    assert!(xfcc_wrong_password(site.port).contains("AuthenticationFailed"));

    drop((web, status));
    assert!(site.gw.stop().success(), "{}", site.gw.log());
    // Said once for each listener, not once for each refused connection.
    let log = site.gw.log();
    for what in ["web pages", "status endpoint"] {
        let said = format!("{what}: one address holds its every connection slot");
        assert_eq!(log.matches(&said).count(), 1, "{what}:\n{log}");
    }
}

/// Whether the server ends a request whose headers never end, sent one byte
/// at a time (each byte would have reset a mere idle deadline): it closes
/// the connection or answers before the client runs out of header bytes.
fn cut_off_while_trickling(port: u16) -> bool {
    let mut s = patient_connect(port);
    s.set_read_timeout(Some(Duration::from_millis(250)))
        .expect("read timeout");
    if s.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        .is_err()
    {
        return true;
    }
    // 240 bytes a quarter of a second apart: a minute, far above the
    // configured deadline, so a failure fails rather than hangs.
    for _ in 0..240 {
        if s.write_all(b"x").is_err() {
            return true;
        }
        let mut buf = [0; 512];
        match s.read(&mut buf) {
            // Closed, or an answer (408) before the request ended.
            Ok(_) => return true,
            Err(e) if e.kind() == ErrorKind::ConnectionReset => return true,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(e) => panic!("reading: {e}"),
        }
    }
    false
}

/// The web listener with its deadline set, the status endpoint with its
/// default: each byte of a header reset the idle deadline, so a request
/// sent slowly enough held its slot for ever.
#[test]
fn headers_that_never_end_are_cut_off_on_both_listeners() {
    let mut site = Site::with("header_timeout = \"1s\"");
    site.start();
    assert!(cut_off_while_trickling(site.port), "the web listener");
    assert!(
        cut_off_while_trickling(site.gw.status_port),
        "the status endpoint"
    );
    assert_eq!(site.get(&format!("/board.svg?fen={START}")).status, 200);
    assert!(site.gw.stop().success(), "{}", site.gw.log());
}
