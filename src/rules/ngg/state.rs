//! NGG 1812's own state: each unit's class (3.3), a commander's rating (CR), and the combats it
//! has fought this turn (11.2), and the supply trains of the game turn (8.1-8.2,
//! [`super::trains`]), kept by the game beside the shared units
//! ([`crate::rules::unit::UnitStates`]) and read only in this folder.

use crate::rules::game::Game;
use crate::rules::hex::Coord;
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

/// NGG 1812's state of a game: every unit's values, in the game's unit order, and the trains.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NggState {
    units: Vec<NggUnit>,
    pub trains: Supply,
}

impl NggState {
    pub fn of(scenario: &Scenario) -> NggState {
        NggState {
            units: scenario.setup.iter().map(NggUnit::from).collect(),
            trains: Supply {
                left: trains_of(scenario),
                rallies: Vec::new(),
            },
        }
    }
}

/// A unit's NGG 1812 values (the defaults for a game set up without them).
pub fn unit(game: &Game, u: UnitIdx) -> &NggUnit {
    static NONE: NggUnit = NggUnit {
        class: None,
        rating: 0,
        combats: 0,
    };
    game.own::<NggState>()
        .and_then(|s| s.units.get(u.i()))
        .unwrap_or(&NONE)
}

/// A unit's NGG 1812 values, to change (nothing for a game set up without them).
pub fn unit_mut(game: &mut Game, u: UnitIdx) -> Option<&mut NggUnit> {
    game.own_mut::<NggState>()
        .and_then(|s| s.units.get_mut(u.i()))
}

/// 11.2: a new game turn: no unit has fought in it yet.
pub fn new_turn(game: &mut Game) {
    if let Some(s) = game.own_mut::<NggState>() {
        for u in &mut s.units {
            u.combats = 0;
        }
    }
}

/// The trains of a game turn, as they are spent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Supply {
    /// Each side's trains left this game turn (`None`: the scenario gives none, nothing is
    /// counted).
    pub left: Option<[u32; 2]>,
    /// The stacks (their hexes) that rallied in the current phase, and how many units each.
    pub rallies: Vec<(Coord, u32)>,
}

/// Each side's trains a game turn, from the scenario (`supply_trains`).
pub fn trains_of(sc: &Scenario) -> Option<[u32; 2]> {
    match sc.file.supply_trains.as_deref() {
        Some(&[a, b]) => Some([a, b]),
        _ => None,
    }
}
