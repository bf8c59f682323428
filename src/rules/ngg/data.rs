//! The NGG 1812 combat numbers as data: `assets/rules/ngg1812.ron`, embedded in the binary as
//! the default and overridable by a player's own file. Everything is checked when read.

use serde::{Deserialize, Serialize};

use crate::rules::map::{Feature, Terrain};
use crate::rules::scenario::Problem;
use crate::rules::tables::problem;
use crate::rules::unit::Class;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    pub ruleset: String,
    pub edition: String,
    /// 3.3.
    pub cf_per_undisrupted_unit: i32,
    /// 3.3.
    pub occupancy: Occupancy,
    /// 4.1.
    pub hex_capacity: f64,
    /// 11.3 / 11.6.
    pub combined_arms_two_types: i32,
    pub combined_arms_three_types: i32,
    /// 11.2 bullet 3.
    pub halved_divisor: i32,
    pub quartered_divisor: i32,
    /// 11.4 and 11.5's footnote.
    pub terrain: TerrainMods,
    /// 11.5 / 11.7.
    pub support_commander_bonus: i32,
    /// 11.15, by die face 1 to 6.
    pub loser_hits_adjustment: Vec<i32>,
    /// 11.12 first bullet.
    pub forced_withdrawal_margin: i32,
    /// 11.9.
    pub tie_hits: u32,
    /// 11.16.
    pub pursuit_hits: u32,
    /// 11.11.
    pub withdrawal: WithdrawalRules,
    /// 11.19.
    pub commander_escape: CommanderEscape,
    /// 13.1 Cossack activity at the end of each game turn (`None`: not played).
    #[serde(default)]
    pub cossacks: Option<Cossacks>,
    /// Movement (`rules::movement::table`); a file without the section uses the built-in one.
    #[serde(default = "builtin_movement")]
    pub movement: crate::rules::movement::table::MoveTables,
    /// The sequence of play (`rules::sequence`); a file without it plays the built-in one.
    #[serde(default = "builtin_sequence")]
    pub sequence: crate::rules::sequence::Sequence,
    /// What the computer players are told (`rules::tables::ComputerPlay`); none: their own
    /// defaults.
    #[serde(default)]
    pub computer: Option<crate::rules::tables::ComputerPlay>,
}

