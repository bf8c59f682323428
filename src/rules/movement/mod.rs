//! Movement: what a unit or a stack may still do this turn, written once for every rule system.
//!
//! A rule system prices one step ([`Movement::price`]: entering a hex from an adjacent one, with
//! the terrain, the hexside crossed, the route along it, the enemy zones of control at both
//! ends, the weather and the night) and says what a unit may spend in a turn
//! ([`Movement::allowance`]). Everything else is here and the same for every system:
//!
//! - [`reachable`]: every hex a unit or a stack can still reach this turn, with the cheapest
//!   path and its cost (Dijkstra over the map's hexes; a step that ends the move, such as
//!   entering an enemy zone of control where the rules say stop, is a leaf);
//! - [`price_path`]: the cost of a given path step by step, explained, for `validate` (which
//!   refuses a move that costs more than the unit has left, enters an enemy unit, breaks the ZOC
//!   rule or crosses a prohibited hexside), for the log and for the client's tooltip.
//!
//! Costs are [`Mp`]: movement (or operations) points in sixtieths, so halves and thirds are
//! exact. A stack moves at the pace of its slowest unit: each step costs it the most any of
//! its units pays, it stops where any must stop, and it may spend what its unit with the least
//! left has left [project default].

pub mod orders;
pub mod table;

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::game::Game;
use super::hex::{Coord, Dir};
use super::map::Weather;
use super::ruleset::ZocKind;
use super::unit::{SideId, Unit, UnitIdx};

/// Movement points, in sixtieths of a point.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Mp(pub u32);

impl Mp {
    /// Sixtieths per point.
    pub const SCALE: u32 = 60;
    pub const ZERO: Mp = Mp(0);
    /// More than any allowance: the cost of a step no budget pays.
    pub const INFINITE: Mp = Mp(u32::MAX);

    pub const fn whole(n: u32) -> Mp {
        Mp(n * Self::SCALE)
    }

    /// A number of points from a file (`1`, `0.5`, `1.5`): a non-negative multiple of 1/60.
    pub fn from_f64(x: f64) -> Option<Mp> {
        let s = x * Self::SCALE as f64;
        (x.is_finite() && x >= 0.0 && (s - s.round()).abs() < 1e-6 && s <= 1e9)
            .then(|| Mp(s.round() as u32))
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Self::SCALE as f64
    }

    pub fn saturating_sub(self, o: Mp) -> Mp {
        Mp(self.0.saturating_sub(o.0))
    }

    pub fn saturating_add(self, o: Mp) -> Mp {
        Mp(self.0.saturating_add(o.0))
    }

    /// Multiplied by a whole number.
    pub fn times(self, n: u32) -> Mp {
        Mp(self.0.saturating_mul(n))
    }
}

impl std::ops::Add for Mp {
    type Output = Mp;
    fn add(self, o: Mp) -> Mp {
        self.saturating_add(o)
    }
}

impl fmt::Display for Mp {
    /// `3`, `1 1/2`, `2/3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Mp::INFINITE {
            return f.write_str("∞");
        }
        let (whole, rest) = (self.0 / Self::SCALE, self.0 % Self::SCALE);
        if rest == 0 {
            return write!(f, "{whole}");
        }
        let g = gcd(rest, Self::SCALE);
        let (n, d) = (rest / g, Self::SCALE / g);
        if whole == 0 {
            write!(f, "{n}/{d}")
        } else {
            write!(f, "{whole} {n}/{d}")
        }
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// What a unit may spend in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Allowance {
    /// A fixed number of points. `forced`: more, by a forced march (NGG 1812 8.4), which the
    /// move marks on the unit.
    Fixed { points: Mp, forced: Option<Mp> },
    /// Rolled when the unit first marches in a turn (`Command::March`): `dice` d6 plus
    /// `modifier` (GCACW), at least `min`.
    Roll { dice: u8, modifier: i32, min: Mp },
}

impl Allowance {
    /// The most it can be (a roll of all sixes; a forced march).
    pub fn max(self) -> Mp {
        match self {
            Allowance::Fixed { points, forced } => forced.unwrap_or(points).max(points),
            Allowance::Roll {
                dice,
                modifier,
                min,
            } => Mp::whole((6 * dice as i32 + modifier).max(0) as u32).max(min),
        }
    }
}

/// Where the mover stands in an enemy zone of control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ZocAt {
    /// The strongest enemy ZOC reaching the hex (`Normal` over `Restricted`), if any.
    pub kind: Option<ZocKind>,
}

