//! Reading a board PNG back: decode it and tell, square by square, what one
//! pixel inside a piece's body shows (a white piece, a black piece, or the
//! square's own colour), so tests check pictures by their pixels.

use ccgate::board::{BODY_POINT, Diagram, MARGIN, PNG_SCALE, SQUARE, colour};
use shakmaty::{Board, Color, Square};

/// A decoded RGB picture.
pub struct Picture {
    pub width: u32,
    pub height: u32,
    rgb: Vec<u8>,
}

pub fn decode(png_bytes: &[u8]) -> Picture {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    // The palette expanded to RGB.
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    assert_eq!(info.color_type, png::ColorType::Rgb, "opaque RGB");
    buf.truncate(info.buffer_size());
    Picture {
        width: info.width,
        height: info.height,
        rgb: buf,
    }
}

/// The size of any PNG (a screenshot), after checking that it decodes.
pub fn decode_any(png_bytes: &[u8]) -> (u32, u32) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes))
        .read_info()
        .expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    (info.width, info.height)
}

impl Picture {
    pub fn pixel(&self, x: f32, y: f32) -> [u8; 3] {
        let (x, y) = ((x * PNG_SCALE) as usize, (y * PNG_SCALE) as usize);
        let i = (y * self.width as usize + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

pub fn hex(c: &str) -> [u8; 3] {
    let v = u32::from_str_radix(c.trim_start_matches('#'), 16).expect("a colour");
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// What one square shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    Piece(Color),
    /// The square's colour, one of [`colour`]'s square colours by name.
    Empty(&'static str),
    Other([u8; 3]),
}

/// What the picture shows on `sq`, when it was drawn flipped or not: the
/// pixel at the piece body's point, and for an empty square the corner.
pub fn seen(p: &Picture, sq: Square, flip: bool) -> Seen {
    let placed = Diagram {
        board: Board::empty(),
        flip,
        marks: Default::default(),
    };
    let (x, y) = placed.square_origin(sq);
    let body = p.pixel(x + BODY_POINT.0, y + BODY_POINT.1);
    if body == hex(colour::WHITE_PIECE) {
        return Seen::Piece(Color::White);
    }
    if body == hex(colour::BLACK_PIECE) {
        return Seen::Piece(Color::Black);
    }
    let corner = p.pixel(x + 3.0, y + 3.0);
    for (name, c) in [
        ("light", colour::LIGHT),
        ("dark", colour::DARK),
        ("last-light", colour::LAST_LIGHT),
        ("last-dark", colour::LAST_DARK),
        ("check-light", colour::CHECK_LIGHT),
        ("check-dark", colour::CHECK_DARK),
    ] {
        if corner == hex(c) {
            return Seen::Empty(name);
        }
    }
    Seen::Other(body)
}

/// Asserts that every square shows what `board` holds there.
pub fn assert_shows(p: &Picture, board: &Board, flip: bool) {
    assert_eq!((p.width, p.height), (side(), side()));
    for sq in Square::ALL {
        let got = seen(p, sq, flip);
        match board.piece_at(sq) {
            Some(piece) => assert_eq!(got, Seen::Piece(piece.color), "{sq}"),
            None => assert!(matches!(got, Seen::Empty(_)), "{sq}: {got:?}"),
        }
    }
}

/// The PNG's side in pixels.
pub fn side() -> u32 {
    ((8.0 * SQUARE + 2.0 * MARGIN) * PNG_SCALE).round() as u32
}
