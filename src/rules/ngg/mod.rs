//! Napoleon's Greatest Gamble: The Invasion of Russia (1812): combat (rule 11, with 3.3, 4.1,
//! 4.2 and 10.1-10.5). The numbers are in `assets/rules/ngg1812.ron`; `docs/rulesets/ngg1812.md`
//! lists what is encoded, the defaults, and what a player who owns the game must supply.
//!
//! An attack (`AttackType::Combat`) names the units of the attacking stack and of the
//! attacker's supporting stacks (every one adjacent to the defending hex, 10.3). Options:
//! `stack`, `defender_support`, `withdraw`, `odd_hit_attacker`, `odd_hit_defender`
//! ([`assess::OPTION_KEYS`]). The outcome of the dice is [`assess::Assessment::outcome`],
//! enumerated by [`odds`] and applied by [`resolve`].
//!
//! Zones of control: the seeds give NGG 1812 none, so [`Ngg::zoc`] is empty.

pub mod assess;
pub mod data;
pub mod odds;
pub mod profile;
pub mod resolve;
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
use crate::rules::tables::load_tables;

mod cossacks;
mod outcome;
mod rally;
pub mod trains;

use assess::Assessment;
use data::Tables;

/// The default tables, as shipped.
pub const DEFAULT_TABLES: &str = include_str!("../../../assets/rules/ngg1812.ron");

/// The rule system with the player's tables file, or the built-in one.
pub fn load(path: Option<&Path>) -> Result<Arc<dyn Ruleset>, RulesError> {
    let tables: Tables = load_tables(
        path,
        DEFAULT_TABLES,
        "assets/rules/ngg1812.ron",
        |t: &mut Tables| t.check(),
    )?;
    Ok(Arc::new(Ngg { tables }))
}

/// The rule system from a tables text (text, name), or the built-in tables.
pub fn from_text(text: Option<(&str, &str)>) -> Result<Arc<dyn Ruleset>, RulesError> {
    let tables: Tables = crate::rules::tables::tables_from(
        text,
        DEFAULT_TABLES,
        "assets/rules/ngg1812.ron",
        |t: &mut Tables| t.check(),
    )?;
    Ok(Arc::new(Ngg { tables }))
}

/// The NGG 1812 rule system with its tables.
#[derive(Debug, Clone)]
pub struct Ngg {
    pub tables: Tables,
}

impl Ngg {
    /// The rule system with the built-in tables.
    pub fn builtin() -> Ngg {
        let tables: Tables = load_tables(
            None,
            DEFAULT_TABLES,
            "assets/rules/ngg1812.ron",
            |t: &mut Tables| t.check(),
        )
        .expect("the built-in ngg1812 tables are valid (tested)");
        Ngg { tables }
    }
}

/// NGG 1812 movement: the tables' `movement` section, and 4.1's capacity: "Each hex has a
/// maximum capacity of six (6) friendly OFs. This limitation applies at all times", so no step
/// enters a hex whose friendly OF plus the mover's would pass it (passing through included).
impl crate::rules::ruleset::Movement for Ngg {
    fn allowance(
        &self,
        game: &Game,
        unit: crate::rules::unit::UnitIdx,
    ) -> crate::rules::points::Allowance {
        self.tables.movement.allowance(game, unit)
    }

    fn allowance_source(&self, game: &Game, unit: crate::rules::unit::UnitIdx) -> String {
        self.tables.movement.allowance_source(game, unit)
    }

    fn points_name(&self) -> &'static str {
        self.tables.movement.points_name()
    }

    fn attacks_per_turn(&self) -> Option<u32> {
        self.tables.movement.attacks_per_turn()
    }

    fn attacks_source(&self) -> String {
        self.tables.movement.attacks_source()
    }

    fn attacks_by_type(&self) -> bool {
        self.tables.movement.attacks_by_type()
    }

    fn one_move_per_turn(&self) -> Option<String> {
        self.tables.movement.one_move_per_turn()
    }

    fn price(
        &self,
        q: &crate::rules::ruleset::StepQuery,
        why: Option<&mut Vec<String>>,
    ) -> Result<crate::rules::ruleset::StepCost, String> {
        let step = self.tables.movement.price(q, why)?;
        let t = &self.tables;
        let of = |u: crate::rules::unit::UnitIdx| {
            state::unit(q.game, u).class.map_or(0, |c| t.of_halves(c))
        };
        let there: u32 = q.friends_at_to.iter().map(|x| of(*x)).sum();
        let cap = t.capacity_halves();
        if !q.friends_at_to.is_empty() && there + of(q.idx) > cap {
            return Err(format!(
                "{}: the hex would hold {} OF of friendly units, more than its capacity of {} (4.1, at all times)",
                q.game.label(q.to),
                (there + of(q.idx)) as f64 / 2.0,
                cap as f64 / 2.0
            ));
        }
        Ok(step)
    }
}

