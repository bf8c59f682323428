//! The draft's map laid on the module's hex grid.
//!
//! VASSAL's `HexGrid` counts raw columns from its origin `x0` in steps of `dx` and raw rows
//! from `y0` in steps of `dy`, odd raw columns half a hex lower. Musket's map numbers columns
//! and rows from 1, even columns half a hex lower. So draft column `k` is raw column
//! `c0 + k - 1` with `c0` even, and draft row `j` raw row `r0 + j - 1`: the same lattice, so
//! every hex keeps its neighbours and the distance between two hexes is VASSAL's.
//!
//! Where the module's own numbering is the draft's labels (columns then rows, two digits,
//! nothing between, first column odd, no stagger…) `c0` and `r0` are chosen so that they are
//! (`hex == location`); otherwise the draft is cut tight around the board and every hex keeps
//! the module's name in `map.labels`.
//!
//! A sideways grid (pointy-top hexes) is the same computation with x and y exchanged, as
//! VASSAL computes it: the lattice works in the grid's axes, its raw columns run down the
//! board, and the draft is a pointy-top map whose printed rows are those raw columns (Musket
//! keeps a pointy-top map as the flat-top one across the diagonal: `rules::hex`).

use std::collections::BTreeMap;

use crate::rules::hex::{Coord, Numbering, Orientation};
use crate::rules::scenario::{GridFit, MAX_MAP_SIDE};
use crate::vassal::{BoardDef, Grid, HexGrid, Point, Size};

/// The draft's grid: which raw column and row its `0101` is, its size, and how hexes are
/// named.
#[derive(Debug, Clone)]
pub struct Lattice<'a> {
    /// The board.
    pub board: &'a BoardDef,
    /// The hex grid the draft follows.
    pub grid: &'a HexGrid,
    /// The zone whose grid it is, for a zoned board.
    pub zone: Option<String>,
    /// Raw column of draft column 1 (even).
    pub c0: i32,
    /// Raw row of draft row 1.
    pub r0: i32,
    /// Draft columns.
    pub columns: i32,
    /// Draft rows.
    pub rows: i32,
    /// The draft's labels are the module's own names.
    pub identity: bool,
    /// The module's names of the draft's hexes, by draft label (when not `identity`).
    pub names: BTreeMap<String, String>,
}

/// A zone of a zoned board: its name and bounding box (x, y, width, height).
pub type ZoneBox<'a> = Option<(&'a str, (i32, i32, i32, i32))>;

/// The area whose hexes make the draft: the board, or a zone's bounding box on it.
#[derive(Debug, Clone, Copy)]
struct Area {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

impl<'a> Lattice<'a> {
    /// The lattice of `grid` (the board's hex grid, or one zone's) over `board`, taking in the
    /// raw hexes `extra` (the pieces' hexes) as well as every hex whose centre is on the area.
    pub fn new(
        board: &'a BoardDef,
        grid: &'a HexGrid,
        zone: ZoneBox<'_>,
        extra: &[(i32, i32)],
    ) -> Result<Lattice<'a>, String> {
        if !(grid.dx.is_finite() && grid.dy.is_finite() && grid.dx >= 1.0 && grid.dy >= 1.0) {
            return Err(format!(
                "board '{}': hex grid spacing dx={} dy={} (at least 1 pixel each is needed)",
                board.name, grid.dx, grid.dy
            ));
        }
        let size = board.size();
        let area = match zone {
            Some((_, (x, y, w, h))) => clip(Area { x, y, w, h }, size),
            None => Area {
                x: 0,
                y: 0,
                w: size.width,
                h: size.height,
            },
        };
        // A sideways grid computes with x and y exchanged (VASSAL's `rotateIfSideways`): its
        // raw columns run down the board. The lattice works in the grid's own axes.
        let area = if grid.sideways { area.swapped() } else { area };
        let (across, down) = (f64::from(area.w) / grid.dx, f64::from(area.h) / grid.dy);
        if across > MAX_MAP_SIDE as f64 + 2.0 || down > MAX_MAP_SIDE as f64 + 2.0 {
            let (w, h) = if grid.sideways {
                (area.h, area.w)
            } else {
                (area.w, area.h)
            };
            return Err(format!(
                "board '{}': about {across:.0}×{down:.0} hexes (dx={} dy={} on {w}×{h} pixels), \
                 more than the {MAX_MAP_SIDE} a map side may have",
                board.name, grid.dx, grid.dy
            ));
        }
        let board_hexes = centres_in(grid, area);
        let mut hexes = board_hexes.clone();
        hexes.extend_from_slice(extra);
        let Some(bounds) = bounding(&hexes) else {
            return Err(format!(
                "board '{}': no hex of its grid has its centre on the board ({}×{} pixels, \
                 dx={} dy={})",
                board.name, size.width, size.height, grid.dx, grid.dy
            ));
        };
        let mut lat = Lattice {
            board,
            grid,
            zone: zone.map(|(n, _)| n.to_string()),
            c0: 0,
            r0: 0,
            columns: 0,
            rows: 0,
            identity: false,
            names: BTreeMap::new(),
        };
        if !lat.try_identity(&board_hexes, extra) {
            lat.fit_tight(bounds)?;
        }
        Ok(lat)
    }

