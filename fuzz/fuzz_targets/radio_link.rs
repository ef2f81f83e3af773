//! The radio link state machine (`transport::radio::link`) of two stations
//! on a hostile channel, both sending, scripted by the fuzzer's bytes. The
//! first byte picks the framing (binary or restricted); then each pair of
//! bytes is one step: a station queues a message, time passes (frames
//! still on the air are lost; both stations run their timers and
//! transmit), and the frame at the head of the channel is
//! delivered, dropped, doubled, moved to the back (overtaken by newer
//! ones), corrupted, cut, or delivered together with the next; an old
//! genuine frame (acknowledgements included) is replayed to its station or
//! reflected to the other; fuzzer bytes go raw into a station's deframer
//! (where it may write a genuine frame: it learns the MAC from the
//! comparisons it watches); a station restarts from its saved state. The
//! link is signed (radio.md §7), so the attacker can replay and damage
//! frames but not forge them. Stale acknowledgements replayed often enough
//! look like a peer that lost its state and force a RESET; the RESET's
//! resume field keeps that from delivering anything twice (radio.md §9.3.3,
//! found by this target before the field existed).
//!
//! Not modelled: frames held on the air while time passes (a replay from
//! the history stands for them).
//!
//! Properties: each station delivers exactly the other's messages, in
//! order, never one twice and never anything else; a message is reported
//! acknowledged only once the peer has delivered it; and after the script,
//! on a clean channel, every message is delivered and acknowledged within
//! an hour of simulated time.
#![no_main]

use std::collections::{BTreeSet, VecDeque};
use std::time::Duration;

use ccgate::transport::radio::frame::{Callsign, Deframer, Frame, FrameError, LinkOptions, encode};
use ccgate::transport::radio::link::{Event, Link, LinkConfig, MsgId};
use libfuzzer_sys::fuzz_target;

const KEY: &[u8] = b"fuzz pair key of 24 bytes";
/// Messages each station may queue in one run.
const MAX_MESSAGES: usize = 40;
/// A frame on its way: the station it goes to and its bytes.
type OnAir = (usize, Vec<u8>);

fn config(seed: u64) -> LinkConfig {
    LinkConfig {
        window: 4,
        rto: Duration::from_secs(2),
        max_retries: 3,
        ack_delay: Duration::from_millis(200),
        keepalive: Duration::from_secs(20),
        long_silence: Duration::from_secs(60),
        seed,
    }
}

struct Station {
    tag: &'static str,
    me: Callsign,
    peer: Callsign,
    opts: LinkOptions,
    link: Link,
    deframer: Deframer,
    restarts: u64,
    /// Texts given to `Link::send`, by message id.
    sent: Vec<String>,
    delivered: Vec<String>,
    acked: BTreeSet<MsgId>,
}

impl Station {
    fn new(tag: &'static str, me: &str, peer: &str, opts: &LinkOptions) -> Station {
        let (me, peer) = (Callsign::new(me).unwrap(), Callsign::new(peer).unwrap());
        Station {
            tag,
            me,
            peer,
            opts: opts.clone(),
            link: Link::new(me, peer, Default::default(), config(tag.len() as u64)),
            deframer: Deframer::new(opts),
            restarts: 0,
            sent: Vec::new(),
            delivered: Vec::new(),
            acked: BTreeSet::new(),
        }
    }

    /// A crash and a restart: only the link's state survives (the harness
    /// commits it after every call, as the driver does).
    fn restart(&mut self) {
        self.restarts += 1;
        let state = self.link.state().clone();
        self.link = Link::new(self.me, self.peer, state, config(self.restarts));
        self.deframer = Deframer::new(&self.opts);
    }

    fn queue(&mut self) {
        if self.sent.len() < MAX_MESSAGES {
            let text = format!("{} {}", self.tag, self.sent.len());
            let id = self
                .link
                .send(text.clone())
                .expect("a short text is accepted");
            assert_eq!(id as usize, self.sent.len(), "ids count the messages");
            self.sent.push(text);
        }
    }

    fn events(&mut self, events: Vec<Event>) {
        for e in events {
            match e {
                Event::Delivered { text, .. } => self.delivered.push(text),
                // May repeat after a restart (the driver's Handler::acked).
                Event::Acked(id) => {
                    assert!((id as usize) < self.sent.len(), "acked {id}, never sent");
                    self.acked.insert(id);
                }
                Event::Unreachable | Event::Reachable | Event::Resynchronised(_) => {}
            }
        }
    }

    fn input(&mut self, bytes: &[u8], now: Duration) {
        let results = self.deframer.feed(bytes);
        self.take(results, now);
    }

    /// Raw bytes from the attacker, deframed on their own.
    fn input_raw(&mut self, bytes: &[u8], now: Duration) {
        let results = Deframer::new(&self.opts).feed(bytes);
        self.take(results, now);
    }

    fn take(&mut self, results: Vec<Result<Frame, FrameError>>, now: Duration) {
        for result in results {
            let events = match result {
                Ok(frame) => self.link.receive(frame, now),
                Err(e) => self.link.corrupt(&e, now),
            };
            self.events(events);
        }
    }

