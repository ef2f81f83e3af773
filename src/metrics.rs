//! The daemon's counters and each supervised connection's health slot:
//! what `/metrics` exposes (Prometheus text format) and `/health` reports
//! (JSON: up, uptime, how many errors, each link's state). The channels
//! write here; [`crate::status`] serves it.

use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

use crate::protocol::address::Channel;
use crate::service::Processed;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ChannelLabel {
    channel: &'static str,
}

fn label(channel: Channel) -> ChannelLabel {
    ChannelLabel {
        channel: channel.name(),
    }
}

/// Everything the endpoint reports.
/// The bounds of [`Metrics::batch`]'s buckets: up to a Maildir pass's 64
/// mails and beyond.
const BATCH_BUCKETS: [f64; 8] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0];

pub struct Metrics {
    registry: Registry,
    messages_in: Family<ChannelLabel, Counter>,
    duplicates: Family<ChannelLabel, Counter>,
    messages_out: Family<ChannelLabel, Counter>,
    send_failures: Family<ChannelLabel, Counter>,
    outbox_depth: Family<ChannelLabel, Gauge>,
    /// Incidents waiting for a ruling, per kind, as the store last said.
    open_incidents: Mutex<Vec<(String, i64)>>,
    /// The store's file, whose size and backups `/metrics` reports; none
    /// for PostgreSQL.
    store_file: Mutex<Option<std::path::PathBuf>>,
    moves_applied: Counter,
    refusals: Counter,
    errors: Counter,
    /// Inbound messages per store transaction: how much group commit
    /// shares a commit (and its sync) among the messages ready together.
    batch_messages: Histogram,
    last_error_time: Gauge<f64, AtomicU64>,
    last_error: Mutex<Option<String>>,
    /// The last store failure, until the store works again.
    store_error: Mutex<Option<String>>,
    /// How far past its last run the clock sweep found the time, while the
    /// director has not confirmed it (no forfeits until then).
    clock_held: Mutex<Option<String>>,
    /// Each supervised connection (IMAP input, SMS modem, radio link) and
    /// how it stands, in the order they were started.
    links: Mutex<Vec<(&'static str, LinkSlot)>>,
    /// Each bridged Xfcc account (`username@host`): how its polls go.
    bridges: Mutex<std::collections::BTreeMap<String, Bridge>>,
    started: jiff::Timestamp,
}

/// How a bridged Xfcc account's polls go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Bridge {
    /// The last poll that got the games.
    last_poll: Option<jiff::Timestamp>,
    games: usize,
    /// The last failure, until a poll works again.
    error: Option<String>,
}

/// How a supervised connection stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkState {
    /// Opening the line or logging in.
    Connecting,
    /// Connected and serving.
    Up,
    /// Failed; the next try comes after a pause.
    Retrying { error: String },
    /// Stopped for good: trying again cannot help (a SIM refusing its PIN,
    /// a callsign another site runs).
    GivenUp { error: String },
}

impl LinkState {
    /// The state's name on /health and the key of its words on the
    /// director's page.
    pub fn key(&self) -> &'static str {
        match self {
            LinkState::Connecting => "connecting",
            LinkState::Up => "up",
            LinkState::Retrying { .. } => "retrying",
            LinkState::GivenUp { .. } => "given-up",
        }
    }

    pub fn error(&self) -> Option<&str> {
        match self {
            LinkState::Retrying { error } | LinkState::GivenUp { error } => Some(error),
            LinkState::Connecting | LinkState::Up => None,
        }
    }
}

/// Where one connection's supervisor writes how it stands, and since when
/// (the time changes only with the state, so a director sees how long a
/// modem has been down). A slot made on its own reports to nobody: the
/// radio console of `ccgate radio` has no status endpoint.
#[derive(Debug, Clone)]
pub struct LinkSlot(Arc<Mutex<(LinkState, jiff::Timestamp)>>);

impl Default for LinkSlot {
    fn default() -> Self {
        LinkSlot(Arc::new(Mutex::new((
            LinkState::Connecting,
            crate::now::now(),
        ))))
    }
}

impl LinkSlot {
    /// A new state starts its time; the same state again (a retry failing
    /// with the same error) keeps the first time.
    pub fn set(&self, state: LinkState) {
        if let Ok(mut s) = self.0.lock()
            && s.0 != state
        {
            *s = (state, crate::now::now());
        }
    }

