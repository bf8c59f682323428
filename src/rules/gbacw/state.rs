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

/// Every unit's GBACW values, in the game's unit order, and, in a scenario with an alert
/// (`alert.rs`), whether its side is still asleep in its camps.
#[derive(Clone, Default, PartialEq)]
pub struct GbacwUnits {
    units: Vec<GbacwUnit>,
    /// `Some(true)` until the scenario's alert; `None` in a scenario without one.
    asleep: Option<bool>,
}

impl GbacwUnits {
    pub fn of(scenario: &Scenario) -> GbacwUnits {
        GbacwUnits {
            units: scenario.setup.iter().map(GbacwUnit::from).collect(),
            asleep: scenario.alert.as_ref().map(|_| true),
        }
    }
}

/// The text the game's state digest reads: as it was before alerts for a scenario without
/// one (saved online games keep their digests).
impl std::fmt::Debug for GbacwUnits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut t = f.debug_tuple("GbacwUnits");
        t.field(&self.units);
        if let Some(a) = self.asleep {
            t.field(&a);
        }
        t.finish()
    }
}

/// Whether the scenario's alert has not yet woken its side (false without an alert).
pub fn asleep(game: &Game) -> bool {
    game.own::<GbacwUnits>()
        .is_some_and(|s| s.asleep == Some(true))
}

/// The side is alerted: its units move from now on.
pub fn wake(game: &mut Game) {
    if let Some(s) = game.own_mut::<GbacwUnits>() {
        s.asleep = s.asleep.map(|_| false);
    }
}

/// A unit's GBACW values (the defaults for a game set up without them).
pub fn unit(game: &Game, u: UnitIdx) -> &GbacwUnit {
    static NONE: GbacwUnit = GbacwUnit {
        morale: 0,
        green: false,
    };
    game.own::<GbacwUnits>()
        .and_then(|s| s.units.get(u.i()))
        .unwrap_or(&NONE)
}

/// A unit's GBACW values, to change (nothing for a game set up without them).
pub fn unit_mut(game: &mut Game, u: UnitIdx) -> Option<&mut GbacwUnit> {
    game.own_mut::<GbacwUnits>()
        .and_then(|s| s.units.get_mut(u.i()))
}
