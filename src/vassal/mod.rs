//! A pure-Rust reader for VASSAL modules (`.vmod`) and saved games (`.vsav`).
//!
//! It understands VASSAL's files as VASSAL's own Java code does (the ports name the
//! Java class and method they follow) and knows nothing of Musket's rules: the importer
//! that turns a module into a scenario draft sits above it.
//!
//! - [`Module`] opens a module safely ([`Limits`] against zip bombs, entry names
//!   checked) and parses its [`BuildFile`]: maps, boards, grids, at-start stacks,
//!   palette slots, prototypes and predefined setups.
//! - [`grid`] ports `HexGrid` and `HexGridNumbering`: snapping, columns and rows,
//!   location names and their reverse, ranges; `ZonedGrid` zones.
//! - [`piece`] decodes piece definitions (`+/id/type/state`) into traits, expands
//!   prototypes, and gives names, images and properties.
//! - [`SavedGame`] reads a save's obfuscated command stream into pieces, stacks and
//!   board choices.
//! - [`BoardLayout`] places a map's boards and maps a map point to a board point.
//!
//! Nothing here panics on bad input: every failure is a [`VassalError`] whose message
//! names the file, entry, element or command at fault.
//!
//! ```no_run
//! use musket::vassal::{Module, Point};
//! let mut module = Module::open(std::path::Path::new("game.vmod"))?;
//! let map = &module.build_file().maps[0];
//! let layout = module.board_layout(map, None)?;
//! if let Some((board, p)) = layout.board_point(Point::new(400, 300)) {
//!     println!("{} {:?}", board.board.name, board.board.location_name(p));
//! }
//! # Ok::<(), musket::vassal::VassalError>(())
//! ```

pub mod archive;
pub mod buildfile;
pub mod error;
pub mod grid;
pub mod image;
pub mod module;
pub mod piece;
pub mod save;
pub mod sequence;

pub use archive::{Archive, EntryInfo, Limits, check_relative_name, validate_relative_name};
pub use buildfile::{
    BoardDef, BuildFile, MapDef, MapKind, PieceSlotDef, PredefinedSetupDef, PrototypeDef,
    SetupStackDef,
};
pub use error::VassalError;
pub use grid::{
    Grid, GridAt, HexGrid, HexGridNumbering, HexLocation, Point, Polygon, Size, Zone, ZonedGrid,
};
pub use image::image_size;
pub use module::{BoardLayout, MapLocation, Module, ModuleData, PlacedBoard};
pub use piece::{BasicPiece, Embellishment, Piece, Trait, TraitKind};
pub use save::{BoardPlacement, Command, SavedGame, SavedPiece, SavedStack};
