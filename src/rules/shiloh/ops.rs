//! Operations points (OP): the card's OPERATIONS COSTS TABLE, its special actions and notes.
//!
//! The card's map is a square grid with eight directions; its parenthesised costs price the
//! four diagonal directions (2, 4, 6, 8), whose step covers about 1.41 times the distance of
//! an orthogonal one. Shiloh scenarios in this project play on the hex map: every hex has six
//! neighbours at the same distance, so no hex step is diagonal and every move pays the
//! orthogonal (unparenthesised) cost. [`terrain_cost`] still takes `diagonal` so the whole
//! table is encoded and tested.
//!
//! One step into a hex costs, in this order:
//! 1. gunboats: 1 per hex (note), nothing else below;
//! 2. the entered hex's terrain row for the unit's column, or, when the hexside crossed
//!    carries a road, the unit is in column or mounted mode (or limbered artillery, the table's
//!    Roads row) and, for infantry, is a demibrigade (note [1]): the road rate, 1, or 2 when the
//!    entered hex is a ravine (note);
//! 3. sunken road entered in normal or dismounted mode: doubled (note);
//! 4. entering a higher hex: +1 / +1 / +2 / P;
//! 5. heavy guns (the card's unit 107): steps 2-4 tripled ("including elevation");
//! 6. enemy ZOC: entering or leaving +2 / +1 / +3 / P; from an enemy ZOC hex straight into
//!    another +5 / +3 / +7 / P instead, and only into a hex a friendly unit occupies (note [2]);
//! 7. night turns: the step's whole cost doubled.
//!
//! A ZOC is "the squares next to a unit": every hex adjacent to an enemy combat unit.

use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::map::{RouteKind, Terrain};
use crate::rules::ruleset::MoveCost;
use crate::rules::unit::{Mode, SideId, Unit, UnitIdx, UnitKind};

use super::data::{Act, Cost, Tables};

/// The card's four OP columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// INF. / DIS. CAV.
    InfDisCav = 0,
    /// MTD. CAV.
    MtdCav = 1,
    /// LIMB. ART.
    LimbArt = 2,
    /// UNLIMB. ART.
    UnlimbArt = 3,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::InfDisCav => "inf./dis. cav.",
            Class::MtdCav => "mtd. cav.",
            Class::LimbArt => "limb. art.",
            Class::UnlimbArt => "unlimb. art.",
        }
    }
}

/// The OP column of a unit (none for leaders, wagons and gunboats).
pub fn class_of(u: &Unit) -> Option<Class> {
    match u.kind {
        UnitKind::Infantry => Some(Class::InfDisCav),
        UnitKind::Cavalry if u.mode == Mode::Mounted => Some(Class::MtdCav),
        UnitKind::Cavalry => Some(Class::InfDisCav),
        UnitKind::Artillery if u.mode == Mode::Limbered => Some(Class::LimbArt),
        UnitKind::Artillery => Some(Class::UnlimbArt),
        _ => None,
    }
}

/// The table's cost to enter `terrain` (`None`: P, prohibited).
pub fn terrain_cost(t: &Tables, terrain: Terrain, class: Class, diagonal: bool) -> Option<u32> {
    match t.op_row(terrain)?.costs[class as usize] {
        Cost::C(o, d) => Some(if diagonal { d } else { o }),
        Cost::P => None,
    }
}

/// The Roads row (`None`: P).
pub fn road_cost(t: &Tables, class: Class, diagonal: bool) -> Option<u32> {
    match t.road[class as usize] {
        Cost::C(o, d) => Some(if diagonal { d } else { o }),
        Cost::P => None,
    }
}

/// Whether a unit gets the road rate (note: column or mounted mode; Roads row: limbered
/// artillery; note [1]: infantry only as a demibrigade).
pub fn road_mode(u: &Unit) -> bool {
    match u.kind {
        UnitKind::Infantry => u.mode == Mode::Column && u.demibrigade,
        UnitKind::Cavalry => matches!(u.mode, Mode::Column | Mode::Mounted),
        UnitKind::Artillery => u.mode == Mode::Limbered,
        _ => false,
    }
}

