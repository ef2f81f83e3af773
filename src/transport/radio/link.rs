//! The radio link layer (`radio.md` §9): a pure, deterministic state machine
//! per peer. No I/O, no clock reads: the caller passes the monotonic time
//! `now`, feeds decoded frames ([`Link::receive`]) and deframer errors
//! ([`Link::corrupt`]), calls [`Link::tick`] for the timers and puts what
//! [`Link::poll_transmit`] returns on the air. After every call that changes
//! it, the caller commits [`Link::state`] (before sending the frame it
//! returned, §9.1) and after a restart passes the saved state to [`Link::new`].
//!
//! # Deviations from radio.md §9
//!
//! - The persisted [`LinkState`] also holds the outbox (messages accepted by
//!   [`Link::send`] but not yet numbered) and their ids, so a restart needs no
//!   re-queuing by the caller; §9.1 keeps only the texts of [`S_una`,
//!   `S_next`). Numbering happens in [`Link::poll_transmit`], so the state
//!   changes there too.
//! - Texts longer than 255 bytes are refused by [`Link::send`] rather than
//!   split at line boundaries (§6).
//! - The peer's epoch (§9.3.3) is taken as the epoch of `R`: a RESET is
//!   accepted when its epoch is above `R`'s epoch.
//! - While probing (after a restart or T4 silence), the PING is repeated
//!   until a full ACK/NAK answers it: first after one RTO, then after twice
//!   the previous wait (±25 % jitter), at most one PING per T3 (a frame
//!   heard from the peer makes the next one due at once); a RESET is started
//!   only when two consecutive answers agree on the same out-of-range
//!   position (§9.2.3: "if it repeats"), so one stale ACK still on the air
//!   cannot force a renumbering. Outside probing, the same out-of-range
//!   ACK/NAK position arriving twice in a row starts probing. Piggy-backed
//!   (8-bit) acknowledgements are ignored while probing or resetting. A RESET is repeated until its ACK
//!   arrives, backing off as the probe PING does.
//! - The receiver's "at most once per RTO" NAK limit uses the configured
//!   initial RTO; a NAK-triggered retransmission of a frame is allowed once
//!   per that frame's current RTO. A rate-limited NAK falls back to an ACK.
//! - A PING showing that the peer sent frames we have not seen is answered
//!   with a NAK instead of an ACK (when the rate limit allows).
//! - After N2 retransmissions of one frame the link reports
//!   [`Event::Unreachable`] and keeps its outbox; PINGs then go out every
//!   T3; any ACK/NAK makes it reachable again ([`Event::Reachable`]).
//! - Which frames the peer SACKed is not stored: after a restart those
//!   frames are sent again (the peer ACKs them as duplicates).
//! - [`Link::corrupt`] takes the deframer's [`FrameError`], so that runts,
//!   MAC failures and ordinary malformed frames are never answered (§11).
//! - The RTO adapts to the measured round trip (RFC 6298, §9.2.2); the
//!   configured RTO is only the initial value.
//! - Epoch 65535 is the last (§5): past it, positions stop being valid and
//!   no RESET can be made; this is not handled beyond refusing the RESET.

use std::collections::{BTreeMap, VecDeque};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::XorShift;
use super::frame::{Body, Callsign, Frame, FrameError, MAX_TEXT};

/// The largest window (the reach of the SACK bitmap).
pub const MAX_WINDOW: u32 = 32;
/// RTO cap (§9.2.2).
pub const MAX_RTO: Duration = Duration::from_secs(600);
/// The smallest RTO once round trips are measured (RFC 6298 §2.4), unless
/// the configured initial RTO is smaller still.
pub const MIN_RTO: Duration = Duration::from_secs(1);

/// Identifies a message accepted by [`Link::send`].
pub type MsgId = u64;

/// One message of the send side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outgoing {
    /// As returned by [`Link::send`].
    pub id: MsgId,
    /// The message text (≤ 255 bytes).
    pub text: String,
}

/// What must survive a restart (§9.1).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkState {
    /// The largest epoch ever used or reported for our stream.
    pub epoch_max: u16,
    /// Oldest unacknowledged position in our stream.
    pub s_una: u32,
    /// Next new position in our stream.
    pub s_next: u32,
    /// Texts of [`s_una`, `s_next`), in order.
    pub unacked: VecDeque<Outgoing>,
    /// Accepted, not yet numbered.
    pub outbox: VecDeque<Outgoing>,
    /// Next message id.
    pub next_id: MsgId,
    /// Position expected next in the peer's stream.
    pub r: u32,
    /// The SACK set: positions in R+1..=R+32 that arrived, with their texts.
    pub held: BTreeMap<u32, String>,
    /// The epoch of the RESET of our stream waiting for its ACK: a restart
    /// repeats it rather than deciding afresh, since the peer may have
    /// taken it already (§9.1).
    #[serde(default)]
    pub reset: Option<u16>,
    /// The first position in the peer's stream numbered after the peer
    /// took our last RESET: only frames from there on carry piggy-backed
    /// acknowledgements in our current numbering (§9.2.3).
    #[serde(default)]
    pub fresh_from: u32,
}

/// Per-link configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkConfig {
    /// W, 1..=32.
    pub window: u32,
    /// Initial retransmission timeout.
    pub rto: Duration,
    /// N2: retransmissions of one frame before the peer is unreachable.
    pub max_retries: u32,
    /// T2: how long an ACK may wait.
    pub ack_delay: Duration,
    /// T3: keep-alive after silence.
    pub keepalive: Duration,
    /// T4: long silence, after which the first frame is a PING.
    pub long_silence: Duration,
    /// Seed of the jitter PRNG.
    pub seed: u64,
}

impl Default for LinkConfig {
    fn default() -> Self {
        Self {
            window: 8,
            rto: Duration::from_secs(22),
            max_retries: 10,
            ack_delay: Duration::from_millis(500),
            keepalive: Duration::from_secs(300),
            long_silence: Duration::from_secs(1800),
            seed: 0x9E37_79B9_7F4A_7C15,
        }
    }
}

/// What [`Link::send`] refuses.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LinkError {
    /// More than 255 bytes.
    #[error("message text of {0} bytes, at most {MAX_TEXT} fit a frame")]
    TooLong(usize),
}

/// What the link reports to its caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A message from the peer, in order, exactly once, with its position in
    /// the peer's stream (epoch and sequence; unique per peer, so a caller
    /// can use it as the message's transport id).
    Delivered { pos: u32, text: String },
    /// The peer has our message.
    Acked(MsgId),
    /// N2 retransmissions of one frame went unanswered.
    Unreachable,
    /// The peer answered again.
    Reachable,
    /// Our stream was renumbered from this epoch after a RESET (§9.4).
    Resynchronised(u16),
}

#[derive(Debug, Clone)]
struct Flight {
    rto: Duration,
    deadline: Option<Duration>,
    retries: u32,
    sacked: bool,
    queued: bool,
    nak_retx: Option<Duration>,
    /// When it was first sent, while it has been sent only once (Karn: a
    /// retransmitted frame's acknowledgement is no round-trip sample).
    first_sent: Option<Duration>,
    sends: u32,
}

