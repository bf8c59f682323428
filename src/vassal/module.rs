//! Opening a module (`.vmod`), and where boards sit on a map.

use std::collections::HashMap;
use std::path::Path;

use super::archive::{Archive, Limits, check_relative_name};
use super::buildfile::{
    BoardDef, BuildFile, MapDef, PieceSlotDef, PredefinedSetupDef, SetupStackDef,
};
use super::error::VassalError;
use super::grid::{Point, Size};
use super::image::image_size;
use super::piece::Piece;
use super::save::{BoardPlacement, SavedGame, parse_board_setup};

/// The module's `moduledata` entry (written by VASSAL 3.1 and later).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleData {
    /// `<name>`.
    pub name: String,
    /// `<version>`.
    pub version: String,
    /// `<VassalVersion>`.
    pub vassal_version: String,
    /// `<description>`.
    pub description: String,
}

/// Bytes read from the head of a board image to measure it.
const IMAGE_HEADER_BYTES: usize = 4 * 1024 * 1024;

/// An opened VASSAL module.
#[derive(Debug)]
pub struct Module {
    archive: Archive,
    build_entry: String,
    build: BuildFile,
    metadata: Option<ModuleData>,
}

impl Module {
    /// Opens a module with the default [`Limits`].
    pub fn open(path: &Path) -> Result<Module, VassalError> {
        Self::open_with_limits(path, Limits::default())
    }

    /// Opens a module: checks the archive, reads and parses the build file
    /// (`buildFile.xml`, else the older `buildFile`) and `moduledata`, checks that every
    /// board image exists under `images/` and measures it.
    pub fn open_with_limits(path: &Path, limits: Limits) -> Result<Module, VassalError> {
        Self::from_archive(Archive::open(path, limits)?)
    }

    /// Opens a module held in memory; `label` names it in errors.
    pub fn from_bytes(label: &str, bytes: Vec<u8>, limits: Limits) -> Result<Module, VassalError> {
        Self::from_archive(Archive::from_bytes(label, bytes, limits)?)
    }

    fn from_archive(mut archive: Archive) -> Result<Module, VassalError> {
        let build_entry = if archive.contains("buildFile.xml") {
            "buildFile.xml"
        } else if archive.contains("buildFile") {
            "buildFile"
        } else {
            return Err(VassalError::MissingEntry {
                file: archive.label().to_string(),
                entry: "buildFile.xml".into(),
                detail: " (nor 'buildFile'): not a VASSAL module".into(),
            });
        };
        let xml = archive.read_text(build_entry)?;
        let mut build = BuildFile::parse(&xml, archive.label(), build_entry)?;
        let metadata = if archive.contains("moduledata") {
            let text = archive.read_text("moduledata")?;
            Some(parse_moduledata(&text, archive.label())?)
        } else {
            None
        };
        for map in &mut build.maps {
            for board in &mut map.boards {
                let Some(img) = &board.image else { continue };
                let entry = format!("images/{img}");
                if !archive.contains(&entry) {
                    board.image_missing = true;
                    continue;
                }
                let head = archive.read_prefix(&entry, IMAGE_HEADER_BYTES)?;
                board.image_size = image_size(&head);
            }
        }
        Ok(Module {
            archive,
            build_entry: build_entry.to_string(),
            build,
            metadata,
        })
    }

    /// How the module is named in errors (its path).
    pub fn label(&self) -> &str {
        self.archive.label()
    }

    /// The build file's entry name (`buildFile.xml` or `buildFile`).
    pub fn build_entry(&self) -> &str {
        &self.build_entry
    }

    /// The parsed build file.
    pub fn build_file(&self) -> &BuildFile {
        &self.build
    }

    /// `moduledata`, if the module has it.
    pub fn metadata(&self) -> Option<&ModuleData> {
        self.metadata.as_ref()
    }

    /// The archive's limits (a saved game read for this module uses the same).
    pub fn limits(&self) -> Limits {
        self.archive.limits()
    }

    /// The module's name: `moduledata`'s, else the build file's.
    pub fn name(&self) -> &str {
        match &self.metadata {
            Some(m) if !m.name.is_empty() => &m.name,
            _ => &self.build.name,
        }
    }

