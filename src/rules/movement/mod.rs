//! Movement: what a unit or a stack may still do this turn, written once for every rule system.
//!
//! A rule system prices one step ([`Movement::price`](super::ruleset::Movement::price): entering a hex from an adjacent one, with
//! the terrain, the hexside crossed, the route along it, the enemy zones of control at both
//! ends, the weather and the night) and says what a unit may spend in a turn
//! ([`Movement::allowance`](super::ruleset::Movement::allowance)). Everything else is here and the same for every system:
//!
//! - [`reachable`]: every hex a unit or a stack can still reach this turn, with the cheapest
//!   path and its cost (Dijkstra over the map's hexes; a step that ends the move, such as
//!   entering an enemy zone of control where the rules say stop, is a leaf);
//! - [`price_path`]: the cost of a given path step by step, explained, for `validate` (which
//!   refuses a move that costs more than the unit has left, enters an enemy unit, breaks the ZOC
//!   rule or crosses a prohibited hexside), for the log and for the client's tooltip.
//!
//! Costs are [`Mp`]: movement (or operations) points in sixtieths, so halves and thirds are
//! exact. A stack moves along one path, and each of its units pays its own price for it from
//! its own budget (`validate`, through [`orders::plan_move`], checks exactly that, and
//! [`reachable`] finds exactly the hexes it accepts: a leader with his brigade, or a routed
//! unit with a fresh one, pay different prices for the same steps). The move stops where any
//! of them must stop.

pub mod orders;
pub mod table;

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::attack::ZocKind;
use super::game::Game;
use super::hex::{Coord, Dir};
use super::map::{Map, Weather};
use super::points::{Allowance, Mp};
use super::ruleset::{Movement, StepQuery, ZocAt};
use super::unit::{SideId, Unit, UnitIdx};

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

