//! The map: hex terrain, hexside features and the routes that traverse hexsides.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::hex::{Coord, Dir, Numbering, Orientation, Side};

/// Hex terrain (scenario.md letters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Terrain {
    Clear,
    Rolling,
    Rough,
    Woods,
    City,
    Swamp,
    Mountain,
    /// A swamp in rain turns only (gcacw-tables.md §7.2).
    ProvisionalSwamp,
    // The terrains below serve the other rule systems (Shiloh's terrain chart, NGG 1812's
    // fortified cities); a scenario may use them only with a ruleset that knows them
    // (`registry::terrain_letters`).
    /// Shiloh: heavy woods (`w` is light woods there).
    HeavyWoods,
    /// Shiloh: Peach Orchard.
    Orchard,
    /// Shiloh: woods with the church ("Woods/Church").
    Church,
    /// Shiloh: ravine.
    Ravine,
    /// Shiloh: stream.
    Stream,
    /// Shiloh: ford square.
    Ford,
    /// Shiloh: bridge square.
    Bridge,
    /// Shiloh: sunken road.
    SunkenRoad,
    /// NGG 1812: a fortified city.
    FortifiedCity,
}

impl Terrain {
    pub const ALL: [Terrain; 17] = [
        Terrain::Clear,
        Terrain::Rolling,
        Terrain::Rough,
        Terrain::Woods,
        Terrain::City,
        Terrain::Swamp,
        Terrain::Mountain,
        Terrain::ProvisionalSwamp,
        Terrain::HeavyWoods,
        Terrain::Orchard,
        Terrain::Church,
        Terrain::Ravine,
        Terrain::Stream,
        Terrain::Ford,
        Terrain::Bridge,
        Terrain::SunkenRoad,
        Terrain::FortifiedCity,
    ];

    /// The terrains of the GCACW tables (scenario.md's letters).
    pub const GCACW: [Terrain; 8] = [
        Terrain::Clear,
        Terrain::Rolling,
        Terrain::Rough,
        Terrain::Woods,
        Terrain::City,
        Terrain::Swamp,
        Terrain::Mountain,
        Terrain::ProvisionalSwamp,
    ];

    pub fn from_letter(c: char) -> Option<Terrain> {
        Some(match c {
            'c' => Terrain::Clear,
            'l' => Terrain::Rolling,
            'r' => Terrain::Rough,
            'w' => Terrain::Woods,
            't' => Terrain::City,
            's' => Terrain::Swamp,
            'm' => Terrain::Mountain,
            'p' => Terrain::ProvisionalSwamp,
            'h' => Terrain::HeavyWoods,
            'o' => Terrain::Orchard,
            'n' => Terrain::Church,
            'v' => Terrain::Ravine,
            'e' => Terrain::Stream,
            'f' => Terrain::Ford,
            'b' => Terrain::Bridge,
            'u' => Terrain::SunkenRoad,
            'k' => Terrain::FortifiedCity,
            _ => return None,
        })
    }

    pub fn letter(self) -> char {
        match self {
            Terrain::Clear => 'c',
            Terrain::Rolling => 'l',
            Terrain::Rough => 'r',
            Terrain::Woods => 'w',
            Terrain::City => 't',
            Terrain::Swamp => 's',
            Terrain::Mountain => 'm',
            Terrain::ProvisionalSwamp => 'p',
            Terrain::HeavyWoods => 'h',
            Terrain::Orchard => 'o',
            Terrain::Church => 'n',
            Terrain::Ravine => 'v',
            Terrain::Stream => 'e',
            Terrain::Ford => 'f',
            Terrain::Bridge => 'b',
            Terrain::SunkenRoad => 'u',
            Terrain::FortifiedCity => 'k',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Rolling => "rolling",
            Terrain::Rough => "rough",
            Terrain::Woods => "woods",
            Terrain::City => "city",
            Terrain::Swamp => "swamp",
            Terrain::Mountain => "mountain",
            Terrain::ProvisionalSwamp => "provisional swamp",
            Terrain::HeavyWoods => "heavy woods",
            Terrain::Orchard => "orchard",
            Terrain::Church => "woods/church",
            Terrain::Ravine => "ravine",
            Terrain::Stream => "stream",
            Terrain::Ford => "ford",
            Terrain::Bridge => "bridge",
            Terrain::SunkenRoad => "sunken road",
            Terrain::FortifiedCity => "fortified city",
        }
    }

    /// Swamp or mountain for the flank and ZOC rules: provisional swamps count in rain only.
    pub fn is_swamp_or_mountain(self, weather: Weather) -> bool {
        match self {
            Terrain::Swamp | Terrain::Mountain => true,
            Terrain::ProvisionalSwamp => weather == Weather::Rain,
            _ => false,
        }
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A turn's weather.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Weather {
    #[default]
    Dry,
    Rain,
}

/// A feature on a hexside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Feature {
    MajorRiver,
    MinorRiver,
    Creek,
    Bridge,
    Dam,
    Ferry,
    Ford,
    Woods,
}

