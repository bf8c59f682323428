//! A fifth rule system written outside the crate, against the public `Ruleset` trait alone, and
//! registered at run time: the worked example of docs/architecture.md ("Adding a rule
//! system"). Nothing in `src/` names it.
//!
//! **Skirmish** is a small game: "I go, you go" (the generic sequence of play: a side moves and
//! attacks, then the other); a unit moves 4 hexes a turn (woods cost 2), stopping next to an
//! enemy; an attack is one unit or stack against an adjacent hex, at the odds of the strength
//! ratio (rounded down for the attacker: 1:2, 1:1, 2:1, 3:1), read on one d6 table; a hit takes
//! a strength point, and a unit whose hits reach its **nerve** (the scenario's `morale`, its own
//! state, not a field of the shared unit) breaks: it is eliminated.
//!
//! What it shows: its own unit state (`SkirmishUnits`, made from the scenario's values and
//! changed only here), its own tables (a RON text with the d6 table), a scenario that loads
//! through the registry, a game the computer (`ai2`) plays to the end, and odds explained line
//! by line.

use std::sync::Arc;

use musket::rules::attack::{
    AttackError, AttackRequest, AttackType, Choices, ModValue, ModifierLine, Odds, Role, ZocEntry,
    ZocMap,
};
use musket::rules::cv::Prob;
use musket::rules::dice::{DieRole, DieSource};
use musket::rules::event::{Event, roll_die};
use musket::rules::game::Game;
use musket::rules::hex::Coord;
use musket::rules::map::Terrain;
use musket::rules::points::{Allowance, Mp};
use musket::rules::registry::{self, RuleSystem};
use musket::rules::ruleset::{Movement, Ruleset, StepCost, StepQuery, check_attackers};
use musket::rules::scenario::{FieldInput, FieldSpec, Profile, Scenario};
use musket::rules::tables::RulesError;
use musket::rules::unit::{UnitIdx, UnitKind, UnitStates};
use serde::{Deserialize, Serialize};

// ------------------------------------------------------------------------------------------
// What its scenarios may hold, and its tables.
// ------------------------------------------------------------------------------------------

/// What a Skirmish scenario may hold: clear and woods, infantry and cavalry, and a unit's
/// nerve (the format's `morale` field).
static PROFILE: Profile = Profile {
    id: "skirmish",
    name: "Skirmish",
    terrain: "cw",
    unit_kinds: &[UnitKind::Infantry, UnitKind::Cavalry],
    core_fields: &[],
    unit_fields: &["morale"],
    disrupted: false,
    pinned: false,
    max_fatigue: 0,
    fatigue_help: "",
    modes: None,
    supply_trains: None,
    surprise: None,
    alert: None,
    counter_values: [&["strength", "morale"], &[]],
    sides: ["Blue", "Red"],
    fields: &[FieldSpec {
        name: "morale",
        input: FieldInput::Int {
            lo: 1,
            hi: 9,
            optional: true,
        },
        help: "Nerve (Skirmish): the hits that break the unit, 1 to 9; unset: 1.",
    }],
};

/// Its tables: the d6 table (hits to the defender and to the attacker by odds column and die)
/// and the movement numbers. Every number is data; the code below is procedure.
const TABLES: &str = r#"(
    // Columns by the strength ratio, attacker to defender, rounded down for the attacker.
    columns: ["1:2", "1:1", "2:1", "3:1"],
    // For each column, the die 1..6: (hits to the defender, hits to the attacker).
    hits: [
        [(0, 1), (0, 1), (0, 0), (1, 1), (1, 0), (1, 0)],
        [(0, 1), (0, 0), (1, 1), (1, 0), (1, 0), (2, 0)],
        [(0, 0), (1, 1), (1, 0), (1, 0), (2, 0), (2, 0)],
        [(1, 0), (1, 0), (2, 0), (2, 0), (2, 0), (3, 0)],
    ],
    points: 4,
    woods: 2,
)"#;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Tables {
    columns: Vec<String>,
    hits: Vec<Vec<(u32, u32)>>,
    points: u32,
    woods: u32,
}

