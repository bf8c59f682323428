//! A scenario's map in small, for the menu: drawn from the scenario's own hexes into an RGBA
//! picture (no file, nothing shipped): each hex in its terrain's colour (the mean colour of its
//! tile in the terrain atlas the game draws with), the rivers and creeks on their hexsides, the
//! roads, the victory hexes ringed in gold, and the units at the start as a square in their
//! side's colour in each occupied hex (a reinforcement's entry hex as an open square).
//!
//! Pure pixels, without Bevy's renderer: the menu uploads the picture as an egui texture
//! ([`super::ui::screens::menu`]); `tests/all/client_headless.rs` checks one.

use std::sync::OnceLock;

use bevy::color::{Color, ColorToPacked};
use bevy::math::Vec2;

use super::layout::{HEX_SIZE, edge, hex_to_world, world_to_hex};
use super::map::style;
use crate::rules::hex::Coord;
use crate::rules::map::{Feature, RouteKind, Terrain};
use crate::rules::scenario::Scenario;
use crate::rules::unit::SideId;

/// An RGBA picture, row by row from the top, 4 bytes a pixel.
#[derive(Clone, PartialEq)]
pub struct Thumbnail {
    pub width: usize,
    pub height: usize,
    pub rgba: Vec<u8>,
}

impl std::fmt::Debug for Thumbnail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Thumbnail({}x{})", self.width, self.height)
    }
}

impl Thumbnail {
    /// The pixel at (x, y), RGBA.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 4] {
        let i = (y * self.width + x) * 4;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    fn put(&mut self, x: i64, y: i64, c: [u8; 4]) {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return;
        }
        let i = (y as usize * self.width + x as usize) * 4;
        self.rgba[i..i + 4].copy_from_slice(&c);
    }
}

/// The gold of the victory hexes' rings.
pub const VICTORY_GOLD: [u8; 4] = [212, 160, 23, 255];

/// Where world positions fall on the picture: `scale` pixels a world unit, `min` at (0, h).
struct Frame {
    min: Vec2,
    max: Vec2,
    scale: f32,
}

impl Frame {
    fn pixel(&self, p: Vec2) -> Vec2 {
        Vec2::new(
            (p.x - self.min.x) * self.scale,
            (self.max.y - p.y) * self.scale,
        )
    }

    fn world(&self, x: usize, y: usize) -> Vec2 {
        Vec2::new(
            self.min.x + (x as f32 + 0.5) / self.scale,
            self.max.y - (y as f32 + 0.5) / self.scale,
        )
    }
}

/// The map of `sc` at most `max_w` x `max_h` pixels, its proportions kept.
pub fn thumbnail(sc: &Scenario, max_w: usize, max_h: usize) -> Thumbnail {
    let frame = frame(sc, max_w.max(8), max_h.max(8));
    let width = (((frame.max.x - frame.min.x) * frame.scale).ceil() as usize).clamp(1, max_w);
    let height = (((frame.max.y - frame.min.y) * frame.scale).ceil() as usize).clamp(1, max_h);
    let mut t = Thumbnail {
        width,
        height,
        rgba: vec![0; width * height * 4],
    };
    terrain(&mut t, sc, &frame);
    hexsides(&mut t, sc, &frame);
    routes(&mut t, sc, &frame);
    victory(&mut t, sc, &frame);
    units(&mut t, sc, &frame);
    t
}

/// The world rectangle of the map (hex centres, plus a hex's reach) and the scale that fits it.
fn frame(sc: &Scenario, max_w: usize, max_h: usize) -> Frame {
    let (mut min, mut max) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for c in sc.map.coords() {
        let p = hex_to_world(sc.map.orientation(), c);
        min = min.min(p);
        max = max.max(p);
    }
    if min.x > max.x {
        (min, max) = (Vec2::ZERO, Vec2::ZERO);
    }
    let reach = Vec2::new(HEX_SIZE, HEX_SIZE * 3f32.sqrt() / 2.0);
    let reach = if sc.map.orientation().is_flat() {
        reach
    } else {
        Vec2::new(reach.y, reach.x)
    };
    let (min, max) = (min - reach, max + reach);
    let size = (max - min).max(Vec2::splat(1.0));
    let scale = (max_w as f32 / size.x).min(max_h as f32 / size.y);
    Frame { min, max, scale }
}

