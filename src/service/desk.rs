//! The director's desk: players found by name, edited and removed,
//! incidents ruled on, replies given up on sent again. Each is decided as a
//! value (writes, the audit entry, notices) and applied in one transaction,
//! so the command line and the web console share the same rules.

use jiff::Timestamp;

use super::ctx::{Actor, transact};
use super::decision::{AuditAction, Decision, To, Write};
use super::error::{Result, ServiceError};
use super::name::{self, Name};
use super::notice::Notice;
use super::reply_address;
use crate::notation::{Lang, Notation};
use crate::protocol::address::{Channel, spelling};
use crate::store::{self, GameId, NewPlayer, Outgoing, Player, PlayerId, ReplyId, Store};

/// How many near names a miss suggests.
const SUGGESTIONS: usize = 3;

/// The player a director names: the exact name, else the one name equal
/// but for case. A miss (or two names equal but for case) is `NotFound`,
/// suggesting the near names.
pub fn find_player(store: &Store, name: &str) -> Result<Player> {
    if let Some(p) = store.player_by_name(name)? {
        return Ok(p);
    }
    let players = store.players()?;
    let folded: Vec<&Player> = players
        .iter()
        .filter(|p| name::same(&p.name, name))
        .collect();
    if let [one] = folded[..] {
        return Ok(one.clone());
    }
    let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
    let near = near_names(name, &names);
    Err(ServiceError::NotFound(if near.is_empty() {
        format!("no player {name:?}")
    } else {
        format!("no player {name:?}; did you mean {}?", near.join(", "))
    }))
}

/// Adds a player and says so if their language has no catalogue (as `lang
/// xx` does), in one transaction. The name must be one (see [`Name`]) and
/// free whatever its case: a name taken is refused.
pub fn add_player(
    store: &mut Store,
    new: &NewPlayer,
    confirm_sms: bool,
    now: Timestamp,
) -> Result<PlayerId> {
    let name: Name = new.name.parse()?;
    let tx = store.write()?;
    let names = tx.player_names()?;
    if let Some(other) = name::taken(&name, names.iter().map(String::as_str)) {
        return Err(ServiceError::Refused(format!(
            "a player named {other:?} exists already (names are the same whatever their case)"
        )));
    }
    let new = NewPlayer {
        name: name.into_string(),
        ..new.clone()
    };
    let id = tx.add_player(&new, now)?;
    if confirm_sms {
        tx.set_confirm_sms(id, true)?;
    }
    super::announce_language(&tx, id, now)?;
    tx.commit()?;
    Ok(id)
}

/// A player who can be given new games: found as [`find_player`] finds
/// them, and not removed.
pub fn playing(store: &Store, name: &str) -> Result<Player> {
    let p = find_player(store, name)?;
    if p.removed_at.is_some() {
        return Err(ServiceError::Refused(format!(
            "{} was removed and plays no new games",
            p.name
        )));
    }
    Ok(p)
}

/// The names most like `name` (case ignored), best first: those within a
/// normalised edit distance a slip of two letters in a short name makes.
fn near_names(name: &str, names: &[&str]) -> Vec<String> {
    let wanted = name.to_lowercase();
    let mut scored: Vec<(f64, &str)> = names
        .iter()
        .map(|n| {
            let n_low = n.to_lowercase();
            let score = if n_low.starts_with(&wanted) || wanted.starts_with(&n_low) {
                1.0
            } else {
                strsim::normalized_damerau_levenshtein(&wanted, &n_low)
            };
            (score, *n)
        })
        .filter(|(score, _)| *score >= 0.5)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(_, n)| n.to_string())
        .collect()
}

