//! Points: movement (or operations) points in sixtieths, what a unit may spend in a turn, and
//! whether a game enforces movement. The vocabulary the movement rules, the units, the
//! scenarios and the rule systems' tables share.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Movement points, in sixtieths of a point.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Mp(pub u32);

impl Mp {
    /// Sixtieths per point.
    pub const SCALE: u32 = 60;
    pub const ZERO: Mp = Mp(0);
    /// More than any allowance: the cost of a step no budget pays.
    pub const INFINITE: Mp = Mp(u32::MAX);

    pub const fn whole(n: u32) -> Mp {
        Mp(n * Self::SCALE)
    }

    /// A number of points from a file (`1`, `0.5`, `1.5`): a non-negative multiple of 1/60.
    pub fn from_f64(x: f64) -> Option<Mp> {
        let s = x * Self::SCALE as f64;
        (x.is_finite() && x >= 0.0 && (s - s.round()).abs() < 1e-6 && s <= 1e9)
            .then(|| Mp(s.round() as u32))
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Self::SCALE as f64
    }

    pub fn saturating_sub(self, o: Mp) -> Mp {
        Mp(self.0.saturating_sub(o.0))
    }

    pub fn saturating_add(self, o: Mp) -> Mp {
        Mp(self.0.saturating_add(o.0))
    }

    /// Multiplied by a whole number.
    pub fn times(self, n: u32) -> Mp {
        Mp(self.0.saturating_mul(n))
    }
}

impl std::ops::Add for Mp {
    type Output = Mp;
    fn add(self, o: Mp) -> Mp {
        self.saturating_add(o)
    }
}

impl fmt::Display for Mp {
    /// `3`, `1 1/2`, `2/3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Mp::INFINITE {
            return f.write_str("∞");
        }
        let (whole, rest) = (self.0 / Self::SCALE, self.0 % Self::SCALE);
        if rest == 0 {
            return write!(f, "{whole}");
        }
        let g = gcd(rest, Self::SCALE);
        let (n, d) = (rest / g, Self::SCALE / g);
        if whole == 0 {
            write!(f, "{n}/{d}")
        } else {
            write!(f, "{whole} {n}/{d}")
        }
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// What a unit may spend in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Allowance {
    /// A fixed number of points. `forced`: more, by a forced march (NGG 1812 8.4), which the
    /// move marks on the unit.
    Fixed { points: Mp, forced: Option<Mp> },
    /// Rolled when the unit first marches in a turn (`Command::March`): `dice` d6 plus
    /// `modifier` (GCACW), at least `min`.
    Roll { dice: u8, modifier: i32, min: Mp },
}

impl Allowance {
    /// The most it can be (a roll of all sixes; a forced march).
    pub fn max(self) -> Mp {
        match self {
            Allowance::Fixed { points, forced } => forced.unwrap_or(points).max(points),
            Allowance::Roll {
                dice,
                modifier,
                min,
            } => Mp::whole((6 * dice as i32 + modifier).max(0) as u32).max(min),
        }
    }
}

/// Whether a game enforces movement (a scenario's `movement` field, the menu's toggle,
/// `--free-movement`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Enforcement {
    /// Moves and attacks beyond the rules are refused.
    #[default]
    Enforced,
    /// Costs are shown and logged but nothing is refused (for players who enforce printed
    /// rules Musket does not have).
    Free,
}
