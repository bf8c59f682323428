//! The ground being drawn: terrain letters, elevation, hexside features and roads on a grid of
//! `cols` x `rows` hexes, with the drawing tools the layouts share (patches, paths), and the
//! map section of a scenario file made from it.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use crate::rules::hex::{Coord, Numbering, Orientation, Side};
use crate::rules::map::{Feature, RouteKind};
use crate::rules::scenario::{HexsideFile, MapFile, RouteFile};

use super::rng::Rng;

/// A map being drawn.
#[derive(Clone, Debug)]
pub struct Ground {
    pub cols: i32,
    pub rows: i32,
    terrain: Vec<char>,
    elevation: Vec<u8>,
    sides: BTreeMap<Side, Vec<Feature>>,
    /// Roads, each a chain of adjacent hexes.
    pub roads: Vec<Vec<Coord>>,
}

impl Ground {
    /// A ground of `cols` x `rows` hexes of terrain `fill`, level 0.
    pub fn new(cols: i32, rows: i32, fill: char) -> Ground {
        let n = (cols.max(0) * rows.max(0)) as usize;
        Ground {
            cols,
            rows,
            terrain: vec![fill; n],
            elevation: vec![0; n],
            sides: BTreeMap::new(),
            roads: Vec::new(),
        }
    }

    pub fn contains(&self, c: Coord) -> bool {
        (1..=self.cols).contains(&c.col) && (1..=self.rows).contains(&c.row)
    }

    fn ix(&self, c: Coord) -> Option<usize> {
        self.contains(c)
            .then(|| ((c.row - 1) * self.cols + (c.col - 1)) as usize)
    }

