//! Message grammar (being written).