/// One end of the link to one peer.
pub struct Link {
    me: Callsign,
    peer: Callsign,
    st: LinkState,
    cfg: LinkConfig,
    rng: XorShift,
    flights: VecDeque<Flight>,
    retx: VecDeque<u32>,
    unreachable: bool,
    probing: bool,
    probe_outside: Option<(u32, u32)>,
    /// The wait before the next probe PING or RESET repetition, and the
    /// unjittered wait after that: doubled per unanswered repetition, at
    /// most T3, so a silent peer costs one transmission per keep-alive
    /// interval instead of one per RTO forever (§9.2.2).
    repeat_wait: Duration,
    repeat_base: Duration,
    /// Probe PINGs or RESETs sent since the last answer.
    repeats: u32,
    reset_due: bool,
    last_reset: Option<Duration>,
    ping_due: bool,
    last_ping: Option<Duration>,
    last_heard: Option<Duration>,
    ack_deadline: Option<Duration>,
    nak_due: bool,
    last_nak: Option<Duration>,
    peer_next: u32,
    /// Round-trip estimate (RFC 6298): smoothed RTT and its variation.
    srtt: Option<Duration>,
    rttvar: Duration,
}

fn pos(epoch: u16, seq: u8) -> u32 {
    (u32::from(epoch) << 8) | u32::from(seq)
}

fn epoch_of(p: u32) -> u16 {
    (p >> 8) as u16
}

impl Link {
    /// A link from `me` to `peer`, resuming `state`. The first frame is a
    /// PING and DATA waits for its ACK (§9.4).
    pub fn new(me: Callsign, peer: Callsign, state: LinkState, config: LinkConfig) -> Link {
        let mut cfg = config;
        cfg.window = cfg.window.clamp(1, MAX_WINDOW);
        let n = state.unacked.len();
        let flight = Flight {
            rto: cfg.rto,
            deadline: None,
            retries: 0,
            sacked: false,
            queued: false,
            nak_retx: None,
            first_sent: None,
            sends: 0,
        };
        let seed = cfg.seed
            ^ u64::from(me.ssid()) << 56
            ^ hash(me.base())
            ^ hash(peer.base()).rotate_left(17);
        let r = state.r;
        let pending_reset = state.reset;
        Link {
            me,
            peer,
            st: state,
            rng: XorShift(seed | 1),
            flights: std::iter::repeat_n(flight, n).collect(),
            retx: VecDeque::new(),
            unreachable: false,
            probing: pending_reset.is_none(),
            probe_outside: None,
            repeat_wait: cfg.rto.min(cfg.keepalive),
            repeat_base: cfg.rto.min(cfg.keepalive),
            repeats: 0,
            reset_due: pending_reset.is_some(),
            last_reset: None,
            ping_due: pending_reset.is_none(),
            last_ping: None,
            last_heard: None,
            ack_deadline: None,
            nak_due: false,
            last_nak: None,
            peer_next: r,
            srtt: None,
            rttvar: Duration::ZERO,
            cfg,
        }
    }

    /// The state to persist.
    pub fn state(&self) -> &LinkState {
        &self.st
    }

    /// Messages accepted and not yet acknowledged.
    pub fn pending(&self) -> usize {
        self.st.unacked.len() + self.st.outbox.len()
    }

    /// DATA frames in flight (numbered, not acknowledged).
    pub fn in_flight(&self) -> u32 {
        self.st.s_next - self.st.s_una
    }

    /// Queues a message.
    pub fn send(&mut self, text: String) -> Result<MsgId, LinkError> {
        if text.len() > MAX_TEXT {
            return Err(LinkError::TooLong(text.len()));
        }
        let id = self.st.next_id;
        self.st.next_id += 1;
        self.st.outbox.push_back(Outgoing { id, text });
        Ok(id)
    }

    /// A frame decoded by the deframer.
    pub fn receive(&mut self, frame: Frame, now: Duration) -> Vec<Event> {
        let mut ev = Vec::new();
        if frame.from != self.peer || frame.to != self.me {
            return ev;
        }
        self.last_heard = Some(now);
        self.hear(frame, now, &mut ev);
        // A peer heard while our probes have gone unanswered more than
        // once is there again: probe it now rather than after the grown
        // wait (once per backoff cycle, since this restarts it).
        if self.probing && self.repeats >= 2 {
            self.restart_repeats();
            self.ping_due = true;
        }
        ev
    }

    /// A frame of the peer, by kind.
    fn hear(&mut self, frame: Frame, now: Duration, ev: &mut Vec<Event>) {
        match frame.body {
            Body::Data(text) => {
                let p = pos(frame.epoch, frame.seq);
                self.peer_next = self.peer_next.max(p + 1);
                self.on_data(p, text, now, ev);
                if p >= self.st.fresh_from {
                    self.piggy(frame.ack, now, ev);
                }
            }
            Body::Ack { sack } => self.on_ack(&frame, sack, false, now, ev),
            Body::Nak { sack } => self.on_ack(&frame, sack, true, now, ev),
            Body::Ping => {
                let p = pos(frame.epoch, frame.seq);
                if p > self.st.r && p <= self.st.r + 256 {
                    self.peer_next = self.peer_next.max(p);
                    self.nak_due = true;
                }
                self.ack_deadline = Some(now);
                // A PING names the peer's next new position: above
                // `fresh_from`, it was sent after the peer took our RESET.
                if p > self.st.fresh_from {
                    self.piggy(frame.ack, now, ev);
                }
            }
            Body::Reset { old, count } => {
                let e = frame.epoch;
                if e > epoch_of(self.st.r) {
                    // The peer renumbers its frames old..old+count from
                    // (e, 0); those before our R are delivered already, and
                    // their new positions count as duplicates.
                    let r = self.st.r;
                    let skip = r
                        .checked_sub(old)
                        .filter(|&k| k <= u32::from(count))
                        .unwrap_or(0);
                    self.st.r = pos(e, 0) + skip;
                    self.st.held.clear();
                    self.peer_next = self.st.r;
                }
                self.ack_deadline = Some(now);
            }
        }
    }

    /// The deframer reported an error (§9.3.4, §11).
    pub fn corrupt(&mut self, err: &FrameError, _now: Duration) -> Vec<Event> {
        let answer = match err {
            FrameError::TooLong | FrameError::BadCrc => true,
            FrameError::Malformed(m) => {
                matches!(
                    *m,
                    "bad escape" | "escape before flag" | "cut by a new ZCZC"
                )
            }
            FrameError::Runt(_)
            | FrameError::MissingMac { .. }
            | FrameError::BadMac { .. }
            | FrameError::NoKey { .. } => false,
        };
        if answer && self.peer_next > self.st.r {
            self.nak_due = true;
        }
        Vec::new()
    }

    /// Runs the timers.
    pub fn tick(&mut self, now: Duration) -> Vec<Event> {
        let mut ev = Vec::new();
        // T4: long silence.
        if !self.probing
            && self.st.reset.is_none()
            && self
                .last_heard
                .is_some_and(|h| now.saturating_sub(h) >= self.cfg.long_silence)
            && self.in_flight() + self.st.outbox.len() as u32 > 0
        {
            self.probing = true;
            self.probe_outside = None;
            self.last_ping = None;
            self.restart_repeats();
        }
        let since = |t: Option<Duration>, d: Duration| t.is_none_or(|t| now.saturating_sub(t) >= d);
        if self.probing {
            if since(self.last_ping, self.repeat_wait) {
                self.ping_due = true;
            }
        } else if self.st.reset.is_some() {
            if since(self.last_reset, self.repeat_wait) {
                self.reset_due = true;
            }
        } else {
            // T1, per frame.
            if !self.unreachable {
                for (i, f) in self.flights.iter_mut().enumerate() {
                    if f.sacked || f.queued || f.deadline.is_none_or(|d| d > now) {
                        continue;
                    }
                    if f.retries >= self.cfg.max_retries {
                        self.unreachable = true;
                        ev.push(Event::Unreachable);
                        break;
                    }
                    f.retries += 1;
                    f.rto = (f.rto * 2).min(MAX_RTO);
                    f.deadline = None;
                    f.queued = true;
                    self.retx.push_back(self.st.s_una + i as u32);
                }
            }
            // T3: keep-alive.
            // Unreachable: a PING every T3 even while the peer's own
            // frames are heard, since only an ACK makes it reachable.
            let busy = self.in_flight() > 0 || self.peer_next > self.st.r;
            if (self.unreachable || busy && since(self.last_heard, self.cfg.keepalive))
                && since(self.last_ping, self.cfg.keepalive)
            {
                self.ping_due = true;
            }
        }
        ev
    }

