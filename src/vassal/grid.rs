//! VASSAL's map grids, and an exact port of the geometry and naming of its hex grid
//! (`HexGrid`, `HexGridNumbering`/`RegularGridNumbering`, `ZonedGrid`, `Zone`).
//!
//! All points are in *board* coordinates (pixels from the board image's top-left corner),
//! as VASSAL's grids use them. Integer arithmetic wraps and float-to-int casts saturate,
//! as in Java, so no input panics.
//!
//! Some Java formulas look odd (for example `getMaxRows` divides the container's height
//! by the hex *width*); they are kept as they are because VASSAL names hexes with them.

use super::error::VassalError;
use super::sequence::Decoder;

/// A point in pixels (Java `java.awt.Point`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

impl Point {
    /// The point (`x`, `y`).
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }
}

/// A size in pixels (Java `java.awt.Dimension`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Size {
    pub width: i32,
    pub height: i32,
}

impl Size {
    /// The size `width` × `height`.
    pub const fn new(width: i32, height: i32) -> Size {
        Size { width, height }
    }
}

/// `sqrt(3) / 2`, as Java computes it.
pub const SQRT3_2: f64 = 0.866_025_403_784_438_6;
/// HexGrid's default hex height (`dy`).
pub const DEFAULT_HEX_HEIGHT: f64 = 64.0;
/// HexGrid's default hex width (`dx`): `sqrt3_2 * 64`.
pub const DEFAULT_HEX_WIDTH: f64 = SQRT3_2 * DEFAULT_HEX_HEIGHT;

/// Java `Math.round(double)`: nearest integer, ties towards positive infinity.
fn jround(v: f64) -> i64 {
    let f = v.floor();
    let r = if v - f >= 0.5 { f + 1.0 } else { f };
    r as i64
}

/// Java `Math.round(float)`.
fn jroundf(v: f32) -> i32 {
    let f = v.floor();
    let r = if v - f >= 0.5 { f + 1.0 } else { f };
    r as i32
}

/// A polygon with integer vertices (Java `java.awt.Polygon`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Polygon {
    pub points: Vec<Point>,
}

impl Polygon {
    /// Parses VASSAL's `x,y;x,y;...` path (Zone `path`, `PolygonEditor.stringToPolygon`):
    /// pairs that are not two integers are skipped, as in Java.
    pub fn parse(path: &str) -> Polygon {
        let mut points = Vec::new();
        let mut sd = Decoder::new(path, ';');
        while let Some(s) = sd.next_token() {
            let mut pd = Decoder::new(s.as_str(), ',');
            let Some(xs) = pd.next_token() else { continue };
            let Some(x) = super::sequence::parse_java_int(xs.trim()) else {
                continue;
            };
            let Some(ys) = pd.next_token() else { continue };
            let Some(y) = super::sequence::parse_java_int(ys.trim()) else {
                continue;
            };
            points.push(Point::new(x, y));
        }
        Polygon { points }
    }

    /// The bounding box as (min x, min y, width, height) (Java `getBounds`).
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        if self.points.is_empty() {
            return (0, 0, 0, 0);
        }
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for p in &self.points {
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
        }
        (x0, y0, x1.wrapping_sub(x0), y1.wrapping_sub(y0))
    }

    /// Java `Polygon.contains(double, double)`: even-odd rule, a point on a left or top
    /// edge is inside, on a right or bottom edge outside.
    pub fn contains(&self, p: Point) -> bool {
        let n = self.points.len();
        if n <= 2 {
            return false;
        }
        let (bx, by, bw, bh) = self.bounds();
        let (x, y) = (f64::from(p.x), f64::from(p.y));
        let (bx, by) = (f64::from(bx), f64::from(by));
        if !(x >= bx && y >= by && x < bx + f64::from(bw) && y < by + f64::from(bh)) {
            return false;
        }
        let mut hits = 0;
        let mut last = self.points[n - 1];
        for &cur in &self.points {
            let (lastx, lasty, curx, cury) = (last.x, last.y, cur.x, cur.y);
            last = cur;
            if cury == lasty {
                continue;
            }
            let leftx = if curx < lastx {
                if x >= f64::from(lastx) {
                    continue;
                }
                curx
            } else {
                if x >= f64::from(curx) {
                    continue;
                }
                lastx
            };
            let (test1, test2);
            if cury < lasty {
                if y < f64::from(cury) || y >= f64::from(lasty) {
                    continue;
                }
                if x < f64::from(leftx) {
                    hits += 1;
                    continue;
                }
                test1 = x - f64::from(curx);
                test2 = y - f64::from(cury);
            } else {
                if y < f64::from(lasty) || y >= f64::from(cury) {
                    continue;
                }
                if x < f64::from(leftx) {
                    hits += 1;
                    continue;
                }
                test1 = x - f64::from(lastx);
                test2 = y - f64::from(lasty);
            }
            if test1
                < (test2 / (f64::from(lasty) - f64::from(cury))
                    * (f64::from(lastx) - f64::from(curx)))
            {
                hits += 1;
            }
        }
        hits & 1 != 0
    }
}

/// Numbering type of one axis: `'N'` numerical or `'A'` alphabetic (`A`..`Z`, `AA`, `BB`…).
pub type AxisType = char;

/// `HexGridNumbering` (with `RegularGridNumbering`'s attributes), defaults as in Java.
#[derive(Debug, Clone, PartialEq)]
pub struct HexGridNumbering {
    /// `first`: `'H'` names the column first, `'V'` the row first.
    pub first: char,
    /// `sep`: text between the two parts.
    pub sep: String,
    /// `hType`: column numbering, `'N'` or `'A'`.
    pub h_type: AxisType,
    /// `vType`: row numbering, `'N'` or `'A'`.
    pub v_type: AxisType,
    /// `hLeading`: leading zeros of numeric columns (1 pads to two digits).
    pub h_leading: i32,
    /// `vLeading`: leading zeros of numeric rows.
    pub v_leading: i32,
    /// `hOff`: added to the column index.
    pub h_off: i32,
    /// `vOff`: added to the row index.
    pub v_off: i32,
    /// `hDescend`: columns numbered right to left.
    pub h_descend: bool,
    /// `vDescend`: rows numbered bottom to top.
    pub v_descend: bool,
    /// `stagger`: odd columns' rows shifted by one.
    pub stagger: bool,
    /// `locationFormat`: how the name is shown; `$gridLocation$`, `$row$`, `$column$`.
    pub location_format: String,
    /// `visible`: numbers drawn on the map.
    pub visible: bool,
}

impl Default for HexGridNumbering {
    fn default() -> Self {
        HexGridNumbering {
            first: 'H',
            sep: String::new(),
            h_type: 'N',
            v_type: 'N',
            h_leading: 1,
            v_leading: 1,
            h_off: 1,
            v_off: 1,
            h_descend: false,
            v_descend: false,
            stagger: true,
            location_format: "$gridLocation$".into(),
            visible: false,
        }
    }
}

/// Longest leading-zero padding honoured (Java has no bound; beyond this it is absurd).
const MAX_LEADING: i32 = 64;
/// Longest alphabetic axis name produced (`AAAA…`); beyond this the point is absurd.
const MAX_ALPHA_LEN: i64 = 1000;

impl HexGridNumbering {
    /// `RegularGridNumbering.getName(int, char, int)`: one axis's name. `None` only for
    /// absurd values (alphabetic names longer than 1000 letters).
    pub fn axis_name(value: i32, kind: AxisType, leading: i32) -> Option<String> {
        let mut val = String::new();
        if value < 0 {
            val.push('-');
        }
        let mut v = i64::from(value).abs();
        if kind == 'A' {
            if v / 26 > MAX_ALPHA_LEN {
                return None;
            }
            const ALPHABET: &[u8; 26] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
            loop {
                val.push(ALPHABET[(v % 26) as usize] as char);
                v -= 26;
                if v < 0 {
                    break;
                }
            }
            return Some(val);
        }
        let mut leading = leading.min(MAX_LEADING);
        while leading > 0 {
            let bound = 10f64.powi(leading);
            leading -= 1;
            if (v as f64) < bound {
                val.push('0');
            } else {
                break;
            }
        }
        val.push_str(&v.to_string());
        Some(val)
    }

