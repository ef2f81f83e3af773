//! The clock sweep and leave: time forfeits, reminders before the limit,
//! and leave that stops a player's clock.

use super::*;

use crate::game::clock::{self, Leave, LeaveBook, MoveTimes, SweepAction};

/// The stored leaves of a player, as a leave book.
pub(super) fn leave_book(
    store: &Store,
    player: &Player,
) -> store::Result<(LeaveBook, Vec<LeaveRow>)> {
    let stored = store.leaves(player.id)?;
    let book = LeaveBook::with_leaves(
        clock::DEFAULT_LEAVE_DAYS,
        stored.iter().map(|l| l.leave).collect(),
    );
    Ok((book, stored))
}

/// The leave days that stop a player's clock (what the clock sweep counts).
pub fn effective_leaves(store: &Store, player: &Player) -> store::Result<Vec<Leave>> {
    Ok(leave_book(store, player)?.0.effective_leaves())
}

pub(super) fn player_zone(player: &Player) -> jiff::tz::TimeZone {
    clock::zone(&player.tz).unwrap_or(jiff::tz::TimeZone::UTC)
}

impl Ctx<'_, '_> {
    pub(super) fn request_leave(&mut self, player: &Player, days: u32) -> store::Result<Notice> {
        let (mut book, _) = leave_book(self.tx, player)?;
        let today = clock::local_date(&player_zone(player), self.now);
        Ok(match book.request(today, Some(days)) {
            Ok(leave) => {
                let until = leave.until.map(|d| d.to_string()).unwrap_or_default();
                self.tx.add_leave(player.id, &leave)?;
                Notice::LeaveGranted {
                    from: leave.from.to_string(),
                    until,
                    left: book.remaining_in_year(leave.from.year()),
                }
            }
            Err(e) => Notice::LeaveRefused {
                reason: e.to_string(),
            },
        })
    }

    /// A move sent while on leave ends the leave.
    pub(super) fn end_leave_on_move(&self, player: &Player) -> store::Result<()> {
        let (mut book, stored) = leave_book(self.tx, player)?;
        let today = clock::local_date(&player_zone(player), self.now);
        if let Some(ended) = book.end_on(today)
            && let Some(row) = stored.iter().find(|l| l.leave.from == ended.from)
            && let Some(until) = ended.until
        {
            self.tx.set_leave_until(row.id, until)?;
        }
        Ok(())
    }
}

/// A clock charged with penalty days (the illegal-move policy): they count
/// as days used on the current move.
pub fn with_penalty(mut status: clock::ClockStatus, days: i64) -> clock::ClockStatus {
    if days > 0 {
        status.days_used_total += days;
        if let Some(remaining) = status.days_remaining.as_mut() {
            *remaining -= days;
            status.forfeited |= status.running && *remaining < 0;
        }
    }
    status
}

/// What a clock sweep did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SweepReport {
    pub forfeits: Vec<GameId>,
    pub reminders: Vec<GameId>,
    /// Players of events found silent (an incident raised for each).
    pub silences: Vec<PlayerId>,
}

/// The clock sweep: declares time forfeits and reminds players before their
/// limit, in one transaction.
pub fn sweep_clocks(store: &mut Store, now: Timestamp) -> store::Result<SweepReport> {
    let tx = store.write()?;
    let mut report = SweepReport::default();
    let mut ctx = Ctx::unprompted(&tx, Actor::System, now);
    for row in tx.all_games(true)? {
        let Some(mut game) = ctx.load(row.id)? else {
            continue;
        };
        let tc = game.row.time_control;
        let color = game.record.pos.turn();
        let player_id = game.row.player(color);
        let Some(player) = tx.player(player_id)? else {
            continue;
        };
        let times: Vec<MoveTimes> = game
            .moves
            .iter()
            .map(|m| MoveTimes {
                received: m.received_at,
                delivered: m.delivered_at,
            })
            .collect();
        let periods =
            clock::periods_for(color, game.record.start.turn(), game.row.created_at, &times);
        let (book, _) = leave_book(&tx, &player)?;
        let status = clock::status(
            &tc,
            &player_zone(&player),
            &periods,
            &book.effective_leaves(),
            now,
        );
        let status = with_penalty(status, tx.penalty_days(row.id, player_id)?);
        let ply = game.record.next_ply();
        let reminded = tx.was_reminded(row.id, ply)?;
        match clock::sweep(&status, clock::DEFAULT_REMIND_DAYS, reminded) {
            SweepAction::Forfeit => {
                ctx.finish(
                    &mut game,
                    GameResult::loss_for(color),
                    Termination::LostOnTime(player.name.clone()),
                )?;
                report.forfeits.push(row.id);
            }
            SweepAction::Remind => {
                tx.mark_reminded(row.id, ply)?;
                let notice = Notice::Reminder {
                    game: row.id,
                    days: status.days_remaining.unwrap_or(0),
                };
                ctx.send_to(&player, Some(row.id), None, &notice)?;
                report.reminders.push(row.id);
            }
            SweepAction::Nothing => {}
        }
    }
    report.silences = super::event::raise_silences(&ctx)?;
    ctx.flush()?;
    tx.commit()?;
    Ok(report)
}
