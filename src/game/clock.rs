//! Correspondence clock (being written).
