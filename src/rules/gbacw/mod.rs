//! SPI Great Battles of the American Civil War, standard rules (1980): fire combat [9.16] with
//! density [8.35], Seeing the Elephant [13.15] and melee [12.98] (seed
//! `gbacw-charts-and-tables.txt`). Only the charts are in the seeds: every rule behind them
//! that the project needs (fire strength and range, the morale-check procedure, retreat paths)
//! is an explicit, documented default in `assets/rules/gbacw.ron` or below, listed in
//! docs/rulesets/gbacw.md with what a player who owns the game must supply.
//!
//! Zones of control: the seeds give no GBACW zone-of-control rule, so [`Gbacw::zoc`] is empty.
//!
//! The odds and the resolution share one reading of the tables ([`fire::read_die`],
//! [`melee::read_die`], [`apply::allocate`]) and one morale procedure
//! ([`morale::roll_morale`]), which the odds run over every sequence of dice.

pub mod alert;
pub mod apply;
pub mod assess;
pub mod data;
pub mod fire;
pub mod melee;
pub mod morale;
pub mod profile;
pub mod state;

use std::path::Path;
use std::sync::Arc;

use crate::rules::attack::{
    AttackError, AttackRequest, AttackType, Choices, Odds, OptionSpec, ZocEntry, ZocMap,
};
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::Ruleset;
use crate::rules::tables::RulesError;

pub use data::Tables;

/// The default tables, as shipped.
pub const DEFAULT_TABLES: &str = include_str!("../../../assets/rules/gbacw.ron");

/// The rule system with the player's tables file, or the built-in one.
pub fn load(path: Option<&Path>) -> Result<Arc<dyn Ruleset>, RulesError> {
    Ok(Arc::new(Gbacw::new(Tables::load(path)?)))
}

/// The rule system from a tables text (text, name), or the built-in tables.
pub fn from_text(text: Option<(&str, &str)>) -> Result<Arc<dyn Ruleset>, RulesError> {
    Ok(Arc::new(Gbacw::new(Tables::from_text(text)?)))
}

/// The GBACW rule system with its tables.
#[derive(Debug, Clone)]
pub struct Gbacw {
    pub tables: Tables,
}

impl Gbacw {
    pub fn new(tables: Tables) -> Self {
        Gbacw { tables }
    }

    pub fn builtin() -> Self {
        Gbacw::new(Tables::builtin())
    }
}

/// A GBACW unit exerts a ZOC: a combat unit (not a leader or wagon) on the map, not pinned.
fn exerts_zoc(u: &crate::rules::unit::Unit) -> bool {
    u.is_combat() && u.status != crate::rules::unit::Status::Pinned
}

impl Ruleset for Gbacw {
    fn movement(&self) -> &dyn crate::rules::ruleset::Movement {
        &self.tables.movement
    }

    /// The rally of routed units at the start of each game turn after the first
    /// (`settings.rally`, a [project default]).
    fn round_recovery(
        &self,
        game: &mut Game,
        dice: &mut dyn DieSource,
        mid_point: bool,
    ) -> Vec<Event> {
        if mid_point {
            return Vec::new();
        }
        morale::rally(&self.tables, game, dice)
    }
    /// The scenario's alert, looked at as the alert's side begins a player-turn.
    fn player_turn_begins(&self, game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
        alert::look(&self.tables, game, dice)
    }

    fn held(&self, game: &Game, unit: crate::rules::unit::UnitIdx) -> Option<String> {
        alert::held(game, unit)
    }

    fn sequence(&self) -> &crate::rules::sequence::Sequence {
        &self.tables.sequence
    }

    fn computer(&self) -> Option<&crate::rules::tables::ComputerPlay> {
        self.tables.computer.as_ref()
    }