impl Ruleset for Ngg {
    fn movement(&self) -> &dyn crate::rules::ruleset::Movement {
        self
    }
    fn sequence(&self) -> &crate::rules::sequence::Sequence {
        &self.tables.sequence
    }
    fn alternation(&self) -> Option<&dyn crate::rules::ruleset::Alternation> {
        Some(self)
    }

    fn computer(&self) -> Option<&crate::rules::tables::ComputerPlay> {
        self.tables.computer.as_ref()
    }

    fn name(&self) -> &'static str {
        "Napoleon's Greatest Gamble (1812)"
    }

    /// The seeds give NGG 1812 no zones of control: none.
    fn zoc(&self, game: &Game) -> ZocMap {
        ZocMap::from_pairs(game.map().len(), vec![])
    }

    fn zoc_at(&self, _game: &Game, _hex: Coord) -> Vec<ZocEntry> {
        Vec::new()
    }

    fn attack_types(&self) -> &'static [AttackType] {
        &[AttackType::Combat]
    }

    fn attack_options(&self, _game: &Game, kind: AttackType) -> Vec<OptionSpec> {
        if kind != AttackType::Combat {
            return Vec::new();
        }
        let yn = || vec!["no".to_string(), "yes".to_string()];
        vec![
            OptionSpec {
                key: "stack",
                label: "Attacking stack".into(),
                values: Vec::new(),
                default: String::new(),
                help: "CCRR: the hex of the attacking stack (10.1); the other named units' hexes are supporting stacks (10.3). Default: the hex holding most of the named combat units (ties: the first named unit's hex).".into(),
            },
            OptionSpec {
                key: "defender_support",
                label: "Defender's supporting stacks".into(),
                values: vec!["none".into(), "all".into()],
                default: "none".into(),
                help: "none, all (every defender stack adjacent to the defending hex with an undisrupted combat unit), or hexes joined by + (10.5). The defender's call; default none.".into(),
            },
            OptionSpec {
                key: "withdraw",
                label: "Defender withdraws when it may".into(),
                values: yn(),
                default: "no".into(),
                help: "yes: the defender withdraws where the rules give it the option: before combat if it is cavalry only and the attackers have none (11.1), after winning (11.10), after losing by 1 or 2 (11.12). A forced withdrawal (11.12, 3 or more) happens regardless.".into(),
            },
            OptionSpec {
                key: "odd_hit_attacker",
                label: "Attacker takes 11.17's extra hit on an odd number".into(),
                values: yn(),
                default: "no".into(),
                help: "yes: on an odd number of hits the attacker eliminates one more disrupted unit (11.17's option).".into(),
            },
            OptionSpec {
                key: "odd_hit_defender",
                label: "Defender takes 11.17's extra hit on an odd number".into(),
                values: yn(),
                default: "no".into(),
                help: "yes: on an odd number of hits the defender eliminates one more disrupted unit (11.17's option).".into(),
            },
        ]
    }

    /// 13.1 the Cossack roll; then (11.2) no unit has fought in the next game turn yet.
    fn end_of_turn(&self, game: &mut Game, dice: &mut dyn DieSource) -> Vec<Event> {
        let events = cossacks::roll(self, game, dice);
        state::new_turn(game);
        events
    }

    fn special_actions(
        &self,
        game: &Game,
        unit: crate::rules::unit::UnitIdx,
    ) -> Vec<crate::rules::attack::SpecialAction> {
        rally::action(game, unit).into_iter().collect()
    }

    fn check_special(
        &self,
        game: &Game,
        units: &[crate::rules::unit::UnitIdx],
        key: &str,
    ) -> Result<(), String> {
        if key == rally::KEY {
            rally::check(game, units)
        } else {
            Ok(())
        }
    }

    fn apply_special(
        &self,
        game: &mut Game,
        unit: crate::rules::unit::UnitIdx,
        key: &str,
    ) -> Vec<Event> {
        if key == rally::KEY {
            rally::apply(game, unit)
        } else {
            Vec::new()
        }
    }

    fn tables_text(&self) -> &'static str {
        DEFAULT_TABLES
    }

    /// The shared counter; a commander shows his rating (CR).
    fn counter(
        &self,
        game: &Game,
        unit: crate::rules::unit::UnitIdx,
    ) -> crate::rules::ruleset::CounterFace {
        let u = game.unit(unit);
        let mut face = crate::rules::ruleset::plain_counter(u);
        if u.is_leader() {
            face.value = format!("CR{}", state::unit(game, unit).rating);
        }
        face
    }

    fn unit_facts(&self, game: &Game, unit: crate::rules::unit::UnitIdx) -> String {
        let (u, own) = (game.unit(unit), state::unit(game, unit));
        let mut s = String::new();
        if let Some(c) = own.class {
            s.push_str(&format!(" {c:?}"));
        }
        if u.forced_march {
            s.push_str(" forced-march");
        }
        if own.combats > 0 {
            s.push_str(&format!(" fought {}x", own.combats));
        }
        s
    }

    fn profile(&self) -> &'static crate::rules::scenario::Profile {
        &profile::PROFILE
    }

    fn unit_states(
        &self,
        scenario: &crate::rules::scenario::Scenario,
    ) -> Box<dyn crate::rules::unit::UnitStates> {
        Box::new(state::NggState::of(scenario))
    }

    fn tables_in_use(&self) -> String {
        crate::rules::tables::canonical(&self.tables)
    }

    fn tables_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.tables).unwrap_or_default()
    }

    /// 3.3 and 4.1: every combat unit has a class (its occupancy factor), and no hex holds more
    /// than the capacity in OF at the start.
    fn check_scenario(
        &self,
        scenario: &crate::rules::scenario::Scenario,
    ) -> Vec<crate::rules::scenario::Problem> {
        let t = &self.tables;
        let mut problems = Vec::new();
        let mut per_hex: std::collections::BTreeMap<Coord, (u32, Vec<&str>)> =
            std::collections::BTreeMap::new();
        for (i, u) in scenario.units.iter().enumerate() {
            if !u.is_combat() {
                continue;
            }
            let Some(class) = scenario.setup[i].class else {
                // A draft's unit whose class is still to be given (`placeholder`) is checked
                // when it is given: the game does not start before.
                let pending = scenario
                    .file
                    .units
                    .get(i)
                    .is_some_and(|f| f.placeholder.iter().any(|p| p == "class"));
                if pending {
                    continue;
                }
                problems.push(crate::rules::tables::problem(
                    format!("units[{i}].class"),
                    "",
                    "an NGG 1812 combat unit needs a class (Veteran, Line or Conscript): its occupancy factor, 3.3",
                ));
                continue;
            };
            if let Some(h) = u.hex {
                let e = per_hex.entry(h).or_default();
                e.0 += t.of_halves(class);
                e.1.push(&u.id);
            }
        }
        let cap = t.capacity_halves();
        for (h, (of, ids)) in per_hex {
            if of > cap {
                problems.push(crate::rules::tables::problem(
                    format!("units in {}", scenario.map.label(h)),
                    format!("OF {} ({})", of as f64 / 2.0, ids.join(", ")),
                    format!("4.1: a hex holds at most {} OF", cap as f64 / 2.0),
                ));
            }
        }
        problems
    }

    fn default_attack_type(
        &self,
        _game: &Game,
        _req: &AttackRequest,
    ) -> Result<AttackType, AttackError> {
        Ok(AttackType::Combat)
    }

    fn check(
        &self,
        game: &Game,
        req: &AttackRequest,
        choices: &Choices,
    ) -> Result<(), AttackError> {
        Assessment::new(self, game, req, choices).map(|_| ())
    }

    fn odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        let a = Assessment::new(self, game, req, &Choices::default())?;
        Ok(odds::odds(self, game, &a))
    }

    /// The check without choices is the assessment the odds are computed from: made once.
    fn checked_odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        self.odds(game, req)
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
