//! A reply given up goes to the recipient's other addresses, once each:
//! the copies name the reply they copy, so a copy that fails too goes
//! nowhere it has been.

use super::*;
use ccgate::store::{ReplyId, Retry};

/// Anna, by email first, also reachable by SMS and radio.
fn anna_everywhere(w: &mut World) -> Who {
    let addresses = [
        (Channel::Email, "anna@example.org"),
        (Channel::Sms, "+4915112345678"),
        (Channel::Radio, "DL1ABC"),
    ];
    w.player_on("Anna", &addresses, Notation::Iccf, Lang::De, None)
}

/// A reply to Anna: its id, its channel, the reply it copies.
type Queued = (ReplyId, Channel, Option<ReplyId>);

/// The reply of `replies` on `channel`.
fn on(replies: &[Queued], channel: Channel) -> ReplyId {
    replies
        .iter()
        .find(|r| r.1 == channel)
        .map(|r| r.0)
        .unwrap_or_else(|| panic!("a reply by {channel}: {replies:?}"))
}

fn give_up(w: &mut World, id: ReplyId) {
    service::delivery_failed(
        &mut w.store,
        id,
        "550 no such user",
        true,
        Retry::default(),
        w.now,
    )
    .expect("delivery failed");
}

/// Anna's replies.
fn to_anna(w: &World, anna: &Who) -> Vec<Queued> {
    w.outbox()
        .into_iter()
        .filter(|r| r.player_id == Some(anna.id))
        .map(|r| (r.id, r.channel, r.copy_of))
        .collect()
}

#[test]
fn a_failed_copy_goes_nowhere_the_reply_or_its_copies_went() {
    let mut w = World::new();
    let anna = anna_everywhere(&mut w);
    let boris = boris(&mut w);
    let g = w.game(&anna, &boris, None, "-");
    w.send(&anna, "1. 5254");
    assert_eq!(w.ucis(g), ["e2e4"]);
    let [(first, Channel::Email, None)] = to_anna(&w, &anna)[..] else {
        panic!("one reply to Anna by email: {:?}", to_anna(&w, &anna));
    };

    give_up(&mut w, first);
    let copies = to_anna(&w, &anna);
    let mut channels: Vec<_> = copies[1..].iter().map(|c| (c.1, c.2)).collect();
    channels.sort_by_key(|c| c.0.name());
    assert_eq!(
        channels,
        [(Channel::Radio, Some(first)), (Channel::Sms, Some(first))],
        "one copy to each other address, naming the first"
    );
    let sms = on(&copies[1..], Channel::Sms);

    // The SMS copy fails too: email and radio had the text already.
    give_up(&mut w, sms);
    assert_eq!(to_anna(&w, &anna).len(), 3, "{:?}", to_anna(&w, &anna));
    let radio = on(&copies[1..], Channel::Radio);
    give_up(&mut w, radio);
    assert_eq!(to_anna(&w, &anna).len(), 3, "{:?}", to_anna(&w, &anna));

    // A new move's reply failing is a chain of its own: copied again.
    w.send(&boris, "1... e5");
    w.send(&anna, "2. 7163");
    assert_eq!(w.ucis(g), ["e2e4", "e7e5", "g1f3"]);
    let second = to_anna(&w, &anna)
        .into_iter()
        .filter(|r| r.1 == Channel::Email && r.2.is_none())
        .map(|r| r.0)
        .max()
        .expect("the second reply");
    give_up(&mut w, second);
    let again: Vec<_> = to_anna(&w, &anna)
        .into_iter()
        .filter(|r| r.2 == Some(second))
        .map(|r| r.1)
        .collect();
    assert_eq!(again.len(), 2, "copied to SMS and radio: {again:?}");
}
