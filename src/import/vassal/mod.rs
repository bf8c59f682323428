//! A VASSAL module to a Musket scenario draft: the board under its exact grid, every piece of
//! the set-up a unit on its hex with its own picture, the values left to confirm.
//!
//! [`plan`] reads everything and decides everything (no file is written); [`write`] puts the
//! draft, the board image and the counters' images into the output folder, all or nothing.
//! The mapping step ([`mapping`]) is the player's answers: which pieces are units, their
//! sides, kinds and values, remembered per module.

pub mod colour;
mod draft;
pub mod guess;
pub mod lattice;
pub mod mapping;
pub mod pieces;
mod write;

use std::path::{Path, PathBuf};

use crate::rules::scenario::ScenarioFile;
use crate::vassal::{Module, SavedGame};

pub use draft::{Counter, PieceOut};
pub use write::{WriteError, Written, write};

/// Where the pieces come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The module's at-start stacks.
    AtStart,
    /// A set-up bundled in the module (`PredefinedSetup`), by name.
    Setup(String),
    /// A saved game (`.vsav`).
    Save(PathBuf),
}

/// What to import.
#[derive(Debug, Clone)]
pub struct Options {
    /// The module (`.vmod`).
    pub module: PathBuf,
    /// The board, by name (or `MAP/BOARD`); `None`: the one board with a hex grid, or the
    /// one holding the most pieces.
    pub board: Option<String>,
    /// The pieces' source.
    pub source: Source,
    /// The rule system of the draft.
    pub ruleset: String,
    /// The player's mapping (answers), if any.
    pub mapping: Option<mapping::Mapping>,
}

/// The board of the draft.
#[derive(Debug, Clone)]
pub struct BoardOut {
    /// Its name in the module.
    pub name: String,
    /// Its map's id.
    pub map: String,
    /// Its image in the module (`images/…`), if it has one.
    pub image: Option<String>,
    /// Its size in pixels.
    pub width: i32,
    pub height: i32,
}

/// The grid of the draft, as the module gives it.
#[derive(Debug, Clone)]
pub struct GridOut {
    pub dx: f64,
    pub dy: f64,
    pub x0: i32,
    pub y0: i32,
    pub sideways: bool,
    pub columns: i32,
    pub rows: i32,
    /// The zone whose grid it is, on a zoned board.
    pub zone: Option<String>,
    /// The draft's labels are the module's own numbers.
    pub identity: bool,
}

/// Everything decided: the draft and what it was made from.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The module's name and version.
    pub module_name: String,
    pub module_version: String,
    /// The draft's file stem (`<stem>.ron`).
    pub stem: String,
    /// The scenario draft (its `underlay.image` and units' `image` relative to the folder).
    pub scenario: ScenarioFile,
    pub board: BoardOut,
    pub grid: GridOut,
    /// Every piece made a unit.
    pub pieces: Vec<PieceOut>,
    /// Pieces not made units, and why.
    pub skipped: Vec<(String, String)>,
    /// Images to copy: the module's name, the draft's file name (relative to the folder).
    pub images: Vec<(String, String)>,
    /// What the player should know (an image Musket cannot draw, a prototype not found…).
    pub notes: Vec<String>,
    /// The pieces as the mapping step sees them (one row per distinct piece).
    pub counters: Vec<Counter>,
}

/// Reads the module (and the saved game) and decides the draft. Errors are one line naming
/// the file, entry or piece and the problem.
pub fn plan(opts: &Options, progress: &mut dyn FnMut(&str)) -> Result<Plan, String> {
    progress(&format!("reading {}", opts.module.display()));
    let mut module = Module::open(&opts.module).map_err(|e| e.to_string())?;
    plan_module(&mut module, opts, progress)
}