    /// `RegularGridNumbering.parseName`: an axis name back to its value.
    pub fn parse_axis(name: &str, kind: AxisType) -> Option<i32> {
        if kind == 'A' {
            let chars: Vec<char> = name.chars().collect();
            let mut index = 0;
            let mut negative = false;
            let mut value: i64 = 0;
            if name.starts_with('-') {
                negative = true;
                index += 1;
            }
            while index < chars.len() && chars[index].is_uppercase() {
                if index < chars.len() - 1 {
                    value += 26;
                } else {
                    value += "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                        .find(chars[index])
                        .map_or(-1, |i| i as i64);
                }
                index += 1;
            }
            if negative {
                value = -value;
            }
            i32::try_from(value).ok()
        } else {
            super::sequence::parse_java_int(name)
        }
    }

    /// `RegularGridNumbering.getName(row, column)`: the `$gridLocation$` text.
    pub fn grid_location(&self, row: i32, column: i32) -> Option<String> {
        let row_name = Self::axis_name(row.wrapping_add(self.v_off), self.v_type, self.v_leading)?;
        let col_name =
            Self::axis_name(column.wrapping_add(self.h_off), self.h_type, self.h_leading)?;
        Some(if self.first == 'H' {
            format!("{col_name}{}{row_name}", self.sep)
        } else {
            format!("{row_name}{}{col_name}", self.sep)
        })
    }
}

/// `HexGrid` with the attributes VASSAL reads and its defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct HexGrid {
    /// `dx`: distance between column centres (the hex width times 3/4 for a flat grid).
    pub dx: f64,
    /// `dy`: hex height (distance between row centres).
    pub dy: f64,
    /// `x0`, `y0`: centre of hex (0,0), in board pixels. Default (0, 32).
    pub origin: Point,
    /// `sideways`: rows and columns swapped (pointy-top hexes); x and y are exchanged
    /// before and after every computation.
    pub sideways: bool,
    /// `snapTo`: pieces snap to the grid.
    pub snap_to: bool,
    /// `edgesLegal`: pieces may also snap to hex sides.
    pub edges_legal: bool,
    /// `cornersLegal`: pieces may also snap to vertices.
    pub corners_legal: bool,
    /// `visible`: grid lines drawn.
    pub visible: bool,
    /// `dotsVisible`: centre dots drawn.
    pub dots_visible: bool,
    /// `color`, as written (`r,g,b`).
    pub color: String,
    /// `snapscale`: extra snap points inside a hex (0: none).
    pub snap_scale: i32,
    /// The `HexGridNumbering` child, if any.
    pub numbering: Option<HexGridNumbering>,
    /// The class of a numbering child this reader does not port
    /// (`ObliqueHexGridNumbering`), if any.
    pub other_numbering: Option<String>,
}

impl Default for HexGrid {
    fn default() -> Self {
        HexGrid {
            dx: DEFAULT_HEX_WIDTH,
            dy: DEFAULT_HEX_HEIGHT,
            origin: Point::new(0, 32),
            sideways: false,
            snap_to: true,
            edges_legal: false,
            corners_legal: false,
            visible: false,
            dots_visible: false,
            color: "0,0,0".into(),
            snap_scale: 0,
            numbering: None,
            other_numbering: None,
        }
    }
}

/// A hex of a grid: its raw (grid) column and row, the numbered column and row that its
/// name shows (before `hOff`/`vOff`), its centre and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexLocation {
    /// `HexGrid.getRawColumn` of the centre.
    pub raw_column: i32,
    /// `HexGrid.getRawRow` of the centre.
    pub raw_row: i32,
    /// `HexGridNumbering.getColumn` (descending applied), if the grid has numbering.
    pub column: Option<i32>,
    /// `HexGridNumbering.getRow` (descending and stagger applied), if numbered.
    pub row: Option<i32>,
    /// The hex centre, board coordinates.
    pub center: Point,
    /// The name VASSAL shows, if the grid has numbering.
    pub name: Option<String>,
}

impl HexGrid {
    fn rotate_if_sideways(&self, p: Point) -> Point {
        if self.sideways {
            Point::new(p.y, p.x)
        } else {
            p
        }
    }

    /// `HexGrid.getHexCenterFromRawIndex`: the centre of raw column `nx`, raw row `ny` (not
    /// rotated for a sideways grid).
    pub fn hex_center_from_raw_index(&self, nx: i32, ny: i32) -> Point {
        let (dx, dy, o) = (self.dx, self.dy, self.origin);
        let x = (dx * f64::from(nx) + f64::from(o.x)) as i32;
        let y = if nx % 2 == 0 {
            (dy * f64::from(ny) + f64::from(o.y)) as i32
        } else {
            (dy * f64::from(ny) + f64::from((dy / 2.0) as i32) + f64::from(o.y)) as i32
        };
        Point::new(x, y)
    }

    /// `getSingleHexShape(cx, cy, false, false, dx, dy)`: the hex polygon as Java builds
    /// it (float arithmetic, right/bottom vertices pushed out by one pixel).
    fn single_hex_shape(&self, cx: i32, cy: i32) -> Polygon {
        let x = cx as f32;
        let y = cy as f32;
        let delta_x = self.dx as f32;
        let delta_y = self.dy as f32;
        let r = 2.0f32 * delta_x / 3.0f32;
        let x2 = x - 0.5f32 * r;
        let y2 = y - 0.5f32 * delta_y;
        let x3 = x + 0.5f32 * r;
        let y5 = y + 0.5f32 * delta_y;
        let p1 = Point::new(jroundf(x - r), jroundf(y));
        let p2 = Point::new(jroundf(x2), jroundf(y2));
        let p3 = Point::new(jroundf(x3).wrapping_add(1), jroundf(y2));
        let p4 = Point::new(jroundf(x + r).wrapping_add(1), jroundf(y));
        let p5 = Point::new(jroundf(x3).wrapping_add(1), jroundf(y5).wrapping_add(1));
        let p6 = Point::new(jroundf(x2), jroundf(y5).wrapping_add(1));
        Polygon {
            points: vec![p1, p2, p3, p4, p5, p6, p1],
        }
    }

    /// `HexGrid.hexPoint`: the centre of the hex holding an (already rotated) point.
    fn hex_point(&self, x: i32, y: i32) -> Point {
        let (dx, dy, o) = (self.dx, self.dy, self.origin);
        let nx = ((f64::from(x.wrapping_sub(o.x)) + dx / 2.0) / dx).floor() as i32;
        let ny = if nx % 2 == 0 {
            ((f64::from(y.wrapping_sub(o.y)) + dy / 2.0) / dy).floor() as i32
        } else {
            (f64::from(y.wrapping_sub(o.y)) / dy).floor() as i32
        };
        let first = self.hex_center_from_raw_index(nx, ny);
        let (mut x_loc, mut y_loc) = (first.x, first.y);
        let pt = Point::new(x, y);
        if !self.single_hex_shape(x_loc, y_loc).contains(pt) {
            let offsets: [(i32, i32); 4] = if nx % 2 == 0 {
                [(-1, -1), (-1, 0), (1, -1), (1, 0)]
            } else {
                [(-1, 0), (-1, 1), (1, 0), (1, 1)]
            };
            for (ox, oy) in offsets {
                let c = self.hex_center_from_raw_index(nx.wrapping_add(ox), ny.wrapping_add(oy));
                if self.single_hex_shape(c.x, c.y).contains(pt) {
                    x_loc = c.x;
                    y_loc = c.y;
                    break;
                }
            }
        }
        if self.snap_scale > 0 {
            let s = f64::from(self.snap_scale);
            let adjust = |delta: i32, size: f64| -> i32 {
                let mut d = jround(f64::from(delta) / (0.5 * size / s)) as i32;
                d = d.max(1 - self.snap_scale);
                d = d.min(self.snap_scale - 1);
                jround(f64::from(d) * 0.5 * size / s) as i32
            };
            x_loc = x_loc.wrapping_add(adjust(x.wrapping_sub(x_loc), dx));
            y_loc = y_loc.wrapping_add(adjust(y.wrapping_sub(y_loc), dy));
        }
        Point::new(x_loc, y_loc)
    }

