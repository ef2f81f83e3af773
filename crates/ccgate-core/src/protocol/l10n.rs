//! Every sentence ccgate sends, from the Project Fluent catalogues under
//! `locales/<lang>/ccgate.ftl`, one file per language that a translator
//! edits without reading Rust.
//!
//! The catalogues are embedded at compile time, so the core stays free of
//! I/O and a binary needs no files. Languages without a catalogue get
//! English; a message a catalogue lacks comes from English too (the tests
//! make sure none does). Numbers are passed as numbers, so each language's
//! plural rules pick the word (`1 Tag`, `2 Tage`; `1 день`, `2 дня`, `5 дней`).
//!
//! ```
//! use ccgate_core::notation::Lang;
//! use ccgate_core::protocol::l10n::{Args, Form, Reader, text};
//! let ru = Reader::new(Lang::Ru, Form::Full);
//! let days = |n| text(ru, "days", &Args::new().num("days", n));
//! assert_eq!([days(1), days(2), days(5)], ["1 день", "2 дня", "5 дней"]);
//! let de = Reader::new(Lang::De, Form::Short);
//! assert_eq!(text(de, "days", &Args::new().num("days", 2)), "2 Tage");
//! ```

use std::collections::BTreeSet;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use shakmaty::Color;

use crate::game::clock::LeaveError;
use crate::game::outcome::Termination;
use crate::game::rules::{Claim, Ending};
use crate::notation::error::{Expected, piece, side};
use crate::notation::lang::foreign_piece;
use crate::notation::{Illegal, Lang, ReadError};
use crate::protocol::address::Channel;
use crate::protocol::sms;

macro_rules! catalogues {
    ($( $lang:ident $code:literal ),* $(,)?) => {
        /// The languages with a catalogue of their own.
        pub const CATALOGUES: &[Lang] = &[ $( Lang::$lang ),* ];

        /// A catalogue's Fluent source.
        pub fn source(lang: Lang) -> Option<&'static str> {
            match lang {
                $( Lang::$lang => Some(include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"), "/../../locales/", $code, "/ccgate.ftl"
                ))), )*
                _ => None,
            }
        }
    };
}

catalogues! {
    En "en", De "de", Ru "ru", Uk "uk", Fr "fr", Es "es",
    It "it", Nl "nl", Pl "pl", Cs "cs", Pt "pt", Sv "sv",
}

/// Whether replies in `lang` come from its own catalogue (else English).
pub fn has_catalogue(lang: Lang) -> bool {
    CATALOGUES.contains(&lang)
}

type Bundle = FluentBundle<FluentResource>;

/// `lang`'s bundle, parsed the first time a text in `lang` is formatted: a
/// process such as `ccgate submit` or `ccgate ingest-mail` writes in one or
/// two languages, and parsing all the catalogues at once cost it 9 M
/// instructions, more than half of its work (bench/README.md).
fn bundle_of(lang: Lang) -> Option<&'static Bundle> {
    // None for a language without a catalogue of its own (no source).
    static BUNDLES: [OnceLock<Option<Bundle>>; Lang::ALL.len()] =
        [const { OnceLock::new() }; Lang::ALL.len()];
    BUNDLES[lang.index()].get_or_init(|| bundle(lang)).as_ref()
}

/// A catalogue's bundle. The sources are ours and checked by the tests; a
/// broken one is left out (its language falls back to English) rather than
/// stopping the gateway.
fn bundle(lang: Lang) -> Option<Bundle> {
    let resource = FluentResource::try_new(source(lang)?.to_string()).ok()?;
    let id = lang.code().parse().ok()?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks around placeholders would cost SMS users the
    // GSM alphabet and show as boxes on radio terminals.
    bundle.set_use_isolating(false);
    bundle.add_resource(resource).ok()?;
    Some(bundle)
}

/// How much room a reply has: email has all it needs; SMS and radio carry
/// one message, so a message's `.sms` attribute, where it has one, is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    Full,
    Short,
}

impl From<Channel> for Form {
    fn from(channel: Channel) -> Self {
        match channel {
            Channel::Email | Channel::Xfcc | Channel::Web => Form::Full,
            Channel::Sms | Channel::Radio => Form::Short,
        }
    }
}

/// Whom a text is for: their language, and the room their channel has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reader {
    pub lang: Lang,
    pub form: Form,
}

impl Reader {
    pub fn new(lang: Lang, form: Form) -> Self {
        Reader { lang, form }
    }

    /// The director's reading of incidents and penalties: English, in full.
    pub fn director() -> Self {
        Reader::new(Lang::En, Form::Full)
    }
}

/// The values a message's placeholders take.
#[derive(Default)]
pub struct Args<'a>(FluentArgs<'a>);

impl<'a> Args<'a> {
    pub fn new() -> Self {
        Args(FluentArgs::new())
    }