    pub fn get(&self) -> (LinkState, jiff::Timestamp) {
        match self.0.lock() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut m = Metrics {
            registry: Registry::with_prefix("ccgate"),
            messages_in: Family::default(),
            duplicates: Family::default(),
            messages_out: Family::default(),
            send_failures: Family::default(),
            outbox_depth: Family::default(),
            open_incidents: Mutex::default(),
            store_file: Mutex::new(None),
            moves_applied: Counter::default(),
            refusals: Counter::default(),
            errors: Counter::default(),
            batch_messages: Histogram::new(BATCH_BUCKETS),
            last_error_time: Gauge::default(),
            last_error: Mutex::new(None),
            clock_held: Mutex::new(None),
            store_error: Mutex::new(None),
            links: Mutex::default(),
            bridges: Mutex::default(),
            started: crate::now::now(),
        };
        // Each channel's series exist from the start at 0: a family with no
        // sample is left out of the exposition, and a dashboard's query or
        // an alert on a rate would find nothing rather than 0.
        for channel in [Channel::Email, Channel::Sms, Channel::Radio] {
            let l = label(channel);
            for family in [
                &m.messages_in,
                &m.duplicates,
                &m.messages_out,
                &m.send_failures,
            ] {
                // The guard handed back only reads the new series.
                drop(family.get_or_create(&l));
            }
            drop(m.outbox_depth.get_or_create(&l));
        }
        let r = &mut m.registry;
        r.register(
            "messages_in",
            "Inbound messages journaled",
            m.messages_in.clone(),
        );
        r.register(
            "duplicates",
            "Inbound messages already processed (delivered again)",
            m.duplicates.clone(),
        );
        r.register(
            "messages_out",
            "Replies handed to their transport, all the store holds",
            m.messages_out.clone(),
        );
        r.register(
            "send_failures",
            "Failed attempts to send a reply",
            m.send_failures.clone(),
        );
        r.register(
            "outbox_depth",
            "Replies waiting to be sent",
            m.outbox_depth.clone(),
        );
        r.register(
            "moves_applied",
            "Moves applied, all the store holds",
            m.moves_applied.clone(),
        );
        r.register(
            "refusals",
            "Refused moves, commands and messages",
            m.refusals.clone(),
        );
        r.register(
            "errors",
            "Errors of inputs, the store or transports",
            m.errors.clone(),
        );
        r.register(
            "batch_messages",
            "Inbound messages per store transaction (group commit)",
            m.batch_messages.clone(),
        );
        r.register(
            "last_error_timestamp_seconds",
            "When the last error happened (Unix time)",
            m.last_error_time.clone(),
        );
        m
    }

    pub fn received(&self, channel: Channel, p: &Processed) {
        if p.duplicate {
            self.duplicates.get_or_create(&label(channel)).inc();
            return;
        }
        self.messages_in.get_or_create(&label(channel)).inc();
        self.moves_applied.inc_by(p.moves_applied() as u64);
        self.refusals.inc_by(p.refusals() as u64);
    }

    /// A transaction of inbound messages committed, with `messages` in it.
    pub fn batch(&self, messages: usize) {
        self.batch_messages.observe(messages as f64);
    }

    pub fn sent(&self, channel: Channel) {
        self.messages_out.get_or_create(&label(channel)).inc();
    }

    pub fn send_failed(&self, channel: Channel, error: &str) {
        self.send_failures.get_or_create(&label(channel)).inc();
        self.error(error);
    }

    pub fn outbox(&self, depth: &[(Channel, i64)]) {
        for channel in [Channel::Email, Channel::Sms, Channel::Radio] {
            let n = depth.iter().find(|(c, _)| *c == channel).map_or(0, |d| d.1);
            self.outbox_depth.get_or_create(&label(channel)).set(n);
        }
    }

    pub fn error(&self, error: &str) {
        self.errors.inc();
        self.last_error_time
            .set(crate::now::now().as_millisecond() as f64 / 1000.0);
        if let Ok(mut last) = self.last_error.lock() {
            *last = Some(error.to_string());
        }
    }

    /// A store call failed: an error, and /health says so until one works.
    pub fn store_failed(&self, error: &str) {
        self.error(error);
        if let Ok(mut s) = self.store_error.lock() {
            *s = Some(error.to_string());
        }
    }

    pub fn store_works(&self) {
        if let Ok(mut s) = self.store_error.lock() {
            *s = None;
        }
    }

    /// The clock sweep holds forfeits (`Some`: the gap it found) or not.
    pub fn clock_held(&self, gap: Option<String>) {
        if let Ok(mut c) = self.clock_held.lock() {
            *c = gap;
        }
    }

