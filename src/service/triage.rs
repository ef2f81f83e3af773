//! The incident queue, triaged: which incidents wait for the director's
//! ruling and which are only recorded. Most incidents are refusals the
//! service already answered (an illegal move, a stranger's mail): the
//! player was told what was wrong, and the director need not rule unless
//! the same player repeats it in the same game or disputes it. The states
//! are computed from the incidents as stored, never stored themselves: a
//! rule changed here changes the whole queue at once, the console's and
//! the command line's alike.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::str::FromStr;

use jiff::{SignedDuration, Timestamp};

use super::ctx::{Actor, transact};
use super::error::{Result, ServiceError};
use crate::store::{EventId, GameId, GameRow, Incident, IncidentKind, JournalId, PlayerId, Store};

/// How many refusals of one player in one game, within [`REPEAT_WINDOW`],
/// make the last of them wait for the director.
pub const REPEATS: usize = 3;
/// The window in which refusals count as repeated.
pub const REPEAT_WINDOW: SignedDuration = SignedDuration::from_hours(24);
/// How far back the unfiltered queue shows what is no longer waiting.
pub const RECENT: SignedDuration = SignedDuration::from_hours(7 * 24);

/// Where an incident stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    /// Waits for the director's ruling.
    Waiting,
    /// Recorded: answered by the service already (or a held message still
    /// waiting for its code); the director may rule or dismiss it.
    Recorded,
    /// Ruled on, dismissed, or closed by itself.
    Ruled,
}

impl State {
    pub const ALL: [State; 3] = [State::Waiting, State::Recorded, State::Ruled];

    /// The state's name, as the command line and the console's query say it.
    pub fn name(self) -> &'static str {
        match self {
            State::Waiting => "waiting",
            State::Recorded => "recorded",
            State::Ruled => "ruled",
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for State {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        State::ALL
            .into_iter()
            .find(|st| st.name() == s)
            .ok_or_else(|| format!("{s:?}: write waiting, recorded or ruled"))
    }
}

/// A refusal the service answered itself: the player was told what was
/// wrong and can send again. Everything else (a dispute, an echo that does
/// not match, mail held and never confirmed, a radio frame that failed its
/// check, a reply nobody could be sent, the clock, a remote server that
/// disagrees, a silent player) needs the director.
pub fn routine(kind: IncidentKind) -> bool {
    use IncidentKind as K;
    matches!(
        kind,
        K::Illegal
            | K::Ambiguous
            | K::Malformed
            | K::OutOfTurn
            | K::WrongNumber
            | K::UnknownSender
            | K::NotYourGame
            | K::BadPin
            | K::ClaimRefused
            | K::ConditionalRefused
            | K::Flood
            | K::RemoteRefused
    )
}

/// The state of each of `all` (oldest first, as the store lists them), in
/// their order. `held`: the journal entries of messages held and not yet
/// expired (their incidents wait for the player's code, not the director).
pub fn states(all: &[Incident], held: &HashSet<JournalId>) -> Vec<State> {
    all.iter().map(|i| state_of(i, all, held)).collect()
}

fn state_of(i: &Incident, all: &[Incident], held: &HashSet<JournalId>) -> State {
    if i.ruling.is_some() {
        return State::Ruled;
    }
    if i.kind == IncidentKind::Unauthenticated && i.journal_id.is_some_and(|j| held.contains(&j)) {
        return State::Recorded;
    }
    if !routine(i.kind) || repeated(i, all) {
        State::Waiting
    } else {
        State::Recorded
    }
}

/// Whether `i` is the [`REPEATS`]th (or later) routine refusal of its
/// player in its game within [`REPEAT_WINDOW`] up to it.
fn repeated(i: &Incident, all: &[Incident]) -> bool {
    let (Some(player), Some(game)) = (i.player_id, i.game_id) else {
        return false;
    };
    let from = i.created_at - REPEAT_WINDOW;
    let count = all
        .iter()
        .filter(|j| {
            j.player_id == Some(player)
                && j.game_id == Some(game)
                && routine(j.kind)
                && j.created_at > from
                && (j.created_at, j.id) <= (i.created_at, i.id)
        })
        .count();
    count >= REPEATS
}

/// What the queue is filtered by; all `None`: the default view (waiting
/// first, then the last [`RECENT`] days).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    pub state: Option<State>,
    pub kind: Option<IncidentKind>,
    /// About this player, or in one of their games.
    pub player: Option<PlayerId>,
    pub game: Option<GameId>,
    pub event: Option<EventId>,
    /// Recorded at or after.
    pub since: Option<Timestamp>,
    /// Recorded before.
    pub until: Option<Timestamp>,
}