    /// A text value (also a selector key such as `knight`).
    pub fn str(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.0.set(name, FluentValue::from(value.into()));
        self
    }

    /// A number, which the language's plural rules select on.
    pub fn num(mut self, name: &'static str, value: i64) -> Self {
        self.0.set(name, FluentValue::from(value));
        self
    }
}

/// Message `id` for `reader`, with the errors Fluent reported (a missing
/// placeholder, an unknown message). The short form is the message's `.sms`
/// attribute where it has one.
pub fn format(reader: Reader, id: &str, args: &Args<'_>) -> (String, Vec<String>) {
    let found = [reader.lang, Lang::En].into_iter().find_map(|l| {
        let bundle = bundle_of(l)?;
        let message = bundle.get_message(id)?;
        let short = match reader.form {
            Form::Short => message.get_attribute("sms").map(|a| a.value()),
            Form::Full => None,
        };
        Some((bundle, short.or(message.value())?))
    });
    match found {
        Some((bundle, pattern)) => {
            let mut errors = Vec::new();
            let out = bundle.format_pattern(pattern, Some(&args.0), &mut errors);
            let errors = errors.iter().map(ToString::to_string).collect();
            (out.into_owned(), errors)
        }
        None => (id.to_string(), vec![format!("no message {id}")]),
    }
}

/// Message `id` for `reader`.
pub fn text(reader: Reader, id: &str, args: &Args<'_>) -> String {
    format(reader, id, args).0
}

/// A message without placeholders.
pub fn plain(reader: Reader, id: &str) -> String {
    text(reader, id, &Args::new())
}

/// Letters and marks outside the GSM alphabet, and what a phone in its
/// GSM-only mode writes for them.
const GSM_FOLDS: &[(char, &str)] = &[
    ('á', "a"),
    ('â', "a"),
    ('ã', "a"),
    ('ą', "a"),
    ('À', "A"),
    ('Á', "A"),
    ('Â', "A"),
    ('ç', "c"),
    ('č', "c"),
    ('ć', "c"),
    ('Č', "C"),
    ('Ć', "C"),
    ('ď', "d"),
    ('Ď', "D"),
    ('ê', "e"),
    ('ë', "e"),
    ('ě', "e"),
    ('ę', "e"),
    ('È', "E"),
    ('Ê', "E"),
    ('Ě', "E"),
    ('í', "i"),
    ('î', "i"),
    ('ï', "i"),
    ('Í', "I"),
    ('Î', "I"),
    ('ł', "l"),
    ('Ł', "L"),
    ('ń', "n"),
    ('ň', "n"),
    ('Ň', "N"),
    ('ó', "o"),
    ('ô', "o"),
    ('õ', "o"),
    ('Ó', "O"),
    ('Ô', "O"),
    ('œ', "oe"),
    ('ř', "r"),
    ('Ř', "R"),
    ('ś', "s"),
    ('š', "s"),
    ('Ś', "S"),
    ('Š', "S"),
    ('ť', "t"),
    ('Ť', "T"),
    ('ú', "u"),
    ('û', "u"),
    ('ů', "u"),
    ('Ú', "U"),
    ('Ů', "U"),
    ('ý', "y"),
    ('Ý', "Y"),
    ('ź', "z"),
    ('ż', "z"),
    ('ž', "z"),
    ('Ź', "Z"),
    ('Ż', "Z"),
    ('Ž', "Z"),
    ('„', "\""),
    ('“', "\""),
    ('”', "\""),
    ('«', "\""),
    ('»', "\""),
    ('’', "'"),
    ('–', "-"),
    ('…', "..."),
];

/// A short reply as SMS and radio carry it: as written when it fits one
/// message; otherwise with the letters GSM lacks folded to their base letters
/// (`ř` → `r`, `ç` → `c`), as phones write in GSM-only mode, so that a Czech
/// or Portuguese reply has 160 characters rather than 70. Cyrillic stays.
pub fn for_sms(text: String) -> String {
    if sms::fits(&text) {
        text
    } else {
        gsm_folded(&text)
    }
}

/// `text` with the letters GSM lacks folded to their base letters.
pub fn gsm_folded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match GSM_FOLDS.iter().find(|(from, _)| *from == c) {
            Some((_, to)) => out.push_str(to),
            None => out.push(c),
        }
    }
    out
}

/// Runs of three words of the English catalogue's sentences, without its
/// placeholders and selector keys.
fn english_trigrams() -> &'static BTreeSet<Vec<String>> {
    static TRIGRAMS: OnceLock<BTreeSet<Vec<String>>> = OnceLock::new();
    TRIGRAMS.get_or_init(|| {
        let english = source(Lang::En).unwrap_or_default();
        let mut out = BTreeSet::new();
        for line in english.lines().filter(|l| !l.starts_with('#')) {
            let text: Vec<&str> = line
                .split('{')
                .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
                .collect();
            let text = text.join(" ");
            let text = text.split_once(" = ").map_or(text.as_str(), |(_, t)| t);
            out.extend(trigrams(text.trim_start().trim_start_matches(['[', '*'])));
        }
        out
    })
}