impl Feature {
    pub const ALL: [Feature; 8] = [
        Feature::MajorRiver,
        Feature::MinorRiver,
        Feature::Creek,
        Feature::Bridge,
        Feature::Dam,
        Feature::Ferry,
        Feature::Ford,
        Feature::Woods,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Feature::MajorRiver => "major river",
            Feature::MinorRiver => "minor river",
            Feature::Creek => "creek",
            Feature::Bridge => "bridge",
            Feature::Dam => "dam",
            Feature::Ferry => "ferry",
            Feature::Ford => "ford",
            Feature::Woods => "woods hexside",
        }
    }
}

/// The kind of a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum RouteKind {
    Road,
    Pike,
    Trail,
    Railroad,
}

impl RouteKind {
    pub const ALL: [RouteKind; 4] = [
        RouteKind::Road,
        RouteKind::Pike,
        RouteKind::Trail,
        RouteKind::Railroad,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RouteKind::Road => "road",
            RouteKind::Pike => "pike",
            RouteKind::Trail => "trail",
            RouteKind::Railroad => "railroad",
        }
    }
}

/// A small set of enum values stored as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(u16);

impl Bits {
    pub fn insert(&mut self, i: usize) {
        self.0 |= 1 << i;
    }
    pub fn has(self, i: usize) -> bool {
        self.0 & (1 << i) != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// What lies on one hexside: its features and the routes that traverse it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HexsideInfo {
    features: Bits,
    routes: Bits,
}

impl HexsideInfo {
    pub fn has(&self, f: Feature) -> bool {
        self.features.has(f as usize)
    }
    pub fn has_any(&self, fs: &[Feature]) -> bool {
        fs.iter().any(|f| self.has(*f))
    }
    pub fn route(&self, k: RouteKind) -> bool {
        self.routes.has(k as usize)
    }
    /// Whether a route of one of `kinds` traverses this hexside.
    pub fn route_any(&self, kinds: &[RouteKind]) -> bool {
        kinds.iter().any(|k| self.route(*k))
    }
    pub fn any_route(&self) -> bool {
        !self.routes.is_empty()
    }
    pub fn features(&self) -> impl Iterator<Item = Feature> + '_ {
        Feature::ALL.into_iter().filter(|f| self.has(*f))
    }
    pub fn routes(&self) -> impl Iterator<Item = RouteKind> + '_ {
        RouteKind::ALL.into_iter().filter(|k| self.route(*k))
    }
}

/// A route as the scenario gives it: a chain of adjacent hexes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub kind: RouteKind,
    pub hexes: Vec<Coord>,
}

/// The map of a scenario.
#[derive(Clone, Debug)]
pub struct Map {
    columns: i32,
    rows: i32,
    /// Label digits per part: 2, or 3 for maps over 99 columns or rows.
    width: usize,
    /// How its hexes stand; `columns` and `rows` are the model's (a pointy-top map's printed
    /// rows are its columns: [`crate::rules::hex`]).
    orientation: Orientation,
    terrain: Vec<Terrain>,
    /// Elevation level per hex (0 where the scenario gives none).
    elevation: Vec<u8>,
    /// Hexsides by canonical side (hex and N / NE / SE), dense over the map and a ring of
    /// off-map hexes around it: a lookup is an index, not a hash.
    sides: Vec<HexsideInfo>,
    routes: Vec<Route>,
    /// Per hex (map index) and direction (N, NE, SE, S, SW, NW): the neighbour's map index
    /// (`NONE` off the map) and the hexside's index in `sides`. Movement searches walk these.
    /// Built on first use: loading and checking a scenario does not need them (on a 999x999
    /// map they are 48 MB and most of the loader's time).
    links: std::sync::OnceLock<Vec<[(u32, u32); 6]>>,
}

/// No neighbour on the map.
const NONE: u32 = u32::MAX;

static NO_SIDE: HexsideInfo = HexsideInfo {
    features: Bits(0),
    routes: Bits(0),
};

impl Map {
    /// A map of `columns` x `rows` hexes, all of `fill` terrain.
    pub fn new(columns: u32, rows: u32, fill: Terrain) -> Self {
        let (columns, rows) = (columns as i32, rows as i32);
        Map {
            columns,
            rows,
            width: label_width(columns as u32, rows as u32),
            orientation: Orientation::Flat,
            terrain: vec![fill; (columns * rows) as usize],
            elevation: vec![0; (columns * rows) as usize],
            sides: vec![HexsideInfo::default(); ((columns + 2) * (rows + 2) * 3) as usize],
            routes: Vec::new(),
            links: std::sync::OnceLock::new(),
        }
    }

