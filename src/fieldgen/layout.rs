//! The frame of a field (its size, the two deployment zones and the ground between them) and
//! what every layout shares: scattered woods and rolling ground, each side's base at its rear,
//! and the roads linking the bases, the objectives between them and the map edges.

use std::ops::RangeInclusive;

use crate::rules::hex::Coord;
use crate::rules::map::Feature;

use super::ground::Ground;
use super::probe::{Palette, Probe, RiverStyle};
use super::rng::Rng;

/// One end of the map: the west (column 1) or the east (the last column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flank {
    West,
    East,
}

impl Flank {
    pub const BOTH: [Flank; 2] = [Flank::West, Flank::East];

    pub fn name(self) -> &'static str {
        match self {
            Flank::West => "west",
            Flank::East => "east",
        }
    }
}

/// The field's size and where each side deploys: `depth` columns ending at `west_front` for
/// the west, starting at `east_front` for the east, the gap between them empty; and the side
/// that holds the layout's key ground at the start, if one does (the weaker army: `defender`),
/// else the key ground lies in the middle of the gap and nobody holds it (a meeting).
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub cols: i32,
    pub rows: i32,
    pub depth: i32,
    pub west_front: i32,
    pub east_front: i32,
    pub defender: Option<Flank>,
}

impl Frame {
    /// A frame for armies whose larger side deploys `stacks` stacks and marches `pace` hexes a
    /// turn, about the size of the source's `cols` x `rows` map: the fronts a march and a half
    /// apart (1.1 to 1.7 turns of open ground, at least 3 columns between them), so the armies
    /// meet in the first or second turn.
    pub fn new(
        rng: &mut Rng,
        (pace, stacks): (f64, usize),
        (cols, rows): (i32, i32),
        defender: Option<Flank>,
    ) -> Frame {
        let gap = ((pace * rng.between(1.1, 1.7)).round() as i32).clamp(3, 16);
        let rows = ((f64::from(rows) * rng.between(0.9, 1.1)).round() as i32).max(8);
        let need = |d: i32| (1.6 * stacks as f64 / f64::from(d)).ceil() as i32;
        let depth = (1..=6).find(|d| need(*d) <= rows).unwrap_or(6).max(2);
        let rows = rows.max(need(depth));
        let least = 2 * depth + gap + 4;
        let cols = ((f64::from(cols) * rng.between(0.9, 1.1)).round() as i32).max(least);
        let west_front = (cols - 2 * depth - gap) / 2 + depth;
        Frame {
            cols,
            rows,
            depth,
            west_front,
            east_front: west_front + gap + 1,
            defender,
        }
    }

    /// The columns the layout's features lie in: the gap, and the defender's front column.
    pub fn span(&self) -> RangeInclusive<i32> {
        match self.defender {
            None => self.gap(),
            Some(Flank::West) => self.west_front..=self.east_front - 1,
            Some(Flank::East) => self.west_front + 1..=self.east_front,
        }
    }

    /// The column the layout's key ground centres on: the middle of the gap, or the
    /// defender's front.
    pub fn key(&self) -> i32 {
        match self.defender {
            None => self.centre(),
            Some(Flank::West) => self.west_front,
            Some(Flank::East) => self.east_front,
        }
    }

    /// The columns a line down the map (a ridge's crest) may wander in: the gap, or the
    /// defender's front and the column before it.
    pub fn line(&self) -> (i32, i32) {
        match self.defender {
            None => (self.west_front + 1, self.east_front - 1),
            Some(Flank::West) => (self.west_front, self.west_front + 1),
            Some(Flank::East) => (self.east_front - 1, self.east_front),
        }
    }

    /// Who holds an objective of the layout at `c` at the start: the defender, or in a meeting
    /// the side on whose half it lies (nobody on the middle column).
    pub fn holder(&self, c: Coord) -> Option<Flank> {
        match self.defender {
            Some(f) => Some(f),
            None if c.col < self.centre() => Some(Flank::West),
            None if c.col > self.centre() => Some(Flank::East),
            None => None,
        }
    }