impl Filter {
    fn is_default(&self) -> bool {
        *self == Filter::default()
    }
}

/// An incident's game and its event (id and name), loaded once per queue.
type GameOf = (GameRow, Option<(EventId, String)>);

/// One line of the queue.
#[derive(Debug, Clone)]
pub struct QueueLine {
    pub incident: Incident,
    pub state: State,
    /// Who sent what it is about: the player's name, else the address the
    /// message came from (a stranger's).
    pub sender: Option<String>,
    /// The incident's game's event, by name.
    pub event: Option<String>,
}

/// The queue as `filter` asks: filtered, oldest first; unfiltered, the
/// waiting incidents (oldest first), then the others recorded since
/// [`RECENT`] before `now` (newest first).
pub fn queue(store: &Store, filter: &Filter, now: Timestamp) -> Result<Vec<QueueLine>> {
    let all = store.incidents(filter.game)?;
    let held: HashSet<JournalId> = store.pending_holds(now)?.into_iter().collect();
    let states = states(&all, &held);
    let mut games: HashMap<GameId, Option<GameOf>> = HashMap::new();
    let mut lines = Vec::new();
    for (i, state) in all.into_iter().zip(states) {
        let game = match i.game_id {
            Some(g) => {
                if let Entry::Vacant(e) = games.entry(g) {
                    let row = store.game(g)?;
                    let event = store.event_of(g)?.map(|(e, _)| (e.id, e.name));
                    e.insert(row.map(|r| (r, event)));
                }
                games.get(&g).and_then(Option::as_ref)
            }
            None => None,
        };
        let event = game.and_then(|(_, e)| e.as_ref());
        let kept = filter.state.is_none_or(|s| s == state)
            && filter.kind.is_none_or(|k| k == i.kind)
            && filter.player.is_none_or(|p| {
                i.player_id == Some(p) || game.is_some_and(|(g, _)| g.white == p || g.black == p)
            })
            && filter
                .event
                .is_none_or(|e| event.is_some_and(|(id, _)| *id == e))
            && filter.since.is_none_or(|t| i.created_at >= t)
            && filter.until.is_none_or(|t| i.created_at < t)
            && (!filter.is_default() || state == State::Waiting || i.created_at >= now - RECENT);
        if !kept {
            continue;
        }
        let sender = sender(store, &i)?;
        lines.push(QueueLine {
            event: event.map(|(_, name)| name.clone()),
            incident: i,
            state,
            sender,
        });
    }
    if filter.is_default() {
        // Waiting first, oldest first (a queue); the rest newest first.
        lines.sort_by(|a, b| {
            let waits = |l: &QueueLine| l.state != State::Waiting;
            waits(a).cmp(&waits(b)).then_with(|| {
                if a.state == State::Waiting {
                    a.incident.id.cmp(&b.incident.id)
                } else {
                    b.incident.id.cmp(&a.incident.id)
                }
            })
        });
    }
    Ok(lines)
}

