//! How good the terrain suggestions are, measured on the shipped scenarios drawn with Musket's
//! own art: each hex's terrain tile (`assets/tiles/terrain.png`), the roads and railroads drawn
//! across, the rivers and other hexside features along the edges, and pixel noise (a scan is
//! never clean). A few hexes of each terrain are the examples (chosen by a seeded draw); every
//! other hex is suggested and compared with the scenario's own terrain.

use crate::rules::hex::{Coord, Dir, Orientation};
use crate::rules::map::Terrain;
use crate::rules::scenario::{GridFit, Scenario};

use super::terrain::{Picture, suggest};

/// Musket's terrain tiles: one 128×112 cell per terrain, in the order of [`Terrain`].
const ATLAS: &[u8] = include_bytes!("../../assets/tiles/terrain.png");
const CELL_W: u32 = 128;
const CELL_H: u32 = 112;

/// The grid of a board drawn by [`render`]: 0101's centre at (64, 56), columns 96 apart.
pub const FIT: GridFit = GridFit {
    x0: 64.0,
    y0: 56.0,
    dx: 96.0,
    dy: 112.0,
};

/// Right and total per terrain letter.
#[derive(Debug, Clone, Default)]
pub struct Accuracy {
    pub per_terrain: Vec<(char, usize, usize)>,
    pub examples: usize,
}

impl Accuracy {
    pub fn right(&self) -> usize {
        self.per_terrain.iter().map(|t| t.1).sum()
    }
    pub fn total(&self) -> usize {
        self.per_terrain.iter().map(|t| t.2).sum()
    }
}

/// The grid of a board [`render`] draws for a map of orientation `o`: [`FIT`] on a flat map;
/// on a pointy one its exchange (x and y, dx and dy), since that board is the flat board of
/// the map's model turned over its diagonal.
pub fn fit(o: Orientation) -> GridFit {
    match o {
        Orientation::Flat => FIT,
        Orientation::Pointy => GridFit {
            x0: FIT.y0,
            y0: FIT.x0,
            dx: FIT.dy,
            dy: FIT.dx,
        },
    }
}

/// Draws the scenario's map as a board image (see the module's summary). A pointy map is
/// drawn as its model's flat board turned over the diagonal (x and y exchanged, as VASSAL
/// draws a sideways grid): its hexes pointy-topped, on [`fit`]'s grid.
pub fn render(sc: &Scenario, noise: u8) -> Result<Picture, String> {
    let flat = render_model(sc)?;
    let mut pic = if sc.map.orientation().is_flat() {
        flat
    } else {
        transpose(&flat)
    };
    add_noise(&mut pic, noise);
    Ok(pic)
}

/// A picture turned over its diagonal: (x, y) becomes (y, x).
fn transpose(p: &Picture) -> Picture {
    let (w, h) = (p.height, p.width);
    let mut rgb = vec![0; p.rgb.len()];
    for y in 0..h as usize {
        for x in 0..w as usize {
            let from = (x * p.width as usize + y) * 3;
            let to = (y * w as usize + x) * 3;
            rgb[to..to + 3].copy_from_slice(&p.rgb[from..from + 3]);
        }
    }
    Picture {
        width: w,
        height: h,
        rgb,
    }
}

/// The model's map drawn flat-topped: its tiles, routes and hexside features.
fn render_model(sc: &Scenario) -> Result<Picture, String> {
    let atlas = image::load_from_memory(ATLAS)
        .map_err(|e| format!("terrain atlas: {e}"))?
        .to_rgba8();
    let (cols, rows) = (sc.map.columns(), sc.map.rows());
    let (w, h) = (
        96 * cols.saturating_sub(1) + CELL_W,
        CELL_H * rows + CELL_H / 2,
    );
    let mut pic = Picture {
        width: w,
        height: h,
        rgb: vec![235; (w * h * 3) as usize],
    };
    for c in sc.map.coords() {
        let t = sc.map.terrain(c).unwrap_or(Terrain::Clear) as u32;
        let (cx, cy) = FIT.centre(Orientation::Flat, c);
        let (x0, y0) = (cx as i64 - 64, cy as i64 - 56);
        for y in 0..CELL_H {
            for x in 0..CELL_W {
                let p = atlas.get_pixel(t * CELL_W + x, y).0;
                if p[3] > 128 {
                    put(
                        &mut pic,
                        x0 + i64::from(x),
                        y0 + i64::from(y),
                        [p[0], p[1], p[2]],
                    );
                }
            }
        }
    }
    for r in sc.map.routes() {
        let colour = [90, 60, 30];
        for pair in r.hexes.windows(2) {
            let (a, b) = (
                FIT.centre(Orientation::Flat, pair[0]),
                FIT.centre(Orientation::Flat, pair[1]),
            );
            line(&mut pic, a, b, 3.0, colour);
        }
    }
    for side in &sc.file.map.hexsides {
        let Ok(c) = sc.parse_hex(&side.hex) else {
            continue;
        };
        let (cx, cy) = FIT.centre(Orientation::Flat, c);
        // The file names the side in the map's compass; the model's direction is drawn.
        let Ok(dir) = sc.map.orientation().dir(side.dir) else {
            continue;
        };
        let (a0, a1) = edge_angles(dir);
        // The tile's corners: 64 pixels left and right, 56 up and down (sin 60° × 64.7).
        let v = |a: f64| {
            let r = a.to_radians();
            (cx + 64.0 * r.cos(), cy + 64.66 * r.sin())
        };
        line(&mut pic, v(a0), v(a1), 3.0, [40, 80, 200]);
    }
    Ok(pic)
}

