//! The rule system's action cycle as the engines, the computer players and the window ask
//! for it ([`super::ruleset::Actions`]: GCACW's leader activations, assaults, fatigue and
//! forced marches, leader transfers), each answer what a rule system without one gives.

use super::attack::AttackType;
use super::game::Game;
pub use super::ruleset::{ActionPlan, Actions, Reach};
use super::unit::UnitIdx;

/// What `leader` can activate now, by the rule system's action cycle (none without one).
pub fn reach(game: &Game, leader: UnitIdx) -> Option<Reach> {
    game.rules.actions()?.reach(game, leader)
}

/// Whether the current phase has assault rules.
pub fn assaults_in_force(game: &Game) -> bool {
    game.rules
        .actions()
        .is_some_and(|a| a.assaults_in_force(game))
}

/// `attackers` with the leader their attack of `kind` needs now, if any.
pub fn with_leader(game: &Game, attackers: &[UnitIdx], kind: Option<AttackType>) -> Vec<UnitIdx> {
    match game.rules.actions() {
        Some(a) => a.with_leader(game, attackers, kind),
        None => attackers.to_vec(),
    }
}

/// The expected cost of the extended-march check a march would make for `u` now (0 without).
pub fn extended_march_risk(game: &Game, u: UnitIdx) -> f64 {
    game.rules
        .actions()
        .map_or(0.0, |a| a.extended_march_risk(game, u))
}

/// The extended-march check a march would make for `u` now, as text, if any.
pub fn extended_march_odds(game: &Game, u: UnitIdx) -> Option<String> {
    game.rules.actions()?.extended_march_odds(game, u)
}

/// Why `units` (ids) may not force-march now, if they may not.
pub fn forced_march_refusal(game: &Game, units: &[String]) -> Option<String> {
    match game.rules.actions() {
        Some(a) => a.forced_march_refusal(game, units),
        None => Some(format!("{} has no forced march", game.rules.name())),
    }
}
