//! Board pictures: one renderer, SVG for the pages and PNG for mail.
//!
//! [`svg`] writes the picture as text (pure); [`Renderer`] rasterises that
//! same SVG with resvg and keeps recent renders, keyed by the diagram
//! (position, side and marks), so a notice sent to many readers or a page
//! reloaded is drawn once.

mod pieces;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Color, File, Move, Position, Rank, Square};

pub use pieces::BODY_POINT;

/// The side of a square in picture units.
pub const SQUARE: f32 = 45.0;
/// The edge around the squares that holds the coordinates.
pub const MARGIN: f32 = 18.0;
/// The picture's width and height in picture units.
pub const SIZE: f32 = 8.0 * SQUARE + 2.0 * MARGIN;
/// The PNG's pixels per picture unit: 264 × 264 pixels, 30 per square.
pub const PNG_SCALE: f32 = 2.0 / 3.0;

/// The flat colours; marks replace a square's colour rather than overlay it.
pub mod colour {
    pub const LIGHT: &str = "#e9e4d4";
    pub const DARK: &str = "#8ca2ad";
    pub const LAST_LIGHT: &str = "#f3e88a";
    pub const LAST_DARK: &str = "#c4b857";
    pub const CHECK_LIGHT: &str = "#e8857a";
    pub const CHECK_DARK: &str = "#c9574c";
    pub const EDGE: &str = "#f7f7f3";
    pub const FIGURES: &str = "#333333";
    pub const WHITE_PIECE: &str = "#ffffff";
    pub const BLACK_PIECE: &str = "#262626";
}

/// What is marked on the board besides the pieces.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Marks {
    /// The squares the last move left and reached.
    pub last_move: Option<(Square, Square)>,
    /// The square of a king in check.
    pub check: Option<Square>,
}

/// One picture: the pieces, the side it is seen from and the marks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagram {
    pub board: Board,
    /// Seen from Black's side (a8 at the bottom right... h1 at the top left).
    pub flip: bool,
    pub marks: Marks,
}

/// Why a diagram could not be made from the outside's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    #[error("not a FEN: {0}")]
    Fen(String),
    #[error("not a move's squares (like e2e4): {0}")]
    LastMove(String),
}

impl Diagram {
    /// A game's position, with the move that led to it and a check marked.
    pub fn of_position(pos: &Chess, last: Option<&Move>, flip: bool) -> Diagram {
        Diagram {
            board: pos.board().clone(),
            flip,
            marks: Marks {
                last_move: last.map(|m| (m.from().unwrap_or(m.to()), m.to())),
                check: check_square(pos),
            },
        }
    }

    /// A diagram from a FEN (full, or the board part alone) and the last
    /// move's squares in UCI form (`e2e4`); a check is marked when the FEN
    /// is a legal position whose side to move is in check.
    pub fn from_fen(
        fen: &str,
        flip: bool,
        last_move: Option<&str>,
    ) -> Result<Diagram, DiagramError> {
        let fen = fen.trim();
        let (board, check) = match Fen::from_ascii(fen.as_bytes()) {
            Ok(parsed) => {
                let board = parsed.as_setup().board.clone();
                let check = parsed
                    .into_position::<Chess>(CastlingMode::Chess960)
                    .ok()
                    .and_then(|pos| check_square(&pos));
                (board, check)
            }
            Err(_) => (
                Board::from_ascii_board_fen(fen.as_bytes())
                    .map_err(|_| DiagramError::Fen(fen.chars().take(100).collect()))?,
                None,
            ),
        };
        let last_move = match last_move.map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(text) => Some(
                move_squares(text)
                    .ok_or_else(|| DiagramError::LastMove(text.chars().take(20).collect()))?,
            ),
        };
        Ok(Diagram {
            board,
            flip,
            marks: Marks { last_move, check },
        })
    }

    /// The top-left corner of a square in picture units.
    pub fn square_origin(&self, sq: Square) -> (f32, f32) {
        let (col, row) = if self.flip {
            (7 - u32::from(sq.file()), u32::from(sq.rank()))
        } else {
            (u32::from(sq.file()), 7 - u32::from(sq.rank()))
        };
        (MARGIN + col as f32 * SQUARE, MARGIN + row as f32 * SQUARE)
    }
}

