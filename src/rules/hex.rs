//! Hex coordinates of the printed map: `CCRR` labels, flat-topped hexes, even columns half a
//! hex lower (scenario.md, "Coordinates").
//!
//! A [`Coord`] is the printed column and row, 1-based. Off-map neighbours are ordinary
//! coordinates too (column 0, row `rows + 1`, …) so hexsides along a map edge and the flank
//! rule's hypothetical off-map hexes have names. Geometry (neighbours, distance) goes through
//! [`hexx`] axial coordinates: printed (column-1, row-1) is hexx's flat-top "odd" offset layout,
//! and hexx's flat-top north / north-east / … directions are the map's N / NE / ….
//!
//! A pointy-top map ([`Orientation::Pointy`]: rows run straight across, even rows half a hex
//! to the right) is the mirror image of a flat-top one across the diagonal. Musket keeps it
//! as that flat-top map: a [`Coord`] of a pointy map is its printed (row, column), so every
//! rule, search and opponent sees one geometry, and only what a player reads or writes turns
//! it back: labels ([`Numbering`]), the compass names of directions ([`Compass`]: the flat
//! N is the pointy W, NE is SW, SE stays SE) and the drawing. VASSAL draws a "sideways" grid
//! the same way, by exchanging x and y before and after every computation.

use std::fmt;

use hexx::{EdgeDirection, Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};

/// A hex position as printed: 1-based column and row. May lie off the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Coord {
    pub col: i32,
    pub row: i32,
}

impl Coord {
    pub const fn new(col: i32, row: i32) -> Self {
        Self { col, row }
    }

    /// Axial hexx coordinate of this hex.
    pub fn to_hex(self) -> Hex {
        Hex::from_offset_coordinates(
            [self.col - 1, self.row - 1],
            OffsetHexMode::Odd,
            HexOrientation::Flat,
        )
    }

    pub fn from_hex(hex: Hex) -> Self {
        let [c, r] = hex.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat);
        Self::new(c + 1, r + 1)
    }

    /// The neighbour across the hexside facing `dir` (may be off the map).
    pub fn neighbor(self, dir: Dir) -> Coord {
        Coord::from_hex(self.to_hex().neighbor(dir.edge()))
    }

    /// All six neighbours in the order N, NE, SE, S, SW, NW.
    pub fn neighbors(self) -> [Coord; 6] {
        Dir::ALL.map(|d| self.neighbor(d))
    }

    /// The direction from `self` to `other` if they are adjacent.
    pub fn direction_to(self, other: Coord) -> Option<Dir> {
        let diff = other.to_hex() - self.to_hex();
        Dir::ALL.into_iter().find(|d| d.edge().into_hex() == diff)
    }

    pub fn is_adjacent(self, other: Coord) -> bool {
        self.distance(other) == 1
    }

    /// Hex distance (number of hex steps).
    pub fn distance(self, other: Coord) -> u32 {
        self.to_hex().unsigned_distance_to(other.to_hex())
    }

    /// The label with `width` digits per part (2 for maps up to 99x99, else 3).
    pub fn label(self, width: usize) -> String {
        format!("{:0w$}{:0w$}", self.col.max(0), self.row.max(0), w = width)
    }
}

