//! The store-backed commands: players, games, `submit`, the outbox, the
//! director's tools. Each opens the store, does one thing, and prints.

use crate::escape::shown;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};
use jiff::Timestamp;
use shakmaty::Position;

use crate::cli::fail;
use crate::config::{Config, Resolved};
use crate::game::clock::{FixedTime, SystemClock, TimeControl, TimeSource};
use crate::game::outcome::{GameResult, MoveNumber};
use crate::game::rules::start_position;
use crate::notation::movetext::{Game as TextGame, Node};
use crate::notation::pgn::write_pgn;
use crate::notation::{Notation, WriteOptions};
use crate::protocol::address::Channel;
use crate::service::{self, Inbound};
use crate::store::{self, GameId, PlayerId, Store};
use crate::transport::email::compose::Identity;
use crate::transport::email::receive::{Policy, read_bounded, receive_read};

#[derive(Subcommand, Debug)]
pub enum GameCommand {
    /// Start a game; prints its id alone.
    New {
        #[arg(long)]
        white: String,
        #[arg(long)]
        black: String,
        /// 10/50 (moves/days), 3d (days per move), 30+1 (Fischer days), none.
        #[arg(long, default_value = "10/50")]
        time: TimeControl,
        #[arg(long)]
        fen: Option<String>,
        /// The event's policy for illegal moves: days charged to the offender's
        /// clock (postal rules); 0, the default, refuses and asks again.
        #[arg(long, default_value_t = 0)]
        penalty_days: u32,
        /// ICCF's duplication: a move's days beyond this many count twice
        /// (ICCF: 20); none by default.
        #[arg(long, value_name = "DAYS")]
        duplication: Option<u32>,
    },
    /// The games with whose move it is, each side's days left and the
    /// deadline; filters by event, player, waiting for whom.
    List(crate::desk_commands::GameFilter),
    /// Board, moves, clocks and incidents of a game.
    Show {
        id: i64,
        /// The game-list object with every move and its times.
        #[arg(long)]
        json: bool,
    },
    /// A game as PGN with correspondence tags and times.
    Pgn { id: i64 },
    /// Decide a result; a finished game's only with --overrule (both
    /// results audited).
    Adjudicate {
        id: i64,
        #[arg(long)]
        result: String,
        #[arg(long)]
        reason: String,
        /// Change the result of a finished game.
        #[arg(long)]
        overrule: bool,
    },
    /// Take back the moves after a ply.
    Takeback {
        id: i64,
        #[arg(long)]
        to_ply: u32,
        #[arg(long)]
        reason: String,
    },
    /// Charge days to one player's clock (white or black), both told.
    Penalty {
        id: i64,
        #[arg(long)]
        side: shakmaty::Color,
        #[arg(long)]
        days: u32,
        #[arg(long)]
        reason: String,
    },
}

#[derive(Args, Debug)]
pub struct SubmitArgs {
    #[arg(long)]
    channel: Channel,
    #[arg(long)]
    from: String,
    /// The transport's message id; a message seen before changes nothing.
    #[arg(long)]
    id: Option<String>,
    #[arg(long)]
    json: bool,
    /// A message larger than this many bytes is refused unread: a move
    /// fits in a line, and a grammar reads only the first 64 KiB anyway.
    #[arg(long, default_value_t = 1024 * 1024)]
    max_size: usize,
    /// The message body; standard input when absent or `-`.
    file: Option<PathBuf>,
}

/// Where a command finds the store: `--db`, else `$CCGATE_DB`, else the
/// configuration's (`--config`, else the service's [`SERVICE_CONFIG`] if
/// it exists), else `ccgate.db` in the data directory.
#[derive(Debug, Clone, Default)]
pub struct Location {
    /// A file path or a `postgres://` URL.
    pub db: Option<String>,
    pub config: Option<PathBuf>,
}

/// The configuration the installed service runs with (`deploy/ccgate.service`).
pub const SERVICE_CONFIG: &str = "/etc/ccgate/ccgate.toml";

impl Location {
    /// `--db` or `$CCGATE_DB`: they name the store over any configuration.
    fn db_override(&self) -> Option<String> {
        self.db.clone().or_else(|| std::env::var("CCGATE_DB").ok())
    }
}

