//! The message grammar (`protocols/message.md`): replays
//! `protocols/vectors/message.tsv`, checks the limits and the API, and
//! throws arbitrary and protocol-like text at it, which must never panic.
//!
//! Vector columns: `message` with `\n`, `\r`, `\t`, `\\` and `\u{HEX}`
//! escapes; `lang` (ISO code); `table` (`-`, `uedemann`, `uedemann-hw`);
//! `expect`, the parsed lines rendered as in message.md §8 and joined by
//! ` | `, or `-` for none; `comment`.

use ccgate_core::notation::{Lang, Notation, UedemannTable};
use ccgate_core::protocol::grammar::{
    Body, ClaimKind, Command, Item, MAX_ITEMS, MAX_LINE_CHARS, MAX_LINES, MAX_MESSAGE_BYTES,
    MoveNumber, ParsedLine, Profile, parse_line, parse_message,
};
use ccgate_core::protocol::is_iccf_shaped;
use proptest::prelude::*;
use shakmaty::Color;

use crate::support::unescape;

fn render(lines: &[ParsedLine]) -> String {
    if lines.is_empty() {
        return "-".to_string();
    }
    lines
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" | ")
}

fn en() -> Profile {
    Profile::new(Lang::En)
}

#[test]
fn vectors() {
    let text = std::fs::read_to_string(crate::support::workspace_path(
        "protocols/vectors/message.tsv",
    ))
    .expect("vector file");
    let mut failures = Vec::new();
    let mut count = 0;
    for (n, row) in text.lines().enumerate().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        let [message, lang, table, expect, comment] = cols[..] else {
            panic!("line {}: five columns expected: {row:?}", n + 1);
        };
        let table = match table {
            "-" => None,
            "uedemann" => Some(UedemannTable::Gringmuth),
            "uedemann-hw" => Some(UedemannTable::HooperWhyld),
            other => panic!("line {}: unknown table {other}", n + 1),
        };
        let profile = Profile {
            lang: lang.parse().expect("lang"),
            table,
        };
        let got = render(&parse_message(&unescape(message), &profile));
        if got != expect {
            failures.push(format!(
                "line {} ({comment}): {message:?}\n  expected {expect}\n  got      {got}",
                n + 1
            ));
        }
        count += 1;
    }
    assert!(count >= 60, "only {count} vectors");
    assert!(
        failures.is_empty(),
        "{} of {count} vectors failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_issue_examples() {
    let p = en();
    let one = |s: &str| parse_line(s, &p).expect(s);
    let white = one("12 15. 5254");
    assert_eq!(white.game, Some(12));
    assert_eq!(
        white.body,
        Body::Moves(vec![Item {
            number: Some(MoveNumber {
                number: 15,
                color: Color::White
            }),
            text: "5254".into(),
            draw_offer: false,
            glyphs: Vec::new(),
        }])
    );
    let black = one("12 15... Nf6");
    let Body::Moves(items) = &black.body else {
        panic!("moves")
    };
    assert_eq!(
        items[0].number,
        Some(MoveNumber {
            number: 15,
            color: Color::Black
        })
    );
    assert_eq!(items[0].text, "Nf6");
    let Body::Conditional(branches) = one("12 if 15... Nf6 16. Bg5 if 16... e6 17. Qf3").body
    else {
        panic!("conditional")
    };
    let texts: Vec<(&str, &str)> = branches
        .iter()
        .map(|b| (b.opponent.text.as_str(), b.reply.text.as_str()))
        .collect();
    assert_eq!(texts, [("Nf6", "Bg5"), ("e6", "Qf3")]);
}

