//! The editor's actions, as data (RON: `Paint(terrain: 'w', hexes: ["0304", "0305"])`), and
//! how each changes a scenario file. Each is checked against the file first and refused with
//! a message, changing nothing, when it cannot apply: a hex off the map, a letter the ruleset
//! does not know, a unit field the ruleset does not use (the loader's own message), a unit id
//! taken or unknown.

use serde::{Deserialize, Serialize};

use crate::rules::hex::{Compass, Coord, Dir, Numbering};
use crate::rules::map::{Feature, RouteKind, Weather};
use crate::rules::scenario::{
    HexsideFile, RouteFile, ScenarioFile, UnderlayFile, UnitFile, VictoryHexFile,
};

/// One edit of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum EditAction {
    Title(String),
    /// The rule system (`gcacw`, `gbacw`, `ngg1812`, `shiloh`): what the rest is checked by.
    Ruleset(String),
    /// Rename the two sides (units and victory hexes follow).
    Sides(Vec<String>),
    /// The first and the last turn.
    Turns {
        first: Option<i64>,
        last: Option<i64>,
    },
    Weather(Weather),
    /// The weather of each turn from the first (None: `weather` every turn).
    WeatherByTurn(Option<Vec<Weather>>),
    NightTurns(Vec<i64>),
    Briefing(Option<String>),
    /// A new size; the map keeps its top-left part, new hexes get `fill`. Refused while a unit,
    /// victory hex, hexside or route would fall off.
    Resize {
        columns: i64,
        rows: i64,
        fill: char,
    },
    /// Terrain `terrain` on these hexes (a brush stroke).
    Paint {
        terrain: char,
        hexes: Vec<String>,
    },
    /// Terrain `terrain` on `hex` and every hex of the same terrain connected to it.
    Fill {
        terrain: char,
        hex: String,
    },
    /// A hexside feature on the side of `hex` facing `dir`: on, off, or toggled (`on: None`).
    Hexside {
        hex: String,
        /// One of the map's compass names (E and W on a pointy-top map).
        dir: Compass,
        feature: Feature,
        #[serde(default)]
        on: Option<bool>,
    },
    /// A route along adjacent hexes (a drag from hex to hex).
    Route {
        kind: RouteKind,
        hexes: Vec<String>,
    },
    /// Take `hex` out of every route (of `kind`, or of any): routes through it are cut there.
    EraseRoute {
        hex: String,
        #[serde(default)]
        kind: Option<RouteKind>,
    },
    /// Elevation `level` (0-9) on these hexes.
    Elevation {
        level: u8,
        hexes: Vec<String>,
    },
    /// Add a unit, or replace the unit with its id.
    Unit(Box<UnitFile>),
    /// Set one field of a unit from RON text (`field: "morale", value: "3"`), checked as the
    /// loader checks it.
    UnitField {
        id: String,
        field: String,
        value: String,
    },
    MoveUnit {
        id: String,
        hex: String,
    },
    RemoveUnit {
        id: String,
    },
    /// Paste a copy of a unit under a new id in `hex`.
    CopyUnit {
        id: String,
        new_id: String,
        hex: String,
    },
    /// Add a victory hex, or replace the one in its hex.
    Victory(VictoryHexFile),
    RemoveVictory {
        hex: String,
    },
    /// The map scan under the grid (None: no scan).
    Underlay(Option<UnderlayFile>),
}

impl EditAction {
    /// The action's name, as in RON (`Paint`, `Fill`…).
    pub fn name(&self) -> &'static str {
        match self {
            EditAction::Title(_) => "Title",
            EditAction::Ruleset(_) => "Ruleset",
            EditAction::Sides(_) => "Sides",
            EditAction::Turns { .. } => "Turns",
            EditAction::Weather(_) => "Weather",
            EditAction::WeatherByTurn(_) => "WeatherByTurn",
            EditAction::NightTurns(_) => "NightTurns",
            EditAction::Briefing(_) => "Briefing",
            EditAction::Resize { .. } => "Resize",
            EditAction::Paint { .. } => "Paint",
            EditAction::Fill { .. } => "Fill",
            EditAction::Hexside { .. } => "Hexside",
            EditAction::Route { .. } => "Route",
            EditAction::EraseRoute { .. } => "EraseRoute",
            EditAction::Elevation { .. } => "Elevation",
            EditAction::Unit(_) => "Unit",
            EditAction::UnitField { .. } => "UnitField",
            EditAction::MoveUnit { .. } => "MoveUnit",
            EditAction::RemoveUnit { .. } => "RemoveUnit",
            EditAction::CopyUnit { .. } => "CopyUnit",
            EditAction::Victory(_) => "Victory",
            EditAction::RemoveVictory { .. } => "RemoveVictory",
            EditAction::Underlay(_) => "Underlay",
        }
    }
}

