//! The radio channel end to end: `ccgate radio-station` and `ccgate serve`
//! over two real pseudo-terminals joined by a paced, noisy line
//! (`tests/support/radio_relay.py`): every message arrives exactly once and
//! in order, through noise, restarts and an unplugged device; a spoofed
//! callsign cannot move; a whole game between a radio station and an email
//! player.

use crate::support::gateway::{Gateway, Seat, count, game_between};
use crate::support::{radio_game, radio_lab};

use std::path::Path;
use std::time::{Duration, Instant};

use ccgate::protocol::address::Channel;
use ccgate::transport::radio::link::MAX_RTO;
use radio_lab::{Relay, Station, radio_section, serial, wait_for};

const WAIT: Duration = Duration::from_secs(120);

/// What a station's store journaled from the radio, in order.
fn journaled(station: &Station) -> Vec<String> {
    let db = station.dir.join(format!("{}-data/ccgate.db", station.name));
    if ccgate::store::Store::create(&db).is_err() {
        return Vec::new();
    }
    let Ok(conn) = rusqlite::Connection::open(&db) else {
        return Vec::new();
    };
    let mut stmt = conn
        .prepare("SELECT raw FROM journal WHERE channel = 'radio' ORDER BY id")
        .expect("query");
    stmt.query_map([], |r| r.get::<_, Vec<u8>>(0))
        .expect("rows")
        .map(|r| String::from_utf8_lossy(&r.expect("row")).into_owned())
        .collect()
}

fn pair(dir: &Path, relay: &Relay, baud: u32, extra: &str) -> (Station, Station) {
    let a = Station::start(
        dir,
        "alpha",
        &radio_section(
            "G4AAA",
            &serial(&relay.a, baud),
            &[("G4BBB-7", None)],
            extra,
        ),
    );
    let b = Station::start(
        dir,
        "bravo",
        &radio_section(
            "G4BBB-7",
            &serial(&relay.b, baud),
            &[("G4AAA", None)],
            extra,
        ),
    );
    (a, b)
}

fn both(a: &Station, b: &Station) -> String {
    format!("{}\n{}", a.diagnostics(), b.diagnostics())
}

