//! Helpers shared by the integration tests: test-data loading, positions from
//! FEN, the positions of the game collection and the perft suites, and the
//! write-then-read round trip of one move.

use std::collections::HashSet;
use std::fs;
use std::path::PathBuf;

use ccgate_core::notation::{
    Lang, Notation, ReadError, ReadOptions, Style, WriteOptions, read_move, write_move,
};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

/// A path relative to the workspace root, where the test data and the
/// protocol vectors live (this crate sits two levels below it).
pub fn workspace_path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

/// A file under `tests/data/`.
pub fn data_path(rel: &str) -> PathBuf {
    workspace_path("tests/data").join(rel)
}

/// The whole text of a file under `tests/data/`.
pub fn read_data(rel: &str) -> String {
    let path = data_path(rel);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// A tab-separated file with a header line.
pub struct Tsv {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// One row of a [`Tsv`], with its line number (from 1, header = line 1).
pub struct Row<'a> {
    pub line: usize,
    header: &'a [String],
    cells: &'a [String],
}

impl Row<'_> {
    /// The cell of a column; empty when the row is short.
    pub fn get(&self, column: &str) -> &str {
        let i = self
            .header
            .iter()
            .position(|h| h == column)
            .unwrap_or_else(|| panic!("no column {column:?} in {:?}", self.header));
        self.cells.get(i).map_or("", String::as_str)
    }
}

impl Tsv {
    pub fn load(rel: &str) -> Tsv {
        let text = read_data(rel);
        let mut lines = text.lines();
        let header = lines
            .next()
            .unwrap_or_default()
            .split('\t')
            .map(str::to_string)
            .collect();
        let rows = lines
            .map(|l| l.split('\t').map(str::to_string).collect())
            .collect();
        Tsv { header, rows }
    }

    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        self.rows.iter().enumerate().map(|(i, cells)| Row {
            line: i + 2,
            header: &self.header,
            cells,
        })
    }
}

/// A standard-chess position from a FEN or EPD (counters optional).
pub fn pos_from_fen(fen: &str) -> Result<Chess, String> {
    let fen: Fen = fen.trim().parse().map_err(|e| format!("{fen:?}: {e}"))?;
    fen.into_position(CastlingMode::Standard)
        .map_err(|e| format!("{e}"))
}

/// Like [`pos_from_fen`], but also takes positions that cannot arise in a
/// game (impossible checks, too much material) and are still played by the
/// rules of standard chess: the perft suites hold many such regressions.
#[allow(clippy::result_large_err)] // shakmaty's PositionError, dropped at once
pub fn pos_from_fen_lenient(fen: &str) -> Result<Chess, String> {
    let parsed: Fen = fen.trim().parse().map_err(|e| format!("{fen:?}: {e}"))?;
    parsed
        .into_position(CastlingMode::Standard)
        .or_else(|e| e.ignore_impossible_check())
        .or_else(|e| e.ignore_too_much_material())
        .or_else(|e| e.ignore_impossible_check())
        .map_err(|e| format!("{e}"))
}

