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
//! use ccgate_core::protocol::l10n::{Args, text};
//! let days = |n| text(Lang::Ru, "days", &Args::new().num("days", n));
//! assert_eq!([days(1), days(2), days(5)], ["1 день", "2 дня", "5 дней"]);
//! assert_eq!(text(Lang::De, "days", &Args::new().num("days", 2)), "2 Tage");
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use shakmaty::{CastlingSide, Color, Role};

use crate::game::clock::LeaveError;
use crate::game::outcome::Termination;
use crate::game::rules::{Claim, Ending};
use crate::notation::{Illegal, Lang, ReadError};

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
    En "en", De "de", Ru "ru",
}

/// Whether replies in `lang` come from its own catalogue (else English).
pub fn has_catalogue(lang: Lang) -> bool {
    CATALOGUES.contains(&lang)
}

type Bundle = FluentBundle<FluentResource>;

fn bundles() -> &'static HashMap<Lang, Bundle> {
    static BUNDLES: OnceLock<HashMap<Lang, Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        CATALOGUES
            .iter()
            .filter_map(|&lang| Some((lang, bundle(lang)?)))
            .collect()
    })
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

/// Message `id` in `lang`, with the errors Fluent reported (a missing
/// placeholder, an unknown message).
pub fn format(lang: Lang, id: &str, args: &Args<'_>) -> (String, Vec<String>) {
    let all = bundles();
    let found = [lang, Lang::En].into_iter().find_map(|l| {
        let bundle = all.get(&l)?;
        Some((bundle, bundle.get_message(id)?.value()?))
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

/// Message `id` in `lang`.
pub fn text(lang: Lang, id: &str, args: &Args<'_>) -> String {
    format(lang, id, args).0
}

/// A message without placeholders.
pub fn plain(lang: Lang, id: &str) -> String {
    text(lang, id, &Args::new())
}

/// The selector key of a piece (`piece` when the text named none).
fn piece(role: Option<Role>) -> &'static str {
    match role {
        None => "piece",
        Some(Role::Pawn) => "pawn",
        Some(Role::Knight) => "knight",
        Some(Role::Bishop) => "bishop",
        Some(Role::Rook) => "rook",
        Some(Role::Queen) => "queen",
        Some(Role::King) => "king",
    }
}

fn side(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

/// A colour's name.
pub fn color(lang: Lang, color: Color) -> String {
    let key = match color {
        Color::White => "white",
        Color::Black => "black",
    };
    text(lang, "color", &Args::new().str("color", key))
}

/// Why no legal move fits.
pub fn illegal(lang: Lang, why: &Illegal) -> String {
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
    text(lang, id, &a)
}

/// Why a text is not exactly one legal move, without the suggestions (the
/// reply offers them in a sentence of its own).
pub fn read_error(lang: Lang, e: &ReadError) -> String {
    match e {
        ReadError::Malformed {
            expected,
            at,
            found,
            ..
        } => {
            let what = text(lang, "expected", &Args::new().str("what", expected.id()));
            let a = Args::new().str("expected", what).num("at", *at as i64);
            match found {
                Some(c) => text(lang, "malformed-found", &a.str("found", c.to_string())),
                None => text(lang, "malformed", &a),
            }
        }
        ReadError::Illegal { reason, .. } => illegal(lang, reason),
        ReadError::Ambiguous { candidates, .. } => {
            let moves: Vec<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
            text(
                lang,
                "ambiguous",
                &Args::new().str("moves", moves.join(", ")),
            )
        }
        ReadError::Conflict { readings, .. } => {
            let readings: Vec<String> = readings
                .iter()
                .map(|(n, c)| format!("{} ({n})", c.text))
                .collect();
            text(
                lang,
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
pub fn termination(lang: Lang, t: &Termination) -> String {
    let a = Args::new();
    let (id, a) = match t {
        Termination::Rules(e) => ("end", a.str("why", ending(*e))),
        Termination::DrawAgreed => ("end", a.str("why", "draw-agreed")),
        Termination::DrawClaimed(c) => ("end-claimed", a.str("claim", claim_key(Some(*c)))),
        Termination::Resigned(p) => ("end-resigned", a.str("player", p.clone())),
        Termination::LostOnTime(p) => ("end-lost-on-time", a.str("player", p.clone())),
        Termination::Adjudicated(r) => ("end-adjudicated", a.str("reason", r.clone())),
    };
    text(lang, id, &a)
}

/// Why a leave was refused.
pub fn leave_error(lang: Lang, e: &LeaveError) -> String {
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
                a.str("from", from.to_string()).str("until", u.to_string()),
            ),
            None => ("leave-overlaps-open", a.str("from", from.to_string())),
        },
        LeaveError::OutOfRange => ("leave-out-of-range", a),
    };
    text(lang, id, &a)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::*;

    /// Messages only English has: said in English whatever the language.
    const ENGLISH_ONLY: &[&str] = &["lang-unsupported"];

    /// Each message of a catalogue with the placeholders it names. Fluent
    /// entries start at the line's first column; their continuation lines
    /// are indented.
    pub(crate) fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut current = None;
        for line in source(lang).unwrap_or_default().lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if !line.starts_with(' ')
                && let Some((id, _)) = line.split_once(" =")
            {
                current = Some(id.trim().to_string());
                out.entry(id.trim().to_string()).or_default();
            }
            let Some(id) = &current else { continue };
            let names = line.split('$').skip(1).map(|rest| {
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect::<String>()
            });
            out.entry(id.clone()).or_default().extend(names);
        }
        out
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
            assert!(bundles().contains_key(&lang), "{lang}");
        }
    }

    #[test]
    fn every_message_exists_in_every_language_with_the_same_placeholders() {
        let english = messages(Lang::En);
        assert!(english.len() > 80, "{}", english.len());
        for &lang in CATALOGUES {
            let theirs = messages(lang);
            for (id, names) in &english {
                if ENGLISH_ONLY.contains(&id.as_str()) {
                    continue;
                }
                assert_eq!(theirs.get(id), Some(names), "{lang} {id}");
            }
            let extra: Vec<_> = theirs
                .keys()
                .filter(|k| !english.contains_key(*k))
                .collect();
            assert!(extra.is_empty(), "{lang}: {extra:?}");
        }
    }

    #[test]
    fn every_message_formats_without_errors_in_every_language() {
        for &lang in CATALOGUES {
            for (id, names) in messages(lang) {
                let mut args = Args::new();
                for name in names {
                    let name: &'static str = Box::leak(name.into_boxed_str());
                    args = args.str(name, "x");
                }
                let (out, errors) = format(lang, &id, &args);
                assert!(errors.is_empty(), "{lang} {id}: {errors:?}");
                assert!(!out.contains('{'), "{lang} {id}: {out}");
            }
        }
    }

    #[test]
    fn plurals_follow_each_language() {
        let days = |lang, n| text(lang, "days", &Args::new().num("days", n));
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

    #[test]
    fn a_language_without_a_catalogue_gets_english() {
        assert!(!has_catalogue(Lang::Hu));
        assert_eq!(plain(Lang::Hu, "bad-pin"), plain(Lang::En, "bad-pin"));
    }

    #[test]
    fn typed_reasons_are_rendered_with_the_piece_in_its_case() {
        use shakmaty::Square;
        let why = Illegal::CannotReach {
            role: Some(Role::Queen),
            from: None,
            to: Square::F3,
        };
        assert_eq!(illegal(Lang::En, &why), "no queen of yours can reach f3");
        assert_eq!(illegal(Lang::De, &why), "keine Dame von Ihnen erreicht f3");
        let none = Illegal::NoSuchPiece {
            role: Some(Role::Knight),
            from: Some(Square::C5),
        };
        assert_eq!(illegal(Lang::De, &none), "Sie haben keinen Springer auf c5");
        assert_eq!(illegal(Lang::Ru, &none), "у вас нет коня на c5");
    }
}
