//! The crash test's players, games and messages: moves of real games in the
//! sender's notation and language, interleaved across the games, with exact
//! repeats, moves sent again under a new id, illegal moves and moves out of
//! turn among them.

use super::*;

pub(super) struct Who {
    pub(super) name: &'static str,
    pub(super) addr: &'static str,
    pub(super) notation: Notation,
    pub(super) lang: Lang,
}

pub(super) const PLAYERS: [Who; 4] = [
    Who {
        name: "Anna",
        addr: "anna@example.org",
        notation: Notation::Iccf,
        lang: Lang::De,
    },
    Who {
        name: "Boris",
        addr: "boris@example.org",
        notation: Notation::San,
        lang: Lang::En,
    },
    Who {
        name: "Carl",
        addr: "carl@example.org",
        notation: Notation::Uedemann,
        lang: Lang::En,
    },
    Who {
        name: "Dora",
        addr: "dora@example.org",
        notation: Notation::Lan,
        lang: Lang::Fr,
    },
];

/// (white, black) of game k, indices into [`PLAYERS`].
pub(super) const PAIRS: [(usize, usize); 12] = [
    (0, 1),
    (1, 2),
    (2, 3),
    (3, 0),
    (0, 2),
    (1, 3),
    (2, 0),
    (3, 1),
    (0, 3),
    (1, 0),
    (2, 1),
    (3, 2),
];

/// What a message is, for the oracle.
#[derive(Debug, Clone)]
pub(super) enum Kind {
    /// The next move of a source game; `ends` when it ends the game by the rules.
    Move { game: i64, ply: usize, ends: bool },
    /// The same transport id, sender and text as message `of` again.
    Repeat { of: usize },
    /// The sender's last move again under a new transport id.
    Resend,
    /// A move the sender cannot play (a move of the other side).
    Illegal,
    /// The next move, sent by the player who is not to move.
    OutOfTurn,
}

#[derive(Debug, Clone)]
pub(super) struct Msg {
    pub(super) from: String,
    pub(super) id: String,
    pub(super) text: String,
    pub(super) kind: Kind,
}

impl Msg {
    pub(super) fn inbound(&self) -> Inbound {
        Inbound {
            thread: Vec::new(),
            channel: Channel::Email,
            from: self.from.clone(),
            transport_id: Some(self.id.clone()),
            raw: self.text.as_bytes().to_vec(),
            text: self.text.clone(),
            auth: ccgate::service::Auth::Unchecked,
            rules: service::Rules::default(),
        }
    }

    /// (replies, incidents) its journal entry must have; `None` for a repeat,
    /// which has no entry of its own. A move, ending the game or not, gives
    /// one reply to each player: the end is told in the move's reply.
    pub(super) fn expected(&self) -> Option<(usize, usize)> {
        match self.kind {
            Kind::Move { .. } => Some((2, 0)),
            Kind::Resend => Some((1, 0)),
            Kind::Illegal | Kind::OutOfTurn => Some((1, 1)),
            Kind::Repeat { .. } => None,
        }
    }
}

pub(super) struct Plan {
    /// Game id and its moves (UCI), as they must end up in the store.
    pub(super) games: Vec<(i64, Vec<String>)>,
    pub(super) messages: Vec<Msg>,
}

/// Source games: standard chess from the start position, distinct, 70-100
/// plies, no ending by the rules before their last move; `MOVES` moves in
/// all (the last game cut short).
pub(super) fn source_games() -> Vec<Vec<String>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/derived/games_uci.tsv"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/derived/games_uci.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let (status, variant, plies, moves) = (
        col("parse_status"),
        col("variant"),
        col("plies"),
        col("uci_moves"),
    );
    let mut seen = HashSet::new();
    let mut games = Vec::new();
    let mut total = 0;
    for line in lines {
        let c: Vec<&str> = line.split('\t').collect();
        if c.get(status) != Some(&"ok") || c.get(variant) != Some(&"chess") {
            continue;
        }
        let n: usize = c.get(plies).and_then(|p| p.parse().ok()).unwrap_or(0);
        let Some(list) = c.get(moves) else { continue };
        if !(70..=100).contains(&n) || !seen.insert(*list) {
            continue;
        }
        let ucis: Vec<String> = list.split(' ').map(str::to_string).collect();
        if !plays_out(&ucis) {
            continue;
        }
        total += ucis.len();
        games.push(ucis);
        if total >= MOVES {
            break;
        }
    }
    assert!(total >= MOVES, "not enough source games ({total} moves)");
    let last = games.last_mut().expect("games");
    last.truncate(last.len() - (total - MOVES));
    games
}

