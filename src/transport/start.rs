//! How every channel starts: from its own settings and one [`Context`]
//! (the service port, its bell, the stop, its slot on /health). Each
//! channel implements [`Channel`] in its own module; the daemon starts
//! whatever the configuration enables, each as an [`Enabled`], by one loop.
//! A new channel is its folder, its settings and one line where the
//! configuration lists the enabled channels.

use std::future::Future;

use futures::future::BoxFuture;
use tokio::sync::watch;

use crate::metrics::LinkSlot;
use crate::transport::port::{ServicePort, Wakers};

/// What a channel runs with besides its settings.
pub struct Context<W = ()> {
    /// The game service and the store.
    pub port: ServicePort,
    /// Rung when replies were queued for the channel (`()`: it has no bell).
    pub wake: W,
    /// Turns true when the daemon stops.
    pub stop: watch::Receiver<bool>,
    /// How the channel's connection stands, for /health: registered under
    /// [`Channel::NAME`] when the channel is [`Channel::LINKED`], else a
    /// slot nobody reads.
    pub link: LinkSlot,
}

impl Context {
    /// The daemon's context, built once: each channel's own is made from
    /// it ([`Context::of`]).
    pub fn new(port: ServicePort, stop: watch::Receiver<bool>) -> Context {
        Context {
            port,
            wake: (),
            stop,
            link: LinkSlot::default(),
        }
    }

    /// The context of channel `C`: its bell, and its slot on /health if it
    /// shows one.
    pub fn of<C: Channel>(&self) -> Context<C::Wake> {
        Context {
            port: self.port.clone(),
            wake: C::wake(&self.port.wake),
            stop: self.stop.clone(),
            link: if C::LINKED {
                self.port.metrics.link_slot(C::NAME)
            } else {
                LinkSlot::default()
            },
        }
    }
}

/// Why a channel could not start (a directory that cannot be made, a TLS
/// setup refused): each channel's own error, boxed.
pub type StartError = Box<dyn std::error::Error + Send + Sync>;

/// A channel, started from its settings (`self`).
pub trait Channel: Send + Sized + 'static {
    /// The channel's name: its key on /health when it is [`Self::LINKED`].
    const NAME: &'static str;
    /// Whether /health shows how its connection stands (a supervised
    /// connection: IMAP, the modem, the radio line).
    const LINKED: bool = false;
    /// What wakes it when replies were queued for it.
    type Wake: Send + 'static;

    /// Its bell among the port's.
    fn wake(bells: &Wakers) -> Self::Wake;

    /// Prepares the channel (an error here stops the daemon from
    /// starting) and returns its run, which ends when `cx.stop` turns true
    /// (or, for a connection that gives up, when it does).
    fn start(
        self,
        cx: Context<Self::Wake>,
    ) -> Result<impl Future<Output = ()> + Send + 'static, StartError>;
}

/// A channel's run once started: a task for the daemon to spawn.
pub type Run = BoxFuture<'static, ()>;

/// How a channel of any kind is started: [`Channel::start`] in its context.
type Starter = Box<dyn FnOnce(&Context) -> Result<Run, StartError> + Send>;

/// A channel the configuration enables, whatever its kind, ready to start.
pub struct Enabled(Starter);

impl Enabled {
    pub fn new<C: Channel>(channel: C) -> Enabled {
        Enabled(Box::new(move |cx: &Context| {
            let run = channel.start(cx.of::<C>())?;
            Ok(Box::pin(run) as Run)
        }))
    }

    /// Starts the channel in `cx`: its run, to spawn.
    pub fn start(self, cx: &Context) -> Result<Run, StartError> {
        (self.0)(cx)
    }
}
