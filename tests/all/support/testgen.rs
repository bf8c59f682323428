//! Generated scenarios for benchmarks and tests: a deterministic, varied map (every terrain
//! letter, rivers, creeks, woods hexsides, long routes) and two armies facing each other along
//! two interleaved fronts, so that many enemy units are adjacent.
//!
//! Everything follows from the seed through a small inline PRNG (splitmix64): the same
//! arguments always give the same file. Test and benchmark support: included with
//! `#[path = "support/testgen.rs"] mod testgen;` (each crate uses some of it).

#![allow(dead_code)]

use std::collections::{HashMap, HashSet};

use musket::rules::attack::{AttackRequest, AttackType};
use musket::rules::game::Game;
use musket::rules::hex::{Coord, Dir, Side};
use musket::rules::map::{Feature, RouteKind, label_width};
use musket::rules::scenario::{
    HexsideFile, MapFile, RouteFile, ScenarioFile, StrengthFile, UnitFile,
};
use musket::rules::unit::{SideId, UnitKind};

/// splitmix64: tiny, deterministic, good enough for test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// An index chosen by weight.
    fn weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        let mut x = self.below(total);
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }

    fn dir(&mut self) -> Dir {
        Dir::ALL[self.below(6) as usize]
    }
}

fn turn(d: Dir, by: i64) -> Dir {
    Dir::ALL[(d.index() as i64 + by).rem_euclid(6) as usize]
}

/// A walk of adjacent on-map hexes, mostly keeping to `heading`, never revisiting a hex.
fn walk(rng: &mut Rng, cols: i32, rows: i32, start: Coord, heading: Dir, len: usize) -> Vec<Coord> {
    let on_map = |c: Coord| c.col >= 1 && c.col <= cols && c.row >= 1 && c.row <= rows;
    let mut path = vec![start];
    let mut seen: HashSet<Coord> = HashSet::from([start]);
    let mut cur = start;
    while path.len() < len {
        let first = match rng.weighted(&[4, 2, 2]) {
            0 => heading,
            1 => turn(heading, 1),
            _ => turn(heading, -1),
        };
        let tries = [first, heading, turn(heading, 1), turn(heading, -1)];
        let Some(next) = tries
            .into_iter()
            .map(|d| cur.neighbor(d))
            .find(|n| on_map(*n) && !seen.contains(n))
        else {
            break;
        };
        seen.insert(next);
        path.push(next);
        cur = next;
    }
    path
}

/// Hexside features, keyed by the canonical side (so a route crossing a river can be bridged),
/// in the order first named.
#[derive(Default)]
struct Sides {
    features: HashMap<Side, Vec<Feature>>,
    order: Vec<Side>,
}

impl Sides {
    fn add(&mut self, hex: Coord, dir: Dir, f: Feature) {
        let s = Side::new(hex, dir);
        let order = &mut self.order;
        let e = self.features.entry(s).or_insert_with(|| {
            order.push(s);
            Vec::new()
        });
        if !e.contains(&f) {
            e.push(f);
        }
    }
}

fn is_water(f: &Feature) -> bool {
    matches!(
        f,
        Feature::MajorRiver | Feature::MinorRiver | Feature::Creek
    )
}

