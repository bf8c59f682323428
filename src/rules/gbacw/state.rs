//! GBACW's own state of each unit: its morale rating and whether it is green (not yet rated,
//! [13.15]), kept by the game beside the shared units ([`crate::rules::unit::UnitStates`]) and
//! read only here.

use crate::rules::game::Game;
use crate::rules::scenario::{Scenario, UnitSetup};
use crate::rules::unit::UnitIdx;

/// One unit's GBACW values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GbacwUnit {
    /// Morale rating (0: not rated yet, e.g. a green unit before it sees the elephant).
    pub morale: u8,
    /// A green unit: its morale rating is rolled on [13.15] when first needed.
    pub green: bool,
}

impl From<&UnitSetup> for GbacwUnit {
    fn from(s: &UnitSetup) -> GbacwUnit {
        GbacwUnit {
            morale: s.morale,
            green: s.green,
        }
    }
}

/// Every unit's GBACW values, in the game's unit order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GbacwUnits(Vec<GbacwUnit>);

impl GbacwUnits {
    pub fn of(scenario: &Scenario) -> GbacwUnits {
        GbacwUnits(scenario.setup.iter().map(GbacwUnit::from).collect())
    }
}

/// A unit's GBACW values (the defaults for a game set up without them).
pub fn unit(game: &Game, u: UnitIdx) -> &GbacwUnit {
    static NONE: GbacwUnit = GbacwUnit {
        morale: 0,
        green: false,
    };
    game.own::<GbacwUnits>()
        .and_then(|s| s.0.get(u.i()))
        .unwrap_or(&NONE)
}

/// A unit's GBACW values, to change (nothing for a game set up without them).
pub fn unit_mut(game: &mut Game, u: UnitIdx) -> Option<&mut GbacwUnit> {
    game.own_mut::<GbacwUnits>()
        .and_then(|s| s.0.get_mut(u.i()))
}