fn check_square(pos: &Chess) -> Option<Square> {
    if pos.is_check() {
        pos.board().king_of(pos.turn())
    } else {
        None
    }
}

fn move_squares(text: &str) -> Option<(Square, Square)> {
    match UciMove::from_ascii(text.as_bytes()).ok()? {
        UciMove::Normal { from, to, .. } => Some((from, to)),
        UciMove::Put { to, .. } => Some((to, to)),
        UciMove::Null => None,
    }
}

fn square_fill(d: &Diagram, sq: Square) -> &'static str {
    let light = sq.is_light();
    let pick = |l, k| if light { l } else { k };
    if d.marks.check == Some(sq) {
        pick(colour::CHECK_LIGHT, colour::CHECK_DARK)
    } else if d
        .marks
        .last_move
        .is_some_and(|(from, to)| from == sq || to == sq)
    {
        pick(colour::LAST_LIGHT, colour::LAST_DARK)
    } else {
        pick(colour::LIGHT, colour::DARK)
    }
}

/// The picture as SVG text. Everything in it is ours (no outside string
/// reaches it), so it can be put into a page as it is.
pub fn svg(d: &Diagram) -> String {
    let mut out = String::with_capacity(12_000);
    // Writing to a String cannot fail; the results are ignored for that.
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SIZE} {SIZE}\" \
         width=\"{SIZE}\" height=\"{SIZE}\" role=\"img\" aria-label=\"{}\">\
         <title>{}</title><rect width=\"{SIZE}\" height=\"{SIZE}\" fill=\"{}\"/>",
        label(d),
        label(d),
        colour::EDGE
    );
    for sq in Square::ALL {
        let (x, y) = d.square_origin(sq);
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{}\"/>",
            square_fill(d, sq)
        );
    }
    for (sq, piece) in d.board.clone() {
        let (x, y) = d.square_origin(sq);
        piece_svg(piece, x, y, &mut out);
    }
    coordinates(d, &mut out);
    out.push_str("</svg>");
    out
}

/// A piece drawn with its top-left corner at (`x`, `y`).
fn piece_svg(piece: shakmaty::Piece, x: f32, y: f32, out: &mut String) {
    let drawing = pieces::drawing(piece.role);
    let (fill, ink) = match piece.color {
        Color::White => (colour::WHITE_PIECE, "#111111"),
        Color::Black => (colour::BLACK_PIECE, "#f0f0f0"),
    };
    let _ = write!(
        out,
        "<g transform=\"translate({x} {y})\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\
         <path d=\"{} {}\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1.5\"/>",
        drawing.body,
        pieces::base(),
    );
    if !drawing.detail.is_empty() {
        let _ = write!(
            out,
            "<path d=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"1.3\"/>",
            drawing.detail
        );
    }
    out.push_str("</g>");
}

/// The picture's text alternative: the board part of its FEN and the side.
fn label(d: &Diagram) -> String {
    let side = if d.flip { "Black" } else { "White" };
    format!(
        "Chess board {}, seen from {side}'s side",
        d.board.board_fen()
    )
}

/// The files under the board and the ranks on its left, as stroked figures.
fn coordinates(d: &Diagram, out: &mut String) {
    const SCALE: f32 = 1.4;
    let figure_w = pieces::FIGURE_WIDTH * SCALE;
    let figure_h = pieces::FIGURE_HEIGHT * SCALE;
    let _ = write!(
        out,
        "<g fill=\"none\" stroke=\"{}\" stroke-width=\"0.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\">",
        colour::FIGURES
    );
    let mut put = |c: char, x: f32, y: f32| {
        if let Some(path) = pieces::figure(c) {
            let _ = write!(
                out,
                "<path transform=\"translate({x} {y}) scale({SCALE})\" d=\"{path}\"/>"
            );
        }
    };
    for file in File::ALL {
        let (x, _) = d.square_origin(Square::from_coords(file, Rank::First));
        put(
            file.char(),
            x + (SQUARE - figure_w) / 2.0,
            MARGIN + 8.0 * SQUARE + (MARGIN - figure_h) / 2.0 - 1.0,
        );
    }
    for rank in Rank::ALL {
        let (_, y) = d.square_origin(Square::from_coords(File::A, rank));
        put(
            rank.char(),
            (MARGIN - figure_w) / 2.0,
            y + (SQUARE - figure_h) / 2.0,
        );
    }
    out.push_str("</g>");
}

