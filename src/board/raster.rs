//! The PNG: the SVG's parts rasterised once, a picture put together from
//! them by copying rows of palette indices.
//!
//! Every square of a picture is one of few tiles: a tint alone, or a piece
//! drawn on a tint (12 pieces × 6 tints), and the edge with its coordinates
//! is one of two frames (one per side). Squares fall on whole pixels at
//! [`PNG_SCALE`], so the tiles are rasterised once per renderer, their
//! colours reduced once to one fixed palette, and each picture is only the
//! frame's indices with 64 tiles copied in, then encoded: no SVG parsed,
//! nothing rasterised or quantised per picture (the board PNG's 2 ms,
//! benches/web.rs).

use std::collections::HashMap;

use resvg::tiny_skia::{Pixmap, PixmapPaint, Transform};
use resvg::usvg;
use shakmaty::{Board, Color, Piece, Role, Square};

use super::{
    Diagram, Marks, PNG_SCALE, RenderError, SIZE, SQUARE, TINTS, colour, coordinates, piece_svg,
    square_tint,
};

/// The pixels of one square in the PNG.
const SQUARE_PX: usize = 30;

/// A PNG holds at most 256 palette entries.
const PALETTE: usize = 256;

/// The picture's parts as palette indices, and the palette.
pub(super) struct Tiles {
    palette: Vec<[u8; 3]>,
    /// `SQUARE_PX²` indices each: by tint, then [`slot`] (0: no piece).
    tiles: Vec<Vec<u8>>,
    /// The whole picture's indices with only the edge drawn, by side
    /// (White's first).
    frames: [Vec<u8>; 2],
}

/// Where a square's content is among a tint's 13 tiles.
fn slot(piece: Option<Piece>) -> usize {
    piece.map_or(0, |p| {
        1 + 6 * usize::from(p.color.is_black()) + usize::from(p.role) - 1
    })
}

impl Tiles {
    pub(super) fn draw() -> Result<Tiles, RenderError> {
        let mut pieces = Vec::with_capacity(12);
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let mut svg = format!(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SQUARE} {SQUARE}\" width=\"{SQUARE}\" height=\"{SQUARE}\">"
                );
                piece_svg(Piece { color, role }, 0.0, 0.0, &mut svg);
                svg.push_str("</svg>");
                pieces.push(raster(&svg, SQUARE_PX as u32)?);
            }
        }
        // A piece drawn on a tint is that tile's colours, as the whole SVG
        // rasterised would blend them.
        let mut tiles = Vec::with_capacity(TINTS.len() * 13);
        for tint in TINTS {
            let mut flat = Pixmap::new(SQUARE_PX as u32, SQUARE_PX as u32)
                .ok_or_else(|| RenderError::Svg("empty size".into()))?;
            let [r, g, b] = rgb(tint);
            flat.fill(resvg::tiny_skia::Color::from_rgba8(r, g, b, 255));
            tiles.push(colours(&flat));
            for piece in &pieces {
                let mut tile = flat.clone();
                tile.draw_pixmap(
                    0,
                    0,
                    piece.as_ref(),
                    &PixmapPaint::default(),
                    Transform::identity(),
                    None,
                );
                tiles.push(colours(&tile));
            }
        }
        let frame = |flip: bool| -> Result<Vec<[u8; 3]>, RenderError> {
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
            Ok(colours(&raster(&svg, side() as u32)?))
        };
        let frames = [frame(false)?, frame(true)?];
        let palette = palette(tiles.iter().chain(&frames).flatten().copied());
        let mut index = Indexer::new(&palette);
        let tiles = tiles.iter().map(|t| index.all(t)).collect();
        let frames = [index.all(&frames[0]), index.all(&frames[1])];
        Ok(Tiles {
            palette,
            tiles,
            frames,
        })
    }

    /// The picture of `d` as palette indices, row by row.
    pub(super) fn compose(&self, d: &Diagram) -> Vec<u8> {
        let side = side();
        let mut out = self.frames[usize::from(d.flip)].clone();
        for sq in Square::ALL {
            let (x, y) = d.square_origin(sq);
            // Whole pixels: 12 + 30 per square.
            let (x, y) = (
                (x * PNG_SCALE).round() as usize,
                (y * PNG_SCALE).round() as usize,
            );
            let tile = &self.tiles[13 * square_tint(d, sq) + slot(d.board.piece_at(sq))];
            for (row, line) in tile.chunks_exact(SQUARE_PX).enumerate() {
                let at = (y + row) * side + x;
                if let Some(dest) = out.get_mut(at..at + SQUARE_PX) {
                    dest.copy_from_slice(line);
                }
            }
        }
        out
    }

    /// The picture of `d` as an opaque indexed PNG, a few kilobytes.
    pub(super) fn png(&self, d: &Diagram) -> Result<Vec<u8>, RenderError> {
        let side = side() as u32;
        let mut out = Vec::with_capacity(8 * 1024);
        let mut enc = png::Encoder::new(&mut out, side, side);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(self.palette.concat());
        // Flat squares are long runs of one index and the same tile
        // recurs: unfiltered rows compress best (a board of 5.9 KB against
        // 7.2 with the adaptive filter, 40 with the fdeflate encoder, which
        // wants filtered rows) and cost no filtering time.
        enc.set_compression(png::Compression::Balanced);
        enc.set_filter(png::Filter::NoFilter);
        let mut writer = enc
            .write_header()
            .map_err(|e| RenderError::Png(e.to_string()))?;
        writer
            .write_image_data(&self.compose(d))
            .map_err(|e| RenderError::Png(e.to_string()))?;
        writer
            .finish()
            .map_err(|e| RenderError::Png(e.to_string()))?;
        Ok(out)
    }
}

