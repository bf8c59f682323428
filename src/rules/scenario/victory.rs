//! The victory hexes: each a hex of the map, listed once, worth 1 to 10000 points, held at the
//! start by a side of the scenario.

use std::collections::HashMap;

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