#[test]
fn commands() {
    let p = en();
    let cmd = |s: &str| match parse_line(s, &p).map(|l| l.body) {
        Some(Body::Command(c)) => c,
        other => panic!("{s:?}: {other:?}"),
    };
    assert_eq!(cmd("(=)"), Command::OfferDraw);
    assert_eq!(cmd("accept"), Command::AcceptDraw);
    assert_eq!(cmd("decline draw"), Command::DeclineDraw);
    assert_eq!(
        cmd("claim repetition"),
        Command::ClaimDraw(Some(ClaimKind::Repetition))
    );
    assert_eq!(
        cmd("claim 50 moves"),
        Command::ClaimDraw(Some(ClaimKind::FiftyMoves))
    );
    assert_eq!(cmd("claim"), Command::ClaimDraw(None));
    assert_eq!(cmd("i resign"), Command::Resign);
    assert_eq!(cmd("position"), Command::Board);
    assert_eq!(
        cmd("notation uedemann"),
        Command::Notation(Notation::Uedemann)
    );
    assert_eq!(cmd("lang uk"), Command::Lang(Lang::Uk));
    assert_eq!(cmd("leave 45 days"), Command::Leave(45));
    assert_eq!(cmd("HELP"), Command::Help);
    for c in [
        Command::Help,
        Command::Leave(3),
        Command::Lang(Lang::De),
        Command::Notation(Notation::San),
    ] {
        assert!(!c.is_game_command());
    }
    assert!(Command::Resign.is_game_command());
}

#[test]
fn game_ids_never_look_like_iccf_moves() {
    // Every id the store may allocate, written bare first on a line, reads
    // as a reference; the numbers it skips read as moves.
    let p = en();
    for id in (1..=99_999u32)
        .step_by(7)
        .chain([1, 9, 10, 1290, 5254, 9999, 57581, 57585, 88885, 100_000])
    {
        let line = format!("{id} e4");
        let parsed = parse_line(&line, &p);
        if !is_iccf_shaped(id.into()) {
            assert_eq!(parsed.and_then(|l| l.game), Some(id), "{line}");
        } else {
            assert_eq!(
                parsed.map(|l| l.game),
                Some(None),
                "{line}: ICCF-shaped ids read as moves"
            );
        }
    }
}

#[test]
fn parse_line_refuses_quotes_breaks_and_signatures() {
    let p = en();
    assert!(parse_line("> 12 15. 5254", &p).is_none());
    assert!(parse_line("12 15. 5254\n12 resign", &p).is_none());
    assert!(parse_line("-- ", &p).is_none());
    assert!(parse_line("", &p).is_none());
    assert_eq!(
        parse_line("12 15. 5254", &p).map(|l| (l.line, l.text)),
        Some((1, "12 15. 5254".into()))
    );
}

#[test]
fn raw_text_is_kept() {
    let lines = parse_message("x\n  12\u{a0}15.\u{2009}e2\u{2014}e4  \r\n", &en());
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].text, "  12\u{a0}15.\u{2009}e2\u{2014}e4  ");
    assert_eq!(lines[0].to_string(), "@2 #12 15.e2-e4");
}

#[test]
fn long_lines_are_ignored() {
    let p = en();
    let padded = |n: usize| format!("12 15. 5254{}", " ".repeat(n - 11));
    assert!(parse_line(&padded(MAX_LINE_CHARS), &p).is_some());
    assert!(parse_line(&padded(MAX_LINE_CHARS + 1), &p).is_none());
}

#[test]
fn at_most_sixteen_branches() {
    let p = en();
    let line = |n: usize| format!("12{}", " if 6745 5254".repeat(n));
    let Some(ParsedLine {
        body: Body::Conditional(b),
        ..
    }) = parse_line(&line(MAX_ITEMS / 2), &p)
    else {
        panic!("sixteen branches")
    };
    assert_eq!(b.len(), MAX_ITEMS / 2);
    assert!(parse_line(&line(MAX_ITEMS / 2 + 1), &p).is_none());
}

#[test]
fn message_limits() {
    let p = en();
    let many = "hello\n".repeat(MAX_LINES - 1) + "12 5254\n12 resign\n";
    let lines = parse_message(&many, &p);
    assert_eq!(render(&lines), format!("@{MAX_LINES} #12 5254"));

    let filler = "x".repeat(99) + "\n";
    let big = filler.repeat(MAX_MESSAGE_BYTES / 100 / 2)
        + "12 5254\n"
        + &filler.repeat(MAX_MESSAGE_BYTES / 100);
    assert_eq!(parse_message(&(big + "14 resign\n"), &p).len(), 1);

    // A message of one enormous line is refused quickly and whole.
    let huge = "5254 ".repeat(1_000_000);
    assert!(parse_message(&huge, &p).is_empty());
}