impl Tables {
    fn read(text: &str, name: &str) -> Result<Tables, RulesError> {
        let t: Tables =
            ron::from_str(text).map_err(|e| RulesError::Unknown(format!("{name}: {e}")))?;
        if t.hits.len() != t.columns.len()
            || t.hits.iter().any(|row| row.len() != 6)
            || t.points == 0
            || t.woods == 0
        {
            return Err(RulesError::Unknown(format!(
                "{name}: a row of six hits (a die's faces) for each of the {} columns, and points and woods above 0",
                t.columns.len()
            )));
        }
        Ok(t)
    }

    /// The column of a strength ratio: 1:2 at least, 3:1 at most (the ratio rounded down).
    fn column(&self, attack: u32, defence: u32) -> usize {
        let col = if attack * 2 < defence.max(1) {
            0
        } else {
            (attack / defence.max(1)).clamp(1, 3) as usize
        };
        col.min(self.hits.len() - 1)
    }
}

// ------------------------------------------------------------------------------------------
// Its own state of the units.
// ------------------------------------------------------------------------------------------

/// One unit's Skirmish values: its nerve and the hits it has taken.
#[derive(Clone, Debug, Default, PartialEq)]
struct SkirmishUnit {
    nerve: u32,
    hits: u32,
}

/// Every unit's Skirmish values, in the game's unit order.
#[derive(Clone, Debug, Default, PartialEq)]
struct SkirmishUnits(Vec<SkirmishUnit>);

fn own(game: &Game, u: UnitIdx) -> SkirmishUnit {
    game.own::<SkirmishUnits>()
        .and_then(|s| s.0.get(u.i()).cloned())
        .unwrap_or_default()
}

// ------------------------------------------------------------------------------------------
// The rule system.
// ------------------------------------------------------------------------------------------

#[derive(Debug)]
struct Skirmish {
    tables: Tables,
    text: String,
}

fn build(text: Option<(&str, &str)>) -> Result<Arc<dyn Ruleset>, RulesError> {
    let (text, name) = text.unwrap_or((TABLES, "skirmish tables"));
    Ok(Arc::new(Skirmish {
        tables: Tables::read(text, name)?,
        text: text.to_string(),
    }))
}

fn exerts(u: &musket::rules::unit::Unit) -> bool {
    u.is_combat()
}

impl Movement for Skirmish {
    fn allowance(&self, _game: &Game, _unit: UnitIdx) -> Allowance {
        Allowance::Fixed {
            points: Mp::whole(self.tables.points),
            forced: None,
        }
    }

    fn price(&self, q: &StepQuery, why: Option<&mut Vec<String>>) -> Result<StepCost, String> {
        let woods = q.game.map().terrain(q.to) == Some(Terrain::Woods);
        let cost = if woods { self.tables.woods } else { 1 };
        if let Some(w) = why {
            w.push(format!(
                "{} {}: {cost}",
                q.game.label(q.to),
                if woods { "woods" } else { "clear" }
            ));
        }
        Ok(StepCost {
            cost: Mp::whole(cost),
            stop: q.zoc_to.any(),
        })
    }

    fn attacks_per_turn(&self) -> Option<u32> {
        Some(1)
    }
}

impl Skirmish {
    /// The strengths of an attack: the attackers', the defenders' and the defending units.
    fn sides(
        &self,
        game: &Game,
        req: &AttackRequest,
    ) -> Result<(u32, u32, Vec<UnitIdx>), AttackError> {
        let side = check_attackers(game, &req.attackers)?;
        let defenders: Vec<UnitIdx> = game.units_at(req.defender).to_vec();
        if defenders.is_empty() {
            return Err(AttackError::Illegal(format!(
                "no unit is in {}",
                game.label(req.defender)
            )));
        }
        for &u in &req.attackers {
            let at = game.unit(u).hex.unwrap_or(req.defender);
            if !at.is_adjacent(req.defender) {
                return Err(AttackError::Illegal(format!(
                    "{} is not next to {}",
                    game.unit(u).name,
                    game.label(req.defender)
                )));
            }
        }
        if defenders.iter().any(|d| game.unit(*d).side == side) {
            return Err(AttackError::Illegal("a side does not attack itself".into()));
        }
        let strength = |us: &[UnitIdx]| us.iter().map(|u| game.unit(*u).manpower).sum::<u32>();
        Ok((strength(&req.attackers), strength(&defenders), defenders))
    }

