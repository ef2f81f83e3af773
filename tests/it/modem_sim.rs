//! Proves the GSM modem simulator (`tests/support/modem_sim.py`, driven by
//! `tests/it/support/modem_lab.rs`) against real clients: gammu (Debian) reads and
//! sends through it, and plain file I/O on the PTY checks the 27.005/27.007
//! behaviour and the fault injection the gateway's tests rely on.
//!
//! The PDU vectors below were cross-checked when written against two
//! independent decoders (python-messaging 0.5.13 and smspdudecoder 2.2.0):
//! both read the simulator's SMS-DELIVERs as the sender, time and text given
//! here. The SMS-SUBMIT vector is what gammu 1.42 sends for `13. Bb5 a6`.
//!
//! Needs socat, python3 and gammu (`.ci/setup-servers`). Each test has its own
//! lab, so they run in parallel.

use crate::support::modem_lab;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use modem_lab::{Dte, ModemLab};
use serde_json::{Value, json};

const T: Duration = Duration::from_secs(5);
const SCTS: &str = "2026-11-29T12:00:00+01:00";

/// SMS-DELIVER from +491701234567, SMSC +4912345, 2026-11-29 12:00:00 +01:00,
/// GSM 7-bit "13. Bb5 a6 {x}" (with two extension-table characters).
const V_GSM7: &str =
    "0591942143F5040C9194711032547600006211922100004010B1990B2414D740611B6883C26F52";
/// The same, UCS2 "Ход ♞ Сb5".
const V_UCS2: &str =
    "0591942143F5040C91947110325476000862119221000040120425043E04340020265E0020042100620035";
/// Part 1 of 2 of "13. Bb5 a6 14. Ba4 Nf6 " x 8, GSM 7-bit, 16-bit reference 0x1234.
const V_CONCAT16_1: &str = "0591942143F5440C919471103254760000621192210000406406080412340201B1990B2414D740611B2846738184611AC869B6816233174828AE81C236508CE60209C33490D36C03C5662E90505C03856DA018CD0512866920A7D9068ACD5C20A1B8060ADB40319A0B240CD3404EB30D04";
/// gammu's SMS-SUBMIT for "13. Bb5 a6" to +491701234567 (AT+CMGS=23).
const V_SUBMIT: &str = "0591942143F511000C919471103254760000FF0AB1990B2414D740611B";

fn dte(lab: &ModemLab) -> Dte {
    Dte::open(&lab.device()).expect("open the DTE side")
}

/// Sends `line`, asserts the answer contains every `want` and returns it.
#[track_caller]
fn expect(d: &mut Dte, lab: &ModemLab, line: &str, want: &[&str]) -> String {
    d.send(line);
    let got = match d.read_response(T) {
        Ok(s) => s,
        Err(partial) => panic!(
            "no final result code for {line:?}; got {partial:?}\n{}",
            lab.diagnostics()
        ),
    };
    for w in want {
        assert!(
            got.contains(w),
            "{line:?}: expected {w:?} in {got:?}\n{}",
            lab.diagnostics()
        );
    }
    got
}

/// Reads until `pat`; panics with the log otherwise.
#[track_caller]
fn wait_for(d: &mut Dte, lab: &ModemLab, pat: &str) -> String {
    d.read_until(pat, T)
        .unwrap_or_else(|got| panic!("expected {pat:?}, got {got:?}\n{}", lab.diagnostics()))
}

/// The PDU lines of a +CMGL answer, as (index, stat, length, pdu).
fn cmgl_entries(answer: &str) -> Vec<(u32, u32, usize, String)> {
    let lines: Vec<&str> = answer.split("\r\n").collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some(rest) = l.strip_prefix("+CMGL: ") {
            let f: Vec<&str> = rest.split(',').collect();
            out.push((
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[3].parse().unwrap(),
                lines[i + 1].to_string(),
            ));
        }
    }
    out
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// The user data header of a PDU-mode SMS-DELIVER (SCA included), if any:
/// a small independent parser for the structural checks.
fn deliver_udh(pdu: &str) -> Option<Vec<u8>> {
    let b = hex(pdu);
    let mut p = 1 + b[0] as usize; // SCA
    let fo = b[p];
    p += 1;
    let oa_digits = b[p] as usize;
    p += 2 + oa_digits.div_ceil(2); // OA
    p += 2 + 7; // PID, DCS, SCTS
    p += 1; // UDL
    if fo & 0x40 == 0 {
        return None;
    }
    let udhl = b[p] as usize;
    Some(b[p + 1..p + 1 + udhl].to_vec())
}

fn gammu(lab: &ModemLab, args: &[&str], stdin: Option<&str>) -> String {
    let rc = lab.dir().join("gammurc");
    if !rc.exists() {
        std::fs::write(
            &rc,
            format!(
                "[gammu]\ndevice = {}\nconnection = at115200\nlogformat = textalldate\nlogfile = {}\n",
                lab.device().display(),
                lab.dir().join("gammu.log").display()
            ),
        )
        .unwrap();
    }
    let t0 = Instant::now();
    let mut child = Command::new("gammu")
        .arg("-c")
        .arg(&rc)
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("gammu not runnable ({e}); install it with .ci/setup-servers"));
    if let Some(input) = stdin {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("gammu {args:?}: {:.1} s", t0.elapsed().as_secs_f64());
    assert!(
        out.status.success(),
        "gammu {args:?} failed ({}):\n{text}\n--- gammu.log ---\n{}\n{}",
        out.status,
        std::fs::read_to_string(lab.dir().join("gammu.log")).unwrap_or_default(),
        lab.diagnostics()
    );
    text
}