/// A `--db` file as an absolute path (the daemon may change directory); a
/// URL as given.
pub(crate) fn absolute_db(db: String) -> String {
    match store::Location::parse(&db) {
        store::Location::File(p) => std::path::absolute(&p).map_or(db, |p| p.display().to_string()),
        store::Location::Postgres { .. } => db,
    }
}

/// The store for the admin commands. The configuration is parsed but not
/// resolved: its secrets are the daemon's, not the director's (all but
/// the database's password, which the command needs as the daemon does).
pub(crate) fn db_path(loc: &Location) -> Result<store::Location, CommandError> {
    let named = loc.db_override().map(|db| store::Location::parse(&db));
    if let Some(file @ store::Location::File(_)) = named {
        return Ok(file);
    }
    let service = Path::new(SERVICE_CONFIG);
    let file = loc
        .config
        .as_deref()
        .or_else(|| service.exists().then_some(service));
    let mut config = match file {
        Some(f) => Config::load(f).map_err(|e| CommandError::Open(e.to_string()))?,
        None => Config::default(),
    };
    if let Some(url) = loc.db_override() {
        config.db = url;
    }
    config.store().map_err(CommandError::Open)
}

/// The configuration a command runs on: the file if given, else the
/// embedded defaults; `--db` or `$CCGATE_DB` name the store over both.
fn load_config(loc: &Location) -> Result<Resolved, ExitCode> {
    let mut config = match &loc.config {
        Some(f) => Config::load(f).map_err(|e| fail(&e.to_string()))?,
        None => Config::default(),
    };
    if let Some(db) = loc.db_override() {
        config.db = absolute_db(db);
    }
    config.resolve().map_err(|e| fail(&e.to_string()))
}