    /// Hits on a side's units, one at a time in order: a unit whose hits reach its nerve breaks.
    fn hit(&self, game: &mut Game, units: &[UnitIdx], hits: u32, ev: &mut Vec<Event>) {
        for _ in 0..hits {
            let Some(&u) = units.iter().find(|u| game.unit(**u).on_map()) else {
                return;
            };
            let left = {
                let unit = game.unit_mut(u);
                unit.manpower = unit.manpower.saturating_sub(1);
                unit.cv = musket::rules::cv::Cv::whole(unit.manpower);
                unit.manpower
            };
            ev.push(Event::ManpowerLost {
                unit: u,
                amount: 1,
                left,
            });
            let broken = match game
                .own_mut::<SkirmishUnits>()
                .and_then(|s| s.0.get_mut(u.i()))
            {
                Some(s) => {
                    s.hits += 1;
                    s.hits >= s.nerve
                }
                None => false,
            };
            if broken || left == 0 {
                game.place(u, None);
                ev.push(Event::Eliminated { unit: u });
            }
        }
    }
}

impl Ruleset for Skirmish {
    fn name(&self) -> &'static str {
        "Skirmish"
    }

    fn zoc(&self, game: &Game) -> ZocMap {
        musket::rules::ruleset::adjacent_zoc(game, exerts)
    }

    fn zoc_at(&self, game: &Game, hex: Coord) -> Vec<ZocEntry> {
        musket::rules::ruleset::adjacent_zoc_at(game, hex, exerts)
    }

    fn attack_types(&self) -> &'static [AttackType] {
        &[AttackType::Combat]
    }

    fn movement(&self) -> &dyn Movement {
        self
    }

    fn unit_states(&self, scenario: &Scenario) -> Box<dyn UnitStates> {
        Box::new(SkirmishUnits(
            scenario
                .setup
                .iter()
                .map(|s| SkirmishUnit {
                    nerve: u32::from(s.morale.max(1)),
                    hits: 0,
                })
                .collect(),
        ))
    }

    fn unit_facts(&self, game: &Game, unit: UnitIdx) -> String {
        let s = own(game, unit);
        format!(" nerve {} hits {}", s.nerve, s.hits)
    }

    fn profile(&self) -> &'static Profile {
        &PROFILE
    }

    fn tables_text(&self) -> &'static str {
        TABLES
    }

    fn tables_in_use(&self) -> String {
        self.text.clone()
    }

    fn tables_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.tables).unwrap_or_default()
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
        _choices: &Choices,
    ) -> Result<(), AttackError> {
        self.sides(game, req).map(|_| ())
    }

    /// The column by the strength ratio, and each die's hits: the exact odds, explained.
    fn odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        let (attack, defence, _) = self.sides(game, req)?;
        let t = &self.tables;
        let col = t.column(attack, defence);
        let sixth = Prob::new(1, 6);
        let (mut def, mut att) = (
            std::collections::BTreeMap::<String, Prob>::new(),
            std::collections::BTreeMap::<String, Prob>::new(),
        );
        let (mut def_loss, mut att_loss) = (Prob::from_integer(0), Prob::from_integer(0));
        for &(d, a) in &t.hits[col] {
            *def.entry(format!("{d} hits")).or_default() += sixth;
            *att.entry(format!("{a} hits")).or_default() += sixth;
            def_loss += sixth * Prob::from_integer(u64::from(d.min(defence)));
            att_loss += sixth * Prob::from_integer(u64::from(a.min(attack)));
        }
        let line = |role, name: &str, v: i32, detail: String| ModifierLine {
            role,
            name: name.into(),
            value: ModValue::Fixed(v),
            detail,
            rule: "Skirmish: the strength ratio, rounded down for the attacker".into(),
        };
        Ok(Odds {
            ruleset: "skirmish",
            kind: AttackType::Combat,
            lines: vec![
                line(
                    Role::Attacker,
                    "Strength",
                    attack as i32,
                    format!("{attack} strength points"),
                ),
                line(
                    Role::Defender,
                    "Strength",
                    defence as i32,
                    format!("{defence} strength points"),
                ),
                line(
                    Role::Attacker,
                    "Column",
                    col as i32,
                    format!("{attack}:{defence} reads {}", t.columns[col]),
                ),
            ],
            attacker_drm: ModValue::Fixed(0),
            defender_drm: ModValue::Fixed(0),
            extra_die: false,
            differential: (1..=6).map(|d| (d, sixth)).collect(),
            attacker_results: att.into_iter().collect(),
            defender_results: def.into_iter().collect(),
            attacker_expected_loss: att_loss,
            defender_expected_loss: def_loss,
            attacker_manpower: attack,
            defender_manpower: defence,
            p_retreat: Prob::from_integer(0),
            p_rout: Prob::from_integer(0),
            hex_notes: Vec::new(),
            extra_json: serde_json::Map::new(),
        })
    }

    /// One die on the column; the hits, defender first.
    fn resolve(
        &self,
        game: &mut Game,
        req: &AttackRequest,
        _choices: &Choices,
        dice: &mut dyn DieSource,
    ) -> Result<Vec<Event>, AttackError> {
        let (attack, defence, defenders) = self.sides(game, req)?;
        let col = self.tables.column(attack, defence);
        let mut ev = vec![Event::AttackDeclared {
            kind: AttackType::Combat,
            attackers: req.attackers.clone(),
            defender: req.defender,
            defenders: defenders.clone(),
            attacker_drm: 0,
            defender_drm: 0,
        }];
        let die = roll_die(dice, DieRole::Attacker, &mut ev);
        let (d, a) = self.tables.hits[col][usize::from(die) - 1];
        ev.push(Event::CombatResult {
            differential: i32::from(die),
            attacker: format!("{a} hits"),
            defender: format!("{d} hits"),
        });
        self.hit(game, &defenders, d, &mut ev);
        self.hit(game, &req.attackers, a, &mut ev);
        Ok(ev)
    }
}

