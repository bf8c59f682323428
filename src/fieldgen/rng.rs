//! The generator's own random numbers: SplitMix64, written out here so that a seed draws the
//! same field on every machine and with every version of the `rand` crate (a field is named by
//! its seed in the measurements).

/// A SplitMix64 generator (Steele, Lea and Flood 2014): 64 bits of state, one multiply-xorshift
/// output per step.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` and a `stream` (each part of a field draws from its own stream,
    /// so a change to one part does not move the others' numbers).
    pub fn new(seed: u64, stream: u64) -> Rng {
        let mut r = Rng(seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03));
        r.next();
        r
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A whole number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Multiply-shift: unbiased enough for map drawing (n is small).
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }

    /// A whole number in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        if hi <= lo {
            return lo;
        }
        lo + self.below((hi - lo + 1) as u64) as i32
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number in `[lo, hi)`.
    pub fn between(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// One of `items` (`None` when it is empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len() as u64) as usize)
    }

    /// `items` in a random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_same_seed_draws_the_same_numbers() {
        let a: Vec<u64> = {
            let mut r = Rng::new(7, 1);
            (0..5).map(|_| r.next()).collect()
        };
        let mut r = Rng::new(7, 1);
        assert_eq!(a, (0..5).map(|_| r.next()).collect::<Vec<_>>());
        let mut other = Rng::new(7, 2);
        assert_ne!(a[0], other.next());
    }

    #[test]
    fn ranges_stay_inside() {
        let mut r = Rng::new(3, 0);
        for _ in 0..1000 {
            let x = r.range(-2, 4);
            assert!((-2..=4).contains(&x));
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
        }
        assert_eq!(r.range(5, 5), 5);
        assert_eq!(r.below(0), 0);
    }
}