fn rgba(c: Color) -> [u8; 4] {
    c.to_srgba().to_u8_array()
}

/// Each terrain's colour: the mean of its atlas cell's opaque pixels (grey if the atlas does
/// not decode).
fn terrain_colour(t: Terrain) -> [u8; 4] {
    static MEANS: OnceLock<Vec<[u8; 4]>> = OnceLock::new();
    let means = MEANS.get_or_init(|| {
        let Ok(img) = image::load_from_memory(super::map::TERRAIN_PNG) else {
            return Vec::new();
        };
        let img = img.to_rgba8();
        let cell = img.width() / super::terrain::ATLAS_CELLS;
        (0..super::terrain::ATLAS_CELLS)
            .map(|k| {
                let (mut sum, mut n) = ([0u64; 3], 0u64);
                for y in 0..img.height() {
                    for x in k * cell..(k + 1) * cell {
                        let p = img.get_pixel(x, y).0;
                        if p[3] > 128 {
                            for (s, v) in sum.iter_mut().zip(p) {
                                *s += u64::from(v);
                            }
                            n += 1;
                        }
                    }
                }
                let m = |i: usize| (sum[i] / n.max(1)) as u8;
                [m(0), m(1), m(2), 255]
            })
            .collect()
    });
    means
        .get(super::terrain::terrain_index(t) as usize)
        .copied()
        .unwrap_or([160, 160, 160, 255])
}

/// Every pixel whose centre lies in a hex of the map, in its terrain's colour (the rest stays
/// transparent).
fn terrain(t: &mut Thumbnail, sc: &Scenario, f: &Frame) {
    for y in 0..t.height {
        for x in 0..t.width {
            let c = world_to_hex(sc.map.orientation(), f.world(x, y));
            if let Some(ter) = sc.map.terrain(c) {
                t.put(x as i64, y as i64, terrain_colour(ter));
            }
        }
    }
}

/// A line from `a` to `b` (pixels) `w` pixels wide.
fn line(t: &mut Thumbnail, a: Vec2, b: Vec2, w: f32, c: [u8; 4]) {
    let r = (w / 2.0).max(0.5);
    let (lo, hi) = (a.min(b) - Vec2::splat(r), a.max(b) + Vec2::splat(r));
    let ab = b - a;
    let len2 = ab.length_squared().max(1e-6);
    for y in lo.y.floor() as i64..=hi.y.ceil() as i64 {
        for x in lo.x.floor() as i64..=hi.x.ceil() as i64 {
            let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
            let k = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
            if (a + ab * k - p).length() <= r {
                t.put(x, y, c);
            }
        }
    }
}

/// Rivers and creeks along their hexsides (the map's own colours), at least a pixel wide.
fn hexsides(t: &mut Thumbnail, sc: &Scenario, f: &Frame) {
    let kinds = [
        (Feature::MajorRiver, style::MAJOR_RIVER),
        (Feature::MinorRiver, style::MINOR_RIVER),
        (Feature::Creek, style::CREEK),
    ];
    for (side, info) in sc.map.hexsides() {
        let Some((_, (colour, width))) = kinds.iter().find(|(k, _)| info.has(*k)) else {
            continue;
        };
        let (p, q) = edge(sc.map.orientation(), side.hex, side.hex.neighbor(side.dir));
        let w = (width * f.scale).max(1.0);
        line(t, f.pixel(p), f.pixel(q), w, rgba(*colour));
    }
}

/// Roads, pikes, trails and railroads, a pixel wide (two for a pike), centre to centre.
fn routes(t: &mut Thumbnail, sc: &Scenario, f: &Frame) {
    for r in sc.map.routes() {
        let (colour, w) = match r.kind {
            RouteKind::Pike => (style::PIKE.0, 2.0),
            RouteKind::Road => (style::ROAD.0, 1.0),
            RouteKind::Trail => (style::TRAIL.0, 1.0),
            RouteKind::Railroad => (style::RAILROAD.0, 1.0),
        };
        for pair in r.hexes.windows(2) {
            let (a, b) = (
                f.pixel(hex_to_world(sc.map.orientation(), pair[0])),
                f.pixel(hex_to_world(sc.map.orientation(), pair[1])),
            );
            line(t, a, b, w, rgba(colour));
        }
    }
}

