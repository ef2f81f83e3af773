//! What the four source articles (`../shared/seeds/`) print, read as they
//! print it: each refused form of their sample games has a test.

use ccgate_core::notation::movetext::{
    Game, GameError, MovetextOptions, read_games, write_movetext,
};
use ccgate_core::notation::pgn::write_pgn;
use ccgate_core::notation::{
    Lang, Notation, ReadOptions, Style, Warning, WriteOptions, read_move, write_move,
};
use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::support::position;

const FIDE: &str = "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 e.p. Nxd6 7. Bg5 Nc6 \
                    8. Qe3+ Be7 9. Nbd2 0-0 10. 0-0-0 Re8 11. Kb1(=)";

const DESCRIPTIVE: &str = "1. P—K4 P—K4 2. Kt—KB3 Kt—QB3 3. B—Kt5 P—QR3 4. B—R4 P—Q3 5. Kt—B3 B—Kt5 \
    6. Kt—Q5 Kt—K2 7. P—B3 P—QKt4 8. B—Kt3 Kt—R4? 9. KtxPK5! BxQ?? 10. Kt—B6ch!! PxKt \
    11. BxPB2 check mate";

fn game(text: &str) -> Game {
    let games = read_games(text, &MovetextOptions::default());
    assert_eq!(games.len(), 1, "{text}");
    games.into_iter().next().unwrap()
}

fn whole(text: &str) -> Game {
    let g = game(text);
    assert_eq!(g.error, None, "{text}");
    g
}

fn san(g: &Game) -> String {
    write_movetext(g, Notation::San, &WriteOptions::default())
}

#[test]
fn fide_sample_game_with_its_draw_offer() {
    for text in [FIDE.to_string(), FIDE.replace("Kb1(=)", "Kb1 (=)")] {
        let g = whole(&text);
        assert_eq!(g.line.len(), 21);
        assert!(g.line[20].draw_offer());
        assert!(
            san(&g).ends_with("10. O-O-O Re8 11. Kb1(=) *"),
            "{}",
            san(&g)
        );
        let pgn = write_pgn(&g, Notation::San, &WriteOptions::default());
        assert!(pgn.contains("11. Kb1 {(=)} *"), "{pgn}");
        let back = whole(&pgn);
        assert!(back.line[20].draw_offer());
        assert!(back.line[20].comments().is_empty());
    }
}

#[test]
fn draw_offer_glued_to_a_code() {
    let r = read_move(
        &Chess::default(),
        "5254(=)",
        Notation::Iccf,
        &ReadOptions::default(),
    )
    .unwrap();
    assert!(r.draw_offer);
    let g = whole("1. 5254(=) 5755");
    assert_eq!(
        write_movetext(&g, Notation::Iccf, &WriteOptions::default()),
        "1. 5254(=) 5755 *"
    );
    // UCI has no way to show it.
    assert_eq!(
        write_movetext(&g, Notation::Uci, &WriteOptions::default()),
        "1. e2e4 e7e5 *"
    );
}

#[test]
fn descriptive_sample_game_to_the_mate() {
    let g = whole(DESCRIPTIVE);
    assert_eq!(
        san(&g),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 d6 5. Nc3 Bg4 6. Nd5 Ne7 7. c3 b5 8. Bb3 Na5? \
         9. Nxe5! Bxd1?? 10. Nf6+!! gxf6 11. Bxf7# *"
    );
}

#[test]
fn captured_piece_and_square_without_a_slash() {
    let p = position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
    let r = read_move(&p, "KtxPK5", Notation::Descriptive, &ReadOptions::default()).unwrap();
    assert_eq!(r.mv.to_string(), "Nf3xe5");
}

#[test]
fn en_passant_word_in_cyrillic_look_alikes() {
    let text = "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. ехd6 е.р. Nxd6";
    assert_eq!(whole(text).line.len(), 12);
}

#[test]
fn mate_as_a_word_in_every_language() {
    for word in [
        "мат",
        "Мат",
        "mat",
        "Mat",
        "matt",
        "Matt",
        "Schachmatt",
        "Skakmat",
        "Sjakkmatt",
        "Matas",
        "Mattus",
        "Marbhsháinn",
        "Siachmat",
        "Échec et mat",
        "Skák og mát",
        "Scacco matto",
        "Schack matt",
        "Escac i mat",
        "Jaque mate",
        "check mate",
    ] {
        let g = whole(&format!(
            "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 {word} 1-0"
        ));
        assert_eq!(g.line.len(), 7, "{word}");
        assert_eq!(g.result.as_deref(), Some("1-0"), "{word}");
    }
}

