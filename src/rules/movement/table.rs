//! Movement rules as data: the `movement: (...)` section of a rule system's tables file
//! (GCACW, GBACW, NGG 1812; Shiloh prices steps with its card's operations table instead) and
//! the procedure that reads it.
//!
//! One step into a hex costs, in this order:
//! 1. a unit whose status has a `status` row moves by that row (GBACW: routed units move one
//!    hex whatever the terrain);
//! 2. across a hexside a `routes` row's route traverses (and the unit may use): that route's
//!    cost (the best of several), in place of the terrain's; otherwise the entered hex's
//!    `terrain` row (`P`: prohibited). Terrains in `route_only` may be entered or left only
//!    along a route;
//! 3. each `hexsides` row whose feature lies on the hexside crossed, unless a feature of its
//!    `unless` list lies there too or (with `unless_route`) a route traverses it: its cost is
//!    added (`P`: prohibited);
//! 4. a friendly-occupied hex entered: `stacking.enter_friendly` added; `stacking.max_units`
//!    and the rule system's own capacity checked;
//! 5. rain: rows may carry a `rain` cost used in rain turns; night: `night.multiplier`;
//! 6. enemy zones of control (`zoc`): entering one (`enter`: `Stop` ends the move there, or a
//!    cost), leaving one (`leave`), moving from one straight into another (`to_zoc`); a
//!    restricted ZOC counts or not by `restricted_counts`.
//!
//! Rows are read in order and the first that applies wins; `kinds` limits a row to unit kinds
//! (empty: all). Every row carries its `source`: `[pub]` public material, `[obs]` seen in a
//! published replay, `[project default]` a choice a player who owns the rules should check.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::game::Game;
use crate::rules::map::{Feature, HexsideInfo, RouteKind, Terrain, Weather};
use crate::rules::points::{Allowance, Mp};
use crate::rules::ruleset::{Movement, StepCost, StepQuery};
use crate::rules::scenario::Problem;
use crate::rules::tables::problem;
use crate::rules::unit::UnitIdx;
use crate::rules::unit::{Status, Unit, UnitKind};

/// A cost in a tables file: points (`C(1)`, `C(0.5)`) or prohibited (`P`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Cost {
    C(f64),
    P,
}

impl Cost {
    fn mp(self) -> Option<Mp> {
        match self {
            Cost::C(x) => Mp::from_f64(x),
            Cost::P => None,
        }
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mp() {
            Some(m) => write!(f, "{m}"),
            None => f.write_str("P"),
        }
    }
}

/// The allowance of the unit kinds it names.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AllowanceRow {
    #[serde(default)]
    pub kinds: Vec<UnitKind>,
    pub points: f64,
    /// With a forced march (NGG 1812 8.4), up to this many.
    #[serde(default)]
    pub forced: Option<f64>,
    pub source: String,
}

