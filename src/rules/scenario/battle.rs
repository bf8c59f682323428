//! Two rules of a particular battle as data (project additions, optional; old files load
//! unchanged): the **ferries** that bring a side's reinforcements across a river a limited
//! number of men (or units) a game turn, queued in order, stopped while the enemy holds the
//! landing; and the **surprise** of an army in its camps, which on the turns given has a share
//! of its points and may not attack in its own turn (it still defends). Checked here; played by
//! `rules::flow::reinforce` (ferries), `shiloh::control::points` and `rules::command` (surprise).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::super::hex::Coord;
use super::super::unit::{SideId, Unit, UnitIdx};
use super::board::Board;
use super::{Check, MAX_TURN, MAX_UNITS, Profiles, ScenarioFile, is_true, quoted, side_named, yes};

/// `ferries: [(name: "Buell's steamers", side: "Union", hex: "2408", men_per_turn: 4600,
/// source: "…")]`: the reinforcements of `side` that arrive at `hex` cross by this ferry, at
/// most `men_per_turn` men (the units' manpower; a leader has none) and `units_per_turn` units
/// a game turn (at least one of the two), in the order they are due.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FerryFile {
    pub name: String,
    pub side: String,
    pub hex: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub men_per_turn: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units_per_turn: Option<i64>,
    /// Where the capacity comes from (`[pub] …`, `[estimate: …]` or `[project default]`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
}

/// A checked ferry.
#[derive(Clone, Debug, PartialEq)]
pub struct Ferry {
    pub name: String,
    pub side: SideId,
    pub hex: Coord,
    pub men_per_turn: Option<u32>,
    pub units_per_turn: Option<u32>,
    pub source: String,
}

/// `surprise: (side: "Union", turns: [1], points_percent: 50, may_attack: false, source:
/// "…")`: on those game turns the side's units (or only `units`) have `points_percent` of
/// their points in each phase and, with `may_attack: false`, may not attack in their own
/// turn; attacks the rules make in the other side's turn (Shiloh's Final Defensive Fire) stay
/// open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SurpriseFile {
    pub side: String,
    pub turns: Vec<i64>,
    /// The surprised units' ids (none: every unit of the side).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<String>,
    #[serde(default = "hundred", skip_serializing_if = "is_hundred")]
    pub points_percent: i64,
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub may_attack: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
}

fn hundred() -> i64 {
    100
}

fn is_hundred(v: &i64) -> bool {
    *v == 100
}

/// A checked surprise.
#[derive(Clone, Debug, PartialEq)]
pub struct Surprise {
    pub side: SideId,
    /// Sorted, each once.
    pub turns: Vec<u32>,
    /// The surprised units (empty: every unit of the side).
    pub units: Vec<UnitIdx>,
    pub points_percent: u32,
    pub may_attack: bool,
    pub source: String,
}

impl Surprise {
    /// Whether unit `u` (of `side`) is surprised on game turn `turn`.
    pub fn applies(&self, u: UnitIdx, side: SideId, turn: u32) -> bool {
        side == self.side
            && self.turns.binary_search(&turn).is_ok()
            && (self.units.is_empty() || self.units.contains(&u))
    }

    /// "surprised (turns 1): 50% of its points, no attack in its own turn [source]".
    pub fn describe(&self) -> String {
        let turns: Vec<String> = self.turns.iter().map(u32::to_string).collect();
        let mut effects = Vec::new();
        if self.points_percent < 100 {
            effects.push(format!("{}% of its points", self.points_percent));
        }
        if !self.may_attack {
            effects.push("no attack in its own turn".to_string());
        }
        let mut s = format!(
            "surprised (the scenario's surprise, turn {}): {}",
            turns.join(", "),
            effects.join(", ")
        );
        if !self.source.is_empty() {
            s.push_str(&format!(" {}", self.source));
        }
        s
    }
}

/// A battle rule (`field`) only the rule systems whose profile `plays` it accept: "the
/// surprise is played by Shiloh, GBACW; the gcacw rules do not play it".
pub(super) fn check_played(
    ck: &mut Check,
    file: &ScenarioFile,
    profiles: Profiles,
    field: &str,
    plays: fn(&super::Profile) -> bool,
) {
    if profiles.get(&file.ruleset).is_some_and(plays) {
        return;
    }
    let whose: Vec<&str> = profiles
        .0
        .iter()
        .filter(|p| plays(p))
        .map(|p| p.name)
        .collect();
    ck.bad(
        field,
        "",
        format!(
            "the {field} is played by {}; the {} rules do not play it",
            whose.join(", "),
            file.ruleset
        ),
    );
}

/// The checked ferries and surprise.
pub(super) type Battle = (Vec<Ferry>, Option<Surprise>);

