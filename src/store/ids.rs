//! The store's row ids as types of their own, so a game id cannot be passed
//! where a player id is meant.

use std::fmt;

use super::sql::{Arg, FromValue, Param, Value};

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl Param for $name {
            fn arg(&self) -> Arg<'_> {
                Arg::Int(self.0)
            }
        }

        impl FromValue for $name {
            fn from_value(v: Value) -> std::result::Result<Self, Value> {
                i64::from_value(v).map($name)
            }
        }
    };
}

id!(
    /// A game (the number players write as `G7`).
    GameId
);
id!(
    /// A registered player.
    PlayerId
);
id!(
    /// An inbound message in the journal.
    JournalId
);
id!(
    /// A reply in the outbox.
    ReplyId
);
id!(
    /// A leave span of a player.
    LeaveId
);
id!(
    /// An event (a round-robin section).
    EventId
);
id!(
    /// A remote Xfcc game mirrored by the bridge.
    BridgeId
);