/// A generated scenario of `columns` x `rows` hexes (each 1..=999) with `units` units split
/// between "Union" and "Confederate". Deterministic in `seed`; validates whenever the map has
/// at least two hexes (or there are no units).
pub fn generated(columns: u32, rows: u32, units: usize, seed: u64) -> ScenarioFile {
    let mut rng = Rng(seed ^ 0x6D75_736B_6574_0001);
    let (cols, rws) = (columns.clamp(1, 999) as i32, rows.clamp(1, 999) as i32);
    let width = label_width(cols as u32, rws as u32);
    let label = |c: Coord| c.label(width);
    let on_map = |c: Coord| c.col >= 1 && c.col <= cols && c.row >= 1 && c.row <= rws;
    let random_hex = |rng: &mut Rng| {
        Coord::new(
            rng.range(1, cols as i64) as i32,
            rng.range(1, rws as i64) as i32,
        )
    };

    // Terrain: 6x6 regions of one dominant letter, each hex keeping it 70% of the time.
    const LETTERS: [char; 8] = ['c', 'l', 'r', 'w', 't', 's', 'm', 'p'];
    const WEIGHTS: [u64; 8] = [35, 20, 10, 20, 3, 5, 4, 3];
    let region = 6;
    let (rcols, rrows) = ((cols + region - 1) / region, (rws + region - 1) / region);
    let regions: Vec<usize> = (0..rcols * rrows).map(|_| rng.weighted(&WEIGHTS)).collect();
    let mut grid: Vec<Vec<char>> = (0..rws)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let dominant = regions[((r / region) * rcols + c / region) as usize];
                    if rng.chance(70) {
                        LETTERS[dominant]
                    } else {
                        LETTERS[rng.weighted(&WEIGHTS)]
                    }
                })
                .collect()
        })
        .collect();
    // Every letter at least once, along the top row (or wherever the map has room).
    for (i, ch) in LETTERS.iter().enumerate() {
        let i = i as i32;
        let (c, r) = (i % cols, (i / cols).min(rws - 1));
        grid[r as usize][c as usize] = *ch;
    }
    let terrain_at = |c: Coord| grid[(c.row - 1) as usize][(c.col - 1) as usize];

    // Hexsides, keyed by the canonical side so a route crossing a river can be bridged.
    let mut sides = Sides::default();
    // Rivers and creeks: a walk of hexes with the feature on one flank of each hex, so the
    // hexsides form a rough line.
    let waterways = [
        (Feature::MajorRiver, 2, 50),
        (Feature::MinorRiver, 3, 35),
        (Feature::Creek, 5, 18),
    ];
    for (feature, count, len) in waterways {
        for _ in 0..count {
            let heading = rng.dir();
            let start = random_hex(&mut rng);
            let flank = turn(heading, if rng.chance(50) { 1 } else { -1 });
            for h in walk(&mut rng, cols, rws, start, heading, len) {
                sides.add(h, flank, feature);
            }
        }
    }
    // Woods hexsides around woods hexes.
    let mut woods = 0;
    for _ in 0..2000 {
        if woods >= 80 {
            break;
        }
        let h = random_hex(&mut rng);
        if terrain_at(h) == 'w' {
            for _ in 0..rng.range(1, 3) {
                sides.add(h, rng.dir(), Feature::Woods);
                woods += 1;
            }
        }
    }

    // Routes: long walks from one map edge inward.
    let route_kinds = [
        (RouteKind::Railroad, 90),
        (RouteKind::Pike, 80),
        (RouteKind::Road, 60),
        (RouteKind::Road, 60),
        (RouteKind::Road, 45),
        (RouteKind::Trail, 35),
        (RouteKind::Trail, 30),
    ];
    let mut routes = Vec::new();
    for (i, (kind, len)) in route_kinds.into_iter().enumerate() {
        let (start, heading) = match i % 4 {
            0 => (Coord::new(rng.range(1, cols as i64) as i32, 1), Dir::S),
            1 => (
                Coord::new(1, rng.range(1, rws as i64) as i32),
                if rng.chance(50) { Dir::NE } else { Dir::SE },
            ),
            2 => (Coord::new(rng.range(1, cols as i64) as i32, rws), Dir::N),
            _ => (
                Coord::new(cols, rng.range(1, rws as i64) as i32),
                if rng.chance(50) { Dir::NW } else { Dir::SW },
            ),
        };
        let hexes = walk(&mut rng, cols, rws, start, heading, len);
        if hexes.len() < 2 {
            continue;
        }
        // Where the route crosses a river or creek, a bridge (or a ford for a trail).
        for pair in hexes.windows(2) {
            if let Some(d) = pair[0].direction_to(pair[1]) {
                let wet = sides
                    .features
                    .get(&Side::new(pair[0], d))
                    .is_some_and(|fs| fs.iter().any(is_water));
                if wet {
                    let crossing = if kind == RouteKind::Trail {
                        Feature::Ford
                    } else {
                        Feature::Bridge
                    };
                    sides.add(pair[0], d, crossing);
                }
            }
        }
        routes.push(RouteFile {
            kind,
            hexes: hexes.into_iter().map(label).collect(),
        });
    }
    // A few loose fords and bridges on rivers no route crosses.
    let wet: Vec<Side> = sides
        .order
        .iter()
        .copied()
        .filter(|s| sides.features[s].iter().any(is_water))
        .collect();
    for _ in 0..12 {
        if wet.is_empty() {
            break;
        }
        let s = wet[rng.below(wet.len() as u64) as usize];
        let f = if rng.chance(50) {
            Feature::Ford
        } else {
            Feature::Bridge
        };
        sides.add(s.hex, s.dir, f);
    }
    // Named from either hex: from the far hex half of the time, when that hex is on the map.
    let hexsides: Vec<HexsideFile> = sides
        .order
        .iter()
        .filter(|s| on_map(s.hex) || on_map(s.hex.neighbor(s.dir)))
        .map(|s| {
            let other = s.hex.neighbor(s.dir);
            let (hex, dir) = if !on_map(s.hex) || (on_map(other) && rng.chance(50)) {
                (other, s.dir.opposite())
            } else {
                (s.hex, s.dir)
            };
            HexsideFile {
                hex: label(hex),
                dir: musket::rules::hex::Orientation::Flat.compass(dir),
                features: sides.features[s].clone(),
            }
        })
        .collect();

    // Units: two fronts across the map, interleaved. On the northern front the Union holds the
    // line row and the Confederates the row below; on the southern front the other way round.
    // Reserves stand one row behind each line. The hexes of the two sides never overlap.
    let lines = |frac_num: i32| (rws * frac_num / 10).clamp(1, rws);
    let fronts = [(lines(3), SideId(0)), (lines(7), SideId(1))];
    let (c_lo, c_hi) = ((cols / 6).max(1), (cols - cols / 6).max(1));
    let mut pools: [Vec<(Coord, u64)>; 2] = [Vec::new(), Vec::new()];
    let mut taken: HashSet<Coord> = HashSet::new();
    for (row, north) in fronts {
        let south = north.other();
        for (r, side, weight) in [
            (row - 1, north, 1),
            (row, north, 4),
            (row + 1, south, 4),
            (row + 2, south, 1),
        ] {
            if r < 1 || r > rws {
                continue;
            }
            for c in c_lo..=c_hi {
                let h = Coord::new(c, r);
                if taken.insert(h) {
                    pools[side.0 as usize].push((h, weight));
                }
            }
        }
    }
    // A map too small for fronts: any hex left free.
    for pool in &mut pools {
        if pool.is_empty() {
            for r in 1..=rws {
                for c in 1..=cols {
                    let h = Coord::new(c, r);
                    if taken.insert(h) {
                        pool.push((h, 1));
                    }
                }
            }
        }
    }
    let sides_names = ["Union", "Confederate"];
    let prefixes = ["usa", "csa"];
    let mut unit_files = Vec::with_capacity(units);
    for i in 0..units {
        let side = i % 2;
        let n = i / 2 + 1;
        let pool = &pools[side];
        let weights: Vec<u64> = pool.iter().map(|(_, w)| *w).collect();
        let hex = if pool.is_empty() {
            Coord::new(1, 1)
        } else {
            pool[rng.weighted(&weights)].0
        };
        let kind = match rng.weighted(&[62, 13, 15, 10]) {
            0 => UnitKind::Infantry,
            1 => UnitKind::Cavalry,
            2 => UnitKind::Artillery,
            _ => UnitKind::Leader,
        };
        let (manpower, artillery) = match kind {
            UnitKind::Infantry => (rng.range(2, 12), if rng.chance(30) { 1 } else { 0 }),
            UnitKind::Cavalry => (rng.range(1, 4), if rng.chance(20) { 1 } else { 0 }),
            UnitKind::Artillery => (rng.range(1, 3), rng.range(1, 4)),
            UnitKind::Leader | UnitKind::Wagon | UnitKind::Gunboat => (0, 0),
        };
        let leader = kind == UnitKind::Leader;
        let strength = if leader {
            if rng.chance(50) {
                Some(StrengthFile::Organized(0.0))
            } else {
                None
            }
        } else if rng.chance(15) {
            // Half the manpower, in halves: 5 men give a CV of 2 1/2.
            Some(StrengthFile::Disorganized {
                cv: manpower as f64 / 2.0,
                manpower: manpower as f64,
            })
        } else {
            Some(StrengthFile::Organized(manpower as f64))
        };
        let tactical = if leader {
            rng.range(0, 3)
        } else {
            rng.range(0, 2)
        };
        let tactical_defence = (leader && rng.chance(30)).then(|| rng.range(0, 3));
        let demoralized = if !leader && rng.chance(10) {
            rng.range(1, 2)
        } else {
            0
        };
        let entrenched = kind == UnitKind::Infantry && rng.chance(20);
        let fatigue = if !leader && rng.chance(25) {
            rng.range(1, 4)
        } else {
            0
        };
        let active = !rng.chance(5);
        unit_files.push(UnitFile {
            id: format!("{}-{n:03}", prefixes[side]),
            name: format!("{} {} {n}", sides_names[side], kind.name()),
            side: sides_names[side].to_string(),
            kind,
            hex: label(hex),
            strength,
            artillery,
            tactical,
            tactical_defence,
            fatigue,
            demoralized,
            entrenched,
            active,
            ..UnitFile::blank()
        });
    }

    ScenarioFile {
        title: format!("Generated {cols}x{rws}, {units} units, seed {seed}"),
        ruleset: "gcacw".into(),
        sides: sides_names.iter().map(|s| s.to_string()).collect(),
        weather: Default::default(),
        turn: None,
        turns: None,
        weather_by_turn: None,
        briefing: None,
        night_turns: Vec::new(),
        random_events: None,
        supply_trains: None,
        ferries: Vec::new(),
        surprise: None,
        alert: None,
        initiative_ties: None,
        map: MapFile {
            orientation: Default::default(),
            columns: i64::from(cols),
            rows: i64::from(rws),
            terrain: grid.into_iter().map(|r| r.into_iter().collect()).collect(),
            hexsides,
            routes,
            elevation: None,
            labels: Default::default(),
        },
        units: unit_files,
        victory: Vec::new(),
        victory_losses: Vec::new(),
        movement: Default::default(),
        underlay: None,
        module: None,
    }
}

