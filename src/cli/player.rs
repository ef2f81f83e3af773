//! `player add|edit|remove|list|show`: the desk's player commands.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use serde::Serialize;

use super::common::{CommandError, Location, create, made, now, open, print, print_json};
use crate::escape::shown;
use crate::notation::{Lang, Notation};
use crate::protocol::address::{Channel, spelling};
use crate::read::names::name_of;
use crate::service::{self, Name, PlayerEdit};
use crate::store::{self, NewPlayer, Player, Store};

/// The flags `player add` and `player edit` share.
#[derive(Args, Debug)]
pub struct ProfileFlags {
    /// Email addresses (edit: replaces all of them).
    #[arg(long)]
    email: Vec<String>,
    /// Phone numbers for SMS, with the country code (edit: replaces all).
    #[arg(long)]
    phone: Vec<String>,
    /// Radio callsigns (edit: replaces all).
    #[arg(long)]
    callsign: Vec<String>,
    /// Notation of replies (and, for uedemann/uedemann-hw, of the player's
    /// codes); add: default san.
    #[arg(long)]
    notation: Option<Notation>,
    /// Language of replies; add: default en.
    #[arg(long)]
    lang: Option<Lang>,
    /// Preferred channel for notices: email, sms or radio.
    #[arg(long)]
    reply_via: Option<Channel>,
    /// IANA time zone, e.g. Europe/Berlin; add: default UTC.
    #[arg(long)]
    tz: Option<String>,
    /// A file holding the player's PIN (never on the command line); edit:
    /// a new PIN, failures and a lock forgotten.
    #[arg(long)]
    pin_file: Option<PathBuf>,
}

impl ProfileFlags {
    /// The PIN's hash from `--pin-file`, if given.
    fn pin_hash(&self) -> Result<Option<String>, CommandError> {
        let Some(path) = &self.pin_file else {
            return Ok(None);
        };
        std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|p| service::hash_pin(&p).map_err(|e| e.to_string()))
            .map(Some)
            .map_err(|e| CommandError::Input(format!("PIN from {}: {e}", path.display())))
    }

    /// The addresses given, by channel, as written.
    fn addresses(&self) -> [(Channel, &Vec<String>); 3] {
        [
            (Channel::Email, &self.email),
            (Channel::Sms, &self.phone),
            (Channel::Radio, &self.callsign),
        ]
    }
}

