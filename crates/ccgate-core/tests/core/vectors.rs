//! Replays the test vectors of `protocols/vectors/` (see `protocols/notation.md`).
//!
//! `notation-read.tsv`: `expect` is the UCI move, optionally with `nag=N` or
//! `warn=check|capture|ep`; or `malformed@N` (1-based character); or
//! `illegal:<reason>` optionally with `dym=a,b` (the "did you mean" codes, any
//! order); or `ambiguous=a,b` (the candidates as written, any order).
//! `notation-write.tsv`: the move in UCI written in a notation, language and style.

use std::collections::BTreeSet;

use ccgate_core::notation::auto::read_auto;
use ccgate_core::notation::{
    Illegal, Lang, Notation, ReadError, ReadOptions, Reading, Style, Warning, WriteOptions,
    read_move, write_move,
};
use shakmaty::uci::UciMove;

use crate::support::position;

fn rows(name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(crate::support::workspace_path(&format!(
        "protocols/vectors/{name}"
    )))
    .expect("vector file");
    text.lines()
        .skip(1)
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn reason_name(reason: &Illegal) -> &'static str {
    match reason {
        Illegal::NoSuchPiece { .. } => "no_such_piece",
        Illegal::EmptySquare(_) => "empty_square",
        Illegal::NotYourPiece(_) => "not_your_piece",
        Illegal::CannotReach { .. } => "cannot_reach",
        Illegal::OwnPiece(_) => "own_piece",
        Illegal::Pinned { .. } => "pinned",
        Illegal::InCheck => "in_check",
        Illegal::IntoCheck(_) => "into_check",
        Illegal::PromotionMissing => "promotion_missing",
        Illegal::NotPromotion => "not_promotion",
        Illegal::PawnCaptureNeedsFile => "pawn_capture_needs_file",
        Illegal::CastlingRightsGone(_) => "castling_rights_gone",
        Illegal::CastlingBlocked(_) => "castling_blocked",
        Illegal::CastlingInCheck => "castling_in_check",
        Illegal::CastlingThroughCheck(_) => "castling_through_check",
        Illegal::NoLegalMoves => "no_legal_moves",
    }
}

fn describe(result: &Result<Reading, ReadError>) -> String {
    match result {
        Ok(r) => {
            let mut s = UciMove::from_standard(r.mv).to_string();
            if let Some(n) = r.nag {
                s.push_str(&format!(" nag={n}"));
            }
            for w in &r.warnings {
                s.push_str(match w {
                    Warning::CheckMark { .. } => " warn=check",
                    Warning::CaptureMark => " warn=capture",
                    Warning::EnPassantMark => " warn=ep",
                });
            }
            s
        }
        Err(ReadError::Malformed { at, .. }) => format!("malformed@{at}"),
        Err(ReadError::Illegal {
            reason,
            did_you_mean,
            ..
        }) => {
            let mut s = format!("illegal:{}", reason_name(reason));
            if !did_you_mean.is_empty() {
                let codes: BTreeSet<&str> = did_you_mean.iter().map(|c| c.text.as_str()).collect();
                s.push_str(&format!(
                    " dym={}",
                    codes.into_iter().collect::<Vec<_>>().join(",")
                ));
            }
            s
        }
        Err(ReadError::Ambiguous { candidates, .. }) => {
            let texts: BTreeSet<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
            format!(
                "ambiguous={}",
                texts.into_iter().collect::<Vec<_>>().join(",")
            )
        }
        Err(ReadError::Conflict { .. }) => "conflict".to_string(),
    }
}

/// Sorts the comma lists of an expectation so the order in the file does not matter.
fn canonical(expect: &str) -> String {
    expect
        .split(' ')
        .map(|part| match part.split_once('=') {
            Some((k, v)) if k == "dym" || k.ends_with("ambiguous") => {
                let set: BTreeSet<&str> = v.split(',').collect();
                format!("{k}={}", set.into_iter().collect::<Vec<_>>().join(","))
            }
            _ => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn read_vectors() {
    let rows = rows("notation-read.tsv");
    assert!(rows.len() > 90);
    let mut failures = Vec::new();
    for row in &rows {
        let [fen, notation, lang, input, expect, comment] = &row[..] else {
            panic!("bad row {row:?}")
        };
        let pos = position(fen);
        let lang: Lang = lang.parse().expect("lang");
        let result = if notation == "auto" {
            read_auto(&pos, input, lang).map(|(r, _)| r)
        } else {
            let n: Notation = notation.parse().expect("notation");
            read_move(&pos, input, n, &ReadOptions::new(lang))
        };
        let got = describe(&result);
        if got != canonical(expect) {
            failures.push(format!(
                "{notation} {input:?} ({comment}): expected {expect}, got {got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} vectors fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn write_vectors() {
    let rows = rows("notation-write.tsv");
    assert!(rows.len() > 35);
    let mut failures = Vec::new();
    for row in &rows {
        let [fen, notation, lang, style, uci, expect] = &row[..] else {
            panic!("bad row {row:?}")
        };
        let pos = position(fen);
        let n: Notation = notation.parse().expect("notation");
        let style: Style = style.parse().expect("style");
        let opts = WriteOptions::new(lang.parse().expect("lang")).with_style(style);
        let mv = uci
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal");
        let got = write_move(&pos, mv, n, &opts);
        if &got != expect {
            failures.push(format!(
                "{notation}/{lang}/{style:?} {uci}: expected {expect}, got {got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} vectors fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
