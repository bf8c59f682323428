//! GCACW's own state of each unit: its strength marker's side (disorganized), its artillery and
//! tactical values, demoralization, breastworks, the exhausted side, whether it is active, and
//! whether a leader leads an army; kept by the game beside the shared units
//! ([`crate::rules::unit::UnitStates`]) and read only by GCACW's rules.

use crate::rules::game::Game;
use crate::rules::scenario::{Scenario, UnitSetup};
use crate::rules::unit::UnitIdx;

/// One unit's GCACW values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GcacwUnit {
    /// The strength marker shows its disorganized side (its CV is then half its manpower).
    pub disorganized: bool,
    pub artillery: u32,
    pub tactical: i32,
    /// The defensive tactical value of an "x/y" leader.
    pub tactical_defence: Option<i32>,
    pub demoralized: u8,
    pub entrenched: bool,
    /// Building breastworks, complete at the end of the game turn (`entrench`).
    pub entrenching: bool,
    /// On its exhausted side (a disorganized unit's way back, set in the recovery; its
    /// extended-march check comes earlier).
    pub exhausted: bool,
    pub active: bool,
    /// An army leader: he leads grand assaults.
    pub army: bool,
}

impl From<&UnitSetup> for GcacwUnit {
    fn from(s: &UnitSetup) -> GcacwUnit {
        GcacwUnit {
            disorganized: s.disorganized,
            artillery: s.artillery,
            tactical: s.tactical,
            tactical_defence: s.tactical_defence,
            demoralized: s.demoralized,
            entrenched: s.entrenched,
            entrenching: false,
            exhausted: s.exhausted,
            active: s.active,
            army: s.army,
        }
    }
}

impl GcacwUnit {
    pub fn is_demoralized(&self) -> bool {
        self.demoralized > 0
    }

    /// The tactical value used when defending.
    pub fn defence_tactical(&self) -> i32 {
        self.tactical_defence.unwrap_or(self.tactical)
    }
}

/// The values of a unit the scenario says nothing of.
const NONE: GcacwUnit = GcacwUnit {
    disorganized: false,
    artillery: 0,
    tactical: 0,
    tactical_defence: None,
    demoralized: 0,
    entrenched: false,
    entrenching: false,
    exhausted: false,
    active: true,
    army: false,
};

/// Every unit's GCACW values, in the game's unit order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GcacwUnits(Vec<GcacwUnit>);

impl GcacwUnits {
    pub fn of(scenario: &Scenario) -> GcacwUnits {
        GcacwUnits(scenario.setup.iter().map(GcacwUnit::from).collect())
    }
}

/// A unit's GCACW values (the defaults for a game set up without them).
pub fn unit(game: &Game, u: UnitIdx) -> &GcacwUnit {
    game.own::<GcacwUnits>()
        .and_then(|s| s.0.get(u.i()))
        .unwrap_or(&NONE)
}

/// A unit's GCACW values, to change (nothing for a game set up without them).
pub fn unit_mut(game: &mut Game, u: UnitIdx) -> Option<&mut GcacwUnit> {
    game.own_mut::<GcacwUnits>()
        .and_then(|s| s.0.get_mut(u.i()))
}

/// A unit with its GCACW values: the shared fields through `Deref`, its own in `own`.
#[derive(Clone, Copy, Debug)]
pub struct Gu<'a> {
    pub idx: UnitIdx,
    unit: &'a crate::rules::unit::Unit,
    pub own: &'a GcacwUnit,
}

impl std::ops::Deref for Gu<'_> {
    type Target = crate::rules::unit::Unit;
    fn deref(&self) -> &Self::Target {
        self.unit
    }
}

impl Gu<'_> {
    /// The strength marker in scenario notation, e.g. `5` or `1/2 (2)`.
    pub fn strength_label(&self) -> String {
        if self.own.disorganized {
            format!("{} ({})", self.unit.cv, self.unit.manpower)
        } else {
            format!("{}", self.unit.cv)
        }
    }
}

/// Unit `u` of the game with its GCACW values.
pub fn gu(game: &Game, u: UnitIdx) -> Gu<'_> {
    Gu {
        idx: u,
        unit: game.unit(u),
        own: unit(game, u),
    }
}

impl Gu<'_> {
    pub fn is_demoralized(&self) -> bool {
        self.own.is_demoralized()
    }

    /// The tactical value used when defending.
    pub fn defence_tactical(&self) -> i32 {
        self.own.defence_tactical()
    }
}