/// `ccgate serve`.
pub fn serve(loc: &Location) -> ExitCode {
    let config = match load_config(loc) {
        Ok(c) => c,
        Err(code) => return code,
    };
    crate::daemon::init_logging(&config.log);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&format!("starting the runtime: {e}")),
    };
    match runtime.block_on(crate::daemon::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// `ccgate radio-station --config FILE`.
pub fn radio_station(loc: &Location, exit_when_done: bool) -> ExitCode {
    let Some(file) = &loc.config else {
        return fail("radio-station needs --config FILE with a [radio] section");
    };
    let config = match load_config(loc) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let Some(radio) = config.radio else {
        return fail(&format!("{}: no [radio] section", file.display()));
    };
    crate::daemon::init_logging(&config.log);
    if let Err(e) = std::fs::create_dir_all(&config.data_dir) {
        return fail(&format!(
            "data directory {}: {e}",
            config.data_dir.display()
        ));
    }
    let db = &config.db;
    let store = match Store::create_at(db) {
        Ok(s) => s,
        Err(e) => return fail(&format!("store {db}: {e}")),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&format!("starting the runtime: {e}")),
    };
    match runtime.block_on(crate::transport::radio::station::run(
        radio,
        store,
        exit_when_done,
    )) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// `ccgate check-config FILE`.
pub fn check_config(file: &Path) -> ExitCode {
    match Config::load(file).and_then(|c| c.resolve()) {
        Ok(c) => {
            let inputs = c.inputs();
            if inputs.is_empty() {
                return fail(&format!("{}: {NO_INPUT}", file.display()));
            }
            println!(
                "{}: OK; store {}; inputs: {}",
                file.display(),
                c.db,
                inputs.join(", ")
            );
            for why in c.warnings() {
                println!("warning: {why}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("{}: {e}", file.display())),
    }
}

/// Refused by `check-config`, warned about by `serve`: a gateway that
/// reads nothing answers nobody.
pub(crate) const NO_INPUT: &str =
    "no input is enabled (give [email.maildir], [email.imap], [sms], [sms_spool] or [radio])";

/// sysexits.h: what MTAs understand.
const EX_TEMPFAIL: u8 = 75;

/// `ccgate ingest-mail`: one mail on standard input.
pub fn ingest_mail(loc: &Location) -> ExitCode {
    let config = match load_config(loc) {
        Ok(c) => c,
        Err(_) => return ExitCode::from(EX_TEMPFAIL),
    };
    // Never more than max_size + 1 bytes in memory: an oversized mail is
    // refused for good (exit 0, the sender told once), not retried by the
    // MTA for days.
    let mail = match read_bounded(std::io::stdin().lock(), None, config.email.config.max_size) {
        Ok(mail) => mail,
        Err(e) => {
            eprintln!("ccgate: reading the mail: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    // Never created here: a mail for a store that is not there waits at
    // the MTA (75) until the path is put right.
    let path = config.db.clone();
    let mut store = match Store::open_at(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ccgate: {path}: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    let me = match Identity::new(&config.email.config.name, &config.email.config.from) {
        Ok(me) => me,
        Err(e) => {
            eprintln!("ccgate: email.from: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    let policy = Policy::new(&config.email.config, &me, config.inbound.rules());
    let dkim = match &config.email.dkim {
        Some(d) if mail.size <= policy.max_size => match dkim_check(d, &mail.bytes) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("ccgate: {e}");
                return ExitCode::from(EX_TEMPFAIL);
            }
        },
        _ => Default::default(),
    };
    let received = service::batch(&mut store, |b| {
        receive_read(b, (&mail.bytes, mail.size), (&policy, &dkim), now())
    });
    match received.and_then(|r| r) {
        Ok(p) => {
            println!("journal {}: {}", p.journal_id, p.outcome);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("ccgate: {e}");
            ExitCode::from(EX_TEMPFAIL)
        }
    }
}

/// ccgate's own DKIM check of one mail, on a runtime of its own (the
/// command line has none).
fn dkim_check(
    d: &crate::transport::email::config::DkimSettings,
    raw: &[u8],
) -> Result<crate::transport::email::dkim::Verdict, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("DKIM check: {e}"))?;
    runtime.block_on(async {
        let checker = crate::transport::email::dkim::Checker::new(d.keys.as_ref(), d.timeout)?;
        Ok(checker.check(raw).await)
    })
}

/// The existing store: commands that only read or act on what is there
/// never create one.
pub(crate) fn open(loc: Location) -> Result<Store, CommandError> {
    let at = db_path(&loc)?;
    Store::open_at(&at).map_err(|e| CommandError::Open(format!("{at}: {e}")))
}

/// The store, created with its directory if missing: for the commands that
/// create things (`player add`, `game new`, `event new`, `event import`).
pub(crate) fn create(loc: Location) -> Result<Store, CommandError> {
    let at = db_path(&loc)?;
    if let store::Location::File(path) = &at
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        return Err(CommandError::Open(format!(
            "cannot create {}: {e}",
            dir.display()
        )));
    }
    Store::create_at(&at).map_err(|e| CommandError::Open(format!("{at}: {e}")))
}

/// Why a store-backed command failed.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// An argument or the input cannot be used (an address, a time zone,
    /// a PIN file, the message).
    #[error("{0}")]
    Input(String),
    /// The store cannot be created or opened.
    #[error("{0}")]
    Open(String),
    /// The store refused the operation.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// The result cannot be written.
    #[error("{0}")]
    Output(String),
}

/// The exit statuses, documented in `ccgate --help`.
pub mod exit {
    /// A usage error: an argument, the input, or an operation the rules
    /// refuse as asked (clap's own usage errors are 2 too).
    pub const USAGE: u8 = 2;
    /// What the command names (a game, player, event, incident) does not exist.
    pub const NOT_FOUND: u8 = 3;
    /// The store failed: missing, unreadable, read-only, too new, or the
    /// database itself.
    pub const STORE: u8 = 4;
    /// The output could not be written.
    pub const OUTPUT: u8 = 5;
}

impl CommandError {
    /// The process status: the one place it is decided.
    pub fn exit_code(&self) -> ExitCode {
        use store::StoreError as E;
        ExitCode::from(match self {
            CommandError::Input(_) | CommandError::Store(E::Invalid(_)) => exit::USAGE,
            CommandError::Store(E::NotFound(_)) => exit::NOT_FOUND,
            CommandError::Open(_)
            | CommandError::Store(
                E::Database(_)
                | E::Unreadable(_)
                | E::TooNew { .. }
                | E::Missing(_)
                | E::ReadOnly(_),
            ) => exit::STORE,
            CommandError::Output(_) => exit::OUTPUT,
        })
    }
}

/// A command's result as the process status, the error on standard error.
pub fn finish(result: Result<(), CommandError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ccgate: {e}");
            e.exit_code()
        }
    }
}

/// The one time source of the command line: `$CCGATE_NOW` (RFC 3339) fixes
/// it, so tests and replays control time without sleeping.
pub(crate) fn now() -> Timestamp {
    match std::env::var("CCGATE_NOW")
        .ok()
        .and_then(|s| s.parse::<Timestamp>().ok())
    {
        Some(t) => FixedTime(t).now(),
        None => SystemClock.now(),
    }
}

pub fn game(loc: Location, cmd: GameCommand) -> Result<(), CommandError> {
    let mut store = match cmd {
        GameCommand::New { .. } => create(loc)?,
        _ => open(loc)?,
    };
    if let GameCommand::List(filter) = &cmd {
        return crate::desk_commands::list_games(&store, filter);
    }
    let result = match cmd {
        GameCommand::New {
            white,
            black,
            time,
            fen,
            penalty_days,
            duplication,
        } => new_game(
            &mut store,
            (&white, &black),
            &time,
            fen.as_deref(),
            (penalty_days, duplication),
        ),
        GameCommand::List(_) => Ok(()),
        GameCommand::Show { id, json: true } => {
            return crate::desk_commands::show_game_json(&store, GameId(id));
        }
        GameCommand::Show { id, json: false } => show_game(&store, GameId(id)),
        GameCommand::Pgn { id } => game_pgn(&store, GameId(id)).map(|pgn| print!("{pgn}")),
        GameCommand::Adjudicate {
            id,
            result,
            reason,
            overrule,
        } => service::adjudicate(
            &mut store,
            &service::Actor::Operator,
            GameId(id),
            &result,
            &reason,
            overrule,
            now(),
        )
        .map(|()| println!("game {id}: {result}")),
        GameCommand::Takeback { id, to_ply, reason } => service::takeback(
            &mut store,
            &service::Actor::Operator,
            GameId(id),
            to_ply,
            &reason,
            now(),
        )
        .map(|n| println!("game {id}: {n} plies taken back")),
        GameCommand::Penalty {
            id,
            side,
            days,
            reason,
        } => service::penalize(
            &mut store,
            &service::Actor::Operator,
            GameId(id),
            side,
            days,
            &reason,
            now(),
        )
        .map(|()| println!("game {id}: {days} days charged to {side}")),
    };
    Ok(result?)
}

fn new_game(
    store: &mut Store,
    (white, black): (&str, &str),
    tc: &TimeControl,
    fen: Option<&str>,
    (penalty_days, duplication): (u32, Option<u32>),
) -> store::Result<()> {
    if let Some(f) = fen {
        start_position(Some(f)).map_err(|e| store::StoreError::Invalid(e.to_string()))?;
    }
    let tx = store.write()?;
    let w = service::playing(&tx, white)?;
    let b = service::playing(&tx, black)?;
    if w.id == b.id {
        return Err(store::StoreError::Invalid(
            "a player cannot play themselves".into(),
        ));
    }
    let id = tx.create_game(w.id, b.id, fen, tc, now())?;
    if penalty_days > 0 {
        tx.set_penalty_days(id, penalty_days)?;
    }
    if duplication.is_some() {
        tx.set_duplication(id, duplication)?;
    }
    tx.commit()?;
    println!("{id}");
    Ok(())
}

pub(crate) fn name_of(store: &Store, id: PlayerId) -> String {
    store
        .player(id)
        .ok()
        .flatten()
        .map_or_else(|| format!("#{id}"), |p| p.name)
}

/// A game the command line names, which must exist.
fn existing(store: &Store, id: GameId) -> store::Result<service::Loaded> {
    service::load_game(store, id)?
        .ok_or_else(|| store::StoreError::NotFound(format!("no game {id}")))
}

fn show_game(store: &Store, id: GameId) -> store::Result<()> {
    let game = existing(store, id)?;
    let service::Loaded { row, moves, record } = &game;
    println!(
        "Game {id}: {} (White) - {} (Black), {}{}",
        name_of(store, row.white),
        name_of(store, row.black),
        row.time_control,
        row.duplication_after
            .map_or_else(String::new, |d| format!(", duplication after {d} days"))
    );
    match &row.result {
        Some(r) => println!(
            "Result: {r} ({})",
            row.reason
                .as_ref()
                .map(|t| t.to_string())
                .unwrap_or_default()
        ),
        None => println!(
            "{} to move, check code {}",
            if record.pos.turn() == shakmaty::Color::White {
                "White"
            } else {
                "Black"
            },
            record.check_code()
        ),
    }
    println!("{}", service::diagram(&record.pos));
    println!("\nMoves:");
    let mut pos = record.start.clone();
    for (m, mv) in moves.iter().zip(&record.moves) {
        let san = crate::notation::write_move(&pos, *mv, Notation::San, &WriteOptions::default());
        let num = MoveNumber::of_ply(&record.start, m.ply).to_string();
        println!(
            "  {num:<6} {san:<8} received {} as {:?} ({}){}",
            m.received_at,
            m.raw,
            m.notation,
            m.delivered_at
                .map(|d| format!(", delivered {d}"))
                .unwrap_or_default()
        );
        pos.play_unchecked(*mv);
    }
    println!("\nClocks:");
    for color in [shakmaty::Color::White, shakmaty::Color::Black] {
        if let Some(st) = service::clock_of_color(store, &game, color, now())? {
            println!(
                "  {}: {} days used, {} remaining{}",
                name_of(store, row.player(color)),
                st.days_used_total,
                st.days_remaining
                    .map_or("unlimited".to_string(), |d| d.to_string()),
                if st.running { " (to move)" } else { "" }
            );
        }
    }
    println!("\nIncidents:");
    for i in store.incidents(Some(id))? {
        println!(
            "  {} {} {}: {} [{}]",
            i.created_at,
            i.kind,
            i.text.unwrap_or_default(),
            i.detail,
            i.fen.unwrap_or_default()
        );
    }
    for a in store.audit_trail(id)? {
        println!(
            "  {} director {}: {} ({})",
            a.at, a.action, a.reason, a.detail
        );
    }
    Ok(())
}

pub(crate) fn game_pgn(store: &Store, id: GameId) -> store::Result<String> {
    let service::Loaded { row, moves, record } = existing(store, id)?;
    // A game of an event carries the event's name, round and board.
    let (event, round, board) = match store.event_of(id)? {
        Some((e, g)) => (e.name, g.round.to_string(), Some(g.board.to_string())),
        None => (format!("ccgate game {id}"), "?".to_string(), None),
    };
    let mut tags = vec![
        ("Event".to_string(), event),
        ("Site".to_string(), "ccgate".to_string()),
        (
            "Date".to_string(),
            row.created_at.strftime("%Y.%m.%d").to_string(),
        ),
        ("Round".to_string(), round),
        ("White".to_string(), name_of(store, row.white)),
        ("Black".to_string(), name_of(store, row.black)),
        ("Mode".to_string(), "TC".to_string()),
        ("TimeControl".to_string(), row.time_control.to_string()),
    ];
    if let Some(b) = board {
        tags.push(("Board".to_string(), b));
    }
    if let Some(fen) = &row.start_fen {
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), fen.clone()));
    }
    if let Some(reason) = &row.reason {
        tags.push(("Termination".to_string(), reason.to_string()));
    }
    let first = record.start.turn();
    let line: Vec<Node> = record
        .moves
        .iter()
        .zip(&moves)
        .enumerate()
        .map(|(i, (mv, m))| {
            let mut node = Node {
                mv: Some(*mv),
                notation: Notation::Uci,
                token: m.raw.as_str().into(),
                notes: None,
            };
            // The move as the player wrote it carries its glyphs and draw offer.
            let moved = if i % 2 == 0 { first } else { !first };
            let written = crate::notation::glyphs::annotations(&m.raw, moved);
            let mut notes = crate::notation::movetext::Notes {
                nags: written.nags,
                draw_offer: written.draw_offer,
                comments: written.comments,
                ..Default::default()
            };
            notes.comments.push(format!(
                "[%ccsnt {}]",
                m.received_at.strftime("%Y.%m.%d,%H:%M")
            ));
            node.notes = Some(Box::new(notes));
            node
        })
        .collect();
    let game = TextGame {
        tags: tags
            .into_iter()
            .map(|(n, v)| (n.into(), v.into()))
            .collect(),
        start: record.start.clone(),
        line,
        comments: Vec::new(),
        result: Some(row.result.unwrap_or(GameResult::Unfinished).to_string()),
        error: None,
        variation_errors: Vec::new(),
    };
    Ok(write_pgn(&game, Notation::San, &WriteOptions::default()))
}

