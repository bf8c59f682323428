//! What the rules say about ground, asked of the rule system itself (the generator names no
//! rule system): which terrain letters its scenarios may hold and its units may enter, how it
//! prices rivers and their crossings, how far its units march in a turn, and whether every
//! unit of a drawn field can reach the hexes that matter.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::map::Feature;
use crate::rules::points::{Allowance, Mp};
use crate::rules::registry::{self, RulesOverrides};
use crate::rules::ruleset::{StepQuery, ZocAt};
use crate::rules::scenario::{HexsideFile, MapFile, Scenario, ScenarioFile, UnitFile};
use crate::rules::unit::{UnitIdx, UnitKind};

/// The terrain letter drawn for each kind of ground: the first of each role's preferences that
/// the rule system knows and every unit can enter (scenario.md's letters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    pub open: char,
    pub rolling: char,
    pub woods: char,
    pub thick: char,
    pub rough: char,
    pub high: char,
    pub town: char,
    pub marsh: char,
}

/// How a river is drawn: on hexsides (the river feature, bridges, and fords where a ford
/// crosses it), or as a chain of stream hexes with ford and bridge hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RiverStyle {
    Hexsides {
        river: Feature,
        fords: bool,
    },
    Hexes {
        stream: char,
        ford: char,
        bridge: char,
    },
}

/// What the generator learnt from the rules.
#[derive(Clone, Debug)]
pub struct Probe {
    pub palette: Palette,
    /// The ways a river can be drawn that the rules price (at least one).
    pub rivers: Vec<RiverStyle>,
    /// Hexes of open ground a typical unit marches in a turn (the median over the unit kinds).
    pub pace: f64,
}

/// The hexside rows of the probe map: (river, crossing), between columns 3 and 4.
const RIVER_ROWS: [(Option<Feature>, Option<Feature>); 7] = [
    (None, None),
    (Some(Feature::MinorRiver), None),
    (Some(Feature::MajorRiver), None),
    (Some(Feature::MinorRiver), Some(Feature::Bridge)),
    (Some(Feature::MinorRiver), Some(Feature::Ford)),
    (Some(Feature::MajorRiver), Some(Feature::Bridge)),
    (Some(Feature::MajorRiver), Some(Feature::Ford)),
];

/// Ask the rules of `source` about ground, with its army's units of each kind.
pub fn probe(source: &Scenario, rules: &RulesOverrides) -> Result<Probe, String> {
    let letters: Vec<char> = registry::terrain_letters(source.ruleset.as_str())
        .chars()
        .collect();
    let (game, movers) = probe_game(source, &letters, rules)?;
    // Movers that can enter open ground at all (a Shiloh battery unlimbered cannot move).
    let movers: Vec<UnitIdx> = movers
        .into_iter()
        .filter(|u| step(&game, *u, Coord::new(3, 1), Coord::new(4, 1)).is_some())
        .collect();
    if movers.is_empty() {
        return Err("none of its units can move onto open ground".into());
    }
    let enters = |row: usize| -> Vec<Option<Mp>> {
        let r = row as i32 + 1;
        movers
            .iter()
            .map(|u| step(&game, *u, Coord::new(1, r), Coord::new(2, r)))
            .collect()
    };
    let passable: Vec<char> = letters
        .iter()
        .enumerate()
        .filter(|(i, _)| enters(*i).iter().all(Option::is_some))
        .map(|(_, l)| *l)
        .collect();
    Ok(Probe {
        palette: palette(&passable),
        rivers: rivers(&game, &movers, &passable),
        pace: pace(&game, &movers),
    })
}

fn palette(ok: &[char]) -> Palette {
    let pick = |prefs: &[char]| -> char {
        prefs
            .iter()
            .copied()
            .find(|l| ok.contains(l))
            .unwrap_or('c')
    };
    Palette {
        open: pick(&['c']),
        rolling: pick(&['l', 'c']),
        woods: pick(&['w', 'c']),
        thick: pick(&['h', 'w', 'c']),
        rough: pick(&['r', 'h', 'w']),
        high: pick(&['m', 'r', 'h', 'w']),
        town: pick(&['t', 'k', 'n', 'o', 'c']),
        marsh: pick(&['s', 'p', 'w']),
    }
}

