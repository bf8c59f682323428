//! The module's build file (`buildFile.xml`, or `buildFile` in older modules): maps,
//! boards and their grids, at-start stacks, palette slots, prototypes and predefined
//! setups.
//!
//! Element names are Java class names, normally fully qualified
//! (`VASSAL.build.module.Map`). A VASSAL class is recognised by its simple name when the
//! element is in a `VASSAL.` package or has no package; classes from a module's own
//! packages are custom code and are reported as such (a custom map class is still read
//! as a map when it holds a `BoardPicker`). Attributes are read by name in any order
//! with VASSAL's defaults; unknown elements and attributes are skipped.

use roxmltree::{Document, Node};

use super::error::VassalError;
use super::grid::{
    DEFAULT_HEX_WIDTH, Grid, HexGrid, HexGridNumbering, OtherGrid, Point, Polygon, SQRT3_2, Size,
    Zone, ZonedGrid,
};
use super::sequence::{parse_java_double, parse_java_int};

/// What kind of map window a [`MapDef`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapKind {
    /// `VASSAL.build.module.Map`: a main map.
    Map,
    /// `PrivateMap`: a map only some sides see.
    PrivateMap,
    /// `PlayerHand`: a player's hand (cards).
    PlayerHand,
    /// A custom map class (its name), recognised by its `BoardPicker`.
    Custom(String),
}

/// A board a map may show (`…boardPicker.Board`).
#[derive(Debug, Clone, PartialEq)]
pub struct BoardDef {
    /// `name`.
    pub name: String,
    /// `image`: file name in the module's `images/` (`None` when blank).
    pub image: Option<String>,
    /// `width` attribute (used when there is no image; default 500).
    pub width: i32,
    /// `height` attribute (used when there is no image; default 500).
    pub height: i32,
    /// `reversible`: the board may be shown rotated 180°.
    pub reversible: bool,
    /// The grid child, if any.
    pub grid: Option<Grid>,
    /// Size of the board image in pixels, when the module was opened and the image's
    /// format (PNG, GIF, JPEG, BMP) could be measured.
    pub image_size: Option<Size>,
    /// The board names an image the module does not hold (found when the module was opened;
    /// only a use of this board is refused for it).
    pub image_missing: bool,
    /// Where the board is in the build file (for messages).
    pub element_path: String,
}

impl BoardDef {
    /// The board's size as VASSAL uses it (`Board.bounds()`): the image's size when it
    /// has an image (and it was measured), else `width` × `height`.
    pub fn size(&self) -> Size {
        match (self.image.as_ref(), self.image_size) {
            (Some(_), Some(s)) => s,
            _ => Size::new(self.width, self.height),
        }
    }

    /// The board's hex grid, or why there is none usable: a [`VassalError::UnsupportedGrid`]
    /// for square, region and unknown grids, zoned grids without any hex grid, and
    /// boards without a grid.
    pub fn require_hex_grid(&self) -> Result<&Grid, VassalError> {
        let unsupported = |kind: String, reason: &str| VassalError::UnsupportedGrid {
            board: self.name.clone(),
            kind,
            reason: reason.to_string(),
        };
        let Some(g) = &self.grid else {
            return Err(unsupported("no grid".into(), "the board has no grid"));
        };
        match g {
            Grid::Hex(h) => match &h.other_numbering {
                Some(cls) => Err(unsupported(
                    "HexGrid".into(),
                    &format!("its numbering {cls} is not read (only HexGridNumbering)"),
                )),
                None => Ok(g),
            },
            Grid::Zoned(z) => {
                if zoned_has_hex(z) {
                    Ok(g)
                } else {
                    Err(unsupported(
                        "ZonedGrid".into(),
                        "none of its zones nor its background is a hex grid",
                    ))
                }
            }
            Grid::Square(_) => Err(unsupported(g.kind(), "only hex grids are read")),
            Grid::Region(_) => Err(unsupported(g.kind(), "only hex grids are read")),
            Grid::Unknown(_) => Err(unsupported(g.kind(), "custom grid code is not understood")),
        }
    }

