//! Hex coordinates of the printed map: `CCRR` labels, flat-topped hexes, even columns half a
//! hex lower (scenario.md, "Coordinates").
//!
//! A [`Coord`] is the printed column and row, 1-based. Off-map neighbours are ordinary
//! coordinates too (column 0, row `rows + 1`, …) so hexsides along a map edge and the flank
//! rule's hypothetical off-map hexes have names. Geometry (neighbours, distance) goes through
//! [`hexx`] axial coordinates: printed (column-1, row-1) is hexx's flat-top "odd" offset layout,
//! and hexx's flat-top north / north-east / … directions are the map's N / NE / ….

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
