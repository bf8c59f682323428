//! Terrain suggestions from a board image: the player paints a few hexes of each terrain;
//! every other hex gets the terrain of the painted hexes it looks most like.
//!
//! Each hex is described by its pixels inside a circle at its centre (on the image, by the
//! draft's exact grid fit): the mean and spread of red, green and blue, the mean brightness
//! change between neighbouring pixels (texture: woods are busy, fields smooth), and the share of
//! dark pixels (lines: roads, streams, contours). Features are scaled by their spread over the
//! whole board; a hex takes the vote of its nearest examples (k = 3, closer votes weigh more).

use crate::rules::hex::{Coord, Orientation};
use crate::rules::scenario::GridFit;

/// The features of one hex.
pub type Features = [f32; 8];

/// An RGB image in memory.
pub struct Picture {
    pub width: u32,
    pub height: u32,
    /// Row-major RGB.
    pub rgb: Vec<u8>,
}

impl Picture {
    /// Decodes a PNG or JPEG file's bytes.
    pub fn decode(bytes: &[u8], what: &str) -> Result<Picture, String> {
        let img = image::load_from_memory(bytes).map_err(|e| format!("{what}: {e}"))?;
        let rgb = img.to_rgb8();
        Ok(Picture {
            width: rgb.width(),
            height: rgb.height(),
            rgb: rgb.into_raw(),
        })
    }

    fn px(&self, x: i64, y: i64) -> Option<[f32; 3]> {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return None;
        }
        let i = ((y as usize) * self.width as usize + x as usize) * 3;
        Some([
            f32::from(self.rgb[i]),
            f32::from(self.rgb[i + 1]),
            f32::from(self.rgb[i + 2]),
        ])
    }
}

/// The features of hex `c` (`None` when its circle is off the image). Lines drawn across
/// hexes (roads, streams: dark or blue "ink") are left out of the colour and texture, so a road
/// does not make a field look like another terrain; their share is a feature of its own, with
/// a small weight.
pub fn features(p: &Picture, (fit, o): (&GridFit, Orientation), c: Coord) -> Option<Features> {
    let (cx, cy) = fit.centre(o, c);
    let r = (0.38 * fit.dx.min(fit.dy)).max(1.0);
    let step = (r / 24.0).max(1.0);
    let luma = |v: [f32; 3]| 0.299 * v[0] + 0.587 * v[1] + 0.114 * v[2];
    let ink = |v: [f32; 3]| luma(v) < 95.0 || v[2] > v[0] + 60.0;
    let (mut n, mut inked, mut sum, mut sq, mut grad) = (0f32, 0f32, [0f32; 3], [0f32; 3], 0f32);
    let mut y = -r;
    while y <= r {
        let mut x = -r;
        while x <= r {
            if x * x + y * y <= r * r {
                let (px, py) = ((cx + x).round() as i64, (cy + y).round() as i64);
                if let (Some(a), Some(b), Some(d)) =
                    (p.px(px, py), p.px(px + 1, py), p.px(px, py + 1))
                {
                    if ink(a) {
                        inked += 1.0;
                    } else {
                        for k in 0..3 {
                            sum[k] += a[k];
                            sq[k] += a[k] * a[k];
                        }
                        if !ink(b) && !ink(d) {
                            grad += (luma(a) - luma(b)).abs() + (luma(a) - luma(d)).abs();
                        }
                        n += 1.0;
                    }
                }
            }
            x += step;
        }
        y += step;
    }
    if n < 4.0 {
        return None;
    }
    let mean = sum.map(|s| s / n);
    let sd = |k: usize| (sq[k] / n - mean[k] * mean[k]).max(0.0).sqrt();
    Some([
        mean[0],
        mean[1],
        mean[2],
        sd(0),
        sd(1),
        sd(2),
        grad / n,
        inked / (n + inked),
    ])
}

/// How much each feature counts in the distance (the ink share little: a road crosses any
/// terrain).
const WEIGHTS: Features = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.25];

/// A suggestion: the hex, the terrain letter, and how sure (0 to 1: the share of the vote).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Suggestion {
    pub hex: Coord,
    pub letter: char,
    pub sure: f32,
}

/// Suggests a terrain for every hex of `hexes` that is not an example, from the `examples`
/// (hex, letter). Deterministic: ties go to the letter first among the examples.
pub fn suggest(
    p: &Picture,
    fit: (&GridFit, Orientation),
    hexes: &[Coord],
    examples: &[(Coord, char)],
) -> Vec<Suggestion> {
    let all: Vec<(Coord, Features)> = hexes
        .iter()
        .filter_map(|&c| Some((c, features(p, fit, c)?)))
        .collect();
    let scale = spreads(&all);
    let norm = |f: &Features| -> Features {
        let mut o = *f;
        for ((v, s), w) in o.iter_mut().zip(scale).zip(WEIGHTS) {
            *v = *v / s * w;
        }
        o
    };
    let ex: Vec<(Features, char)> = examples
        .iter()
        .filter_map(|(c, l)| features(p, fit, *c).map(|f| (norm(&f), *l)))
        .collect();
    if ex.is_empty() {
        return Vec::new();
    }
    let order: Vec<char> = examples.iter().fold(Vec::new(), |mut v, (_, l)| {
        if !v.contains(l) {
            v.push(*l);
        }
        v
    });
    let is_example = |c: Coord| examples.iter().any(|(e, _)| *e == c);
    all.iter()
        .filter(|(c, _)| !is_example(*c))
        .map(|(c, f)| vote(*c, &norm(f), &ex, &order))
        .collect()
}

/// Each feature's spread over the board (1 where it does not vary).
fn spreads(all: &[(Coord, Features)]) -> Features {
    let n = all.len().max(1) as f32;
    let mut out = [1f32; 8];
    for (k, o) in out.iter_mut().enumerate() {
        let mean = all.iter().map(|(_, f)| f[k]).sum::<f32>() / n;
        let var = all.iter().map(|(_, f)| (f[k] - mean).powi(2)).sum::<f32>() / n;
        *o = var.sqrt().max(1e-3);
    }
    out
}

fn vote(c: Coord, f: &Features, ex: &[(Features, char)], order: &[char]) -> Suggestion {
    let mut d: Vec<(f32, char)> = ex
        .iter()
        .map(|(e, l)| {
            (
                e.iter()
                    .zip(f)
                    .map(|(a, b)| (a - b).powi(2))
                    .sum::<f32>()
                    .sqrt(),
                *l,
            )
        })
        .collect();
    d.sort_by(|a, b| a.0.total_cmp(&b.0));
    let k = d.len().min(3);
    let mut votes: Vec<(char, f32)> = order.iter().map(|l| (*l, 0.0)).collect();
    for (dist, l) in &d[..k] {
        if let Some(v) = votes.iter_mut().find(|(x, _)| x == l) {
            v.1 += 1.0 / (dist + 1e-3);
        }
    }
    let total: f32 = votes.iter().map(|(_, v)| v).sum();
    let (letter, best) =
        votes.iter().fold(
            (order[0], -1.0f32),
            |acc, &(l, v)| if v > acc.1 { (l, v) } else { acc },
        );
    Suggestion {
        hex: c,
        letter,
        sure: if total > 0.0 { best / total } else { 0.0 },
    }
}
