//! The clock sweep and leave: time forfeits, reminders before the limit,
//! and leave that stops a player's clock.

use jiff::Timestamp;
use shakmaty::{Color, Position};

use super::ctx::{Actor, Ctx, transact};
use super::decision::{AuditAction, Decision, Incident, To, Write};
use super::error::{Result, ServiceError};
use super::event::silences;
use super::notice::Notice;
use super::reply::{Clocks, Standing};
use super::steps::Step;
use super::{Loaded, load_game};
use crate::game::clock::{self, Leave, LeaveBook, MoveTimes, SweepAction};
use crate::game::outcome::{GameResult, Termination};
use crate::store::{self, GameId, IncidentKind, LeaveRow, Player, PlayerId, Store};

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

/// A `leave` command: see [`leave_requested`].
pub(super) fn request_leave(
    store: &Store,
    player: &Player,
    days: u32,
    now: Timestamp,
) -> Result<Decision> {
    let (book, _) = leave_book(store, player)?;
    let today = clock::local_date(&player_zone(player), now);
    Ok(leave_requested(book, player, today, days))
}

/// A move sent while on leave ends the leave: the write that ends it.
pub(super) fn end_leave_on_move(
    store: &Store,
    player: &Player,
    now: Timestamp,
) -> Result<Option<Write>> {
    let (book, stored) = leave_book(store, player)?;
    let today = clock::local_date(&player_zone(player), now);
    Ok(end_leave(book, &stored, today))
}

/// A player asks for `days` of leave from `today`: granted (written, with
/// the days left this year) or refused with the reason; the player is told.
fn leave_requested(
    mut book: LeaveBook,
    player: &Player,
    today: jiff::civil::Date,
    days: u32,
) -> Decision {
    let d = Decision::default().step(Step::LeaveRequested(days));
    let (d, notice) = match book.request(today, Some(days)) {
        Ok(leave) => {
            let notice = Notice::LeaveGranted {
                from: leave.from,
                until: leave.until,
                left: book.remaining_in_year(leave.from.year()),
            };
            (d.write(Write::Leave(player.id, leave)), notice)
        }
        Err(e) => (d, Notice::LeaveRefused { reason: e }),
    };
    d.tell(To::Sender(Some(player.clone())), notice)
}

/// The leave a move made `today` ends, as the write that ends it.
fn end_leave(mut book: LeaveBook, stored: &[LeaveRow], today: jiff::civil::Date) -> Option<Write> {
    let ended = book.end_on(today)?;
    let row = stored.iter().find(|l| l.leave.from == ended.from)?;
    Some(Write::LeaveUntil(row.id, ended.until?))
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

/// The clock of the player of `color` in a game as it stands at `now`
/// (for the commands and pages that name a side). `None` if the player is
/// not in the store.
pub fn clock_of_color(
    store: &Store,
    game: &Loaded,
    color: Color,
    now: Timestamp,
) -> store::Result<Option<clock::ClockStatus>> {
    let Some(player) = store.player(game.row.player(color))? else {
        return Ok(None);
    };
    clock_of(store, game, &player, now, Reading::Stored).map(Some)
}

/// How a game's moves are read into a clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reading {
    /// As stored: the clock the sweep judges.
    Stored,
    /// The last move counts as delivered now if it is not yet: the clock a
    /// notice of that move tells its reader, decided with the move.
    Notice,
    /// The player's own move arrives now: their period ends with it, even
    /// if the move it answers was never marked delivered (they answered
    /// it, so they had it). The clock that move would leave.
    Replying,
}

/// A player's clock in a game at `now`, read as `reading` says: their
/// leaves, the game's duplication rule and penalty days counted.
pub(super) fn clock_of(
    store: &Store,
    game: &Loaded,
    player: &Player,
    now: Timestamp,
    reading: Reading,
) -> store::Result<clock::ClockStatus> {
    let last = game.moves.len();
    let mut times: Vec<MoveTimes> = game
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| MoveTimes {
            received: m.received_at,
            delivered: m
                .delivered_at
                .or((reading == Reading::Notice && i + 1 == last).then_some(now)),
        })
        .collect();
    if reading == Reading::Replying {
        times.push(MoveTimes {
            received: now,
            delivered: None,
        });
    }
    let color = game.color_of(player.id);
    let periods = clock::periods_for(color, game.record.start.turn(), game.row.created_at, &times);
    let (book, _) = leave_book(store, player)?;
    let status = clock::status_with(
        &game.row.time_control,
        &player_zone(player),
        &periods,
        &book.effective_leaves(),
        now,
        game.row.duplication_after,
    );
    Ok(with_penalty(
        status,
        store.penalty_days(game.row.id, player.id)?,
    ))
}

