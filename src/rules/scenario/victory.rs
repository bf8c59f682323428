//! The victory hexes: each a hex of the map, listed once, worth 1 to 10000 points, held at the
//! start by a side of the scenario.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::super::hex::Coord;
use super::super::unit::SideId;
use super::board::Board;
use super::{Check, ScenarioFile, VictoryHex, VictoryHexFile, quoted, side_named};

/// The victory hexes checked, and each hex's first entry: its index in `file.victory` and in
/// the list.
pub(super) type Victory = (Vec<VictoryHex>, HashMap<Coord, (usize, u32)>);

/// Check the victory hexes; `hex_side` gives the side in each hex at the start (the holder of
/// a victory hex that names none).
pub(super) fn check_victory(
    ck: &mut Check,
    file: &ScenarioFile,
    board: Board,
    hex_side: &HashMap<Coord, (SideId, usize)>,
) -> Victory {
    let mut victory: Vec<VictoryHex> = Vec::new();
    // Each hex's first entry: its index in `file.victory` and in `victory`.
    let mut victory_first: HashMap<Coord, (usize, u32)> = HashMap::new();
    for (i, v) in file.victory.iter().enumerate() {
        let f = |name: &str| format!("victory[{i}].{name}");
        let hex = board.hex(ck, f("hex"), &v.hex);
        if !(1..=10_000).contains(&v.points) {
            ck.bad(f("points"), v.points, "points are between 1 and 10000");
        }
        let holder = holder(ck, file, v, hex, hex_side, &f);
        if let Some(h) = hex {
            match victory_first.get(&h) {
                Some((first, _)) => ck.bad(
                    f("hex"),
                    quoted(&v.hex),
                    format!("this hex is listed twice (first as victory[{first}])"),
                ),
                None => {
                    victory_first.insert(h, (i, victory.len() as u32));
                }
            }
            victory.push(VictoryHex {
                hex: h,
                points: v.points.clamp(0, 10_000) as u32,
                name: v.name.clone().unwrap_or_else(|| v.hex.clone()),
                holder,
            });
        }
    }
    (victory, victory_first)
}

/// Who holds victory hex `v` (at `hex`) at the start: the side it names, else the side of
/// the units in it.
fn holder(
    ck: &mut Check,
    file: &ScenarioFile,
    v: &VictoryHexFile,
    hex: Option<Coord>,
    hex_side: &HashMap<Coord, (SideId, usize)>,
    f: &dyn Fn(&str) -> String,
) -> Option<SideId> {
    match &v.holder {
        None => hex.and_then(|h| hex_side.get(&h).map(|(s, _)| *s)),
        Some(name) => {
            let side = side_named(&file.sides, name);
            if side.is_none() {
                ck.bad(
                    f("holder"),
                    quoted(name),
                    format!("unknown side; the sides are {:?}", file.sides),
                );
            }
            side
        }
    }
}

/// The most strength a victory point for losses may stand for.
pub const MAX_PER: i64 = 1_000_000;

/// Victory points for the enemy's losses, as written in a scenario file (project addition,
/// optional): `victory_losses: [(side: "Union", per: 5, source: "…")]`: the side scores a point
/// for every `per` of the enemy's strength destroyed (strength points, men or manpower as the
/// rule system counts a unit's strength: [`crate::rules::game::Game::manpower_lost`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LossPointsFile {
    /// The side that scores.
    pub side: String,
    /// The enemy's strength destroyed that a point stands for.
    pub per: i64,
    /// Where it comes from (`[pub] …` or `[project default]`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
}

/// Checked victory points for losses.
#[derive(Clone, Debug, PartialEq)]
pub struct LossPoints {
    pub side: SideId,
    pub per: u32,
    pub source: String,
}

impl LossPoints {
    /// "Union: a victory point for every 5 of the enemy's strength destroyed" (`sides`: the
    /// scenario's).
    pub fn describe(&self, sides: &[String]) -> String {
        let name = sides.get(self.side.0 as usize).map_or("?", String::as_str);
        format!(
            "{name}: a victory point for every {} of the enemy's strength destroyed",
            self.per
        )
    }
}

/// Check the scenario's victory points for losses: each entry's side, once, and its `per`.
pub(super) fn check_loss_points(ck: &mut Check, file: &ScenarioFile) -> Vec<LossPoints> {
    let mut out: Vec<LossPoints> = Vec::new();
    for (i, l) in file.victory_losses.iter().enumerate() {
        let f = |name: &str| format!("victory_losses[{i}].{name}");
        let side = side_named(&file.sides, &l.side);
        if side.is_none() {
            ck.bad(
                f("side"),
                quoted(&l.side),
                format!("not a side of the scenario ({})", file.sides.join(", ")),
            );
        }
        if !(1..=MAX_PER).contains(&l.per) {
            ck.bad(
                f("per"),
                l.per,
                format!("a point stands for 1 to {MAX_PER} of the enemy's strength destroyed"),
            );
        }
        if let Some(s) = side {
            if let Some(j) = out.iter().position(|o| o.side == s) {
                ck.bad(
                    f("side"),
                    quoted(&l.side),
                    format!("this side is listed twice (first as victory_losses[{j}])"),
                );
            } else if (1..=MAX_PER).contains(&l.per) {
                out.push(LossPoints {
                    side: s,
                    per: l.per as u32,
                    source: l.source.clone(),
                });
            }
        }
    }
    out
}