impl ZocAt {
    pub fn any(self) -> bool {
        self.kind.is_some()
    }
}

/// One step for a rule system to price: `unit` enters `to` from the adjacent `from`.
pub struct StepQuery<'a> {
    pub game: &'a Game,
    pub unit: &'a Unit,
    pub from: Coord,
    pub to: Coord,
    /// Map indices of `from` and `to`, and the direction of the step (0..6, N..NW).
    pub from_ix: usize,
    pub to_ix: usize,
    pub dir: usize,
    /// Enemy zones of control at both ends.
    pub zoc_from: ZocAt,
    pub zoc_to: ZocAt,
    /// Whether a friendly unit (other than the movers) stands in `to`.
    pub friendly_at_to: bool,
    /// The friendly units standing in `to` (not the movers), for stacking rules.
    pub friends_at_to: &'a [UnitIdx],
    /// The weather and whether the turn is a night turn.
    pub weather: Weather,
    pub night: bool,
}

/// The price of one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepCost {
    pub cost: Mp,
    /// The move ends in `to` (e.g. entering an enemy ZOC where the rules say stop).
    pub stop: bool,
}

/// How a rule system limits movement. Numbers come from its tables file; this is the procedure
/// that reads them.
pub trait Movement: Send + Sync + fmt::Debug {
    /// What `unit` may spend in a turn (before a scenario's per-unit `movement`, which wins).
    fn allowance(&self, game: &Game, unit: &Unit) -> Allowance;
    /// The cost of a step, or why it is prohibited. With `why`, each part of the price is
    /// pushed as a line (`"0604 woods: 2"`, `"enter enemy ZOC: stop [rule]"`); the search
    /// passes `None` and must get the same answer.
    fn price(&self, q: &StepQuery, why: Option<&mut Vec<String>>) -> Result<StepCost, String>;
    /// How many attacks a unit may make in a turn (`None`: no limit; NGG 1812 counts and
    /// halves repeated combats instead, 11.2).
    fn attacks_per_turn(&self) -> Option<u32>;
    /// Whether the limit counts each attack type apart (GBACW, Shiloh: a unit may fire and
    /// melee in one turn) or all together.
    fn attacks_by_type(&self) -> bool {
        false
    }
    /// Why attacks are limited so (the tables' source), for messages.
    fn attacks_source(&self) -> String {
        String::new()
    }
    /// The unit's name for points in messages: "MP" (movement points), "OP" (operations).
    fn points_name(&self) -> &'static str {
        "MP"
    }
    /// The allowance roll of units marching together (`Command::March`): dice, modifier,
    /// minimum and the rule; `None` where allowances are not rolled.
    fn march_roll(&self, _game: &Game, _units: &[&Unit]) -> Option<(u8, i32, Mp, String)> {
        None
    }
    /// A unit may always move one hex (its whole move), whatever that step costs: the rule.
    fn minimum_one_hex(&self) -> Option<String> {
        None
    }
    /// A unit makes one move a turn (its partial moves do not add up): the rule.
    fn one_move_per_turn(&self) -> Option<String> {
        None
    }
    /// What an attack by `unit` costs in points (Shiloh: the card's fire and melee OPs), or
    /// why it may not attack so; `Ok(ZERO)` where attacks cost nothing.
    fn attack_cost(
        &self,
        _game: &Game,
        _unit: &Unit,
        _kind: super::ruleset::AttackType,
        _out_of_turn: bool,
    ) -> Result<Mp, String> {
        Ok(Mp::ZERO)
    }
    /// The rules the tables cite for the allowance, for the inspector and `musket moves`.
    fn allowance_source(&self, _game: &Game, _unit: &Unit) -> String {
        String::new()
    }
}

/// Whether a game enforces movement (a scenario's `movement` field, the menu's toggle,
/// `--free-movement`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Enforcement {
    /// Moves and attacks beyond the rules are refused.
    #[default]
    Enforced,
    /// Costs are shown and logged but nothing is refused (for players who enforce printed
    /// rules Musket does not have).
    Free,
}

/// What the searches of one game state share: each side's enemy zones of control per hex and
/// which side holds each hex. Build once per state (the computer opponent asks thousands of
/// times).
#[derive(Clone, Debug)]
pub struct MoveContext {
    /// `zoc[s][i]`: the strongest ZOC of side `s`'s enemies in map hex `i` (0 none, 1
    /// restricted, 2 normal).
    zoc: [Vec<u8>; 2],
    /// The side holding each map hex (255: empty).
    holder: Vec<u8>,
}

const EMPTY: u8 = 255;

