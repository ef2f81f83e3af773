//! PGN (placeholder).
