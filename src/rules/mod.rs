//! The pure game model. Nothing here imports Bevy: the rules build and test without the client
//! (`cargo test --no-default-features`).
//!
//! Flow: player input -> [`command::Command`] -> [`command::validate`] ->
//! [`command::apply`] (rolls [`dice::Dice`], returns [`event::Event`]s) -> the client animates
//! the events. A rule system ([`ruleset::Ruleset`]) computes zones of control, odds and
//! resolutions; the odds and the real roll come from one function.

pub mod actions;
pub mod ai;
pub mod attack;
pub mod command;
pub mod cv;
pub mod dice;
pub mod event;
pub mod flow;
pub mod game;
pub mod gate;
pub mod gbacw;
pub mod gcacw;
pub mod hex;
pub mod map;
pub mod movement;
pub mod narrate;
pub mod ngg;
pub mod online;
pub mod order;
pub mod pbem;
pub mod points;
pub mod registry;
pub mod ruleset;
pub mod scenario;
pub mod sequence;
pub mod session;
pub mod shiloh;
pub mod tables;
pub mod threat;
pub mod unit;
pub mod victory;
pub mod work;