#[test]
fn cut_line_is_never_read() {
    // The byte limit falls after `57581`, before ` resign`: the cut line
    // `57581` would be a move, the whole line is prose.
    let p = en();
    let prefix = "x".repeat(MAX_MESSAGE_BYTES - 6) + "\n";
    let text = prefix + "57581 resign";
    assert!(parse_message(&text, &p).is_empty());
}

#[test]
fn hostile_unicode_does_not_panic() {
    let p = en();
    for s in [
        "\u{212A}",
        "\u{212A}\u{212A}",
        "ı",
        "İf 1. e4 2. e5",
        "#\u{212A}",
        "game\u{212A}",
        "1…",
        "…",
        "claim \u{212A}",
    ] {
        let _ = parse_message(s, &p);
    }
}

/// Tokens that make protocol, near-protocol and prose.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("12".to_string()),
        Just("#12".into()),
        Just("G5".into()),
        Just("g5".into()),
        Just("game".into()),
        Just("12:".into()),
        Just("15.".into()),
        Just("15...".into()),
        Just("15…".into()),
        Just("...".into()),
        Just("5254".into()),
        Just("57581".into()),
        Just("Nf6".into()),
        Just("O-O".into()),
        Just("gego".into()),
        Just("(=)".into()),
        Just("5254(=)".into()),
        Just("draw?".into()),
        Just("if".into()),
        Just("then".into()),
        Just("claim".into()),
        Just("3".into()),
        Just("resign".into()),
        Just("leave".into()),
        Just("notation".into()),
        Just("-- ".into()),
        Just(">".into()),
        Just("\u{212A}".into()),
        "[0-9]{1,6}[.:]?",
        "[a-hKQRBNO0x#+=()?!.-]{1,6}",
        "[^\r\n]{0,4}",
    ]
}

fn line_of_tokens() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(token(), 0..8),
        prop::sample::select(vec![" ", "  ", "\u{a0}", "\t"]),
    )
        .prop_map(|(tokens, sep)| tokens.join(sep))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn never_panics_on_arbitrary_text(text in any::<String>()) {
        let _ = parse_message(&text, &en());
        let _ = parse_line(&text, &Profile { lang: Lang::Ru, table: Some(UedemannTable::Gringmuth) });
    }

    #[test]
    fn protocol_like_text(lines in prop::collection::vec(line_of_tokens(), 0..6),
                          table in prop::option::of(prop::sample::select(vec![UedemannTable::Gringmuth, UedemannTable::HooperWhyld]))) {
        let p = Profile { lang: Lang::En, table };
        let message = lines.join("\n");
        for parsed in parse_message(&message, &p) {
            prop_assert!(parsed.line >= 1 && parsed.line <= lines.len());
            match &parsed.body {
                Body::Moves(items) => {
                    prop_assert!(!items.is_empty() && items.len() <= 2);
                    // A draw offer only ever goes with the last move.
                    prop_assert!(items.iter().rev().skip(1).all(|it| !it.draw_offer));
                }
                Body::Conditional(branches) => {
                    prop_assert!(!branches.is_empty() && branches.len() * 2 <= MAX_ITEMS);
                    prop_assert!(branches.iter().all(|b| !b.opponent.draw_offer && !b.reply.draw_offer));
                }
                Body::Command(c) => prop_assert!(parsed.game.is_none() || c.is_game_command()),
            }
            // The compact rendering of moves is itself a protocol line meaning the same.
            if !matches!(parsed.body, Body::Command(_)) {
                let rendered = parsed.to_string();
                let text = rendered.split_once(' ').map_or("", |(_, rest)| rest);
                let again = parse_line(text, &p);
                prop_assert_eq!(again.map(|l| (l.game, l.body)), Some((parsed.game, parsed.body.clone())), "{}", text);
            }
            // Spacing does not matter.
            let spaced = parsed.text.replace(' ', "\u{a0} ");
            prop_assert_eq!(parse_line(&spaced, &p).map(|l| l.body), Some(parsed.body.clone()));
        }
    }
}