    fn side_x(&self, x: i32) -> i32 {
        let (dx, o) = (self.dx, self.origin);
        let n = ((f64::from(x.wrapping_sub(o.x)) + dx / 4.0) * 2.0 / dx).floor() as i32;
        (dx / 2.0 * f64::from(n) + f64::from(o.x)) as i32
    }

    fn side_y(&self, x: i32, y: i32) -> i32 {
        let (dx, dy, o) = (self.dx, self.dy, self.origin);
        let nx = ((f64::from(x.wrapping_sub(o.x)) + dx / 4.0) * 2.0 / dx).floor() as i32;
        if nx % 2 == 0 {
            let n = ((f64::from(y.wrapping_sub(o.y)) + dy / 4.0) * 2.0 / dy).floor() as i32;
            (dy / 2.0 * f64::from(n) + f64::from(o.y)) as i32
        } else {
            let n = (f64::from(y.wrapping_sub(o.y)) * 2.0 / dy).floor() as i32;
            ((dy / 2.0) * f64::from(n) + f64::from((dy / 4.0) as i32) + f64::from(o.y)) as i32
        }
    }

    fn vertex_x(&self, x: i32, y: i32) -> i32 {
        let (dx, dy, o) = (self.dx, self.dy, self.origin);
        let ny = ((f64::from(y.wrapping_sub(o.y)) + dy / 4.0) * 2.0 / dy).floor() as i32;
        if ny % 2 == 0 {
            let n = ((f64::from(x.wrapping_sub(o.x)) + dx / 3.0).floor() * 3.0 / (2.0 * dx)) as i32;
            (2.0 * dx / 3.0 * f64::from(n) + f64::from(o.x)) as i32
        } else {
            let n = ((f64::from(x.wrapping_sub(o.x)) + dx / 3.0 + dx / 3.0).floor() * 3.0
                / (2.0 * dx)) as i32;
            (2.0 * dx / 3.0 * f64::from(n) - f64::from((dx / 3.0) as i32) + f64::from(o.x)) as i32
        }
    }

    fn vertex_y(&self, y: i32) -> i32 {
        let (dy, o) = (self.dy, self.origin);
        let n = ((f64::from(y.wrapping_sub(o.y)) + dy / 4.0) * 2.0 / dy).floor() as i32;
        (dy / 2.0 * f64::from(n) + f64::from(o.y)) as i32
    }

    /// `snapToHex`: the centre of the hex holding `p`.
    pub fn snap_to_hex(&self, p: Point) -> Point {
        let q = self.rotate_if_sideways(p);
        let c = self.hex_point(q.x, q.y);
        self.rotate_if_sideways(c)
    }

    fn snap_to_hex_side(&self, p: Point) -> Point {
        let q = self.rotate_if_sideways(p);
        let mut x = self.side_x(q.x);
        let mut y = self.side_y(q.x, q.y);
        if self.snap_scale > 0 {
            let h = self.hex_point(q.x, q.y);
            if manhattan(q, h) <= manhattan(q, Point::new(x, y)) {
                x = h.x;
                y = h.y;
            }
        }
        self.rotate_if_sideways(Point::new(x, y))
    }

    fn snap_to_hex_vertex(&self, p: Point) -> Point {
        let q = self.rotate_if_sideways(p);
        let mut x = self.vertex_x(q.x, q.y);
        let mut y = self.vertex_y(q.y);
        if self.snap_scale > 0 {
            let h = self.hex_point(q.x, q.y);
            if manhattan(q, h) <= manhattan(q, Point::new(x, y)) {
                x = h.x;
                y = h.y;
            }
        }
        self.rotate_if_sideways(Point::new(x, y))
    }

    /// `HexGrid.snapTo(p, force, centerOnly)`: where VASSAL puts a piece dropped at `p`
    /// (the point itself when the grid does not snap and `force` is false).
    pub fn snap_to(&self, p: Point, force: bool, center_only: bool) -> Point {
        if !self.snap_to && !force {
            return p;
        }
        let center = self.snap_to_hex(p);
        if center_only {
            return center;
        }
        let check = |target: Point| -> Point {
            if dist2(center, target) <= 2 {
                center
            } else {
                target
            }
        };
        if self.edges_legal && self.corners_legal {
            let edge = self.snap_to_hex_side(p);
            let vertex = self.snap_to_hex_vertex(p);
            if dist2(p, edge) < dist2(p, vertex) {
                check(edge)
            } else {
                check(vertex)
            }
        } else if self.edges_legal {
            check(self.snap_to_hex_side(p))
        } else if self.corners_legal {
            check(self.snap_to_hex_vertex(p))
        } else {
            self.snap_to_hex(p)
        }
    }

    /// `HexGrid.getRawColumn`: the grid column of `p` (no numbering applied).
    pub fn raw_column(&self, p: Point) -> i32 {
        let q = self.rotate_if_sideways(p);
        let x = q.x.wrapping_sub(self.origin.x);
        (f64::from(x) / self.dx + 0.5).floor() as i32
    }

    /// `HexGrid.getRawRow`: the grid row of `p` (odd columns are half a hex lower).
    pub fn raw_row(&self, p: Point) -> i32 {
        let q = self.rotate_if_sideways(p);
        let nx = jround(f64::from(q.x.wrapping_sub(self.origin.x)) / self.dx) as i32;
        let yy = f64::from(q.y.wrapping_sub(self.origin.y));
        if nx % 2 == 0 {
            jround(yy / self.dy) as i32
        } else {
            jround((yy - self.dy / 2.0) / self.dy) as i32
        }
    }

    /// `HexGrid.range`: hexes between two points, counted the way VASSAL counts them
    /// (both points snapped, raw columns/rows as odd-q offset coordinates, cube distance).
    pub fn range(&self, p1: Point, p2: Point) -> i32 {
        let a = self.snap_to(p1, false, false);
        let b = self.snap_to(p2, false, false);
        let cube = |p: Point| -> (i64, i64, i64) {
            let col = i64::from(self.raw_column(p));
            let row = i64::from(self.raw_row(p));
            // OffsetCoord.qoffsetToCube(ODD): r = row - (col + ODD * (col & 1)) / 2.
            let q = col;
            let r = row - (col - (col & 1)) / 2;
            (q, r, -q - r)
        };
        let (q1, r1, s1) = cube(a);
        let (q2, r2, s2) = cube(b);
        let d = ((q1 - q2).abs() + (r1 - r2).abs() + (s1 - s2).abs()) / 2;
        i32::try_from(d).unwrap_or(i32::MAX)
    }

    /// `HexGridNumbering.getMaxRows`: `floor(container.height / dx + 0.5)` (sic).
    fn max_rows(&self, container: Size) -> i32 {
        (f64::from(container.height) / self.dx + 0.5).floor() as i32
    }

    /// `HexGridNumbering.getMaxColumns`: `floor(container.width / dy + 0.5)` (sic).
    fn max_columns(&self, container: Size) -> i32 {
        (f64::from(container.width) / self.dy + 0.5).floor() as i32
    }

    /// `HexGridNumbering.getColumn`: the numbered column of `p` (`None` without
    /// numbering). `container` is the board size (or the zone's bounding box size).
    pub fn column(&self, p: Point, container: Size) -> Option<i32> {
        let n = self.numbering.as_ref()?;
        let mut x = self.raw_column(p);
        if n.v_descend && self.sideways {
            x = self.max_rows(container).wrapping_sub(x);
        }
        if n.h_descend && !self.sideways {
            x = self.max_columns(container).wrapping_sub(x);
        }
        Some(x)
    }

