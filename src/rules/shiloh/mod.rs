//! Shiloh: Grant's Trial in the West (SSI, 1987): the rules card's fire and melee strength
//! modifiers and operations-point costs (seed `shiloh-fire-melee-operations.txt`), with the
//! project defaults the card leaves open (`docs/rulesets/shiloh.md`).
//!
//! - [`strength`]: a unit's strength = men x the cumulative product of the card's modifiers,
//!   clamped to [0.2, 2.0], in exact fractions;
//! - [`resolve`]: fire and melee, odds and resolution from one assessment;
//! - [`ops`]: OP costs of moves and special actions.

mod control;
pub mod data;
pub mod ops;
pub mod profile;
pub mod resolve;
pub mod state;
pub mod strength;

use std::path::Path;
use std::sync::Arc;

use num_rational::Ratio;

use crate::rules::attack::{
    AttackError, AttackRequest, AttackType, Choices, Odds, OptionSpec, ZocEntry, ZocMap,
};
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::points::{Allowance, Mp};
use crate::rules::ruleset::Ruleset;
use crate::rules::ruleset::{Movement, StepCost, StepQuery};
use crate::rules::tables::RulesError;
use crate::rules::tables::load_tables;
use crate::rules::unit::{Unit, UnitIdx};

use data::Tables;

/// An exact factor or strength.
pub type R = Ratio<i128>;

/// The default tables, as shipped.
pub const DEFAULT_TABLES: &str = include_str!("../../../assets/rules/shiloh.ron");

/// The rule system with the player's tables file, or the built-in one.
pub fn load(path: Option<&Path>) -> Result<Arc<dyn Ruleset>, RulesError> {
    Ok(Arc::new(Shiloh::new(load_data(path)?)))
}

/// The tables alone (a player's file, or the built-in one).
pub fn load_data(path: Option<&Path>) -> Result<Tables, crate::rules::tables::TablesError> {
    load_tables(
        path,
        DEFAULT_TABLES,
        "assets/rules/shiloh.ron",
        Tables::check,
    )
}

/// The rule system from a tables text (text, name), or the built-in tables.
pub fn from_text(text: Option<(&str, &str)>) -> Result<Arc<dyn Ruleset>, RulesError> {
    let tables = crate::rules::tables::tables_from(
        text,
        DEFAULT_TABLES,
        "assets/rules/shiloh.ron",
        Tables::check,
    )?;
    Ok(Arc::new(Shiloh::new(tables)))
}

/// The Shiloh rule system with its tables.
#[derive(Debug, Clone)]
pub struct Shiloh {
    pub tables: Tables,
}

impl Shiloh {
    pub fn new(tables: Tables) -> Self {
        Shiloh { tables }
    }

    /// With the built-in tables.
    pub fn builtin() -> Self {
        Shiloh::new(load_data(None).expect("built-in shiloh tables are valid"))
    }
}

/// Shiloh's movement: the card's operations table per step ([`ops::price_step`]), the OP
/// budget per turn (`ops_per_turn`, a project default) and the card's fire and melee OPs.
impl Movement for Shiloh {
    /// The budget; an out-of-command unit has the command-control step's share of it
    /// (`rules::control`).
    fn allowance(&self, game: &Game, unit: UnitIdx) -> Allowance {
        Allowance::Fixed {
            points: control::points(game, unit, Mp::whole(self.tables.ops_per_turn)),
            forced: None,
        }
    }

    fn allowance_source(&self, game: &Game, unit: UnitIdx) -> String {
        match control::points_note(game, unit) {
            Some(note) => format!("{}; {note}", self.tables.ops_per_turn_source),
            None => self.tables.ops_per_turn_source.clone(),
        }
    }

