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