/// The unit fields the editor's form offers for a ruleset: those every ruleset reads, then the
/// ruleset's own additions (the loader refuses the others).
pub fn unit_fields(ruleset: &str) -> Vec<&'static str> {
    let mut out = vec![
        "id", "name", "side", "kind", "hex", "strength", "movement", "arrives",
    ];
    if let Some(p) = crate::rules::registry::profile(ruleset) {
        out.extend(p.core_fields);
        out.extend(
            crate::rules::scenario::EXTRA_UNIT_FIELDS
                .iter()
                .filter(|f| p.unit_fields.contains(f)),
        );
    }
    out
}

/// What the map looks like to the actions: its size and label width.
pub(crate) struct Dims {
    /// The file's printed size (at most 999 x 999), label width and orientation.
    n: Numbering,
}

pub(crate) fn dims(f: &ScenarioFile) -> Dims {
    // A file opened with an impossible size (it is listed as a problem) is edited as if at most
    // 999 x 999, never allocated at its size.
    Dims {
        n: f.map.numbering(),
    }
}

impl Dims {
    fn contains(&self, c: Coord) -> bool {
        self.n.contains(c)
    }

    /// A hex of the map from its label.
    pub(crate) fn hex(&self, label: &str) -> Result<Coord, String> {
        let c = self
            .n
            .parse(label)
            .map_err(|e| format!("hex {label:?}: {e}"))?;
        if !self.contains(c) {
            return Err(format!(
                "hex {label} is off the map ({} columns, {} rows)",
                self.n.columns, self.n.rows
            ));
        }
        Ok(c)
    }

    fn label(&self, c: Coord) -> String {
        self.n.label(c)
    }

    /// The printed (column, row) of a hex: where its letter is in the terrain rows.
    pub(crate) fn printed(&self, c: Coord) -> (i32, i32) {
        self.n.orientation.printed(c)
    }

    /// The model's direction a compass name means on this map.
    fn dir(&self, c: Compass) -> Result<Dir, String> {
        self.n.orientation.dir(c)
    }
}