/// Whether `hex` is next to a combat unit of a side other than `side`.
pub fn in_enemy_zoc(game: &Game, hex: Coord, side: SideId) -> bool {
    hex.neighbors().into_iter().any(|n| {
        game.units_at(n).iter().any(|&x| {
            let u = game.unit(x);
            u.side != side && u.is_combat()
        })
    })
}

fn act(a: Act) -> Result<u32, &'static str> {
    match a {
        Act::N(n) => Ok(n),
        Act::P => Err("P (prohibited)"),
        Act::NA => Err("N/A (not applicable)"),
    }
}

/// The OP cost of moving `unit` along `path` (hexes after its start). `None` for units the card
/// does not price (leaders, wagons).
pub fn move_cost(t: &Tables, game: &Game, ui: UnitIdx, path: &[Coord]) -> Option<MoveCost> {
    let u = game.unit(ui);
    let start = u.hex?;
    let map = game.map();
    let night = game.scenario.is_night(game.turn);
    let nm = if night { t.night_multiplier } else { 1 };
    let mut lines = Vec::new();
    let mut total = Some(0u32);
    let mut prev = start;
    if u.kind == UnitKind::Gunboat {
        for &c in path {
            let step = t.gunboat_per_square * nm;
            lines.push(format!(
                "{} gunboat: {}{}",
                game.label(c),
                t.gunboat_per_square,
                if night { " x2 night" } else { "" }
            ));
            total = total.map(|x| x + step);
        }
        return Some(MoveCost { total, lines });
    }
    let class = class_of(u)?;
    for &c in path {
        let terrain = map.terrain(c).unwrap_or(Terrain::Clear);
        let mut parts = vec![format!("{} {}", game.label(c), terrain.name())];
        let mut step: Option<u32> = None;
        let road = map.side_between(prev, c).route(RouteKind::Road) && road_mode(u);
        let base = if road {
            if terrain == Terrain::Ravine {
                parts.push(format!("road into a ravine {}", t.road_in_ravine));
                Some(t.road_in_ravine)
            } else {
                let r = road_cost(t, class, false);
                parts.push(format!("road {}", r.map_or("P".into(), |v| v.to_string())));
                r
            }
        } else {
            let r = terrain_cost(t, terrain, class, false);
            parts.push(format!(
                "{} {}",
                class.name(),
                r.map_or("P".into(), |v| v.to_string())
            ));
            r
        };
        if let Some(mut b) = base {
            if terrain == Terrain::SunkenRoad && matches!(u.mode, Mode::Normal | Mode::Dismounted) {
                b *= t.sunken_road_multiplier;
                parts.push(format!(
                    "sunken road in {} mode x{}",
                    u.mode.name(),
                    t.sunken_road_multiplier
                ));
            }
            let mut ok = true;
            if map.elevation(c) > map.elevation(prev) {
                match act(t.enter_higher_elevation[class as usize]) {
                    Ok(e) => {
                        b += e;
                        parts.push(format!("higher elevation +{e}"));
                    }
                    Err(why) => {
                        ok = false;
                        parts.push(format!("higher elevation {why}"));
                    }
                }
            }
            if ok && u.heavy_guns {
                b *= t.heavy_guns_multiplier;
                parts.push(format!("heavy guns x{}", t.heavy_guns_multiplier));
            }
            let (zf, zt) = (
                in_enemy_zoc(game, prev, u.side),
                in_enemy_zoc(game, c, u.side),
            );
            if ok && (zf || zt) {
                let friendly = game
                    .units_at(c)
                    .iter()
                    .any(|&x| x != ui && game.unit(x).side == u.side);
                let (row, what) = if zf && zt {
                    (t.zoc_to_zoc[class as usize], "enemy ZOC to enemy ZOC")
                } else if zt {
                    (
                        t.enter_or_leave_enemy_zoc[class as usize],
                        "enter enemy ZOC",
                    )
                } else {
                    (
                        t.enter_or_leave_enemy_zoc[class as usize],
                        "leave enemy ZOC",
                    )
                };
                if zf && zt && !friendly {
                    ok = false;
                    parts.push(format!(
                        "{what}: prohibited, the hex holds no friendly unit (note [2])"
                    ));
                } else {
                    match act(row) {
                        Ok(z) => {
                            b += z;
                            parts.push(format!("{what} +{z}"));
                        }
                        Err(why) => {
                            ok = false;
                            parts.push(format!("{what} {why}"));
                        }
                    }
                }
            }
            if ok {
                if night {
                    b *= t.night_multiplier;
                    parts.push(format!("night x{}", t.night_multiplier));
                }
                step = Some(b);
            }
        }
        match step {
            Some(s) => {
                lines.push(format!("{}: {s}", parts.join(", ")));
                total = total.map(|x| x + s);
            }
            None => {
                lines.push(format!("{}: prohibited", parts.join(", ")));
                total = None;
            }
        }
        prev = c;
    }
    Some(MoveCost { total, lines })
}

