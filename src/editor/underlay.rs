//! The map scan under the grid: the optional `underlay` field of a scenario and the maths that
//! align the grid to the image. The player clicks the centres of two named hexes on the image;
//! a similarity (scale, rotation, offset) maps image pixels onto the map's layout, and back.
//! Nothing here reads the image: a missing image is the window's warning, never an error.

pub use crate::rules::scenario::{AlignPoint, UnderlayFile};

/// A similarity transform of the plane: `p' = s R(θ) p + t`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Similarity {
    pub scale: f64,
    /// Radians, counter-clockwise in the source's axes.
    pub rotation: f64,
    pub offset: (f64, f64),
}

impl Similarity {
    pub const IDENTITY: Similarity = Similarity {
        scale: 1.0,
        rotation: 0.0,
        offset: (0.0, 0.0),
    };

    /// The similarity taking `a0` to `b0` and `a1` to `b1` (None when `a0 == a1` or
    /// `b0 == b1`: two distinct points on each side are needed).
    pub fn from_pairs(
        a0: (f64, f64),
        a1: (f64, f64),
        b0: (f64, f64),
        b1: (f64, f64),
    ) -> Option<Self> {
        let da = (a1.0 - a0.0, a1.1 - a0.1);
        let db = (b1.0 - b0.0, b1.1 - b0.1);
        let la = da.0.hypot(da.1);
        let lb = db.0.hypot(db.1);
        if la < 1e-9 || lb < 1e-9 {
            return None;
        }
        let scale = lb / la;
        let mut rotation = db.1.atan2(db.0) - da.1.atan2(da.0);
        // In (-π, π].
        if rotation > std::f64::consts::PI {
            rotation -= std::f64::consts::TAU;
        } else if rotation <= -std::f64::consts::PI {
            rotation += std::f64::consts::TAU;
        }
        let (s, c) = rotation.sin_cos();
        let r0 = (scale * (c * a0.0 - s * a0.1), scale * (s * a0.0 + c * a0.1));
        Some(Similarity {
            scale,
            rotation,
            offset: (b0.0 - r0.0, b0.1 - r0.1),
        })
    }

    pub fn apply(&self, p: (f64, f64)) -> (f64, f64) {
        let (s, c) = self.rotation.sin_cos();
        (
            self.scale * (c * p.0 - s * p.1) + self.offset.0,
            self.scale * (s * p.0 + c * p.1) + self.offset.1,
        )
    }

    pub fn inverse(&self) -> Similarity {
        let scale = 1.0 / self.scale;
        let rotation = -self.rotation;
        let (s, c) = rotation.sin_cos();
        let t = self.offset;
        Similarity {
            scale,
            rotation,
            offset: (-scale * (c * t.0 - s * t.1), -scale * (s * t.0 + c * t.1)),
        }
    }
}

/// An affine transform of the plane: `p' = M p + t` (a grid fitted with columns and rows
/// spaced differently scales x and y differently, which a similarity cannot).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Affine {
    /// Row-major: `m[0] = [a, b]` gives `x' = a x + b y`.
    pub m: [[f64; 2]; 2],
    pub t: (f64, f64),
}

impl Affine {
    pub fn from_similarity(s: &Similarity) -> Affine {
        let (sn, cs) = s.rotation.sin_cos();
        Affine {
            m: [[s.scale * cs, -s.scale * sn], [s.scale * sn, s.scale * cs]],
            t: s.offset,
        }
    }

    /// The affine taking each `a[i]` to `b[i]` (None when the `a` are on one line).
    pub fn from_triples(a: [(f64, f64); 3], b: [(f64, f64); 3]) -> Option<Affine> {
        let (u, v) = (
            (a[1].0 - a[0].0, a[1].1 - a[0].1),
            (a[2].0 - a[0].0, a[2].1 - a[0].1),
        );
        let det = u.0 * v.1 - v.0 * u.1;
        if det.abs() < 1e-12 || !det.is_finite() {
            return None;
        }
        let (p, q) = (
            (b[1].0 - b[0].0, b[1].1 - b[0].1),
            (b[2].0 - b[0].0, b[2].1 - b[0].1),
        );
        // M [u v] = [p q]  =>  M = [p q] [u v]^-1.
        let inv = [[v.1 / det, -v.0 / det], [-u.1 / det, u.0 / det]];
        let m = [
            [
                p.0 * inv[0][0] + q.0 * inv[1][0],
                p.0 * inv[0][1] + q.0 * inv[1][1],
            ],
            [
                p.1 * inv[0][0] + q.1 * inv[1][0],
                p.1 * inv[0][1] + q.1 * inv[1][1],
            ],
        ];
        let t = (
            b[0].0 - (m[0][0] * a[0].0 + m[0][1] * a[0].1),
            b[0].1 - (m[1][0] * a[0].0 + m[1][1] * a[0].1),
        );
        Some(Affine { m, t })
    }

