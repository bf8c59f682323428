//! The state of a game in progress: the scenario, where every unit is and what state it is in,
//! the turn, and the side to play.

use std::sync::Arc;

use super::hex::Coord;
use super::map::Weather;
use super::ruleset::Ruleset;
use super::scenario::Scenario;
use super::unit::{SideId, Unit, UnitIdx};

/// An advance the last attack's result allows and the player has not decided yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdvanceOption {
    /// The units that may advance (the attackers and their leaders).
    pub units: Vec<UnitIdx>,
    pub hex: Coord,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub scenario: Arc<Scenario>,
    /// The rule system the scenario names.
    pub rules: Arc<dyn Ruleset>,
    pub units: Vec<Unit>,
    pub turn: u32,
    /// The side whose turn it is (the first side listed starts).
    pub active_side: SideId,
    /// Units in each on-map hex, in unit order.
    occupancy: Vec<Vec<UnitIdx>>,
    /// Who holds each of the scenario's victory hexes (same order): the side of the last
    /// combat unit to enter it.
    pub holders: Vec<Option<SideId>>,
    /// Set by an attack whose result lets the attacker advance; cleared by the next command.
    pub advance_option: Option<AdvanceOption>,
}

impl Game {
    pub fn new(scenario: Arc<Scenario>, rules: Arc<dyn Ruleset>) -> Self {
        let units = scenario.units.clone();
        let turn = scenario.first_turn;
        let mut g = Game {
            occupancy: vec![Vec::new(); scenario.map.len()],
            scenario,
            rules,
            units,
            turn,
            active_side: SideId(0),
            holders: Vec::new(),
            advance_option: None,
        };
        g.holders = g.scenario.victory.iter().map(|v| v.holder).collect();
        g.rebuild_occupancy();
        g
    }

    pub fn map(&self) -> &super::map::Map {
        &self.scenario.map
    }

    pub fn weather(&self) -> Weather {
        self.scenario.weather_on(self.turn)
    }

    pub fn label(&self, c: Coord) -> String {
        self.scenario.map.label(c)
    }

    pub fn unit(&self, i: UnitIdx) -> &Unit {
        &self.units[i.i()]
    }

    pub fn unit_mut(&mut self, i: UnitIdx) -> &mut Unit {
        &mut self.units[i.i()]
    }

    pub fn unit_by_id(&self, id: &str) -> Option<UnitIdx> {
        self.units
            .iter()
            .position(|u| u.id == id)
            .map(|i| UnitIdx(i as u16))
    }

    pub fn unit_indices(&self) -> impl Iterator<Item = UnitIdx> + '_ {
        (0..self.units.len()).map(|i| UnitIdx(i as u16))
    }

    /// The units in a hex (empty off the map).
    pub fn units_at(&self, c: Coord) -> &[UnitIdx] {
        match self.scenario.map.index(c) {
            Some(i) => &self.occupancy[i],
            None => &[],
        }
    }

    /// The side holding a hex, if any unit is there.
    pub fn side_at(&self, c: Coord) -> Option<SideId> {
        self.units_at(c).first().map(|u| self.unit(*u).side)
    }

    /// Place a unit in a hex, or take it off the map (`None`, eliminated).
    pub fn place(&mut self, u: UnitIdx, to: Option<Coord>) {
        if let Some(from) = self.units[u.i()].hex
            && let Some(i) = self.scenario.map.index(from)
        {
            self.occupancy[i].retain(|x| *x != u);
        }
        self.units[u.i()].hex = to;
        if let Some(to) = to
            && let Some(i) = self.scenario.map.index(to)
        {
            let cell = &mut self.occupancy[i];
            let pos = cell.partition_point(|x| *x < u);
            cell.insert(pos, u);
            let unit = &self.units[u.i()];
            if !unit.is_leader() {
                let side = unit.side;
                for (v, holder) in self.scenario.victory.iter().zip(&mut self.holders) {
                    if v.hex == to {
                        *holder = Some(side);
                    }
                }
            }
        }
    }

    fn rebuild_occupancy(&mut self) {
        for cell in &mut self.occupancy {
            cell.clear();
        }
        for (i, u) in self.units.iter().enumerate() {
            if let Some(h) = u.hex
                && let Some(ix) = self.scenario.map.index(h)
            {
                self.occupancy[ix].push(UnitIdx(i as u16));
            }
        }
    }

    /// Victory points a side holds.
    pub fn score(&self, side: SideId) -> u32 {
        self.scenario
            .victory
            .iter()
            .zip(&self.holders)
            .filter(|(_, h)| **h == Some(side))
            .map(|(v, _)| v.points)
            .sum()
    }

    /// Whether the scenario's last turn has been played out.
    pub fn is_over(&self) -> bool {
        self.scenario.turns.is_some_and(|t| self.turn > t)
    }

    /// Total manpower each side has lost since the start (for end-of-game screens).
    pub fn manpower_lost(&self, side: SideId) -> u32 {
        self.scenario
            .units
            .iter()
            .zip(&self.units)
            .filter(|(s, _)| s.side == side)
            .map(|(s, now)| {
                let left = if now.hex.is_some() { now.manpower } else { 0 };
                s.manpower.saturating_sub(left)
            })
            .sum()
    }
}
