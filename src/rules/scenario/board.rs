//! The map's checks: its size, the terrain rows, the elevation, the hexsides and the routes.

use std::collections::HashMap;

use super::super::hex::{Coord, Numbering};
use super::super::map::{Map, Route, Terrain};
use super::{Check, MAX_MAP_SIDE, MapFile, Profiles, ScenarioFile, quoted};

/// The map's size, which every hex label of the file is checked against.
#[derive(Clone, Copy, Debug)]
pub(super) struct Board {
    /// Whether the size is valid; if not, the map is 1 x 1 and no label is checked (nor
    /// refused: the size's problem is the one to fix).
    ok: bool,
    /// Printed columns and rows, label width and orientation.
    numbering: Numbering,
}

impl Board {
    /// The hex `label` (at `field`) names, if it is a hex of the map; else a problem, or
    /// nothing when the map's size is wrong.
    pub(super) fn hex(&self, ck: &mut Check, field: String, label: &str) -> Option<Coord> {
        if !self.ok {
            return None;
        }
        let n = self.numbering;
        match n.parse(label) {
            Err(e) => {
                ck.bad(field, quoted(label), e.to_string());
                None
            }
            Ok(c) if !n.contains(c) => {
                ck.bad(
                    field,
                    quoted(label),
                    format!(
                        "hex is off the map ({} columns x {} rows)",
                        n.columns, n.rows
                    ),
                );
                None
            }
            Ok(c) => Some(c),
        }
    }
}

/// Check the map and build it: its size, then (if the size is valid) the terrain and the
/// elevation, then the hexsides and the routes.
pub(super) fn check_map(ck: &mut Check, file: &ScenarioFile, profiles: Profiles) -> (Map, Board) {
    let mf = &file.map;
    let board = check_size(ck, mf);
    let (cols, rows) = board.numbering.model_size();
    let mut map = Map::new(cols, rows, Terrain::Clear).with_orientation(mf.orientation);
    if board.ok {
        check_terrain(ck, file, profiles, board, &mut map);
        if let Some(elev) = &mf.elevation {
            check_elevation(ck, elev, board, &mut map);
        }
    }
    add_hexsides(ck, mf, board, &mut map);
    add_routes(ck, mf, board, &mut map);
    (map, board)
}

/// Columns and rows, each 1 to [`MAX_MAP_SIDE`].
fn check_size(ck: &mut Check, mf: &MapFile) -> Board {
    let mut map_ok = true;
    for (name, v) in [("map.columns", mf.columns), ("map.rows", mf.rows)] {
        if !(1..=MAX_MAP_SIDE).contains(&v) {
            ck.bad(name, v, format!("must be between 1 and {MAX_MAP_SIDE}"));
            map_ok = false;
        }
    }
    let (cols, rows) = if map_ok {
        (mf.columns as u32, mf.rows as u32)
    } else {
        (1, 1)
    };
    Board {
        ok: map_ok,
        numbering: Numbering::new(mf.orientation, cols, rows),
    }
}

