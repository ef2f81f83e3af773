//! The clock sweep's own record: when it last ran, and whether a jump of
//! the clock waits for the director (see `game::clock::guard`).

use super::sql::args;
use super::{Result, Store, Tx, secs, ts};
use crate::game::clock::SweepClock;
use jiff::Timestamp;

impl Store {
    /// The last sweep and the jump found, if any (none before the first sweep).
    pub fn sweep_clock(&self) -> Result<SweepClock> {
        let row = self.conn.opt(
            "SELECT last_run_at, held_since FROM sweep_clock WHERE id = 1",
            args![],
            |r| {
                let held: Option<i64> = r.get(1)?;
                Ok(SweepClock {
                    last_run: Some(ts(r.get(0)?)?),
                    held_since: held.map(ts).transpose()?,
                })
            },
        )?;
        Ok(row.unwrap_or_default())
    }
}

impl Tx<'_> {
    /// Records a sweep at `now`. While a jump is held (`held_since`), the
    /// last run is kept: it is the time the director is asked to look past.
    pub fn record_sweep(&self, now: Timestamp, held_since: Option<Timestamp>) -> Result<()> {
        self.conn().run(
            "INSERT INTO sweep_clock (id, last_run_at, held_since) VALUES (1, ?1, ?2)
             ON CONFLICT (id) DO UPDATE SET
               last_run_at = CASE WHEN excluded.held_since IS NULL THEN excluded.last_run_at ELSE sweep_clock.last_run_at END,
               held_since = excluded.held_since",
            args![secs(now), held_since.map(secs)],
        )?;
        Ok(())
    }
}