/// A standard-chess position from a FEN, or a panic naming the FEN.
#[track_caller]
pub fn position(fen: &str) -> Chess {
    pos_from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

pub fn uci_of(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// A legal move from its UCI text (standard castling `e1g1`).
pub fn move_from_uci(pos: &Chess, uci: &str) -> Option<Move> {
    uci.parse::<UciMove>().ok()?.to_move(pos).ok()
}

/// Whether the descriptive notation has replaced its placeholder: the
/// placeholder writes nothing and reads nothing.
pub fn descriptive_landed() -> bool {
    let pos = Chess::default();
    let Some(e4) = move_from_uci(&pos, "e2e4") else {
        return false;
    };
    !write_move(&pos, e4, Notation::Descriptive, &WriteOptions::default()).is_empty()
}

/// Counts of what [`game_positions`] did with the game collection.
#[derive(Debug, Default, Clone, Copy)]
pub struct GameStats {
    /// Rows with parse_status `ok` and variant `chess`.
    pub games: usize,
    /// Of those, games whose first move is illegal from the start position
    /// (games from a FEN; skipped).
    pub skipped_from_fen: usize,
    /// Games that became illegal after the first move (a FEN game whose first
    /// moves also fit the start position); kept up to that move.
    pub truncated: usize,
    /// Plies replayed.
    pub plies: usize,
}

/// Every position along the standard games of `derived/games_uci.tsv`
/// (before each move and after the last), in file order, with duplicates;
/// only one standard game in `game_stride` is replayed (1 = all).
pub fn game_positions(game_stride: usize) -> (Vec<Chess>, GameStats) {
    let tsv = Tsv::load("derived/games_uci.tsv");
    let mut out = Vec::new();
    let mut stats = GameStats::default();
    let standard = tsv
        .rows()
        .filter(|row| row.get("parse_status") == "ok" && row.get("variant") == "chess");
    for row in standard.step_by(game_stride.max(1)) {
        stats.games += 1;
        let mut pos = Chess::default();
        let mut game = vec![pos.clone()];
        for (i, uci) in row.get("uci_moves").split_whitespace().enumerate() {
            match move_from_uci(&pos, uci) {
                Some(m) => {
                    pos.play_unchecked(m);
                    game.push(pos.clone());
                    stats.plies += 1;
                }
                None if i == 0 => {
                    stats.skipped_from_fen += 1;
                    game.clear();
                    break;
                }
                None => {
                    stats.truncated += 1;
                    break;
                }
            }
        }
        out.extend(game);
    }
    (out, stats)
}

/// The standard-chess positions of the perft suites: python-chess random,
/// shakmaty tricky (without the Chess960 `xfen-*`), sunfish perftsuite.
pub fn perft_positions() -> Vec<(String, Chess)> {
    perft_positions_and_rejects().0
}

/// Like [`perft_positions`], also returning the ids of the positions that
/// are not standard chess (Chess960 castling rights, too much material).
pub fn perft_positions_and_rejects() -> (Vec<(String, Chess)>, Vec<String>) {
    let mut out = Vec::new();
    let mut rejects = Vec::new();
    for file in [
        "suites/perft/python-chess_random.perft",
        "suites/perft/shakmaty_tricky.perft",
    ] {
        let mut id = String::new();
        for line in read_data(file).lines() {
            if let Some(rest) = line.strip_prefix("id ") {
                id = rest.trim().to_string();
            } else if let Some(epd) = line.strip_prefix("epd ") {
                if id.starts_with("xfen-") {
                    continue;
                }
                match pos_from_fen_lenient(epd) {
                    Ok(pos) => out.push((format!("{file}:{id}"), pos)),
                    Err(_) => rejects.push(format!("{file}:{id}")),
                }
            }
        }
    }
    let file = "suites/perft/sunfish_perftsuite.epd";
    for (n, line) in read_data(file).lines().enumerate() {
        let fen = line.split(';').next().unwrap_or_default().trim();
        if fen.is_empty() {
            continue;
        }
        match pos_from_fen_lenient(fen) {
            Ok(pos) => out.push((format!("{file}:{}", n + 1), pos)),
            Err(_) => rejects.push(format!("{file}:{}", n + 1)),
        }
    }
    (out, rejects)
}

/// Keeps the first of each position (by Zobrist hash, e.p. square when legal).
pub fn dedup(positions: impl IntoIterator<Item = Chess>) -> Vec<Chess> {
    let mut seen = HashSet::new();
    positions
        .into_iter()
        .filter(|p| seen.insert(p.zobrist_hash::<Zobrist64>(EnPassantMode::Legal)))
        .collect()
}

/// All positions under test: the games' and the perft suites', deduplicated.
pub fn all_positions() -> (Vec<Chess>, GameStats) {
    let (games, stats) = game_positions(1);
    let perft = perft_positions().into_iter().map(|(_, p)| p);
    (dedup(games.into_iter().chain(perft)), stats)
}

/// One way of writing a move and the options to read it back with.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    pub notation: Notation,
    pub write: WriteOptions,
    pub read: ReadOptions,
}

impl Config {
    /// Letters notations (san, lan, figurine) in a language and style. PGN
    /// style writes English letters, so it is read back as English; FIDE style
    /// writes the language's letters and is read back in that language.
    pub fn lettered(notation: Notation, lang: Lang, style: Style) -> Config {
        let read = if style == Style::Pgn { Lang::En } else { lang };
        Config {
            notation,
            write: WriteOptions::new(lang).with_style(style),
            read: ReadOptions::new(read),
        }
    }

    /// A notation without letters (uci, iccf, uedemann, descriptive).
    pub fn plain(notation: Notation) -> Config {
        Config::lettered(notation, Lang::En, Style::Pgn)
    }

    pub fn has_letters(notation: Notation) -> bool {
        matches!(notation, Notation::San | Notation::Lan | Notation::Figurine)
    }
}

impl std::fmt::Display for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if Config::has_letters(self.notation) {
            write!(
                f,
                "{} lang={} style={:?} read-as={}",
                self.notation, self.write.lang, self.write.style, self.read.lang
            )
        } else {
            write!(f, "{}", self.notation)
        }
    }
}

/// Every notation except descriptive, and san/lan/figurine in every language
/// and every style.
pub fn all_configs() -> Vec<Config> {
    let mut out = Vec::new();
    for notation in Notation::ALL {
        if notation == Notation::Descriptive {
            continue;
        }
        if Config::has_letters(notation) {
            for &lang in Lang::ALL {
                for style in [Style::Pgn, Style::Fide, Style::Soviet] {
                    out.push(Config::lettered(notation, lang, style));
                }
            }
        } else {
            out.push(Config::plain(notation));
        }
    }
    out
}