/// One of the six directions of a flat-topped hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Dir {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];

    pub fn edge(self) -> EdgeDirection {
        match self {
            Dir::N => EdgeDirection::FLAT_NORTH,
            Dir::NE => EdgeDirection::FLAT_NORTH_EAST,
            Dir::SE => EdgeDirection::FLAT_SOUTH_EAST,
            Dir::S => EdgeDirection::FLAT_SOUTH,
            Dir::SW => EdgeDirection::FLAT_SOUTH_WEST,
            Dir::NW => EdgeDirection::FLAT_NORTH_WEST,
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::NE => Dir::SW,
            Dir::SE => Dir::NW,
            Dir::S => Dir::N,
            Dir::SW => Dir::NE,
            Dir::NW => Dir::SE,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::NE => "NE",
            Dir::SE => "SE",
            Dir::S => "S",
            Dir::SW => "SW",
            Dir::NW => "NW",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a map's hexes stand (scenario.md: flat-topped; a project addition: pointy-topped).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Orientation {
    /// Columns run straight down the map; even columns half a hex lower.
    #[default]
    Flat,
    /// Rows run straight across the map; even rows half a hex to the right.
    Pointy,
}

impl Orientation {
    pub fn is_flat(&self) -> bool {
        *self == Orientation::Flat
    }

    /// The printed column and row of a hex.
    pub fn printed(self, c: Coord) -> (i32, i32) {
        match self {
            Orientation::Flat => (c.col, c.row),
            Orientation::Pointy => (c.row, c.col),
        }
    }

    /// The hex with printed column `col` and row `row`.
    pub fn from_printed(self, col: i32, row: i32) -> Coord {
        match self {
            Orientation::Flat => Coord::new(col, row),
            Orientation::Pointy => Coord::new(row, col),
        }
    }

    /// The model's columns and rows of a map printed `columns` x `rows`, and back (the same
    /// exchange both ways).
    pub fn size(self, columns: u32, rows: u32) -> (u32, u32) {
        match self {
            Orientation::Flat => (columns, rows),
            Orientation::Pointy => (rows, columns),
        }
    }

    /// The name a player reads for direction `d`.
    pub fn compass(self, d: Dir) -> Compass {
        match (self, d) {
            (Orientation::Flat, Dir::N) => Compass::N,
            (Orientation::Flat, Dir::NE) => Compass::NE,
            (Orientation::Flat, Dir::SE) => Compass::SE,
            (Orientation::Flat, Dir::S) => Compass::S,
            (Orientation::Flat, Dir::SW) => Compass::SW,
            (Orientation::Flat, Dir::NW) => Compass::NW,
            (Orientation::Pointy, Dir::N) => Compass::W,
            (Orientation::Pointy, Dir::NE) => Compass::SW,
            (Orientation::Pointy, Dir::SE) => Compass::SE,
            (Orientation::Pointy, Dir::S) => Compass::E,
            (Orientation::Pointy, Dir::SW) => Compass::NE,
            (Orientation::Pointy, Dir::NW) => Compass::NW,
        }
    }

    /// The direction a compass name means on this map; an error names the six it has (`E`
    /// on a flat-top map, `N` on a pointy-top one).
    pub fn dir(self, c: Compass) -> Result<Dir, String> {
        Dir::ALL
            .into_iter()
            .find(|&d| self.compass(d) == c)
            .ok_or_else(|| {
                let names: Vec<&str> = self.compasses().iter().map(|c| c.name()).collect();
                format!(
                    "no hexside faces {} on a {} map: its directions are {}",
                    c.name(),
                    self.name(),
                    names.join(", ")
                )
            })
    }

    /// The six directions by name, clockwise from the top (N… on a flat map, NE… on a
    /// pointy one).
    pub fn compasses(self) -> [Compass; 6] {
        match self {
            Orientation::Flat => [
                Compass::N,
                Compass::NE,
                Compass::SE,
                Compass::S,
                Compass::SW,
                Compass::NW,
            ],
            Orientation::Pointy => [
                Compass::NE,
                Compass::E,
                Compass::SE,
                Compass::SW,
                Compass::W,
                Compass::NW,
            ],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Orientation::Flat => "flat-top",
            Orientation::Pointy => "pointy-top",
        }
    }
}

/// A direction as a player names it: the six of a flat-top hex and the two (E, W) only a
/// pointy-top hex has; [`Orientation::dir`] turns it into the model's [`Dir`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Compass {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Compass {
    pub fn name(self) -> &'static str {
        match self {
            Compass::N => "N",
            Compass::NE => "NE",
            Compass::E => "E",
            Compass::SE => "SE",
            Compass::S => "S",
            Compass::SW => "SW",
            Compass::W => "W",
            Compass::NW => "NW",
        }
    }
}

impl fmt::Display for Compass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the hexes of one map are named: its printed size, its label width and its orientation.
/// Every label a player reads or writes goes through one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbering {
    pub orientation: Orientation,
    /// Printed columns and rows.
    pub columns: u32,
    pub rows: u32,
    /// Digits per part.
    pub width: usize,
}

impl Numbering {
    /// The numbering of a map printed `columns` x `rows`.
    pub fn new(orientation: Orientation, columns: u32, rows: u32) -> Self {
        let width = label_width(columns, rows);
        Numbering {
            orientation,
            columns,
            rows,
            width,
        }
    }

