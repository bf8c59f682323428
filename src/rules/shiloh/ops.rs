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
//!    Roads row) and, for infantry, is a demibrigade (note \[1\]): the road rate, 1, or 2 when the
//!    entered hex is a ravine (note);
//! 3. sunken road entered in normal or dismounted mode: doubled (note);
//! 4. entering a higher hex: +1 / +1 / +2 / P;
//! 5. heavy guns (the card's unit 107): steps 2-4 tripled ("including elevation");
//! 6. enemy ZOC: entering or leaving +2 / +1 / +3 / P; from an enemy ZOC hex straight into
//!    another +5 / +3 / +7 / P instead, and only into a hex a friendly unit occupies (note \[2\]);
//! 7. night turns: the step's whole cost doubled.
//!
//! A ZOC is "the squares next to a unit": every hex adjacent to an enemy combat unit.

use crate::rules::attack::MoveCost;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::map::{RouteKind, Terrain};
use crate::rules::points::Mp;
use crate::rules::ruleset::StepQuery;
use crate::rules::unit::{Mode, SideId, UnitIdx, UnitKind};

use super::data::{Act, Cost, Tables};
use super::state::{Su, su};

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
pub fn class_of(u: Su) -> Option<Class> {
    match u.kind {
        UnitKind::Infantry => Some(Class::InfDisCav),
        UnitKind::Cavalry if u.own.mode == Mode::Mounted => Some(Class::MtdCav),
        UnitKind::Cavalry => Some(Class::InfDisCav),
        UnitKind::Artillery if u.own.mode == Mode::Limbered => Some(Class::LimbArt),
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
/// artillery; note \[1\]: infantry only as a demibrigade).
pub fn road_mode(u: Su) -> bool {
    match u.kind {
        UnitKind::Infantry => u.own.mode == Mode::Column && u.own.demibrigade,
        UnitKind::Cavalry => matches!(u.own.mode, Mode::Column | Mode::Mounted),
        UnitKind::Artillery => u.own.mode == Mode::Limbered,
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

/// A hex's label, formatted only when shown.
struct Label<'a>(&'a Game, Coord);

impl std::fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.label(self.1))
    }
}

/// The lines of a price, when asked for.
struct Why<'a>(Option<&'a mut Vec<String>>);

impl Why<'_> {
    /// Push a line, formatted only when lines are asked for: the planners price thousands of
    /// steps a decision.
    fn say(&mut self, line: std::fmt::Arguments) {
        if let Some(w) = self.0.as_deref_mut() {
            w.push(std::fmt::format(line));
        }
    }
}

/// The OP cost of one step (`q.unit` entering `q.to` from the adjacent `q.from`), in the order
/// of the module's list; with `why`, each part of the price is pushed as a line. `Err` says
/// why the step is prohibited. Leaders, which the card does not price, ride: they pay the
/// mounted-cavalry column [project default: not on the card]; wagons are not Shiloh units.
pub fn price_step(t: &Tables, q: &StepQuery, why: Option<&mut Vec<String>>) -> Result<u32, String> {
    let u = su(q.game, q.idx);
    let map = q.game.map();
    let night = q.night;
    // The hex's label is only formatted when shown.
    let label = Label(q.game, q.to);
    let mut why = Why(why);
    if u.kind == UnitKind::Gunboat {
        let step = t.gunboat_per_square * if night { t.night_multiplier } else { 1 };
        why.say(format_args!(
            "{label} gunboat: {}{} (card note)",
            t.gunboat_per_square,
            if night { " x2 night" } else { "" }
        ));
        return Ok(step);
    }
    let class = match class_of(u) {
        Some(c) => c,
        None if u.kind == UnitKind::Leader => Class::MtdCav,
        None => {
            return Err(format!(
                "{label}: the card prices no {} units",
                u.kind.name()
            ));
        }
    };
    let terrain = map.terrain_ix(q.to_ix);
    let mut b = terrain_or_road(t, q, class, terrain, &label, &mut why)?;
    if terrain == Terrain::SunkenRoad && matches!(u.own.mode, Mode::Normal | Mode::Dismounted) {
        b *= t.sunken_road_multiplier;
        why.say(format_args!(
            "sunken road in {} mode x{} (card note)",
            u.own.mode.name(),
            t.sunken_road_multiplier
        ));
    }
    if map.elevation_ix(q.to_ix) > map.elevation_ix(q.from_ix) {
        b += higher_elevation(t, class, &label, &mut why)?;
    }
    if u.own.heavy_guns {
        b *= t.heavy_guns_multiplier;
        why.say(format_args!(
            "heavy guns x{} (card note: unit 107)",
            t.heavy_guns_multiplier
        ));
    }
    b += enemy_zoc(t, q, class, &label, &mut why)?;
    if night {
        b *= t.night_multiplier;
        why.say(format_args!("night x{} (card note)", t.night_multiplier));
    }
    Ok(b)
}

