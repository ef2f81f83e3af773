//! Movetext (placeholder).