/// Check the ferries and the surprise; `ids` and `units` are the checked units (for the
/// surprise's unit ids and their sides).
pub(super) fn check_battle(
    ck: &mut Check,
    file: &ScenarioFile,
    profiles: Profiles,
    board: Board,
    ids: &HashMap<&str, usize>,
    units: &[Unit],
) -> Battle {
    let checked: Vec<(usize, Ferry)> = file
        .ferries
        .iter()
        .enumerate()
        .filter_map(|(i, f)| check_ferry(ck, file, board, i, f).map(|x| (i, x)))
        .collect();
    for (k, (i, f)) in checked.iter().enumerate() {
        if let Some((j, _)) = checked[..k]
            .iter()
            .find(|(_, g)| g.hex == f.hex && g.side == f.side)
        {
            ck.bad(
                format!("ferries[{i}].hex"),
                quoted(&file.ferries[*i].hex),
                format!(
                    "{} has a ferry at this hex already (ferries[{j}]): which would carry a unit?",
                    file.ferries[*i].side
                ),
            );
        }
    }
    let ferries = checked.into_iter().map(|(_, f)| f).collect();
    let surprise = file
        .surprise
        .as_ref()
        .and_then(|s| check_surprise(ck, file, profiles, s, ids, units));
    (ferries, surprise)
}

fn check_ferry(
    ck: &mut Check,
    file: &ScenarioFile,
    board: Board,
    i: usize,
    f: &FerryFile,
) -> Option<Ferry> {
    let at = |name: &str| format!("ferries[{i}].{name}");
    if f.name.trim().is_empty() {
        ck.bad(
            at("name"),
            quoted(&f.name),
            "a ferry has a name (for the log)",
        );
    }
    let side = side_named(&file.sides, &f.side);
    if side.is_none() {
        ck.bad(
            at("side"),
            quoted(&f.side),
            format!("not a side of the scenario ({})", file.sides.join(", ")),
        );
    }
    let hex = board.hex(ck, at("hex"), &f.hex);
    let mut per_turn = |name: &str, v: Option<i64>, max: i64| -> Option<u32> {
        let v = v?;
        if (1..=max).contains(&v) {
            Some(v as u32)
        } else {
            ck.bad(at(name), v, format!("out of range: 1 to {max} a game turn"));
            None
        }
    };
    let men = per_turn("men_per_turn", f.men_per_turn, 1_000_000);
    let count = per_turn("units_per_turn", f.units_per_turn, MAX_UNITS as i64);
    if f.men_per_turn.is_none() && f.units_per_turn.is_none() {
        ck.bad(
            at("men_per_turn"),
            "",
            "give the ferry's capacity: men_per_turn, units_per_turn or both",
        );
    }
    Some(Ferry {
        name: f.name.clone(),
        side: side?,
        hex: hex?,
        men_per_turn: men,
        units_per_turn: count,
        source: f.source.clone(),
    })
}

fn check_surprise(
    ck: &mut Check,
    file: &ScenarioFile,
    profiles: Profiles,
    s: &SurpriseFile,
    ids: &HashMap<&str, usize>,
    units: &[Unit],
) -> Option<Surprise> {
    check_played(ck, file, profiles, "surprise", |p| p.surprise.is_some());
    let side = side_named(&file.sides, &s.side);
    if side.is_none() {
        ck.bad(
            "surprise.side",
            quoted(&s.side),
            format!("not a side of the scenario ({})", file.sides.join(", ")),
        );
    }
    let turns = surprise_turns(ck, s);
    let members = surprise_units(ck, s, side, ids, units);
    if !(0..=100).contains(&s.points_percent) {
        ck.bad(
            "surprise.points_percent",
            s.points_percent,
            "out of range: 0 to 100 (percent of the units' points)",
        );
    } else if s.points_percent == 100 && s.may_attack {
        ck.bad(
            "surprise",
            "",
            "this surprise does nothing: give points_percent below 100, may_attack: false, or both",
        );
    }
    Some(Surprise {
        side: side?,
        turns,
        units: members,
        points_percent: s.points_percent.clamp(0, 100) as u32,
        may_attack: s.may_attack,
        source: s.source.clone(),
    })
}

/// The surprise's game turns: at least one, each 1 to [`MAX_TURN`]; sorted, each once.
fn surprise_turns(ck: &mut Check, s: &SurpriseFile) -> Vec<u32> {
    if s.turns.is_empty() {
        ck.bad(
            "surprise.turns",
            "[]",
            "name the turns of the surprise (e.g. [1])",
        );
    }
    let mut turns = Vec::new();
    for (i, t) in s.turns.iter().enumerate() {
        if (1..=MAX_TURN).contains(t) {
            turns.push(*t as u32);
        } else {
            ck.bad(
                format!("surprise.turns[{i}]"),
                t,
                format!("out of range: turns are counted from 1 to {MAX_TURN}"),
            );
        }
    }
    turns.sort_unstable();
    turns.dedup();
    turns
}

/// The surprised units: each a unit of the scenario, of the surprised side.
fn surprise_units(
    ck: &mut Check,
    s: &SurpriseFile,
    side: Option<SideId>,
    ids: &HashMap<&str, usize>,
    units: &[Unit],
) -> Vec<UnitIdx> {
    let mut out = Vec::new();
    for (i, id) in s.units.iter().enumerate() {
        let at = format!("surprise.units[{i}]");
        match ids.get(id.as_str()) {
            None => ck.bad(at, quoted(id), "no unit has this id"),
            Some(&k) if side.is_some_and(|sd| units.get(k).is_some_and(|u| u.side != sd)) => {
                ck.bad(at, quoted(id), format!("not a unit of {}", s.side))
            }
            Some(&k) => out.push(UnitIdx(k as u32)),
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