    /// At the start: the counters that must survive a restart begin at
    /// what the store holds (moves applied, replies sent), and the open
    /// incidents are set.
    pub fn counted_before(&self, figures: &crate::store::Figures) {
        self.moves_applied
            .inc_by(u64::try_from(figures.moves).unwrap_or(0));
        for (channel, sent) in &figures.sent {
            self.messages_out
                .get_or_create(&label(*channel))
                .inc_by(u64::try_from(*sent).unwrap_or(0));
        }
        self.open_incidents(&figures.open_incidents);
    }

    /// The incidents waiting for a ruling, per kind; a kind with none left
    /// is gone from the series.
    pub fn open_incidents(&self, open: &[(String, i64)]) {
        if let Ok(mut o) = self.open_incidents.lock() {
            *o = open.to_vec();
        }
    }

    /// The store's file, for its size and its backups' age.
    pub fn store_file(&self, path: std::path::PathBuf) {
        if let Ok(mut f) = self.store_file.lock() {
            *f = Some(path);
        }
    }

    /// The slot of the connection called `what`, made on first use.
    pub fn link_slot(&self, what: &'static str) -> LinkSlot {
        let Ok(mut links) = self.links.lock() else {
            return LinkSlot::default();
        };
        if let Some((_, slot)) = links.iter().find(|(name, _)| *name == what) {
            return slot.clone();
        }
        let slot = LinkSlot::default();
        links.push((what, slot.clone()));
        slot
    }

    /// Every supervised connection with its state and since when.
    pub fn links(&self) -> Vec<(&'static str, LinkState, jiff::Timestamp)> {
        let links = self.links.lock().map(|l| l.clone()).unwrap_or_default();
        links
            .into_iter()
            .map(|(name, slot)| {
                let (state, since) = slot.get();
                (name, state, since)
            })
            .collect()
    }

    /// A bridged account's poll: the games it listed, or why it failed.
    pub fn bridge_polled(&self, account: &str, polled: Result<usize, &str>) {
        if let Err(e) = polled {
            self.error(e);
        }
        if let Ok(mut bridges) = self.bridges.lock() {
            let b = bridges.entry(account.to_string()).or_default();
            match polled {
                Ok(games) => {
                    b.last_poll = Some(crate::now::now());
                    b.games = games;
                    b.error = None;
                }
                Err(e) => b.error = Some(e.to_string()),
            }
        }
    }

    fn store_error(&self) -> Option<String> {
        self.store_error.lock().ok().and_then(|s| s.clone())
    }

    /// Each channel's messages in, replies sent and failed sends since the
    /// start: the director's health page.
    pub fn channel_counts(&self) -> Vec<(Channel, [u64; 3])> {
        [Channel::Email, Channel::Sms, Channel::Radio]
            .into_iter()
            .map(|c| {
                let l = label(c);
                (
                    c,
                    [
                        self.messages_in.get_or_create(&l).get(),
                        self.messages_out.get_or_create(&l).get(),
                        self.send_failures.get_or_create(&l).get(),
                    ],
                )
            })
            .collect()
    }

    /// The exposition in Prometheus' text format (0.0.4), which promtool
    /// checks and every scraper reads. The client library writes
    /// OpenMetrics, where a counter's HELP and TYPE name the family without
    /// `_total` and its samples with it; in the text format that leaves the
    /// samples without help or type, so those lines are named as the
    /// samples, and OpenMetrics' `# EOF` is dropped. Each link's state is
    /// added as a gauge.
    pub fn render(&self) -> String {
        let mut open = String::new();
        // Writing into a String cannot fail.
        let _ = encode(&mut open, &self.registry);
        let counters: std::collections::HashSet<&str> = open
            .lines()
            .filter_map(|l| l.strip_prefix("# TYPE ")?.strip_suffix(" counter"))
            .collect();
        let mut out = String::with_capacity(open.len() + 512);
        for line in open.lines().filter(|l| *l != "# EOF") {
            let renamed = ["# HELP ", "# TYPE "].into_iter().find_map(|prefix| {
                let (name, rest) = line.strip_prefix(prefix)?.split_once(' ')?;
                counters
                    .contains(name)
                    .then(|| format!("{prefix}{name}_total {rest}"))
            });
            out.push_str(renamed.as_deref().unwrap_or(line));
            out.push('\n');
        }
        self.render_read_gauges(&mut out);
        out
    }

