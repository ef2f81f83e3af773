//! The word lint: no English word in another language's reply, outside
//! the commands the grammar reads and the names that are no English.

use std::collections::BTreeSet;

use super::tests::{ENGLISH_ONLY, messages, sources};
use super::{Args, Form, Lang, Reader, text};

/// Values for the lint: moves every profile reads, names that are no
/// word of any catalogue.
fn lint_value(name: &str) -> &'static str {
    match name {
        "game" | "incident" | "id" => "12",
        "number" => "15.",
        "text" => "15. e4",
        "move" | "plain-move" | "answer" => "e5",
        "echo" | "trigger" => "e4",
        "iccf" => "5254",
        "code" => "PCG2",
        "opponent" | "player" | "name" | "black" => "Boris",
        "white" => "Anna",
        "event" => "Autumn Cup",
        "moves" => "e5, d5",
        "record" => "1. e4 e5",
        "notation" => "SAN",
        "from" | "until" | "date" => "26.01.2027",
        "day" => "26",
        "month" => "01",
        _ => "x",
    }
}

/// Every form of message `id` of `lang`: each string selector set to
/// each of its keys, each number to 1, 2 and 5 (the plural forms).
fn renderings(lang: Lang, id: &str, names: &BTreeSet<String>, source: &str) -> Vec<String> {
    let numeric = [
        "days",
        "hours",
        "left",
        "requested",
        "remaining",
        "allowance",
        "limit",
        "skipped",
        "count",
        "ply",
        "at",
        "year",
    ];
    let keys: BTreeSet<&str> = source
        .split('[')
        .skip(1)
        .filter_map(|rest| rest.split_once(']').map(|(key, _)| key))
        .filter(|key| !key.contains(' '))
        .collect();
    let selectors: Vec<&str> = source
        .split('$')
        .skip(1)
        .filter_map(|rest| rest.split_once(" ->").map(|(name, _)| name))
        .filter(|name| !numeric.contains(name))
        .collect();
    let (id, form) = match id.split_once('.') {
        Some((message, _)) => (message, Form::Short),
        None => (id, Form::Full),
    };
    let mut out = Vec::new();
    let mut choices: Vec<Option<&str>> = keys.iter().map(|k| Some(*k)).collect();
    choices.push(None);
    for key in choices {
        for n in [1, 2, 5] {
            let mut args = Args::new();
            for name in names {
                let name: &'static str = Box::leak(name.clone().into_boxed_str());
                if numeric.contains(&name) {
                    args = args.num(name, n);
                } else if let (Some(key), true) = (key, selectors.contains(&name)) {
                    args = args.str(name, key);
                } else {
                    args = args.str(name, lint_value(name));
                }
            }
            let said = text(Reader::new(lang, form), id, &args);
            // A key the message does not know is said as it is.
            out.push(match key {
                Some(key) => said.replace(key, ""),
                None => said,
            });
        }
    }
    out
}

fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        // Single letters are piece letters and files; a word with a
        // digit is a move, a square or a code.
        .filter(|w| w.chars().count() > 1 && w.chars().all(char::is_alphabetic))
        // The mail header's name, as mail programs show it.
        .filter(|w| *w != "From")
        .map(str::to_lowercase)
}

/// The words of the English catalogue's prose: its messages without
/// placeholders, selector keys and comments.
fn english_words() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for text in sources(Lang::En).values() {
        let mut prose = String::new();
        for line in text.lines() {
            let line = line.split_once(" = ").map_or(line, |(_, t)| t);
            let mut rest = line;
            while let Some((before, after)) = rest.split_once(['{', '[']) {
                prose.push_str(before);
                prose.push(' ');
                rest = after.split_once(['}', ']']).map_or("", |(_, a)| a);
            }
            prose.push_str(rest);
            prose.push('\n');
        }
        out.extend(words(&prose));
    }
    // `lang de` names a language by its code, no English word.
    for lang in Lang::ALL {
        out.remove(lang.code());
    }
    out
}

/// The answer to a held message (`hold.rs` reads it, not the grammar),
/// and the English piece letter `Kt` that descriptive notation knows.
const OTHER_ENGLISH_TOKENS: &[&str] = &["confirm", "kt"];

/// The parts of a reply that are commands the grammar reads in `lang`
/// (`12 if 16. e4 16... e5`, `notation iccf`, `Remis?`), set apart
/// where a help lists them: before a dash, between bars, after a colon.
fn without_commands(lang: Lang, text: &str) -> String {
    use crate::protocol::grammar::{Body, Profile, parse_line};
    let profile = Profile::new(lang);
    let mut prose = String::new();
    for line in text.lines() {
        for part in line.split([':', '|', '—', '(', ')']) {
            let command = part.trim().trim_end_matches('.');
            // A command line for the operator is typed as written.
            if command.starts_with("ccgate ") {
                prose.push(' ');
                continue;
            }
            let read = parse_line(command, &profile).map(|p| p.body);
            if !matches!(read, Some(Body::Command(_) | Body::Conditional(_))) {
                prose.push_str(part);
            }
            prose.push(' ');
        }
        prose.push('\n');
    }
    prose
}

/// Names, not English: the service's, the standards', the notations'.
const PROPER_NAMES: &[&str] = &[
    "ccgate",
    "iccf",
    "pgn",
    "pin",
    "sms",
    "xfcc",
    "fen",
    "kb",
    "imap",
    "san",
    "uedemann",
    "polyglot",
    "sb",
    "sonneborn",
    "berger",
];