    /// `HexGridNumbering.getRow`: the numbered row of `p` (`None` without numbering).
    pub fn row(&self, p: Point, container: Size) -> Option<i32> {
        let n = self.numbering.as_ref()?;
        let mut ny = self.raw_row(p);
        if n.v_descend && !self.sideways {
            ny = self.max_rows(container).wrapping_sub(ny);
        }
        if n.h_descend && self.sideways {
            ny = self.max_columns(container).wrapping_sub(ny);
        }
        if n.stagger && self.raw_column(p) % 2 != 0 {
            let descending = if self.sideways {
                n.h_descend
            } else {
                n.v_descend
            };
            ny = if descending {
                ny.wrapping_sub(1)
            } else {
                ny.wrapping_add(1)
            };
        }
        Some(ny)
    }

    /// `RegularGridNumbering.locationName`: the name VASSAL shows for `p` (e.g. `0512`),
    /// `None` when the grid has no numbering.
    pub fn location_name(&self, p: Point, container: Size) -> Option<String> {
        let n = self.numbering.as_ref()?;
        let row = self.row(p, container)?;
        let col = self.column(p, container)?;
        let grid_location = n.grid_location(row, col)?;
        let row_name =
            HexGridNumbering::axis_name(row.wrapping_add(n.v_off), n.v_type, n.v_leading)?;
        let col_name =
            HexGridNumbering::axis_name(col.wrapping_add(n.h_off), n.h_type, n.h_leading)?;
        Some(expand_format(
            &n.location_format,
            &[
                ("gridLocation", grid_location.as_str()),
                ("row", row_name.as_str()),
                ("column", col_name.as_str()),
            ],
            Unknown::Empty,
        ))
    }

    /// `HexGridNumbering.getCenterPoint(col, row)`: the centre of the hex with numbered
    /// column and row (as [`HexGrid::column`]/[`HexGrid::row`] give them, before
    /// `hOff`/`vOff`). `None` without numbering.
    pub fn center_point(&self, col: i32, row: i32, container: Size) -> Option<Point> {
        let n = self.numbering.as_ref()?;
        let (mut col, mut row) = (col, row);
        if n.stagger && col % 2 != 0 {
            let descending = if self.sideways {
                n.h_descend
            } else {
                n.v_descend
            };
            row = if descending {
                row.wrapping_add(1)
            } else {
                row.wrapping_sub(1)
            };
        }
        if self.sideways {
            if n.v_descend {
                col = self.max_rows(container).wrapping_sub(col);
            }
            if n.h_descend {
                row = self.max_columns(container).wrapping_sub(row);
            }
        } else {
            if n.h_descend {
                col = self.max_columns(container).wrapping_sub(col);
            }
            if n.v_descend {
                row = self.max_rows(container).wrapping_sub(row);
            }
        }
        let x = ((f64::from(col) * self.dx) as i32).wrapping_add(self.origin.x);
        let y = if col % 2 == 0 {
            (f64::from(row) * self.dy) as i32
        } else {
            (f64::from(row) * self.dy + self.dy / 2.0) as i32
        };
        let y = y.wrapping_add(self.origin.y);
        Some(self.rotate_if_sideways(Point::new(x, y)))
    }

    /// `RegularGridNumbering.getLocation(String)`: the centre of the hex whose name is
    /// `name` (the reverse of [`HexGrid::location_name`]).
    pub fn location(&self, name: &str, container: Size) -> Result<Point, VassalError> {
        let bad = |message: &str| VassalError::BadLocation {
            location: name.to_string(),
            message: message.to_string(),
        };
        let Some(n) = self.numbering.as_ref() else {
            return Err(bad("the grid has no numbering"));
        };
        let col_pat = Segment::axis(n.h_type, n.h_leading).ok_or_else(|| bad("bad hLeading"))?;
        let row_pat = Segment::axis(n.v_type, n.v_leading).ok_or_else(|| bad("bad vLeading"))?;
        let mut segs: Vec<Segment> = Vec::new();
        let (mut col_group, mut row_group) = (None, None);
        let mut groups = 0usize;
        for_each_format_token(&n.location_format, |token, is_property| {
            if !is_property {
                segs.push(Segment::Literal(token.chars().collect()));
            } else if token == "gridLocation" {
                if n.first == 'H' {
                    segs.push(col_pat.clone());
                    groups += 1;
                    col_group = Some(groups);
                    segs.push(Segment::Literal(n.sep.chars().collect()));
                    segs.push(row_pat.clone());
                    groups += 1;
                    row_group = Some(groups);
                } else {
                    segs.push(row_pat.clone());
                    groups += 1;
                    row_group = Some(groups);
                    segs.push(Segment::Literal(n.sep.chars().collect()));
                    segs.push(col_pat.clone());
                    groups += 1;
                    col_group = Some(groups);
                }
            } else if token == "row" {
                segs.push(row_pat.clone());
                groups += 1;
                row_group = Some(groups);
            } else if token == "column" {
                segs.push(col_pat.clone());
                groups += 1;
                col_group = Some(groups);
            }
        });
        let (Some(cg), Some(rg)) = (col_group, row_group) else {
            return Err(bad("the location format names no row and column"));
        };
        let chars: Vec<char> = name.chars().collect();
        let caps = match_segments(&segs, &chars).ok_or_else(|| {
            bad(&format!(
                "does not match the grid's numbering (format '{}')",
                n.location_format
            ))
        })?;
        let text = |g: usize| -> String { caps[g - 1].iter().collect() };
        let row = HexGridNumbering::parse_axis(&text(rg), n.v_type)
            .ok_or_else(|| bad("row out of range"))?;
        let col = HexGridNumbering::parse_axis(&text(cg), n.h_type)
            .ok_or_else(|| bad("column out of range"))?;
        self.center_point(
            col.wrapping_sub(n.h_off),
            row.wrapping_sub(n.v_off),
            container,
        )
        .ok_or_else(|| bad("the grid has no numbering"))
    }

    /// Everything about the hex holding `p`: raw and numbered column/row, centre, name.
    pub fn locate(&self, p: Point, container: Size) -> HexLocation {
        let center = self.snap_to_hex(p);
        HexLocation {
            raw_column: self.raw_column(center),
            raw_row: self.raw_row(center),
            column: self.column(center, container),
            row: self.row(center, container),
            center,
            name: self.location_name(center, container),
        }
    }
}

fn manhattan(a: Point, b: Point) -> i64 {
    (i64::from(a.x) - i64::from(b.x)).abs() + (i64::from(a.y) - i64::from(b.y)).abs()
}

fn dist2(a: Point, b: Point) -> i64 {
    let dx = i64::from(a.x) - i64::from(b.x);
    let dy = i64::from(a.y) - i64::from(b.y);
    dx * dx + dy * dy
}

/// What a `$name$` with no value becomes in [`expand_format`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unknown {
    /// Nothing (VASSAL's localized text with a property source, as grid numbering uses).
    Empty,
    /// The bare property name (VASSAL's unlocalized text, as zones use).
    Name,
}

/// Walks a VASSAL `$property$` format the way `FormattedStringExpression` does:
/// decoded with `$` as a `SequenceEncoder` delimiter, odd tokens are text, even tokens
/// are property names unless they are the last token.
fn for_each_format_token(format: &str, mut f: impl FnMut(&str, bool)) {
    let mut se = Decoder::new(format, '$');
    let mut is_property = true;
    while let Some(token) = se.next_token() {
        is_property = !is_property;
        if token.is_empty() {
            continue;
        }
        let prop = is_property && se.has_more_tokens();
        f(&token, prop);
    }
}

/// Expands a VASSAL `$property$` format (`FormattedStringExpression.evaluate`) with
/// `props`. A format starting with `{` is a BeanShell expression: returned unchanged,
/// since this reader does not evaluate BeanShell.
pub fn expand_format(format: &str, props: &[(&str, &str)], unknown: Unknown) -> String {
    if format.trim_start().starts_with('{') {
        return format.to_string();
    }
    let mut out = String::new();
    for_each_format_token(format, |token, is_property| {
        if !is_property {
            out.push_str(token);
        } else if let Some((_, v)) = props.iter().find(|(k, _)| *k == token) {
            out.push_str(v);
        } else if unknown == Unknown::Name {
            out.push_str(token);
        }
    });
    out
}

