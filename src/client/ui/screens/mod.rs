//! Whole screens, and what covers the map: the main menu, the game screen, the hot-seat
//! hand-over overlay, the end of the battle and the scenario editor.

pub mod editor;
pub mod end;
pub mod game;
pub mod handover;
pub mod menu;
