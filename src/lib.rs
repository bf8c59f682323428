//! Musket: a hex-map wargame client for the board games of the musket era.
//!
//! [`rules`] is the pure game model (no Bevy); [`cli`] the command line; `client` (feature
//! `client`, on by default) the Bevy desktop client.

pub mod cli;
#[cfg(feature = "client")]
pub mod client;
pub mod editor;
pub mod fieldgen;
pub mod import;
pub mod online;
pub mod rules;
pub mod vassal;