/// What `player edit` changes; `None` (or no addresses for a channel)
/// leaves that part as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerEdit {
    /// Each channel named gets exactly these addresses (as written; they are
    /// normalised and checked here).
    pub addresses: Vec<(Channel, Vec<String>)>,
    pub notation: Option<Notation>,
    pub lang: Option<Lang>,
    pub reply_via: Option<Channel>,
    /// An IANA time zone name.
    pub tz: Option<String>,
    /// `Some(Some(hash))` sets a new PIN, `Some(None)` clears it; either
    /// resets the failures and a lock.
    pub pin: Option<Option<String>>,
    /// `Some(Some(hash))` sets a new Xfcc password, `Some(None)` removes
    /// it; either resets the failed logins and a lock.
    pub xfcc_password: Option<Option<String>>,
    /// Why, for the audit trail.
    pub reason: String,
}

/// Edits a player, audited with what changed; returns the changes
/// (`field: old -> new`). An edit that changes nothing is refused.
pub fn edit_player(
    store: &mut Store,
    by: &Actor,
    player: PlayerId,
    edit: &PlayerEdit,
    now: Timestamp,
) -> Result<Vec<String>> {
    transact(store, by, now, |ctx| {
        let p = existing_player(ctx.tx, player)?;
        let (d, changes) = edited(&p, edit)?;
        ctx.apply(d, None)?;
        Ok(changes)
    })
}

fn existing_player(store: &Store, id: PlayerId) -> Result<Player> {
    store
        .player(id)?
        .ok_or_else(|| ServiceError::NotFound(format!("no player #{id}")))
}

/// The writes of an edit and what it changes, checked: addresses
/// normalised, the time zone known, a removed player left alone.
fn edited(p: &Player, edit: &PlayerEdit) -> Result<(Decision, Vec<String>)> {
    if p.removed_at.is_some() {
        return Err(ServiceError::Refused(format!(
            "{} was removed; add a new player instead",
            p.name
        )));
    }
    let invalid = ServiceError::Invalid;
    let mut d = Decision::default();
    let mut changes = Vec::new();
    for (channel, raws) in &edit.addresses {
        let mut new = Vec::new();
        for raw in raws {
            new.push(spelling(*channel, raw).map_err(|e| invalid(e.to_string()))?);
        }
        let old: Vec<String> = p
            .addresses
            .iter()
            .filter(|(c, _)| c == channel)
            .map(|(_, a)| a.clone())
            .collect();
        if old != new {
            changes.push(format!("{channel}: {} -> {}", shown(&old), shown(&new)));
            d = d.write(Write::Addresses {
                player: p.id,
                channel: *channel,
                addresses: new,
            });
        }
    }
    if let Some(tz) = &edit.tz
        && crate::game::clock::zone(tz).is_err()
    {
        return Err(invalid(format!(
            "unknown time zone {tz:?}; use an IANA name such as Europe/Berlin"
        )));
    }
    let profile = store::Profile {
        notation: edit.notation.unwrap_or(p.notation),
        lang: edit.lang.unwrap_or(p.lang),
        reply_via: edit.reply_via.or(p.reply_via),
        tz: edit.tz.clone().unwrap_or_else(|| p.tz.clone()),
    };
    let was = |c: Option<Channel>| c.map_or("-".to_string(), |c| c.to_string());
    for (field, old, new) in [
        (
            "notation",
            p.notation.to_string(),
            profile.notation.to_string(),
        ),
        (
            "lang",
            p.lang.code().to_string(),
            profile.lang.code().to_string(),
        ),
        ("reply via", was(p.reply_via), was(profile.reply_via)),
        ("time zone", p.tz.clone(), profile.tz.clone()),
    ] {
        if old != new {
            changes.push(format!("{field}: {old} -> {new}"));
        }
    }
    if changes.len() > d.writes.len() {
        d = d.write(Write::Profile(p.id, profile));
    }
    // A secret set (its hash) or removed: said in the changes, written.
    let secrets = [
        (
            &edit.pin,
            ["PIN set", "PIN cleared"],
            Write::Pin as fn(_, _) -> _,
        ),
        (
            &edit.xfcc_password,
            ["Xfcc password set", "Xfcc password removed"],
            Write::XfccPassword,
        ),
    ];
    for (hash, [set, removed], write) in secrets {
        if let Some(hash) = hash {
            changes.push(if hash.is_some() { set } else { removed }.to_string());
            d = d.write(write(p.id, hash.clone()));
        }
    }
    if changes.is_empty() {
        return Err(invalid(format!("nothing to change for {}", p.name)));
    }
    let d = d.write(Write::Audit {
        game: None,
        player: Some(p.id),
        action: AuditAction::PlayerEdit,
        reason: edit.reason.clone(),
        detail: changes.join("; "),
    });
    Ok((d, changes))
}