// ---- (a) gammu ------------------------------------------------------------

#[test]
fn gammu_identifies_the_modem_and_reads_injected_sms() {
    let lab = ModemLab::start();
    let long = "Long game 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 \
                6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 \
                12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 end";
    assert!(long.len() > 160);
    lab.inject(json!([
        {"from": "+491701234567", "text": "13. Bb5 a6 {x}", "time": SCTS},
        {"from": "+491709876543", "text": "Ход ♞ Сb5"},
        {"from": "+491705550000", "text": long, "parts": 2, "concat_ref": 77},
        {"from": "ChessClub", "text": "stored in ME", "storage": "ME"},
    ]));

    let id = gammu(&lab, &["identify"], None);
    for want in [
        "Manufacturer         : ccgate",
        "ModemSim 27005",
        "Firmware             : 1.0.0",
        "IMEI                 : 490154203237518",
        "SIM IMSI             : 262019876543210",
    ] {
        assert!(id.contains(want), "identify: no {want:?} in\n{id}");
    }

    let all = gammu(&lab, &["getallsms"], None);
    for want in [
        "Remote number        : \"+491701234567\"",
        "13. Bb5 a6 {x}",
        "Sent                 : Sun Nov 29 12:00:00 2026 +0100",
        "SMSC number          : \"+4912345\"",
        "Coding               : Unicode",
        "Ход ♞ Сb5",
        "Concatenated (linked) message, ID (8 bit) 77, part 1 of 2",
        "Concatenated (linked) message, ID (8 bit) 77, part 2 of 2",
        "Remote number        : \"ChessClub\"",
        "stored in ME",
        "5 SMS parts in 5 SMS sequences",
    ] {
        assert!(all.contains(want), "getallsms: no {want:?} in\n{all}");
    }

    let each = gammu(&lab, &["geteachsms"], None);
    assert!(
        each.contains(long),
        "geteachsms did not reassemble the 2-part message:\n{each}"
    );
    assert!(each.contains("ID (8 bit) 77, 2 parts"), "{each}");
    assert!(each.contains("5 SMS parts in 4 SMS sequences"), "{each}");

    // Reading marked them read (+CMGL stat 0 -> 1).
    for mem in ["SM", "ME"] {
        for (i, m) in lab.messages(mem) {
            assert_eq!(m["stat"], 1, "{mem}:{i} not read: {m}");
            assert!(m["retrieved"].as_u64().unwrap() >= 1);
        }
    }
}

#[test]
fn gammu_sends_plain_unicode_and_multipart_sms() {
    let lab = ModemLab::start();
    gammu(
        &lab,
        &[
            "sendsms",
            "TEXT",
            "+491701234567",
            "-report",
            "-text",
            "13. Bb5 a6",
        ],
        None,
    );
    let unicode = "Ход: 13. Сb5 ♞ — ça va";
    gammu(
        &lab,
        &[
            "sendsms",
            "TEXT",
            "+491709876543",
            "-unicode",
            "-text",
            unicode,
        ],
        None,
    );
    let long: String = "13. Bb5 a6 14. Ba4 Nf6 {ok} "
        .chars()
        .cycle()
        .take(400)
        .collect();
    gammu(
        &lab,
        &["sendsms", "TEXT", "+491705550000", "-len", "400"],
        Some(&long),
    );

    let sent = lab.wait_sent(5, T);
    assert_eq!(sent.len(), 5, "{sent:#?}");
    let s0 = &sent[0];
    assert_eq!(s0["to"], "+491701234567");
    assert_eq!(s0["text"], "13. Bb5 a6");
    assert_eq!(s0["srr"], true, "gammu -report sets TP-SRR");
    assert_eq!(s0["udh_concat"], Value::Null);
    assert_eq!(s0["encoding"], "gsm7");
    let pdu = s0["pdu"].as_str().unwrap();
    assert_eq!(
        s0["cmd_len"].as_u64().unwrap() as usize,
        pdu.len() / 2 - 1 - usize::from(hex(pdu)[0]),
        "AT+CMGS=<length> counts the TPDU without the SCA"
    );
    assert_eq!(sent[1]["text"], unicode);
    assert_eq!(sent[1]["encoding"], "ucs2");
    assert_eq!(sent[1]["to"], "+491709876543");

    // The 400 characters went as 3 concatenated parts with one reference.
    let parts = &sent[2..];
    let r = parts[0]["udh_concat"][0].clone();
    let mut joined = String::new();
    for (i, p) in parts.iter().enumerate() {
        assert_eq!(p["udh_concat"], json!([r, 3, i + 1]), "{p}");
        assert_eq!(p["to"], "+491705550000");
        joined.push_str(p["text"].as_str().unwrap());
    }
    assert_eq!(joined, long);
    // TP-MR increments per SMS-SUBMIT.
    let mrs: Vec<u64> = sent.iter().map(|s| s["mr"].as_u64().unwrap()).collect();
    assert_eq!(mrs, [1, 2, 3, 4, 5]);
    // gammu set no +CNMI <ds>, so the report requested by -report is not routed.
    lab.wait_state("the unrouted status report", T, |s| {
        s["counters"]["status_reports_dropped"] == 1
    });
}