    fn points_name(&self) -> &'static str {
        "OP"
    }

    fn price(&self, q: &StepQuery, why: Option<&mut Vec<String>>) -> Result<StepCost, String> {
        ops::price_step(&self.tables, q, why).map(|c| StepCost {
            cost: Mp::whole(c),
            stop: false,
        })
    }

    fn attacks_per_turn(&self) -> Option<u32> {
        self.tables.attacks_per_turn
    }

    fn attacks_source(&self) -> String {
        self.tables.attacks_per_turn_source.clone()
    }

    /// Fire and melee are separate phases: the limit counts each apart.
    fn attacks_by_type(&self) -> bool {
        true
    }

    /// The card's special actions "Fire in fire phase" (2 / 2 / P / 4) and "Melee (attacker)"
    /// (2 / 2 / P / P); Final Defensive Fire is not priced (free). Leaders and gunboats pay
    /// nothing.
    fn attack_cost(
        &self,
        game: &Game,
        unit: UnitIdx,
        kind: AttackType,
        out_of_turn: bool,
    ) -> Result<Mp, String> {
        let unit = state::su(game, unit);
        let Some(class) = ops::class_of(unit) else {
            return Ok(Mp::ZERO);
        };
        let action = match kind {
            AttackType::Melee => ops::Action::MeleeAttacker,
            _ if out_of_turn => return Ok(Mp::ZERO),
            _ => ops::Action::FireInFirePhase,
        };
        let hex = unit.hex.unwrap_or(crate::rules::hex::Coord::new(1, 1));
        let ctx = ops::ActionCtx {
            terrain: game
                .map()
                .terrain(hex)
                .unwrap_or(crate::rules::map::Terrain::Clear),
            in_enemy_zoc: false,
            night: game.scenario.is_night(game.turn),
        };
        ops::special_action_cost(&self.tables, class, action, ctx).map(Mp::whole)
    }
}

/// The mode a change of formation leads to, and the card's name of the change: to column,
/// mounted or limbered ([4]); back to normal, dismounted or unlimbered ([3]).
fn changed_mode(u: state::Su, to_column: bool) -> Option<(crate::rules::unit::Mode, &'static str)> {
    use crate::rules::unit::{Mode, UnitKind};
    match (u.kind, u.own.mode, to_column) {
        (UnitKind::Infantry, Mode::Normal, true) => Some((Mode::Column, "change to column")),
        (UnitKind::Infantry, Mode::Column, false) => Some((Mode::Normal, "change to normal")),
        (UnitKind::Cavalry, Mode::Dismounted, true) => Some((Mode::Mounted, "mount")),
        (UnitKind::Cavalry, Mode::Mounted, false) => Some((Mode::Dismounted, "dismount")),
        (UnitKind::Artillery, Mode::Unlimbered, true) => Some((Mode::Limbered, "limber")),
        (UnitKind::Artillery, Mode::Limbered, false) => Some((Mode::Unlimbered, "unlimber")),
        _ => None,
    }
}

/// The most a unit can be fortified (the scenario format's range).
const MAX_FORTIFICATION: u8 = 10;

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