    /// The module's version: `moduledata`'s, else the build file's.
    pub fn version(&self) -> &str {
        match &self.metadata {
            Some(m) if !m.version.is_empty() => &m.version,
            _ => &self.build.version,
        }
    }

    /// The error for a use of `board` (of `map`) whose image the module does not hold.
    pub fn missing_image(&self, map: &MapDef, board: &BoardDef) -> Option<VassalError> {
        board.image_missing.then(|| VassalError::MissingEntry {
            file: self.archive.label().to_string(),
            entry: format!("images/{}", board.image.as_deref().unwrap_or_default()),
            detail: format!(
                " (the image of board '{}' of map '{}')",
                board.name, map.name
            ),
        })
    }

    /// The names of the images in `images/` (without the folder), in archive order.
    pub fn image_names(&self) -> Vec<&str> {
        self.archive
            .entries()
            .iter()
            .filter(|e| !e.is_dir)
            .filter_map(|e| e.name.strip_prefix("images/"))
            .filter(|n| !n.is_empty())
            .collect()
    }

    /// Whether `images/<name>` exists.
    pub fn has_image(&self, name: &str) -> bool {
        self.archive.contains(&format!("images/{name}"))
    }

    /// Reads `images/<name>`. The name is validated first ([`check_relative_name`]) so
    /// that a name from the build file or a piece can later be used as a file name.
    pub fn read_image(&mut self, name: &str) -> Result<Vec<u8>, VassalError> {
        check_relative_name(&format!("{}: image name", self.archive.label()), name)?;
        self.archive.read(&format!("images/{name}"))
    }

    /// Reads any entry of the module.
    pub fn read_entry(&mut self, name: &str) -> Result<Vec<u8>, VassalError> {
        self.archive.read(name)
    }

    /// Prototype definitions by name (a later definition of a name replaces an earlier
    /// one, as in VASSAL's `PrototypesContainer`).
    pub fn prototypes(&self) -> HashMap<String, String> {
        self.build
            .prototypes
            .iter()
            .map(|p| (p.name.clone(), p.text.clone()))
            .collect()
    }

    /// Decodes a piece slot's piece with its prototypes expanded.
    pub fn slot_piece(&self, slot: &PieceSlotDef) -> Result<Piece, VassalError> {
        let ctx = format!(
            "{}: piece slot '{}'",
            self.label(),
            slot.entry_name.as_deref().unwrap_or(&slot.gpid)
        );
        let mut p = Piece::from_add_piece(&slot.text, &ctx)?;
        p.expand_prototypes(&self.prototypes(), &ctx)?;
        Ok(p)
    }

    /// Reads a predefined setup's saved game from inside the module.
    pub fn read_setup(&mut self, setup: &PredefinedSetupDef) -> Result<SavedGame, VassalError> {
        let Some(file) = setup
            .file
            .as_deref()
            .filter(|_| setup.use_file && !setup.is_menu)
        else {
            return Err(VassalError::Element {
                file: self.label().to_string(),
                entry: self.build_entry.clone(),
                path: format!("PredefinedSetup '{}'", setup.name),
                message: "starts a new game from no saved file (useFile is off or no file)".into(),
            });
        };
        check_relative_name(
            &format!("{}: predefined setup '{}'", self.label(), setup.name),
            file,
        )?;
        if !self.archive.contains(file) {
            return Err(VassalError::MissingEntry {
                file: self.label().to_string(),
                entry: file.to_string(),
                detail: format!(" (the file of predefined setup '{}')", setup.name),
            });
        }
        let bytes = self.archive.read(file)?;
        let label = format!("{}!{file}", self.label());
        SavedGame::from_bytes(&label, bytes, self.archive.limits())
    }