/// Why a PNG could not be made (our own SVG failed to parse or encode:
/// a bug, reported rather than panicking).
#[derive(Debug, Clone, thiserror::Error)]
pub enum RenderError {
    #[error("board picture: {0}")]
    Svg(String),
    #[error("board picture: PNG encoding: {0}")]
    Png(String),
}

/// How many renders of each kind are kept; past that the cache starts
/// afresh (a daemon's working set is its active games, far fewer).
const CACHE_ENTRIES: usize = 2048;

/// The renderer with its cache, shared by the pages and the mail composer.
#[derive(Default)]
pub struct Renderer {
    svgs: Cache<Arc<str>>,
    pngs: Cache<Arc<[u8]>>,
    sprites: std::sync::OnceLock<Result<Sprites, RenderError>>,
}

struct Cache<V>(Mutex<HashMap<Diagram, V>>);

impl<V> Default for Cache<V> {
    fn default() -> Self {
        Cache(Mutex::new(HashMap::new()))
    }
}

impl<V: Clone> Cache<V> {
    fn get_or<E>(&self, d: &Diagram, make: impl FnOnce() -> Result<V, E>) -> Result<V, E> {
        if let Some(v) = self.lock().get(d) {
            return Ok(v.clone());
        }
        // Rendered outside the lock: two threads may draw the same picture
        // once each, which is cheaper than serialising every render.
        let v = make()?;
        let mut map = self.lock();
        if map.len() >= CACHE_ENTRIES {
            map.clear();
        }
        map.insert(d.clone(), v.clone());
        Ok(v)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Diagram, V>> {
        // A panic while holding the lock leaves only a map of finished
        // renders behind, which is still sound to use.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn len(&self) -> usize {
        self.lock().len()
    }
}

impl Renderer {
    pub fn new() -> Renderer {
        Renderer::default()
    }

    pub fn svg(&self, d: &Diagram) -> Arc<str> {
        match self
            .svgs
            .get_or(d, || Ok::<_, std::convert::Infallible>(svg(d).into()))
        {
            Ok(v) => v,
            Err(never) => match never {},
        }
    }

    pub fn png(&self, d: &Diagram) -> Result<Arc<[u8]>, RenderError> {
        self.pngs.get_or(d, || {
            let sprites = self
                .sprites
                .get_or_init(Sprites::draw)
                .as_ref()
                .map_err(Clone::clone)?;
            encode(&sprites.compose(d)).map(Into::into)
        })
    }