/// The player to move in `game` and their clock at `now`, read as
/// `reading` says; `None` if that player is not in the store.
fn to_move(
    store: &Store,
    game: &Loaded,
    now: Timestamp,
    reading: Reading,
) -> store::Result<Option<(Player, clock::ClockStatus)>> {
    let Some(player) = store.player(game.row.player(game.record.pos.turn()))? else {
        return Ok(None);
    };
    let status = clock_of(store, game, &player, now, reading)?;
    Ok(Some((player, status)))
}

/// Judges the time of a game in progress as a message about it arrives
/// (`ctx.now`): if the player to move has overstepped, the game is lost on
/// time, with the same decision and notices the sweep gives, before the
/// message's line is read. So the deadline holds whether or not a sweep
/// has run, and a move can never get what the sweep would have refused.
/// `replying`: the line is the move of the player to move, judged with its
/// own period ending now. While the sweep holds forfeits (the time jumped
/// and is not confirmed), a message declares none either.
pub(super) fn judge_time(ctx: &mut Ctx<'_, '_>, game: &mut Loaded, replying: bool) -> Result<()> {
    let tx = ctx.tx;
    if game.row.finished || tx.sweep_clock()?.held_since.is_some() {
        return Ok(());
    }
    let Some((player, mut status)) = to_move(tx, game, ctx.now, Reading::Stored)? else {
        return Ok(());
    };
    if replying && !status.forfeited {
        status = clock_of(tx, game, &player, ctx.now, Reading::Replying)?;
    }
    if status.forfeited {
        let d = swept(game, &player, SweepAction::Forfeit, &status);
        ctx.apply(d, Some(game))?;
    }
    Ok(())
}

/// Judges the time of every game in progress of `player` (as
/// [`judge_time`]): before a leave is granted, so a leave from today cannot
/// rescue a limit that has already run out.
pub(super) fn judge_games_of(ctx: &mut Ctx<'_, '_>, player: &Player) -> Result<()> {
    for row in ctx.tx.games_of(player.id, true)? {
        if let Some(mut game) = ctx.load(row.id)? {
            judge_time(ctx, &mut game, false)?;
        }
    }
    Ok(())
}

/// Clocks [`standing`] has worked out for one game at one instant, by
/// player: the game's two replies each tell both.
pub(super) type Known = Vec<(PlayerId, clock::ClockStatus)>;

/// Where a game in progress stands for `reader` once this transaction's
/// moves are delivered: whose move, both clocks (none without a limit) and
/// the reader's last day to move. Each clock is worked out once per
/// `known` (one game, one instant, nothing written to leaves or penalties
/// in between).
pub(super) fn standing(
    store: &Store,
    game: &Loaded,
    reader: &Player,
    opponent: &Player,
    now: Timestamp,
    known: &mut Known,
) -> store::Result<Standing> {
    let yours = game.record.pos.turn() == game.color_of(reader.id);
    let mut clock = |player: &Player| -> store::Result<clock::ClockStatus> {
        if let Some((_, status)) = known.iter().find(|(id, _)| *id == player.id) {
            return Ok(*status);
        }
        let status = clock_of(store, game, player, now, Reading::Notice)?;
        known.push((player.id, status));
        Ok(status)
    };
    let clocks = match game.row.time_control {
        clock::TimeControl::Unlimited => None,
        _ => {
            let mine = clock(reader)?;
            let theirs = clock(opponent)?;
            Some(Clocks {
                used: mine.days_used_total,
                left: mine.days_left(),
                their_used: theirs.days_used_total,
                their_left: theirs.days_left(),
                deadline: mine.deadline().filter(|_| yours),
            })
        }
    };
    Ok(Standing {
        yours,
        opponent: opponent.name.clone(),
        clocks,
    })
}

