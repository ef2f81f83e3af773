//! The `[outbox]` section: how often every channel's queued replies are
//! looked for and how a failed one is tried again.

use std::time::Duration;

use serde::{Deserialize, Deserializer};

use crate::settings::{checked, duration};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OutboxConfig {
    /// How often due replies are looked for (queued replies are also sent at once).
    #[serde(deserialize_with = "duration")]
    pub poll_every: Duration,
    /// Attempts before a reply is given up on one channel and tried on the
    /// recipient's others.
    #[serde(deserialize_with = "attempts")]
    pub max_attempts: i64,
    /// Wait before the first retry; each later retry waits twice as long.
    #[serde(deserialize_with = "duration")]
    pub first_retry: Duration,
}

impl Default for OutboxConfig {
    fn default() -> Self {
        OutboxConfig {
            poll_every: Duration::from_secs(5),
            max_attempts: 10,
            first_retry: Duration::from_secs(120),
        }
    }
}

impl OutboxConfig {
    pub fn retry(&self) -> crate::store::Retry {
        crate::store::Retry {
            max_attempts: self.max_attempts,
            first_delay_secs: self.first_retry.as_secs().max(1) as i64,
        }
    }
}

fn attempts<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    checked(d, |n: &i64| match n {
        1.. => Ok(()),
        _ => Err("must be at least 1".into()),
    })
}
