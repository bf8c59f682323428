//! The armies on the new ground: the source's stacks (the units that start in one hex stay
//! together: a leader with his troops, a stack the rules accept), each side's in its own zone
//! facing the other, spread along the front; leaders and trains alone just behind a friendly
//! stack; reinforcements at their side's entry on its map edge, arriving when they did.

use std::collections::VecDeque;

use crate::rules::hex::Coord;
use crate::rules::scenario::Scenario;

use super::layout::{Flank, Frame};
use super::rng::Rng;

/// Units that start together: indices into the scenario's units.
#[derive(Clone, Debug)]
pub struct Stack {
    pub units: Vec<usize>,
    /// The side's index in the scenario's sides.
    pub side: usize,
    /// A reinforcement's game turn.
    pub arrives: Option<u32>,
    /// Whether a unit of it takes ground (not only leaders, trains or gunboats).
    pub combat: bool,
}

/// The source's stacks: its units grouped by side, starting hex and turn of arrival, in the
/// order their first unit is listed.
pub fn stacks(source: &Scenario) -> Vec<Stack> {
    let mut keys: Vec<(usize, Option<Coord>, Option<u32>)> = Vec::new();
    let mut out: Vec<Stack> = Vec::new();
    for (i, u) in source.units.iter().enumerate() {
        let arrives = u.arrives.map(|(t, _)| t);
        let hex = u.hex.or(u.arrives.map(|(_, h)| h));
        let key = (u.side.0 as usize, hex, arrives);
        match keys.iter().position(|k| *k == key) {
            Some(k) => {
                out[k].units.push(i);
                out[k].combat |= u.takes_ground();
            }
            None => {
                keys.push(key);
                out.push(Stack {
                    units: vec![i],
                    side: key.0,
                    arrives,
                    combat: u.takes_ground(),
                });
            }
        }
    }
    out
}

/// The nearest hex to `target` that `free` accepts (scanning rings outwards, each in map
/// order), within `reach` hexes.
fn nearest(
    frame: &Frame,
    target: Coord,
    reach: u32,
    free: &dyn Fn(Coord) -> bool,
) -> Option<Coord> {
    let mut seen = vec![target];
    let mut queue = VecDeque::from([target]);
    while let Some(at) = queue.pop_front() {
        if free(at) {
            return Some(at);
        }
        for n in at.neighbors() {
            let on = (1..=frame.cols).contains(&n.col) && (1..=frame.rows).contains(&n.row);
            if on && !seen.contains(&n) && n.distance(target) <= reach {
                seen.push(n);
                queue.push_back(n);
            }
        }
    }
    None
}

/// Where the stacks go: the frame, each side's flank, where its reinforcements enter and the
/// objectives it starts on, and which hexes units may start on.
pub struct Room<'a> {
    pub frame: &'a Frame,
    pub flanks: [Flank; 2],
    pub entries: [Coord; 2],
    pub claims: [Vec<Coord>; 2],
    pub ground_ok: &'a dyn Fn(Coord) -> bool,
}

/// Where each stack starts (its index in `stacks`): a combat stack of each side on each
/// objective it `claims`, the other combat stacks spread along the front of its zone (most in
/// the front column), leaders and trains one column behind a friendly stack, reinforcements
/// nearest their entry on their own half of the map.
pub fn deploy(room: &Room, stacks: &[Stack], rng: &mut Rng) -> Result<Vec<Coord>, String> {
    let mut at: Vec<Option<Coord>> = vec![None; stacks.len()];
    for side in 0..2 {
        let of = |k: &usize, combat: bool, arriving: bool| {
            let s = &stacks[*k];
            s.side == side && s.combat == combat && s.arrives.is_some() == arriving
        };
        let mut fighting: Vec<usize> = (0..stacks.len()).filter(|k| of(k, true, false)).collect();
        rng.shuffle(&mut fighting);
        front(room, side, &fighting, &mut at, rng)?;
        for k in (0..stacks.len()).filter(|k| of(k, false, false)) {
            at[k] = Some(behind(room, side, &fighting, &at, rng)?);
        }
        for k in
            (0..stacks.len()).filter(|k| stacks[*k].side == side && stacks[*k].arrives.is_some())
        {
            at[k] = Some(arriving(room, side, &at)?);
        }
    }
    Ok(at
        .into_iter()
        .map(|c| c.unwrap_or(Coord::new(1, 1)))
        .collect())
}