fn letter_ok(f: &ScenarioFile, terrain: char) -> Result<(), String> {
    let letters = crate::rules::registry::terrain_letters(&f.ruleset);
    if !letters.contains(terrain) {
        return Err(format!(
            "terrain {terrain:?} is not one of ruleset {}'s letters: {}",
            f.ruleset,
            letters
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    Ok(())
}

/// Set the letter of the hex in printed column and row `(col, row)` in a grid of row strings
/// (rows made long enough).
fn set_letter(rows: &mut [String], (col, row): (i32, i32), ch: char) {
    let Some(row) = rows.get_mut(row as usize - 1) else {
        return;
    };
    let mut letters: Vec<char> = row.chars().collect();
    let i = col as usize - 1;
    if letters.len() <= i {
        letters.resize(i + 1, 'c');
    }
    letters[i] = ch;
    *row = letters.into_iter().collect();
}

fn letter_at(rows: &[String], (col, row): (i32, i32)) -> Option<char> {
    rows.get(row as usize - 1)?.chars().nth(col as usize - 1)
}

fn unit_index(f: &ScenarioFile, id: &str) -> Result<usize, String> {
    f.units
        .iter()
        .position(|u| u.id == id)
        .ok_or_else(|| format!("no unit {id:?}"))
}

fn parse_value<T: serde::de::DeserializeOwned>(field: &str, value: &str) -> Result<T, String> {
    crate::rules::scenario::from_ron(value).map_err(|e| format!("{field} = {value}: {}", e.message))
}

/// Call `$m!` with the name of every field of a unit file, in the file's order (one list for
/// setting and reading a field by name).
macro_rules! with_unit_fields {
    ($m:ident) => {
        $m!(
            id,
            name,
            side,
            kind,
            hex,
            strength,
            men,
            artillery,
            tactical,
            tactical_defence,
            fatigue,
            demoralized,
            entrenched,
            active,
            morale,
            green,
            status,
            class,
            rating,
            forced_march,
            combats,
            guns,
            efficiency,
            command_control,
            leader_bonus,
            mode,
            out_of_ammo,
            fortification,
            demibrigade,
            heavy_guns,
            movement,
            army,
            exhausted,
            arrives,
            image,
            placeholder,
        )
    };
}

/// A unit's placeholders (an import's guesses and blanks) that an edit has answered: every
/// field whose value `new` changed from `old` (a whole unit set by the form).
fn answered(old: &UnitFile, new: &mut UnitFile) {
    if old.placeholder != new.placeholder {
        return;
    }
    let kept: Vec<String> = new
        .placeholder
        .iter()
        .filter(|f| field_text(old, f).is_some() && field_text(old, f) == field_text(new, f))
        .cloned()
        .collect();
    new.placeholder = kept;
}

/// Set a unit's field from RON text.
fn set_field(u: &mut UnitFile, field: &str, v: &str) -> Result<(), String> {
    macro_rules! set {
        ($($name:ident),* $(,)?) => {
            match field {
                $(stringify!($name) => u.$name = parse_value(field, v)?,)*
                _ => {
                    return Err(format!(
                        "units have no field {field:?}; fields: {}",
                        [$(stringify!($name)),*].join(", ")
                    ))
                }
            }
        };
    }
    with_unit_fields!(set);
    Ok(())
}

/// A unit's field as RON text, as the file writes it (`"Crook's"`, `Organized(4)`, `Some(2)`
/// for an optional number set, `None` unset), read from the typed value; `None` for a field
/// units do not have. What `UnitField` takes back.
pub fn field_text(u: &UnitFile, field: &str) -> Option<String> {
    use super::write::{WholeNumbers, line};
    macro_rules! get {
        ($($name:ident),* $(,)?) => {
            match field {
                $(stringify!($name) => Some(line(&WholeNumbers(&u.$name))),)*
                _ => None,
            }
        };
    }
    with_unit_fields!(get)
}

impl EditAction {
    /// An edit of units: refused when the loader would refuse what it made (a field the
    /// ruleset does not use, a value out of range, two sides in one hex, a stack over the
    /// ruleset's capacity…), with the loader's message; problems the file already had do not
    /// count against it ([`Editor::apply`](super::Editor::apply)).
    pub fn checks_units(&self) -> bool {
        matches!(
            self,
            EditAction::Unit(_)
                | EditAction::UnitField { .. }
                | EditAction::MoveUnit { .. }
                | EditAction::CopyUnit { .. }
        )
    }
}

/// Apply an action to the file in place; its label for the undo history. On an error the file
/// may be changed in part: [`Editor::apply`](super::Editor::apply) puts it back from the
/// parts it put aside ([`Snapshot`](super::undo::Snapshot)).
pub(crate) fn apply_to(f: &mut ScenarioFile, a: &EditAction) -> Result<String, String> {
    let d = dims(f);
    match a {
        // The header.
        EditAction::Title(t) => Ok(set(&mut f.title, t, "Title")),
        EditAction::Ruleset(r) => set_ruleset(f, r),
        EditAction::Sides(names) => rename_sides(f, names),
        EditAction::Turns { first, last } => {
            f.turn = *first;
            f.turns = *last;
            Ok("Turns".into())
        }
        EditAction::Weather(w) => Ok(set(&mut f.weather, w, "Weather")),
        EditAction::WeatherByTurn(w) => Ok(set(&mut f.weather_by_turn, w, "Weather by turn")),
        EditAction::NightTurns(n) => Ok(set(&mut f.night_turns, n, "Night turns")),
        EditAction::Briefing(b) => Ok(set(&mut f.briefing, b, "Briefing")),
        // The map.
        EditAction::Resize {
            columns,
            rows,
            fill,
        } => {
            resize(f, *columns, *rows, *fill)?;
            Ok("Resize".into())
        }
        EditAction::Paint { terrain, hexes } => paint(f, &d, *terrain, hexes),
        EditAction::Fill { terrain, hex } => fill(f, &d, *terrain, hex),
        EditAction::Hexside {
            hex,
            dir,
            feature,
            on,
        } => hexside(f, &d, hex, *dir, *feature, *on),
        EditAction::Route { kind, hexes } => add_route(f, &d, *kind, hexes),
        EditAction::EraseRoute { hex, kind } => erase_route(f, &d, hex, *kind),
        EditAction::Elevation { level, hexes } => elevation(f, &d, *level, hexes),
        EditAction::Underlay(u) => set_underlay(f, &d, u),
        // The units.
        EditAction::Unit(u) => Ok(put_unit(f, u)),
        EditAction::UnitField { id, field, value } => set_unit_field(f, id, field, value),
        EditAction::MoveUnit { id, hex } => move_unit(f, &d, id, hex),
        EditAction::RemoveUnit { id } => {
            let i = unit_index(f, id)?;
            f.units.remove(i);
            Ok(format!("Remove {id}"))
        }
        EditAction::CopyUnit { id, new_id, hex } => copy_unit(f, &d, id, new_id, hex),
        // The victory hexes.
        EditAction::Victory(v) => set_victory(f, &d, v),
        EditAction::RemoveVictory { hex } => remove_victory(f, &d, hex),
    }
}

/// A header field set to `value`; the action's label.
fn set<T: Clone>(field: &mut T, value: &T, label: &str) -> String {
    *field = value.clone();
    label.into()
}

fn set_ruleset(f: &mut ScenarioFile, r: &str) -> Result<String, String> {
    if crate::rules::registry::id(r).is_none() {
        return Err(format!(
            "unknown ruleset {r:?}: {}",
            crate::rules::registry::known_text()
        ));
    }
    f.ruleset = r.to_string();
    Ok("Ruleset".into())
}

/// New names for the two sides; the units and victory hexes follow.
fn rename_sides(f: &mut ScenarioFile, names: &[String]) -> Result<String, String> {
    if names.len() != 2 || names.iter().any(|n| n.trim().is_empty()) || names[0] == names[1] {
        return Err("sides: two different, non-empty names".into());
    }
    let old = f.sides.clone();
    let rename = |s: &String| -> String {
        old.iter()
            .position(|o| o == s)
            .and_then(|i| names.get(i))
            .cloned()
            .unwrap_or_else(|| s.clone())
    };
    for u in &mut f.units {
        u.side = rename(&u.side);
    }
    for v in &mut f.victory {
        v.holder = v.holder.as_ref().map(rename);
    }
    f.sides = names.to_vec();
    Ok("Sides".into())
}

/// The hexes of a list of labels, each on the map.
fn hexes_of(d: &Dims, hexes: &[String]) -> Result<Vec<Coord>, String> {
    hexes.iter().map(|h| d.hex(h)).collect()
}

fn paint(
    f: &mut ScenarioFile,
    d: &Dims,
    terrain: char,
    hexes: &[String],
) -> Result<String, String> {
    letter_ok(f, terrain)?;
    let cs = hexes_of(d, hexes)?;
    for c in cs {
        set_letter(&mut f.map.terrain, d.printed(c), terrain);
    }
    Ok("Paint".into())
}

/// Terrain on `hex` and every hex of its terrain connected to it.
fn fill(f: &mut ScenarioFile, d: &Dims, terrain: char, hex: &str) -> Result<String, String> {
    letter_ok(f, terrain)?;
    let start = d.hex(hex)?;
    let from = letter_at(&f.map.terrain, d.printed(start));
    if from != Some(terrain) {
        let mut stack = vec![start];
        let mut seen = std::collections::HashSet::from([start]);
        while let Some(c) = stack.pop() {
            set_letter(&mut f.map.terrain, d.printed(c), terrain);
            for n in c.neighbors() {
                if d.contains(n)
                    && letter_at(&f.map.terrain, d.printed(n)) == from
                    && seen.insert(n)
                {
                    stack.push(n);
                }
            }
        }
    }
    Ok("Fill".into())
}

/// A hexside feature on, off, or toggled (`on: None`).
fn hexside(
    f: &mut ScenarioFile,
    d: &Dims,
    hex: &str,
    compass: Compass,
    feature: Feature,
    on: Option<bool>,
) -> Result<String, String> {
    let c = d.hex(hex)?;
    let dir = d
        .dir(compass)
        .map_err(|e| format!("hexside of {hex}: {e}"))?;
    let other = c.neighbor(dir);
    // The hexside may be named from either hex: find its entry either way.
    let same = |h: &HexsideFile| {
        let hd = d.dir(h.dir);
        d.hex(&h.hex)
            .is_ok_and(|x| (x == c && hd == Ok(dir)) || (x == other && hd == Ok(dir.opposite())))
    };
    let has = f
        .map
        .hexsides
        .iter()
        .any(|h| same(h) && h.features.contains(&feature));
    let want = on.unwrap_or(!has);
    if want && !has {
        match f.map.hexsides.iter_mut().find(|h| same(h)) {
            Some(h) => h.features.push(feature),
            None => f.map.hexsides.push(HexsideFile {
                hex: d.label(c),
                dir: compass,
                features: vec![feature],
            }),
        }
    } else if !want && has {
        for h in f.map.hexsides.iter_mut().filter(|h| same(h)) {
            h.features.retain(|x| *x != feature);
        }
        f.map.hexsides.retain(|h| !h.features.is_empty());
    }
    Ok(format!("{feature:?} hexside"))
}

/// A route along adjacent hexes.
fn add_route(
    f: &mut ScenarioFile,
    d: &Dims,
    kind: RouteKind,
    hexes: &[String],
) -> Result<String, String> {
    let cs = hexes_of(d, hexes)?;
    if cs.len() < 2 {
        return Err("a route needs at least two hexes".into());
    }
    for w in cs.windows(2) {
        if !w[0].is_adjacent(w[1]) {
            return Err(format!(
                "route hexes {} and {} are not adjacent",
                d.label(w[0]),
                d.label(w[1])
            ));
        }
    }
    f.map.routes.push(RouteFile {
        kind,
        hexes: cs.iter().map(|c| d.label(*c)).collect(),
    });
    Ok(format!("{kind:?}"))
}

/// `hex` taken out of every route (of `kind`, or of any): the routes through it are cut there,
/// and pieces of fewer than two hexes dropped.
fn erase_route(
    f: &mut ScenarioFile,
    d: &Dims,
    hex: &str,
    kind: Option<RouteKind>,
) -> Result<String, String> {
    let c = d.hex(hex)?;
    let mut out = Vec::new();
    let mut hit = false;
    for r in std::mem::take(&mut f.map.routes) {
        if kind.is_some_and(|k| k != r.kind) || !r.hexes.iter().any(|h| d.hex(h) == Ok(c)) {
            out.push(r);
            continue;
        }
        hit = true;
        let mut piece: Vec<String> = Vec::new();
        for h in r.hexes {
            if d.hex(&h) == Ok(c) {
                if piece.len() >= 2 {
                    out.push(RouteFile {
                        kind: r.kind,
                        hexes: std::mem::take(&mut piece),
                    });
                }
                piece.clear();
            } else {
                piece.push(h);
            }
        }
        if piece.len() >= 2 {
            out.push(RouteFile {
                kind: r.kind,
                hexes: piece,
            });
        }
    }
    f.map.routes = out;
    if !hit {
        return Err(format!("no route through {hex}"));
    }
    Ok("Erase route".into())
}

fn elevation(
    f: &mut ScenarioFile,
    d: &Dims,
    level: u8,
    hexes: &[String],
) -> Result<String, String> {
    if level > 9 {
        return Err(format!("elevation {level}: levels are 0 to 9"));
    }
    let cs = hexes_of(d, hexes)?;
    let rows = f
        .map
        .elevation
        .get_or_insert_with(|| vec!["0".repeat(d.n.columns as usize); d.n.rows as usize]);
    for c in cs {
        set_letter(rows, d.printed(c), char::from(b'0' + level));
    }
    Ok("Elevation".into())
}

/// The map scan under the grid, checked, or none.
fn set_underlay(
    f: &mut ScenarioFile,
    d: &Dims,
    u: &Option<UnderlayFile>,
) -> Result<String, String> {
    if let Some(u) = u {
        if let Some((field, value, why)) = u.problems().into_iter().next() {
            return Err(format!("{field} {value}: {why}"));
        }
        for (i, p) in u.align.iter().enumerate() {
            d.hex(&p.hex)
                .map_err(|e| format!("underlay.align[{i}]: {e}"))?;
        }
    }
    f.underlay = u.clone();
    Ok("Map scan".into())
}

/// A unit added, or put in place of the unit with its id.
fn put_unit(f: &mut ScenarioFile, u: &UnitFile) -> String {
    match f.units.iter().position(|x| x.id == u.id) {
        Some(i) => {
            let mut new = u.clone();
            answered(&f.units[i], &mut new);
            f.units[i] = new;
        }
        None => f.units.push(u.clone()),
    }
    format!("Unit {}", u.id)
}

fn set_unit_field(
    f: &mut ScenarioFile,
    id: &str,
    field: &str,
    value: &str,
) -> Result<String, String> {
    let i = unit_index(f, id)?;
    let prefix = format!("units[{i}].");
    set_field(&mut f.units[i], field, value).map_err(|e| format!("{prefix}{e}"))?;
    if field != "placeholder" {
        f.units[i].placeholder.retain(|p| p != field);
    }
    if field == "id" && f.units.iter().filter(|u| u.id == f.units[i].id).count() > 1 {
        return Err(format!("{prefix}id: {value} is taken"));
    }
    Ok(format!("Unit {id}: {field}"))
}

fn move_unit(f: &mut ScenarioFile, d: &Dims, id: &str, hex: &str) -> Result<String, String> {
    let i = unit_index(f, id)?;
    let c = d.hex(hex)?;
    f.units[i].hex = d.label(c);
    Ok(format!("Move {id}"))
}

/// A copy of a unit under a new id in `hex`.
fn copy_unit(
    f: &mut ScenarioFile,
    d: &Dims,
    id: &str,
    new_id: &str,
    hex: &str,
) -> Result<String, String> {
    let i = unit_index(f, id)?;
    if f.units.iter().any(|u| u.id == new_id) {
        return Err(format!("unit id {new_id:?} is taken"));
    }
    let c = d.hex(hex)?;
    let mut u = f.units[i].clone();
    u.id = new_id.to_string();
    u.hex = d.label(c);
    f.units.push(u);
    Ok(format!("Paste {new_id}"))
}

/// A victory hex added, or put in place of the one in its hex.
fn set_victory(f: &mut ScenarioFile, d: &Dims, v: &VictoryHexFile) -> Result<String, String> {
    let c = d.hex(&v.hex)?;
    if v.points < 0 {
        return Err(format!(
            "victory hex {}: points {} below 0",
            v.hex, v.points
        ));
    }
    if let Some(h) = &v.holder
        && !f.sides.contains(h)
    {
        return Err(format!(
            "victory hex {}: holder {h:?} is not a side ({})",
            v.hex,
            f.sides.join(", ")
        ));
    }
    let mut v = v.clone();
    v.hex = d.label(c);
    match f.victory.iter().position(|x| d.hex(&x.hex) == Ok(c)) {
        Some(i) => f.victory[i] = v,
        None => f.victory.push(v),
    }
    Ok("Victory hex".into())
}

fn remove_victory(f: &mut ScenarioFile, d: &Dims, hex: &str) -> Result<String, String> {
    let c = d.hex(hex)?;
    let n = f.victory.len();
    f.victory.retain(|x| d.hex(&x.hex) != Ok(c));
    if f.victory.len() == n {
        return Err(format!("no victory hex at {hex}"));
    }
    Ok("Remove victory hex".into())
}

fn resize(f: &mut ScenarioFile, columns: i64, rows: i64, fill: char) -> Result<(), String> {
    if !(1..=999).contains(&columns) || !(1..=999).contains(&rows) {
        return Err(format!(
            "map size {columns}x{rows}: columns and rows from 1 to 999"
        ));
    }
    letter_ok(f, fill)?;
    let old = dims(f);
    let new = Dims {
        n: Numbering::new(f.map.orientation, columns as u32, rows as u32),
    };
    // Everything placed must stay on the map; labels are rewritten at the new width.
    let relabel = |what: &str, label: &str| -> Result<String, String> {
        let c = old.hex(label).map_err(|e| format!("{what}: {e}"))?;
        if !new.contains(c) {
            return Err(format!(
                "{what} at {label} would fall off a {columns}x{rows} map: move or remove it first"
            ));
        }
        Ok(new.label(c))
    };
    for u in &mut f.units {
        u.hex = relabel(&format!("unit {}", u.id), &u.hex)?;
    }
    for v in &mut f.victory {
        v.hex = relabel("the victory hex", &v.hex)?;
    }
    for h in &mut f.map.hexsides {
        h.hex = relabel("a hexside", &h.hex)?;
    }
    for r in &mut f.map.routes {
        for h in &mut r.hexes {
            *h = relabel("a route", h)?;
        }
    }
    if let Some(u) = &mut f.underlay {
        for p in &mut u.align {
            p.hex = relabel("an underlay alignment point", &p.hex)?;
        }
    }
    let grid = |rows_in: &[String], fill: char| -> Vec<String> {
        (0..rows as usize)
            .map(|r| {
                let old: Vec<char> = rows_in.get(r).map_or(Vec::new(), |s| s.chars().collect());
                (0..columns as usize)
                    .map(|c| old.get(c).copied().unwrap_or(fill))
                    .collect()
            })
            .collect()
    };
    f.map.terrain = grid(&f.map.terrain, fill);
    if let Some(e) = &f.map.elevation {
        f.map.elevation = Some(grid(e, '0'));
    }
    f.map.columns = columns;
    f.map.rows = rows;
    Ok(())
}
