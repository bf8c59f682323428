//! The layouts: a river line with its crossings, a ridge line with its passes and summit, open
//! ground with two hills and a town, and a town fight. Each draws its features into the gap
//! between the two deployment zones and names the objectives there (nobody holds them at the
//! start).

use crate::rules::hex::Coord;
use crate::rules::map::Feature;

use super::ground::Ground;
use super::layout::{Features, Flank, Frame, Objective};
use super::probe::{Probe, RiverStyle};
use super::rng::Rng;

/// The names of the bands a feature's places fall in, north to south.
fn band_name(i: usize, k: usize) -> &'static str {
    match (i, k) {
        (0, 1) => "middle",
        (0, _) => "north",
        (1, 3) => "middle",
        _ => "south",
    }
}

/// The rows of band `i` of `k` (north to south).
fn band(rows: i32, i: usize, k: usize) -> std::ops::RangeInclusive<i32> {
    let (i, k) = (i as i32, k as i32);
    1 + i * rows / k..=(i + 1) * rows / k
}

/// A line down the map, one column a row, wandering a column at a time between `lo` and `hi`.
fn course(rng: &mut Rng, rows: i32, start: i32, lo: i32, hi: i32) -> Vec<i32> {
    let mut b = start.clamp(lo, hi);
    let mut out = Vec::new();
    for _ in 0..rows {
        out.push(b);
        if rng.chance(0.4) {
            b = (b + if rng.chance(0.5) { 1 } else { -1 }).clamp(lo, hi);
        }
    }
    out
}

fn objective(hex: Coord, name: String, points: u32) -> Objective {
    Objective {
        hex,
        name,
        points,
        holder: None,
        base: false,
    }
}

/// A river down the gap: every hexside between the hexes west of its course and those east of
/// it, or (where the rules price rivers as terrain) the west bank's row of hexes made stream;
/// two or three crossings, one in each band of rows (bridges, and a ford in the middle band
/// where fords cross); the bridges and a town beside one of them are the objectives.
pub fn river(g: &mut Ground, frame: &Frame, probe: &Probe, rng: &mut Rng) -> Features {
    let style = *rng.pick(&probe.rivers).unwrap_or(&probe.rivers[0]);
    // `b` is the last column west of the river: in a meeting inside the gap, else with the
    // defender's bank its front column or the one before it.
    let (lo, hi) = match frame.defender {
        None => (frame.west_front + 1, frame.east_front - 2),
        Some(Flank::West) => (frame.west_front, frame.west_front + 1),
        Some(Flank::East) => (frame.east_front - 2, frame.east_front - 1),
    };
    let start = match frame.defender {
        None => frame.centre() + rng.range(-1, 0),
        Some(_) => rng.range(lo, hi),
    };
    let b = course(rng, g.rows, start, lo, hi);
    let west = |c: Coord| c.col <= b[(c.row - 1) as usize];
    let pairs: Vec<(Coord, Coord)> = g
        .hexes()
        .filter(|c| west(*c))
        .flat_map(|c| g.neighbours(c).map(move |n| (c, n)).collect::<Vec<_>>())
        .filter(|(_, n)| !west(*n))
        .collect();
    let k = if g.rows >= 12 { 3 } else { 2 };
    let mut feats = Features {
        objectives: Vec::new(),
        crossings: Vec::new(),
        steep: Vec::new(),
        river: Some(style),
        description: String::new(),
    };
    let (crossings, bridges, description) = match style {
        RiverStyle::Hexsides { river, fords } => {
            river_sides(g, frame, rng, &pairs, (river, fords), k)
        }
        RiverStyle::Hexes {
            stream,
            ford,
            bridge,
        } => river_hexes(g, rng, &pairs, &west, [stream, ford, bridge], k),
    };
    feats.crossings = crossings;
    feats.description = description;
    for (hex, name) in &bridges {
        let points = rng.range(2, 4) as u32;
        feats
            .objectives
            .push(objective(*hex, format!("{name} bridge"), points));
    }
    river_town(g, frame, probe, rng, &mut feats, &bridges, &west);
    feats
}