/// One piece of the small regular-expression subset VASSAL's `getLocation` builds.
#[derive(Debug, Clone)]
enum Segment {
    /// `Pattern.quote(text)`.
    Literal(Vec<char>),
    /// `-?[0-9]{min,}` (captured).
    Digits(usize),
    /// `-?(?:A+|B+|...|Z+)` (captured).
    Letters,
    /// `(.*)` (captured).
    Any,
}

impl Segment {
    /// `getMatchingPattern(type, leading)`; `None` when Java's pattern would not compile.
    fn axis(kind: AxisType, leading: i32) -> Option<Segment> {
        if kind == 'A' {
            Some(Segment::Letters)
        } else {
            let min = leading.checked_add(1)?;
            usize::try_from(min).ok().map(Segment::Digits)
        }
    }
}

/// Full match of `segs` against `s` with Java's greedy backtracking order; the captures
/// of the groups in order.
fn match_segments(segs: &[Segment], s: &[char]) -> Option<Vec<Vec<char>>> {
    let mut caps = Vec::new();
    if match_from(segs, s, 0, &mut caps) {
        Some(caps)
    } else {
        None
    }
}

fn match_from(segs: &[Segment], s: &[char], pos: usize, caps: &mut Vec<Vec<char>>) -> bool {
    let Some((seg, rest)) = segs.split_first() else {
        return pos == s.len();
    };
    match seg {
        Segment::Literal(lit) => {
            s.len() >= pos + lit.len()
                && s[pos..pos + lit.len()] == lit[..]
                && match_from(rest, s, pos + lit.len(), caps)
        }
        Segment::Any => {
            let max = s[pos..]
                .iter()
                .position(|c| matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'))
                .map_or(s.len(), |i| pos + i);
            for end in (pos..=max).rev() {
                caps.push(s[pos..end].to_vec());
                if match_from(rest, s, end, caps) {
                    return true;
                }
                caps.pop();
            }
            false
        }
        Segment::Digits(_) | Segment::Letters => {
            let starts: &[usize] = if s.get(pos) == Some(&'-') {
                &[1, 0]
            } else {
                &[0]
            };
            for &sign in starts {
                let body = pos + sign;
                let run = match seg {
                    Segment::Digits(_) => {
                        s[body..].iter().take_while(|c| c.is_ascii_digit()).count()
                    }
                    _ => match s.get(body) {
                        Some(&c) if c.is_ascii_uppercase() => {
                            s[body..].iter().take_while(|&&d| d == c).count()
                        }
                        _ => 0,
                    },
                };
                let min = match seg {
                    Segment::Digits(m) => *m,
                    _ => 1,
                };
                if run < min {
                    continue;
                }
                for len in (min..=run).rev() {
                    caps.push(s[pos..body + len].to_vec());
                    if match_from(rest, s, body + len, caps) {
                        return true;
                    }
                    caps.pop();
                }
            }
            false
        }
    }
}

/// A grid of a kind this reader recognises but does not port (`SquareGrid`,
/// `RegionGrid`), or an unknown class: kept with its attributes so the importer can
/// report it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtherGrid {
    /// The element's class name as written.
    pub class: String,
    /// Its attributes as written.
    pub attributes: Vec<(String, String)>,
}

/// A `Zone` of a `ZonedGrid`.
#[derive(Debug, Clone, PartialEq)]
pub struct Zone {
    /// `name`.
    pub name: String,
    /// `path`: the zone's polygon, board coordinates.
    pub path: Polygon,
    /// `locationFormat` (default `$name$`; `$gridLocation$` is the zone grid's name).
    pub location_format: String,
    /// `useParentGrid`: the zone uses the ZonedGrid's background grid.
    pub use_parent_grid: bool,
    /// The zone's own grid (`None` when it has none or uses the parent's).
    pub grid: Option<Box<Grid>>,
}

/// A `ZonedGrid` ("multi-zoned grid"): zones, each with a grid, over a background grid.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ZonedGrid {
    /// The zones in build-file order (the first containing a point wins).
    pub zones: Vec<Zone>,
    /// The background grid used outside the zones.
    pub background: Option<Box<Grid>>,
}

impl Grid {
    /// What kind of grid it is, as a player names it: `hex`, `sideways hex` (pointy-top),
    /// `square`, `region`, `zoned (…)` with its zones' and background's kinds, or `unknown
    /// (CLASS)`.
    pub fn player_kind(&self) -> String {
        match self {
            Grid::Hex(h) if h.sideways => "sideways hex".into(),
            Grid::Hex(_) => "hex".into(),
            Grid::Square(_) => "square".into(),
            Grid::Region(_) => "region".into(),
            Grid::Unknown(o) => format!("unknown ({})", o.class),
            Grid::Zoned(z) => {
                let mut kinds: Vec<String> = Vec::new();
                let inner = z
                    .zones
                    .iter()
                    .filter_map(|zone| zone.grid.as_deref())
                    .chain(z.background.as_deref());
                for k in inner.map(Grid::player_kind) {
                    if !kinds.contains(&k) {
                        kinds.push(k);
                    }
                }
                if kinds.is_empty() {
                    "zoned (no grid)".into()
                } else {
                    format!("zoned ({})", kinds.join(", "))
                }
            }
        }
    }
}

/// A board's grid.
#[derive(Debug, Clone, PartialEq)]
pub enum Grid {
    /// `HexGrid`.
    Hex(HexGrid),
    /// `ZonedGrid`.
    Zoned(ZonedGrid),
    /// `SquareGrid` (recognised, not ported).
    Square(OtherGrid),
    /// `RegionGrid` (recognised, not ported).
    Region(OtherGrid),
    /// A grid element of an unknown class (custom Java code in the module).
    Unknown(OtherGrid),
}

/// The hex grid that applies at a point of a board, with the container size its
/// numbering uses and the zone it is in.
#[derive(Debug, Clone, Copy)]
pub struct GridAt<'a> {
    /// The hex grid.
    pub grid: &'a HexGrid,
    /// The size its numbering counts from (board size, or zone bounding-box size).
    pub container: Size,
    /// The zone holding the point, if the board has a zoned grid and a zone holds it.
    pub zone: Option<&'a Zone>,
}

impl Grid {
    /// A short description of the kind of grid (`HexGrid`, `SquareGrid`, …, or the
    /// unknown class name).
    pub fn kind(&self) -> String {
        match self {
            Grid::Hex(_) => "HexGrid".into(),
            Grid::Zoned(_) => "ZonedGrid".into(),
            Grid::Square(_) => "SquareGrid".into(),
            Grid::Region(_) => "RegionGrid".into(),
            Grid::Unknown(o) => format!("grid class '{}'", o.class),
        }
    }

    /// The zone holding `p`, for a zoned grid.
    pub fn zone_at(&self, p: Point) -> Option<&Zone> {
        match self {
            Grid::Zoned(z) => z.zones.iter().find(|zone| zone.path.contains(p)),
            _ => None,
        }
    }

    fn zone_grid<'a>(zoned: &'a ZonedGrid, zone: &'a Zone) -> Option<&'a Grid> {
        if zone.use_parent_grid {
            zoned.background.as_deref()
        } else {
            zone.grid.as_deref()
        }
    }