pub fn submit(loc: Location, a: SubmitArgs) -> Result<(), CommandError> {
    let mut raw = Vec::new();
    // One byte over the limit is enough to know; nothing more is read.
    let over = u64::try_from(a.max_size)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    let read = match &a.file {
        Some(p) if p.as_os_str() != "-" => {
            std::fs::File::open(p).and_then(|f| f.take(over).read_to_end(&mut raw))
        }
        _ => std::io::stdin().lock().take(over).read_to_end(&mut raw),
    };
    if let Err(e) = read {
        return Err(CommandError::Input(format!("cannot read the message: {e}")));
    }
    if raw.len() > a.max_size {
        return Err(CommandError::Input(format!(
            "the message is larger than --max-size {} bytes; nothing was applied",
            a.max_size
        )));
    }
    let mut store = open(loc)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let msg = Inbound {
        channel: a.channel,
        from: a.from,
        transport_id: a.id,
        raw,
        text,
        auth: service::Auth::Unchecked,
        // The operator's own path: no configuration is read for it.
        rules: service::Rules::default(),
    };
    let done = service::submit(&mut store, &msg, now())?;
    if a.json {
        let mut list = Vec::new();
        for r in &done.replies {
            list.extend(store.outbox_entry(r.id)?);
        }
        let list: Vec<_> = list.iter().map(crate::desk_commands::reply_json).collect();
        return crate::desk_commands::print_replies(&list, true);
    }
    let mut out = String::new();
    for r in &done.replies {
        out.push_str(&format!(
            "-> {} {}\n{}\n\n",
            r.channel,
            shown(&r.to, false),
            shown(&r.body, true)
        ));
    }
    crate::desk_commands::print(&out)
}