    /// Numbered as the module numbers: `c0 = 1 - hOff`, `r0 = 1 - vOff`, kept only if every
    /// hex's name is then its label. The board's edge hexes the module numbers below 1 (a
    /// half hex above row 01) are left out; a piece on one rules it out.
    fn try_identity(&mut self, board: &[(i32, i32)], pieces: &[(i32, i32)]) -> bool {
        let Some(n) = self.grid.numbering.as_ref() else {
            return false;
        };
        let (c0, r0) = (1 - n.h_off, 1 - n.v_off);
        if c0 % 2 != 0 || pieces.iter().any(|&(c, r)| c < c0 || r < r0) {
            return false;
        }
        // A numbering that starts far from the board's first hex (a board numbered from column
        // 58) would make the draft cover the numbers, not the board: it is cut tight instead,
        // the printed numbers kept as labels. One edge column or row before the board's first
        // whole hex may be numbered.
        let Some((bcmin, _, brmin, _)) = bounding(board) else {
            return false;
        };
        if c0 < bcmin - 2 || r0 < brmin - 1 {
            return false;
        }
        let kept: Vec<(i32, i32)> = board
            .iter()
            .chain(pieces)
            .copied()
            .filter(|&(c, r)| c >= c0 && r >= r0)
            .collect();
        let Some((_, cmax, _, rmax)) = bounding(&kept) else {
            return false;
        };
        let (columns, rows) = (cmax - c0 + 1, rmax - r0 + 1);
        if i64::from(columns) > MAX_MAP_SIDE || i64::from(rows) > MAX_MAP_SIDE {
            return false;
        }
        (self.c0, self.r0, self.columns, self.rows) = (c0, r0, columns, rows);
        // On a zone, the draft's rectangle takes in hexes whose centre is outside the zone (an
        // edge row or column the zone's edge cuts, odd columns half a hex lower): those carry
        // another zone's name or none, and are the zone's edge half-hexes, not a numbering
        // that differs.
        let all_named = self.hexes().filter(|&c| self.in_zone(c)).all(|c| {
            let label = self.label(c);
            self.module_name(c).is_some_and(|name| name == label)
        });
        self.identity = all_named;
        all_named
    }

    /// Cut tight around the hexes (`c0` made even), every hex's module name kept.
    fn fit_tight(&mut self, (cmin, cmax, rmin, rmax): (i32, i32, i32, i32)) -> Result<(), String> {
        let c0 = if cmin % 2 == 0 { cmin } else { cmin - 1 };
        let (columns, rows) = (cmax - c0 + 1, rmax - rmin + 1);
        if i64::from(columns) > MAX_MAP_SIDE || i64::from(rows) > MAX_MAP_SIDE {
            return Err(format!(
                "board '{}': {columns}×{rows} hexes, more than the {MAX_MAP_SIDE} a map side may have",
                self.board.name
            ));
        }
        (self.c0, self.r0, self.columns, self.rows) = (c0, rmin, columns, rows);
        self.identity = false;
        let names: BTreeMap<String, String> = self
            .hexes()
            .filter_map(|c| Some((self.label(c), self.module_name(c)?)))
            .filter(|(_, n)| !n.trim().is_empty() && !n.chars().any(char::is_control))
            .map(|(l, n)| (l, n.chars().take(64).collect()))
            .collect();
        self.names = names;
        Ok(())
    }

