//! Units as the game tracks them.

use serde::{Deserialize, Serialize};

use super::cv::Cv;
use super::hex::Coord;

/// Index of a side in the scenario's `sides` list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SideId(pub u8);

impl SideId {
    /// The other side of a two-sided game.
    pub fn other(self) -> SideId {
        SideId(1 - self.0.min(1))
    }
}

/// Index of a unit in the game's unit list (the scenario's order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitIdx(pub u16);

impl UnitIdx {
    pub fn i(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    Infantry,
    Cavalry,
    Artillery,
    Leader,
}

impl UnitKind {
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Infantry => "infantry",
            UnitKind::Cavalry => "cavalry",
            UnitKind::Artillery => "artillery",
            UnitKind::Leader => "leader",
        }
    }
}

/// A unit and its current state.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    pub id: String,
    pub name: String,
    pub side: SideId,
    pub kind: UnitKind,
    /// `None` once eliminated.
    pub hex: Option<Coord>,
    /// Combat value (0 for leaders).
    pub cv: Cv,
    /// Manpower value (0 for leaders).
    pub manpower: u32,
    /// Whether the strength marker shows its disorganized side.
    pub disorganized: bool,
    pub artillery: u32,
    pub tactical: i32,
    /// Defensive tactical value of an "x/y" leader.
    pub tactical_defence: Option<i32>,
    pub fatigue: u8,
    pub demoralized: u8,
    pub entrenched: bool,
    pub active: bool,
}

impl Unit {
    pub fn is_leader(&self) -> bool {
        self.kind == UnitKind::Leader
    }

    /// A combat unit (not a leader) still on the map.
    pub fn is_combat(&self) -> bool {
        !self.is_leader() && self.hex.is_some()
    }

    pub fn is_demoralized(&self) -> bool {
        self.demoralized > 0
    }

    pub fn on_map(&self) -> bool {
        self.hex.is_some()
    }

    /// The tactical value used when defending.
    pub fn defence_tactical(&self) -> i32 {
        self.tactical_defence.unwrap_or(self.tactical)
    }

    /// The strength marker in scenario notation, e.g. `5` or `1/2 (2)`.
    pub fn strength_label(&self) -> String {
        if self.disorganized {
            format!("{} ({})", self.cv, self.manpower)
        } else {
            format!("{}", self.cv)
        }
    }
}
