//! The clock sweep's own record: when it last ran, and whether a jump of
//! the clock waits for the director (see `game::clock::guard`).

use jiff::Timestamp;
use rusqlite::{OptionalExtension, params};

use super::{Result, Store, Tx, db, secs, ts};
use crate::game::clock::SweepClock;

impl Store {
    /// The last sweep and the jump found, if any (none before the first sweep).
    pub fn sweep_clock(&self) -> Result<SweepClock> {
        let row = self
            .conn
            .query_row(
                "SELECT last_run_at, held_since FROM sweep_clock WHERE id = 1",
                [],
                |r| {
                    let held: Option<i64> = r.get(1)?;
                    Ok(SweepClock {
                        last_run: Some(ts(r.get(0)?)?),
                        held_since: held.map(ts).transpose()?,
                    })
                },
            )
            .optional()
            .map_err(db)?;
        Ok(row.unwrap_or_default())
    }
}

impl Tx<'_> {
    /// Records a sweep at `now`. While a jump is held (`held_since`), the
    /// last run is kept: it is the time the director is asked to look past.
    pub fn record_sweep(&self, now: Timestamp, held_since: Option<Timestamp>) -> Result<()> {
        self.conn()
            .execute(
                "INSERT INTO sweep_clock (id, last_run_at, held_since) VALUES (1, ?1, ?2)
                 ON CONFLICT (id) DO UPDATE SET
                   last_run_at = CASE WHEN ?2 IS NULL THEN ?1 ELSE last_run_at END,
                   held_since = ?2",
                params![secs(now), held_since.map(secs)],
            )
            .map_err(db)?;
        Ok(())
    }
}