/// The river styles the rules price: a river hexside whose crossing costs more than open
/// ground (or is prohibited), with fords where a ford makes it cheaper; else stream hexes where
/// the rule system has stream, ford and bridge terrain; else a minor river on hexsides (which
/// its combat rules may read).
fn rivers(game: &Game, movers: &[UnitIdx], passable: &[char]) -> Vec<RiverStyle> {
    let price = |row: i32| -> Vec<Option<Mp>> {
        movers
            .iter()
            .map(|u| step(game, *u, Coord::new(3, row), Coord::new(4, row)))
            .collect()
    };
    let cheaper = |a: &[Option<Mp>], b: &[Option<Mp>]| {
        a.iter()
            .zip(b)
            .all(|(x, y)| matches!((x, y), (Some(x), Some(y)) if x < y) || y.is_none())
            && a.iter().all(Option::is_some)
    };
    let plain = price(1);
    let mut out = Vec::new();
    for (river, row, ford_row) in [(Feature::MajorRiver, 3, 7), (Feature::MinorRiver, 2, 5)] {
        let across = price(row);
        if across != plain {
            let fords = cheaper(&price(ford_row), &across);
            out.push(RiverStyle::Hexsides { river, fords });
        }
    }
    if out.is_empty() {
        if ['e', 'f', 'b'].iter().all(|l| passable.contains(l)) {
            out.push(RiverStyle::Hexes {
                stream: 'e',
                ford: 'f',
                bridge: 'b',
            });
        } else {
            out.push(RiverStyle::Hexsides {
                river: Feature::MinorRiver,
                fords: false,
            });
        }
    }
    out
}

/// Hexes of open ground a unit marches in a turn: its allowance (a roll's mean) over the price
/// of a step into open ground; the median over the movers.
fn pace(game: &Game, movers: &[UnitIdx]) -> f64 {
    let mut paces: Vec<f64> = movers
        .iter()
        .filter_map(|u| {
            let unit = game.unit(*u);
            let clear = step(game, *u, Coord::new(3, 1), Coord::new(4, 1))?.as_f64();
            let points = match unit.movement {
                Some(m) => m.as_f64(),
                None => match game.rules.movement().allowance(game, *u) {
                    Allowance::Fixed { points, .. } => points.as_f64(),
                    Allowance::Roll {
                        dice,
                        modifier,
                        min,
                    } => (3.5 * f64::from(dice) + f64::from(modifier)).max(min.as_f64()),
                },
            };
            (clear > 0.0).then_some(points / clear)
        })
        .collect();
    paces.sort_by(f64::total_cmp);
    paces.get(paces.len() / 2).copied().unwrap_or(1.0).max(1.0)
}

/// The probe's game: column 1 open ground, column 2 one terrain letter a row (the rest open),
/// columns 3 and 4 open with [`RIVER_ROWS`]' hexsides between them; one unit of each side and
/// kind of the army (side 0's in 0101, side 1's in 0103). Returns the game and those units.
fn probe_game(
    source: &Scenario,
    letters: &[char],
    rules: &RulesOverrides,
) -> Result<(Game, Vec<UnitIdx>), String> {
    let rows = letters.len().max(RIVER_ROWS.len()) + 1;
    let terrain = (0..rows)
        .map(|r| format!("c{}cc", letters.get(r).copied().unwrap_or('c')))
        .collect();
    let hexsides = RIVER_ROWS
        .iter()
        .enumerate()
        .filter(|(_, (river, _))| river.is_some())
        .map(|(r, (river, crossing))| HexsideFile {
            hex: Coord::new(3, r as i32 + 1).label(2),
            dir: crate::rules::hex::Compass::SE,
            features: river.iter().chain(crossing.iter()).copied().collect(),
        })
        .collect();
    let units = movers(&source.file, source);
    let file = ScenarioFile {
        title: "probe".into(),
        map: MapFile {
            orientation: Default::default(),
            columns: 4,
            rows: rows as i64,
            terrain,
            hexsides,
            routes: Vec::new(),
            elevation: None,
            labels: Default::default(),
        },
        units,
        victory: Vec::new(),
        victory_losses: Vec::new(),
        random_events: None,
        initiative_ties: None,
        supply_trains: None,
        underlay: None,
        module: None,
        weather_by_turn: None,
        turn: None,
        // Ferries name hexes of the source's map; the probe asks about ground alone.
        ferries: Vec::new(),
        // Nobody is asleep in camp on the probe's open ground.
        alert: None,
        ..source.file.clone()
    };
    let n = file.units.len();
    let (scenario, rules) = registry::check_file(file, rules).map_err(|p| {
        let first = p.first().map(ToString::to_string).unwrap_or_default();
        format!("its rules refuse its units on a map of open ground: {first}")
    })?;
    let game = crate::rules::flow::new_game(Arc::new(scenario), rules);
    Ok((game, (0..n as u32).map(UnitIdx).collect()))
}