    /// A predefined setup by name (menus searched).
    pub fn setup(&self, name: &str) -> Option<&PredefinedSetupDef> {
        fn find<'a>(v: &'a [PredefinedSetupDef], name: &str) -> Option<&'a PredefinedSetupDef> {
            v.iter().find_map(|s| {
                if !s.is_menu && s.name == name {
                    Some(s)
                } else {
                    find(&s.children, name)
                }
            })
        }
        find(&self.build.setups, name)
    }

    /// Every palette slot with its piece decoded (prototypes expanded), or the error
    /// that piece gave.
    pub fn palette_pieces(&self) -> Vec<(&PieceSlotDef, Result<Piece, VassalError>)> {
        self.build
            .palette
            .iter()
            .map(|s| (s, self.slot_piece(s)))
            .collect()
    }

    /// Where a map point is: the map (by identifier), the board under it, the point in
    /// board coordinates and the location name VASSAL shows there. Boards are laid out
    /// as [`Module::board_layout`] does (with `save`'s board choice when given).
    /// `Ok(None)` when the map is unknown or the point is off every board.
    pub fn locate(
        &self,
        map_id: &str,
        p: Point,
        save: Option<&SavedGame>,
    ) -> Result<Option<MapLocation<'_>>, VassalError> {
        let Some(map) = self.build.map(map_id) else {
            return Ok(None);
        };
        let layout = self.board_layout(map, save)?;
        Ok(layout.board_point(p).map(|(b, q)| MapLocation {
            map,
            board: b.board,
            board_point: q,
            name: b.board.location_name(q),
        }))
    }

    /// The boards of `map` as laid out for a game: the saved game's `BoardPicker`
    /// choice for that map when `save` has one, else the BoardPicker's default `<setup>`,
    /// else the map's only board if it has exactly one that is not reversible (what
    /// VASSAL picks without asking).
    pub fn board_layout<'a>(
        &self,
        map: &'a MapDef,
        save: Option<&SavedGame>,
    ) -> Result<BoardLayout<'a>, VassalError> {
        BoardLayout::for_map(map, save, self.label(), &self.build_entry)
    }
}

fn parse_moduledata(text: &str, file: &str) -> Result<ModuleData, VassalError> {
    let doc = roxmltree::Document::parse(text).map_err(|e| VassalError::Xml {
        file: file.to_string(),
        entry: "moduledata".into(),
        message: e.to_string(),
    })?;
    let root = doc.root_element();
    let child = |name: &str| -> String {
        root.children()
            .find(|c| c.is_element() && c.tag_name().name() == name)
            .map(|c| c.text().unwrap_or("").trim().to_string())
            .unwrap_or_default()
    };
    Ok(ModuleData {
        name: child("name"),
        version: child("version"),
        vassal_version: child("VassalVersion"),
        description: child("description"),
    })
}

/// Where a map point lies (see [`Module::locate`]).
#[derive(Debug, Clone)]
pub struct MapLocation<'a> {
    /// The map.
    pub map: &'a MapDef,
    /// The board under the point.
    pub board: &'a BoardDef,
    /// The point in that board's coordinates.
    pub board_point: Point,
    /// The location name VASSAL shows there (`None` where the grid gives none).
    pub name: Option<String>,
}

/// A board placed on a map, with its rectangle in map coordinates.
#[derive(Debug, Clone)]
pub struct PlacedBoard<'a> {
    /// The board.
    pub board: &'a BoardDef,
    /// Rotated 180°.
    pub reversed: bool,
    /// Column and row in the layout.
    pub column: i32,
    /// Row in the layout.
    pub row: i32,
    /// Top-left corner in map coordinates (`Board.bounds()` location).
    pub origin: Point,
    /// Size (`Board.bounds()` size).
    pub size: Size,
    /// A board before it in its row or column whose image the module does not hold: its
    /// size, and so this board's origin, is unknown.
    pub after_missing: Option<String>,
}