    /// How many PNGs are cached (for tests of the cache).
    pub fn cached_pngs(&self) -> usize {
        self.pngs.len()
    }
}

/// The pixels of one square in the PNG.
const SQUARE_PX: u32 = 30;

/// The PNG's parts, drawn from the SVG's own pieces once per renderer:
/// each piece on a transparent square, and the edge with its coordinates
/// for each side. A picture is then flat squares with these copied on, at
/// whole pixels (squares fall on whole pixels at [`PNG_SCALE`]), so no
/// SVG is parsed or rasterised per picture and the pixels are those of
/// the SVG rasterised whole.
struct Sprites {
    /// By colour (White first), then role (pawn first).
    pieces: [[resvg::tiny_skia::Pixmap; 6]; 2],
    /// By side (White's first).
    frames: [resvg::tiny_skia::Pixmap; 2],
}

impl Sprites {
    fn draw() -> Result<Sprites, RenderError> {
        use shakmaty::{Piece, Role};
        let piece = |color: Color, role: Role| {
            let mut svg = format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SQUARE} {SQUARE}\" width=\"{SQUARE}\" height=\"{SQUARE}\">"
            );
            piece_svg(Piece { color, role }, 0.0, 0.0, &mut svg);
            svg.push_str("</svg>");
            raster(&svg, SQUARE_PX)
        };
        let roles = |color| -> Result<[_; 6], RenderError> {
            Ok([
                piece(color, Role::Pawn)?,
                piece(color, Role::Knight)?,
                piece(color, Role::Bishop)?,
                piece(color, Role::Rook)?,
                piece(color, Role::Queen)?,
                piece(color, Role::King)?,
            ])
        };
        let frame = |flip: bool| {
            let d = Diagram {
                board: Board::empty(),
                flip,
                marks: Marks::default(),
            };
            let mut svg = format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SIZE} {SIZE}\" width=\"{SIZE}\" height=\"{SIZE}\">\
                 <rect width=\"{SIZE}\" height=\"{SIZE}\" fill=\"{}\"/>",
                colour::EDGE
            );
            coordinates(&d, &mut svg);
            svg.push_str("</svg>");
            raster(&svg, png_side())
        };
        Ok(Sprites {
            pieces: [roles(Color::White)?, roles(Color::Black)?],
            frames: [frame(false)?, frame(true)?],
        })
    }

    /// The picture of `d`: its side's frame, the squares in their colours,
    /// the pieces.
    fn compose(&self, d: &Diagram) -> resvg::tiny_skia::Pixmap {
        use resvg::tiny_skia::{Paint, PixmapPaint, Rect, Transform};
        let mut pixmap = self.frames[usize::from(d.flip)].clone();
        let at = |sq| {
            let (x, y) = d.square_origin(sq);
            // Whole pixels: 12 + 30 per square.
            (
                (x * PNG_SCALE).round() as i32,
                (y * PNG_SCALE).round() as i32,
            )
        };
        for sq in Square::ALL {
            let (x, y) = at(sq);
            let [r, g, b] = rgb(square_fill(d, sq));
            let mut paint = Paint::default();
            paint.set_color_rgba8(r, g, b, 255);
            if let Some(rect) =
                Rect::from_xywh(x as f32, y as f32, SQUARE_PX as f32, SQUARE_PX as f32)
            {
                pixmap.fill_rect(rect, &paint, Transform::identity(), None);
            }
        }
        for (sq, piece) in d.board.clone() {
            let (x, y) = at(sq);
            let sprite =
                &self.pieces[usize::from(piece.color.is_black())][usize::from(piece.role) - 1];
            pixmap.draw_pixmap(
                x,
                y,
                sprite.as_ref(),
                &PixmapPaint::default(),
                Transform::identity(),
                None,
            );
        }
        pixmap
    }
}

/// The PNG's width and height: 264 pixels.
fn png_side() -> u32 {
    (SIZE * PNG_SCALE).round() as u32
}

/// One of our `#rrggbb` colours as bytes.
fn rgb(hex: &str) -> [u8; 3] {
    let byte = |i: usize| {
        hex.get(1 + 2 * i..3 + 2 * i)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0)
    };
    [byte(0), byte(1), byte(2)]
}