fn shown(addresses: &[String]) -> String {
    if addresses.is_empty() {
        "-".into()
    } else {
        addresses.join(", ")
    }
}

/// What a removal did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Removed {
    /// Deleted outright (no game, no event); otherwise retired: kept by name
    /// for their finished games, with no address left.
    pub deleted: bool,
}

/// Removes a player, audited; refused while they have a game in progress.
pub fn remove_player(
    store: &mut Store,
    by: &Actor,
    player: PlayerId,
    reason: &str,
    now: Timestamp,
) -> Result<Removed> {
    transact(store, by, now, |ctx| {
        let tx = ctx.tx;
        let p = existing_player(tx, player)?;
        let active: Vec<GameId> = tx.games_of(player, true)?.iter().map(|g| g.id).collect();
        let deleted = !tx.has_record(player)?;
        let d = removal(&p, &active, reason)?;
        ctx.apply(d, None)?;
        Ok(Removed { deleted })
    })
}

/// A removal: refused while `active` games are in progress or if done
/// already; otherwise the removal and its audit entry.
fn removal(p: &Player, active: &[GameId], reason: &str) -> Result<Decision> {
    if p.removed_at.is_some() {
        return Err(ServiceError::Refused(format!(
            "{} was removed already",
            p.name
        )));
    }
    if !active.is_empty() {
        let games: Vec<String> = active.iter().map(ToString::to_string).collect();
        return Err(ServiceError::Refused(format!(
            "{} has games in progress ({}); finish, adjudicate or withdraw them first",
            p.name,
            games.join(", ")
        )));
    }
    let addresses: Vec<String> = p
        .addresses
        .iter()
        .map(|(c, a)| format!("{c} {a}"))
        .collect();
    Ok(Decision::default()
        .write(Write::RemovePlayer(p.id))
        .write(Write::Audit {
            game: None,
            player: Some(p.id),
            action: AuditAction::PlayerRemove,
            reason: reason.to_string(),
            detail: format!("{}; addresses {}", p.name, shown(&addresses)),
        }))
}

/// Whom a ruling is sent to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tell {
    /// Nobody: recorded only.
    Nobody,
    /// The player the incident is about.
    Player,
    /// Both players of the incident's game (the incident's player if it is
    /// about no game).
    Players,
}

impl std::str::FromStr for Tell {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "nobody" | "none" => Ok(Tell::Nobody),
            "player" => Ok(Tell::Player),
            "players" | "both" => Ok(Tell::Players),
            _ => Err(format!("{s:?}: write nobody, player or players")),
        }
    }
}

/// What a ruling did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruled {
    /// The names of the players told (those with an address to reach).
    pub told: Vec<String>,
}

/// Records the director's ruling on an incident, tells whom `tell` says,
/// and audits it with its text and who was told. An incident ruled on
/// already keeps its ruling.
pub fn rule_incident(
    store: &mut Store,
    by: &Actor,
    incident: i64,
    text: &str,
    tell: Tell,
    now: Timestamp,
) -> Result<Ruled> {
    transact(store, by, now, |ctx| {
        let tx = ctx.tx;
        let i = tx
            .incident(incident)?
            .ok_or_else(|| ServiceError::NotFound(format!("no incident {incident}")))?;
        let mut ids = Vec::new();
        let game = match i.game_id {
            Some(g) => tx.game(g)?,
            None => None,
        };
        match (tell, &game) {
            (Tell::Nobody, _) => {}
            (Tell::Players, Some(g)) => ids.extend([g.white, g.black]),
            (Tell::Player | Tell::Players, _) => ids.extend(i.player_id),
        }
        let mut recipients = Vec::new();
        for id in ids {
            recipients.extend(tx.player(id)?);
        }
        let (d, told) = ruling(&i, &recipients, text)?;
        ctx.apply(d, None)?;
        Ok(Ruled { told })
    })
}