/// Messages both ways through `noise`; with `crash`, each station is
/// killed once in the middle and started again.
fn exchange(noise: &[&str], n: usize, crash: bool) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut relay = Relay::start(dir.path(), 9600, noise);
    let (mut a, mut b) = pair(dir.path(), &relay, 9600, "");
    let from_a: Vec<String> = (0..n)
        .map(|i| format!("G{} {i}. a message from alpha", i % 3))
        .collect();
    let from_b: Vec<String> = (0..n)
        .map(|i| format!("G{} {i}... bravo answers", i % 3))
        .collect();
    for i in 0..n {
        a.send(&from_a[i]);
        b.send(&from_b[i]);
        if crash && i == n / 2 {
            // Wait until each has handed over what it read, then kill both.
            wait_for(
                "all queued",
                WAIT,
                || both(&a, &b),
                || {
                    [&a, &b].iter().all(|s| {
                        s.events().iter().filter(|e| e["event"] == "queued").count() == i + 1
                    })
                },
            );
            a.kill();
            b.kill();
            a.restart();
            b.restart();
        }
    }
    // A frame, or the ACK of one, lost again and again waits out a
    // doubling RTO (up to MAX_RTO, radio.md §9.2): on a line this noisy no
    // bound holds for the last frames. So the line stays noisy while all but
    // the last message cross it (at most WAIT: on a loaded machine fewer may
    // have), then turns clean, and the rest has a hard bound: one capped RTO.
    let tail = if noise.is_empty() {
        WAIT
    } else {
        let noisy = Instant::now();
        while journaled(&b).len() + 1 < n || journaled(&a).len() + 1 < n {
            if noisy.elapsed() > WAIT {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        assert_eq!(
            relay.command("noise ber=0 drop=0 dup=0 truncate=0")["ok"],
            true
        );
        MAX_RTO * 5 / 4 + WAIT
    };
    wait_for(
        "every message delivered",
        tail,
        || both(&a, &b),
        || journaled(&b).len() >= n && journaled(&a).len() >= n,
    );
    wait_for(
        "every message acknowledged",
        tail,
        || both(&a, &b),
        || {
            // Acks of messages sent before a crash are reported without a line.
            a.acked() >= n && b.acked() >= n
        },
    );
    assert_eq!(
        journaled(&b),
        from_a,
        "alpha to bravo: each once, in order\n{}",
        both(&a, &b)
    );
    assert_eq!(
        journaled(&a),
        from_b,
        "bravo to alpha: each once, in order\n{}",
        both(&a, &b)
    );
    if !crash {
        assert_eq!(b.delivered(), from_a);
        assert_eq!(a.delivered(), from_b);
    }
}

#[test]
fn a_clean_line_delivers_everything_once_in_order() {
    // More than a link queues at once (64): the rest wait their turn.
    exchange(&[], 100, false);
}

#[test]
fn bit_errors_lose_and_double_nothing() {
    exchange(&["--ber", "1e-4"], 30, false);
}

#[test]
fn flips_drops_duplicates_and_fades_lose_and_double_nothing() {
    exchange(
        &[
            "--ber",
            "1e-3",
            "--drop",
            "1e-3",
            "--dup",
            "1e-3",
            "--truncate",
            "3e-4",
        ],
        30,
        false,
    );
}

#[test]
fn both_stations_killed_mid_stream_lose_and_double_nothing() {
    exchange(&["--ber", "3e-4", "--dup", "1e-3"], 20, true);
}

#[test]
fn an_unplugged_device_is_reopened_and_nothing_is_lost() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut relay = Relay::start(dir.path(), 9600, &[]);
    let (mut a, b) = pair(dir.path(), &relay, 9600, "");
    a.send("before");
    wait_for(
        "the first message",
        WAIT,
        || both(&a, &b),
        || b.delivered().len() == 1,
    );
    assert_eq!(relay.command("unplug a")["ok"], true);
    for i in 0..5 {
        a.send(&format!("while unplugged {i}"));
    }
    wait_for(
        "alpha noticing the lost device",
        WAIT,
        || both(&a, &b),
        || a.log().contains("radio link") && a.log().contains("retry_in"),
    );
    assert_eq!(relay.command("replug a")["ok"], true);
    a.send("after");
    wait_for(
        "everything after the replug",
        WAIT,
        || both(&a, &b),
        || b.delivered().len() == 7,
    );
    let mut want = vec!["before".to_string()];
    want.extend((0..5).map(|i| format!("while unplugged {i}")));
    want.push("after".into());
    assert_eq!(b.delivered(), want);
    assert_eq!(journaled(&b), want);
}

#[test]
fn a_spoofed_callsign_cannot_move() {
    let dir = tempfile::tempdir().expect("tempdir");
    let relay = Relay::start(dir.path(), 9600, &[]);
    let key = dir.path().join("pair.key");
    let wrong = dir.path().join("wrong.key");
    std::fs::write(&key, "correct horse battery staple\n").expect("key");
    std::fs::write(&wrong, "guessed, and wrong at that\n").expect("key");
    let mut b = Station::start(
        dir.path(),
        "bravo",
        &radio_section(
            "G4BBB",
            &serial(&relay.b, 9600),
            &[("G4AAA", Some(&key))],
            "",
        ),
    );
    let mut a = Station::start(
        dir.path(),
        "alpha",
        &radio_section(
            "G4AAA",
            &serial(&relay.a, 9600),
            &[("G4BBB", Some(&key))],
            "",
        ),
    );
    a.send("signed and genuine");
    b.send("signed reply");
    wait_for(
        "the signed exchange",
        WAIT,
        || both(&a, &b),
        || b.delivered().len() == 1 && a.delivered().len() == 1,
    );
    a.kill();
    // Mallory takes alpha's callsign on the same line, with the wrong key,
    // and then with none.
    for (name, k) in [
        ("mallory", Some(wrong.as_path())),
        ("mallory-unsigned", None),
    ] {
        let mut m = Station::start(
            dir.path(),
            name,
            &radio_section("G4AAA", &serial(&relay.a, 9600), &[("G4BBB", k)], ""),
        );
        m.send("resign");
        let expect = if k.is_some() {
            "bad MAC"
        } else {
            "unsigned frame"
        };
        wait_for(
            "bravo refusing the forgery",
            WAIT,
            || format!("{}{}", m.diagnostics(), b.diagnostics()),
            || b.log().contains(expect),
        );
        m.kill();
    }
    assert_eq!(
        b.delivered(),
        vec!["signed and genuine"],
        "no forged message delivered"
    );
    assert_eq!(journaled(&b), vec!["signed and genuine"]);
}

