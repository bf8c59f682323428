//! `hold`: a script a person would try, to test the computer opponent against: hold
//! everything and counter-attack what comes close. Its objectives are the victory hexes its
//! side holds or held at the start. A stack that holds ground stays on an objective; each
//! objective without one (and without an enemy on it) draws the nearest free stack; the other
//! stacks stay next to an objective, or go to the nearest hex next to one that none of its
//! stacks stands on or is bound for (the ground around them, spread). It attacks only an enemy
//! within [`NEAR`] hexes of an objective, from the stacks next to it (together or one alone,
//! the best exchange), and only when the exchange of expected losses is favourable; it
//! advances after combat only into an objective, and never goes farther than the hexes next
//! to them. A side with no victory hex of its own holds the ground it stands on and attacks
//! what comes next to it on the same terms.
//!
//! Like `rush` it plays every rule system's sequence of play through `validate`, ending its
//! turn (a pass in an action phase) when it has nothing more to do.

use super::options::{Stack, gain_action, stacks, transfer};
use super::scripts::{
    Guard, Want, advance, attack_decision, attacks_on, end, enemy_at, exchange, go, ground_movers,
    held_by,
};
use super::{Decision, Player};
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::unit::SideId;

/// How near an objective (in hexes) an enemy must come to be counter-attacked.
pub const NEAR: u32 = 2;

pub struct Hold {
    guard: Guard,
}

impl Hold {
    pub fn new() -> Self {
        Hold {
            guard: Guard::default(),
        }
    }
}

impl Default for Hold {
    fn default() -> Self {
        Hold::new()
    }
}

impl Player for Hold {
    fn name(&self) -> String {
        "hold".into()
    }

    fn decide(&mut self, game: &Game) -> Decision {
        let side = game.active_side;
        if !self.guard.allow(game) {
            return end("hold: too many commands in this phase".into());
        }
        let objectives = objectives(game, side);
        if let Some(d) = advance(game, |h| objectives.contains(&h), "hold") {
            return d;
        }
        if let Some((command, why)) = gain_action(game) {
            return Decision {
                command,
                why: format!("hold: {why}"),
            };
        }
        if let Some(d) = counter_attack(game, side, &objectives) {
            return d;
        }
        if let Some((command, why)) = transfer(game, side) {
            return Decision {
                command,
                why: format!("hold: {why}"),
            };
        }
        go(game, &wants(game, side, &objectives), "hold")
            .unwrap_or_else(|| end("hold: every stack holds its ground".into()))
    }
}

/// The victory hexes `side` holds or held at the start, the most points first (then in the
/// scenario's order).
pub fn objectives(game: &Game, side: SideId) -> Vec<Coord> {
    let mut own: Vec<(u32, usize, Coord)> = game
        .scenario
        .victory
        .iter()
        .enumerate()
        .filter(|(i, v)| game.holders[*i] == Some(side) || v.holder == Some(side))
        .map(|(i, v)| (v.points, i, v.hex))
        .collect();
    own.sort_by_key(|(p, i, _)| (std::cmp::Reverse(*p), *i));
    own.into_iter().map(|(_, _, h)| h).collect()
}

/// The best favourable attack (by the expected exchange) on an enemy within [`NEAR`] hexes of
/// an objective (next to a stack of the side where it has none).
fn counter_attack(game: &Game, side: SideId, objectives: &[Coord]) -> Option<Decision> {
    let mut enemies: Vec<Coord> = Vec::new();
    for s in stacks(game, side) {
        for n in s.hex.neighbors() {
            let close = objectives.is_empty() || objectives.iter().any(|o| o.distance(n) <= NEAR);
            if close && enemy_at(game, n, side) && !enemies.contains(&n) {
                enemies.push(n);
            }
        }
    }
    enemies
        .into_iter()
        .flat_map(|e| attacks_on(game, side, e))
        .filter(|(_, o)| exchange(o) > 0.0)
        .max_by(|a, b| exchange(&a.1).total_cmp(&exchange(&b.1)))
        .map(|(req, o)| attack_decision(game, &req, &o, "hold"))
}

/// Where the stacks that hold ground go: an objective without a stack of the side draws the
/// nearest stack not on an objective (the most valuable objective first); the others not next
/// to an objective go to the nearest hex next to one that no stack of the side holds or is
/// bound for (or, when every such hex is taken, to any hex next to one).
fn wants(game: &Game, side: SideId, objectives: &[Coord]) -> Vec<Want> {
    let mut free: Vec<(Stack, Vec<crate::rules::unit::UnitIdx>)> = stacks(game, side)
        .into_iter()
        .filter(|s| !objectives.contains(&s.hex))
        .filter_map(|s| ground_movers(game, &s).map(|m| (s, m)))
        .collect();
    let mut out = Vec::new();
    for &o in objectives {
        if held_by(game, o, side) || enemy_at(game, o, side) {
            continue;
        }
        let Some(i) = (0..free.len()).min_by_key(|i| free[*i].0.hex.distance(o)) else {
            break;
        };
        let (s, units) = free.remove(i);
        out.push(Want {
            units,
            from: s.hex,
            goals: vec![o],
            why: format!("to hold {}", game.label(o)),
        });
    }
    let ring = posts(game, side, objectives);
    let mut claimed: Vec<Coord> = Vec::new();
    for (s, units) in free {
        if objectives.iter().any(|o| o.distance(s.hex) <= 1) {
            continue;
        }
        let open = ring.iter().filter(|h| !claimed.contains(h));
        let post = open
            .min_by_key(|h| (h.distance(s.hex), h.col, h.row))
            .copied();
        let goals = match post {
            Some(p) => {
                claimed.push(p);
                vec![p]
            }
            None => around(game, side, objectives),
        };
        out.push(Want {
            units,
            from: s.hex,
            goals,
            why: "to the ground next to an objective".into(),
        });
    }
    out
}

/// The hexes next to an objective on the map, free of the enemy.
fn around(game: &Game, side: SideId, objectives: &[Coord]) -> Vec<Coord> {
    let mut out = Vec::new();
    for o in objectives {
        for n in o.neighbors() {
            if game.map().contains(n)
                && !objectives.contains(&n)
                && !enemy_at(game, n, side)
                && !out.contains(&n)
            {
                out.push(n);
            }
        }
    }
    out
}

/// The hexes next to an objective that no stack of the side holds ground in.
fn posts(game: &Game, side: SideId, objectives: &[Coord]) -> Vec<Coord> {
    around(game, side, objectives)
        .into_iter()
        .filter(|h| !held_by(game, *h, side))
        .collect()
}