    /// The columns a side deploys in.
    pub fn zone(&self, f: Flank) -> RangeInclusive<i32> {
        match f {
            Flank::West => self.west_front - self.depth + 1..=self.west_front,
            Flank::East => self.east_front..=self.east_front + self.depth - 1,
        }
    }

    /// The columns between the two zones.
    pub fn gap(&self) -> RangeInclusive<i32> {
        self.west_front + 1..=self.east_front - 1
    }

    /// The middle column of the gap.
    pub fn centre(&self) -> i32 {
        (self.west_front + self.east_front) / 2
    }

    /// The map edge behind a side.
    pub fn edge(&self, f: Flank) -> i32 {
        match f {
            Flank::West => 1,
            Flank::East => self.cols,
        }
    }

    /// The hex opposite `c` through the field's centre (a half turn).
    pub fn mirror(&self, c: Coord) -> Coord {
        Coord::new(self.cols + 1 - c.col, self.rows + 1 - c.row)
    }
}

/// A victory hex of the plan: who holds it at the start (`None`: nobody until a unit enters).
#[derive(Clone, Debug)]
pub struct Objective {
    pub hex: Coord,
    pub name: String,
    pub points: u32,
    pub holder: Option<Flank>,
    /// A side's base (named after the side in the file).
    pub base: bool,
}

/// A drawn field before the armies: the ground, its objectives, the hexes at each end of every
/// river crossing, where each side's reinforcements enter, and a line saying what was drawn.
#[derive(Clone, Debug)]
pub struct Plan {
    pub ground: Ground,
    pub objectives: Vec<Objective>,
    pub crossings: Vec<Coord>,
    pub entries: [Coord; 2],
    pub description: String,
}

/// What a layout adds to the shared ground: its objectives between the armies, its crossings,
/// the hexes roads avoid unless they must (a ridge's crest), and its description.
pub struct Features {
    pub objectives: Vec<Objective>,
    pub crossings: Vec<Coord>,
    pub steep: Vec<Coord>,
    pub river: Option<RiverStyle>,
    pub description: String,
}

/// Rolling ground and woods scattered over the field: `woods` is the share of the map in
/// woods (about a fifth of it thick where the rules have thick woods).
pub fn scatter(g: &mut Ground, p: &Palette, rng: &mut Rng, woods: f64) {
    let area = (g.cols * g.rows) as f64;
    let open = p.open;
    let free = move |g: &Ground, c: Coord| g.letter(c) == open;
    if p.rolling != p.open {
        for _ in 0..(area / 30.0).round() as usize {
            let at = Coord::new(rng.range(1, g.cols), rng.range(1, g.rows));
            let size = rng.range(3, 8) as usize;
            g.patch(rng, at, size, p.rolling, free);
        }
    }
    let mut left = (area * woods).round() as i32;
    while left > 0 {
        let at = Coord::new(rng.range(1, g.cols), rng.range(1, g.rows));
        let size = rng.range(2, 7).min(left) as usize;
        let letter = if rng.chance(0.2) { p.thick } else { p.woods };
        let free = move |g: &Ground, c: Coord| g.letter(c) != letter && g.level(c) == 0;
        let n = g.patch(rng, at, size, letter, free).len() as i32;
        left -= n.max(1);
    }
}

