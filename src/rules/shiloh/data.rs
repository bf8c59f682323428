//! The Shiloh rules card as data: `assets/rules/shiloh.ron`, embedded as the default and
//! overridable by a player's own file. Every value is checked when it is read; factors are
//! decimals of at most four places, read as exact fractions ([`R`]).

use serde::{Deserialize, Serialize};

use crate::rules::map::Terrain;
use crate::rules::scenario::Problem;
use crate::rules::tables::problem;
use crate::rules::unit::Mode;

use super::R;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub ruleset: String,
    pub edition: String,
    pub target_location: Vec<LocRow>,
    pub higher_elevation: FireMelee,
    pub firer_location: Vec<LocRow>,
    pub artillery_in_woods: FireMelee,
    pub woods: Vec<Terrain>,
    pub flanked: Flanked,
    pub disrupted: FireMelee,
    pub routed: FireMelee,
    pub out_of_ammo: FireMelee,
    pub outmaneuvered: Single,
    pub successful_attack: Single,
    pub disrupted_final_defensive_only: bool,
    pub out_of_ammo_final_defensive_only: bool,
    pub modes: Vec<ModeRow>,
    pub target_density: Density,
    pub firer_density_fire: Density,
    pub firer_density_melee_attacker: Density,
    pub fortification_percent_per_level: u32,
    pub efficiency_points_per_percent: u32,
    pub fatigue_points_per_percent: u32,
    pub artillerymen_per_gun: u32,
    pub clamp_min: f64,
    pub clamp_max: f64,
    pub random: RandomMod,
    pub weapons: Vec<WeaponRow>,
    pub default_weapon: String,
    pub fire_range: u32,
    pub melee_casualties: Rate,
    pub op_rows: Vec<OpRow>,
    pub road: Vec<Cost>,
    pub road_in_ravine: u32,
    pub enter_higher_elevation: Vec<Act>,
    pub enter_or_leave_enemy_zoc: Vec<Act>,
    pub zoc_to_zoc: Vec<Act>,
    pub change_to_column: Vec<Act>,
    pub change_to_normal: Vec<Act>,
    pub fortify: Vec<Act>,
    pub reorganize: Vec<Act>,
    pub melee_attacker: Vec<Act>,
    pub melee_defender: Vec<Act>,
    pub fire_in_fire_phase: Vec<Act>,
    pub gunboat_per_square: u32,
    pub heavy_guns_multiplier: u32,
    pub sunken_road_multiplier: u32,
    pub night_multiplier: u32,
    pub change_to_column_in_woods: u32,
    pub change_mode_enemy_zoc_extra: u32,
    /// Operations points a unit may spend in a turn [project default: the card gives no
    /// budget]. A file without it uses the built-in value.
    #[serde(default = "default_ops_per_turn")]
    pub ops_per_turn: u32,
    #[serde(default)]
    pub ops_per_turn_source: String,
    /// Attacks a unit may make in a turn (`None`: no limit) [project default].
    #[serde(default = "default_attacks_per_turn")]
    pub attacks_per_turn: Option<u32>,
    #[serde(default)]
    pub attacks_per_turn_source: String,
    /// The sequence of play (`rules::sequence`); a file without it plays the built-in one.
    #[serde(default = "builtin_sequence")]
    pub sequence: crate::rules::sequence::Sequence,
    /// What the computer players are told (`rules::tables::ComputerPlay`); none: their own
    /// defaults.
    #[serde(default)]
    pub computer: Option<crate::rules::tables::ComputerPlay>,
}

fn builtin_sequence() -> crate::rules::sequence::Sequence {
    crate::rules::sequence::builtin_section(super::DEFAULT_TABLES)
}

/// A fire and a melee factor.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireMelee {
    pub fire: f64,
    pub melee: f64,
    pub source: String,
}

