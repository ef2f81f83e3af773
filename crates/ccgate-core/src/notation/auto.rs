//! Detecting the notation of each token (`--from auto`).
//!
//! Candidates are ICCF numeric, UCI, long algebraic, SAN, figurine and
//! descriptive, with the piece letters of one given language. The Uedemann
//! tables are never candidates: four letters such as `gego` could be either
//! table, so the reader must be told. Every notation whose syntax accepts the
//! token is resolved; if two of them name different legal moves the token is
//! refused with both readings listed.
//!
//! ```
//! use ccgate_core::notation::auto::read_auto;
//! use ccgate_core::notation::{Lang, Notation};
//! use shakmaty::Chess;
//! let pos = Chess::default();
//! for (text, notation) in [("5254", Notation::Iccf), ("e4", Notation::San), ("e2-e4", Notation::Lan),
//!                          ("P-K4", Notation::Descriptive)] {
//!     let (reading, detected) = read_auto(&pos, text, Lang::En).unwrap();
//!     assert_eq!(detected, notation);
//!     assert_eq!(reading.mv.to_string(), "e2-e4");
//! }
//! ```

use shakmaty::Chess;

use super::desc::MoveDesc;
use super::error::{Candidate, Expected, ReadError};
use super::text::normalize;
use super::{Lang, Notation, Reading, algebraic, descriptive, iccf, resolve, uci};

/// Reads a token in whichever notation it is written, and says which.
pub fn read_auto(pos: &Chess, text: &str, lang: Lang) -> Result<(Reading, Notation), ReadError> {
    let (text, draw_offer) = super::split_draw_offer(text);
    match read_any(pos, text, lang, draw_offer) {
        Err(e) => Err(suggest(pos, text, lang, e)),
        // Passed on as it is: every move of a PGN file comes here, and
        // taking the reading apart to set its draw offer would copy it.
        ok => ok,
    }
}

/// Suggestions in the notation the text most looks like.
#[cold]
fn suggest(pos: &Chess, text: &str, lang: Lang, e: ReadError) -> ReadError {
    let like = if text.trim().bytes().all(|b| b.is_ascii_digit()) {
        Notation::Iccf
    } else {
        Notation::San
    };
    super::suggest::attach(pos, text, like, lang, e)
}

/// The reading, in `notation`, with the draw offer split off before.
fn offered(notation: Notation, draw_offer: bool) -> impl FnOnce(Reading) -> (Reading, Notation) {
    move |r| (Reading { draw_offer, ..r }, notation)
}

// Inlined into its one caller, so that the reading is built where
// `read_auto` returns it, not copied there.
#[inline(always)]
fn read_any(
    pos: &Chess,
    text: &str,
    lang: Lang,
    draw_offer: bool,
) -> Result<(Reading, Notation), ReadError> {
    // The common case, strict English SAN as PGN files hold it, decided
    // without the general steps below. Their answers are known here: text
    // shakmaty's SAN parser accepts is ASCII without spaces (so
    // normalisation leaves it as it is), is never all digits, is never a
    // figurine move, and is never a descriptive move unless it is castling,
    // which means the same move in both (the test
    // `no_strict_san_text_but_castling_reads_as_descriptive`).
    if lang == Lang::En
        && let Some(desc) = algebraic::strict_san(text)
    {
        let notation = if desc.from_file.is_some() && desc.from_rank.is_some() {
            Notation::Lan
        } else {
            Notation::San
        };
        return resolve::resolve(pos, &desc, text, notation, lang)
            .map(offered(notation, draw_offer));
    }
    read_general(pos, text, lang, draw_offer)
}

/// Every token strict SAN does not take: apart from the fast path above, so
/// that the loop reading a PGN file's moves stays small in the instruction
/// cache.
#[inline(never)]
fn read_general(
    pos: &Chess,
    text: &str,
    lang: Lang,
    draw_offer: bool,
) -> Result<(Reading, Notation), ReadError> {
    let norm = normalize(text);
    if !norm.is_empty() && norm.bytes().all(|b| b.is_ascii_digit()) {
        return iccf::read(pos, &norm).map(offered(Notation::Iccf, draw_offer));
    }
    let descriptive_too = looks_descriptive(&norm);
    let parsed = algebraic::parse(&norm, lang);
    // The common case, a token only the algebraic family reads, allocates nothing more.
    if let (Ok(desc), false) = (&parsed, descriptive_too) {
        let notation = classify(&norm, desc);
        return resolve::resolve(pos, desc, &norm, notation, lang)
            .map(offered(notation, draw_offer));
    }
    let mut results: Vec<(Notation, Result<Reading, ReadError>)> = Vec::with_capacity(2);
    match parsed {
        Ok(desc) => {
            let notation = classify(&norm, &desc);
            results.push((
                notation,
                resolve::resolve(pos, &desc, &norm, notation, lang),
            ));
        }
        Err(malformed) => {
            let uci = uci::read(pos, &norm);
            let uci_parsed = !matches!(uci, Err(ReadError::Malformed { .. }));
            results.push(if uci_parsed {
                (Notation::Uci, uci)
            } else {
                (Notation::San, Err(malformed))
            });
        }
    }
    if descriptive_too {
        results.push((Notation::Descriptive, descriptive::read(pos, &norm)));
    }
    decide(pos, &norm, results).map(|(r, n)| offered(n, draw_offer)(r))
}