/// The side's combat stacks: one on each objective it claims, the rest spread down its zone.
fn front(
    room: &Room,
    side: usize,
    fighting: &[usize],
    at: &mut [Option<Coord>],
    rng: &mut Rng,
) -> Result<(), String> {
    let frame = room.frame;
    let flank = room.flanks[side];
    let zone = frame.zone(flank);
    let front = if flank == Flank::West {
        *zone.end()
    } else {
        *zone.start()
    };
    let back = if flank == Flank::West { -1 } else { 1 };
    let mut rest = fighting.iter().copied();
    for claim in &room.claims[side] {
        match rest.next() {
            Some(k) => at[k] = Some(*claim),
            None => break,
        }
    }
    let rest: Vec<usize> = rest.collect();
    let n = rest.len().max(1) as f64;
    for (j, &k) in rest.iter().enumerate() {
        let row = ((j as f64 + 0.5) * f64::from(frame.rows) / n).round() as i32 + rng.range(-1, 1);
        let depth = if rng.chance(0.6) {
            0
        } else {
            rng.range(1, frame.depth - 1)
        };
        let target = Coord::new(front + back * depth, row.clamp(1, frame.rows));
        let free =
            |c: Coord| zone.contains(&c.col) && (room.ground_ok)(c) && !at.contains(&Some(c));
        at[k] = Some(
            nearest(frame, target, (frame.rows + frame.cols) as u32, &free).ok_or_else(|| {
                format!("no room in the {} zone for stack {}", flank.name(), j + 1)
            })?,
        );
    }
    Ok(())
}

/// A hex for leaders or trains alone: one column behind a friendly combat stack, in the zone.
fn behind(
    room: &Room,
    side: usize,
    fighting: &[usize],
    at: &[Option<Coord>],
    rng: &mut Rng,
) -> Result<Coord, String> {
    let frame = room.frame;
    let flank = room.flanks[side];
    let zone = frame.zone(flank);
    let back = if flank == Flank::West { -1 } else { 1 };
    let near = rng
        .pick(fighting)
        .and_then(|f| at[*f])
        .unwrap_or(Coord::new(*zone.start(), frame.rows / 2));
    let target = Coord::new(near.col + back, near.row);
    let free = |c: Coord| zone.contains(&c.col) && (room.ground_ok)(c) && !at.contains(&Some(c));
    nearest(frame, target, (frame.rows + frame.cols) as u32, &free)
        .ok_or_else(|| format!("no room in the {} zone for its leaders", flank.name()))
}

/// A reinforcement's hex: the free hex nearest its side's entry, outside its zone if it can
/// be, on its own half of the map.
fn arriving(room: &Room, side: usize, at: &[Option<Coord>]) -> Result<Coord, String> {
    let frame = room.frame;
    let flank = room.flanks[side];
    let zone = frame.zone(flank);
    let own_half = |c: Coord| match flank {
        Flank::West => c.col < frame.centre(),
        Flank::East => c.col > frame.centre(),
    };
    let fallback = |c: Coord| own_half(c) && (room.ground_ok)(c) && !at.contains(&Some(c));
    let free = |c: Coord| fallback(c) && !zone.contains(&c.col);
    let reach = (frame.rows + frame.cols) as u32;
    nearest(frame, room.entries[side], reach, &free)
        .or_else(|| nearest(frame, room.entries[side], reach, &fallback))
        .ok_or_else(|| format!("no room for the {} reinforcements", flank.name()))
}