fn strongest<'a>(entries: impl Iterator<Item = &'a super::attack::ZocEntry>) -> u8 {
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

/// Whether `u` has rolled its march allowance this turn (or action).
pub fn marched(game: &Game, u: UnitIdx) -> bool {
    game.unit(u).march.is_some()
}

/// `u` marches with no points to spend (a march attack is a unit's march: GCACW).
pub fn march_spent(game: &mut Game, u: UnitIdx) {
    game.unit_mut(u).march = Some(Mp::ZERO);
}

/// `bonus` points more on `u`'s march roll (a forced march).
pub fn add_to_march(game: &mut Game, u: UnitIdx, bonus: Mp) {
    let unit = game.unit_mut(u);
    unit.march = unit.march.map(|m| m + bonus);
}

/// `u`'s move ends where it stands (it begins works: GCACW's entrenching).
pub fn end_move(game: &mut Game, u: UnitIdx) {
    game.unit_mut(u).stopped = true;
}

/// The units leader `l` commands (the scenario's `command`).
pub fn command_of(game: &Game, l: UnitIdx) -> &[UnitIdx] {
    &game.unit(l).command
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
        None => match game.rules.movement().allowance(game, u) {
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

/// Every hex a stack can reach this turn, by exactly the rule `validate` applies to a move
/// (`orders::plan_move`): one path for the whole stack, priced for **each unit on its own**
/// against **its own** budget, no step refused for any of them, no step before the last that
/// stops any of them, and a unit's minimum one-hex move where the rules give it.
///
/// The search keeps, per hex, every non-dominated vector of per-unit costs (a multi-criteria
/// Dijkstra, "Pareto labels"): a stack of a leader and his brigade, or a routed unit with a
/// fresh one, pay different prices for the same steps, so no single number per hex can tell
/// which paths every unit can afford. For one unit, or units that price alike, it is plain
/// Dijkstra with one label per hex.
#[derive(Clone, Debug)]
pub struct Reach {
    pub origin: Coord,
    /// The least any unit had to spend (for display; each unit's own is in [`Reach::lefts`]).
    pub budget: Mp,
    /// What each unit (in the order given) could spend.
    lefts: Vec<Mp>,
    /// Units in the stack.
    k: usize,
    /// The labels: a path's end hex, the label before it, whether the move must end there,
    /// whether a cheaper label has replaced it; per-unit costs in `costs[l * k..][..k]`.
    labels: Vec<Label>,
    costs: Vec<Mp>,
    /// Per map hex: the label shown (the cheapest path: least cost of the unit that pays most,
    /// then least in all; a path that need not stop before an equal one that must), or NONE.
    best: Vec<u32>,
    /// Reached hexes in the order they were settled (cheapest first), the origin first.
    order: Vec<u32>,
    width: usize,
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Label {
    hex: u32,
    parent: u32,
    /// The next label of the same hex (a list per hex).
    next: u32,
    stop: bool,
    dead: bool,
}

impl Reach {
    /// The reached hexes (the origin first, then by cost).
    pub fn hexes(&self) -> impl Iterator<Item = ReachedHex> + '_ {
        self.order.iter().map(|&i| self.at_index(i as usize))
    }

    fn at_index(&self, i: usize) -> ReachedHex {
        let l = self.best[i] as usize;
        ReachedHex {
            index: i,
            cost: self.label_cost(l),
            stop: self.labels[l].stop,
        }
    }

    fn label_costs(&self, l: usize) -> &[Mp] {
        &self.costs[l * self.k..(l + 1) * self.k]
    }

    /// What the unit that pays most pays.
    fn label_cost(&self, l: usize) -> Mp {
        self.label_costs(l)
            .iter()
            .copied()
            .max()
            .unwrap_or(Mp::ZERO)
    }

    /// The cost of reaching map hex `i`, if reached: what the unit that pays most pays along
    /// the path shown ([`Reach::unit_costs_ix`] has each unit's).
    pub fn cost_ix(&self, i: usize) -> Option<Mp> {
        match self.best.get(i) {
            Some(&l) if l != NONE => Some(self.label_cost(l as usize)),
            _ => None,
        }
    }

    /// What each unit (in the order given to the search) pays along the path shown to map
    /// hex `i`, if reached.
    pub fn unit_costs_ix(&self, i: usize) -> Option<&[Mp]> {
        match self.best.get(i) {
            Some(&l) if l != NONE => Some(self.label_costs(l as usize)),
            _ => None,
        }
    }

    /// What each unit pays along the path shown to `c`, if reached.
    pub fn unit_costs(&self, game: &Game, c: Coord) -> Option<&[Mp]> {
        game.map().index(c).and_then(|i| self.unit_costs_ix(i))
    }

    /// What each unit could spend, in the order given to the search.
    pub fn lefts(&self) -> &[Mp] {
        &self.lefts
    }

    /// The cost of reaching `c`, if reached (see [`Reach::cost_ix`]).
    pub fn cost(&self, game: &Game, c: Coord) -> Option<Mp> {
        game.map().index(c).and_then(|i| self.cost_ix(i))
    }

    /// Whether the move along the path shown must end at `c` (reached into an enemy ZOC that
    /// stops it, a minimum one-hex move, …).
    pub fn stops(&self, game: &Game, c: Coord) -> bool {
        game.map()
            .index(c)
            .and_then(|i| self.best.get(i))
            .is_some_and(|&l| l != NONE && self.labels[l as usize].stop)
    }

    /// The path shown to `c` (hexes after the origin), if reached.
    pub fn path(&self, game: &Game, c: Coord) -> Option<Vec<Coord>> {
        let map = game.map();
        let i = map.index(c)?;
        let mut l = *self.best.get(i).filter(|l| **l != NONE)?;
        let mut out = Vec::new();
        while self.labels[l as usize].parent != NONE {
            out.push(map.coord(self.labels[l as usize].hex as usize));
            l = self.labels[l as usize].parent;
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

    /// How many labels the search made (a measure of its work).
    pub fn labels_made(&self) -> usize {
        self.labels.len()
    }
}

/// A reached hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReachedHex {
    pub index: usize,
    /// What the unit that pays most pays along the path shown.
    pub cost: Mp,
    pub stop: bool,
}

/// Whether `u` may still move this turn under the rules: it has not ended its move (entered an
/// enemy ZOC that stops it) and, where a unit makes one move a turn, has not moved.
pub fn may_move(game: &Game, u: UnitIdx) -> Result<(), String> {
    crate::rules::gate::check_moves(game, u)?;
    let unit = game.unit(u);
    if unit.stopped {
        return Err(format!(
            "{} has ended its move this turn (it entered an enemy zone of control)",
            unit.name
        ));
    }
    if let Some(rule) = game.rules.movement().one_move_per_turn()
        && unit.spent > Mp::ZERO
    {
        return Err(format!(
            "{} has made its move this turn ({rule})",
            unit.name
        ));
    }
    Ok(())
}

/// Whether `side` moves in the phase under way: the phase allows moves and the side acts in it
/// (in an action phase, the side holding the initiative).
pub fn moves_now(game: &Game, side: SideId) -> bool {
    let seq = &game.sequence;
    let phase = seq.phase(game.phase);
    phase.allows.contains(&super::sequence::Allow::Move)
        && seq.acting(game.phase).unwrap_or(game.active_side) == side
}

/// The game as `side` will find it when it next moves: what its units can reach then, and what
/// they can attack from (the threat model, `musket moves` for a unit that may not move now).
///
/// A copy with `side` to move in a phase of moves and attacks (the generic one: the limits of
/// the phase under way, who holds the initiative or an action begun, do not hide what the side
/// may do in its next one), every unit's turn fresh (its allowance whole, a march roll not made
/// yet), and what the side's next phase of moves in the rule system's own sequence
/// ([`Sequence::next_of`](super::sequence::Sequence::next_of)) changes of its allowances: that
/// phase's game turn (night doubles Shiloh's costs) and the command control in force then
/// (Shiloh: recomputed where the phase begins a new game turn, half the points out of command).
pub fn as_it_next_moves(game: &Game, side: SideId) -> Game {
    let mut scratch = game.clone();
    let later = game
        .sequence
        .next_of(game.phase, game.turn, side)
        .map_or(0, |(_, later)| later);
    let mut seq = super::sequence::generic();
    seq.command_control = game.sequence.command_control.clone();
    scratch.set_sequence(std::sync::Arc::new(seq));
    let last = game.scenario.turns.unwrap_or(u32::MAX);
    if later > 0 && game.turn < last {
        scratch.set_turn((game.turn + later).min(last));
        let rules = scratch.rules.clone();
        rules.command_control(&mut scratch);
    }
    scratch.set_phase(super::sequence::PhaseState {
        index: 0,
        phasing: side,
        round: 0,
    });
    *scratch.cycle_mut() = Default::default();
    scratch.set_active_side(side);
    scratch.set_advance_option(None);
    for u in scratch.units_mut() {
        u.new_turn();
    }
    scratch
}

/// What `u` has left to spend, a march roll not made yet counting as its largest result.
pub fn left_or_largest_roll(game: &Game, u: UnitIdx) -> Mp {
    budget(game, u).left.unwrap_or_else(|| {
        let unit = game.unit(u);
        unit.movement
            .unwrap_or_else(|| game.rules.movement().allowance(game, u).max())
            .saturating_sub(unit.spent)
    })
}

/// Every hex the units (one stack, all in one hex) can reach this turn (see [`Reach`]).
///
/// `budget: None`: each unit's own budget (a march roll not made yet counts as its largest
/// result), and nothing if a unit may no longer move. `Some(points)`: a hypothetical budget for
/// every unit, whatever they have done this turn (Free movement, `musket moves --allowance`,
/// the cheapest path anywhere).
pub fn reachable(
    game: &Game,
    ctx: &MoveContext,
    units: &[UnitIdx],
    budget: Option<Mp>,
) -> Option<Reach> {
    match budget {
        Some(b) => search(game, ctx, units, &vec![b; units.len()], false),
        None => {
            let lefts: Vec<Mp> = units
                .iter()
                .map(|u| left_or_largest_roll(game, *u))
                .collect();
            search(game, ctx, units, &lefts, true)
        }
    }
}

/// Every hex the units can reach with each unit's budget given (`lefts`, one per unit), under
/// the rules (nothing if a unit may no longer move this turn).
pub fn reachable_within(
    game: &Game,
    ctx: &MoveContext,
    units: &[UnitIdx],
    lefts: &[Mp],
) -> Option<Reach> {
    (lefts.len() == units.len()).then_some(())?;
    search(game, ctx, units, lefts, true)
}

fn search(
    game: &Game,
    ctx: &MoveContext,
    units: &[UnitIdx],
    lefts: &[Mp],
    rules: bool,
) -> Option<Reach> {
    let first = *units.first()?;
    let origin = game.unit(first).hex?;
    if units.iter().any(|u| game.unit(*u).hex != Some(origin)) {
        return None;
    }
    let map = game.map();
    let oi = map.index(origin)?;
    let mut reach = Reach::start(map, origin, oi, units.len(), lefts);
    let blocked = rules && units.iter().any(|u| may_move(game, *u).is_err());
    let s = Search::new(game, ctx, units, lefts, oi);
    let mut f = Frontier::new(map.len(), oi, units.len());
    let mut settled = 0;
    while let Some(Reverse((_, l))) = f.heap.pop() {
        settled += 1;
        let lab = reach.labels[l as usize];
        if lab.dead {
            continue;
        }
        reach.settle(lab.hex as usize, l);
        if lab.stop || blocked {
            continue;
        }
        s.expand(&mut reach, &mut f, l);
    }
    crate::rules::work::add(settled);
    Some(reach)
}

/// What one search reads and never changes: the game, the movers and what each may spend.
struct Search<'a> {
    game: &'a Game,
    ctx: &'a MoveContext,
    map: &'a Map,
    mv: &'a dyn Movement,
    side: SideId,
    /// The origin's map index.
    oi: usize,
    lefts: &'a [Mp],
    movers: Vec<(UnitIdx, &'a Unit)>,
    /// Per unit: it may make a minimum one-hex move beyond its budget (it has not moved).
    one_hex: Vec<bool>,
    weather: Weather,
    night: bool,
}

/// The search's working state besides the labels: the first label of each hex (a list through
/// `Label::next`), the labels still to settle, and each unit's cost of the step being priced
/// and of the path with it.
struct Frontier {
    head: Vec<u32>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    step_costs: Vec<Mp>,
    new_costs: Vec<Mp>,
}

/// A step from map hex `i` to its neighbour `j` (direction `dir`), and the friendly units
/// standing in `j` (not the movers).
struct Edge<'a> {
    from: Coord,
    to: Coord,
    i: usize,
    j: usize,
    dir: usize,
    zoc_from: ZocAt,
    friends: &'a [UnitIdx],
}

impl Reach {
    /// The search's start: one label, the origin's, at no cost.
    fn start(map: &Map, origin: Coord, oi: usize, k: usize, lefts: &[Mp]) -> Reach {
        let n = map.len();
        let mut reach = Reach {
            origin,
            budget: lefts.iter().copied().min().unwrap_or(Mp::ZERO),
            lefts: lefts.to_vec(),
            k,
            labels: vec![Label {
                hex: oi as u32,
                parent: NONE,
                next: NONE,
                stop: false,
                dead: false,
            }],
            costs: vec![Mp::ZERO; k],
            best: vec![NONE; n],
            order: Vec::new(),
            width: map.label_width(),
        };
        reach.labels.reserve(n.min(1024));
        reach.costs.reserve(n.min(1024) * k);
        reach
    }

    /// Label `l`, taken off the frontier alive, is settled at map hex `i`: shown there if it
    /// is the first (the hex reached) or the one shown has been killed by a cheaper one.
    fn settle(&mut self, i: usize, l: u32) {
        match self.best[i] {
            NONE => {
                self.best[i] = l;
                self.order.push(i as u32);
            }
            b if self.labels[b as usize].dead => self.best[i] = l,
            _ => {}
        }
    }

    /// Whether a label at map hex `j` that need not stop and costs no unit more than label `l`
    /// already does beats every way on from `l` (steps cost nothing less than zero): the step
    /// need not be priced. For one unit, every hex settled before.
    fn beaten(&self, head: &[u32], j: usize, l: u32) -> bool {
        let here = self.label_costs(l as usize);
        let mut m = head[j];
        while m != NONE {
            let other = self.labels[m as usize];
            if !other.dead
                && !other.stop
                && self
                    .label_costs(m as usize)
                    .iter()
                    .zip(here)
                    .all(|(a, b)| a <= b)
            {
                return true;
            }
            m = other.next;
        }
        false
    }

    /// Whether a label already at map hex `j` that costs no unit more than `costs`, and need
    /// not stop if the new one need not, makes the new one useless; the labels the new one
    /// beats are killed (until one that beats it is met).
    fn dominated(&mut self, head: &[u32], j: usize, costs: &[Mp], stop: bool) -> bool {
        let mut m = head[j];
        while m != NONE {
            let other = self.labels[m as usize];
            if !other.dead {
                let oc = self.label_costs(m as usize);
                if (!other.stop || stop) && oc.iter().zip(costs).all(|(a, b)| a <= b) {
                    return true;
                }
                if (!stop || other.stop) && costs.iter().zip(oc).all(|(a, b)| a <= b) {
                    self.labels[m as usize].dead = true;
                }
            }
            m = other.next;
        }
        false
    }
}

impl Frontier {
    /// The origin's label (0) to settle first.
    fn new(n: usize, oi: usize, k: usize) -> Frontier {
        let mut head = vec![NONE; n];
        head[oi] = 0;
        let mut heap = BinaryHeap::with_capacity(64);
        heap.push(Reverse((0u64, 0u32)));
        Frontier {
            head,
            heap,
            step_costs: vec![Mp::ZERO; k],
            new_costs: vec![Mp::ZERO; k],
        }
    }

    /// A new label at map hex `j` after label `parent`, with the costs in `new_costs`.
    fn push(&mut self, reach: &mut Reach, j: usize, parent: u32, stop: bool) {
        let id = reach.labels.len() as u32;
        reach.labels.push(Label {
            hex: j as u32,
            parent,
            next: self.head[j],
            stop,
            dead: false,
        });
        self.head[j] = id;
        reach.costs.extend_from_slice(&self.new_costs);
        self.heap
            .push(Reverse((heap_key(&self.new_costs, stop), id)));
    }
}

/// Labels are taken off the frontier by (what the dearest unit pays, what all pay, must
/// stop), packed in one u64.
fn heap_key(costs: &[Mp], stop: bool) -> u64 {
    let max = costs.iter().map(|c| c.0).max().unwrap_or(0);
    let sum: u64 = costs.iter().map(|c| u64::from(c.0)).sum();
    (u64::from(max) << 32) | (sum.min(u64::from(u32::MAX >> 1)) << 1) | u64::from(stop)
}

impl<'a> Search<'a> {
    fn new(
        game: &'a Game,
        ctx: &'a MoveContext,
        units: &[UnitIdx],
        lefts: &'a [Mp],
        oi: usize,
    ) -> Search<'a> {
        let mv = game.rules.movement();
        let movers: Vec<(UnitIdx, &Unit)> = units.iter().map(|u| (*u, game.unit(*u))).collect();
        let one_hex = movers
            .iter()
            .map(|(_, u)| mv.minimum_one_hex().is_some() && u.spent == Mp::ZERO && !u.stopped)
            .collect();
        Search {
            game,
            ctx,
            map: game.map(),
            mv,
            side: game.unit(units[0]).side,
            oi,
            lefts,
            movers,
            one_hex,
            weather: game.weather(),
            night: game.scenario.is_night(game.turn),
        }
    }

    /// Every step on from label `l` to a neighbour the movers may enter, each unit paying its
    /// price within its budget: a new label where no label already there beats it.
    fn expand(&self, reach: &mut Reach, f: &mut Frontier, l: u32) {
        let i = reach.labels[l as usize].hex as usize;
        let from = self.map.coord(i);
        let zoc_from = self.ctx.zoc_for(self.side, i);
        for d in 0..6 {
            let Some(j) = self.map.neighbor_ix(i, d) else {
                continue;
            };
            if j == self.oi {
                continue;
            }
            let holder = self.ctx.holder(j);
            if holder.is_some_and(|h| h != self.side) || reach.beaten(&f.head, j, l) {
                continue;
            }
            let to = self.map.coord(j);
            let friends: &[UnitIdx] = if holder == Some(self.side) {
                self.game.units_at(to)
            } else {
                &[]
            };
            let e = Edge {
                from,
                to,
                i,
                j,
                dir: d,
                zoc_from,
                friends,
            };
            let Some(stop) = self.price_step(&e, &mut f.step_costs) else {
                continue;
            };
            let here = reach.label_costs(l as usize);
            let Some(stop) = self.within_budgets(here, i, stop, &f.step_costs, &mut f.new_costs)
            else {
                continue;
            };
            if reach.dominated(&f.head, j, &f.new_costs, stop) {
                continue;
            }
            f.push(reach, j, l, stop);
        }
    }

    /// Each unit's price of the step (in `step_costs`) and whether it stops any of them;
    /// `None` if the rules refuse it to any.
    fn price_step(&self, e: &Edge, step_costs: &mut [Mp]) -> Option<bool> {
        let mut stop = false;
        for (&(idx, unit), sc) in self.movers.iter().zip(step_costs.iter_mut()) {
            let q = StepQuery {
                game: self.game,
                unit,
                idx,
                from: e.from,
                to: e.to,
                from_ix: e.i,
                to_ix: e.j,
                dir: e.dir,
                zoc_from: e.zoc_from,
                zoc_to: self.ctx.zoc_for(self.side, e.j),
                friendly_at_to: !e.friends.is_empty(),
                friends_at_to: e.friends,
                weather: self.weather,
                night: self.night,
            };
            match self.mv.price(&q, None) {
                Ok(s) => {
                    *sc = s.cost;
                    stop |= s.stop;
                }
                Err(_) => return None,
            }
        }
        Some(stop)
    }

    /// Each unit's cost with the step (`here` before it, in `new_costs`), each within its own
    /// budget or on its minimum one-hex move from the origin (map hex `i` is where the step
    /// starts), which is the whole move: whether the move must stop there, `None` if a unit
    /// cannot make the step.
    fn within_budgets(
        &self,
        here: &[Mp],
        i: usize,
        mut stop: bool,
        step_costs: &[Mp],
        new_costs: &mut [Mp],
    ) -> Option<bool> {
        let mut ok = true;
        let each = here
            .iter()
            .zip(step_costs)
            .zip(self.lefts)
            .zip(&self.one_hex);
        for (c, (((&h, &s), &left), &one_hex)) in new_costs.iter_mut().zip(each) {
            *c = h + s;
            if *c > left {
                if i == self.oi && one_hex {
                    stop = true;
                } else {
                    ok = false;
                }
            }
        }
        ok.then_some(stop)
    }
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
            idx: u,
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