    /// Location name VASSAL shows for a point in board coordinates.
    pub fn location_name(&self, p: Point) -> Option<String> {
        self.grid.as_ref()?.location_name(p, self.size())
    }

    /// The board point of a location name (`Board.getGrid().getLocation`).
    pub fn location(&self, name: &str) -> Result<Point, VassalError> {
        match &self.grid {
            Some(g) => g.location(name, self.size()),
            None => Err(VassalError::BadLocation {
                location: name.to_string(),
                message: format!("board '{}' has no grid", self.name),
            }),
        }
    }

    /// Where VASSAL snaps a piece dropped at `p` (board coordinates).
    pub fn snap(&self, p: Point) -> Point {
        match &self.grid {
            Some(g) => g.snap_to(p, self.size()),
            None => p,
        }
    }

    /// Hexes between two board points (`None` where no hex grid applies).
    pub fn range(&self, a: Point, b: Point) -> Option<i32> {
        self.grid.as_ref()?.range(a, b)
    }
}

fn zoned_has_hex(z: &ZonedGrid) -> bool {
    let is_hex = |g: &Grid| match g {
        Grid::Hex(_) => true,
        Grid::Zoned(z) => zoned_has_hex(z),
        _ => false,
    };
    z.background.as_deref().is_some_and(is_hex)
        || z.zones
            .iter()
            .any(|zone| zone.grid.as_deref().is_some_and(is_hex))
}

/// A `PieceSlot`: one piece definition in a palette or an at-start stack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSlotDef {
    /// `entryName` (`None` when blank).
    pub entry_name: Option<String>,
    /// `gpid`: the game piece id that saved pieces refer to.
    pub gpid: String,
    /// The add-piece text `+/null/type/state`.
    pub text: String,
    /// Palette folders holding it, outermost first (the PieceWindow's name, then each
    /// tab/list/panel/box widget's `entryName`); empty for at-start stacks.
    pub palette_path: Vec<String>,
}

/// A `SetupStack` ("at-start stack").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupStackDef {
    /// `name`.
    pub name: String,
    /// `owningBoard` (`None`: the map's first board; VASSAL then offsets by the map edge).
    pub owning_board: Option<String>,
    /// `x` (board coordinates; default 100).
    pub x: i32,
    /// `y` (board coordinates; default 100).
    pub y: i32,
    /// `useGridLocation`: the position is the grid location [`SetupStackDef::location`].
    pub use_grid_location: bool,
    /// `location`: a grid location name.
    pub location: Option<String>,
    /// The pieces, bottom of the stack first.
    pub slots: Vec<PieceSlotDef>,
}

/// A map (`Map`, `PrivateMap`, `PlayerHand`).
#[derive(Debug, Clone, PartialEq)]
pub struct MapDef {
    /// What kind of map.
    pub kind: MapKind,
    /// `mapName`.
    pub name: String,
    /// VASSAL's id for maps without a name: `Map0`, `Map1`, … in build-file order.
    pub generated_id: String,
    /// `edgeWidth` (or the older `edge` attribute's first number): blank space left of
    /// the boards, in map pixels.
    pub edge_width: i32,
    /// `edgeHeight`: blank space above the boards.
    pub edge_height: i32,
    /// Boards the map may show.
    pub boards: Vec<BoardDef>,
    /// The BoardPicker's `<setup>` text: the boards chosen by default (a `BoardPicker`
    /// command: `<map>BoardPicker\tboard\tcol\trow…`).
    pub default_setup: Option<String>,
    /// At-start stacks on this map.
    pub setup_stacks: Vec<SetupStackDef>,
    /// All attributes as written.
    pub attributes: Vec<(String, String)>,
}

impl MapDef {
    /// The identifier saved games use for this map (`Map.getIdentifier`): `mapName`,
    /// or the generated id when the name is blank.
    pub fn id(&self) -> &str {
        if self.name.is_empty() {
            &self.generated_id
        } else {
            &self.name
        }
    }