fn combat_of(game: &Game, hex: Coord, side: SideId) -> Vec<musket::rules::unit::UnitIdx> {
    game.units_at(hex)
        .iter()
        .copied()
        .filter(|u| {
            let unit = game.unit(*u);
            unit.side == side && unit.is_combat()
        })
        .collect()
}

/// Units in the six hexes around `hex` (a measure of how much the flank and ZOC rules see).
fn busy(game: &Game, hex: Coord) -> usize {
    hex.neighbors()
        .iter()
        .map(|n| game.units_at(*n).len())
        .sum()
}

/// The first contact of the active side, in unit order: the undisrupted combat units of its
/// first hex next to an enemy combat unit, attacking that enemy hex with the rule system's
/// default attack type (benchmarks and smoke tests of any rule system).
pub fn first_contact(game: &Game) -> Option<AttackRequest> {
    for u in game.unit_indices() {
        let unit = game.unit(u);
        let Some(h) = unit.hex else { continue };
        if unit.side != game.active_side || !unit.is_combat() || unit.is_disrupted() {
            continue;
        }
        for n in h.neighbors() {
            if !combat_of(game, n, unit.side.other()).is_empty() {
                let attackers = combat_of(game, h, unit.side)
                    .into_iter()
                    .filter(|a| !game.unit(*a).is_disrupted())
                    .collect();
                return Some(AttackRequest::new(attackers, n, None));
            }
        }
    }
    None
}

