//! Exact combat values and probabilities.
//!
//! GCACW keeps a combat value of 1/2 exactly (7.2), so combat values are counted in halves.
//! Probabilities are exact fractions ([`Prob`]); floats appear only when printing.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub};

use num_rational::Ratio;

/// An exact probability.
pub type Prob = Ratio<u64>;

/// A combat value in half points (`Cv::from_halves(1)` is 1/2).
/// Serialized as its number of halves.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Cv(u32);

impl Cv {
    pub const ZERO: Cv = Cv(0);

    pub const fn from_halves(halves: u32) -> Self {
        Cv(halves)
    }

    pub const fn whole(n: u32) -> Self {
        Cv(n * 2)
    }

    pub const fn halves(self) -> u32 {
        self.0
    }

    pub fn to_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }

    /// The smallest whole number not below this value.
    pub const fn ceil(self) -> u32 {
        self.0.div_ceil(2)
    }

    pub fn min(self, other: Cv) -> Cv {
        Cv(self.0.min(other.0))
    }

    /// Parse a value given as a float in a file: it must be a non-negative multiple of 1/2.
    pub fn from_f64(v: f64) -> Option<Cv> {
        let h = v * 2.0;
        if v.is_finite() && v >= 0.0 && h.fract() == 0.0 && h <= f64::from(u32::MAX) {
            Some(Cv(h as u32))
        } else {
            None
        }
    }
}

impl Add for Cv {
    type Output = Cv;
    fn add(self, rhs: Cv) -> Cv {
        Cv(self.0 + rhs.0)
    }
}

impl AddAssign for Cv {
    fn add_assign(&mut self, rhs: Cv) {
        self.0 += rhs.0;
    }
}

impl Sub for Cv {
    type Output = Cv;
    fn sub(self, rhs: Cv) -> Cv {
        Cv(self.0.saturating_sub(rhs.0))
    }
}

impl Sum for Cv {
    fn sum<I: Iterator<Item = Cv>>(iter: I) -> Cv {
        iter.fold(Cv::ZERO, Add::add)
    }
}

/// Prints `4`, `1/2` or `3 1/2`.
impl fmt::Display for Cv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (w, 0) => write!(f, "{w}"),
            (0, _) => f.write_str("1/2"),
            (w, _) => write!(f, "{w} 1/2"),
        }
    }
}

/// Probability as a float, for printing and JSON.
pub fn prob_f64(p: Prob) -> f64 {
    *p.numer() as f64 / *p.denom() as f64
}

/// Probability as a percentage with one decimal, e.g. `27.8%`.
pub fn percent(p: Prob) -> String {
    format!("{:.1}%", prob_f64(p) * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    // 7.2: "A unit ... may have a Combat Value of 1/2 ... it is not rounded up or down."
    #[test]
    fn rule_7_2_half_cv_is_kept_exactly() {
        let half = Cv::from_f64(0.5).unwrap();
        assert_eq!(half.halves(), 1);
        assert_eq!(half + half, Cv::whole(1));
        assert_eq!(half.to_string(), "1/2");
        assert_eq!(Cv::from_halves(7).to_string(), "3 1/2");
        assert_eq!(Cv::from_halves(7).ceil(), 4);
        assert!(Cv::from_f64(0.25).is_none());
        assert!(Cv::from_f64(-1.0).is_none());
        assert!(Cv::from_f64(f64::NAN).is_none());
    }
}
