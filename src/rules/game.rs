//! The state of a game in progress: the scenario, where every unit is and what state it is in,
//! the turn, and the side to play.

use std::sync::Arc;

use super::hex::Coord;
use super::map::Weather;
use super::ruleset::Ruleset;
use super::scenario::Scenario;
use super::sequence::{Cycle, PhaseState, Sequence};
use super::unit::{SideId, Unit, UnitIdx, UnitStates};

/// An advance the last attack's result allows and the player has not decided yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdvanceOption {
    /// The units that may advance (the attackers and their leaders).
    pub units: Vec<UnitIdx>,
    pub hex: Coord,
}

/// A game in progress: what everyone may read ([`State`], through `Deref`: `game.turn`,
/// `game.units`), changed only by the methods below, which the command path
/// ([`super::command::apply`]) and the rule systems it calls use.
#[derive(Clone, Debug)]
pub struct Game {
    state: State,
    /// The rule system's own state of the units ([`UnitStates`]).
    own: Box<dyn UnitStates>,
    /// Units in each on-map hex, in unit order.
    occupancy: Vec<Vec<UnitIdx>>,
    /// How many commands have changed the game (`command::apply`): a checked command is for
    /// the version it was checked on.
    version: u64,
}

/// What a game's position is, to read: `Game` derefs to it (and only to read).
#[derive(Clone, Debug)]
pub struct State {
    pub scenario: Arc<Scenario>,
    /// The rule system the scenario names.
    pub rules: Arc<dyn Ruleset>,
    pub units: Vec<Unit>,
    pub turn: u32,
    /// The side whose turn it is (the first side listed starts).
    pub active_side: SideId,
    /// Who holds each of the scenario's victory hexes (same order): the side of the last
    /// combat unit to enter it.
    pub holders: Vec<Option<SideId>>,
    /// Set by an attack whose result lets the attacker advance; cleared by the next command.
    pub advance_option: Option<AdvanceOption>,
    /// The sequence of play the game follows (its rule system's, or the generic one for a
    /// save made before sequences existed) and where it stands in it ([`super::sequence`]).
    /// `active_side` is the side that acts in the current phase.
    pub sequence: Arc<Sequence>,
    pub phase: PhaseState,
    /// Where an action phase stands (a phase on the initiative).
    pub cycle: Cycle,
    /// A random event's weather for a turn (the scenario's `random_events`).
    pub weather_event: Option<(u32, Weather)>,
}

impl std::ops::Deref for Game {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl Game {
    /// The scenario's position at its first phase, as set up, following `sequence`: nothing of
    /// the sequence of play run yet (`flow::new_game` starts a game: its first command control,
    /// the idle phases passed over).
    pub fn set_up(
        scenario: Arc<Scenario>,
        rules: Arc<dyn Ruleset>,
        sequence: Arc<Sequence>,
    ) -> Self {
        let units = scenario.units.clone();
        let own = rules.unit_states(&scenario);
        let turn = scenario.first_turn;
        let mut g = Game {
            occupancy: vec![Vec::new(); scenario.map.len()],
            own,
            version: 0,
            state: State {
                scenario,
                rules,
                units,
                turn,
                active_side: SideId(0),
                holders: Vec::new(),
                advance_option: None,
                phase: PhaseState {
                    index: sequence.first_phase(turn),
                    ..PhaseState::default()
                },
                cycle: Cycle::default(),
                weather_event: None,
                sequence,
            },
        };
        g.state.active_side = g.sequence.acting(g.phase).unwrap_or(SideId(0));
        g.state.holders = g.scenario.victory.iter().map(|v| v.holder).collect();
        g.rebuild_occupancy();
        g
    }

    /// The rule system's own state of the units, if it is of type `T` (each rule system reads
    /// only its own).
    pub fn own<T: UnitStates>(&self) -> Option<&T> {
        (*self.own).as_any().downcast_ref()
    }

    /// The rule system's own state of the units, to change (by that rule system).
    pub fn own_mut<T: UnitStates>(&mut self) -> Option<&mut T> {
        (*self.own).as_any_mut().downcast_mut()
    }

    /// BLAKE3 (hex) of the whole position: every unit, the turn, whose move, the holders, the
    /// advance open, where the sequence and the action cycle stand, the weather event and the
    /// rule system's own state of the units (their `Debug` text: the state holds no hash maps,
    /// so the text is the same in every process). Not the scenario, rules or sequence
    /// themselves (a log's header fixes those). Online play compares it after every command
    /// ([`super::online`]).
    pub fn state_digest(&self) -> String {
        let s = &self.state;
        let text = format!(
            "{:?}|{}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
            s.units,
            s.turn,
            s.active_side,
            s.holders,
            s.advance_option,
            s.phase,
            s.cycle,
            s.weather_event,
            self.own
        );
        let mut h = blake3::Hasher::new_derive_key("musket game state 1");
        h.update(text.as_bytes());
        h.finalize().to_hex().to_string()
    }

    /// How many commands have changed the game since it was set up.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// A command is changing the game (`command::apply` only).
    pub(super) fn new_version(&mut self) {
        self.version += 1;
    }

    pub fn map(&self) -> &super::map::Map {
        &self.scenario.map
    }

    /// This turn's weather: a random event's, else the scenario's.
    pub fn weather(&self) -> Weather {
        match self.weather_event {
            Some((t, w)) if t == self.turn => w,
            _ => self.scenario.weather_on(self.turn),
        }
    }

    pub fn label(&self, c: Coord) -> String {
        self.scenario.map.label(c)
    }