fn trigrams(text: &str) -> Vec<Vec<String>> {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphabetic() && c != '\'')
        // Single letters are piece letters and codes, not English.
        .filter(|w| w.chars().count() > 1)
        .map(str::to_lowercase)
        .collect();
    words.windows(3).map(<[String]>::to_vec).collect()
}

/// The catalogue lint: the runs of three words of an English sentence of
/// the catalogue that a reply (meant for another language) carries. A reply
/// fully in its reader's language has none; names and moves are the reader's
/// own values and should be left out of `text`.
pub fn english_fragments(text: &str) -> Vec<String> {
    let english = english_trigrams();
    trigrams(text)
        .into_iter()
        .filter(|t| english.contains(t))
        .map(|t| t.join(" "))
        .collect()
}

/// A date as the reader's language writes it in numbers, by its catalogue's
/// `date` message (ISO 8601 in English and Swedish, `26.01.2027` in German,
/// `26/01/2027` in French): every date a player reads goes through here,
/// so one mail never mixes two forms.
pub fn date(r: Reader, date: jiff::civil::Date) -> String {
    let args = Args::new()
        .str("day", format!("{:02}", date.day()))
        .str("month", format!("{:02}", date.month()))
        // A string, not a number, so that no language groups its digits.
        .str("year", format!("{:04}", date.year()));
    text(r, "date", &args)
}

/// A colour's name.
pub fn color(r: Reader, color: Color) -> String {
    let key = match color {
        Color::White => "white",
        Color::Black => "black",
    };
    text(r, "color", &Args::new().str("color", key))
}

/// Why no legal move fits.
pub fn illegal(r: Reader, why: &Illegal) -> String {
    let a = Args::new();
    let (id, a) = match why {
        Illegal::NoSuchPiece {
            role,
            from: Some(sq),
        } => (
            "illegal-no-such-piece-on",
            a.str("piece", piece(*role)).str("square", sq.to_string()),
        ),
        Illegal::NoSuchPiece { role, from: None } => {
            ("illegal-no-such-piece", a.str("piece", piece(*role)))
        }
        Illegal::EmptySquare(sq) => ("illegal-empty-square", a.str("square", sq.to_string())),
        Illegal::NotYourPiece(sq) => ("illegal-not-your-piece", a.str("square", sq.to_string())),
        Illegal::CannotReach {
            role,
            from: Some(from),
            to,
        } => (
            "illegal-cannot-move",
            a.str("piece", piece(*role))
                .str("from", from.to_string())
                .str("to", to.to_string()),
        ),
        Illegal::CannotReach {
            role,
            from: None,
            to,
        } => (
            "illegal-cannot-reach",
            a.str("piece", piece(*role)).str("to", to.to_string()),
        ),
        Illegal::OwnPiece(sq) => ("illegal-own-piece", a.str("square", sq.to_string())),
        Illegal::Pinned { role, from } => (
            "illegal-pinned",
            a.str("piece", piece(Some(*role)))
                .str("from", from.to_string()),
        ),
        Illegal::InCheck => ("illegal-in-check", a),
        Illegal::IntoCheck(sq) => ("illegal-into-check", a.str("square", sq.to_string())),
        Illegal::PromotionMissing => ("illegal-promotion-missing", a),
        Illegal::NotPromotion => ("illegal-not-promotion", a),
        Illegal::PawnCaptureNeedsFile => ("illegal-pawn-capture-needs-file", a),
        Illegal::CastlingRightsGone(s) => ("illegal-castling-rights-gone", a.str("side", side(*s))),
        Illegal::CastlingBlocked(s) => ("illegal-castling-blocked", a.str("side", side(*s))),
        Illegal::CastlingInCheck => ("illegal-castling-in-check", a),
        Illegal::CastlingThroughCheck(s) => {
            ("illegal-castling-through-check", a.str("side", side(*s)))
        }
        Illegal::NoLegalMoves => ("illegal-no-legal-moves", a),
    };
    text(r, id, &a)
}