/// Closes an incident with no action taken: its ruling says it was
/// dismissed, with the reason when one is given; nobody is told (the
/// director reads rulings in English, like incidents).
pub fn dismiss_incident(
    store: &mut Store,
    by: &Actor,
    incident: i64,
    reason: &str,
    now: Timestamp,
) -> Result<()> {
    rule_incident(store, by, incident, &dismissal(reason), Tell::Nobody, now).map(drop)
}

/// A dismissal's ruling text, with the reason when one is given.
pub(super) fn dismissal(reason: &str) -> String {
    match reason.trim() {
        "" => "dismissed".to_string(),
        why => format!("dismissed: {why}"),
    }
}

/// A ruling: its record on the incident, the audit entry, the notice to
/// each recipient who can be reached. Refused if ruled on already or empty.
pub(super) fn ruling(
    i: &store::Incident,
    recipients: &[Player],
    text: &str,
) -> Result<(Decision, Vec<String>)> {
    if let Some(r) = &i.ruling {
        return Err(ServiceError::Refused(format!(
            "incident {} was ruled on at {}: {}",
            i.id, r.at, r.text
        )));
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(ServiceError::Invalid(
            "a ruling needs its text (--decision)".into(),
        ));
    }
    let reached: Vec<&Player> = recipients
        .iter()
        .filter(|p| reply_address(p).is_some())
        .collect();
    let told: Vec<String> = reached.iter().map(|p| p.name.clone()).collect();
    let mut d = Decision {
        game: i.game_id,
        ..Decision::default()
    }
    .write(Write::Ruling {
        incident: i.id,
        text: text.to_string(),
        told: told.join(", "),
    })
    .write(Write::Audit {
        game: i.game_id,
        player: i.player_id,
        action: AuditAction::Ruling,
        reason: text.to_string(),
        detail: format!(
            "incident {} ({}); told {}",
            i.id,
            i.kind,
            if told.is_empty() {
                "nobody".to_string()
            } else {
                told.join(", ")
            }
        ),
    });
    for p in reached {
        let notice = Notice::Ruling {
            incident: i.id,
            ruling: text.to_string(),
        };
        d = d.tell(To::Player(p.clone()), notice);
    }
    Ok((d, told))
}

/// Sends a reply given up on again, due now with a fresh count of attempts,
/// audited.
pub fn retry_reply(store: &mut Store, by: &Actor, reply: ReplyId, now: Timestamp) -> Result<()> {
    transact(store, by, now, |ctx| {
        let entry = ctx
            .tx
            .reply(reply)?
            .ok_or_else(|| ServiceError::NotFound(format!("no reply {reply}")))?;
        ctx.apply(retried(&entry)?, None).map(drop)
    })
}

/// A retry: only of a reply given up on and never sent.
fn retried(entry: &Outgoing) -> Result<Decision> {
    if entry.failed_at.is_none() || entry.sent_at.is_some() {
        return Err(ServiceError::Refused(format!(
            "reply {} was not given up on; only those are sent again",
            entry.id
        )));
    }
    Ok(Decision::default()
        .write(Write::Retry(entry.id))
        .write(Write::Audit {
            game: entry.game_id,
            player: entry.player_id,
            action: AuditAction::Retry,
            reason: "sent again by the director".into(),
            detail: format!("reply {} to {} {}", entry.id, entry.channel, entry.to),
        }))
}

#[cfg(test)]
mod tests {
    use super::super::decision::fixture::player;
    use super::*;
    use crate::store::IncidentKind;

    fn incident(player: Option<PlayerId>) -> store::Incident {
        store::Incident {
            id: 4,
            game_id: Some(GameId(1)),
            journal_id: None,
            player_id: player,
            kind: IncidentKind::Silence,
            detail: "silent for 40 days".into(),
            text: None,
            fen: None,
            created_at: Timestamp::UNIX_EPOCH,
            ruling: None,
        }
    }