/// What a clock sweep did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SweepReport {
    /// The time was this far past the last sweep, unconfirmed: no forfeit
    /// was declared (`clock::guard`).
    pub held: Option<jiff::SignedDuration>,
    pub forfeits: Vec<GameId>,
    pub reminders: Vec<GameId>,
    /// Players of events found silent (an incident raised for each).
    pub silences: Vec<PlayerId>,
}

/// What the sweep does to a game whose `player` is to move: forfeits them
/// on time, or reminds them (once a move) before their limit.
fn swept(
    game: &Loaded,
    player: &Player,
    action: SweepAction,
    status: &clock::ClockStatus,
) -> Decision {
    let id = game.row.id;
    let d = Decision::about(id);
    match action {
        SweepAction::Forfeit => d.finish(
            GameResult::loss_for(game.record.pos.turn()),
            Termination::LostOnTime(player.name.clone()),
        ),
        SweepAction::Remind => {
            let notice = Notice::Reminder {
                game: id,
                days: status.days_remaining.unwrap_or(0),
            };
            d.write(Write::Reminded {
                game: id,
                ply: game.record.next_ply(),
            })
            .tell(To::Player(player.clone()), notice)
        }
        SweepAction::Nothing => d,
    }
}

/// The director's reminder to the player to move in game `id`: the
/// sweep's own notice (in the player's language, with the days left), so a
/// player reads one kind of reminder whoever sent it; audited as the
/// director's. Not recorded as the sweep's reminder of the move: the sweep
/// still sends its own once before the limit.
pub fn remind(store: &mut Store, by: &Actor, id: GameId, now: Timestamp) -> Result<()> {
    transact(store, by, now, |ctx| {
        let game = ctx.load_existing(id)?;
        if game.row.finished {
            return Err(ServiceError::Refused(format!(
                "game {id} is finished: nobody to remind"
            )));
        }
        let Some((player, status)) = to_move(ctx.tx, &game, now, Reading::Stored)? else {
            return Err(ServiceError::NotFound(format!(
                "game {id}: no player to move"
            )));
        };
        let d = Decision::about(id)
            .write(Write::Audit {
                game: Some(id),
                player: Some(player.id),
                action: AuditAction::Remind,
                reason: "reminder sent by the director".into(),
                detail: format!("{} reminded of the move", player.name),
            })
            .tell(
                To::Player(player),
                Notice::Reminder {
                    game: id,
                    days: status.days_remaining.unwrap_or(0),
                },
            );
        ctx.apply(d, None).map(drop)
    })
}

/// The clock sweep: declares time forfeits and reminds players before their
/// limit, in one transaction. With a `margin`, a sweep more than that past
/// the last one (the clock jumped, or the gateway was off) declares no
/// forfeit, only reminders, until the time is confirmed: a sweep without a
/// margin (`ccgate clock --confirm-time`, or a caller that set the time
/// itself) confirms it.
pub fn sweep_clocks(
    store: &mut Store,
    now: Timestamp,
    margin: Option<jiff::SignedDuration>,
) -> Result<SweepReport> {
    transact(store, &Actor::System, now, |ctx| {
        let tx = ctx.tx;
        let mut report = SweepReport::default();
        let last = tx.sweep_clock()?;
        let guard = margin.map_or(clock::Guard::Sweep, |m| clock::guard(&last, now, m));
        for row in tx.all_games(true)? {
            let Some(mut game) = load_game(tx, row.id)? else {
                continue;
            };
            let Some((player, status)) = to_move(tx, &game, now, Reading::Stored)? else {
                continue;
            };
            let reminded = tx.was_reminded(row.id, game.record.next_ply())?;
            let action = match (
                clock::sweep(&status, clock::DEFAULT_REMIND_DAYS, reminded),
                guard,
            ) {
                (SweepAction::Forfeit, clock::Guard::RemindOnly { .. }) => SweepAction::Nothing,
                (action, _) => action,
            };
            let d = swept(&game, &player, action, &status);
            ctx.apply(d, Some(&mut game))?;
            match action {
                SweepAction::Forfeit => report.forfeits.push(row.id),
                SweepAction::Remind => report.reminders.push(row.id),
                SweepAction::Nothing => {}
            }
        }
        for (player, d) in silences(tx, now)? {
            ctx.apply(d, None)?;
            report.silences.push(player);
        }
        let (held, d) = sweep_guarded(&last, guard, now);
        report.held = held;
        ctx.apply(d, None)?;
        Ok(report)
    })
}

