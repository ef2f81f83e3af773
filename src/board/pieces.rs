//! The pieces and the coordinate figures, drawn for this project as SVG
//! path data (no font, no copied artwork).
//!
//! Pieces live in a 45×45 box. Every piece covers the point (22.5, 30) with
//! its body, so a test can tell a white piece, a black piece and an empty
//! square apart by one pixel there ([`BODY_POINT`]).

use shakmaty::Role;

/// A point inside every piece's body, in the piece box.
pub const BODY_POINT: (f32, f32) = (22.5, 30.0);

/// The plinth every piece stands on.
const BASE: &str = "M10,34 H35 V39 H10 Z";

/// One piece: its filled outline and the details drawn over it in the
/// contrasting colour (eyes, slits).
pub struct Drawing {
    pub body: &'static str,
    pub detail: &'static str,
}

pub fn drawing(role: Role) -> Drawing {
    match role {
        Role::Pawn => Drawing {
            body: "M15,34 C15,27 19,24 20,20 L25,20 C26,24 30,27 30,34 Z \
                   M27.5,14 A5,5 0 1 1 17.5,14 A5,5 0 1 1 27.5,14 Z",
            detail: "",
        },
        Role::Rook => Drawing {
            body: "M12,9 H16 V12 H20 V9 H25 V12 H29 V9 H33 V16 H31 V34 H14 V16 H12 Z",
            detail: "M14,16 H31",
        },
        Role::Knight => Drawing {
            body: "M14,34 L16.5,25 C13,23.5 10.5,21 11.5,17.5 L18.5,10 L19.5,5 \
                   L23,8.5 C30,8.5 33.5,15.5 32.5,22 L31,34 Z",
            detail: "M18.6,13.4 A1.1,1.1 0 1 1 18.59,13.4 M12.5,19.5 L15,19",
        },
        Role::Bishop => Drawing {
            body: "M22.5,6 C17,11 14,17 16,24 L29,24 C31,17 28,11 22.5,6 Z \
                   M24.5,5 A2,2 0 1 1 20.5,5 A2,2 0 1 1 24.5,5 Z \
                   M15,24 H30 V27 H15 Z M17,27 L15,34 H30 L28,27 Z",
            detail: "M25,12 L20.5,18.5",
        },
        Role::Queen => Drawing {
            body: "M11,14 L15,28 H30 L34,14 L27,23 L22.5,11 L18,23 Z \
                   M13.2,12 A2.2,2.2 0 1 1 8.8,12 A2.2,2.2 0 1 1 13.2,12 Z \
                   M24.7,9 A2.2,2.2 0 1 1 20.3,9 A2.2,2.2 0 1 1 24.7,9 Z \
                   M36.2,12 A2.2,2.2 0 1 1 31.8,12 A2.2,2.2 0 1 1 36.2,12 Z \
                   M15,28 L14,34 H31 L30,28 Z",
            detail: "M15,28 H30",
        },
        Role::King => Drawing {
            body: "M21,3 H24 V6 H27 V9 H24 V13 H21 V9 H18 V6 H21 Z \
                   M22.5,13 C14,12 10,18 14,24 L16,28 H29 L31,24 C35,18 31,12 22.5,13 Z \
                   M16,28 L14,34 H31 L29,28 Z",
            detail: "M16,28 H29 M22.5,16 V24",
        },
    }
}

pub fn base() -> &'static str {
    BASE
}

/// The height of a figure in its own units (baseline at 7; `g` goes lower).
pub const FIGURE_HEIGHT: f32 = 7.0;
/// The width of a figure in its own units.
pub const FIGURE_WIDTH: f32 = 4.2;

/// A file letter (`a`..`h`) or rank digit (`1`..`8`) as stroked path data,
/// in a 4.2 × 7 box; `None` for anything else.
pub fn figure(c: char) -> Option<&'static str> {
    // Bowls are ellipses centred at (2, 4.75), 2 wide and 2.25 high.
    Some(match c {
        'a' => "M4,4.75 A2,2.25 0 1 1 0,4.75 A2,2.25 0 1 1 4,4.75 M4,2.5 V7",
        'b' => "M4,4.75 A2,2.25 0 1 1 0,4.75 A2,2.25 0 1 1 4,4.75 M0,0 V7",
        'c' => "M3.4,3.15 A2,2.25 0 1 0 3.4,6.35",
        'd' => "M4,4.75 A2,2.25 0 1 1 0,4.75 A2,2.25 0 1 1 4,4.75 M4,0 V7",
        'e' => "M0,4.75 H4 A2,2.25 0 1 0 3.4,6.35",
        'f' => "M4,0.6 C2.5,-0.2 1.5,0.5 1.5,2 V7 M0,3 H3.5",
        'g' => {
            "M4,4.75 A2,2.25 0 1 1 0,4.75 A2,2.25 0 1 1 4,4.75 \
                M4,2.5 V7.8 C4,9.5 0.8,9.5 0.3,8.3"
        }
        'h' => "M0,0 V7 M0,4.5 C0,2 4,2 4,4.5 V7",
        '1' => "M1,1.5 L2.5,0 V7 M1,7 H4",
        '2' => "M0.2,1.8 C0.5,-0.5 4,-0.5 4,1.9 C4,3.8 0,5 0,7 H4",
        '3' => {
            "M0.3,0.8 C1.5,-0.4 4,0 4,1.8 C4,3.2 2.5,3.4 1.6,3.4 \
                C2.8,3.4 4.2,3.8 4.2,5.2 C4.2,7.4 1.2,7.6 0,6.3"
        }
        '4' => "M3,7 V0 L0,5 H4.2",
        '5' => "M4,0 H0.6 L0.3,3.2 C2,2.3 4.2,3 4.2,4.9 C4.2,7.3 1.2,7.6 0,6.2",
        '6' => {
            "M3.8,0.5 C1.5,-0.5 0,1.5 0,4.5 C0,6 0.8,7 2.1,7 C3.4,7 4.2,6 4.2,4.8 \
                C4.2,3.5 3.3,2.7 2.1,2.7 C1,2.7 0.2,3.4 0,4.5"
        }
        '7' => "M0,0 H4.2 L1.5,7",
        '8' => {
            "M3.9,1.75 A1.8,1.75 0 1 1 0.3,1.75 A1.8,1.75 0 1 1 3.9,1.75 \
                M4.2,5.2 A2.1,1.8 0 1 1 0,5.2 A2.1,1.8 0 1 1 4.2,5.2"
        }
        _ => return None,
    })
}
