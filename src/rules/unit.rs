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
pub struct UnitIdx(pub u32);

impl UnitIdx {
    pub fn i(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum UnitKind {
    Infantry,
    Cavalry,
    Artillery,
    Leader,
    /// GBACW: a wagon (counts 4 SP for density, [8.35]); no combat strength of its own.
    Wagon,
    /// Shiloh: a gunboat.
    Gunboat,
}

impl UnitKind {
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Infantry => "infantry",
            UnitKind::Cavalry => "cavalry",
            UnitKind::Artillery => "artillery",
            UnitKind::Leader => "leader",
            UnitKind::Wagon => "wagon",
            UnitKind::Gunboat => "gunboat",
        }
    }
}

/// A unit's combat status, in the rule systems that track one (GCACW tracks its own
/// disorganized / demoralized markers instead and leaves this `Normal`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Status {
    #[default]
    Normal,
    /// NGG 1812 (3.4): flipped; no CF, takes no active part in combat.
    Disrupted,
    /// GBACW: pinned by fire.
    Pinned,
    /// GBACW / Shiloh: routed.
    Routed,
    /// GBACW [12.94]: engaged in melee.
    Engaged,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Normal => "normal",
            Status::Disrupted => "disrupted",
            Status::Pinned => "pinned",
            Status::Routed => "routed",
            Status::Engaged => "engaged",
        }
    }
}

/// NGG 1812 unit class (3.1, 3.3): sets the occupancy factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Class {
    Veteran,
    Line,
    Conscript,
}

/// Shiloh formation mode (the card's MODES rows).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Mode {
    #[default]
    Normal,
    Column,
    Mounted,
    Dismounted,
    Limbered,
    Unlimbered,
    Routed,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Normal => "normal",
            Mode::Column => "column",
            Mode::Mounted => "mounted",
            Mode::Dismounted => "dismounted",
            Mode::Limbered => "limbered",
            Mode::Unlimbered => "unlimbered",
            Mode::Routed => "routed",
        }
    }
}

/// A rule system's own state of the units: the fields only it reads (GCACW's artillery and
/// tactical values, Shiloh's formation and guns, NGG 1812's class …), one entry per unit in the
/// game's unit order, kept by the game beside the shared [`Unit`]s. The rule system makes it
/// from the scenario (`Ruleset::unit_states`) and alone reads and changes it
/// (`Game::own`, `Game::own_mut`). Any plain data type is one.
pub trait UnitStates: std::any::Any + Send + Sync + std::fmt::Debug {
    fn clone_box(&self) -> Box<dyn UnitStates>;
    fn as_any(&self) -> &dyn std::any::Any;
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl<T: std::any::Any + Clone + Send + Sync + std::fmt::Debug> UnitStates for T {
    fn clone_box(&self) -> Box<dyn UnitStates> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

impl Clone for Box<dyn UnitStates> {
    fn clone(&self) -> Self {
        (**self).clone_box()
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
    /// Fatigue level (GCACW's 0-4, Shiloh's 0-100).
    pub fatigue: u8,
    /// A reinforcement not yet on the map: the game turn at whose start it enters, and where
    /// (the scenario's `arrives` and `hex`).
    pub arrives: Option<(u32, crate::rules::hex::Coord)>,
    /// Combat status (GBACW, NGG 1812, Shiloh).
    pub status: Status,
    /// Force-marched this turn or action (GCACW's forced march, NGG 1812 11.2).
    pub forced_march: bool,
    /// The scenario's `movement`: this unit's allowance, in place of the rule system's.
    pub movement: Option<crate::rules::points::Mp>,
    /// A leader's command: the units he activates or leads (the scenario's `command`).
    pub command: Vec<UnitIdx>,
    // This turn (reset when a turn ends): what the unit has done.
    /// Movement (or operations) points spent.
    pub spent: crate::rules::points::Mp,
    /// The allowance rolled this turn (GCACW's march die), once rolled.
    pub march: Option<crate::rules::points::Mp>,
    /// Its move has ended (it entered an enemy zone of control where the rules say stop).
    pub stopped: bool,
    /// Attacks made, by attack type (`AttackType::index`).
    pub attacks: [u8; 6],
}

impl Unit {
    pub fn is_leader(&self) -> bool {
        self.kind == UnitKind::Leader
    }

    /// An undisrupted unit (NGG 1812), i.e. one whose status is not `Disrupted`.
    pub fn is_disrupted(&self) -> bool {
        self.status == Status::Disrupted
    }

    /// A combat unit (not a leader or a wagon) still on the map.
    pub fn is_combat(&self) -> bool {
        !matches!(self.kind, UnitKind::Leader | UnitKind::Wagon) && self.hex.is_some()
    }

    /// Whether entering a victory hex takes it for the unit's side: a combat unit on land,
    /// not a leader, a wagon (GBACW) or a gunboat (Shiloh) (docs/scenario-format.md).
    pub fn takes_ground(&self) -> bool {
        !matches!(
            self.kind,
            UnitKind::Leader | UnitKind::Wagon | UnitKind::Gunboat
        )
    }

    /// Forget what the unit did in an action it has ended (an action phase): its march roll
    /// and what it spent of it; its attacks this turn still count.
    pub fn new_action(&mut self) {
        self.spent = crate::rules::points::Mp::ZERO;
        self.march = None;
        self.stopped = false;
        self.forced_march = false;
    }

    /// Forget what the unit did this turn (a turn has ended).
    pub fn new_turn(&mut self) {
        self.spent = crate::rules::points::Mp::ZERO;
        self.march = None;
        self.stopped = false;
        self.attacks = [0; 6];
    }

    pub fn on_map(&self) -> bool {
        self.hex.is_some()
    }
}
