//! The whole service on one message: a store on tmpfs with two players (by
//! mail, SMS and radio) in a game, and each input delivered to it. The
//! first byte picks the way in: a raw mail through the email receiver
//! (`transport::email::receive::receive`, the parser included), or a text
//! by SMS or radio from one of the players or a stranger, through
//! `service::submit`. The game goes on from input to input; every few
//! thousand inputs the store starts afresh. Properties: no panic and no
//! store error on any message; the game can always be loaded (its moves
//! replay); every reply queued has a recipient and a text. Panics
//! contained inside `mail-parser` are no crash (`common/contained.rs`).
#![no_main]

#[path = "../common/contained.rs"]
mod contained;

use std::sync::Mutex;

use ccgate::game::clock::TimeControl;
use ccgate::notation::{Lang, Notation};
use ccgate::protocol::address::Channel;
use ccgate::service::{self, Auth, Inbound, Rules};
use ccgate::store::{GameId, NewPlayer, Store};
use ccgate::transport::email::receive::{Policy, receive};
use jiff::Timestamp;
use libfuzzer_sys::fuzz_target;

struct World {
    _dir: tempfile::TempDir,
    store: Store,
    game: GameId,
    inputs: u32,
}

const FRESH_EVERY: u32 = 5_000;

fn world() -> World {
    let base = if std::path::Path::new("/dev/shm").is_dir() {
        std::path::PathBuf::from("/dev/shm")
    } else {
        std::env::temp_dir()
    };
    let dir = tempfile::tempdir_in(base).expect("a scratch directory");
    let mut store = Store::create(&dir.path().join("fuzz.db")).expect("a store");
    let now = Timestamp::from_second(1_800_000_000).expect("a time");
    let tx = store.write().expect("a transaction");
    let player = |name: &str, mail: &str, phone: &str, call: &str, lang: Lang| NewPlayer {
        name: name.into(),
        notation: Notation::San,
        lang,
        reply_via: Some(Channel::Email),
        tz: "UTC".into(),
        pin_hash: None,
        addresses: vec![
            (Channel::Email, mail.into()),
            (Channel::Sms, phone.into()),
            (Channel::Radio, call.into()),
        ],
    };
    let white = tx
        .add_player(
            &player(
                "Alice",
                "alice@example.test",
                "+491701234567",
                "DL1AAA",
                Lang::De,
            ),
            now,
        )
        .expect("a player");
    let black = tx
        .add_player(
            &player(
                "Boris",
                "boris@example.test",
                "+79161234567",
                "UA3BBB",
                Lang::Ru,
            ),
            now,
        )
        .expect("a player");
    let game = tx
        .create_game(white, black, None, &TimeControl::Unlimited, now)
        .expect("a game");
    tx.commit().expect("a commit");
    World {
        _dir: dir,
        store,
        game,
        inputs: 0,
    }
}

static WORLD: Mutex<Option<World>> = Mutex::new(None);

const SENDERS: [&str; 3] = ["alice", "boris", "mallory"];

fuzz_target!(|data: &[u8]| {
    contained::contain_mail_parser_panics();
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let mut guard = WORLD.lock().unwrap_or_else(|e| e.into_inner());
    if guard.as_ref().is_none_or(|w| w.inputs >= FRESH_EVERY) {
        *guard = Some(world());
    }
    let w = guard.as_mut().expect("a world");
    w.inputs += 1;
    let now = Timestamp::from_second(1_800_000_000 + i64::from(w.inputs) * 60).expect("a time");
    let who = SENDERS[usize::from(pick >> 2) % SENDERS.len()];
    let text = String::from_utf8_lossy(rest).into_owned();
    let processed = match pick & 3 {
        0 | 1 => {
            let policy = Policy {
                max_size: 16 * 1024,
                require_pin: pick & 1 == 1,
                trusted_authserv_id: Some("mx.example.test".into()),
                dkim: false,
                trust_from: pick & 1 == 0,
                verp_local: "gw".into(),
                rules: Rules::default(),
            };
            service::batch(&mut w.store, |b| {
                receive(b, rest, (&policy, &Default::default()), now)
            })
            .and_then(|done| done)
        }
        2 => {
            let from = match who {
                "alice" => "+491701234567",
                "boris" => "+79161234567",
                _ => "+15550000000",
            };
            service::submit(&mut w.store, &sms(Channel::Sms, from, text), now)
        }
        _ => {
            let from = match who {
                "alice" => "DL1AAA",
                "boris" => "UA3BBB",
                _ => "N0CALL",
            };
            service::submit(&mut w.store, &sms(Channel::Radio, from, text), now)
        }
    };
    let processed = processed.expect("the store takes every message");
    for reply in &processed.replies {
        assert!(
            !reply.to.is_empty() && !reply.body.trim().is_empty(),
            "{reply:?}"
        );
    }
    service::load_game(&w.store, w.game)
        .expect("the game loads")
        .expect("the game is there");
});

fn sms(channel: Channel, from: &str, text: String) -> Inbound {
    Inbound {
        channel,
        from: from.into(),
        transport_id: None,
        raw: text.clone().into_bytes(),
        text,
        auth: Auth::Unchecked,
        rules: Rules::default(),
    }
}