/// The sweep's own record: when it ran and, while the time is unconfirmed,
/// since when forfeits are held (the director told once, when it begins).
/// The gap that holds them, if any.
fn sweep_guarded(
    last: &clock::SweepClock,
    guard: clock::Guard,
    now: Timestamp,
) -> (Option<jiff::SignedDuration>, Decision) {
    match guard {
        clock::Guard::Sweep => (
            None,
            Decision::default().write(Write::Sweep { held_since: None }),
        ),
        clock::Guard::RemindOnly { gap, new } => {
            let mut d = Decision::default().write(Write::Sweep {
                held_since: Some(last.held_since.unwrap_or(now)),
            });
            if new {
                let detail = format!(
                    "the clock is {} past the last sweep ({}): no forfeits until the time is confirmed with `ccgate clock --confirm-time`",
                    days(gap),
                    last.last_run.map_or_else(String::new, |t| t
                        .strftime("%Y-%m-%d %H:%M UTC")
                        .to_string()),
                );
                d.incident = Some(Incident::about(IncidentKind::ClockJump, detail));
            }
            (Some(gap), d)
        }
    }
}

/// A gap as days and hours, for people.
pub fn days(gap: jiff::SignedDuration) -> String {
    let hours = gap.as_hours();
    format!("{} days {} hours", hours / 24, hours % 24)
}

/// What changed a running clock's deadline: ICCF's duplication (its
/// threshold) and leave, each named only when the deadline without it
/// would be another day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DeadlineWhy {
    pub duplication: Option<u32>,
    pub leave: bool,
}

/// A player's clock at `now` (as [`clock_of_color`] reads it) with what
/// changed its deadline; `None` if the player is not in the store.
pub fn clock_explained(
    store: &Store,
    game: &Loaded,
    color: Color,
    now: Timestamp,
) -> store::Result<Option<(clock::ClockStatus, DeadlineWhy)>> {
    let Some(player) = store.player(game.row.player(color))? else {
        return Ok(None);
    };
    let status = clock_of(store, game, &player, now, Reading::Stored)?;
    let times = move_times(game);
    let periods = clock::periods_for(color, game.record.start.turn(), game.row.created_at, &times);
    let (book, _) = leave_book(store, &player)?;
    let leaves = book.effective_leaves();
    let zone = player_zone(&player);
    let tc = &game.row.time_control;
    let dup = game.row.duplication_after;
    let without = |dup: Option<u32>, leaves: &[clock::Leave]| {
        clock::status_with(tc, &zone, &periods, leaves, now, dup).deadline()
    };
    let deadline = status.deadline();
    let why = DeadlineWhy {
        duplication: dup.filter(|_| deadline.is_some() && without(None, &leaves) != deadline),
        leave: deadline.is_some() && without(dup, &[]) != deadline,
    };
    Ok(Some((status, why)))
}

fn move_times(game: &Loaded) -> Vec<MoveTimes> {
    game.moves
        .iter()
        .map(|m| MoveTimes {
            received: m.received_at,
            delivered: m.delivered_at,
        })
        .collect()
}

/// The days each move of a game cost its player (index 0: ply 1), counted
/// as the clock counts them: leave days left out, duplicated days twice.
/// `None` for a move whose period is not known.
pub fn days_per_move(store: &Store, game: &Loaded) -> store::Result<Vec<Option<i64>>> {
    let times = move_times(game);
    let first = game.record.start.turn();
    let mut out = vec![None; times.len()];
    for color in [Color::White, Color::Black] {
        let Some(player) = store.player(game.row.player(color))? else {
            continue;
        };
        let (book, _) = leave_book(store, &player)?;
        let leaves = book.effective_leaves();
        let zone = player_zone(&player);
        let periods = clock::periods_for(color, first, game.row.created_at, &times);
        let plies = (0..times.len()).filter(|i| (i % 2 == 0) == (color == first));
        for (ply, period) in plies.zip(periods.iter().filter(|p| p.end.is_some())) {
            let end = period.end.unwrap_or(period.start);
            let st = clock::status_with(
                &clock::TimeControl::Unlimited,
                &zone,
                std::slice::from_ref(period),
                &leaves,
                end,
                game.row.duplication_after,
            );
            out[ply] = Some(st.days_used_total);
        }
    }
    Ok(out)
}
