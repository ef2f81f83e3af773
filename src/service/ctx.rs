//! The transaction object: the one way the service touches the store. It
//! carries who acts and what was decided so far (steps for the journal,
//! replies for the outbox); [`Ctx::run`] runs a rule in it and queues the
//! replies, [`transact`] does so in a transaction of its own.

use jiff::Timestamp;

use super::error::{Result, ServiceError};
use super::flush::Pending;
use super::steps::Step;
use super::{Loaded, Rules, load_game};
use crate::protocol::address::Channel;
use crate::store::{GameId, JournalId, Outgoing, Store, Tx};

/// Who acts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// The sender of a message, by their (normalised) address on its channel.
    Sender { channel: Channel, address: String },
    /// The operator at the command line: the director's actions.
    Operator,
    /// A director signed in to the web console, by name: the same actions,
    /// audited with the name.
    Director(String),
    /// ccgate itself: the clock sweep, a conditional move, a reply given up.
    System,
}

impl Actor {
    /// The director's name the audit records, for the web console's acts.
    pub fn director(&self) -> Option<&str> {
        match self {
            Actor::Director(name) => Some(name),
            _ => None,
        }
    }
}

/// One message's (or one sweep's, one director's action's) work: the store
/// transaction every write goes through, who acts, and what was decided so
/// far (steps for the journal, replies for the outbox).
pub(super) struct Ctx<'c, 's> {
    pub(super) tx: &'c Tx<'s>,
    /// The inbound message being processed; `None` for the clock sweep and
    /// the director's actions.
    pub(super) journal_id: Option<JournalId>,
    pub(super) actor: Actor,
    pub(super) now: Timestamp,
    /// What was done, step by step, for the journal.
    pub(super) steps: Vec<Step>,
    /// Replies decided so far, queued by [`Ctx::flush`].
    pub(super) replies: Vec<Pending>,
    /// A game as this transaction last left it (a move line's), so the
    /// sheets need not replay it again.
    pub(super) latest: Option<Loaded>,
    /// The operator's rules: the bound on replies per sender address.
    pub(super) rules: Rules,
    /// The games the inbound message's thread names, nearest first
    /// ([`Inbound::thread`](super::Inbound::thread)).
    pub(super) thread: Vec<GameId>,
}

/// What a rule run in a context did: its value, the journal's steps, and
/// the replies as queued.
pub(super) struct Done<T> {
    pub(super) value: T,
    pub(super) steps: Vec<Step>,
    pub(super) replies: Vec<Outgoing>,
}

impl<'c, 's> Ctx<'c, 's> {
    /// A context for work no inbound message caused (the clock sweep, the
    /// director's actions): notices go to each player's preferred channel.
    pub(super) fn unprompted(tx: &'c Tx<'s>, actor: Actor, now: Timestamp) -> Self {
        Ctx {
            tx,
            journal_id: None,
            actor,
            now,
            steps: Vec::new(),
            replies: Vec::new(),
            latest: None,
            rules: Rules::default(),
            thread: Vec::new(),
        }
    }

    /// Runs `rule` in this context (it applies what it decides) and queues
    /// the replies decided: the one sequence every piece of work shares.
    pub(super) fn run<T>(mut self, rule: impl FnOnce(&mut Self) -> Result<T>) -> Result<Done<T>> {
        let value = rule(&mut self)?;
        let replies = self.flush()?;
        Ok(Done {
            value,
            steps: self.steps,
            replies,
        })
    }

    pub(super) fn load_existing(&self, id: GameId) -> Result<Loaded> {
        self.load(id)?
            .ok_or_else(|| ServiceError::NotFound(format!("no game {id}")))
    }

    pub(super) fn load(&self, id: GameId) -> Result<Option<Loaded>> {
        Ok(load_game(self.tx, id)?)
    }
}

/// Runs `rule` as `actor` in a write transaction of its own: the
/// transaction opened, the context built, the rule run (it applies what it
/// decides), the replies queued, the transaction committed.
pub(super) fn transact<T>(
    store: &mut Store,
    actor: &Actor,
    now: Timestamp,
    rule: impl FnOnce(&mut Ctx<'_, '_>) -> Result<T>,
) -> Result<T> {
    let tx = store.write()?;
    let done = Ctx::unprompted(&tx, actor.clone(), now).run(rule)?;
    tx.commit()?;
    Ok(done.value)
}