    /// The gauges read when asked rather than kept: `ccgate_link_up`, each
    /// supervised connection (IMAP, SMS modem, radio line) and bridged Xfcc
    /// account, 1 while up, labelled with its state (a dashboard shows a
    /// link down without reading /health); the open incidents; the store's
    /// size and its newest backup; the start time.
    fn render_read_gauges(&self, out: &mut String) {
        use std::fmt::Write;
        let quoted = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str("# HELP ccgate_link_up Whether each link (IMAP, SMTP, modem, radio, Xfcc account) is up (1) or not (0), with its state\n");
        out.push_str("# TYPE ccgate_link_up gauge\n");
        for (name, state, _) in self.links() {
            let up = u8::from(state == LinkState::Up);
            let _ = writeln!(
                out,
                "ccgate_link_up{{link=\"{}\",state=\"{}\"}} {up}",
                quoted(name),
                state.key()
            );
        }
        let bridges = self.bridges.lock().map(|b| b.clone()).unwrap_or_default();
        for (account, bridge) in bridges {
            let (up, state) = match bridge.error {
                None => (1, "up"),
                Some(_) => (0, "retrying"),
            };
            let _ = writeln!(
                out,
                "ccgate_link_up{{link=\"xfcc {}\",state=\"{state}\"}} {up}",
                quoted(&account)
            );
        }
        // Written here rather than registered, so that its help and type
        // are there while no incident is open (an empty family is left out).
        out.push_str(
            "# HELP ccgate_open_incidents Incidents waiting for the director's ruling, per kind\n",
        );
        out.push_str("# TYPE ccgate_open_incidents gauge\n");
        let open = self
            .open_incidents
            .lock()
            .map(|o| o.clone())
            .unwrap_or_default();
        for (kind, count) in open {
            let _ = writeln!(
                out,
                "ccgate_open_incidents{{kind=\"{}\"}} {count}",
                quoted(&kind)
            );
        }
        let file = self.store_file.lock().ok().and_then(|f| f.clone());
        if let Some(db) = file {
            let size = |path: &std::path::Path| std::fs::metadata(path).map_or(0, |m| m.len());
            let mut wal = db.clone().into_os_string();
            wal.push("-wal");
            out.push_str(
                "# HELP ccgate_store_size_bytes The store's file and its write-ahead log\n",
            );
            out.push_str("# TYPE ccgate_store_size_bytes gauge\n");
            let _ = writeln!(
                out,
                "ccgate_store_size_bytes {}",
                size(&db) + size(wal.as_ref())
            );
            out.push_str("# HELP ccgate_last_backup_timestamp_seconds When the newest backup in backups/ beside the store was written (Unix time; 0: none)\n");
            out.push_str("# TYPE ccgate_last_backup_timestamp_seconds gauge\n");
            let dir = db.parent().map(|d| d.join("backups"));
            let _ = writeln!(
                out,
                "ccgate_last_backup_timestamp_seconds {}",
                dir.map_or(0, |d| newest_file(&d))
            );
        }
        out.push_str("# HELP ccgate_start_time_seconds When the daemon started (Unix time)\n");
        out.push_str("# TYPE ccgate_start_time_seconds gauge\n");
        let _ = writeln!(
            out,
            "ccgate_start_time_seconds {}",
            self.started.as_second()
        );
    }

    /// The health document; the errors' text (paths, addresses) only with
    /// `detail`.
    pub fn health(&self, detail: bool) -> serde_json::Value {
        let store = self.store_error();
        let mut health = serde_json::json!({
            "status": if store.is_some() { "failing" } else { "ok" },
            "version": env!("CARGO_PKG_VERSION"),
            "started": self.started.to_string(),
            "uptime_seconds": crate::now::now().duration_since(self.started).as_secs(),
            "errors": self.errors.get(),
        });
        // A gap of time holds no secret: shown to every monitor, since it
        // wants a person before games are lost on time.
        if let Some(gap) = self.clock_held.lock().ok().and_then(|c| c.clone()) {
            health["clock"] = serde_json::json!({
                "held": true,
                "gap": gap,
                "confirm": "ccgate clock --confirm-time",
            });
        }
        let links = self.links();
        if !links.is_empty() {
            // Each connection's state for every monitor (a modem that is down
            // wants a person); the error's text, which may name an address or
            // a device, in detail only.
            let mut map = serde_json::Map::new();
            for (name, state, since) in links {
                let mut link = serde_json::json!({
                    "state": state.key(),
                    "since": since.to_string(),
                });
                if detail && let Some(e) = state.error() {
                    link["error"] = serde_json::json!(e);
                }
                map.insert(name.to_string(), link);
            }
            health["links"] = serde_json::Value::Object(map);
        }
        let bridges = self.bridges.lock().map(|b| b.clone()).unwrap_or_default();
        if !bridges.is_empty() {
            // Counts for every monitor; accounts and errors in detail only.
            health["xfcc_bridge"] = serde_json::json!({
                "accounts": bridges.len(),
                "failing": bridges.values().filter(|b| b.error.is_some()).count(),
            });
            if detail {
                health["xfcc_bridge"]["detail"] = bridges
                    .iter()
                    .map(|(account, b)| {
                        serde_json::json!({
                            "account": account,
                            "last_poll": b.last_poll.map(|t| t.to_string()),
                            "games": b.games,
                            "error": b.error,
                        })
                    })
                    .collect();
            }
        }
        if detail {
            health["store_error"] = serde_json::json!(store);
            health["last_error"] =
                serde_json::json!(self.last_error.lock().ok().and_then(|l| l.clone()));
        }
        health
    }
}