/// Pixel noise of up to `noise` levels (a named LCG: the same picture every time).
fn add_noise(pic: &mut Picture, noise: u8) {
    if noise == 0 {
        return;
    }
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    for v in pic.rgb.iter_mut() {
        s = s
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let n = ((s >> 33) % (2 * u64::from(noise) + 1)) as i32 - i32::from(noise);
        *v = (i32::from(*v) + n).clamp(0, 255) as u8;
    }
}

/// The vertex angles (degrees, image y down) of the edge of a flat-topped hex facing `d`.
fn edge_angles(d: Dir) -> (f64, f64) {
    match d {
        Dir::N => (-120.0, -60.0),
        Dir::NE => (-60.0, 0.0),
        Dir::SE => (0.0, 60.0),
        Dir::S => (60.0, 120.0),
        Dir::SW => (120.0, 180.0),
        Dir::NW => (180.0, 240.0),
    }
}

fn put(p: &mut Picture, x: i64, y: i64, c: [u8; 3]) {
    if x < 0 || y < 0 || x >= i64::from(p.width) || y >= i64::from(p.height) {
        return;
    }
    let i = ((y as usize) * p.width as usize + x as usize) * 3;
    p.rgb[i..i + 3].copy_from_slice(&c);
}

fn line(p: &mut Picture, a: (f64, f64), b: (f64, f64), half_width: f64, c: [u8; 3]) {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1.0);
    let steps = len.ceil() as i64;
    for i in 0..=steps {
        let t = i as f64 / steps as f64;
        let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        let r = half_width.ceil() as i64;
        for dy in -r..=r {
            for dx in -r..=r {
                if (dx * dx + dy * dy) as f64 <= half_width * half_width {
                    put(p, x.round() as i64 + dx, y.round() as i64 + dy, c);
                }
            }
        }
    }
}

/// Labels `per` hexes of each terrain as examples (a seeded draw), suggests the rest, and
/// counts what is right per terrain. Terrains with no more than `per` hexes are all examples.
pub fn measure(sc: &Scenario, per: usize, seed: u64, noise: u8) -> Result<Accuracy, String> {
    let pic = render(sc, noise)?;
    let hexes: Vec<Coord> = sc.map.coords().collect();
    let truth = |c: Coord| sc.map.terrain(c).unwrap_or(Terrain::Clear).letter();
    let mut letters: Vec<char> = hexes.iter().map(|c| truth(*c)).collect();
    letters.sort_unstable();
    letters.dedup();
    let mut s = seed ^ 0x5851_F42D_4C95_7F2D;
    let mut next = |n: usize| {
        // SplitMix64: a named, portable draw for which hexes are the examples.
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    };
    let mut examples = Vec::new();
    for &l in &letters {
        let mut of: Vec<Coord> = hexes.iter().copied().filter(|c| truth(*c) == l).collect();
        for _ in 0..per.min(of.len()) {
            let i = next(of.len());
            examples.push((of.swap_remove(i), l));
        }
    }
    let o = sc.map.orientation();
    let got = suggest(&pic, (&fit(o), o), &hexes, &examples);
    let mut per_terrain: Vec<(char, usize, usize)> = letters.iter().map(|l| (*l, 0, 0)).collect();
    for s in &got {
        let want = truth(s.hex);
        if let Some(t) = per_terrain.iter_mut().find(|t| t.0 == want) {
            t.2 += 1;
            if s.letter == want {
                t.1 += 1;
            }
        }
    }
    Ok(Accuracy {
        per_terrain,
        examples: examples.len(),
    })
}