    /// Every hex, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = Coord> + '_ {
        (1..=self.rows).flat_map(move |r| (1..=self.cols).map(move |c| Coord::new(c, r)))
    }

    /// The neighbours on the map.
    pub fn neighbours(&self, c: Coord) -> impl Iterator<Item = Coord> + '_ {
        c.neighbors().into_iter().filter(|n| self.contains(*n))
    }

    /// The terrain letter of a hex (`' '` off the map).
    pub fn letter(&self, c: Coord) -> char {
        self.ix(c).map_or(' ', |i| self.terrain[i])
    }

    pub fn set(&mut self, c: Coord, letter: char) {
        if let Some(i) = self.ix(c) {
            self.terrain[i] = letter;
        }
    }

    pub fn level(&self, c: Coord) -> u8 {
        self.ix(c).map_or(0, |i| self.elevation[i])
    }

    pub fn set_level(&mut self, c: Coord, level: u8) {
        if let Some(i) = self.ix(c) {
            self.elevation[i] = level.min(9);
        }
    }

    /// Put feature `f` on the hexside between adjacent hexes `a` and `b`.
    pub fn add_feature(&mut self, a: Coord, b: Coord, f: Feature) {
        if let Some(s) = Side::between(a, b) {
            let v = self.sides.entry(s).or_default();
            if !v.contains(&f) {
                v.push(f);
                v.sort();
            }
        }
    }

    /// The features on the hexside between `a` and `b`.
    pub fn features(&self, a: Coord, b: Coord) -> &[Feature] {
        Side::between(a, b)
            .and_then(|s| self.sides.get(&s))
            .map_or(&[], Vec::as_slice)
    }

    /// Grow a patch of `letter` from `start` to about `size` hexes, each new hex next to the
    /// patch, over hexes `may` accepts. Returns the patch's hexes.
    pub fn patch(
        &mut self,
        rng: &mut Rng,
        start: Coord,
        size: usize,
        letter: char,
        may: impl Fn(&Ground, Coord) -> bool,
    ) -> Vec<Coord> {
        if !self.contains(start) || !may(self, start) {
            return Vec::new();
        }
        let mut patch = vec![start];
        self.set(start, letter);
        for _ in 0..size.saturating_mul(4) {
            if patch.len() >= size {
                break;
            }
            let from = patch[rng.below(patch.len() as u64) as usize];
            let next: Vec<Coord> = self
                .neighbours(from)
                .filter(|n| !patch.contains(n) && may(self, *n))
                .collect();
            if let Some(&n) = rng.pick(&next) {
                self.set(n, letter);
                patch.push(n);
            }
        }
        patch
    }

    /// The cheapest chain of adjacent hexes from `from` to `to`, where `step(a, b)` prices
    /// entering `b` from `a` (`None`: not allowed); each hex also costs a little noise of up
    /// to `wiggle`, drawn once per path, so roads wander.
    pub fn path(
        &self,
        rng: &mut Rng,
        from: Coord,
        to: Coord,
        wiggle: f64,
        step: impl Fn(&Ground, Coord, Coord) -> Option<f64>,
    ) -> Option<Vec<Coord>> {
        let (Some(start), Some(goal)) = (self.ix(from), self.ix(to)) else {
            return None;
        };
        let noise: Vec<u64> = (0..self.terrain.len())
            .map(|_| (rng.unit() * wiggle * 1000.0) as u64)
            .collect();
        let mut best = vec![u64::MAX; self.terrain.len()];
        let mut back = vec![usize::MAX; self.terrain.len()];
        let mut heap = BinaryHeap::new();
        best[start] = 0;
        heap.push(Reverse((0u64, start)));
        while let Some(Reverse((d, i))) = heap.pop() {
            if i == goal {
                break;
            }
            if d > best[i] {
                continue;
            }
            let at = self.coord(i);
            for n in self.neighbours(at) {
                let Some(cost) = step(self, at, n) else {
                    continue;
                };
                let j = self.ix(n).unwrap_or(0);
                let nd = d + (cost * 1000.0) as u64 + noise[j];
                if nd < best[j] {
                    best[j] = nd;
                    back[j] = i;
                    heap.push(Reverse((nd, j)));
                }
            }
        }
        if best[goal] == u64::MAX {
            return None;
        }
        let mut out = vec![to];
        let mut i = goal;
        while i != start {
            i = back[i];
            out.push(self.coord(i));
        }
        out.reverse();
        Some(out)
    }

    fn coord(&self, i: usize) -> Coord {
        let i = i as i32;
        Coord::new(i % self.cols + 1, i / self.cols + 1)
    }

    /// The map section of a scenario file.
    /// How the field's hexes are named on a map of orientation `o` (a pointy field is this
    /// ground's mirror over the diagonal: the same model, printed turned).
    pub fn numbering(&self, o: Orientation) -> Numbering {
        let (c, r) = o.size(self.cols as u32, self.rows as u32);
        Numbering::new(o, c, r)
    }

    /// The map as the scenario file writes it, printed in orientation `o`.
    pub fn map_file(&self, o: Orientation) -> MapFile {
        let n = self.numbering(o);
        let rows = |f: &dyn Fn(Coord) -> char| -> Vec<String> {
            (1..=n.rows as i32)
                .map(|r| {
                    (1..=n.columns as i32)
                        .map(|c| f(o.from_printed(c, r)))
                        .collect()
                })
                .collect()
        };
        let terrain = rows(&|c| self.letter(c));
        let raised = self.elevation.iter().any(|l| *l > 0);
        let elevation = raised.then(|| rows(&|c| char::from(b'0' + self.level(c))));
        MapFile {
            orientation: o,
            columns: i64::from(n.columns),
            rows: i64::from(n.rows),
            terrain,
            hexsides: self
                .sides
                .iter()
                .map(|(s, f)| HexsideFile {
                    hex: n.label(s.hex),
                    dir: o.compass(s.dir),
                    features: f.clone(),
                })
                .collect(),
            routes: self
                .roads
                .iter()
                .map(|r| RouteFile {
                    kind: RouteKind::Road,
                    hexes: r.iter().map(|c| n.label(*c)).collect(),
                })
                .collect(),
            elevation,
            labels: BTreeMap::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_a_chain_of_adjacent_hexes_that_avoids_what_it_may_not_enter() {
        let mut g = Ground::new(8, 6, 'c');
        for r in 1..=5 {
            g.set(Coord::new(4, r), 'x');
        }
        let mut rng = Rng::new(1, 0);
        let p = g
            .path(
                &mut rng,
                Coord::new(1, 1),
                Coord::new(8, 1),
                0.5,
                |g, _, b| (g.letter(b) != 'x').then_some(1.0),
            )
            .expect("a way round row 6");
        assert!(p.windows(2).all(|w| w[0].is_adjacent(w[1])));
        assert!(p.iter().all(|c| g.letter(*c) != 'x'));
        assert!(p.contains(&Coord::new(4, 6)));
    }

    #[test]
    fn a_patch_grows_next_to_itself_over_allowed_hexes_only() {
        let mut g = Ground::new(10, 10, 'c');
        g.set(Coord::new(5, 4), 't');
        let mut rng = Rng::new(2, 0);
        let p = g.patch(&mut rng, Coord::new(5, 5), 8, 'w', |g, c| {
            g.letter(c) == 'c'
        });
        assert_eq!(p.len(), 8);
        assert_eq!(g.letter(Coord::new(5, 4)), 't');
        for c in &p[1..] {
            assert!(p.iter().any(|o| o.is_adjacent(*c)));
        }
    }
}