/// Our SVG rasterised at [`PNG_SCALE`] onto a transparent `side` × `side`
/// pixmap.
fn raster(svg: &str, side: u32) -> Result<resvg::tiny_skia::Pixmap, RenderError> {
    use resvg::{tiny_skia, usvg};
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| RenderError::Svg(e.to_string()))?;
    let mut pixmap =
        tiny_skia::Pixmap::new(side, side).ok_or_else(|| RenderError::Svg("empty size".into()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(PNG_SCALE, PNG_SCALE),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// The picture as an opaque indexed PNG: a notice's attachment stays at a
/// few kilobytes.
fn encode(pixmap: &resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let side = pixmap.width();
    let rgb: Vec<[u8; 3]> = pixmap
        .pixels()
        .iter()
        .map(|p| [p.red(), p.green(), p.blue()])
        .collect();
    let (palette, indices) = palette(&rgb);
    let mut out = Vec::with_capacity(8 * 1024);
    let mut enc = png::Encoder::new(&mut out, side, side);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette.concat());
    // Level 9 (`High`) cost a third of a picture's time (benches/web.rs:
    // 26.7 -> 18.7 ms median) for a slightly smaller file; the default
    // level keeps a board under 10 KB (tests/it/board.rs).
    enc.set_compression(png::Compression::Balanced);
    let mut writer = enc
        .write_header()
        .map_err(|e| RenderError::Png(e.to_string()))?;
    writer
        .write_image_data(&indices)
        .map_err(|e| RenderError::Png(e.to_string()))?;
    writer
        .finish()
        .map_err(|e| RenderError::Png(e.to_string()))?;
    Ok(out)
}

/// At most 256 colours for the picture: the most frequent ones (the flat
/// squares and pieces, kept exact) and, for the rarer blends at the edges of
/// the shapes, the nearest of those.
fn palette(rgb: &[[u8; 3]]) -> (Vec<[u8; 3]>, Vec<u8>) {
    let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
    for c in rgb {
        *counts.entry(*c).or_default() += 1;
    }
    let mut by_count: Vec<([u8; 3], u32)> = counts.into_iter().collect();
    // Ties broken by the colour so that a picture is encoded the same way
    // every time.
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<[u8; 3]> = by_count.iter().take(256).map(|(c, _)| *c).collect();
    let index: HashMap<[u8; 3], u8> = by_count
        .iter()
        .map(|(c, _)| (*c, nearest(&palette, *c)))
        .collect();
    let indices = rgb
        .iter()
        .map(|c| index.get(c).copied().unwrap_or(0))
        .collect();
    (palette, indices)
}

fn nearest(palette: &[[u8; 3]], c: [u8; 3]) -> u8 {
    let distance = |p: &[u8; 3]| -> u32 {
        p.iter()
            .zip(c)
            .map(|(a, b)| u32::from(a.abs_diff(b)).pow(2))
            .sum()
    };
    // The palette has at most 256 entries, so the position fits a byte.
    palette
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| distance(p))
        .map_or(0, |(i, _)| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The composed picture is the SVG rasterised whole, pixel for pixel
    /// but for the rounding of blends at the pieces' edges.
    #[test]
    fn composed_pictures_are_the_svg_rasterised() {
        let sprites = Sprites::draw().expect("sprites");
        let fens = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                false,
                None,
            ),
            (
                "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                true,
                Some("d8h4"),
            ),
            ("8/8/8/4k3/8/8/2K5/8 w - - 0 1", false, Some("c1c2")),
        ];
        for (fen, flip, last) in fens {
            let d = Diagram::from_fen(fen, flip, last).expect("diagram");
            let composed = sprites.compose(&d);
            let whole = raster(&svg(&d), png_side()).expect("raster");
            let diffs: Vec<u8> = composed
                .pixels()
                .iter()
                .zip(whole.pixels())
                .map(|(a, b)| {
                    [
                        a.red().abs_diff(b.red()),
                        a.green().abs_diff(b.green()),
                        a.blue().abs_diff(b.blue()),
                        a.alpha().abs_diff(b.alpha()),
                    ]
                    .into_iter()
                    .max()
                    .unwrap_or(0)
                })
                .collect();
            let worst = diffs.iter().copied().max().unwrap_or(0);
            let differing = diffs.iter().filter(|d| **d > 0).count();
            // Blends at the pieces' edges round differently when a piece is
            // drawn on its own first: a few levels, on few pixels.
            assert!(worst <= 8, "{fen}: a pixel differs by {worst}");
            assert!(
                differing * 20 < diffs.len(),
                "{fen}: {differing} of {} pixels differ",
                diffs.len()
            );
        }
    }
}
