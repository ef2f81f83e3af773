//! The bridge's channel: one loop per remote account, under the one
//! supervisor. Each round asks `GetMyGames`, hands the games to the service
//! (which mirrors them, relays the opponent's moves and marks the moves to
//! send as sent, in one transaction), then sends those with `MakeAMove`.
//! A transport failure ends the round: the supervisor waits (doubling) and
//! the next round's `GetMyGames` decides again what is missing, so a move
//! whose answer was lost is never sent twice and never lost.

use std::future::Future;

use tokio::sync::watch;

use super::config::RemoteSettings;
use super::http::call;
use crate::protocol::address::Channel;
use crate::service::{self, Account, BridgeSend};
use crate::transport::channel::{Backoff, ChannelError, Connection, supervise};
use crate::transport::port::{ServicePort, Wakers};
use crate::transport::start::{self, Context, StartError};
use crate::xfcc::client::{get_my_games, make_a_move, read_games, read_move_result};
use crate::xfcc::result::MoveResult;
use crate::xfcc::soap::{Login, MakeAMove};

/// A bridged account as a channel, from its settings. Each account
/// reports its polls on /health as `xfcc_bridge` (one per account, named
/// at run time), not as one of the fixed links.
impl start::Channel for RemoteSettings {
    const NAME: &'static str = "xfcc bridge";
    type Wake = watch::Receiver<u64>;

    fn wake(bells: &Wakers) -> watch::Receiver<u64> {
        bells.xfcc.subscribe()
    }

    fn start(
        self,
        cx: Context<watch::Receiver<u64>>,
    ) -> Result<impl Future<Output = ()> + Send + 'static, StartError> {
        Ok(run(self, cx.port, cx.wake, cx.stop))
    }
}

/// Polls the account until the daemon stops; `wake` grows when a move may
/// be waiting to go out, so it goes at once rather than at the next poll.
pub async fn run(
    settings: RemoteSettings,
    port: ServicePort,
    wake: watch::Receiver<u64>,
    mut stop: watch::Receiver<bool>,
) {
    let account = Account {
        url: settings.url.clone(),
        host: settings.endpoint.host.clone(),
        username: settings.username.clone(),
        player: settings.player.clone(),
    };
    let label = format!("{}@{}", account.username, account.host);
    // Waits between failed rounds grow up to the poll interval: a server
    // that is down is asked no more often than one that works.
    let cap = settings.poll;
    let mut bridge = Bridge {
        settings,
        port,
        wake,
        account,
        label,
    };
    // Each account reports its polls on /health as `xfcc_bridge` (one per
    // account, named at run time), not as one of the fixed links.
    let link = crate::metrics::LinkSlot::default();
    supervise("xfcc bridge", cap, &mut bridge, &mut stop, link).await;
}

struct Bridge {
    settings: RemoteSettings,
    port: ServicePort,
    wake: watch::Receiver<u64>,
    account: Account,
    /// `username@host`, for the log and /health.
    label: String,
}

impl Connection for Bridge {
    async fn session(
        &mut self,
        stop: &mut watch::Receiver<bool>,
        backoff: &mut Backoff,
    ) -> Result<(), ChannelError> {
        loop {
            // A move accepted is confirmed by the next GetMyGames: asked
            // at once, once.
            if self.round().await? {
                self.round().await?;
            }
            backoff.reset();
            // Marked seen now: a wake-up during the round was for it.
            self.wake.borrow_and_update();
            tokio::select! {
                _ = tokio::time::sleep(self.settings.poll) => {}
                changed = self.wake.changed() => {
                    // The port went away: the daemon is stopping.
                    if changed.is_err() {
                        return Ok(());
                    }
                }
                _ = stop.changed() => {}
            }
            if *stop.borrow() {
                return Ok(());
            }
        }
    }

    fn trouble(&mut self, error: &str) {
        self.port.metrics.bridge_polled(
            &self.label,
            Err(&format!("xfcc bridge {}: {error}", self.label)),
        );
    }
}

impl Bridge {
    fn login(&self) -> Login {
        Login {
            username: self.settings.username.clone(),
            password: self.settings.password.expose().to_string(),
        }
    }

    async fn call(&self, op: &str, body: String) -> Result<Vec<u8>, ChannelError> {
        let at = (&self.settings.endpoint, &self.settings.trust);
        call(at, self.settings.timeout, op, body)
            .await
            .map_err(|e| ChannelError::Retry(format!("{op}: {e}")))
    }

    /// One poll and the sends it decided; true when a move was accepted.
    async fn round(&mut self) -> Result<bool, ChannelError> {
        let body = self.call("GetMyGames", get_my_games(&self.login())).await?;
        let games =
            read_games(&body).map_err(|e| ChannelError::Retry(format!("GetMyGames: {e}")))?;
        self.port
            .metrics
            .bridge_polled(&self.label, Ok(games.len()));
        let account = self.account.clone();
        let polled = self
            .port
            .with_service(move |s| service::bridge_poll(s, &account, &games, crate::now::now()))
            .await?;
        for p in &polled.processed {
            self.port.processed(Channel::Xfcc, p);
        }
        for (game, e) in &polled.failed {
            tracing::error!(account = %self.label, game, error = %e, "xfcc bridge: a remote game not mirrored");
            self.port.metrics.error(e);
        }
        let mut accepted = false;
        for send in polled.sends {
            accepted |= self.send(send).await?;
        }
        Ok(accepted)
    }

    /// Sends one move (marked sent already); true when the server took it.
    async fn send(&mut self, send: BridgeSend) -> Result<bool, ChannelError> {
        let request = make_a_move(&MakeAMove {
            login: self.login(),
            game_id: send.remote_id,
            resign: false,
            accept_draw: false,
            movecount: send.movecount,
            my_move: send.san.clone(),
            offer_draw: false,
            claim_draw: false,
            message: String::new(),
        });
        let body = self.call("MakeAMove", request).await?;
        // A fault is no answer about the move: the next poll decides.
        let result =
            read_move_result(&body).map_err(|e| ChannelError::Retry(format!("MakeAMove: {e}")))?;
        tracing::info!(account = %self.label, game = send.remote_id, ply = send.ply + 1, san = %send.san, result = %result, "xfcc bridge: move sent");
        if result == MoveResult::Success {
            return Ok(true);
        }
        let account = self.account.clone();
        let reason = result.code().to_string();
        let p = self
            .port
            .with_service(move |s| {
                service::bridge_refused(s, &account, &send, &reason, &body, crate::now::now())
            })
            .await?;
        self.port.processed(Channel::Xfcc, &p);
        Ok(false)
    }
}