/// Languages that spell every piece, pawn included, with the same letters
/// (German, Swedish, Danish, Norwegian; Spanish, Italian, Catalan; Czech,
/// Slovak), in `Lang::ALL` order.
pub fn letter_classes() -> Vec<Vec<Lang>> {
    use shakmaty::Role;
    let key = |l: Lang| {
        [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]
        .map(|r| l.letter(r))
    };
    let mut classes: Vec<Vec<Lang>> = Vec::new();
    for &lang in Lang::ALL {
        match classes.iter_mut().find(|c| key(c[0]) == key(lang)) {
            Some(c) => c.push(lang),
            None => classes.push(vec![lang]),
        }
    }
    classes
}

/// The configs of the full sweep: every notation but descriptive; san and
/// lan in FIDE style once per letter class (the member chosen by `salt`)
/// and once in PGN style (always English letters, whatever the language,
/// which the language rotated by `salt` shows); figurine in both styles.
/// Configs left out write the same text as one kept
/// (`equivalent_configs_write_the_same` checks it).
pub fn full_configs(salt: usize) -> Vec<Config> {
    let any = Lang::ALL[salt % Lang::ALL.len()];
    let mut out = Vec::new();
    for notation in Notation::ALL {
        match notation {
            Notation::Descriptive => {}
            Notation::San | Notation::Lan => {
                out.push(Config::lettered(notation, any, Style::Pgn));
                for class in letter_classes() {
                    out.push(Config::lettered(
                        notation,
                        class[salt % class.len()],
                        Style::Fide,
                    ));
                }
            }
            Notation::Figurine => {
                out.push(Config::lettered(notation, any, Style::Pgn));
                out.push(Config::lettered(notation, any, Style::Fide));
            }
            _ => out.push(Config::plain(notation)),
        }
        // The Soviet style differs from FIDE's only in its marks: one language will do.
        if Config::has_letters(notation) {
            out.push(Config::lettered(notation, any, Style::Soviet));
        }
    }
    out
}

/// Every notation except descriptive, with san/lan/figurine in English (PGN
/// style) and in one other language (FIDE style), the language chosen by
/// `salt` so that a sample walks through all of them.
pub fn rotating_configs(salt: usize) -> Vec<Config> {
    let lang = Lang::ALL[salt % Lang::ALL.len()];
    let mut out = Vec::new();
    for notation in Notation::ALL {
        if notation == Notation::Descriptive {
            continue;
        }
        if Config::has_letters(notation) {
            out.push(Config::lettered(notation, Lang::En, Style::Pgn));
            out.push(Config::lettered(notation, Lang::En, Style::Fide));
            out.push(Config::lettered(notation, lang, Style::Fide));
            out.push(Config::lettered(notation, lang, Style::Pgn));
        } else {
            out.push(Config::plain(notation));
        }
    }
    out
}

/// Writes `m` with `cfg`, reads the text back and checks it is the same move
/// with no warnings and no annotation.
pub fn roundtrip(pos: &Chess, m: Move, cfg: &Config) -> Result<String, String> {
    let text = write_move(pos, m, cfg.notation, &cfg.write);
    let fail = |what: String| {
        Err(format!(
            "{}: {} ({}) written as {text:?} in {cfg}: {what}",
            fen_of(pos),
            uci_of(m),
            m
        ))
    };
    if text.is_empty() {
        return fail("empty text".into());
    }
    match read_move(pos, &text, cfg.notation, &cfg.read) {
        Ok(r) if r.mv != m => fail(format!("read back as {}", uci_of(r.mv))),
        Ok(r) if !r.warnings.is_empty() => fail(format!("warnings {:?}", r.warnings)),
        Ok(r) if r.nag.is_some() => fail(format!("nag {:?}", r.nag)),
        Ok(_) => Ok(text),
        Err(e) => fail(describe(&e)),
    }
}

/// An error with its variant, for failure messages.
pub fn describe(e: &ReadError) -> String {
    format!("{e} [{e:?}]")
}

/// Round trips every legal move of `pos` in every config; returns failures.
pub fn sweep_position(pos: &Chess, configs: &[Config], failures: &mut Vec<String>) -> usize {
    let mut n = 0;
    for m in pos.legal_moves() {
        for cfg in configs {
            n += 1;
            if let Err(e) = roundtrip(pos, m, cfg) {
                failures.push(e);
            }
        }
    }
    n
}

/// The escapes of the data files and vectors: `\n`, `\r`, `\t`, `\\` and
/// `\u{…}`; any other is an error in the file.
pub fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                out.push(
                    char::from_u32(u32::from_str_radix(&hex, 16).expect("hex")).expect("char"),
                );
            }
            other => panic!("unknown escape \\{other:?} in {s:?}"),
        }
    }
    out
}

/// Prints the first `shown` failures and fails when there are any.
#[track_caller]
pub fn report(what: &str, failures: &[String], shown: usize) {
    for f in failures.iter().take(shown) {
        eprintln!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{what}: {} failures (first {shown} above)",
        failures.len()
    );
}