    /// The next frame to send, if any.
    pub fn poll_transmit(&mut self, now: Duration) -> Option<Frame> {
        if self.reset_due
            && let Some(e) = self.st.reset
        {
            self.reset_due = false;
            self.last_reset = Some(now);
            self.back_off();
            // Where the renumbered frames stood, so that a peer that has
            // delivered some of them (the answer that made us reset may
            // have been stale) does not deliver them again (§9.3.3).
            let body = Body::Reset {
                old: self.st.s_una,
                count: self.in_flight() as u8,
            };
            return Some(self.frame(pos(e, 0), 0, body));
        }
        if self.nak_due {
            self.nak_due = false;
            if self
                .last_nak
                .is_none_or(|t| now.saturating_sub(t) >= self.rto())
            {
                self.last_nak = Some(now);
                self.ack_deadline = None;
                return Some(self.ack_frame(true));
            }
            self.ack_deadline = Some(self.ack_deadline.map_or(now, |d| d.min(now)));
        }
        if self.ack_deadline.is_some_and(|d| d <= now) {
            self.ack_deadline = None;
            return Some(self.ack_frame(false));
        }
        if self.ping_due {
            self.ping_due = false;
            self.last_ping = Some(now);
            if self.probing {
                self.back_off();
            }
            let (p, a) = (self.st.s_next, self.st.r as u8);
            return Some(self.frame(p, a, Body::Ping));
        }
        if self.probing || self.st.reset.is_some() || self.unreachable {
            return None;
        }
        while let Some(p) = self.retx.pop_front() {
            if p < self.st.s_una || p >= self.st.s_next {
                continue;
            }
            let i = (p - self.st.s_una) as usize;
            self.flights[i].queued = false;
            if self.flights[i].sacked {
                continue;
            }
            return Some(self.data(i, now));
        }
        if self.in_flight() < self.cfg.window
            && let Some(m) = self.st.outbox.pop_front()
        {
            let p = self.st.s_next;
            self.st.s_next += 1;
            self.st.epoch_max = self.st.epoch_max.max(epoch_of(self.st.s_next));
            self.st.unacked.push_back(m);
            self.flights.push_back(self.fresh());
            debug_assert_eq!(self.flights.len() as u32, self.in_flight());
            return Some(self.data((p - self.st.s_una) as usize, now));
        }
        None
    }

    fn fresh(&self) -> Flight {
        Flight {
            rto: self.rto(),
            deadline: None,
            retries: 0,
            sacked: false,
            queued: false,
            nak_retx: None,
            first_sent: None,
            sends: 0,
        }
    }

    /// Probing or a RESET starts: its first repetition waits one RTO.
    fn restart_repeats(&mut self) {
        self.repeat_base = self.rto().min(self.cfg.keepalive);
        self.repeat_wait = self.repeat_base;
        self.repeats = 0;
    }

    /// A probe PING or RESET went out unanswered so far: the next one
    /// waits the current wait (jittered), the one after that twice as long.
    fn back_off(&mut self) {
        self.repeat_wait = self.jitter(self.repeat_base);
        self.repeat_base = (self.repeat_base * 2).min(self.cfg.keepalive);
        self.repeats += 1;
    }

    fn jitter(&mut self, rto: Duration) -> Duration {
        // ±25 %.
        let k = 750 + (self.rng.next() % 501) as u32;
        rto * k / 1000
    }

    /// The retransmission timeout: the configured one until the first
    /// round trip is measured, then SRTT + 4 RTTVAR (RFC 6298), at least
    /// [`MIN_RTO`] (or the configured RTO when that is smaller). A half-duplex channel's round trip depends on how busy
    /// the other side is; the variation term absorbs that.
    fn rto(&self) -> Duration {
        match self.srtt {
            None => self.cfg.rto,
            Some(s) => (s + 4 * self.rttvar).clamp(MIN_RTO.min(self.cfg.rto), MAX_RTO),
        }
    }

    fn rtt_sample(&mut self, r: Duration) {
        match self.srtt {
            None => {
                self.srtt = Some(r);
                self.rttvar = r / 2;
            }
            Some(s) => {
                let diff = s.abs_diff(r);
                self.rttvar = self.rttvar * 3 / 4 + diff / 4;
                self.srtt = Some(s * 7 / 8 + r / 8);
            }
        }
    }

    fn data(&mut self, i: usize, now: Duration) -> Frame {
        let j = self.jitter(self.flights[i].rto);
        let f = &mut self.flights[i];
        f.deadline = Some(now + j);
        f.sends += 1;
        f.first_sent = (f.sends == 1).then_some(now);
        if self.st.held.is_empty() {
            self.ack_deadline = None; // piggy-backed
        }
        let p = self.st.s_una + i as u32;
        let text = self.st.unacked[i].text.clone();
        self.frame(p, self.st.r as u8, Body::Data(text))
    }

    fn frame(&self, p: u32, ack: u8, body: Body) -> Frame {
        Frame {
            from: self.me,
            to: self.peer,
            epoch: epoch_of(p),
            seq: p as u8,
            ack,
            body,
        }
    }

    fn sack(&self) -> u32 {
        let r = self.st.r;
        self.st
            .held
            .keys()
            .filter(|&&p| p > r && p <= r + 32)
            .fold(0, |s, &p| s | 1 << (p - r - 1))
    }

    fn ack_frame(&self, nak: bool) -> Frame {
        let sack = self.sack();
        let body = if nak {
            Body::Nak { sack }
        } else {
            Body::Ack { sack }
        };
        let r = self.st.r;
        Frame {
            from: self.me,
            to: self.peer,
            epoch: epoch_of(r),
            seq: self.st.s_next as u8,
            ack: r as u8,
            body,
        }
    }

    fn on_data(&mut self, p: u32, text: String, now: Duration, ev: &mut Vec<Event>) {
        let r = self.st.r;
        if p < r || p > r + 32 {
            self.ack_deadline = Some(now);
            return;
        }
        if p == r {
            ev.push(Event::Delivered { pos: p, text });
            self.st.r += 1;
            while let Some(t) = self.st.held.remove(&self.st.r) {
                ev.push(Event::Delivered {
                    pos: self.st.r,
                    text: t,
                });
                self.st.r += 1;
            }
        } else {
            self.st.held.entry(p).or_insert(text);
        }
        if self.st.held.is_empty() {
            let d = now + self.cfg.ack_delay;
            self.ack_deadline = Some(self.ack_deadline.map_or(d, |x| x.min(d)));
        } else {
            self.nak_due = true;
        }
    }

    /// Resolves an 8-bit ack within [S_una, S_next].
    fn resolve(&self, ack: u8) -> Option<u32> {
        let off = u32::from(ack.wrapping_sub(self.st.s_una as u8));
        (off <= self.in_flight()).then_some(self.st.s_una + off)
    }