    /// The neighbour and hexside links, built on first use.
    #[inline]
    fn links(&self) -> &[[(u32, u32); 6]] {
        self.links.get_or_init(|| {
            (0..self.len())
                .map(|i| {
                    let c = self.coord(i);
                    Dir::ALL.map(|d| {
                        let n = c.neighbor(d);
                        let ni = self.index(n).map_or(NONE, |x| x as u32);
                        let si = self.side_index(Side::new(c, d)).map_or(NONE, |x| x as u32);
                        (ni, si)
                    })
                })
                .collect()
        })
    }

    /// The map index of the neighbour of hex `i` (a map index) in direction `d` (0..6: N, NE,
    /// SE, S, SW, NW), if it is on the map.
    #[inline]
    pub fn neighbor_ix(&self, i: usize, d: usize) -> Option<usize> {
        let n = self.links()[i][d].0;
        (n != NONE).then_some(n as usize)
    }

    /// The hexside of hex `i` (a map index) in direction `d` (0..6).
    #[inline]
    pub fn side_ix(&self, i: usize, d: usize) -> &HexsideInfo {
        match self.links()[i][d].1 {
            NONE => &NO_SIDE,
            s => self.sides.get(s as usize).unwrap_or(&NO_SIDE),
        }
    }

    /// The terrain of the hex with map index `i`.
    #[inline]
    pub fn terrain_ix(&self, i: usize) -> Terrain {
        self.terrain[i]
    }

    /// The elevation of the hex with map index `i`.
    #[inline]
    pub fn elevation_ix(&self, i: usize) -> u8 {
        self.elevation[i]
    }

    pub fn columns(&self) -> u32 {
        self.columns as u32
    }
    pub fn rows(&self) -> u32 {
        self.rows as u32
    }
    pub fn label_width(&self) -> usize {
        self.width
    }
    pub fn len(&self) -> usize {
        self.terrain.len()
    }
    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
    }

    pub fn contains(&self, c: Coord) -> bool {
        c.col >= 1 && c.col <= self.columns && c.row >= 1 && c.row <= self.rows
    }

    /// Dense index of an on-map hex (column-major within rows: row by row).
    pub fn index(&self, c: Coord) -> Option<usize> {
        self.contains(c)
            .then(|| ((c.row - 1) * self.columns + (c.col - 1)) as usize)
    }

    pub fn coord(&self, index: usize) -> Coord {
        let i = index as i32;
        Coord::new(i % self.columns + 1, i / self.columns + 1)
    }

    /// Every on-map hex, row by row.
    pub fn coords(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.terrain.len()).map(|i| self.coord(i))
    }

    pub fn label(&self, c: Coord) -> String {
        self.numbering().label(c)
    }

    /// The same map standing `o`: its model columns and rows stay, its printed ones follow.
    pub fn with_orientation(mut self, o: Orientation) -> Self {
        self.orientation = o;
        self
    }

    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// How a player names its hexes (printed size, label width, orientation).
    pub fn numbering(&self) -> Numbering {
        let (c, r) = self.orientation.size(self.columns as u32, self.rows as u32);
        Numbering::new(self.orientation, c, r)
    }

    pub fn terrain(&self, c: Coord) -> Option<Terrain> {
        self.index(c).map(|i| self.terrain[i])
    }

    /// The elevation level of a hex (0 off the map or where the scenario gives none).
    pub fn elevation(&self, c: Coord) -> u8 {
        self.index(c).map_or(0, |i| self.elevation[i])
    }

    pub fn set_elevation(&mut self, c: Coord, level: u8) {
        if let Some(i) = self.index(c) {
            self.elevation[i] = level;
        }
    }

    pub fn set_terrain(&mut self, c: Coord, t: Terrain) {
        if let Some(i) = self.index(c) {
            self.terrain[i] = t;
        }
    }

    /// Index of a canonical hexside in the dense table, if it touches the map.
    fn side_index(&self, s: Side) -> Option<usize> {
        let (c, r) = (s.hex.col, s.hex.row);
        if c < 0 || r < 0 || c > self.columns + 1 || r > self.rows + 1 {
            return None;
        }
        Some((((r * (self.columns + 2)) + c) * 3) as usize + s.dir.index())
    }

    fn side_mut(&mut self, s: Side) -> Option<&mut HexsideInfo> {
        let i = self.side_index(s)?;
        self.sides.get_mut(i)
    }

    pub fn add_feature(&mut self, hex: Coord, dir: Dir, f: Feature) {
        if let Some(info) = self.side_mut(Side::new(hex, dir)) {
            info.features.insert(f as usize);
        }
    }

    /// Add a route; the caller has checked that consecutive hexes are adjacent.
    pub fn add_route(&mut self, route: Route) {
        for pair in route.hexes.windows(2) {
            if let Some(info) = Side::between(pair[0], pair[1]).and_then(|s| self.side_mut(s)) {
                info.routes.insert(route.kind as usize);
            }
        }
        self.routes.push(route);
    }

    pub fn routes(&self) -> &[Route] {
        &self.routes
    }

    /// Every hexside that has a feature or a route.
    pub fn hexsides(&self) -> impl Iterator<Item = (Side, &HexsideInfo)> {
        let w = self.columns + 2;
        self.sides
            .iter()
            .enumerate()
            .filter(|(_, i)| **i != NO_SIDE)
            .map(move |(ix, info)| {
                let cell = (ix / 3) as i32;
                let side = Side {
                    hex: Coord::new(cell % w, cell / w),
                    dir: Dir::ALL[ix % 3],
                };
                (side, info)
            })
    }

    fn side_info(&self, s: Side) -> &HexsideInfo {
        self.side_index(s)
            .and_then(|i| self.sides.get(i))
            .unwrap_or(&NO_SIDE)
    }

    /// What lies on the hexside of `hex` facing `dir` (union of every entry naming it).
    pub fn side(&self, hex: Coord, dir: Dir) -> &HexsideInfo {
        self.side_info(Side::new(hex, dir))
    }

    /// The hexside between two adjacent hexes (empty if they are not adjacent).
    pub fn side_between(&self, a: Coord, b: Coord) -> &HexsideInfo {
        match Side::between(a, b) {
            Some(s) => self.side_info(s),
            None => &NO_SIDE,
        }
    }
}