// ---- (b) our own AT client on the PTY -------------------------------------

#[test]
fn sim_pin_flow_gates_sms_and_registration() {
    let lab = ModemLab::start_with_pin("1234");
    let mut d = dte(&lab);
    expect(&mut d, &lab, "ATE0", &["OK"]);
    expect(&mut d, &lab, "AT+CPIN?", &["+CPIN: SIM PIN", "OK"]);
    // CMEE=0: plain ERROR; SMS commands give +CMS ERROR whatever CMEE says.
    expect(&mut d, &lab, "AT+CIMI", &["\r\nERROR\r\n"]);
    expect(&mut d, &lab, "AT+CMGL=4", &["+CMS ERROR: 311"]);
    expect(&mut d, &lab, "AT+CMEE=1", &["OK"]);
    expect(&mut d, &lab, "AT+CIMI", &["+CME ERROR: 11"]);
    expect(&mut d, &lab, "AT+CREG?", &["+CREG: 0,0", "OK"]);
    // A message sent to the locked modem waits in the network.
    lab.inject(json!({"from": "+491701234567", "text": "1. e4"}));
    assert_eq!(lab.state()["network_queue"].as_array().unwrap().len(), 1);
    expect(&mut d, &lab, "AT+CPIN=\"0000\"", &["+CME ERROR: 16"]);
    expect(&mut d, &lab, "AT+CMEE=2", &["OK"]);
    expect(
        &mut d,
        &lab,
        "AT+CPIN=\"9999\"",
        &["+CME ERROR: incorrect password"],
    );
    assert_eq!(lab.state()["pin_tries_left"], 1);
    expect(&mut d, &lab, "AT+CNMI=2,1,0,1,0", &["OK"]);
    expect(&mut d, &lab, "AT+CREG=1", &["OK"]);
    expect(&mut d, &lab, "AT+CPIN=\"1234\"", &["OK"]);
    // Registration follows, then the held message arrives.
    let urcs = wait_for(&mut d, &lab, "+CMTI: \"SM\",1\r\n");
    assert!(urcs.contains("\r\n+CREG: 1\r\n"), "{urcs:?}");
    expect(&mut d, &lab, "AT+CPIN?", &["+CPIN: READY"]);
    expect(
        &mut d,
        &lab,
        "AT+CPIN=\"1234\"",
        &["+CME ERROR: operation not allowed"],
    );
    expect(&mut d, &lab, "AT+CREG?", &["+CREG: 1,1"]);
    expect(&mut d, &lab, "AT+CIMI", &["262019876543210"]);
    // The network says "searching": +CREG URC, and sending fails with 331.
    lab.set_network("searching");
    wait_for(&mut d, &lab, "+CREG: 2\r\n");
    expect(&mut d, &lab, "AT+CREG?", &["+CREG: 1,2"]);
    expect(&mut d, &lab, "AT+CMGS=23", &["\r\n> "]);
    d.write(format!("{V_SUBMIT}\x1a").as_bytes());
    wait_for(&mut d, &lab, "+CMS ERROR: 331\r\n");
    assert!(lab.sent().is_empty());
}