/// One string of terrain letters per row, one letter per column, each a letter of the
/// ruleset's.
fn check_terrain(
    ck: &mut Check,
    file: &ScenarioFile,
    profiles: Profiles,
    board: Board,
    map: &mut Map,
) {
    let (mf, cols, rows) = (&file.map, board.numbering.columns, board.numbering.rows);
    if mf.terrain.len() != rows as usize {
        ck.bad(
            "map.terrain",
            format!("{} rows", mf.terrain.len()),
            format!("the map has {rows} rows; give one string per row"),
        );
    }
    // The ruleset's letters, by code point (a lookup per hex: maps run to 999x999).
    let mut allowed = [None; 128];
    let letters = profiles.terrain_letters(&file.ruleset);
    for ch in letters.chars() {
        if let Some(slot) = allowed.get_mut(ch as usize) {
            *slot = Terrain::from_letter(ch);
        }
    }
    for (r, line) in mf.terrain.iter().enumerate() {
        let n = line.chars().count();
        if n != cols as usize {
            ck.bad(
                format!("map.terrain[{r}]"),
                quoted(line),
                format!("row {} has {n} letters; the map has {cols} columns", r + 1),
            );
        }
        for (c, ch) in line.chars().enumerate() {
            let t = usize::try_from(u32::from(ch))
                .ok()
                .and_then(|i| allowed.get(i).copied().flatten());
            match t {
                Some(t) => map.set_terrain(board.numbering.at(c as i32 + 1, r as i32 + 1), t),
                None => ck.bad(
                    format!("map.terrain[{r}]"),
                    quoted(line),
                    format!(
                        "unknown terrain letter {ch:?} at column {} for ruleset {}; letters: {}",
                        c + 1,
                        file.ruleset,
                        letters
                            .chars()
                            .map(String::from)
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                ),
            }
        }
    }
}

/// One string of digits 0-9 per row, one digit per column.
fn check_elevation(ck: &mut Check, elev: &[String], board: Board, map: &mut Map) {
    let (cols, rows) = (board.numbering.columns, board.numbering.rows);
    if elev.len() != rows as usize {
        ck.bad(
            "map.elevation",
            format!("{} rows", elev.len()),
            format!("the map has {rows} rows; give one string per row"),
        );
    }
    for (r, line) in elev.iter().enumerate() {
        let n = line.chars().count();
        if n != cols as usize {
            ck.bad(
                format!("map.elevation[{r}]"),
                quoted(line),
                format!("row {} has {n} digits; the map has {cols} columns", r + 1),
            );
        }
        for (c, ch) in line.chars().enumerate() {
            match ch.to_digit(10) {
                Some(d) => {
                    map.set_elevation(board.numbering.at(c as i32 + 1, r as i32 + 1), d as u8)
                }
                None => ck.bad(
                    format!("map.elevation[{r}]"),
                    quoted(line),
                    format!("{ch:?} at column {} is not a digit 0-9", c + 1),
                ),
            }
        }
    }
}

/// Each hexside at a hex of the map, with at least one feature; the features are added to the
/// map once all are checked.
fn add_hexsides(ck: &mut Check, mf: &MapFile, board: Board, map: &mut Map) {
    let mut sides_to_add = Vec::new();
    for (i, hs) in mf.hexsides.iter().enumerate() {
        if let Some(c) = board.hex(ck, format!("map.hexsides[{i}].hex"), &hs.hex) {
            if hs.features.is_empty() {
                ck.bad(
                    format!("map.hexsides[{i}].features"),
                    "[]",
                    "no features listed",
                );
            }
            let dir = match board.numbering.orientation.dir(hs.dir) {
                Ok(d) => d,
                Err(why) => {
                    ck.bad(format!("map.hexsides[{i}].dir"), hs.dir, why);
                    continue;
                }
            };
            for f in &hs.features {
                sides_to_add.push((c, dir, *f));
            }
        }
    }
    for (c, d, f) in sides_to_add {
        map.add_feature(c, d, f);
    }
}

/// Each route: at least two hexes of the map, each adjacent to the one before. The good
/// routes are added to the map once all are checked.
fn add_routes(ck: &mut Check, mf: &MapFile, board: Board, map: &mut Map) {
    let mut routes = Vec::new();
    for (i, rf) in mf.routes.iter().enumerate() {
        if rf.hexes.len() < 2 {
            ck.bad(
                format!("map.routes[{i}].hexes"),
                format!("{:?}", rf.hexes),
                "a route needs at least two hexes",
            );
            continue;
        }
        let mut hexes = Vec::new();
        let mut ok = true;
        for (j, label) in rf.hexes.iter().enumerate() {
            match board.hex(ck, format!("map.routes[{i}].hexes[{j}]"), label) {
                Some(c) => {
                    if let Some(prev) = hexes.last().copied()
                        && !c.is_adjacent(prev)
                    {
                        ck.bad(
                            format!("map.routes[{i}].hexes[{j}]"),
                            quoted(label),
                            format!(
                                "not adjacent to the route's previous hex {}",
                                quoted(&rf.hexes[j - 1])
                            ),
                        );
                        ok = false;
                    }
                    hexes.push(c);
                }
                None => ok = false,
            }
        }
        if ok {
            routes.push(Route {
                kind: rf.kind,
                hexes,
            });
        }
    }
    for r in routes {
        map.add_route(r);
    }
}

/// The longest name a hex may be given (`map.labels`).
const MAX_NAME: usize = 64;

/// The hexes' own names (`map.labels`): each of a hex of the map, not empty, one line, at most
/// 64 characters.
pub(super) fn check_labels(ck: &mut Check, mf: &MapFile, board: Board) -> HashMap<Coord, String> {
    let mut out = HashMap::new();
    for (label, name) in &mf.labels {
        let field = format!("map.labels[{}]", quoted(label));
        let Some(c) = board.hex(ck, field.clone(), label) else {
            continue;
        };
        if name.trim().is_empty() || name.chars().any(char::is_control) {
            ck.bad(
                field,
                quoted(name),
                "a hex's name is one line of text, not empty",
            );
        } else if name.chars().count() > MAX_NAME {
            ck.bad(
                field,
                quoted(name),
                format!("too long: at most {MAX_NAME} characters"),
            );
        } else {
            out.insert(c, name.clone());
        }
    }
    out
}