/// When the newest file in `dir` was last written (Unix seconds); 0 when
/// there is none or the directory cannot be read.
fn newest_file(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.metadata().ok()?.modified().ok())
                .filter_map(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map(|d| d.as_secs())
                .max()
                .unwrap_or(0)
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Refusal, Step};

    #[test]
    fn counts_show_in_the_exposition() {
        let m = Metrics::new();
        let p = Processed {
            journal_id: crate::store::JournalId(1),
            duplicate: false,
            replies: Vec::new(),
            steps: vec![
                Step::Applied {
                    game: crate::store::GameId(3),
                    ply: 5,
                    uci: "e2e4".into(),
                },
                Step::Refused(Refusal::Pin("wrong PIN")),
            ],
            outcome: "game 3: ply 5 e2e4 applied; refused: wrong PIN".into(),
        };
        m.received(Channel::Email, &p);
        m.sent(Channel::Email);
        m.outbox(&[(Channel::Email, 4)]);
        m.error("SMTP: 451");
        let text = m.render();
        for want in [
            "ccgate_messages_in_total{channel=\"email\"} 1",
            "ccgate_messages_out_total{channel=\"email\"} 1",
            "ccgate_moves_applied_total 1",
            "ccgate_refusals_total 1",
            "ccgate_outbox_depth{channel=\"email\"} 4",
            "ccgate_outbox_depth{channel=\"sms\"} 0",
            "ccgate_errors_total 1",
        ] {
            assert!(text.contains(want), "{want} missing:\n{text}");
        }
        assert_eq!(m.health(true)["last_error"], "SMTP: 451");
        assert_eq!(m.health(false)["status"], "ok");
    }

    #[test]
    fn a_failing_store_shows_on_health_until_it_works() {
        let m = Metrics::new();
        m.store_failed("store: database or disk is full");
        let h = m.health(true);
        assert_eq!(h["status"], "failing");
        assert_eq!(h["store_error"], "store: database or disk is full");
        assert!(m.render().contains("ccgate_errors_total 1"));
        m.store_works();
        assert_eq!(m.health(false)["status"], "ok");
        assert_eq!(
            m.health(true)["last_error"],
            "store: database or disk is full"
        );
    }

    #[test]
    fn a_held_clock_shows_on_health_until_confirmed() {
        let m = Metrics::new();
        assert!(m.health(false).get("clock").is_none());
        m.clock_held(Some("60 days 0 hours".into()));
        let h = m.health(false);
        assert_eq!(h["clock"]["held"], true);
        assert_eq!(h["clock"]["gap"], "60 days 0 hours");
        m.clock_held(None);
        assert!(m.health(false).get("clock").is_none());
    }

    #[test]
    fn health_names_no_path_or_address_unless_asked_in_detail() {
        let m = Metrics::new();
        m.error("SMTP anna@example.org: 550");
        m.store_failed("store /var/lib/ccgate/ccgate.db: disk full");
        let plain = m.health(false).to_string();
        assert!(!plain.contains("anna@example.org"), "{plain}");
        assert!(!plain.contains("/var/lib"), "{plain}");
        assert_eq!(m.health(false)["status"], "failing");
        assert_eq!(m.health(false)["errors"], 2);
        let detail = m.health(true).to_string();
        assert!(detail.contains("/var/lib/ccgate/ccgate.db"), "{detail}");
    }
}
