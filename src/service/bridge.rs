//! The Xfcc bridge's rule: what one poll of a remote account's games does
//! to the local games that stand for them ([`crate::xfcc::bridge`] decides
//! the steps, this applies them), and a remote refusal of the player's
//! move. A bridged game is a local game between the player and a player
//! without addresses that stands for the remote opponent: the player's
//! moves are read, checked and confirmed as in any game (so a refusal comes
//! at once, in their language), and each of their moves is queued for the
//! remote server in the same transaction ([`outbound_of`]); the
//! opponent's moves come from the remote and reach the player as any
//! opponent's move does, on their channel, in their notation and language.
//!
//! Each poll that changes a game is one journal entry (channel `xfcc`),
//! keyed by the remote game's state and the mirror's, so a poll repeated
//! after a crash is recognised; a move is marked sent in the transaction
//! before it is sent, and sent again only when a later poll shows it
//! missing.

use sha2::{Digest, Sha256};

use jiff::Timestamp;
use shakmaty::{Move, Position};

use super::batch::{Batch, alone, batch};
use super::conditional::run_conditionals;
use super::ctx::Ctx;
use super::decision::{Decision, Incident, NewMirror, To, Write};
use super::error::{Result, ServiceError};
use super::moves::{Play, bridged, play};
use super::notice::Notice;
use super::steps::Step;
use super::{Auth, Inbound, Loaded, Processed, Rules, load_game};
use crate::game::outcome::{GameResult, Termination};
use crate::notation::{Lang, Notation, ReadOptions, WriteOptions, read_move, write_move};
use crate::protocol::address::Channel;
use crate::store::{BridgeId, Bridged, IncidentKind, OutboundState, Player, Store};
use crate::xfcc::bridge::{self as rule, Pending as RulePending, Step as RuleStep};
use crate::xfcc::games::{XfccGame, XfccResult};

/// A remote account as the bridge polls it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// The service's address, as configured.
    pub url: String,
    /// The host, as players are told of it.
    pub host: String,
    pub username: String,
    /// The player, by registered name.
    pub player: String,
}

/// A move to send now: marked sent in a transaction that has committed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgeSend {
    pub bridge: BridgeId,
    pub remote_id: i64,
    /// Its ply on the remote (0 for White's first move).
    pub ply: u32,
    /// The full-move number Xfcc's `movecount` wants.
    pub movecount: u32,
    pub san: String,
    /// How often it was sent, this time included.
    pub attempt: u32,
}

/// What a poll did: the journal entries it made, and the moves to send.
#[derive(Debug, Default)]
pub struct Polled {
    pub processed: Vec<Processed>,
    pub sends: Vec<BridgeSend>,
    /// Games whose poll failed (journaled with the error), and why.
    pub failed: Vec<(i64, String)>,
}

/// The player's move of a bridged game, to queue for the remote with the
/// move itself: `Some((remote ply, SAN))` when `mv`, played at local `ply`
/// (1 for the first move) in `game`, is the bridged player's.
pub(super) fn outbound_of(
    bridge: &Bridged,
    game: &Loaded,
    ply: u32,
    mv: Move,
) -> Option<(u32, String)> {
    let pos = &game.record.pos;
    (pos.turn() == game.color_of(bridge.player) && ply >= 1).then(|| {
        (
            ply - 1,
            write_move(pos, mv, Notation::San, &WriteOptions::default()),
        )
    })
}

/// A draw offer, answer, claim or resignation for a bridged game: not
/// sent to the server yet, so refused here rather than played in the local
/// game alone (the remote game would go on without the player).
pub(super) fn remote_only(game: &Loaded, player: &Player, bridge: &Bridged) -> Decision {
    let server = crate::xfcc::endpoint::Endpoint::parse(&bridge.url)
        .map_or_else(|_| bridge.url.clone(), |e| e.host);
    Decision::about(game.row.id)
        .tell(
            To::Sender(Some(player.clone())),
            Notice::RemoteOnly {
                game: game.row.id,
                server,
            },
        )
        .step(Step::Remote {
            game: game.row.id,
            what: "offer, claim or resignation not forwarded: made on the server".into(),
        })
}

/// Polls applied: every game `GetMyGames` listed for the account, each in
/// its own savepoint of one transaction.
pub fn bridge_poll(
    store: &mut Store,
    account: &Account,
    games: &[XfccGame],
    now: Timestamp,
) -> Result<Polled> {
    batch(store, |b| {
        let mut polled = Polled::default();
        for remote in games {
            match b.bridge_game(account, remote, now) {
                Ok(Some((p, send))) => {
                    polled.sends.extend(send);
                    polled.processed.push(p);
                }
                Ok(None) => {}
                Err(e) => polled.failed.push((remote.id, e.to_string())),
            }
        }
        polled
    })
}