// ------------------------------------------------------------------------------------------
// The tests: registered at run time, it loads, plays and explains like a built-in system.
// ------------------------------------------------------------------------------------------

fn register() -> musket::rules::scenario::RulesetId {
    registry::register(RuleSystem {
        profile: &PROFILE,
        tables: TABLES,
        build,
    })
    .expect("registered")
}

/// A 6x4 field: Blue's three units against Red's three across a belt of woods.
const SCENARIO: &str = r#"(
    title: "A skirmish",
    ruleset: "skirmish",
    sides: ["Blue", "Red"],
    turns: 6,
    victory: [(hex: "0502", points: 2), (hex: "0203", points: 1)],
    map: (
        columns: 6,
        rows: 4,
        terrain: ["cccwcc", "ccwwcc", "cccwcc", "cccccc"],
    ),
    units: [
        (id: "b1", name: "Blue 1st", side: "Blue", kind: Infantry, hex: "0102", strength: Organized(4), morale: 3),
        (id: "b2", name: "Blue 2nd", side: "Blue", kind: Infantry, hex: "0103", strength: Organized(3), morale: 2),
        (id: "b3", name: "Blue horse", side: "Blue", kind: Cavalry, hex: "0203", strength: Organized(2), morale: 2),
        (id: "r1", name: "Red 1st", side: "Red", kind: Infantry, hex: "0602", strength: Organized(4), morale: 3),
        (id: "r2", name: "Red 2nd", side: "Red", kind: Infantry, hex: "0502", strength: Organized(3), morale: 3),
        (id: "r3", name: "Red horse", side: "Red", kind: Cavalry, hex: "0603", strength: Organized(2), morale: 1),
    ],
)"#;