#[test]
fn cmgl_cmgr_cmgd_across_both_storages() {
    let lab = ModemLab::start();
    let mut d = dte(&lab);
    expect(&mut d, &lab, "AT+CMEE=1;+CMGF=0", &["OK"]);
    expect(
        &mut d,
        &lab,
        "AT+CPMS=?",
        &["+CPMS: (\"SM\",\"ME\"),(\"SM\",\"ME\"),(\"SM\",\"ME\")"],
    );
    expect(&mut d, &lab, "AT+CNMI=2,1,0,1,0", &["OK"]);
    lab.inject(json!({"from": "+491701234567", "text": "13. Bb5 a6 {x}", "time": SCTS}));
    wait_for(&mut d, &lab, "\r\n+CMTI: \"SM\",1\r\n");
    lab.inject(
        json!({"from": "+491701234567", "text": "Ход ♞ Сb5", "time": SCTS, "storage": "ME"}),
    );
    wait_for(&mut d, &lab, "\r\n+CMTI: \"ME\",1\r\n");
    lab.inject(json!({"from": "+491701234567", "text": "2nd in SM", "time": SCTS}));
    wait_for(&mut d, &lab, "\r\n+CMTI: \"SM\",2\r\n");

    expect(
        &mut d,
        &lab,
        "AT+CPMS?",
        &["+CPMS: \"SM\",2,10,\"SM\",2,10,\"SM\",2,10", "OK"],
    );
    // Unread only; listing marks them read.
    let l = expect(&mut d, &lab, "AT+CMGL=0", &["OK"]);
    let e = cmgl_entries(&l);
    assert_eq!(e.len(), 2, "{l:?}");
    assert_eq!(e[0], (1, 0, 33, V_GSM7.to_string()));
    assert_eq!(e[1].0, 2);
    assert!(
        l.starts_with("AT+CMGL=0\r\r\n+CMGL: 1,0,,33\r\n"),
        "27.005 layout: {l:?}"
    );
    let l = expect(&mut d, &lab, "AT+CMGL=0", &["OK"]);
    assert!(cmgl_entries(&l).is_empty(), "{l:?}");
    let l = expect(&mut d, &lab, "AT+CMGL=1", &["OK"]);
    assert_eq!(cmgl_entries(&l).len(), 2);
    // Plain AT+CMGL defaults to "received unread".
    let l = expect(&mut d, &lab, "AT+CMGL", &["OK"]);
    assert!(cmgl_entries(&l).is_empty(), "{l:?}");
    expect(&mut d, &lab, "AT+CMGL=\"ALL\"", &["+CMS ERROR: 304"]);

    // The other storage, selected for reading, writing and receiving.
    expect(
        &mut d,
        &lab,
        "AT+CPMS=\"ME\",\"ME\",\"ME\"",
        &["+CPMS: 1,20,1,20,1,20", "OK"],
    );
    let r = expect(&mut d, &lab, "AT+CMGR=1", &["OK"]);
    assert!(
        r.contains(&format!("+CMGR: 0,,37\r\n{V_UCS2}\r\n")),
        "{r:?}"
    );
    let r = expect(&mut d, &lab, "AT+CMGR=1", &["+CMGR: 1,,37"]);
    assert!(r.contains(V_UCS2));
    expect(&mut d, &lab, "AT+CMGR=2", &["+CMS ERROR: 321"]);
    expect(&mut d, &lab, "AT+CMGR=21", &["+CMS ERROR: 321"]);
    expect(&mut d, &lab, "AT+CPMS=\"XX\"", &["+CMS ERROR: 302"]);
    expect(&mut d, &lab, "AT+CMGD=?", &["+CMGD: (1),(0-4)"]);
    expect(&mut d, &lab, "AT+CMGD=1", &["OK"]);
    let l = expect(&mut d, &lab, "AT+CMGL=4", &["OK"]);
    assert!(cmgl_entries(&l).is_empty());
    expect(&mut d, &lab, "AT+CMGD=21", &["+CMS ERROR: 321"]);
    // Back to SM: two there still.
    expect(&mut d, &lab, "AT+CPMS=\"SM\"", &["+CPMS: 2,10,0,20,0,20"]);
    let l = expect(&mut d, &lab, "AT+CMGL=4", &["OK"]);
    assert_eq!(cmgl_entries(&l).len(), 2);
    expect(&mut d, &lab, "AT+CMGD=2,0", &["OK"]);

    let s = lab.state();
    assert_eq!(s["counters"]["cmgd"], 2, "successful +CMGD executions");
    assert_eq!(s["by_command"]["+CMGD"], 4, "every +CMGD command seen");
    let del = s["deleted"].as_array().unwrap();
    assert_eq!(del.len(), 2);
    assert_eq!(del[0]["mem"], "ME");
    assert_eq!(del[0]["text"], "Ход ♞ Сb5");
    // Every deletion came after the message was first shown to the DTE.
    for x in del {
        assert!(x["retrieved_seq"].as_u64().unwrap() < x["seq"].as_u64().unwrap());
    }
    assert_eq!(lab.messages("SM").len(), 1);
}

