//! Shiloh's own state of each unit: its guns, efficiency, command-control multiplier, leader
//! bonus, formation, ammunition, fortification, demibrigades, heavy guns, and whether it is out
//! of command this game turn; kept by the game beside the shared units
//! ([`crate::rules::unit::UnitStates`]) and read only here.

use crate::rules::game::Game;
use crate::rules::scenario::{Scenario, UnitSetup};
use crate::rules::unit::{Mode, UnitIdx};

/// One unit's Shiloh values.
#[derive(Clone, Debug, PartialEq)]
pub struct ShilohUnit {
    /// Guns of an artillery unit (its manpower are the artillerymen).
    pub guns: u32,
    /// Efficiency, 0 to 100.
    pub efficiency: u8,
    /// Command control multiplier (1.0 if not given).
    pub command_control: f64,
    /// Leader bonus in percent (a leader's, or a unit's own).
    pub leader_bonus: i32,
    /// Formation mode.
    pub mode: Mode,
    /// Out of ammunition.
    pub out_of_ammo: bool,
    /// Fortification level, 0 to 10.
    pub fortification: u8,
    /// An infantry demibrigade (road movement, card note \[1\]).
    pub demibrigade: bool,
    /// Pays triple movement costs (the card's unit 107).
    pub heavy_guns: bool,
    /// Out of command for this game turn (the command-control step, `control`).
    pub out_of_command: bool,
}

/// The values of a unit the scenario says nothing of.
const NONE: ShilohUnit = ShilohUnit {
    guns: 0,
    efficiency: 100,
    command_control: 1.0,
    leader_bonus: 0,
    mode: Mode::Normal,
    out_of_ammo: false,
    fortification: 0,
    demibrigade: false,
    heavy_guns: false,
    out_of_command: false,
};

impl From<&UnitSetup> for ShilohUnit {
    fn from(s: &UnitSetup) -> ShilohUnit {
        ShilohUnit {
            guns: s.guns,
            efficiency: s.efficiency,
            command_control: s.command_control,
            leader_bonus: s.leader_bonus,
            mode: s.mode,
            out_of_ammo: s.out_of_ammo,
            fortification: s.fortification,
            demibrigade: s.demibrigade,
            heavy_guns: s.heavy_guns,
            out_of_command: false,
        }
    }
}

/// Every unit's Shiloh values, in the game's unit order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShilohUnits(Vec<ShilohUnit>);

impl ShilohUnits {
    pub fn of(scenario: &Scenario) -> ShilohUnits {
        ShilohUnits(scenario.setup.iter().map(ShilohUnit::from).collect())
    }
}

/// A unit's Shiloh values (the defaults for a game set up without them).
pub fn unit(game: &Game, u: UnitIdx) -> &ShilohUnit {
    game.own::<ShilohUnits>()
        .and_then(|s| s.0.get(u.i()))
        .unwrap_or(&NONE)
}

/// A unit's Shiloh values, to change (nothing for a game set up without them).
pub fn unit_mut(game: &mut Game, u: UnitIdx) -> Option<&mut ShilohUnit> {
    game.own_mut::<ShilohUnits>()
        .and_then(|s| s.0.get_mut(u.i()))
}

/// A unit with its Shiloh values: the shared fields through `Deref`, its own in `own`.
#[derive(Clone, Copy, Debug)]
pub struct Su<'a> {
    pub idx: UnitIdx,
    unit: &'a crate::rules::unit::Unit,
    pub own: &'a ShilohUnit,
}

impl std::ops::Deref for Su<'_> {
    type Target = crate::rules::unit::Unit;
    fn deref(&self) -> &Self::Target {
        self.unit
    }
}

/// Unit `u` of the game with its Shiloh values.
pub fn su(game: &Game, u: UnitIdx) -> Su<'_> {
    Su {
        idx: u,
        unit: game.unit(u),
        own: unit(game, u),
    }
}