/// Crossing places: where the bridges are (the objective hex and its band's name).
type Bridges = Vec<(Coord, &'static str)>;

/// A river on the hexsides between the `pairs` of hexes: a crossing in each of `k` bands of
/// rows, a ford in the middle band where fords cross, else a bridge; a bridge's objective on
/// the defender's bank, or in a meeting on alternate banks. Returns both hexes of each
/// crossing, the bridges and the description.
fn river_sides(
    g: &mut Ground,
    frame: &Frame,
    rng: &mut Rng,
    pairs: &[(Coord, Coord)],
    (river, fords): (Feature, bool),
    k: usize,
) -> (Vec<Coord>, Bridges, String) {
    for (c, n) in pairs {
        g.add_feature(*c, *n, river);
    }
    let flip = rng.below(2) as usize;
    let (mut crossings, mut bridges) = (Vec::new(), Vec::new());
    for i in 0..k {
        let rows = band(g.rows, i, k);
        let inside: Vec<&(Coord, Coord)> = pairs
            .iter()
            .filter(|(c, n)| rows.contains(&c.row) && c.row == n.row)
            .collect();
        let Some(&&(c, n)) = rng.pick(&inside) else {
            continue;
        };
        let ford = fords && i == 1;
        g.add_feature(c, n, if ford { Feature::Ford } else { Feature::Bridge });
        crossings.extend([c, n]);
        if !ford {
            let west_bank = match frame.defender {
                Some(f) => f == Flank::West,
                None => (i + flip).is_multiple_of(2),
            };
            bridges.push((if west_bank { c } else { n }, band_name(i, k)));
        }
    }
    let kind = if river == Feature::MajorRiver {
        "a major river"
    } else {
        "a minor river"
    };
    let description = format!("{kind} (hexsides) with {} crossings", crossings.len() / 2);
    (crossings, bridges, description)
}

/// A river of stream hexes: the west bank's hexes along the `pairs`, with a crossing hex in
/// each of `k` bands of rows (a ford in the middle band, else a bridge), each between land on
/// both sides. `letters`: stream, ford, bridge.
fn river_hexes(
    g: &mut Ground,
    rng: &mut Rng,
    pairs: &[(Coord, Coord)],
    west: &dyn Fn(Coord) -> bool,
    [stream, ford, bridge]: [char; 3],
    k: usize,
) -> (Vec<Coord>, Bridges, String) {
    let layer: Vec<Coord> = pairs.iter().map(|p| p.0).collect();
    for c in &layer {
        g.set(*c, stream);
    }
    let (mut crossings, mut bridges) = (Vec::new(), Vec::new());
    for i in 0..k {
        let rows = band(g.rows, i, k);
        let fit: Vec<Coord> = layer
            .iter()
            .copied()
            .filter(|c| rows.contains(&c.row))
            .filter(|c| g.neighbours(*c).any(|n| west(n) && !layer.contains(&n)))
            .filter(|c| g.neighbours(*c).any(|n| !west(n)))
            .collect();
        let Some(&c) = rng.pick(&fit) else { continue };
        let is_ford = i == 1;
        g.set(c, if is_ford { ford } else { bridge });
        crossings.push(c);
        if !is_ford {
            bridges.push((c, band_name(i, k)));
        }
    }
    let description = format!("a stream (hexes) with {} crossings", crossings.len());
    (crossings, bridges, description)
}

/// A town of two or three hexes beside one of the bridges, on that bridge's bank.
fn river_town(
    g: &mut Ground,
    frame: &Frame,
    probe: &Probe,
    rng: &mut Rng,
    feats: &mut Features,
    bridges: &[(Coord, &str)],
    west: &dyn Fn(Coord) -> bool,
) {
    let Some(&(at, _)) = rng.pick(bridges) else {
        return;
    };
    let bank = west(at);
    let taken: Vec<Coord> = feats.crossings.clone();
    let stream = stream_letter(feats.river);
    let span = frame.span();
    let land = move |g: &Ground, c: Coord| {
        west(c) == bank
            && span.contains(&c.col)
            && !taken.contains(&c)
            && Some(g.letter(c)) != stream
    };
    let starts: Vec<Coord> = g.neighbours(at).filter(|c| land(g, *c)).collect();
    let Some(&start) = rng.pick(&starts) else {
        return;
    };
    let size = rng.range(2, 3) as usize;
    g.patch(rng, start, size, probe.palette.town, land);
    let points = rng.range(3, 5) as u32;
    feats
        .objectives
        .push(objective(start, "town".into(), points));
    feats.description.push_str(", a town by a bridge");
}

fn stream_letter(river: Option<RiverStyle>) -> Option<char> {
    match river {
        Some(RiverStyle::Hexes { stream, .. }) => Some(stream),
        _ => None,
    }
}

/// A ridge down the gap: a crest of rough ground one level up, woods on its slopes, a summit
/// two levels up, and two or three passes (open, where the roads cross); the summit and the
/// passes are the objectives.
pub fn ridge(g: &mut Ground, frame: &Frame, probe: &Probe, rng: &mut Rng) -> Features {
    let p = &probe.palette;
    let (lo, hi) = frame.line();
    let start = frame.key() + rng.range(-1, 1);
    let b = course(rng, g.rows, start, lo, hi);
    let mut crest: Vec<Coord> = Vec::new();
    for r in 1..=g.rows {
        let here = b[(r - 1) as usize];
        crest.push(Coord::new(here, r));
        if let Some(&next) = b.get(r as usize)
            && next != here
        {
            crest.push(Coord::new(next, r));
        }
    }
    for c in &crest {
        g.set(*c, p.rough);
        g.set_level(*c, 1);
        for n in g.neighbours(*c).collect::<Vec<_>>() {
            if !crest.contains(&n) && rng.chance(0.5) {
                g.set(n, p.woods);
            }
        }
    }
    let k = if g.rows >= 14 { 3 } else { 2 };
    let mut feats = Features {
        objectives: Vec::new(),
        crossings: Vec::new(),
        steep: crest.clone(),
        river: None,
        description: format!("a ridge line ({} hexes, level 1)", crest.len()),
    };
    let mut passes = Vec::new();
    for i in 0..k {
        let rows = band(g.rows, i, k);
        let inside: Vec<Coord> = crest
            .iter()
            .copied()
            .filter(|c| rows.contains(&c.row))
            .collect();
        let Some(&c) = rng.pick(&inside) else {
            continue;
        };
        g.set(c, p.rolling);
        passes.push(c);
        feats.steep.retain(|x| *x != c);
        let points = rng.range(2, 3) as u32;
        feats
            .objectives
            .push(objective(c, format!("{} pass", band_name(i, k)), points));
    }
    let tops: Vec<Coord> = crest
        .iter()
        .copied()
        .filter(|c| passes.iter().all(|p| p.distance(*c) > 1))
        .collect();
    if let Some(&top) = rng.pick(&tops) {
        g.set(top, p.high);
        g.set_level(top, 2);
        let points = rng.range(3, 5) as u32;
        feats
            .objectives
            .push(objective(top, "summit".into(), points));
    }
    feats
        .description
        .push_str(&format!(" with {} passes and a summit", passes.len()));
    feats
}

/// A hill: rolling ground one level up around a top of rough ground two levels up, inside the
/// gap. Returns its top.
fn hill(g: &mut Ground, frame: &Frame, probe: &Probe, rng: &mut Rng, at: Coord) -> Coord {
    let p = &probe.palette;
    let span = frame.span();
    let top = Coord::new(
        at.col.clamp(*span.start(), *span.end()),
        at.row.clamp(1, g.rows),
    );
    let town = p.town;
    let size = rng.range(4, 6) as usize;
    let slope = g.patch(rng, top, size, p.rolling, |g, c| {
        span.contains(&c.col) && g.letter(c) != town
    });
    for c in slope {
        g.set_level(c, 1);
    }
    g.set(top, p.rough);
    g.set_level(top, 2);
    top
}

/// A town of `size` hexes at `at` (inside the gap). Returns its hexes, the first its centre.
fn town(
    g: &mut Ground,
    frame: &Frame,
    probe: &Probe,
    rng: &mut Rng,
    at: Coord,
    size: usize,
) -> Vec<Coord> {
    let span = frame.span();
    let at = Coord::new(
        at.col.clamp(*span.start(), *span.end()),
        at.row.clamp(1, g.rows),
    );
    g.patch(rng, at, size, probe.palette.town, |_, c| {
        span.contains(&c.col)
    })
}

/// Open ground: few woods, two hills facing each other across the field's centre (one nearer
/// each side) and a town in the middle; the hilltops and the town are the objectives.
pub fn open(g: &mut Ground, frame: &Frame, probe: &Probe, rng: &mut Rng) -> Features {
    let north = rng.range(2, (g.rows / 3).max(2) + 1);
    let first = Coord::new(frame.centre() - rng.range(1, 2), north);
    // In a meeting one hill nearer each side; else both on the defender's front.
    let second = match frame.defender {
        None => frame.mirror(first),
        Some(_) => Coord::new(frame.key(), g.rows + 1 - north),
    };
    let first = match frame.defender {
        None => first,
        Some(_) => Coord::new(frame.key(), north),
    };
    let hill_points = rng.range(2, 4) as u32;
    let mut objectives = Vec::new();
    for (at, name) in [(first, "north hill"), (second, "south hill")] {
        let top = hill(g, frame, probe, rng, at);
        objectives.push(objective(top, name.into(), hill_points));
    }
    let centre = Coord::new(frame.key(), g.rows / 2 + rng.range(0, 1));
    let size = rng.range(2, 3) as usize;
    let hexes = town(g, frame, probe, rng, centre, size);
    if let Some(&c) = hexes.first() {
        let points = rng.range(3, 6) as u32;
        objectives.push(objective(c, "town".into(), points));
    }
    Features {
        objectives,
        crossings: Vec::new(),
        steep: Vec::new(),
        river: None,
        description: "open ground with two hills and a town".into(),
    }
}

/// A town fight: a town of four to seven hexes at a crossroads in the middle of the field,
/// woods about it; its centre and its farthest hex (the outskirts) are the objectives.
pub fn town_fight(g: &mut Ground, frame: &Frame, probe: &Probe, rng: &mut Rng) -> Features {
    let centre = Coord::new(frame.key(), g.rows / 2 + rng.range(-2, 2));
    let size = rng.range(4, 7) as usize;
    let hexes = town(g, frame, probe, rng, centre, size);
    let mut objectives = Vec::new();
    if let Some(&c) = hexes.first() {
        objectives.push(objective(c, "town centre".into(), rng.range(4, 6) as u32));
        if let Some(&far) = hexes.iter().max_by_key(|h| (h.distance(c), h.row, h.col))
            && far != c
        {
            objectives.push(objective(
                far,
                "town outskirts".into(),
                rng.range(2, 3) as u32,
            ));
        }
    }
    Features {
        objectives,
        crossings: Vec::new(),
        steep: Vec::new(),
        river: None,
        description: format!("a town of {} hexes at a crossroads", hexes.len()),
    }
}