    pub fn apply(&self, p: (f64, f64)) -> (f64, f64) {
        (
            self.m[0][0] * p.0 + self.m[0][1] * p.1 + self.t.0,
            self.m[1][0] * p.0 + self.m[1][1] * p.1 + self.t.1,
        )
    }

    pub fn inverse(&self) -> Affine {
        let [[a, b], [c, d]] = self.m;
        let det = a * d - b * c;
        let m = [[d / det, -b / det], [-c / det, a / det]];
        let t = (
            -(m[0][0] * self.t.0 + m[0][1] * self.t.1),
            -(m[1][0] * self.t.0 + m[1][1] * self.t.1),
        );
        Affine { m, t }
    }

    /// The rotation (radians) and the x and y scales of `M = R(θ) diag(sx, sy)` (any shear
    /// is dropped: fits and alignments have none).
    pub fn rotation_scale(&self) -> (f64, f64, f64) {
        let [[a, b], [c, d]] = self.m;
        let theta = c.atan2(a);
        let sx = a.hypot(c);
        let (sn, cs) = theta.sin_cos();
        (theta, sx, -sn * b + cs * d)
    }
}

/// The transform from image pixels to map layout coordinates by the underlay's exact grid fit
/// (`grid`): hexes 0101, 0301 and 0102 of the image onto their layout centres. `flip_y` turns
/// the image's y (down) to the layout's when that runs up. `None` without a fit.
pub fn grid_to_map(
    u: &UnderlayFile,
    orientation: crate::rules::hex::Orientation,
    flip_y: bool,
    centre: impl Fn(crate::rules::hex::Coord) -> (f64, f64),
) -> Option<Affine> {
    let g = u.grid.as_ref()?;
    let hexes = [(1, 1), (3, 1), (1, 2)].map(|(c, r)| crate::rules::hex::Coord::new(c, r));
    let img = hexes.map(|h| {
        let (x, y) = g.centre(orientation, h);
        (x, if flip_y { -y } else { y })
    });
    Affine::from_triples(img, hexes.map(centre))
}

/// The transform from image pixels to map layout coordinates (`centre` gives each hex's
/// centre in the layout; image y runs down, the layout's as `centre` says), from the two
/// alignment points. Errors name what is missing.
pub fn image_to_map(
    u: &UnderlayFile,
    centre: impl Fn(&str) -> Result<(f64, f64), String>,
) -> Result<Similarity, String> {
    let [p0, p1] = u.align.as_slice() else {
        return Err(format!(
            "underlay.align: click the centres of two hexes on the image ({} given)",
            u.align.len()
        ));
    };
    if p0.hex == p1.hex {
        return Err(format!(
            "underlay.align: the two points are both hex {}: pick two different hexes",
            p0.hex
        ));
    }
    let m0 = centre(&p0.hex).map_err(|e| format!("underlay.align[0].hex: {e}"))?;
    let m1 = centre(&p1.hex).map_err(|e| format!("underlay.align[1].hex: {e}"))?;
    Similarity::from_pairs((p0.x, p0.y), (p1.x, p1.y), m0, m1).ok_or_else(|| {
        "underlay.align: the two points are at the same pixel: click two hexes far apart".into()
    })
}

/// Where a scenario's scan image is looked for: its path as given, relative to the scenario
/// file's folder.
pub fn image_path(u: &UnderlayFile, scenario: &std::path::Path) -> std::path::PathBuf {
    let p = std::path::Path::new(&u.image);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        scenario
            .parent()
            .unwrap_or(std::path::Path::new("."))
            .join(p)
    }
}

/// A warning when the scenario names a scan image that is not there (never an error: the image
/// is only for the editor).
pub fn missing_image(
    f: &crate::rules::scenario::ScenarioFile,
    scenario: &std::path::Path,
) -> Option<String> {
    let u = f.underlay.as_ref()?;
    let p = image_path(u, scenario);
    (!p.exists()).then(|| {
        format!(
            "underlay.image {}: not found (the map scan is only drawn in the editor; the scenario plays without it)",
            p.display()
        )
    })
}
