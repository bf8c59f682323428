//! The draft itself: the board and its grid chosen, each piece a unit on its hex.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::rules::scenario::{
    MapFile, Profile, ScenarioFile, StrengthFile, UnderlayFile, UnitFile,
};
use crate::rules::unit::UnitKind;
use crate::vassal::{BoardDef, HexGrid, MapDef, Module, Point};

use super::lattice::{Lattice, ZoneBox, hex_grids, raw_hex};
use super::mapping::Mapping;
use super::pieces::{Found, Place};
use super::{BoardOut, GridOut, Options, Plan, guess};

/// The draft's length until the player sets it (`[import default]`: a module's set-up does
/// not say how many turns its game lasts).
pub const DEFAULT_TURNS: i64 = 10;

/// A piece made a unit.
#[derive(Debug, Clone)]
pub struct PieceOut {
    /// Its name in the module.
    pub name: String,
    /// Its point on the board image (pixels).
    pub x: i32,
    pub y: i32,
    /// The name VASSAL shows for that point.
    pub location: Option<String>,
    /// The draft's label of its hex.
    pub hex: String,
    /// Its unit's id in the draft.
    pub unit: String,
}

/// One distinct piece (by name) as the mapping step shows it.
#[derive(Debug, Clone)]
pub struct Counter {
    pub name: String,
    /// How many pieces of the set-up have this name.
    pub count: usize,
    /// The guesses.
    pub side: String,
    pub kind: UnitKind,
    /// Its picture in the draft's folder.
    pub image: Option<String>,
    /// Its properties (key, value) as the module gives them.
    pub properties: Vec<(String, String)>,
    /// Made a unit (false: the mapping says it is not one).
    pub unit: bool,
    /// The values its kind of unit needs in the rule system.
    pub needs: Vec<String>,
}

/// Builds the plan from the set-up's pieces.
pub fn build(
    module: &Module,
    opts: &Options,
    profile: &'static Profile,
    found: Vec<Found>,
    laid_out: Option<&[(String, String)]>,
    unreadable: &HashSet<String>,
) -> Result<Plan, String> {
    let (map, board) = choose_board(module, opts.board.as_deref(), &found, laid_out)?;
    if let Some(e) = module.missing_image(map, board) {
        return Err(e.to_string());
    }
    let on_board = |f: &Found| match &f.at {
        Place::Board {
            map: m, board: b, ..
        } => *m == map.id() && *b == board.name,
        Place::Nowhere(_) => false,
    };
    let points: Vec<Point> = found
        .iter()
        .filter(|f| on_board(f))
        .filter_map(|f| match &f.at {
            Place::Board { point, .. } => Some(*point),
            Place::Nowhere(_) => None,
        })
        .collect();
    let (zone, grid) = choose_grid(board, &points)?;
    let extra: Vec<(i32, i32)> = points
        .iter()
        .filter(|p| same_grid(board, **p, grid))
        .map(|p| raw_hex(grid, *p))
        .collect();
    let lat =
        Lattice::new(board, grid, zone, &extra).map_err(|e| format!("{}: {e}", module.label()))?;
    let mut b = Builder::new(module, profile, opts.mapping.as_ref(), &found, unreadable);
    for f in &found {
        b.place(f, map, board, &lat, on_board(f));
    }
    b.finish(module, opts, map, board, &lat)
}

