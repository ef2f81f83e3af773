//! Notation detection (placeholder).