impl MoveContext {
    pub fn new(game: &Game) -> MoveContext {
        let n = game.map().len();
        let mut zoc = [vec![0u8; n], vec![0u8; n]];
        let zm = game.rules.zoc(game);
        for (i, z) in zoc[0].iter_mut().enumerate() {
            *z = strongest(
                zm.at_index(i)
                    .iter()
                    .filter(|e| game.unit(e.unit).side != SideId(0)),
            );
        }
        for (i, z) in zoc[1].iter_mut().enumerate() {
            *z = strongest(
                zm.at_index(i)
                    .iter()
                    .filter(|e| game.unit(e.unit).side != SideId(1)),
            );
        }
        let mut holder = vec![EMPTY; n];
        for u in &game.units {
            if let Some(i) = u.hex.and_then(|h| game.map().index(h)) {
                holder[i] = u.side.0;
            }
        }
        MoveContext { zoc, holder }
    }

    /// The enemy ZOC `side` meets in map hex `i`.
    pub fn zoc_for(&self, side: SideId, i: usize) -> ZocAt {
        ZocAt {
            kind: match self.zoc[(side.0 as usize).min(1)].get(i) {
                Some(2) => Some(ZocKind::Normal),
                Some(1) => Some(ZocKind::Restricted),
                _ => None,
            },
        }
    }

    /// The side holding map hex `i`, if any unit is there.
    pub fn holder(&self, i: usize) -> Option<SideId> {
        match self.holder.get(i) {
            Some(&EMPTY) | None => None,
            Some(&s) => Some(SideId(s)),
        }
    }
}

fn strongest<'a>(entries: impl Iterator<Item = &'a super::ruleset::ZocEntry>) -> u8 {
    entries
        .map(|e| match e.kind {
            ZocKind::Normal => 2,
            ZocKind::Restricted => 1,
        })
        .max()
        .unwrap_or(0)
}

/// The enemy ZOC `side` meets in `hex`, computed on its own (for one path; searches use a
/// [`MoveContext`]).
pub fn zoc_at(game: &Game, side: SideId, hex: Coord) -> ZocAt {
    let entries = game.rules.zoc_at(game, hex);
    ZocAt {
        kind: match strongest(entries.iter().filter(|e| game.unit(e.unit).side != side)) {
            2 => Some(ZocKind::Normal),
            1 => Some(ZocKind::Restricted),
            _ => None,
        },
    }
}

/// What a unit has this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// What the unit may spend this turn in all (`None`: its allowance is a roll not made yet).
    pub total: Option<Mp>,
    /// What is left of it.
    pub left: Option<Mp>,
    /// Of `total`, the part only a forced march may use (NGG 1812): spending past
    /// `total - forced` marks the unit force-marched.
    pub forced: Mp,
}

/// What `u` may still spend this turn.
pub fn budget(game: &Game, u: UnitIdx) -> Budget {
    let unit = game.unit(u);
    let one_move_made =
        unit.spent > Mp::ZERO && game.rules.movement().one_move_per_turn().is_some();
    if unit.stopped || one_move_made {
        return Budget {
            total: Some(unit.spent),
            left: Some(Mp::ZERO),
            forced: Mp::ZERO,
        };
    }
    let (total, forced) = match unit.movement {
        Some(m) => (Some(m), Mp::ZERO),
        None => match game.rules.movement().allowance(game, unit) {
            Allowance::Fixed { points, forced } => {
                let f = forced.unwrap_or(points).max(points);
                (Some(f), f.saturating_sub(points))
            }
            Allowance::Roll { .. } => (unit.march, Mp::ZERO),
        },
    };
    Budget {
        total,
        left: total.map(|t| t.saturating_sub(unit.spent)),
        forced,
    }
}

/// The most a stack may spend this turn: the least any of its units has left (`None` if a unit
/// still has to roll its allowance).
pub fn stack_left(game: &Game, units: &[UnitIdx]) -> Option<Mp> {
    units
        .iter()
        .map(|u| budget(game, *u).left)
        .try_fold(Mp::INFINITE, |acc, l| l.map(|l| acc.min(l)))
}

/// Every hex a stack can reach: cost and the hex before it on the cheapest path.
#[derive(Clone, Debug)]
pub struct Reach {
    pub origin: Coord,
    /// The budget searched with.
    pub budget: Mp,
    /// Per map hex: the cheapest cost (`Mp::INFINITE` if not reached), the map index of the
    /// hex before it, and whether the move must end there.
    cost: Vec<Mp>,
    parent: Vec<u32>,
    stop: Vec<bool>,
    /// Reached hexes in the order they were settled (cheapest first), the origin first.
    order: Vec<u32>,
    width: usize,
}