/// The player's name, else the address of the message it came from.
pub fn sender(store: &Store, i: &Incident) -> Result<Option<String>> {
    if let Some(p) = i.player_id
        && let Some(name) = store.player_name(p)?
    {
        return Ok(Some(name));
    }
    Ok(match i.journal_id {
        Some(j) => store.entry(j)?.map(|e| e.sender),
        None => None,
    })
}

/// Dismisses several incidents with one reason, all or none: each must
/// still be open (an incident ruled on since the page was drawn refuses
/// the lot, and nothing is changed). Returns how many were dismissed.
pub fn dismiss_incidents(
    store: &mut Store,
    by: &Actor,
    ids: &[i64],
    reason: &str,
    now: Timestamp,
) -> Result<usize> {
    if ids.is_empty() {
        return Err(ServiceError::Invalid(
            "no incident chosen to dismiss".into(),
        ));
    }
    let text = super::desk::dismissal(reason);
    transact(store, by, now, |ctx| {
        let mut found = Vec::new();
        for &id in ids {
            let i = ctx
                .tx
                .incident(id)?
                .ok_or_else(|| ServiceError::NotFound(format!("no incident {id}")))?;
            found.push(i);
        }
        for i in &found {
            let d = super::desk::ruling(i, &[], &text)?;
            ctx.apply(d.0, None)?;
        }
        Ok(found.len())
    })
}

/// An event by name, for the queue's filter.
pub fn event_id(store: &Store, name: &str) -> Result<EventId> {
    store
        .events()?
        .into_iter()
        .find(|e| super::name::same(&e.name, name))
        .map(|e| e.id)
        .ok_or_else(|| ServiceError::NotFound(format!("no event {name:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store;

    fn incident(id: i64, kind: IncidentKind, hours: i64) -> Incident {
        Incident {
            id,
            game_id: Some(GameId(1)),
            journal_id: Some(JournalId(id)),
            player_id: Some(PlayerId(1)),
            kind,
            detail: String::new(),
            text: None,
            fen: None,
            created_at: Timestamp::UNIX_EPOCH + SignedDuration::from_hours(hours),
            ruling: None,
        }
    }

    #[test]
    fn routine_refusals_wait_only_when_repeated_within_a_day() {
        let all = [
            incident(1, IncidentKind::Illegal, 0),
            incident(2, IncidentKind::OutOfTurn, 30),
            incident(3, IncidentKind::Illegal, 40),
            incident(4, IncidentKind::WrongNumber, 50),
        ];
        let s = states(&all, &HashSet::new());
        // 1 is alone in its day; 4 is the third within 24 hours of 2.
        assert_eq!(
            s,
            [
                State::Recorded,
                State::Recorded,
                State::Recorded,
                State::Waiting
            ]
        );
        let mut other_game = incident(5, IncidentKind::Illegal, 51);
        other_game.game_id = Some(GameId(2));
        assert_eq!(states(&[other_game], &HashSet::new()), [State::Recorded]);
    }

    #[test]
    fn what_needs_the_director_waits_and_a_held_message_waits_for_its_code() {
        let all = [
            incident(1, IncidentKind::Desync, 0),
            incident(2, IncidentKind::Dispute, 0),
            incident(3, IncidentKind::Unauthenticated, 0),
            incident(4, IncidentKind::Unauthenticated, 0),
        ];
        let held = HashSet::from([JournalId(3)]);
        assert_eq!(
            states(&all, &held),
            [
                State::Waiting,
                State::Waiting,
                State::Recorded,
                State::Waiting
            ]
        );
        let mut ruled = incident(5, IncidentKind::Dispute, 0);
        ruled.ruling = Some(store::Ruling {
            text: "dismissed".into(),
            at: Timestamp::UNIX_EPOCH,
            told: String::new(),
        });
        assert_eq!(states(&[ruled], &held), [State::Ruled]);
    }

    #[test]
    fn states_read_back_by_name() {
        for s in State::ALL {
            assert_eq!(s.name().parse::<State>(), Ok(s));
        }
        assert!("open".parse::<State>().is_err());
    }
}
