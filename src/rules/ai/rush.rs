//! `rush`: a script a person would try, to test the computer opponent against. Every stack
//! that holds ground marches for the nearest victory hex its side does not hold (the enemy's
//! objectives and the unheld ones: the points it would gain), by the cheapest route the
//! movement rules give, as far as it reaches each time it may move (a march roll where the
//! rules have one, while marching costs no extended-march check); where an enemy stands on
//! that hex, for a hex next to it. It attacks an enemy next to it that stands on a victory hex
//! it does not hold or between it and its target (nearer the target), with every stack next
//! to that enemy or one alone, whichever exchange is best, when the odds are not hopeless
//! ([`hopeless`]); it advances after combat into a victory hex or toward its target; otherwise
//! it moves on. It rallies where the rules offer a rally, lets a leader rejoin his command in
//! a transfer phase, and activates the leader whose command holds the most stacks that want
//! to march. No plan, no look ahead, no care for its own losses beyond the hopeless.
//!
//! It plays every rule system's sequence of play the way `greedy` does: each command is one
//! the phase under way accepts (`validate`), and `EndTurn` when it has nothing more to do
//! (a pass in an action phase).

use super::options::{gain_action, stacks, transfer};
use super::scripts::{
    Guard, Want, advance, attack_decision, attacks_on, end, enemy_at, exchange, go, ground_movers,
};
use super::{Decision, Player};
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::unit::SideId;

/// The attacker's expected loss an attack may cost per unit of the defender's expected loss
/// before it is hopeless (unless the defender is likely to retreat: [`LIKELY_RETREAT`]).
pub const HOPELESS_RATIO: f64 = 2.0;

/// A chance of the defender retreating or routing that makes an attack worth making whatever
/// the exchange of losses.
pub const LIKELY_RETREAT: f64 = 0.3;

pub struct Rush {
    guard: Guard,
}

impl Rush {
    pub fn new() -> Self {
        Rush {
            guard: Guard::default(),
        }
    }
}

impl Default for Rush {
    fn default() -> Self {
        Rush::new()
    }
}

impl Player for Rush {
    fn name(&self) -> String {
        "rush".into()
    }

    fn decide(&mut self, game: &Game) -> Decision {
        let side = game.active_side;
        if !self.guard.allow(game) {
            return end("rush: too many commands in this phase".into());
        }
        let targets = targets(game, side);
        if let Some(d) = advance(game, |h| advances(game, &targets, h), "rush") {
            return d;
        }
        if let Some((command, why)) = gain_action(game) {
            return Decision {
                command,
                why: format!("rush: {why}"),
            };
        }
        if let Some(d) = attack(game, side, &targets) {
            return d;
        }
        if let Some((command, why)) = transfer(game, side) {
            return Decision {
                command,
                why: format!("rush: {why}"),
            };
        }
        go(game, &wants(game, side, &targets), "rush")
            .unwrap_or_else(|| end("rush: every stack is on its way".into()))
    }
}

/// The victory hexes `side` does not hold.
pub fn targets(game: &Game, side: SideId) -> Vec<Coord> {
    game.scenario
        .victory
        .iter()
        .zip(&game.holders)
        .filter(|(_, h)| **h != Some(side))
        .map(|(v, _)| v.hex)
        .collect()
}

/// The target nearest `h` (by hex distance), and its distance.
fn nearest(targets: &[Coord], h: Coord) -> Option<(Coord, u32)> {
    targets
        .iter()
        .map(|t| (*t, t.distance(h)))
        .min_by_key(|(t, d)| (*d, t.col, t.row))
}

/// An advance into `h` is worth it: a target, or nearer one than the hex it advances from.
fn advances(game: &Game, targets: &[Coord], h: Coord) -> bool {
    let from = game
        .advance_option
        .as_ref()
        .and_then(|o| o.units.first())
        .and_then(|u| game.unit(*u).hex);
    match (nearest(targets, h), from.and_then(|f| nearest(targets, f))) {
        (Some((_, 0)), _) => true,
        (Some((_, d)), Some((_, here))) => d < here,
        _ => false,
    }
}

/// Whether an attack is hopeless: the attackers expect to lose more than [`HOPELESS_RATIO`]
/// times what they inflict and the defender is unlikely to give ground, or it does nothing.
pub fn hopeless(o: &crate::rules::attack::Odds) -> bool {
    let (att, def) = (
        super::options::f(o.attacker_expected_loss),
        super::options::f(o.defender_expected_loss),
    );
    let retreat = super::options::f(o.p_retreat);
    if def <= 0.0 && retreat <= 0.0 {
        return true;
    }
    att > HOPELESS_RATIO * def && retreat < LIKELY_RETREAT
}

/// The best attack (by the expected exchange) on an enemy in the way: next to a stack of the
/// side, on a target or nearer the stack's nearest target than the stack, and not hopeless.
fn attack(game: &Game, side: SideId, targets: &[Coord]) -> Option<Decision> {
    let mut enemies: Vec<Coord> = Vec::new();
    for s in stacks(game, side) {
        let Some((_, here)) = nearest(targets, s.hex) else {
            continue;
        };
        for n in s.hex.neighbors() {
            let in_way = nearest(targets, n).is_some_and(|(_, d)| d < here || d == 0);
            if in_way && enemy_at(game, n, side) && !enemies.contains(&n) {
                enemies.push(n);
            }
        }
    }
    enemies
        .into_iter()
        .flat_map(|e| attacks_on(game, side, e))
        .filter(|(_, o)| !hopeless(o))
        .max_by(|a, b| exchange(&a.1).total_cmp(&exchange(&b.1)))
        .map(|(req, o)| attack_decision(game, &req, &o, "rush"))
}

/// Every stack that holds ground and can move, for the nearest target: the target itself, or
/// where an enemy stands on it, the hexes next to it free of the enemy.
fn wants(game: &Game, side: SideId, targets: &[Coord]) -> Vec<Want> {
    let mut goals: Vec<Coord> = Vec::new();
    for &t in targets {
        if !enemy_at(game, t, side) {
            goals.push(t);
            continue;
        }
        for n in t.neighbors() {
            if game.map().contains(n) && !enemy_at(game, n, side) && !goals.contains(&n) {
                goals.push(n);
            }
        }
    }
    stacks(game, side)
        .into_iter()
        .filter_map(|s| {
            let units = ground_movers(game, &s)?;
            Some(Want {
                units,
                from: s.hex,
                goals: goals.clone(),
                why: "toward the nearest victory hex not held".into(),
            })
        })
        .collect()
}