    #[test]
    fn a_miss_suggests_the_near_names_and_case_is_ignored() {
        let names = ["Anna", "Boris", "Annette", "Zoe"];
        assert_eq!(near_names("anan", &names), ["Anna"]);
        assert_eq!(near_names("ann", &names), ["Anna", "Annette"]);
        assert!(near_names("Xavier", &names).is_empty());
    }

    #[test]
    fn an_edit_writes_only_what_changes_and_audits_it() {
        let p = player(1, "anna");
        let edit = PlayerEdit {
            addresses: vec![(Channel::Email, vec!["Anna <ANNA@example.net>".into()])],
            lang: Some(Lang::De),
            notation: Some(Notation::San),
            pin: Some(None),
            xfcc_password: Some(Some("$argon2id$x".into())),
            reason: "new address".into(),
            ..PlayerEdit::default()
        };
        let (d, changes) = edited(&p, &edit).expect("an edit");
        assert_eq!(
            changes,
            [
                "email: anna@example.org -> ANNA@example.net",
                "lang: en -> de",
                "PIN cleared",
                "Xfcc password set"
            ]
        );
        assert!(
            matches!(&d.writes[0], Write::Addresses { addresses, .. } if addresses == &["ANNA@example.net"])
        );
        assert!(
            matches!(&d.writes[1], Write::Profile(_, pr) if pr.lang == Lang::De && pr.notation == Notation::San)
        );
        assert_eq!(d.writes[2], Write::Pin(PlayerId(1), None));
        assert_eq!(
            d.writes[3],
            Write::XfccPassword(PlayerId(1), Some("$argon2id$x".into()))
        );
        assert!(matches!(
            &d.writes[4],
            Write::Audit {
                action: AuditAction::PlayerEdit,
                player: Some(PlayerId(1)),
                ..
            }
        ));
        let same = PlayerEdit {
            lang: Some(Lang::En),
            ..PlayerEdit::default()
        };
        assert!(
            matches!(edited(&p, &same), Err(ServiceError::Invalid(why)) if why.starts_with("nothing to change"))
        );
        let bad = PlayerEdit {
            tz: Some("Mars/Olympus".into()),
            ..PlayerEdit::default()
        };
        assert!(edited(&p, &bad).is_err());
    }

    #[test]
    fn a_player_with_games_in_progress_is_not_removed() {
        let p = player(1, "anna");
        assert!(
            matches!(removal(&p, &[GameId(3)], "left"), Err(ServiceError::Refused(why)) if why.contains("(3)"))
        );
        let d = removal(&p, &[], "left the club").expect("removed");
        assert_eq!(d.writes[0], Write::RemovePlayer(PlayerId(1)));
    }

    #[test]
    fn a_ruling_is_recorded_once_audited_and_told_to_those_reachable() {
        let mut unreachable = player(2, "boris");
        unreachable.addresses.clear();
        let recipients = [player(1, "anna"), unreachable];
        let (d, told) =
            ruling(&incident(Some(PlayerId(1))), &recipients, " warning given ").expect("ruled");
        assert_eq!(told, ["anna"]);
        assert_eq!(
            d.writes[0],
            Write::Ruling {
                incident: 4,
                text: "warning given".into(),
                told: "anna".into()
            }
        );
        assert!(
            matches!(&d.writes[1], Write::Audit { action: AuditAction::Ruling, detail, .. } if detail == "incident 4 (silence); told anna")
        );
        assert_eq!(d.notices.len(), 1);
        let mut ruled = incident(None);
        ruled.ruling = Some(store::Ruling {
            text: "dismissed".into(),
            at: Timestamp::UNIX_EPOCH,
            told: String::new(),
        });
        assert!(ruling(&ruled, &[], "again").is_err());
        assert!(ruling(&incident(None), &[], "  ").is_err());
    }
}