/// Each side's base: a village behind its zone (in its rear columns, or its zone's back column
/// where it has none), worth `points` to the side holding it; and where its reinforcements
/// enter, on its map edge near the base's row. Returns the bases and the entries.
pub fn bases(
    g: &mut Ground,
    p: &Palette,
    frame: &Frame,
    rng: &mut Rng,
) -> (Vec<Objective>, [Coord; 2]) {
    let points = rng.range(1, 3) as u32;
    let row = rng.range(frame.rows / 4 + 1, frame.rows - frame.rows / 4);
    let mut out = Vec::new();
    let mut entries = [Coord::new(1, 1); 2];
    for (k, f) in Flank::BOTH.into_iter().enumerate() {
        let zone = frame.zone(f);
        let behind = rng.range(1, 2);
        let col = match f {
            Flank::West => (zone.start() - behind).max(1),
            Flank::East => (zone.end() + behind).min(frame.cols),
        };
        let r = if f == Flank::West {
            row
        } else {
            frame.rows + 1 - row
        };
        let hex = Coord::new(col, r);
        g.set(hex, p.town);
        let jitter = rng.range(-2, 2);
        entries[k] = Coord::new(frame.edge(f), (r + jitter).clamp(1, frame.rows));
        out.push(Objective {
            hex,
            name: format!("{} base", f.name()),
            points,
            holder: Some(f),
            base: true,
        });
    }
    (out, entries)
}

/// The price of a road step from `a` into `b`: open ground cheapest, woods and rough dearer,
/// steep hexes (a crest) dearest; never across a river hexside without a bridge, nor through a
/// stream hex other than a bridge.
pub fn road_step(
    g: &Ground,
    p: &Palette,
    river: Option<RiverStyle>,
    steep: &[Coord],
    a: Coord,
    b: Coord,
) -> Option<f64> {
    let f = g.features(a, b);
    let wet = [Feature::MajorRiver, Feature::MinorRiver, Feature::Creek];
    if f.iter().any(|x| wet.contains(x)) && !f.contains(&Feature::Bridge) {
        return None;
    }
    let l = g.letter(b);
    if let Some(RiverStyle::Hexes { stream, ford, .. }) = river
        && (l == stream || l == ford)
    {
        return None;
    }
    let cost = if steep.contains(&b) {
        8.0
    } else if l == p.town {
        0.8
    } else if l == p.open {
        1.0
    } else if l == p.rolling {
        1.3
    } else if l == p.woods {
        2.0
    } else {
        3.0
    };
    Some(cost + f64::from(g.level(b).abs_diff(g.level(a))))
}

/// Roads: from each side's entry through its base to the nearest objective between the armies,
/// and on through those objectives from north to south; with `cross`, also from the first and
/// the last of them to the north and south edges (a crossroads). Fails where no road can be
/// laid (a river with no bridge between two places that need one).
pub fn roads(
    g: &mut Ground,
    probe: &Probe,
    plan: (&[Objective], &[Objective], [Coord; 2]),
    feats: &Features,
    rng: &mut Rng,
    cross: bool,
) -> Result<(), String> {
    let (bases, middle, entries) = plan;
    let mut middle: Vec<Coord> = middle.iter().map(|o| o.hex).collect();
    middle.sort_by_key(|c| (c.row, c.col));
    let mut legs: Vec<(Coord, Coord)> = Vec::new();
    for (k, base) in bases.iter().enumerate() {
        legs.push((entries[k], base.hex));
        if let Some(near) = middle.iter().min_by_key(|m| m.distance(base.hex)) {
            legs.push((base.hex, *near));
        }
    }
    legs.extend(middle.windows(2).map(|w| (w[0], w[1])));
    if cross && let (Some(first), Some(last)) = (middle.first(), middle.last()) {
        legs.push((*first, Coord::new(first.col, 1)));
        legs.push((*last, Coord::new(last.col, g.rows)));
    }
    for (from, to) in legs {
        if from == to {
            continue;
        }
        let step = |g: &Ground, a: Coord, b: Coord| {
            road_step(g, &probe.palette, feats.river, &feats.steep, a, b)
        };
        let path = g
            .path(rng, from, to, 0.6, step)
            .ok_or_else(|| format!("no road from {} to {}", from.label(2), to.label(2)))?;
        g.roads.push(path);
    }
    Ok(())
}