    /// The label of a hex (it may be off the map).
    pub fn label(&self, c: Coord) -> String {
        let (col, row) = self.orientation.printed(c);
        Coord::new(col, row).label(self.width)
    }

    /// The hex a label names (not bounds-checked).
    pub fn parse(&self, label: &str) -> Result<Coord, LabelError> {
        let p = parse_label(label, self.width)?;
        Ok(self.orientation.from_printed(p.col, p.row))
    }

    /// Whether a hex is on the map.
    pub fn contains(&self, c: Coord) -> bool {
        let (col, row) = self.orientation.printed(c);
        col >= 1 && row >= 1 && col <= self.columns as i32 && row <= self.rows as i32
    }

    /// The hex a label names, checked to be on the map; the error says which.
    pub fn hex(&self, label: &str) -> Result<Coord, String> {
        let c = self.parse(label).map_err(|e| e.to_string())?;
        if !self.contains(c) {
            return Err(format!(
                "hex {label:?} is off the map ({} columns x {} rows)",
                self.columns, self.rows
            ));
        }
        Ok(c)
    }

    /// The model's columns and rows ([`crate::rules::map::Map`]'s).
    pub fn model_size(&self) -> (u32, u32) {
        self.orientation.size(self.columns, self.rows)
    }

    /// The hex in printed column `col`, row `row`.
    pub fn at(&self, col: i32, row: i32) -> Coord {
        self.orientation.from_printed(col, row)
    }

    /// Every hex of the map, printed column by column.
    pub fn hexes(&self) -> impl Iterator<Item = Coord> + '_ {
        let (cols, rows) = (self.columns as i32, self.rows as i32);
        (1..=cols).flat_map(move |col| (1..=rows).map(move |row| self.at(col, row)))
    }
}

/// Label digits per part for a map of this size (scenario.md: three digits for both parts when
/// the map has more than 99 columns or rows).
pub fn label_width(columns: u32, rows: u32) -> usize {
    if columns > 99 || rows > 99 { 3 } else { 2 }
}

/// A hexside, stored once whichever of its two hexes names it: the canonical form names it
/// from the hex for which the direction is N, NE or SE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Side {
    pub hex: Coord,
    pub dir: Dir,
}

impl Side {
    pub fn new(hex: Coord, dir: Dir) -> Self {
        match dir {
            Dir::N | Dir::NE | Dir::SE => Side { hex, dir },
            _ => Side {
                hex: hex.neighbor(dir),
                dir: dir.opposite(),
            },
        }
    }

    /// The hexside between two adjacent hexes.
    pub fn between(a: Coord, b: Coord) -> Option<Self> {
        a.direction_to(b).map(|d| Side::new(a, d))
    }
}

/// Errors from parsing a `CCRR` label.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LabelError {
    #[error("hex label {0:?} is not made of digits")]
    NotDigits(String),
    #[error(
        "hex label {label:?} has {len} digits; this map's labels have {expected} ({width} for the column, {width} for the row)"
    )]
    WrongWidth {
        label: String,
        len: usize,
        expected: usize,
        width: usize,
    },
}