/// Whether a text is shaped like a move in one of the notations that
/// [`read_auto`] detects, or in the given Uedemann table: syntax only, no
/// position. The message grammar uses it to tell moves from prose.
///
/// ```
/// use ccgate_core::notation::auto::is_move_syntax;
/// use ccgate_core::notation::{Lang, UedemannTable};
/// assert!(is_move_syntax("5254", Lang::En, None));
/// assert!(is_move_syntax("Nf3", Lang::En, None));
/// assert!(is_move_syntax("N-KB3", Lang::En, None));
/// assert!(!is_move_syntax("gego", Lang::En, None));
/// assert!(is_move_syntax("gego", Lang::En, Some(UedemannTable::Gringmuth)));
/// assert!(!is_move_syntax("Thanks", Lang::En, Some(UedemannTable::Gringmuth)));
/// assert!(!is_move_syntax("12", Lang::En, None));
/// ```
pub fn is_move_syntax(text: &str, lang: Lang, table: Option<super::UedemannTable>) -> bool {
    let norm = normalize(text);
    if !norm.is_empty() && norm.bytes().all(|b| b.is_ascii_digit()) {
        let b = norm.as_bytes();
        return matches!(b.len(), 4 | 5)
            && b[..4].iter().all(|d| (b'1'..=b'8').contains(d))
            && b.get(4).is_none_or(|d| (b'1'..=b'4').contains(d));
    }
    algebraic::parse(&norm, lang).is_ok()
        || is_uci_syntax(&norm)
        || descriptive::is_syntax(&norm)
        || table.is_some_and(|t| super::uedemann::parse(&norm, t).is_ok())
}

fn is_uci_syntax(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b {
        [f1, r1, f2, r2] => square(*f1, *r1) && square(*f2, *r2),
        [f1, r1, f2, r2, p] => square(*f1, *r1) && square(*f2, *r2) && b"qrbnQRBN".contains(p),
        _ => false,
    }
}

/// Picks the outcome: one reading, a conflict between two, or the most
/// useful error (a reason about the position beats a syntax complaint).
fn decide(
    pos: &Chess,
    text: &str,
    results: Vec<(Notation, Result<Reading, ReadError>)>,
) -> Result<(Reading, Notation), ReadError> {
    let mut readings: Vec<(Notation, Reading)> = Vec::new();
    let mut best_error: Option<ReadError> = None;
    for (notation, result) in results {
        match result {
            Ok(r) => readings.push((notation, r)),
            Err(e) => {
                let better = match (&best_error, &e) {
                    (None, _) => true,
                    (Some(ReadError::Malformed { .. }), ReadError::Malformed { .. }) => false,
                    (Some(ReadError::Malformed { .. }), _) => true,
                    _ => false,
                };
                if better {
                    best_error = Some(e);
                }
            }
        }
    }
    match readings.len() {
        0 => Err(best_error.unwrap_or_else(|| ReadError::Malformed {
            text: text.to_string(),
            expected: Expected::Move,
            at: 1,
            found: text.chars().next(),
            did_you_mean: Vec::new(),
        })),
        1 => Ok(readings.swap_remove(0)).map(|(n, r)| (r, n)),
        _ if readings.iter().all(|(_, r)| r.mv == readings[0].1.mv) => {
            Ok(readings.swap_remove(0)).map(|(n, r)| (r, n))
        }
        _ => Err(ReadError::Conflict {
            text: text.to_string(),
            readings: readings
                .into_iter()
                .map(|(n, r)| {
                    let text = resolve::candidates(pos, &[r.mv], n, Lang::En)
                        .pop()
                        .map_or_else(String::new, |c| c.text);
                    (n, Candidate { mv: r.mv, text })
                })
                .collect(),
        }),
    }
}

/// Which member of the algebraic family a parsed token belongs to.
fn classify(text: &str, desc: &MoveDesc) -> Notation {
    if !text.is_ascii() && text.chars().any(|c| algebraic::figurine_role(c).is_some()) {
        Notation::Figurine
    } else if desc.from_file.is_some() && desc.from_rank.is_some() {
        Notation::Lan
    } else {
        Notation::San
    }
}

/// A cheap syntactic filter: descriptive moves name a piece or a descriptive
/// square after their `-` or `x`, or are spelled-out castling.
fn looks_descriptive(text: &str) -> bool {
    let bytes = text.as_bytes();
    // Descriptive moves start with a piece letter, `O`/`0` (castling) or `C`astles.
    if bytes
        .first()
        .is_some_and(|b| b.is_ascii_lowercase() && !b"kqrbnpoc".contains(b))
    {
        return false;
    }
    bytes.windows(2).any(|w| {
        matches!(w[0], b'-' | b'x' | b'X' | b':')
            && matches!(
                w[1].to_ascii_uppercase(),
                b'K' | b'Q' | b'R' | b'B' | b'N' | b'P'
            )
    }) || text
        .get(..7)
        .is_some_and(|s| s.eq_ignore_ascii_case("castles"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast path of `read_any` reads every strict SAN text as SAN and
    /// never as descriptive: that is right only while the descriptive
    /// grammar takes none of them but castling (`O-O`, the same move in
    /// both). Every text of shakmaty's SAN grammar is tried: piece, origin
    /// file and rank, capture, square, promotion and check mark.
    #[test]
    fn no_strict_san_text_but_castling_reads_as_descriptive() {
        let mut checked = 0;
        algebraic::each_shape(&["", "x"], |piece, rest| {
            let text = format!("{piece}{rest}");
            if algebraic::strict_san(&text).is_some() {
                assert!(!descriptive::is_syntax(&text), "{text}");
                checked += 1;
            }
        });
        // Castling reads as the same move in both.
        let pos: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        for castling in ["O-O", "O-O-O"] {
            assert!(algebraic::strict_san(castling).is_some(), "{castling}");
            let (san, _) = read_auto(&pos, castling, Lang::En).unwrap();
            let desc = descriptive::read(&pos, castling).unwrap();
            assert_eq!(san.mv, desc.mv, "{castling}");
        }
        assert!(checked > 50_000, "{checked}");
    }
}