#[test]
fn cmgd_delflags_follow_27005() {
    let lab = ModemLab::start();
    let mut d = dte(&lab);
    // 1 read, 2 unread, 1 stored unsent, 1 stored sent.
    lab.inject(json!([
        {"from": "+4911", "text": "read"},
        {"from": "+4922", "text": "unread 1"},
        {"from": "+4933", "text": "unread 2"},
        {"kind": "submit", "to": "+4944", "text": "unsent", "stat": 2},
        {"kind": "submit", "to": "+4955", "text": "sent", "stat": 3},
    ]));
    expect(&mut d, &lab, "AT+CMGR=1", &["+CMGR: 0,,"]);
    let l = expect(&mut d, &lab, "AT+CMGL=2", &["OK"]);
    assert_eq!(
        cmgl_entries(&l).iter().map(|e| e.0).collect::<Vec<_>>(),
        [4]
    );
    let l = expect(&mut d, &lab, "AT+CMGL=3", &["OK"]);
    assert_eq!(
        cmgl_entries(&l).iter().map(|e| e.0).collect::<Vec<_>>(),
        [5]
    );
    let idx = |lab: &ModemLab| -> Vec<u32> { lab.messages("SM").iter().map(|m| m.0).collect() };
    expect(&mut d, &lab, "AT+CMGD=1,1", &["OK"]); // read only
    assert_eq!(idx(&lab), [2, 3, 4, 5]);
    expect(&mut d, &lab, "AT+CMGD=0,2", &["OK"]); // read + sent
    assert_eq!(idx(&lab), [2, 3, 4]);
    expect(&mut d, &lab, "AT+CMGD=1,3", &["OK"]); // read + sent + unsent
    assert_eq!(idx(&lab), [2, 3]);
    expect(&mut d, &lab, "AT+CMGD=1,5", &["ERROR"]);
    expect(&mut d, &lab, "AT+CMGD=1,4", &["OK"]); // everything
    assert!(idx(&lab).is_empty());
    let s = lab.state();
    assert_eq!(s["counters"]["deleted_messages"], 5);
    let flags: Vec<u64> = s["deleted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["delflag"].as_u64().unwrap())
        .collect();
    assert_eq!(flags, [1, 2, 3, 4, 4]);
}

#[test]
fn cmgs_prompt_mr_errors_and_status_reports() {
    let lab = ModemLab::start_with(None, &["--mr-start", "254"]);
    let mut d = dte(&lab);
    expect(&mut d, &lab, "ATE1", &["OK"]);
    // Prompt, then the PDU (echoed) and Ctrl-Z.
    let p = expect(&mut d, &lab, "AT+CMGS=23", &[]);
    assert!(p.ends_with("AT+CMGS=23\r\r\n> "), "{p:?}");
    d.write(format!("{V_SUBMIT}\x1a").as_bytes());
    let r = wait_for(&mut d, &lab, "OK\r\n");
    assert!(r.starts_with(V_SUBMIT), "PDU echo: {r:?}");
    assert!(r.contains("\r\n+CMGS: 254\r\n\r\nOK\r\n"), "{r:?}");
    let s = lab.wait_sent(1, T);
    assert_eq!(s[0]["to"], "+491701234567");
    assert_eq!(s[0]["text"], "13. Bb5 a6");
    assert_eq!(s[0]["cmd_len"], 23);
    assert_eq!(s[0]["pdu"], V_SUBMIT);
    assert_eq!(s[0]["smsc"], "+4912345");
    expect(&mut d, &lab, "ATE0", &["OK"]);

    // Wrong <length>: +CMS ERROR: 304, nothing sent, no TP-MR used.
    expect(&mut d, &lab, "AT+CMGS=22", &["> "]);
    d.write(format!("{V_SUBMIT}\x1a").as_bytes());
    wait_for(&mut d, &lab, "\r\n+CMS ERROR: 304\r\n");
    // Not hex at all.
    expect(&mut d, &lab, "AT+CMGS=3", &["> "]);
    d.write(b"00zz11\x1a");
    wait_for(&mut d, &lab, "\r\n+CMS ERROR: 304\r\n");
    // ESC cancels.
    expect(&mut d, &lab, "AT+CMGS=23", &["> "]);
    d.write(format!("{V_SUBMIT}\x1b").as_bytes());
    wait_for(&mut d, &lab, "\r\nOK\r\n");
    assert_eq!(lab.sent().len(), 1);

    // The network refuses twice (RP cause 38), then accepts.
    lab.fault(json!({"kind": "cms_error", "command": "AT+CMGS", "code": 38, "times": 2}));
    for _ in 0..2 {
        expect(&mut d, &lab, "AT+CMGS=23", &["> "]);
        d.write(format!("{V_SUBMIT}\x1a").as_bytes());
        wait_for(&mut d, &lab, "\r\n+CMS ERROR: 38\r\n");
    }
    expect(&mut d, &lab, "AT+CMGS=23", &["> "]);
    d.write(format!("{V_SUBMIT}\x1a").as_bytes());
    // TP-MR wraps mod 256; each refused attempt used one.
    wait_for(&mut d, &lab, "\r\n+CMGS: 1\r\n\r\nOK\r\n");
    assert_eq!(lab.sent().len(), 2);

    // TP-SRR set (first octet 0x31): a status report comes as +CDS (ds=1).
    let srr = V_SUBMIT.replacen("F511", "F531", 1);
    expect(&mut d, &lab, "AT+CNMI=2,1,0,1,0", &["OK"]);
    expect(&mut d, &lab, "AT+CMGS=23", &["> "]);
    d.write(format!("{srr}\x1a").as_bytes());
    wait_for(&mut d, &lab, "\r\n+CMGS: 2\r\n\r\nOK\r\n");
    let cds = wait_for(&mut d, &lab, "+CDS: ");
    assert!(cds.ends_with("\r\n+CDS: "), "{cds:?}");
    let rest = wait_for(&mut d, &lab, "\r\n");
    let len: usize = rest.trim().parse().unwrap();
    let pdu = wait_for(&mut d, &lab, "\r\n").trim().to_string();
    let b = hex(&pdu);
    let tp = &b[1 + b[0] as usize..];
    assert_eq!(tp.len(), len, "+CDS <length> is the TPDU without the SCA");
    assert_eq!(tp[0] & 3, 2, "SMS-STATUS-REPORT");
    assert_eq!(tp[1], 2, "TP-MR of the submit");
    assert_eq!(*tp.last().unwrap(), 0, "TP-ST delivered");
    assert_eq!(lab.sent()[2]["srr"], true);

    // Failed, and stored (ds=2): +CDSI, then read it with +CMGR.
    lab.set_report_policy("failed");
    expect(&mut d, &lab, "AT+CNMI=2,1,0,2,0", &["OK"]);
    expect(&mut d, &lab, "AT+CMGS=23", &["> "]);
    d.write(format!("{srr}\x1a").as_bytes());
    wait_for(&mut d, &lab, "\r\n+CMGS: 3\r\n\r\nOK\r\n");
    wait_for(&mut d, &lab, "\r\n+CDSI: \"SM\",1\r\n");
    let r = expect(&mut d, &lab, "AT+CMGR=1", &["+CMGR: 0,,"]);
    let lines: Vec<&str> = r.split("\r\n").collect();
    let at = lines.iter().position(|l| l.starts_with("+CMGR: ")).unwrap();
    let pdu = lines[at + 1];
    let b = hex(pdu);
    let tp = &b[1 + b[0] as usize..];
    assert_eq!((tp[0] & 3, tp[1]), (2, 3));
    assert_eq!(*tp.last().unwrap(), 0x41, "TP-ST permanent error");

    // Text mode, minimal: +CMGS="<da>", text, Ctrl-Z.
    expect(&mut d, &lab, "AT+CMGF=1", &["OK"]);
    expect(&mut d, &lab, "AT+CMGS=\"+491709876543\"", &["> "]);
    d.write(b"14. Ba4 Nf6\x1a");
    wait_for(&mut d, &lab, "\r\n+CMGS: 4\r\n\r\nOK\r\n");
    let s = lab.sent();
    assert_eq!(s[4]["text"], "14. Ba4 Nf6");
    assert_eq!(s[4]["mode"], "text");
    assert_eq!(s[4]["to"], "+491709876543");
}

#[test]
fn injected_pdus_match_independent_vectors() {
    let lab = ModemLab::start();
    let mut d = dte(&lab);
    lab.inject(json!([
        {"from": "+491701234567", "text": "13. Bb5 a6 {x}", "time": SCTS},
        {"from": "+491701234567", "text": "Ход ♞ Сb5", "time": SCTS},
        {"from": "+491701234567", "text": "13. Bb5 a6 14. Ba4 Nf6 ".repeat(8),
         "time": SCTS, "parts": 2, "ref16": true, "concat_ref": 0x1234},
    ]));
    let l = expect(&mut d, &lab, "AT+CMGL=4", &["OK"]);
    let e = cmgl_entries(&l);
    assert_eq!(e.len(), 4, "{l:?}");
    assert_eq!(e[0].3, V_GSM7);
    assert_eq!(e[1].3, V_UCS2);
    assert_eq!(e[2].3, V_CONCAT16_1);
    assert_eq!(e[2].2, 107);
    assert_eq!(
        deliver_udh(&e[3].3).unwrap(),
        [0x08, 0x04, 0x12, 0x34, 2, 2]
    );
    // The length field is always the TPDU without the SCA.
    for (_, _, len, pdu) in &e {
        assert_eq!(*len, pdu.len() / 2 - 1 - usize::from(hex(pdu)[0]));
    }

    // 8-bit reference, 3 parts, part 2 delivered twice and out of order.
    lab.inject(
        json!({"from": "+4917", "text": "x".repeat(400), "concat_ref": 200,
                      "duplicate_part": 2, "order": [3, 1, 2]}),
    );
    // A raw PDU stored exactly as given, and two damaged ones.
    lab.inject(json!({"raw_pdu": V_GSM7, "storage": "ME"}));
    lab.inject(
        json!({"from": "+4917", "text": "will be cut short", "corrupt": true, "storage": "ME"}),
    );
    lab.inject(json!({"from": "+4917", "text": "bad hex", "corrupt": "hex", "storage": "ME"}));
    let l = expect(&mut d, &lab, "AT+CMGL=4", &["OK"]);
    let udhs: Vec<Vec<u8>> = cmgl_entries(&l)[4..]
        .iter()
        .map(|e| deliver_udh(&e.3).unwrap())
        .collect();
    assert_eq!(
        udhs,
        [
            vec![0x00, 0x03, 200, 3, 3],
            vec![0x00, 0x03, 200, 3, 1],
            vec![0x00, 0x03, 200, 3, 2],
            vec![0x00, 0x03, 200, 3, 2]
        ]
    );
    expect(&mut d, &lab, "AT+CPMS=\"ME\"", &["+CPMS: 3,20"]);
    let l = expect(&mut d, &lab, "AT+CMGL=4", &["OK"]);
    let e = cmgl_entries(&l);
    assert_eq!(e[0].3, V_GSM7);
    assert_eq!(e[0].2, 33);
    // Truncated: consistent <length>, but TP-UDL claims more than is there.
    let b = hex(&e[1].3);
    assert_eq!(e[1].2, b.len() - 1 - usize::from(b[0]));
    let udl = b[1 + b[0] as usize + 1 + 2 + 2 + 2 + 7] as usize; // SCA, FO, OA(+4917), PID, DCS, SCTS
    assert!(udl * 7 / 8 > b.len() - (b[0] as usize + 16), "{e:?}");
    assert!(
        !e[2].3.chars().all(|c| c.is_ascii_hexdigit()) && e[2].3.len() % 2 == 1,
        "{e:?}"
    );
}

#[test]
fn hang_fault_leaves_one_command_unanswered() {
    let lab = ModemLab::start();
    let mut d = dte(&lab);
    lab.inject(json!({"from": "+4917", "text": "keep me"}));
    lab.fault(json!({"kind": "hang", "command": "AT+CMGD"}));
    d.send("AT+CMGD=1");
    let got = d.read_response(Duration::from_millis(1500));
    assert!(got.is_err(), "the hung command was answered: {got:?}");
    // The modem is back for the next command; the message was not deleted.
    expect(&mut d, &lab, "AT", &["OK"]);
    assert_eq!(lab.messages("SM").len(), 1);
    expect(&mut d, &lab, "AT+CMGD=1", &["OK"]);
    assert!(lab.messages("SM").is_empty());
    let s = lab.state();
    assert_eq!(s["counters"]["hangs"], 1);
    assert!(s["armed_faults"].as_array().unwrap().is_empty());

    // A slow answer.
    lab.fault(json!({"kind": "delay", "command": "AT+CSQ", "seconds": 1.0}));
    let t0 = Instant::now();
    expect(&mut d, &lab, "AT+CSQ", &["+CSQ: 20,99", "OK"]);
    assert!(t0.elapsed() >= Duration::from_millis(900));
}

#[test]
fn garbage_and_reboot_faults() {
    let lab = ModemLab::start();
    let mut d = dte(&lab);
    expect(&mut d, &lab, "ATE0", &["OK"]);
    expect(&mut d, &lab, "AT+CMGF=1", &["OK"]);
    lab.fault(json!({"kind": "garbage", "bytes": 40, "seed": 7}));
    let junk = d.read_until_with(T, |b| (b.len() >= 40).then_some(b.len()));
    assert!(junk.is_ok(), "no garbage arrived: {junk:?}");
    expect(&mut d, &lab, "AT", &["OK"]);
    // Garbage in front of one answer.
    lab.fault(json!({"kind": "garbage", "command": "AT+CSQ", "bytes": 16}));
    let r = expect(&mut d, &lab, "AT+CSQ", &["+CSQ: 20,99", "OK"]);
    assert!(r.len() > "\r\n+CSQ: 20,99\r\n\r\nOK\r\n".len(), "{r:?}");

    lab.inject(json!({"from": "+4917", "text": "survives reboots"}));
    lab.fault(json!({"kind": "reboot"}));
    wait_for(&mut d, &lab, "\r\nRDY\r\n");
    // Settings are back to defaults: echo on, PDU mode; storage kept.
    let r = expect(&mut d, &lab, "AT+CMGF?", &["+CMGF: 0", "OK"]);
    assert!(r.starts_with("AT+CMGF?\r"), "echo is on again: {r:?}");
    let l = expect(&mut d, &lab, "AT+CMGL=4", &["OK"]);
    assert_eq!(cmgl_entries(&l).len(), 1);
}

#[test]
fn unplug_and_replug_keep_storage_and_mr() {
    let mut lab = ModemLab::start();
    let mut d = dte(&lab);
    lab.inject(json!({"from": "+4917", "text": "before unplug"}));
    expect(&mut d, &lab, "AT+CMGS=23", &["> "]);
    d.write(format!("{V_SUBMIT}\x1a").as_bytes());
    wait_for(&mut d, &lab, "+CMGS: 1");
    expect(&mut d, &lab, "ATE0", &["OK"]);

    lab.unplug();
    assert_eq!(lab.sim_exit_status().and_then(|s| s.code()), Some(3));
    assert!(!lab.device().exists(), "the device link went away");
    let deadline = Instant::now() + T;
    while !d.hung_up() {
        assert!(Instant::now() < deadline, "the DTE saw no hang-up");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Injected while unplugged: waits for the replug.
    lab.inject(json!({"from": "+4917", "text": "while unplugged"}));

    lab.replug();
    assert!(lab.device().exists());
    let mut d = dte(&lab);
    // A fresh modem: echo on again, same storage, TP-MR continues.
    let l = expect(&mut d, &lab, "AT+CMGL=4", &["OK"]);
    assert!(l.starts_with("AT+CMGL=4\r"), "{l:?}");
    assert_eq!(cmgl_entries(&l).len(), 2, "{l:?}");
    expect(&mut d, &lab, "AT+CMGS=23", &["> "]);
    d.write(format!("{V_SUBMIT}\x1a").as_bytes());
    wait_for(&mut d, &lab, "+CMGS: 2");
    let s = lab.state();
    assert_eq!(s["starts"], 2);
    assert_eq!(s["counters"]["unplugs"], 1);
    assert!(lab.log().contains("unplug"));
}

#[test]
fn full_memory_and_silent_storage() {
    let lab = ModemLab::start_with(None, &["--sm-capacity", "3"]);
    let mut d = dte(&lab);
    expect(&mut d, &lab, "ATE0;+CNMI=2,1,0,0,0", &["OK"]);
    for i in 1..=3 {
        lab.inject(json!({"from": "+4917", "text": format!("msg {i}")}));
        wait_for(&mut d, &lab, &format!("+CMTI: \"SM\",{i}\r\n"));
    }
    // SM full: the network holds the 4th until there is room again.
    lab.inject(json!({"from": "+4917", "text": "msg 4"}));
    assert_eq!(lab.state()["network_queue"].as_array().unwrap().len(), 1);
    expect(&mut d, &lab, "AT+CPMS?", &["+CPMS: \"SM\",3,3"]);
    expect(&mut d, &lab, "AT+CMGD=2", &["OK"]);
    wait_for(&mut d, &lab, "+CMTI: \"SM\",2\r\n");
    assert_eq!(lab.messages("SM")[1].1["text"], "msg 4");

    // Stored without an indication: only a +CMGL sweep finds them.
    expect(&mut d, &lab, "AT+CMGD=1,4", &["OK"]);
    lab.inject(json!({"from": "+4917", "text": "quiet", "no_cmti": true}));
    lab.fault(json!({"kind": "storage_full"}));
    lab.inject(json!({"from": "+4917", "text": "quiet too"}));
    lab.inject(json!({"from": "+4917", "text": "loud"}));
    let urcs = wait_for(&mut d, &lab, "+CMTI: \"SM\",3\r\n");
    assert!(
        !urcs.contains("\"SM\",1") && !urcs.contains("\"SM\",2"),
        "{urcs:?}"
    );
    let l = expect(&mut d, &lab, "AT+CMGL=4", &["OK"]);
    assert_eq!(cmgl_entries(&l).len(), 3);
    let s = lab.state();
    assert_eq!(s["counters"]["stored_silently"], 2);
    assert_eq!(s["storages"]["SM"]["messages"]["1"]["notified"], false);

    // +CNMI mode 0 buffers the indications in the TA until mode 2, bfr 0.
    expect(&mut d, &lab, "AT+CMGD=1,4;+CNMI=0,1,0,0,0", &["OK"]);
    lab.inject(json!({"from": "+4917", "text": "buffered"}));
    assert!(d.read_for(Duration::from_millis(300)).is_empty());
    let r = expect(&mut d, &lab, "AT+CNMI=2,1,0,0,0", &["OK"]);
    assert!(!r.contains("+CMTI"), "flushed only after the OK: {r:?}");
    wait_for(&mut d, &lab, "+CMTI: \"SM\",1\r\n");
}

#[test]
fn command_line_basics() {
    let lab = ModemLab::start_with(None, &["--unknown-cme"]);
    let mut d = dte(&lab);
    let r = expect(&mut d, &lab, "AT", &["OK"]);
    assert_eq!(r, "AT\r\r\nOK\r\n", "echo on by default, V1 framing");
    expect(&mut d, &lab, "ATE0", &["OK"]);
    let r = expect(&mut d, &lab, "AT", &["OK"]);
    assert_eq!(r, "\r\nOK\r\n");
    expect(&mut d, &lab, "AT+FOO", &["\r\nERROR\r\n"]);
    expect(&mut d, &lab, "AT+CMEE=1", &["OK"]);
    expect(&mut d, &lab, "AT+FOO", &["+CME ERROR: 100"]);
    expect(&mut d, &lab, "AT+CMEE=2", &["OK"]);
    expect(&mut d, &lab, "AT+FOO", &["+CME ERROR: unknown"]);
    expect(&mut d, &lab, "AT+CMEE?", &["+CMEE: 2"]);
    let r = expect(&mut d, &lab, "ATI", &["ccgate ModemSim 27005", "OK"]);
    assert!(r.contains("Revision: 1.0.0"));
    let r = expect(
        &mut d,
        &lab,
        "AT+CGMI;+CGMM;+CGMR;+CGSN",
        &["ccgate", "ModemSim 27005", "1.0.0", "490154203237518", "OK"],
    );
    assert_eq!(
        r.matches("\r\nOK\r\n").count(),
        1,
        "one final result code per line"
    );
    expect(&mut d, &lab, "AT+CSQ", &["+CSQ: 20,99"]);
    expect(&mut d, &lab, "AT+CSCA?", &["+CSCA: \"+4912345\",145"]);
    expect(&mut d, &lab, "AT+CSMS=0", &["+CSMS: 1,1,1", "OK"]);
    expect(&mut d, &lab, "AT+CSMS?", &["+CSMS: 0,1,1,1"]);
    expect(
        &mut d,
        &lab,
        "AT+CNMI=?",
        &["+CNMI: (0-3),(0-3),(0,2),(0-2),(0,1)"],
    );
    expect(
        &mut d,
        &lab,
        "AT+CNMI=2,1,0,1,0;+CNMI?",
        &["+CNMI: 2,1,0,1,0"],
    );
    expect(&mut d, &lab, "AT+CMGF=?", &["+CMGF: (0,1)"]);
    expect(&mut d, &lab, "AT+CMGF=2", &["ERROR"]);
    expect(
        &mut d,
        &lab,
        "AT+CSCS=?",
        &["+CSCS: (\"GSM\",\"IRA\",\"UCS2\")"],
    );
    expect(&mut d, &lab, "AT+CFUN?", &["+CFUN: 1"]);
    expect(&mut d, &lab, "ATZ", &["OK"]);
    let r = expect(&mut d, &lab, "AT+CMEE?", &["+CMEE: 0"]);
    assert!(r.starts_with("AT+CMEE?\r"), "ATZ restored echo: {r:?}");
    // Junk before AT is ignored, lower case works.
    expect(&mut d, &lab, "\x1b\rxxat+csq", &["+CSQ: 20,99"]);
    let s = lab.state();
    assert!(s["counters"]["commands"].as_u64().unwrap() >= 25);
    assert_eq!(s["settings"]["cmee"], 0);
}
