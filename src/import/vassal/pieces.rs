//! The pieces of a set-up and where they are: the module's at-start stacks, or a saved game's
//! pieces (a bundled set-up or a `.vsav`), each with its board and its point on that board.

use std::collections::{HashMap, HashSet};

use crate::vassal::{Module, Piece, Point, SavedGame, VassalError};

use super::colour;

/// One piece of the set-up.
#[derive(Debug, Clone)]
pub struct Found {
    /// Its name as VASSAL shows it (plain: no `$…$`).
    pub name: String,
    /// The decoded piece (prototypes expanded).
    pub piece: Piece,
    /// The palette folders its definition is in (the at-start slot's, or the palette slot
    /// with the same `gpid`).
    pub palette_path: Vec<String>,
    /// The stack it is in (pieces of one stack share this key), if any.
    pub stack: Option<String>,
    /// Where it is: the map id, and the board and its point on it.
    pub at: Place,
    /// Its counter's dominant colour, once read ([`fill`]).
    pub colour: Option<colour::Rgb>,
}

/// Where a piece is.
#[derive(Debug, Clone)]
pub enum Place {
    /// On a board of a map: the map's id, the board's name and the point in board pixels.
    Board {
        map: String,
        board: String,
        point: Point,
    },
    /// Not on any board: why.
    Nowhere(String),
}

/// The pieces of the module's at-start stacks, map by map, bottom of each stack first.
pub fn at_start(module: &Module) -> Result<Vec<Found>, VassalError> {
    let mut out = Vec::new();
    for map in &module.build_file().maps {
        // A map of several boards and no default layout has its boards chosen when a game
        // starts: only a stack placed at a point of the map (not on its own board) needs it.
        let layout = module.board_layout(map, None).ok();
        for (si, stack) in map.setup_stacks.iter().enumerate() {
            let at = stack_place(map, layout.as_ref(), stack);
            for slot in &stack.slots {
                let piece = module.slot_piece(slot)?;
                out.push(Found {
                    name: super::guess::piece_name(piece.plain_name(), piece.image()),
                    palette_path: palette_path(module, &slot.gpid),
                    piece,
                    stack: Some(format!("{}#{si}", map.id())),
                    at: at.clone(),
                    colour: None,
                });
            }
        }
    }
    Ok(out)
}

/// Where an at-start stack stands (`SetupStack.getPosition`): on its owning board at `x`, `y`
/// or at its grid location; without an owning board, at `x`, `y` of the map (past its edge).
fn stack_place(
    map: &crate::vassal::MapDef,
    layout: Option<&crate::vassal::BoardLayout<'_>>,
    stack: &crate::vassal::SetupStackDef,
) -> Place {
    let Some(board_name) = stack.owning_board.clone() else {
        let p = Point::new(
            stack.x.saturating_add(map.edge_width),
            stack.y.saturating_add(map.edge_height),
        );
        let Some(layout) = layout else {
            return Place::Nowhere(format!(
                "its at-start stack '{}' stands at a point of map '{}', whose {} boards are \
                 chosen when a game starts (no default layout): use a saved game or set-up",
                stack.name,
                map.id(),
                map.boards.len()
            ));
        };
        return match layout.board_point(p) {
            Some((b, q)) => Place::Board {
                map: map.id().to_string(),
                board: b.board.name.clone(),
                point: q,
            },
            None => Place::Nowhere(format!("off the boards of map '{}'", map.id())),
        };
    };
    let Some(board) = map.board(&board_name) else {
        return Place::Nowhere(format!(
            "its at-start stack '{}' names board '{board_name}', which map '{}' does not have",
            stack.name,
            map.id()
        ));
    };
    let point = match (stack.use_grid_location, stack.location.as_deref()) {
        (true, Some(loc)) => match board.location(loc) {
            Ok(p) => p,
            Err(e) => {
                return Place::Nowhere(format!(
                    "its at-start stack '{}' is at grid location '{loc}', which board '{}' \
                     does not have ({e})",
                    stack.name, board.name
                ));
            }
        },
        _ => Point::new(stack.x, stack.y),
    };
    Place::Board {
        map: map.id().to_string(),
        board: board.name.clone(),
        point,
    }
}

/// The palette folders of the palette slot with this `gpid` (empty if none has it).
fn palette_path(module: &Module, gpid: &str) -> Vec<String> {
    if gpid.is_empty() {
        return Vec::new();
    }
    module
        .build_file()
        .palette
        .iter()
        .find(|s| s.gpid == gpid)
        .map(|s| s.palette_path.clone())
        .unwrap_or_default()
}

/// The pieces of a saved game, in the order it adds them, each placed by the module's board
/// layout for that game.
pub fn saved(module: &Module, save: &SavedGame) -> Result<Vec<Found>, VassalError> {
    let prototypes = module.prototypes();
    let mut out = Vec::new();
    for sp in &save.pieces {
        let mut piece = sp.piece.clone();
        // Saved pieces are stored expanded; a leftover prototype reference is expanded here.
        piece.expand_prototypes(&prototypes, &format!("{}: piece {}", module.label(), sp.id))?;
        let at = match sp.map_id() {
            None => Place::Nowhere("not on a map".into()),
            Some(map_id) => {
                let (x, y) = sp.position();
                match module.locate(map_id, Point::new(x, y), Some(save))? {
                    Some(loc) => Place::Board {
                        map: loc.map.id().to_string(),
                        board: loc.board.name.clone(),
                        point: loc.board_point,
                    },
                    None if module.build_file().map(map_id).is_none() => {
                        Place::Nowhere(format!("on map '{map_id}', which the module does not have"))
                    }
                    None => Place::Nowhere(format!("off the boards of map '{map_id}'")),
                }
            }
        };
        out.push(Found {
            name: super::guess::piece_name(piece.plain_name(), piece.image()),
            palette_path: palette_path(module, &piece.basic.gpid),
            piece,
            stack: sp.stack.clone(),
            at,
            colour: None,
        });
    }
    Ok(out)
}

/// Every piece's counter colour, its image read once (`progress` told every 100 images).
/// Returns the names of the images in the module that could not be decoded.
pub fn fill(
    module: &mut Module,
    found: &mut [Found],
    progress: &mut dyn FnMut(&str),
) -> HashSet<String> {
    let mut seen: HashMap<String, Option<colour::Rgb>> = HashMap::new();
    let mut unreadable = HashSet::new();
    let total = found
        .iter()
        .filter_map(|f| f.piece.image())
        .collect::<HashSet<_>>()
        .len();
    for f in found.iter_mut() {
        let Some(name) = f.piece.image().map(str::to_string) else {
            continue;
        };
        if !seen.contains_key(&name) {
            if seen.len() % 100 == 99 {
                progress(&format!(
                    "reading counter colours {}/{total}",
                    seen.len() + 1
                ));
            }
            let img = module
                .has_image(&name)
                .then(|| module.read_image(&name).ok())
                .flatten()
                .map(|b| colour::decode(&b));
            if matches!(img, Some(None)) {
                unreadable.insert(name.clone());
            }
            seen.insert(
                name.clone(),
                img.flatten().and_then(|i| colour::dominant(&i)),
            );
        }
        f.colour = seen[&name];
    }
    unreadable
}