impl Ruleset for Shiloh {
    fn name(&self) -> &'static str {
        "Shiloh: Grant's Trial in the West"
    }

    /// Final Defensive Fire is the defending side's fire (footnotes * and ***: "the flanked
    /// defender in Melee and Final Defensive Fire"): it is made by the side not to move, in
    /// the other side's turn. Every other attack is the side to move's.
    fn out_of_turn(&self, req: &AttackRequest) -> Option<String> {
        let fire = matches!(req.kind, None | Some(AttackType::Fire));
        (fire && req.option("phase") == Some("final-defensive"))
            .then(|| "Final Defensive Fire".to_string())
    }

    /// The card: a ZOC is "the squares next to a unit": every on-map hex adjacent to a combat
    /// unit (not a leader), normal.
    fn zoc(&self, game: &Game) -> ZocMap {
        crate::rules::ruleset::adjacent_zoc(game, Unit::is_combat)
    }

    fn zoc_at(&self, game: &Game, hex: Coord) -> Vec<ZocEntry> {
        crate::rules::ruleset::adjacent_zoc_at(game, hex, Unit::is_combat)
    }

    fn attack_types(&self) -> &'static [AttackType] {
        &[AttackType::Fire, AttackType::Melee]
    }

    fn attack_options(&self, _game: &Game, kind: AttackType) -> Vec<OptionSpec> {
        resolve::option_specs(kind)
    }

    fn movement(&self) -> &dyn Movement {
        self
    }

    fn sequence(&self) -> &crate::rules::sequence::Sequence {
        &self.tables.sequence
    }

    fn computer(&self) -> Option<&crate::rules::tables::ComputerPlay> {
        self.tables.computer.as_ref()
    }

    /// The card's SPECIAL ACTIONS a unit may take where it stands: change mode to column,
    /// mounted or limbered (2 OPs; 3 in woods, +2 in an enemy ZOC: note \[4\]); back to normal,
    /// dismounted or unlimbered (4; not for artillery in a ravine: note \[3\]); fortify (8 OPs, one
    /// level); reorganize (2 OPs, infantry): the card prices it but says what it does only in
    /// note \[1\] ("demibrigades (A and B reorganized)" get the road rate), so here
    /// \[project default\] it turns a brigade into demibrigades or back, the men staying one
    /// counter (the game's split into A and B counters is not modelled; strength is not
    /// affected, only note \[1\]'s road rate).
    fn special_actions(
        &self,
        game: &Game,
        unit: UnitIdx,
    ) -> Vec<crate::rules::attack::SpecialAction> {
        let u = state::su(game, unit);
        let mut out = Vec::new();
        if !u.on_map() || ops::class_of(u).is_none() {
            return out;
        }
        let cost =
            |a: ops::Action| ops::unit_action_cost(&self.tables, game, unit, a).map(Mp::whole);
        for (key, to_column, action, rule) in [
            (
                "column",
                true,
                ops::Action::ChangeToColumn,
                "card special actions: change mode to column, mounted or limbered [4]",
            ),
            (
                "deploy",
                false,
                ops::Action::ChangeToNormal,
                "card special actions: change mode to normal, dismounted or unlimbered [3]",
            ),
        ] {
            if let Some((mode, name)) = changed_mode(u, to_column) {
                out.push(crate::rules::attack::SpecialAction {
                    key: key.into(),
                    label: format!("{} ({})", capitalised(name), mode.name()),
                    cost: cost(action),
                    rule: rule.into(),
                    gain: false,
                });
            }
        }
        if u.kind == crate::rules::unit::UnitKind::Infantry
            && u.own.mode != crate::rules::unit::Mode::Routed
        {
            out.push(crate::rules::attack::SpecialAction {
                key: "reorganize".into(),
                label: if u.own.demibrigade {
                    "Reorganize (back into a brigade)".into()
                } else {
                    "Reorganize (into demibrigades A and B: the road rate, note [1])".into()
                },
                cost: cost(ops::Action::Reorganize),
                rule: "card special actions: reorganize; what it does [project default: a \
                       reading of note [1]]"
                    .into(),
                gain: false,
            });
        }
        if u.own.fortification < MAX_FORTIFICATION && u.own.mode != crate::rules::unit::Mode::Routed
        {
            out.push(crate::rules::attack::SpecialAction {
                key: "fortify".into(),
                label: format!("Fortify (to level {})", u.own.fortification + 1),
                cost: cost(ops::Action::Fortify),
                rule: "card special actions: fortify".into(),
                gain: false,
            });
        }
        out
    }

    fn apply_special(&self, game: &mut Game, unit: UnitIdx, key: &str) -> Vec<Event> {
        let u = state::su(game, unit);
        let (name, own) = (u.name.clone(), u.own.clone());
        let changed = changed_mode(u, key == "column");
        let Some(st) = state::unit_mut(game, unit) else {
            return Vec::new();
        };
        let text = match key {
            "column" | "deploy" => match changed {
                Some((mode, change)) => {
                    st.mode = mode;
                    format!("{name}: {change}, now in {} mode", mode.name())
                }
                None => return Vec::new(),
            },
            "reorganize" => {
                st.demibrigade = !own.demibrigade;
                if st.demibrigade {
                    format!("{name} reorganizes into demibrigades (A and B)")
                } else {
                    format!("{name} reorganizes back into a brigade")
                }
            }
            "fortify" => {
                let level = (own.fortification + 1).min(MAX_FORTIFICATION);
                st.fortification = level;
                format!("{name} fortifies: level {level}")
            }
            _ => return Vec::new(),
        };
        vec![Event::Note { text }]
    }

    fn tables_text(&self) -> &'static str {
        DEFAULT_TABLES
    }

    fn unit_states(
        &self,
        scenario: &crate::rules::scenario::Scenario,
    ) -> Box<dyn crate::rules::unit::UnitStates> {
        Box::new(state::ShilohUnits::of(scenario))
    }

    fn command_control(&self, game: &mut Game) -> Vec<Event> {
        control::command_control(game)
    }

    fn round_recovery(
        &self,
        game: &mut Game,
        dice: &mut dyn DieSource,
        mid_point: bool,
    ) -> Vec<Event> {
        control::recover(game, dice, mid_point)
    }

    /// The shared counter; a leader shows his bonus; out of command (OC) and the formation
    /// (col, mtd, dis, lmb, unl) are marked.
    fn counter(
        &self,
        game: &Game,
        unit: crate::rules::unit::UnitIdx,
    ) -> crate::rules::ruleset::CounterFace {
        use crate::rules::ruleset::{Marker, status_marker};
        use crate::rules::unit::Mode;
        let u = state::su(game, unit);
        let mut face = crate::rules::ruleset::plain_counter(&u);
        face.markers.retain(|(_, m)| *m == Marker::Fatigue);
        if u.is_leader() {
            face.value = format!("{}%", u.own.leader_bonus);
        }
        if u.own.out_of_command {
            face.markers.push(("OC".into(), Marker::Command));
        }
        face.markers.extend(status_marker(&u));
        let formation = match u.own.mode {
            Mode::Column => "col",
            Mode::Mounted => "mtd",
            Mode::Dismounted => "dis",
            Mode::Limbered => "lmb",
            Mode::Unlimbered => "unl",
            Mode::Normal | Mode::Routed => "",
        };
        if !formation.is_empty() {
            face.markers.push((formation.into(), Marker::Formation));
        }
        face
    }

    fn unit_facts(&self, game: &Game, unit: crate::rules::unit::UnitIdx) -> String {
        let u = state::su(game, unit);
        if u.is_leader() {
            return String::new();
        }
        let mut s = String::from(" men");
        if u.own.guns > 0 {
            s.push_str(&format!(" {} guns", u.own.guns));
        }
        s.push_str(&format!(
            " eff {} fat {} cc {:.2} {}",
            u.own.efficiency,
            u.fatigue,
            u.own.command_control,
            u.own.mode.name()
        ));
        if u.own.leader_bonus != 0 {
            s.push_str(&format!(" leader +{}%", u.own.leader_bonus));
        }
        if u.own.out_of_ammo {
            s.push_str(" out of ammo");
        }
        if u.own.fortification > 0 {
            s.push_str(&format!(" fort {}", u.own.fortification));
        }
        if u.own.demibrigade {
            s.push_str(" demibrigades");
        }
        s
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
        resolve::kind_of(req)
    }

    fn check(
        &self,
        game: &Game,
        req: &AttackRequest,
        choices: &Choices,
    ) -> Result<(), AttackError> {
        let a = resolve::Assessment::unexplained(self, game, req)?;
        resolve::check_choices(game, &a, choices).map(|_| ())
    }

    fn odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        let a = resolve::Assessment::new(self, game, req)?;
        Ok(resolve::odds(self, game, &a))
    }

    /// The factors' names, explanations and the JSON details are most of the work of Shiloh's
    /// odds (exact rationals formatted for every factor of every unit): left out.
    fn odds_unexplained(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        let a = resolve::Assessment::unexplained(self, game, req)?;
        Ok(resolve::unexplained_odds(&a))
    }

    /// One assessment for the check (no choices to check but their defaults) and the numbers.
    fn checked_odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        let a = resolve::Assessment::unexplained(self, game, req)?;
        resolve::check_choices(game, &a, &Choices::default())?;
        Ok(resolve::unexplained_odds(&a))
    }

    fn resolve(
        &self,
        game: &mut Game,
        req: &AttackRequest,
        choices: &Choices,
        dice: &mut dyn DieSource,
    ) -> Result<Vec<Event>, AttackError> {
        resolve::resolve(self, game, req, choices, dice)
    }
}