#[test]
fn soviet_style_read_and_written() {
    let g = whole("1. e2-e4 e7-e5 2. Bf1-c4 Nb8-c6 3. Qd1-h5 Ng8-f6 4. Qh5:f7×");
    assert_eq!(g.line.len(), 7);
    let soviet = WriteOptions::new(Lang::Ru).with_style(Style::Soviet);
    let line = write_movetext(&g, Notation::Lan, &soviet);
    assert_eq!(
        line,
        "1. e2-e4 e7-e5 2. Сf1-c4 Кb8-c6 3. Фd1-h5 Кg8-f6 4. Фh5:f7× *"
    );
    let back = read_games(
        &line,
        &MovetextOptions {
            lang: Lang::Ru,
            ..MovetextOptions::default()
        },
    );
    assert_eq!(back[0].error, None);
    assert_eq!(back[0].line.len(), 7);
    assert_eq!("soviet".parse::<Style>(), Ok(Style::Soviet));
}

#[test]
fn double_plus_is_a_double_check_or_a_mate() {
    // Ne4-f6 uncovers the rook on e1: a double check.
    let double = position("4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1");
    let r = read_move(&double, "Nf6++", Notation::San, &ReadOptions::default()).unwrap();
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let soviet = WriteOptions::new(Lang::En).with_style(Style::Soviet);
    assert_eq!(write_move(&double, r.mv, Notation::San, &soviet), "Nf6++");
    assert_eq!(
        write_move(&double, r.mv, Notation::San, &WriteOptions::default()),
        "Nf6+"
    );
    // Scholar's mate written with `++` (FIDE C.13).
    let g = whole("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7++");
    assert_eq!(g.line.len(), 7);
    // A single check written `++` is read, with a warning.
    let single = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let r = read_move(&single, "Ra8++", Notation::San, &ReadOptions::default()).unwrap();
    assert!(matches!(r.warnings.as_slice(), [Warning::CheckMark { .. }]));
}

#[test]
fn romanian_annotation_table() {
    let symbols = [
        "+−", "±", "⩲", "=", "⩱", "∓", "−+", "∞", "⯹", "↻", "O", "→", "↑", "⇄", "⇆", "☉", "⊥", "!",
        "!!", "?", "??", "!?", "?!", "Δ", "∆", "∇", "□", "⌓", "N", "⊕", "⇔", "⇗", "⊞", "»", "X",
        "⮺", "⮻", "⮼", "⯺", "⯻", "⯼", "⯽", ">",
    ];
    for s in symbols {
        let g = whole(&format!("1. e4 {s} e5 {s} 2. Nf3 *"));
        assert_eq!(g.line.len(), 3, "{s}");
        let kept = |n: usize| !g.line[n].nags().is_empty() || !g.line[n].comments().is_empty();
        assert!(kept(0) && kept(1), "{s}");
    }
    // The side that moved has the initiative, the attack, the counterplay.
    let g = whole("1. e4 ↑ e5 ↑ 2. Nf3 → Nc6 → 3. Bc4 ⇄ Bc5 ⇄ *");
    let nags: Vec<&[u8]> = g.line.iter().map(|n| n.nags()).collect();
    assert_eq!(nags, [&[36][..], &[37], &[40], &[41], &[132], &[133]]);
}

#[test]
fn glyphs_written_where_the_notation_has_them() {
    let g = whole("1. e4 e5!? 2. Nf3 Nc6 ± 3. Bc4 ⊥ *");
    assert_eq!(san(&g), "1. e4 e5!? 2. Nf3 Nc6 ± 3. Bc4 ⊥ *");
    let d = write_movetext(&g, Notation::Descriptive, &WriteOptions::default());
    assert_eq!(d, "1. P-K4 P-K4!? 2. N-KB3 N-QB3 ± 3. B-B4 ⊥ *");
    for n in [Notation::Iccf, Notation::Uedemann, Notation::Uci] {
        let line = write_movetext(&g, n, &WriteOptions::default());
        assert!(!line.contains(['!', '±', '⊥']), "{line}");
    }
    let pgn = write_pgn(&g, Notation::San, &WriteOptions::default());
    assert!(
        pgn.contains("1. e4 e5 $5 2. Nf3 Nc6 $16 3. Bc4 {⊥} *"),
        "{pgn}"
    );
    // Read back, every notation that writes them gives the same line.
    for n in [
        Notation::San,
        Notation::Lan,
        Notation::Figurine,
        Notation::Descriptive,
    ] {
        let text = write_movetext(&g, n, &WriteOptions::default());
        assert_eq!(san(&whole(&text)), san(&g), "{n}");
    }
}