/// How far a world offset from a hex centre is towards its edge: 1 on the edge of a hex
/// standing `o` (its inner radius along the three edge normals).
fn hex_norm(o: crate::rules::hex::Orientation, d: Vec2) -> f32 {
    let inner = HEX_SIZE * 3f32.sqrt() / 2.0;
    let normals = if o.is_flat() {
        [90f32, 30.0, 150.0]
    } else {
        [0f32, 60.0, 120.0]
    };
    normals
        .iter()
        .map(|a| {
            let n = Vec2::from_angle(a.to_radians());
            d.dot(n).abs()
        })
        .fold(0.0, f32::max)
        / inner
}

/// Each victory hex ringed in gold: its pixels in the outer part of the hex (at least two
/// pixels of it).
fn victory(t: &mut Thumbnail, sc: &Scenario, f: &Frame) {
    let inner_px = HEX_SIZE * 3f32.sqrt() / 2.0 * f.scale;
    let ring = (1.0 - 2.0 / inner_px.max(2.5)).clamp(0.3, 0.8);
    for v in &sc.victory {
        let centre = hex_to_world(sc.map.orientation(), v.hex);
        let lo = f.pixel(centre + Vec2::new(-HEX_SIZE, HEX_SIZE));
        let hi = f.pixel(centre + Vec2::new(HEX_SIZE, -HEX_SIZE));
        for y in lo.y.floor() as i64..=hi.y.ceil() as i64 {
            for x in lo.x.floor() as i64..=hi.x.ceil() as i64 {
                if x < 0 || y < 0 {
                    continue;
                }
                let n = hex_norm(
                    sc.map.orientation(),
                    f.world(x as usize, y as usize) - centre,
                );
                if n <= 1.0 && n >= ring {
                    t.put(x, y, VICTORY_GOLD);
                }
            }
        }
    }
}

/// A square of side `s` pixels centred on `c`: filled in `fill` with a dark edge (when the
/// square is large enough to show both), or (no fill) only the edge in `edge`.
fn square(t: &mut Thumbnail, c: Vec2, s: f32, fill: Option<[u8; 4]>, edge: [u8; 4]) {
    let h = (s / 2.0).max(1.0);
    let (x0, y0) = ((c.x - h).round() as i64, (c.y - h).round() as i64);
    let (x1, y1) = ((c.x + h).round() as i64, (c.y + h).round() as i64);
    let edged = fill.is_none() || x1 - x0 >= 7;
    for y in y0..y1 {
        for x in x0..x1 {
            let border = edged && (x == x0 || y == y0 || x == x1 - 1 || y == y1 - 1);
            match (border, fill) {
                (true, _) => t.put(x, y, edge),
                (false, Some(c)) => t.put(x, y, c),
                (false, None) => {}
            }
        }
    }
}

/// The units at the start, one square a hex in the side's colour (by the sides' names, as the
/// counters are: `units::tone`); a reinforcement's entry hex as an open square.
fn units(t: &mut Thumbnail, sc: &Scenario, f: &Frame) {
    let size = (HEX_SIZE * 0.9 * f.scale).max(3.0);
    let dark = [20, 20, 20, 255];
    let mut done: Vec<(Coord, bool)> = Vec::new();
    for u in &sc.units {
        let (hex, arriving) = match (u.hex, u.arrives) {
            (Some(h), _) => (h, false),
            (None, Some((_, h))) => (h, true),
            _ => continue,
        };
        if done.contains(&(hex, arriving)) || (arriving && done.contains(&(hex, false))) {
            continue;
        }
        done.push((hex, arriving));
        let colour = rgba(super::units::side_color(super::units::tone(sc, u.side)));
        let c = f.pixel(hex_to_world(sc.map.orientation(), hex));
        if arriving {
            square(t, c, size, None, colour);
        } else {
            square(t, c, size, Some(colour), dark);
        }
    }
}

/// The colour a side's units are drawn in (for tests and the menu's key).
pub fn side_colour(sc: &Scenario, side: SideId) -> [u8; 4] {
    rgba(super::units::side_color(super::units::tone(sc, side)))
}