/// Why a text is not exactly one legal move, without the suggestions (the
/// reply offers them in a sentence of its own).
pub fn read_error(r: Reader, e: &ReadError) -> String {
    match e {
        ReadError::Malformed {
            expected,
            at,
            found,
            ..
        } => {
            // Another language's piece letter (a German's `Nxf3`): say
            // which letter the reader's language writes, not what the
            // reader wanted.
            let piece_wanted = matches!(
                expected,
                Expected::PieceOrSquare | Expected::Promotion | Expected::PromotionPiece
            );
            if let Some(c) = found.filter(|_| piece_wanted && has_catalogue(r.lang))
                && let Some(role) = foreign_piece(r.lang, c)
            {
                let a = Args::new()
                    .str("letter", c.to_string())
                    .str("piece", piece(Some(role)))
                    .str("local", r.lang.letter(role));
                return text(r, "foreign-letter", &a);
            }
            let what = text(r, "expected", &Args::new().str("what", expected.id()));
            let a = Args::new().str("expected", what).num("at", *at as i64);
            match found {
                Some(c) => text(r, "malformed-found", &a.str("found", c.to_string())),
                None => text(r, "malformed", &a),
            }
        }
        ReadError::Illegal { reason, .. } => illegal(r, reason),
        ReadError::Ambiguous { candidates, .. } => {
            let moves: Vec<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
            text(r, "ambiguous", &Args::new().str("moves", moves.join(", ")))
        }
        ReadError::Conflict { readings, .. } => {
            let readings: Vec<String> = readings
                .iter()
                .map(|(n, c)| format!("{} ({n})", c.text))
                .collect();
            text(
                r,
                "conflict",
                &Args::new().str("readings", readings.join(", ")),
            )
        }
    }
}

fn ending(ending: Ending) -> &'static str {
    match ending {
        Ending::Checkmate { .. } => "checkmate",
        Ending::Stalemate => "stalemate",
        Ending::InsufficientMaterial => "insufficient-material",
        Ending::FivefoldRepetition => "fivefold-repetition",
        Ending::SeventyFiveMoves => "seventy-five-moves",
    }
}

/// The selector key of a draw claim (`none` when the claim named none).
pub fn claim_key(claim: Option<Claim>) -> &'static str {
    match claim {
        Some(Claim::ThreefoldRepetition) => "threefold",
        Some(Claim::FiftyMoves) => "fifty",
        None => "none",
    }
}

/// How a game ended.
pub fn termination(r: Reader, t: &Termination) -> String {
    let a = Args::new();
    let (id, a) = match t {
        Termination::Rules(e) => ("end", a.str("why", ending(*e))),
        Termination::DrawAgreed => ("end", a.str("why", "draw-agreed")),
        Termination::DrawClaimed(c) => ("end-claimed", a.str("claim", claim_key(Some(*c)))),
        Termination::Resigned(p) => ("end-resigned", a.str("player", p.clone())),
        Termination::LostOnTime(p) => ("end-lost-on-time", a.str("player", p.clone())),
        Termination::Adjudicated(r) => ("end-adjudicated", a.str("reason", r.clone())),
    };
    text(r, id, &a)
}

/// Why a leave was refused.
pub fn leave_error(r: Reader, e: &LeaveError) -> String {
    let a = Args::new();
    let (id, a) = match e {
        LeaveError::ZeroDays => ("leave-zero-days", a),
        LeaveError::ExceedsAllowance {
            year,
            requested,
            remaining,
            ..
        } => (
            "leave-exceeds",
            a.num("year", i64::from(*year))
                .num("requested", *requested)
                .num("remaining", *remaining),
        ),
        LeaveError::NoneLeft { year, allowance } => (
            "leave-none-left",
            a.num("year", i64::from(*year))
                .num("allowance", i64::from(*allowance)),
        ),
        LeaveError::Overlaps { from, until } => match until {
            Some(u) => (
                "leave-overlaps",
                a.str("from", date(r, *from)).str("until", date(r, *u)),
            ),
            None => ("leave-overlaps-open", a.str("from", date(r, *from))),
        },
        LeaveError::OutOfRange => ("leave-out-of-range", a),
    };
    text(r, id, &a)
}