    fn name(&self) -> &'static str {
        "Great Battles of the American Civil War (SPI 1980)"
    }

    /// Zones of control [project default: section 10.0 is not in the seeds]: every on-map hex
    /// next to a combat unit that is not pinned ("Pinned units have no Zones of Control", TSS
    /// 10.84), normal. They matter to movement only (`movement.zoc`); combat does not read
    /// them.
    fn zoc(&self, game: &Game) -> ZocMap {
        crate::rules::ruleset::adjacent_zoc(game, exerts_zoc)
    }

    fn zoc_at(&self, game: &Game, hex: Coord) -> Vec<ZocEntry> {
        crate::rules::ruleset::adjacent_zoc_at(game, hex, exerts_zoc)
    }

    fn attack_types(&self) -> &'static [AttackType] {
        &[AttackType::Fire, AttackType::Melee]
    }

    fn attack_options(&self, _game: &Game, kind: AttackType) -> Vec<OptionSpec> {
        let s = &self.tables.settings;
        match kind {
            AttackType::Fire => {
                let (first, second) = match s.default_fire_table {
                    data::FireTable::SmallArms => ("small-arms", "grapeshot"),
                    data::FireTable::Grapeshot => ("grapeshot", "small-arms"),
                };
                vec![
                    OptionSpec {
                        key: "table",
                        label: "FCRT column line".into(),
                        values: vec![first.into(), second.into()],
                        default: first.into(),
                        help: "[9.16] Small Arms & CB or Grapeshot line; when each applies is in the fire rules, not in the seeds (default: settings.default_fire_table)".into(),
                    },
                    OptionSpec {
                        key: "shift",
                        label: "Other column shifts".into(),
                        values: vec![],
                        default: "0".into(),
                        help: "whole number -20..20: column shifts from the game's other charts (terrain, etc.), which the seeds do not hold; added to the [8.35] density shift".into(),
                    },
                    OptionSpec {
                        key: "strength",
                        label: "Fire strength".into(),
                        values: vec![],
                        default: "SP total".into(),
                        help: "whole number 0..10000: the fire strength by the game's fire rules (not in the seeds); default: the firers' SP total".into(),
                    },
                ]
            }
            AttackType::Melee => vec![
                OptionSpec {
                    key: "attacker_modifier",
                    label: "Attacker melee modifiers".into(),
                    values: vec![],
                    default: "0".into(),
                    help: "whole number -100..100 added to the attacker's melee strength: the Melee Modifiers (flip side of [12.98]) are not in the seeds".into(),
                },
                OptionSpec {
                    key: "defender_modifier",
                    label: "Defender melee modifiers".into(),
                    values: vec![],
                    default: "0".into(),
                    help: "whole number -100..100 added to the defender's melee strength: the Melee Modifiers (flip side of [12.98]) are not in the seeds".into(),
                },
            ],
            _ => Vec::new(),
        }
    }

    fn tables_text(&self) -> &'static str {
        DEFAULT_TABLES
    }

    /// The shared counter, with the morale rating, or G for a green unit not yet rated.
    fn counter(
        &self,
        game: &Game,
        unit: crate::rules::unit::UnitIdx,
    ) -> crate::rules::ruleset::CounterFace {
        use crate::rules::ruleset::Marker;
        let (u, own) = (game.unit(unit), state::unit(game, unit));
        let mut face = crate::rules::ruleset::plain_counter(u);
        if own.morale > 0 {
            face.markers
                .push((format!("M{}", own.morale), Marker::Morale));
        } else if own.green {
            face.markers.push(("G".into(), Marker::Green));
        }
        face
    }

    fn unit_states(
        &self,
        scenario: &crate::rules::scenario::Scenario,
    ) -> Box<dyn crate::rules::unit::UnitStates> {
        Box::new(state::GbacwUnits::of(scenario))
    }

    fn unit_facts(&self, game: &Game, unit: crate::rules::unit::UnitIdx) -> String {
        let u = game.unit(unit);
        if !u.is_leader() && u.kind != crate::rules::unit::UnitKind::Wagon {
            " SP".into()
        } else {
            String::new()
        }
    }

    fn profile(&self) -> &'static crate::rules::scenario::Profile {
        &profile::PROFILE
    }

    fn tables_in_use(&self) -> String {
        crate::rules::tables::canonical(&self.tables)
    }

    fn tables_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.tables).unwrap_or_default()
    }

    fn default_attack_type(
        &self,
        _game: &Game,
        req: &AttackRequest,
    ) -> Result<AttackType, AttackError> {
        assess::kind(req)
    }

    fn check(
        &self,
        game: &Game,
        req: &AttackRequest,
        choices: &Choices,
    ) -> Result<(), AttackError> {
        match assess::kind(req)? {
            AttackType::Melee => melee::check(&self.tables, game, req, choices),
            _ => fire::check(&self.tables, game, req, choices),
        }
    }

    fn odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        match assess::kind(req)? {
            AttackType::Melee => melee::odds(&self.tables, game, req),
            _ => fire::odds(&self.tables, game, req),
        }
    }

    /// The numbers alone: no modifier lines, no details (the computer players').
    fn odds_unexplained(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        match assess::kind(req)? {
            AttackType::Melee => melee::odds_unexplained(&self.tables, game, req),
            _ => fire::odds_unexplained(&self.tables, game, req),
        }
    }

    /// One assessment for the check (no choices but their defaults) and the odds' numbers.
    fn checked_odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        match assess::kind(req)? {
            AttackType::Melee => melee::checked_odds(&self.tables, game, req),
            _ => fire::checked_odds(&self.tables, game, req),
        }
    }

    fn resolve(
        &self,
        game: &mut Game,
        req: &AttackRequest,
        choices: &Choices,
        dice: &mut dyn DieSource,
    ) -> Result<Vec<Event>, AttackError> {
        match assess::kind(req)? {
            AttackType::Melee => melee::resolve(&self.tables, game, req, choices, dice),
            _ => fire::resolve(&self.tables, game, req, choices, dice),
        }
    }
}