#[derive(Subcommand, Debug)]
pub enum PlayerCommand {
    /// Register a player: says so on standard error; prints the id alone
    /// on standard output when that is not a terminal.
    Add {
        /// The player's name: one line, at most 64 characters, not taken
        /// by another player whatever its case.
        name: Name,
        #[command(flatten)]
        flags: ProfileFlags,
        /// Hold the player's SMS for confirmation (a code sent back to
        /// their number) unless they carry the PIN: for networks where
        /// sender numbers can be spoofed.
        #[arg(long)]
        confirm_sms: bool,
        /// Print the player as an object of `player list --json`, instead
        /// of the id.
        #[arg(long)]
        json: bool,
    },
    /// Every player: addresses, notation, language, games.
    List {
        /// Print JSON for scripts instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// One player: profile, addresses, PIN state, games, leave.
    Show {
        /// The player's name, in any case.
        name: String,
        /// Print JSON for scripts instead of the text.
        #[arg(long)]
        json: bool,
    },
    /// Change a player: the flags of `player add` (an address flag replaces
    /// that channel's addresses), `--clear-pin`. Audited.
    Edit {
        /// The player's name, in any case.
        name: String,
        #[command(flatten)]
        flags: ProfileFlags,
        /// Remove the PIN (failures and a lock forgotten).
        #[arg(long, conflicts_with = "pin_file")]
        clear_pin: bool,
        /// A file holding the player's Xfcc password, for ChessBase, Scid
        /// and other correspondence programs (their login is the player's
        /// name); failed logins and a lock forgotten.
        #[arg(long)]
        xfcc_password_file: Option<PathBuf>,
        /// Remove the Xfcc password: the programs can no longer log in.
        #[arg(long, conflicts_with = "xfcc_password_file")]
        clear_xfcc_password: bool,
        /// Why, for the audit trail.
        #[arg(long, default_value = "edited by the director")]
        reason: String,
    },
    /// Remove a player with no game in progress: deleted if they never
    /// played, else kept by name for their games with no address. Audited.
    Remove {
        /// The player's name, in any case.
        name: String,
        /// Why, for the audit trail.
        #[arg(long, default_value = "removed by the director")]
        reason: String,
    },
}

pub fn player(loc: Location, cmd: PlayerCommand) -> Result<(), CommandError> {
    match cmd {
        PlayerCommand::Add {
            name,
            flags,
            confirm_sms,
            json,
        } => add_player(loc, name, &flags, (confirm_sms, json)),
        PlayerCommand::List { json } => {
            let store = open(loc)?;
            let mut rows = Vec::new();
            for p in store.players()? {
                rows.push(player_json(&store, &p)?);
            }
            if json {
                return print_json(&rows);
            }
            let mut out =
                String::from("ID\tNAME\tNOTATION\tLANG\tREPLY VIA\tTZ\tPIN\tGAMES\tADDRESSES\n");
            for r in &rows {
                out.push_str(&format!(
                    "{}\t{}{}\t{}\t{}\t{}\t{}\t{}\t{}/{}\t{}\n",
                    r.id,
                    shown(&r.name, false),
                    if r.removed { " (removed)" } else { "" },
                    r.notation,
                    r.lang,
                    r.reply_via.unwrap_or("-"),
                    r.tz,
                    if r.pin { "yes" } else { "no" },
                    r.active_games,
                    r.games,
                    r.addresses
                        .iter()
                        .map(|a| format!("{} {}", a.channel, shown(&a.address, false)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            print(&out)?;
            Ok(())
        }
        PlayerCommand::Show { name, json } => {
            let store = open(loc)?;
            let p = service::find_player(&store, &name)?;
            let detail = player_detail(&store, &p)?;
            if json {
                return print_json(&detail);
            }
            print(&show_player(&detail))?;
            Ok(())
        }
        PlayerCommand::Edit {
            name,
            flags,
            clear_pin,
            xfcc_password_file,
            clear_xfcc_password,
            reason,
        } => {
            let pin = match flags.pin_hash()? {
                Some(h) => Some(Some(h)),
                None if clear_pin => Some(None),
                None => None,
            };
            let xfcc_password = match &xfcc_password_file {
                Some(path) => Some(Some(
                    std::fs::read_to_string(path)
                        .map_err(|e| e.to_string())
                        // The file's last line break is not the password's.
                        .and_then(|p| {
                            service::hash_xfcc_password(p.trim_end_matches(['\n', '\r']))
                                .map_err(|e| e.to_string())
                        })
                        .map_err(|e| {
                            CommandError::Input(format!(
                                "Xfcc password from {}: {e}",
                                path.display()
                            ))
                        })?,
                )),
                None if clear_xfcc_password => Some(None),
                None => None,
            };
            let edit = PlayerEdit {
                addresses: flags
                    .addresses()
                    .into_iter()
                    .filter(|(_, list)| !list.is_empty())
                    .map(|(c, list)| (c, list.clone()))
                    .collect(),
                notation: flags.notation,
                lang: flags.lang,
                reply_via: flags.reply_via,
                tz: flags.tz.clone(),
                pin,
                xfcc_password,
                reason,
            };
            let mut store = open(loc)?;
            let p = service::find_player(&store, &name)?;
            let changes =
                service::edit_player(&mut store, &service::Actor::Operator, p.id, &edit, now())?;
            print(&format!("{}: {}\n", p.name, changes.join("; ")))?;
            Ok(())
        }
        PlayerCommand::Remove { name, reason } => {
            let mut store = open(loc)?;
            let p = service::find_player(&store, &name)?;
            let removed = service::remove_player(
                &mut store,
                &service::Actor::Operator,
                p.id,
                &reason,
                now(),
            )?;
            print(&format!(
                "{}: {}\n",
                p.name,
                if removed.deleted {
                    "deleted"
                } else {
                    "removed (kept for the record of their games)"
                }
            ))?;
            Ok(())
        }
    }
}

fn add_player(
    loc: Location,
    name: Name,
    flags: &ProfileFlags,
    (confirm_sms, json): (bool, bool),
) -> Result<(), CommandError> {
    let mut addresses = Vec::new();
    for (channel, raws) in flags.addresses() {
        for raw in raws {
            let addr = spelling(channel, raw).map_err(|e| CommandError::Input(e.to_string()))?;
            addresses.push((channel, addr));
        }
    }
    let tz = flags.tz.clone().unwrap_or_else(|| "UTC".into());
    if crate::game::clock::zone(&tz).is_err() {
        return Err(CommandError::Input(format!(
            "unknown time zone {tz:?}; use an IANA name such as Europe/Berlin"
        )));
    }
    let new = NewPlayer {
        name: name.into_string(),
        notation: flags.notation.unwrap_or(Notation::San),
        lang: flags.lang.unwrap_or(Lang::En),
        reply_via: flags.reply_via,
        tz,
        pin_hash: flags.pin_hash()?,
        addresses,
    };
    let mut store = create(loc)?;
    let id = service::add_player(&mut store, &new, confirm_sms, now())?;
    let sentence = format!("player {id} {} added", shown(&new.name, false));
    let detail = match (json, store.player(id)?) {
        (true, Some(p)) => Some(player_json(&store, &p)?),
        _ => None,
    };
    made(&sentence, id, detail.as_ref())
}

#[derive(Serialize)]
struct AddressJson {
    channel: Channel,
    address: String,
}

/// `player list --json`: one object per player.
#[derive(Serialize)]
struct PlayerJson {
    id: i64,
    name: String,
    notation: String,
    lang: &'static str,
    reply_via: Option<&'static str>,
    tz: String,
    addresses: Vec<AddressJson>,
    /// Whether a PIN is set.
    pin: bool,
    /// Whether an Xfcc password is set (the correspondence programs' login).
    xfcc: bool,
    games: usize,
    active_games: usize,
    removed: bool,
}

fn player_json(store: &Store, p: &Player) -> store::Result<PlayerJson> {
    let games = store.games_of(p.id, false)?;
    Ok(PlayerJson {
        id: p.id.0,
        name: p.name.clone(),
        notation: p.notation.to_string(),
        lang: p.lang.code(),
        reply_via: p.reply_via.map(Channel::name),
        tz: p.tz.clone(),
        addresses: p
            .addresses
            .iter()
            .map(|(channel, address)| AddressJson {
                channel: *channel,
                address: address.clone(),
            })
            .collect(),
        pin: p.pin_hash.is_some(),
        xfcc: store.has_xfcc_password(p.id)?,
        active_games: games.iter().filter(|g| !g.finished).count(),
        games: games.len(),
        removed: p.removed_at.is_some(),
    })
}

/// `player show --json`: the list's object, with the games and leaves.
#[derive(Serialize)]
struct PlayerDetail {
    #[serde(flatten)]
    player: PlayerJson,
    games: Vec<PlayerGame>,
    leaves: Vec<LeaveJson>,
}

#[derive(Serialize)]
struct PlayerGame {
    id: i64,
    color: &'static str,
    opponent: String,
    result: &'static str,
}

#[derive(Serialize)]
struct LeaveJson {
    from: String,
    until: Option<String>,
}

fn player_detail(store: &Store, p: &Player) -> store::Result<PlayerDetail> {
    let mut games = Vec::new();
    for g in store.games_of(p.id, false)? {
        let white = g.white == p.id;
        games.push(PlayerGame {
            id: g.id.0,
            color: if white { "white" } else { "black" },
            opponent: name_of(store, if white { g.black } else { g.white }),
            result: g.result.map_or("*", |r| r.as_str()),
        });
    }
    let leaves = store
        .leaves(p.id)?
        .into_iter()
        .map(|l| LeaveJson {
            from: l.leave.from.to_string(),
            until: l.leave.until.map(|d| d.to_string()),
        })
        .collect();
    Ok(PlayerDetail {
        player: player_json(store, p)?,
        games,
        leaves,
    })
}

fn show_player(d: &PlayerDetail) -> String {
    let p = &d.player;
    let mut out = format!(
        "Player {}: {}{}\n  notation {}, language {}, replies via {}, time zone {}\n  PIN: {}, Xfcc password: {}\n",
        p.id,
        shown(&p.name, false),
        if p.removed { " (removed)" } else { "" },
        p.notation,
        p.lang,
        p.reply_via.unwrap_or("the first address"),
        p.tz,
        if p.pin { "set" } else { "none" },
        if p.xfcc { "set" } else { "none" }
    );
    out.push_str("Addresses:\n");
    for a in &p.addresses {
        out.push_str(&format!("  {} {}\n", a.channel, shown(&a.address, false)));
    }
    out.push_str("Games:\n");
    for g in &d.games {
        out.push_str(&format!(
            "  {}\t{}\tagainst {}\t{}\n",
            g.id,
            g.color,
            shown(&g.opponent, false),
            g.result
        ));
    }
    out.push_str("Leave:\n");
    for l in &d.leaves {
        out.push_str(&format!(
            "  {} to {}\n",
            l.from,
            l.until.as_deref().unwrap_or("further notice")
        ));
    }
    out
}