/// Words of a language that English spells alike, each one found in
/// the catalogue's own prose: loanwords the language writes so (`Code`,
/// `server`, `modem`, `per E-Mail`), and short words of its own.
const NATIVE_ALIKE: &[(Lang, &[&str])] = &[
    // "in Partie 12", "so schreiben Sie", "bietet Remis an", "Stand".
    (
        Lang::De,
        &[
            "an", "code", "in", "limit", "mail", "material", "modem", "name", "notation", "per",
            "server", "so", "stand", "text", "version",
        ],
    ),
    // "on ne peut pas", "le second", and the loanwords French shares.
    (
        Lang::Fr,
        &[
            "action",
            "audit",
            "code",
            "conditions",
            "confirmation",
            "console",
            "date",
            "dates",
            "double",
            "guide",
            "incident",
            "incidents",
            "message",
            "messages",
            "modem",
            "notation",
            "notations",
            "on",
            "page",
            "pages",
            "points",
            "position",
            "promotion",
            "second",
            "site",
            "version",
        ],
    ),
    // "jaque mate", "no es legal", "director del torneo".
    (
        Lang::Es,
        &["control", "director", "error", "legal", "mate", "material"],
    ),
    // "in due notazioni", "come", "sono state", "all'ultima" (elided).
    (
        Lang::It,
        &[
            "account", "all", "come", "console", "date", "due", "file", "in", "modem", "password",
            "per", "server", "state",
        ],
    ),
    // "as brancas" (the article), "legal", "mate".
    (Lang::Pt, &["as", "legal", "mate", "material", "modem"]),
    // "in", "of" (or), "over" (left), "was", "open", "claimen".
    (
        Lang::Nl,
        &[
            "account", "claim", "code", "in", "incident", "letters", "mail", "of", "open", "over",
            "per", "server", "site", "stand", "status", "was",
        ],
    ),
    // "be" (ask), "i dag", "per e-post".
    (
        Lang::Sv,
        &[
            "be", "in", "incident", "material", "notation", "per", "start", "text", "version",
        ],
    ),
    // "ten" (this), "to" (it).
    (
        Lang::Pl,
        &["limit", "modem", "program", "start", "ten", "to"],
    ),
    // "by" (would), "to" (it).
    (
        Lang::Cs,
        &[
            "by", "incident", "limit", "modem", "program", "server", "text", "to",
        ],
    ),
    (Lang::Ru, &[]),
    (Lang::Uk, &[]),
];

/// The English words of `text`, a reply in `lang`, that neither its
/// commands nor the allowed words explain.
fn english_in(
    english: &BTreeSet<String>,
    allowed: &BTreeSet<String>,
    alike: &[&str],
    lang: Lang,
    text: &str,
) -> BTreeSet<String> {
    words(&without_commands(lang, text))
        .filter(|w| english.contains(w))
        .filter(|w| !allowed.contains(w) && !alike.contains(&w.as_str()))
        .collect()
}

/// The word lint sees an English word used as prose, and leaves the
/// same word alone where it is a command.
#[test]
fn the_word_lint_sees_a_command_word_used_as_prose() {
    let english = english_words();
    let none = BTreeSet::new();
    let found = |text| english_in(&english, &none, &[], Lang::De, text);
    assert!(found("12 if 16. e4 16... e5 — bedingte Züge").is_empty());
    assert!(found("notation iccf — wie Ihnen Züge geschrieben werden").is_empty());
    let prose = found("bedingte Züge: if der Gegner e4 spielt (san)");
    assert_eq!(prose, BTreeSet::from(["if".to_string(), "san".to_string()]));
}

/// No English word in another language's message: each message of each
/// catalogue, in every form, is read word by word against the English
/// catalogue's prose (the trigram lint misses a single word, "lang"
/// as prose, "(san)").
#[test]
fn no_english_word_in_another_language() {
    let english = english_words();
    let mut allowed: BTreeSet<String> = PROPER_NAMES.iter().map(|w| w.to_string()).collect();
    allowed.extend(OTHER_ENGLISH_TOKENS.iter().map(|w| w.to_string()));
    let values = ["Boris", "Anna", "Autumn Cup", "PCG2", "SAN"];
    allowed.extend(values.iter().flat_map(|v| words(v)));
    let mut offenders = Vec::new();
    for (lang, alike) in NATIVE_ALIKE {
        let all = messages(*lang);
        let sources = sources(*lang);
        for (id, names) in &all {
            if ENGLISH_ONLY.contains(&id.as_str()) {
                continue;
            }
            let message = id.split('.').next().unwrap_or_default();
            // An attribute is given its message's values (and the move
            // without its code, see the placeholder test).
            let mut names = all.get(message).unwrap_or(names).clone();
            if names.contains("move") {
                names.insert("plain-move".to_string());
            }
            let names = &names;
            let source = sources.get(id).map_or("", String::as_str);
            for out in renderings(*lang, id, names, source) {
                let found = english_in(&english, &allowed, alike, *lang, &out);
                if !found.is_empty() {
                    offenders.push(format!("{lang} {id}: {found:?} in {out:?}"));
                }
            }
        }
    }
    offenders.dedup();
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}