    pub fn unit(&self, i: UnitIdx) -> &Unit {
        &self.units[i.i()]
    }

    /// A unit's values, to change (a rule system's result: losses, status, fatigue, what it
    /// spent). Its hex changes by [`Game::place`], which keeps the hexes' occupants.
    pub fn unit_mut(&mut self, i: UnitIdx) -> &mut Unit {
        &mut self.state.units[i.i()]
    }

    /// Every unit's values, to change (a new turn's counts restarted).
    pub fn units_mut(&mut self) -> std::slice::IterMut<'_, Unit> {
        self.state.units.iter_mut()
    }

    /// The advance an attack's result allows, or none (`None`): it stands until the next
    /// command. Returns the one that stood.
    pub fn set_advance_option(&mut self, option: Option<AdvanceOption>) -> Option<AdvanceOption> {
        std::mem::replace(&mut self.state.advance_option, option)
    }

    /// Where the action phase stands, to change (the sequence engine and an action cycle).
    pub fn cycle_mut(&mut self) -> &mut Cycle {
        &mut self.state.cycle
    }

    /// The game moves to `phase` of its sequence of play (the sequence engine).
    pub fn set_phase(&mut self, phase: PhaseState) {
        self.state.phase = phase;
    }

    /// The side that acts now (the sequence engine).
    pub fn set_active_side(&mut self, side: SideId) {
        self.state.active_side = side;
    }

    /// The game turn (the sequence engine counts them; the computer's look-ahead sets a later
    /// one on a copy).
    pub fn set_turn(&mut self, turn: u32) {
        self.state.turn = turn;
    }

    /// The sequence of play the game follows from now (a one-off attack outside any sequence,
    /// the computer's look-ahead on a copy).
    pub fn set_sequence(&mut self, sequence: Arc<Sequence>) {
        self.state.sequence = sequence;
    }

    /// Who holds the victory hexes (the computer restores its copy after a trial).
    pub fn set_holders(&mut self, holders: Vec<Option<SideId>>) {
        self.state.holders = holders;
    }

    /// A random event's weather for `turn`.
    pub fn set_weather_event(&mut self, turn: u32, weather: Weather) {
        self.state.weather_event = Some((turn, weather));
    }

    /// The unit with this id (the scenario's index: ids never change in a game).
    pub fn unit_by_id(&self, id: &str) -> Option<UnitIdx> {
        self.scenario.unit_by_id(id)
    }

    pub fn unit_indices(&self) -> impl Iterator<Item = UnitIdx> + '_ {
        (0..self.units.len()).map(|i| UnitIdx(i as u32))
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

    /// Place a unit in a hex, or take it off the map (`None`, eliminated). A unit that
    /// [takes ground](Unit::takes_ground) takes the victory hex it is placed in.
    pub fn place(&mut self, u: UnitIdx, to: Option<Coord>) {
        if let Some(from) = self.units[u.i()].hex
            && let Some(i) = self.scenario.map.index(from)
        {
            let cell = &mut self.occupancy[i];
            if let Ok(pos) = cell.binary_search(&u) {
                cell.remove(pos);
            }
        }
        self.state.units[u.i()].hex = to;
        if let Some(to) = to
            && let Some(i) = self.scenario.map.index(to)
        {
            let cell = &mut self.occupancy[i];
            if let Err(pos) = cell.binary_search(&u) {
                cell.insert(pos, u);
            }
            self.take_ground(u, to);
        }
    }

    /// Move a unit along a path of hexes (a move, a retreat): it ends in the last one and
    /// takes every victory hex of the path, those it passes through included.
    pub fn move_along(&mut self, u: UnitIdx, path: &[Coord]) {
        let Some((&last, before)) = path.split_last() else {
            return;
        };
        for &h in before {
            self.take_ground(u, h);
        }
        self.place(u, Some(last));
    }

    /// A unit entering a victory hex takes it for its side if it is a unit that takes ground.
    fn take_ground(&mut self, u: UnitIdx, hex: Coord) {
        let unit = &self.units[u.i()];
        if !unit.takes_ground() {
            return;
        }
        if let Some(&v) = self.scenario.victory_at(hex) {
            self.state.holders[v as usize] = Some(unit.side);
        }
    }

    fn rebuild_occupancy(&mut self) {
        for cell in &mut self.occupancy {
            cell.clear();
        }
        for (i, u) in self.state.units.iter().enumerate() {
            if let Some(h) = u.hex
                && let Some(ix) = self.scenario.map.index(h)
            {
                self.occupancy[ix].push(UnitIdx(i as u32));
            }
        }
    }

    /// Victory points a side has: those of the victory hexes it holds and its points for the
    /// enemy's losses ([`Game::loss_points`]).
    pub fn score(&self, side: SideId) -> u32 {
        self.scenario
            .victory
            .iter()
            .zip(&self.holders)
            .filter(|(_, h)| **h == Some(side))
            .map(|(v, _)| v.points)
            .sum::<u32>()
            + self.loss_points(side)
    }

    /// Victory points a side has for the enemy's strength it destroyed, where the scenario
    /// gives them (`victory_losses`): a point for every `per` of it.
    pub fn loss_points(&self, side: SideId) -> u32 {
        self.scenario
            .victory_losses
            .iter()
            .filter(|l| l.side == side)
            .map(|l| self.manpower_lost(side.other()) / l.per.max(1))
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
                let here = now.hex.is_some() || now.arrives.is_some();
                let left = if here { now.manpower } else { 0 };
                s.manpower.saturating_sub(left)
            })
            .sum()
    }
}