/// Parse a label of the given part width (2 or 3) into a coordinate (not bounds-checked).
pub fn parse_label(label: &str, width: usize) -> Result<Coord, LabelError> {
    if label.is_empty() || !label.bytes().all(|b| b.is_ascii_digit()) {
        return Err(LabelError::NotDigits(label.to_string()));
    }
    if label.len() != 2 * width {
        return Err(LabelError::WrongWidth {
            label: label.to_string(),
            len: label.len(),
            expected: 2 * width,
            width,
        });
    }
    // Digits only and at most 6 of them: these parses cannot fail.
    let col = label[..width].parse::<i32>().unwrap_or(0);
    let row = label[width..].parse::<i32>().unwrap_or(0);
    Ok(Coord::new(col, row))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Coord {
        parse_label(s, 2).unwrap()
    }

    fn names(hex: &str) -> Vec<String> {
        c(hex).neighbors().iter().map(|n| n.label(2)).collect()
    }

    // scenario.md "Coordinates": neighbours of 0303 (odd column).
    #[test]
    fn scenario_md_neighbours_of_0303_odd_column() {
        assert_eq!(
            names("0303"),
            ["0302", "0402", "0403", "0304", "0203", "0202"]
        );
    }

    // scenario.md "Coordinates": neighbours of 0403 (even column).
    #[test]
    fn scenario_md_neighbours_of_0403_even_column() {
        assert_eq!(
            names("0403"),
            ["0402", "0503", "0504", "0404", "0304", "0303"]
        );
    }

    // scenario.md: off-map neighbours are named by the label they would have.
    #[test]
    fn off_map_neighbours_have_labels() {
        assert_eq!(c("0109").neighbor(Dir::S).label(2), "0110");
        assert_eq!(c("0103").neighbor(Dir::NW).label(2), "0002");
        assert_eq!(c("0103").neighbor(Dir::SW).label(2), "0003");
        assert_eq!(c("0101").neighbor(Dir::N).label(2), "0100");
    }

    /// A pointy-top map's neighbours, by their printed labels and compass names: even rows half
    /// a hex to the right, so odd row 3's NE neighbour is in its own column, even row 4's in
    /// the next.
    #[test]
    fn pointy_neighbours_by_printed_labels() {
        let n = Numbering::new(Orientation::Pointy, 6, 6);
        let around = |label: &str| -> Vec<(String, String)> {
            let h = n.parse(label).unwrap();
            let mut v: Vec<(String, String)> = Dir::ALL
                .into_iter()
                .map(|d| (n.orientation.compass(d).to_string(), n.label(h.neighbor(d))))
                .collect();
            v.sort();
            v
        };
        let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            let mut v: Vec<(String, String)> = v
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
            v.sort();
            v
        };
        assert_eq!(
            around("0303"),
            pairs(&[
                ("NE", "0302"),
                ("E", "0403"),
                ("SE", "0304"),
                ("SW", "0204"),
                ("W", "0203"),
                ("NW", "0202")
            ])
        );
        assert_eq!(
            around("0304"),
            pairs(&[
                ("NE", "0403"),
                ("E", "0404"),
                ("SE", "0405"),
                ("SW", "0305"),
                ("W", "0204"),
                ("NW", "0303")
            ])
        );
        // Every compass name of the orientation is one direction, and back.
        for o in [Orientation::Flat, Orientation::Pointy] {
            for c in o.compasses() {
                assert_eq!(o.compass(o.dir(c).unwrap()), c);
            }
        }
        assert!(Orientation::Flat.dir(Compass::E).is_err());
        assert!(
            Orientation::Pointy
                .dir(Compass::N)
                .unwrap_err()
                .contains("NE, E, SE, SW, W, NW")
        );
        // Labels: column then row, bounds by the printed size.
        let wide = Numbering::new(Orientation::Pointy, 12, 5);
        assert!(wide.hex("1205").is_ok());
        assert!(
            wide.hex("0512")
                .unwrap_err()
                .contains("12 columns x 5 rows")
        );
        assert_eq!(wide.model_size(), (5, 12));
        assert_eq!(wide.label(wide.at(7, 2)), "0702");
    }

    #[test]
    fn three_digit_labels() {
        let h = parse_label("100099", 3).unwrap();
        assert_eq!(h, Coord::new(100, 99));
        assert_eq!(h.label(3), "100099");
        assert!(matches!(
            parse_label("0303", 3),
            Err(LabelError::WrongWidth { .. })
        ));
        assert!(matches!(
            parse_label("03a3", 2),
            Err(LabelError::NotDigits(_))
        ));
    }

    #[test]
    fn neighbour_relation_is_symmetric_and_sides_are_canonical() {
        for col in 0..8 {
            for row in 0..8 {
                let h = Coord::new(col, row);
                for d in Dir::ALL {
                    let n = h.neighbor(d);
                    assert_eq!(n.neighbor(d.opposite()), h);
                    assert_eq!(h.direction_to(n), Some(d));
                    assert_eq!(Side::new(h, d), Side::new(n, d.opposite()));
                    assert_eq!(h.distance(n), 1);
                }
            }
        }
    }

    #[test]
    fn distance_counts_steps() {
        assert_eq!(c("0101").distance(c("0105")), 4);
        assert_eq!(c("0303").distance(c("0503")), 2);
        assert_eq!(c("0303").distance(c("0303")), 0);
    }
}