/// The PNG's width and height: 264 pixels.
fn side() -> usize {
    (SIZE * PNG_SCALE).round() as usize
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

/// An opaque pixmap's colours (every part is drawn on a flat colour).
fn colours(p: &Pixmap) -> Vec<[u8; 3]> {
    p.pixels()
        .iter()
        .map(|p| [p.red(), p.green(), p.blue()])
        .collect()
}

/// Our SVG rasterised at [`PNG_SCALE`] onto a transparent `side` × `side`
/// pixmap.
fn raster(svg: &str, side: u32) -> Result<Pixmap, RenderError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| RenderError::Svg(e.to_string()))?;
    let mut pixmap =
        Pixmap::new(side, side).ok_or_else(|| RenderError::Svg("empty size".into()))?;
    resvg::render(
        &tree,
        Transform::from_scale(PNG_SCALE, PNG_SCALE),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| u32::from(x.abs_diff(y)).pow(2))
        .sum()
}

/// At most 256 colours for every picture: all of them when they fit;
/// else the most frequent (the flat squares, pieces and edge, kept exact),
/// then, one at a time, the colour farthest from any chosen so far, so
/// that the blends at the shapes' edges are all near an entry.
fn palette(colours: impl Iterator<Item = [u8; 3]>) -> Vec<[u8; 3]> {
    const EXACT: usize = 64;
    let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
    for c in colours {
        *counts.entry(c).or_default() += 1;
    }
    let mut by_count: Vec<([u8; 3], u32)> = counts.into_iter().collect();
    // Ties broken by the colour: the same palette every time.
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut chosen: Vec<[u8; 3]> = by_count.iter().take(EXACT).map(|(c, _)| *c).collect();
    let mut rest: Vec<([u8; 3], u32)> = by_count
        .iter()
        .skip(EXACT)
        .map(|(c, _)| {
            let nearest = chosen.iter().map(|p| distance(*p, *c)).min();
            (*c, nearest.unwrap_or(u32::MAX))
        })
        .collect();
    while chosen.len() < PALETTE {
        let Some((at, &(c, far))) = rest.iter().enumerate().max_by_key(|(_, (_, d))| *d) else {
            break;
        };
        if far == 0 {
            break;
        }
        chosen.push(c);
        rest.swap_remove(at);
        for (other, d) in &mut rest {
            *d = (*d).min(distance(c, *other));
        }
    }
    chosen
}

/// Each colour's nearest palette entry, found once per colour.
struct Indexer<'a> {
    palette: &'a [[u8; 3]],
    known: HashMap<[u8; 3], u8>,
}

impl<'a> Indexer<'a> {
    fn new(palette: &'a [[u8; 3]]) -> Indexer<'a> {
        Indexer {
            palette,
            known: Default::default(),
        }
    }

    fn all(&mut self, colours: &[[u8; 3]]) -> Vec<u8> {
        colours.iter().map(|c| self.index(*c)).collect()
    }

    fn index(&mut self, c: [u8; 3]) -> u8 {
        let palette = self.palette;
        *self.known.entry(c).or_insert_with(|| {
            // At most 256 entries: the position fits a byte.
            palette
                .iter()
                .enumerate()
                .min_by_key(|(_, p)| distance(**p, c))
                .map_or(0, |(i, _)| i as u8)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::svg;
    use super::*;

    /// The composed picture is the SVG rasterised whole but for the
    /// palette's rounding of blends at the pieces' edges.
    #[test]
    fn composed_pictures_are_the_svg_rasterised() {
        let tiles = Tiles::draw().expect("tiles");
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
            let composed = tiles.compose(&d);
            let whole = colours(&raster(&svg(&d), side() as u32).expect("raster"));
            let diffs: Vec<u8> = composed
                .iter()
                .zip(&whole)
                .map(|(i, b)| {
                    let a = tiles.palette[usize::from(*i)];
                    (0..3).map(|k| a[k].abs_diff(b[k])).max().unwrap_or(0)
                })
                .collect();
            let worst = diffs.iter().copied().max().unwrap_or(0);
            let visibly = diffs.iter().filter(|d| **d > 4).count();
            // Blends at the pieces' edges round differently when a piece is
            // drawn on its own first, and take the nearest palette entry:
            // a few levels, by more than 4 on under 1% of the pixels.
            assert!(worst <= 12, "{fen}: a pixel differs by {worst}");
            assert!(
                visibly * 100 < diffs.len(),
                "{fen}: {visibly} of {} pixels differ by more than 4",
                diffs.len()
            );
        }
    }
}
