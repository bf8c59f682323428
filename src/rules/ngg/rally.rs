//! Rally (NGG 1812 8.1): "disrupted combat units in a supplied stack that has a Supply Train
//! allocated and a Commander present return to good order, up to the CR (CRs of several
//! commanders add); the train is then removed" [rule: essaydocs NGG rules p. 8].
//!
//! A special action (`Command::Special { action: "rally" }`) of each disrupted unit, in the
//! phases that allow special actions (the rally phases of `assets/rules/ngg1812.ron`). The
//! train is counted by `rules::ngg::trains` (one per stack and phase, where the scenario gives
//! trains). General supply (6.1) is not modelled: every stack counts as supplied
//! [project default].

use crate::rules::attack::SpecialAction;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::points::Mp;
use crate::rules::unit::{Status, UnitIdx};

/// The special action's key.
pub const KEY: &str = "rally";

const RULE: &str = "8.1: disrupted units of a stack with a commander and a supply train return to good order, up to the commanders' ratings (CRs add); the train is removed";

/// The commanders' ratings in the stack of `unit` (its side's leaders in its hex).
fn capacity(game: &Game, unit: UnitIdx) -> u32 {
    let u = game.unit(unit);
    let Some(hex) = u.hex else { return 0 };
    game.units_at(hex)
        .iter()
        .filter(|l| game.unit(**l).is_leader() && game.unit(**l).side == u.side)
        .map(|l| super::state::unit(game, *l).rating.max(0) as u32)
        .sum()
}

/// The rally a disrupted combat unit may make, with why not where it may not.
pub fn action(game: &Game, unit: UnitIdx) -> Option<SpecialAction> {
    let u = game.unit(unit);
    let hex = u.hex?;
    if !u.is_combat() || !u.is_disrupted() {
        return None;
    }
    let cap = capacity(game, unit);
    let cost = if cap == 0 {
        Err("a rally needs a commander with a rating in the stack (8.1)".to_string())
    } else {
        match super::trains::rally_check(game, hex, u.side) {
            Err(e) => Err(e),
            Ok(done) if done >= cap => Err(format!(
                "the commanders' ratings (CR {cap}) have rallied {done} units of this stack in this phase (8.1)"
            )),
            Ok(_) => Ok(Mp::ZERO),
        }
    };
    Some(SpecialAction {
        key: KEY.into(),
        label: "Rally".into(),
        cost,
        rule: RULE.into(),
        gain: true,
    })
}

/// The units of one rally command together: no more than the commanders' ratings allow.
pub fn check(game: &Game, units: &[UnitIdx]) -> Result<(), String> {
    let Some(&first) = units.first() else {
        return Ok(());
    };
    let Some(hex) = game.unit(first).hex else {
        return Ok(());
    };
    let cap = capacity(game, first);
    let done = super::trains::rally_check(game, hex, game.unit(first).side)?;
    let n = units.len() as u32;
    if done + n > cap {
        return Err(format!(
            "the commanders' ratings (CR {cap}) rally {} more unit{} of this stack in this phase, not {n} (8.1)",
            cap.saturating_sub(done),
            if cap.saturating_sub(done) == 1 {
                ""
            } else {
                "s"
            }
        ));
    }
    Ok(())
}

/// The unit returns to good order; the stack's train is used with its first rally.
pub fn apply(game: &mut Game, unit: UnitIdx) -> Vec<Event> {
    let Some(hex) = game.unit(unit).hex else {
        return Vec::new();
    };
    let side = game.unit(unit).side;
    let mut events = super::trains::rallied(game, hex, side);
    game.unit_mut(unit).status = Status::Normal;
    events.push(Event::StatusChanged {
        unit,
        status: Status::Normal,
    });
    events
}