/// Whether the moves are legal from the start and nothing ends the game
/// before the last one.
pub(super) fn plays_out(ucis: &[String]) -> bool {
    let Ok(mut rec) = Record::replay(None, []) else {
        return false;
    };
    for u in ucis {
        if rec.ending().is_some() {
            return false;
        }
        let Some(mv) = to_move(&rec.pos, u) else {
            return false;
        };
        rec.push(mv);
    }
    true
}

pub(super) fn to_move(pos: &Chess, uci: &str) -> Option<Move> {
    uci.parse::<UciMove>().ok()?.to_move(pos).ok()
}

pub(super) fn written(pos: &Chess, mv: Move, who: &Who) -> String {
    write_move(pos, mv, who.notation, &WriteOptions::new(who.lang))
}

/// Creates a store with the players and `games` games; returns the game ids
/// and the players as stored.
pub(super) fn setup(at: &Location, games: usize) -> (Vec<i64>, Vec<Player>) {
    let mut store = Store::create_at(at).expect("open store");
    let tx = store.write().expect("write");
    let mut ids = Vec::new();
    for p in &PLAYERS {
        let new = NewPlayer {
            name: p.name.to_string(),
            notation: p.notation,
            lang: p.lang,
            reply_via: Some(Channel::Email),
            tz: "UTC".to_string(),
            pin_hash: None,
            addresses: vec![(Channel::Email, p.addr.to_string())],
        };
        ids.push(tx.add_player(&new, now()).expect("add player"));
    }
    let game_ids = (0..games)
        .map(|k| {
            let (w, b) = PAIRS[k % PAIRS.len()];
            tx.create_game(ids[w], ids[b], None, &TimeControl::Unlimited, now())
                .expect("create game")
                .0
        })
        .collect();
    let players = PLAYERS
        .iter()
        .map(|p| tx.player_by_name(p.name).expect("player").expect("stored"))
        .collect();
    tx.commit().expect("commit");
    (game_ids, players)
}

/// A game while the messages are being written.
pub(super) struct Live {
    pub(super) id: i64,
    pub(super) white: usize,
    pub(super) black: usize,
    pub(super) ucis: Vec<String>,
    pub(super) rec: Record,
    /// The last move's sender and message text.
    pub(super) last: Option<(usize, String)>,
}

impl Live {
    pub(super) fn to_move(&self) -> usize {
        if self.rec.pos.turn() == Color::White {
            self.white
        } else {
            self.black
        }
    }

    pub(super) fn open(&self) -> bool {
        self.rec.ending().is_none()
    }

    pub(super) fn next_move(&self) -> Option<Move> {
        self.ucis
            .get(self.rec.moves.len())
            .map(|u| to_move(&self.rec.pos, u).expect("checked legal"))
    }
}

pub(super) fn plan_messages(
    games: Vec<(i64, Vec<String>)>,
    players: &[Player],
    rng: &mut Rng,
) -> Vec<Msg> {
    let mut live: Vec<Live> = games
        .iter()
        .enumerate()
        .map(|(k, (id, ucis))| {
            let (white, black) = PAIRS[k % PAIRS.len()];
            let rec = Record::replay(None, []).expect("start");
            Live {
                id: *id,
                white,
                black,
                ucis: ucis.clone(),
                rec,
                last: None,
            }
        })
        .collect();
    let mut messages: Vec<Msg> = Vec::new();
    let mut seq = 0;
    let mut new_id = || {
        seq += 1;
        format!("<crash-{seq:04}@example.org>")
    };
    let mut moves_left: usize = live.iter().map(|g| g.ucis.len()).sum();
    let mut extras_left = MESSAGES - moves_left;
    while messages.len() < MESSAGES {
        let extra = moves_left == 0
            || (extras_left > 0 && rng.below(extras_left + moves_left) < extras_left);
        if extra && let Some(m) = extra_message(&live, &messages, players, rng, &mut new_id) {
            messages.push(m);
            extras_left -= 1;
            continue;
        }
        assert!(moves_left > 0, "could not write an extra message");
        let waiting: Vec<usize> = (0..live.len())
            .filter(|&k| live[k].rec.moves.len() < live[k].ucis.len())
            .collect();
        let g = &mut live[waiting[rng.below(waiting.len())]];
        let pos = g.rec.pos.clone();
        let mv = g.next_move().expect("a move left");
        let mover = g.to_move();
        let text = format!(
            "{} {} {}",
            g.id,
            number_of(&pos),
            written(&pos, mv, &PLAYERS[mover])
        );
        g.rec.push(mv);
        let kind = Kind::Move {
            game: g.id,
            ply: g.rec.moves.len(),
            ends: g.rec.ending().is_some(),
        };
        g.last = Some((mover, text.clone()));
        messages.push(Msg {
            from: PLAYERS[mover].addr.to_string(),
            id: new_id(),
            text,
            kind,
        });
        moves_left -= 1;
    }
    messages
}