fn error_of(text: &str) -> GameError {
    game(text).error.expect(text)
}

#[test]
fn three_digit_code_is_an_error_with_its_move() {
    for (text, number, color, token) in [
        ("1. 5254 5755 2. 7163 716", 2, Color::Black, "716"),
        ("1. 5254 5755 2. 716 2836", 2, Color::White, "716"),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 00",
            4,
            Color::White,
            "00",
        ),
    ] {
        let e = error_of(text);
        assert_eq!(
            e,
            GameError::NotAMove {
                number,
                color,
                token: token.into()
            },
            "{text}"
        );
        assert!(e.to_string().contains(token));
    }
}

#[test]
fn move_number_contradicting_the_position() {
    assert_eq!(
        error_of("1... e4"),
        GameError::WrongNumber {
            number: 1,
            color: Color::White,
            token: "1... e4".into()
        }
    );
    assert_eq!(
        error_of("1. e4 e5 3. Nf3").to_string(),
        "move number 3. Nf3 contradicts the position: this is move 2."
    );
    assert!(matches!(
        error_of("1. e4 e5 3. Nf3"),
        GameError::WrongNumber { number: 2, .. }
    ));
    // Bare numbers, numbers before Black's move, and a FEN's counter left at 1 are fine.
    whole("1 e4 e5 2 Nf3 Nc6");
    whole("1. e4 1... e5 2. Nf3 2. ... Nc6");
    let g = whole(
        "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n23... e5 24. Nf3 *",
    );
    assert_eq!(g.line.len(), 2);
    assert_eq!(g.start.fullmoves().get(), 23);
    // The same with the position given apart (`convert --fen`).
    let opts = MovetextOptions {
        start: Some(position(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        )),
        ..MovetextOptions::default()
    };
    let g = read_games("23... e5 24. Nf3 *", &opts).remove(0);
    assert_eq!((g.error, g.line.len()), (None, 2));
}

