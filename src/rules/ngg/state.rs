//! NGG 1812's own state of each unit: its class (3.3), a commander's rating (CR), and the
//! combats it has fought this turn (11.2), kept by the game beside the shared units
//! ([`crate::rules::unit::UnitStates`]) and read only here.

use crate::rules::game::Game;
use crate::rules::scenario::{Scenario, UnitSetup};
use crate::rules::unit::{Class, UnitIdx};

/// One unit's NGG 1812 values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NggUnit {
    /// 3.1, 3.3: a combat unit's class (its occupancy factor); a commander has none.
    pub class: Option<Class>,
    /// A commander's rating (CR).
    pub rating: i32,
    /// 11.2: combats taken part in this turn (reset when the game turn ends).
    pub combats: u8,
}

impl From<&UnitSetup> for NggUnit {
    fn from(s: &UnitSetup) -> NggUnit {
        NggUnit {
            class: s.class,
            rating: s.rating,
            combats: s.combats,
        }
    }
}

/// Every unit's NGG 1812 values, in the game's unit order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NggUnits(Vec<NggUnit>);

impl NggUnits {
    pub fn of(scenario: &Scenario) -> NggUnits {
        NggUnits(scenario.setup.iter().map(NggUnit::from).collect())
    }
}

/// A unit's NGG 1812 values (the defaults for a game set up without them).
pub fn unit(game: &Game, u: UnitIdx) -> &NggUnit {
    static NONE: NggUnit = NggUnit {
        class: None,
        rating: 0,
        combats: 0,
    };
    game.own::<NggUnits>()
        .and_then(|s| s.0.get(u.i()))
        .unwrap_or(&NONE)
}

/// A unit's NGG 1812 values, to change (nothing for a game set up without them).
pub fn unit_mut(game: &mut Game, u: UnitIdx) -> Option<&mut NggUnit> {
    game.own_mut::<NggUnits>().and_then(|s| s.0.get_mut(u.i()))
}

/// 11.2: a new game turn: no unit has fought in it yet.
pub fn new_turn(game: &mut Game) {
    if let Some(s) = game.own_mut::<NggUnits>() {
        for u in &mut s.0 {
            u.combats = 0;
        }
    }
}