/// The remote refused the player's move `send` with `reason` (its result
/// code; `response` the server's answer, kept as evidence): the move is
/// taken back here and the player told, in their language, with the
/// server's reason.
pub fn bridge_refused(
    store: &mut Store,
    account: &Account,
    send: &BridgeSend,
    reason: &str,
    response: &[u8],
    now: Timestamp,
) -> Result<Processed> {
    let key = key(&[
        &account.url,
        &account.username,
        &send.remote_id.to_string(),
        &send.ply.to_string(),
        &send.attempt.to_string(),
        "refused",
    ]);
    let msg = inbound(account, key, response.to_vec());
    alone(store, |b| {
        b.handle(&msg, now, |ctx, _| {
            remote_refused(ctx, account, send, reason)
        })
    })
}

/// A journal key of these parts.
fn key(parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update([0]);
    }
    format!("bridge-{}", hex(&h.finalize()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The journal's view of a bridge event: from the account, on `xfcc`.
fn inbound(account: &Account, key: String, raw: Vec<u8>) -> Inbound {
    Inbound {
        thread: Vec::new(),
        channel: Channel::Xfcc,
        from: format!("{}@{}", account.username, account.host),
        transport_id: Some(key),
        raw,
        text: String::new(),
        auth: Auth::Unchecked,
        rules: Rules::default(),
    }
}

/// The remote game as the journal keeps it.
fn evidence(remote: &XfccGame) -> Vec<u8> {
    format!(
        "GetMyGames game {}: {} - {}, hasWhite {}, myTurn {}, result {}, moves {}",
        remote.id,
        remote.white,
        remote.black,
        remote.has_white,
        remote.my_turn,
        remote.result.word(),
        remote.moves
    )
    .into_bytes()
}

impl Batch<'_> {
    /// One remote game of a poll: `None` when there is nothing new.
    fn bridge_game(
        &self,
        account: &Account,
        remote: &XfccGame,
        now: Timestamp,
    ) -> Result<Option<(Processed, Option<BridgeSend>)>> {
        let tx = &self.tx;
        // Asked before anything is journaled: a poll journaled with this
        // error would be a duplicate, never read again, once the operator
        // registers the player.
        if tx.player_by_name(&account.player)?.is_none() {
            return Err(ServiceError::NotFound(format!(
                "no player named {:?} is registered",
                account.player
            )));
        }
        let mirror = tx.bridged(&account.url, &account.username, remote.id)?;
        let (known, pending, finished) = match &mirror {
            Some(m) if m.diverged => return Ok(None),
            Some(m) => (
                tx.bridge_plies(m.id)?,
                tx.pending_outbound(m.id)?,
                tx.game(m.game)?.is_some_and(|g| g.finished),
            ),
            // A game that ended before the bridge saw it is not brought in.
            None if remote.result != XfccResult::Ongoing => return Ok(None),
            None => (Vec::new(), None, false),
        };
        let rule_pending = pending.as_ref().map(|p| RulePending {
            ply: p.ply as usize,
            san: p.san.clone(),
        });
        let steps = rule::reconcile(&known, rule_pending.as_ref(), remote);
        let ends = remote.result != XfccResult::Ongoing && !finished;
        if mirror.is_some() && steps.is_empty() && !ends {
            return Ok(None);
        }
        let state = pending.as_ref().map_or(String::new(), |p| {
            format!("{} {} {:?} {}", p.ply, p.san, p.state, p.attempts)
        });
        let key = key(&[
            &account.url,
            &account.username,
            &remote.id.to_string(),
            &remote.moves,
            remote.result.word(),
            &known.len().to_string(),
            &state,
        ]);
        let msg = inbound(account, key, evidence(remote));
        let mut send = None;
        let p = self.handle(&msg, now, |ctx, _| {
            bridge(ctx, account, remote, mirror, steps, &mut send)
        })?;
        Ok(Some((p, send)))
    }
}

/// Applies one poll's steps to the game's mirror.
fn bridge(
    ctx: &mut Ctx<'_, '_>,
    account: &Account,
    remote: &XfccGame,
    mirror: Option<Bridged>,
    steps: Vec<RuleStep>,
    send: &mut Option<BridgeSend>,
) -> Result<()> {
    let player = ctx
        .tx
        .player_by_name(&account.player)?
        .ok_or_else(|| ServiceError::NotFound(format!("no player {}", account.player)))?;
    let mirror = match mirror {
        Some(m) => m,
        None => open_mirror(ctx, account, remote, &player)?,
    };
    let mut game = load_game(ctx.tx, mirror.game)?
        .ok_or_else(|| ServiceError::NotFound(format!("no game {}", mirror.game)))?;
    let opponent = ctx
        .tx
        .player(game.opponent_id(player.id))?
        .ok_or_else(|| ServiceError::NotFound("no opponent".into()))?;
    let theirs = rule::plies(&remote.moves);
    for step in steps {
        match step {
            RuleStep::Relay { ply, san } => {
                if !remote_move(ctx, &mirror, &mut game, (&opponent, &player), ply, &san)? {
                    return Ok(());
                }
                run_conditionals(ctx, &mut game)?;
            }
            RuleStep::Confirmed { ply } => {
                let san = theirs.get(ply).cloned().unwrap_or_default();
                let ply32 = u32::try_from(ply).unwrap_or(u32::MAX);
                let mut d = Decision::default();
                if game.record.moves.len() > ply {
                    d = d.write(Write::BridgePly {
                        bridge: mirror.id,
                        ply: ply32,
                        san,
                    });
                } else if !remote_move(ctx, &mirror, &mut game, (&player, &opponent), ply, &san)? {
                    // Played from another client of the account, and
                    // not playable here.
                    return Ok(());
                }
                let d = d
                    .write(Write::OutboundState {
                        bridge: mirror.id,
                        ply: ply32,
                        state: OutboundState::Confirmed,
                        reason: None,
                    })
                    .step(Step::Remote {
                        game: mirror.game,
                        what: format!("confirmed ply {}", ply + 1),
                    });
                ctx.apply(d, None)?;
            }
            RuleStep::Send { movecount, san } => {
                let Some(p) = ctx.tx.pending_outbound(mirror.id)? else {
                    continue;
                };
                let d = Decision::default()
                    .write(Write::OutboundState {
                        bridge: mirror.id,
                        ply: p.ply,
                        state: OutboundState::Sent,
                        reason: None,
                    })
                    .step(Step::Remote {
                        game: mirror.game,
                        what: format!(
                            "sending ply {} {san} (attempt {})",
                            p.ply + 1,
                            p.attempts + 1
                        ),
                    });
                ctx.apply(d, None)?;
                *send = Some(BridgeSend {
                    bridge: mirror.id,
                    remote_id: remote.id,
                    ply: p.ply,
                    movecount,
                    san,
                    attempt: p.attempts + 1,
                });
            }
            RuleStep::Diverged { ply, ours, theirs } => {
                let detail = format!(
                    "remote game {} on {} ({}): at ply {} the server has {:?}, ccgate {:?}; nothing more is sent",
                    remote.id,
                    account.url,
                    account.username,
                    ply + 1,
                    theirs,
                    ours
                );
                return ctx.apply(diverged(&mirror, &game, detail), None).map(drop);
            }
        }
    }
    if remote.result != XfccResult::Ongoing && !game.row.finished {
        let result = match remote.result {
            XfccResult::WhiteWins
            | XfccResult::WhiteWinAdjudicated
            | XfccResult::BlackDefaulted => GameResult::WhiteWins,
            XfccResult::BlackWins
            | XfccResult::BlackWinAdjudicated
            | XfccResult::WhiteDefaulted => GameResult::BlackWins,
            _ => GameResult::Draw,
        };
        let reason = Termination::Adjudicated(format!(
            "{} on the server {}",
            remote.result.word(),
            account.host
        ));
        let d = Decision::about(game.row.id).finish(result, reason);
        ctx.apply(d, Some(&mut game))?;
    }
    Ok(())
}

/// The local game for a remote game seen for the first time: the player
/// against a player without addresses named for the remote opponent and
/// the server, without a clock (the remote keeps time).
fn open_mirror(
    ctx: &mut Ctx<'_, '_>,
    account: &Account,
    remote: &XfccGame,
    player: &Player,
) -> Result<Bridged> {
    let name = if remote.has_white {
        &remote.black
    } else {
        &remote.white
    };
    let new = NewMirror {
        remote: (account.url.clone(), account.username.clone(), remote.id),
        player: player.id,
        opponent: format!("{} ({})", name.trim(), account.host),
        white: remote.has_white,
        fen: remote.fen.clone(),
    };
    let created = ctx.apply(
        Decision::default().write(Write::Mirror(Box::new(new))),
        None,
    )?;
    let (Some(&game), Some((id, _))) = (created.games.first(), created.mirror) else {
        return Err(ServiceError::NotFound("the mirror was not created".into()));
    };
    let mirrored = Step::Remote {
        game,
        what: format!("game {} on {} mirrored", remote.id, account.host),
    };
    ctx.apply(Decision::default().step(mirrored), None)?;
    Ok(Bridged {
        id,
        url: account.url.clone(),
        username: account.username.clone(),
        remote_id: remote.id,
        player: player.id,
        game,
        diverged: false,
    })
}

/// A remote move at `ply` played here by `mover` (against `other`), the
/// other told; false when it cannot be (the mirror is then marked
/// diverged).
fn remote_move(
    ctx: &mut Ctx<'_, '_>,
    mirror: &Bridged,
    game: &mut Loaded,
    (mover, other): (&Player, &Player),
    ply: usize,
    san: &str,
) -> Result<bool> {
    let read = read_move(
        &game.record.pos,
        san,
        Notation::San,
        &ReadOptions::new(Lang::En),
    );
    let mv = match read {
        Ok(r) if game.record.moves.len() == ply && !game.row.finished => r.mv,
        Ok(_) => {
            let detail = format!("remote ply {} {san} does not follow the game here", ply + 1);
            ctx.apply(diverged(mirror, game, detail), None)?;
            return Ok(false);
        }
        Err(e) => {
            let detail = format!("remote ply {} {san:?} is not legal here: {e:?}", ply + 1);
            ctx.apply(diverged(mirror, game, detail), None)?;
            return Ok(false);
        }
    };
    let p = Play {
        mv,
        written: san.to_string(),
        notation: Notation::San,
        offer: false,
    };
    let d = play(game, mover, Some(other), To::Sender(None), p, None);
    let d = bridged(ctx.tx, game, d)?.write(Write::BridgePly {
        bridge: mirror.id,
        ply: u32::try_from(ply).unwrap_or(u32::MAX),
        san: san.to_string(),
    });
    ctx.apply(d, Some(game))?;
    Ok(true)
}

/// The remote contradicts the mirror: marked, and an incident for the
/// director.
fn diverged(mirror: &Bridged, game: &Loaded, detail: String) -> Decision {
    let mut d = Decision::default()
        .write(Write::Diverged(mirror.id))
        .step(Step::Remote {
            game: mirror.game,
            what: format!("diverged: {detail}"),
        });
    d.incident = Some(Incident {
        game: Some(mirror.game),
        pos: Some(game.record.pos.clone()),
        player: Some(mirror.player),
        ..Incident::about(IncidentKind::RemoteDiverged, detail)
    });
    d
}

/// The remote refused `send`: taken back here, the player told.
fn remote_refused(
    ctx: &mut Ctx<'_, '_>,
    account: &Account,
    send: &BridgeSend,
    reason: &str,
) -> Result<()> {
    let tx = ctx.tx;
    let Some(mirror) = tx.bridged(&account.url, &account.username, send.remote_id)? else {
        return Ok(());
    };
    let pending = tx.pending_outbound(mirror.id)?;
    if pending.as_ref().is_none_or(|p| p.ply != send.ply) {
        // Confirmed or refused meanwhile: nothing to take back.
        return Ok(());
    }
    let refused = Decision::default().write(Write::OutboundState {
        bridge: mirror.id,
        ply: send.ply,
        state: OutboundState::Refused,
        reason: Some(reason.to_string()),
    });
    let (Some(game), Some(player)) = (load_game(tx, mirror.game)?, tx.player(mirror.player)?)
    else {
        return ctx.apply(refused, None).map(drop);
    };
    // The player's move is the one written in their notation.
    let text = game
        .moves
        .get(send.ply as usize)
        .map_or(send.san.clone(), |m| m.raw.to_string());
    let mut d = Decision {
        game: Some(mirror.game),
        ..refused
    }
    .write(Write::TakeBack {
        game: mirror.game,
        ply: send.ply,
        reopen: game.row.finished,
    })
    .tell(
        To::Player(player.clone()),
        Notice::RemoteRefused {
            game: mirror.game,
            text,
            server: account.host.clone(),
            reason: reason.to_string(),
        },
    )
    .step(Step::Remote {
        game: mirror.game,
        what: format!("refused ply {} {}: {reason}", send.ply + 1, send.san),
    });
    d.incident = Some(Incident {
        game: Some(mirror.game),
        pos: Some(game.record.pos.clone()),
        player: Some(player.id),
        ..Incident::about(
            IncidentKind::RemoteRefused,
            format!(
                "the server {} refused ply {} {}: {reason}",
                account.host,
                send.ply + 1,
                send.san
            ),
        )
    });
    ctx.apply(d, None).map(drop)
}