/// A rolled allowance (GCACW's march): `dice` d6 (per kind) plus the first modifier row that
/// fits the marching units' side and kinds.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollSpec {
    /// Dice per kind of mover: the first row naming a kind every marching unit has; `dice`
    /// otherwise.
    pub dice: u8,
    #[serde(default)]
    pub dice_by_kind: Vec<DiceRow>,
    /// Side and kind modifiers; a leader among the marchers makes it a leader's march.
    pub modifiers: Vec<RollModifier>,
    /// The allowance is never below this.
    #[serde(default)]
    pub min: f64,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceRow {
    pub kinds: Vec<UnitKind>,
    pub dice: u8,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollModifier {
    /// The side's name as the scenario gives it (`None`: any side).
    #[serde(default)]
    pub side: Option<String>,
    /// Whether this row is for a leader's march (a leader among the marchers).
    #[serde(default)]
    pub leader: bool,
    pub modifier: i32,
    pub source: String,
}

/// How a status moves (GBACW's routed units).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusRow {
    pub status: Status,
    /// Hexes it may move in a turn, whatever the terrain.
    pub hexes: u32,
    /// It may not enter an enemy zone of control.
    #[serde(default)]
    pub no_enemy_zoc: bool,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    pub terrain: Vec<Terrain>,
    #[serde(default)]
    pub kinds: Vec<UnitKind>,
    pub cost: Cost,
    /// The cost in rain turns (the same when left out).
    #[serde(default)]
    pub rain: Option<Cost>,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteRow {
    pub routes: Vec<RouteKind>,
    #[serde(default)]
    pub kinds: Vec<UnitKind>,
    pub cost: Cost,
    #[serde(default)]
    pub rain: Option<Cost>,
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideRow {
    pub features: Vec<Feature>,
    #[serde(default)]
    pub kinds: Vec<UnitKind>,
    /// Added to the step (`P`: the hexside may not be crossed).
    pub cost: Cost,
    #[serde(default)]
    pub rain: Option<Cost>,
    /// Features on the same hexside that cancel this row (a bridge over the river).
    #[serde(default)]
    pub unless: Vec<Feature>,
    /// A route across the hexside cancels this row (its bridge is part of the route).
    #[serde(default)]
    pub unless_route: bool,
    pub source: String,
}

/// What an enemy zone of control does to a move.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ZocEffect {
    /// No effect.
    Free,
    /// The move ends in the hex entered.
    Stop,
    /// Costs this much more.
    Cost(f64),
    /// May not be done.
    Prohibited,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZocMoveRules {
    /// Entering a hex in an enemy ZOC.
    pub enter: ZocEffect,
    /// Leaving a hex in an enemy ZOC.
    pub leave: ZocEffect,
    /// From a hex in an enemy ZOC straight into another (instead of enter + leave when set).
    #[serde(default)]
    pub to_zoc: Option<ZocEffect>,
    /// Whether a restricted ZOC (GCACW: across a woods hexside) counts for movement.
    #[serde(default)]
    pub restricted_counts: bool,
    pub source: String,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackingRules {
    /// Added to the cost of entering (or passing through) a hex friendly units hold.
    #[serde(default)]
    pub enter_friendly: Option<f64>,
    /// Most units in a hex, movers included (`None`: no limit here).
    #[serde(default)]
    pub max_units: Option<u32>,
    #[serde(default)]
    pub source: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NightRules {
    pub multiplier: u32,
    pub source: String,
}

/// The `movement` section of a tables file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveTables {
    /// What the points are called in messages: "MP", "hexes".
    pub points: String,
    pub allowance: Vec<AllowanceRow>,
    #[serde(default)]
    pub roll: Option<RollSpec>,
    /// A unit may always move one hex, even when that step costs more than it has (its whole
    /// move).
    #[serde(default)]
    pub minimum_one_hex: Option<String>,
    /// A unit makes one move a turn (NGG 1812 8.3); its partial moves do not add up.
    #[serde(default)]
    pub one_move_per_turn: Option<String>,
    #[serde(default)]
    pub status: Vec<StatusRow>,
    pub terrain: Vec<TerrainRow>,
    /// Terrains entered or left only along a route.
    #[serde(default)]
    pub route_only: Vec<Terrain>,
    #[serde(default)]
    pub routes: Vec<RouteRow>,
    #[serde(default)]
    pub hexsides: Vec<HexsideRow>,
    pub zoc: ZocMoveRules,
    #[serde(default)]
    pub stacking: StackingRules,
    #[serde(default)]
    pub night: Option<NightRules>,
    /// Attacks a unit may make in a turn (`None`: no limit).
    pub attacks_per_turn: Option<u32>,
    /// The limit counts each attack type apart (fire and melee).
    #[serde(default)]
    pub attacks_by_type: bool,
    pub attacks_source: String,
}

/// The `movement` section of a built-in tables file (for a player's file written before the
/// section existed: its tables take the built-in one).
pub fn builtin_section(text: &str) -> MoveTables {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Only {
        movement: MoveTables,
    }
    crate::rules::scenario::from_ron::<Only>(text)
        .map(|o| o.movement)
        .expect("the built-in tables have a valid movement section")
}

fn kinds_fit(kinds: &[UnitKind], k: UnitKind) -> bool {
    kinds.is_empty() || kinds.contains(&k)
}

/// A cost in points is a non-negative number in steps of 1/60.
fn cost_ok(p: &mut Vec<Problem>, field: String, c: Cost) {
    if let Cost::C(x) = c
        && Mp::from_f64(x).is_none()
    {
        p.push(problem(
            field,
            x,
            "a cost is a non-negative number of points in steps of 1/60",
        ));
    }
}

/// A row's cost: its `rain` cost in rain turns (when it has one), its `cost` otherwise.
fn in_weather(rain: bool, cost: Cost, rain_cost: Option<Cost>) -> Cost {
    if rain {
        rain_cost.unwrap_or(cost)
    } else {
        cost
    }
}

impl MoveTables {
    /// Every problem in the section, fields named from `at` (e.g. `movement`).
    pub fn check(&self, at: &str) -> Vec<Problem> {
        let mut p = Vec::new();
        self.check_costs(at, &mut p);
        self.check_allowances(at, &mut p);
        self.check_roll(at, &mut p);
        self.check_effects(at, &mut p);
        self.check_kinds(at, &mut p);
        p
    }

    /// The costs (and rain costs) of the terrain, route and hexside rows.
    fn check_costs(&self, at: &str, p: &mut Vec<Problem>) {
        let mut row = |field: String, cost: Cost, rain: Option<Cost>| {
            cost_ok(p, format!("{field}.cost"), cost);
            if let Some(c) = rain {
                cost_ok(p, format!("{field}.rain"), c);
            }
        };
        for (i, r) in self.terrain.iter().enumerate() {
            row(format!("{at}.terrain[{i}]"), r.cost, r.rain);
        }
        for (i, r) in self.routes.iter().enumerate() {
            row(format!("{at}.routes[{i}]"), r.cost, r.rain);
        }
        for (i, r) in self.hexsides.iter().enumerate() {
            row(format!("{at}.hexsides[{i}]"), r.cost, r.rain);
        }
    }

    /// The allowances, and a forced march allowing at least the ordinary one.
    fn check_allowances(&self, at: &str, p: &mut Vec<Problem>) {
        for (i, r) in self.allowance.iter().enumerate() {
            cost_ok(p, format!("{at}.allowance[{i}].points"), Cost::C(r.points));
            if let Some(f) = r.forced {
                cost_ok(p, format!("{at}.allowance[{i}].forced"), Cost::C(f));
                if f < r.points {
                    p.push(problem(
                        format!("{at}.allowance[{i}].forced"),
                        f,
                        "a forced march allows at least the ordinary allowance",
                    ));
                }
            }
        }
    }

    /// The rolled allowance: its minimum and 1 to 4 dice.
    fn check_roll(&self, at: &str, p: &mut Vec<Problem>) {
        let Some(r) = &self.roll else {
            return;
        };
        cost_ok(p, format!("{at}.roll.min"), Cost::C(r.min));
        if !(1..=4).contains(&r.dice) {
            p.push(problem(format!("{at}.roll.dice"), r.dice, "1 to 4 dice"));
        }
        for (i, d) in r.dice_by_kind.iter().enumerate() {
            if !(1..=4).contains(&d.dice) {
                p.push(problem(
                    format!("{at}.roll.dice_by_kind[{i}].dice"),
                    d.dice,
                    "1 to 4 dice",
                ));
            }
        }
    }

    /// The zone of control costs, the cost of entering a friendly hex, the night multiplier.
    fn check_effects(&self, at: &str, p: &mut Vec<Problem>) {
        for (name, e) in [
            ("enter", Some(self.zoc.enter)),
            ("leave", Some(self.zoc.leave)),
        ]
        .into_iter()
        .chain([("to_zoc", self.zoc.to_zoc)])
        {
            if let Some(ZocEffect::Cost(x)) = e {
                cost_ok(p, format!("{at}.zoc.{name}"), Cost::C(x));
            }
        }
        if let Some(x) = self.stacking.enter_friendly {
            cost_ok(p, format!("{at}.stacking.enter_friendly"), Cost::C(x));
        }
        if let Some(n) = &self.night
            && n.multiplier == 0
        {
            p.push(problem(
                format!("{at}.night.multiplier"),
                0,
                "a multiplier is at least 1",
            ));
        }
    }

    /// Every kind has an allowance (unless the allowance is rolled).
    fn check_kinds(&self, at: &str, p: &mut Vec<Problem>) {
        for k in [
            UnitKind::Infantry,
            UnitKind::Cavalry,
            UnitKind::Artillery,
            UnitKind::Leader,
            UnitKind::Wagon,
            UnitKind::Gunboat,
        ] {
            if self.roll.is_none() && !self.allowance.iter().any(|r| kinds_fit(&r.kinds, k)) {
                p.push(problem(
                    format!("{at}.allowance"),
                    k.name(),
                    "no allowance row for this unit kind",
                ));
            }
        }
    }

    fn terrain_cost(&self, t: Terrain, k: UnitKind, rain: bool) -> Option<(Cost, &str)> {
        self.terrain
            .iter()
            .find(|r| r.terrain.contains(&t) && kinds_fit(&r.kinds, k))
            .map(|r| (in_weather(rain, r.cost, r.rain), r.source.as_str()))
    }

    /// The rolled allowance of units marching together (their kinds and side name).
    pub fn roll_for(&self, side: &str, kinds: &[UnitKind]) -> Option<(u8, i32, Mp)> {
        let r = self.roll.as_ref()?;
        let leader = kinds.contains(&UnitKind::Leader);
        let movers: Vec<UnitKind> = kinds
            .iter()
            .copied()
            .filter(|k| *k != UnitKind::Leader)
            .collect();
        let dice = r
            .dice_by_kind
            .iter()
            .find(|d| !movers.is_empty() && movers.iter().all(|k| d.kinds.contains(k)))
            .map_or(r.dice, |d| d.dice);
        let modifier = r
            .modifiers
            .iter()
            .find(|m| m.side.as_deref().is_none_or(|s| s == side) && m.leader == leader)
            .map_or(0, |m| m.modifier);
        Some((dice, modifier, Mp::from_f64(r.min).unwrap_or(Mp::ZERO)))
    }
}

impl MoveTables {
    fn status_row(&self, u: &Unit) -> Option<&StatusRow> {
        self.status.iter().find(|r| r.status == u.status)
    }
}

/// The provenance mark a source starts with (`[pub]`, `[project default]`), for short lines.
pub fn tag(source: &str) -> &str {
    match (source.starts_with('['), source.find(']')) {
        (true, Some(i)) => &source[..=i],
        _ => source,
    }
}

/// The scenario's surprise share of a unit's points on its turns (`surprise.points_percent`;
/// the rule systems whose profile plays the surprise: the scenario check refuses it in the
/// others): whole points, rounded down; all of them when it is not surprised.
fn surprise_share(game: &Game, u: UnitIdx) -> impl Fn(Mp) -> Mp {
    let unit = game.unit(u);
    let pct = game
        .scenario
        .surprised(u, unit.side, game.turn)
        .map_or(100, |s| s.points_percent);
    move |p: Mp| {
        if pct >= 100 {
            p
        } else {
            Mp::whole(p.0 / Mp::SCALE * pct / 100)
        }
    }
}

fn say(why: &mut Option<&mut Vec<String>>, line: impl FnOnce() -> String) {
    if let Some(w) = why.as_deref_mut() {
        w.push(line());
    }
}

/// The data-driven movement of GCACW, GBACW and NGG 1812: the section is its own procedure.
impl Movement for MoveTables {
    fn allowance(&self, game: &Game, unit: UnitIdx) -> Allowance {
        let idx = unit;
        if game.rules.held(game, idx).is_some() {
            return Allowance::Fixed {
                points: Mp::ZERO,
                forced: None,
            };
        }
        let unit = game.unit(unit);
        if let Some(r) = self.status_row(unit) {
            return Allowance::Fixed {
                points: Mp::whole(r.hexes),
                forced: None,
            };
        }
        if self.roll.is_some() {
            let side = game.scenario.side_name(unit.side);
            if let Some((dice, modifier, min)) = self.roll_for(side, &[unit.kind]) {
                return Allowance::Roll {
                    dice,
                    modifier,
                    min,
                };
            }
        }
        let row = self
            .allowance
            .iter()
            .find(|r| kinds_fit(&r.kinds, unit.kind));
        let share = surprise_share(game, idx);
        Allowance::Fixed {
            points: share(row.and_then(|r| Mp::from_f64(r.points)).unwrap_or(Mp::ZERO)),
            forced: row.and_then(|r| r.forced).and_then(Mp::from_f64).map(share),
        }
    }

    fn allowance_source(&self, game: &Game, unit: UnitIdx) -> String {
        let idx = unit;
        if let Some(why) = game.rules.held(game, idx) {
            return why;
        }
        let unit = game.unit(unit);
        if let Some(r) = self.status_row(unit) {
            return r.source.clone();
        }
        if let Some(r) = &self.roll {
            let _ = game;
            return r.source.clone();
        }
        let source = self
            .allowance
            .iter()
            .find(|r| kinds_fit(&r.kinds, unit.kind))
            .map_or(String::new(), |r| r.source.clone());
        match game
            .scenario
            .surprised(idx, unit.side, game.turn)
            .filter(|s| s.points_percent < 100)
        {
            Some(s) => format!("{source}; {}", s.describe()),
            None => source,
        }
    }

    fn points_name(&self) -> &'static str {
        if self.points == "hexes" {
            "hexes"
        } else {
            "MP"
        }
    }

    fn attacks_per_turn(&self) -> Option<u32> {
        self.attacks_per_turn
    }

    fn attacks_source(&self) -> String {
        self.attacks_source.clone()
    }

    fn attacks_by_type(&self) -> bool {
        self.attacks_by_type
    }

    fn march_roll(&self, game: &Game, units: &[&Unit]) -> Option<(u8, i32, Mp, String)> {
        let (d, m, min) = roll_for_units(self, game, units)?;
        Some((
            d,
            m,
            min,
            self.roll
                .as_ref()
                .map_or(String::new(), |r| r.source.clone()),
        ))
    }

    fn minimum_one_hex(&self) -> Option<String> {
        self.minimum_one_hex.clone()
    }

    fn one_move_per_turn(&self) -> Option<String> {
        self.one_move_per_turn.clone()
    }

    fn price(&self, q: &StepQuery, mut why: Option<&mut Vec<String>>) -> Result<StepCost, String> {
        let s = Step::new(self, q);
        let why = &mut why;
        // 1. A status that moves by hexes.
        if let Some(r) = self.status_row(q.unit) {
            return status_step(&s, r, why);
        }
        // 2. Route or terrain.
        let cost = self.route_or_terrain(&s, why)?;
        // 3. Hexside features.
        let cost = self.hexsides_crossed(&s, cost, why)?;
        // 4. Stacking.
        let cost = self.stacking_entered(&s, cost, why)?;
        // 5. Night.
        let cost = self.at_night(q, cost, why);
        // 6. Zones of control.
        self.zones_of_control(&s, cost, why)
    }
}

/// Where the line of a step's price goes (`None`: not explained).
type Why<'w, 'v> = &'w mut Option<&'v mut Vec<String>>;

/// What pricing one step reads: the query, the hexside crossed, the terrain entered, the
/// weather, and whether the enemy zones of control at both ends count.
struct Step<'q, 'a> {
    q: &'q StepQuery<'a>,
    side: &'a HexsideInfo,
    terrain: Terrain,
    rain: bool,
    zoc_from: bool,
    zoc_to: bool,
}

impl<'q, 'a> Step<'q, 'a> {
    fn new(t: &MoveTables, q: &'q StepQuery<'a>) -> Self {
        let map = q.game.map();
        let zoc_counts = |z: crate::rules::ruleset::ZocAt| match z.kind {
            Some(crate::rules::attack::ZocKind::Normal) => true,
            Some(crate::rules::attack::ZocKind::Restricted) => t.zoc.restricted_counts,
            None => false,
        };
        Step {
            q,
            side: map.side_ix(q.from_ix, q.dir),
            terrain: map.terrain_ix(q.to_ix),
            rain: q.weather == Weather::Rain,
            zoc_from: zoc_counts(q.zoc_from),
            zoc_to: zoc_counts(q.zoc_to),
        }
    }

    /// The label of the hex entered.
    fn label(&self) -> String {
        self.q.game.label(self.q.to)
    }

    /// A row's cost in this step's weather.
    fn weather_cost(&self, cost: Cost, rain: Option<Cost>) -> Cost {
        in_weather(self.rain, cost, rain)
    }
}

/// Step 1 of the price, a status that moves by hexes: one hex whatever the terrain, unless it
/// may not enter the enemy zone of control entered.
fn status_step(s: &Step, r: &StatusRow, why: Why) -> Result<StepCost, String> {
    let u = s.q.unit;
    if r.no_enemy_zoc && s.zoc_to {
        return Err(format!(
            "{}: a {} unit may not enter an enemy zone of control ({})",
            s.label(),
            u.status.name(),
            r.source
        ));
    }
    say(why, || {
        format!(
            "{}: {} unit, one hex whatever the terrain {}",
            s.label(),
            u.status.name(),
            tag(&r.source)
        )
    });
    Ok(StepCost {
        cost: Mp::whole(1),
        stop: false,
    })
}

impl MoveTables {
    /// Step 2 of the price: the cheapest route across the hexside the unit may use, else the
    /// terrain entered (which a `route_only` terrain, entered or left, forbids).
    fn route_or_terrain(&self, s: &Step, why: Why) -> Result<Mp, String> {
        if let Some((m, r)) = self.best_route(s) {
            say(why, || {
                let kinds: Vec<&str> = s.side.routes().map(|k| k.name()).collect();
                format!(
                    "{} along the {}: {m} {}",
                    s.label(),
                    kinds.join("/"),
                    tag(&r.source)
                )
            });
            return Ok(m);
        }
        let from_t = s.q.game.map().terrain_ix(s.q.from_ix);
        for (tt, what) in [(s.terrain, "entered"), (from_t, "left")] {
            if self.route_only.contains(&tt) {
                return Err(format!(
                    "{}: a {} hex is {what} only along a route",
                    s.label(),
                    tt.name()
                ));
            }
        }
        self.terrain_entered(s, why)
    }

    /// The cheapest `routes` row that fits the unit and a route across the hexside.
    fn best_route(&self, s: &Step) -> Option<(Mp, &RouteRow)> {
        self.routes
            .iter()
            .filter(|r| kinds_fit(&r.kinds, s.q.unit.kind) && s.side.route_any(&r.routes))
            .filter_map(|r| s.weather_cost(r.cost, r.rain).mp().map(|m| (m, r)))
            .min_by_key(|(m, _)| *m)
    }

    /// The terrain entered, by its `terrain` row (`P`: prohibited).
    fn terrain_entered(&self, s: &Step, why: Why) -> Result<Mp, String> {
        let (terrain, kind) = (s.terrain, s.q.unit.kind);
        let Some((c, src)) = self.terrain_cost(terrain, kind, s.rain) else {
            return Err(format!(
                "{}: the movement tables price no {} for {}",
                s.label(),
                terrain.name(),
                kind.name()
            ));
        };
        let Some(m) = c.mp() else {
            return Err(format!(
                "{}: {} is prohibited to {} ({src})",
                s.label(),
                terrain.name(),
                kind.name()
            ));
        };
        say(why, || {
            format!(
                "{} {}: {m}{} {}",
                s.label(),
                terrain.name(),
                if s.rain { " in rain" } else { "" },
                tag(src)
            )
        });
        Ok(m)
    }

    /// Step 3 of the price: each `hexsides` row whose feature lies on the hexside crossed (and
    /// nothing there cancels it) adds its cost (`P`: the hexside may not be crossed).
    fn hexsides_crossed(&self, s: &Step, mut cost: Mp, why: Why) -> Result<Mp, String> {
        let side = s.side;
        let routed = side.any_route();
        for r in &self.hexsides {
            if !kinds_fit(&r.kinds, s.q.unit.kind) || !side.has_any(&r.features) {
                continue;
            }
            if side.has_any(&r.unless) || (r.unless_route && routed) {
                continue;
            }
            let c = s.weather_cost(r.cost, r.rain);
            let names: Vec<&str> = r
                .features
                .iter()
                .filter(|f| side.has(**f))
                .map(|f| f.name())
                .collect();
            match c.mp() {
                Some(m) => {
                    cost = cost + m;
                    say(why, || {
                        format!("across a {}: +{m} {}", names.join("/"), tag(&r.source))
                    });
                }
                None => {
                    return Err(format!(
                        "{}: the {} hexside may not be crossed ({})",
                        s.label(),
                        names.join("/"),
                        r.source
                    ));
                }
            }
        }
        Ok(cost)
    }

    /// Step 4 of the price, into a hex friendly units hold: `stacking.enter_friendly` added,
    /// `stacking.max_units` checked.
    fn stacking_entered(&self, s: &Step, mut cost: Mp, why: Why) -> Result<Mp, String> {
        let friends = s.q.friends_at_to;
        if friends.is_empty() {
            return Ok(cost);
        }
        let st = &self.stacking;
        if let Some(x) = st.enter_friendly.and_then(Mp::from_f64)
            && x > Mp::ZERO
        {
            cost = cost + x;
            say(why, || {
                format!("into a hex friendly units hold: +{x} {}", tag(&st.source))
            });
        }
        if let Some(max) = st.max_units
            && friends.len() as u32 + 1 > max
        {
            return Err(format!(
                "{}: at most {max} units in a hex ({})",
                s.label(),
                st.source
            ));
        }
        Ok(cost)
    }

    /// Step 5 of the price: a night turn multiplies the cost by `night.multiplier`.
    fn at_night(&self, q: &StepQuery, cost: Mp, why: Why) -> Mp {
        if q.night
            && let Some(n) = &self.night
            && n.multiplier > 1
        {
            say(why, || {
                format!("night x{} {}", n.multiplier, tag(&n.source))
            });
            return cost.times(n.multiplier);
        }
        cost
    }

    /// Step 6 of the price, enemy zones of control: leaving one, entering one, or from one
    /// straight into another (`to_zoc`) stop the move there, cost more, or are prohibited.
    fn zones_of_control(&self, s: &Step, mut cost: Mp, why: Why) -> Result<StepCost, String> {
        let z = &self.zoc;
        let (zf, zt) = (s.zoc_from, s.zoc_to);
        let mut stop = false;
        let mut effects: Vec<(ZocEffect, &str)> = Vec::new();
        match (zf, zt, z.to_zoc) {
            (true, true, Some(e)) => {
                effects.push((e, "from an enemy zone of control into another"))
            }
            _ => {
                if zf {
                    effects.push((z.leave, "leaving an enemy zone of control"));
                }
                if zt {
                    effects.push((z.enter, "entering an enemy zone of control"));
                }
            }
        }
        for (e, what) in effects {
            match e {
                ZocEffect::Free => {}
                ZocEffect::Stop => {
                    stop = true;
                    say(why, || {
                        format!("{what}: the move ends here {}", tag(&z.source))
                    });
                }
                ZocEffect::Cost(x) => {
                    let m = Mp::from_f64(x).unwrap_or(Mp::ZERO);
                    cost = cost + m;
                    say(why, || format!("{what}: +{m} {}", tag(&z.source)));
                }
                ZocEffect::Prohibited => {
                    return Err(format!(
                        "{}: {what} is prohibited ({})",
                        s.label(),
                        z.source
                    ));
                }
            }
        }
        Ok(StepCost { cost, stop })
    }
}

/// The rolled allowance of units marching together, if the tables roll one.
pub fn roll_for_units(t: &MoveTables, game: &Game, units: &[&Unit]) -> Option<(u8, i32, Mp)> {
    let first = units.first()?;
    let side = game.scenario.side_name(first.side);
    let kinds: Vec<UnitKind> = units.iter().map(|u| u.kind).collect();
    t.roll_for(side, &kinds)
}