    /// A board by name.
    pub fn board(&self, name: &str) -> Option<&BoardDef> {
        self.boards.iter().find(|b| b.name == name)
    }
}

/// A `PrototypeDefinition`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrototypeDef {
    /// `name`.
    pub name: String,
    /// The add-piece text of its traits.
    pub text: String,
}

/// A `PredefinedSetup` (a menu entry starting a bundled scenario, or a sub-menu).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PredefinedSetupDef {
    /// `name`.
    pub name: String,
    /// `file`: the saved game inside the module (`None` when blank).
    pub file: Option<String>,
    /// `useFile`: start from [`PredefinedSetupDef::file`] (otherwise a new empty game).
    pub use_file: bool,
    /// `isMenu`: a sub-menu holding [`PredefinedSetupDef::children`].
    pub is_menu: bool,
    /// `description`.
    pub description: String,
    /// Entries of a sub-menu.
    pub children: Vec<PredefinedSetupDef>,
}

/// Everything read from a build file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BuildFile {
    /// Root `name`.
    pub name: String,
    /// Root `version`.
    pub version: String,
    /// Root `VassalVersion`.
    pub vassal_version: String,
    /// Maps in build-file order.
    pub maps: Vec<MapDef>,
    /// Palette slots, in build-file order.
    pub palette: Vec<PieceSlotDef>,
    /// Prototype definitions.
    pub prototypes: Vec<PrototypeDef>,
    /// Predefined setups (top level; menus hold their entries).
    pub setups: Vec<PredefinedSetupDef>,
}

impl BuildFile {
    /// Parses build-file XML. `file` and `entry` name it in errors.
    pub fn parse(xml: &str, file: &str, entry: &str) -> Result<BuildFile, VassalError> {
        let doc = Document::parse(xml).map_err(|e| VassalError::Xml {
            file: file.to_string(),
            entry: entry.to_string(),
            message: e.to_string(),
        })?;
        let root = doc.root_element();
        let p = Parser { file, entry };
        let cls = root.tag_name().name();
        if !matches!(
            simple(cls),
            "GameModule" | "BasicModule" | "ModuleExtension"
        ) {
            return Err(p.element_err(
                cls,
                "not a VASSAL build file (the root should be VASSAL.build.GameModule)",
            ));
        }
        let mut bf = BuildFile {
            name: attr(root, "name").unwrap_or("").to_string(),
            version: attr(root, "version").unwrap_or("").to_string(),
            vassal_version: attr(root, "VassalVersion").unwrap_or("").to_string(),
            ..BuildFile::default()
        };
        let path = simple(cls).to_string();
        let mut map_count = 0usize;
        p.walk(root, &path, &mut bf, &mut map_count, None)?;
        Ok(bf)
    }

    /// A map by its identifier ([`MapDef::id`]) or name.
    pub fn map(&self, id: &str) -> Option<&MapDef> {
        self.maps.iter().find(|m| m.id() == id)
    }

    /// Every predefined setup that names a file, depth first (menus flattened), with
    /// the names of the menus holding it.
    pub fn setup_files(&self) -> Vec<(Vec<String>, &PredefinedSetupDef)> {
        fn walk<'a>(
            v: &'a [PredefinedSetupDef],
            path: &mut Vec<String>,
            out: &mut Vec<(Vec<String>, &'a PredefinedSetupDef)>,
        ) {
            for s in v {
                if s.is_menu {
                    path.push(s.name.clone());
                    walk(&s.children, path, out);
                    path.pop();
                } else if s.use_file && s.file.is_some() {
                    out.push((path.clone(), s));
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.setups, &mut Vec::new(), &mut out);
        out
    }
}

/// The simple class name of an element name (`VASSAL.build.module.Map` → `Map`).
fn simple(cls: &str) -> &str {
    cls.rsplit('.').next().unwrap_or(cls)
}

/// Whether an element is VASSAL's class `name` (VASSAL package or no package).
fn is_class(node: Node, name: &str) -> bool {
    let cls = node.tag_name().name();
    simple(cls) == name && (!cls.contains('.') || cls.starts_with("VASSAL."))
}

fn attr<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
    node.attribute(name)
}

fn text_of(node: Node) -> String {
    node.children()
        .filter(|c| c.is_text())
        .filter_map(|c| c.text())
        .collect()
}

fn java_bool(v: Option<&str>, default: bool) -> bool {
    match v {
        Some(s) => s.eq_ignore_ascii_case("true"),
        None => default,
    }
}

fn non_blank(v: Option<&str>) -> Option<String> {
    v.filter(|s| !s.trim().is_empty()).map(str::to_string)
}

struct Parser<'a> {
    file: &'a str,
    entry: &'a str,
}