fn scenario() -> Arc<Scenario> {
    register();
    Arc::new(
        registry::parse_scenario(SCENARIO, std::path::Path::new("skirmish.ron"))
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

#[test]
fn a_fifth_rule_system_registers_and_its_scenario_loads() {
    let id = register();
    assert_eq!(registry::id("skirmish"), Some(id));
    assert!(registry::ids().contains(&id));
    // Registering it again is accepted; another system under its id is not.
    assert_eq!(register(), id);
    let sc = scenario();
    assert_eq!(sc.ruleset, id);
    let rules = registry::for_scenario(&sc, &Default::default()).unwrap();
    assert_eq!(rules.id(), id);
    // Its own unit state, from the scenario's `morale` (the format's field; its nerve).
    let g = musket::rules::flow::new_game(sc.clone(), rules.clone());
    let b2 = g.unit_by_id("b2").unwrap();
    assert_eq!(own(&g, b2), SkirmishUnit { nerve: 2, hits: 0 });
    assert_eq!(rules.unit_facts(&g, b2), " nerve 2 hits 0");
    // The format still refuses what its profile does not allow: NGG 1812's `combats`.
    let bad = SCENARIO.replace(
        "morale: 2),\n        (id: \"b3\"",
        "morale: 2, combats: 1),\n        (id: \"b3\"",
    );
    let e = registry::parse_scenario(&bad, std::path::Path::new("bad.ron")).unwrap_err();
    assert!(e.to_string().contains("combats"), "{e}");
    assert!(e.to_string().contains("does not use"), "{e}");
}

#[test]
fn its_odds_are_explained_and_its_dice_roll_by_them() {
    let sc = scenario();
    let rules = registry::for_scenario(&sc, &Default::default()).unwrap();
    let mut g = musket::rules::flow::new_game(sc, rules.clone());
    // Blue's 1st (4) next to Red's 2nd (3) after a move: 4:3 reads 1:1.
    let b1 = g.unit_by_id("b1").unwrap();
    g.place(b1, Some(g.scenario.parse_hex("0402").unwrap()));
    let req = AttackRequest::new(vec![b1], g.scenario.parse_hex("0502").unwrap(), None);
    let odds = rules.odds(&g, &req).unwrap();
    assert_eq!(odds.lines[2].detail, "4:3 reads 1:1");
    // Column 1:1, dice 1..6: the defender takes 0,0,1,1,1,2 hits: 5/6 expected.
    assert_eq!(odds.defender_expected_loss, Prob::new(5, 6));
    let total: Prob = odds.defender_results.iter().map(|(_, p)| *p).sum();
    assert_eq!(total, Prob::from_integer(1));
    // A 6 rolled: 2 hits to Red's 2nd (nerve 3, strength 3): one strength point left.
    let mut dice = musket::rules::dice::FixedDice::new(&[6]);
    let ev = rules
        .resolve(&mut g, &req, &Choices::default(), &mut dice)
        .unwrap();
    let r2 = g.unit_by_id("r2").unwrap();
    assert_eq!((g.unit(r2).manpower, own(&g, r2).hits), (1, 2));
    assert!(!ev.iter().any(|e| matches!(e, Event::Eliminated { .. })));
}

#[test]
fn the_computer_plays_it_to_the_end() {
    let sc = scenario();
    let rules = registry::for_scenario(&sc, &Default::default()).unwrap();
    let kind = musket::rules::ai::Kind::Ai(2);
    let report = musket::rules::ai::play_game(sc, rules, 5, [kind, kind]);
    assert!(report.session.game.is_over(), "ended after turn 6");
    assert!(report.refused.is_empty(), "{:?}", report.refused);
    assert!(report.commands > 6, "{} commands", report.commands);
    // Every command the computer sent went through the one judge, and the log replays.
    let replay = musket::rules::session::Session::replay(
        report.session.game.scenario.clone(),
        report.session.game.rules.clone(),
        5,
        &report.session.log,
    );
    let replay = replay.unwrap_or_else(|(i, e)| panic!("command {i}: {e}"));
    assert_eq!(replay.game.units, report.session.game.units);
    assert_eq!(
        replay.game.own::<SkirmishUnits>(),
        report.session.game.own::<SkirmishUnits>()
    );
    // Its own state changed by the play: some unit took hits.
    let hits: u32 = report
        .session
        .game
        .own::<SkirmishUnits>()
        .map(|s| s.0.iter().map(|u| u.hits).sum())
        .unwrap_or(0);
    assert!(hits > 0, "no hits in a whole game");
}