/// The board: `--board` (`MAP/BOARD` or a board name), else the only board with a hex grid
/// (of those a saved game lays out, `laid_out`, where it lays out any), else the one holding
/// the most pieces.
fn choose_board<'a>(
    module: &'a Module,
    wanted: Option<&str>,
    found: &[Found],
    laid_out: Option<&[(String, String)]>,
) -> Result<(&'a MapDef, &'a BoardDef), String> {
    let maps = &module.build_file().maps;
    let all: Vec<(&MapDef, &BoardDef)> = maps
        .iter()
        .flat_map(|m| m.boards.iter().map(move |b| (m, b)))
        .collect();
    let names = || {
        all.iter()
            .map(|(m, b)| format!("'{}/{}'", m.id(), b.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(w) = wanted {
        let hit = all
            .iter()
            .find(|(m, b)| format!("{}/{}", m.id(), b.name) == w)
            .or_else(|| all.iter().find(|(_, b)| b.name == w))
            .ok_or_else(|| {
                format!(
                    "{}: no board named '{w}' (boards: {})",
                    module.label(),
                    names()
                )
            })?;
        hit.1
            .require_hex_grid()
            .map_err(|e| format!("{}: {e}", module.label()))?;
        return Ok(*hit);
    }
    let mut hex: Vec<(&MapDef, &BoardDef)> = all
        .iter()
        .copied()
        .filter(|(_, b)| !hex_grids(b).is_empty())
        .collect();
    let on_table = |m: &MapDef, b: &BoardDef| {
        laid_out.is_some_and(|l| l.iter().any(|(lm, lb)| lm == m.id() && *lb == b.name))
    };
    if hex.iter().any(|(m, b)| on_table(m, b)) {
        hex.retain(|(m, b)| on_table(m, b));
    }
    let hex_names = || {
        let mut s = hex
            .iter()
            .map(|(m, b)| format!("'{}/{}'", m.id(), b.name))
            .collect::<Vec<_>>()
            .join(", ");
        let others = all.len() - hex.len();
        if others > 0 {
            s.push_str(&format!(
                "; {others} other boards have no hex grid or are not laid out"
            ));
        }
        s
    };
    match hex.len() {
        0 => Err(match all.first() {
            None => format!("{}: the module has no board", module.label()),
            Some((_, b)) => match b.require_hex_grid() {
                Err(e) => format!("{}: {e}", module.label()),
                Ok(_) => format!("{}: no board has a hex grid", module.label()),
            },
        }),
        1 => Ok(hex[0]),
        _ => {
            let count = |m: &MapDef, b: &BoardDef| {
                found
                    .iter()
                    .filter(|f| matches!(&f.at, Place::Board { map, board, .. } if map == m.id() && *board == b.name))
                    .count()
            };
            let mut ranked: Vec<(usize, (&MapDef, &BoardDef))> =
                hex.iter().map(|&(m, b)| (count(m, b), (m, b))).collect();
            ranked.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
            if ranked[0].0 > 0 && ranked[0].0 > ranked[1].0 {
                Ok(ranked[0].1)
            } else {
                Err(format!(
                    "{}: several boards have a hex grid and the set-up does not say which to \
                     import; choose one with --board (boards with a hex grid: {})",
                    module.label(),
                    hex_names()
                ))
            }
        }
    }
}

/// The hex grid of the board the draft follows: the board's, or on a zoned board the zone
/// grid holding the most pieces (else the largest).
fn choose_grid<'a>(
    board: &'a BoardDef,
    points: &[Point],
) -> Result<(ZoneBox<'a>, &'a HexGrid), String> {
    let grids = hex_grids(board);
    let size = board.size();
    let score = |(zone, g): &(ZoneBox<'a>, &'a HexGrid)| {
        let n = points.iter().filter(|p| same_grid(board, **p, g)).count();
        let area = match zone {
            Some((_, (_, _, w, h))) => i64::from(*w) * i64::from(*h),
            None => i64::from(size.width) * i64::from(size.height),
        };
        (n, area)
    };
    grids
        .iter()
        .max_by_key(|c| score(c))
        .copied()
        .ok_or_else(|| format!("board '{}' has no hex grid", board.name))
}

/// Whether the hex grid applying at `p` is `grid`.
fn same_grid(board: &BoardDef, p: Point, grid: &HexGrid) -> bool {
    board
        .grid
        .as_ref()
        .and_then(|g| g.hex_at(p, board.size()))
        .is_some_and(|at| std::ptr::eq(at.grid, grid))
}

/// The units as they are made.
struct Builder<'m> {
    module: &'m Module,
    profile: &'static Profile,
    mapping: Option<&'m Mapping>,
    sides: Vec<String>,
    /// The two sides as the module's own words split the pieces, where they are the draft's.
    split: Option<guess::Split>,
    /// The two sides as the counters' colours split them, where they are the draft's.
    colours: Option<guess::ColourSides>,
    ids: HashSet<String>,
    units: Vec<UnitFile>,
    pieces: Vec<PieceOut>,
    skipped: Vec<(String, String)>,
    /// Module image name → the draft's file name.
    images: BTreeMap<String, String>,
    counters: Vec<Counter>,
    counter_of: HashMap<String, usize>,
    notes: Vec<String>,
    /// A problem that stops the import (an image name reaching outside the module).
    fatal: Option<String>,
    /// The module's images that do not decode.
    unreadable: &'m HashSet<String>,
    /// Most pieces' words name their kind: one whose words do not, named as a person, is a
    /// leader.
    kinds_named: bool,
}

impl<'m> Builder<'m> {
    fn new(
        module: &'m Module,
        profile: &'static Profile,
        mapping: Option<&'m Mapping>,
        found: &[Found],
        unreadable: &'m HashSet<String>,
    ) -> Self {
        let guessed = guess::sides_of(found, profile.sides);
        let sides = match mapping.map(|m| &m.sides) {
            Some(s) if s.len() == 2 => s.clone(),
            _ => guessed.sides,
        };
        // A split serves the pieces only where its sides are the draft's.
        let split = guessed
            .split
            .filter(|s| sides.iter().zip(&s.sides).all(|(a, b)| a == b));
        let colours = guessed
            .colours
            .filter(|c| c.sides.iter().all(|s| sides.contains(s)));
        let notes = colours.iter().map(|c| c.note()).collect();
        Builder {
            module,
            profile,
            mapping,
            sides,
            split,
            colours,
            ids: HashSet::new(),
            units: Vec::new(),
            pieces: Vec::new(),
            skipped: Vec::new(),
            images: BTreeMap::new(),
            counters: Vec::new(),
            counter_of: HashMap::new(),
            notes,
            fatal: None,
            unreadable,
            kinds_named: found
                .iter()
                .filter(|f| guess::kind(f, profile.unit_kinds).is_some())
                .count()
                * 2
                >= found.len().max(1),
        }
    }

    /// One piece: a unit on its hex, or skipped with the reason.
    fn place(&mut self, f: &Found, map: &MapDef, board: &BoardDef, lat: &Lattice, on_board: bool) {
        let skip = |me: &mut Self, why: String| me.skipped.push((f.name.clone(), why));
        let point = match &f.at {
            Place::Nowhere(why) => return skip(self, why.clone()),
            Place::Board { point, .. } if on_board => *point,
            Place::Board {
                map: m, board: b, ..
            } => {
                return skip(
                    self,
                    format!(
                        "on board '{m}/{b}', not the imported board '{}/{}'",
                        map.id(),
                        board.name
                    ),
                );
            }
        };
        if !same_grid(board, point, lat.grid) {
            let why = match board.grid.as_ref().and_then(|g| g.zone_at(point)) {
                Some(z)
                    if board
                        .grid
                        .as_ref()
                        .and_then(|g| g.hex_at(point, board.size()))
                        .is_none() =>
                {
                    format!("in zone '{}', which has no hex grid", z.name)
                }
                Some(z) => format!(
                    "in zone '{}', whose hex grid is not the imported one",
                    z.name
                ),
                None => "not on the board's hex grid".to_string(),
            };
            return skip(self, why);
        }
        let Some(hex) = lat.hex_of(point) else {
            return skip(self, "outside the draft's map".into());
        };
        let ci = self.counter(f);
        if !self.counters[ci].unit {
            return skip(self, "not a unit (the mapping says so)".into());
        }
        let unit = self.unit(f, ci, lat.label(hex));
        self.pieces.push(PieceOut {
            name: f.name.clone(),
            x: point.x,
            y: point.y,
            location: board.location_name(point),
            hex: lat.label(hex),
            unit: unit.id.clone(),
        });
        self.units.push(unit);
    }

    /// The mapping row of a piece's name (made on first sight, from the guesses and the
    /// mapping's answers).
    fn counter(&mut self, f: &Found) -> usize {
        if let Some(&i) = self.counter_of.get(&f.name) {
            self.counters[i].count += 1;
            return i;
        }
        let answer = self.mapping.and_then(|m| m.answer(&f.name));
        let side = answer
            .and_then(|a| a.side.clone())
            .or_else(|| {
                let s = self.split.as_ref()?;
                s.side_of(f).map(str::to_string)
            })
            .or_else(|| guess::side(f, Some(&self.sides)).map(str::to_string))
            .or_else(|| {
                let c = self.colours.as_ref()?;
                c.side_of(f).map(str::to_string)
            })
            .unwrap_or_else(|| self.sides[0].clone());
        let kinds = self.profile.unit_kinds;
        let kind = answer
            .and_then(|a| a.kind)
            .or_else(|| guess::kind(f, kinds))
            .or_else(|| {
                let leader = self.kinds_named && kinds.contains(&UnitKind::Leader);
                (leader && guess::person_like(&f.name)).then_some(UnitKind::Leader)
            })
            .unwrap_or(if kinds.contains(&UnitKind::Infantry) {
                UnitKind::Infantry
            } else {
                kinds[0]
            });
        let image = f
            .piece
            .image()
            .and_then(|img| self.image_file(img, &f.name));
        self.counters.push(Counter {
            name: f.name.clone(),
            count: 1,
            side,
            kind,
            image,
            properties: f.piece.properties(),
            unit: answer.is_none_or(|a| a.unit),
            needs: self
                .profile
                .values_of(kind)
                .iter()
                .map(|s| s.to_string())
                .collect(),
        });
        self.counter_of
            .insert(f.name.clone(), self.counters.len() - 1);
        self.counters.len() - 1
    }

    /// The draft's file name for a module image (`counters/<name>`, made safe and unique).
    fn image_file(&mut self, module_name: &str, piece: &str) -> Option<String> {
        if let Some(n) = self.images.get(module_name) {
            return Some(n.clone());
        }
        if let Err(e) = crate::vassal::validate_relative_name(module_name) {
            self.fatal.get_or_insert(format!(
                "{}: piece '{piece}': image name '{module_name}': {e}",
                self.module.label()
            ));
            return None;
        }
        if !self.module.has_image(module_name) {
            self.notes.push(format!(
                "piece image '{module_name}' is not in the module: drawn as a plain counter"
            ));
            return None;
        }
        if extension(module_name) == "gif" && self.unreadable.contains(module_name) {
            self.notes.push(format!(
                "piece image '{module_name}' cannot be read (a damaged GIF, or over 4 M \
                 pixels): drawn as a plain counter"
            ));
            return None;
        }
        let safe: String = module_name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let mut safe = safe.trim_start_matches('.').to_string();
        // A GIF counter is re-encoded as a PNG when the draft is written.
        if extension(module_name) == "gif" {
            safe = format!("{}.png", &safe[..safe.len() - 4]);
        }
        let mut name = format!("counters/{safe}");
        let mut n = 2;
        while self.images.values().any(|v| v.eq_ignore_ascii_case(&name)) {
            name = format!("counters/{n}-{safe}");
            n += 1;
        }
        self.images.insert(module_name.to_string(), name.clone());
        Some(name)
    }

    /// The unit of a piece on `hex`.
    fn unit(&mut self, f: &Found, ci: usize, hex: String) -> UnitFile {
        let id = self.unique_id(&f.name);
        let c = &self.counters[ci];
        let mut u = UnitFile::blank();
        u.id = id;
        u.name = clean_name(&f.name, &u.id);
        u.side = c.side.clone();
        u.kind = c.kind;
        u.hex = hex;
        u.image = c.image.clone();
        match c.kind {
            UnitKind::Leader => {}
            // A wagon has no combat strength of its own (GBACW [8.35]).
            UnitKind::Wagon => u.strength = Some(StrengthFile::Organized(0.0)),
            _ => u.strength = Some(StrengthFile::Organized(1.0)),
        }
        let answer = self.mapping.and_then(|m| m.answer(&f.name));
        let confirmed = answer.is_some_and(|a| a.confirmed);
        if !confirmed {
            u.placeholder = vec!["side".into(), "kind".into()];
        }
        let mut fields: Vec<String> = self
            .profile
            .values_of(c.kind)
            .iter()
            .map(|s| s.to_string())
            .collect();
        if let Some(m) = self.mapping {
            fields.retain(|field| match m.value_for(field, &f.name, &f.piece) {
                Some(v) => match super::mapping::set_field(&mut u, field, &v) {
                    Ok(()) => false,
                    Err(e) => {
                        self.notes
                            .push(format!("unit {}: {field} = {v:?}: {e}", u.id));
                        true
                    }
                },
                None => true,
            });
        }
        u.placeholder.extend(fields);
        u
    }

    /// Units of two sides may not share a hex: where the guesses put them together (a marker
    /// with no side word in an enemy stack), the hex's units take the side most of them have
    /// (the first unit's on a tie), as a placeholder the player confirms.
    fn one_side_per_hex(&mut self) {
        let mut by_hex: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, u) in self.units.iter().enumerate() {
            by_hex.entry(u.hex.clone()).or_default().push(i);
        }
        for (hex, idx) in by_hex {
            let mut count: Vec<(String, usize)> = Vec::new();
            for &i in &idx {
                let side = &self.units[i].side;
                match count.iter_mut().find(|(s, _)| s == side) {
                    Some((_, n)) => *n += 1,
                    None => count.push((side.clone(), 1)),
                }
            }
            if count.len() < 2 {
                continue;
            }
            let best = count
                .iter()
                .enumerate()
                .max_by_key(|(j, (_, n))| (*n, std::cmp::Reverse(*j)))
                .map(|(_, (s, _))| s.clone())
                .unwrap_or_default();
            for &i in &idx {
                let u = &mut self.units[i];
                if u.side != best {
                    self.notes.push(format!(
                        "unit {} on {hex}: side {} guessed, {best} given (the side of its hex)",
                        u.id, u.side
                    ));
                    u.side = best.clone();
                    if !u.placeholder.iter().any(|p| p == "side") {
                        u.placeholder.insert(0, "side".into());
                    }
                }
            }
        }
    }

    fn unique_id(&mut self, name: &str) -> String {
        let base = guess::slug(name);
        let mut id = base.clone();
        let mut n = 2;
        while self.ids.contains(&id) {
            id = format!("{base}-{n}");
            n += 1;
        }
        self.ids.insert(id.clone());
        id
    }

    fn finish(
        mut self,
        module: &Module,
        opts: &Options,
        map: &MapDef,
        board: &BoardDef,
        lat: &Lattice,
    ) -> Result<Plan, String> {
        if let Some(e) = self.fatal.take() {
            return Err(e);
        }
        self.one_side_per_hex();
        let stem = super::stem_of(module.name(), &opts.module);
        let mut images: Vec<(String, String)> = Vec::new();
        let underlay = self.underlay(module, board, lat, &stem, &mut images)?;
        for (m, d) in &self.images {
            if !matches!(extension(m).as_str(), "png" | "jpg" | "jpeg" | "gif") {
                self.notes.push(format!(
                    "counter image '{m}' is {}: drawn as a plain counter until converted ({d})",
                    extension(m)
                ));
            }
            images.push((m.clone(), d.clone()));
        }
        let units = std::mem::take(&mut self.units);
        let scenario = self.scenario_file(module, opts, board, lat, units, underlay);
        if let Err(problems) = crate::rules::registry::validate_scenario(scenario.clone()) {
            let first: Vec<String> = problems.iter().take(3).map(|p| p.to_string()).collect();
            return Err(format!(
                "{}: the draft does not load ({} problems): {}",
                module.label(),
                problems.len(),
                first.join("; ")
            ));
        }
        let (g, size) = (lat.grid, board.size());
        Ok(Plan {
            module_name: module.name().to_string(),
            module_version: module.version().to_string(),
            stem,
            scenario,
            board: BoardOut {
                name: board.name.clone(),
                map: map.id().to_string(),
                image: board.image.clone(),
                width: size.width,
                height: size.height,
            },
            grid: GridOut {
                dx: g.dx,
                dy: g.dy,
                x0: g.origin.x,
                y0: g.origin.y,
                sideways: g.sideways,
                columns: lat.numbering().columns as i32,
                rows: lat.numbering().rows as i32,
                zone: lat.zone.clone(),
                identity: lat.identity,
            },
            pieces: self.pieces,
            skipped: self.skipped,
            images,
            notes: self.notes,
            counters: self.counters,
        })
    }

    /// The board image as the draft's underlay, fitted by the lattice (its copy listed in
    /// `images`); `None` for a board without an image. A name reaching out of the module, or an
    /// image the module does not have, stops the import.
    fn underlay(
        &mut self,
        module: &Module,
        board: &BoardDef,
        lat: &Lattice,
        stem: &str,
        images: &mut Vec<(String, String)>,
    ) -> Result<Option<UnderlayFile>, String> {
        let Some(img) = &board.image else {
            self.notes
                .push(format!("board '{}' has no image", board.name));
            return Ok(None);
        };
        if let Err(e) = crate::vassal::validate_relative_name(img) {
            return Err(format!(
                "{}: board '{}': image name '{img}': {e}",
                module.label(),
                board.name
            ));
        }
        if !module.has_image(img) {
            return Err(format!(
                "{}: board '{}': its image '{img}' is not in the module (images/{img})",
                module.label(),
                board.name
            ));
        }
        let ext = extension(img);
        // An SVG board is drawn into a PNG of its own size when the draft is written.
        let file = match ext.as_str() {
            "svg" => format!("{stem}-board.png"),
            _ => format!("{stem}-board.{ext}"),
        };
        images.push((img.clone(), file.clone()));
        if ext == "svg" {
            self.notes.push(format!(
                "the board image '{img}' is SVG: drawn into {file} at {}×{} pixels",
                board.size().width,
                board.size().height
            ));
        } else if !matches!(ext.as_str(), "png" | "jpg" | "jpeg") {
            self.notes.push(format!(
                "the board image '{img}' is {ext}: Musket draws PNG and JPEG images; \
                 convert {file} and keep its name"
            ));
        }
        Ok(Some(UnderlayFile {
            image: file,
            opacity: 1.0,
            visible: true,
            align: Vec::new(),
            grid: Some(lat.fit()),
        }))
    }

    /// The draft: the module's name, the guessed sides, a clear map of the lattice's size with
    /// the module's hex names, the units, the board underneath.
    fn scenario_file(
        &self,
        module: &Module,
        opts: &Options,
        board: &BoardDef,
        lat: &Lattice,
        units: Vec<UnitFile>,
        underlay: Option<UnderlayFile>,
    ) -> ScenarioFile {
        let clear = self.profile.terrain.chars().next().unwrap_or('c');
        let n = lat.numbering();
        let row: String = std::iter::repeat_n(clear, n.columns as usize).collect();
        let title = match &opts.source {
            super::Source::Setup(s) => format!("{} — {s}", module.name()),
            _ => module.name().to_string(),
        };
        let version = if module.version().is_empty() {
            "no version"
        } else {
            module.version()
        };
        ScenarioFile {
            title: clean_name(&title, "Imported module"),
            ruleset: opts.ruleset.clone(),
            sides: self.sides.clone(),
            weather: Default::default(),
            turn: None,
            // [import default]: a module does not say how long a game is.
            turns: Some(DEFAULT_TURNS),
            weather_by_turn: None,
            briefing: Some(format!(
                "Imported from the VASSAL module {} ({version}), board '{}'. Terrain, values, \
                 sides and the number of turns ({DEFAULT_TURNS}, an import default) are the \
                 player's to confirm.",
                module.name(),
                board.name
            )),
            night_turns: Vec::new(),
            random_events: None,
            initiative_ties: None,
            supply_trains: None,
            ferries: Vec::new(),
            surprise: None,
            alert: None,
            map: MapFile {
                orientation: n.orientation,
                columns: i64::from(n.columns),
                rows: i64::from(n.rows),
                terrain: vec![row; n.rows as usize],
                hexsides: Vec::new(),
                routes: Vec::new(),
                elevation: None,
                labels: lat.names.clone(),
            },
            units,
            victory: Vec::new(),
            victory_losses: Vec::new(),
            movement: Default::default(),
            underlay,
            module: super::identity(module, &opts.module),
        }
    }
}

/// A name fit for the scenario: one line, at most 80 characters (`fallback` when empty).
fn clean_name(name: &str, fallback: &str) -> String {
    let one: String = name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let one = one.split_whitespace().collect::<Vec<_>>().join(" ");
    let one: String = one.chars().take(80).collect();
    if one.is_empty() {
        fallback.to_string()
    } else {
        one
    }
}

/// An image name's extension, lower case (`png`).
fn extension(name: &str) -> String {
    std::path::Path::new(name)
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .filter(|e| e.chars().all(|c| c.is_ascii_alphanumeric()) && !e.is_empty())
        .unwrap_or_else(|| "img".into())
}