/// One factor for fire and melee alike.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Single {
    pub factor: f64,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocRow {
    pub terrain: Terrain,
    pub fire: f64,
    pub melee: f64,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flanked {
    pub flanker: FireMelee,
    pub flanked_unit_final_defensive_fire: f64,
    pub flanked_defender_melee: f64,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModeRow {
    pub mode: Mode,
    pub fire: f64,
    pub melee: f64,
    pub final_defensive_only: bool,
    /// Footnote **** ("May only defend in Melee and with this modifier"): a unit in this mode
    /// does not attack in melee; its melee value is its defence (docs/rulesets/shiloh.md).
    #[serde(default)]
    pub melee_defend_only: bool,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Density {
    pub base_men: u32,
    pub men_per_percent: u32,
    #[serde(default)]
    pub max: Option<f64>,
    pub min: f64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomMod {
    pub card_min: f64,
    pub card_max: f64,
    /// Factor for die faces 1 to 6.
    pub by_die: Vec<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponRow {
    pub weapon: String,
    pub range: u32,
    pub men: u32,
    pub per_strength: u32,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rate {
    pub men: u32,
    pub per_strength: u32,
    pub source: String,
}

/// An OP cost: orthogonal and diagonal, or prohibited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Cost {
    C(u32, u32),
    P,
}

/// A special action's cost, prohibited, or not applicable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Act {
    N(u32),
    P,
    NA,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpRow {
    pub name: String,
    pub terrain: Vec<Terrain>,
    pub costs: Vec<Cost>,
    pub source: String,
}

/// A decimal factor as an exact fraction (four decimal places).
pub fn fac(x: f64) -> R {
    R::new((x * 10_000.0).round() as i128, 10_000)
}

/// The terrains the card prices (scenario letters `cwhonsvefbu`).
pub const SHILOH_TERRAIN: [Terrain; 11] = [
    Terrain::Clear,
    Terrain::Woods,
    Terrain::HeavyWoods,
    Terrain::Orchard,
    Terrain::Church,
    Terrain::Swamp,
    Terrain::Ravine,
    Terrain::Stream,
    Terrain::Ford,
    Terrain::Bridge,
    Terrain::SunkenRoad,
];

const ALL_MODES: [Mode; 7] = [
    Mode::Normal,
    Mode::Column,
    Mode::Mounted,
    Mode::Dismounted,
    Mode::Limbered,
    Mode::Unlimbered,
    Mode::Routed,
];

impl Tables {
    pub fn target_row(&self, t: Terrain) -> Option<&LocRow> {
        self.target_location.iter().find(|r| r.terrain == t)
    }
    pub fn firer_row(&self, t: Terrain) -> Option<&LocRow> {
        self.firer_location.iter().find(|r| r.terrain == t)
    }
    pub fn mode_row(&self, m: Mode) -> Option<&ModeRow> {
        self.modes.iter().find(|r| r.mode == m)
    }
    pub fn op_row(&self, t: Terrain) -> Option<&OpRow> {
        self.op_rows.iter().find(|r| r.terrain.contains(&t))
    }
    pub fn weapon(&self) -> Option<&WeaponRow> {
        self.weapons
            .iter()
            .find(|w| w.weapon == self.default_weapon && w.range == 1)
    }

    /// Every problem in the tables (field path, value, why).
    pub fn check(&mut self) -> Vec<Problem> {
        let mut p = Vec::new();
        for (at, why) in self.sequence.problems() {
            p.push(Problem {
                field: at,
                value: String::new(),
                problem: why,
            });
        }
        self.check_locations(&mut p);
        self.check_special_conditions(&mut p);
        self.check_modes(&mut p);
        self.check_additional_modifiers(&mut p);
        self.check_clamp_and_random(&mut p);
        self.check_casualties(&mut p);
        self.check_operations(&mut p);
        p.extend(self.computer.as_ref().and_then(|c| c.check()));
        p
    }

    /// TARGET LOCATION and FIRING UNIT'S LOCATION: factors, a row for every terrain (and,
    /// terrain by terrain, an OP row pricing it).
    fn check_locations(&self, p: &mut Vec<Problem>) {
        for (i, r) in self.target_location.iter().enumerate() {
            check_factor(format!("target_location[{i}].fire"), r.fire, p);
            check_factor(format!("target_location[{i}].melee"), r.melee, p);
        }
        for t in SHILOH_TERRAIN {
            if self.target_row(t).is_none() {
                p.push(problem(
                    "target_location",
                    t.name(),
                    "no row for this terrain",
                ));
            }
            if self.op_row(t).is_none() {
                p.push(problem("op_rows", t.name(), "no row prices this terrain"));
            }
        }
        for (i, r) in self.firer_location.iter().enumerate() {
            check_factor(format!("firer_location[{i}].fire"), r.fire, p);
            check_factor(format!("firer_location[{i}].melee"), r.melee, p);
        }
    }

    /// Higher Elevation, Artillery in Woods, SPECIAL CONDITIONS, Unit Outmaneuvered and
    /// Successful Attack: factors.
    fn check_special_conditions(&self, p: &mut Vec<Problem>) {
        check_fire_melee("higher_elevation", &self.higher_elevation, p);
        check_fire_melee("artillery_in_woods", &self.artillery_in_woods, p);
        check_fire_melee("flanked.flanker", &self.flanked.flanker, p);
        check_factor(
            "flanked.flanked_unit_final_defensive_fire".into(),
            self.flanked.flanked_unit_final_defensive_fire,
            p,
        );
        check_factor(
            "flanked.flanked_defender_melee".into(),
            self.flanked.flanked_defender_melee,
            p,
        );
        check_fire_melee("disrupted", &self.disrupted, p);
        check_fire_melee("routed", &self.routed, p);
        check_fire_melee("out_of_ammo", &self.out_of_ammo, p);
        check_factor("outmaneuvered.factor".into(), self.outmaneuvered.factor, p);
        check_factor(
            "successful_attack.factor".into(),
            self.successful_attack.factor,
            p,
        );
    }

    /// MODES: factors, a row for every mode.
    fn check_modes(&self, p: &mut Vec<Problem>) {
        for (i, r) in self.modes.iter().enumerate() {
            check_factor(format!("modes[{i}].fire"), r.fire, p);
            check_factor(format!("modes[{i}].melee"), r.melee, p);
        }
        for m in ALL_MODES {
            if self.mode_row(m).is_none() {
                p.push(problem("modes", m.name(), "no row for this mode"));
            }
        }
    }

    /// ADDITIONAL MODIFIERS: the densities' rates and bounds, the points per percent of
    /// efficiency and fatigue, the artillerymen per gun.
    fn check_additional_modifiers(&self, p: &mut Vec<Problem>) {
        for (name, d) in [
            ("target_density", &self.target_density),
            ("firer_density_fire", &self.firer_density_fire),
            (
                "firer_density_melee_attacker",
                &self.firer_density_melee_attacker,
            ),
        ] {
            if d.men_per_percent == 0 {
                p.push(problem(
                    format!("{name}.men_per_percent"),
                    0,
                    "must be at least 1",
                ));
            }
            check_factor(format!("{name}.min"), d.min, p);
            if let Some(m) = d.max {
                check_factor(format!("{name}.max"), m, p);
            }
        }
        for (name, v) in [
            (
                "efficiency_points_per_percent",
                self.efficiency_points_per_percent,
            ),
            (
                "fatigue_points_per_percent",
                self.fatigue_points_per_percent,
            ),
            ("artillerymen_per_gun", self.artillerymen_per_gun),
        ] {
            if v == 0 {
                p.push(problem(name, 0, "must be at least 1"));
            }
        }
    }

    /// Maximum and Minimum Modifiers, and the Random Modifier: its range on the card and its
    /// factor per die face, inside that range.
    fn check_clamp_and_random(&self, p: &mut Vec<Problem>) {
        check_factor("clamp_min".into(), self.clamp_min, p);
        check_factor("clamp_max".into(), self.clamp_max, p);
        if self.clamp_min > self.clamp_max {
            p.push(problem("clamp_min", self.clamp_min, "is above clamp_max"));
        }
        if self.random.by_die.len() != 6 {
            p.push(problem(
                "random.by_die",
                self.random.by_die.len(),
                "give six factors, one per face of a d6",
            ));
        }
        check_factor("random.card_min".into(), self.random.card_min, p);
        check_factor("random.card_max".into(), self.random.card_max, p);
        if self.random.card_min > self.random.card_max {
            p.push(problem(
                "random.card_min",
                self.random.card_min,
                "is above random.card_max",
            ));
        }
        let (lo, hi) = (fac(self.random.card_min), fac(self.random.card_max));
        for (i, x) in self.random.by_die.iter().enumerate() {
            check_factor(format!("random.by_die[{i}]"), *x, p);
            if x.is_finite() && !(lo..=hi).contains(&fac(*x)) {
                p.push(problem(
                    format!("random.by_die[{i}]"),
                    x,
                    format!(
                        "outside the card's random modifier range {} to {} (random.card_min, random.card_max)",
                        self.random.card_min, self.random.card_max
                    ),
                ));
            }
        }
    }

    /// The casualty rates: the weapons rows, the default weapon at range 1, the fire range and
    /// the melee rate.
    fn check_casualties(&self, p: &mut Vec<Problem>) {
        for (i, w) in self.weapons.iter().enumerate() {
            if w.per_strength == 0 {
                p.push(problem(
                    format!("weapons[{i}].per_strength"),
                    0,
                    "must be at least 1",
                ));
            }
        }
        if self.weapon().is_none() {
            p.push(problem(
                "default_weapon",
                &self.default_weapon,
                "no weapons row of this name at range 1",
            ));
        }
        if self.fire_range == 0 {
            p.push(problem("fire_range", 0, "must be at least 1"));
        }
        if self.melee_casualties.per_strength == 0 {
            p.push(problem(
                "melee_casualties.per_strength",
                0,
                "must be at least 1",
            ));
        }
    }

    /// OPERATIONS COSTS TABLE: four columns in every row, costs of at least 1, Shiloh
    /// terrains only, and the notes' multipliers.
    fn check_operations(&self, p: &mut Vec<Problem>) {
        check_four("road".into(), self.road.len(), p);
        for (name, row) in [
            ("enter_higher_elevation", &self.enter_higher_elevation),
            ("enter_or_leave_enemy_zoc", &self.enter_or_leave_enemy_zoc),
            ("zoc_to_zoc", &self.zoc_to_zoc),
            ("change_to_column", &self.change_to_column),
            ("change_to_normal", &self.change_to_normal),
            ("fortify", &self.fortify),
            ("reorganize", &self.reorganize),
            ("melee_attacker", &self.melee_attacker),
            ("melee_defender", &self.melee_defender),
            ("fire_in_fire_phase", &self.fire_in_fire_phase),
        ] {
            check_four(name.into(), row.len(), p);
        }
        for (i, r) in self.op_rows.iter().enumerate() {
            check_four(format!("op_rows[{i}].costs"), r.costs.len(), p);
            for (j, c) in r.costs.iter().enumerate() {
                if let Cost::C(o, d) = c
                    && (*o == 0 || *d == 0)
                {
                    p.push(problem(
                        format!("op_rows[{i}].costs[{j}]"),
                        format!("{c:?}"),
                        "an OP cost is at least 1",
                    ));
                }
            }
            for t in &r.terrain {
                if !SHILOH_TERRAIN.contains(t) {
                    p.push(problem(
                        format!("op_rows[{i}].terrain"),
                        t.name(),
                        "not a Shiloh terrain",
                    ));
                }
            }
        }
        for (name, v) in [
            ("heavy_guns_multiplier", self.heavy_guns_multiplier),
            ("sunken_road_multiplier", self.sunken_road_multiplier),
            ("night_multiplier", self.night_multiplier),
            ("gunboat_per_square", self.gunboat_per_square),
        ] {
            if v == 0 {
                p.push(problem(name, 0, "must be at least 1"));
            }
        }
    }
}

/// A factor: 0 to 10, at most four decimal places.
fn check_factor(field: String, x: f64, p: &mut Vec<Problem>) {
    if !(x.is_finite() && (0.0..=10.0).contains(&x)) {
        p.push(problem(field, x, "a factor is 0 to 10"));
    } else if ((x * 10_000.0).round() - x * 10_000.0).abs() > 1e-6 {
        p.push(problem(
            field,
            x,
            "a factor has at most four decimal places",
        ));
    }
}

/// A fire and a melee factor.
fn check_fire_melee(name: &str, v: &FireMelee, p: &mut Vec<Problem>) {
    check_factor(format!("{name}.fire"), v.fire, p);
    check_factor(format!("{name}.melee"), v.melee, p);
}

/// An OP row gives the card's four columns.
fn check_four(name: String, n: usize, p: &mut Vec<Problem>) {
    if n != 4 {
        p.push(problem(
            name,
            n,
            "give four entries: INF./DIS. CAV., MTD. CAV., LIMB. ART., UNLIMB. ART.",
        ));
    }
}

fn default_ops_per_turn() -> u32 {
    16
}

fn default_attacks_per_turn() -> Option<u32> {
    Some(1)
}