    /// Every hex of the draft, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = Coord> + '_ {
        (1..=self.columns).flat_map(move |col| (1..=self.rows).map(move |row| Coord { col, row }))
    }

    /// The draft's orientation: pointy-top for a sideways grid, whose lattice is the
    /// flat-top one with x and y exchanged, as Musket keeps a pointy-top map.
    pub fn orientation(&self) -> Orientation {
        if self.grid.sideways {
            Orientation::Pointy
        } else {
            Orientation::Flat
        }
    }

    /// How the draft names its hexes: printed columns and rows (a sideways grid's raw columns
    /// are the draft's printed rows).
    pub fn numbering(&self) -> Numbering {
        let o = self.orientation();
        let (c, r) = o.size(self.columns as u32, self.rows as u32);
        Numbering::new(o, c, r)
    }

    /// The draft's label of a hex.
    pub fn label(&self, c: Coord) -> String {
        self.numbering().label(c)
    }

    /// The board point of a draft hex's centre (as VASSAL computes it).
    pub fn centre(&self, c: Coord) -> Point {
        let p = self
            .grid
            .hex_center_from_raw_index(self.c0 + c.col - 1, self.r0 + c.row - 1);
        if self.grid.sideways {
            Point::new(p.y, p.x)
        } else {
            p
        }
    }

    /// Whether a draft hex's centre is in the draft's zone (always, on a board without zones).
    fn in_zone(&self, c: Coord) -> bool {
        let Some(zone) = &self.zone else {
            return true;
        };
        let at = self
            .board
            .grid
            .as_ref()
            .and_then(|g| g.zone_at(self.centre(c)));
        at.is_some_and(|z| z.name == *zone)
    }

    /// The name VASSAL shows at a draft hex's centre.
    pub fn module_name(&self, c: Coord) -> Option<String> {
        self.board.location_name(self.centre(c))
    }

    /// The draft hex holding a board point, by the raw column and row VASSAL's naming uses
    /// (`None` off the draft).
    pub fn hex_of(&self, p: Point) -> Option<Coord> {
        let c = Coord {
            col: self.grid.raw_column(p) - self.c0 + 1,
            row: self.grid.raw_row(p) - self.r0 + 1,
        };
        (c.col >= 1 && c.row >= 1 && c.col <= self.columns && c.row <= self.rows).then_some(c)
    }

    /// The fit of the draft's grid to the board image: the centre of `0101`, and the spacing.
    pub fn fit(&self) -> GridFit {
        let g = self.grid;
        let (along, down) = (
            f64::from(g.origin.x) + f64::from(self.c0) * g.dx,
            f64::from(g.origin.y) + f64::from(self.r0) * g.dy,
        );
        if g.sideways {
            // The grid's columns run down the board: a pointy-top fit's rows are `dx` apart,
            // the hexes of a row `dy`.
            GridFit {
                x0: down,
                y0: along,
                dx: g.dy,
                dy: g.dx,
            }
        } else {
            GridFit {
                x0: along,
                y0: down,
                dx: g.dx,
                dy: g.dy,
            }
        }
    }
}

/// The raw hex of a board point on `grid`.
pub fn raw_hex(grid: &HexGrid, p: Point) -> (i32, i32) {
    (grid.raw_column(p), grid.raw_row(p))
}

/// The hex grids of a board: its own, or each zone's (with the zone's name and bounds) and the
/// background's.
pub fn hex_grids(board: &BoardDef) -> Vec<(ZoneBox<'_>, &HexGrid)> {
    let mut out = Vec::new();
    match &board.grid {
        Some(Grid::Hex(h)) => out.push((None, h)),
        Some(Grid::Zoned(z)) => {
            for zone in &z.zones {
                let g = if zone.use_parent_grid {
                    z.background.as_deref()
                } else {
                    zone.grid.as_deref()
                };
                if let Some(Grid::Hex(h)) = g {
                    out.push((Some((zone.name.as_str(), zone.path.bounds())), h));
                }
            }
            if let Some(Grid::Hex(h)) = z.background.as_deref() {
                out.push((None, h));
            }
        }
        _ => {}
    }
    out
}

impl Area {
    /// The same area with x and y exchanged (a sideways grid's axes).
    fn swapped(self) -> Area {
        Area {
            x: self.y,
            y: self.x,
            w: self.h,
            h: self.w,
        }
    }
}

fn clip(a: Area, size: Size) -> Area {
    let x = a.x.max(0);
    let y = a.y.max(0);
    let x1 = (a.x.saturating_add(a.w)).min(size.width);
    let y1 = (a.y.saturating_add(a.h)).min(size.height);
    Area {
        x,
        y,
        w: (x1 - x).max(0),
        h: (y1 - y).max(0),
    }
}

/// The raw hexes whose centre lies on `area` (at most a few million: the board's size is
/// bounded by the image limits, and the spacing is at least a pixel).
fn centres_in(grid: &HexGrid, area: Area) -> Vec<(i32, i32)> {
    if area.w <= 0 || area.h <= 0 {
        return Vec::new();
    }
    let (ox, oy) = (f64::from(grid.origin.x), f64::from(grid.origin.y));
    let cmin = ((f64::from(area.x) - ox) / grid.dx).floor() as i32 - 1;
    let cmax = ((f64::from(area.x + area.w) - ox) / grid.dx).ceil() as i32 + 1;
    let rmin = ((f64::from(area.y) - oy) / grid.dy).floor() as i32 - 1;
    let rmax = ((f64::from(area.y + area.h) - oy) / grid.dy).ceil() as i32 + 1;
    let inside =
        |p: Point| p.x >= area.x && p.y >= area.y && p.x < area.x + area.w && p.y < area.y + area.h;
    let mut out = Vec::new();
    for c in cmin..=cmax {
        for r in rmin..=rmax {
            if inside(grid.hex_center_from_raw_index(c, r)) {
                out.push((c, r));
            }
        }
    }
    out
}

fn bounding(hexes: &[(i32, i32)]) -> Option<(i32, i32, i32, i32)> {
    let first = hexes.first()?;
    Some(hexes.iter().fold(
        (first.0, first.0, first.1, first.1),
        |(c0, c1, r0, r1), &(c, r)| (c0.min(c), c1.max(c), r0.min(r), r1.max(r)),
    ))
}