impl PlacedBoard<'_> {
    /// Whether a map point is on this board (`Rectangle.contains`).
    pub fn contains(&self, p: Point) -> bool {
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        let (x0, y0) = (i64::from(self.origin.x), i64::from(self.origin.y));
        x >= x0
            && y >= y0
            && x < x0 + i64::from(self.size.width)
            && y < y0 + i64::from(self.size.height)
    }

    /// Map point → board point (`p - origin`, then flipped when reversed:
    /// `Board.localCoordinates`).
    pub fn to_board(&self, p: Point) -> Point {
        let mut q = Point::new(
            p.x.wrapping_sub(self.origin.x),
            p.y.wrapping_sub(self.origin.y),
        );
        if self.reversed {
            q = Point::new(
                self.size.width.wrapping_sub(q.x),
                self.size.height.wrapping_sub(q.y),
            );
        }
        q
    }

    /// Board point → map point (`Board.globalCoordinates` then `+ origin`).
    pub fn to_map(&self, p: Point) -> Point {
        let q = if self.reversed {
            Point::new(
                self.size.width.wrapping_sub(p.x),
                self.size.height.wrapping_sub(p.y),
            )
        } else {
            p
        };
        Point::new(
            q.x.wrapping_add(self.origin.x),
            q.y.wrapping_add(self.origin.y),
        )
    }
}

/// The boards of one map laid out as VASSAL lays them out (`Map.setBoardBoundaries`):
/// the map's edge (`edgeWidth`, `edgeHeight`) is left blank at the top-left; a board at
/// layout column `c`, row `r` starts after the widths of the boards at columns `< c`
/// of row `r`, and the heights of the boards at rows `< r` of column `c`.
#[derive(Debug, Clone)]
pub struct BoardLayout<'a> {
    /// The map.
    pub map: &'a MapDef,
    /// The placed boards, in selection order.
    pub boards: Vec<PlacedBoard<'a>>,
}