/// Step 2: the entered hex's terrain row, or the road rate when the hexside crossed carries a
/// road and the unit moves by road (notes \[1\] and "2 operations points to enter a road in a
/// ravine").
fn terrain_or_road(
    t: &Tables,
    q: &StepQuery,
    class: Class,
    terrain: Terrain,
    label: &Label,
    why: &mut Why,
) -> Result<u32, String> {
    let road = q
        .game
        .map()
        .side_ix(q.from_ix, q.dir)
        .route(RouteKind::Road)
        && road_mode(su(q.game, q.idx));
    if !road {
        return match terrain_cost(t, terrain, class, false) {
            Some(r) => {
                why.say(format_args!(
                    "{label} {}, {}: {r} (card OP table)",
                    terrain.name(),
                    class.name()
                ));
                Ok(r)
            }
            None => Err(format!(
                "{label}: {}, {}: P (card OP table: prohibited)",
                terrain.name(),
                class.name()
            )),
        };
    }
    if terrain == Terrain::Ravine {
        why.say(format_args!(
            "{label} road into a ravine: {} (card note)",
            t.road_in_ravine
        ));
        return Ok(t.road_in_ravine);
    }
    match road_cost(t, class, false) {
        Some(r) => {
            why.say(format_args!(
                "{label} road, {}: {r} (card Roads [1])",
                class.name()
            ));
            Ok(r)
        }
        None => Err(format!("{label}: road, {}: P (card Roads)", class.name())),
    }
}

/// Step 4: "Enter higher elevation".
fn higher_elevation(t: &Tables, class: Class, label: &Label, why: &mut Why) -> Result<u32, String> {
    match act(t.enter_higher_elevation[class as usize]) {
        Ok(e) => {
            why.say(format_args!("higher elevation +{e} (card special actions)"));
            Ok(e)
        }
        Err(w) => Err(format!(
            "{label}: higher elevation {w} (card special actions)"
        )),
    }
}

/// Step 6: "Enter or leave enemy ZOC", or "Move from enemy ZOC to enemy ZOC" into a hex a
/// friendly unit occupies (note \[2\]); 0 out of every enemy ZOC.
fn enemy_zoc(
    t: &Tables,
    q: &StepQuery,
    class: Class,
    label: &Label,
    why: &mut Why,
) -> Result<u32, String> {
    let (zf, zt) = (q.zoc_from.any(), q.zoc_to.any());
    if !(zf || zt) {
        return Ok(0);
    }
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
    if zf && zt && !q.friendly_at_to {
        return Err(format!(
            "{label}: {what} is prohibited: the hex holds no friendly unit (card note [2])"
        ));
    }
    match act(row) {
        Ok(z) => {
            why.say(format_args!("{what} +{z} (card special actions)"));
            Ok(z)
        }
        Err(w) => Err(format!("{label}: {what} {w} (card special actions)")),
    }
}

/// The OP cost of moving `unit` along `path` (hexes after its start), step by step.
pub fn move_cost(game: &Game, ui: UnitIdx, path: &[Coord]) -> MoveCost {
    let p = crate::rules::movement::price_path(game, ui, &[ui], path);
    let mut lines: Vec<String> = p
        .steps
        .iter()
        .map(|s| format!("{}: {}", s.lines.join(", "), s.cost))
        .collect();
    let total = match &p.refused {
        None => Some(p.total.0 / Mp::SCALE),
        Some((_, why)) => {
            lines.push(format!("{why}: prohibited"));
            None
        }
    };
    MoveCost { total, lines }
}

/// The card's SPECIAL ACTIONS other than movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Change mode to column, mounted or limbered \[4\].
    ChangeToColumn,
    /// Change mode to normal, dismounted or unlimbered \[3\].
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
    let u = su(game, ui);
    let hex = u.hex.ok_or("the unit is not on the map")?;
    let class = class_of(u).ok_or("the card prices no special actions for this unit")?;
    let ctx = ActionCtx {
        terrain: game.map().terrain(hex).unwrap_or(Terrain::Clear),
        in_enemy_zoc: in_enemy_zoc(game, hex, u.side),
        night: game.scenario.is_night(game.turn),
    };
    special_action_cost(t, class, action, ctx)
}