/// A dossier a director can send on: every incident with the raw message,
/// the times, the position and what was refused and why.
pub(crate) fn export_incidents(
    store: &Store,
    list: &[store::Incident],
    path: &Path,
) -> Result<(), String> {
    let mut out = String::from("ccgate incident report\n======================\n\n");
    for i in list {
        out.push_str(&format!("Incident {} ({})\n", i.id, i.kind));
        out.push_str(&format!("  recorded:  {}\n", i.created_at));
        if let Some(g) = i.game_id {
            out.push_str(&format!("  game:      {g}\n"));
        }
        if let Some(p) = i.player_id {
            out.push_str(&format!("  player:    {}\n", name_of(store, p)));
        }
        out.push_str(&format!(
            "  refused:   {}\n",
            shown(i.text.as_deref().unwrap_or_default(), false)
        ));
        out.push_str(&format!("  why:       {}\n", shown(&i.detail, false)));
        if let Some(fen) = &i.fen {
            out.push_str(&format!("  position:  {fen}\n"));
        }
        if let Some(j) = i.journal_id.and_then(|j| store.entry(j).ok().flatten()) {
            out.push_str(&format!(
                "  message:   {} from {} id {} received {}\n  raw message follows:\n",
                j.channel,
                shown(&j.sender, false),
                shown(&j.transport_id, false),
                j.received_at
            ));
            for line in String::from_utf8_lossy(&j.raw).lines() {
                out.push_str("  | ");
                // The dossier goes to others: a player's PIN stays here.
                out.push_str(&if service::pin_of_line(line).is_some() {
                    "pin (withheld)".into()
                } else {
                    shown(line, false)
                });
                out.push('\n');
            }
        }
        out.push('\n');
    }
    std::fs::write(path, out).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub fn clock(loc: Location, confirm_time: bool) -> Result<(), CommandError> {
    let mut store = open(loc)?;
    // The default margin: the admin commands read only the store's path
    // from the configuration.
    let margin = (!confirm_time).then_some(crate::game::clock::DEFAULT_JUMP_MARGIN);
    match service::sweep_clocks(&mut store, now(), margin) {
        Ok(r) => {
            println!(
                "{} forfeits, {} reminders",
                r.forfeits.len(),
                r.reminders.len()
            );
            if let Some(gap) = r.held {
                println!(
                    "no forfeits: the time is {} past the last sweep; if it is right, run `ccgate clock --confirm-time`",
                    service::days(gap)
                );
            }
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

pub fn export(loc: Location) -> Result<(), CommandError> {
    let store = open(loc)?;
    let games = store.all_games(false)?;
    for g in games {
        match game_pgn(&store, g.id) {
            Ok(pgn) => println!("{pgn}"),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}
