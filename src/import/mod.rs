//! Bringing a player's own game into Musket: [`vassal`] turns a VASSAL module into a scenario
//! draft. It sits above the rules and the VASSAL reader and is used by the command line and
//! the editor.

pub mod measure;
pub mod terrain;
pub mod vassal;