    /// Timers, then every frame the link wants to send now.
    fn transmit(&mut self, now: Duration) -> Vec<Vec<u8>> {
        let events = self.link.tick(now);
        self.events(events);
        let mut out = Vec::new();
        while let Some(frame) = self.link.poll_transmit(now) {
            out.push(encode(&frame, &self.opts).expect("the link's frames encode"));
            assert!(out.len() <= 64, "a link that never stops transmitting");
        }
        out
    }
}

struct World {
    st: [Station; 2],
    air: VecDeque<OnAir>,
    /// Every genuine frame ever sent, for replays.
    history: Vec<OnAir>,
    now: Duration,
}

impl World {
    fn deliver(&mut self, (to, bytes): OnAir) {
        self.st[to].input(&bytes, self.now);
    }

    fn run(&mut self, step: Duration) {
        // The air holds no frame for long: what was not delivered is lost.
        self.air.clear();
        self.now += step;
        for i in 0..2 {
            for bytes in self.st[i].transmit(self.now) {
                self.history.push((1 - i, bytes.clone()));
                self.air.push_back((1 - i, bytes));
            }
        }
    }

    /// Exactly once, in order, nothing else; acknowledged means delivered.
    fn check(&self) {
        for i in 0..2 {
            let (me, peer) = (&self.st[i], &self.st[1 - i]);
            assert!(
                me.delivered.len() <= peer.sent.len()
                    && me.delivered.iter().zip(&peer.sent).all(|(d, s)| d == s),
                "{} delivered {:?}, {} sent {:?}",
                me.tag,
                me.delivered,
                peer.tag,
                peer.sent
            );
            if let Some(&last) = me.acked.last() {
                assert!(
                    (last as usize) < peer.delivered.len(),
                    "{} has {last} acknowledged, {} delivered only {}",
                    me.tag,
                    peer.tag,
                    peer.delivered.len()
                );
            }
        }
    }

    fn done(&self) -> bool {
        self.st.iter().enumerate().all(|(i, s)| {
            s.acked.len() == s.sent.len() && self.st[1 - i].delivered.len() == s.sent.len()
        })
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, mut script)) = data.split_first() else {
        return;
    };
    let opts = LinkOptions {
        restricted: mode & 1 != 0,
        key: Some(KEY.to_vec()),
    };
    let mut w = World {
        st: [
            Station::new("A", "G4ABC", "DL1XYZ-2", &opts),
            Station::new("B", "DL1XYZ-2", "G4ABC", &opts),
        ],
        air: VecDeque::new(),
        history: Vec::new(),
        now: Duration::ZERO,
    };
    while let [op, arg, rest @ ..] = script {
        script = rest;
        let (op, arg) = (*op, *arg);
        let who = usize::from(arg & 1);
        match op % 13 {
            0 => w.st[who].queue(),
            1 => w.run(Duration::from_millis(u64::from(arg) * 50)),
            2 => {
                if let Some(f) = w.air.pop_front() {
                    w.deliver(f);
                }
            }
            3 => drop(w.air.pop_front()),
            4 => {
                if let Some(f) = w.air.pop_front() {
                    w.deliver(f.clone());
                    w.deliver(f);
                }
            }
            5 => {
                if let Some(f) = w.air.pop_front() {
                    w.air.push_back(f);
                }
            }
            6 => {
                if let Some((to, mut bytes)) = w.air.pop_front() {
                    let at = usize::from(arg) * 7 % bytes.len();
                    bytes[at] ^= 1 << (arg % 8);
                    w.deliver((to, bytes));
                }
            }
            7 => {
                if let Some((to, mut bytes)) = w.air.pop_front() {
                    bytes.truncate(usize::from(arg) % bytes.len());
                    w.deliver((to, bytes));
                }
            }
            8 | 9 if !w.history.is_empty() => {
                let (to, bytes) = w.history[usize::from(arg) * 31 % w.history.len()].clone();
                let to = if op % 13 == 8 { to } else { 1 - to };
                w.deliver((to, bytes));
            }
            10 => {
                let n = usize::from(arg >> 1).min(script.len());
                let (raw, rest) = script.split_at(n);
                script = rest;
                w.st[who].input_raw(raw, w.now);
            }
            11 => w.st[who].restart(),
            12 => {
                if let (Some((to, mut a)), Some((_, b))) = (w.air.pop_front(), w.air.pop_front()) {
                    a.extend_from_slice(&b);
                    w.deliver((to, a));
                }
            }
            _ => {}
        }
        w.check();
    }
    // A clean channel from here on: everything arrives, at once.
    let limit = w.now + Duration::from_secs(3600);
    while !w.done() {
        assert!(
            w.now < limit,
            "not delivered after an hour on a clean channel: A sent {}, B delivered {}, acked {}; B sent {}, A delivered {}, acked {}",
            w.st[0].sent.len(),
            w.st[1].delivered.len(),
            w.st[0].acked.len(),
            w.st[1].sent.len(),
            w.st[0].delivered.len(),
            w.st[1].acked.len()
        );
        while let Some(f) = w.air.pop_front() {
            w.deliver(f);
        }
        w.check();
        w.run(Duration::from_millis(100));
    }
    w.check();
});
