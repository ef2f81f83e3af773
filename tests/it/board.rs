//! The board renderer: the PNG shows the position it was given, from the
//! side it was asked for, with the marks on whole squares.

use ccgate::board::{Diagram, Renderer, colour, svg};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position, Square};

use crate::support::board_pixels::{Seen, assert_shows, decode, hex, seen};

const ITALIAN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

#[test]
fn png_shows_the_position_from_whites_side() {
    let d = Diagram::from_fen(ITALIAN, false, Some("f1c4")).unwrap();
    let png = Renderer::new().png(&d).unwrap();
    let p = decode(&png);
    assert_shows(&p, &d.board, false);
    // White's pieces at the bottom: a1 is the bottom-left square.
    assert_eq!(
        p.pixel(18.0 + 22.5, 18.0 + 7.0 * 45.0 + 30.0),
        hex(colour::WHITE_PIECE)
    );
    assert_eq!(seen(&p, Square::F1, false), Seen::Empty("last-light"));
    assert!(png.len() < 10 * 1024, "{} bytes", png.len());
}

#[test]
fn flipped_png_shows_blacks_side() {
    let d = Diagram::from_fen(ITALIAN, true, None).unwrap();
    let p = decode(&Renderer::new().png(&d).unwrap());
    assert_shows(&p, &d.board, true);
    // Black's rook on a8 is now in the bottom-right corner.
    assert_eq!(
        p.pixel(18.0 + 7.0 * 45.0 + 22.5, 18.0 + 7.0 * 45.0 + 30.0),
        hex(colour::BLACK_PIECE)
    );
    // And the unflipped reading of the same pixels is wrong.
    let wrong = std::panic::catch_unwind(|| assert_shows(&p, &d.board, false));
    assert!(wrong.is_err());
}

#[test]
fn check_and_last_move_tint_whole_squares() {
    // 1. f3 e5 2. g4 Qh4#: White's king on e1 is in check (mate).
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let d = Diagram::from_fen(fen, false, Some("d8h4")).unwrap();
    assert_eq!(d.marks.check, Some(Square::E1));
    let p = decode(&Renderer::new().png(&d).unwrap());
    // The corner of the king's square, outside the piece, is tinted.
    let (x, y) = d.square_origin(Square::E1);
    assert_eq!(p.pixel(x + 3.0, y + 3.0), hex(colour::CHECK_DARK));
    assert_eq!(seen(&p, Square::D8, false), Seen::Empty("last-dark"));
    let (x, y) = d.square_origin(Square::H4);
    assert_eq!(p.pixel(x + 3.0, y + 3.0), hex(colour::LAST_DARK));
}

#[test]
fn a_games_position_marks_its_last_move() {
    let fen: Fen = ITALIAN.parse().unwrap();
    let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    let mv = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == Some(Square::G8) && m.to() == Square::F6)
        .unwrap();
    let after = pos.clone().play(mv).unwrap();
    let d = Diagram::of_position(&after, Some(&mv), true);
    assert_eq!(d.marks.last_move, Some((Square::G8, Square::F6)));
    assert_eq!(d.marks.check, None);
    let p = decode(&Renderer::new().png(&d).unwrap());
    assert_shows(&p, after.board(), true);
    assert_eq!(seen(&p, Square::G8, true), Seen::Empty("last-light"));
}

#[test]
fn renders_are_cached_by_position_side_and_marks() {
    let r = Renderer::new();
    let white = Diagram::from_fen(ITALIAN, false, None).unwrap();
    let first = r.png(&white).unwrap();
    let again = r.png(&white).unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &again));
    assert_eq!(r.cached_pngs(), 1);
    r.png(&Diagram::from_fen(ITALIAN, true, None).unwrap())
        .unwrap();
    r.png(&Diagram::from_fen(ITALIAN, false, Some("f1c4")).unwrap())
        .unwrap();
    assert_eq!(r.cached_pngs(), 3);
}

#[test]
fn svg_is_well_formed_and_labelled() {
    let d = Diagram::from_fen(ITALIAN, false, None).unwrap();
    let text = svg(&d);
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.contains("aria-label=\"Chess board r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R, seen from White's side\""));
    // It parses as SVG (the same parser the PNG goes through).
    resvg::usvg::Tree::from_str(&text, &Default::default()).unwrap();
}

#[test]
fn hostile_fen_and_move_are_refused_not_rendered() {
    for fen in [
        "<script>",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\"",
        "",
        "9/8/8/8/8/8/8/8",
    ] {
        assert!(Diagram::from_fen(fen, false, None).is_err(), "{fen:?}");
    }
    let bad = Diagram::from_fen(ITALIAN, false, Some("e2\"><x")).unwrap_err();
    assert!(bad.to_string().starts_with("not a move's squares"));
    // A board part alone is enough.
    let d = Diagram::from_fen("8/8/8/8/8/8/8/K6k", false, None).unwrap();
    assert_eq!(
        d.board.piece_at(Square::A1).map(|p| p.color),
        Some(Color::White)
    );
}