/// The gateway records every frame that fails its MAC, and every frame to
/// it from a station that is no peer, as an incident with the frame in hex;
/// none of them moves.
#[test]
fn forged_frames_at_the_gateway_are_incidents_and_move_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let relay = Relay::start(dir.path(), 9600, &[]);
    let key = dir.path().join("pair.key");
    let wrong = dir.path().join("wrong.key");
    std::fs::write(&key, "correct horse battery staple\n").expect("key");
    std::fs::write(&wrong, "guessed, and wrong at that\n").expect("key");
    let mut gw = Gateway::new(&radio_section(
        "DL0CCG",
        &serial(&relay.a, 9600),
        &[("DL1ABC", Some(&key))],
        "",
    ));
    let db = gw.db();
    let g = game_between(
        &db,
        Seat::at("Rolf", Channel::Radio, "DL1ABC"),
        Seat::email("Anna"),
    );
    gw.start();
    let incidents = |like: &str| {
        count(
            &db,
            &format!(
                "SELECT count(*) FROM incidents WHERE kind = 'radio_frame' AND detail LIKE '{like}'"
            ),
        )
    };
    // Mallory takes Rolf's callsign with a guessed key, then a station
    // nobody configured writes in.
    for (name, call, k, like) in [
        (
            "mallory",
            "DL1ABC",
            Some(wrong.as_path()),
            "bad MAC%; frame __%",
        ),
        (
            "stranger",
            "DL9ZZZ",
            None,
            "%from DL9ZZZ, not a peer; frame __%",
        ),
    ] {
        let mut m = Station::start(
            dir.path(),
            name,
            &radio_section(call, &serial(&relay.b, 9600), &[("DL0CCG", k)], ""),
        );
        m.send(&format!("{g} resign"));
        wait_for(
            "the gateway's incident",
            WAIT,
            || format!("{}\n--- gateway:\n{}", m.diagnostics(), gw.log()),
            || incidents(like) >= 1,
        );
        m.kill();
    }
    assert_eq!(
        count(&db, "SELECT count(*) FROM journal WHERE channel = 'radio'"),
        0
    );
    assert_eq!(
        count(
            &db,
            &format!("SELECT count(*) FROM games WHERE id = {g} AND result IS NULL")
        ),
        1
    );
    assert!(gw.stop().success());
}

#[test]
fn a_restricted_telegraph_link_carries_iccf_moves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let relay = Relay::start(dir.path(), 1200, &["--ber", "1e-4"]);
    let extra = "restricted = true\ndata_bits = 7\nparity = \"even\"";
    let (mut a, b) = pair(dir.path(), &relay, 1200, extra);
    a.send("12 1. 5254");
    a.send("12 draw?");
    wait_for(
        "both telegrams",
        WAIT,
        || both(&a, &b),
        || b.delivered().len() == 2,
    );
    // Case is folded for the teleprinter; ICCF numeric needs no case.
    assert_eq!(b.delivered(), vec!["12 1. 5254", "12 DRAW?"]);
}

#[test]
fn a_whole_game_between_a_radio_station_and_an_email_player() {
    let dir = tempfile::tempdir().expect("tempdir");
    let relay = Relay::start(dir.path(), 9600, &["--ber", "1e-4", "--dup", "1e-4"]);
    radio_game::play(
        dir.path(),
        &radio_section("DL0CCG", &serial(&relay.a, 9600), &[("DL1ABC", None)], ""),
        &radio_section("DL1ABC", &serial(&relay.b, 9600), &[("DL0CCG", None)], ""),
        true,
        WAIT,
        &String::new,
    );
}