/// One unit of each side and kind that takes ground (the first of the army's), alone in its
/// side's probe hex, with nothing that names another unit.
fn movers(file: &ScenarioFile, source: &Scenario) -> Vec<UnitFile> {
    let mut seen: Vec<(String, UnitKind)> = Vec::new();
    let mut out = Vec::new();
    for (u, unit) in file.units.iter().zip(&source.units) {
        if !unit.takes_ground() || seen.contains(&(u.side.clone(), u.kind)) {
            continue;
        }
        seen.push((u.side.clone(), u.kind));
        let hex = if u.side == file.sides[0] {
            "0101"
        } else {
            "0103"
        };
        out.push(UnitFile {
            hex: hex.into(),
            arrives: None,
            command: Vec::new(),
            placeholder: Vec::new(),
            image: None,
            ..u.clone()
        });
    }
    out
}

/// The price of one step of unit `u` from `from` into the adjacent `to`, with no enemy near
/// and nobody in the way; `None` where the rules prohibit it.
pub fn step(game: &Game, u: UnitIdx, from: Coord, to: Coord) -> Option<Mp> {
    let map = game.map();
    let (i, j, d) = (map.index(from)?, map.index(to)?, from.direction_to(to)?);
    let q = StepQuery {
        game,
        unit: game.unit(u),
        idx: u,
        from,
        to,
        from_ix: i,
        to_ix: j,
        dir: d.index(),
        zoc_from: ZocAt::default(),
        zoc_to: ZocAt::default(),
        friendly_at_to: false,
        friends_at_to: &[],
        weather: game.weather(),
        night: false,
    };
    game.rules.movement().price(&q, None).ok().map(|s| s.cost)
}

/// The hexes of `targets` some unit on the map cannot reach from where it starts, stepping
/// only where the rules let it (no enemy in the way): "unit ID: 0606, 0704". Units that
/// cannot take a first step from where they start (a Shiloh battery unlimbered) and units that
/// take no ground are not asked.
pub fn unreachable(game: &Game, targets: &[Coord]) -> Vec<String> {
    let map = game.map();
    let mut out = Vec::new();
    for (i, unit) in game.units.iter().enumerate() {
        let (Some(start), true) = (unit.hex, unit.takes_ground()) else {
            continue;
        };
        let u = UnitIdx(i as u32);
        let mut seen = vec![false; map.len()];
        let mut queue = VecDeque::from([start]);
        seen[map.index(start).unwrap_or(0)] = true;
        while let Some(at) = queue.pop_front() {
            for n in at.neighbors() {
                if let Some(j) = map.index(n).filter(|j| !seen[*j])
                    && step(game, u, at, n).is_some()
                {
                    seen[j] = true;
                    queue.push_back(n);
                }
            }
        }
        if seen.iter().filter(|s| **s).count() == 1 {
            continue; // it cannot move where it stands
        }
        let missed: Vec<String> = targets
            .iter()
            .filter(|t| map.index(**t).is_none_or(|j| !seen[j]))
            .map(|t| game.label(*t))
            .collect();
        if !missed.is_empty() {
            out.push(format!("unit {}: {}", unit.id, missed.join(", ")));
        }
    }
    out
}
