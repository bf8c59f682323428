//! Whole screens, and what covers the map: the main menu, the game screen, the hot-seat
//! hand-over overlay and the end of the battle.

pub mod end;
pub mod game;
pub mod handover;
pub mod menu;