/// 13.1: the Cossack roll against lone French units.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cossacks {
    /// A die showing this or more is a hit.
    pub hit_on: u8,
    /// From this game turn on, `hit_on_late` instead.
    pub late_from: u32,
    pub hit_on_late: u8,
    /// Terrain where no roll is made (cities).
    pub safe_terrains: Vec<Terrain>,
    pub source: String,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Occupancy {
    pub veteran: f64,
    pub line: f64,
    pub conscript: f64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainMods {
    pub river_stack: i32,
    pub river_support: i32,
    pub fortified_without_artillery_stack: i32,
    pub fortified_without_artillery_support: i32,
    pub fortified_with_artillery_stack: i32,
    pub fortified_with_artillery_support: i32,
    pub difficult_stack: i32,
    pub difficult_support: i32,
    pub difficult_terrains: Vec<Terrain>,
    pub fortified_terrains: Vec<Terrain>,
    pub river_features: Vec<Feature>,
    pub bridge_features: Vec<Feature>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WithdrawalRules {
    pub difficult_terrains: Vec<Terrain>,
    pub russian_may_enter: Vec<Terrain>,
    pub russian_side_names: Vec<String>,
}

impl WithdrawalRules {
    /// Whether a scenario side of this name is the Russian one (`russian_side_names`,
    /// case-insensitive).
    pub fn is_russian(&self, side_name: &str) -> bool {
        self.russian_side_names
            .iter()
            .any(|n| n.eq_ignore_ascii_case(side_name))
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommanderEscape {
    pub eliminated_on: Vec<u8>,
    pub range: u32,
}

/// Half-OF units (OF 1½ is 3 halves), so capacity sums stay exact.
fn halves(v: f64) -> Option<u32> {
    let h = v * 2.0;
    (v.is_finite() && (0.0..=100.0).contains(&v) && h.fract() == 0.0).then_some(h as u32)
}

impl Tables {
    /// The occupancy factor of a class, in halves.
    pub fn of_halves(&self, class: Class) -> u32 {
        let v = match class {
            Class::Veteran => self.occupancy.veteran,
            Class::Line => self.occupancy.line,
            Class::Conscript => self.occupancy.conscript,
        };
        halves(v).unwrap_or(0)
    }

    pub fn capacity_halves(&self) -> u32 {
        halves(self.hex_capacity).unwrap_or(0)
    }

    /// 11.15's adjustment for a die face.
    pub fn loser_adjustment(&self, face: u8) -> i32 {
        self.loser_hits_adjustment
            .get(usize::from(face.clamp(1, 6)) - 1)
            .copied()
            .unwrap_or(0)
    }

    /// Every problem in the tables (field, value, why).
    pub fn check(&mut self) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.ruleset != "ngg1812" {
            out.push(problem(
                "ruleset",
                format!("{:?}", self.ruleset),
                "this file is for ruleset \"ngg1812\"",
            ));
        }
        out.extend(self.movement.check("movement"));
        out.extend(self.computer.as_ref().and_then(|c| c.check()));
        for (at, why) in self.sequence.problems() {
            out.push(crate::rules::tables::problem(at, "", why));
        }
        self.check_pieces(&mut out);
        self.check_hits(&mut out);
        self.check_escape_and_cossacks(&mut out);
        self.check_modifiers(&mut out);
        out
    }

    /// 3.3, 4.1, 11.2 bullet 3: the CF, the occupancy factors, the hex capacity, the divisors.
    fn check_pieces(&self, out: &mut Vec<Problem>) {
        if !(0..=10).contains(&self.cf_per_undisrupted_unit) {
            out.push(problem(
                "cf_per_undisrupted_unit",
                self.cf_per_undisrupted_unit,
                "a CF is 0 to 10",
            ));
        }
        for (name, v) in [
            ("occupancy.veteran", self.occupancy.veteran),
            ("occupancy.line", self.occupancy.line),
            ("occupancy.conscript", self.occupancy.conscript),
            ("hex_capacity", self.hex_capacity),
        ] {
            if halves(v).is_none() {
                out.push(problem(name, v, "an OF is a multiple of 0.5 from 0 to 100"));
            }
        }
        for (name, v) in [
            ("halved_divisor", self.halved_divisor),
            ("quartered_divisor", self.quartered_divisor),
        ] {
            if !(1..=16).contains(&v) {
                out.push(problem(name, v, "a divisor is 1 to 16"));
            }
        }
    }

    /// 11.9, 11.12, 11.15, 11.16: the loser's die adjustments, the forced-withdrawal margin,
    /// the tie and pursuit hits.
    fn check_hits(&self, out: &mut Vec<Problem>) {
        if self.loser_hits_adjustment.len() != 6 {
            out.push(problem(
                "loser_hits_adjustment",
                format!("{:?}", self.loser_hits_adjustment),
                "one adjustment per die face: six entries",
            ));
        }
        for (i, v) in self.loser_hits_adjustment.iter().enumerate() {
            if !(-6..=6).contains(v) {
                out.push(problem(
                    format!("loser_hits_adjustment[{i}]"),
                    v,
                    "an adjustment is -6 to 6",
                ));
            }
        }
        if !(1..=20).contains(&self.forced_withdrawal_margin) {
            out.push(problem(
                "forced_withdrawal_margin",
                self.forced_withdrawal_margin,
                "a margin is 1 to 20",
            ));
        }
        for (name, v) in [
            ("tie_hits", self.tie_hits),
            ("pursuit_hits", self.pursuit_hits),
        ] {
            if v > 6 {
                out.push(problem(name, v, "at most 6 hits"));
            }
        }
    }

    /// 11.19 and 13.1: the commander escape roll and range, the Cossack roll.
    fn check_escape_and_cossacks(&self, out: &mut Vec<Problem>) {
        for (i, f) in self.commander_escape.eliminated_on.iter().enumerate() {
            if !(1..=6).contains(f) {
                out.push(problem(
                    format!("commander_escape.eliminated_on[{i}]"),
                    f,
                    "a die face is 1 to 6",
                ));
            }
        }
        if let Some(c) = &self.cossacks {
            for (name, v) in [
                ("cossacks.hit_on", c.hit_on),
                ("cossacks.hit_on_late", c.hit_on_late),
            ] {
                if !(1..=6).contains(&v) {
                    out.push(problem(name, v, "a die face is 1 to 6"));
                }
            }
        }
        if self.commander_escape.range > 50 {
            out.push(problem(
                "commander_escape.range",
                self.commander_escape.range,
                "a range is 0 to 50 hexes",
            ));
        }
    }

    /// 11.3-11.5, 11.7: the terrain, commander and combined-arms modifiers.
    fn check_modifiers(&self, out: &mut Vec<Problem>) {
        for (name, v) in [
            ("terrain.river_stack", self.terrain.river_stack),
            ("terrain.river_support", self.terrain.river_support),
            (
                "terrain.fortified_without_artillery_stack",
                self.terrain.fortified_without_artillery_stack,
            ),
            (
                "terrain.fortified_without_artillery_support",
                self.terrain.fortified_without_artillery_support,
            ),
            (
                "terrain.fortified_with_artillery_stack",
                self.terrain.fortified_with_artillery_stack,
            ),
            (
                "terrain.fortified_with_artillery_support",
                self.terrain.fortified_with_artillery_support,
            ),
            ("terrain.difficult_stack", self.terrain.difficult_stack),
            ("terrain.difficult_support", self.terrain.difficult_support),
            ("support_commander_bonus", self.support_commander_bonus),
            ("combined_arms_two_types", self.combined_arms_two_types),
            ("combined_arms_three_types", self.combined_arms_three_types),
        ] {
            if !(-20..=20).contains(&v) {
                out.push(problem(name, v, "a modifier is -20 to 20"));
            }
        }
    }
}

/// The built-in tables' `movement` section (for a player's file written before it existed).
fn builtin_movement() -> crate::rules::movement::table::MoveTables {
    crate::rules::movement::table::builtin_section(super::DEFAULT_TABLES)
}

/// The built-in tables' `sequence` section (for a player's file written before it existed).
fn builtin_sequence() -> crate::rules::sequence::Sequence {
    crate::rules::sequence::builtin_section(super::DEFAULT_TABLES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_tables_are_valid() {
        let mut t: Tables = crate::rules::scenario::from_ron(super::super::DEFAULT_TABLES).unwrap();
        assert!(t.check().is_empty(), "{:?}", t.check());
        assert_eq!(t.of_halves(Class::Line), 3);
        assert_eq!(t.capacity_halves(), 12);
        assert_eq!(t.loser_adjustment(1), -1);
        assert_eq!(t.loser_adjustment(6), 1);
    }
}