impl Reach {
    /// The reached hexes (the origin first, then by cost).
    pub fn hexes(&self) -> impl Iterator<Item = ReachedHex> + '_ {
        self.order.iter().map(|&i| self.at_index(i as usize))
    }

    fn at_index(&self, i: usize) -> ReachedHex {
        ReachedHex {
            index: i,
            cost: self.cost[i],
            stop: self.stop[i],
        }
    }

    /// The cost of reaching `hex` (map index), if reached.
    pub fn cost_ix(&self, i: usize) -> Option<Mp> {
        self.cost.get(i).copied().filter(|c| *c != Mp::INFINITE)
    }

    /// The cost of reaching `c`, if reached.
    pub fn cost(&self, game: &Game, c: Coord) -> Option<Mp> {
        game.map().index(c).and_then(|i| self.cost_ix(i))
    }

    /// Whether the move must end at `c` (reached into an enemy ZOC that stops it, …).
    pub fn stops(&self, game: &Game, c: Coord) -> bool {
        game.map().index(c).is_some_and(|i| self.stop[i])
    }

    /// The cheapest path to `c` (hexes after the origin), if reached.
    pub fn path(&self, game: &Game, c: Coord) -> Option<Vec<Coord>> {
        let map = game.map();
        let mut i = map.index(c)?;
        self.cost_ix(i)?;
        let mut out = Vec::new();
        let origin = map.index(self.origin)?;
        while i != origin {
            out.push(map.coord(i));
            i = self.parent[i] as usize;
        }
        out.reverse();
        Some(out)
    }

    /// How many hexes were reached (the origin included).
    pub fn len(&self) -> usize {
        self.order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Label width of the map (for printing).
    pub fn label_width(&self) -> usize {
        self.width
    }
}

/// A reached hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReachedHex {
    pub index: usize,
    pub cost: Mp,
    pub stop: bool,
}

/// Every hex the units (one stack, all in one hex) can reach this turn within `budget` (their
/// [`stack_left`] when `None`; a roll not made yet counts as its largest result), with the
/// cheapest path. Enemy-held hexes are never entered; each step is priced by the rule system.
pub fn reachable(
    game: &Game,
    ctx: &MoveContext,
    units: &[UnitIdx],
    budget: Option<Mp>,
) -> Option<Reach> {
    let first = *units.first()?;
    let origin = game.unit(first).hex?;
    if units.iter().any(|u| game.unit(*u).hex != Some(origin)) {
        return None;
    }
    let budget = budget
        .or_else(|| stack_left(game, units))
        .unwrap_or_else(|| {
            units
                .iter()
                .map(|u| {
                    let unit = game.unit(*u);
                    unit.movement
                        .unwrap_or_else(|| game.rules.movement().allowance(game, unit).max())
                        .saturating_sub(unit.spent)
                })
                .min()
                .unwrap_or(Mp::ZERO)
        });
    let map = game.map();
    let n = map.len();
    let side = game.unit(first).side;
    let mv = game.rules.movement();
    let oi = map.index(origin)?;
    let mut reach = Reach {
        origin,
        budget,
        cost: vec![Mp::INFINITE; n],
        parent: vec![u32::MAX; n],
        stop: vec![false; n],
        order: Vec::new(),
        width: map.label_width(),
    };
    let weather = game.weather();
    let night = game.scenario.is_night(game.turn);
    let movers: Vec<&Unit> = units.iter().map(|u| game.unit(*u)).collect();
    let first_step_free =
        mv.minimum_one_hex().is_some() && movers.iter().all(|u| u.spent == Mp::ZERO && !u.stopped);
    reach.cost[oi] = Mp::ZERO;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((Mp::ZERO, oi as u32)));
    let mut done = vec![false; n];
    while let Some(Reverse((c, i))) = heap.pop() {
        let i = i as usize;
        if done[i] {
            continue;
        }
        done[i] = true;
        reach.order.push(i as u32);
        if reach.stop[i] {
            continue;
        }
        let from = map.coord(i);
        let zoc_from = ctx.zoc_for(side, i);
        for d in 0..6 {
            let Some(j) = map.neighbor_ix(i, d) else {
                continue;
            };
            if done[j] {
                continue;
            }
            let holder = ctx.holder(j);
            if holder.is_some_and(|h| h != side) {
                continue;
            }
            let to = map.coord(j);
            let friends: &[UnitIdx] = if holder == Some(side) && j != oi {
                game.units_at(to)
            } else {
                &[]
            };
            let mut step = StepCost {
                cost: Mp::ZERO,
                stop: false,
            };
            let mut ok = true;
            for unit in &movers {
                let q = StepQuery {
                    game,
                    unit,
                    from,
                    to,
                    from_ix: i,
                    to_ix: j,
                    dir: d,
                    zoc_from,
                    zoc_to: ctx.zoc_for(side, j),
                    friendly_at_to: !friends.is_empty(),
                    friends_at_to: friends,
                    weather,
                    night,
                };
                match mv.price(&q, None) {
                    Ok(s) => {
                        step.cost = step.cost.max(s.cost);
                        step.stop |= s.stop;
                    }
                    Err(_) => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            let nc = c + step.cost;
            if nc > budget {
                // A unit that has not moved may always move one hex (GCACW): its whole move.
                if i == oi && first_step_free {
                    reach.cost[j] = nc;
                    reach.parent[j] = i as u32;
                    reach.stop[j] = true;
                    heap.push(Reverse((nc, j as u32)));
                }
                continue;
            }
            // Cheaper, or as cheap without having to stop.
            if nc < reach.cost[j] || (nc == reach.cost[j] && reach.stop[j] && !step.stop) {
                reach.cost[j] = nc;
                reach.parent[j] = i as u32;
                reach.stop[j] = step.stop;
                heap.push(Reverse((nc, j as u32)));
            }
        }
    }
    Some(reach)
}

/// One step of a priced path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PricedStep {
    pub to: Coord,
    pub cost: Mp,
    pub stop: bool,
    /// The parts of the price, e.g. `["0604 woods 2", "enter enemy ZOC: stop"]`.
    pub lines: Vec<String>,
}

