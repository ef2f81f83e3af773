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
use crate::notation::{Lang, Notation, WriteOptions};
use crate::protocol::address::{Channel, normalize};
use crate::service::{self, Inbound};
use crate::store::{self, GameId, NewPlayer, PlayerId, Store};
use crate::transport::email::compose::Identity;
use crate::transport::email::receive::{Policy, read_bounded, receive_read};

#[derive(Subcommand, Debug)]
pub enum PlayerCommand {
    /// Register a player.
    Add(PlayerAddArgs),
}

#[derive(Args, Debug)]
pub struct PlayerAddArgs {
    name: String,
    #[arg(long)]
    email: Vec<String>,
    #[arg(long)]
    phone: Vec<String>,
    #[arg(long)]
    callsign: Vec<String>,
    /// Notation of replies (and, for uedemann/uedemann-hw, of the player's codes).
    #[arg(long, default_value = "san")]
    notation: Notation,
    #[arg(long, default_value = "en")]
    lang: Lang,
    /// Preferred channel for notices: email, sms or radio.
    #[arg(long)]
    reply_via: Option<Channel>,
    /// IANA time zone, e.g. Europe/Berlin.
    #[arg(long, default_value = "UTC")]
    tz: String,
    /// A file holding the player's PIN (never on the command line).
    #[arg(long)]
    pin_file: Option<PathBuf>,
    /// Hold the player's SMS for confirmation (a code sent back to their
    /// number) unless they carry the PIN: for networks where sender
    /// numbers can be spoofed.
    #[arg(long)]
    confirm_sms: bool,
}

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
    },
    /// All games.
    List,
    /// Board, moves, clocks and incidents of a game.
    Show { id: i64 },
    /// A game as PGN with correspondence tags and times.
    Pgn { id: i64 },
    /// Decide a result.
    Adjudicate {
        id: i64,
        #[arg(long)]
        result: String,
        #[arg(long)]
        reason: String,
    },
    /// Take back the moves after a ply.
    Takeback {
        id: i64,
        #[arg(long)]
        to_ply: u32,
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

#[derive(Args, Debug)]
pub struct OutboxArgs {
    #[arg(long)]
    all: bool,
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
pub struct IncidentsArgs {
    game: Option<i64>,
    /// Write the incidents with their evidence to this file.
    #[arg(long)]
    export: Option<PathBuf>,
}

/// The store's path: `--db`, `$CCGATE_DB`, or `ccgate.db` in the data directory.
fn db_path(db: Option<PathBuf>) -> PathBuf {
    if let Some(p) = db.or_else(|| std::env::var_os("CCGATE_DB").map(PathBuf::from)) {
        return p;
    }
    crate::config::default_data_dir().join("ccgate.db")
}

/// The configuration a command runs on: the file if given, else the
/// embedded defaults; `--db` or `$CCGATE_DB` name the store over both.
fn load_config(db: Option<PathBuf>, file: Option<&Path>) -> Result<Resolved, ExitCode> {
    let mut config = match file {
        Some(f) => Config::load(f).map_err(|e| fail(&e.to_string()))?,
        None => Config::default(),
    };
    if let Some(db) = db.or_else(|| std::env::var_os("CCGATE_DB").map(PathBuf::from)) {
        config.db = std::path::absolute(&db).unwrap_or(db);
    }
    config.resolve().map_err(|e| fail(&e.to_string()))
}

/// `ccgate serve`.
pub fn serve(db: Option<PathBuf>, file: Option<&Path>) -> ExitCode {
    let config = match load_config(db, file) {
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
pub fn radio_station(db: Option<PathBuf>, file: &Path, exit_when_done: bool) -> ExitCode {
    let config = match load_config(db, Some(file)) {
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
    let store = match Store::create(db) {
        Ok(s) => s,
        Err(e) => return fail(&format!("store {}: {e}", db.display())),
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
                c.db.display(),
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
pub fn ingest_mail(db: Option<PathBuf>, file: Option<&Path>) -> ExitCode {
    let config = match load_config(db, file) {
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
    let mut store = match Store::open(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ccgate: {}: {e}", path.display());
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
    match receive_read(
        &mut store,
        (&mail.bytes, mail.size),
        (&policy, &dkim),
        now(),
    ) {
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
pub(crate) fn open(db: Option<PathBuf>) -> Result<Store, CommandError> {
    let path = db_path(db);
    Store::open(&path).map_err(|e| CommandError::Open(format!("{}: {e}", path.display())))
}

/// The store, created with its directory if missing: for the commands that
/// create things (`player add`, `game new`, `event new`, `event import`).
pub(crate) fn create(db: Option<PathBuf>) -> Result<Store, CommandError> {
    let path = db_path(db);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        return Err(CommandError::Open(format!(
            "cannot create {}: {e}",
            dir.display()
        )));
    }
    Store::create(&path).map_err(|e| CommandError::Open(format!("{}: {e}", path.display())))
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

impl CommandError {
    /// The process status: the one place it is decided. Every failure is
    /// 2 today; a script that must tell them apart matches the variant.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CommandError::Input(_)
            | CommandError::Open(_)
            | CommandError::Store(_)
            | CommandError::Output(_) => ExitCode::from(2),
        }
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

pub fn player(db: Option<PathBuf>, cmd: PlayerCommand) -> Result<(), CommandError> {
    let PlayerCommand::Add(a) = cmd;
    let mut addresses = Vec::new();
    for (channel, raws) in [
        (Channel::Email, &a.email),
        (Channel::Sms, &a.phone),
        (Channel::Radio, &a.callsign),
    ] {
        for raw in raws {
            match normalize(channel, raw) {
                Ok(addr) => addresses.push((channel, addr)),
                Err(e) => return Err(CommandError::Input(e.to_string())),
            }
        }
    }
    if crate::game::clock::zone(&a.tz).is_err() {
        return Err(CommandError::Input(format!(
            "unknown time zone {:?}; use an IANA name such as Europe/Berlin",
            a.tz
        )));
    }
    let pin_hash = match &a.pin_file {
        None => None,
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|p| service::hash_pin(&p))
        {
            Ok(h) => Some(h),
            Err(e) => {
                return Err(CommandError::Input(format!(
                    "PIN from {}: {e}",
                    path.display()
                )));
            }
        },
    };
    let mut store = create(db)?;
    let new = NewPlayer {
        name: a.name.clone(),
        notation: a.notation,
        lang: a.lang,
        reply_via: a.reply_via,
        tz: a.tz,
        pin_hash,
        addresses,
    };
    let result = store.write().and_then(|tx| {
        let now = now();
        let id = tx.add_player(&new, now)?;
        if a.confirm_sms {
            tx.set_confirm_sms(id, true)?;
        }
        service::announce_language(&tx, id, now)?;
        tx.commit()?;
        Ok(id)
    });
    match result {
        Ok(id) => {
            println!("{id}");
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

pub fn game(db: Option<PathBuf>, cmd: GameCommand) -> Result<(), CommandError> {
    let mut store = match cmd {
        GameCommand::New { .. } => create(db)?,
        _ => open(db)?,
    };
    let result = match cmd {
        GameCommand::New {
            white,
            black,
            time,
            fen,
            penalty_days,
        } => new_game(
            &mut store,
            &white,
            &black,
            &time,
            fen.as_deref(),
            penalty_days,
        ),
        GameCommand::List => list_games(&store),
        GameCommand::Show { id } => show_game(&store, GameId(id)),
        GameCommand::Pgn { id } => game_pgn(&store, GameId(id)).map(|pgn| print!("{pgn}")),
        GameCommand::Adjudicate { id, result, reason } => {
            service::adjudicate(&mut store, GameId(id), &result, &reason, now())
                .map(|()| println!("game {id}: {result}"))
        }
        GameCommand::Takeback { id, to_ply, reason } => {
            service::takeback(&mut store, GameId(id), to_ply, &reason, now())
                .map(|n| println!("game {id}: {n} plies taken back"))
        }
    };
    Ok(result?)
}

fn new_game(
    store: &mut Store,
    white: &str,
    black: &str,
    tc: &TimeControl,
    fen: Option<&str>,
    penalty_days: u32,
) -> store::Result<()> {
    if let Some(f) = fen {
        start_position(Some(f)).map_err(|e| store::StoreError::Invalid(e.to_string()))?;
    }
    let tx = store.write()?;
    let w = tx
        .player_by_name(white)?
        .ok_or_else(|| store::StoreError::Invalid(format!("no player {white:?}")))?;
    let b = tx
        .player_by_name(black)?
        .ok_or_else(|| store::StoreError::Invalid(format!("no player {black:?}")))?;
    if w.id == b.id {
        return Err(store::StoreError::Invalid(
            "a player cannot play themselves".into(),
        ));
    }
    let id = tx.create_game(w.id, b.id, fen, tc, now())?;
    if penalty_days > 0 {
        tx.set_penalty_days(id, penalty_days)?;
    }
    tx.commit()?;
    println!("{id}");
    Ok(())
}

fn name_of(store: &Store, id: PlayerId) -> String {
    store
        .player(id)
        .ok()
        .flatten()
        .map_or_else(|| format!("#{id}"), |p| p.name)
}

fn list_games(store: &Store) -> store::Result<()> {
    for g in store.all_games(false)? {
        let plies = store.moves(g.id)?.len();
        let state = if g.finished {
            format!(
                "{} {}",
                g.result.map(|r| r.to_string()).unwrap_or_default(),
                g.reason.map(|r| r.to_string()).unwrap_or_default()
            )
        } else {
            "active".into()
        };
        println!(
            "{}\t{} - {}\t{} plies\t{}\t{}",
            g.id,
            name_of(store, g.white),
            name_of(store, g.black),
            plies,
            g.time_control,
            state
        );
    }
    Ok(())
}

/// A game the command line names, which must exist.
fn existing(store: &Store, id: GameId) -> store::Result<service::Loaded> {
    service::load_game(store, id)?
        .ok_or_else(|| store::StoreError::Invalid(format!("no game {id}")))
}

fn show_game(store: &Store, id: GameId) -> store::Result<()> {
    let service::Loaded { row, moves, record } = existing(store, id)?;
    println!(
        "Game {id}: {} (White) - {} (Black), {}",
        name_of(store, row.white),
        name_of(store, row.black),
        row.time_control
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
    for (color, pid) in [
        (shakmaty::Color::White, row.white),
        (shakmaty::Color::Black, row.black),
    ] {
        if let Some(p) = store.player(pid)? {
            let times: Vec<_> = moves
                .iter()
                .map(|m| crate::game::clock::MoveTimes {
                    received: m.received_at,
                    delivered: m.delivered_at,
                })
                .collect();
            let periods =
                crate::game::clock::periods_for(color, record.start.turn(), row.created_at, &times);
            let tz = crate::game::clock::zone(&p.tz).unwrap_or(jiff::tz::TimeZone::UTC);
            let leaves = service::effective_leaves(store, &p)?;
            let st = crate::game::clock::status(&row.time_control, &tz, &periods, &leaves, now());
            let st = service::with_penalty(st, store.penalty_days(id, pid)?);
            println!(
                "  {}: {} days used, {} remaining{}",
                p.name,
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

pub fn submit(db: Option<PathBuf>, a: SubmitArgs) -> Result<(), CommandError> {
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
    let mut store = open(db)?;
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
    match service::submit(&mut store, &msg, now()) {
        Ok(done) => {
            print_replies(&done.replies, a.json);
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

fn print_replies(replies: &[store::Outgoing], json: bool) {
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(replies).unwrap_or_else(|_| "[]".into())
        );
    } else {
        for r in replies {
            println!(
                "-> {} {}\n{}\n",
                r.channel,
                shown(&r.to, false),
                shown(&r.body, true)
            );
        }
    }
}

pub fn outbox(db: Option<PathBuf>, a: OutboxArgs) -> Result<(), CommandError> {
    let store = open(db)?;
    match store.outbox(a.all) {
        Ok(list) => {
            print_replies(&list, a.json);
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

pub fn incidents(db: Option<PathBuf>, a: IncidentsArgs) -> Result<(), CommandError> {
    let store = open(db)?;
    let list = store.incidents(a.game.map(GameId))?;
    match &a.export {
        None => {
            for i in &list {
                println!(
                    "{}\t{}\tgame {}\t{}\t{}\t{}",
                    i.id,
                    i.created_at,
                    i.game_id.map_or("-".into(), |g| g.to_string()),
                    i.kind,
                    shown(i.text.as_deref().unwrap_or_default(), false),
                    shown(&i.detail, false)
                );
            }
            Ok(())
        }
        Some(path) => match export_incidents(&store, &list, path) {
            Ok(()) => {
                println!("{} incidents written to {}", list.len(), path.display());
                Ok(())
            }
            Err(e) => Err(CommandError::Output(e)),
        },
    }
}

/// A dossier a director can send on: every incident with the raw message,
/// the times, the position and what was refused and why.
fn export_incidents(store: &Store, list: &[store::Incident], path: &Path) -> Result<(), String> {
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

pub fn clock(db: Option<PathBuf>, confirm_time: bool) -> Result<(), CommandError> {
    let mut store = open(db)?;
    // The command has no configuration: the default margin.
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

pub fn backup(db: Option<PathBuf>, file: &Path) -> Result<(), CommandError> {
    let store = open(db)?;
    match store.backup(file) {
        Ok(()) => {
            println!("backup written to {}", file.display());
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

pub fn export(db: Option<PathBuf>) -> Result<(), CommandError> {
    let store = open(db)?;
    let games = store.all_games(false)?;
    for g in games {
        match game_pgn(&store, g.id) {
            Ok(pgn) => println!("{pgn}"),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}