/// Every pair of adjacent hexes held by opposite sides (each pair once).
pub fn enemy_pairs(game: &Game) -> Vec<(Coord, Coord)> {
    let mut out = Vec::new();
    for h in game.map().coords() {
        let Some(s) = game.side_at(h) else { continue };
        for n in h.neighbors() {
            if n > h && game.side_at(n).is_some_and(|o| o != s) {
                out.push((h, n));
            }
        }
    }
    out
}

/// A deterministic assault: the combat units (two or three) of one hex against an adjacent
/// enemy hex holding a combat unit, preferring three attackers and the busiest surroundings.
pub fn assault_case(game: &Game) -> Option<AttackRequest> {
    let mut best: Option<(usize, AttackRequest)> = None;
    for h in game.map().coords() {
        let Some(side) = game.side_at(h) else {
            continue;
        };
        let attackers = combat_of(game, h, side);
        if attackers.len() < 2 {
            continue;
        }
        for d in h.neighbors() {
            if combat_of(game, d, side.other()).is_empty() {
                continue;
            }
            let take = attackers.len().min(3);
            let score = take * 1000 + busy(game, d);
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((
                    score,
                    AttackRequest {
                        attackers: attackers[..take].to_vec(),
                        defender: d,
                        kind: Some(AttackType::Assault),
                        march_type: None,
                        options: Default::default(),
                    },
                ));
            }
        }
    }
    best.map(|(_, r)| r)
}

