//! Reader for VASSAL modules (`.vmod`) and saved games (`.vsav`).
pub mod archive;
pub mod error;
pub mod grid;
pub mod sequence;