    /// The hex grid that applies at `p` (`container` is the board size), following
    /// `ZonedGrid`: the first zone holding `p` and its grid, else the background grid.
    /// `None` when no hex grid applies there.
    pub fn hex_at(&self, p: Point, container: Size) -> Option<GridAt<'_>> {
        match self {
            Grid::Hex(h) => Some(GridAt {
                grid: h,
                container,
                zone: None,
            }),
            Grid::Zoned(z) => {
                if let Some(zone) = z.zones.iter().find(|zone| zone.path.contains(p)) {
                    let g = Self::zone_grid(z, zone)?;
                    let size = if zone.use_parent_grid {
                        container
                    } else {
                        let (_, _, w, h) = zone.path.bounds();
                        Size::new(w, h)
                    };
                    let mut at = g.hex_at(p, size)?;
                    at.zone = Some(zone);
                    return Some(at);
                }
                z.background.as_deref()?.hex_at(p, container)
            }
            _ => None,
        }
    }

    /// `MapGrid.snapTo(p)`: where VASSAL puts a piece dropped at `p`.
    pub fn snap_to(&self, p: Point, container: Size) -> Point {
        match self.hex_at(p, container) {
            Some(at) => at.grid.snap_to(p, false, false),
            None => p,
        }
    }

    /// `MapGrid.locationName(p)`: the location name VASSAL shows for `p`, `None` where
    /// the grid gives none (no numbering, unported grid kinds).
    pub fn location_name(&self, p: Point, container: Size) -> Option<String> {
        match self {
            Grid::Hex(h) => h.location_name(p, container),
            Grid::Zoned(z) => {
                if let Some(zone) = z.zones.iter().find(|zone| zone.path.contains(p)) {
                    let grid_location = Self::zone_grid(z, zone).and_then(|g| {
                        let size = if zone.use_parent_grid {
                            container
                        } else {
                            let (_, _, w, h) = zone.path.bounds();
                            Size::new(w, h)
                        };
                        g.location_name(p, size)
                    });
                    // A zone without a grid sets gridLocation to null: it expands to nothing.
                    let props = [
                        ("name", zone.name.as_str()),
                        ("gridLocation", grid_location.as_deref().unwrap_or("")),
                    ];
                    return Some(expand_format(&zone.location_format, &props, Unknown::Name));
                }
                z.background.as_deref()?.location_name(p, container)
            }
            _ => None,
        }
    }

    /// `MapGrid.getLocation(name)`: the point of a location name (hex numbering names,
    /// and zone names / zone formats for zoned grids, as `ZonedGrid.getLocation` does).
    pub fn location(&self, name: &str, container: Size) -> Result<Point, VassalError> {
        match self {
            Grid::Hex(h) => h.location(name, container),
            Grid::Zoned(z) => {
                for zone in &z.zones {
                    if let Ok(p) = Self::zone_location(z, zone, name, container)
                        && zone.path.contains(p)
                    {
                        return Ok(p);
                    }
                }
                match z.background.as_deref() {
                    Some(bg) => bg.location(name, container),
                    None => Err(VassalError::BadLocation {
                        location: name.to_string(),
                        message: "no zone has this location and there is no background grid".into(),
                    }),
                }
            }
            other => Err(VassalError::BadLocation {
                location: name.to_string(),
                message: format!("{} locations are not supported", other.kind()),
            }),
        }
    }

    /// `Zone.getLocation(String)`.
    fn zone_location(
        zoned: &ZonedGrid,
        zone: &Zone,
        name: &str,
        container: Size,
    ) -> Result<Point, VassalError> {
        let bad = |m: &str| VassalError::BadLocation {
            location: name.to_string(),
            message: m.to_string(),
        };
        let grid = Self::zone_grid(zoned, zone);
        let mut segs = Vec::new();
        let mut groups = 0usize;
        for_each_format_token(&zone.location_format, |token, is_property| {
            if !is_property {
                segs.push(Segment::Literal(token.chars().collect()));
            } else if token == "name" {
                segs.push(Segment::Literal(zone.name.chars().collect()));
            } else if token == "gridLocation" && grid.is_some() {
                segs.push(Segment::Any);
                groups += 1;
            }
        });
        if segs.is_empty() {
            return Err(bad("nothing to match"));
        }
        let chars: Vec<char> = name.chars().collect();
        let caps = match_segments(&segs, &chars).ok_or_else(|| bad("does not match the zone"))?;
        if groups > 0 {
            let sub: String = caps[groups - 1].iter().collect();
            let g = grid.ok_or_else(|| bad("zone has no grid"))?;
            let size = if zone.use_parent_grid {
                container
            } else {
                let (_, _, w, h) = zone.path.bounds();
                Size::new(w, h)
            };
            let p = g.location(&sub, size)?;
            if !zone.path.contains(p) {
                return Err(bad("outside the zone"));
            }
            Ok(p)
        } else {
            let pts = &zone.path.points;
            if pts.is_empty() {
                return Ok(Point::new(0, 0));
            }
            let n = pts.len() as i64;
            let sx: i64 = pts.iter().map(|p| i64::from(p.x)).sum();
            let sy: i64 = pts.iter().map(|p| i64::from(p.y)).sum();
            let c = Point::new((sx / n) as i32, (sy / n) as i32);
            if zone.path.contains(c) {
                Ok(c)
            } else {
                Ok(pts[0])
            }
        }
    }

    /// `MapGrid.range(p1, p2)`: hexes between two points on this board (zoned grids use
    /// the zone's grid when both points are in the same zone, as VASSAL does). `None`
    /// when no hex grid applies.
    pub fn range(&self, p1: Point, p2: Point) -> Option<i32> {
        match self {
            Grid::Hex(h) => Some(h.range(p1, p2)),
            Grid::Zoned(z) => {
                let z1 = self.zone_at(p1);
                let z2 = self.zone_at(p2);
                if let (Some(a), Some(b)) = (z1, z2)
                    && std::ptr::eq(a, b)
                    && let Some(g) = Self::zone_grid(z, a)
                {
                    return g.range(p1, p2);
                }
                z.background.as_deref()?.range(p1, p2)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(grid: HexGrid, n: HexGridNumbering) -> HexGrid {
        HexGrid {
            numbering: Some(n),
            ..grid
        }
    }

    #[test]
    fn java_rounding() {
        assert_eq!(jround(2.5), 3);
        assert_eq!(jround(-2.5), -2);
        assert_eq!(jround(-2.6), -3);
        assert_eq!(jroundf(-0.5), 0);
        assert_eq!(jroundf(1.49), 1);
    }

    #[test]
    fn axis_names() {
        // leading 1: value < 10 gets one zero.
        assert_eq!(HexGridNumbering::axis_name(5, 'N', 1).unwrap(), "05");
        assert_eq!(HexGridNumbering::axis_name(12, 'N', 1).unwrap(), "12");
        assert_eq!(HexGridNumbering::axis_name(5, 'N', 2).unwrap(), "005");
        assert_eq!(HexGridNumbering::axis_name(0, 'N', 0).unwrap(), "0");
        assert_eq!(HexGridNumbering::axis_name(-3, 'N', 1).unwrap(), "-03");
        assert_eq!(HexGridNumbering::axis_name(0, 'A', 1).unwrap(), "A");
        assert_eq!(HexGridNumbering::axis_name(25, 'A', 1).unwrap(), "Z");
        assert_eq!(HexGridNumbering::axis_name(26, 'A', 1).unwrap(), "AA");
        assert_eq!(HexGridNumbering::axis_name(27, 'A', 1).unwrap(), "BB");
        assert_eq!(HexGridNumbering::axis_name(52, 'A', 1).unwrap(), "AAA");
        assert_eq!(HexGridNumbering::axis_name(-1, 'A', 1).unwrap(), "-B");
        assert_eq!(HexGridNumbering::parse_axis("AA", 'A'), Some(26));
        assert_eq!(HexGridNumbering::parse_axis("BB", 'A'), Some(27));
        assert_eq!(HexGridNumbering::parse_axis("-B", 'A'), Some(-1));
        assert_eq!(HexGridNumbering::parse_axis("007", 'N'), Some(7));
        assert_eq!(HexGridNumbering::axis_name(i32::MAX, 'A', 1), None);
    }

    #[test]
    fn default_grid_names() {
        // Default grid: dx = 55.4256, dy = 64, origin (0,32), numbering H first, hOff =
        // vOff = 1, leading 1, stagger.
        let g = numbered(HexGrid::default(), HexGridNumbering::default());
        let board = Size::new(500, 500);
        // (0,32) is hex centre (0,0): raw col 0, row 0 -> "01" + "01".
        assert_eq!(g.location_name(Point::new(0, 32), board).unwrap(), "0101");
        // Column 1 centre: x = (int)(55.4256) = 55, y = (int)(0*64 + 32 + 32) = 64.
        assert_eq!(g.snap_to_hex(Point::new(50, 70)), Point::new(55, 64));
        // Raw row of (55,64): nx = round(55/55.43) = 1 (odd) -> round((32 - 32)/64) = 0;
        // stagger adds one on odd columns: row 1 -> "02".  col 1 -> "02".
        assert_eq!(g.location_name(Point::new(55, 64), board).unwrap(), "0202");
        assert_eq!(g.location("0202", board).unwrap(), Point::new(55, 64));
        assert_eq!(g.location("0101", board).unwrap(), Point::new(0, 32));
    }

    /// Grid "A" of the worked examples: unequal dx/dy and an offset origin.
    /// dx = 60, dy = 70, origin (30, 40); hex (nx, ny) centre is
    /// x = (int)(60 nx + 30), y = (int)(70 ny + 40) for even nx and
    /// y = (int)(70 ny + (int)35 + 40) for odd nx.
    fn grid_a() -> HexGrid {
        HexGrid {
            dx: 60.0,
            dy: 70.0,
            origin: Point::new(30, 40),
            ..HexGrid::default()
        }
    }

    const BOARD: Size = Size::new(1000, 800);

    #[test]
    fn worked_unequal_dx_dy_and_origin() {
        let g = numbered(grid_a(), HexGridNumbering::default());
        // (95,80): nx = floor((95-30+30)/60) = floor(1.58) = 1 (odd),
        // ny = floor((80-40)/70) = 0 -> candidate centre (90, (int)(0+35+40)) = (90,75).
        // Its hex polygon (r = 40): (50,75) (70,40) (111,40) (131,75) (111,111) (70,111)
        // holds (95,80), so the centre is (90,75).
        assert_eq!(g.snap_to_hex(Point::new(95, 80)), Point::new(90, 75));
        // raw column = floor((90-30)/60 + 0.5) = 1; raw row: nx = round(1) odd ->
        // round((75-40-35)/70) = 0; stagger adds 1 on odd columns -> row 1.
        assert_eq!(g.raw_column(Point::new(90, 75)), 1);
        assert_eq!(g.raw_row(Point::new(90, 75)), 0);
        assert_eq!(g.column(Point::new(90, 75), BOARD), Some(1));
        assert_eq!(g.row(Point::new(90, 75), BOARD), Some(1));
        // Name: column 1+1 -> "02", row 1+1 -> "02" (leading 1 pads to two digits).
        assert_eq!(g.location_name(Point::new(95, 80), BOARD).unwrap(), "0202");
        // Reverse: col 2-1 = 1, row 2-1 = 1; stagger on odd column -> row 0;
        // x = (int)(1*60) + 30 = 90, y = (int)(0*70 + 35) + 40 = 75.
        assert_eq!(g.location("0202", BOARD).unwrap(), Point::new(90, 75));
        assert_eq!(g.center_point(1, 1, BOARD), Some(Point::new(90, 75)));
        // (150,180): nx = floor(150/60) = 2 (even), ny = floor((180-40+35)/70) = 2 ->
        // centre (150,180); raw (2,2), even column: no stagger -> "0303".
        assert_eq!(
            g.location_name(Point::new(150, 180), BOARD).unwrap(),
            "0303"
        );
        assert_eq!(g.location_name(Point::new(30, 40), BOARD).unwrap(), "0101");
        // Range (0,0) -> (2,2): odd-q cube coordinates q=0,r=0 and q=2, r=2-(2-0)/2=1,
        // s=-3: (2 + 1 + 3) / 2 = 3.
        assert_eq!(g.range(Point::new(30, 40), Point::new(150, 180)), 3);
        assert_eq!(g.range(Point::new(30, 40), Point::new(95, 80)), 1);
        let loc = g.locate(Point::new(95, 80), BOARD);
        assert_eq!(
            loc,
            HexLocation {
                raw_column: 1,
                raw_row: 0,
                column: Some(1),
                row: Some(1),
                center: Point::new(90, 75),
                name: Some("0202".into()),
            }
        );
    }

    #[test]
    fn worked_neighbour_candidate() {
        let g = grid_a();
        // (58,70): nx = floor(58/60) = 0, ny = floor((70-40+35)/70) = 0 -> candidate
        // (30,40), whose right edge (71,40)-(51,76) is at x = 54.3 for y = 70: outside.
        // Even nx tries (-1,-1) (-30,5), (-1,0) (-30,75), (1,-1) (90,5), (1,0) (90,75);
        // the last's left edge (50,75)-(70,40) is at x = 52.9: (58,70) is inside.
        assert_eq!(g.snap_to_hex(Point::new(58, 70)), Point::new(90, 75));
    }

    #[test]
    fn worked_edges_and_corners() {
        let edges = HexGrid {
            edges_legal: true,
            ..grid_a()
        };
        // (62,60): centre (90,75). sideX: n = floor((62-30+15)*2/60) = 1 -> 30*1+30 = 60.
        // sideY: nx = 1 odd -> n = floor((60-40)*2/70) = 0 -> 0 + (int)17.5 + 40 = 57.
        // (60,57) is 35²+18² from the centre (> 2): the hexside wins.
        assert_eq!(
            edges.snap_to(Point::new(62, 60), false, false),
            Point::new(60, 57)
        );
        assert_eq!(
            edges.snap_to(Point::new(62, 60), false, true),
            Point::new(90, 75)
        );
        let corners = HexGrid {
            corners_legal: true,
            ..grid_a()
        };
        // (51,74): centre (30,40). vertexY: n = floor((74-40+17.5)*2/70) = 1 -> 35+40 = 75.
        // vertexX: ny = 1 odd -> n = (int)(floor(51-30+20+20)*3/120) = (int)1.525 = 1 ->
        // (int)(40*1 - 20 + 30) = 50.
        assert_eq!(
            corners.snap_to(Point::new(51, 74), false, false),
            Point::new(50, 75)
        );
        // A grid that does not snap leaves points alone unless forced.
        let free = HexGrid {
            snap_to: false,
            ..grid_a()
        };
        assert_eq!(
            free.snap_to(Point::new(51, 74), false, false),
            Point::new(51, 74)
        );
        assert_eq!(
            free.snap_to(Point::new(51, 74), true, false),
            Point::new(30, 40)
        );
    }

    #[test]
    fn worked_descending() {
        let n = HexGridNumbering {
            h_descend: true,
            v_descend: true,
            ..HexGridNumbering::default()
        };
        let g = numbered(grid_a(), n);
        // Board 1000x800: maxRows = floor(800/dx + 0.5) = floor(13.83) = 13 and
        // maxColumns = floor(1000/dy + 0.5) = floor(14.79) = 14 (Java divides by the
        // other axis' size).
        // (90,75): raw (1,0). column = 14 - 1 = 13; row = 13 - 0 = 13, odd column with
        // vDescend: 13 - 1 = 12. Name "14" + "13".
        assert_eq!(g.location_name(Point::new(90, 75), BOARD).unwrap(), "1413");
        // Reverse: col 13, row 12; odd col & vDescend: row 13; col = 14-13 = 1,
        // row = 13-13 = 0 -> (90, 75).
        assert_eq!(g.location("1413", BOARD).unwrap(), Point::new(90, 75));
        // With an odd maxColumns (board 1050 wide: floor(15.5) = 15) the column's parity
        // flips and VASSAL's own getLocation lands a hex lower: the name of (90,75) is
        // "15" + "13" (col 14, row 12) but "1513" reads back as col 14 (even: no stagger),
        // col = 15-14 = 1, row = 13-12 = 1 -> (90, (int)(70+35)+40) = (90,145).
        let wide = Size::new(1050, 800);
        assert_eq!(g.location_name(Point::new(90, 75), wide).unwrap(), "1513");
        assert_eq!(g.location("1513", wide).unwrap(), Point::new(90, 145));
    }

    #[test]
    fn worked_alphabetic_separator_vertical_first() {
        let n = HexGridNumbering {
            first: 'V',
            sep: "-".into(),
            h_type: 'A',
            v_leading: 0,
            h_off: 0,
            v_off: 5,
            stagger: false,
            ..HexGridNumbering::default()
        };
        let g = numbered(grid_a(), n.clone());
        // (90,75): column 1 -> 'B'; row 0 (no stagger) + 5 -> "5"; V first: "5-B".
        assert_eq!(g.location_name(Point::new(90, 75), BOARD).unwrap(), "5-B");
        assert_eq!(g.location("5-B", BOARD).unwrap(), Point::new(90, 75));
        // Column 27 is "BB" (26 for the first letter, then B = 1):
        // x = 30 + 60*27 = 1650, odd column so y = 35 + 40 = 75.
        assert_eq!(
            g.location_name(Point::new(1650, 75), BOARD).unwrap(),
            "5-BB"
        );
        assert_eq!(g.location("5-BB", BOARD).unwrap(), Point::new(1650, 75));
        // Left of the origin: (-30,75): raw column floor((-60)/60 + 0.5) = -1 -> "-B";
        // -1 % 2 != 0 so the odd-column formula applies: row round(0/70) = 0 -> "5".
        assert_eq!(g.location_name(Point::new(-30, 75), BOARD).unwrap(), "5--B");
        assert_eq!(g.location("5--B", BOARD).unwrap(), Point::new(-30, 75));
        assert!(g.location("B-5", BOARD).is_err());
        // Location formats: text around $gridLocation$, and $column$/$row$.
        let framed = numbered(
            grid_a(),
            HexGridNumbering {
                location_format: "Hex $gridLocation$".into(),
                ..n.clone()
            },
        );
        assert_eq!(
            framed.location_name(Point::new(90, 75), BOARD).unwrap(),
            "Hex 5-B"
        );
        assert_eq!(
            framed.location("Hex 5-B", BOARD).unwrap(),
            Point::new(90, 75)
        );
        let parts = numbered(
            grid_a(),
            HexGridNumbering {
                location_format: "$column$/$row$".into(),
                ..n
            },
        );
        assert_eq!(
            parts.location_name(Point::new(90, 75), BOARD).unwrap(),
            "B/5"
        );
        assert_eq!(parts.location("B/5", BOARD).unwrap(), Point::new(90, 75));
        let e = parts.location("B5", BOARD).unwrap_err();
        assert_eq!(
            e.to_string(),
            "grid location 'B5': does not match the grid's numbering (format '$column$/$row$')"
        );
    }

    #[test]
    fn worked_leading_zeros() {
        let n = HexGridNumbering {
            h_leading: 2,
            v_leading: 0,
            h_off: 0,
            v_off: 0,
            sep: ".".into(),
            ..HexGridNumbering::default()
        };
        let g = numbered(grid_a(), n);
        // (150,180) is raw (2,2): column 2 with leading 2 -> "002"; row 2 with no
        // padding -> "2".
        assert_eq!(
            g.location_name(Point::new(150, 180), BOARD).unwrap(),
            "002.2"
        );
        assert_eq!(g.location("002.2", BOARD).unwrap(), Point::new(150, 180));
        // Numeric parts need at least leading+1 digits, as Java's "[0-9]{3,}".
        assert!(g.location("02.2", BOARD).is_err());
    }

    #[test]
    fn worked_sideways() {
        let g = HexGrid {
            sideways: true,
            ..numbered(grid_a(), HexGridNumbering::default())
        };
        // Sideways swaps x and y around the computation: (80,95) -> (95,80) -> centre
        // (90,75) as in grid A -> (75,90).
        assert_eq!(g.snap_to_hex(Point::new(80, 95)), Point::new(75, 90));
        assert_eq!(g.location_name(Point::new(75, 90), BOARD).unwrap(), "0202");
        assert_eq!(g.location("0202", BOARD).unwrap(), Point::new(75, 90));
        // Sideways with hDescend: maxColumns = floor(1000/70 + 0.5) = 14 counts the rows:
        // row = 14 - 0 = 14, odd column with hDescend: 13 -> "02" + "14".
        let d = HexGrid {
            numbering: Some(HexGridNumbering {
                h_descend: true,
                ..HexGridNumbering::default()
            }),
            ..g
        };
        assert_eq!(d.location_name(Point::new(75, 90), BOARD).unwrap(), "0214");
        // Reverse: col 1, row 13; odd, hDescend: row 14; row = 14 - 14 = 0 -> (90,75)
        // rotated back to (75,90).
        assert_eq!(d.location("0214", BOARD).unwrap(), Point::new(75, 90));
    }

    #[test]
    fn worked_snap_scale() {
        let g = HexGrid {
            snap_scale: 2,
            ..grid_a()
        };
        // Centre (30,40); x delta 14 -> round(14 / (0.5*60/2 = 15)) = 1, clamped to
        // [-1, 1] -> round(1 * 15) = 15; y delta 0 -> 0: (45,40).
        assert_eq!(g.snap_to_hex(Point::new(44, 40)), Point::new(45, 40));
    }

    #[test]
    fn zone_without_grid_names() {
        let zoned = Grid::Zoned(ZonedGrid {
            zones: vec![Zone {
                name: "Lake".into(),
                path: Polygon::parse("0,0;100,0;100,100;0,100"),
                location_format: "$name$:$gridLocation$ $other$".into(),
                use_parent_grid: false,
                grid: None,
            }],
            background: None,
        });
        // gridLocation is null (nothing); an unknown property is its bare name.
        assert_eq!(
            zoned.location_name(Point::new(10, 10), BOARD).as_deref(),
            Some("Lake: other")
        );
        // Outside every zone and with no background grid: no name.
        assert_eq!(zoned.location_name(Point::new(200, 10), BOARD), None);
        // A zone's name finds the mean of its corners (50,50).
        let named = Grid::Zoned(ZonedGrid {
            zones: vec![Zone {
                location_format: "$name$".into(),
                ..match &zoned {
                    Grid::Zoned(z) => z.zones[0].clone(),
                    _ => unreachable!(),
                }
            }],
            background: None,
        });
        assert_eq!(named.location("Lake", BOARD).unwrap(), Point::new(50, 50));
        assert_eq!(
            named.location("Sea", BOARD).unwrap_err().to_string(),
            "grid location 'Sea': no zone has this location and there is no background grid"
        );
    }

    #[test]
    fn polygon_contains() {
        let sq = Polygon::parse("0,0;10,0;10,10;0,10");
        assert_eq!(sq.points.len(), 4);
        assert!(sq.contains(Point::new(0, 0)));
        assert!(sq.contains(Point::new(9, 9)));
        assert!(!sq.contains(Point::new(10, 5)));
        assert!(!sq.contains(Point::new(5, 10)));
        assert_eq!(Polygon::parse("1,2;x,3;4").points, vec![Point::new(1, 2)]);
    }

    #[test]
    fn format_expansion() {
        let p = [("gridLocation", "0101"), ("name", "Town")];
        assert_eq!(expand_format("$gridLocation$", &p, Unknown::Empty), "0101");
        assert_eq!(
            expand_format("$name$ $gridLocation$", &p, Unknown::Empty),
            "Town 0101"
        );
        assert_eq!(expand_format("Hex $x$!", &p, Unknown::Empty), "Hex !");
        assert_eq!(expand_format("Hex $x$!", &p, Unknown::Name), "Hex x!");
        assert_eq!(
            expand_format("$gridLocation", &p, Unknown::Empty),
            "gridLocation"
        );
        assert_eq!(expand_format("{Foo}", &p, Unknown::Empty), "{Foo}");
    }
}
