//! A side's formations: the groups of its units a style can be chosen for together (issue 49
//! item 2: each division, corps or wing its own style).
//!
//! Where the scenario has a command structure (its leaders' `command` lists), a formation is a
//! leader's command: its units and the leader, each unit in the smallest command that lists it
//! (a division's, not its corps'). Units no command lists, and every unit where there is no
//! command structure, are split by where they stand: along the line across the direction of the
//! enemy (from the side's centre to the enemy's), into wings of about [`WING`] stacks, at most
//! [`WINGS`] of them. Formations are listed by their place along that line, so "the first" is
//! the same wing from one game turn to the next while the front holds.

use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::unit::{SideId, UnitIdx};

/// Stacks a wing is made of where no command structure says (about).
pub const WING: usize = 4;
/// Most wings a side is split into where no command structure says.
pub const WINGS: usize = 3;

/// The formations of `side`'s units on the map, each a list of unit indices, ordered along the
/// front (see the module's text). Every unit of the side on the map is in exactly one.
pub fn formations(game: &Game, side: SideId) -> Vec<Vec<UnitIdx>> {
    let on_map: Vec<UnitIdx> = game
        .unit_indices()
        .filter(|u| game.unit(*u).side == side && game.unit(*u).on_map())
        .collect();
    let mut groups = commands(game, &on_map);
    let listed: Vec<UnitIdx> = groups.iter().flatten().copied().collect();
    let rest: Vec<UnitIdx> = on_map
        .iter()
        .copied()
        .filter(|u| !listed.contains(u))
        .collect();
    groups.extend(wings(game, side, &rest));
    let axis = front(game, side);
    let place = |g: &Vec<UnitIdx>| {
        let hexes: Vec<Coord> = g.iter().filter_map(|u| game.unit(*u).hex).collect();
        let sum: i64 = hexes.iter().map(|h| along(axis, *h)).sum();
        (
            sum as f64 / hexes.len().max(1) as f64,
            g.first().map(|u| u.0),
        )
    };
    groups.sort_by(|a, b| {
        let (pa, fa) = place(a);
        let (pb, fb) = place(b);
        pa.total_cmp(&pb).then(fa.cmp(&fb))
    });
    groups
}

/// The commands of the side's leaders on the map, each unit in the smallest that lists it,
/// the leader in his own; empty commands left out.
fn commands(game: &Game, on_map: &[UnitIdx]) -> Vec<Vec<UnitIdx>> {
    let mut leaders: Vec<UnitIdx> = on_map
        .iter()
        .copied()
        .filter(|l| !game.unit(*l).command.is_empty())
        .collect();
    // The smallest command first, so a unit listed by a division and its corps goes to the
    // division.
    leaders.sort_by_key(|l| (game.unit(*l).command.len(), l.0));
    let mut taken: Vec<UnitIdx> = Vec::new();
    let mut out = Vec::new();
    for l in leaders {
        if taken.contains(&l) {
            continue;
        }
        let mut g = vec![l];
        for u in &game.unit(l).command {
            if on_map.contains(u) && !taken.contains(u) && !g.contains(u) {
                g.push(*u);
            }
        }
        taken.extend(&g);
        out.push(g);
    }
    out
}

/// `units` split into wings along the front: their stacks in order along it, cut into
/// groups of about [`WING`] stacks, at most [`WINGS`].
fn wings(game: &Game, side: SideId, units: &[UnitIdx]) -> Vec<Vec<UnitIdx>> {
    if units.is_empty() {
        return Vec::new();
    }
    let axis = front(game, side);
    let mut hexes: Vec<Coord> = units.iter().filter_map(|u| game.unit(*u).hex).collect();
    hexes.sort_by_key(|h| (along(axis, *h), h.col, h.row));
    hexes.dedup();
    let n = hexes.len().div_ceil(WING).clamp(1, WINGS);
    let per = hexes.len().div_ceil(n);
    hexes
        .chunks(per)
        .map(|chunk| {
            units
                .iter()
                .copied()
                .filter(|u| game.unit(*u).hex.is_some_and(|h| chunk.contains(&h)))
                .collect()
        })
        .filter(|g: &Vec<UnitIdx>| !g.is_empty())
        .collect()
}

/// The direction across the front: perpendicular to the line from the side's centre to the
/// enemy's (in doubled map coordinates), or along the columns where either has no unit on the
/// map.
fn front(game: &Game, side: SideId) -> (i64, i64) {
    let centre = |s: SideId| {
        let hexes: Vec<Coord> = game
            .units
            .iter()
            .filter(|u| u.side == s)
            .filter_map(|u| u.hex)
            .collect();
        let n = hexes.len() as i64;
        (n > 0).then(|| {
            let (x, y) = hexes.iter().fold((0i64, 0i64), |(x, y), h| {
                let (hx, hy) = point(*h);
                (x + hx, y + hy)
            });
            (x / n, y / n)
        })
    };
    match (centre(side), centre(side.other())) {
        (Some(a), Some(b)) if a != b => (-(b.1 - a.1), b.0 - a.0),
        _ => (0, 1),
    }
}

/// A hex's place along `axis`.
fn along(axis: (i64, i64), h: Coord) -> i64 {
    let (x, y) = point(h);
    x * axis.0 + y * axis.1
}

/// A hex's centre in doubled coordinates of a flat-topped grid (columns 3 apart, rows 2, odd
/// columns half a row down), so that distances keep their proportions.
fn point(h: Coord) -> (i64, i64) {
    let x = 3 * i64::from(h.col);
    let y = 2 * i64::from(h.row) + i64::from(h.col.rem_euclid(2));
    (x, y)
}