/// A deterministic grand assault: the combat units of every adjacent enemy hex (at least two
/// hexes) against one hex, preferring the most attacking hexes and the busiest surroundings.
pub fn grand_case(game: &Game) -> Option<AttackRequest> {
    let mut best: Option<(usize, AttackRequest)> = None;
    for d in game.map().coords() {
        let Some(side) = game.side_at(d) else {
            continue;
        };
        if combat_of(game, d, side).is_empty() {
            continue;
        }
        let from: Vec<Vec<_>> = d
            .neighbors()
            .into_iter()
            .map(|n| combat_of(game, n, side.other()))
            .filter(|v| !v.is_empty())
            .collect();
        if from.len() < 2 {
            continue;
        }
        let score = from.len() * 1000 + busy(game, d);
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((
                score,
                AttackRequest {
                    attackers: from.concat(),
                    defender: d,
                    kind: Some(AttackType::Grand),
                    march_type: None,
                    options: Default::default(),
                },
            ));
        }
    }
    best.map(|(_, r)| r)
}

/// Which list of a scenario file [`long_list`] makes long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LongList {
    /// `victory`: one entry per hex.
    Victory,
    /// `units`: one unit per hex.
    Units,
    /// `map.hexsides`: one entry per hex.
    Hexsides,
    /// `map.routes`: one two-hex route per hex.
    Routes,
    /// One route through `n` hexes.
    RouteHexes,
    /// `night_turns`, with `turns` and `weather_by_turn` as long.
    Turns,
}

impl LongList {
    pub const ALL: [LongList; 6] = [
        LongList::Victory,
        LongList::Units,
        LongList::Hexsides,
        LongList::Routes,
        LongList::RouteHexes,
        LongList::Turns,
    ];

    pub fn name(self) -> &'static str {
        match self {
            LongList::Victory => "victory",
            LongList::Units => "units",
            LongList::Hexsides => "hexsides",
            LongList::Routes => "routes",
            LongList::RouteHexes => "route_hexes",
            LongList::Turns => "turns",
        }
    }
}

