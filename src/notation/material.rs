//! Material signature (placeholder).
