//! A game's record as text (`1. e4 e5 2. Nf3 *`), written again only from
//! where it was last written.
//!
//! Every email sheet carries the game's whole record in its reader's
//! notation and language, so each message wrote every move of the game
//! again, with its check marks: at ply 50 about a seventh of the message's
//! work. The text up to the last move White made is kept by game, notation
//! and language, and a record that starts with the same moves from the same
//! position writes only the moves after it. Nothing is trusted: a kept text
//! whose moves are not the first of the record (a takeback, another game of
//! the same id in another store) is written again in full. Bounded like the
//! games kept replayed ([`super::positions`]), least recently used first out.

use std::sync::{LazyLock, Mutex, PoisonError};

use hashlink::LruCache;
use shakmaty::{Chess, Color, Move, Position};

use crate::game::rules::Record;
use crate::notation::movetext::{Game as TextGame, Node, write_movetext};
use crate::notation::{Lang, Notation, WriteOptions};
use crate::store::GameId;

/// Texts kept: two readers of each of a large tournament's running games.
const TEXTS: usize = 4096;

/// A record of this many moves or fewer, with no text kept, is written
/// whole and not kept: keeping it (its moves, two positions and the text
/// copied) costs about what writing it does.
const KEEP_FROM: usize = 16;

struct Kept {
    /// The moves the text writes, from `start`.
    moves: Vec<Move>,
    start: Chess,
    /// The position after `moves`, White to move.
    pos: Chess,
    /// The text of `moves`, each followed by a space, with no result.
    text: String,
}

type Key = (GameId, Notation, Lang);

static KEPT: LazyLock<Mutex<LruCache<Key, Kept>>> =
    LazyLock::new(|| Mutex::new(LruCache::new(TEXTS)));

fn kept() -> std::sync::MutexGuard<'static, LruCache<Key, Kept>> {
    // A panic while the lock was held left at worst an entry out: every
    // entry is checked before use anyway.
    KEPT.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Game `id`'s record written in `notation` and `lang`, ending with
/// `result` (`*` for none), as [`write_movetext`] writes it.
pub(super) fn record_text(
    id: GameId,
    record: &Record,
    result: Option<&str>,
    notation: Notation,
    lang: Lang,
) -> String {
    let key = (id, notation, lang);
    let moves = &record.moves;
    let (from, pos, mut text) = match kept().remove(&key) {
        Some(k) if k.start == record.start && moves.starts_with(&k.moves) => {
            (k.moves.len(), k.pos, k.text)
        }
        _ if moves.len() <= KEEP_FROM => {
            let mut whole = String::new();
            line(&record.start, moves, notation, lang, &mut whole);
            whole.push_str(result.unwrap_or("*"));
            return whole;
        }
        _ => (0, record.start.clone(), String::new()),
    };
    // Kept up to the last move White made, where a text continues with a
    // move number and no `...`: the moves after it are written apart.
    let to = if record.pos.turn() == Color::White || moves.len() == from {
        moves.len()
    } else {
        moves.len() - 1
    };
    line(&pos, &moves[from..to], notation, lang, &mut text);
    let after = if to == moves.len() {
        record.pos.clone()
    } else {
        let mut after = pos;
        for m in &moves[from..to] {
            after.play_unchecked(*m);
        }
        after
    };
    let mut done = text.clone();
    line(&after, &moves[to..], notation, lang, &mut done);
    done.push_str(result.unwrap_or("*"));
    if after.turn() == Color::White {
        kept().insert(
            key,
            Kept {
                moves: moves[..to].to_vec(),
                start: record.start.clone(),
                pos: after,
                text,
            },
        );
    }
    done
}

/// Appends `moves` played from `pos` as the movetext writer writes them
/// there, each followed by a space.
fn line(pos: &Chess, moves: &[Move], notation: Notation, lang: Lang, out: &mut String) {
    if moves.is_empty() {
        return;
    }
    let game = main_line(pos, moves, None);
    let written = write_movetext(&game, notation, &WriteOptions::new(lang));
    // Without a result the writer ends with `*`.
    out.push_str(written.strip_suffix('*').unwrap_or(&written));
}

/// `moves` from `start` as a game's main line, ending with `result`.
fn main_line(start: &Chess, moves: &[Move], result: Option<&str>) -> TextGame {
    TextGame {
        tags: Vec::new(),
        start: start.clone(),
        line: moves
            .iter()
            .map(|m| Node {
                mv: Some(*m),
                notation: Notation::Uci,
                token: Default::default(),
                notes: None,
            })
            .collect(),
        comments: Vec::new(),
        result: result.map(str::to_string),
        error: None,
        variation_errors: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The record written whole, the plain way: one movetext of every move.
    fn whole(record: &Record, result: Option<&str>, notation: Notation, lang: Lang) -> String {
        let game = main_line(&record.start, &record.moves, result);
        write_movetext(&game, notation, &WriteOptions::new(lang))
    }

    /// Real games of the test data (`tests/data/derived/games_uci.tsv`):
    /// promotions and mates, en passant, both castlings.
    fn games() -> Vec<Vec<String>> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/derived/games_uci.tsv"
        );
        let tsv = std::fs::read_to_string(path).expect("games_uci.tsv");
        ["2", "30", "558"]
            .iter()
            .map(|index| {
                let row = tsv
                    .lines()
                    .find(|l| l.split('\t').next() == Some(index))
                    .expect("the game's row");
                let moves = row.split('\t').next_back().expect("moves");
                moves.split_whitespace().map(str::to_string).collect()
            })
            .collect()
    }

    /// Each game played move by move, as messages do, in every notation
    /// and three languages: each text is the whole record's, written from
    /// the text kept before or in full.
    #[test]
    fn a_record_written_on_from_its_kept_text_is_the_record_written_whole() {
        // Black to move at the start, as a game set up from a position.
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let mut cases: Vec<(Option<&str>, Vec<String>)> =
            games().into_iter().map(|g| (None, g)).collect();
        let black_first = ["e7e5", "g1f3", "b8c6", "f1b5"].map(String::from).to_vec();
        cases.push((Some(fen), black_first));
        for (n, (fen, ucis)) in cases.iter().enumerate() {
            let id = GameId(9_100_000 + i64::try_from(n).expect("few games"));
            for notation in Notation::ALL {
                for lang in [Lang::En, Lang::De, Lang::Ru] {
                    let mut record = Record::replay(*fen, []).expect("start");
                    for uci in ucis {
                        record.play_ucis([uci.as_str()]).expect("a legal move");
                        assert_eq!(
                            record_text(id, &record, None, notation, lang),
                            whole(&record, None, notation, lang),
                            "{notation:?} {lang:?} at ply {}",
                            record.moves.len()
                        );
                    }
                    assert_eq!(
                        record_text(id, &record, Some("1-0"), notation, lang),
                        whole(&record, Some("1-0"), notation, lang),
                    );
                    // A takeback: the record no longer starts with the
                    // moves of the text kept.
                    let back = Record::replay(*fen, ucis[..1].iter().map(String::as_str))
                        .expect("one move");
                    assert_eq!(
                        record_text(id, &back, None, notation, lang),
                        whole(&back, None, notation, lang),
                    );
                }
            }
        }
    }
}