impl Parser<'_> {
    fn element_err(&self, path: &str, message: &str) -> VassalError {
        VassalError::Element {
            file: self.file.to_string(),
            entry: self.entry.to_string(),
            path: path.to_string(),
            message: message.to_string(),
        }
    }

    fn attr_err(&self, path: &str, attribute: &str, value: &str, message: &str) -> VassalError {
        VassalError::Attribute {
            file: self.file.to_string(),
            entry: self.entry.to_string(),
            path: path.to_string(),
            attribute: attribute.to_string(),
            message: format!("\"{value}\" {message}"),
        }
    }

    /// An `Integer.valueOf` attribute: absent is `default`, blank too (VASSAL skips
    /// blank values for most), a non-integer is an error.
    fn int(&self, node: Node, path: &str, name: &str, default: i32) -> Result<i32, VassalError> {
        match attr(node, name) {
            None => Ok(default),
            Some(v) if v.trim().is_empty() => Ok(default),
            Some(v) => parse_java_int(v.trim())
                .ok_or_else(|| self.attr_err(path, name, v, "is not an integer")),
        }
    }

    fn double(&self, node: Node, path: &str, name: &str) -> Result<Option<f64>, VassalError> {
        match attr(node, name) {
            None => Ok(None),
            Some(v) if v.trim().is_empty() => Ok(None),
            Some(v) => parse_java_double(v)
                .map(Some)
                .ok_or_else(|| self.attr_err(path, name, v, "is not a number")),
        }
    }

    fn child_path(path: &str, node: Node) -> String {
        let s = simple(node.tag_name().name());
        let label = attr(node, "mapName")
            .or_else(|| attr(node, "name"))
            .or_else(|| attr(node, "entryName"))
            .filter(|n| !n.is_empty());
        match label {
            Some(l) => format!("{path}/{s} '{l}'"),
            None => format!("{path}/{s}"),
        }
    }

    /// Walks the tree, collecting maps, palette slots, prototypes and setups.
    fn walk(
        &self,
        node: Node,
        path: &str,
        bf: &mut BuildFile,
        map_count: &mut usize,
        palette: Option<&[String]>,
    ) -> Result<(), VassalError> {
        for child in node.children().filter(Node::is_element) {
            let cpath = Self::child_path(path, child);
            let cls = child.tag_name().name();
            let has_picker = child
                .children()
                .any(|c| c.is_element() && simple(c.tag_name().name()) == "BoardPicker");
            let map_kind = if is_class(child, "Map") {
                Some(MapKind::Map)
            } else if is_class(child, "PrivateMap") {
                Some(MapKind::PrivateMap)
            } else if is_class(child, "PlayerHand") {
                Some(MapKind::PlayerHand)
            } else if has_picker {
                Some(MapKind::Custom(cls.to_string()))
            } else {
                None
            };
            if let Some(kind) = map_kind {
                let m = self.map(child, &cpath, kind, *map_count)?;
                *map_count += 1;
                bf.maps.push(m);
                // Maps can hold palettes-like widgets only through other components;
                // nothing else of interest is inside a map.
                continue;
            }
            if is_class(child, "PrototypeDefinition") {
                bf.prototypes.push(PrototypeDef {
                    name: attr(child, "name").unwrap_or("").to_string(),
                    text: text_of(child),
                });
                continue;
            }
            if is_class(child, "PredefinedSetup") {
                bf.setups.push(self.setup(child, &cpath, 0)?);
                continue;
            }
            if is_class(child, "PieceSlot") || is_class(child, "CardSlot") {
                if let Some(path_names) = palette {
                    bf.palette.push(slot(child, path_names));
                }
                continue;
            }
            let is_palette_folder = [
                "PieceWindow",
                "TabWidget",
                "ListWidget",
                "PanelWidget",
                "BoxWidget",
            ]
            .iter()
            .any(|c| is_class(child, c));
            if is_palette_folder {
                let mut names: Vec<String> = palette.map(<[String]>::to_vec).unwrap_or_default();
                let name = attr(child, "name")
                    .filter(|n| !n.is_empty())
                    .or_else(|| attr(child, "entryName"))
                    .unwrap_or("");
                if !name.is_empty() {
                    names.push(name.to_string());
                }
                self.walk(child, &cpath, bf, map_count, Some(&names))?;
                continue;
            }
            self.walk(child, &cpath, bf, map_count, palette)?;
        }
        Ok(())
    }

    fn setup(
        &self,
        node: Node,
        path: &str,
        depth: usize,
    ) -> Result<PredefinedSetupDef, VassalError> {
        if depth > 64 {
            return Err(self.element_err(path, "predefined setup menus nest deeper than 64 levels"));
        }
        let mut children = Vec::new();
        for c in node.children().filter(|c| is_class(*c, "PredefinedSetup")) {
            children.push(self.setup(c, &Self::child_path(path, c), depth + 1)?);
        }
        let file = non_blank(attr(node, "file"));
        if let Some(f) = &file {
            super::archive::check_relative_name(&format!("{path} attribute 'file'"), f)?;
        }
        Ok(PredefinedSetupDef {
            name: attr(node, "name").unwrap_or("").to_string(),
            file,
            use_file: java_bool(attr(node, "useFile"), false),
            is_menu: java_bool(attr(node, "isMenu"), false),
            description: attr(node, "description").unwrap_or("").to_string(),
            children,
        })
    }

    fn map(
        &self,
        node: Node,
        path: &str,
        kind: MapKind,
        index: usize,
    ) -> Result<MapDef, VassalError> {
        let mut edge_width = 0;
        let mut edge_height = 0;
        if let Some(e) = attr(node, "edge") {
            // Backward-compatible "w,h".
            if let Some(i) = e.find(',').filter(|&i| i > 0) {
                edge_width = parse_java_int(&e[..i])
                    .ok_or_else(|| self.attr_err(path, "edge", e, "is not two integers"))?;
                edge_height = parse_java_int(&e[i + 1..])
                    .ok_or_else(|| self.attr_err(path, "edge", e, "is not two integers"))?;
            }
        }
        edge_width = self.int(node, path, "edgeWidth", edge_width)?;
        edge_height = self.int(node, path, "edgeHeight", edge_height)?;
        let mut m = MapDef {
            kind,
            name: attr(node, "mapName").unwrap_or("").to_string(),
            generated_id: format!("Map{index}"),
            edge_width,
            edge_height,
            boards: Vec::new(),
            default_setup: None,
            setup_stacks: Vec::new(),
            attributes: node
                .attributes()
                .map(|a| (a.name().to_string(), a.value().to_string()))
                .collect(),
        };
        for d in node.descendants().filter(Node::is_element) {
            if simple(d.tag_name().name()) == "BoardPicker" {
                let ppath = Self::child_path(path, d);
                for c in d.children().filter(Node::is_element) {
                    if c.tag_name().name() == "setup" {
                        m.default_setup = Some(text_of(c)).filter(|s| !s.is_empty());
                    } else if is_class(c, "Board") {
                        m.boards.push(self.board(c, &Self::child_path(&ppath, c))?);
                    }
                }
            } else if is_class(d, "SetupStack") {
                m.setup_stacks
                    .push(self.setup_stack(d, &Self::child_path(path, d))?);
            }
        }
        Ok(m)
    }

    fn setup_stack(&self, node: Node, path: &str) -> Result<SetupStackDef, VassalError> {
        Ok(SetupStackDef {
            name: attr(node, "name").unwrap_or("").to_string(),
            owning_board: non_blank(attr(node, "owningBoard")).filter(|b| b != "<any>"),
            x: self.int(node, path, "x", 100)?,
            y: self.int(node, path, "y", 100)?,
            use_grid_location: java_bool(attr(node, "useGridLocation"), false),
            location: attr(node, "location").map(str::to_string),
            slots: node
                .children()
                .filter(|c| is_class(*c, "PieceSlot") || is_class(*c, "CardSlot"))
                .map(|c| slot(c, &[]))
                .collect(),
        })
    }

    fn board(&self, node: Node, path: &str) -> Result<BoardDef, VassalError> {
        let image = non_blank(attr(node, "image"));
        if let Some(i) = &image {
            super::archive::check_relative_name(&format!("{path} attribute 'image'"), i)?;
        }
        let mut grid = None;
        for c in node.children().filter(Node::is_element) {
            if let Some(g) = self.grid(c, &Self::child_path(path, c), 0)? {
                grid = Some(g);
            }
        }
        Ok(BoardDef {
            name: attr(node, "name").unwrap_or("").to_string(),
            image,
            width: self.int(node, path, "width", 500)?,
            height: self.int(node, path, "height", 500)?,
            reversible: java_bool(attr(node, "reversible"), false),
            grid,
            image_size: None,
            image_missing: false,
            element_path: path.to_string(),
        })
    }

    /// A grid element (or `None` for elements that are not grids, e.g. translations).
    fn grid(&self, node: Node, path: &str, depth: usize) -> Result<Option<Grid>, VassalError> {
        if depth > 16 {
            return Err(self.element_err(path, "grids nest deeper than 16 levels"));
        }
        let other = || OtherGrid {
            class: node.tag_name().name().to_string(),
            attributes: node
                .attributes()
                .map(|a| (a.name().to_string(), a.value().to_string()))
                .collect(),
        };
        if is_class(node, "HexGrid") {
            return Ok(Some(Grid::Hex(self.hex_grid(node, path)?)));
        }
        if is_class(node, "SquareGrid") {
            return Ok(Some(Grid::Square(other())));
        }
        if is_class(node, "RegionGrid") {
            return Ok(Some(Grid::Region(other())));
        }
        if is_class(node, "ZonedGrid") {
            let mut z = ZonedGrid::default();
            for c in node.children().filter(Node::is_element) {
                let cpath = Self::child_path(path, c);
                if is_class(c, "Zone") {
                    z.zones.push(self.zone(c, &cpath, depth)?);
                } else if let Some(g) = self.grid(c, &cpath, depth + 1)? {
                    z.background = Some(Box::new(g));
                }
            }
            return Ok(Some(Grid::Zoned(z)));
        }
        let cls = node.tag_name().name();
        if simple(cls).ends_with("Grid") {
            return Ok(Some(Grid::Unknown(other())));
        }
        Ok(None)
    }

    fn zone(&self, node: Node, path: &str, depth: usize) -> Result<Zone, VassalError> {
        let mut grid = None;
        for c in node.children().filter(Node::is_element) {
            if let Some(g) = self.grid(c, &Self::child_path(path, c), depth + 1)? {
                grid = Some(Box::new(g));
            }
        }
        Ok(Zone {
            name: attr(node, "name").unwrap_or("").to_string(),
            path: Polygon::parse(attr(node, "path").unwrap_or("")),
            location_format: attr(node, "locationFormat").unwrap_or("$name$").to_string(),
            use_parent_grid: attr(node, "useParentGrid") == Some("true"),
            grid,
        })
    }

    fn hex_grid(&self, node: Node, path: &str) -> Result<HexGrid, VassalError> {
        let mut g = HexGrid::default();
        // Xerces hands VASSAL the attributes sorted by name, so `dx` is set before `dy`;
        // setting `dy` recomputes `dx` when `dx` still equals the default width.
        if let Some(dx) = self.double(node, path, "dx")? {
            g.dx = dx;
        }
        if let Some(dy) = self.double(node, path, "dy")? {
            g.dy = dy;
            if g.dx == DEFAULT_HEX_WIDTH {
                g.dx = SQRT3_2 * dy;
            }
        }
        for (name, v) in [("dx", g.dx), ("dy", g.dy)] {
            if v <= 0.0 || v > 1.0e6 {
                let raw = attr(node, name).unwrap_or("");
                return Err(self.attr_err(
                    path,
                    name,
                    raw,
                    "is not a hex size (positive, below 1000000)",
                ));
            }
        }
        g.origin = Point::new(
            self.int(node, path, "x0", 0)?,
            self.int(node, path, "y0", 32)?,
        );
        g.sideways = java_bool(attr(node, "sideways"), false);
        g.snap_to = java_bool(attr(node, "snapTo"), true);
        g.edges_legal = java_bool(attr(node, "edgesLegal"), false);
        g.corners_legal = java_bool(attr(node, "cornersLegal"), false);
        g.visible = java_bool(attr(node, "visible"), false);
        g.dots_visible = java_bool(attr(node, "dotsVisible"), false);
        g.color = attr(node, "color").unwrap_or("0,0,0").to_string();
        g.snap_scale = self.int(node, path, "snapscale", 0)?;
        for c in node.children().filter(Node::is_element) {
            let cpath = Self::child_path(path, c);
            if is_class(c, "HexGridNumbering") {
                g.numbering = Some(self.numbering(c, &cpath)?);
            } else if simple(c.tag_name().name()).ends_with("Numbering") {
                g.other_numbering = Some(c.tag_name().name().to_string());
            }
        }
        Ok(g)
    }

    fn numbering(&self, node: Node, path: &str) -> Result<HexGridNumbering, VassalError> {
        let d = HexGridNumbering::default();
        let ch = |name: &str, default: char| -> char {
            attr(node, name)
                .and_then(|v| v.chars().next())
                .unwrap_or(default)
        };
        let n = HexGridNumbering {
            first: ch("first", d.first),
            sep: attr(node, "sep").unwrap_or("").to_string(),
            h_type: ch("hType", d.h_type),
            v_type: ch("vType", d.v_type),
            h_leading: self.int(node, path, "hLeading", d.h_leading)?,
            v_leading: self.int(node, path, "vLeading", d.v_leading)?,
            h_off: self.int(node, path, "hOff", d.h_off)?,
            v_off: self.int(node, path, "vOff", d.v_off)?,
            h_descend: java_bool(attr(node, "hDescend"), false),
            v_descend: java_bool(attr(node, "vDescend"), false),
            stagger: java_bool(attr(node, "stagger"), true),
            location_format: attr(node, "locationFormat")
                .unwrap_or(&d.location_format)
                .to_string(),
            visible: java_bool(attr(node, "visible"), false),
        };
        for (name, v) in [("hLeading", n.h_leading), ("vLeading", n.v_leading)] {
            if !(-1..=64).contains(&v) {
                let raw = attr(node, name).unwrap_or("");
                return Err(self.attr_err(
                    path,
                    name,
                    raw,
                    "is not a number of leading zeros (-1 to 64)",
                ));
            }
        }
        Ok(n)
    }
}

fn slot(node: Node, palette: &[String]) -> PieceSlotDef {
    PieceSlotDef {
        entry_name: non_blank(attr(node, "entryName")),
        gpid: attr(node, "gpid").unwrap_or("").to_string(),
        text: text_of(node),
        palette_path: palette.to_vec(),
    }
}