/// The card's SPECIAL ACTIONS other than movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Change mode to column, mounted or limbered [4].
    ChangeToColumn,
    /// Change mode to normal, dismounted or unlimbered [3].
    ChangeToNormal,
    Fortify,
    Reorganize,
    MeleeAttacker,
    MeleeDefender,
    FireInFirePhase,
}

/// Where a special action is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionCtx {
    pub terrain: Terrain,
    pub in_enemy_zoc: bool,
    pub night: bool,
}

/// The OP cost of a special action, or why it cannot be taken.
pub fn special_action_cost(
    t: &Tables,
    class: Class,
    action: Action,
    ctx: ActionCtx,
) -> Result<u32, String> {
    let row = match action {
        Action::ChangeToColumn => &t.change_to_column,
        Action::ChangeToNormal => &t.change_to_normal,
        Action::Fortify => &t.fortify,
        Action::Reorganize => &t.reorganize,
        Action::MeleeAttacker => &t.melee_attacker,
        Action::MeleeDefender => &t.melee_defender,
        Action::FireInFirePhase => &t.fire_in_fire_phase,
    };
    let mut cost =
        act(row[class as usize]).map_err(|w| format!("{} {action:?}: {w}", class.name()))?;
    let change = matches!(action, Action::ChangeToColumn | Action::ChangeToNormal);
    if change
        && matches!(class, Class::LimbArt | Class::UnlimbArt)
        && ctx.terrain == Terrain::Ravine
    {
        return Err("artillery units cannot change mode in a ravine square (note [3])".into());
    }
    if action == Action::ChangeToColumn {
        if t.woods.contains(&ctx.terrain) {
            cost = t.change_to_column_in_woods;
        }
        if ctx.in_enemy_zoc {
            cost += t.change_mode_enemy_zoc_extra;
        }
    }
    if ctx.night {
        cost *= t.night_multiplier;
    }
    Ok(cost)
}

/// A unit's special action where it stands, on the game's current turn.
pub fn unit_action_cost(
    t: &Tables,
    game: &Game,
    ui: UnitIdx,
    action: Action,
) -> Result<u32, String> {
    let u = game.unit(ui);
    let hex = u.hex.ok_or("the unit is not on the map")?;
    let class = class_of(u).ok_or("the card prices no special actions for this unit")?;
    let ctx = ActionCtx {
        terrain: game.map().terrain(hex).unwrap_or(Terrain::Clear),
        in_enemy_zoc: in_enemy_zoc(game, hex, u.side),
        night: game.scenario.is_night(game.turn),
    };
    special_action_cost(t, class, action, ctx)
}
