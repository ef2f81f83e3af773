//! Writing descriptive notation: the shortest designation that reads back
//! as the move (see the parent module's "Writing").

use super::*;

/// Whether the pattern reads back as exactly `mv`, under both readings of a
/// `K`/`Q` prefix so that a human reader cannot take it for another move.
pub(super) fn reads_as(us: Color, legal: &MoveList, p: &Pattern, mv: Move) -> bool {
    let filter = Filter::new(p, us);
    filter.names_only(legal, mv)
        && (!filter.wing
            || filter.stage_names_only(
                legal,
                Stage {
                    wing: true,
                    ..STRICT
                },
                mv,
            ) == Some(true))
}

/// The first candidate spelling that reads back as `mv`, and `true`; the
/// last (fullest) one and `false` if none does, which only happens for a
/// move that is not legal. A spelling that reads back names a move of
/// `legal`: `true` says that `mv` is legal.
pub(super) fn spell(pos: &Chess, legal: &MoveList, mv: Move) -> (Pattern, bool) {
    let us = pos.turn();
    let mut chosen = Pattern {
        shape: Shape::Castle(Some(CastlingSide::KingSide)),
        promotion: None,
    };
    let mut read_back = false;
    each_spelling(us, mv, &mut |p| {
        chosen = p;
        read_back = reads_as(us, legal, &p, mv);
        read_back
    });
    (chosen, read_back)
}

/// Offers spellings of `mv`, shortest and most conventional first, until
/// `accept` takes one.
pub(super) fn each_spelling(us: Color, mv: Move, accept: &mut impl FnMut(Pattern) -> bool) {
    if let Some(side) = mv.castling_side() {
        accept(Pattern {
            shape: Shape::Castle(Some(side)),
            promotion: None,
        });
        return;
    }
    let Some(from) = mv.from() else { return };
    let promotion = mv.promotion();
    let movers = movers(mv.role(), from, us);
    let to = mv.to();
    let Some(captured) = mv.capture() else {
        for (piece, origin) in movers.iter().flatten() {
            for dest in [Spot::short(to, us), Some(Spot::full(to, us))]
                .into_iter()
                .flatten()
            {
                let shape = Shape::Move {
                    piece: *piece,
                    origin: *origin,
                    to: dest,
                };
                if accept(Pattern { shape, promotion }) {
                    return;
                }
            }
        }
        return;
    };
    let victim = if mv.is_en_passant() {
        Square::from_coords(to.file(), from.rank())
    } else {
        to
    };
    let targets = piece_names(captured, victim, !us);
    // The capturing piece is qualified before the captured one, prefixes
    // before parentheses, and the capture square comes last.
    let (simple, parens) = movers.split_at(3);
    let ats = [
        Some(None),
        Spot::short(to, us).map(Some),
        Some(Some(Spot::full(to, us))),
    ];
    for at in ats.into_iter().flatten() {
        for tier in [simple, parens] {
            for target in targets.iter().flatten() {
                for (piece, origin) in tier.iter().flatten() {
                    let shape = Shape::Capture {
                        piece: *piece,
                        origin: *origin,
                        target: *target,
                        at,
                    };
                    if accept(Pattern { shape, promotion }) {
                        return;
                    }
                }
            }
        }
    }
}

type Mover = (PieceName, Option<Spot>);

/// Ways to name the moving piece, simplest first: three without parentheses,
/// then five origins in parentheses.
pub(super) fn movers(role: Role, from: Square, us: Color) -> [Option<Mover>; 8] {
    let names = piece_names(role, from, us);
    let mut out = [None; 8];
    for (slot, name) in out.iter_mut().zip(names) {
        *slot = name.map(|n| (n, None));
    }
    if role != Role::Pawn {
        let plain = PieceName::plain(role);
        let rank = Some(us.relative_rank(from.rank()));
        let short = FileName::short(from.file());
        let full = Some(FileName::full(from.file()));
        let origins = [
            Some(Spot { file: None, rank }),
            short.map(|f| Spot {
                file: Some(f),
                rank: None,
            }),
            Some(Spot {
                file: full,
                rank: None,
            }),
            Spot::short(from, us),
            Some(Spot::full(from, us)),
        ];
        for (slot, origin) in out.iter_mut().skip(3).zip(origins) {
            *slot = origin.map(|o| (plain, Some(o)));
        }
    }
    out
}

/// Ways to name a piece by itself: `P`, `BP`, `QBP`; `R`, `QR`.
pub(super) fn piece_names(role: Role, sq: Square, color: Color) -> [Option<PieceName>; 3] {
    let plain = Some(PieceName::plain(role));
    match role {
        Role::Pawn => {
            let short = FileName::short(sq.file()).map(|f| PieceName {
                role,
                qual: Some(f),
            });
            let full = Some(PieceName {
                role,
                qual: Some(FileName::full(sq.file())),
            });
            [plain, short, full]
        }
        Role::Rook | Role::Knight | Role::Bishop => {
            let qual = FileName::of(Some(wing_of(role, sq, color)), Some(role));
            [plain, Some(PieceName { role, qual }), None]
        }
        Role::Queen | Role::King => [plain, None, None],
    }
}

pub(super) fn letter(role: Role) -> char {
    match role {
        Role::Pawn => 'P',
        Role::Knight => 'N',
        Role::Bishop => 'B',
        Role::Rook => 'R',
        Role::Queen => 'Q',
        Role::King => 'K',
    }
}

pub(super) fn render(p: &Pattern, out: &mut String) {
    match p.shape {
        Shape::Castle(Some(CastlingSide::QueenSide)) => out.push_str("O-O-O"),
        Shape::Castle(Some(CastlingSide::KingSide)) => out.push_str("O-O"),
        Shape::Castle(None) => out.push_str("Castles"),
        Shape::Move { piece, origin, to } => {
            render_piece(piece, out);
            render_origin(origin, out);
            out.push('-');
            render_spot(to, out);
        }
        Shape::Capture {
            piece,
            origin,
            target,
            at,
        } => {
            render_piece(piece, out);
            render_origin(origin, out);
            out.push('x');
            render_piece(target, out);
            if let Some(at) = at {
                out.push('/');
                render_spot(at, out);
            }
        }
    }
    if let Some(role) = p.promotion {
        out.push('=');
        out.push(letter(role));
    }
}

pub(super) fn render_piece(piece: PieceName, out: &mut String) {
    match piece.qual {
        // A piece's qualifier already ends with its letter: `QR`, `KN`.
        Some(q) if piece.role != Role::Pawn => out.push_str(q.text()),
        Some(q) => {
            out.push_str(q.text());
            out.push('P');
        }
        None => out.push(letter(piece.role)),
    }
}

pub(super) fn render_origin(origin: Option<Spot>, out: &mut String) {
    if let Some(o) = origin {
        out.push('(');
        render_spot(o, out);
        out.push(')');
    }
}

pub(super) fn render_spot(spot: Spot, out: &mut String) {
    if let Some(f) = spot.file {
        out.push_str(f.text());
    }
    if let Some(r) = spot.rank {
        out.push(r.char());
    }
}
