//! The parts the game screen is built of: the stack inspector, the legend, the attack preview
//! and the dice.

pub mod dice;
pub mod editor_settings;
pub mod editor_units;
pub mod inspector;
pub mod legend;
pub mod preview;