    fn piggy(&mut self, ack: u8, now: Duration, ev: &mut Vec<Event>) {
        if self.probing || self.st.reset.is_some() {
            return;
        }
        if let Some(a) = self.resolve(ack) {
            self.advance(a, now, ev);
        }
    }

    fn advance(&mut self, a: u32, now: Duration, ev: &mut Vec<Event>) {
        if a <= self.st.s_una {
            return;
        }
        let mut sample = None;
        while self.st.s_una < a {
            let m = self
                .st
                .unacked
                .pop_front()
                .expect("unacked matches [S_una, S_next)");
            if let Some(f) = self.flights.pop_front()
                && let Some(t) = f.first_sent
            {
                sample = Some(now.saturating_sub(t));
            }
            self.st.s_una += 1;
            ev.push(Event::Acked(m.id));
        }
        if let Some(r) = sample {
            self.rtt_sample(r);
        }
        // Progress: the timers of the frames still out run on the current
        // estimate (a shorter one than they were started with takes effect
        // now, not after the old, longer timeout).
        let rto = self.rto();
        for i in 0..self.flights.len() {
            let j = self.jitter(rto);
            let f = &mut self.flights[i];
            f.rto = rto;
            f.retries = 0;
            f.deadline = f.deadline.map(|d| d.min(now + j));
        }
    }

    fn on_ack(&mut self, f: &Frame, sack: u32, nak: bool, now: Duration, ev: &mut Vec<Event>) {
        let a = pos(f.epoch, f.ack);
        // 9.4: the peer has sent frames we have not seen.
        let off = u32::from(f.seq.wrapping_sub(self.st.r as u8));
        if off != 0 && off <= MAX_WINDOW {
            self.peer_next = self.peer_next.max(self.st.r + off);
            self.nak_due = true;
        }
        if self.unreachable {
            self.unreachable = false;
            ev.push(Event::Reachable);
            self.requeue_all();
        }
        if let Some(e) = self.st.reset {
            // The peer's answer to the RESET: at (e, k), having delivered the
            // first k renumbered frames before.
            let n = self.st.unacked.len() as u32;
            if a >= pos(e, 0) && a <= pos(e, 0) + n {
                self.st.reset = None;
                self.reset_due = false;
                self.st.s_una = pos(e, 0);
                self.st.s_next = self.st.s_una + n;
                self.st.epoch_max = self.st.epoch_max.max(epoch_of(self.st.s_next));
                // The peer's next new position when it answered (its ACK's
                // seq, within a window of R): its frames before it may
                // carry acknowledgements in our old numbering.
                let peer_next = self.st.r
                    + if off <= MAX_WINDOW {
                        off
                    } else {
                        MAX_WINDOW + 1
                    };
                self.st.fresh_from = peer_next.max(self.peer_next);
                let fresh = self.fresh();
                self.flights = std::iter::repeat_n(fresh, n as usize).collect();
                ev.push(Event::Resynchronised(e));
                self.advance(a, now, ev);
                self.requeue_all();
            }
            return;
        }
        let in_range = a >= self.st.s_una && a <= self.st.s_next;
        if self.probing {
            if in_range {
                self.probing = false;
                self.probe_outside = None;
                self.advance(a, now, ev);
                self.mark_sack(sack, now);
                self.requeue_all();
            } else {
                self.st.epoch_max = self.st.epoch_max.max(epoch_of(a));
                let n = match self.probe_outside {
                    Some((x, n)) if x == a => n + 1,
                    _ => 1,
                };
                self.probe_outside = Some((a, n));
                if n >= 2 && self.st.epoch_max < u16::MAX {
                    let e = self.st.epoch_max.max(epoch_of(self.st.s_next)) + 1;
                    self.st.epoch_max = e;
                    self.st.reset = Some(e);
                    self.reset_due = true;
                    self.probing = false;
                    self.probe_outside = None;
                    self.restart_repeats();
                }
            }
            return;
        }
        if !in_range {
            // Ignored; if the same out-of-range position repeats, the peer
            // may have lost its state: probe it (§9.4).
            let n = match self.probe_outside {
                Some((x, n)) if x == a => n + 1,
                _ => 1,
            };
            self.probe_outside = Some((a, n));
            if n >= 2 {
                self.probing = true;
                self.probe_outside = None;
                self.last_ping = None;
                self.ping_due = true;
                self.restart_repeats();
            }
            return;
        }
        self.probe_outside = None;
        self.advance(a, now, ev);
        self.mark_sack(sack, now);
        if nak {
            let last = if sack == 0 {
                0
            } else {
                32 - sack.leading_zeros()
            };
            for k in 0..=last {
                let p = a + k;
                if p >= self.st.s_next {
                    break;
                }
                if k > 0 && sack & (1 << (k - 1)) != 0 {
                    continue;
                }
                let i = (p - self.st.s_una) as usize;
                let fl = &mut self.flights[i];
                if fl.sacked || fl.queued {
                    continue;
                }
                if fl.nak_retx.is_none_or(|t| now.saturating_sub(t) >= fl.rto) {
                    fl.nak_retx = Some(now);
                    fl.queued = true;
                    self.retx.push_back(p);
                }
            }
        }
    }

    fn mark_sack(&mut self, sack: u32, now: Duration) {
        let base = self.st.s_una + 1;
        let mut sample = None;
        for i in 0..32 {
            if sack & (1 << i) != 0 {
                let p = base + i;
                if p < self.st.s_next {
                    let f = &mut self.flights[(p - self.st.s_una) as usize];
                    f.sacked = true;
                    // Measured at its SACK: its cumulative acknowledgement
                    // waits for the hole before it and says nothing of the RTT.
                    if let Some(t) = f.first_sent.take() {
                        sample = Some(now.saturating_sub(t));
                    }
                }
            }
        }
        if let Some(r) = sample {
            self.rtt_sample(r);
        }
    }

    fn requeue_all(&mut self) {
        self.retx.clear();
        let rto = self.rto();
        for (i, f) in self.flights.iter_mut().enumerate() {
            f.rto = rto;
            f.retries = 0;
            f.deadline = None;
            f.queued = !f.sacked;
            if f.queued {
                self.retx.push_back(self.st.s_una + i as u32);
            }
        }
    }
}

fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transport::radio::frame::{Deframer, LinkOptions, encode};
    use std::collections::BTreeSet;

    const STEP: Duration = Duration::from_millis(10);
    const LATENCY: Duration = Duration::from_millis(40);

    struct Rng(XorShift);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0.next()
        }
        /// True with probability `per_100k` / 100 000.
        fn hit(&mut self, per_100k: u32) -> bool {
            (self.next() % 100_000) < u64::from(per_100k)
        }
        fn below(&mut self, n: usize) -> usize {
            self.0.below(n)
        }
    }

    /// Damage rates, per 100 000 frames or bytes.
    #[derive(Clone, Copy)]
    struct Noise {
        drop_frame: u32,
        dup_frame: u32,
        truncate: u32,
        flip: u32,
        drop_byte: u32,
        dup_byte: u32,
    }

    const CLEAN: Noise = Noise {
        drop_frame: 0,
        dup_frame: 0,
        truncate: 0,
        flip: 0,
        drop_byte: 0,
        dup_byte: 0,
    };
    const LIGHT: Noise = Noise {
        drop_frame: 2_000,
        dup_frame: 2_000,
        truncate: 1_000,
        flip: 20,
        drop_byte: 10,
        dup_byte: 10,
    };
    const HEAVY: Noise = Noise {
        drop_frame: 15_000,
        dup_frame: 10_000,
        truncate: 5_000,
        flip: 150,
        drop_byte: 50,
        dup_byte: 50,
    };

    fn damage(rng: &mut Rng, noise: Noise, bytes: Vec<u8>) -> Vec<Vec<u8>> {
        if rng.hit(noise.drop_frame) {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(bytes.len());
        for b in bytes {
            if rng.hit(noise.drop_byte) {
                continue;
            }
            let b = if rng.hit(noise.flip) {
                b ^ (1 << rng.below(8))
            } else {
                b
            };
            out.push(b);
            if rng.hit(noise.dup_byte) {
                out.push(b);
            }
        }
        if rng.hit(noise.truncate) {
            let n = rng.below(out.len());
            out.truncate(n);
        }
        if rng.hit(noise.dup_frame) {
            vec![out.clone(), out]
        } else {
            vec![out]
        }
    }

    fn call(s: &str) -> Callsign {
        Callsign::new(s).unwrap()
    }

    fn config(window: u32, seed: u64) -> LinkConfig {
        LinkConfig {
            window,
            rto: Duration::from_millis(400),
            max_retries: 10,
            ack_delay: Duration::from_millis(30),
            keepalive: Duration::from_secs(2),
            long_silence: Duration::from_secs(60),
            seed,
        }
    }

    struct Side {
        link: Link,
        deframer: Deframer,
        /// Bytes on their way to this side.
        inbox: VecDeque<(Duration, Vec<u8>)>,
        delivered: Vec<String>,
        acked: Vec<MsgId>,
        unreachable: usize,
        reachable: usize,
        /// DATA positions this side sent and had not seen acknowledged.
        outstanding: BTreeSet<u32>,
        max_outstanding: usize,
        sent_data: Vec<Vec<u8>>,
        good: usize,
        bad: usize,
    }

    impl Side {
        fn new(me: &str, peer: &str, state: LinkState, cfg: LinkConfig) -> Self {
            Self {
                link: Link::new(call(me), call(peer), state, cfg),
                deframer: Deframer::new(&LinkOptions::default()),
                inbox: VecDeque::new(),
                delivered: Vec::new(),
                acked: Vec::new(),
                unreachable: 0,
                reachable: 0,
                outstanding: BTreeSet::new(),
                max_outstanding: 0,
                sent_data: Vec::new(),
                good: 0,
                bad: 0,
            }
        }

        fn events(&mut self, ev: Vec<Event>) {
            for e in ev {
                match e {
                    Event::Delivered { text, .. } => self.delivered.push(text),
                    Event::Acked(id) => self.acked.push(id),
                    Event::Unreachable => self.unreachable += 1,
                    Event::Reachable => self.reachable += 1,
                    Event::Resynchronised(_) => {}
                }
            }
        }
    }

    struct Sim {
        a: Side,
        b: Side,
        rng: Rng,
        noise: Noise,
        now: Duration,
        /// Nothing gets through.
        outage: bool,
    }

    impl Sim {
        fn new(window: u32, noise: Noise, seed: u64) -> Self {
            Self {
                a: Side::new(
                    "G4ABC",
                    "DL1XYZ-2",
                    LinkState::default(),
                    config(window, seed),
                ),
                b: Side::new(
                    "DL1XYZ-2",
                    "G4ABC",
                    LinkState::default(),
                    config(window, seed + 1),
                ),
                rng: Rng(XorShift(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1)),
                noise,
                now: Duration::ZERO,
                outage: false,
            }
        }

        fn step(&mut self) {
            let now = self.now;
            for dir in 0..2 {
                let (tx, rx) = if dir == 0 {
                    (&mut self.a, &mut self.b)
                } else {
                    (&mut self.b, &mut self.a)
                };
                // Arrivals.
                while rx.inbox.front().is_some_and(|(t, _)| *t <= now) {
                    let (_, bytes) = rx.inbox.pop_front().unwrap();
                    for r in rx.deframer.feed(&bytes) {
                        let ev = match r {
                            Ok(f) => {
                                rx.good += 1;
                                rx.link.receive(f, now)
                            }
                            Err(e) => {
                                rx.bad += 1;
                                rx.link.corrupt(&e, now)
                            }
                        };
                        rx.events(ev);
                    }
                }
                let ev = tx.link.tick(now);
                tx.events(ev);
                // Up to 3 frames per step leave this side.
                for _ in 0..3 {
                    let Some(f) = tx.link.poll_transmit(now) else {
                        break;
                    };
                    assert_eq!(f.from, tx.link.me);
                    let una = tx.link.state().s_una;
                    tx.outstanding.retain(|&p| p >= una);
                    if let Body::Data(_) = f.body {
                        let p = pos(f.epoch, f.seq);
                        assert!(p >= una && p < tx.link.state().s_next);
                        tx.outstanding.insert(p);
                    }
                    tx.max_outstanding = tx.max_outstanding.max(tx.outstanding.len());
                    assert!(tx.link.in_flight() <= tx.link.cfg.window);
                    let bytes = encode(&f, &LinkOptions::default()).unwrap();
                    if let Body::Data(_) = f.body {
                        tx.sent_data.push(bytes.clone());
                    }
                    if self.outage {
                        continue;
                    }
                    for chunk in damage(&mut self.rng, self.noise, bytes) {
                        // Idle fill between frames, as a line may carry.
                        rx.inbox.push_back((now + LATENCY, chunk));
                    }
                }
            }
            self.now += STEP;
        }

        fn run_until(&mut self, limit: Duration, mut done: impl FnMut(&Sim) -> bool) {
            while !done(self) {
                assert!(self.now < limit, "not done after {:?}", self.now);
                self.step();
            }
        }

        /// Saves both states (through JSON, as the store would) and
        /// rebuilds both links; what was on the air is lost.
        fn restart(&mut self, seed: u64) {
            let w = self.a.link.cfg.window;
            for (side, me, peer, s) in [
                (&mut self.a, "G4ABC", "DL1XYZ-2", seed),
                (&mut self.b, "DL1XYZ-2", "G4ABC", seed + 1),
            ] {
                let json = serde_json::to_string(side.link.state()).unwrap();
                let st: LinkState = serde_json::from_str(&json).unwrap();
                assert_eq!(&st, side.link.state());
                side.link = Link::new(call(me), call(peer), st, config(w, s));
                side.deframer = Deframer::new(&LinkOptions::default());
                side.inbox.clear();
                side.outstanding.clear();
            }
        }
    }

    fn messages(tag: &str, n: usize) -> Vec<String> {
        (0..n)
            .map(|i| format!("{i} {tag} {}. Nf3", i % 97))
            .collect()
    }

    fn transfer(noise: Noise, seed: u64, both: bool) {
        let mut sim = Sim::new(4, noise, seed);
        let ma = messages("A", 200);
        let mb = if both { messages("B", 200) } else { Vec::new() };
        for m in &ma {
            sim.a.link.send(m.clone()).unwrap();
        }
        for m in &mb {
            sim.b.link.send(m.clone()).unwrap();
        }
        sim.run_until(Duration::from_secs(3600), |s| {
            s.a.link.pending() == 0 && s.b.link.pending() == 0
        });
        // Let the last acknowledgements and any duplicates drain.
        for _ in 0..500 {
            sim.step();
        }
        assert_eq!(sim.b.delivered, ma);
        assert_eq!(sim.a.delivered, mb);
        assert_eq!(sim.a.acked, (0..ma.len() as u64).collect::<Vec<_>>());
        assert_eq!(sim.b.acked, (0..mb.len() as u64).collect::<Vec<_>>());
        assert!(sim.a.max_outstanding <= 4);
        eprintln!(
            "seed {seed}: {:?} virtual, A sent {} DATA, good/bad frames at B {}/{}, at A {}/{}, unreachable {}/{}",
            sim.now,
            sim.a.sent_data.len(),
            sim.b.good,
            sim.b.bad,
            sim.a.good,
            sim.a.bad,
            sim.a.unreachable,
            sim.b.unreachable
        );
        if noise.flip > 0 {
            // The noise did damage frames, and caused retransmissions.
            assert!(sim.a.bad + sim.b.bad > 0);
            assert!(sim.a.sent_data.len() > ma.len());
        }
    }

    #[test]
    fn clean_one_way() {
        transfer(CLEAN, 1, false);
    }

    #[test]
    fn light_noise_one_way() {
        for seed in 1..=4 {
            transfer(LIGHT, seed, false);
        }
    }

    #[test]
    fn heavy_noise_one_way() {
        for seed in 1..=4 {
            transfer(HEAVY, seed, false);
        }
    }

    #[test]
    fn both_directions() {
        for (noise, seed) in [(CLEAN, 7), (LIGHT, 8), (HEAVY, 9), (HEAVY, 10)] {
            transfer(noise, seed, true);
        }
    }

    /// The vectors of `protocols/vectors/radio.tsv` (radio.md §14): link
    /// scenarios, keys, restricted FENs, KISS frames. Every mismatch is
    /// reported, not just the first.
    #[test]
    fn the_radio_vectors_hold() {
        use crate::transport::radio::driver::{restricted_fen, wire};
        use crate::transport::radio::frame::key_from_line;
        let restricted = LinkOptions {
            restricted: true,
            key: None,
        };
        let read = |line: &str| -> Frame {
            let mut d = Deframer::new(&restricted);
            match d.feed(format!("{line}\r\n").as_bytes()).as_slice() {
                [Ok(f)] => f.clone(),
                other => panic!("{line}: {other:?}"),
            }
        };
        let show = |f: &Frame| {
            String::from_utf8(encode(f, &restricted).unwrap())
                .unwrap()
                .trim()
                .to_string()
        };
        let text = include_str!("../../../protocols/vectors/radio.tsv");
        let mut wrong = Vec::new();
        let mut count = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            count += 1;
            let cols: Vec<&str> = line.split('\t').collect();
            let (point, kind) = (cols[0], cols[1]);
            match kind {
                "key" => {
                    let got = key_from_line(cols[2]).map_or("refused".to_string(), |k| {
                        k.iter().map(|b| format!("{b:02X}")).collect()
                    });
                    if got != cols[3] {
                        wrong.push(format!("{point}: {got}"));
                    }
                }
                "fen" => {
                    let fields: Vec<&str> = cols[2].split(' ').collect();
                    let got = restricted_fen(&fields).unwrap_or_default();
                    if got != cols[3] {
                        wrong.push(format!("{point}: {got}"));
                    }
                }
                "kiss" => {
                    let bytes = wire(&read(cols[2]), &LinkOptions::default(), Some(0)).unwrap();
                    let got: Vec<String> = bytes.iter().map(|b| format!("{b:02X}")).collect();
                    if got.join(" ") != cols[3] {
                        wrong.push(format!("{point}: {}", got.join(" ")));
                    }
                }
                "link" => {
                    let (me, peer) = (call("DL1XYZ-2"), call("G4ABC"));
                    let mut state = LinkState::default();
                    let mut link: Option<Link> = None;
                    let mut now = Duration::ZERO;
                    let mut delivered: Vec<String> = Vec::new();
                    for step in cols[2].split(" | ") {
                        if let Some(r) = step.strip_prefix("state r=") {
                            state.r = u32::from_str_radix(r, 16).unwrap();
                            continue;
                        }
                        let l = link.get_or_insert_with(|| {
                            Link::new(me, peer, state.clone(), LinkConfig::default())
                        });
                        let mut events = Vec::new();
                        if let Some(f) = step.strip_prefix("< ") {
                            events = l.receive(read(f), now);
                            events.extend(l.tick(now));
                        } else if let Some(t) = step.strip_prefix("send ") {
                            l.send(t.to_string()).unwrap();
                        } else if let Some(t) = step.strip_prefix('+') {
                            now += match t.strip_suffix("ms") {
                                Some(ms) => Duration::from_millis(ms.parse().unwrap()),
                                None => Duration::from_secs(
                                    t.strip_suffix('s').unwrap().parse().unwrap(),
                                ),
                            };
                            events = l.tick(now);
                        } else if let Some(want) = step.strip_prefix("> ") {
                            let got = l.poll_transmit(now).map_or("-".to_string(), |f| show(&f));
                            if got != want {
                                wrong.push(format!("{point}: at {step:?} sent {got}"));
                                break;
                            }
                        } else if let Some(want) = step.strip_prefix("delivered ") {
                            let got = delivered.last().map_or("-", String::as_str);
                            if got != want {
                                wrong.push(format!("{point}: delivered {got}, not {want}"));
                            }
                        } else {
                            panic!("{point}: unknown step {step:?}");
                        }
                        for e in events {
                            if let Event::Delivered { text, .. } = e {
                                delivered.push(text);
                            }
                        }
                    }
                }
                other => panic!("{point}: unknown kind {other}"),
            }
        }
        assert!(count >= 14, "{count} vectors");
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// Transmissions to a peer that never answers, over `minutes` of
    /// simulated time, checked every 100 ms: their times.
    fn silent_peer(link: &mut Link, from: Duration, minutes: u64) -> Vec<Duration> {
        let mut sent = Vec::new();
        let mut now = from;
        while now < from + Duration::from_secs(60 * minutes) {
            link.tick(now);
            while let Some(f) = link.poll_transmit(now) {
                assert_eq!(f.body, Body::Ping, "only probes go to a silent peer");
                sent.push(now);
            }
            now += Duration::from_millis(100);
        }
        sent
    }

    #[test]
    fn probes_to_a_silent_peer_back_off_to_one_per_keepalive() {
        let keepalive = Duration::from_secs(300);
        let cfg = LinkConfig {
            rto: Duration::from_secs(3),
            keepalive,
            ..LinkConfig::default()
        };
        let (me, peer) = (call("G4ABC"), call("DL1XYZ-2"));
        let mut link = Link::new(me, peer, LinkState::default(), cfg.clone());
        link.send("12 5254".into()).unwrap();
        let sent = silent_peer(&mut link, Duration::ZERO, 10);
        // 0, 3, 9, 21, 45, 93, 189 s and then one per T3 (±25 % each):
        // 8 or 9 in ten minutes, where one per RTO made 200.
        assert!(
            (6..=10).contains(&sent.len()),
            "{} probes in ten minutes: {sent:?}",
            sent.len()
        );
        let gaps: Vec<Duration> = sent.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(gaps.windows(2).all(|w| w[1] >= w[0] / 2), "{gaps:?}");
        assert!(
            gaps.iter().all(|g| *g <= keepalive * 5 / 4),
            "never rarer than T3 + 25 %: {gaps:?}"
        );
        // Later, one per T3 (±25 %).
        let later = silent_peer(&mut link, Duration::from_secs(600), 30);
        let gaps: Vec<Duration> = later.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(
            (5..=8).contains(&later.len())
                && gaps
                    .iter()
                    .all(|g| *g >= keepalive * 3 / 4 && *g <= keepalive * 5 / 4),
            "one per T3 after the backoff: {gaps:?}"
        );

        // After a measured round trip of 100 ms (RTO 1 s) and a long
        // silence, the probes back off the same way.
        let ms = Duration::from_millis;
        let mut link = Link::new(me, peer, LinkState::default(), cfg);
        assert_eq!(link.poll_transmit(ms(0)).map(|f| f.body), Some(Body::Ping));
        let ack = |a: u8| ack_from(peer, me, a);
        link.receive(ack(0), ms(100));
        link.send("12 5254".into()).unwrap();
        assert!(matches!(
            link.poll_transmit(ms(200)).map(|f| f.body),
            Some(Body::Data(_))
        ));
        link.receive(ack(1), ms(300));
        assert_eq!(link.rto(), Duration::from_secs(1));
        // The next message waits for T4 silence to end with a probe, and
        // the peer stays silent from here on.
        link.send("13 7163".into()).unwrap();
        let sent = silent_peer(&mut link, ms(300) + Duration::from_secs(1800), 10);
        assert!(
            (6..=12).contains(&sent.len()),
            "{} probes in ten minutes: {sent:?}",
            sent.len()
        );

        // The peer is heard again (its own PING after a restart): the next
        // probe goes at once, not after the grown wait.
        let now = *sent.last().unwrap() + Duration::from_secs(1);
        link.tick(now);
        assert_eq!(link.poll_transmit(now), None);
        let ping = Frame {
            from: peer,
            to: me,
            epoch: 0,
            seq: 0,
            ack: 0,
            body: Body::Ping,
        };
        link.receive(ping, now);
        let mut out = Vec::new();
        while let Some(f) = link.poll_transmit(now) {
            out.push(f.body);
        }
        assert_eq!(out, vec![Body::Ack { sack: 0 }, Body::Ping]);
    }

    /// A plain ACK from `from` of everything before `a` of epoch 0.
    fn ack_from(from: Callsign, to: Callsign, a: u8) -> Frame {
        Frame {
            from,
            to,
            epoch: 0,
            seq: 0,
            ack: a,
            body: Body::Ack { sack: 0 },
        }
    }

    #[test]
    fn the_timeout_follows_the_measured_round_trip() {
        let cfg = LinkConfig {
            rto: Duration::from_secs(20),
            ..LinkConfig::default()
        };
        let (me, peer) = (call("G4ABC"), call("DL1XYZ-2"));
        let mut link = Link::new(me, peer, LinkState::default(), cfg);
        let ms = Duration::from_millis;
        let ack = |a: u8| ack_from(peer, me, a);
        assert!(matches!(
            link.poll_transmit(ms(0)).map(|f| f.body),
            Some(Body::Ping)
        ));
        link.receive(ack(0), ms(50));
        link.send("one".into()).unwrap();
        link.send("two".into()).unwrap();
        assert!(matches!(
            link.poll_transmit(ms(100)).map(|f| f.body),
            Some(Body::Data(_))
        ));
        assert!(matches!(
            link.poll_transmit(ms(100)).map(|f| f.body),
            Some(Body::Data(_))
        ));
        // "one" is acknowledged 100 ms after it left; "two" was lost.
        assert_eq!(link.receive(ack(1), ms(200)), vec![Event::Acked(0)]);
        assert_eq!(
            link.rto(),
            Duration::from_secs(1),
            "SRTT + 4 RTTVAR, at least 1 s"
        );
        // Retransmitted within 1 s ± 25 %, not after the configured 20 s.
        link.tick(ms(1500));
        let again = link.poll_transmit(ms(1500)).expect("retransmission");
        assert_eq!(again.body, Body::Data("two".into()));
        assert_eq!(again.seq, 1);
    }

    #[test]
    fn restart_mid_transfer() {
        for (noise, seed) in [(CLEAN, 21), (LIGHT, 22), (HEAVY, 23)] {
            let mut sim = Sim::new(4, noise, seed);
            let ma = messages("A", 200);
            let mb = messages("B", 120);
            for m in &ma {
                sim.a.link.send(m.clone()).unwrap();
            }
            for m in &mb {
                sim.b.link.send(m.clone()).unwrap();
            }
            for cut in [40, 100, 150] {
                sim.run_until(Duration::from_secs(3600), |s| s.b.delivered.len() >= cut);
                // Mid-transfer: something is in flight or held.
                sim.restart(seed * 100 + cut as u64);
                assert!(sim.a.link.probing && sim.b.link.probing);
            }
            sim.run_until(Duration::from_secs(7200), |s| {
                s.a.link.pending() == 0 && s.b.link.pending() == 0
            });
            for _ in 0..500 {
                sim.step();
            }
            assert_eq!(sim.b.delivered, ma);
            assert_eq!(sim.a.delivered, mb);
        }
    }

    #[test]
    fn replayed_data_after_completion_is_acked_not_delivered() {
        let mut sim = Sim::new(4, LIGHT, 31);
        let ma = messages("A", 30);
        for m in &ma {
            sim.a.link.send(m.clone()).unwrap();
        }
        sim.run_until(Duration::from_secs(600), |s| s.a.link.pending() == 0);
        for _ in 0..200 {
            sim.step();
        }
        assert_eq!(sim.b.delivered, ma);
        // B restarts from its stored state, then every old DATA frame is
        // replayed to it.
        sim.restart(99);
        let old = sim.a.sent_data.clone();
        assert!(old.len() >= 30);
        let now = sim.now;
        let mut d = Deframer::new(&LinkOptions::default());
        let mut acks = 0;
        for bytes in &old {
            for f in d.feed(bytes) {
                let ev = sim.b.link.receive(f.unwrap(), now);
                assert!(
                    !ev.iter().any(|e| matches!(e, Event::Delivered { .. })),
                    "replay delivered: {ev:?}"
                );
                if let Some(Frame {
                    body: Body::Ack { sack: 0 },
                    epoch,
                    ack,
                    ..
                }) = sim.b.link.poll_transmit(now)
                {
                    assert_eq!(pos(epoch, ack), 30);
                    acks += 1;
                }
            }
        }
        assert_eq!(acks, old.len());
        assert_eq!(sim.b.delivered, ma);
        assert_eq!(sim.b.link.state().r, 30);
    }

    #[test]
    fn window_limits_frames_in_flight() {
        for (window, noise, seed) in [
            (4, CLEAN, 41),
            (4, HEAVY, 42),
            (1, LIGHT, 43),
            (32, LIGHT, 44),
        ] {
            let mut sim = Sim::new(window, noise, seed);
            let ma = messages("A", 100);
            for m in &ma {
                sim.a.link.send(m.clone()).unwrap();
            }
            sim.run_until(Duration::from_secs(3600), |s| s.a.link.pending() == 0);
            assert_eq!(sim.b.delivered, ma);
            assert!(
                sim.a.max_outstanding <= window as usize,
                "{}",
                sim.a.max_outstanding
            );
            if window > 1 {
                // The window is used: more than one frame was in flight.
                assert!(sim.a.max_outstanding > 1);
            }
        }
    }

    #[test]
    fn send_refuses_long_text() {
        let mut l = Link::new(
            call("G4ABC"),
            call("K1A"),
            LinkState::default(),
            config(4, 1),
        );
        assert_eq!(l.send("x".repeat(256)), Err(LinkError::TooLong(256)));
        assert_eq!(l.send("x".repeat(255)), Ok(0));
    }

    #[test]
    fn frames_for_other_stations_are_ignored() {
        let mut l = Link::new(
            call("G4ABC"),
            call("K1A"),
            LinkState::default(),
            config(4, 1),
        );
        let f = Frame {
            from: call("F5Z"),
            to: call("G4ABC"),
            epoch: 0,
            seq: 0,
            ack: 0,
            body: Body::Data("hi".into()),
        };
        assert!(l.receive(f, Duration::ZERO).is_empty());
        assert_eq!(l.state().r, 0);
    }

    #[test]
    fn stale_reset_changes_nothing() {
        let st = LinkState {
            r: pos(3, 7),
            ..LinkState::default()
        };
        let mut l = Link::new(call("G4ABC"), call("K1A"), st.clone(), config(4, 1));
        let reset = |e| Frame {
            from: call("K1A"),
            to: call("G4ABC"),
            epoch: e,
            seq: 0,
            ack: 0,
            body: Body::Reset { old: 0, count: 0 },
        };
        l.receive(reset(3), Duration::ZERO);
        assert_eq!(l.state(), &st);
        l.receive(reset(4), Duration::ZERO);
        assert_eq!(l.state().r, pos(4, 0));
    }

    #[test]
    fn outage_makes_the_peer_unreachable_then_reachable() {
        let mut sim = Sim::new(4, LIGHT, 51);
        let mut cfg = config(4, 51);
        cfg.max_retries = 3;
        sim.a.link = Link::new(call("G4ABC"), call("DL1XYZ-2"), LinkState::default(), cfg);
        let ma = messages("A", 60);
        for m in &ma {
            sim.a.link.send(m.clone()).unwrap();
        }
        sim.run_until(Duration::from_secs(600), |s| s.b.delivered.len() >= 10);
        sim.outage = true;
        let start = sim.now;
        sim.run_until(start + Duration::from_secs(120), |s| s.a.unreachable > 0);
        let pending = sim.a.link.pending();
        assert!(pending > 0);
        // Unreachable: no DATA goes out, the outbox is kept, PINGs probe.
        let sent = sim.a.sent_data.len();
        for _ in 0..1000 {
            sim.step();
        }
        assert_eq!(sim.a.sent_data.len(), sent);
        assert_eq!(sim.a.link.pending(), pending);
        sim.outage = false;
        sim.run_until(sim.now + Duration::from_secs(600), |s| {
            s.a.link.pending() == 0
        });
        for _ in 0..300 {
            sim.step();
        }
        assert_eq!(sim.b.delivered, ma);
        assert!(sim.a.reachable >= 1);
    }

    #[test]
    fn lost_receiver_state_is_resynchronised_with_reset() {
        let mut sim = Sim::new(4, LIGHT, 61);
        let ma = messages("A", 100);
        for m in &ma {
            sim.a.link.send(m.clone()).unwrap();
        }
        sim.run_until(Duration::from_secs(600), |s| s.b.delivered.len() >= 50);
        sim.restart(61);
        // B's store is lost.
        sim.b.link = Link::new(
            call("DL1XYZ-2"),
            call("G4ABC"),
            LinkState::default(),
            config(4, 62),
        );
        let before = sim.b.delivered.len();
        let una = sim.a.link.state().s_una as usize;
        assert!(una <= before && una > 0);
        sim.run_until(Duration::from_secs(1200), |s| s.a.link.pending() == 0);
        for _ in 0..300 {
            sim.step();
        }
        // A renumbered its unacknowledged texts from a new epoch.
        assert_eq!(epoch_of(sim.a.link.state().s_una), 1);
        assert_eq!(sim.b.link.state().r, pos(1, (100 - una) as u8));
        // B got everything from A's oldest unacknowledged message on, in
        // order: only what B had delivered but A had not seen acknowledged
        // comes twice (the store was lost, §9.3).
        assert_eq!(&sim.b.delivered[..before], &ma[..before]);
        assert_eq!(&sim.b.delivered[before..], &ma[una..]);
    }

    #[test]
    fn receiver_losing_its_state_alone_is_detected() {
        let mut sim = Sim::new(4, LIGHT, 71);
        let ma = messages("A", 100);
        for m in &ma {
            sim.a.link.send(m.clone()).unwrap();
        }
        sim.run_until(Duration::from_secs(600), |s| s.b.delivered.len() >= 50);
        // Only B restarts, with an empty store; A carries on.
        sim.b.link = Link::new(
            call("DL1XYZ-2"),
            call("G4ABC"),
            LinkState::default(),
            config(4, 72),
        );
        let before = sim.b.delivered.len();
        sim.run_until(Duration::from_secs(1200), |s| s.a.link.pending() == 0);
        for _ in 0..300 {
            sim.step();
        }
        assert_eq!(epoch_of(sim.a.link.state().s_una), 1);
        assert_eq!(&sim.b.delivered[..before], &ma[..before]);
        let after = &sim.b.delivered[before..];
        assert!(!after.is_empty() && after.len() <= ma.len());
        assert_eq!(after, &ma[ma.len() - after.len()..]);
    }

    /// Every frame `from` sends now, each given to `to` unless `drop` says
    /// so; the deliveries at `to` are added to `delivered`.
    fn carry(
        from: &mut Link,
        to: &mut Link,
        now: Duration,
        drop: impl Fn(&Frame) -> bool,
        delivered: &mut Vec<String>,
    ) -> Vec<Frame> {
        let mut sent = Vec::new();
        while let Some(f) = from.poll_transmit(now) {
            sent.push(f.clone());
            if !drop(&f) {
                for e in to.receive(f, now) {
                    if let Event::Delivered { text, .. } = e {
                        delivered.push(text);
                    }
                }
            }
        }
        sent
    }

    #[test]
    fn replayed_old_acks_force_a_reset_but_no_duplicate() {
        let (ca, cb) = (call("G4ABC"), call("DL1XYZ-2"));
        let mut a = Link::new(ca, cb, LinkState::default(), config(4, 81));
        let mut b = Link::new(cb, ca, LinkState::default(), config(4, 82));
        let (mut at_a, mut at_b) = (Vec::new(), Vec::new());
        let mut now = Duration::ZERO;
        let mut step = |a: &mut Link, b: &mut Link, drop_b: bool, at_b: &mut Vec<String>| {
            now += Duration::from_secs(1);
            a.tick(now);
            b.tick(now);
            carry(a, b, now, |_| false, at_b);
            carry(b, a, now, |_| drop_b, &mut at_a);
            now
        };
        a.send("m0".into()).unwrap();
        while a.pending() > 0 {
            step(&mut a, &mut b, false, &mut at_b);
        }
        // m1 and m2 arrive, their acknowledgements are lost.
        a.send("m1".into()).unwrap();
        a.send("m2".into()).unwrap();
        while at_b.len() < 3 {
            step(&mut a, &mut b, true, &mut at_b);
        }
        assert_eq!(a.state().s_una, 1);
        // B's very first answer (everything before 0), replayed: twice
        // outside probing, then twice in answer to the probe PINGs.
        let stale = ack_from(cb, ca, 0);
        a.receive(stale.clone(), now);
        a.receive(stale.clone(), now);
        for _ in 0..200 {
            if a.pending() == 0 {
                break;
            }
            now += Duration::from_secs(1);
            a.tick(now);
            b.tick(now);
            let probes = carry(&mut a, &mut b, now, |f| f.body == Body::Ping, &mut at_b);
            for p in probes.iter().filter(|f| f.body == Body::Ping) {
                a.receive(stale.clone(), now);
                assert_eq!(p.from, ca);
            }
            // B's true answers are lost until A has decided to reset.
            let lost = a.state().reset.is_none();
            carry(&mut b, &mut a, now, |_| lost, &mut at_a);
        }
        // Nothing delivered twice...
        assert_eq!(at_b, ["m0", "m1", "m2"]);
        // ... although the RESET happened (the stale answers looked like
        // lost state), and all is acknowledged.
        assert_eq!(epoch_of(a.state().s_una), 1);
        assert_eq!(a.pending(), 0);
    }
}