/// A path priced step by step for one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PricedPath {
    pub steps: Vec<PricedStep>,
    pub total: Mp,
    /// The first step the rules refuse (its index and why), if any; the steps before it are
    /// priced.
    pub refused: Option<(usize, String)>,
}

/// Price `path` (hexes after the unit's hex) for unit `u` moving with `movers` (its stack, `u`
/// among them: they are not "friendly units" in the hexes entered), explained.
pub fn price_path(game: &Game, u: UnitIdx, movers: &[UnitIdx], path: &[Coord]) -> PricedPath {
    let unit = game.unit(u);
    let mut out = PricedPath {
        steps: Vec::new(),
        total: Mp::ZERO,
        refused: None,
    };
    let Some(mut at) = unit.hex else {
        return out;
    };
    let map = game.map();
    let mv = game.rules.movement();
    let weather = game.weather();
    let night = game.scenario.is_night(game.turn);
    let mut zoc_from = zoc_at(game, unit.side, at);
    for (k, &to) in path.iter().enumerate() {
        let (Some(i), Some(j), Some(dir)) = (map.index(at), map.index(to), at.direction_to(to))
        else {
            out.refused = Some((
                k,
                format!("{} is not next to {}", game.label(to), game.label(at)),
            ));
            return out;
        };
        let zoc_to = zoc_at(game, unit.side, to);
        let friends: Vec<UnitIdx> = game
            .units_at(to)
            .iter()
            .copied()
            .filter(|x| *x != u && !movers.contains(x) && game.unit(*x).side == unit.side)
            .collect();
        let q = StepQuery {
            game,
            unit,
            from: at,
            to,
            from_ix: i,
            to_ix: j,
            dir: dir.index(),
            zoc_from,
            zoc_to,
            friendly_at_to: !friends.is_empty(),
            friends_at_to: &friends,
            weather,
            night,
        };
        let mut lines = Vec::new();
        match mv.price(&q, Some(&mut lines)) {
            Ok(s) => {
                out.total = out.total + s.cost;
                out.steps.push(PricedStep {
                    to,
                    cost: s.cost,
                    stop: s.stop,
                    lines,
                });
                if s.stop && k + 1 < path.len() {
                    out.refused = Some((
                        k + 1,
                        format!(
                            "the move must end in {} ({})",
                            game.label(to),
                            out.steps
                                .last()
                                .map_or(String::new(), |s| s.lines.join("; "))
                        ),
                    ));
                    return out;
                }
            }
            Err(why) => {
                out.refused = Some((k, why));
                return out;
            }
        }
        at = to;
        zoc_from = zoc_to;
    }
    out
}

/// The direction index of a step between adjacent hexes (for callers pricing by hand).
pub fn dir_index(from: Coord, to: Coord) -> Option<usize> {
    from.direction_to(to).map(Dir::index)
}