/// [`plan`] for a module already open.
pub fn plan_module(
    module: &mut Module,
    opts: &Options,
    progress: &mut dyn FnMut(&str),
) -> Result<Plan, String> {
    let profile = crate::rules::registry::profile(&opts.ruleset).ok_or_else(|| {
        let ids: Vec<&str> = crate::rules::registry::profiles()
            .0
            .iter()
            .map(|p| p.id)
            .collect();
        format!(
            "--ruleset {}: no such rule system (known: {})",
            opts.ruleset,
            ids.join(", ")
        )
    })?;
    let save = read_source(module, &opts.source)?;
    let mut found = match &save {
        Some(s) => pieces::saved(module, s),
        None => pieces::at_start(module),
    }
    .map_err(|e| e.to_string())?;
    progress(&format!("{} pieces in the set-up", found.len()));
    let unreadable = pieces::fill(module, &mut found, progress);
    let module = &*module;
    // The boards a saved game lays out (map id, board name): the others are not on its table.
    let laid_out: Option<Vec<(String, String)>> = save.as_ref().map(|s| {
        module
            .build_file()
            .maps
            .iter()
            .filter_map(|m| module.board_layout(m, Some(s)).ok())
            .flat_map(|l| {
                let id = l.map.id().to_string();
                l.boards
                    .iter()
                    .map(|b| (id.clone(), b.board.name.clone()))
                    .collect::<Vec<_>>()
            })
            .collect()
    });
    let plan = draft::build(
        module,
        opts,
        profile,
        found,
        laid_out.as_deref(),
        &unreadable,
    )?;
    // A saved game's pieces are placed by the map's layout: where a board before the chosen
    // one has no image, the chosen board's origin, and so every piece's hex, is unknown.
    if let Some(save) = &save
        && let Some(map) = module.build_file().map(&plan.board.map)
        && let Ok(layout) = module.board_layout(map, Some(save))
        && let Some(missing) = layout
            .board(&plan.board.name)
            .and_then(|b| b.after_missing.clone())
    {
        return Err(format!(
            "{}: board '{}' follows board '{missing}' on map '{}', whose image is missing from \
             the module: where the saved pieces stand on it is unknown",
            module.label(),
            plan.board.name,
            plan.board.map
        ));
    }
    Ok(plan)
}

fn read_source(module: &mut Module, source: &Source) -> Result<Option<SavedGame>, String> {
    match source {
        Source::AtStart => Ok(None),
        Source::Setup(name) => {
            let Some(setup) = module.setup(name) else {
                let names = setup_names(module);
                return Err(format!(
                    "{}: no set-up named '{name}' (the module's set-ups: {})",
                    module.label(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                ));
            };
            let setup = setup.clone();
            module
                .read_setup(&setup)
                .map(Some)
                .map_err(|e| e.to_string())
        }
        Source::Save(path) => SavedGame::open(path, module.limits())
            .map(Some)
            .map_err(|e| e.to_string()),
    }
}

/// The names of the module's bundled set-ups that start from a saved file.
pub fn setup_names(module: &Module) -> Vec<String> {
    module
        .build_file()
        .setup_files()
        .into_iter()
        .map(|(path, s)| {
            let mut p = path;
            p.push(s.name.clone());
            p.last().cloned().unwrap_or_default()
        })
        .collect()
}

/// The boards of the module with a hex grid, as `MAP/BOARD`.
pub fn board_names(module: &Module) -> Vec<String> {
    module
        .build_file()
        .maps
        .iter()
        .flat_map(|m| {
            m.boards
                .iter()
                .filter(|b| !lattice::hex_grids(b).is_empty())
                .map(move |b| format!("{}/{}", m.id(), b.name))
        })
        .collect()
}

/// The module's identity for the draft: its name and version, and the BLAKE3 digest of the
/// `.vmod` file at `path` (read in pieces; `None` if it cannot be read again).
pub fn identity(module: &Module, path: &Path) -> Option<crate::rules::scenario::ModuleIdentity> {
    let file = std::fs::File::open(path).ok()?;
    let mut h = blake3::Hasher::new();
    h.update_reader(file).ok()?;
    Some(crate::rules::scenario::ModuleIdentity {
        name: module.name().to_string(),
        version: module.version().to_string(),
        digest: h.finalize().to_hex().to_string(),
    })
}

/// The file stem of a draft named after the module: letters, digits and `-`.
pub fn stem_of(name: &str, fallback: &Path) -> String {
    let s = guess::slug(name);
    if s == "piece" {
        let f = fallback
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let f = guess::slug(&f);
        if f == "piece" { "module".into() } else { f }
    } else {
        s
    }
}