impl<'a> BoardLayout<'a> {
    /// Lays out `map`'s boards; see [`Module::board_layout`]. `file` and `entry` (the
    /// module and its build file) name the source in errors.
    pub fn for_map(
        map: &'a MapDef,
        save: Option<&SavedGame>,
        file: &str,
        entry: &str,
    ) -> Result<BoardLayout<'a>, VassalError> {
        let from_save = save.and_then(|s| {
            s.boards
                .iter()
                .rev()
                .find(|(m, _)| {
                    *m == map.id()
                        || *m == map.generated_id
                        || (!map.name.is_empty() && *m == map.name)
                })
                .map(|(_, b)| b.clone())
        });
        let placements: Vec<BoardPlacement> = if let Some(b) = from_save {
            b
        } else if let Some(setup) = &map.default_setup {
            parse_board_setup(setup).1
        } else if map.boards.len() == 1 && !map.boards[0].reversible {
            vec![BoardPlacement {
                name: map.boards[0].name.clone(),
                reversed: false,
                column: 0,
                row: 0,
            }]
        } else {
            return Err(VassalError::Element {
                file: file.to_string(),
                entry: entry.to_string(),
                path: format!("Map '{}'", map.id()),
                message: format!(
                    "{} boards and no default board setup: the boards are chosen when a game starts (use a saved game or setup)",
                    map.boards.len()
                ),
            });
        };
        Self::place(map, &placements, file, entry)
    }

    /// Lays out explicit placements (`file`/`entry` name the source in errors).
    pub fn place(
        map: &'a MapDef,
        placements: &[BoardPlacement],
        file: &str,
        entry: &str,
    ) -> Result<BoardLayout<'a>, VassalError> {
        let mut chosen = Vec::new();
        for pl in placements {
            let Some(board) = map.board(&pl.name) else {
                return Err(VassalError::Element {
                    file: file.to_string(),
                    entry: entry.to_string(),
                    path: format!("Map '{}'", map.id()),
                    message: format!("no board named '{}'", pl.name),
                });
            };
            if !(0..=1000).contains(&pl.column) || !(0..=1000).contains(&pl.row) {
                return Err(VassalError::Element {
                    file: file.to_string(),
                    entry: entry.to_string(),
                    path: format!("Map '{}'", map.id()),
                    message: format!(
                        "board '{}' placed at a bad column/row {},{}",
                        pl.name, pl.column, pl.row
                    ),
                });
            }
            chosen.push((board, pl));
        }
        let mut widths: HashMap<(i32, i32), i32> = HashMap::new();
        let mut heights: HashMap<(i32, i32), i32> = HashMap::new();
        let mut missing: HashMap<(i32, i32), &str> = HashMap::new();
        for (b, pl) in &chosen {
            let s = b.size();
            widths.insert((pl.column, pl.row), s.width);
            heights.insert((pl.column, pl.row), s.height);
            if b.image_missing {
                missing.insert((pl.column, pl.row), b.name.as_str());
            }
        }
        let boards = chosen
            .into_iter()
            .map(|(board, pl)| {
                let dx: i64 = (0..pl.column)
                    .map(|x| i64::from(*widths.get(&(x, pl.row)).unwrap_or(&0)))
                    .sum();
                let dy: i64 = (0..pl.row)
                    .map(|y| i64::from(*heights.get(&(pl.column, y)).unwrap_or(&0)))
                    .sum();
                let origin = Point::new(
                    (dx + i64::from(map.edge_width)).clamp(i64::from(i32::MIN), i64::from(i32::MAX))
                        as i32,
                    (dy + i64::from(map.edge_height))
                        .clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
                );
                let before = (0..pl.column)
                    .map(|x| (x, pl.row))
                    .chain((0..pl.row).map(|y| (pl.column, y)));
                let after_missing = before
                    .filter_map(|k| missing.get(&k))
                    .next()
                    .map(|n| n.to_string());
                PlacedBoard {
                    board,
                    reversed: pl.reversed,
                    column: pl.column,
                    row: pl.row,
                    origin,
                    size: board.size(),
                    after_missing,
                }
            })
            .collect();
        Ok(BoardLayout { map, boards })
    }

    /// The board holding a map point and the point in that board's coordinates
    /// (`Map.findBoard`, then `Board.localCoordinates`). `None` off every board.
    pub fn board_point(&self, p: Point) -> Option<(&PlacedBoard<'a>, Point)> {
        let b = self.boards.iter().find(|b| b.contains(p))?;
        Some((b, b.to_board(p)))
    }

    /// A placed board by name.
    pub fn board(&self, name: &str) -> Option<&PlacedBoard<'a>> {
        self.boards.iter().find(|b| b.board.name == name)
    }

    /// Location name VASSAL shows for a map point (`Map.locationName`): the board's
    /// grid name of the point in board coordinates.
    pub fn location_name(&self, p: Point) -> Option<String> {
        let (b, q) = self.board_point(p)?;
        b.board.location_name(q)
    }

    /// Where an at-start stack starts, as `SetupStack.setup` computes it: `None` when its
    /// owning board is not in this layout (VASSAL then does not place it). Returns the
    /// placed board used for the grid, the board point and the map point.
    ///
    /// With `useGridLocation` the position is the grid location's centre on the
    /// owning board (or, without one, the first placed board, else the map's first
    /// board). The map point is the board point plus the owning board's origin, or plus
    /// the map's edge when the stack names no board (as VASSAL does, even if the first
    /// board is not at the top-left).
    ///
    /// A grid location the grid cannot read is an error here; VASSAL itself warns and
    /// falls back to the stack's `x`/`y`, which the caller can do with the stack's
    /// fields.
    pub fn setup_stack_position(
        &self,
        stack: &SetupStackDef,
    ) -> Result<Option<(&'a BoardDef, Point, Point)>, VassalError> {
        let grid_board: Option<&'a BoardDef> = match &stack.owning_board {
            Some(name) => match self.board(name) {
                Some(b) => Some(b.board),
                None => return Ok(None),
            },
            None => self
                .boards
                .first()
                .map(|b| b.board)
                .or_else(|| self.map.boards.first()),
        };
        let mut pos = Point::new(stack.x, stack.y);
        if stack.use_grid_location
            && let Some(loc) = stack.location.as_deref().filter(|l| !l.is_empty())
            && let Some(b) = grid_board
            && b.grid.is_some()
        {
            pos = b.location(loc)?;
        }
        let map_point = match &stack.owning_board {
            Some(name) => match self.board(name) {
                Some(pb) => Point::new(
                    pos.x.wrapping_add(pb.origin.x),
                    pos.y.wrapping_add(pb.origin.y),
                ),
                None => return Ok(None),
            },
            None => Point::new(
                pos.x.wrapping_add(self.map.edge_width),
                pos.y.wrapping_add(self.map.edge_height),
            ),
        };
        match grid_board {
            Some(b) => Ok(Some((b, pos, map_point))),
            None => Ok(None),
        }
    }
}