#[cfg(test)]
mod word_lint;

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use shakmaty::Role;

    use super::*;

    pub(super) fn full(lang: Lang) -> Reader {
        Reader::new(lang, Form::Full)
    }

    /// Messages only English has: said in English whatever the language.
    pub(super) const ENGLISH_ONLY: &[&str] = &["lang-unsupported"];

    /// Each message's source lines (its attributes' too), by id: Fluent
    /// entries start at the line's first column, their continuation lines
    /// are indented, and an attribute is listed as `id.sms`.
    pub(crate) fn sources(lang: Lang) -> BTreeMap<String, String> {
        let mut out: BTreeMap<String, String> = BTreeMap::new();
        let mut current = None;
        let mut message = String::new();
        for line in source(lang).unwrap_or_default().lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if !line.starts_with(' ')
                && let Some((id, _)) = line.split_once(" =")
            {
                message = id.trim().to_string();
                current = Some(message.clone());
            } else if let Some(rest) = line.trim_start().strip_prefix('.')
                && let Some((attribute, _)) = rest.split_once(" =")
            {
                current = Some(format!("{message}.{}", attribute.trim()));
            }
            let Some(id) = &current else { continue };
            let text = out.entry(id.clone()).or_default();
            text.push_str(line);
            text.push('\n');
        }
        out
    }

    /// Each message of a catalogue (as [`sources`] lists them) with the
    /// placeholders it names.
    pub(crate) fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        sources(lang)
            .into_iter()
            .map(|(id, text)| {
                let names = text
                    .split('$')
                    .skip(1)
                    .map(|rest| {
                        rest.chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                            .collect::<String>()
                    })
                    .collect();
                (id, names)
            })
            .collect()
    }

    #[test]
    fn every_catalogue_parses() {
        for &lang in CATALOGUES {
            let resource = FluentResource::try_new(source(lang).unwrap_or_default().to_string());
            assert!(
                resource.is_ok(),
                "{lang}: {:?}",
                resource.err().map(|e| e.1)
            );
            assert!(bundle_of(lang).is_some(), "{lang}");
        }
    }

    #[test]
    fn every_message_exists_in_every_language_with_the_same_placeholders() {
        let english = messages(Lang::En);
        let values: Vec<&String> = english.keys().filter(|k| !k.contains('.')).collect();
        assert!(values.len() > 80, "{}", values.len());
        for &lang in CATALOGUES {
            let theirs = messages(lang);
            for id in &values {
                if ENGLISH_ONLY.contains(&id.as_str()) {
                    continue;
                }
                assert_eq!(theirs.get(*id), english.get(*id), "{lang} {id}");
            }
            // A short form (`.sms`), which a language may give any message,
            // says less, never more.
            for (id, names) in &theirs {
                let message = id.split('.').next().unwrap_or_default();
                let full = english.get(message);
                assert!(full.is_some(), "{lang}: {id} is no English message");
                let mut full = full.cloned().unwrap_or_default();
                // A short form may name the move without its ICCF code.
                if full.contains("move") {
                    full.insert("plain-move".to_string());
                }
                assert!(names.is_subset(&full), "{lang} {id}: {names:?} vs {full:?}");
            }
        }
    }

    #[test]
    fn every_message_formats_without_errors_in_every_language() {
        for &lang in CATALOGUES {
            let all = messages(lang);
            for id in all.keys() {
                // An attribute is given its message's values.
                let message = id.split('.').next().unwrap_or_default();
                let mut names = all.get(message).cloned().unwrap_or_default();
                if names.contains("move") {
                    names.insert("plain-move".to_string());
                }
                let id = id.clone();
                let mut args = Args::new();
                for name in names {
                    let name: &'static str = Box::leak(name.into_boxed_str());
                    args = args.str(name, "x");
                }
                let (id, form) = match id.split_once('.') {
                    Some((message, _)) => (message.to_string(), Form::Short),
                    None => (id, Form::Full),
                };
                let (out, errors) = format(Reader::new(lang, form), &id, &args);
                assert!(errors.is_empty(), "{lang} {id}: {errors:?}");
                assert!(!out.contains('{'), "{lang} {id}: {out}");
            }
        }
    }

    /// A value like the one the code passes for each placeholder: a move
    /// number as `MoveNumber` writes it (`15.` or `15...`), a game number,
    /// a name, a day count.
    fn representative(name: &str, number: &str) -> Option<FluentValue<'static>> {
        let text = match name {
            "number" => number,
            "game" | "incident" | "id" => "12",
            "text" => "15. Nf3",
            "move" | "echo" | "trigger" | "answer" => "Nf6",
            "iccf" => "7866",
            "code" => "QY3CM7",
            "opponent" | "player" | "name" => "Boris",
            "event" => "Autumn Cup",
            "moves" => "Nf6, Ne7",
            "record" => "1. e4 e5 2. Nf3",
            "from" | "until" | "date" => "2026-12-07",
            "days" | "hours" | "left" | "requested" | "remaining" | "allowance" | "limit"
            | "skipped" | "count" | "ply" | "at" | "year" => return Some(FluentValue::from(2)),
            _ => "x",
        };
        Some(FluentValue::from(text.to_string()))
    }

    /// Full stops that are neither one nor an ellipsis of three: `move 1..`
    /// (a move number and the sentence's stop) or `Zug 1....`.
    fn doubled_stops(text: &str) -> bool {
        text.split(|c| c != '.')
            .any(|run| run.len() == 2 || run.len() > 3)
    }

    #[test]
    fn every_message_says_one_full_stop_after_a_move_number_in_every_language() {
        for &lang in CATALOGUES {
            let all = messages(lang);
            for (id, names) in &all {
                let message = id.split('.').next().unwrap_or_default();
                let names = all.get(message).unwrap_or(names);
                let (id, form) = match id.split_once('.') {
                    Some((message, _)) => (message.to_string(), Form::Short),
                    None => (id.clone(), Form::Full),
                };
                for number in ["1.", "1...", "15.", "15..."] {
                    let mut args = Args::new();
                    for name in names {
                        let name: &'static str = Box::leak(name.clone().into_boxed_str());
                        if let Some(value) = representative(name, number) {
                            args.0.set(name, value);
                        }
                    }
                    let out = text(Reader::new(lang, form), &id, &args);
                    assert!(!doubled_stops(&out), "{lang} {id} ({number}): {out}");
                }
            }
        }
    }

    #[test]
    fn a_conditional_move_at_the_wrong_number_is_refused_with_one_full_stop() {
        for &lang in CATALOGUES {
            for form in [Form::Full, Form::Short] {
                let r = Reader::new(lang, form);
                for number in ["16.", "16..."] {
                    let reason = text(
                        r,
                        "conditional-wrong-number",
                        &Args::new()
                            .str("text", "if 15. e4 Nf6")
                            .str("number", number),
                    );
                    let out = text(
                        r,
                        "conditional-refused",
                        &Args::new().str("game", "12").str("reason", reason),
                    );
                    assert!(!doubled_stops(&out), "{lang} {number}: {out}");
                }
            }
        }
    }

    #[test]
    fn a_doubled_stop_is_seen_and_an_ellipsis_is_not() {
        assert!(doubled_stops("the game is at move 1.."));
        assert!(doubled_stops("Zug 1...."));
        assert!(!doubled_stops("12 15... Nf6. Also: (san, ...)"));
    }

    #[test]
    fn every_refusal_ends_with_one_full_stop_in_every_language() {
        for &lang in CATALOGUES {
            for id in messages(lang).keys().filter(|id| !id.contains('.')) {
                let refusal = id == "refused"
                    || id == "refused-brief"
                    || id.ends_with("-refused") && !id.starts_with("desk-")
                    || id == "wrong-number"
                    || id == "not-your-turn";
                if !refusal {
                    continue;
                }
                let names = messages(lang).get(id).cloned().unwrap_or_default();
                let mut args = Args::new();
                for name in &names {
                    let name: &'static str = Box::leak(name.clone().into_boxed_str());
                    if let Some(value) = representative(name, "15...") {
                        args.0.set(name, value);
                    }
                }
                let out = text(full(lang), id, &args);
                let out = out.trim_end();
                assert!(
                    out.ends_with('.') && !doubled_stops(out),
                    "{lang} {id}: {out}"
                );
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        let days = |lang, n| text(full(lang), "days", &Args::new().num("days", n));
        assert_eq!(days(Lang::En, 1), "1 day");
        assert_eq!(days(Lang::En, 49), "49 days");
        assert_eq!(days(Lang::De, 1), "1 Tag");
        assert_eq!(days(Lang::De, 49), "49 Tage");
        let ru: Vec<String> = [1, 2, 5, 11, 21, 22, 25].map(|n| days(Lang::Ru, n)).into();
        assert_eq!(
            ru,
            [
                "1 день",
                "2 дня",
                "5 дней",
                "11 дней",
                "21 день",
                "22 дня",
                "25 дней"
            ]
        );
    }

    /// A reason that a piece cannot reach a square says so in every
    /// language and for every piece: the Swedish king's branch once read
    /// "din kung kan nå h6" (the negation sat in the other branches), the
    /// Dutch ones "geen … kan h6 niet bereiken" (denied twice). The Slavic
    /// languages deny with the verb whatever the pronoun ("ни один … не
    /// может" is one denial by their grammar), so the verb's form is counted.
    #[test]
    fn a_piece_that_cannot_reach_is_denied_once_in_every_language() {
        use shakmaty::Square;
        let negations: &[(Lang, &[&str])] = &[
            (Lang::En, &["no "]),
            (Lang::De, &["kein", "nicht"]),
            (Lang::Fr, &[" ne peut"]),
            (Lang::Es, &["ningún", "ninguna", " no "]),
            (Lang::It, &["nessun", " non "]),
            (Lang::Pt, &["nenhum", " não "]),
            (Lang::Nl, &["geen", "niet"]),
            (Lang::Sv, &["ingen", "inget", "inte"]),
            (Lang::Pl, &["nie może"]),
            (Lang::Cs, &["nemůže"]),
            (Lang::Ru, &["не может"]),
            (Lang::Uk, &["не може"]),
        ];
        assert_eq!(negations.len(), CATALOGUES.len());
        let roles = [
            Some(Role::Pawn),
            Some(Role::Knight),
            Some(Role::Bishop),
            Some(Role::Rook),
            Some(Role::Queen),
            Some(Role::King),
            None,
        ];
        for (lang, words) in negations {
            for role in roles {
                let why = Illegal::CannotReach {
                    role,
                    from: None,
                    to: Square::H6,
                };
                let said = illegal(full(*lang), &why);
                let denials: usize = words.iter().map(|w| said.matches(w).count()).sum();
                assert_eq!(denials, 1, "{lang} {role:?}: {said}");
                assert!(said.contains("h6"), "{lang} {role:?}: {said}");
            }
        }
    }

    /// The verb or participle beside a number agrees with it: the corpus
    /// once showed "restano 1 giorno" and "0 jour utilisés".
    #[test]
    fn a_number_agrees_with_its_verb() {
        let reminder = |lang, n| {
            text(
                full(lang),
                "reminder",
                &Args::new().num("game", 5).num("days", n),
            )
        };
        let cases: &[(Lang, i64, &str)] = &[
            (Lang::It, 1, "resta 1 giorno"),
            (Lang::It, 3, "restano 3 giorni"),
            (Lang::Es, 1, "queda 1 día"),
            (Lang::Es, 3, "quedan 3 días"),
            (Lang::Pt, 1, "resta 1 dia"),
            (Lang::Pt, 3, "restam 3 dias"),
            (Lang::Pl, 1, "został 1 dzień"),
            (Lang::Pl, 3, "zostały 3 dni"),
            (Lang::Pl, 5, "zostało 5 dni"),
            (Lang::Cs, 1, "zbývá 1 den"),
            (Lang::Cs, 3, "zbývají 3 dny"),
            (Lang::Cs, 5, "zbývá 5 dní"),
            (Lang::Ru, 21, "остался 21 день"),
            (Lang::Ru, 3, "осталось 3 дня"),
            (Lang::Uk, 1, "лишився 1 день"),
            (Lang::Uk, 5, "лишилося 5 днів"),
        ];
        for (lang, n, expected) in cases {
            let said = reminder(*lang, *n);
            assert!(said.contains(expected), "{lang} {n}: {said}");
        }
        let penalty = |lang, n| text(full(lang), "penalty", &Args::new().num("days", n));
        assert!(penalty(Lang::Fr, 1).contains("1 jour ajouté à"));
        assert!(penalty(Lang::Fr, 2).contains("2 jours ajoutés à"));
        assert!(penalty(Lang::It, 1).contains("1 giorno aggiunto"));
        assert!(penalty(Lang::Cs, 3).contains("3 dny připočteny"));
    }

    #[test]
    fn plurals_of_the_slavic_languages_have_three_forms() {
        let days = |lang, n| text(full(lang), "days", &Args::new().num("days", n));
        let forms = |lang| [1, 3, 5, 22].map(|n| days(lang, n));
        assert_eq!(forms(Lang::Uk), ["1 день", "3 дні", "5 днів", "22 дні"]);
        assert_eq!(forms(Lang::Pl), ["1 dzień", "3 dni", "5 dni", "22 dni"]);
        assert_eq!(forms(Lang::Cs), ["1 den", "3 dny", "5 dní", "22 dní"]);
        assert_eq!(days(Lang::Fr, 0), "0 jour");
    }

    /// A player answers "Antwort: P12 accept" with `P12 accept`;
    /// every reference form any catalogue writes is read back, in the
    /// catalogue's language's profile and in English.
    #[test]
    fn every_reference_a_catalogue_writes_is_read_back() {
        use crate::protocol::grammar::{Body, Command, Profile, parse_line};
        let mut forms = 0;
        for &lang in CATALOGUES {
            let source = source(lang).unwrap_or_default();
            for (at, _) in source.match_indices("{ $game }") {
                let head = &source[..at];
                let line_start = head.rfind('\n').map_or(0, |i| i + 1);
                if source[line_start..].starts_with('#') {
                    continue;
                }
                let start = head.rfind([' ', ':', '(', '\n']).map_or(0, |i| i + 1);
                let reference = format!("{}12", &source[start..at]);
                for profile_lang in [lang, Lang::En] {
                    let line = format!("{reference} accept");
                    let parsed = parse_line(&line, &Profile::new(profile_lang));
                    let read = parsed.as_ref().map(|p| (p.game, &p.body));
                    assert_eq!(
                        read,
                        Some((Some(12), &Body::Command(Command::AcceptDraw))),
                        "{lang} read by a {profile_lang} player: {line:?}"
                    );
                    forms += 1;
                }
            }
        }
        assert!(forms > 400, "{forms}");
    }

    /// The help names the commands in the reader's language; each one it
    /// names (after the last `:`, between `|`) is read back as a command.
    #[test]
    fn every_command_a_help_names_is_read_in_its_language() {
        use crate::protocol::grammar::{Body, Profile, parse_line};
        for &lang in CATALOGUES {
            let help = plain(full(lang), "help");
            let (_, list) = help.rsplit_once(": ").unwrap_or_default();
            let commands: Vec<&str> = list.split(" | ").collect();
            assert!(commands.len() >= 8, "{lang}: {help}");
            for command in commands {
                let parsed = parse_line(command, &Profile::new(lang));
                assert!(
                    matches!(parsed.map(|p| p.body), Some(Body::Command(_))),
                    "{lang}: {command:?}"
                );
            }
        }
    }

    /// Each line of the help mail that shows a command (the part before
    /// its dash) is read back as one by a player of the mail's language.
    #[test]
    fn every_command_the_help_mail_shows_is_read_in_its_language() {
        use crate::protocol::grammar::{Body, Profile, parse_line};
        for &lang in CATALOGUES {
            let mut args = Args::new();
            for (name, value) in [
                ("move", "e5"),
                ("echo", "e4"),
                ("trigger", "d4"),
                ("answer", "d5"),
                ("notation", "SAN"),
                ("iccf", "5755"),
            ] {
                args = args.str(name, value);
            }
            let mail = text(full(lang), "help-mail", &args);
            let mut shown = 0;
            for line in mail.lines() {
                // A sentence may use the dash too, after a colon.
                let Some((command, _)) = line.split_once(" — ").filter(|(c, _)| !c.contains(':'))
                else {
                    continue;
                };
                let parsed = parse_line(command, &Profile::new(lang)).map(|p| p.body);
                assert!(parsed.is_some(), "{lang}: {command:?}");
                shown += 1;
            }
            assert!(shown >= 14, "{lang}: {shown}");
            // The draw offer that goes with a move, shown in parentheses.
            let with_move = mail
                .split("(")
                .filter_map(|p| p.split_once(')'))
                .map(|(p, _)| p);
            for inside in with_move
                .filter_map(|p| p.rsplit_once(": "))
                .map(|(_, c)| c)
            {
                let parsed = parse_line(inside, &Profile::new(lang)).map(|p| p.body);
                let offer = matches!(&parsed, Some(Body::Moves(items)) if items.iter().any(|i| i.draw_offer));
                assert!(offer, "{lang}: {inside:?}");
            }
        }
    }

    /// The short help fits one SMS in every language.
    #[test]
    fn the_short_help_fits_one_message() {
        for &lang in CATALOGUES {
            let help = for_sms(plain(Reader::new(lang, Form::Short), "help"));
            assert!(sms::fits(&help), "{lang}: {help}");
        }
    }

    /// The lint catches what it is for: an English reason in a German
    /// reply; a German reply has no English fragment.
    #[test]
    fn the_lint_sees_an_english_reason() {
        assert!(english_trigrams().len() > 300);
        let reply = "P12 Lxf3: abgelehnt, no pawn of yours can reach f3.";
        assert!(english_fragments(reply).contains(&"of yours can".to_string()));
        let german = text(
            full(Lang::De),
            "no-draw-offer",
            &Args::new().str("game", "12"),
        );
        assert!(english_fragments(&german).is_empty(), "{german}");
    }

    #[test]
    fn a_date_is_written_in_its_readers_form() {
        let day = jiff::civil::date(2027, 1, 26);
        let forms = [
            (Lang::En, "2027-01-26"),
            (Lang::De, "26.01.2027"),
            (Lang::Fr, "26/01/2027"),
            (Lang::Es, "26/01/2027"),
            (Lang::It, "26/01/2027"),
            (Lang::Pt, "26/01/2027"),
            (Lang::Nl, "26-01-2027"),
            (Lang::Sv, "2027-01-26"),
            (Lang::Pl, "26.01.2027"),
            (Lang::Cs, "26.01.2027"),
            (Lang::Ru, "26.01.2027"),
            (Lang::Uk, "26.01.2027"),
            // No catalogue: English's form, as its replies are English.
            (Lang::Hu, "2027-01-26"),
        ];
        assert_eq!(forms.len(), CATALOGUES.len() + 1);
        for (lang, form) in forms {
            assert_eq!(date(full(lang), day), form, "{lang}");
            assert_eq!(date(Reader::new(lang, Form::Short), day), form, "{lang}");
        }
        let early = jiff::civil::date(987, 3, 4);
        assert_eq!(date(full(Lang::De), early), "04.03.0987");
    }

    #[test]
    fn a_language_without_a_catalogue_gets_english() {
        assert!(!has_catalogue(Lang::Hu));
        assert_eq!(
            plain(full(Lang::Hu), "bad-pin"),
            plain(full(Lang::En), "bad-pin")
        );
    }

    #[test]
    fn typed_reasons_are_rendered_with_the_piece_in_its_case() {
        use shakmaty::Square;
        let why = Illegal::CannotReach {
            role: Some(Role::Queen),
            from: None,
            to: Square::F3,
        };
        assert_eq!(
            illegal(full(Lang::En), &why),
            "no queen of yours can reach f3"
        );
        assert_eq!(
            illegal(full(Lang::De), &why),
            "keine Dame von Ihnen erreicht f3"
        );
        let none = Illegal::NoSuchPiece {
            role: Some(Role::Knight),
            from: Some(Square::C5),
        };
        assert_eq!(
            illegal(full(Lang::De), &none),
            "Sie haben keinen Springer auf c5"
        );
        assert_eq!(illegal(full(Lang::Ru), &none), "у вас нет коня на c5");
    }
}