/// A repeat, a resent move, an illegal move or a move out of turn; `None`
/// when none can be written now.
pub(super) fn extra_message(
    live: &[Live],
    messages: &[Msg],
    players: &[Player],
    rng: &mut Rng,
    new_id: &mut impl FnMut() -> String,
) -> Option<Msg> {
    let first = rng.below(4);
    for k in 0..4 {
        let open: Vec<&Live> = live.iter().filter(|g| g.open()).collect();
        let made = match (first + k) % 4 {
            0 if !messages.is_empty() => {
                let mut of = rng.below(messages.len());
                if let Kind::Repeat { of: original } = messages[of].kind {
                    of = original;
                }
                let m = &messages[of];
                Some(Msg {
                    from: m.from.clone(),
                    id: m.id.clone(),
                    text: m.text.clone(),
                    kind: Kind::Repeat { of },
                })
            }
            1 => {
                let played: Vec<&Live> = live.iter().filter(|g| g.last.is_some()).collect();
                (!played.is_empty()).then(|| {
                    let (sender, text) = played[rng.below(played.len())]
                        .last
                        .clone()
                        .expect("played");
                    Msg {
                        from: PLAYERS[sender].addr.to_string(),
                        id: new_id(),
                        text,
                        kind: Kind::Resend,
                    }
                })
            }
            2 if !open.is_empty() => {
                let g = open[rng.below(open.len())];
                let sender = g.to_move();
                illegal_move(&g.rec.pos, &players[sender], &PLAYERS[sender], rng).map(|text| Msg {
                    from: PLAYERS[sender].addr.to_string(),
                    id: new_id(),
                    text: format!("{} {} {text}", g.id, number_of(&g.rec.pos)),
                    kind: Kind::Illegal,
                })
            }
            3 => {
                let ready: Vec<&Live> = open
                    .iter()
                    .copied()
                    .filter(|g| g.next_move().is_some())
                    .collect();
                (!ready.is_empty()).then(|| {
                    let g = ready[rng.below(ready.len())];
                    let sender = if g.to_move() == g.white {
                        g.black
                    } else {
                        g.white
                    };
                    let mv = g.next_move().expect("a move left");
                    Msg {
                        from: PLAYERS[sender].addr.to_string(),
                        id: new_id(),
                        text: format!(
                            "{} {} {}",
                            g.id,
                            number_of(&g.rec.pos),
                            written(&g.rec.pos, mv, &PLAYERS[sender])
                        ),
                        kind: Kind::OutOfTurn,
                    }
                })
            }
            _ => None,
        };
        if made.is_some() {
            return made;
        }
    }
    None
}

/// A move of the side not to move, written in the sender's notation, that
/// the service cannot read as a legal move of the sender.
pub(super) fn illegal_move(
    pos: &Chess,
    player: &Player,
    who: &Who,
    rng: &mut Rng,
) -> Option<String> {
    let other = pos.clone().swap_turn().ok()?;
    let candidates: Vec<String> = other
        .legal_moves()
        .iter()
        .map(|m| written(&other, *m, who))
        .filter(|text| service::read_players_move(pos, text, player).is_err())
        .collect();
    (!candidates.is_empty()).then(|| candidates[rng.below(candidates.len())].clone())
}