/// A valid scenario whose `list` has `n` entries (at most the 998,001 hexes of the largest map
/// for the lists with one entry per hex; turns at most 10,000), on a map just big enough: for
/// measuring that every check of the loader is linear or n log n.
pub fn long_list(list: LongList, n: usize) -> ScenarioFile {
    let side = ((n as f64).sqrt().ceil() as u32).clamp(2, 999);
    let (cols, rows) = (side, side);
    let width = label_width(cols, rows);
    let hexes = || {
        (1..=rows as i32)
            .flat_map(move |r| (1..=cols as i32).map(move |c| Coord::new(c, r)))
            .take(n)
    };
    let mut file = generated(2, 1, 0, 1);
    file.title = format!("{n} {}", list.name());
    file.map = MapFile {
        orientation: Default::default(),
        columns: cols as i64,
        rows: rows as i64,
        terrain: vec!["c".repeat(cols as usize); rows as usize],
        hexsides: Vec::new(),
        routes: Vec::new(),
        elevation: None,
        labels: Default::default(),
    };
    let unit = |i: usize, hex: Coord, side: &str| UnitFile {
        id: format!("u{i}"),
        name: format!("Unit {i}"),
        side: side.into(),
        kind: UnitKind::Infantry,
        hex: hex.label(width),
        strength: Some(StrengthFile::Organized(3.0)),
        ..UnitFile::blank()
    };
    file.units = vec![
        unit(0, Coord::new(1, 1), "Union"),
        unit(1, Coord::new(side as i32, side as i32), "Confederate"),
    ];
    match list {
        LongList::Victory => {
            file.victory = hexes()
                .map(|h| musket::rules::scenario::VictoryHexFile {
                    hex: h.label(width),
                    points: 1,
                    name: None,
                    holder: Some("Union".into()),
                })
                .collect();
        }
        LongList::Units => {
            file.units = hexes()
                .enumerate()
                .map(|(i, h)| {
                    unit(
                        i,
                        h,
                        if h.col % 2 == 0 {
                            "Union"
                        } else {
                            "Confederate"
                        },
                    )
                })
                .collect();
        }
        LongList::Hexsides => {
            file.map.hexsides = hexes()
                .map(|h| HexsideFile {
                    hex: h.label(width),
                    dir: musket::rules::hex::Orientation::Flat
                        .compass(Dir::ALL[(h.col + h.row).rem_euclid(6) as usize]),
                    features: vec![Feature::Creek],
                })
                .collect();
        }
        LongList::Routes => {
            file.map.routes = hexes()
                .map(|h| RouteFile {
                    kind: RouteKind::Trail,
                    hexes: vec![h.label(width), h.neighbor(Dir::S).label(width)],
                })
                .filter(|r| {
                    musket::rules::hex::parse_label(&r.hexes[1], width)
                        .is_ok_and(|c| c.row <= rows as i32)
                })
                .collect();
        }
        LongList::RouteHexes => {
            // Down one column and up the next (a snake through the map).
            let snake = (1..=cols as i32).flat_map(|c| {
                let down = (1..=rows as i32).map(move |r| Coord::new(c, r));
                let up = (1..=rows as i32).rev().map(move |r| Coord::new(c, r));
                let v: Vec<Coord> = if c % 2 == 1 {
                    down.collect()
                } else {
                    up.collect()
                };
                v
            });
            file.map.routes = vec![RouteFile {
                kind: RouteKind::Road,
                hexes: snake.take(n).map(|h| h.label(width)).collect(),
            }];
        }
        LongList::Turns => {
            let n = n.clamp(1, 10_000);
            file.turns = Some(n as i64);
            file.weather_by_turn = Some(vec![musket::rules::map::Weather::Dry; n]);
            file.night_turns = (1..=n as i64).rev().collect();
            file.ruleset = "shiloh".into();
        }
    }
    file
}

/// A scenario with `n` Union infantry units stacked in 0505 of a 12x10 map, next to one
/// Confederate unit in 0605 (for measuring commands on a huge stack).
pub fn big_stack(n: usize) -> ScenarioFile {
    let mut file = long_list(LongList::Victory, 0);
    file.victory.clear();
    file.map.columns = 12;
    file.map.rows = 10;
    file.map.terrain = vec!["c".repeat(12); 10];
    let unit = |i: usize, hex: &str, side: &str| UnitFile {
        id: format!("u{i}"),
        name: format!("Unit {i}"),
        side: side.into(),
        kind: UnitKind::Infantry,
        hex: hex.into(),
        strength: Some(StrengthFile::Organized(1.0)),
        // A fixed allowance: moves validate without a march roll.
        movement: Some(6.0),
        ..UnitFile::blank()
    };
    file.units = (0..n).map(|i| unit(i, "0505", "Union")).collect();
    file.units.push(unit(n, "0605", "Confederate"));
    file
}
