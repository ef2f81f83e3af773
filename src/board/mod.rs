//! Board pictures: one renderer, SVG for the pages and PNG for mail.
//!
//! [`svg`] writes the picture as text (pure); [`Renderer`] rasterises that
//! SVG's parts once with resvg and puts each PNG together from them
//! (`raster`), and keeps recent renders, keyed by the diagram (position,
//! side and marks), so a notice sent to many readers or a page reloaded is
//! drawn once.

mod pieces;
mod raster;

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

/// The squares' six colours: plain, last move, check, each light then dark.
const TINTS: [&str; 6] = [
    colour::LIGHT,
    colour::DARK,
    colour::LAST_LIGHT,
    colour::LAST_DARK,
    colour::CHECK_LIGHT,
    colour::CHECK_DARK,
];

/// Which of [`TINTS`] a square is filled with.
fn square_tint(d: &Diagram, sq: Square) -> usize {
    let dark = usize::from(!sq.is_light());
    if d.marks.check == Some(sq) {
        4 + dark
    } else if d
        .marks
        .last_move
        .is_some_and(|(from, to)| from == sq || to == sq)
    {
        2 + dark
    } else {
        dark
    }
}

fn square_fill(d: &Diagram, sq: Square) -> &'static str {
    TINTS[square_tint(d, sq)]
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
pub fn label(d: &Diagram) -> String {
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
    tiles: std::sync::OnceLock<Result<raster::Tiles, RenderError>>,
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
            let tiles = self
                .tiles
                .get_or_init(raster::Tiles::draw)
                .as_ref()
                .map_err(Clone::clone)?;
            tiles.png(d).map(Into::into)
        })
    }

    /// How many PNGs are cached (for tests of the cache).
    pub fn cached_pngs(&self) -> usize {
        self.pngs.len()
    }
}
