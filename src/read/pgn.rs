//! A stored game as PGN: the tags ccgate knows (the event's name, round
//! and board for an event game), each move as the player wrote it with its
//! glyphs and draw offer, and its arrival time as `%ccsnt`.

use shakmaty::Position;

use crate::game::outcome::GameResult;
use crate::notation::movetext::{Game as TextGame, Node};
use crate::notation::pgn::write_pgn;
use crate::notation::{Notation, WriteOptions};
use crate::read::names::name_of;
use crate::service;
use crate::store::{self, GameId, Store};

/// A game the command line names, which must exist.
pub fn existing(store: &Store, id: GameId) -> store::Result<service::Loaded> {
    service::load_game(store, id)?
        .ok_or_else(|| store::StoreError::NotFound(format!("no game {id}")))
}

pub fn game_pgn(store: &Store, id: GameId) -> store::Result<String> {
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