fn suggested(fen: &str, text: &str, notation: Notation, lang: Lang) -> Vec<String> {
    let p = position(fen);
    let e = read_move(&p, text, notation, &ReadOptions::new(lang)).unwrap_err();
    let legal = p.legal_moves();
    let moves = e.did_you_mean();
    assert!(moves.len() <= 3, "{e}");
    assert!(moves.iter().all(|m| legal.contains(m)), "{e}");
    match e {
        ccgate_core::notation::ReadError::Malformed { did_you_mean, .. }
        | ccgate_core::notation::ReadError::Illegal { did_you_mean, .. } => {
            did_you_mean.into_iter().map(|c| c.text).collect()
        }
        other => panic!("{other}"),
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn did_you_mean_in_every_notation() {
    // A German writing English letters; an English player writing German ones.
    let g4 = "rn1qkb1r/pppp1ppp/5n2/4p3/4P1b1/3P1N2/PPP2PPP/RNBQKB1R b KQkq - 0 4";
    assert_eq!(suggested(g4, "Bxf3", Notation::San, Lang::De)[0], "Lxf3");
    assert_eq!(suggested(START, "Sf3", Notation::San, Lang::En)[0], "Nf3");
    // One key off.
    assert_eq!(suggested(START, "Nf4", Notation::San, Lang::En)[0], "Nf3");
    // The pawn's file left out of a capture.
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(suggested(ep, "d6", Notation::San, Lang::En)[0], "exd6");
    // The ICCF code inside a longer slip, its squares exchanged.
    assert_eq!(
        suggested(START, "52544", Notation::Iccf, Lang::En)[0],
        "5254"
    );
    assert_eq!(suggested(START, "5452", Notation::Iccf, Lang::En), ["5254"]);
    // A Uedemann pair transposed.
    assert_eq!(
        suggested(START, "goge", Notation::Uedemann, Lang::En),
        ["gego"]
    );
    // Descriptive, one key off.
    assert_eq!(
        suggested(START, "N-KB4", Notation::Descriptive, Lang::En)[0],
        "N-KB3"
    );
    // UCI.
    assert_eq!(suggested(START, "e2e5", Notation::Uci, Lang::En)[0], "e2e4");
}

/// The configs every article game is written in: each notation, the
/// lettered ones in English (PGN style) and in Russian and German in FIDE
/// and Soviet style.
fn configs() -> Vec<(Notation, WriteOptions)> {
    let mut out = Vec::new();
    for n in Notation::ALL {
        out.push((n, WriteOptions::default()));
        if matches!(n, Notation::San | Notation::Lan | Notation::Figurine) {
            for lang in [Lang::Ru, Lang::De, Lang::Hu] {
                for style in [Style::Fide, Style::Soviet] {
                    out.push((n, WriteOptions::new(lang).with_style(style)));
                }
            }
        }
    }
    out
}

fn ucis(g: &Game) -> String {
    g.line
        .iter()
        .map(|n| {
            n.mv.map_or("0000".to_string(), |m| {
                m.to_uci(CastlingMode::Standard).to_string()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn article_games_in_every_notation_and_back_unchanged() {
    let text = std::fs::read_to_string(crate::support::workspace_path(
        "protocols/vectors/games.tsv",
    ))
    .expect("games.tsv");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 10);
    for row in rows {
        let [name, lang, uci, movetext, _source] = row[..] else {
            panic!("bad row {row:?}")
        };
        let lang: Lang = lang.parse().unwrap();
        let read = |text: &str, from: Option<Notation>, lang: Lang| {
            let opts = MovetextOptions {
                from,
                lang,
                ..MovetextOptions::default()
            };
            let g = read_games(text, &opts).into_iter().next().unwrap();
            assert_eq!(g.error, None, "{name}: {text}");
            g
        };
        let g = read(movetext, None, lang);
        assert_eq!(ucis(&g), uci, "{name}");
        for (notation, opts) in configs() {
            let written = write_movetext(&g, notation, &opts);
            let back = read(&written, Some(notation), opts.lang);
            assert_eq!(ucis(&back), uci, "{name} in {notation}: {written}");
            let offers = |g: &Game| g.line.iter().map(|n| n.draw_offer()).collect::<Vec<_>>();
            if notation != Notation::Uci {
                assert_eq!(offers(&back), offers(&g), "{name} in {notation}: {written}");
            }
            if notation.takes_glyphs() {
                let nags = |g: &Game| g.line.iter().map(|n| n.nags().to_vec()).collect::<Vec<_>>();
                assert_eq!(nags(&back), nags(&g), "{name} in {notation}: {written}");
            }
            assert_eq!(
                write_movetext(&back, notation, &opts),
                written,
                "{name} in {notation}"
            );
            // And as PGN, with its NAGs and the draw offer as a comment.
            let pgn = write_pgn(&g, notation, &opts);
            let back = read(&pgn, Some(notation), opts.lang);
            assert_eq!(
                write_pgn(&back, notation, &opts),
                pgn,
                "{name} in {notation}"
            );
        }
    }
}

#[test]
fn the_survey_game_in_iccf_character_for_character() {
    let g = whole(DESCRIPTIVE);
    assert_eq!(
        write_movetext(&g, Notation::Iccf, &WriteOptions::default()),
        "1. 5254 5755 2. 7163 2836 3. 6125 1716 4. 2514 4746 5. 2133 3874 6. 3345 7857 \
         7. 3233 2725 8. 1423 3615 9. 6355 7441 10. 4566 7766 11. 2367 *"
    );
}

#[test]
fn glyphs_and_draw_offers_in_move_lines() {
    use ccgate_core::protocol::grammar::{Body, Profile, parse_line};
    let items = |line: &str, lang: Lang| match parse_line(line, &Profile::new(lang)).map(|l| l.body)
    {
        Some(Body::Moves(items)) => items,
        other => panic!("{line}: {other:?}"),
    };
    let i = items("1... e5!?", Lang::En);
    assert_eq!(i[0].text, "e5!?");
    let i = items("2... Кc6 ±", Lang::Ru);
    assert_eq!(
        (i[0].text.as_str(), i[0].glyphs.clone()),
        ("Кc6", vec!["±".to_string()])
    );
    let i = items("10... Re8 11. Kb1(=)", Lang::En);
    assert!(i[1].draw_offer);
    let i = items("14... e5 ↑ 15. Nf3 Δ (=)", Lang::En);
    assert_eq!(i[0].glyphs, ["↑"]);
    assert_eq!(i[1].glyphs, ["Δ"]);
    assert!(i[1].draw_offer);
    assert_eq!(i[1].to_string(), "15.Nf3 Δ (=)");
}