pub use super::hex::label_width;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hex::parse_label;

    fn c(s: &str) -> Coord {
        parse_label(s, 2).unwrap()
    }

    // gcacw-tables.md §7.1: a hexside's features are the union of every entry naming it.
    #[test]
    fn hexside_named_from_either_hex_is_one_hexside() {
        let mut m = Map::new(6, 5, Terrain::Clear);
        m.add_feature(c("0303"), Dir::SE, Feature::MinorRiver);
        m.add_feature(c("0403"), Dir::NW, Feature::Ford);
        let s = m.side(c("0403"), Dir::NW);
        assert!(s.has(Feature::MinorRiver) && s.has(Feature::Ford));
        assert_eq!(m.side_between(c("0303"), c("0403")), s);
        assert!(!m.side(c("0303"), Dir::S).has(Feature::MinorRiver));
    }

    // scenario.md: "a route ... traverses every hexside between consecutive hexes".
    #[test]
    fn route_traverses_hexsides_between_consecutive_hexes() {
        let mut m = Map::new(6, 5, Terrain::Clear);
        m.add_route(Route {
            kind: RouteKind::Road,
            hexes: vec![c("0101"), c("0201"), c("0302")],
        });
        assert!(m.side_between(c("0101"), c("0201")).route(RouteKind::Road));
        assert!(m.side_between(c("0302"), c("0201")).route(RouteKind::Road));
        assert!(!m.side_between(c("0101"), c("0102")).any_route());
        assert!(!m.side_between(c("0201"), c("0302")).route(RouteKind::Trail));
    }

    // scenario.md: a hexside facing off the map is allowed (rivers along a map edge).
    #[test]
    fn hexside_facing_off_map_is_stored() {
        let mut m = Map::new(6, 5, Terrain::Clear);
        m.add_feature(c("0101"), Dir::N, Feature::MajorRiver);
        assert!(m.side(c("0101"), Dir::N).has(Feature::MajorRiver));
        assert!(m.side(c("0100"), Dir::S).has(Feature::MajorRiver));
    }

    #[test]
    fn index_and_coord_round_trip() {
        let m = Map::new(7, 4, Terrain::Clear);
        for (i, co) in m.coords().enumerate() {
            assert_eq!(m.index(co), Some(i));
        }
        assert_eq!(m.index(Coord::new(0, 1)), None);
        assert_eq!(m.index(Coord::new(8, 1)), None);
        assert_eq!(label_width(99, 99), 2);
        assert_eq!(label_width(100, 5), 3);
    }

    #[test]
    fn provisional_swamp_is_swamp_in_rain_only() {
        assert!(Terrain::ProvisionalSwamp.is_swamp_or_mountain(Weather::Rain));
        assert!(!Terrain::ProvisionalSwamp.is_swamp_or_mountain(Weather::Dry));
        assert!(Terrain::Mountain.is_swamp_or_mountain(Weather::Dry));
    }
}
